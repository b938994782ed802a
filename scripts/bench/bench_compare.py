#!/usr/bin/env python3
"""Side-by-side speed of two builds on `tvilling bench` (chess) or on fixed-depth Hub searches
of draughts positions.

    python3 scripts/bench/bench_compare.py BASE NEW [--rounds 7] [--depth 13] [--game draughts]

With `--game draughts` each round searches the draughts bench's positions
(`src/draughts/bench_positions.rs`) to `--depth` (default 14 for draughts) through
`tvilling hub`, each with a fresh `new-game`, and adds up the last `info` line's nodes and
time.

Runs BASE and NEW alternately (the order flips every round, so drift in the machine's load
falls on both), checks that each build prints the same node count every time, and reports
each build's median nodes/second and the ratio NEW/BASE of the per-round ratios' median.
It reports the same for the CPU seconds each run took (BASE/NEW, so above 1 is faster too):
on cores shared with other work the wall clock also counts the time a run waits for a core,
and the CPU ratio is the steadier of the two.
A speed-only change must leave the node counts equal; the script says when they differ.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys


# The draughts bench's positions, in Hub's `pos` notation, read from the engine's source so
# that the list is written once; a build older than `bench --game draughts` is timed on them
# all the same, through the Hub.
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
POSITIONS_SOURCE = os.path.join(ROOT, "src", "draughts", "bench_positions.rs")


def draughts_positions():
    """The strings of DRAUGHTS_BENCH_POSITIONS in src/draughts/bench_positions.rs."""
    with open(POSITIONS_SOURCE) as source:
        text = source.read()
    table = re.search(r"pub const DRAUGHTS_BENCH_POSITIONS[^=]*= \[(.*?)\];", text, re.S)
    if not table:
        sys.exit(f"no DRAUGHTS_BENCH_POSITIONS table in {POSITIONS_SOURCE}")
    return re.findall(r'"([WB][wbWBe]+)"', table.group(1))


def draughts_bench(binary, depth):
    """Node count and nodes/second of fixed-depth Hub searches of the draughts bench's
    positions."""
    hub = subprocess.Popen(
        [binary, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def send(line):
        hub.stdin.write(line + "\n")
        hub.stdin.flush()

    def read_until(word):
        last_info = None
        while True:
            line = hub.stdout.readline()
            if not line:
                raise RuntimeError(f"{binary} hub exited")
            if line.startswith("info"):
                last_info = line
            if line.split()[:1] == [word]:
                return last_info

    send("hub")
    read_until("wait")
    send("init")
    read_until("ready")
    nodes, seconds = 0, 0.0
    for pos in draughts_positions():
        send("new-game")
        send(f"pos pos={pos}")
        send(f"level depth={depth}")
        send("go analyze")
        info = read_until("done")
        nodes += int(re.search(r" nodes=(\d+)", info).group(1))
        seconds += float(re.search(r" time=([0-9.]+)", info).group(1))
    send("quit")
    hub.wait(timeout=10)
    return nodes, int(nodes / seconds)


def children_cpu():
    """User and system CPU seconds of the finished child processes so far."""
    times = os.times()
    return times.children_user + times.children_system


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
    parser.add_argument("--depth", type=int)
    parser.add_argument("--game", choices=["chess", "draughts"], default="chess")
    args = parser.parse_args()
    measure = draughts_bench if args.game == "draughts" else bench
    depth = args.depth or (14 if args.game == "draughts" else 13)

    nodes = {args.base: set(), args.new: set()}
    speed = {args.base: [], args.new: []}
    cpu = {args.base: [], args.new: []}
    ratios, cpu_ratios = [], []
    for round_no in range(args.rounds):
        order = [args.base, args.new] if round_no % 2 == 0 else [args.new, args.base]
        got = {}
        for binary in order:
            before = children_cpu()
            n, nps = measure(binary, depth)
            cpu[binary].append(children_cpu() - before)
            nodes[binary].add(n)
            speed[binary].append(nps)
            got[binary] = nps
        ratios.append(got[args.new] / got[args.base])
        cpu_ratios.append(cpu[args.base][-1] / cpu[args.new][-1])
        print(
            f"round {round_no + 1}: base {got[args.base]} nps, new {got[args.new]} nps, "
            f"ratio {ratios[-1]:.3f}; cpu base {cpu[args.base][-1]:.2f} s, "
            f"new {cpu[args.new][-1]:.2f} s, ratio {cpu_ratios[-1]:.3f}",
            flush=True,
        )

    for label, binary in (("base", args.base), ("new", args.new)):
        print(
            f"{label}: {binary} nodes {sorted(nodes[binary])} "
            f"median {statistics.median(speed[binary]):.0f} nps, "
            f"{statistics.median(cpu[binary]):.2f} cpu s"
        )
    print(f"median ratio new/base: {statistics.median(ratios):.3f} over {args.rounds} rounds")
    print(f"median cpu ratio base/new: {statistics.median(cpu_ratios):.3f}")
    if len(nodes[args.base]) != 1 or len(nodes[args.new]) != 1:
        print("node counts vary between runs of one build: bench is not deterministic")
        return 1
    if nodes[args.base] != nodes[args.new]:
        print("node counts differ: the builds search different trees")
    return 0


if __name__ == "__main__":
    sys.exit(main())
