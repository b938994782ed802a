"""UCI at the protocol level: pondering, commands during a search, and bad input.

Every bad-input case must answer `info string error: ...`, keep the previous state and keep
the engine serving (it answers `isready` and still plays legal moves).
"""
import chess
import pytest

from conftest import LineProcess


@pytest.fixture
def uci(tvilling):
    p = LineProcess([tvilling])
    p.send("uci")
    p.expect_prefix("uciok")
    yield p
    p.close()


def bestmove(line):
    parts = line.split()
    return parts[1], (parts[3] if len(parts) >= 4 and parts[2] == "ponder" else None)


def test_isready_during_search_does_not_stop_it(uci):
    uci.send("position startpos")
    uci.send("go infinite")
    uci.send("isready")
    uci.expect_prefix("readyok", timeout=2)
    assert uci.quiet_for("bestmove", 0.5)
    uci.send("stop")
    move, _ = bestmove(uci.expect_prefix("bestmove", timeout=5))
    assert chess.Move.from_uci(move) in chess.Board().legal_moves


def test_ponder_then_ponderhit(uci):
    uci.send("setoption name Ponder value true")
    uci.send("position startpos moves e2e4 e7e5")
    uci.send("go ponder wtime 3000 btime 3000 winc 100 binc 100")
    assert uci.quiet_for("bestmove", 1.0), "bestmove while pondering"
    uci.send("ponderhit")
    move, _ = bestmove(uci.expect_prefix("bestmove", timeout=5))
    board = chess.Board()
    board.push_uci("e2e4")
    board.push_uci("e7e5")
    assert chess.Move.from_uci(move) in board.legal_moves


def test_ponder_then_stop(uci):
    uci.send("position startpos moves d2d4")
    uci.send("go ponder wtime 60000 btime 60000")
    assert uci.quiet_for("bestmove", 0.5)
    uci.send("stop")
    uci.expect_prefix("bestmove", timeout=3)


def test_infinite_search_that_finishes_early_still_waits(uci):
    uci.send("position fen 1k6/8/1K6/8/8/8/8/7R w - - 0 1")
    uci.send("go infinite depth 3")
    assert uci.quiet_for("bestmove", 1.0)
    uci.send("stop")
    assert bestmove(uci.expect_prefix("bestmove", timeout=3))[0] == "h1h8"


def test_go_perft_matches_stockfish_format(uci):
    uci.send("position startpos")
    uci.send("go perft 3")
    lines = uci.collect_until("Nodes searched")
    assert lines[-1] == "Nodes searched: 8902"
    assert "e2e4: 600" in lines


def test_bench_reports_nodes(uci):
    uci.send("bench 2")
    line = uci.expect_prefix("Nodes/second", timeout=120)
    assert int(line.split(":")[1]) > 0


def ready(uci):
    uci.send("isready")
    uci.expect_prefix("readyok", timeout=5)


def fen_of(uci):
    """The position the engine holds, from its `d` answer."""
    uci.send("d")
    return uci.expect_prefix("Fen: ", timeout=5)[len("Fen: "):]


def after(*moves):
    board = chess.Board()
    for move in moves:
        board.push_uci(move)
    return board


# Each bad line with the exact error it must answer.
BAD_INPUT = [
    ("garbage", "unknown command: garbage"),
    ("position fen 8/8/8/8/8/8/8/8 w - - 0 1",
     "position: bad FEN: no white king; position unchanged"),
    ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
     "position: bad FEN: a halfmove clock without a fullmove number (give 4 or 6 fields); "
     "position unchanged"),
    ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
     "position: bad FEN: bad piece letter 'X' in piece placement; position unchanged"),
    ("position fen", "position: a FEN has 4 to 6 fields, got 0"),
    ("position", "position: expected 'startpos' or 'fen'"),
    ("position startpos moves e2e5",
     "position: move 1: e2e5 is not legal in that position; position unchanged"),
    ("position startpos moves e2e4 e2e4",
     "position: move 2: e2e4 is not legal in that position; position unchanged"),
    ("position startpos moves zz",
     "position: move 1: 'zz' is not a UCI move; position unchanged"),
    ("setoption name NoSuchOption value 3", "unknown option: NoSuchOption"),
    ("setoption name Hash value abc",
     "option Hash: 'abc' is not a whole number in 1..=65536; value unchanged"),
    ("setoption name Hash value 0", "option Hash: 0 is outside 1..=65536; value unchanged"),
    ("setoption name Threads value 100000",
     "option Threads: 100000 is outside 1..=256; value unchanged"),
    ("setoption name UCI_Chess960 value maybe",
     "option UCI_Chess960: 'maybe' is not true or false; value unchanged"),
    ("go depth abc", "go: depth value 'abc' is not a number; searching with the rest"),
    ("go movetime", "go: movetime needs a value; searching with the rest"),
]


@pytest.mark.parametrize("command,error", BAD_INPUT)
def test_bad_input_answers_an_error_and_keeps_state(uci, command, error):
    board = after("e2e4")
    uci.send("position startpos moves e2e4")
    uci.send(command)
    assert uci.expect_prefix("info string", timeout=5) == f"info string error: {error}"
    assert fen_of(uci) == board.fen(), "state changed by bad input"
    if command.startswith("go"):
        # A bad go still searches (with what did parse) and owes a legal bestmove.
        uci.send("stop")
        move, _ = bestmove(uci.expect_prefix("bestmove", timeout=5))
        assert chess.Move.from_uci(move) in board.legal_moves
    uci.send("go depth 3")
    move, _ = bestmove(uci.expect_prefix("bestmove", timeout=10))
    assert chess.Move.from_uci(move) in board.legal_moves, "state changed by bad input"


def test_illegal_move_keeps_the_last_valid_state(uci):
    board = after("e2e4", "e7e5", "g1f3")
    uci.send("position startpos moves e2e4 e7e5 g1f3")
    # The pawn on e5 is blocked by the one on e4.
    uci.send("position startpos moves e2e4 e7e5 g1f3 e5e4")
    assert uci.expect_prefix("info string", timeout=5) == (
        "info string error: position: move 4: e5e4 is not legal in that position; "
        "position unchanged")
    assert fen_of(uci) == board.fen()
    uci.send("go depth 2")
    move, _ = bestmove(uci.expect_prefix("bestmove", timeout=10))
    assert chess.Move.from_uci(move) in board.legal_moves


@pytest.mark.parametrize("times", [
    "wtime -500 btime -500",
    "wtime 0 btime 0",
    "wtime 10 btime 10",
    "wtime -5 btime 3000 winc -7 binc 0",
    "wtime 1000 btime 1000 movestogo 0",
    "wtime 3000 btime 3000 movestogo 150",
    "movetime 0",
    "movetime -20",
    "nodes 1",
])
def test_extreme_clocks_still_answer_a_legal_move(uci, times):
    uci.send("position startpos")
    uci.send(f"go {times}")
    move, _ = bestmove(uci.expect_prefix("bestmove", timeout=10))
    assert chess.Move.from_uci(move) in chess.Board().legal_moves


@pytest.mark.parametrize("limits", [
    "depth 300",
    "wtime 999999999999999 btime 999999999999999 movestogo 1",
    "movetime 99999999999999999999",
    "nodes 99999999999999999999999",
])
def test_huge_limits_do_not_crash_and_stop_works(uci, limits):
    uci.send("position startpos")
    uci.send(f"go {limits}")
    line = uci.expect(lambda l: l.startswith("info") or l.startswith("bestmove"), timeout=5)
    uci.send("stop")
    if not line.startswith("bestmove"):
        line = uci.expect_prefix("bestmove", timeout=5)
    assert chess.Move.from_uci(bestmove(line)[0]) in chess.Board().legal_moves
    ready(uci)


def test_long_garbage_line_and_binary_noise(uci):
    uci.send("x" * 100000)
    uci.send("\x01\x02\x7f go")
    ready(uci)
    uci.send("position startpos")
    uci.send("go depth 2")
    uci.expect_prefix("bestmove", timeout=10)


def test_quit_exits(tvilling):
    p = LineProcess([tvilling])
    p.send("uci")
    p.expect_prefix("uciok")
    p.send("quit")
    assert p.proc.wait(timeout=5) == 0
