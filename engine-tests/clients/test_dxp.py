"""DXP (DamExchange over TCP): pydraughts' client as initiator against `tvilling dxp`, our own
initiator against our own follower, and an untrusted peer that sends garbage."""
import socket
import subprocess
import time

import pytest
from draughts import Board, Move, WHITE
from draughts.engine import DXPEngine, HubEngine, Limit

from conftest import legal_keys, move_key


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


@pytest.fixture
def server(tvilling):
    port = free_port()
    proc = subprocess.Popen([tvilling, "dxp", "--listen", f"127.0.0.1:{port}"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    # Probe connections are part of the test: the server must shrug off a peer that leaves.
    wait_listening(port)
    yield port, proc
    proc.kill()
    proc.wait()


def recv_frame(sock, timeout=30.0):
    sock.settimeout(timeout)
    data = b""
    while not data.endswith(b"\0"):
        chunk = sock.recv(1)
        if not chunk:
            raise AssertionError(f"peer closed after {data!r}")
        data += chunk
    return data[:-1].decode("ascii")


def send_frame(sock, text):
    sock.sendall(text.encode("ascii") + b"\0")


def gamereq(colour="Z", minutes=1, moves=50):
    return f"R01{'rawclient':<32}{colour}{minutes:03d}{moves:03d}A"


def assert_legal_dxp_move(frame, board):
    """`frame` is a MOVE whose from, to and captured squares are a legal move on `board`."""
    assert frame.startswith("M") and len(frame) >= 11, frame
    count = int(frame[9:11])
    assert len(frame) == 11 + 2 * count, frame
    captured = tuple(sorted(int(frame[11 + 2 * i:13 + 2 * i]) for i in range(count)))
    assert (int(frame[5:7]), int(frame[7:9]), captured) in legal_keys(board), frame


def test_game_against_pydraughts_client(server, tvilling):
    port, proc = server
    dxp = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port,
                           "initial-time": 120, "max-moves": 60})
    hub = HubEngine([tvilling, "hub"])
    hub.init()
    board = Board("standard", "startpos")
    try:
        while not board.is_over() and len(board.move_stack) < 60:
            if board.turn == WHITE:
                result = hub.play(board, Limit(movetime=0.05), False)
            else:
                result = dxp.play(board)
            if result.move is None:
                break
            assert move_key(result.move.hub_move) in legal_keys(board), result.move.hub_move
            board.push(result.move)
        assert len(board.move_stack) >= 20
        assert proc.poll() is None
    finally:
        dxp.quit()
        hub.quit()
        hub.kill_process()


def test_engine_as_white_moves_first_after_accepting(server):
    port, _ = server
    with socket.create_connection(("127.0.0.1", port)) as s:
        send_frame(s, gamereq(colour="W"))
        acc = recv_frame(s)
        assert acc.startswith("A") and acc[33] == "0"
        assert_legal_dxp_move(recv_frame(s), Board("standard", "startpos"))
        send_frame(s, "E00")
        assert recv_frame(s).startswith("E")


def test_hostile_peer_cannot_take_the_server_down(server):
    port, proc = server
    # Garbage, an oversize frame, half a frame then a disconnect.
    for payload in [b"\x00\x00garbage\x00", b"X" * 5000 + b"\0", b"M00003228", b"\xff\xfe\x00"]:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(payload)
            time.sleep(0.1)
    # An illegal move in a game ends that game cleanly.
    with socket.create_connection(("127.0.0.1", port)) as s:
        send_frame(s, gamereq(colour="Z"))
        assert recv_frame(s)[33] == "0"
        send_frame(s, "M0000322600")  # 32-26 is not a move from the start position
        reply = recv_frame(s)
        while reply.startswith("C"):
            reply = recv_frame(s)
        assert reply.startswith("E")
    # The server survives and serves the next game.
    with socket.create_connection(("127.0.0.1", port)) as s:
        send_frame(s, gamereq(colour="Z"))
        assert recv_frame(s)[33] == "0"
        send_frame(s, "M0000322800")
        board = Board("standard", "startpos")
        board.push(Move(board, hub_move="32-28"))
        assert_legal_dxp_move(recv_frame(s), board)
        send_frame(s, "E01")
        assert recv_frame(s).startswith("E")
    assert proc.poll() is None


def test_our_initiator_plays_our_follower(server, tvilling):
    port, proc = server
    initiator = subprocess.run(
        [tvilling, "dxp", "--connect", f"127.0.0.1:{port}", "--color", "white",
         "--time", "1", "--moves", "30", "--games", "1"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=180)
    assert initiator.returncode == 0, initiator.stderr
    assert proc.poll() is None
