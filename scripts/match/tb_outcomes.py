#!/usr/bin/env python3
"""Did an engine keep what the Syzygy tables gave it? A check of a match's PGN.

    scripts/match/tb_outcomes.py GAMES.pgn --engine NAME [--syzygy DIR]

For every game NAME played, values each position the tables cover (at most as many men as
the largest table in DIR, no castling rights) for NAME, by python-chess's own prober: won
(a win within the fifty-move rule, counting the halfmove clock), drawn (a draw, or a cursed
win or blessed loss that the fifty-move rule makes a draw), or lost. The best value NAME
ever had is what it should have kept: an opponent's move can only raise it, NAME's own can
only lower it. Prints a table of those values against the games' results and lists every
game where NAME did worse: a won position not won (a spoiled win) or a drawn one lost. Exit status 1 when there is one. Adjudicated results count as they stand, so play
such matches without draw adjudication.
"""

import argparse
import os
import sys

import chess
import chess.pgn
import chess.syzygy

DEFAULT_TABLES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "syzygy")
ORDER = ("won", "drawn", "lost")


def table_value(tables: chess.syzygy.Tablebase, board: chess.Board) -> str:
    """The value for the side to move, with the fifty-move rule and the clock applied."""
    wdl = tables.probe_wdl(board)
    if wdl in (-1, 0, 1):
        return "drawn"
    dtz = tables.probe_dtz(board)
    # A win (or loss) decided within the fifty-move rule: the next zeroing move comes
    # within the plies the clock has left.
    if abs(dtz) + board.halfmove_clock <= 100:
        return "won" if wdl > 0 else "lost"
    return "drawn"


def outcome_for(result: str, white: bool) -> str | None:
    if result == "1/2-1/2":
        return "drawn"
    if result in ("1-0", "0-1"):
        return "won" if (result == "1-0") == white else "lost"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--engine", required=True, help="the engine's name in the PGN")
    parser.add_argument("--syzygy", default=DEFAULT_TABLES)
    args = parser.parse_args()
    tables = chess.syzygy.open_tablebase(args.syzygy)
    largest = max(
        (len(name.split("v")[0]) + len(name.split("v")[1]))
        for name in (os.path.splitext(f)[0] for f in os.listdir(args.syzygy))
        if "v" in name
    )
    counts = {(t, r): 0 for t in ORDER for r in ORDER}
    games = reached = 0
    worse = []
    with open(args.pgn, encoding="utf-8", errors="replace") as f:
        number = 0
        while (game := chess.pgn.read_game(f)) is not None:
            number += 1
            white = game.headers.get("White") == args.engine
            if not white and game.headers.get("Black") != args.engine:
                continue
            result = outcome_for(game.headers.get("Result", "*"), white)
            if result is None:
                continue
            games += 1
            board = game.board()
            found = None
            for ply, move in enumerate([None, *game.mainline_moves()]):
                if move is not None:
                    board.push(move)
                if chess.popcount(board.occupied) > largest or board.castling_rights:
                    continue
                if board.is_game_over():
                    break
                value = table_value(tables, board)
                if (board.turn == chess.WHITE) != white:
                    value = {"won": "lost", "lost": "won", "drawn": "drawn"}[value]
                if found is None or ORDER.index(value) < ORDER.index(found[0]):
                    found = (value, ply, board.fen())
            if found is None:
                continue
            reached += 1
            value, ply, fen = found
            counts[(value, result)] += 1
            if ORDER.index(result) > ORDER.index(value):
                worse.append(f"game {number}: {value} at ply {ply} ({fen}), {result}")
    print(f"{args.engine}: {games} games, {reached} reached the tables (<= {largest} men)")
    print("| best table value reached | won | drawn | lost |")
    print("| --- | ---: | ---: | ---: |")
    for value in ORDER:
        row = " | ".join(str(counts[(value, r)]) for r in ORDER)
        print(f"| {value} for {args.engine} | {row} |")
    for line in worse:
        print("worse than the tables:", line)
    print(f"games worse than the tables: {len(worse)}")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
