"""Every draughts variant over Hub through pydraughts: the engine is told the variant by
`set-param`, plays itself from the start on a clock, and pydraughts' own board checks every
move is legal and says when the game is over.

Killer draughts is not in pydraughts; its legal moves are a subset of international ones
(a king that takes a king last may only stop right behind it, and the longest capture always
has such an ending), so pydraughts' international board checks those games.
"""
import time

import pytest
from draughts import Board, Move
from draughts.engine import HubEngine, Limit

from conftest import charged_time, legal_keys, move_key

# (name the engine is given, pydraughts board): Scan's Hub names where it has one.
VARIANTS = [
    ("killer", "standard"),
    ("bt", "breakthrough"),
    ("frisian", "frisian"),
    ("frysk!", "frysk!"),
    ("losing", "antidraughts"),
    ("brazilian", "brazilian"),
    ("russian", "russian"),
    ("english", "english"),
    ("italian", "italian"),
    ("turkish", "turkish"),
]

# pydraughts' referee scores a game still going after this many plies as a draw.
MAX_PLIES = 300


def open_variant(tvilling, name):
    engine = HubEngine([tvilling, "hub"])
    assert name in engine.variants
    engine.configure({"variant": name})
    engine.init()
    return engine


@pytest.mark.parametrize("name,board_variant", VARIANTS)
def test_a_whole_game_on_a_clock(tvilling, name, board_variant):
    engines = {side: open_variant(tvilling, name) for side in (2, 1)}
    try:
        board = Board(board_variant, "startpos")
        limits = {side: Limit(time=6, inc=0.1) for side in engines}
        while not board.is_over() and len(board.move_stack) < MAX_PLIES:
            side = board.turn
            # What `HubEngine.play` sends, timed on its own: pydraughts' bookkeeping of its
            # board (slow on the large boards) is the referee's time, not the engine's.
            moves = " ".join(move.hub_move for move in board.move_stack)
            start = time.perf_counter()
            best, _ = engines[side].go(board._game.initial_hub_fen, moves=moves,
                                       my_time=limits[side].time, inc=limits[side].inc)
            used = charged_time(time.perf_counter() - start, engines[side].info.get("time"))
            limits[side].time += limits[side].inc - used
            assert limits[side].time > 0, f"lost on time at ply {len(board.move_stack)}"
            assert move_key(best) in legal_keys(board), best
            board.push(Move(board, hub_move=best))
        winner = board.winner()
        print(f"{name}: {len(board.move_stack)} plies, winner {winner}, final {board.fen}")
        assert len(board.move_stack) > 10
    finally:
        for engine in engines.values():
            engine.quit()
            engine.kill_process()


def test_an_unknown_variant_or_a_position_illegal_for_it_is_refused(tvilling):
    engine = HubEngine([tvilling, "hub"])
    try:
        engine.send("set-param name=variant value=checkers")
        assert engine.recv().startswith("error message=")
        engine.send("set-param name=variant value=russian")
        engine.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
        assert engine.recv().startswith("error message=\"bad position for variant russian")
        engine.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"c3-d4 f6-e5\"")
        engine.send("level depth=3")
        engine.send("go think")
        line = engine.recv()
        while line.startswith("info"):
            line = engine.recv()
        assert line.startswith("done move=14x23x19")
    finally:
        engine.quit()
        engine.kill_process()
