#!/usr/bin/env python3
"""perft_bench.py - our chess perft against Stockfish's `go perft`, side by side.

Runs the same positions through `tvilling perft D FEN` and through one Stockfish process
(Threads 1, `go perft D`), alternating engine by engine, for several rounds, and prints each
side's nodes/second per position and overall, plus the ratio of medians (ours / Stockfish).

Both wall-clock and CPU-time rates are shown: on a shared machine the CPU-time figure is
the steadier one. Stockfish's time is taken from `go perft` to `Nodes searched`, ours for
the whole process (start-up included, which only counts against us).

Usage: scripts/bench/perft_bench.py --engine target/release/tvilling [--stockfish PATH] [--rounds 3]
       [--shallower N]
Stdlib only.
"""

import argparse
import os
import statistics
import subprocess
import time

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, False),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6, False),
    ("chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 6, True),
]


def cpu_seconds(pid):
    """User + system CPU seconds of a live process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stockfish:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth, chess960):
        self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        cpu0, t0 = cpu_seconds(self.proc.pid), time.perf_counter()
        self.send(f"go perft {depth}")
        nodes = int(self.wait("Nodes searched").split(":")[1])
        return nodes, time.perf_counter() - t0, cpu_seconds(self.proc.pid) - cpu0

    def close(self):
        self.send("quit")
        self.proc.wait()


def ours(engine, fen, depth):
    t0 = time.perf_counter()
    proc = subprocess.Popen([engine, "perft", str(depth), fen], stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise RuntimeError(f"{engine} failed on {fen}")
    nodes = int(out.strip().splitlines()[-1].split(":")[1])
    return nodes, wall, usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--shallower", type=int, default=0,
                    help="take this many plies off every depth (quick checks of the script)")
    args = ap.parse_args()

    sf = Stockfish(args.stockfish)
    rates = {side: {kind: [] for kind in ("wall", "cpu")} for side in ("ours", "stockfish")}
    for rnd in range(args.rounds):
        for name, fen, full_depth, chess960 in POSITIONS:
            depth = max(1, full_depth - args.shallower)
            runs = [("ours", lambda: ours(args.engine, fen, depth)),
                    ("stockfish", lambda: sf.perft(fen, depth, chess960))]
            if rnd % 2:
                runs.reverse()
            counts = {}
            for side, run in runs:
                nodes, wall, cpu = run()
                counts[side] = nodes
                rates[side]["wall"].append((name, nodes / wall))
                rates[side]["cpu"].append((name, nodes / max(cpu, 0.01)))
                print(f"round {rnd + 1} {name:9} depth {depth} {side:9} {nodes:>12} nodes "
                      f"{wall:7.2f} s wall {nodes / wall / 1e6:8.1f} Mnps "
                      f"{nodes / max(cpu, 0.01) / 1e6:8.1f} Mnps cpu", flush=True)
            if counts["ours"] != counts["stockfish"]:
                raise SystemExit(f"node counts differ on {name}: {counts}")
    sf.close()

    print()
    for kind in ("wall", "cpu"):
        medians = {}
        for side in ("ours", "stockfish"):
            medians[side] = statistics.median(r for _, r in rates[side][kind])
            per_pos = ", ".join(
                f"{name} {statistics.median(r for n, r in rates[side][kind] if n == name) / 1e6:.1f}"
                for name, _, _, _ in POSITIONS)
            print(f"{kind:4} {side:9} median {medians[side] / 1e6:8.1f} Mnps  ({per_pos})")
        print(f"{kind:4} ratio of medians (ours / stockfish): {medians['ours'] / medians['stockfish']:.2f}")


if __name__ == "__main__":
    main()
