#!/usr/bin/env python3
"""SPSA of the search's tunables on this machine, with shared/tools/match.py playing the games.

    scripts/tune/spsa.py --engine TUNING_BUILD --state tune.json [--params a,b,...]
                         [--pairs 2000] [--batch 4] [--tc 3+0.03] [--concurrency 1]

TUNING_BUILD is `cargo build --release --features tune` copied somewhere (docs/tuning.md);
its `spsa` command gives each tunable's value, range and end step (C_end) and learning rate
(R_end). `--params` picks tunables by name (default: all). Each batch draws a random sign
for every parameter, plays `--batch` game pairs (one opening, both colours) between the
values nudged up and the values nudged down, and moves every parameter by the score
difference along its sign: Fishtest's and OpenBench's schedule, with `--pairs` as the
tune's length (their "iterations"), A = 10 % of it, alpha 0.602, gamma 0.101.

The state file is written after every batch and read back when it exists, so a tune goes
on across sessions from where it stopped (the engine, time control and parameters are
those the file was started with; the command line's are then ignored). When the pairs are
played, or on `--report`, it prints the tuned values as the table lines of
`src/engine/tunables.rs` and as `EXTRA_OPTIONS` for `scripts/match/sprt.sh`, which tests
them against the defaults with the same tuning build on both sides.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT.parent / "shared" / "tools" / "match.py"
BOOK = ROOT.parent / "shared" / "books" / "8moves_v3.pgn"
ALPHA = 0.602
GAMMA = 0.101
A_SHARE = 0.1
# An integer parameter is always nudged by at least this much, so the two sides differ.
MIN_STEP = 0.5


def parse_spsa_lines(lines):
    """The parameters of OpenBench-format lines `name, int, value, min, max, C_end, R_end`
    (a header line or any other line is skipped)."""
    params = []
    for line in lines:
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            continue
        try:
            value, low, high, c_end, r_end = (float(f) for f in fields[2:])
        except ValueError:
            continue
        params.append({"name": fields[0], "start": value, "value": value, "min": low,
                       "max": high, "c_end": c_end, "r_end": r_end})
    return params


def engine_params(engine):
    """The tunables a tuning build announces through its `spsa` command."""
    out = subprocess.run([engine], input="spsa\nquit\n", capture_output=True, text=True,
                         timeout=30, check=False)
    params = parse_spsa_lines(out.stdout.splitlines())
    if not params:
        raise SystemExit(f"error: {engine} printed no SPSA lines for `spsa` (is it a tuning "
                         f"build? cargo build --release --features tune)\n{out.stdout}{out.stderr}")
    return params


def step_and_rate(param, pairs_total, pairs_done):
    """The perturbation c_k and the learning rate R_k of `param` for the batch that starts
    after `pairs_done` of `pairs_total` pairs: c_k falls to C_end and R_k to R_end at the end."""
    big_a = A_SHARE * pairs_total
    c = param["c_end"] * pairs_total ** GAMMA
    a = param["r_end"] * param["c_end"] ** 2 * (big_a + pairs_total) ** ALPHA
    k = pairs_done + 1
    c_k = max(c / k ** GAMMA, MIN_STEP)
    r_k = a / (big_a + k) ** ALPHA / c_k ** 2
    return c_k, r_k


def nudged(param, offset):
    """The integer the engine is given for `param` moved by `offset`, kept in its range."""
    return int(round(min(max(param["value"] + offset, param["min"]), param["max"])))


def update(params, flips, steps, score):
    """Moves each parameter along its sign by R_k * c_k * score, `score` being the up side's
    wins minus its losses; the value stays in range."""
    for param, flip, (c_k, r_k) in zip(params, flips, steps):
        moved = param["value"] + r_k * c_k * score * flip
        param["value"] = min(max(moved, param["min"]), param["max"])


def play_batch(state, plus, minus, pairs, seed):
    """Plays `pairs` game pairs between the option sets `plus` and `minus`; returns the
    up side's wins and losses."""
    def side(name, values):
        return ["--engine", f"name={name}", f"cmd={state['engine']}"] + [
            f"option.{k}={v}" for k, v in values.items()]

    with tempfile.TemporaryDirectory() as tmp:
        summary = Path(tmp) / "summary.json"
        cmd = [sys.executable, str(MATCH), *side("plus", plus), *side("minus", minus),
               "--each", f"tc={state['tc']}", "option.Hash=16", "option.Threads=1",
               "--openings", f"file={BOOK}", "order=random",
               "--seed", str(seed), "--games", str(2 * pairs),
               "--concurrency", str(state["concurrency"]), "--ratinginterval", "0",
               "--json", str(summary)]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if run.returncode != 0 or not summary.exists():
            raise SystemExit(f"error: match.py exited with {run.returncode}\n"
                             f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
        pairing = json.loads(summary.read_text())["pairings"][0]
    if pairing["engine"] == "plus":
        return pairing["w"], pairing["l"]
    return pairing["l"], pairing["w"]


def save(state, path):
    """Writes the state so that a crash mid-write leaves the previous one."""
    tmp = Path(f"{path}.tmp")
    tmp.write_text(json.dumps(state, indent=1))
    os.replace(tmp, path)


def report(state):
    """The tuned values as table lines and as options for sprt.sh."""
    lines = [f"after {state['pairs_done']} of {state['pairs']} pairs "
             f"({state['games']} games, up side {state['wins']} wins {state['losses']} losses):"]
    for p in state["params"]:
        lines.append(f"    {p['name']} = {round(p['value'])}  (start {p['start']:g}, "
                     f"{p['value'] - p['start']:+.2f})")
    changed = [p for p in state["params"] if round(p["value"]) != round(p["start"])]
    options = " ".join(f"option.{p['name']}={round(p['value'])}" for p in changed)
    lines.append(f'EXTRA_OPTIONS="{options}"')
    return "\n".join(lines)


def new_state(args):
    params = engine_params(args.engine)
    if args.params:
        wanted = args.params.split(",")
        unknown = sorted(set(wanted) - {p["name"] for p in params})
        if unknown:
            raise SystemExit(f"error: no tunable named {', '.join(unknown)}")
        params = [p for p in params if p["name"] in wanted]
    if args.r_end is not None:
        for p in params:
            p["r_end"] = args.r_end
    return {"engine": str(Path(args.engine).resolve()), "tc": args.tc,
            "concurrency": args.concurrency, "pairs": args.pairs, "batch": args.batch,
            "seed": args.seed, "pairs_done": 0, "games": 0, "wins": 0, "losses": 0,
            "params": params}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", help="a tuning build of tvilling (needed for a new state)")
    ap.add_argument("--state", required=True, help="the tune's state file (JSON)")
    ap.add_argument("--params", help="comma-separated tunables (default: all)")
    ap.add_argument("--pairs", type=int, default=2000, help="game pairs in the whole tune")
    ap.add_argument("--batch", type=int, default=4, help="game pairs per perturbation")
    ap.add_argument("--tc", default="3+0.03")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--r-end", type=float,
                    help="R_end for every parameter instead of the engine's (a tune of a "
                         "few thousand pairs moves little at OpenBench's 0.002)")
    ap.add_argument("--report", action="store_true", help="print the values and stop")
    args = ap.parse_args(argv)

    path = Path(args.state)
    if path.exists():
        state = json.loads(path.read_text())
    elif args.report:
        raise SystemExit(f"error: {path} does not exist")
    elif not args.engine:
        raise SystemExit("error: a new tune needs --engine")
    else:
        state = new_state(args)
        save(state, path)
    if args.report:
        print(report(state))
        return

    params = state["params"]
    while state["pairs_done"] < state["pairs"]:
        rng = random.Random(state["seed"] * 1_000_003 + state["pairs_done"])
        flips = [rng.choice((-1, 1)) for _ in params]
        steps = [step_and_rate(p, state["pairs"], state["pairs_done"]) for p in params]
        plus = {p["name"]: nudged(p, c_k * f) for p, f, (c_k, _) in zip(params, flips, steps)}
        minus = {p["name"]: nudged(p, -c_k * f) for p, f, (c_k, _) in zip(params, flips, steps)}
        pairs = min(state["batch"], state["pairs"] - state["pairs_done"])
        wins, losses = play_batch(state, plus, minus, pairs, rng.randrange(1 << 31))
        update(params, flips, steps, wins - losses)
        state["pairs_done"] += pairs
        state["games"] += 2 * pairs
        state["wins"] += wins
        state["losses"] += losses
        save(state, path)
        values = " ".join(f"{p['name']}={p['value']:.2f}" for p in params)
        print(f"pairs {state['pairs_done']}/{state['pairs']}: +{wins} -{losses}  {values}",
              flush=True)
    print(report(state))


if __name__ == "__main__":
    main()
