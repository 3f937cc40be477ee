"""Team play chosen in the New Game dialog: 2 against 2 with the seats as chosen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox

from tests.helpers.shell import make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def _open_dialog(qtbot):
    window = make_window(qtbot)
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    qtbot.waitUntil(dialog.isVisible)
    return window, dialog


def test_teams_are_offered_only_for_3_and_4_players(qtbot):
    _window, dialog = _open_dialog(qtbot)
    teams = dialog.findChild(QComboBox, "teams")
    players = dialog.findChild(QSpinBox, "players")
    assert not teams.isVisible()
    players.setValue(3)
    assert teams.isVisible() and teams.count() == 4  # none, and each seat alone
    assert teams.currentData() is None
    assert [teams.itemData(i) for i in range(1, 4)] == [[[0, 1], [2]], [[0, 2], [1]],
                                                        [[1, 2], [0]]]
    players.setValue(4)
    assert teams.count() == 4
    assert teams.itemText(2) == "2 v 2: Blue & Green against Red & Yellow"
    dialog.reject()


def test_a_2_v_2_game_starts_from_the_dialog(qtbot):
    window, dialog = _open_dialog(qtbot)
    dialog.findChild(QSpinBox, "players").setValue(4)
    for player, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        dialog.findChild(QLineEdit, f"name{player}").setText(name)
    dialog.findChild(QLineEdit, "seed").setText("9")
    teams = dialog.findChild(QComboBox, "teams")
    teams.setCurrentIndex(teams.findText("2 v 2: Blue & Green against Red & Yellow"))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    session = window.session
    assert session is not None
    game = session.game
    assert game.config["teams"] == [[0, 2], [1, 3]] and game.teams == [[0, 2], [1, 3]]
    assert list(game.state.team) == [1, 2, 1, 2]
    assert session.observation()["teams"] == [1, 2, 1, 2]


def test_without_teams_the_config_has_none(qtbot):
    window, dialog = _open_dialog(qtbot)
    dialog.findChild(QSpinBox, "players").setValue(3)
    for player, name in enumerate(("Ann", "Bob", "Cy")):
        dialog.findChild(QLineEdit, f"name{player}").setText(name)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert window.session is not None and window.session.game.teams is None


def test_the_game_over_screen_names_the_winning_team(qtbot):
    from se4x_core.game import Game
    from se4x_core.rules import engine
    from se4x_core.rules.units import eliminate_player
    from se4x_qt.games.se4x.session import Session
    from se4x_qt.windows.game_over import GameOverScreen

    game = Game.new_game({"players": 3, "seed": 2, "teams": [[0, 2], [1]]})
    while game.phase == "place_homeworld":
        game.apply(game.default_action())
    eliminate_player(game.state, 2, None)  # an eliminated ally wins with its team
    eliminate_player(game.state, 1, None)
    engine.advance(game.state, None)
    assert game.is_over and game.winners == [0, 2]
    screen = GameOverScreen(Session(game))
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    assert screen.winner_label.text().endswith(" WIN")
    assert " & " in screen.winner_label.text()
    assert "team victory" in screen.detail_label.text()
