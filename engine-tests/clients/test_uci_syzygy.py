"""Syzygy tables through UCI, checked against python-chess's own prober.

- `tbprobe` must give python-chess's WDL and DTZ for hundreds of random positions of the
  3- and 4-piece material sets;
- won KRvK and KQvKR endings must end in mate against the tables' best defence, within the
  fifty-move rule;
- a drawn KRvKR where almost every move loses must not be lost against the tables' best
  attack.

The KRvK table committed in `engine-tests/data/syzygy` serves the tests that need no
other, so they run in any checkout. The others need the 3- and 4-piece set in
`shared/syzygy` beside the repository: without it they are skipped, saying where they
looked, except in CI (`CI=true`), where they fail.
"""
import os
import random

import chess
import chess.engine
import chess.syzygy
import pytest

from conftest import ROOT, LineProcess

SYZYGY = ROOT.parent / "shared" / "syzygy"
FIXTURE = ROOT / "engine-tests" / "data" / "syzygy"

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


def shared_tables():
    """The shared 3- and 4-piece set: a skip where it is missing, a failure under CI."""
    if SYZYGY.is_dir():
        return SYZYGY
    if os.environ.get("CI") == "true":
        pytest.fail(f"{SYZYGY} is missing; with CI=true that is a failure, not a skip")
    pytest.skip(f"no Syzygy tables at {SYZYGY}")


@pytest.fixture(scope="module")
def tables():
    with chess.syzygy.open_tablebase(str(shared_tables())) as tb:
        yield tb


@pytest.fixture(scope="module")
def krvk():
    with chess.syzygy.open_tablebase(str(FIXTURE)) as tb:
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


def probe_lines(tvilling, fens, path, loaded):
    """The engine's `tbprobe` answer for each FEN with the tables at `path`, whose loading
    it must report as `loaded`."""
    p = LineProcess([tvilling])
    try:
        p.send(f"setoption name SyzygyPath value {path}")
        p.expect_prefix(f"info string SyzygyPath: {loaded}")
        answers = []
        for fen in fens:
            p.send(f"position fen {fen}")
            p.send("tbprobe")
            answers.append(p.expect_prefix("info string tb "))
        return answers
    finally:
        p.close()


def disagreements(tvilling, tables, boards, path, loaded):
    """The boards whose `tbprobe` answer differs from python-chess's probe of `tables`."""
    answers = probe_lines(tvilling, [b.fen() for b in boards], path, loaded)
    wrong = []
    for board, answer in zip(boards, answers):
        wdl = tables.probe_wdl(board)
        # A finished game has no move to zero with: the engine says 0.
        dtz = 0 if board.is_game_over() else tables.probe_dtz(board)
        expected = f"info string tb wdl {wdl} dtz {dtz}"
        if answer != expected:
            wrong.append(f"{board.fen()}: engine '{answer}', python-chess '{expected}'")
    print(f"{len(boards) - len(wrong)} of {len(boards)} positions agree")
    return wrong


def test_wdl_and_dtz_agree_with_python_chess(tvilling, tables):
    rng = random.Random(20261124)
    boards = [
        random_board(rng, material)
        for material in MATERIALS
        for _ in range(POSITIONS_PER_MATERIAL)
    ]
    boards += [chess.Board(fen) for fen in EN_PASSANT]
    loaded = "35 WDL and 35 DTZ tables, up to 4 pieces"
    wrong = disagreements(tvilling, tables, boards, SYZYGY, loaded)
    assert not wrong, "\n".join(wrong[:20])
    assert len(boards) >= 600


def test_the_committed_krvk_agrees_with_python_chess(tvilling, krvk):
    rng = random.Random(20261128)
    boards = [random_board(rng, "R") for _ in range(POSITIONS_PER_MATERIAL)]
    loaded = "1 WDL and 1 DTZ tables, up to 3 pieces"
    wrong = disagreements(tvilling, krvk, boards, FIXTURE, loaded)
    assert not wrong, "\n".join(wrong[:20])


def test_positions_outside_the_tables_say_why(tvilling):
    answers = probe_lines(
        tvilling,
        [
            chess.STARTING_FEN,
            "8/8/8/4k3/8/8/8/KR1nr3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        ],
        FIXTURE,
        "1 WDL and 1 DTZ tables, up to 3 pieces",
    )
    assert answers == [
        "info string tb none: castling rights: not in the tables",
        "info string tb none: 5 pieces, the tables hold at most 3",
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


def play(tvilling, fen, opponent, tables, path, max_plies):
    """The engine (White, with the tables at `path`) against `opponent` from `fen`, 20,000
    nodes a move."""
    board = chess.Board(fen)
    engine = chess.engine.SimpleEngine.popen_uci(tvilling)
    try:
        engine.configure({"SyzygyPath": str(path)})
        while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
            if board.turn == chess.WHITE:
                board.push(engine.play(board, chess.engine.Limit(nodes=20_000)).move)
            else:
                board.push(opponent(board, tables))
    finally:
        engine.quit()
    return board


@pytest.mark.parametrize(
    "fen, dtz, committed",
    [
        ("R7/8/8/8/3k4/8/8/7K w - - 0 1", 31, True),
        ("KQ6/8/1r6/2k5/8/8/8/8 w - - 0 1", 57, False),
    ],
)
def test_won_endings_are_converted_to_mate(tvilling, request, fen, dtz, committed):
    tables = request.getfixturevalue("krvk" if committed else "tables")
    path = FIXTURE if committed else SYZYGY
    assert tables.probe_wdl(chess.Board(fen)) == 2
    assert tables.probe_dtz(chess.Board(fen)) == dtz
    board = play(tvilling, fen, best_defence, tables, path, 300)
    moves = " ".join(m.uci() for m in board.move_stack)
    assert board.is_checkmate() and board.turn == chess.BLACK, f"no mate: {board.fen()} after {moves}"
    print(f"{fen}: mate in {board.ply()} plies: {moves}")


def test_drawn_krvkr_is_held(tvilling, tables):
    # White to move: 15 of 16 legal moves lose.
    fen = "8/8/8/6r1/8/5k1K/4R3/8 w - - 0 1"
    assert tables.probe_wdl(chess.Board(fen)) == 0
    board = play(tvilling, fen, best_attack, tables, SYZYGY, 80)
    replay = chess.Board(fen)
    for move in board.move_stack:
        replay.push(move)
        if replay.turn == chess.BLACK:
            assert tables.probe_wdl(replay) <= 0, f"lost after {replay.move_stack}: {replay.fen()}"
    assert not (board.is_checkmate() and board.turn == chess.WHITE)
