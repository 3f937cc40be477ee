"""Setting a game up: the alien scenario's New Game fields, Solitaire vs computer in one
click, the LAN Host dialog's game options, and the banner naming a remote player."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit

from se4x_core import data
from se4x_qt.games.se4x.session import Session
from se4x_qt.session.seats import COMPUTER, HUMAN, REMOTE, Seat
from se4x_qt.shell import lan
from se4x_qt.windows.main_window import PAGE_HANDOVER
from tests.helpers.gui_scenario import CENTRE, add, scenario
from tests.helpers.shell import accept_handover, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def open_new_game(qtbot):
    window = make_window(qtbot)
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    qtbot.waitUntil(dialog.isVisible)
    return window, dialog


def choose(combo: QComboBox, value: object) -> None:
    combo.setCurrentIndex(combo.findData(value))


def test_the_alien_scenario_shows_only_the_fields_it_uses(qtbot):
    window, dialog = open_new_game(qtbot)
    page = dialog.page("se4x")
    page.players.setValue(4)  # a standard 4-player game first: all four seats
    assert all(row[1].isVisible() for row in page.seat_rows)
    choose(page.scenario, "normal")
    assert not page.players.isVisible() and not page.players_label.isVisible()
    assert not page.board.isVisible() and not page.teams.isVisible()
    assert not page.seat_rows[0][1].isVisible()  # no "Human" choice: you are the human
    assert page.you_label.isVisible()
    assert page.seat_rows[0][2].isVisible()  # your name
    assert not any(widget.isVisible() for row in page.seat_rows[1:] for widget in row)
    note = page.aliens_note.text()
    assert note.startswith("You (Blue) against 3 alien empires (Red, Green, Yellow) on the "
                           "4-player board")
    dialog.findChild(QLineEdit, "name0").setText("Ann")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    session = window.session
    assert session.game.config["players"] == 4
    assert session.seats == [Seat(HUMAN)] + [Seat(COMPUTER, "alien")] * 3
    assert session.player_names == ["Ann", "Alien Red", "Alien Green", "Alien Yellow"]
    assert not session.game.config.get("teams")


def test_the_easy_alien_scenario_seats_two_aliens(qtbot):
    window, dialog = open_new_game(qtbot)
    page = dialog.page("se4x")
    choose(page.scenario, "easy")
    assert "against 2 alien empires (Red, Green) on the 3-player board" in \
        page.aliens_note.text()
    choice = dialog.validate()
    assert choice is not None and choice.config["players"] == 3
    assert choice.seats == [Seat(HUMAN), Seat(COMPUTER, "alien"), Seat(COMPUTER, "alien")]
    assert not page.solitaire_button.isVisible()  # the scenario is solitaire already
    choose(page.scenario, None)  # back to a standard game: the seats come back
    assert page.players.isVisible() and page.seat_rows[1][1].isVisible()
    assert page.solitaire_button.isVisible()
    dialog.reject()


def test_solitaire_vs_computer_starts_in_one_click(qtbot):
    window, dialog = open_new_game(qtbot)
    dialog.findChild(QLineEdit, "name0").setText("Ann")
    dialog.findChild(QLineEdit, "seed").setText("77")
    page = dialog.page("se4x")
    assert page.seat_rows[1][1].currentData() == Seat(HUMAN)  # the second seat as it was
    qtbot.mouseClick(page.solitaire_button, Qt.MouseButton.LeftButton)
    session = window.session
    assert session is not None and session.game.config["seed"] == 77
    assert session.seats == [Seat(HUMAN), Seat(COMPUTER, "normal")]
    assert session.player_names == ["Ann", "Computer (Normal)"]
    assert window.pages.currentIndex() != PAGE_HANDOVER  # one human: straight to the map


def test_the_host_dialog_offers_the_new_game_options(qtbot, monkeypatch):
    window = make_window(qtbot)
    dialog = lan.host_game(window)
    qtbot.waitUntil(dialog.isVisible)
    for name in ("board", "seed", "scenario", "forces", "teams"):
        assert dialog.findChild((QComboBox, QLineEdit)[name == "seed"], name) is not None
    dialog.options.advanced.setChecked(True)
    for name, box in dialog.options.rule_sets.items():
        box.setChecked(name in ("fighters", "mines"))
    assert dialog.findChild(QCheckBox, "rules_fighters").isChecked()
    choose(dialog.options.board, "large")
    dialog.options.seed.setText("4321")
    monkeypatch.setattr(lan.HostDialog, "_choose_save", lambda self: None)
    monkeypatch.setattr(lan, "start_hosting", lambda *_args: None)
    dialog.accept()
    choice = dialog.choice
    assert choice is not None
    assert choice.options == {"players": 2, "seed": 4321, "starting_forces": "standard",
                              "advanced": ["fighters", "mines"], "board": "large"}
    core = lan.build_host(choice)
    assert core.game.config["board"] == "large" and core.game.config["seed"] == 4321
    assert core.game.config["advanced"] == ["fighters", "mines"]


def test_the_host_dialog_hosts_the_alien_scenario(qtbot, monkeypatch):
    window = make_window(qtbot)
    dialog = lan.host_game(window)
    qtbot.waitUntil(dialog.isVisible)
    choose(dialog.options.scenario, "hard")
    assert not dialog.players.isVisible()
    assert [label.isVisible() for label in dialog.alien_labels] == [False, True, True, True]
    assert dialog.kinds[0].isVisible() and not dialog.kinds[1].isVisible()
    monkeypatch.setattr(lan, "start_hosting", lambda *_args: None)
    dialog.accept()
    choice = dialog.choice
    assert choice.players == 4 and choice.kinds == [lan.HERE, "alien", "alien", "alien"]
    core = lan.build_host(choice)
    assert core.game.config["aliens"]["difficulty"] == "hard"
    assert [seat.bot for seat in core.seats[1:]] == ["alien"] * 3


def test_the_map_says_whom_it_waits_for_when_that_player_is_remote(qtbot):
    game = scenario(turn=1, player=1)  # Bob moves; he plays at another computer
    add(game.state, 1, data.SC, CENTRE)
    window = make_window(qtbot)
    window.set_session(Session(game, seats=[Seat(HUMAN), Seat(REMOTE)],
                               names=["Ann", "Carol"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    banner = window.map_page.banner
    assert banner.isVisible()
    assert banner.label.text() == "Waiting for Carol, who plays at another computer \u2026"
    status = window.status_text()
    assert "Carol</span> to act (remote)" in status
