"""Ending a turn by accident: Space (or Enter, the menu, the panel's button) asks first while
groups can still move, Done asks first when CP would be lost; Undo stays at hand and says
what it took back; the questions can be turned off and the choice is remembered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QMessageBox, QPushButton, QSpinBox

from se4x_core import data
from se4x_core.actions import Action
from se4x_qt.games.se4x.session import Session
from se4x_qt.session import storage
from se4x_qt.windows.main_window import PAGE_HANDOVER
from se4x_qt.windows.production import ProductionSheet
from tests.helpers.gui_positions import economic_phase
from tests.helpers.gui_scenario import CENTRE, E, add, neighbour, scenario
from tests.helpers.shell import accept_handover, click_hex, click_unit, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def hot_seat(qtbot, game, confirm: bool = True):
    """Ann and Bob at one screen, Ann (Blue) to move, the end-of-turn questions on."""
    window = make_window(qtbot, confirm=confirm)
    window.set_session(Session(game, names=["Ann", "Bob"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    activate(qtbot, window)
    return window


def activate(qtbot, window) -> None:
    """Make the main window the active one, as the desktop does when a dialog closes
    (keyboard shortcuts reach only the active window)."""
    window.windowHandle().requestActivate()
    qtbot.waitUntil(window.isActiveWindow)
    window.view.setFocus()


def blue_scouts(count: int = 2):
    game = scenario(turn=1)
    units = [add(game.state, 0, data.SC, CENTRE) for _ in range(count)]
    return game, units


def confirm_box(window) -> QMessageBox:
    box = window.confirm_box
    assert box is not None and box.isVisible(), "no question was asked"
    return box


def press(box: QMessageBox, name: str) -> None:
    box.findChild(QPushButton, name).click()
    QApplication.processEvents()


def test_space_with_unmoved_groups_asks_first_in_a_hot_seat_game(qtbot):
    game, _ = blue_scouts()
    window = hot_seat(qtbot, game)
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    box = confirm_box(window)
    assert "2 of your groups can still move (none of them has moved this turn)" in box.text()
    assert game.phase == "movement" and game.current_player == 0  # nothing ended yet
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # a second key press must not confirm
    assert game.current_player == 0
    press(box, "confirm_no")  # Go back: Ann's turn goes on
    assert game.current_player == 0 and not box.isVisible()
    activate(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    press(confirm_box(window), "confirm_yes")  # asked again, and ended this time
    assert game.current_player == 1
    assert window.pages.currentIndex() == PAGE_HANDOVER  # Bob's turn, at the hand-over


def test_the_panel_button_asks_too_and_nothing_is_asked_when_nothing_can_move(qtbot):
    game, scouts = blue_scouts(1)
    window = hot_seat(qtbot, game)
    qtbot.mouseClick(window.side_panel.end_button, Qt.MouseButton.LeftButton)
    assert "One of your groups can still move (it has not moved)" in confirm_box(window).text()
    press(window.confirm_box, "confirm_no")
    activate(qtbot, window)
    for unit in scouts:  # the scout moves its one hex: nothing can move any more
        click_unit(qtbot, window, unit)
        click_hex(qtbot, window, neighbour(game.state, CENTRE, E))
    window.confirm_box = None
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert window.confirm_box is None and game.current_player == 1


def silence_the_movement_question(qtbot):
    """Ann ends her movement with scouts unmoved and ticks "Don't ask again"."""
    game, _ = blue_scouts()
    window = hot_seat(qtbot, game)
    window.act_end_move.trigger()
    box = confirm_box(window)
    box.findChild(QCheckBox).setChecked(True)
    press(box, "confirm_yes")
    return game, window


def test_dont_ask_again_turns_the_question_off_and_is_remembered(qtbot):
    game, window = silence_the_movement_question(qtbot)
    assert game.current_player == 1
    assert not window.settings.confirm_end_movement
    assert not storage.Settings.load().confirm_end_movement  # saved with the app's settings
    assert window.settings.confirm_unspent_cp  # the other question is still asked


def test_with_the_question_off_space_ends_at_once(qtbot):
    game, _ = blue_scouts()
    window = hot_seat(qtbot, game, confirm=False)
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert window.confirm_box is None and game.current_player == 1


def test_undo_is_in_the_banner_and_says_what_it_took_back(qtbot):
    game, (scout, _) = blue_scouts()
    window = hot_seat(qtbot, game)
    assert not any(b.text() == "Undo last step" for b in window.map_page.banner.buttons())
    target = neighbour(game.state, CENTRE, E)
    click_unit(qtbot, window, scout)
    click_hex(qtbot, window, target)
    assert game.state.u_hex[scout] == target
    undo = next(b for b in window.map_page.banner.buttons() if b.text() == "Undo last step")
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    assert game is not window.session.game  # the game before the step is back
    assert window.session.game.state.u_hex[scout] == CENTRE
    label = window.session.game.state.board.label
    expected = f"Undone: Ann SC1 (1 ship) is back at {label(CENTRE)} (its step to {label(target)})."
    assert window.last_undo_text == expected
    assert window.statusBar().currentMessage() == expected
    assert window.controller.selected_unit == scout  # its counter is lit where it stands
    assert not any(b.text() == "Undo last step" for b in window.map_page.banner.buttons())


def test_done_asks_first_when_cp_would_be_lost(qtbot):
    game = economic_phase()
    game.apply(Action("bid", amount=0))  # Red's sealed bid
    window = make_window(qtbot, confirm=True)
    window.set_session(Session(game, names=["Blue", "Red"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    sheet = window.dialogs.widget
    assert isinstance(sheet, ProductionSheet)

    def click(name: str) -> None:  # a button the sheet made anew: shown once events ran
        QApplication.processEvents()
        button = sheet.findChild(QPushButton, name)
        qtbot.waitUntil(button.isVisible)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    sheet.findChild(QSpinBox, "bid_spin").setValue(3)
    click("bid_button")  # the highest bid: Blue chooses the order, and goes first
    click("order_0")
    cp = game.state.cp[0]
    assert cp > data.CARRY_OVER_CAP
    click("done_button")
    box = sheet.confirm_box
    assert box.isVisible() and game.phase == "economic_purchase"
    assert (f"You have {cp} CP: the {cp - data.CARRY_OVER_CAP} CP above the "
            f"{data.CARRY_OVER_CAP} CP carry-over will be lost.") in box.text()
    assert "You have not bought or researched anything this phase." in box.text()
    press(box, "confirm_yes")
    assert game.current_player != 0 or game.phase != "economic_purchase"


def test_dont_ask_again_at_movement_leaves_the_lost_cp_question_on(qtbot):
    """One question, one setting: silencing "End movement?" must not silence the warning
    that CP will be lost at the carry-over cap."""
    _game, window = silence_the_movement_question(qtbot)
    economy = economic_phase()
    economy.apply(Action("bid", amount=0))
    window.set_session(Session(economy, names=["Blue", "Red"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    sheet = window.dialogs.widget
    assert isinstance(sheet, ProductionSheet)
    sheet.findChild(QSpinBox, "bid_spin").setValue(3)
    for name in ("bid_button", "order_0", "done_button"):
        QApplication.processEvents()
        button = sheet.findChild(QPushButton, name)
        qtbot.waitUntil(button.isVisible)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert sheet.confirm_box is not None and sheet.confirm_box.isVisible()
    assert "will be lost" in sheet.confirm_box.text()


def test_an_old_settings_file_keeps_its_answer_for_the_movement_question_only(tmp_path):
    storage.settings_path().write_text('{"confirm_end_turn": false}', encoding="utf-8")
    settings = storage.Settings.load()
    assert not settings.confirm_end_movement
    assert settings.confirm_unspent_cp
