#!/usr/bin/env python3
"""option_churn.py - games in which Hash and Threads keep changing, between searches and
during them, watched for hangs, crashes, illegal moves and memory growth.

One engine process plays both sides over raw UCI. Before a search it may get a new Hash
(1..256 MB) or Threads (1..4); during a search (after 0-20 ms) it may get one too, which
must end the search with a legal bestmove, as `stop` would. Every bestmove is checked with
python-chess; a search that gives no bestmove within --hang seconds is a hang. The RSS of
the process (Linux /proc) is read after a first game and a last one, both played with
Hash 16 and Threads 1 and no changes, so the two figures are comparable.

  target/venv/bin/python scripts/reliability/option_churn.py --games 200 [--engine PATH] [--seed N]

Prints one line per 20 games and a summary; exits 1 on a hang, crash or illegal move, or
when the last game's RSS exceeds the first's by more than --slack MB.
"""
import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parents[2]
# The client tests' line-protocol driver: a reader thread and waits with a timeout.
sys.path.insert(0, str(ROOT / "engine-tests" / "clients"))
from conftest import LineProcess  # noqa: E402
HASH_SIZES = [1, 4, 16, 64, 256]
THREAD_COUNTS = [1, 2, 3, 4]


def rss_kib(engine):
    """Resident memory of the engine process (Linux /proc)."""
    for line in Path(f"/proc/{engine.proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def play_game(engine, rng, args, stats, churn):
    """One game, with option changes if `churn`; None or what went wrong."""
    board = chess.Board()
    engine.send("ucinewgame")
    while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
        if churn and rng.random() < 0.1:
            engine.send(f"setoption name Hash value {rng.choice(HASH_SIZES)}")
            stats["between"] += 1
        if churn and rng.random() < 0.1:
            engine.send(f"setoption name Threads value {rng.choice(THREAD_COUNTS)}")
            stats["between"] += 1
        moves = " ".join(m.uci() for m in board.move_stack)
        engine.send("position startpos" + (f" moves {moves}" if moves else ""))
        engine.send(f"go movetime {args.movetime}")
        if churn and rng.random() < 0.1:
            time.sleep(rng.random() * 0.02)
            option = rng.choice([f"Hash value {rng.choice(HASH_SIZES)}",
                                 f"Threads value {rng.choice(THREAD_COUNTS)}"])
            engine.send(f"setoption name {option}")
            stats["during"] += 1
        try:
            line = engine.expect_prefix("bestmove", args.hang)
        except AssertionError as e:
            return f"{e} at {board.fen()}"
        word = line.split()[1] if len(line.split()) > 1 else ""
        try:
            move = chess.Move.from_uci(word)
        except ValueError:
            move = None
        if move is None or move not in board.legal_moves:
            return f"illegal bestmove '{word}' at {board.fen()}"
        board.push(move)
        stats["moves"] += 1
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=str(ROOT / "target" / "release" / "tvilling"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--movetime", type=int, default=20, help="ms per move (default 20)")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--hang", type=float, default=10.0, help="seconds before a search is a hang")
    ap.add_argument("--slack", type=int, default=32, help="MB of RSS growth forgiven")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    engine = LineProcess([args.engine])
    engine.send("uci")
    engine.expect_prefix("uciok", 10)
    stats = {"moves": 0, "between": 0, "during": 0}
    plain = ["setoption name Hash value 16", "setoption name Threads value 1"]
    first = last = peak = 0
    failure = None
    start = time.monotonic()
    # Game 0 and game N + 1 are the plain ones the memory is compared on.
    for game in range(0, args.games + 2):
        churn = 1 <= game <= args.games
        if not churn:
            for line in plain:
                engine.send(line)
        failure = play_game(engine, rng, args, stats, churn)
        if not failure:
            engine.send("isready")
            try:
                engine.expect_prefix("readyok", args.hang)
            except AssertionError as e:
                failure = str(e)
        if failure:
            failure = f"game {game}: {failure}"
            break
        rss = rss_kib(engine)
        peak = max(peak, rss)
        if game == 0:
            first = rss
        elif not churn:
            last = rss
        if churn and game % 20 == 0:
            print(f"game {game}: RSS {rss // 1024} MB (first {first // 1024}, peak {peak // 1024}), "
                  f"{stats['moves']} moves, {stats['between']} changes between searches, "
                  f"{stats['during']} during, {time.monotonic() - start:.0f} s", flush=True)
    if engine.proc.poll() is None:
        engine.send("quit")
        try:
            engine.proc.wait(5)
        except subprocess.TimeoutExpired:
            engine.proc.kill()
            failure = failure or "did not exit after quit"
    print(f"SUMMARY games={args.games} moves={stats['moves']} changes_between={stats['between']} "
          f"changes_during={stats['during']} rss_first_mb={first // 1024} rss_last_mb={last // 1024} "
          f"rss_peak_mb={peak // 1024} failure={failure or 'none'}")
    if failure or last > first + args.slack * 1024:
        sys.exit(1)


if __name__ == "__main__":
    main()
