#!/usr/bin/env python3
"""uci_timing.py - two UCI measurements that belong in a benchmark, not in unit tests.

  smp   time to a fixed depth with Threads=2 against Threads=1 over the 45 `bench`
        positions (read from src/chess/bench_positions.rs); prints each speed-up, their
        median and geometric mean, and the ratio of the summed times.
  stop  median and 95th percentile time from `stop` to `bestmove` over N tries of
        `go infinite` from varied positions.
  nps   search speed with Threads=2 against Threads=1 (`go movetime`, 8 positions): how
        much work a second thread adds at all, the ceiling of any Lazy SMP gain. Well
        below 2 means the threads slow each other (memory, shared counters) or the two
        CPUs are not two whole cores.

  python3 scripts/bench/uci_timing.py smp --depth 12
  python3 scripts/bench/uci_timing.py stop --tries 50
  python3 scripts/bench/uci_timing.py nps --movetime 3000
"""
import argparse
import math
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "2r3k1/5pp1/p3p2p/1p1nP3/3P4/P4N1P/1P3PP1/2R3K1 w - - 0 27",
]


def bench_fens():
    """The FENs of `tvilling bench`, in its order."""
    source = (ROOT / "src" / "chess" / "bench_positions.rs").read_text()
    table = source[source.index("BENCH_FENS"):]
    return re.findall(r'^\s*"([^"]+)",', table, re.MULTILINE)


class Engine:
    def __init__(self, path, threads):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Threads value {threads}")
        self.send("setoption name Hash value 64")
        # Some bench positions are Chess960 setups; standard ones read the same either way.
        self.send("setoption name UCI_Chess960 value true")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix, seen=None):
        """Reads up to the first line starting with `prefix`; `seen` collects the others."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line
            if seen is not None:
                seen.append(line)

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def smp(args):
    ratios = []
    totals = {1: 0.0, 2: 0.0}
    fens = bench_fens()
    assert len(fens) >= 40, f"read only {len(fens)} bench positions"
    for fen in fens:
        times = {}
        for threads in (1, 2):
            eng = Engine(args.engine, threads)
            eng.send("ucinewgame")
            eng.send(f"position fen {fen}")
            eng.send("isready")
            eng.wait("readyok")
            start = time.perf_counter()
            eng.send(f"go depth {args.depth}")
            eng.wait("bestmove")
            times[threads] = time.perf_counter() - start
            totals[threads] += times[threads]
            eng.close()
        ratios.append(times[1] / times[2])
        print(f"{fen[:40]:40}  1T {times[1]:7.3f}s  2T {times[2]:7.3f}s  speedup {ratios[-1]:.2f}", flush=True)
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"SMP positions={len(ratios)} depth={args.depth} median_speedup={statistics.median(ratios):.2f} "
          f"geomean_speedup={geomean:.2f} total_time_ratio={totals[1] / totals[2]:.2f}")


def nps(args):
    ratios = []
    for fen in FENS:
        speed = {}
        for threads in (1, 2):
            eng = Engine(args.engine, threads)
            eng.send(f"position fen {fen}")
            eng.send("isready")
            eng.wait("readyok")
            lines = []
            eng.send(f"go movetime {args.movetime}")
            eng.wait("bestmove", lines)
            eng.close()
            found = [int(m.group(1)) for m in (re.search(r" nps (\d+)", l) for l in lines) if m]
            if not found:
                raise RuntimeError(f"no nps reported for {fen}")
            speed[threads] = found[-1]
        ratios.append(speed[2] / speed[1])
        print(f"{fen[:40]:40}  1T {speed[1]:>9} nps  2T {speed[2]:>9} nps  ratio {ratios[-1]:.2f}", flush=True)
    print(f"NPS positions={len(ratios)} movetime={args.movetime} median_ratio={statistics.median(ratios):.2f} "
          f"min={min(ratios):.2f} max={max(ratios):.2f}")


def stop(args):
    eng = Engine(args.engine, 1)
    lat = []
    for i in range(args.tries):
        eng.send(f"position fen {FENS[i % len(FENS)]}")
        eng.send("go infinite")
        time.sleep(0.05 + (i % 5) * 0.04)
        start = time.perf_counter()
        eng.send("stop")
        eng.wait("bestmove")
        lat.append((time.perf_counter() - start) * 1000)
    eng.close()
    lat.sort()
    print(f"STOP tries={len(lat)} median_ms={statistics.median(lat):.2f} "
          f"p95_ms={lat[int(0.95 * (len(lat) - 1))]:.2f} max_ms={lat[-1]:.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["smp", "stop", "nps"])
    ap.add_argument("--engine", default=str(ROOT / "target" / "release" / "tvilling"))
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--tries", type=int, default=50)
    ap.add_argument("--movetime", type=int, default=3000, help="milliseconds a search (nps)")
    args = ap.parse_args()
    {"smp": smp, "stop": stop, "nps": nps}[args.what](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
