#!/usr/bin/env python3
"""match_book_summary.py DIR... - the summary of scripts/match/match_book.sh runs.

Reads each DIR/results.jsonl (the referee's games, in order, with their moves) and
DIR/hub.log (the booked side's Hub output) and prints, over all the DIRs:

  BOOK <n> book moves in <m> moves of ours (<share> %), <n / games> a game; by ply from
       the start: {ply: count}
  SCORE book W-D-L points/games (percent +- 95 % interval, Elo)

The booked side's `done` lines are its moves in the order it played them; the one after an
`info book=true` came from the book. Its k-th `done` is its k-th move in the games' move
lists, so the ply each book move was played at comes from the games, not from the order
in which lines reached the log. Plies count from the start: games start at a 2-move ballot.
"""
import json
import math
import sys
from collections import Counter
from pathlib import Path


def book_flags(log):
    """For each move the booked side sent, in order: whether it came from the book."""
    flags, from_book = [], False
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("info") and " book=true" in line:
            from_book = True
        elif line.startswith("done"):
            flags.append(from_book)
            from_book = False
    return flags


def book_plies(games, flags):
    """The plies (from the start) of the book moves, and how many moves the side made."""
    plies, ours = [], 0
    for game in games:
        white_first = game["fen"].startswith("W")
        booked_white = game["white"] == "book"
        for index in range(game["plies"]):
            if (index % 2 == 0) == (white_first == booked_white):
                if ours < len(flags) and flags[ours]:
                    plies.append(2 + index)
                ours += 1
    if ours != len(flags):
        print(f"warning: {len(flags)} moves in the logs, {ours} in the games", file=sys.stderr)
    return plies, ours


def main():
    games, plies, ours = [], [], 0
    for run in map(Path, sys.argv[1:]):
        run_games = [json.loads(line) for line in open(run / "results.jsonl")]
        run_plies, run_ours = book_plies(run_games, book_flags(run / "hub.log"))
        games += run_games
        plies += run_plies
        ours += run_ours

    by_ply = dict(sorted(Counter(plies).items()))
    print(f"BOOK {len(plies)} book moves in {ours} moves of ours "
          f"({100 * len(plies) / max(ours, 1):.1f} %), "
          f"{len(plies) / max(len(games), 1):.2f} a game; by ply from the start: {by_ply}")

    finished = [g for g in games if g["result"] != "*"]
    points = [1.0 if g["result"] == "book" else 0.5 if g["result"] == "1/2" else 0.0
              for g in finished]
    n = len(points)
    if n == 0:
        print("SCORE book 0-0-0 0/0")
        return
    wins, draws = points.count(1.0), points.count(0.5)
    mean = sum(points) / n
    spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(n - 1, 1) / n)
    elo = "" if mean in (0.0, 1.0) else f", Elo {0.0 - 400 * math.log10(1 / mean - 1):+.0f}"
    unfinished = f", {len(games) - n} unfinished" if len(games) > n else ""
    print(f"SCORE book {wins}-{draws}-{n - wins - draws} {sum(points)}/{n} "
          f"({100 * mean:.1f} % +- {196 * spread:.1f}{elo}{unfinished})")


if __name__ == "__main__":
    main()
