"""Hub through py-draughts' client, which sends only the current position each move.

py-draughts 1.10.1 has a client bug (docs/protocols/hub.md §9): `_read_line` selects on the
pipe and then reads through Python's buffer, so a burst of lines stalls it. We patch the
client, not the engine, exactly as the protocol notes describe.
"""
import os
from pathlib import Path

from draughts import StandardBoard, HubEngine
from draughts.engines import hub as hub_module

ROOT = Path(__file__).resolve().parents[2]
TVILLING = os.environ.get("TVILLING", str(ROOT / "target" / "release" / "tvilling"))


def _read_line(self, timeout=1.0):
    line = self.process.stdout.readline()
    return line.strip() if line else None


hub_module.HubEngine._read_line = _read_line


def test_game_through_py_draughts():
    with HubEngine(TVILLING, time_limit=0.1) as engine:
        board = StandardBoard()
        plies = 0
        while not board.game_over and plies < 80:
            move = engine.get_best_move(board)
            assert move in list(board.legal_moves)
            board.push(move)
            plies += 1
        assert plies >= 20
