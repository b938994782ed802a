#!/usr/bin/env python3
"""match_draughts.py - tvilling (Hub) against py-draughts' alpha-beta engine.

py-draughts 1.10.1 names its alpha-beta searcher `SimpleEngine` (negamax, iterative deepening,
TT, quiescence, PVS/LMR). Each opening of shared/draughts/ballots-2move.fen is played twice
with colours swapped; py-draughts' board referees every move and the draw rules.

Run with the py-draughts venv the Makefile builds:
  target/venv-py-draughts/bin/python scripts/match/match_draughts.py --games 100 \
      --our-time 0.5 --their-depth 6

Prints one line per game and a final `SCORE ...` line (our points from our point of view),
plus our speed and depth reached in 1 s from the start position (`--probe`).
"""
import argparse
import os
import sys
import time
from pathlib import Path

from draughts import StandardBoard
from draughts.engines import hub as hub_module
from draughts.engines.hub import HubEngine
from draughts.engines.simple import SimpleEngine

ROOT = Path(__file__).resolve().parents[2]


def _read_line(self, timeout=1.0):
    # py-draughts 1.10.1 client bug (select() on a buffered pipe stalls): read plainly.
    line = self.process.stdout.readline()
    return line.strip() if line else None


hub_module.HubEngine._read_line = _read_line


def load_openings(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def play_game(ours, theirs, fen, we_are_white, max_plies):
    """Plays one game; returns (our points as text, reason, plies, seconds per side)."""
    board = StandardBoard.from_fen(fen)
    spent = {"ours": [0.0, 0], "theirs": [0.0, 0]}
    # py-draughts 1.10.1 boards keep no public move stack: count plies here.
    plies = 0
    while not board.game_over and plies < max_plies:
        white_to_move = board.turn.name == "WHITE"
        side = "ours" if white_to_move == we_are_white else "theirs"
        start = time.perf_counter()
        move = (ours if side == "ours" else theirs).get_best_move(board)
        spent[side][0] += time.perf_counter() - start
        spent[side][1] += 1
        if move not in list(board.legal_moves):
            return ("0" if side == "ours" else "1"), f"illegal move by {side}", plies, spent
        board.push(move)
        plies += 1
    result = board.result  # a property in py-draughts 1.10.1
    if result == "-":
        return "1/2", f"{max_plies} plies", plies, spent
    if result == "1/2-1/2":
        return "1/2", "rule draw", plies, spent
    white_won = result == "1-0"
    return ("1" if white_won == we_are_white else "0"), "no moves", plies, spent


def probe(engine_path):
    """Depth and speed of one 1-second search from the start position."""
    import subprocess
    p = subprocess.Popen([engine_path, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)
    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()
    send("hub")
    while not p.stdout.readline().startswith("wait"):
        pass
    send("init")
    while not p.stdout.readline().startswith("ready"):
        pass
    send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
    send("level move-time=1")
    send("go think")
    last = ""
    while True:
        line = p.stdout.readline().strip()
        if line.startswith("info"):
            last = line
        if line.startswith("done"):
            break
    send("quit")
    p.wait()
    return last


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=str(ROOT / "target" / "release" / "tvilling"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--our-time", type=float, default=0.5, help="seconds per move for tvilling")
    ap.add_argument("--their-depth", type=int, default=6, help="SimpleEngine depth limit")
    ap.add_argument("--openings", default=str(ROOT.parent / "shared" / "draughts" / "ballots-2move.fen"))
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--probe", action="store_true", help="also report depth/speed in 1 s")
    args = ap.parse_args()

    if args.probe:
        print("PROBE", probe(args.engine), flush=True)
    if args.games <= 0:
        return
    openings = load_openings(args.openings)
    theirs = SimpleEngine(depth_limit=args.their_depth)
    points = 0.0
    tally = {"1": 0, "1/2": 0, "0": 0}
    totals = {"ours": [0.0, 0], "theirs": [0.0, 0]}
    with HubEngine(args.engine, time_limit=args.our_time) as ours:
        for game in range(args.games):
            fen = openings[(game // 2) % len(openings)]
            we_are_white = game % 2 == 0
            result, reason, plies, spent = play_game(ours, theirs, fen, we_are_white, args.max_plies)
            for side in totals:
                totals[side][0] += spent[side][0]
                totals[side][1] += spent[side][1]
            tally[result] += 1
            points += {"1": 1.0, "1/2": 0.5, "0": 0.0}[result]
            print(f"game {game + 1}: {'white' if we_are_white else 'black'} {result} ({reason}, "
                  f"{plies} plies) running {points}/{game + 1}", flush=True)
    n = args.games
    per_move = {side: totals[side][0] / max(1, totals[side][1]) for side in totals}
    print(f"SCORE engine=tvilling opponent=py-draughts-SimpleEngine-d{args.their_depth} games={n} "
          f"w={tally['1']} d={tally['1/2']} l={tally['0']} score={points / n:.3f} "
          f"our_s_per_move={per_move['ours']:.3f} their_s_per_move={per_move['theirs']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
