"""UCI through python-chess, the client scripts and tournament tools use."""
import time

import chess
import chess.engine
import pytest

from conftest import LineProcess, charged_time


@pytest.fixture
def engine(tvilling):
    eng = chess.engine.SimpleEngine.popen_uci([tvilling], timeout=20)
    yield eng
    eng.quit()


def test_handshake_identifies_and_declares_options(engine):
    assert engine.id["name"].startswith("tvilling")
    assert engine.id.get("author")
    for name in ["Hash", "Threads", "MultiPV", "Ponder", "UCI_Chess960", "Move Overhead",
                 "Clear Hash", "UCI_ShowWDL"]:
        assert name in engine.options, name
    assert engine.options["Hash"].min == 1 and engine.options["Hash"].max == 65536
    assert engine.options["Threads"].max == 256
    assert engine.options["UCI_ShowWDL"].default is False


def test_full_game_against_itself_on_a_real_clock(engine):
    board = chess.Board()
    clock = {chess.WHITE: 5.0, chess.BLACK: 5.0}
    inc = 0.05
    while not board.is_game_over(claim_draw=True) and board.ply() < 600:
        limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        result = engine.play(board, limit, info=chess.engine.INFO_BASIC)
        clock[board.turn] -= charged_time(time.monotonic() - start, result.info.get("time"))
        assert clock[board.turn] > 0, f"lost on time at ply {board.ply()}"
        clock[board.turn] += inc
        assert result.move in board.legal_moves
        board.push(result.move)
    assert board.is_game_over(claim_draw=True), "game did not end by the rules in 600 plies"


def test_go_infinite_waits_for_stop(tvilling):
    # Raw lines: python-chess's analysis would take a `bestmove` sent before `stop` as the
    # end of the analysis and hide it.
    p = LineProcess([tvilling])
    try:
        p.send("uci")
        p.expect_prefix("uciok")
        p.send("position startpos")
        p.send("go infinite")
        p.expect_prefix("info depth")
        assert p.quiet_for("bestmove", 1.0), "bestmove before stop"
        p.send("stop")
        move = p.expect_prefix("bestmove").split()[1]
        assert chess.Move.from_uci(move) in chess.Board().legal_moves
    finally:
        p.close()


def test_multipv_three_distinct_lines(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
    assert len(infos) == 3
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == 3
    for move in firsts:
        assert move in board.legal_moves
    scores = [info["score"].relative.score(mate_score=100000) for info in infos]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize("fen,best,mate", [
    ("1k6/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8", 1),
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2),
    ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3),
])
def test_go_mate_finds_known_mates(engine, fen, best, mate):
    board = chess.Board(fen)
    info = engine.analyse(board, chess.engine.Limit(mate=mate, time=20))
    assert info["score"].relative.mate() == mate
    assert info["pv"][0].uci() == best


def test_searchmoves_restricts_the_root(engine):
    board = chess.Board()
    moves = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h4")]
    result = engine.play(board, chess.engine.Limit(depth=6), root_moves=moves)
    assert result.move in moves


def test_stalemate_and_checkmate_roots_answer_0000(tvilling):
    p = LineProcess([tvilling])
    try:
        p.send("uci")
        p.expect_prefix("uciok")
        for fen in ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "R6k/6pp/8/8/8/8/8/6K1 b - - 0 1"]:
            p.send(f"position fen {fen}")
            p.send("go depth 5")
            assert p.expect_prefix("bestmove").split()[1] in ("0000", "(none)")
    finally:
        p.close()


# Chess960 positions where castling is legal: the king stays on g1 while the rook jumps from
# h1 to f1; and king and rook swap squares (king f1 -> g1, rook g1 -> f1).
CASTLING_960 = [
    "b1nnr1kr/1p1p2pp/2p4q/p1b1pp2/2PPP3/1P1B2P1/P1Q4P/B1NNR1KR w KQkq - 2 9",
    "bq1nrkrb/ppppp1pp/3n1p2/8/6P1/4N3/PPPPPP1P/BQN1RKRB w KQkq - 0 3",
]


@pytest.mark.parametrize("fen", CASTLING_960)
def test_chess960_game_with_castling(engine, fen):
    # python-chess manages UCI_Chess960 itself (configuring it raises EngineError): a board
    # with chess960=True makes it send `setoption name UCI_Chess960 value true`.
    board = chess.Board(fen, chess960=True)
    castle = next(m for m in board.legal_moves if board.is_castling(m))
    # The engine must play castling in king-takes-rook form when it is the only root move...
    result = engine.play(board, chess.engine.Limit(depth=4), root_moves=[castle])
    assert result.move == castle
    board.push(result.move)
    # ...and then play on, understanding the castled position the GUI sends it.
    clock = {chess.WHITE: 3.0, chess.BLACK: 3.0}
    while not board.is_game_over(claim_draw=True) and board.ply() < 80:
        limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                   white_inc=0.05, black_inc=0.05)
        start = time.monotonic()
        result = engine.play(board, limit, info=chess.engine.INFO_BASIC)
        clock[board.turn] -= charged_time(time.monotonic() - start, result.info.get("time"))
        assert clock[board.turn] > 0
        clock[board.turn] += 0.05
        assert result.move in board.legal_moves
        board.push(result.move)


def test_wdl_when_enabled(engine):
    engine.configure({"UCI_ShowWDL": True})
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=6))
    wdl = info.get("wdl")
    assert wdl is not None
    assert sum(wdl.relative) == 1000
