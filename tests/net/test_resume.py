"""A client dropped mid-battle rejoins with its token; a host restarts from its autosave."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from se4x_core.errors import SaveFormatError
from se4x_core.net.client import BlockingClient, ClientThread
from se4x_core.net.host import HostCore, new_host, recover
from se4x_core.net.protocol import PROTOCOL_VERSION, Error, Join, Rejoin, Update, Welcome
from se4x_core.net.store import journal_path, read_journal
from se4x_core.phases import COMBAT_PHASES
from tests.helpers.netplay import CONFIG, BotClient, local_game, start_host

pytestmark = pytest.mark.fast

BATTLE = dict(CONFIG, seed=3)  # heuristic bots fight in round 1 of this game


def wait_for(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def disk_snapshot(save) -> tuple[str, list]:
    """The checkpoint and its journal as one instant left them, read while the host runs.

    The host writes a checkpoint, then starts a new journal after it; two reads may
    straddle that, so the pair is read again until the checkpoint did not change
    around the journal's read (a checkpoint newer than its journal recovers the same
    game: the journal's older records are in it)."""
    while True:
        text = save.read_text()
        records = read_journal(journal_path(save))
        if save.read_text() == text:
            return text, records


class BattleQuitter(BotClient):
    """Plays until its seat must decide in a battle, then pulls the cable."""

    def _play(self) -> None:
        while True:
            message = self.client.recv()
            self.received.append(message)
            if isinstance(message, Update) and message.legal and \
                    message.observation["phase"] in COMBAT_PHASES:
                self.client.sock.close()
                return
            if isinstance(message, Update) and message.legal:
                from se4x_core.actions import Action
                legal = [Action.from_code(c) for c in message.legal]
                action = self.bots[message.seat].step(message.observation, legal)
                from se4x_core.net.protocol import Act
                self.client.send(Act(message.seat, message.seq, action.code))


def test_a_client_killed_mid_battle_rejoins_and_the_game_ends_as_locally() -> None:
    core = new_host(BATTLE)
    host, port = start_host(core)
    quitter = BattleQuitter(port, {0: "heuristic"}, BATTLE)
    other = BotClient(port, {1: "heuristic"}, BATTLE)
    try:
        for client in (quitter, other):
            client.take_seats()
            client.start()
        quitter.join(60)
        assert not quitter.is_alive()
        token = quitter.client.tokens[0]
        wait_for(lambda: not core.seats[0].conns)
        seq = len(core.game.action_codes)
        assert core.game.phase in COMBAT_PHASES and core.game.current_player == 0
        assert not core.seats[0].conns  # the host saw the drop and kept the seat
        # a stranger cannot take the seat, the token can
        stranger = BlockingClient("127.0.0.1", port)
        stranger.send(Join(PROTOCOL_VERSION, seat=0))
        assert stranger.recv_until(Error).code == "seat"
        back = BotClient(port, {0: "heuristic"}, BATTLE)
        back.bots = quitter.bots  # the same bot, its memory intact
        back.client.send(Rejoin(PROTOCOL_VERSION, token))
        welcome = back.client.recv_until(Welcome)
        assert welcome.seat == 0 and welcome.token == token
        update = back.client.recv_until(Update)
        assert update.seq == seq and update.legal  # the current position: nothing lost
        assert update.observation == core.game.observation(0)
        back.received.append(update)
        from se4x_core.actions import Action
        from se4x_core.net.protocol import Act
        action = back.bots[0].step(update.observation, [Action.from_code(c)
                                                         for c in update.legal])
        back.client.send(Act(0, update.seq, action.code))
        back.start()
        back.join(60)
        other.join(60)
        assert core.game.is_over
        local = local_game(BATTLE, {0: "heuristic", 1: "heuristic"})
        assert core.game.to_json() == local.to_json()
        assert other.errors == [] and back.errors == []
    finally:
        host.stop()


def test_the_threaded_client_reconnects_by_itself() -> None:
    core = new_host(CONFIG, {1: "rule"})
    host, port = start_host(core)
    got: list = []
    arrived = threading.Condition()

    def on_message(message: object) -> None:
        with arrived:
            got.append(message)
            arrived.notify_all()

    def on_status(_text: str) -> None:
        with arrived:
            arrived.notify_all()

    client = ClientThread("127.0.0.1", port, on_message, on_status, retry=0.05)
    client.start()
    try:
        with arrived:
            assert arrived.wait_for(lambda: client.connected, 5)
        client.send(Join(PROTOCOL_VERSION, seat=0))
        from se4x_core.net.protocol import Ready
        client.send(Ready(0))
        with arrived:
            assert arrived.wait_for(lambda: any(isinstance(m, Update) for m in got), 5)
        count = len(got)
        client.drop()
        with arrived:
            assert arrived.wait_for(lambda: sum(isinstance(m, Welcome) for m in got[count:]) == 1
                                    and isinstance(got[-1], Update), 5)
        assert got[-1].observation == core.game.observation(0)
    finally:
        client.stop()
        host.stop()


@pytest.mark.slow
def test_the_host_restarts_from_its_autosave_with_the_same_seats(tmp_path) -> None:
    save = tmp_path / "host.se4x"
    core = new_host(CONFIG, {1: "heuristic"})
    host, port = start_host(core, autosave=save)
    client = BotClient(port, {0: "heuristic"}, CONFIG)
    client.stop_after = 60
    client.take_seats()
    client.start()
    client.join(60)
    token = client.client.tokens[0]
    wait_for(lambda: not core.seats[0].conns)
    text, records = disk_snapshot(save)  # as a crash would leave them
    assert len(text) > 1000 and len(records) > 1
    host.stop()
    assert token not in text and token not in journal_path(save).read_text(errors="replace")
    restarted = recover(text, records)  # only the token's hash is saved
    assert restarted.game == core.game and restarted.game.to_json() == core.game.to_json()
    assert [s.kind for s in restarted.seats] == ["human", "computer"]
    assert not restarted.started  # it resumes once the seats are back and ready
    host2, port2 = start_host(restarted, autosave=save)
    try:
        back = BotClient(port2, {0: "heuristic"}, CONFIG)
        back.bots = client.bots
        back.client.send(Join(PROTOCOL_VERSION, seat=0))
        assert back.client.recv_until(Error).code == "seat"  # the seat is still held
        back.client.send(Rejoin(PROTOCOL_VERSION, token))
        assert back.client.recv_until(Welcome).seat == 0
        back.start()  # no Ready needed: a game under way resumes once every player is back
        back.join(60)
        assert restarted.game.is_over and back.errors == []
        played = core.game.action_codes
        assert restarted.game.action_codes[:len(played)] == played
        assert len(restarted.game.action_codes) > len(played)
        # what is on the disk, checkpoint and journal: the finished game
        final = recover(*disk_snapshot(save))
        assert final.game.to_json() == restarted.game.to_json()
    finally:
        host2.stop()


def test_a_tampered_autosave_is_refused(tmp_path) -> None:
    core = new_host(CONFIG, {1: "rule"})
    for _ in range(30):
        core.apply(core.game.legal_actions()[0])
    doc = json.loads(core.save_text())
    doc["actions"][-1] = doc["actions"][-2]
    with pytest.raises(SaveFormatError):
        HostCore.from_save(json.dumps(doc))


def test_a_client_that_gives_up_never_retries_a_connection_not_accepted() -> None:
    """With on_failed, a host that cannot be reached is reported once, never retried: a
    join the player must correct is not presented again by itself."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    failures: list[str] = []
    statuses: list[str] = []
    client = ClientThread("127.0.0.1", port, lambda _m: None, statuses.append, retry=0.05,
                          on_failed=failures.append)
    client.start()
    client._thread.join(5)
    assert not client._thread.is_alive()  # it ended by itself
    assert len(failures) == 1 and f"cannot reach 127.0.0.1:{port}" in failures[0]
    assert not any("retrying" in text for text in statuses)
    client.stop()


@pytest.mark.parametrize(("plain", "words"), [
    (True, "closed the connection without answering"),
    (False, "does not speak encrypted se4x")])
def test_a_client_that_gives_up_does_not_retry_a_host_that_hangs_up_unanswered(
        plain: bool, words: str) -> None:
    """Something listens at the address but closes without an se4x answer: reported once."""
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def hang_up() -> None:
        connection, _ = server.accept()
        connection.close()

    threading.Thread(target=hang_up, daemon=True).start()
    failures: list[str] = []
    client = ClientThread("127.0.0.1", port, lambda _m: None, lambda _t: None, retry=0.05,
                          on_failed=failures.append, plain=plain)
    try:
        client.start()
        client._thread.join(5)
        assert not client._thread.is_alive() and len(failures) == 1
        assert words in failures[0]
    finally:
        client.stop()
        server.close()
