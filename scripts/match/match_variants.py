#!/usr/bin/env python3
"""match_variants.py - tvilling (Hub) against py-draughts' alpha-beta engine, per variant.

    target/venv-py-draughts/bin/python scripts/match/match_variants.py [--variant NAME ...] \
        [--games 20] [--our-time 0.1] [--their-depth 6]

py-draughts 1.10.1 plays eight of the variants tvilling plays: standard, frisian, frysk,
antidraughts, breakthrough (10x10), brazilian, russian and american (English checkers,
8x8). Its `SimpleEngine` (negamax with a material and advance evaluation, the same for
every variant) is the opponent, its boards the referee: every move of ours must be one of
the board's legal moves, and the board says when the game is won, lost or drawn. Italian,
killer and Turkish draughts are not in py-draughts and are not played here.

Two py-draughts rules differ from the games' own rules (and from pydraughts, which tvilling
follows), so the referee boards here put them back, for both players and in SimpleEngine's
own search: in American checkers a capture is compulsory (py-draughts makes it optional),
and in Frisian draughts a king may make at most three quiet moves in a row while its side
still has men (py-draughts documents the rule but does not apply it).

tvilling is driven over raw Hub as a GUI would: `set-param name=variant`, then for each move
`pos start moves="..."` with the whole game, so it sees every repetition. py-draughts numbers
every 8x8 board from the top left; tvilling numbers as pydraughts does: Russian and Brazilian
rows from the bottom, English from the other side (square n is 33 - n). Openings: two random
legal plies from the start (seeded), each pair of games with colours swapped. One line per
game (with its moves in tvilling's notation when we did not win) and a `SCORE` line per
variant, our points first.
"""
import argparse
import importlib
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def same(n):
    return n


def rows_from_bottom(n):
    return (7 - (n - 1) // 4) * 4 + (n - 1) % 4 + 1


def turned(n):
    return 33 - n


# py-draughts board module -> (tvilling's Hub variant name, its number of a py-draughts square).
VARIANTS = {
    "standard": ("normal", same),
    "frisian": ("frisian", same),
    "frysk": ("frysk!", same),
    "antidraughts": ("losing", same),
    "breakthrough": ("bt", same),
    "brazilian": ("brazilian", rows_from_bottom),
    "russian": ("russian", rows_from_bottom),
    "american": ("english", turned),
}


class KingMoveLimit:
    """Frisian: no fourth quiet move in a row by the same king while its side has men.

    Mixed into a py-draughts board: `push` and `pop` keep, per side, the square of the king
    that made the last quiet moves and how many it made; `legal_moves` leaves out the move
    the rule forbids.
    """

    LIMIT = 3

    def __init__(self, *args, **kwargs):
        self._streaks = [{}]
        super().__init__(*args, **kwargs)

    def _side(self):
        return self.turn.name

    @property
    def legal_moves(self):
        moves = super().legal_moves
        square, count = self._streaks[-1].get(self._side(), (None, 0))
        if count < self.LIMIT or not self._has_men():
            return moves
        return [m for m in moves if m.captured_list or m.square_list[0] != square]

    def _has_men(self):
        man = -1 if self._side() == "WHITE" else 1
        return bool((self._pos == man).any())

    def push(self, move, is_finished=True):
        streaks = dict(self._streaks[-1])
        side = self._side()
        start = move.square_list[0]
        is_king = abs(int(self._pos[start])) == 2
        if is_king and not move.captured_list:
            square, count = streaks.get(side, (None, 0))
            streaks[side] = (move.square_list[-1], count + 1 if square == start else 1)
        else:
            streaks[side] = (None, 0)
        super().push(move, is_finished)
        self._streaks.append(streaks)

    def pop(self, *args, **kwargs):
        result = super().pop(*args, **kwargs)
        self._streaks.pop()
        return result


def referee_board(name):
    """The py-draughts board class of variant `name`, with the game's own rules."""
    board = importlib.import_module(f"draughts.boards.{name}").Board
    if name == "american":

        from draughts.boards._core import CORE_AMERICAN

        class American(board):
            @property
            def legal_moves(self):
                return self._legal_moves_from_core(
                    CORE_AMERICAN, max_capture=False, captures_optional=False
                )

        return American
    if name in ("frisian", "frysk"):
        return type(f"{board.__name__}WithKingLimit", (KingMoveLimit, board), {})
    return board


class Hub:
    """A Hub engine process, spoken to line by line."""

    def __init__(self, command, variant):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("hub")
        self.wait_for("wait")
        self.send(f"set-param name=variant value={variant}")
        self.send("init")
        self.wait_for("ready")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited waiting for {word!r}")
            if line.startswith("error"):
                raise RuntimeError(line.strip())
            if line.split()[:1] == [word]:
                return line.strip()

    def best_move(self, moves, seconds):
        self.send(f'pos start moves="{" ".join(moves)}"')
        self.send(f"level move-time={seconds}")
        self.send("go think")
        done = self.wait_for("done")
        fields = dict(tok.split("=", 1) for tok in done.split()[1:] if "=" in tok)
        return fields["move"]

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def key_of(move, number):
    """A py-draughts move as tvilling's (from, to, sorted captured squares)."""
    path = [number(s + 1) for s in move.square_list]
    captured = tuple(sorted(number(s + 1) for s in move.captured_list))
    return path[0], path[-1], captured


def hub_text(key):
    start, end, captured = key
    if not captured:
        return f"{start}-{end}"
    return "x".join(str(s) for s in (start, end, *captured))


def parse_hub(text):
    squares = [int(s) for s in text.replace("x", "-").split("-")]
    return squares[0], squares[1], tuple(sorted(squares[2:]))


def play_game(board_class, number, ours, theirs, opening, we_are_white, args):
    """Plays one game; returns (our points as text, reason, the moves in tvilling's notation)."""
    board = board_class()
    moves = []
    plies = 0
    for index in opening:
        move = board.legal_moves[index % len(board.legal_moves)]
        moves.append(hub_text(key_of(move, number)))
        board.push(move)
        plies += 1
    while not board.game_over and plies < args.max_plies:
        white_to_move = board.turn.name == "WHITE"
        legal = {key_of(m, number): m for m in board.legal_moves}
        if white_to_move == we_are_white:
            text = ours.best_move(moves, args.our_time)
            move = legal.get(parse_hub(text))
            if move is None:
                return "0", f"illegal move {text} by tvilling", moves
        else:
            move = theirs.get_best_move(board)
        moves.append(hub_text(key_of(move, number)))
        board.push(move)
        plies += 1
    result = board.result
    if result in ("-", "1/2-1/2"):
        return "1/2", f"{plies} plies" if result == "-" else "rule draw", moves
    white_won = result == "1-0"
    return ("1" if white_won == we_are_white else "0"), "won", moves


def run_variant(name, args):
    from draughts.engines.simple import SimpleEngine

    board_class = referee_board(name)
    hub_name, number = VARIANTS[name]
    ours = Hub([args.engine, "hub"], hub_name)
    rng = random.Random(args.seed)
    tally = {"1": 0, "1/2": 0, "0": 0}
    start = time.perf_counter()
    try:
        for game in range(args.games):
            if game % 2 == 0:
                opening = [rng.randrange(1 << 16) for _ in range(args.opening_plies)]
            theirs = SimpleEngine(depth_limit=args.their_depth)
            ours.send("new-game")
            we_are_white = game % 2 == 0
            result, reason, moves = play_game(
                board_class, number, ours, theirs, opening, we_are_white, args
            )
            tally[result] += 1
            points = tally["1"] + tally["1/2"] / 2
            print(f"{name} game {game + 1}: {'white' if we_are_white else 'black'} {result} "
                  f"({reason}, {len(moves)} plies) running {points}/{game + 1}", flush=True)
            if result != "1":
                print(f"  moves: {' '.join(moves)}", flush=True)
    finally:
        ours.quit()
    n = sum(tally.values())
    points = tally["1"] + tally["1/2"] / 2
    print(f"SCORE variant={name} hub={hub_name} engine=tvilling "
          f"opponent=py-draughts-SimpleEngine-d{args.their_depth} games={n} w={tally['1']} "
          f"d={tally['1/2']} l={tally['0']} score={points / max(n, 1):.3f} "
          f"our_move_time={args.our_time} minutes={(time.perf_counter() - start) / 60:.1f}",
          flush=True)
    return tally


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=str(ROOT / "target" / "release" / "tvilling"))
    ap.add_argument("--variant", nargs="*", choices=sorted(VARIANTS), default=sorted(VARIANTS))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--our-time", type=float, default=0.1, help="seconds a move for tvilling")
    ap.add_argument("--their-depth", type=int, default=6, help="SimpleEngine depth limit")
    ap.add_argument("--opening-plies", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for name in args.variant:
        run_variant(name, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
