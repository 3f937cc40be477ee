"""Every piece of text a person at the screen could read, from every visible window.

Why a reader of its own: a hot-seat test must show that nothing of the
previous player reaches the next one, whichever menu they open.  Reading
only the widgets the test expects would miss the one it does not; this walks
every visible top-level window and every visible widget in it (labels,
buttons, lists, editors, tabs, combo boxes, tooltips, titles, status bars)
and every visible item of every visible graphics view (the map, the
minimap) with its tooltip.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)


def _widget_texts(widget: QWidget) -> list[str]:
    texts = [widget.toolTip(), widget.windowTitle() if widget.isWindow() else ""]
    if isinstance(widget, QLabel):
        texts.append(widget.text())
    elif isinstance(widget, QAbstractButton):
        texts.append(widget.text())
    elif isinstance(widget, QLineEdit):
        texts.append(widget.text())
    elif isinstance(widget, QTextEdit):
        texts.append(widget.toPlainText())
    elif isinstance(widget, QPlainTextEdit):
        texts.append(widget.toPlainText())
    elif isinstance(widget, QListWidget):
        for row in range(widget.count()):
            item = widget.item(row)
            texts += [item.text(), item.toolTip()]
    elif isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
    elif isinstance(widget, QTabBar):
        texts += [widget.tabText(i) for i in range(widget.count())]
    elif isinstance(widget, QGraphicsView) and widget.scene() is not None:
        texts += [item.toolTip() for item in widget.scene().items() if item.isVisible()]
    if isinstance(widget, QMainWindow):
        texts.append(widget.statusBar().currentMessage())
    return [text for text in texts if text]


def visible_widgets() -> list[QWidget]:
    """Every widget shown on screen now, windows first."""
    shown: list[QWidget] = []
    for window in QApplication.topLevelWidgets():
        if not window.isVisible():
            continue
        shown.append(window)
        shown += [w for w in window.findChildren(QWidget) if w.isVisible()]
    return shown


def texts_on_screen() -> list[str]:
    """The texts of :func:`visible_widgets`."""
    return [text for widget in visible_widgets() for text in _widget_texts(widget)]


def leaks(facts: set[str]) -> list[tuple[str, str]]:
    """(fact, text) for each fact found in a text on screen."""
    return [(fact, text) for text in texts_on_screen() for fact in facts if fact in text]
