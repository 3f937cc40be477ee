"""Hot-seat screens: "Pass to Red" and "Battle in progress".

Why full-window: in a hot-seat game the next player must not glimpse the
previous player's map, log, side panel or open dialogs.  The main window
swaps its central page for the handover screen and hides the docks and
every dialog until the named player confirms (with their PIN, if they set
one; only its salted hash is stored, see :mod:`se4x_qt.session.pins`).

During a battle both players decide in the combat window, which shows only
what the battle revealed to both; the map behind it is still the viewer's,
so when the decision is the other player's the map is covered by the
neutral :class:`BattleCover`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QRadialGradient
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from se4x_qt import style
from se4x_qt.widgets import centred_label, space


class _SpaceBackdrop(QWidget):
    """A dark starry page with a soft glow in an accent colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.glow = QColor(style.Theme.ACCENT)
        self.emblem_player = -1
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.drawTiledPixmap(self.rect(), space.starfield())
        centre = QRectF(self.rect()).center()
        radius = max(self.width(), self.height()) * 0.55
        grad = QRadialGradient(centre, radius)
        inner = QColor(self.glow)
        inner.setAlpha(70)
        grad.setColorAt(0, inner)
        grad.setColorAt(1, QColor(0, 0, 0, 0))
        painter.fillRect(self.rect(), grad)
        if self.emblem_player >= 0:
            size = min(self.width(), self.height()) * 0.16
            rect = QRectF(centre.x() - size / 2, centre.y() - size * 1.9, size, size)
            painter.setPen(QPen(QColor("#0B1020"), 3))
            painter.setBrush(style.player_colour(self.emblem_player))
            painter.drawPath(style.emblem_path(style.emblem_name(self.emblem_player), rect))
        painter.end()


class HandoverScreen(_SpaceBackdrop):
    """"Pass to Red": waits for the named player (and their PIN)."""

    accepted = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover")
        self.player = -1
        self._check: Callable[[int, str], bool] = lambda _p, _pin: True
        self.needs_pin = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 16, 16, 16)  # the stretches give the room on a large screen
        layout.addStretch(3)
        self.title = centred_label("Pass to \u2026", "handoverTitle")
        layout.addWidget(self.title)
        self.detail = centred_label("", "handoverDetail", wrap=True)
        layout.addWidget(self.detail)
        layout.addSpacing(24)
        layout.addLayout(self._build_pin_row())
        self.error = centred_label("", "message")
        layout.addWidget(self.error)
        hint = centred_label("The map, the log and every dialog stay hidden until the right "
                             "player confirms.", "faint")
        layout.addStretch(2)
        layout.addWidget(hint)

    def _build_pin_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addStretch(1)
        self.pin_edit = QLineEdit()
        self.pin_edit.setObjectName("pin")
        self.pin_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_edit.setPlaceholderText("PIN")
        self.pin_edit.setFixedWidth(160)
        self.pin_edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pin_edit.returnPressed.connect(self.try_accept)
        row.addWidget(self.pin_edit)
        self.take_button = QPushButton("I have the screen")
        self.take_button.setObjectName("primary")
        self.take_button.setMinimumWidth(200)
        self.take_button.clicked.connect(self.try_accept)
        row.addWidget(self.take_button)
        row.addStretch(1)
        return row

    def show_for(self, player: int, name: str, detail: str, needs_pin: bool,
                 check: Callable[[int, str], bool]) -> None:
        """Ask for ``player``; ``check(player, pin)`` validates a PIN."""
        self.player = player
        self.needs_pin = needs_pin
        self._check = check
        colour = style.player_colour(player)
        self.glow = colour
        self.emblem_player = player
        glyph = style.emblem_glyph(player)
        self.title.setText(f'Pass to <span style="color:{colour.name()}">{glyph} {name}</span>')
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setText(detail + ("\nEnter your PIN to continue." if needs_pin else ""))
        self.pin_edit.setVisible(needs_pin)
        self.pin_edit.clear()
        self.error.clear()
        self.take_button.setText(f"I am {name} \u2014 show my screen")
        self.update()
        if needs_pin:
            self.pin_edit.setFocus()
        else:
            self.take_button.setFocus()

    def try_accept(self) -> bool:
        """Accept if the PIN (when one is set) is right; else say so and stay."""
        if self.player < 0:
            return False
        if self.needs_pin and not self._check(self.player, self.pin_edit.text()):
            self.error.setText("Wrong PIN \u2014 try again.")
            self.pin_edit.clear()
            self.pin_edit.setFocus()
            return False
        self.error.clear()
        self.pin_edit.clear()
        player = self.player
        self.player = -1
        self.accepted.emit(player)
        return True


class BattleCover(_SpaceBackdrop):
    """The neutral screen over the map while the other player decides in a battle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battle_cover")
        self.glow = QColor("#FF6B6B")
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(centred_label("Battle in progress", "handoverTitle"))
        self.detail = centred_label("", "handoverDetail", wrap=True)
        layout.addWidget(self.detail)
        layout.addStretch(1)

    def set_detail(self, text: str) -> None:
        self.detail.setText(text)
