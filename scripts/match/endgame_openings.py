#!/usr/bin/env python3
"""Endgame-heavy openings for match.py, cut from played games.

    scripts/match/endgame_openings.py GAMES.pgn [GAMES.pgn ...] --out FILE.epd [--pieces 8]
                                [--engine PATH --max-cp 150]

From each game takes the first position with at most --pieces men on the board (kings
included) that is level in material (pawn 1, knight and bishop 3, rook 5, queen 9, the sides
within --margin), has no castling rights, is not in check and still has pawns to play for.
Duplicates are dropped. With --engine, a UCI engine searches each one (--nodes) and only
those it scores within --max-cp of equal are kept: level material is not a level game. The EPD lines (with `hmvc` and `fmvn` so the clocks carry over) go
to --out, one per position, in the order met. Such positions trade down into the Syzygy
tables' range in play, which is what `scripts/match/tb_outcomes.py` then judges.
"""

import argparse
import sys

import chess
import chess.engine
import chess.pgn

VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board: chess.Board, colour: chess.Color) -> int:
    return sum(VALUE[p] * len(board.pieces(p, colour)) for p in VALUE)


def first_endgame(game: chess.pgn.Game, pieces: int, margin: int):
    board = game.board()
    for move in game.mainline_moves():
        board.push(move)
        if chess.popcount(board.occupied) > pieces:
            continue
        level = abs(material(board, chess.WHITE) - material(board, chess.BLACK)) <= margin
        pawns = board.pieces(chess.PAWN, chess.WHITE) | board.pieces(chess.PAWN, chess.BLACK)
        if (
            level
            and pawns
            and not board.castling_rights
            and not board.is_check()
            and not board.is_game_over(claim_draw=True)
        ):
            return board
        return None
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--out", required=True)
    parser.add_argument("--pieces", type=int, default=8)
    parser.add_argument("--margin", type=int, default=1)
    parser.add_argument("--engine", help="a UCI engine that judges the balance")
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--max-cp", type=int, default=150)
    args = parser.parse_args()
    judge = chess.engine.SimpleEngine.popen_uci(args.engine) if args.engine else None
    seen = set()
    lines = []
    for path in args.pgn:
        with open(path, encoding="utf-8", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                board = first_endgame(game, args.pieces, args.margin)
                if board is None or board.board_fen() in seen:
                    continue
                seen.add(board.board_fen())
                if judge is not None:
                    info = judge.analyse(board, chess.engine.Limit(nodes=args.nodes))
                    score = info["score"].relative
                    if score.is_mate() or abs(score.score()) > args.max_cp:
                        continue
                lines.append(
                    board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number)
                )
    if judge is not None:
        judge.quit()
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("".join(line + "\n" for line in lines))
    print(f"{len(lines)} positions written to {args.out}", file=sys.stderr)
    return 0 if lines else 1


if __name__ == "__main__":
    sys.exit(main())
