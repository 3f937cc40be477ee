"""Contextual tips: each game's table, each tip's test on its events, and the card in a
real window (once per profile, never on a handover page, nor for a computer, nor during
a tutorial; switched off by the player or the Settings)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QCheckBox, QGraphicsView, QPushButton

from se4x_core import data
from se4x_core.actions import Action
from se4x_qt import help_book
from se4x_qt.games.se4x.session import Session
from se4x_qt.learn import tips as learn_tips
from se4x_qt.learn.tips import Tip, TipsManager, game_tips
from se4x_qt.session import saves, storage
from se4x_qt.session.app_game import app_game, app_games
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.settings_dialog import SettingsDialog
from se4x_qt.widgets.tip_card import TipCard
from se4x_qt.windows.main_window import MainWindow
from tests.helpers import gui_scenario as scenario
from tests.helpers.shell import accept_handover, battle_game
from tests.helpers.sp4x_window import open_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

Event = dict[str, Any]
BATTLE: Event = {"type": "battle_started", "visible_to": None, "hex": scenario.CENTRE,
                 "attacker": 0, "defender": 1, "units": []}
MINIMUM_TIPS = {"se4x": 6, "sp4x": 3, "se4": 3}


# -- the tables --------------------------------------------------------------------------------
def tip(tip_id: str) -> Tip:
    game = tip_id.split(".")[0]
    return next(t for t in game_tips(game) if t.id == tip_id)


@pytest.mark.parametrize("game", sorted(MINIMUM_TIPS))
def test_each_game_names_its_tips_in_its_record(game):
    table = game_tips(game)
    assert app_game(game).tips and len(table) >= MINIMUM_TIPS[game]
    assert all(isinstance(t, Tip) for t in table)
    ids = [t.id for t in table]
    assert len(set(ids)) == len(ids)
    assert all(i.startswith(f"{game}.") for i in ids)
    assert all(t.title and t.text and t.section for t in table)


@pytest.mark.parametrize("game", sorted(MINIMUM_TIPS))
def test_every_tip_links_to_a_section_of_its_games_rules(game):
    reference = app_game(game).load("reference")
    sections = {s.id for s in help_book.reference_sections(reference)}
    missing = [(t.id, t.section) for t in game_tips(game) if t.section not in sections]
    assert not missing


def test_a_game_without_tips_has_none():
    """A record naming no tips: an empty table, not an error."""
    assert {app.name for app in app_games()} >= set(MINIMUM_TIPS)
    manager = TipsManager(storage.Settings())
    manager._tables["toy"] = ()
    assert manager.unseen("toy") == []


# -- each tip's test, on hand-made events -------------------------------------------------------
SE4X_OBS = {"viewer": 0, "phase": "movement", "me": {"cp": 10}}
MACHINES = {**SE4X_OBS, "machines": [{"number": 1, "hex": 40, "hits": 0, "unit": 1000}]}
RICH = {"viewer": 0, "phase": "economic_purchase", "me": {"cp": data.CARRY_OVER_CAP + 12}}
AT_CAP = {**RICH, "me": {"cp": data.CARRY_OVER_CAP}}


def explored(marker: str, player: int = 0) -> Event:
    return {"type": "explored", "visible_to": None, "hex": 44, "player": player,
            "marker": marker, "value": 0}


SP4X_OBS = {"viewer": 0, "star_exposed": False}
SE4_OBS = {"viewer": 0, "active": 0,
           "ships": [{"id": 5, "owner": 0}, {"id": 6, "owner": 1}],
           "lines": [[7, 11, "unstable"], [0, 6, "stable"]]}

# tip id -> (events with observations it matches, those it must not match)
CASES: dict[str, tuple[list[tuple[Event, Any]], list[tuple[Event, Any]]]] = {
    "se4x.doomsday": (
        [(explored("doomsday"), MACHINES), (explored("doomsday", 1), MACHINES),
         ({"type": "machine_moved", "machine": 1, "origin": 3, "hex": 4}, MACHINES),
         ({**BATTLE, "defender": data.MACHINE_SIDE}, MACHINES)],
        [(explored("doomsday"), SE4X_OBS),  # basic rules: the marker is empty space
         (BATTLE, MACHINES), (explored("planet"), MACHINES)]),
    "se4x.black_hole": ([(explored("black_hole"), SE4X_OBS)],
                        [(explored("black_hole", 1), SE4X_OBS), (explored("nebula"), SE4X_OBS)]),
    "se4x.danger": ([(explored("danger"), SE4X_OBS)],
                    [(explored("danger", 1), SE4X_OBS), (explored("empty"), SE4X_OBS)]),
    "se4x.supernova": ([(explored("supernova"), SE4X_OBS)],
                       [(explored("supernova", 1), SE4X_OBS), (explored("planet"), SE4X_OBS)]),
    "se4x.lost_in_space": ([(explored("lost_in_space"), SE4X_OBS),
                            (explored("lost_in_space", 1), SE4X_OBS)],
                           [(explored("space_wreck"), SE4X_OBS)]),
    "se4x.first_battle": (
        [(BATTLE, SE4X_OBS), ({**BATTLE, "attacker": 1, "defender": 0}, SE4X_OBS)],
        [({**BATTLE, "attacker": 1, "defender": 2}, SE4X_OBS),
         ({"type": "combat_round", "hex": 4, "round": 1}, SE4X_OBS)]),
    "se4x.ship_lost": (
        [({"type": "ship_destroyed", "unit": 3, "player": 0, "remaining": 2}, SE4X_OBS),
         ({"type": "unit_destroyed", "unit": 3, "player": 0, "hex": 4, "reason": "combat"},
          SE4X_OBS)],
        [({"type": "ship_destroyed", "unit": 70, "player": 1, "remaining": 2}, SE4X_OBS),
         ({"type": "unit_destroyed", "unit": 3, "player": 0, "hex": 4, "reason": "Danger!"},
          SE4X_OBS)]),
    "se4x.first_colony": ([({"type": "colonized", "unit": 3, "player": 0, "hex": 4}, SE4X_OBS)],
                          [({"type": "colonized", "unit": 70, "player": 1, "hex": 4},
                            SE4X_OBS)]),
    "se4x.economic_phase": ([({"type": "economic_phase", "round": 1}, SE4X_OBS),
                             ({"type": "bid_made", "player": 0, "amount": 0}, SE4X_OBS)],
                            [({"type": "turn_started", "player": 0, "round": 1, "turn": 3},
                              SE4X_OBS),
                             ({"type": "bid_made", "player": 1, "amount": 0}, SE4X_OBS)]),
    "se4x.cp_cap": (
        [({"type": "bought", "player": 0, "unit_type": "SC", "hex": 0, "cost": 6}, RICH),
         ({"type": "bids_revealed", "bids": [0, 0]}, {**RICH, "phase": "economic_bid"})],
        [({"type": "bought", "player": 0, "unit_type": "SC", "hex": 0, "cost": 6}, AT_CAP),
         ({"type": "moved", "unit": 3, "player": 0, "origin": 1, "hex": 2},
          {**RICH, "phase": "movement"})]),
    "sp4x.first_draw": (
        [({"type": "drew_card", "player": 0, "victim": 1, "card": "war"}, SP4X_OBS),
         ({"type": "drew_card", "player": 2, "victim": 0, "card": "war"}, SP4X_OBS)],
        [({"type": "drew", "player": 1, "victim": 2}, SP4X_OBS)]),
    "sp4x.first_pair": ([({"type": "paired", "player": 0, "card": "men"}, SP4X_OBS)],
                        [({"type": "paired", "player": 1, "card": "men"}, SP4X_OBS),
                         ({"type": "showed", "player": 0, "card": "men"}, SP4X_OBS)]),
    "sp4x.ai_card": ([({"type": "ai_paired", "player": 1, "card": "build"}, SP4X_OBS)],
                     [({"type": "paired", "player": 1, "card": "build"}, SP4X_OBS)]),
    "sp4x.star_card": (
        [({"type": "took_top", "player": 0, "card": "war"}, {**SP4X_OBS, "star_exposed": True}),
         ({"type": "laid", "player": 1, "card": "war"}, SP4X_OBS)],
        [({"type": "took_top", "player": 0, "card": "war"}, SP4X_OBS)]),
    "sp4x.age_ended": ([({"type": "age_ended", "age": 1, "player": 2}, SP4X_OBS)],
                       [({"type": "age_ended", "age": 2, "player": 2}, SP4X_OBS)]),
    "se4.first_battle": ([({"type": "battle", "sector": 3, "attacker": 1, "sides": [1, 0]},
                           SE4_OBS)],
                         [({"type": "battle", "sector": 3, "attacker": 1, "sides": [1, 2]},
                           SE4_OBS)]),
    "se4.crippled": ([({"type": "crippled", "ship": 5}, SE4_OBS)],
                     [({"type": "crippled", "ship": 6}, SE4_OBS)]),
    "se4.ship_lost": ([({"type": "destroyed", "ship": 5, "owner": 0, "sector": 3}, SE4_OBS)],
                      [({"type": "destroyed", "ship": 6, "owner": 1, "sector": 3}, SE4_OBS)]),
    "se4.research_roll": ([({"type": "research_roll", "player": 0, "roll": 2, "chart": 0},
                            SE4_OBS)],
                          [({"type": "research_roll", "player": 1, "roll": 6, "chart": 3},
                            SE4_OBS)]),
    "se4.unstable_line": (
        [({"type": "moved", "ship": 5, "from": 11, "to": 7}, SE4_OBS)],
        [({"type": "moved", "ship": 5, "from": 0, "to": 6}, SE4_OBS),
         ({"type": "moved", "ship": 6, "from": 11, "to": 7}, {**SE4_OBS, "active": 1})]),
}


def test_every_tip_has_its_cases():
    assert set(CASES) == {t.id for game in MINIMUM_TIPS for t in game_tips(game)}


@pytest.mark.parametrize("tip_id", sorted(CASES))
def test_each_tip_matches_its_events_and_no_other(tip_id):
    matching, other = CASES[tip_id]
    assert matching and other
    for event, obs in matching:
        assert tip(tip_id).matches(event, obs), event
    for event, obs in other:
        assert not tip(tip_id).matches(event, obs), event


def test_an_event_of_an_unexpected_shape_is_no_match():
    assert not tip("se4x.black_hole").matches({"type": "explored"}, SE4X_OBS)
    assert not tip("se4.crippled").matches({"type": "crippled", "ship": 5}, {"viewer": 0})


def test_the_first_tip_of_the_table_wins():
    """A Danger! found by a group: the marker's tip, not the ship lost's."""
    events = [explored("danger"),
              {"type": "unit_destroyed", "unit": 3, "player": 0, "hex": 44,
               "reason": "Danger!"},
              {"type": "ship_destroyed", "unit": 4, "player": 0, "remaining": 1}]
    found = learn_tips.first_match(game_tips("se4x"), events, SE4X_OBS)
    assert found is not None and found.id == "se4x.danger"


# -- the tests on the engine's own events ---------------------------------------------------------
def test_the_tests_match_the_engines_events():
    """Real events (not hand-made): a black hole found, a colony founded, a card drawn,
    a research roll."""
    game = scenario.scenario(turn=1)
    state = game.state
    target = scenario.neighbour(state, scenario.CENTRE, scenario.E)
    scenario.set_marker(state, target, data.M_BLACK_HOLE)
    unit = scenario.add(state, 0, data.DD, scenario.CENTRE, count=2)
    scenario.force_dice(state, 1, 1)
    events = game.apply(Action("move", unit=unit, dir=scenario.E))
    assert any(tip("se4x.black_hole").matches(e, game.observation(0)) for e in events)
    assert not any(tip("se4x.black_hole").matches(e, game.observation(1)) for e in events)

    game = scenario.scenario(turn=1)
    scenario.set_marker(game.state, scenario.CENTRE, data.M_PLANET, face_up=True)
    ship = scenario.add(game.state, 0, data.CO, scenario.CENTRE)
    events = game.apply(Action("colonize", unit=ship))
    assert any(tip("se4x.first_colony").matches(e, game.observation(0)) for e in events)

    seats = [Seat(HUMAN), Seat(COMPUTER, "rule"), Seat(COMPUTER, "rule")]
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 0}, seats, ["Ann", "Cy", "Di"])
    mover = driver.game.current_player
    events = driver.game.apply(driver.game.legal_actions()[0])
    assert any(tip("sp4x.first_draw").matches(e, driver.game.observation(mover))
               for e in driver.game.events_for(events, mover))


def test_a_research_roll_of_the_engine_matches(monkeypatch):
    from tests.helpers.se4_scenario import act, begin, blank, colony, dice

    game = blank()
    colony(game, 0, 0, coins=6, research=1)
    colony(game, 10, 1)
    dice(monkeypatch, [3])
    begin(game, "research")
    events = act(game, "research", sector=0)
    assert any(tip("se4.research_roll").matches(e, game.observation(0)) for e in events)
    assert not any(tip("se4.research_roll").matches(e, game.observation(1)) for e in events)


# -- the card in a real window -------------------------------------------------------------------
def tips_window(qtbot, settings: storage.Settings | None = None) -> MainWindow:
    window = MainWindow(settings or storage.Settings(sound=False, confirm_end_movement=False))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def battle_session(window: MainWindow, seats: list[Seat] | None = None) -> Session:
    game = battle_game([(data.DD, 3)], [(data.DD, 1)])
    session = Session(game, seats=seats, names=["Ann", "Bob"])
    window.set_session(session)
    return session


def shown_cards(window) -> list[TipCard]:
    """The tip cards on screen in ``window`` or a window of its own (a battle's)."""
    return [c for c in window.findChildren(TipCard) if c.isVisible()]


def wait_for_card(qtbot, window) -> TipCard:
    qtbot.waitUntil(lambda: len(shown_cards(window)) == 1)
    return shown_cards(window)[0]


def no_card_after(qtbot, window) -> None:
    """Nothing shows once the events are handled (a tip waits for the action's end)."""
    qtbot.wait(60)
    assert shown_cards(window) == []


def no_card_after_but(qtbot, window, title: str) -> None:
    """Once the events are handled, the card titled ``title`` is still the only one."""
    qtbot.wait(60)
    assert [c.title.text() for c in shown_cards(window)] == [title]


def test_the_first_battle_shows_its_tip_once_per_profile(qtbot):
    window = tips_window(qtbot)
    session = battle_session(window)
    accept_handover(qtbot, window)
    session.apply(Action("end_movement"))
    card = wait_for_card(qtbot, window)
    assert card.title.text() == "Your first battle"
    assert card.window() is window.dialogs.widget  # the battle's window, over the map
    assert "se4x.first_battle" in storage.Settings.load().tips_seen  # remembered at once
    qtbot.mouseClick(card.findChild(QPushButton, "tip_ok"), Qt.MouseButton.LeftButton)
    assert shown_cards(window) == []
    session.events.emit([dict(BATTLE)])  # the same again: shown already
    no_card_after(qtbot, window)
    again = tips_window(qtbot, storage.Settings.load())  # another start: a new manager
    assert again.shell.tips is not window.shell.tips
    other = battle_session(again)
    accept_handover(qtbot, again)
    other.apply(Action("end_movement"))
    no_card_after(qtbot, again)


def test_no_tip_while_tips_are_off(qtbot):
    window = tips_window(qtbot, storage.Settings(sound=False, tips=False))
    session = battle_session(window)
    accept_handover(qtbot, window)
    session.apply(Action("end_movement"))
    no_card_after(qtbot, window)
    assert window.settings.tips_seen == []


def test_dont_show_tips_turns_them_off(qtbot):
    window = tips_window(qtbot)
    session = battle_session(window)
    accept_handover(qtbot, window)
    session.events.emit([explored("supernova")])
    card = wait_for_card(qtbot, window)
    assert card.window() is window and card.title.text() == "A supernova"
    qtbot.mouseClick(card.findChild(QPushButton, "tip_off"), Qt.MouseButton.LeftButton)
    assert shown_cards(window) == []
    assert not window.settings.tips and not storage.Settings.load().tips
    session.events.emit([explored("danger")])
    no_card_after(qtbot, window)


def test_no_tip_on_a_handover_page(qtbot):
    """The game starts at the handover: a tip waits for the next time, unseen."""
    window = tips_window(qtbot)
    session = battle_session(window)
    assert window.handover.isVisible()
    session.events.emit([dict(BATTLE)])
    no_card_after(qtbot, window)
    assert window.settings.tips_seen == []
    accept_handover(qtbot, window)
    session.events.emit([dict(BATTLE)])
    assert wait_for_card(qtbot, window).title.text() == "Your first battle"


def test_the_handover_page_is_found_by_its_name(qtbot):
    """The tips know no game's window: every game's handover page carries the name."""
    from se4x_qt.shell.handover import HandoverScreen

    page = HandoverScreen()
    qtbot.addWidget(page)
    assert page.objectName() == learn_tips.HANDOVER_NAME


def test_a_tip_due_as_the_screen_is_handed_over_waits_for_the_next_time(qtbot):
    """Ann's bid leaves her above the cap, but the screen goes to Bob at once: no tip on
    his handover; it comes with Ann's next purchase."""
    from tests.helpers.gui_positions import economic_phase

    window = tips_window(qtbot)
    session = Session(economic_phase(), names=["Ann", "Bob"])
    window.set_session(session)
    while session.phase == "economic_bid":
        accept_handover(qtbot, window)
        session.apply(Action("bid", amount=0))
    assert window.handover.isVisible() and session.current_player == 1
    no_card_after(qtbot, window)
    assert window.settings.tips_seen == []
    accept_handover(qtbot, window)
    session.apply(Action("end_purchases"))
    accept_handover(qtbot, window)
    assert session.viewer == 0 and session.observation()["me"]["cp"] > data.CARRY_OVER_CAP
    session.apply(next(a for a in session.legal_actions() if a.kind == "research"))
    card = wait_for_card(qtbot, window)
    assert card.title.text().startswith("Use it or lose it")
    assert card.window() is window.dialogs.widget  # the production sheet
    assert window.settings.tips_seen == ["se4x.cp_cap"]


def test_a_tip_goes_when_the_screen_changes_hands(qtbot):
    window = tips_window(qtbot)
    session = battle_session(window)
    accept_handover(qtbot, window)
    session.events.emit([explored("black_hole")])
    wait_for_card(qtbot, window)
    session.handover_needed.emit(1)
    assert shown_cards(window) == []


def test_no_tip_for_a_computers_events(qtbot):
    """No human at the screen: the computers' battle shows no tip, and none is used up."""
    window = tips_window(qtbot)
    seats = [Seat(COMPUTER, "rule"), Seat(COMPUTER, "rule")]
    session = battle_session(window, seats)
    session.stop()
    for _ in range(50):
        if session.in_battle:
            break
        session.step_computer()
    assert session.in_battle and not session.seats[session.viewer].is_human
    no_card_after(qtbot, window)
    assert window.settings.tips_seen == []


def test_no_tip_during_a_tutorial(qtbot, monkeypatch):
    window = tips_window(qtbot)
    session = battle_session(window)
    accept_handover(qtbot, window)
    monkeypatch.setattr("se4x_qt.learn.tutorial.active_runner", lambda _window: object())
    session.events.emit([explored("black_hole")])
    no_card_after(qtbot, window)
    assert window.settings.tips_seen == []


def test_the_card_reads_the_rules_is_dismissed_and_goes_by_itself(qtbot, monkeypatch):
    window = tips_window(qtbot)
    session = battle_session(window)
    accept_handover(qtbot, window)
    asked: list[str | None] = []
    monkeypatch.setattr(window, "show_rules", lambda section=None: asked.append(section))
    session.events.emit([explored("black_hole")])
    card = wait_for_card(qtbot, window)
    qtbot.mouseClick(card.findChild(QPushButton, "tip_rules"), Qt.MouseButton.LeftButton)
    assert asked == ["marker-black-hole"]
    session.events.emit([explored("danger")])  # a tip just shown is still being read
    no_card_after_but(qtbot, window, "A black hole")
    assert window.settings.tips_seen == ["se4x.black_hole"]  # Danger! waits for next time
    monkeypatch.setattr(learn_tips.TipWatch, "READ_MS", 0)
    session.events.emit([explored("danger")])  # read: the next tip takes its place
    qtbot.waitUntil(lambda: [c.title.text() for c in shown_cards(window)] == ["Danger!"])
    card = shown_cards(window)[0]
    assert card.timer.isActive() and card.timer.interval() == 20_000
    card.timer.start(10)
    qtbot.waitUntil(lambda: shown_cards(window) == [])


def test_the_card_floats_on_the_map_at_1366x768(qtbot):
    """On a laptop's screen the card lies in the map's bottom-left corner, inside the
    window, clear of the side panel and its buttons."""
    window = tips_window(qtbot)
    session = battle_session(window)
    accept_handover(qtbot, window)
    session.events.emit([explored("black_hole")])
    card = wait_for_card(qtbot, window)
    view = window.view
    assert isinstance(view, QGraphicsView)
    map_rect = QRect(view.mapTo(window, view.rect().topLeft()), view.size())
    assert map_rect.contains(card.geometry())
    assert card.geometry().left() - map_rect.left() < 40
    assert map_rect.bottom() - card.geometry().bottom() < 40
    side = window.side_panel
    side_rect = QRect(side.mapTo(window, side.rect().topLeft()), side.size())
    assert not side_rect.intersects(card.geometry())


def test_the_sp4x_window_shows_its_tips(qtbot):
    seats = [Seat(HUMAN), Seat(COMPUTER, "rule"), Seat(COMPUTER, "rule")]
    for seed in range(50):
        driver = saves.new_driver("sp4x", {"players": 3, "seed": seed}, seats,
                                  ["Ann", "Cy", "Di"])
        if driver.game.current_player == 0:
            break
    window = open_window(qtbot, driver)
    if window.handover.isVisible():
        qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
    draw = next(a for a in driver.legal_actions() if a.kind == "draw")
    driver.apply(draw)
    card = wait_for_card(qtbot, window)
    assert card.title.text() == "A card from a hand"
    board = window.board
    assert QRect(board.mapTo(window, board.rect().topLeft()), board.size()).contains(
        card.geometry())


# -- the Settings dialog ------------------------------------------------------------------------
def test_settings_switch_tips_and_show_them_again(qtbot):
    settings = storage.Settings(tips_seen=["se4x.first_battle", "se4x.danger"])
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    switch = dialog.findChild(QCheckBox, "tips")
    again = dialog.findChild(QCheckBox, "tips_again")
    assert switch.isChecked() and again.isEnabled() and not again.isChecked()
    assert "(2)" in again.text()
    switch.setChecked(False)
    again.setChecked(True)
    dialog.accept()
    assert not settings.tips and settings.tips_seen == []
    loaded = storage.Settings.load()
    assert not loaded.tips and loaded.tips_seen == []
    dialog = SettingsDialog(loaded)
    qtbot.addWidget(dialog)
    assert not dialog.findChild(QCheckBox, "tips").isChecked()
    assert not dialog.findChild(QCheckBox, "tips_again").isEnabled()
