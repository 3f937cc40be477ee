"""SP4X over the LAN in the app: hosted from the LAN window with a remote seat and a
computer seat, joined from a second app, played by clicks in the SP4X window.

A real host runs on localhost (the app's own HostThread) as in test_lan.py.  Ann hosts
(seat 0 here), Bob joins (seat 1), the host's Easy computer player has seat 2.
"""

from __future__ import annotations

import json
import os
import socket

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox

from se4x_core.games.sp4x.actions import Action
from se4x_core.net.discovery import Advert
from se4x_qt.games.sp4x.window import PAGE_PLAY, Sp4xWindow
from se4x_qt.session.seats import HUMAN, Seat
from se4x_qt.shell import lan
from se4x_qt.shell.seats_panel import NewGameChoice
from tests.helpers.lan_questions import answer, leave_box
from tests.helpers.shell import make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

SHOTS = os.environ.get("SE4X_LAN_SHOTS")  # a folder: the lobby and Bob's window as PNG


class QuietAdvertiser:
    """No multicast in the GUI tests (discovery has its own tests)."""

    def __init__(self, advert: Advert) -> None:
        self.advert, self.error = advert, None

    def start(self) -> None: ...

    def stop(self) -> None: ...


class OneGameBrowser:
    """The Join dialog's list of games: the one hosted here."""

    advert: Advert | None = None

    def __init__(self, on_change) -> None:
        self.on_change, self.error = on_change, None

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def adverts(self) -> list[Advert]:
        return [self.advert] if self.advert is not None else []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def shot(widget, name: str) -> None:
    """Save ``widget`` as a PNG (the SP4X window at a laptop's 1366x768) once laid out."""
    if SHOTS:
        if isinstance(widget, Sp4xWindow):
            widget.resize(1366, 768)
        QApplication.processEvents()  # the widgets a refresh added are shown by queued calls
        widget.grab().save(os.path.join(SHOTS, f"{name}.png"))


def same(a, b) -> bool:
    """Equal as the wire carries them (tuples and lists alike)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def sp4x_of(window) -> Sp4xWindow | None:
    """The SP4X window of ``window``'s shell, once it shows a game on a LAN host."""
    sp4x = window.shell.windows.get("sp4x")
    shown = sp4x is not None and sp4x.driver is not None and sp4x.driver.connection is not None
    return sp4x if shown else None


@pytest.fixture
def sp4x_lan(qtbot, monkeypatch):
    """Ann hosts an SP4X game from the LAN window; Bob joins; both ready."""
    monkeypatch.setattr(lan, "Advertiser", QuietAdvertiser)
    port = free_port()
    host_window = make_window(qtbot)
    host_window.act_host.trigger()
    dialog = host_window.lan_dialog
    qtbot.waitUntil(dialog.isVisible)
    game = dialog.findChild(QComboBox, "lan_game")
    game.setCurrentIndex(game.findData("sp4x"))
    assert "SP4X" in dialog.windowTitle() and not dialog.pages["se4x"].isVisible()
    assert dialog.options is dialog.pages["sp4x"]  # SP4X's note: no options to choose
    players = dialog.findChild(QSpinBox, "players")
    assert (players.minimum(), players.maximum()) == (3, 4) and players.value() == 3
    dialog.findChild(QLineEdit, "game_name").setText("Card night")
    dialog.findChild(QSpinBox, "port").setValue(port)
    dialog.findChild(QLineEdit, "name0").setText("Ann")
    kinds = [dialog.findChild(QComboBox, f"kind{p}") for p in range(3)]
    assert kinds[1].currentData() == lan.REMOTE_HUMAN
    assert [kinds[2].itemText(i) for i in range(kinds[2].count())][2:] == [
        "Computer: Easy", "Computer: Normal", "Computer: Hard"]
    kinds[2].setCurrentIndex(kinds[2].findData("easy"))
    shot(dialog, "sp4x_host_dialog")
    dialog.accept()
    host_lobby = host_window.lan_lobby
    qtbot.waitUntil(lambda: host_lobby.connection.seats == [0], timeout=5000)
    core = host_lobby.connection.owned_host.core
    assert core.game_kind == "sp4x" and [s.kind for s in core.seats] == [
        "human", "human", "computer"] and core.seats[2].bot == "easy"

    join_window = make_window(qtbot)
    OneGameBrowser.advert = Advert("Card night", "localhost", port, 3, 1, False)
    join = lan.join_game(join_window, OneGameBrowser)
    qtbot.waitUntil(join.isVisible)
    join.games.setCurrentRow(0)
    join.name.setText("Bob")
    join.accept()
    join_lobby = join_window.lan_lobby
    qtbot.waitUntil(lambda: join_lobby.connection.seats == [1], timeout=5000)
    qtbot.waitUntil(lambda: 0 in host_lobby.ready_boxes and
                    host_lobby.connection.lobby.seats[1].name == "Bob", timeout=5000)
    assert join_lobby.connection.game == "sp4x" and "SP4X" in join_lobby.windowTitle()
    host_lobby.ready_boxes[0].setChecked(True)
    qtbot.waitUntil(lambda: 1 in join_lobby.ready_boxes, timeout=5000)
    shot(join_lobby, "sp4x_lobby")
    join_lobby.ready_boxes[1].setChecked(True)
    qtbot.waitUntil(lambda: sp4x_of(host_window) is not None and
                    sp4x_of(join_window) is not None, timeout=5000)
    ann, bob = sp4x_of(host_window), sp4x_of(join_window)
    for window in (ann, bob):
        qtbot.addWidget(window)
    yield ann, bob, core, (host_window, join_window)
    for window in (join_window, host_window):
        window.lan_connection.close()


def play_until(qtbot, ann: Sp4xWindow, bob: Sp4xWindow, wanted, limit: int = 400) -> None:
    """Ann and Bob take the first legal choice (each through the host) until ``wanted()``;
    the host's computer player plays its own seat."""
    for _ in range(limit):
        qtbot.waitUntil(lambda: wanted() or ann.driver.viewer_may_act()
                        or bob.driver.viewer_may_act(), timeout=10_000)
        if wanted():
            return
        for window in (ann, bob):
            if window.driver.viewer_may_act():
                window.driver.apply(window.driver.legal_actions()[0])
                break
    raise AssertionError("the wanted position never came")


def bob_to_draw(bob: Sp4xWindow):
    return lambda: bob.driver.viewer_may_act() and bob.driver.phase == "draw"


def test_the_client_plays_by_clicks_and_sees_only_its_own_hand(qtbot, sp4x_lan) -> None:
    ann, bob, core, (host_window, join_window) = sp4x_lan
    assert not join_window.isVisible() and bob.isVisible()  # the SP4X window, not the map
    assert "LAN game" in bob.windowTitle() and "Card night" in bob.windowTitle()
    assert not bob.act_save.isEnabled()  # the host keeps the game
    assert [seat.kind for seat in bob.driver.seats] == ["remote", "human", "remote"]
    assert bob.driver.player_names[:2] == ["Ann", "Bob"]
    play_until(qtbot, ann, bob, bob_to_draw(bob))
    assert bob.pages.currentIndex() == PAGE_PLAY
    # only Bob's own observation reached Bob's app, and it is exactly the host's
    assert set(bob.driver.table.updates) == {1}
    qtbot.waitUntil(lambda: bob.driver.table.seq == len(core.game.action_codes),
                    timeout=5000)
    mine = core.game.observation(1)
    assert same(bob.driver.observation(), mine)
    assert {card for card, n in mine["hand"].items() if n} == set(bob.card_buttons)
    assert bob.observation()["viewer"] == 1
    # what the client rebuilt from the host's messages: seat 1's view, no other seat's
    assert set(join_window.lan_connection.client.rebuilder.held) == {1}
    assert sorted(bob.player_panels) == [0, 2]  # the others: hand sizes and what Bob saw
    shot(bob, "sp4x_client_window")
    # a click on an opponent's hand draws from it, at the host
    target = next(a.player for a in bob.legal() if a.kind == "draw")
    before = len(core.game.action_codes)
    qtbot.mouseClick(bob.player_panels[target].hand, Qt.MouseButton.LeftButton,
                     pos=QPoint(12, 20))
    qtbot.waitUntil(lambda: len(core.game.action_codes) > before, timeout=5000)
    assert core.game.actions[before] == Action("draw", player=target)
    qtbot.waitUntil(lambda: bob.driver.table.seq == len(core.game.action_codes),
                    timeout=5000)
    assert same(bob.driver.observation(), core.game.observation(1))
    assert any(text.startswith("Bob drew ") and "a card" not in text
               for text in bob.log_texts())
    assert set(bob.driver.table.updates) == {1}  # still nobody else's view


def test_a_refused_action_is_explained_and_changes_nothing(qtbot, sp4x_lan) -> None:
    ann, bob, core, _windows = sp4x_lan
    play_until(qtbot, ann, bob, bob_to_draw(bob))
    before = core.game.to_json()
    wrong = Action("draw", player=1)  # from Bob's own hand
    reason = core.game.explain(wrong)
    assert reason
    assert bob.act(wrong) is False
    assert bob.message.text() == reason  # the host's words
    assert core.game.to_json() == before
    assert bob.driver.viewer_may_act() and bob.driver.legal_actions()  # Bob may go on
    legal = bob.driver.legal_actions()[0]
    played = len(core.game.action_codes)
    assert bob.act(legal) is True and bob.message.text() == ""
    assert core.game.action_codes[played] == legal.code


@pytest.mark.slow
def test_a_dropped_client_rejoins_with_its_token_and_plays_on(qtbot, sp4x_lan) -> None:
    ann, bob, core, (host_window, join_window) = sp4x_lan
    play_until(qtbot, ann, bob, bob_to_draw(bob))
    connection = join_window.lan_connection
    token = connection.client.tokens[1]
    connection.client.drop()  # a cable pulled: the client reconnects by itself
    qtbot.waitUntil(lambda: "reconnected" in connection.status, timeout=10_000)
    qtbot.waitUntil(lambda: bool(core.seats[1].conns) and bob.driver.viewer_may_act(),
                    timeout=10_000)
    assert connection.client.tokens[1] == token and connection.seats == [1]
    assert "LAN" in bob.statusBar().findChild(type(bob.message), "lan_status").text()
    before = len(core.game.action_codes)
    bob.act(bob.driver.legal_actions()[0])
    assert len(core.game.action_codes) == before + 1

    # the app closed and started again: the remembered token takes the seat back
    port = connection.port
    connection.close()
    qtbot.waitUntil(lambda: not core.seats[1].conns, timeout=5000)
    again = make_window(qtbot)
    rejoined = lan.start_joining(again, lan.JoinChoice("localhost", port, "Bob"))
    qtbot.waitUntil(lambda: sp4x_of(again) is not None, timeout=5000)
    assert rejoined.seats == [1] and sum(s.taken for s in core.seats) == 3
    window = sp4x_of(again)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.driver.table.seq == len(core.game.action_codes),
                    timeout=5000)
    assert same(window.driver.observation(), core.game.observation(1))
    rejoined.close()


def join_host(qtbot, host, port: int, seats: int = 1):
    """A second app joining ``host`` (a HostThread) with ``seats`` players at its screen,
    all ready; its SP4X window once the game starts."""
    window = make_window(qtbot)
    connection = lan.start_joining(window, lan.JoinChoice("127.0.0.1", port, "Cy",
                                                          seats=seats))
    qtbot.waitUntil(lambda: len(window.lan_lobby.ready_boxes) == seats, timeout=5000)
    for box in window.lan_lobby.ready_boxes.values():
        box.setChecked(True)
    qtbot.waitUntil(lambda: sp4x_of(window) is not None, timeout=5000)
    sp4x = sp4x_of(window)
    qtbot.addWidget(sp4x)
    return connection, sp4x


def test_two_players_at_one_client_hand_the_screen_over(qtbot) -> None:
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread
    from se4x_qt.games.sp4x.window import PAGE_HANDOVER

    host = HostThread(new_host({"players": 3, "seed": 4}, {2: "easy"}, game="sp4x"))
    port = host.start()
    try:
        connection, window = join_host(qtbot, host, port, seats=2)
        driver = window.driver
        assert [seat.kind for seat in driver.seats] == ["human", "human", "remote"]
        assert driver.is_computer(2) and not driver.is_computer(0)
        handovers: list[int] = []
        driver.handover_needed.connect(handovers.append)
        for _ in range(200):
            qtbot.waitUntil(lambda: driver.viewer_may_act() or
                            window.pages.currentIndex() == PAGE_HANDOVER, timeout=10_000)
            if window.pages.currentIndex() == PAGE_HANDOVER:
                player = handovers[-1]
                assert driver.current_player == player != driver.viewer
                qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
                qtbot.waitUntil(lambda p=player: driver.viewer == p, timeout=5000)
                assert window.observation()["viewer"] == player  # only now their hand
                break
            window.act(driver.legal_actions()[0])
        assert handovers and set(handovers) <= {0, 1}
        assert set(connection.client.rebuilder.held) <= {0, 1}  # never the computer's view
        connection.close()
    finally:
        host.stop()


@pytest.mark.slow
def test_a_network_game_plays_to_its_end_in_the_window(qtbot) -> None:
    from se4x_core.net.host import new_host
    from se4x_core.net.server import HostThread
    from se4x_qt.games.sp4x.window import PAGE_OVER

    host = HostThread(new_host({"players": 3, "seed": 8}, {1: "easy", 2: "easy"},
                               game="sp4x"))
    port = host.start()
    try:
        connection, window = join_host(qtbot, host, port)
        driver = window.driver
        for _ in range(3000):
            qtbot.waitUntil(lambda: driver.viewer_may_act() or driver.is_over,
                            timeout=20_000)
            if driver.is_over:
                break
            window.act(driver.legal_actions()[0])
        qtbot.waitUntil(lambda: window.pages.currentIndex() == PAGE_OVER, timeout=5000)
        game = host.core.game
        assert game.is_over and driver.observation()["winners"] == game.winners
        assert window.game_over_page.winner_label.text()
        connection.close()
    finally:
        host.stop()


def test_the_host_dialog_switches_between_the_games_and_back(qtbot) -> None:
    dialog = lan.HostDialog()
    qtbot.addWidget(dialog)
    game = dialog.findChild(QComboBox, "lan_game")
    kind = dialog.findChild(QComboBox, "kind2")
    kind.setCurrentIndex(kind.findData("hard"))  # Space Empires' Hard
    game.setCurrentIndex(game.findData("sp4x"))
    assert dialog.seat_count() == 3 and kind.currentData() == "hard"  # SP4X has Hard too
    kind.setCurrentIndex(kind.findData("normal"))
    game.setCurrentIndex(game.findData("se4x"))
    assert "Space Empires" in dialog.windowTitle() and not dialog.options.isHidden()
    assert dialog.players.minimum() == 2 and kind.currentData() == "normal"
    assert [kind.itemData(i) for i in range(kind.count())] == [
        value for _text, value in lan.seat_kinds("se4x")]


# -- leaving the game, and a click before the host's answer -------------------------------
def test_the_hosts_sp4x_window_asks_before_new_game_open_or_close(qtbot, sp4x_lan) -> None:
    ann, bob, core, (host_window, join_window) = sp4x_lan
    for step in (ann.new_game, ann.open_dialog, ann.close):
        step()
        box = leave_box(ann)
        assert box is not None and box.windowTitle() == "End the LAN game?"
        assert box.informativeText().startswith("Bob will be disconnected.")  # no computer
        answer(qtbot, ann, "confirm_no")
        assert ann.isVisible() and host_window.shell.new_game_dialog is None
    assert host_window.lan_connection.live and bob.driver.connection.client.connected
    ann.close()
    answer(qtbot, ann, "confirm_yes")
    assert not ann.isVisible() and not host_window.lan_connection.live
    qtbot.waitUntil(lambda: not bob.driver.connection.client.connected, timeout=5000)


def test_the_joiners_sp4x_window_asks_before_leaving_its_seat(qtbot, sp4x_lan) -> None:
    ann, bob, core, (host_window, join_window) = sp4x_lan
    bob.close()
    box = leave_box(bob)
    assert box.windowTitle() == "Leave the LAN game?"
    assert "goes on at the host" in box.informativeText()
    answer(qtbot, bob, "confirm_yes")
    assert not bob.isVisible() and not join_window.lan_connection.live
    qtbot.waitUntil(lambda: not core.seats[1].conns, timeout=5000)
    assert core.seats[1].taken and host_window.lan_connection.live  # the game goes on


def test_a_click_before_the_hosts_answer_leaves_no_stale_message(qtbot, sp4x_lan) -> None:
    ann, bob, core, _windows = sp4x_lan
    play_until(qtbot, ann, bob, bob_to_draw(bob))
    before = len(core.game.action_codes)
    legal = bob.driver.legal_actions()
    first, second = legal[0], legal[-1]  # one choice only: the same one, clicked twice
    table = bob.driver.table
    sent: list = []
    send = table._send
    table._send = lambda message: (sent.append(message), send(message))
    answer = table.act(first.code)  # on its way to the host
    bob.act(second)  # a click before the answer
    qtbot.waitUntil(answer.done, timeout=5000)
    qtbot.wait(100)
    assert "waiting" not in bob.message.text()
    assert core.game.action_codes[before] == first.code
    assert [m.code for m in sent] == [first.code]  # the second click was dropped


def test_a_local_sp4x_game_from_the_main_window_asks_before_ending_the_lan_one(
        qtbot, sp4x_lan) -> None:
    """New Game in the main window replaces the SP4X window's game: the hosted one is not
    ended unasked."""
    ann, bob, core, (host_window, join_window) = sp4x_lan
    choice = NewGameChoice({"players": 3, "seed": 4}, ["Ann", "Bo", "Cy"],
                           [Seat(HUMAN)] * 3, {}, game="sp4x")
    assert host_window.shell.windows["sp4x"] is ann
    assert not host_window.shell.start_game(choice, host_window)
    answer(qtbot, ann, "confirm_no")
    assert host_window.lan_connection.live and ann.driver is not None
    assert ann.driver.connection is not None
    assert not host_window.shell.start_game(choice, host_window)
    answer(qtbot, ann, "confirm_yes")
    assert ann.driver.connection is None  # the local game, now the LAN one ended
