"""Doomsday Machines in the app (advanced rules, config ``advanced: ["doomsday"]``): the
map draws each machine with its hits and moves it, the side panel and tooltips say what
it is, the combat window fights it (its card, the to-hit numbers both ways, its shots,
the odds), the log tells its moves, hits and the planets it destroys, and the machines'
step is played through a hot-seat and a computer-seat session.

Rules (docs/charts.md): "class C, 9-2, hull 3, fires twice a round, tactics 2; a roll of 1
hits it; no fleet-size bonus against it"; machines "move up to 2 hexes toward the nearest
planet, asteroid or ship ... and destroy planets they reach; killing one gives two space
wreck rolls".  The engine's readings: docs/rules-interpretations.md#doomsday.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QCheckBox, QPushButton

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_core.sim.battle_spec import parse_spec
from se4x_core.sim.combat_sim import simulate
from se4x_qt import style
from se4x_qt.games.se4x import log_text
from se4x_qt.games.se4x.journal import Journal
from se4x_qt.games.se4x.session import Session
from se4x_qt.map import art
from se4x_qt.map.map_items import HEX_RADIUS, MachineItem
from se4x_qt.windows.combat import CombatWindow
from se4x_qt.windows.combat.battle_log import describe_event
from se4x_qt.windows.combat.cards import MachineCard, UnitCard
from se4x_qt.windows.combat.odds import odds_spec
from se4x_qt.windows.main_window import PAGE_HANDOVER, PAGE_MAP
from tests.helpers.combat_window import open_combat
from tests.helpers.doomsday import DOOMSDAY, MACHINE_1, MACHINE_2, put_machine
from tests.helpers.gui_scenario import (
    CENTRE,
    E,
    add,
    force_dice,
    neighbour,
    scenario,
    set_colony,
    set_marker,
)
from tests.helpers.shell import accept_handover, click_hex, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

def east(game: Game, hex_index: int, steps: int) -> int:
    for _ in range(steps):
        hex_index = neighbour(game.state, hex_index, E)
    return hex_index


def hot_seat_window(qtbot, game: Game):
    """The main window on ``game`` (Ann and Bob, both at this screen), past the handover."""
    window = make_window(qtbot)
    window.set_session(Session(game, names=["Ann", "Bob"]))
    accept_handover(qtbot, window)
    return window


def near(point: QPointF, centre: QPointF, radius: float) -> bool:
    return (point - centre).manhattanLength() < radius


# -- the map and the side panel -----------------------------------------------------------------
def test_the_map_draws_a_machine_with_its_hits_and_moves_it(qtbot):
    """Bob ends the turn's last movement: machine 1 moves two hexes onto an unguarded
    planet and destroys it; its token follows, the log tells both."""
    game = scenario(player=1, advanced=DOOMSDAY)
    planet = east(game, CENTRE, 2)
    set_marker(game.state, planet, data.M_PLANET, face_up=True)
    set_colony(game.state, 0, planet, 1)
    put_machine(game, 1, CENTRE, hits=1)
    window = hot_seat_window(qtbot, game)
    view = window.view
    item = view.machines[1]
    assert isinstance(item, MachineItem) and (item.hex_index, item.hits) == (CENTRE, 1)
    assert near(item.pos(), view.hex_scene_pos(CENTRE), HEX_RADIUS * 0.3)
    assert "Doomsday Machine 1" in item.toolTip() and "1 hit of 3" in item.toolTip()
    assert "fires twice a round" in item.toolTip() and "destroys planets" in item.toolTip()
    assert "Doomsday Machine 1 (1 hit of 3)" in view.hex_tooltip(CENTRE)
    qtbot.mouseClick(window.side_panel.end_button, Qt.MouseButton.LeftButton)
    if window.pages.currentIndex() == PAGE_HANDOVER:  # Ann's turn: her screen, drawn anew
        assert not view.machines  # nothing of Bob's screen behind the handover
        accept_handover(qtbot, window)
        item = view.machines[1]
    assert item.hex_index == planet
    assert near(item.pos(), view.hex_scene_pos(planet), HEX_RADIUS * 0.3)
    lines = window.log_texts()
    middle = east(game, CENTRE, 1)
    label = game.state.board.label
    assert f"Doomsday Machine 1 moved from {label(CENTRE)} to {label(middle)}" in lines
    assert (f"Doomsday Machine 1 destroyed the planet at {label(planet)} (Ann's colony lost)"
            in lines)
    assert window.session.observation()["hexes"][planet].get("colony") is None
    moved = [line for line in window.log_view.lines()
             if line.text.startswith("Doomsday Machine 1 moved from")]
    assert moved and moved[0].icon is not None  # the machines' hexagon beside it


def test_a_machine_beside_counters_stands_aside_and_the_panel_lists_it(qtbot):
    """Sharing a hex with the mover's fleet, the machine moves left (smaller) and the
    counters right; clicking the hex lists it first in the side panel, not selectable."""
    game = scenario(player=0, advanced=DOOMSDAY)
    put_machine(game, 2, CENTRE, hits=2)
    ship = add(game.state, 0, data.DD, CENTRE, count=2)
    window = hot_seat_window(qtbot, game)
    view = window.view
    item, centre = view.machines[2], view.hex_scene_pos(CENTRE)
    counter = view.counters[ship]
    assert item.pos().x() < centre.x() - HEX_RADIUS * 0.3 and item.scale() < 1
    assert counter.pos().x() + counter.boundingRect().width() / 2 > centre.x() - 10
    assert item.pos().x() < counter.pos().x()
    click_hex(qtbot, window, neighbour(game.state, CENTRE, E))  # elsewhere first
    click_hex(qtbot, window, CENTRE)
    panel = window.side_panel
    first = panel.unit_list.item(0)
    assert first.text().splitlines() == [
        "Doomsday Machine 2", "Class C, 9-2, fires twice a round \u00b7 2 hits of 3",
        "Moves up to 2 hexes after each turn toward the nearest planet, asteroid or ship; "
        "destroys planets it reaches"]
    assert not first.flags() & Qt.ItemFlag.ItemIsSelectable
    assert "hits on a roll of 1 only" in first.toolTip()
    assert "Doomsday Machine 2" in panel.subtitle.text()
    assert panel.unit_list.count() == 2  # the machine and the destroyer group


def test_the_machine_token_is_drawn_in_its_own_colour_at_every_zoom():
    """Never a player's colour: the flat disc of the far zoom is the machines' violet,
    and the near zoom fills its hit pips red (one per hit, three in all)."""
    far = paint_token(hits=0, lod=0.1)
    centre = far.pixelColor(32, 31)
    assert centre == QColor(style.MACHINE_HEX)
    assert centre.name().upper() not in {h.upper() for h in style.PLAYER_HEX}
    pips = [red_pips(paint_token(hits, lod=2.0)) for hits in range(4)]
    assert pips == [0, 1, 2, 3]


def paint_token(hits: int, lod: float) -> QImage:
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.translate(32, 32)
    art.paint_machine(painter, 54, 1, hits, art.MACHINE_HULL, lod)
    painter.end()
    return image


def red_pips(image: QImage) -> int:
    """How many of the three pip boxes (at the foot of the token) are filled red."""
    size, y = 54, 32 + round(54 * 0.4)
    box, gap = size * 0.13, size * 0.05
    left = 32 - (3 * box + 2 * gap) / 2
    filled = 0
    for i in range(3):
        colour = image.pixelColor(round(left + i * (box + gap) + box / 2), y)
        filled += colour.red() > 200 and colour.green() < 140
    return filled


# -- the combat window ----------------------------------------------------------------------
def test_a_battle_against_a_machine_is_fought_by_clicks_in_the_combat_window(qtbot):
    """Ann's dreadnought (class A, 6-3) against machine 2 (one hit taken): its card,
    "hit on 1" both on the card and the target button, the machine's 9 against the
    dreadnought, no fleet-size bonus, the odds from the simulator's DM, its two shots
    in the log, retreat offered from round 2, and its end with two wreck rolls."""
    game = scenario(player=0, advanced=DOOMSDAY)
    put_machine(game, 2, CENTRE, hits=1)
    dreadnought = add(game.state, 0, data.DN, CENTRE)
    force_dice(game.state, 1, 10, 10, 1, 3, 5)  # hit; two misses; hit, wrecks: Att, Def
    session, window = open_combat(qtbot, game)
    session.apply(Action("end_movement"))
    assert game.phase == "combat_fire" and game.observation(0)["battle"]["defender"] == -2
    header = window.header
    assert header.status_label.text() == "DOOMSDAY MACHINE"
    assert "Ann" in header.sides_label.text() and "Doomsday Machine 2" in \
        header.sides_label.text() and "1 hit of 3" in header.sides_label.text()
    assert header.bonus_label.text() == "no fleet-size bonus"
    card = window.findChild(UnitCard, f"card_{MACHINE_2}")
    assert isinstance(card, MachineCard)
    assert (card.info.owner, card.info.damage, card.info.to_hit) == (-2, 1, 1)
    assert card.info.weapon_class == data.CLASS_C
    assert "Any shot at it hits on a roll of 1 only" in card.toolTip()
    own = window.findChild(UnitCard, f"card_{dreadnought}")
    assert own.info.threat == 9 - 3  # its attack against the dreadnought's defense
    button = window.findChild(QPushButton, f"target_{MACHINE_2}")
    assert button.text() == "Doomsday Machine 2 \u00b7 hit on 1 (10%)"
    assert window.wait_for_odds()
    qtbot.waitUntil(lambda: "Machine" in window.odds_text())
    assert window.odds_text().startswith("Attacker wins")
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)  # round 1: fires at it, hits
    lines = window.log_lines()
    assert "Ann DN1 fires at Doomsday Machine 2: needs 1, rolled 1, HIT" in lines
    assert "Ann hits Doomsday Machine 2: 2 of 3 hits" in lines
    assert lines.count("Doomsday Machine 2 fires at Ann DN1: needs 6, rolled 10, miss") == 2
    assert game.observation(0)["battle"]["round"] == 2
    assert any(b.objectName().startswith("retreat_") for b in window.findChildren(QPushButton))
    card = window.findChild(UnitCard, f"card_{MACHINE_2}")
    assert card.info.damage == 2
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)  # round 2: the third hit
    lines = window.log_lines()
    assert ("Ann destroys Doomsday Machine 2! Space wreck rolls: 3 Attack gained, "
            "5 Defense gained") in lines
    assert "Ann wins the battle after 2 rounds" in lines
    assert game.observation(0)["machines"] == []
    assert game.phase == "movement" and game.current_player == 1


def test_the_machine_wins_when_the_fleet_is_gone(qtbot):
    """A lone scout (class E): the machine fires first (class C), and its first shot (9
    against 0) destroys it; the log says the machine won, never "no side left"."""
    game = scenario(player=0, advanced=DOOMSDAY)
    put_machine(game, 1, CENTRE)
    add(game.state, 0, data.SC, CENTRE)
    force_dice(game.state, 2)
    session, window = open_combat(qtbot, game)
    session.apply(Action("end_movement"))
    lines = window.log_lines()
    assert "Doomsday Machine 1 fires at Ann SC1: needs 9, rolled 2, HIT" in lines
    assert "Doomsday Machine 1 wins the battle after 1 round" in lines


def test_the_odds_spec_of_a_battle_against_a_machine_is_the_simulators_dm():
    """docs/cli.md#battle-specs: the defender is ``{"type": "DM", "count": 1, "hits": h}``,
    alone and without technology; the simulator takes it."""
    units = [{"unit": 3, "owner": 0, "unit_type": "DN", "count": 3, "attack_tech": 1,
              "defense_tech": 0, "tactics": 0}]
    spec = odds_spec(units, 0, data.MACHINE_SIDE, "open", machine_hits=2)
    assert spec is not None
    assert spec["defender"] == {"units": [{"type": "DM", "count": 1, "hits": 2}]}
    assert spec["attacker"]["units"][0]["type"] == "DN"
    weak = simulate(parse_spec(odds_spec(units, 0, data.MACHINE_SIDE, "open")), 400, 1)
    hurt = simulate(parse_spec(spec), 400, 1)
    assert hurt.attacker_wins > weak.attacker_wins  # two hits taken already count


# -- the log --------------------------------------------------------------------------------
CTX = log_text.LogContext(viewer=0, player_names=["Ann", "Bob"],
                          hex_label=lambda h: f"{h:04d}", unit_name={5: "DD1"}.get,
                          machine_at={43: 2}.get, unit_owner={5: 0}.get)


@pytest.mark.parametrize(("event", "sentence"), [
    ({"type": "explored", "hex": 43, "player": 1, "marker": "doomsday", "value": 2},
     "Bob explored 0043: Doomsday Machine 2 appears!"),
    ({"type": "explored", "hex": 42, "player": 1, "marker": "doomsday", "value": 1},
     "Bob explored 0042: a Doomsday Machine marker, empty space under the basic rules"),
    ({"type": "machine_moved", "machine": 1, "origin": 42, "hex": 43},
     "Doomsday Machine 1 moved from 0042 to 0043"),
    ({"type": "planet_destroyed", "hex": 44, "player": 1, "machine": 2},
     "Doomsday Machine 2 destroyed the planet at 0044 (Bob's colony lost)"),
    ({"type": "planet_destroyed", "hex": 44, "player": -1, "machine": 2},
     "Doomsday Machine 2 destroyed the planet at 0044"),
    ({"type": "machine_hit", "machine": 1, "player": 0, "hits": 2},
     "Ann hit Doomsday Machine 1 (2 of 3 hits)"),
    ({"type": "machine_destroyed", "machine": 1, "player": 0, "hex": 43,
      "wrecks": [{"roll": 3, "tech": "attack", "gained": True},
                 {"roll": 8, "tech": "movement", "gained": False}]},
     "Ann destroyed Doomsday Machine 1 at 0043: two space wreck rolls: 3 Attack gained, "
     "8 Movement already at maximum"),
    ({"type": "battle_started", "hex": 43, "attacker": 1, "defender": -2, "units": []},
     "Battle at 0043: Bob fights Doomsday Machine 2"),
    ({"type": "shot", "unit": MACHINE_2, "player": -2, "target": 5, "roll": 4, "to_hit": 9,
      "hit": True},
     "Doomsday Machine 2 fired at Ann's DD1: rolled 4 (needs 9 or less) \u2014 hit"),
    ({"type": "shot", "unit": 5, "player": 0, "target": MACHINE_2, "roll": 2, "to_hit": 1,
      "hit": False},
     "Ann's DD1 fired at Doomsday Machine 2: rolled 2 (needs 1 or less) \u2014 miss"),
    ({"type": "battle_ended", "hex": 43, "winner": -2, "rounds": 2},
     "Battle at 0043 over after 2 rounds: Doomsday Machine 2 wins"),
])
def test_machine_events_read_as_sentences_in_the_log(event, sentence):
    assert log_text.describe(event, CTX) == sentence


def test_the_battle_log_names_the_machine_never_another_player():
    """Player -2 must never index the players (Python's [-2] is another player)."""
    names = {5: "DD1"}

    def who(player: int) -> str:
        return "Doomsday Machine 2" if player == -2 else ["Ann", "Bob"][player]

    def unit_name(unit: int) -> str:
        return "Doomsday Machine 2" if unit == MACHINE_2 else names[unit]

    def line(event: dict) -> str:
        described = describe_event(event, unit_name, lambda h: f"{h:04d}", who,
                                   {5: 0}.get)
        assert described is not None
        return described[0]

    assert line({"type": "shot", "unit": MACHINE_2, "player": -2, "target": 5, "roll": 3,
                 "to_hit": 9, "hit": True}) == \
        "Doomsday Machine 2 fires at Ann DD1: needs 9, rolled 3, HIT"
    assert line({"type": "battle_ended", "hex": 43, "winner": -2, "rounds": 1}) == \
        "Doomsday Machine 2 wins the battle after 1 round"
    assert line({"type": "battle_started", "hex": 43, "attacker": 0, "defender": -2,
                 "units": []}) == "Battle at 0043: Ann fights Doomsday Machine 2"
    assert style.player_name(-2) == "Doomsday Machine" and style.emblem_glyph(-2) == "\u2b22"
    assert style.player_colour(-2) != style.player_colour(2)


# -- the machines' step through a session -------------------------------------------------------
def step_position() -> tuple[Game, int]:
    """Bob (player 1) moves last in turn 1; machine 1 (two hits taken) stands two hexes
    west of Ann's dreadnought, its nearest target: ending Bob's movement brings it there."""
    game = scenario(player=1, advanced=DOOMSDAY)
    fleet = east(game, CENTRE, 2)
    put_machine(game, 1, CENTRE, hits=2)
    add(game.state, 0, data.DN, fleet)
    force_dice(game.state, 1, 3, 5)  # the dreadnought hits first; the wreck rolls
    return game, fleet


def test_the_machines_step_battle_is_played_at_the_hot_seat(qtbot):
    """Bob ends the turn; the machine reaches Ann's fleet and Ann decides for her side in
    the combat window at Bob's screen (no handover inside a battle), by clicks; once she
    has closed the battle's end the game hands the screen to Ann, whose summary tells what
    happened; autosaves were written at the step's phase changes."""
    from se4x_qt.session import storage

    game, fleet = step_position()
    window = hot_seat_window(qtbot, game)
    session = window.session
    assert session.viewer == 1
    before = len(storage.list_autosaves())
    qtbot.mouseClick(window.side_panel.end_button, Qt.MouseButton.LeftButton)
    obs = session.observation()
    assert obs["machine_step"] and obs["battle"]["hex"] == fleet
    assert session.current_player == 0 and session.viewer == 1
    assert window.pages.currentIndex() != PAGE_HANDOVER
    assert "Doomsday Machines' step" in window.status_text()
    combat = window.dialogs.widget
    assert isinstance(combat, CombatWindow) and combat.isVisible()
    assert "reached" in combat.header.sides_label.text()
    assert "Ann" in combat.header.sides_label.text()
    assert combat.current_player_label.text() == "Ann decides"
    assert "reached Ann's fleet" in combat.log_lines()[0]
    card = combat.findChild(UnitCard, f"card_{MACHINE_1}")
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)
    assert session.observation()["machines"] == []
    assert not session.in_battle and session.current_player == 0
    assert "Ann wins the battle" in combat.result_text()  # the end stays until closed
    assert window.pages.currentIndex() != PAGE_HANDOVER
    qtbot.mouseClick(combat.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == PAGE_HANDOVER)
    assert len(storage.list_autosaves()) > before
    assert any("combat" in p.name for p in storage.list_autosaves())
    accept_handover(qtbot, window)
    assert window.pages.currentIndex() == PAGE_MAP and session.viewer == 0
    summary = window.map_page.summary.lines
    label = game.state.board.label
    assert any("Doomsday Machine 1 moved from" in line and label(fleet) in line
               for line in summary), summary
    assert any(line.startswith("Ann destroyed Doomsday Machine 1") for line in summary)
    assert 1 not in window.view.machines  # gone from the map too


def test_the_machines_step_battle_of_a_computer_seat(qtbot):
    """Ann is the computer: the machine reaches her fleet after Bob's turn and her bot
    fights it; Bob's journal tells it all."""
    game, fleet = step_position()
    session = Session(game, names=["Ann", "Bob"], humans=[False, True])
    journal = Journal(session)
    assert session.viewer == 1
    session.apply(Action("end_movement"))
    assert session.in_battle and session.computer_to_act()
    for _ in range(50):
        if not session.in_battle:
            break
        assert session.step_computer()
    assert not session.in_battle and game.observation(1)["machines"] == []
    texts = journal.texts(1)
    assert any(t.startswith("Doomsday Machine 1 moved from") for t in texts)
    assert any(t.startswith("Battle at") and "Ann fights Doomsday Machine 1" in t
               for t in texts)
    assert any(t.startswith("Ann destroyed Doomsday Machine 1") for t in texts)


# -- New Game ------------------------------------------------------------------------------------
def test_the_new_game_dialog_shows_all_seven_rule_sets_unclipped(qtbot):
    window = make_window(qtbot)
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.page().advanced.setChecked(True)
    boxes = [dialog.findChild(QCheckBox, f"rules_{name}") for name in data.ADVANCED_RULES]
    assert len(boxes) == 7 and all(box.isVisible() for box in boxes)
    assert boxes[-1].text() == "Doomsday Machines"
    for box in boxes:
        assert box.width() >= box.sizeHint().width(), box.text()
        corner = box.mapTo(dialog, box.rect().bottomRight())
        assert dialog.rect().contains(corner), box.text()
