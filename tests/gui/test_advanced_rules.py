"""The advanced rule sets in the app: chosen in the New Game dialog, and the battle
window's raider ambush and minefield decision."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit, QPushButton

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_core.rules.units import new_unit
from se4x_qt.games.se4x.session import Session
from se4x_qt.windows.combat import CombatWindow
from se4x_qt.windows.combat.cards import UnitCard
from se4x_qt.windows.combat.odds import odds_spec
from tests.helpers.shell import make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

CENTRE = 43  # a Deep Space hex of the standard 2-player board with six neighbours


def test_the_dialog_offers_every_rule_set_and_starts_the_chosen_ones(qtbot):
    window = make_window(qtbot)
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    qtbot.waitUntil(dialog.isVisible)
    boxes = {name: dialog.findChild(QCheckBox, f"rules_{name}") for name in data.ADVANCED_RULES}
    assert all(box is not None and not box.isEnabled() for box in boxes.values())
    dialog.page().advanced.setChecked(True)
    assert all(box.isEnabled() for box in boxes.values())
    boxes["scuttling"].setChecked(False)
    for player, name in enumerate(("Ann", "Bob")):
        dialog.findChild(QLineEdit, f"name{player}").setText(name)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    game = window.session.game
    assert game.config["advanced"] == sorted(set(data.ADVANCED_RULES) - {"scuttling"})


def blank_battle_game(rules: list[str]) -> Game:
    """A 2-player game past placement with no units but the ones a test adds."""
    game = Game.new_game({"players": 2, "seed": 1, "advanced": rules})
    while game.phase == "place_homeworld":
        game.apply(game.legal_actions()[0])
    state = game.state
    for unit in range(state.n_units):
        if state.u_type[unit] >= 0:
            state.remove_unit(unit)
    for h in range(state.n_hexes):
        if state.h_marker[h] != data.M_HOMEWORLD:
            state.h_marker[h] = data.M_EMPTY
        state.h_face_up[h] = 1
    return game


def open_battle(qtbot, game: Game) -> CombatWindow:
    session = Session(game)
    window = CombatWindow(session)
    window.auto_step_ms = 0
    qtbot.addWidget(window)
    window.show()
    session.apply(Action("end_movement"))
    return window


def test_a_cloaked_raider_card_shows_class_a_and_plus_one_and_the_odds_know_it(qtbot):
    game = blank_battle_game(["raiders"])
    state = game.state
    mover = state.current_player
    state.set_tech_level(mover, data.T_CLOAKING, 1)
    raider = new_unit(state, mover, data.R, CENTRE, 1)
    state.u_moved[raider] = 1  # it moved in: it attacks
    new_unit(state, 1 - mover, data.CA, CENTRE, 1)
    window = open_battle(qtbot, game)
    assert game.observation(mover)["battle"]["ambush"] == [raider]
    card = window.findChild(UnitCard, f"card_{raider}")
    assert card is not None
    assert card.info.weapon_class == data.CLASS_A and card.info.strength == (5, 0)
    assert "Cloaked" in card.toolTip()
    obs = game.observation(mover)
    units = [u for u in obs["units"] if u["hex"] == CENTRE]
    spec = odds_spec(units, mover, 1 - mover, "open", frozenset({raider}))
    assert spec is not None and spec["attacker"]["units"][0]["cloaking"] == 1


def test_the_mines_owner_picks_the_ship_in_the_battle_window(qtbot):
    game = blank_battle_game(["mines"])
    state = game.state
    mover = state.current_player
    cruiser = new_unit(state, mover, data.CA, CENTRE, 2)
    state.u_moved[cruiser] = 1
    state.set_tech_level(1 - mover, data.T_MINES, 1)
    mine = new_unit(state, 1 - mover, data.MINE, CENTRE, 1)
    window = open_battle(qtbot, game)
    assert game.phase == "mines" and game.current_player == 1 - mover
    button = window.findChild(QPushButton, f"detonate_{cruiser}")
    assert button is not None and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert state.u_count[cruiser] == 1 and state.u_type[mine] == -1
    assert game.phase == "movement"  # one mine, one ship: nothing else fights there
