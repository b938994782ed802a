#!/usr/bin/env python3
"""Draughts perft speed: times `tvilling perft --game draughts <depth> <position>` on the
reference positions (engine-tests/data/draughts_perft.txt), single thread, three rounds each,
and prints the median nodes/second per position and overall (total nodes / total median time),
from wall-clock time and, since a shared machine skews wall time, from the child's CPU time.
Every count is checked against the reference, so a fast wrong generator cannot pass.

usage: python3 scripts/bench/perft_bench_draughts.py [--engine target/release/tvilling] [--rounds 3]
"""
import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "engine-tests" / "data" / "draughts_perft.txt"

# Depth per position: a few seconds each at the target speed (start depth 10 is the headline).
DEPTHS = {
    "start": 10,
    "random178": 8,
    "woldouby": 14,
    "kings_only": 9,
    "promo_race": 8,
    "t1_promo_row_pass": 12,
    "t2_man_loop_duplicate": 11,
    "t3_king_windmill": 9,
    "t4_turkish_strike": 11,
    "t5_king_majority_black": 9,
}


def load_positions():
    positions = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, hub, _fen, counts, _nodedup = line.split(" | ")
        positions.append((name, hub, [int(n) for n in counts.split()]))
    return positions


def child_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(exe, depth, hub):
    cpu_start = child_cpu_seconds()
    start = time.perf_counter()
    out = subprocess.run(
        [exe, "perft", "--game", "draughts", str(depth), hub],
        check=True, capture_output=True, text=True,
    ).stdout
    elapsed = time.perf_counter() - start
    cpu = child_cpu_seconds() - cpu_start
    last = out.strip().splitlines()[-1]
    if not last.startswith("Nodes searched: "):
        sys.exit(f"unexpected output: {last!r}")
    return int(last.split(": ")[1]), elapsed, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", "--exe", dest="exe", default=str(ROOT / "target" / "release" / "tvilling"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    total_nodes, total_time, total_cpu = 0, 0.0, 0.0
    print(f"{'position':<24} {'depth':>5} {'nodes':>14} {'median s':>9} {'Mnps':>8}"
          f" {'cpu s':>8} {'cpu Mnps':>9}")
    for name, hub, counts in load_positions():
        depth = DEPTHS.get(name)
        if depth is None or depth > len(counts):
            continue
        times, cpus = [], []
        for _ in range(args.rounds):
            nodes, elapsed, cpu = run_once(args.exe, depth, hub)
            if nodes != counts[depth - 1]:
                sys.exit(f"{name} depth {depth}: got {nodes}, expected {counts[depth - 1]}")
            times.append(elapsed)
            cpus.append(cpu)
        median = statistics.median(times)
        median_cpu = max(statistics.median(cpus), 1e-6)
        total_nodes += nodes
        total_time += median
        total_cpu += median_cpu
        print(f"{name:<24} {depth:>5} {nodes:>14} {median:>9.3f} {nodes / median / 1e6:>8.1f}"
              f" {median_cpu:>8.3f} {nodes / median_cpu / 1e6:>9.1f}")
    print(f"{'overall':<24} {'':>5} {total_nodes:>14} {total_time:>9.3f} "
          f"{total_nodes / total_time / 1e6:>8.1f} {total_cpu:>8.3f} "
          f"{total_nodes / total_cpu / 1e6:>9.1f}")


if __name__ == "__main__":
    main()
