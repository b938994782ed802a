#!/usr/bin/env python3
"""Generate the chess perft suites in engine-tests/data/ (counts from Stockfish).

Positions: well-known perft positions and hand-made tactical corner cases (standard),
random playouts from the start position (python-chess, fixed seed), a sample of the 960
Chess960 start positions plus every start position where castling is legal on move one
(king and rook swap squares), random playouts from Chess960 starts, and random positions
with bare kings and rooks on the first rank and enemy sliders (castling through attack).

Counts: Stockfish 15.1 (`/usr/games/stockfish`), `setoption name UCI_Chess960 value
true|false`, `position fen FEN`, `go perft D`, reading `Nodes searched: N`. Depths run from
1 upward, at least to 4, and on to 5 or 6 while the next count is predicted under 12M.

Usage: python3 engine-tests/data/gen_chess_perft_suites.py   (needs python-chess; about a minute)
"""

import random
import subprocess
from pathlib import Path

import chess

STOCKFISH = "/usr/games/stockfish"
LIMIT = 12_000_000

HANDMADE = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    # en passant: pinned capturer, discovered checks, check evasions
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/8/K1pP3r/8/8/8/4k3 w - c6 0 1",
    "8/8/8/8/k1pP3Q/8/8/4K3 b - d3 0 1",
    "8/8/8/8/1k1Pp2R/8/8/4K3 b - d3 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "8/8/3k4/3p4/8/3PK3/8/8 w - - 0 1",
    "4k3/8/8/8/4pP2/8/8/4K2B b - f3 0 1",
    # promotions, with and out of check
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "n1n5/1Pk5/8/8/8/8/5Kp1/5N1N w - - 0 1",
    "1r2k3/P7/8/8/8/8/7p/4K1R1 w - - 0 1",
    "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    # castling through, into and out of attack
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 0 1",
    "r3k2r/8/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2r w Qkq - 0 1",
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "r3k2r/p6p/8/B7/1pp1p3/3b4/P6P/R3K2R w KQkq - 0 1",
    "r3k2r/pb3p2/5npp/n2p4/1p1PPB2/6P1/P2N1PBP/R3K2R w KQkq - 0 1",
    # stalemate, self-stalemate and pawn endings
    "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
    "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
    "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
    "8/p7/8/1P6/K1k3p1/6P1/7P/8 w - - 0 1",
    "8/5p2/8/2k3P1/p3K3/8/1P6/8 b - - 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
    "k7/8/8/8/8/8/8/K6R w - - 0 1",
]

# Chess960 corner cases written by hand (Shredder-FEN and X-FEN castling fields).
HANDMADE_960 = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    "1r1k2r1/8/8/8/8/8/8/1R1K2R1 w GBgb - 0 1",
    "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1",
    "4k3/8/8/8/8/8/8/r1RK4 w C - 0 1",
    "4k3/8/8/8/8/8/8/2r1KR2 w F - 0 1",
    "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1",
    "k7/8/8/8/8/8/3q4/4KRR1 w G - 0 1",
    "r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1",
    "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1",
    "1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1",
    "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
    "r2k2r1/8/8/8/8/8/8/R2K2R1 w GAga - 0 1",
    "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "5rkr/8/8/8/8/8/8/5RKR w HFhf - 0 1",
    "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1",
    "b3k3/8/8/8/8/8/8/R2K3R w HA - 0 1",
    "3rkr2/8/8/8/8/8/8/3RKR2 w FDfd - 0 1",
]


def is_swap_start(board):
    """True when some castling is legal on move one (king and rook trade squares)."""
    return any(board.is_castling(m) for m in board.legal_moves)


class Stockfish:
    def __init__(self):
        self.proc = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.mode = None

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth, chess960):
        if self.mode != chess960:
            self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
            self.mode = chess960
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched").split(":")[1])


def counts(sf, fen, chess960):
    out = []
    depth = 1
    while depth <= 6:
        n = sf.perft(fen, depth, chess960)
        out.append((depth, n))
        if n == 0:
            break
        if depth >= 4:
            prev = out[-2][1] if len(out) > 1 else 1
            if n * max(n / max(prev, 1), 1.0) > LIMIT:
                break
        depth += 1
    return out


def playout(rng, board, plies):
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def synthetic_960(rng):
    """Bare kings and castling rooks on random files plus a few random attackers."""
    while True:
        files = sorted(rng.sample(range(8), 3))
        board = chess.Board(None, chess960=True)
        for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
            board.set_piece_at(chess.square(files[0], rank), chess.Piece(chess.ROOK, color))
            board.set_piece_at(chess.square(files[1], rank), chess.Piece(chess.KING, color))
            board.set_piece_at(chess.square(files[2], rank), chess.Piece(chess.ROOK, color))
        for _ in range(rng.randint(1, 3)):
            sq = chess.square(rng.randrange(8), rng.randrange(1, 7))
            if board.piece_at(sq) is None:
                board.set_piece_at(sq, chess.Piece(rng.choice([chess.ROOK, chess.BISHOP, chess.QUEEN,
                                                               chess.KNIGHT]), rng.choice([True, False])))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        board.set_castling_fen("AHah".replace("A", "ABCDEFGH"[files[0]].upper())
                               .replace("H", "ABCDEFGH"[files[2]].upper())
                               .replace("a", "abcdefgh"[files[0]]).replace("h", "abcdefgh"[files[2]]))
        if board.is_valid():
            return board


def main():
    rng = random.Random(20261122)
    standard = []
    for fen in HANDMADE:
        board = chess.Board(fen)
        assert board.is_valid(), fen
        standard.append((fen, "handmade"))
    for i in range(70):
        board = playout(rng, chess.Board(), rng.randint(6, 90))
        standard.append((board.fen(), f"playout {i}"))

    c960 = []
    for fen in HANDMADE_960:
        board = chess.Board(fen, chess960=True)
        assert board.is_valid(), fen
        c960.append((fen, "handmade"))
    swap = [n for n in range(960) if is_swap_start(chess.Board.from_chess960_pos(n))]
    sample = sorted(set(range(0, 960, 24)) | set(swap))
    for n in sample:
        board = chess.Board.from_chess960_pos(n)
        fen = board.shredder_fen() if n % 2 else board.fen()
        c960.append((fen, f"start {n}" + (" castling on move one" if n in swap else "")))
    for i in range(35):
        board = playout(rng, chess.Board.from_chess960_pos(rng.randrange(960)), rng.randint(4, 40))
        fen = board.shredder_fen() if i % 2 else board.fen()
        c960.append((fen, f"playout {i}"))
    for i in range(20):
        board = synthetic_960(rng)
        c960.append((board.shredder_fen(), f"castling rooks {i}"))

    sf = Stockfish()
    header = __doc__.strip().splitlines()
    for name, positions, chess960 in (("chess_perft_standard.txt", standard, False),
                                      ("chess_perft_960.txt", c960, True)):
        with open(Path(__file__).resolve().parent / name, "w") as f:
            for line in header:
                f.write(f"# {line}".rstrip() + "\n")
            f.write("# Format: FEN ;D1 n1 ;D2 n2 ... # origin\n")
            for fen, origin in positions:
                parts = " ".join(f";D{d} {n}" for d, n in counts(sf, fen, chess960))
                f.write(f"{fen} {parts} # {origin}\n")
        print(name, len(positions))


if __name__ == "__main__":
    main()
