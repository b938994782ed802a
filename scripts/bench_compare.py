#!/usr/bin/env python3
"""Side-by-side speed of two builds on `tvilling bench`.

    python3 scripts/bench_compare.py BASE NEW [--rounds 7] [--depth 13]

Runs BASE and NEW alternately (the order flips every round, so drift in the machine's load
falls on both), checks that each build prints the same node count every time, and reports
each build's median nodes/second and the ratio NEW/BASE of the per-round ratios' median.
A speed-only change must leave the node counts equal; the script says when they differ.
"""

import argparse
import re
import statistics
import subprocess
import sys


def bench(binary, depth):
    """Node count and nodes/second of one `bench` run."""
    out = subprocess.run(
        [binary, "bench", str(depth)], capture_output=True, text=True, check=True
    ).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    nps = int(re.search(r"Nodes/second: (\d+)", out).group(1))
    return nodes, nps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--depth", type=int, default=13)
    args = parser.parse_args()

    nodes = {args.base: set(), args.new: set()}
    speed = {args.base: [], args.new: []}
    ratios = []
    for round_no in range(args.rounds):
        order = [args.base, args.new] if round_no % 2 == 0 else [args.new, args.base]
        got = {}
        for binary in order:
            n, nps = bench(binary, args.depth)
            nodes[binary].add(n)
            speed[binary].append(nps)
            got[binary] = nps
        ratios.append(got[args.new] / got[args.base])
        print(
            f"round {round_no + 1}: base {got[args.base]} nps, new {got[args.new]} nps, "
            f"ratio {ratios[-1]:.3f}",
            flush=True,
        )

    for label, binary in (("base", args.base), ("new", args.new)):
        print(
            f"{label}: {binary} nodes {sorted(nodes[binary])} "
            f"median {statistics.median(speed[binary]):.0f} nps"
        )
    print(f"median ratio new/base: {statistics.median(ratios):.3f} over {args.rounds} rounds")
    if len(nodes[args.base]) != 1 or len(nodes[args.new]) != 1:
        print("node counts vary between runs of one build: bench is not deterministic")
        return 1
    if nodes[args.base] != nodes[args.new]:
        print("node counts differ: the builds search different trees")
    return 0


if __name__ == "__main__":
    sys.exit(main())
