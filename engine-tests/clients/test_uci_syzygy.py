"""Syzygy tables through UCI, checked against python-chess's own prober.

- `tbprobe` must give python-chess's WDL and DTZ for hundreds of random positions of the
  3- and 4-piece material sets;
- won KRvK and KQvKR endings must end in mate against the tables' best defence, within the
  fifty-move rule;
- a drawn KRvKR where almost every move loses must not be lost against the tables' best
  attack.

The tables are the 3- and 4-piece set in `shared/syzygy` beside the repository; without it
every test here is skipped, saying where it looked.
"""
import random

import chess
import chess.engine
import chess.syzygy
import pytest

from conftest import ROOT, LineProcess

SYZYGY = ROOT.parent / "shared" / "syzygy"

pytestmark = pytest.mark.skipif(
    not SYZYGY.is_dir(), reason=f"no Syzygy tables at {SYZYGY}"
)

# White's pieces, then Black's (kings aside): every 3- and 4-piece shape once or more.
MATERIALS = [
    "R", "Q", "P", "BN", "NN", "BB", "PP", "RP", "NP",
    "R/R", "Q/R", "P/P", "B/P", "Q/Q", "R/N", "Q/P",
]
POSITIONS_PER_MATERIAL = 40

# Positions with an en-passant capture to make, where probing must see the capture.
EN_PASSANT = [
    "8/8/8/3pP3/8/8/8/k1K5 w - d6 0 1",
    "8/8/8/8/1pP5/8/8/K1k5 b - c3 0 1",
    "8/8/8/8/4Pp2/8/8/K6k b - e3 0 1",
    "8/8/8/2k5/3pP3/8/8/4K3 b - e3 0 1",
]


@pytest.fixture(scope="module")
def tables():
    with chess.syzygy.open_tablebase(str(SYZYGY)) as tb:
        yield tb


def random_board(rng, material):
    """A legal position of `material` with the side to move not giving check."""
    white, _, black = material.partition("/")
    while True:
        board = chess.Board(None)
        pieces = [chess.Piece(chess.KING, chess.WHITE), chess.Piece(chess.KING, chess.BLACK)]
        pieces += [chess.Piece.from_symbol(c) for c in white]
        pieces += [chess.Piece.from_symbol(c.lower()) for c in black]
        for piece, square in zip(pieces, rng.sample(chess.SQUARES, len(pieces))):
            board.set_piece_at(square, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            return board


def probe_lines(tvilling, fens):
    """The engine's `tbprobe` answer for each FEN."""
    p = LineProcess([tvilling])
    try:
        p.send(f"setoption name SyzygyPath value {SYZYGY}")
        p.expect_prefix("info string SyzygyPath: 35 WDL and 35 DTZ tables, up to 4 pieces")
        answers = []
        for fen in fens:
            p.send(f"position fen {fen}")
            p.send("tbprobe")
            answers.append(p.expect_prefix("info string tb "))
        return answers
    finally:
        p.close()


def test_wdl_and_dtz_agree_with_python_chess(tvilling, tables):
    rng = random.Random(20261124)
    boards = [
        random_board(rng, material)
        for material in MATERIALS
        for _ in range(POSITIONS_PER_MATERIAL)
    ]
    boards += [chess.Board(fen) for fen in EN_PASSANT]
    answers = probe_lines(tvilling, [b.fen() for b in boards])
    disagreements = []
    for board, answer in zip(boards, answers):
        wdl = tables.probe_wdl(board)
        # A finished game has no move to zero with: the engine says 0.
        dtz = 0 if board.is_game_over() else tables.probe_dtz(board)
        expected = f"info string tb wdl {wdl} dtz {dtz}"
        if answer != expected:
            disagreements.append(f"{board.fen()}: engine '{answer}', python-chess '{expected}'")
    print(f"{len(boards) - len(disagreements)} of {len(boards)} positions agree")
    assert not disagreements, "\n".join(disagreements[:20])
    assert len(boards) >= 600


def test_positions_outside_the_tables_say_why(tvilling):
    answers = probe_lines(
        tvilling,
        [
            chess.STARTING_FEN,
            "8/8/8/4k3/8/8/8/KR1nr3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        ],
    )
    assert answers == [
        "info string tb none: castling rights: not in the tables",
        "info string tb none: 5 pieces, the tables hold at most 4",
        "info string tb none: castling rights: not in the tables",
    ]


def best_defence(board, tables):
    """The move that keeps the best value for the side to move and, when lost, holds out
    longest (largest distance to zeroing for the winner)."""

    def score(move):
        board.push(move)
        try:
            if board.is_checkmate():
                return (2, 0)
            return (-tables.probe_wdl(board), abs(tables.probe_dtz(board)))
        finally:
            board.pop()

    return max(board.legal_moves, key=score)


def best_attack(board, tables):
    """The move that keeps the best value and leaves the engine the fewest replies that
    do not lose."""

    def score(move):
        board.push(move)
        try:
            if board.is_game_over():
                return (2 if board.is_checkmate() else 0, 0)
            value = -tables.probe_wdl(board)
            safe = 0
            for reply in board.legal_moves:
                board.push(reply)
                safe += tables.probe_wdl(board) <= 0
                board.pop()
            return (value, -safe)
        finally:
            board.pop()

    return max(board.legal_moves, key=score)


def play(tvilling, fen, opponent, tables, max_plies):
    """The engine (White) against `opponent` from `fen`, 20,000 nodes a move."""
    board = chess.Board(fen)
    engine = chess.engine.SimpleEngine.popen_uci(tvilling)
    try:
        engine.configure({"SyzygyPath": str(SYZYGY)})
        while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
            if board.turn == chess.WHITE:
                board.push(engine.play(board, chess.engine.Limit(nodes=20_000)).move)
            else:
                board.push(opponent(board, tables))
    finally:
        engine.quit()
    return board


@pytest.mark.parametrize(
    "fen, dtz",
    [
        ("R7/8/8/8/3k4/8/8/7K w - - 0 1", 31),
        ("KQ6/8/1r6/2k5/8/8/8/8 w - - 0 1", 57),
    ],
)
def test_won_endings_are_converted_to_mate(tvilling, tables, fen, dtz):
    assert tables.probe_wdl(chess.Board(fen)) == 2
    assert tables.probe_dtz(chess.Board(fen)) == dtz
    board = play(tvilling, fen, best_defence, tables, 300)
    moves = " ".join(m.uci() for m in board.move_stack)
    assert board.is_checkmate() and board.turn == chess.BLACK, f"no mate: {board.fen()} after {moves}"
    print(f"{fen}: mate in {board.ply()} plies: {moves}")


def test_drawn_krvkr_is_held(tvilling, tables):
    # White to move: 15 of 16 legal moves lose.
    fen = "8/8/8/6r1/8/5k1K/4R3/8 w - - 0 1"
    assert tables.probe_wdl(chess.Board(fen)) == 0
    board = play(tvilling, fen, best_attack, tables, 80)
    replay = chess.Board(fen)
    for move in board.move_stack:
        replay.push(move)
        if replay.turn == chess.BLACK:
            assert tables.probe_wdl(replay) <= 0, f"lost after {replay.move_stack}: {replay.fen()}"
    assert not (board.is_checkmate() and board.turn == chess.WHITE)
