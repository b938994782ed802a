#!/usr/bin/env python3
"""Perft reference counts for the draughts variants, from pydraughts' own move generator.

For every variant pydraughts plays correctly enough to count (all but turkish, whose kings
pass through pieces in pydraughts 0.6.7), it takes the start position, a few positions
chosen to exercise the capture rules, and 20 positions reached by seeded random games,
counts perft with pydraughts (duplicate capture routes, same start, end and captured set,
counted once, as the engine does) and writes one line per position to
engine-tests/data/draughts_variants_perft.txt, which engine-tests/draughts_variants.rs reads.

usage: target/venv/bin/python engine-tests/data/variant_perft_reference.py [--positions 20]
       [--seed 1] [--max-leaves 600] [--max-depth 4] [--out FILE]
(the venv is the one `make venvs` builds, with pydraughts 0.6.7)
"""
import argparse
import random
from pathlib import Path

from draughts import Board
from draughts.convert import fen_to_variant
from draughts.core.game import Game

OUT = Path(__file__).resolve().parent / "draughts_variants_perft.txt"

VARIANTS = ["standard", "frisian", "frysk!", "antidraughts", "breakthrough",
            "brazilian", "russian", "english", "italian"]

# Positions that exercise each variant's capture rules, as pydraughts FEN.
RULE_POSITIONS = {
    # majority: the king's three-piece capture beats the man's one.
    "standard": ["W:W28,K46:B23,19,37,42,12"],
    # orthogonal man and king captures; two kings outweigh three men; king over man.
    "frisian": ["W:W28,K46:B18,23,9,41,43", "W:W33,K45:B23,13,22,K40,K49,38",
                "W:W27,38:B17,K29,K40,36,28"],
    "frysk!": ["W:W33,K50:B28,23,K44"],
    "antidraughts": ["W:W28,32:B23,19,12"],
    "breakthrough": ["W:W7,28:B12,23"],
    # men capture backward, majority, flying kings on 8x8.
    # (and a man reaching the far row mid-capture stays a man: b6xd8 ends there).
    "brazilian": ["W:Wc3,Ka1:Bd4,f6,b6,f4", "W:Wb6:Bc7,f6"],
    # a man crowned mid-capture goes on as a king; free choice of capture.
    "russian": ["W:Wc5:Bd6,f6,d4,b4", "W:We3,Kh2:Bf4,d6,b6,g3,g5", "W:Wb6:Bc7,f6"],
    # men capture forward only, kings one square, free choice, crowning ends the move.
    "english": ["B:W14,15,22,23,K30:B10,K6,18", "B:W5,6,15:B10,1"],
    # men do not take kings; most pieces, then with a king, then most kings, then earliest.
    "italian": ["W:W22,K27,K31:B18,K19,14,K15,10,23", "W:W21,K30:B17,K25,18,10"],
}


def legal(game):
    """Legal moves, each route with the same start, end and captured set once."""
    moves, captures = game.legal_moves()
    seen, unique = set(), []
    for move, captured in zip(moves, captures):
        key = (move[0][0], move[-1][1], frozenset(c for c in captured if c is not None))
        if key not in seen:
            seen.add(key)
            unique.append(move)
    return unique


def perft(game, depth):
    moves = legal(game)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.push(move)
        total += perft(game, depth - 1)
        game.pop()
    return total


def random_position(variant, rng, want_capture):
    game = Game(variant)
    for _ in range(rng.randint(8, 70)):
        moves = legal(game)
        if not moves or game.is_over():
            break
        game.push(rng.choice(moves))
    if want_capture:
        for _ in range(12):
            moves, captures = game.legal_moves()
            if not moves or any(c[0] is not None for c in captures):
                break
            game.push(rng.choice(legal(game)))
    return Game(variant, game.get_fen())


def counts(game, max_leaves, max_depth):
    found = []
    for depth in range(1, max_depth + 1):
        n = perft(game, depth)
        found.append(n)
        if n == 0 or n > max_leaves:
            break
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-leaves", type=int, default=600)
    parser.add_argument("--max-depth", type=int, default=4)
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = open(args.out, "w")
    lines = [
        "# Draughts variants: perft counts from pydraughts 0.6.7's move generator",
        "# (engine-tests/data/variant_perft_reference.py; duplicate capture routes counted once).",
        "# variant | name | Hub string (internal square order) | FEN as pydraughts writes it"
        " | counts for depth 1, 2, ...",
    ]
    for variant in VARIANTS:
        games = [("start", Game(variant))]
        games += [(f"rules{i}", Game(variant, fen_to_hub(variant, fen)))
                  for i, fen in enumerate(RULE_POSITIONS.get(variant, []))]
        games += [(f"random{i}", random_position(variant, rng, i % 2 == 0))
                  for i in range(args.positions)]
        for name, game in games:
            found = counts(game, args.max_leaves, args.max_depth)
            fen = fen_to_variant(game.get_li_fen(), variant)
            lines.append(f"{variant} | {name} | {game.get_fen()} | {fen} | "
                         + " ".join(map(str, found)))
            print(lines[-1], flush=True)
        # Written variant by variant, so a long run shows its progress in the file.
        out.write("\n".join(lines) + "\n")
        out.flush()
        lines = []
    out.close()


def fen_to_hub(variant, fen):
    """The internal Hub string of a position given as pydraughts' variant FEN."""
    return Board(variant, fen)._game.get_fen()


if __name__ == "__main__":
    main()
