"""LAN play in the app: host and join dialogs over loopback, the lobby, moves reaching the host."""

from __future__ import annotations

import os
import socket

import pytest
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.net.discovery import Advert
from se4x_qt.shell import lan
from tests.helpers.lan_questions import answer, leave_box
from tests.helpers.shell import make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

SHOTS = os.environ.get("SE4X_LAN_SHOTS")  # a folder: the dialogs are also saved as PNG


class QuietAdvertiser:
    """No multicast in the GUI tests (discovery has its own tests)."""

    def __init__(self, advert: Advert) -> None:
        self.advert, self.error = advert, None

    def start(self) -> None: ...

    def stop(self) -> None: ...


class FakeBrowser:
    adverts_found: list[Advert] = []

    def __init__(self, on_change) -> None:
        self.on_change, self.error = on_change, None

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def adverts(self) -> list[Advert]:
        return list(self.adverts_found)


def on_lan(window) -> bool:
    """The window shows a game on a LAN host (its driver reads the connection's table)."""
    return window.session is not None and window.session.connection is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def shot(widget, name: str) -> None:
    if SHOTS:
        widget.grab().save(os.path.join(SHOTS, f"{name}.png"))


@pytest.fixture
def lan_game(qtbot, monkeypatch):
    """Ann hosts (seat 0 here, seat 1 remote); Bob joins from a second window; both ready."""
    monkeypatch.setattr(lan, "Advertiser", QuietAdvertiser)
    port = free_port()
    host_window = make_window(qtbot)
    host_window.act_host.trigger()
    dialog = host_window.lan_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.findChild(QLineEdit, "game_name").setText("Friday game")
    dialog.findChild(QSpinBox, "port").setValue(port)
    dialog.findChild(QLineEdit, "password").setText("sesame")
    dialog.findChild(QLineEdit, "name0").setText("Ann")
    assert dialog.findChild(QComboBox, "kind1").currentData() == lan.REMOTE_HUMAN
    shot(dialog, "host_dialog")
    monkeypatch.setattr(lan.HostDialog, "_choose_save", lambda self: None)
    dialog.accept()
    host_lobby = host_window.lan_lobby
    qtbot.waitUntil(lambda: host_lobby.connection.seats == [0], timeout=5000)
    host_key = host_lobby.connection.owned_host.server.fingerprint  # the data folder's key
    assert host_key and host_lobby.security.text() == f"Encrypted. Host key {host_key}"

    join_window = make_window(qtbot)
    FakeBrowser.adverts_found = [Advert("Friday game", "localhost", port, 2, 1, True)]
    join = lan.join_game(join_window, FakeBrowser)
    qtbot.waitUntil(join.isVisible)
    assert join.games.count() == 1 and "Friday game" in join.games.item(0).text()
    join.games.setCurrentRow(0)
    assert join.address.text() == f"localhost:{port}"
    join.name.setText("Bob")
    join.password.setText("sesame")
    shot(join, "join_dialog")
    join.accept()
    join_lobby = join_window.lan_lobby
    qtbot.waitUntil(lambda: join_lobby.connection.seats == [1], timeout=5000)
    qtbot.waitUntil(lambda: set(host_lobby.ready_boxes) == {0}
                    and host_lobby.connection.lobby.seats[1].name == "Bob", timeout=5000)
    join_lobby.chat_line.setText("hello Ann")
    join_lobby._send_chat()
    qtbot.waitUntil(lambda: "hello Ann" in host_lobby.chat_view.toPlainText(), timeout=5000)
    shot(host_lobby, "lobby")
    host_lobby.ready_boxes[0].setChecked(True)
    qtbot.waitUntil(lambda: 1 in join_lobby.ready_boxes, timeout=5000)
    join_lobby.ready_boxes[1].setChecked(True)
    qtbot.waitUntil(lambda: on_lan(host_window) and on_lan(join_window), timeout=5000)
    core = host_lobby.connection.owned_host.core
    yield host_window, join_window, core
    for window in (join_window, host_window):
        window.lan_connection.close()


def join_from_dialog(qtbot, window, port: int, name: str, password: str = ""):
    """File > Join LAN Game: the game listed at ``port`` chosen, ``name`` and ``password``
    typed, Join pressed; the dialog."""
    FakeBrowser.adverts_found = [Advert("Friday game", "127.0.0.1", port, 2, 1, True)]
    join = lan.join_game(window, FakeBrowser)
    qtbot.waitUntil(join.isVisible)
    join.games.setCurrentRow(0)
    join.name.setText(name)
    join.password.setText(password)
    join.accept()
    return join


def refused_at(join, field: str) -> str:
    """The sentence shown under the Join dialog's ``field`` once it is open again."""
    error = join.field_errors[field]
    return error.text() if join.isVisible() and error.isVisible() else ""


def test_a_wrong_password_returns_to_the_join_dialog_and_is_not_tried_again(qtbot) -> None:
    """The reason at the password field, the address, the name and the games found kept;
    never presented again by itself (toward the host's lockout); corrected, it joins."""
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread

    host = HostThread(new_host({"players": 2, "seed": 1}, password="right"),
                      handshake_timeout=0.3)  # a connection not let in is closed soon
    port = host.start()
    window = make_window(qtbot)
    try:
        join = join_from_dialog(qtbot, window, port, "Eve", "wrong")
        qtbot.waitUntil(lambda: "Wrong game password" in refused_at(join, "password"),
                        timeout=5000)
        shot(join, "join_refused_password")
        assert not window.lan_lobby.isVisible() and window.lan_dialog is join
        assert join.address.text() == f"127.0.0.1:{port}" and join.name.text() == "Eve"
        assert join.games.count() == 1 and "Friday game" in join.games.item(0).text()
        assert join.password.hasFocus() and join.password.selectedText() == "wrong"
        assert join.field_errors["address"].isHidden() and join.message.text() == ""
        assert window.lan_status.text() == ""  # no "LAN ...: disconnected" left behind
        qtbot.wait(1500)  # the host hung up long ago: no new try with the same password
        assert 0.9 < host.core.lockout.failures("127.0.0.1") <= 1  # one guess, earning back
        assert not host.core.seats[0].taken and not window.lan_connection.client.connected
        join.password.setText("right")
        join.accept()
        qtbot.waitUntil(lambda: window.lan_connection.seats == [0], timeout=5000)
        assert host.core.seat_name(0) == "Eve" and window.lan_lobby.isVisible()
    finally:
        window.lan_connection.close()
        host.stop()


def test_a_host_that_cannot_be_reached_is_said_at_the_address(qtbot) -> None:
    window = make_window(qtbot)
    port = free_port()  # nothing listens there
    join = join_from_dialog(qtbot, window, port, "Eve")
    qtbot.waitUntil(lambda: f"Cannot reach 127.0.0.1:{port}" in refused_at(join, "address"),
                    timeout=5000)
    assert "(Connection refused): check the address" in refused_at(join, "address")
    assert join.address.hasFocus() and join.name.text() == "Eve"
    assert window.lan_connection.ended and not window.lan_lobby.isVisible()


def test_a_name_taken_is_said_at_the_name_field(qtbot) -> None:
    from se4x_core.net.client import BlockingClient
    from se4x_core.net.host import new_host
    from se4x_core.net.protocol import PROTOCOL_VERSION, Join, Welcome
    from se4x_core.net.server import HostThread

    host = HostThread(new_host({"players": 3, "seed": 1}))
    port = host.start()
    ann = BlockingClient("127.0.0.1", port)
    window = make_window(qtbot)
    try:
        ann.send(Join(PROTOCOL_VERSION, name="Ann"))
        assert isinstance(ann.recv_until(Welcome), Welcome)
        join = join_from_dialog(qtbot, window, port, "ann")
        qtbot.waitUntil(lambda: "Ann is already playing" in refused_at(join, "name"),
                        timeout=5000)
        assert join.name.hasFocus() and join.address.text() == f"127.0.0.1:{port}"
        join.name.setText("Bob")
        join.accept()
        qtbot.waitUntil(lambda: window.lan_connection.seats == [1], timeout=5000)
    finally:
        window.lan_connection.close()
        ann.close()
        host.stop()


def test_moves_from_both_windows_are_applied_at_the_host(qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    windows = {0: host_window, 1: join_window}
    assert "LAN" in join_window.lan_status.text()
    for _ in range(12):  # homeworld placement and the first steps of movement
        player = core.game.current_player
        session = windows[player].session
        qtbot.waitUntil(lambda s=session: s.viewer_may_act(), timeout=5000)
        assert not windows[1 - player].session.viewer_may_act()
        before = len(core.game.action_codes)
        legal = session.legal_actions()
        assert [a.code for a in legal] == core.game.legal_codes()
        session.apply(legal[-1])
        assert len(core.game.action_codes) == before + 1
        assert core.game.action_codes[-1] == legal[-1].code
        other = windows[1 - player].session
        qtbot.waitUntil(lambda o=other, n=before + 1: o.table.seq == n, timeout=5000)
        assert other.observation() == core.game.observation(1 - player)
    assert join_window.session.table.phase == core.game.phase
    for window in windows.values():  # no hint: the search needs what only the host knows
        assert not window.act_hint.isEnabled() and "network" in window.act_hint.toolTip()
    shot(join_window, "client_window")


def test_a_refused_action_changes_nothing_at_the_host(qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    player = core.game.current_player
    session = {0: host_window, 1: join_window}[player].session
    qtbot.waitUntil(session.viewer_may_act, timeout=5000)
    before = core.game.to_json()
    with pytest.raises(IllegalActionError):
        session.apply(Action("end_movement"))
    assert core.game.to_json() == before
    assert session.viewer_may_act()  # the screen may still act


def test_explanations_and_refusals_are_the_hosts_words(qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    player = core.game.current_player
    session = {0: host_window, 1: join_window}[player].session
    qtbot.waitUntil(session.viewer_may_act, timeout=5000)
    wrong = Action("end_movement")
    explained = session.table.explain(wrong)
    qtbot.waitUntil(explained.done, timeout=5000)
    assert explained.result() == core.game.explain(wrong)
    refused = session.table.apply(wrong)
    qtbot.waitUntil(refused.done, timeout=5000)
    assert str(refused.exception()) == core.game.explain(wrong)
    right = session.table.explain(session.legal_actions()[0])
    qtbot.waitUntil(right.done, timeout=5000)
    assert right.result() is None


def test_a_planned_path_crosses_the_network_as_one_message(qtbot, lan_game) -> None:
    from se4x_core.net.protocol import Act, Walk, decode_client

    host_window, join_window, core = lan_game
    windows = {0: host_window, 1: join_window}
    sent: list[object] = []
    handle = core.handle

    def spy(conn: int, raw: bytes) -> list:
        sent.append(type(decode_client(raw)))
        return handle(conn, raw)

    core.handle = spy  # type: ignore[method-assign]
    for _ in range(40):  # homeworlds, then the first group that can move
        player = core.game.current_player
        session = windows[player].session
        qtbot.waitUntil(session.viewer_may_act, timeout=5000)
        if core.game.phase == "movement":
            break
        session.apply(session.legal_actions()[0])
    moves = [a for a in session.legal_actions() if a.kind == "move"]
    unit = moves[0].unit
    controller = windows[player].controller
    controller.select_unit(unit)
    target, dirs = next(iter(session.table.reachable(unit).items()))
    assert controller.targets[target] == list(dirs)  # the map lights up the table's paths
    before, sent[:] = len(core.game.action_codes), []
    controller.move_to(target)
    qtbot.waitUntil(lambda: len(core.game.action_codes) == before + len(dirs), timeout=5000)
    assert sent == [Walk] and Act not in sent


def test_a_player_who_restarts_the_app_gets_the_seat_back(qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    port = join_window.lan_connection.port
    join_window.lan_connection.close()
    qtbot.waitUntil(lambda: not core.seats[1].conns, timeout=5000)
    again = make_window(qtbot)
    connection = lan.start_joining(again, lan.JoinChoice("localhost", port, "Bob", "sesame"))
    qtbot.waitUntil(lambda: on_lan(again), timeout=5000)
    assert connection.seats == [1]  # the remembered token, not a new seat
    assert again.session.observation() == core.game.observation(1)
    connection.close()


def test_two_players_share_one_client_with_the_handover_screen(qtbot) -> None:
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread

    host = HostThread(new_host({"players": 3, "seed": 2, "max_rounds": 1}, {2: "rule"}))
    port = host.start()
    window = make_window(qtbot)
    try:
        connection = lan.start_joining(window, lan.JoinChoice("127.0.0.1", port, "Ann",
                                                              seats=2))
        qtbot.waitUntil(lambda: set(window.lan_lobby.ready_boxes) == {0, 1}, timeout=5000)
        for box in window.lan_lobby.ready_boxes.values():
            box.setChecked(True)
        qtbot.waitUntil(lambda: on_lan(window), timeout=5000)
        session = window.session
        assert [seat.kind for seat in session.seats] == ["human", "human", "remote"]
        handovers: list[int] = []
        session.handover_needed.connect(handovers.append)
        turns: list[int] = []
        session.your_turn.connect(turns.append)
        def waiting_here() -> bool:
            current = session.current_player
            return session.viewer_may_act() or (
                current in (0, 1) and session.table.acting() is not None)

        for _ in range(60):
            qtbot.waitUntil(waiting_here, timeout=5000)
            if not session.viewer_may_act():  # the other player here: hand the screen over
                assert handovers[-1] == session.current_player
                session.accept_handover(session.current_player)
            assert session.seats[session.current_player].is_human  # the computer: on the host
            session.apply(session.legal_actions()[0])
            if {0, 1} <= set(handovers):
                break
        assert {0, 1} <= set(handovers) and turns
        assert host.core.game.observation(2)["homeworlds"][2] >= 0  # the computer placed its own
        connection.close()
    finally:
        host.stop()


def test_seats_remembered_from_another_game_are_replaced_once(qtbot) -> None:
    """Tokens this app kept for the game that the host no longer knows: one new seat."""
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread
    from se4x_qt.session.remote import SeatTokens

    host = HostThread(new_host({"players": 3, "seed": 1}))
    port = host.start()
    stale = SeatTokens(host.core.game_id, "Cy")
    stale.save({0: "old-token-a", 2: "old-token-b"})
    stale.release()
    window = make_window(qtbot)
    try:
        connection = lan.start_joining(window, lan.JoinChoice("127.0.0.1", port, "Cy"))
        qtbot.waitUntil(lambda: connection.seats == [0], timeout=5000)
        qtbot.wait(200)
        assert connection.seats == [0] and sum(s.taken for s in host.core.seats) == 1
        assert window.lan_lobby.error.text() == ""
    finally:
        window.lan_connection.close()
        host.stop()


def test_a_second_app_of_the_same_user_never_takes_the_first_ones_seat(qtbot, lan_game,
                                                                       monkeypatch) -> None:
    """Two apps under one user account at one host: each keeps its own seats' tokens
    (per game, per player's name and running app), so the second never rejoins the
    host's seat 0; the
    game is full, which its Join dialog says at the address."""
    host_window, join_window, core = lan_game
    monkeypatch.setattr(lan, "Browser", FakeBrowser)
    port = join_window.lan_connection.port
    assert join_window.lan_connection.tokens.path != host_window.lan_connection.tokens.path
    third = make_window(qtbot)
    connection = lan.start_joining(third, lan.JoinChoice("127.0.0.1", port, "Cy", "sesame"))
    qtbot.waitUntil(lambda: isinstance(third.lan_dialog, lan.JoinDialog) and
                    "Every seat is taken" in refused_at(third.lan_dialog, "address"),
                    timeout=5000)
    assert third.lan_dialog.name.text() == "Cy" and not third.lan_lobby.isVisible()
    assert connection.seats == []
    assert core.seats[0].conns and core.seats[1].conns  # nobody was pushed out
    assert host_window.lan_connection.client.connected
    connection.close()


# -- leaving a LAN game: asked first -----------------------------------------------------
def test_the_host_is_asked_before_new_game_open_quit_host_or_join_and_cancel_keeps_it(
        qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    connection = host_window.lan_connection
    for action in (host_window.act_new, host_window.act_open, host_window.act_quit,
                   host_window.act_host, host_window.act_join,
                   host_window.findChild(type(host_window.act_new), "act_autosave")):
        dialog_before = host_window.lan_dialog
        action.trigger()
        box = leave_box(host_window)
        assert box is not None, action.text()
        assert box.windowTitle() == "End the LAN game?"
        assert box.text() == "End the LAN game?"  # in the box too: macOS shows no title
        assert box.informativeText().startswith("Bob will be disconnected.")
        assert box.findChild(type(box.defaultButton()), "confirm_no").text() == "Cancel"
        shot(box, "end_lan_game")
        answer(qtbot, host_window, "confirm_no")
        assert host_window.isVisible() and host_window.shell.new_game_dialog is None
        assert host_window.lan_dialog is dialog_before
    assert connection.live and connection.owned_host is not None
    assert core.seats[1].conns and join_window.lan_connection.client.connected


def test_a_recent_file_asks_too_and_ending_the_game_stops_the_host(qtbot, lan_game,
                                                                   tmp_path) -> None:
    host_window, join_window, core = lan_game
    host_window.settings.recent_files = [str(tmp_path / "old.se4x")]
    host_window.recent_menu.aboutToShow.emit()  # as opening the menu fills it
    host_window.recent_menu.actions()[0].trigger()
    assert leave_box(host_window).windowTitle() == "End the LAN game?"
    answer(qtbot, host_window, "confirm_no")
    assert host_window.last_message is None  # nothing was opened
    host_window.act_quit.trigger()
    answer(qtbot, host_window, "confirm_yes")
    assert not host_window.isVisible()
    assert not host_window.lan_connection.live and host_window.lan_connection.owned_host is None
    qtbot.waitUntil(lambda: not join_window.lan_connection.client.connected, timeout=5000)


def test_new_game_on_the_host_goes_on_to_the_dialog_once_confirmed(qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    host_window.act_new.trigger()
    answer(qtbot, host_window, "confirm_yes")
    dialog = host_window.shell.new_game_dialog
    assert dialog is not None and dialog.isVisible()  # the game ends when a new one starts
    dialog.reject()
    assert host_window.lan_connection.live  # Cancel in New Game: the LAN game goes on


def test_the_player_who_joined_is_asked_in_words_that_say_the_game_goes_on(qtbot,
                                                                          lan_game) -> None:
    host_window, join_window, core = lan_game
    join_window.act_new.trigger()
    box = leave_box(join_window)
    assert box.windowTitle() == "Leave the LAN game?"
    assert box.text() == "Leave the LAN game?"
    assert "goes on at the host" in box.informativeText() and "rejoin" in box.informativeText()
    answer(qtbot, join_window, "confirm_no")
    join_window.close()
    answer(qtbot, join_window, "confirm_yes")
    assert not join_window.isVisible() and not join_window.lan_connection.live
    assert core.seats[1].taken  # the seat stays at the host, which goes on
    assert host_window.lan_connection.live and host_window.lan_connection.client.connected


# -- undo, and a second click before the host's answer -------------------------------------
def test_undo_says_why_it_is_off_in_a_network_game(qtbot, lan_game) -> None:
    host_window, join_window, core = lan_game
    windows = {0: host_window, 1: join_window}
    session = windows[core.game.current_player].session
    qtbot.waitUntil(session.viewer_may_act, timeout=5000)
    window = windows[core.game.current_player]
    qtbot.waitUntil(lambda: window.act_undo.isEnabled(), timeout=5000)
    reason = "Undo is off in a network game: the host has already shown your move"
    assert window.act_undo.toolTip().startswith(reason)
    assert window.act_undo.statusTip().startswith(reason)
    before = len(core.game.action_codes)
    window.act_undo.trigger()  # as Ctrl+Z does
    assert window.statusBar().currentMessage().startswith(reason)
    assert len(core.game.action_codes) == before


def test_a_second_click_before_the_hosts_answer_leaves_no_stale_message(qtbot,
                                                                       lan_game) -> None:
    host_window, join_window, core = lan_game
    windows = {0: host_window, 1: join_window}
    window = windows[core.game.current_player]
    qtbot.waitUntil(window.session.viewer_may_act, timeout=5000)
    before = len(core.game.action_codes)
    legal = window.session.legal_actions()
    window.controller.apply(legal[0])
    window.controller.apply(legal[-1])  # a double click: the host has not answered yet
    map_waited = not window.session.viewer_may_act()
    qtbot.waitUntil(lambda: not window.session.table.waiting, timeout=5000)
    qtbot.wait(100)
    assert "waiting" not in window.statusBar().currentMessage()
    assert core.game.action_codes[before:] == [legal[0].code]  # the second was dropped
    assert map_waited  # meanwhile the map offered nothing (a click there did nothing)


def test_a_move_sent_while_the_connection_was_down_does_not_wait_forever(qtbot,
                                                                         lan_game) -> None:
    host_window, join_window, core = lan_game
    windows = {0: host_window, 1: join_window}
    window = windows[core.game.current_player]
    session = window.session
    qtbot.waitUntil(session.viewer_may_act, timeout=5000)
    connection = window.lan_connection
    connection.client.drop()
    qtbot.waitUntil(lambda: "connection lost" in connection.status, timeout=5000)
    lost = session.table.apply(session.table.legal_actions()[0])  # into the void
    qtbot.waitUntil(lambda: "reconnected" in connection.status, timeout=10_000)
    qtbot.waitUntil(lost.done, timeout=5000)
    assert "choose again" in str(lost.exception())
    qtbot.waitUntil(session.viewer_may_act, timeout=5000)  # it may act again
    before = len(core.game.action_codes)
    session.apply(session.legal_actions()[0])
    assert len(core.game.action_codes) == before + 1


def test_seat_tokens_go_back_to_their_players_whichever_app_starts_first() -> None:
    """Two apps of one user at one game, Ann at seat 0 and Bob at seat 1, both quit; if
    Bob's app starts first it must get Bob's token, not the first slot's (Ann's)."""
    from se4x_qt.session.remote import SeatTokens

    for name, seat in (("Ann", 0), ("Bob", 1)):
        tokens = SeatTokens("feedface", name)
        tokens.save({seat: f"token-of-{name}"})
        tokens.release()
    bob_first = SeatTokens("feedface", " bob ")  # as the Join dialog may give it
    ann_second = SeatTokens("feedface", "Ann")
    try:
        assert bob_first.load() == {1: "token-of-Bob"}
        assert ann_second.load() == {0: "token-of-Ann"}
        also_bob = SeatTokens("feedface", "Bob")  # a second app under the same name
        assert also_bob.load() == {} and also_bob.path != bob_first.path
        also_bob.release()
    finally:
        bob_first.release()
        ann_second.release()


def test_the_lobby_shows_the_host_key_players_compare(qtbot) -> None:
    """Both lobbies show the host key's fingerprint (the host's own and the joiner's
    are the same), as SSH shows a host key."""
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread

    host = HostThread(new_host({"players": 2, "seed": 1}))
    port = host.start()
    window = make_window(qtbot)
    try:
        join_from_dialog(qtbot, window, port, "Eve")
        qtbot.waitUntil(lambda: window.lan_connection.seats == [0], timeout=5000)
        fingerprint = host.server.fingerprint
        assert fingerprint.startswith("SHA256:")
        assert window.lan_lobby.security.text() == f"Encrypted. Host key {fingerprint}"
        shot(window.lan_lobby, "lobby_encrypted")
    finally:
        window.lan_connection.close()
        host.stop()


def test_a_host_with_another_key_for_a_joined_game_is_refused_until_trusted(qtbot) -> None:
    """Joined once (the key pinned), the game's host comes back with another key: the
    Join dialog says so at the address and offers to trust the new key; nothing joins
    until the player ticks it."""
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread
    from se4x_qt.session.remote import known_hosts

    first = HostThread(new_host({"players": 3, "seed": 1}))
    port = first.start()
    game_id = first.core.game_id
    window = make_window(qtbot)
    try:
        join_from_dialog(qtbot, window, port, "Eve")
        qtbot.waitUntil(lambda: window.lan_connection.seats == [0], timeout=5000)
        assert known_hosts().pinned(game_id) == first.server.fingerprint
        window.lan_connection.close()
    finally:
        first.stop()
    moved = new_host({"players": 3, "seed": 1})
    moved.game_id = game_id
    second = HostThread(moved)
    port = second.start()
    try:
        join = join_from_dialog(qtbot, window, port, "Eve")
        qtbot.waitUntil(lambda: "pretending" in refused_at(join, "address"), timeout=5000)
        assert join.trust_new_key.isVisible() and not join.trust_new_key.isChecked()
        assert not moved.seats[0].taken and not moved.seats[1].taken
        shot(join, "join_refused_host_key")
        join.trust_new_key.setChecked(True)
        join.accept()
        qtbot.waitUntil(lambda: window.lan_connection.seats != [], timeout=5000)
        assert known_hosts().pinned(game_id) == second.server.fingerprint
    finally:
        window.lan_connection.close()
        second.stop()


def test_plain_text_is_joined_only_when_the_player_asks(qtbot) -> None:
    """A host serving in plain text is refused with the reason; ticked, the join works
    and the lobby warns that the game can be read."""
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread

    host = HostThread(new_host({"players": 2, "seed": 1}), plain=True)
    port = host.start()
    window = make_window(qtbot)
    try:
        join = join_from_dialog(qtbot, window, port, "Eve")
        qtbot.waitUntil(lambda: "does not speak encrypted se4x" in refused_at(join, "address"),
                        timeout=5000)
        assert not host.core.seats[0].taken
        join.plain.setChecked(True)
        join.accept()
        qtbot.waitUntil(lambda: window.lan_connection.seats == [0], timeout=5000)
        assert window.lan_lobby.security.text().startswith("Not encrypted")
    finally:
        window.lan_connection.close()
        host.stop()
