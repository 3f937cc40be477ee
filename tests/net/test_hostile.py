"""A hostile client against the host, one attack per test (loopback only, bounded).

Each test is one way the host was attacked with a raw client (malformed
frames, passwords, resource exhaustion, hidden information, crashes) and the
behaviour that now holds; the numbers in the names are the issue's points.
Every loop is bounded in count, every wait in time.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_core.net import server as server_module
from se4x_core.net.client import BlockingClient, Rebuilder
from se4x_core.net.host import FREE_TRIES, HostCore, new_host, recover
from se4x_core.net.protocol import (
    HEADER,
    NAME_LIMIT,
    PROTOCOL_VERSION,
    Act,
    Acts,
    Chat,
    ChatLine,
    Error,
    Explain,
    Explained,
    Hello,
    Hosting,
    Join,
    Lobby,
    Ready,
    Rejoin,
    Update,
    Walk,
    Welcome,
    encode,
    frame,
)
from se4x_core.net.server import HostServer, HostThread
from se4x_core.net.store import encode_record, journal_path, read_journal
from tests.helpers.netplay import CONFIG, raw_connection

pytestmark = pytest.mark.fast


def start(core: HostCore, **options: Any) -> tuple[HostThread, int]:
    host = HostThread(core, **options)
    return host, host.start()


def silent_for(sock: socket.socket, seconds: float) -> bool:
    """True if ``sock`` receives nothing (and is not closed) for ``seconds``."""
    sock.settimeout(seconds)
    try:
        return not sock.recv(1) and False
    except TimeoutError:
        return True


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """True if the host closes ``sock`` within ``seconds`` (whatever it sent before)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if not sock.recv(65536):
                return True
        except TimeoutError:
            return False
        except OSError:
            return True
    return False


def seated(port: int, seat: int, password: str = "") -> BlockingClient:
    client = BlockingClient("127.0.0.1", port)
    client.send(Join(PROTOCOL_VERSION, name=f"p{seat}", seat=seat, password=password))
    assert isinstance(client.recv_until(Welcome), Welcome)
    return client


# -- 1: nothing before joining ------------------------------------------------------------
@pytest.mark.parametrize("password", ["sesame", ""])
def test_1_a_connection_that_has_not_joined_hears_nothing(password: str) -> None:
    """No lobby (player names), no chat, no update before a right Hello/Join/Rejoin."""
    core = new_host(dict(CONFIG), {1: "rule"}, password=password)
    host, port = start(core)
    try:
        stranger = socket.create_connection(("127.0.0.1", port))
        ann = seated(port, 0, password)
        ann.send(Chat("meet at hex 12"))
        assert ann.recv_until(ChatLine).text == "meet at hex 12"
        ann.send(Ready(0))
        assert isinstance(ann.recv_until(Update), Update)
        assert silent_for(stranger, 0.5)  # not a byte: no names, no chat, no game
        wrong = BlockingClient("127.0.0.1", port)
        wrong.send(Hello(PROTOCOL_VERSION, "guess" if password else "x"))
        if password:
            assert wrong.recv().code == "password"  # type: ignore[union-attr]
            ann.send(Chat("still secret"))
            assert silent_for(wrong.sock, 0.3)
        else:
            assert isinstance(wrong.recv(), Hosting)  # no password: anybody may join
        stranger.close()
        wrong.close()
        ann.close()
    finally:
        host.stop()


# -- 2: bounded output -------------------------------------------------------------------
class _Transport:
    def __init__(self, size: int) -> None:
        self.size, self.aborted = size, False

    def get_write_buffer_size(self) -> int:
        return self.size

    def abort(self) -> None:
        self.aborted = True


class _Writer:
    def __init__(self, size: int) -> None:
        self.transport = _Transport(size)
        self.written = 0

    def is_closing(self) -> bool:
        return self.transport.aborted

    def write(self, data: bytes) -> None:
        self.written += len(data)
        self.transport.size += len(data)


def test_2_a_connection_over_its_output_limit_is_dropped_not_the_host() -> None:
    server = HostServer(new_host(dict(CONFIG)), max_output=10_000)
    slow, quick = _Writer(9_990), _Writer(0)
    server._writers = {1: slow, 2: quick}  # type: ignore[dict-item]
    line = ChatLine("Ann", "x" * 100)
    server._deliver([(1, line), (2, line)])
    assert slow.transport.aborted and not quick.transport.aborted
    assert server.dropped_slow == 1
    server._deliver([(1, line)])  # a dropped connection is sent nothing more
    assert slow.written == len(frame(encode(line)))


class DedicatedHost:
    """``se4x host`` in a child process (the memory a real host uses)."""

    def __init__(self, *argv: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "se4x_core.devtools.cli", "host", "--port", "0", "--bind",
             "127.0.0.1", "--no-advertise", *argv], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert found, line
        self.port = int(found.group(1))

    def rss(self) -> int:
        text = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+) kB", text).group(1)) * 1024  # type: ignore[union-attr]

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        _out, err = self.proc.communicate(timeout=30)
        return err


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_2_ten_sockets_that_never_read_and_a_chat_flood_do_not_grow_the_host(
        tmp_path: Path) -> None:
    """The attack that grew the host from 35 to 167 MB in 3 s: now flat."""
    host = DedicatedHost("--players", "2", "--computer", "1=rule", "--seed", "1",
                         "--autosave", str(tmp_path / "a.se4x"))
    try:
        readers = []
        for _ in range(10):
            sock = raw_connection(host.port, receive_buffer=4096)
            sock.sendall(frame(encode(Hello(PROTOCOL_VERSION))))
            readers.append(sock)  # joined, and never reads again
        flooder = raw_connection(host.port)
        flooder.sendall(frame(encode(Join(PROTOCOL_VERSION, name="Eve"))))
        time.sleep(0.3)
        before = host.rss()
        line = frame(encode(Chat("spam " * 90)))
        deadline = time.monotonic() + 3.0
        sent = 0
        flooder.settimeout(0.01)
        while time.monotonic() < deadline and sent < 200_000:
            try:
                flooder.sendall(line * 50)
                sent += 50
                flooder.recv(1 << 20)  # it reads its refusals ("slow down")
            except (TimeoutError, BlockingIOError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
                pass
        grown = host.rss() - before
        assert sent > 1000
        assert grown < 16 << 20, f"the host grew by {grown >> 20} MB"
        good = BlockingClient("127.0.0.1", host.port)
        good.send(Hello(PROTOCOL_VERSION))
        assert isinstance(good.recv_until(Hosting), Hosting)  # still serving
        for sock in readers + [flooder, good.sock]:
            sock.close()
    finally:
        host.stop()


# -- 3: the connection cap cannot lock a player out ---------------------------------------
def test_3_idle_sockets_time_out_and_a_seats_rejoin_always_finds_room() -> None:
    core = new_host(dict(CONFIG), {1: "rule"})
    host, port = start(core, handshake_timeout=1.0)
    try:
        ann = seated(port, 0)
        token = ann.tokens[0]
        ann.close()
        idle = [socket.create_connection(("127.0.0.1", port))
                for _ in range(server_module.MAX_PENDING + 8)]
        back = BlockingClient("127.0.0.1", port)  # while every waiting place is taken
        back.send(Rejoin(PROTOCOL_VERSION, token))
        assert back.recv_until(Welcome).seat == 0
        assert all(closed_within(sock, 3.0) for sock in idle)  # the handshake timeout
        for sock in idle:
            sock.close()
        assert core.joined(max(core.connections()))
        back.close()
    finally:
        host.stop()


def test_3_joined_connections_without_a_seat_are_capped_but_seats_are_not() -> None:
    from se4x_core.net.host import MAX_WATCHERS

    core = new_host({"players": 2, "seed": 1})
    for conn in range(1, MAX_WATCHERS + 1):
        core.handle(conn, encode(Hello(PROTOCOL_VERSION)))
    (_, refusal), = core.handle(99, encode(Hello(PROTOCOL_VERSION)))
    assert isinstance(refusal, Error) and refusal.code == "full"
    out = core.handle(99, encode(Join(PROTOCOL_VERSION, name="Bo")))
    assert isinstance(out[0][1], Welcome)  # a seat never waits for room


# -- 4: malformed input is refused quietly -------------------------------------------------
def test_4_invalid_utf8_is_a_protocol_error_and_the_log_cannot_flood(caplog) -> None:
    core = new_host(dict(CONFIG))
    bad_name = b"\x83\xa4kind\xa4join\xa7version\x02\xa4name\xa3\xff\xfe\xfd"
    (_, reply), = core.handle(1, bad_name)
    assert isinstance(reply, Error) and reply.code == "malformed"
    host, port = start(core)
    try:
        stranger = BlockingClient("127.0.0.1", port)  # not joined: one refusal, then goodbye
        stranger.send_raw(frame(bad_name) * 3)
        assert stranger.recv().code == "malformed"  # type: ignore[union-attr]
        assert closed_within(stranger.sock, 3.0)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="se4x_core.net.server"):
            client = BlockingClient("127.0.0.1", port)
            client.send(Hello(PROTOCOL_VERSION))
            client.recv_until(Lobby)
            for _ in range(1000):
                client.send_raw(frame(bad_name))
            replies = [client.recv() for _ in range(1000)]
            client.close()
            time.sleep(0.2)
        assert all(isinstance(r, Error) and r.code == "malformed" for r in replies)
        assert not any("Traceback" in r.getMessage() or r.exc_info for r in caplog.records)
        assert len(caplog.records) <= server_module.LOG_BURST + 1
    finally:
        host.stop()


# -- 5: password guessing ------------------------------------------------------------------
def test_5_password_guesses_are_locked_out_per_address() -> None:
    now = [1000.0]
    game = Game.new_game({"players": 2, "seed": 1})
    core = HostCore(game, [type(s)() for s in new_host({"players": 2, "seed": 1}).seats],
                    password="sesame", clock=lambda: now[0])
    codes = []
    for guess in range(200):
        conn = guess + 1  # a new connection per guess does not help
        core.connect(conn, "192.168.1.66")
        (_, reply), = core.handle(conn, encode(Hello(PROTOCOL_VERSION, f"guess{guess}")))
        codes.append(reply.code)  # type: ignore[union-attr]
    assert codes.count("password") == FREE_TRIES and codes.count("locked") == 200 - FREE_TRIES
    core.connect(500, "192.168.1.66")
    (_, reply), = core.handle(500, encode(Hello(PROTOCOL_VERSION, "sesame")))
    assert reply.code == "locked"  # type: ignore[union-attr]
    core.connect(501, "192.168.1.7")  # another address is not punished
    assert isinstance(core.handle(501, encode(Hello(PROTOCOL_VERSION, "sesame")))[0][1],
                      Hosting)
    # each further failure doubles the wait: ~20 guesses an hour at most
    checked = 0
    for _ in range(100):
        now[0] += 3600 / 100
        core.connect(600, "192.168.1.66")
        (_, reply), = core.handle(600, encode(Hello(PROTOCOL_VERSION, "nope")))
        checked += reply.code == "password"  # type: ignore[union-attr]
    assert checked <= 20


# -- 6: names --------------------------------------------------------------------------------
def test_6_names_and_chat_lose_control_and_format_characters() -> None:
    core = new_host({"players": 2, "seed": 1})
    evil = "\x1b[2J\x1b[31mEve\u202e\u200d\x00\u2028lyn" + "x" * 100
    out = core.handle(1, encode(Join(PROTOCOL_VERSION, name=evil)))
    lobby = next(m for _, m in out if isinstance(m, Lobby))
    name = lobby.seats[0].name
    assert name == ("[2J[31mEvelyn" + "x" * 100)[:NAME_LIMIT]
    assert len(name) == NAME_LIMIT
    out = core.handle(1, encode(Chat("hi\x07\u202eyou\x00\x1b[0m")))
    assert out[0][1] == ChatLine(name, "hiyou[0m")
    out = core.handle(1, encode(Chat("\x00\u202e")))
    assert out == []  # nothing left to say


# -- 7: crashes --------------------------------------------------------------------------------
def test_7_a_torn_journal_tail_is_cut_off_and_never_misread(tmp_path: Path) -> None:
    path = tmp_path / "j"
    records = [{"t": "base", "game_id": "g", "n": 0}] + [
        {"t": "act", "n": n, "c": 1000 + n} for n in range(5)]
    whole = b"".join(encode_record(r) for r in records)
    extra = encode_record({"t": "act", "n": 5, "c": 1005})
    for torn in (extra[:3], extra[:9], extra[:-1], extra[:-1] + b"X",
                 extra[:8] + b"[" + extra[9:]):
        path.write_bytes(whole + torn)
        assert read_journal(path) == records
        assert path.read_bytes() == whole  # cut where the whole records end
    flipped = bytearray(whole)
    flipped[-2] ^= 1  # a damaged last record: its CRC fails
    path.write_bytes(bytes(flipped))
    assert read_journal(path) == records[:-1]


def test_7_every_accepted_action_is_on_the_disk_before_it_is_answered(tmp_path: Path) -> None:
    save = tmp_path / "host.se4x"
    core = new_host(dict(CONFIG))
    written: list[int] = []
    host, port = start(core, autosave=save, checkpoint_interval=3600.0)
    try:
        clients = [seated(port, seat) for seat in (0, 1)]
        for seat, client in enumerate(clients):
            client.send(Ready(seat))
        latest: dict[int, Update] = {}
        for _ in range(80):
            for seat, client in enumerate(clients):
                while seat not in latest or latest[seat].seq < len(written):
                    message = client.recv()
                    if isinstance(message, Update):
                        latest[seat] = message
            mover = next(s for s, u in latest.items() if u.legal)
            update = latest[mover]
            code = update.legal[-1]
            clients[mover].send(Act(mover, update.seq, code))
            written.append(code)
            while latest[mover].seq < len(written):
                message = clients[mover].recv()
                if isinstance(message, Update):
                    latest[mover] = message
            # the update is here: so is the action, on the disk
            on_disk = recover(save.read_text(), read_journal(journal_path(save), repair=False))
            assert on_disk.game.action_codes == written
    finally:
        host.stop()


def test_7_a_game_started_before_its_first_action_resumes_after_a_crash() -> None:
    """The seats taken and the start are journaled too: back means ready."""
    core = new_host({"players": 2, "seed": 1})
    checkpoint = core.save_text()  # what the server writes when it starts
    records: list[dict[str, Any]] = [{"t": "base", "game_id": core.game_id, "n": 0}]
    core.journal = records.append
    tokens = {}
    for seat in (0, 1):
        tokens[seat] = core.handle(seat + 1, encode(Join(PROTOCOL_VERSION, seat=seat)))[0][1].token
        core.handle(seat + 1, encode(Ready(seat)))
    assert core.started and not core.game.action_codes
    again = recover(checkpoint, records)  # killed here
    out = []
    for seat in (0, 1):
        out += again.handle(seat + 1, encode(Rejoin(PROTOCOL_VERSION, tokens[seat])))
    assert again.started and sum(isinstance(m, Update) for _, m in out) == 2


# -- 8: drops write nothing -------------------------------------------------------------------
@pytest.mark.slow
def test_8_connection_churn_and_drops_write_nothing(tmp_path: Path) -> None:
    save = tmp_path / "host.se4x"
    core = new_host(dict(CONFIG), {1: "rule"})
    host, port = start(core, autosave=save)
    try:
        ann = seated(port, 0)
        time.sleep(0.1)
        stamp = (save.stat().st_mtime_ns, save.stat().st_ino,
                 journal_path(save).stat().st_size)
        for n in range(300):
            sock = raw_connection(port) if n % 3 == 0 else socket.create_connection(
                ("127.0.0.1", port))
            if n % 3 == 0:
                sock.sendall(frame(encode(Hello(PROTOCOL_VERSION))))
            sock.close()
        ann.close()  # a seated player's drop
        deadline = time.monotonic() + 5
        while core.seats[0].conns and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)
        assert (save.stat().st_mtime_ns, save.stat().st_ino,
                journal_path(save).stat().st_size) == stamp
    finally:
        host.stop()


# -- 10: one request for a path, a battle choice, an explanation -------------------------------
def _started(config: dict[str, Any], computers: dict[int, str] | None = None) -> HostCore:
    core = new_host(config, computers)
    for seat in range(config["players"]):
        if seat not in (computers or {}):
            core.handle(seat + 1, encode(Join(PROTOCOL_VERSION, seat=seat)))
            core.handle(seat + 1, encode(Ready(seat)))
    return core


def _to_movement(core: HostCore, steps: int = 1) -> tuple[int, list[int]]:
    """Play on until a group of the player to move can walk ``steps`` hexes or more
    (its fleet given Movement 7 at the start of its turn: up to 3 hexes); returns that
    group and its longest path."""
    from se4x_core.rules.movement import start_turn

    for n in range(600):
        player = core.game.current_player
        if core.game.phase == "movement":
            state = core.game.state
            for unit in range(player * 64, player * 64 + 64):
                state.u_mov[unit] = 7
            start_turn(state, player)
            paths = [(u, p) for u in range(player * 64, player * 64 + 64)
                     for p in core.game.reachable(u).values()]
            if paths and max(len(p) for _, p in paths) >= steps:
                return max(paths, key=lambda up: len(up[1]))
        legal = core.game.legal_codes()
        core.handle(player + 1, encode(Act(player, len(core.game.action_codes),
                                           legal[n * 7 % len(legal)])))
    raise AssertionError("no such movement")


def test_10_a_planned_path_is_one_request_and_stops_where_a_local_one_would() -> None:
    core = _started(dict(CONFIG))
    unit, path = _to_movement(core, steps=3)
    local = core.game.clone()
    player = core.game.current_player
    seq = len(core.game.action_codes)
    out = core.handle(player + 1, encode(Walk(player, seq, unit, list(path))))
    updates = [m for _, m in out if isinstance(m, Update)]
    assert len(updates) == 2 and {u.seat for u in updates} == {0, 1}  # one answer per seat
    local.walk(unit, list(path))
    assert core.game.action_codes == local.action_codes
    assert len(core.game.action_codes) - seq >= 2


def test_10_a_battle_choice_is_all_or_nothing_and_explain_is_the_hosts_word() -> None:
    core = _started(dict(CONFIG))
    _to_movement(core)
    player = core.game.current_player
    seq = len(core.game.action_codes)
    before = core.game.to_json()
    legal = core.game.legal_codes()
    bad = Action("end_movement").code + 5  # not an action at all
    out = core.handle(player + 1, encode(Acts(player, seq, [legal[0], bad])))
    assert out[0][1].code == "illegal" and core.game.to_json() == before  # type: ignore[union-attr]
    out = core.handle(player + 1, encode(Explain(player, seq, bad)))
    assert out == [(player + 1, Explained(player, seq, bad, core.game.explain(bad) or ""))]
    out = core.handle(player + 1, encode(Explain(player, seq, legal[0])))
    assert out[0][1].text == ""  # type: ignore[union-attr]
    out = core.handle(player + 1, encode(Acts(player, seq, [legal[0]])))
    assert len(core.game.action_codes) == seq + 1


def test_10_updates_are_at_most_a_third_of_the_old_bytes_and_rebuild_exactly() -> None:
    """The old update: 14.9 KB (2 players) per seat; now a change of a few hundred bytes."""
    for config in (dict(CONFIG, max_rounds=3), {"players": 4, "seed": 2, "max_rounds": 2}):
        core = new_host(config)
        out: list[Any] = []
        for seat in range(config["players"]):
            out += core.handle(seat + 1, encode(Join(PROTOCOL_VERSION, seat=seat)))
            out += core.handle(seat + 1, encode(Ready(seat)))
        rebuilt = {seat: Rebuilder() for seat in range(config["players"])}
        sizes: list[int] = []
        whole: list[int] = []
        for _ in range(400):
            for _conn, message in out:
                if isinstance(message, Update):
                    sizes.append(len(frame(encode(message))))
                    full = rebuilt[message.seat].rebuild(message)
                    whole.append(len(frame(encode(full))))
                    assert full.observation == core.game.observation(message.seat)
            if core.game.is_over:
                break
            player = core.game.current_player
            legal = core.game.legal_codes()
            out = core.handle(player + 1, encode(Act(player, len(core.game.action_codes),
                                                     legal[len(legal) // 2])))
        old = 14_900 if config["players"] == 2 else 27_800
        mean = sum(sizes) / len(sizes)
        assert mean <= old / 3 and mean <= sum(whole) / len(whole) / 3, (mean, old)


# -- 11: exactly a legal code ----------------------------------------------------------------
def test_11_a_legal_code_with_extra_bits_is_refused_at_the_host() -> None:
    core = _started(dict(CONFIG))
    player = core.game.current_player
    seq = len(core.game.action_codes)
    before = core.game.to_json()
    legal = set(core.game.legal_codes())
    code = min(legal)
    for bad in [code | 1 << bit for bit in range(31) if code | 1 << bit not in legal] + [
            code + (1 << 32), -code]:
        for message in (Act(player, seq, bad), Acts(player, seq, [bad])):
            (_, reply), = core.handle(player + 1, encode(message))
            assert isinstance(reply, Error) and reply.code in ("illegal", "malformed")
    for huge in (1 << 63, (1 << 64) - 1, -(1 << 63)):
        raw = msgspec.msgpack.encode({"kind": "act", "seat": player, "seq": seq, "code": huge})
        (_, reply), = core.handle(player + 1, raw)
        assert reply.code == "illegal"  # type: ignore[union-attr]
    assert core.game.to_json() == before


def test_frames_over_the_limit_still_hang_up_on_the_sender_only() -> None:
    core = new_host(dict(CONFIG))
    host, port = start(core)
    try:
        good = seated(port, 0)
        rude = raw_connection(port)
        rude.sendall(HEADER.pack((1 << 20) + 1))
        assert closed_within(rude, 3.0)
        good.send(Chat("still here"))
        assert good.recv_until(ChatLine).text == "still here"
        good.close()
    finally:
        host.stop()
