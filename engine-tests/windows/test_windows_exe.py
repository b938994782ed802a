"""tvilling.exe under Wine, driven the way a Windows GUI drives it: the UCI handshake, a
game on a clock, `stop` during an infinite search, `quit`, and SyzygyPath given with a
drive letter.

Run by `make windows-test` (not part of `make test`: Wine takes a while to set up). The
.exe comes from $TVILLING_EXE, the Wine prefix from $WINEPREFIX.
"""
import os
import shutil
import subprocess
import time
from pathlib import Path

import chess
import chess.engine
import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXE = Path(os.environ.get("TVILLING_EXE", ROOT / "tvilling.exe"))
SYZYGY = ROOT.parent / "shared" / "syzygy"
ENV = dict(os.environ, WINEDEBUG="-all", WINEARCH="win64")


@pytest.fixture(scope="module")
def command(tmp_path_factory):
    """The command line that starts the .exe under Wine, from a folder of its own."""
    assert shutil.which("wine"), "wine is missing: apt-get install wine wine64"
    assert EXE.is_file(), f"build the .exe first (make windows): {EXE} is missing"
    # The first start of a prefix sets it up (tens of seconds); do it before any timing.
    subprocess.run(["wine", "cmd", "/c", "exit"], env=ENV, check=True, timeout=300,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = tmp_path_factory.mktemp("windows")
    shutil.copy(EXE, folder / "tvilling.exe")
    prefix = Path(ENV.get("WINEPREFIX", Path.home() / ".wine"))
    if not (prefix / "drive_c/windows/system32/bcryptprimitives.dll").exists():
        print("this Wine lacks bcryptprimitives.dll: the stand-in goes beside the .exe")
        subprocess.run(
            ["x86_64-w64-mingw32-gcc", "-O2", "-shared", "-o",
             str(folder / "bcryptprimitives.dll"), str(HERE / "bcryptprimitives.c"),
             "-ladvapi32"],
            check=True,
        )
    return ["wine", str(folder / "tvilling.exe")]


@pytest.fixture
def engine(command):
    engine = chess.engine.SimpleEngine.popen_uci(command, timeout=60, env=ENV)
    yield engine
    engine.quit()


def test_handshake(engine):
    print(f"id name {engine.id['name']}")
    assert engine.id["name"].startswith("tvilling")
    for option in ["Hash", "Threads", "SyzygyPath", "Move Overhead"]:
        assert option in engine.options, option


def test_a_game_on_a_clock(engine):
    board = chess.Board()
    clocks = {chess.WHITE: 10.0, chess.BLACK: 10.0}
    increment = 0.1
    while not board.is_game_over() and board.ply() < 40:
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
            white_inc=increment, black_inc=increment,
        )
        started = time.monotonic()
        move = engine.play(board, limit).move
        clocks[board.turn] -= time.monotonic() - started
        assert clocks[board.turn] > 0, f"lost on time at ply {board.ply()}"
        clocks[board.turn] += increment
        assert move in board.legal_moves, f"illegal {move} in {board.fen()}"
        board.push(move)
    print(f"{board.ply()} plies, clocks left {clocks[chess.WHITE]:.1f} s and "
          f"{clocks[chess.BLACK]:.1f} s: {' '.join(m.uci() for m in board.move_stack)}")
    assert board.ply() >= 20


def test_stop_ends_an_infinite_search(engine):
    board = chess.Board()
    with engine.analysis(board) as analysis:
        time.sleep(1.0)
        stopped = time.monotonic()
        analysis.stop()
        best = analysis.wait()
    latency = time.monotonic() - stopped
    print(f"bestmove {best.move} {latency * 1000:.0f} ms after stop")
    assert best.move in board.legal_moves
    assert latency < 2.0


def raw_session(command, lines, timeout=60):
    """Sends `lines` and the end of input; returns stdout lines and the exit code."""
    done = subprocess.run(command, input="\n".join(lines) + "\n", env=ENV, text=True,
                          capture_output=True, timeout=timeout)
    return done.stdout.splitlines(), done.returncode


def test_quit_exits_cleanly(command):
    out, code = raw_session(command, ["uci", "isready", "go depth 30", "quit"])
    assert "uciok" in out and "readyok" in out
    assert any(line.startswith("bestmove ") for line in out), out
    assert code == 0


@pytest.mark.skipif(not SYZYGY.is_dir(), reason=f"no Syzygy tables at {SYZYGY}")
def test_syzygy_path_with_a_drive_letter(command):
    # Wine shows the Linux root as drive Z:, the engine's working drive.
    path = "Z:" + str(SYZYGY.resolve()).replace("/", "\\")
    out, code = raw_session(command, [
        f"setoption name SyzygyPath value {path}",
        "position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
        "tbprobe",
        "quit",
    ])
    print("\n".join(out))
    assert "info string SyzygyPath: 35 WDL and 35 DTZ tables, up to 4 pieces" in out
    assert "info string tb wdl 2 dtz 17" in out
    assert code == 0
