"""The builds `make dist` ships, checked on CPUs older than this machine's.

The Linux builds run under Debian's qemu-user with the CPU models below: each does the UCI
handshake, searches as many `bench` nodes as the native build, and plays the same moves and
the same draughts search. The Windows builds cannot be run on another CPU (Wine runs on this
one), so their instructions are read with objdump instead, as the Linux x86-64 builds' are:
nothing beyond their CPU level may appear outside the functions chosen at run time.

Run by `make portable-test`: $TVILLING is the native build, the reference;
$TVILLING_PORTABLE the folder with the builds, named as scripts/build/portable.sh names them
(`.exe` for Windows); $TVILLING_PORTABLE_BUILDS the builds to check, every one of which must
be there.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import chess
import chess.engine
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "bench"))
import bench_compare  # noqa: E402  (the draughts searches `scripts/bench/bench_compare.py` times)

NATIVE = os.environ.get("TVILLING", str(ROOT / "target" / "release" / "tvilling"))
FOLDER = Path(os.environ.get("TVILLING_PORTABLE", ROOT / "target" / "portable" / "bin"))
BUILDS = os.environ.get("TVILLING_PORTABLE_BUILDS", "").split()

# TCG (qemu without KVM) cannot emulate these Haswell features and warns about each at every
# start; none is visible to a user program.
HASWELL = "Haswell,-pcid,-x2apic,-tsc-deadline,-hle,-invpcid,-rtm"
# Each Linux build, with the CPUs it must run on. Nehalem (2008) has SSE4.2 and POPCNT but
# no AVX: the plain NNUE loops run. Haswell (2013) has AVX2 but not AVX-512, which TCG
# lacks too: the AVX2 loops run. The Cortex-A53 (Raspberry Pi 3) is the first ARMv8-A.
EMULATED = {
    "linux-x86-64-v2": [("qemu-x86_64", "Nehalem"), ("qemu-x86_64", HASWELL)],
    "linux-x86-64-v3": [("qemu-x86_64", HASWELL)],
    "linux-aarch64": [("qemu-aarch64", "cortex-a53")],
}
# Functions that may hold instructions beyond a build's level: the NNUE loops chosen at run
# time (src/nnue/simd), by the level of their instructions.
DISPATCHED = {
    "x86-64-v2": ("tvilling::nnue::simd::avx2::", "tvilling::nnue::simd::avx512::"),
    "x86-64-v3": ("tvilling::nnue::simd::avx512::",),
}
READ = {
    "linux-x86-64-v2": "x86-64-v2",
    "linux-x86-64-v3": "x86-64-v3",
    "windows-x86-64-v2": "x86-64-v2",
    "windows-x86-64-v3": "x86-64-v3",
}

BENCH_DEPTH = 6
GAME_PLIES = 8
GAME_DEPTH = 5
DRAUGHTS_DEPTH = 8


def binary(build):
    path = FOLDER / (build + ".exe" if build.startswith("windows") else build)
    assert path.is_file(), f"{path} is missing: make portable-test builds it"
    return path


def runs():
    return [
        pytest.param(build, emulator, cpu, id=f"{build}-{cpu.split(',')[0]}")
        for build in BUILDS
        for emulator, cpu in EMULATED.get(build, [])
    ]


def reads():
    return [build for build in BUILDS if build in READ]


def test_every_build_is_checked():
    assert BUILDS, "set TVILLING_PORTABLE_BUILDS (make portable-test does)"
    unknown = [b for b in BUILDS if b not in EMULATED and b not in READ]
    assert not unknown, f"no check for {unknown}"


@pytest.mark.parametrize("build,emulator,cpu", runs())
def test_uci_handshake(build, emulator, cpu):
    out = subprocess.run(
        [emulator, "-cpu", cpu, str(binary(build))],
        input="uci\nisready\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.startswith("id name tvilling") for line in lines), lines
    assert "uciok" in lines and lines[-1] == "readyok", lines


def bench_nodes(command):
    out = subprocess.run(
        command + ["bench", str(BENCH_DEPTH)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return int(re.search(r"Nodes searched: (\d+)", out.stdout).group(1))


@pytest.mark.parametrize("build,emulator,cpu", runs())
def test_bench_nodes_equal_native(build, emulator, cpu):
    emulated = bench_nodes([emulator, "-cpu", cpu, str(binary(build))])
    assert emulated == bench_nodes([NATIVE])


def game(command):
    """The moves of a short game the engine plays against itself, a fixed depth a move."""
    board = chess.Board()
    engine = chess.engine.SimpleEngine.popen_uci(command, timeout=120)
    try:
        for _ in range(GAME_PLIES):
            move = engine.play(board, chess.engine.Limit(depth=GAME_DEPTH)).move
            assert move in board.legal_moves, f"{move} in {board.fen()}"
            board.push(move)
    finally:
        engine.quit()
    return [move.uci() for move in board.move_stack]


@pytest.mark.parametrize("build,emulator,cpu", runs())
def test_game_moves_equal_native(build, emulator, cpu):
    assert game([emulator, "-cpu", cpu, str(binary(build))]) == game([NATIVE])


@pytest.mark.parametrize("build,emulator,cpu", runs())
def test_draughts_nodes_equal_native(build, emulator, cpu, tmp_path):
    # bench_compare's draughts searches run the binary itself: a script in its place runs
    # it under the emulator.
    wrapper = tmp_path / "emulated"
    wrapper.write_text(f'#!/bin/sh\nexec {emulator} -cpu "{cpu}" "{binary(build)}" "$@"\n')
    wrapper.chmod(0o755)
    emulated, _ = bench_compare.draughts_bench(str(wrapper), DRAUGHTS_DEPTH)
    native, _ = bench_compare.draughts_bench(NATIVE, DRAUGHTS_DEPTH)
    assert emulated == native


def beyond(level, raw, mnemonic):
    """Whether an instruction (its bytes as objdump prints them, its mnemonic) needs more than
    `level`. EVEX (AVX-512) starts with 0x62 and VEX (AVX, AVX2, BMI, FMA) with 0xc4 or 0xc5:
    in 64-bit code these bytes begin nothing else. LZCNT and MOVBE came with x86-64-v3. TZCNT
    is not flagged: it is the encoding the compiler gives BSF, which an older CPU runs as BSF."""
    codes = raw.split()
    while codes and codes[0] in ("67", "2e", "3e", "26", "36", "64", "65"):
        codes = codes[1:]
    first = codes[0] if codes else ""
    if first == "62":
        return True
    return level == "x86-64-v2" and (first in ("c4", "c5") or mnemonic in ("lzcnt", "movbe"))


@pytest.mark.parametrize("build", reads())
def test_instructions_within_level(build):
    level = READ[build]
    listing = subprocess.run(
        ["objdump", "-d", "-C", "-w", str(binary(build))],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    function, found, allowed = "?", {}, 0
    for line in listing.splitlines():
        head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if head:
            function = head.group(1)
            continue
        fields = line.split("\t")
        if len(fields) < 3 or not fields[2].strip():
            continue
        mnemonic = fields[2].split()[0]
        if not beyond(level, fields[1], mnemonic):
            continue
        if function.startswith(DISPATCHED[level]):
            allowed += 1
        else:
            found.setdefault(function, set()).add(mnemonic)
    assert not found, f"{len(found)} functions beyond {level}: " + "; ".join(
        f"{f[:100]}: {sorted(m)[:5]}" for f, m in list(found.items())[:10]
    )
    # The run-time-dispatched loops are in the binary, and the check recognises them.
    assert allowed > 0, "no vector loops found: are the symbols stripped?"
