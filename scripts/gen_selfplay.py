#!/usr/bin/env python3
"""Self-play data for the evaluation tuner (scripts/texel_tune.rs).

Plays fast games of tvilling against itself over UCI (python-chess), each from a
different opening of the 8-move book, and writes the quiet positions of every finished
game with its result as `FEN;result` lines (result 1.0 / 0.5 / 0.0 from White's view).

Quiet means: the side to move is not in check, and the move the engine chose there is
neither a capture nor a promotion, so the static evaluation of the position is a fair
stand-in for its search score. Book plies and mate scores are left out.

Games are adjudicated to save time: a win once both sides' scores have agreed on
+-1000 cp or more for 6 plies in a row, a draw when the score has stayed within 10 cp for
10 plies after ply 80, and a draw at ply 400.

    scripts/gen_selfplay.py --minutes 20 --concurrency 2 --nodes 8000

The data set goes to target/tuning/ (never committed).
"""

import argparse
import random
import sys
import threading
import time
from pathlib import Path

import chess
import chess.engine
import chess.pgn

ROOT = Path(__file__).resolve().parent.parent
RESIGN_CP, RESIGN_PLIES = 1000, 6
DRAW_CP, DRAW_PLIES, DRAW_FROM_PLY = 10, 10, 80
MAX_PLIES = 400


def read_openings(path):
    """Every book line as a list of moves."""
    openings = []
    with open(path, encoding="utf-8") as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            openings.append(list(game.mainline_moves()))
    return openings


def is_quiet(board, move):
    return not board.is_check() and not board.is_capture(move) and move.promotion is None


def play_game(engine, opening, limit, deadline):
    """One game; returns (quiet FENs, result from White's view) or None past the deadline."""
    board = chess.Board()
    game_id = object()  # a new game for python-chess: it sends ucinewgame
    for move in opening:
        board.push(move)
    quiet = []
    resign_run, draw_run = 0, 0
    result = None
    while result is None:
        if time.monotonic() > deadline:
            return None
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result = {chess.WHITE: 1.0, chess.BLACK: 0.0, None: 0.5}[outcome.winner]
            break
        if board.ply() >= MAX_PLIES:
            result = 0.5
            break
        played = engine.play(board, limit, game=game_id, info=chess.engine.INFO_SCORE)
        move = played.move
        score = played.info.get("score")
        white_cp = None
        if score is not None and not score.is_mate():
            white_cp = score.white().score()
            if is_quiet(board, move):
                quiet.append(board.fen())
        resign_run = resign_run + 1 if white_cp is not None and abs(white_cp) >= RESIGN_CP else 0
        if resign_run >= RESIGN_PLIES:
            result = 1.0 if white_cp > 0 else 0.0
        quiet_score = white_cp is not None and abs(white_cp) <= DRAW_CP
        draw_run = draw_run + 1 if quiet_score and board.ply() >= DRAW_FROM_PLY else 0
        if draw_run >= DRAW_PLIES:
            result = 0.5
        board.push(move)
    return quiet, result


def worker(args, openings, queue_lock, out, out_lock, stats, deadline):
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(depth=args.depth)
    with chess.engine.SimpleEngine.popen_uci(args.engine) as engine:
        engine.configure({"Hash": 16, "Threads": 1})
        while time.monotonic() < deadline:
            with queue_lock:
                if not openings or stats["games"] >= args.games:
                    return
                opening = openings.pop()
                stats["games"] += 1
            played = play_game(engine, opening, limit, deadline)
            if played is None:
                return
            fens, result = played
            with out_lock:
                out.writelines(f"{fen};{result:.1f}\n" for fen in fens)
                out.flush()
                stats["finished"] += 1
                stats["positions"] += len(fens)
                stats["score"] += result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target/release/tvilling"))
    parser.add_argument("--book", default=str(ROOT.parent / "shared/books/8moves_v3.pgn"))
    parser.add_argument("--out", default=str(ROOT / "target/tuning/selfplay.txt"))
    parser.add_argument("--nodes", type=int, default=8000, help="nodes per move (0: use --depth)")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--games", type=int, default=100000)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    openings = read_openings(args.book)
    random.Random(args.seed).shuffle(openings)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    stats = {"games": 0, "finished": 0, "positions": 0, "score": 0.0}
    start = time.monotonic()
    deadline = start + args.minutes * 60
    with open(args.out, "a", encoding="utf-8") as out:
        out_lock, queue_lock = threading.Lock(), threading.Lock()
        threads = [
            threading.Thread(target=worker, args=(args, openings, queue_lock, out, out_lock, stats, deadline))
            for _ in range(args.concurrency)
        ]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            time.sleep(30)
            elapsed = time.monotonic() - start
            print(f"{elapsed:6.0f}s  games {stats['finished']}  positions {stats['positions']}", file=sys.stderr)
        for t in threads:
            t.join()
    white = stats["score"] / max(1, stats["finished"])
    print(f"finished games {stats['finished']}, positions {stats['positions']}, "
          f"white's mean score {white:.3f}, written to {args.out}")


if __name__ == "__main__":
    main()
