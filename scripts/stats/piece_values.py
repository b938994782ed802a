#!/usr/bin/env python3
"""piece_values.py - what taking each piece is worth to the embedded chess network.

Delta pruning (`qsearch_delta_margin`) bounds a capture's gain by the piece it takes, and
compares that bound with evaluations, so the values must be in the network's units
(`EVALUATED_PIECE_VALUES` in src/chess/game.rs), not the exchange values. They move with
each net: measure them again when one lands.

Each opening of the book is played on by a random number of random legal moves; in each
position reached (not in check, game not over), some of the opponent's pieces are lifted
off the board one at a time, and the side to move's gain is the network's evaluation
after the lift less before it (`eval`'s network line). Prints the count, median and 90th
and 98th percentiles a kind, then the medians as the Rust table.

  target/venv/bin/python scripts/stats/piece_values.py [--engine PATH] [--book PGN]
      [--positions N] [--seed N]
"""
import argparse
import random
import re
import statistics
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[2]
NETWORK_LINE = re.compile(r"network .*: (-?\d+) for the side to move")


class Engine:
    """The engine over UCI, asked for its network's evaluation of one position at a time."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def evaluate(self, board):
        self.proc.stdin.write(f"position fen {board.fen()}\neval\nisready\n")
        score = None
        for line in self.proc.stdout:
            found = NETWORK_LINE.match(line)
            if found:
                score = int(found.group(1))
            if line.startswith("readyok"):
                break
        if score is None:
            sys.exit(f"no network evaluation for {board.fen()}")
        return score

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        self.proc.wait()


def positions(book, count, rng):
    """Positions after each opening and up to 40 random moves more."""
    found = []
    with open(book) as pgn:
        while len(found) < count:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            board = game.end().board()
            for _ in range(rng.randint(0, 40)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if not board.is_game_over() and not board.is_check():
                found.append(board)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default=str(ROOT / "target/release/tvilling"))
    parser.add_argument("--book", default=str(ROOT.parent / "shared/books/8moves_v3.pgn"))
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--share", type=float, default=0.3, help="the share of pieces lifted a position"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    gains = {kind: [] for kind in chess.PIECE_TYPES if kind != chess.KING}
    for board in positions(args.book, args.positions, rng):
        before = engine.evaluate(board)
        for square, piece in board.piece_map().items():
            if piece.color == board.turn or piece.piece_type == chess.KING:
                continue
            lifted = board.copy()
            lifted.remove_piece_at(square)
            if lifted.is_valid() and rng.random() < args.share:
                gains[piece.piece_type].append(engine.evaluate(lifted) - before)
    engine.close()
    medians = []
    for kind, values in gains.items():
        values.sort()
        if not values:
            sys.exit(f"no {chess.piece_name(kind)} was lifted: give more --positions")
        median = round(statistics.median(values) / 5) * 5
        medians.append(median)
        print(
            f"{chess.piece_name(kind):7} {len(values):5} lifted, median {median}, "
            f"p90 {values[len(values) * 9 // 10]}, p98 {values[len(values) * 49 // 50]}"
        )
    print(f"const EVALUATED_PIECE_VALUES: [i32; 6] = [{', '.join(map(str, medians))}, 0];")


if __name__ == "__main__":
    main()
