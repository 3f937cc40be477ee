"""The tip card: a small note floating over a game's map, with its buttons.

Why a floating card and not a message box: a tip arrives while the player is in the
middle of something (a battle starting, a purchase), so it must never stop the game
nor take the keyboard; it sits in a corner of the window's largest view (the map or
board, never the hand or the buttons of the decision), goes away when its player
presses *Got it*, by itself after :data:`SHOW_MS`, or when the next tip takes its
place.  A battle or a production sheet opens in a window of its own, as large as the
screen, over the game's window: the card then floats in that window
(:func:`host_window`), where the player is looking.  The card only shows words and
says what was pressed (its signals); what a tip is and when one is due is
:mod:`se4x_qt.learn.tips`'s business.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import QElapsedTimer, QEvent, QObject, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QDialog,
    QFrame,
    QGraphicsDropShadowEffect,
    QHBoxLayout,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from se4x_qt import widgets
from se4x_qt.style import Theme

SHOW_MS: Final = 20_000  # a tip left alone goes away after this long
WIDTH: Final = 340  # wide enough for a few short lines, narrow enough to leave the map
MARGIN: Final = 14  # from the corner of the view it floats over
NAME: Final = "tip_card"


def card_stylesheet() -> str:
    """The card's own look (the same in every game's window, whatever its sheet)."""
    t = Theme
    return f"""
QFrame#{NAME} {{ background: {t.PANEL_ALT}; border: 1px solid {t.ACCENT};
                 border-radius: 10px; }}
QFrame#{NAME} QLabel {{ background: transparent; border: none; color: {t.TEXT}; }}
QLabel#tip_kicker {{ color: {t.ACCENT}; font-size: 8pt; font-weight: 800;
                     letter-spacing: 2px; }}
QLabel#tip_title {{ color: {t.HIGHLIGHT}; font-size: 11pt; font-weight: 800; }}
QLabel#tip_text {{ color: {t.TEXT}; }}
QFrame#{NAME} QPushButton {{ background: {t.CARD}; color: {t.TEXT};
                             border: 1px solid {t.BORDER}; border-radius: 5px;
                             padding: 3px 12px; }}
QFrame#{NAME} QPushButton:hover {{ border-color: {t.ACCENT}; }}
QFrame#{NAME} QPushButton#tip_ok {{ background: #1F6F6A; border-color: {t.ACCENT};
                                  font-weight: 700; }}
QFrame#{NAME} QPushButton#tip_off, QFrame#{NAME} QPushButton#tip_close {{
    background: transparent; border: none; color: {t.MUTED}; padding: 0 2px; }}
QFrame#{NAME} QPushButton#tip_off {{ text-decoration: underline; }}
QFrame#{NAME} QPushButton#tip_off:hover, QFrame#{NAME} QPushButton#tip_close:hover {{
    color: {t.TEXT}; }}
"""


def host_window(window: QWidget) -> QWidget:
    """The window the player looks at: a window of the game's own opened over ``window``
    (a battle, a production sheet: as large as the screen allows), the active one first,
    else ``window`` itself.  Dialogs (messages, the rules) are not hosts."""
    own = [w for w in window.children() if isinstance(w, QWidget) and w.isWindow()
           and w.isVisible() and not isinstance(w, QDialog) and w.width() > 2 * WIDTH]
    if not own:
        return window
    active = QApplication.activeWindow()
    if active in own:
        return active
    return max(own, key=lambda w: w.width() * w.height())


def anchor_rect(window: QWidget) -> QRect:
    """Where the card floats, in ``window``'s coordinates: the largest scrolling view
    shown in the window itself (the map, the board, the battlefield: the innermost,
    not a scroll area round the whole window), else its central widget, else the whole
    window."""
    views = [v for v in window.findChildren(QAbstractScrollArea)
             if v.isVisible() and v.window() is window and v.width() > 2 * WIDTH
             and v.height() > WIDTH // 2]
    inner = [v for v in views if not any(o is not v and v.isAncestorOf(o) for o in views)]
    if inner:
        view = max(inner, key=lambda v: v.width() * v.height())
        return QRect(view.mapTo(window, QPoint(0, 0)), view.size())
    central = window.centralWidget() if isinstance(window, QMainWindow) else None
    if central is not None and central.isVisible():
        return central.geometry()
    return window.rect()


class TipCard(QFrame):
    """One tip on screen (see the module docstring), a child of the window it floats in;
    gone (deleted) once dismissed: the next tip makes a card of its own, in the window
    the player looks at then."""

    rules_requested = Signal(str)  # "Read the rules": the section's id
    tips_off = Signal()  # "Don't show tips" (or the coach's "Coach off")

    def __init__(self, window: QWidget, kicker: str = "TIP",
                 off_text: str = "Don't show tips",
                 off_tip: str = "No more tips (Edit > Settings turns them back on)") -> None:
        super().__init__(window)
        self.setObjectName(NAME)
        self.kicker, self.off_text, self.off_tip = kicker, off_text, off_tip
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(card_stylesheet())
        self.setFixedWidth(WIDTH)
        self.section = ""
        self._build()
        shadow = QGraphicsDropShadowEffect(self)
        shadow.setBlurRadius(24)
        shadow.setOffset(0, 4)
        shadow.setColor(QColor(0, 0, 0, 160))
        self.setGraphicsEffect(shadow)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SHOW_MS)
        self.timer.timeout.connect(self._time_up)
        self.clock = QElapsedTimer()
        window.installEventFilter(self)  # follow the window's size
        self.hide()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 10, 10)
        layout.setSpacing(6)
        top = QHBoxLayout()
        top.addWidget(widgets.label(self.kicker, "tip_kicker"))
        top.addStretch(1)
        self.close_button = widgets.button("\u2715", "tip_close", self.dismiss,
                                           tip="Close this tip")
        top.addWidget(self.close_button)
        layout.addLayout(top)
        self.title = widgets.label("", "tip_title", wrap=True)
        layout.addWidget(self.title)
        self.text = widgets.label("", "tip_text", rich=True, wrap=True)
        layout.addWidget(self.text)
        row = QHBoxLayout()
        row.setSpacing(8)
        self.off_button = widgets.button(self.off_text, "tip_off", self.tips_off.emit,
                                         tip=self.off_tip)
        row.addWidget(self.off_button)
        row.addStretch(1)
        self.rules_button = widgets.button("Read the rules", "tip_rules", self._rules)
        row.addWidget(self.rules_button)
        self.ok_button: QPushButton = widgets.button("Got it", "tip_ok", self.dismiss)
        row.addWidget(self.ok_button)
        layout.addLayout(row)
        for button in self.findChildren(QPushButton):  # Space and Enter stay the game's
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # -- showing ------------------------------------------------------------------------------
    def show_tip(self, title: str, text: str, section: str = "") -> None:
        """Show a tip (in place of the one shown, if any) for :data:`SHOW_MS`."""
        self.title.setText(title)
        self.text.setText(text)
        self.section = section
        self.rules_button.setVisible(bool(section))
        self.resize(WIDTH, self.heightForWidth(WIDTH))
        self.place()
        self.show()
        self.raise_()
        self.timer.start()
        self.clock.start()

    def shown_for(self) -> int:
        """Milliseconds since the tip was shown."""
        return self.clock.elapsed() if self.clock.isValid() else 0

    def dismiss(self) -> None:
        self.timer.stop()
        self.hide()
        self.deleteLater()

    def place(self) -> None:
        """Bottom left of the view the card floats over."""
        parent = self.parentWidget()
        if parent is None:
            return
        height = max(self.heightForWidth(WIDTH), self.minimumSizeHint().height())
        self.resize(WIDTH, height)
        area = anchor_rect(parent)
        if area.height() < height + 2 * MARGIN:  # a small screen: the window's corner
            area = parent.rect()
        x = area.left() + MARGIN
        y = area.top() + area.height() - height - MARGIN
        self.move(x, max(0, min(y, parent.height() - height)))  # never out of the window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.parentWidget() and event.type() in (
                QEvent.Type.Resize, QEvent.Type.LayoutRequest) and self.isVisible():
            self.place()
        return False

    def _rules(self) -> None:
        if self.section:
            self.rules_requested.emit(self.section)

    def _time_up(self) -> None:
        """A card read at that moment (the mouse on it) stays a little longer."""
        if self.underMouse():
            self.timer.start(SHOW_MS // 4)
            return
        self.dismiss()


__all__ = ["SHOW_MS", "TipCard", "anchor_rect", "card_stylesheet", "host_window"]
