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

from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QEnterEvent,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QLayout, QSizePolicy, QWidget

from se4x_qt import style
from se4x_qt.games.sp4x import reference, texts
from se4x_qt.map import art
from se4x_qt.widgets import FlowLayout

#: A face's paper and inks.  A card that cannot be used now is on greyer paper with
#: the same ink, not under a dark veil: it must stay readable (a player plans with the
#: whole hand); each ink reaches 4.5:1 (WCAG AA) on both papers.
PAPER: Final = "#F4F1E8"
PAPER_IDLE: Final = "#CFCBC1"
INK: Final = "#0B1020"  # title, symbol, outline
BODY_INK: Final = "#1F2533"  # the actions
#: The app's small print (the side panels' 8 pt): nothing printed on a card is smaller.
SMALL_PT: Final = 8.0
TITLE_PT: Final = 11.0  # the largest a title is printed; a long one steps down to SMALL_PT


def card_font(points: float, bold: bool = False) -> QFont:
    """The cards' condensed face at ``points`` (points, not pixels: the same size as the
    app's text on any screen)."""
    font = QFont(art.CONDENSED_FAMILY)
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def title_font(title: str, width: float) -> QFont:
    """The largest bold title font from TITLE_PT down to SMALL_PT in which ``title``
    fits ``width`` (SMALL_PT if none does: a test keeps every title fitting)."""
    points = TITLE_PT
    while points > SMALL_PT:
        font = card_font(points, bold=True)
        if QFontMetricsF(font).horizontalAdvance(title) <= width:
            return font
        points -= 0.5
    return card_font(SMALL_PT, bold=True)


def face_text(card: str) -> str:
    """What a card's face says: its single action, then its pair action if it has one."""
    single = texts.CARD_SINGLE.get(card, "")
    pair = texts.CARD_PAIR.get(card, "")
    return single if not pair else f"1: {single}\n2: {pair}"


@dataclass(frozen=True)
class FaceLayout:
    """Where a full-size face prints its colour band (with the symbol), title and text."""

    band: QRectF
    title: QRectF
    body: QRectF


def face_layout(rect: QRectF) -> FaceLayout:
    """A full-size face's parts in ``rect``: a slim band, the title, then the text."""
    band = QRectF(rect.x() + 3, rect.y() + 3, rect.width() - 6, 26)
    title = QRectF(rect.x() + 4, band.bottom() + 2, rect.width() - 8, 20)
    body = QRectF(rect.x() + 6, title.bottom() + 1, rect.width() - 12,
                  rect.bottom() - title.bottom() - 5)
    return FaceLayout(band, title, body)


def band_colour(card: str, idle: bool) -> QColor:
    """A card's colour; greyed for a card that cannot be used now."""
    colour = QColor(texts.CARD_COLOURS.get(card, "#888888"))
    if idle:
        grey = QColor("#A6A39B")
        colour = QColor((colour.red() + grey.red()) // 2, (colour.green() + grey.green()) // 2,
                        (colour.blue() + grey.blue()) // 2)
    return colour


def paint_face(painter: QPainter, rect: QRectF, card: str, small: bool = False,
               dim: bool = False) -> None:
    """A card's face in ``rect``: the colour band with its symbol, and on a full-size
    card the title and actions.  A small face (an opponent's known card, the deck's
    top) is the band and symbol only: its name is printed beside it, where it fits."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = 5 if small else 9
    painter.setPen(QPen(QColor(INK), 1.5))
    painter.setBrush(QColor(PAPER_IDLE if dim else PAPER))
    painter.drawRoundedRect(rect, radius, radius)
    parts = face_layout(rect)
    band = rect.adjusted(3, 3, -3, -rect.height() * 0.3) if small else parts.band
    colour = band_colour(card, dim)
    grad = QLinearGradient(band.topLeft(), band.bottomLeft())
    grad.setColorAt(0, colour.lighter(115))
    grad.setColorAt(1, colour.darker(110))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(grad)
    painter.drawRoundedRect(band, radius - 2, radius - 2)
    painter.setPen(QColor(INK))
    painter.setFont(art.font(int(min(band.height(), band.width()) * 0.62), condensed=False))
    painter.drawText(band, Qt.AlignmentFlag.AlignCenter, texts.CARD_GLYPHS.get(card, "?"))
    if small:
        return
    title = texts.card_title(card)
    painter.setFont(title_font(title, parts.title.width()))
    painter.drawText(parts.title, Qt.AlignmentFlag.AlignCenter, title)
    painter.setFont(card_font(SMALL_PT))
    painter.setPen(QColor(BODY_INK))
    painter.drawText(parts.body, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                     | Qt.TextFlag.TextWordWrap, face_text(card))


def paint_back(painter: QPainter, rect: QRectF, small: bool = True) -> None:
    """A card's back: the same for every card."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = 5 if small else 9
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0, QColor("#2B3A66"))
    grad.setColorAt(1, QColor("#151D36"))
    painter.setPen(QPen(QColor(INK), 1.5))
    painter.setBrush(grad)
    painter.drawRoundedRect(rect, radius, radius)
    painter.setPen(QPen(QColor(style.Theme.ACCENT), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inner = rect.adjusted(4, 4, -4, -4)
    painter.drawRoundedRect(inner, radius - 2, radius - 2)
    painter.setFont(art.font(int(min(rect.width(), rect.height()) * 0.32)))
    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, "SP")


def card_tooltip(card: str, count: int = 1) -> str:
    """A card's tooltip: the rules reference's words for it, with the points."""
    title = f"<b>{texts.card_title(card)}</b>" + (f" \u00d7{count}" if count > 1 else "")
    rows = reference.card_rows()
    if card not in rows:
        return f"{title}<br>{texts.CARD_SINGLE.get(card, '')}"
    single, pair, points = rows[card]
    return (f"{title}<br><i>Show one:</i> {single}<br>"
            f"<i>Play a pair:</i> {pair} ({points})")


class CardButton(QWidget):
    """A face-up card in the viewer's hand: ``clicked(card)`` when it may be used."""

    clicked = Signal(str)
    SIZE = QSize(108, 156)

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
        self.setToolTip(card_tooltip(card, count))
        if usable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        lift = 0 if (self.selected or self._hover) and self.usable else 6
        rect = QRectF(2, 2 + lift, self.width() - 4, self.height() - 10)
        paint_face(painter, rect, self.card, dim=not self.usable)
        if self.count > 1:
            chip = QRectF(rect.right() - 30, rect.y() + 6, 26, 20)
            painter.setPen(QPen(QColor(INK), 1.5))
            painter.setBrush(QColor(style.Theme.HIGHLIGHT))
            painter.drawRoundedRect(chip, 6, 6)
            painter.setFont(card_font(SMALL_PT + 1, bold=True))
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, f"\u00d7{self.count}")
        if self.selected:
            painter.setPen(QPen(QColor(style.Theme.HIGHLIGHT), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 10, 10)
        painter.end()

    def enterEvent(self, event: QEnterEvent) -> None:
        self._hover = True
        self.raise_()  # in a crowded hand the card pointed at is read whole
        self.update()

    def leaveEvent(self, event: object) -> None:
        self._hover = False
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.usable:
            self.clicked.emit(self.card)


class MiniCard(QWidget):
    """A small card: a face (``card``) or a back (``card`` empty)."""

    SIZE = QSize(28, 38)

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
    legal.

    Why the faces carry no names: at this size a name would be squeezed ("e & Ex");
    the known cards are named in full below the hand
    (:func:`~se4x_qt.games.sp4x.panels.card_chip`).
    """

    clicked = Signal(int)
    STEP = 22  # pixels between the cards' left edges, when there is room

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
        return QSize(MiniCard.SIZE.width() + self.STEP * max(0, len(self.cards) - 1) + 8,
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
        step = min(float(self.STEP), room / max(1, len(self.cards) - 1))
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


class FannedRow(FlowLayout):
    """The hand's cards side by side in one row, overlapping evenly when it is too narrow.

    Why not a box layout: its cards' fixed widths add up to its minimum width, so
    a hand of seven or eight kinds (about one position in a hundred) would force the
    window wider than a 1280-pixel screen.  Here the row never asks for more than
    one card's width (the flow's minimum); a card pointed at comes to the front
    (``CardButton``) so a crowded hand is still read card by card.
    """

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent, spacing)

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt override
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return False  # one row, whatever the width

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hints = [item.sizeHint() for item in self._items]
        width = sum(h.width() for h in hints) + self._spacing * max(0, len(hints) - 1)
        return QSize(width, max((h.height() for h in hints), default=0))

    def step(self, width: int) -> float:
        """How far apart the cards' left edges are in a row ``width`` wide."""
        if len(self._items) < 2:
            return 0.0
        card = self._items[0].sizeHint().width()
        return min(card + self._spacing, (width - card) / (len(self._items) - 1))

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt override
        QLayout.setGeometry(self, rect)
        step = self.step(rect.width())
        for index, item in enumerate(self._items):
            item.setGeometry(QRect(QPoint(rect.x() + round(index * step), rect.y()),
                                   item.sizeHint()))
