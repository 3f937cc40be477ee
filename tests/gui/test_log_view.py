"""The event log every game's window shows (se4x_qt.widgets.log_view): the latest lines
kept, each line's looks, clicks and tooltips on the line under the pointer, the newest
line in view (what each new line costs: benchmarks/bench_log_view.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPixmap
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from se4x_qt.widgets.log_view import LogLine, LogView

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def _shown(qtbot: QtBot, keep: int = 5, icons: bool = False) -> LogView:
    log = LogView(keep, icons=icons)
    qtbot.addWidget(log)
    log.resize(320, 120)
    log.show()
    qtbot.waitExposed(log)
    return log


def _centre_of(log: LogView, index: int) -> QPoint:
    block = log.document().findBlockByNumber(index)
    return log.blockBoundingGeometry(block).translated(log.contentOffset()).center().toPoint()


def test_only_the_latest_lines_are_kept_block_for_block(qtbot: QtBot) -> None:
    """Past ``keep`` the oldest line goes from the text and from the lines' records
    together, so a click still finds the line it is on."""
    log = _shown(qtbot, keep=5)
    for n in range(12):
        log.append(LogLine(f"line {n}", target=100 + n))
    assert log.texts() == [f"line {n}" for n in range(7, 12)]
    assert log.document().blockCount() == 5 == log.count()
    assert [log.document().findBlockByNumber(i).text() for i in range(5)] == log.texts()
    log.verticalScrollBar().setValue(0)
    with qtbot.waitSignal(log.target_chosen) as chosen:
        QTest.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=_centre_of(log, 0))
    assert chosen.args == [107]


def test_a_line_keeps_its_colour_weight_and_band(qtbot: QtBot) -> None:
    log = _shown(qtbot)
    log.append(LogLine("Round 2", QColor("#112233"), bold=True, band=QColor("#445566")))
    log.append(LogLine("plain"))
    first, second = log.document().firstBlock(), log.document().lastBlock()
    fmt = first.begin().fragment().charFormat()
    assert fmt.foreground().color() == QColor("#112233")
    assert fmt.fontWeight() == QFont.Weight.Bold
    assert first.blockFormat().background().color() == QColor("#445566")
    assert second.begin().fragment().charFormat().fontWeight() != QFont.Weight.Bold
    assert second.blockFormat().background().style() == Qt.BrushStyle.NoBrush


def test_the_last_line_changes_in_place(qtbot: QtBot) -> None:
    log = _shown(qtbot)
    log.append(LogLine("one", QColor("#FF0000")))
    log.append(LogLine("SC1 moved", QColor("#00FF00"), target=4))
    log.replace_last("SC1 moved (x2)")
    assert log.texts() == ["one", "SC1 moved (x2)"]
    assert log.document().lastBlock().text() == "SC1 moved (x2)"
    assert log.lines()[-1].target == 4
    fmt = log.document().lastBlock().begin().fragment().charFormat()
    assert fmt.foreground().color() == QColor("#00FF00")


def test_a_click_or_enter_chooses_a_lines_target_and_nothing_else(qtbot: QtBot) -> None:
    log = _shown(qtbot)
    log.append(LogLine("no hex"))
    log.append(LogLine("to hex 9", target=9))
    got: list[int] = []
    log.target_chosen.connect(got.append)
    QTest.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=_centre_of(log, 0))
    below = _centre_of(log, 1) + QPoint(0, 60)  # under the last line: no line
    QTest.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=below)
    assert got == []
    QTest.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=_centre_of(log, 1))
    assert got == [9]
    QTest.keyClick(log, Qt.Key.Key_Return)  # the cursor is on the clicked line
    assert got == [9, 9]


def test_a_private_lines_tooltip_shows_over_it_only(qtbot: QtBot) -> None:
    log = _shown(qtbot)
    log.append(LogLine("public"))
    log.append(LogLine("your secret", tooltip="Only you can see this"))
    for index, shown in ((0, False), (1, True)):
        pos = _centre_of(log, index)
        event = QHelpEvent(QEvent.Type.ToolTip, pos, log.viewport().mapToGlobal(pos))
        QApplication.sendEvent(log.viewport(), event)
        assert QToolTip.isVisible() == shown
    assert QToolTip.text() == "Only you can see this"
    QToolTip.hideText()


def test_the_newest_line_stays_in_view_unless_the_reader_scrolled_back(qtbot: QtBot) -> None:
    log = _shown(qtbot, keep=200)
    for n in range(60):
        log.append(LogLine(f"line {n}"))
    bar = log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    log.resize(320, 80)  # the panels above take room: still the newest
    qtbot.wait(10)
    assert bar.value() == bar.maximum()
    bar.setValue(0)  # reading back: a new line does not pull the view away ...
    log.append(LogLine("line 60"))
    assert bar.value() == 0
    log.scroll_to_newest()  # ... until the log is asked to show the newest
    assert bar.value() == bar.maximum()


def test_emblems_sit_in_their_own_column(qtbot: QtBot) -> None:
    """With icons on, the text starts right of the emblem column, and the column paints
    a line's emblem level with it (the pixel under the emblem takes its colour)."""
    log = _shown(qtbot, icons=True)
    emblem = QPixmap(14, 14)
    emblem.fill(QColor("#FF00FF"))
    log.append(LogLine("with an emblem", icon=emblem))
    qtbot.wait(20)
    assert log.viewport().x() >= 14
    shot = log.grab().toImage()
    centre = _centre_of(log, 0)
    y = log.viewport().mapTo(log, centre).y()
    assert shot.pixelColor(2 + 7, y) == QColor("#FF00FF")


def test_a_line_break_inside_an_entry_keeps_one_entry_one_block(qtbot: QtBot) -> None:
    log = _shown(qtbot)
    log.append(LogLine("two\nparts", target=3))
    log.append(LogLine("next"))
    assert log.document().blockCount() == 2 and log.texts() == ["two\nparts", "next"]
