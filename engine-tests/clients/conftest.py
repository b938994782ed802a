"""Shared helpers for the tests that drive the built `tvilling` binary through real clients.

The binary comes from $TVILLING (the Makefile sets it to the release build).
"""
import os
import queue
import subprocess
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TVILLING = os.environ.get("TVILLING", str(ROOT / "target" / "release" / "tvilling"))


# The clock tests charge the engine with the time it reports for its search (its last
# `info` line): that is the time its time management controls. What the client library and
# the pipes add on top is bounded apart, per move, by this many seconds: milliseconds on an
# idle machine, far less than this on a loaded two-core one, and still enough to catch an
# engine that reports a short search but answers late.
LATENCY_LIMIT = 2.0


def charged_time(wall, reported):
    """The seconds to charge for one move that took `wall` seconds at the client and
    `reported` seconds by the engine's own account (None: it reported none, as for a
    search too short to time, counted as 0)."""
    reported = reported or 0.0
    assert wall - reported < LATENCY_LIMIT, (
        f"answered {wall - reported:.3f} s after a search of {reported:.3f} s")
    return reported


@pytest.fixture(scope="session")
def tvilling():
    """Path of the engine binary under test."""
    assert Path(TVILLING).exists(), f"build the engine first: {TVILLING} is missing"
    return TVILLING


class LineProcess:
    """A raw line-protocol conversation with the engine (UCI or Hub).

    A reader thread queues every stdout line so tests can wait for a pattern with a timeout
    instead of blocking forever on a silent engine.
    """

    def __init__(self, args):
        self.proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, predicate, timeout=10.0):
        """Returns the first line satisfying predicate; fails on timeout or EOF."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out; last lines: {self.seen[-10:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"engine closed stdout; last lines: {self.seen[-10:]}")
            self.seen.append(line)
            if predicate(line):
                return line

    def expect_prefix(self, prefix, timeout=10.0):
        return self.expect(lambda l: l.startswith(prefix), timeout)

    def collect_until(self, prefix, timeout=10.0):
        """All lines up to and including the first starting with prefix."""
        start = len(self.seen)
        self.expect_prefix(prefix, timeout)
        return self.seen[start:]

    def quiet_for(self, prefix, seconds):
        """True when no line starting with prefix arrives within seconds."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return True
            if line is None:
                raise AssertionError("engine closed stdout")
            self.seen.append(line)
            if line.startswith(prefix):
                return False

    def alive(self):
        return self.proc.poll() is None

    def close(self):
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def move_key(text):
    """A Hub move (`32-28`, `28x19x23`, captured squares in any order) as from, to and the
    sorted captured squares: the identity of a move in both Hub and DXP."""
    squares = [int(s) for s in text.replace("x", "-").split("-")]
    return squares[0], squares[1], tuple(sorted(squares[2:]))


def legal_keys(board):
    """The legal moves of a pydraughts board, as `move_key`s."""
    return {move_key(move.hub_move) for move in board.legal_moves()}


def done_move(line):
    """The move of a Hub `done move=X [ponder=Y]` line."""
    fields = dict(tok.split("=", 1) for tok in line.split()[1:] if "=" in tok)
    return fields["move"]
