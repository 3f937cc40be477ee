"""The hot-seat handover hides everything of the previous player, whatever is opened.

At "Pass to Bob", before Bob confirms, the test opens every menu item of the
window (and every dock, even by hand) and reads every text on screen, every
item of the map and minimap with its tooltip: nothing Ann knows and Bob may not
(her stacks, her private log, her CP, her hand in SP4X) may appear.  What Bob may
know is decided by Bob's own observation, not by the test's idea of it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QFileDialog, QMenu, QWidget

from se4x_core import data
from se4x_qt.games.se4x.session import Session
from se4x_qt.games.sp4x.cards import CardButton
from se4x_qt.games.sp4x.window import PAGE_HANDOVER as SP4X_HANDOVER
from se4x_qt.games.sp4x.window import Sp4xWindow
from se4x_qt.map.hexmap import unit_title
from se4x_qt.map.map_items import CounterItem
from se4x_qt.session import saves, storage
from se4x_qt.session.seats import HUMAN, Seat
from se4x_qt.windows.main_window import PAGE_HANDOVER, MainWindow
from tests.helpers.gui_scenario import CENTRE, add, scenario
from tests.helpers.screen_texts import leaks, visible_widgets
from tests.helpers.shell import accept_handover, click_hex, click_unit, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

NAMES = ["Ann", "Bob"]
SKIPPED = {"act_quit"}  # closes the window: nothing left to look at


@pytest.fixture(autouse=True)
def no_file_dialogs(monkeypatch):
    """File dialogs are modal: answered "cancel" at once, as a player closing them."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))


def every_action(window: QWidget) -> list:
    """Every item of the window's menus, submenus included, in menu order."""
    found = []

    def walk(menu: QMenu) -> None:
        menu.aboutToShow.emit()  # menus filled as they open (Open Recent)
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu())
            elif not action.isSeparator():
                found.append(action)

    for action in window.menuBar().actions():
        if action.menu() is not None:
            walk(action.menu())
    return found


def close_other_windows(keep: QWidget) -> None:
    for widget in QApplication.topLevelWidgets():
        if widget is not keep and widget.isVisible() and widget.isWindow():
            widget.close()
    QApplication.processEvents()


def trigger_and_read(qtbot, action, facts: set[str]) -> list[tuple[str, str]]:
    """Trigger a menu item and read the screen; a dialog that blocks (a modal
    ``exec``) is read while it is open, then closed, as a player would."""
    seen: list[tuple[str, str]] = []
    returned = False

    def read_blocking_dialog() -> None:
        if not returned:
            seen.extend(leaks(facts))
            modal = QApplication.activeModalWidget()
            if modal is not None:
                modal.close()

    QTimer.singleShot(200, read_blocking_dialog)
    action.trigger()
    returned = True
    qtbot.wait(10)
    return seen + leaks(facts)


def try_every_menu(qtbot, window: QWidget, facts: set[str]) -> list[str]:
    """Trigger each menu item at the handover; return what it showed that it must not."""
    found = []
    for action in every_action(window):
        if action.objectName() in SKIPPED or action.text() == "&Close":
            continue
        found += [f"{action.text()!r} showed {fact!r} in {text!r}"
                  for fact, text in trigger_and_read(qtbot, action, facts)]
        close_other_windows(window)
    return found


# -- Space Empires ------------------------------------------------------------------------
def ann_moved_a_scout(qtbot) -> MainWindow:
    """Ann (Blue) moved a scout and ended her movement: the screen passes to Bob."""
    game = scenario(turn=1)
    for _ in range(2):
        add(game.state, 0, data.SC, CENTRE)
    add(game.state, 0, data.CO, CENTRE)
    window = make_window(qtbot)
    window.set_session(Session(game, names=NAMES))
    for pin_player in (0, 1):
        window.session.set_pin(pin_player, "1234")
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window, "1234")
    scout = next(u for u in window.session.observation()["units"]
                 if u["owner"] == 0 and u.get("unit_type") == "SC")
    click_unit(qtbot, window, scout["unit"])
    click_hex(qtbot, window, sorted(window.controller.targets)[0])
    window.panel_dock.show()
    window.controller.select_unit(scout["unit"])  # Ann's panel lists her stack
    window.act_end_move.trigger()
    qtbot.waitUntil(lambda: window.pages.currentIndex() == PAGE_HANDOVER)
    assert window.handover.player == 1
    return window


def ann_secrets(window: MainWindow) -> set[str]:
    """What Ann's screen showed that Bob's own observation does not give him."""
    session = window.session
    ann, bob = session.game.observation(0), session.game.observation(1)
    bob_titles = {unit_title(u, NAMES) for u in bob["units"]}
    facts = {unit_title(u, NAMES) for u in ann["units"]} - bob_titles
    bob_log = {e["text"] for e in window.journal.for_player(1)}
    facts |= {e["text"] for e in window.journal.for_player(0)} - bob_log
    facts.add(f"Ann: {ann['me']['cp']} CP")
    assert any("SC" in fact for fact in facts) and any("moved" in fact for fact in facts)
    return facts


def test_the_handover_shows_nothing_of_ann_through_any_menu_or_dock(qtbot):
    window = ann_moved_a_scout(qtbot)
    facts = ann_secrets(window)
    assert try_every_menu(qtbot, window, facts) == []
    for dock in window.findChildren(QDockWidget):
        assert not dock.isVisible()
        assert not dock.toggleViewAction().isEnabled()
        dock.show()  # even a dock forced open holds nothing of Ann's
    QApplication.processEvents()
    assert leaks(facts) == []
    bob = window.session.game.observation(1)
    for unit, item in window.view.counters.items():  # nothing Bob does not see himself
        assert any(u["unit"] == unit for u in bob["units"]) and item.scene() is not None
    assert not [i for i in window.view.scene().items() if isinstance(i, CounterItem)]
    for h, marker in enumerate(window.view.marker_items):
        assert marker.key in (None, bob["hexes"][h].get("marker"))
    assert "Unsaved game" in window.windowTitle()


def test_after_the_pin_bob_sees_his_own_map_and_log(qtbot):
    window = ann_moved_a_scout(qtbot)
    facts = ann_secrets(window)
    accept_handover(qtbot, window, "1234")
    bob = window.session.game.observation(1)
    assert set(window.view.counters) == {u["unit"] for u in bob["units"]}
    assert window.log_dock.isVisible() and window.minimap_dock.isVisible()
    assert any("face-down group moved" in line for line in window.log_texts())
    assert leaks(facts) == []


def test_a_window_closed_for_good_during_the_handover_stays_gone(qtbot):
    """Windows open when the screen passes are hidden and shown again for the next
    player; one deleted meanwhile (a viewer closed, a leftover of another window) is
    skipped rather than failing the handover."""
    extra = QWidget()
    extra.setWindowTitle("a window of Ann's")
    extra.show()
    window = ann_moved_a_scout(qtbot)
    assert not extra.isVisible() and extra in window._hidden_windows
    extra.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    accept_handover(qtbot, window, "1234")
    assert window.session.viewer == 1 and window._hidden_windows == []


# -- SP4X ---------------------------------------------------------------------------------
def test_the_sp4x_handover_shows_no_hand_through_any_menu(qtbot):
    driver = None
    for seed in range(50):
        driver = saves.new_driver("sp4x", {"players": 3, "seed": seed}, [Seat(HUMAN)] * 3,
                                  NAMES + ["Cy"], pins={0: "1234", 1: "1234"})
        if driver.game.current_player == 0:
            break
    assert driver is not None
    window = Sp4xWindow(settings=storage.Settings(sound=False))
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    window.show_driver(driver)
    window.handover.pin_edit.setText("1234")
    window.handover.try_accept()
    hand = driver.observation()["hand"]
    assert sum(hand.values()) > 0
    window.show_handover(1)  # the screen passes to Bob
    assert window.pages.currentIndex() == SP4X_HANDOVER
    facts = {f"{NAMES[0]}'s hand", f"{sum(hand.values())} CARDS"}
    assert try_every_menu(qtbot, window, facts) == []
    assert not [w for w in visible_widgets() if isinstance(w, CardButton)]
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not window.findChildren(CardButton)  # not even behind the handover page
    assert window.log.count() == 0
    window.handover.pin_edit.setText("1234")
    assert window.handover.try_accept()  # Bob's screen, drawn for him
    shown = {card: button.count for card, button in window.card_buttons.items()}
    assert shown == {k: n for k, n in driver.observation()["hand"].items() if n}
    assert driver.viewer == 1
