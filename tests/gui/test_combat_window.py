"""The combat window, driven by clicks: targets, screening, retreat, colony attack,
choosing a battle, auto-resolve, odds, and the log of every die roll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QPushButton, QWidget

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.kernel.battle_math import TERRAIN_NAMES, hit_faces
from se4x_core.rules import combat
from se4x_qt.games.se4x.session import Session
from se4x_qt.windows.combat import CombatWindow
from se4x_qt.windows.combat.battle_log import describe_event
from se4x_qt.windows.combat.cards import UnitCard
from se4x_qt.windows.combat.odds import odds_spec
from tests.helpers.combat_window import click, open_window, start, widget
from tests.helpers.gui_positions import CENTRE, W, battle_setup, fleet_battle, neighbour, set_colony
from tests.helpers.gui_scenario import add, force_dice, set_marker

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def lines_with(window: CombatWindow, text: str) -> list[str]:
    return [line for line in window.log_lines() if text in line]


def battle(game):
    """The battle in progress as the observation shows it (None when there is none)."""
    return game.observation(0)["battle"]


def test_target_buttons_show_engine_to_hit_and_fire(qtbot):
    game, (ca, dd), (sc, red_dd) = battle_setup([(data.CA, 1), (data.DD, 1)],
                                                [(data.SC, 1), (data.DD, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    assert game.phase == "combat_fire" and combat.firing_unit(game.state) == ca
    assert lines_with(window, "Battle at") and lines_with(window, "Round 1")
    button = widget(window, f"target_{sc}")
    needed = combat.to_hit_against(game.state, ca, sc)
    assert f"hit on {needed} ({needed * 10}%)" in button.text()
    auto = game.default_action()  # the engine's default policy names the Auto target
    assert auto.kind == "fire" and auto.target in (sc, red_dd)
    name = "SC1" if auto.target == sc else "DD1"
    assert widget(window, "auto_target").text() == f"Auto \u2192 {name}"
    force_dice(game.state, 1)
    click(qtbot, window, f"target_{sc}")
    assert game.state.u_type[sc] == -1
    assert lines_with(window, f"Blue CA1 fires at Red SC1: needs {needed}, rolled 1, HIT")
    assert lines_with(window, "Red SC1 destroyed")


def test_clicking_an_enemy_card_fires_at_it(qtbot):
    game, (dd,), (red,) = battle_setup([(data.DD, 1)], [(data.BB, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    # The battleship (class A) fires first, at the destroyer: Red decides.
    assert window.current_player_label.text() == "Red decides"
    card = window.findChild(UnitCard, f"card_{dd}")
    assert card is not None and card.info.to_hit == combat.to_hit_against(game.state, red, dd)
    force_dice(game.state, 10)
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert lines_with(window, "Red BB1 fires at Blue DD1")
    assert lines_with(window, "rolled 10, miss")


def test_screening_within_the_allowance(qtbot):
    game, (dd1, dd2, ca), (sc,) = battle_setup([(data.DD, 1), (data.DD, 1), (data.CA, 1)],
                                               [(data.SC, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    assert game.phase == "combat_screen" and battle(game)["screen_left"] == 2
    for unit in (dd1, ca):
        box = widget(window, f"screen_{unit}", QCheckBox)
        box.setChecked(True)
    assert not widget(window, f"screen_{dd2}", QCheckBox).isEnabled()  # allowance used up
    click(qtbot, window, "confirm_screen")
    assert game.phase == "combat_fire"
    assert sorted(battle(game)["screened"]) == sorted([dd1, ca])
    assert lines_with(window, "Blue screens DD1") and lines_with(window, "Blue screens CA1")
    assert window.findChild(UnitCard, f"card_{ca}").info.screened


def test_retreat_button_moves_the_group_and_ends_the_battle(qtbot):
    game, (dd,), (red,) = battle_setup([(data.DD, 1)], [(data.DD, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    force_dice(game.state, 10, 10)
    click(qtbot, window, f"target_{dd}")  # Red (defender) fires first
    click(qtbot, window, f"target_{red}")
    assert battle(game)["round"] == 2
    retreats = [a for a in session.legal_actions() if a.kind == "retreat"]
    assert retreats, "Red may retreat from round two"
    way = retreats[0].dir
    destination = neighbour(game.state, CENTRE, way)
    label = game.state.board.label(destination)
    button = widget(window, f"retreat_{way}")
    assert button.text() == f"Retreat to {label}"
    click(qtbot, window, f"retreat_{way}")
    assert game.state.u_hex[red] == destination
    assert battle(game) is None
    assert lines_with(window, f"Red DD1 retreats to {label}")
    assert lines_with(window, "Blue wins the battle after 2 rounds")
    # the battle's end stays on screen until the player closes it
    where = game.state.board.label(CENTRE)
    assert window.result_text() == (f"Blue wins the battle at {where}: 1 of Red's ships "
                                    "retreated; Blue lost no ships")
    assert window.findChild(UnitCard, f"card_{red}").info.fate == "retreated"
    with qtbot.waitSignal(window.close_requested, timeout=2000):
        click(qtbot, window, "close_battle")


@pytest.mark.slow
def test_auto_resolve_fights_to_the_end_of_the_battle(qtbot):
    game, attackers, defenders = fleet_battle()
    session, window = open_window(qtbot, game)
    start(session)
    click(qtbot, window, "auto_resolve")
    qtbot.waitUntil(lambda: not window.auto_running(), timeout=30_000)
    state = game.state
    assert battle(game) is None or battle(game)["colony_phase"]
    assert lines_with(window, "wins the battle")
    shots = lines_with(window, "fires at")
    assert shots and all("needs" in line and "rolled" in line for line in shots)
    blue_armed = [s for s in attackers if state.u_type[s] >= 0]
    red_armed = [s for s in defenders if state.u_type[s] >= 0]
    assert not blue_armed or not red_armed  # one side is gone
    destroyed = lines_with(window, "destroyed")
    assert len(destroyed) >= len(attackers) - len(blue_armed)


def test_auto_resolve_stops_before_the_colony_attack(qtbot):
    game, (bb,), (sc,) = battle_setup([(data.BB, 1, {"att": 3})], [(data.SC, 1)])
    set_colony(game.state, 1, CENTRE, 3)
    session, window = open_window(qtbot, game)
    start(session)
    click(qtbot, window, "auto_resolve")
    qtbot.waitUntil(lambda: not window.auto_running(), timeout=10_000)
    assert game.phase == "colony_attack"
    assert widget(window, "fire_colony").isEnabled()


def test_colony_attack_fire_and_stop(qtbot):
    game, (bb,), _ = battle_setup([(data.BB, 2)], [])
    set_colony(game.state, 1, CENTRE, 5)
    session, window = open_window(qtbot, game)
    start(session)
    assert game.phase == "colony_attack"
    assert window.odds_label.text() == "Colony attack"
    needed = hit_faces(combat.colony_to_hit(game.state, bb))
    prompt = window.findChild(QWidget, "fire_prompt").text()
    assert f"BB1 may fire at it: hit on {needed} ({needed * 10}%)" in prompt
    force_dice(game.state, 1)
    click(qtbot, window, "fire_colony")
    assert game.state.h_col_cp[CENTRE] == 3
    label = game.state.board.label(CENTRE)
    assert lines_with(window, "Blue BB1 fires at the colony")
    assert lines_with(window, f"Red colony at {label} falls to 3 CP")
    assert game.phase == "colony_attack"  # the second battleship may still fire
    click(qtbot, window, "stop_colony")
    assert game.phase == "movement"
    assert window.result_text() == (f"Blue hits Red's colony at {label}, which falls to 3 CP: "
                                    "1 hit in 1 shot")
    with qtbot.waitSignal(window.close_requested, timeout=2000):
        click(qtbot, window, "close_battle")


def test_choose_battle_lists_the_battle_hexes(qtbot):
    game, _, _ = battle_setup([(data.DD, 1)], [(data.SC, 1)])
    state = game.state
    other = neighbour(state, neighbour(state, CENTRE, W), W)
    add(state, 0, data.CA, other, 1)
    add(state, 1, data.SC, other, 1)
    set_marker(state, other, data.M_ASTEROID, face_up=True)
    session, window = open_window(qtbot, game)
    start(session)
    assert game.phase == "choose_battle"
    assert window.title_label.text() == "CHOOSE A BATTLE"
    button = widget(window, f"battle_{other}")
    assert state.board.label(other) in button.text()
    for hex_index in (other, CENTRE):  # each battle's terrain, as the engine will fight it
        terrain = TERRAIN_NAMES[combat.terrain_of(state, hex_index)]
        assert f"\u00b7 {terrain} \u00b7" in widget(window, f"battle_{hex_index}").text()
    assert "asteroids" in button.text()
    click(qtbot, window, f"battle_{other}")
    assert battle(game) is not None and battle(game)["hex"] == other
    assert lines_with(window, f"Battle at {state.board.label(other)}")


def test_terrain_of_the_battle_hex_in_the_header_and_the_cards(qtbot):
    game, (ca, dd), (red,) = battle_setup([(data.CA, 1), (data.DD, 1)], [(data.DD, 1)],
                                          marker=data.M_NEBULA)
    session, window = open_window(qtbot, game)
    start(session)
    assert battle(game)["terrain"] == TERRAIN_NAMES[combat.terrain_of(game.state, CENTRE)]
    assert window.header.terrain_label.text().count("NEBULA") == 1
    assert "defense technology counts as 0" in window.header.terrain_label.text()
    for unit in (ca, dd, red):  # every armed ship fires as class E in a nebula
        assert window.findChild(UnitCard, f"card_{unit}").info.weapon_class == 4


def test_odds_come_from_the_simulator_off_the_ui_thread(qtbot):
    game, _, _ = battle_setup([(data.DN, 2, {"att": 2})], [(data.SC, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    qtbot.waitUntil(lambda: window.odds_text().startswith("Attacker wins"), timeout=20_000)
    text = window.odds_text()
    attacker = int(text.split("Attacker wins ")[1].split("%")[0])
    defender = int(text.split("Defender ")[1].split("%")[0])
    assert attacker >= 90 and attacker + defender in (99, 100, 101)


def test_current_player_banner_in_hot_seat_and_computer_players(qtbot):
    game, (dd,), (red,) = battle_setup([(data.DD, 1)], [(data.DD, 1)])
    session, window = open_window(qtbot, game, humans=[True, False])
    start(session)
    assert session.viewer == 0 and session.current_player == 1
    assert window.current_player_label.text() == "Red decides (computer)"
    assert not window.findChildren(QPushButton, f"target_{dd}")  # the computer decides
    assert not window.auto_button.isEnabled()


def test_a_refused_action_shows_the_engine_message(qtbot):
    game, (dd,), (red,) = battle_setup([(data.DD, 1)], [(data.DD, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    button = widget(window, f"target_{dd}")
    force_dice(game.state, 1)
    game.apply(Action("fire", target=dd))  # behind the window's back: the battle is over
    assert window.message_label.isHidden()  # no room taken while it has nothing to say
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert "decision" in window.message_label.text() or "not legal" in window.message_label.text()
    assert not window.message_label.isHidden()


def test_describe_event_and_odds_spec_helpers():
    names = {5: "CA1", 70: "DD2"}
    who = ["Blue", "Red"].__getitem__
    shot = {"type": "shot", "player": 0, "unit": 5, "target": 70, "roll": 3, "to_hit": -2,
            "hit": True}
    line = describe_event(shot, names.get, str, who, {5: 0, 70: 1}.get)
    assert line == ("Blue CA1 fires at Red DD2: needs 1, rolled 3, HIT", "hit")
    assert describe_event(shot, names.get, str, who)[0].startswith("Blue CA1 fires at DD2")
    assert describe_event({"type": "moved"}, names.get, str, str) is None
    units = [{"unit": 1, "owner": 0, "hex": 4, "unit_type": "CA", "count": 2,
              "attack_tech": 1, "defense_tech": 0, "tactics": 0},
             {"unit": 70, "owner": 1, "hex": 4, "unit_type": "SC", "count": 1}]
    spec = odds_spec(units, 0, 1, "open")
    assert spec["terrain"] == "open"
    assert spec["attacker"]["units"] == [{"type": "CA", "count": 2, "attack": 1, "defense": 0,
                                          "tactics": 0}]
    assert odds_spec(units[:1], 0, 1, "open") is None
    assert odds_spec(units, 0, 1, "nebula")["terrain"] == "nebula"


@pytest.mark.slow
def test_the_window_survives_the_next_turn(qtbot):
    """After the Combat phase the window shows the result instead of crashing on no battle."""
    game, (dd,), (red,) = battle_setup([(data.DN, 1)], [(data.SC, 1)])
    session, window = open_window(qtbot, game)
    start(session)
    with qtbot.waitSignal(window.close_requested, timeout=5000):
        click(qtbot, window, "auto_resolve")
    assert window.status_label.text() == "OVER"
    assert "Blue wins the battle" in window.findChild(QWidget, "result_label").text()
    with qtbot.waitSignal(window.close_requested, timeout=1000):
        click(qtbot, window, "close_battle")


def test_the_fleet_size_bonus_names_the_player(qtbot):
    game, _, _ = battle_setup([(data.DD, 4)], [(data.DD, 1)])
    session = Session(game, names=["Ann", "Bob"])
    window = CombatWindow(session)
    qtbot.addWidget(window)
    start(session)
    while game.phase == "combat_screen":
        session.apply(Action("done_screening"))
    assert battle(game)["bonus"][0]  # four ships against one
    text = window.header.bonus_label.text()
    assert "fleet-size bonus" in text and "Ann" in text and "Blue" not in text
