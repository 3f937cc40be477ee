"""SP4X's cards on screen: a face-up card, a face-down card, a hand of them.

Why painted widgets: a card must read at a glance (its colour band, symbol
and name) and show its single and pair actions in small print, in a size
that fits a laptop's bottom strip; a face-down card must show nothing at
all.  A face-up card in the player's hand is a button when the legal
actions use it (``clicked(card)``); an opponent's hand is a row of backs
with the cards the viewer knows are there drawn face up, and is itself a
button when drawing from it is legal.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QEnterEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from se4x_qt import style
from se4x_qt.games.sp4x import texts
from se4x_qt.map import art


def paint_face(painter: QPainter, rect: QRectF, card: str, small: bool = False,
               dim: bool = False) -> None:
    """A card's face in ``rect``: colour band with symbol and name, then its actions."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(texts.CARD_COLOURS.get(card, "#888"))
    radius = 6 if small else 9
    painter.setPen(QPen(QColor("#0B1020"), 1.5))
    painter.setBrush(QColor("#F4F1E8"))
    painter.drawRoundedRect(rect, radius, radius)
    band = QRectF(rect.x() + 3, rect.y() + 3, rect.width() - 6,
                  rect.height() * (0.42 if small else 0.27))
    grad = QLinearGradient(band.topLeft(), band.bottomLeft())
    grad.setColorAt(0, colour.lighter(120))
    grad.setColorAt(1, colour.darker(115))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(grad)
    painter.drawRoundedRect(band, radius - 2, radius - 2)
    painter.setPen(QColor("#0B1020"))
    glyph = texts.CARD_GLYPHS.get(card, "?")
    painter.setFont(art.font(int(band.height() * 0.55), condensed=False))
    painter.drawText(band, Qt.AlignmentFlag.AlignCenter, glyph)
    title = texts.card_title(card)
    title_rect = QRectF(rect.x() + 4, band.bottom() + 2, rect.width() - 8,
                        rect.height() * (0.3 if small else 0.14))
    painter.setFont(art.fitting_font(title, title_rect.width(), 9 if small else 13, 6))
    painter.drawText(title_rect, Qt.AlignmentFlag.AlignCenter, title)
    if not small:
        body = QRectF(rect.x() + 6, title_rect.bottom() + 1, rect.width() - 12,
                      rect.bottom() - title_rect.bottom() - 6)
        painter.setFont(art.font(8, bold=False, condensed=True))
        painter.setPen(QColor("#2A3040"))
        single = texts.CARD_SINGLE.get(card, "")
        pair = texts.CARD_PAIR.get(card, "")
        text = single if not pair else f"1: {single}\n2: {pair}"
        painter.drawText(body, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                         | Qt.TextFlag.TextWordWrap, text)
    if dim:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(11, 16, 32, 120))
        painter.drawRoundedRect(rect, radius, radius)


def paint_back(painter: QPainter, rect: QRectF, small: bool = True) -> None:
    """A card's back: the same for every card."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = 5 if small else 9
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0, QColor("#2B3A66"))
    grad.setColorAt(1, QColor("#151D36"))
    painter.setPen(QPen(QColor("#0B1020"), 1.5))
    painter.setBrush(grad)
    painter.drawRoundedRect(rect, radius, radius)
    painter.setPen(QPen(QColor(style.Theme.ACCENT), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inner = rect.adjusted(4, 4, -4, -4)
    painter.drawRoundedRect(inner, radius - 2, radius - 2)
    painter.setFont(art.font(int(min(rect.width(), rect.height()) * 0.32)))
    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, "SP")


class CardButton(QWidget):
    """A face-up card in the viewer's hand: ``clicked(card)`` when it may be used."""

    clicked = Signal(str)
    SIZE = QSize(104, 146)

    def __init__(self, card: str, count: int, usable: bool, selected: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.count = count
        self.usable = usable
        self.selected = selected
        self._hover = False
        self.setObjectName(f"card_{card}")
        self.setFixedSize(self.SIZE)
        tip = f"<b>{texts.card_title(card)}</b> \u00d7{count}<br>{texts.CARD_SINGLE[card]}"
        if texts.CARD_PAIR.get(card):
            tip += f"<br><i>Pair:</i> {texts.CARD_PAIR[card]}"
        self.setToolTip(tip)
        if usable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        lift = 0 if (self.selected or self._hover) and self.usable else 6
        rect = QRectF(2, 2 + lift, self.width() - 4, self.height() - 10)
        paint_face(painter, rect, self.card, dim=not self.usable)
        if self.count > 1:
            chip = QRectF(rect.right() - 30, rect.y() + 6, 26, 20)
            painter.setPen(QPen(QColor("#0B1020"), 1.5))
            painter.setBrush(QColor(style.Theme.HIGHLIGHT))
            painter.drawRoundedRect(chip, 6, 6)
            painter.setFont(art.font(11))
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, f"\u00d7{self.count}")
        if self.selected:
            painter.setPen(QPen(QColor(style.Theme.HIGHLIGHT), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 10, 10)
        painter.end()

    def enterEvent(self, event: QEnterEvent) -> None:
        self._hover = True
        self.update()

    def leaveEvent(self, event: object) -> None:
        self._hover = False
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.usable:
            self.clicked.emit(self.card)


class MiniCard(QWidget):
    """A small card: a face (``card``) or a back (``card`` empty)."""

    SIZE = QSize(30, 42)

    def __init__(self, card: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.setFixedSize(self.SIZE)
        if card:
            self.setToolTip(texts.card_title(card))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = QRectF(1, 1, self.width() - 2, self.height() - 2)
        if self.card:
            paint_face(painter, rect, self.card, small=True)
        else:
            paint_back(painter, rect)
        painter.end()


class OpponentHand(QWidget):
    """An opponent's hand: backs for the cards the viewer cannot name, faces for those
    they know, overlapping like a held hand; ``clicked(player)`` when drawing from it is
    legal."""

    clicked = Signal(int)

    def __init__(self, player: int, size: int, known: dict[str, int], drawable: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.drawable = drawable
        self.setObjectName(f"hand_of_{player}")
        faces = [card for card, count in sorted(known.items()) for _ in range(count)]
        self.cards = faces[:size] + [""] * max(0, size - len(faces))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(MiniCard.SIZE.height() + 8)
        self.setMinimumWidth(MiniCard.SIZE.width() + 8)
        known_text = ", ".join(texts.card_title(c) for c in faces[:size]) or "none"
        tip = f"{size} card{'s' if size != 1 else ''}; known to you: {known_text}"
        if drawable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
            tip = "Click to draw a card at random from this hand. " + tip
        self.setToolTip(tip)

    def sizeHint(self) -> QSize:
        return QSize(MiniCard.SIZE.width() + 22 * max(0, len(self.cards) - 1) + 8,
                     MiniCard.SIZE.height() + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.drawable:
            pen = QPen(QColor(style.Theme.ACCENT), 2)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            fill = QColor(style.Theme.ACCENT)
            fill.setAlpha(30)
            painter.setBrush(fill)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 8, 8)
        width, height = MiniCard.SIZE.width(), MiniCard.SIZE.height()
        room = self.width() - 8 - width
        step = min(24.0, room / max(1, len(self.cards) - 1)) if len(self.cards) > 1 else 0.0
        for index, card in enumerate(self.cards):
            rect = QRectF(4 + index * step, 4, width, height)
            if card:
                paint_face(painter, rect, card, small=True)
            else:
                paint_back(painter, rect)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.drawable:
            self.clicked.emit(self.player)
