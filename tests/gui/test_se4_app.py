"""The SE4 board game in the app: New Game, hot-seat play by clicks on its action buttons
up to the first player's space yards, the handover hiding the last player's hand (its
sheets emptied too), a
save that loads the same game, the rule computer playing by itself, the map's clicks,
the words of actions and events, and the window on a laptop's screen."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import HULL_NAMES
from se4x_core.games.se4.data import load
from se4x_core.games.se4.explain import DECISIONS
from se4x_core.games.se4.game import Game
from se4x_core.games.se4.levels import make_bot
from se4x_qt.games.se4 import reference, texts
from se4x_qt.games.se4.window import PAGE_HANDOVER, PAGE_PLAY, Se4Window
from se4x_qt.session import storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.shell import AppShell

pytestmark = [pytest.mark.slow, pytest.mark.gui]

ROOT = Path(__file__).resolve().parents[2]
PROBE = "tests.helpers.se4_fit_probe"  # run from ROOT with python -m
FAN_RULES = "Fan rules, gaps filled: see Help"


# -- driving the window like a player -------------------------------------------------------
def start_from_new_game(qtbot, seats: tuple[str, str], seed: int = 5
                        ) -> tuple[AppShell, Se4Window]:
    """File > New Game in the first game's window, the SE4 board game chosen, two seats
    (each "human" or "computer"), Start pressed."""
    shell = AppShell(storage.Settings(sound=False, computer_pace="fast"))
    first = shell.first_window()
    qtbot.addWidget(first)
    first.show()
    first.act_new.trigger()
    dialog = shell.new_game_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    combo = dialog.findChild(QComboBox, "game_choice")  # fan rules, not a prototype's
    assert combo.itemText(combo.findData("se4")).endswith("fan rules, gaps filled")
    dialog.choose_game("se4")
    page = dialog.page()
    assert page is dialog.page("se4") and page.isVisible()
    assert page.findChild(QLabel, "se4_fan_rules").text().replace(
        '<a href="help">', "").replace("</a>", "") == FAN_RULES
    players = page.findChild(QSpinBox, "se4_players")
    assert (players.minimum(), players.maximum(), players.value()) == (2, 4, 2)
    limit = page.findChild(QSpinBox, "se4_round_limit")
    assert limit.value() == load().victory.round_limit
    for seat, (kind, name) in enumerate(zip(seats, ("Ann", "Bob"), strict=True)):
        page.findChild(QLineEdit, f"se4_name{seat}").setText(name)
        page.findChild(QComboBox, f"se4_seat{seat}").setCurrentIndex(0 if kind == "human" else 1)
    page.findChild(QLineEdit, "se4_seed").setText(str(seed))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    window = shell.windows.get("se4")
    assert isinstance(window, Se4Window)
    qtbot.addWidget(window)
    qtbot.waitUntil(window.isVisible)
    return shell, window


def take_the_screen(qtbot, window: Se4Window) -> int:
    """Press "I have the screen" on the handover page; the new viewer."""
    player = window.handover.player
    qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentIndex() == PAGE_PLAY
    assert window.driver is not None and window.driver.viewer == player
    return player


def action_button(qtbot, window: Se4Window, action: Action) -> QPushButton:
    """The button of ``action``, once shown (a widget added to a shown layout is shown
    when the event loop next runs)."""
    button = window.findChild(QPushButton, f"se4_action_{action.code}")
    assert button is not None, f"no button for {action}"
    qtbot.waitUntil(lambda: button.isVisibleTo(window), timeout=2000)
    return button


def click(qtbot, window: Se4Window, action: Action) -> None:
    qtbot.mouseClick(action_button(qtbot, window, action), Qt.MouseButton.LeftButton)


def short_setup_choice(window: Se4Window) -> Action:
    """A quick way through setup: a home world, one Escort with one card, then done."""
    legal = window.legal()
    obs = window.observation()
    mine = [s for s in obs["ships"] if s["owner"] == obs["viewer"]]
    by_kind = {a.kind: a for a in reversed(legal)}
    escort = HULL_NAMES.index("Escort")
    if obs["phase"] == "setup_buy" and not mine:
        return next(a for a in legal if a.kind == "buy" and a.hull == escort)
    if obs["phase"] == "setup_design" and "install" in by_kind and \
            not any(s["cards"] for s in mine):
        return by_kind["install"]
    for kind in ("home", "finish", "done"):
        if kind in by_kind:
            return by_kind[kind]
    return legal[0]


def assert_nothing_of_the_last_player(window: Se4Window) -> None:
    """The handover page is up and the play page behind it holds no hand, no choices,
    no log and no sector."""
    assert window.pages.currentIndex() == PAGE_HANDOVER
    assert window.empires_panel.hand.text() == ""
    assert window.decision.buttons == {}
    assert not [b for b in window.findChildren(QPushButton)
                if b.objectName().startswith("se4_action_")]
    assert window.log.count() == 0
    assert window.decision.prompt.text() == ""
    for sheet in window.sheets:  # the design sheet held the hand: emptied too
        assert sheet.buttons == {} and sheet.body.count() == 0, sheet.objectName()
    assert window.views.currentWidget() is window.map


# -- New Game, hot-seat, handover, save and load -------------------------------------------
def test_hot_seat_from_new_game_to_the_yards_then_a_save_loads_the_same_game(qtbot, tmp_path):
    shell, window = start_from_new_game(qtbot, ("human", "human"))
    driver = window.driver
    assert driver is not None and driver.game_name == "se4"
    assert driver.game.config == {"players": 2, "seed": 5, "round_limit": 30}
    assert [seat.kind for seat in driver.seats] == [HUMAN, HUMAN]
    assert window.windowTitle() == "Unsaved game \u2014 SE4 board game"
    first = driver.observation()["first"]
    clicks = handovers = 0
    for _ in range(60):
        obs = driver.observation_for(first)
        if obs["phase"] == "yards" and obs["current_player"] == first:
            break
        if window.pages.currentIndex() == PAGE_HANDOVER:
            assert_nothing_of_the_last_player(window)
            handovers += 1
            take_the_screen(qtbot, window)
            continue
        assert FAN_RULES in window.fan_rules.text().replace('<a href="help">', "").replace(
            "</a>", "") and window.fan_rules.isVisible()
        before = len(driver.game.action_codes)
        click(qtbot, window, short_setup_choice(window))
        assert len(driver.game.action_codes) == before + 1
        clicks += 1
    if window.pages.currentIndex() == PAGE_HANDOVER:
        take_the_screen(qtbot, window)
    obs = driver.observation()
    assert (obs["phase"], obs["current_player"], obs["round"]) == ("yards", first, 1)
    assert clicks >= 8 and handovers >= 2
    assert DECISIONS["yards"] in window.decision.prompt.text()
    assert any(a.kind == "buy" for a in window.legal())
    assert len([s for s in obs["ships"] if s["building"] is False]) == 2  # an Escort each
    # saved, then opened from the first window: the same game, the same screen
    path = tmp_path / "se4.se4x"
    assert window.save_to(path)
    assert json.loads(path.read_text())["format"] == "se4-save"
    seen = {p: driver.observation_for(p) for p in range(2)}
    codes, log = list(driver.game.action_codes), window.log_texts()
    assert log and any("took" in line and "home world" in line for line in log)
    assert shell.first_window().open_path(path)
    loaded = window.driver
    assert loaded is not None and loaded is not driver
    assert loaded.game.action_codes == codes
    assert {p: loaded.observation_for(p) for p in range(2)} == seen
    assert loaded.player_names == ["Ann", "Bob"]
    if window.pages.currentIndex() == PAGE_HANDOVER:
        take_the_screen(qtbot, window)
    assert window.observation() == seen[first]
    assert window.log_texts() == log
    assert window.windowTitle() == "se4.se4x \u2014 SE4 board game"


def test_the_rule_computer_plays_its_turns_by_itself(qtbot):
    shell, window = start_from_new_game(qtbot, ("human", "computer"), seed=11)
    driver = window.driver
    assert driver is not None
    assert driver.seats == [Seat(HUMAN), Seat(COMPUTER, "rule")]
    assert window.pages.currentIndex() == PAGE_PLAY  # one human: no handover
    clicks = 0

    def computer_done() -> bool:
        obs = driver.observation_for(0)
        return obs["round"] >= 2 and obs["current_player"] == 0

    for _ in range(400):
        if computer_done() or driver.is_over:
            break
        if driver.viewer_may_act():
            legal = window.legal()
            done = [a for a in legal if a.kind in ("done", "finish", "home")]
            click(qtbot, window, done[0] if done else legal[0])
            clicks += 1
        else:
            qtbot.waitUntil(lambda: driver.viewer_may_act() or driver.is_over, timeout=10000)
    assert computer_done()
    obs = driver.observation()
    computer_colonies = [c for c in obs["colonies"] if c["owner"] == 1]
    assert computer_colonies and any(s["owner"] == 1 for s in obs["ships"])
    assert clicks < len(driver.game.action_codes)  # the computer's decisions took none
    assert any(line.startswith("Round 1: the turn of Bob") for line in window.log_texts())


# -- the map and the words --------------------------------------------------------------------
def window_in_round_3_yards(qtbot) -> Se4Window:
    """Two human seats, the game played by the rule bot to round 3's space yards, shown
    to the player who decides."""
    game = Game.new_game({"players": 2, "seed": 1})
    bots = [make_bot("rule", 1), make_bot("rule", 2)]
    while not (game.state.round >= 3 and game.phase == "yards"):
        player = game.current_player
        game.apply(bots[player].step(game.observation(player), game.legal_actions()))
    driver = GameDriver.local("se4", game, [Seat(HUMAN), Seat(HUMAN)], names=["Ann", "Bob"])
    window = Se4Window(storage.Settings(sound=False))
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    window.show_driver(driver)
    driver.stop()
    if window.pages.currentIndex() == PAGE_HANDOVER:
        take_the_screen(qtbot, window)
    return window


def test_a_click_on_the_map_selects_a_sector_and_its_actions_come_first(qtbot):
    window = window_in_round_3_yards(qtbot)
    obs = window.observation()
    target = next(i for i, s in enumerate(obs["sectors"]) if s["name"] == "Hadar")
    point = window.map.sector_pos(target).toPoint()
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.selected == target
    assert window.sector_panel.title.text().startswith("HADAR")
    home = next(c["sector"] for c in obs["colonies"] if c["owner"] == obs["viewer"]
                and obs["sectors"][c["sector"]]["body"] == "home")
    point = window.map.sector_pos(home).toPoint()
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.selected == home
    rows = window.decision.rows
    first_row = rows.itemAt(0).widget()
    assert first_row.text() == f"AT {obs['sectors'][home]['name'].upper()}"
    buy = next(a for a in window.legal() if a.kind == "buy" and a.sector == home)
    assert rows.indexOf(action_button(qtbot, window, buy)) == 1  # right under the sector's heading


def test_help_lists_the_filled_gaps_and_f1_opens_the_decisions_rules(qtbot):
    window = window_in_round_3_yards(qtbot)
    assert window.act_rules.shortcut() == QKeySequence("F1")
    viewer = window.show_rules()  # what F1 does
    try:
        assert viewer.reference is reference.REFERENCE and viewer.isVisible()
        assert viewer.current_id == "yards"
        assert DECISIONS["yards"] in viewer.browser.toPlainText()
        window.fan_rules.linkActivated.emit("help")  # the top bar's "see Help"
        assert viewer.current_id == "gaps"
        text = viewer.browser.toPlainText()
        assert "fan rules" in text and "our own choice" in text
        assert all(card.name in text and card.source in text for card in load().components)
    finally:
        viewer.close()  # deleted on close


def test_actions_read_in_plain_words():
    game = Game.new_game({"players": 2, "seed": 1})
    obs = game.observation(0)
    names = ["Ann", "Bob"]
    capella = next(i for i, s in enumerate(obs["sectors"]) if s["name"] == "Capella")
    cruiser = HULL_NAMES.index("Cruiser")
    assert texts.describe(Action("buy", hull=cruiser, sector=capella), obs) == \
        "Buy a Cruiser at Capella (8 coins)"
    assert texts.describe(Action("buy", hull=HULL_NAMES.index("Escort"), sector=capella),
                          obs) == "Buy an Escort at Capella (3 coins)"
    obs["ships"] = [{"id": 3, "owner": 0, "hull": "Cruiser", "sector": capella},
                    {"id": 4, "owner": 0, "hull": "Destroyer", "sector": capella},
                    {"id": 9, "owner": 1, "hull": "Escort", "sector": capella}]
    deneb = next(i for i, s in enumerate(obs["sectors"]) if s["name"] == "Deneb")
    assert texts.describe(Action("move", ship=4, sector=deneb), obs) == \
        "Move Destroyer #4 to Deneb"
    assert texts.describe(Action("call", ship=3, target=9), obs) == \
        "Call a shot: Cruiser #3 at Escort #9"
    assert texts.describe(Action("pd", ship=4), obs) == "Point defence roll with Destroyer #4"
    assert texts.describe(Action("aim", ship=3, player=1), obs, names) == \
        "Cruiser #3 aims at the ships of Bob"
    assert texts.describe(Action("done"), obs) == "Done"
    assert texts.action_sectors(Action("move", ship=4, sector=deneb), obs) == {capella, deneb}


def test_every_event_of_a_played_game_reads_as_a_sentence():
    """A game of two random players (seed 0 fights, shoots, launches missiles, rolls
    point defence, cripples and destroys) worded event by event: every main event type
    has its own words (never the generic line), and names its ships."""
    game = Game.new_game({"players": 2, "seed": 0})
    bots = [make_bot("random", 0), make_bot("random", 1)]
    book = texts.ShipBook()
    lines: dict[str, list[str]] = {}
    while not game.is_over:
        player = game.current_player
        events = game.apply(bots[player].step(game.observation(player), game.legal_actions()))
        obs = game.observation(0)
        words = texts.EventWords(obs, ["Ann", "Bob"], book)
        for event in events:
            book.learn_event(event)
            text = words.text(event)
            if text is not None:
                lines.setdefault(event["type"], []).append(text)
        book.learn(obs)
    main = ("shot", "missiles", "point_defence", "destroyed", "crippled", "hull_bought",
            "ship_completed", "research_roll", "battle", "combat_round", "bombarded",
            "game_over")
    assert set(main) <= set(lines), sorted(set(main) - set(lines))
    for kind, said in lines.items():
        for text in said:
            assert "visible_to" not in text and not re.search(r"\bship #", text), (kind, text)
    assert lines["shot"][0].endswith(("a hit", "a miss", "a near miss (shields only)"))
    assert "rolled" in lines["shot"][0] and "Ann" in lines["battle"][0]
    assert lines["game_over"][-1].startswith("Game over. Winner: ")
    other = texts.EventWords(game.observation(0), ["Ann", "Bob"], book)
    assert other.text({"type": "mystery", "what": 3, "visible_to": None}) == "Mystery: what 3"
    assert other.text({"type": "phase", "phase": "yards", "visible_to": None}) is None


# -- a laptop's screen ------------------------------------------------------------------------
def test_the_window_fits_a_laptop_screen_with_the_map_in_view(tmp_path):
    """Opened as the app opens it on a 1366x768 screen (a battle, and four players):
    every button in reach, the map shown and large enough to read."""
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}",
               SE4X_DATA_DIR=str(tmp_path / "data"))
    env.pop("QT_SCALE_FACTOR", None)
    done = subprocess.run([sys.executable, "-m", PROBE], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(next(x for x in done.stdout.splitlines() if x.startswith("{")))
    assert report["screen"] == [0, 0, 1366, 768]
    positions = report["positions"]
    assert set(positions) == {"battle", "four"}
    assert positions["battle"]["phase"] == "combat" and positions["battle"]["battle_shown"]
    assert positions["battle"]["brought_forward"] == "se4_battle_sheet"
    assert positions["four"]["brought_forward"] == "se4_yards"
    for name, found in positions.items():
        assert found["problems"] == [], (name, found["problems"])
        assert found["map_visible"], name
        width, height = found["map"]
        assert width >= 800 and height >= 400, (name, found["map"])


def first_battle() -> Game:
    """A game of two rule bots played to its first battle's called shots (the first seed
    whose game has one)."""
    for seed in range(1, 30):
        game = Game.new_game({"players": 2, "seed": seed})
        bots = [make_bot("rule", 1), make_bot("rule", 2)]
        while not game.is_over:
            battle = game.state.battle
            if game.phase == "combat" and battle is not None and battle["stage"] == "call":
                return game
            player = game.current_player
            game.apply(bots[player].step(game.observation(player), game.legal_actions()))
    raise AssertionError("no battle in 29 games")


def test_a_hot_seat_battle_is_shared_at_the_screen_with_the_hands_hidden(qtbot):
    """A battle's decisions pass between the sides at every step: no handover between
    them (the players share the screen, as in Space Empires' battles), and while they
    do, no hand and no private log line is on the screen."""
    from se4x_qt.games.se4.session import Se4Driver

    game = first_battle()
    driver = Se4Driver.local("se4", game, [Seat(HUMAN), Seat(HUMAN)], names=["Ann", "Bob"])
    window = Se4Window(storage.Settings(sound=False))
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    window.show_driver(driver)
    driver.stop()
    if window.pages.currentIndex() == PAGE_HANDOVER:
        take_the_screen(qtbot, window)
    deciders = set()
    for _ in range(40):
        if game.state.battle is None:
            break
        assert driver.shared_decision() and window.pages.currentIndex() == PAGE_PLAY
        assert "HIDDEN" in window.empires_panel.hand_title.text()
        assert window.log.count() == 0
        deciders.add(game.current_player)
        click(qtbot, window, window.legal()[0])
    assert deciders == {0, 1}  # both sides decided, with no handover between them
