#!/usr/bin/env python3
"""sprt_pool.py - one SPRT carried over several runs of scripts/match/sprt.sh.

match.py cannot resume a test, and on this 2-core machine an SPRT often outlasts a
session. A test stopped by the clock (never by its score) goes on as a fresh run of the
same two builds with the same settings; this script adds the runs' games together, pair
by pair (games 2k-1 and 2k of a run share an opening with colours swapped, as match.py
schedules them), and prints each run and the pooled result with match.py's own
pentanomial Elo and GSPRT log-likelihood ratio. The test is over when the pooled LLR
leaves [log(beta/(1-alpha)), log((1-beta)/alpha)] (+-2.94 at alpha = beta = 0.05).

  target/venv/bin/python scripts/stats/sprt_pool.py ELO0 ELO1 RUN1.log RUN2.log ...

(any Python with python-chess, which match.py imports). Each log is sprt.sh's output:
match.py's "Finished game N (white vs black): result" lines, the new build named `new`.
A pair cut off by a stop counts in neither total. A run whose log is gone is given by the
figures a note kept of it, as `W,D,L/P0,P1,P2,P3,P4` (its wins, draws and losses, then its
pentanomial pair counts) in place of a log.
"""

import math
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "shared" / "tools"))
import match  # noqa: E402  (shared/tools/match.py: its Stats is the test's arithmetic)

FINISHED = re.compile(r"^Finished game (\d+) \((\w+) vs (\w+)\): (1-0|0-1|1/2-1/2)")
COUNTS = re.compile(r"^\d+,\d+,\d+/\d+,\d+,\d+,\d+,\d+$")
WHITE_POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def new_points_by_game(path: str) -> dict:
    """Game number -> the new build's points, from one run's log."""
    points = {}
    with open(path, encoding="utf-8", errors="replace") as log:
        for line in log:
            m = FINISHED.match(line)
            if m:
                white_points = WHITE_POINTS[m.group(4)]
                points[int(m.group(1))] = white_points if m.group(2) == "new" else 1.0 - white_points
    return points


def add_complete_pairs(stats: "match.Stats", points: dict) -> None:
    """Adds the games of every pair whose both games finished."""
    for first in range(1, max(points, default=0) + 1, 2):
        if first in points and first + 1 in points:
            stats.add(points[first], first)
            stats.add(points[first + 1], first)


def add_counts(stats: "match.Stats", counts: str) -> None:
    """Adds a run given as `W,D,L/P0,P1,P2,P3,P4` rather than by its log."""
    games, pairs = counts.split("/")
    w, d, l = (int(x) for x in games.split(","))
    stats.w, stats.d, stats.l = stats.w + w, stats.d + d, stats.l + l
    stats.penta = [a + int(b) for a, b in zip(stats.penta, pairs.split(","))]


def summary(name: str, stats: "match.Stats", elo0: float, elo1: float) -> str:
    elo, err = stats.elo()
    return (f"{name}: games={stats.n} w={stats.w} d={stats.d} l={stats.l} "
            f"elo={elo:.1f} err={err:.1f} penta={','.join(map(str, stats.penta))} "
            f"llr={stats.llr(elo0, elo1):.2f}")


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    elo0, elo1 = float(sys.argv[1]), float(sys.argv[2])
    pooled = match.Stats()
    for path in sys.argv[3:]:
        run = match.Stats()
        if COUNTS.match(path):
            add_counts(run, path)
            add_counts(pooled, path)
        else:
            points = new_points_by_game(path)
            add_complete_pairs(run, points)
            add_complete_pairs(pooled, points)
        print(summary(path, run, elo0, elo1))
    bound = math.log(0.95 / 0.05)
    llr = pooled.llr(elo0, elo1)
    verdict = "H1" if llr >= bound else "H0" if llr <= -bound else "none"
    print(summary("pooled", pooled, elo0, elo1) + f" sprt={verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
