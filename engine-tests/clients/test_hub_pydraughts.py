"""Hub through pydraughts (the client lidraughts bots and its tournament runner use), plus the
parts of the protocol pydraughts cannot drive (ponder, analyze, ping), spoken raw."""
import time

import pytest
from draughts import Board, Move, WHITE
from draughts.engine import HubEngine, Limit

from conftest import LineProcess, charged_time, done_move, legal_keys, move_key

START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"


def board_after(*moves):
    """The pydraughts board after Hub moves from the start."""
    board = Board("standard", "startpos")
    for text in moves:
        board.push(Move(board, hub_move=text))
    return board


def assert_legal_done(line, board):
    """`line` is `done move=X ...` with X legal on `board`."""
    assert line.startswith("done move="), line
    assert move_key(done_move(line)) in legal_keys(board), f"{line} is not legal"


def open_hub(tvilling):
    engine = HubEngine([tvilling, "hub"])
    engine.init()
    return engine


def test_handshake_declares_params(tvilling):
    engine = open_hub(tvilling)
    try:
        assert engine.id["name"].strip('"').startswith("tvilling")
        assert "variant" in engine.options
        assert {"normal", "killer", "bt", "frisian", "losing", "russian"} <= engine.variants
        engine.ping()
    finally:
        engine.quit()
        engine.kill_process()


def test_full_game_against_itself_on_a_clock(tvilling):
    engines = {side: open_hub(tvilling) for side in (WHITE, 1)}
    try:
        board = Board("standard", "startpos")
        limits = {side: Limit(time=6, inc=0.05) for side in engines}
        while not board.is_over() and len(board.move_stack) < 300:
            side = board.turn
            start = time.perf_counter()
            result = engines[side].play(board, limits[side], False)
            used = charged_time(time.perf_counter() - start, result.info.get("time"))
            limits[side].time += limits[side].inc - used
            assert limits[side].time > 0, f"lost on time at ply {len(board.move_stack)}"
            assert move_key(result.move.hub_move) in legal_keys(board), result.move.hub_move
            board.push(result.move)
        assert len(board.move_stack) > 20
    finally:
        for engine in engines.values():
            engine.quit()
            engine.kill_process()


def test_position_with_whole_game_history_and_captures(tvilling):
    engine = open_hub(tvilling)
    try:
        board = board_after("32-28", "19-23", "28x19x23", "14x23x19", "37-32", "10-14")
        # pydraughts sends the start position plus every move, men moves and captures included.
        result = engine.play(board, Limit(depth=4), False)
        assert move_key(result.move.hub_move) in legal_keys(board), result.move.hub_move
    finally:
        engine.quit()
        engine.kill_process()


@pytest.fixture
def hub(tvilling):
    p = LineProcess([tvilling, "hub"])
    p.send("hub")
    p.expect_prefix("wait")
    p.send("init")
    p.expect_prefix("ready")
    yield p
    p.close()


def test_ping_during_search(hub):
    hub.send(f"pos pos={START}")
    hub.send("level infinite")
    hub.send("go analyze")
    hub.send("ping")
    hub.expect_prefix("pong", timeout=2)
    assert hub.quiet_for("done", 0.5)
    hub.send("stop")
    assert_legal_done(hub.expect_prefix("done", timeout=3), board_after())


def test_ponder_then_ponder_hit(hub):
    hub.send(f'pos pos={START} moves="32-28 19-23"')
    hub.send("level time=5 inc=0.1")
    hub.send("go ponder")
    assert hub.quiet_for("done", 1.0), "done while pondering"
    hub.send("ponder-hit")
    done = hub.expect_prefix("done", timeout=8)
    assert done.startswith("done move=28x19x23")


def test_ponder_then_stop(hub):
    hub.send(f'pos pos={START} moves="31-27"')
    hub.send("level time=60")
    hub.send("go ponder")
    assert hub.quiet_for("done", 0.5)
    hub.send("stop")
    assert_legal_done(hub.expect_prefix("done", timeout=3), board_after("31-27"))


def test_analyze_searches_a_forced_move_until_stop(hub):
    hub.send(f'pos pos={START} moves="32-28 19-23"')
    hub.send("level infinite")
    hub.send("go analyze")
    assert hub.quiet_for("done", 1.0)
    hub.send("stop")
    assert hub.expect_prefix("done", timeout=3).startswith("done move=28x19x23")


@pytest.mark.parametrize("book", [False, True])
def test_info_lines_follow_the_conventions(hub, book):
    # The start is in the opening book: with it, one line says the move came from it.
    hub.send(f"set-param name=book value={str(book).lower()}")
    hub.send(f"pos pos={START}")
    hub.send("level depth=6")
    hub.send("go think")
    lines = hub.collect_until("done", timeout=30)
    infos = [l for l in lines if l.startswith("info")]
    assert infos
    for line in infos:
        fields = dict(tok.split("=", 1) for tok in line.split()[1:] if "=" in tok)
        float(fields["score"])
        assert (int(fields["depth"]) == 0) == book, line
        assert (fields.get("book") == "true") == book, line
    assert len(infos) == 1 or not book


def test_no_legal_move_answers_bare_done(hub):
    hub.send("pos pos=Weeeeeeeeeeeeeeeeeeeeeeebeeeeeeeeeeeeeeeeeeeeeeeeee")
    hub.send("level depth=1")
    hub.send("go think")
    assert hub.expect_prefix("done", timeout=3).strip() == "done"


@pytest.mark.parametrize("line", [
    "foo bar",
    "",
    "pos pos=Wbbb",
    "pos pos=Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    f'pos pos={START} moves="32-26"',
    f'pos pos={START} moves="32-28 19-23 28-22"',
    'level time=abc',
    'set-param name=variant value=checkers',
    'pos pos="unterminated',
])
def test_bad_input_answers_error_and_keeps_serving(hub, line):
    hub.send(line)
    assert hub.expect_prefix("error", timeout=3).startswith('error message=')
    hub.send("ping")
    hub.expect_prefix("pong", timeout=3)
    hub.send(f"pos pos={START}")
    hub.send("level depth=2")
    hub.send("go think")
    assert_legal_done(hub.expect_prefix("done", timeout=10), board_after())


def test_an_unknown_parameter_is_ignored(hub):
    # Hub skips names it does not know, and Scan ignores a parameter it lacks.
    hub.send("set-param name=nosuch value=1")
    hub.send("ping")
    lines = hub.collect_until("pong", timeout=3)
    assert not any(line.startswith("error") for line in lines), lines


def test_short_capture_form_is_accepted_when_unambiguous(hub):
    hub.send(f'pos pos={START} moves="32-28 19-23 28x19"')
    hub.send("level depth=2")
    hub.send("go think")
    done = hub.expect_prefix("done", timeout=10)
    assert done.startswith("done move=14x23x19") or done.startswith("done move=13x24x19")
