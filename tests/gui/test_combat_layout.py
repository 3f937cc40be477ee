"""The combat window gives the battle lines the room: the battlefield spans the window's
width (the log sits beside the decisions, below it, and only once it has lines), as many
cards show on a line as fit, and the mouse wheel scrolls the lines by one line of cards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from se4x_core import data
from se4x_qt.windows.combat import CombatWindow
from se4x_qt.windows.combat.battle_log import BattleLog
from se4x_qt.windows.combat.cards import UnitCard
from tests.helpers.combat_window import open_window, start
from tests.helpers.gui_positions import battle_setup, big_battle

pytestmark = [pytest.mark.fast, pytest.mark.gui]

# The window's size on a 1366x768 laptop, a 1280x720 screen and a 1920x1080 one (the
# screen less the frame; the large screen's is the window's preferred size).
WINDOW_SIZES = {"1366x768": (1350, 728), "1280x720": (1264, 680), "1920x1080": (1800, 1000)}
CARDS_PER_LINE = {"1366x768": 3, "1280x720": 2, "1920x1080": 4}


def battle_window(qtbot, size: tuple[int, int]) -> CombatWindow:
    session, window = open_window(qtbot, big_battle())
    window.resize(*size)
    start(session)
    qtbot.waitUntil(lambda: window.field.viewport().width() > size[0] // 2)
    QApplication.processEvents()
    return window


def top_of(window: CombatWindow, widget) -> int:
    return widget.mapTo(window, QPoint(0, 0)).y()


@pytest.mark.parametrize("screen", sorted(WINDOW_SIZES))
def test_the_battle_lines_span_the_window(qtbot, screen):
    window = battle_window(qtbot, WINDOW_SIZES[screen])
    assert window.field.viewport().width() >= 0.9 * window.width()
    field_bottom = top_of(window, window.field) + window.field.height()
    assert top_of(window, window.log) >= field_bottom  # the log is below the lines
    assert window.field.per_line >= CARDS_PER_LINE[screen]
    cards = window.field.findChildren(UnitCard)
    rows: dict[int, list[UnitCard]] = {}
    for card in cards:
        rows.setdefault(card.mapTo(window, QPoint(0, 0)).y(), []).append(card)
    assert max(len(row) for row in rows.values()) >= 2 * CARDS_PER_LINE[screen] - 1


def test_the_log_shows_once_it_has_lines(qtbot):
    game, _, _ = battle_setup([(data.CA, 1)], [(data.SC, 1)])
    session, window = open_window(qtbot, game)
    assert window.log.isHidden() and window.log.is_empty()  # no battle yet: no room taken
    start(session)
    assert not window.log.isHidden() and window.log_lines()


def test_the_wheel_scrolls_one_line_of_cards(qtbot):
    window = battle_window(qtbot, WINDOW_SIZES["1366x768"])
    bar = window.field.verticalScrollBar()
    assert bar.maximum() > 0  # more lines than the window shows
    bar.setValue(0)
    viewport = window.field.viewport()
    centre = QPointF(viewport.width() / 2, viewport.height() / 2)
    notch = QWheelEvent(centre, viewport.mapToGlobal(centre), QPoint(), QPoint(0, -120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, notch)
    line = window.field.line_height()  # a card and the space under it
    assert line - 2 <= bar.value() <= line + 2


def test_the_scroll_position_survives_a_refresh(qtbot):
    window = battle_window(qtbot, WINDOW_SIZES["1366x768"])
    bar = window.field.verticalScrollBar()
    bar.setValue(bar.maximum())
    scrolled = bar.value()
    window.refresh()  # as after every decision: the cards are laid out anew
    assert bar.value() == scrolled


def test_the_log_keeps_its_last_line_in_sight_as_it_shrinks(qtbot):
    """The log is as tall as the decisions beside it: when they shrink (the end of the
    battle takes less room than a choice of targets), its newest line stays in sight."""
    log = BattleLog()
    qtbot.addWidget(log)
    log.resize(400, 400)
    log.show()
    for number in range(40):
        log.append(f"Blue CA1 fires at Red DD1: needs 4, rolled {number % 10 + 1}, miss",
                   "miss", 0)
    log.scroll_to_bottom()
    QApplication.processEvents()
    log.resize(400, 160)
    QApplication.processEvents()
    bar = log.log_list.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    bar.setValue(0)  # the player scrolls up to read: the log stays there
    log.resize(400, 120)
    QApplication.processEvents()
    assert bar.value() == 0
