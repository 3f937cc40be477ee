"""The SE4 window's sheets, used as a player uses them: the ship design dialog (cards
clicked or dropped into the drawn slots, a card that does not fit refused with the
reason, the ship completed), the yard sheet's hull table, the research sheet, the combat
sheet (ROF schedule, the damage ladder's step, the choices), each brought forward when
its decision begins; and the routine bookkeeping the driver takes for a player."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QPushButton

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.game import Game
from se4x_qt.games.se4.battle_sheet import LADDER, fires_in, ladder_step
from se4x_qt.games.se4.design import CARD_MIME, SlotBoard
from se4x_qt.games.se4.session import Se4Driver
from se4x_qt.games.se4.window import Se4Window
from se4x_qt.session import storage
from se4x_qt.session.seats import HUMAN, Seat
from tests.helpers.se4_fit_probe import played, shown
from tests.helpers.se4_scenario import maintenance_due

pytestmark = [pytest.mark.slow, pytest.mark.gui]


def window_on(qtbot, driver: Se4Driver, bookkeeping: bool = True) -> Se4Window:
    """The window showing ``driver``'s game to the player to decide (past the handover)."""
    window = shown(QApplication.instance(), driver,
                   storage.Settings(sound=False, bookkeeping=bookkeeping))
    qtbot.addWidget(window)
    return window


def at(config: dict[str, int], bot: str, until: Callable[[Game], bool]) -> Se4Driver:
    driver = played(config, bot, until)
    assert isinstance(driver, Se4Driver)
    return driver


def sheet_button(qtbot, window: Se4Window, name: str) -> QPushButton:
    """The shown button named ``name`` (a redrawn sheet's old buttons linger until the
    event loop deletes them)."""
    def shown() -> list[QPushButton]:
        return [b for b in window.findChildren(QPushButton, name) if b.isVisibleTo(window)]

    qtbot.waitUntil(lambda: bool(shown()), timeout=2000)
    return shown()[0]


def test_a_ship_is_designed_by_clicking_and_dropping_cards_into_its_slots(qtbot):
    driver = at({"players": 2, "seed": 3}, "rule", lambda g: g.phase == "setup_design")
    game = driver.game
    window = window_on(qtbot, driver)
    design = window.sheets[0]
    assert window.views.currentWidget() is design  # the decision brought it forward
    finish = next(a for a in game.legal_actions() if a.kind == "finish")
    designed = game.state.ships[finish.ship]
    slots = design.findChild(SlotBoard)
    assert slots is not None and slots.row.count() - 1 == len(designed_hull(game, designed))
    # click cards in until one no longer fits: its button is disabled and says why
    fitted = 0
    for _ in range(12):
        enabled = [b for b in design.findChildren(QPushButton)
                   if b.objectName().startswith("se4_card_") and b.isEnabled()]
        if not enabled or fitted == 2:
            break
        before = len(designed.cards)
        qtbot.mouseClick(enabled[0], Qt.MouseButton.LeftButton)
        assert len(designed.cards) == before + 1
        fitted += 1
    assert fitted == 2
    for button in design.findChildren(QPushButton):
        if button.objectName().startswith("se4_card_") and not button.isEnabled():
            card = int(button.objectName().rsplit("_", 1)[1])
            assert "Does not fit" in button.toolTip() or "Cannot" in button.toolTip()
            assert game.explain(Action("install", ship=designed.id, card=card)) is not None
    # a card dropped onto the slots is fitted too (when one still fits)
    legal = [a for a in game.legal_actions() if a.kind == "install"]
    if legal:
        before = len(designed.cards)
        board = design.findChild(SlotBoard)
        data = QMimeData()
        data.setData(CARD_MIME, str(legal[0].card).encode())
        board.dropEvent(QDropEvent(QPointF(4, 4), Qt.DropAction.CopyAction, data,
                                   Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
        assert len(designed.cards) == before + 1
    tiles = [t.text() for t in design.findChildren(type(window.decision.prompt))
             if t.objectName().startswith("se4_slot_")]
    shown = sum(text.count("<b>") for text in tiles)
    assert shown == len(designed.cards)  # every fitted card drawn in a slot
    qtbot.mouseClick(sheet_button(qtbot, window, "se4_design_finish"), Qt.MouseButton.LeftButton)
    assert not designed.building


def designed_hull(game: Game, designed) -> tuple[str, ...]:
    from se4x_core.games.se4.charts import HULLS

    return HULLS[designed.hull].slots


def test_the_yard_sheet_buys_a_hull_and_says_why_it_cannot(qtbot):
    driver = at({"players": 2, "seed": 3}, "rule",
                lambda g: g.state.round >= 2 and g.phase == "yards")
    game = driver.game
    window = window_on(qtbot, driver)
    assert window.views.currentWidget().objectName() == "se4_yards"
    buy = next(a for a in game.legal_actions() if a.kind == "buy")
    before = len(game.state.ships)
    qtbot.mouseClick(sheet_button(qtbot, window, f"se4_buy_{buy.hull}_{buy.sector}"),
                     Qt.MouseButton.LeftButton)
    assert len(game.state.ships) == before + 1
    legal = {a.code for a in game.legal_actions()}
    for button in window.findChildren(QPushButton):
        if button.objectName().startswith("se4_buy_") and button.isVisibleTo(window):
            hull, sector = (int(x) for x in button.objectName().split("_")[2:])
            assert button.isEnabled() == (Action("buy", hull=hull, sector=sector).code in legal)
            if not button.isEnabled():
                assert "coins" in button.toolTip() or "busy" in button.toolTip()


def test_the_research_sheet_pays_for_attempts_and_rolls_them(qtbot, monkeypatch):
    driver = at({"players": 2, "seed": 3}, "rule",
                lambda g: g.state.round >= 2 and g.phase == "research"
                and any(a.kind == "research" and g.state.colonies[a.sector].coins >= 10
                        for a in g.legal_actions()))
    game = driver.game
    window = window_on(qtbot, driver)
    assert window.views.currentWidget().objectName() == "se4_research"
    attempt = next(a for a in game.legal_actions() if a.kind == "research")
    coins = game.state.colonies[attempt.sector].coins
    qtbot.mouseClick(sheet_button(qtbot, window, f"se4_research_{attempt.sector}"),
                     Qt.MouseButton.LeftButton)
    assert game.state.colonies[attempt.sector].coins == coins - 5
    roll = sheet_button(qtbot, window, "se4_research_roll")
    assert roll.text() == "Roll 1 attempt"
    rolls = len([e for e in driver.seen[game.state.active] if e["type"] == "research_roll"])
    qtbot.mouseClick(roll, Qt.MouseButton.LeftButton)
    assert game.phase != "research"
    assert len([e for e in driver.seen[window.driver.viewer]
                if e["type"] == "research_roll"]) == rolls + 1


def test_the_combat_sheet_shows_the_schedule_the_ladder_and_the_choices(qtbot):
    driver = at({"players": 2, "seed": 0}, "random",
                lambda g: g.phase == "damage" and g.state.battle is not None)
    game = driver.game
    window = window_on(qtbot, driver)
    assert window.views.currentWidget() is window.battle_sheet
    assert not window.battle_panel.isVisible()  # the sheet says it all
    legal = game.legal_actions()
    step = ladder_step(legal)
    assert step in (3, 4, 5)
    ladder = window.battle_sheet.findChild(type(window.decision.prompt), "se4_ladder")
    assert f"\u25b6 {step}. {LADDER[step - 1]}" in ladder.text()
    assert set(window.battle_sheet.buttons) == {a.code for a in legal}
    obs = driver.observation()
    for ship_ in obs["ships"]:
        if ship_["sector"] == obs["battle"]["sector"] and not ship_["building"]:
            assert sum(fires_in(ship_, r) for r in range(1, 7)) >= 0
    before = len(game.action_codes)
    qtbot.mouseClick(window.battle_sheet.buttons[legal[0].code], Qt.MouseButton.LeftButton)
    assert len(game.action_codes) == before + 1
    window.views.setCurrentWidget(window.map)  # back to the map: the battle panel returns
    assert window.battle_panel.isVisible() == bool(game.state.battle or game.state.damage)


def test_the_rof_schedule_fires_each_weapon_in_its_rounds():
    """ROF 1 fires every round, ROF 2 in rounds 1 3 5, ROF 3 in rounds 1 and 4; a hull
    being built fires in none (the text's schedule)."""
    from se4x_core.games.se4.data import load

    rounds = {c.name: c.rounds for c in load().components if c.type == "weapon"}
    name = next(n for n, r in rounds.items() if r == (1, 3, 5))
    ship_ = {"cards": [[name, True]], "building": False, "crippled": False}
    assert [fires_in(ship_, r) for r in range(1, 7)] == [1, 0, 1, 0, 1, 0]
    assert [fires_in({**ship_, "building": True}, r) for r in range(1, 7)] == [0] * 6


def test_the_computer_pays_the_maintenance_for_the_player(qtbot):
    game = maintenance_due((2, 5))
    driver = Se4Driver.local("se4", game, [Seat(HUMAN), Seat(HUMAN)], names=["Ann", "Bob"])
    driver.set_pace("fast")
    window = window_on(qtbot, driver, bookkeeping=True)
    assert driver.bookkeeping
    driver.start()
    qtbot.waitUntil(lambda: game.phase != "pay", timeout=5000)
    assert game.state.colonies[6].coins == 1 and game.state.colonies[0].coins == 2
    assert "Ann paid 4 coins of maintenance from " + game.gaps.maps[2].sectors[6].name \
        in window.log_texts()


def test_with_bookkeeping_off_the_player_pays(qtbot):
    game = maintenance_due((2, 5))
    driver = Se4Driver.local("se4", game, [Seat(HUMAN), Seat(HUMAN)], names=["Ann", "Bob"])
    window = window_on(qtbot, driver, bookkeeping=False)
    driver.start()
    assert not driver.bookkeeping and driver.routine() is None
    assert not driver._timer.isActive()  # nothing scheduled: the decision waits
    assert game.phase == "pay" and window.legal()
    window.settings.bookkeeping = True  # switched on in Settings: taken at once
    window.settings_changed()
    qtbot.waitUntil(lambda: game.phase != "pay", timeout=5000)
