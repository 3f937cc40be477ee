"""The event log every game's window shows: one line per entry, the newest in view.

Why not a ``QListWidget`` (what the windows had): with word wrap, a list view lays out
every row again whenever a row is added, so at 1,500 kept lines each new line cost the
window 28-49 ms, late in a long game a stall on every action that writes a line.  A
``QPlainTextEdit`` lays out only the lines on the screen: one block per entry, its
colour and weight in the block's character format, a heading's band in its block
format, and the document's block limit dropping the oldest line as a new one comes.
What a block cannot hold (an emblem beside the line, a tooltip, the hex a click goes
to) is kept in a parallel list of :class:`LogLine`, aligned block for block.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import QPlainTextEdit, QToolTip, QWidget


@dataclass(frozen=True)
class LogLine:
    """One entry as shown: its text and how it looks; ``target``: what a click on it
    chooses (a hex for Space Empires' map), or None."""

    text: str
    colour: QColor | None = None
    bold: bool = False
    band: QColor | None = None
    icon: QPixmap | None = None
    tooltip: str = ""
    target: int | None = None


class LogView(QPlainTextEdit):
    """The latest ``keep`` lines of a log, read-only and selectable, scrolled to the
    newest; ``icons``: a column at the left for each line's emblem.  ``target_chosen``
    carries a line's target when the line is clicked or Enter is pressed on it."""

    target_chosen = Signal(int)

    def __init__(self, keep: int, icons: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.keep = keep
        self._lines: deque[LogLine] = deque(maxlen=keep)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.document().setMaximumBlockCount(keep)
        self.viewport().setMouseTracking(True)
        # the newest line stays in view as lines come and as the view is resized (the
        # panels above taking its room), unless the reader scrolled back to read
        self._following = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)
        self._gutter = _Gutter(self) if icons else None
        if self._gutter is not None:
            self.setViewportMargins(self._gutter.width_needed(), 0, 0, 0)
            self.updateRequest.connect(self._gutter.follow)

    # -- content ----------------------------------------------------------------------------
    def append(self, line: LogLine) -> None:
        """Add ``line`` at the bottom (the oldest goes past ``keep``), in view unless the
        reader scrolled back."""
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        block_format = QTextBlockFormat()
        if line.band is not None:
            block_format.setBackground(QBrush(line.band))
        char_format = _char_format(line)
        if self._lines:
            cursor.insertBlock(block_format, char_format)
        else:
            cursor.setBlockFormat(block_format)
        # one entry, one block: a line break inside would shift every later entry
        cursor.insertText(line.text.replace("\n", " "), char_format)
        self._lines.append(line)

    def replace_last(self, text: str) -> None:
        """The newest line's text changes (a repeated move counted into it)."""
        if not self._lines:
            return
        line = self._lines[-1]
        cursor = QTextCursor(self.document().lastBlock())
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock,
                            QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(text.replace("\n", " "), _char_format(line))
        self._lines[-1] = replace(line, text=text)

    def clear_lines(self) -> None:
        """Empty the log (a handover: the next player must not read the last one's)."""
        self.clear()
        self._lines.clear()
        self._following = True

    def scroll_to_newest(self) -> None:
        self._following = True
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _scrolled(self, value: int) -> None:
        self._following = value >= self.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._following:
            self.verticalScrollBar().setValue(high)

    def lines(self) -> list[LogLine]:
        return list(self._lines)

    def texts(self) -> list[str]:
        return [line.text for line in self._lines]

    def count(self) -> int:
        return len(self._lines)

    # -- what the pointer and the keys do ------------------------------------------------------
    def line_at(self, pos: QPoint) -> LogLine | None:
        """The line under ``pos`` (viewport coordinates), None below the last one."""
        if not self._lines:
            return None
        block = self.cursorForPosition(pos).block()
        if not self._block_rect(block).contains(pos):
            return None
        return self._line_of(block)

    def _line_of(self, block: QTextBlock) -> LogLine | None:
        number = block.blockNumber()
        return self._lines[number] if 0 <= number < len(self._lines) else None

    def _block_rect(self, block: QTextBlock) -> QRect:
        return self.blockBoundingGeometry(block).translated(self.contentOffset()).toRect()

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            line = self.line_at(event.pos())
            if line is not None and line.tooltip:
                QToolTip.showText(event.globalPos(), line.tooltip, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        super().mouseMoveEvent(event)
        line = self.line_at(event.position().toPoint())
        linked = line is not None and line.target is not None
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if linked
                                  else Qt.CursorShape.IBeamCursor)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        super().mouseReleaseEvent(event)
        if event.button() != Qt.MouseButton.LeftButton or self.textCursor().hasSelection():
            return  # a selection made for copying is not a click on a line
        line = self.line_at(event.position().toPoint())
        if line is not None and line.target is not None:
            self.target_chosen.emit(line.target)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            line = self._line_of(self.textCursor().block())
            if line is not None and line.target is not None:
                self.target_chosen.emit(line.target)
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._gutter is not None:
            inside = self.contentsRect()
            self._gutter.setGeometry(QRect(inside.left(), inside.top(),
                                           self._gutter.width_needed(), inside.height()))

    def paint_icons(self, painter: QPainter, area: QRect) -> None:
        """Each visible line's emblem, level with the line's first row."""
        block = self.firstVisibleBlock()
        size = _Gutter.ICON
        while block.isValid():
            rect = self._block_rect(block)
            if rect.top() > area.bottom():
                break
            line = self._line_of(block)
            if line is not None and line.icon is not None and rect.bottom() >= area.top():
                row = self.fontMetrics().height()
                top = rect.top() + max(0, (row - size) // 2)
                painter.drawPixmap(QRect(2, top, size, size), line.icon)
            block = block.next()


class _Gutter(QWidget):
    """The emblem column at the log's left (the pattern of Qt's code editor example)."""

    ICON = 14

    def __init__(self, log: LogView) -> None:
        super().__init__(log)
        self.log = log

    def width_needed(self) -> int:
        return self.ICON + 6

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.width_needed(), 0)

    def follow(self, rect: QRect, dy: int) -> None:
        """Scroll or repaint with the text beside it."""
        if dy:
            self.scroll(0, dy)
        else:
            self.update(0, rect.y(), self.width(), rect.height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        # no fill: the log's own background (its style sheet's) shows through
        painter = QPainter(self)
        self.log.paint_icons(painter, event.rect())


def _char_format(line: LogLine) -> QTextCharFormat:
    fmt = QTextCharFormat()
    if line.colour is not None:
        fmt.setForeground(QBrush(line.colour))
    if line.bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    return fmt


__all__ = ["LogLine", "LogView"]
