"""SP4X's side panels: each player's board (score, resources, hand, pieces), the deck
and discard pile, the Star chain and the score track.

Why from the observation only: an opponent's panel shows the hand's size as
card backs and, face up, only the cards the viewer knows are there (the
observation's ``known``), so a hot-seat player never sees more than the
rules let them.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from se4x_core.games.sp4x.observation import Observation, PlayerView
from se4x_qt import style, widgets
from se4x_qt.games.sp4x import texts
from se4x_qt.games.sp4x.cards import (
    INK,
    SMALL_PT,
    MiniCard,
    OpponentHand,
    card_tooltip,
    paint_back,
    paint_face,
)
from se4x_qt.map import art
from se4x_qt.style import Theme
from se4x_qt.widgets import FlowLayout


def card_chip(card: str, count: int = 1) -> QLabel:
    """A card named in full on a chip of its colour (dark ink: 4.5:1 on every colour).

    Why chips and not the small faces' print: an opponent's known cards are
    what a player draws by, and "Move & Exploit" squeezed onto a 30-pixel card
    read "e & Ex"; a chip is as wide as its name and the row wraps."""
    text = f"{texts.CARD_GLYPHS.get(card, '')} {texts.card_title(card)}" + (
        f" \u00d7{count}" if count > 1 else "")
    chip = QLabel(text)
    chip.setObjectName(f"card_chip_{card}")
    chip.setToolTip(card_tooltip(card, count))
    chip.setStyleSheet(f"background:{texts.CARD_COLOURS.get(card, '#888888')}; color:{INK}; "
                       f"border-radius:4px; padding:1px 5px; font-size:{SMALL_PT}pt; "
                       "font-weight:700;")
    return chip


class ResourceTrack(QWidget):
    """One resource track: a box per space up to the capacity, filled up to the amount."""

    def __init__(self, resource: str, amount: int, capacity: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.resource, self.amount, self.capacity = resource, amount, capacity
        self.setFixedHeight(14)
        self.setFixedWidth(12 * capacity + 2)
        self.setToolTip(f"{texts.RESOURCE_TITLES[resource]}: {amount} of {capacity}")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(texts.RESOURCE_COLOURS[self.resource])
        size = min(12.0, (self.width() - 2) / max(1, self.capacity))
        for i in range(self.capacity):
            rect = QRectF(1 + i * size, 1, size - 3, 11)
            painter.setPen(QPen(colour if i < self.amount else QColor(Theme.BORDER), 1))
            painter.setBrush(colour if i < self.amount else QColor(Theme.PANEL_ALT))
            painter.drawRoundedRect(rect, 2.5, 2.5)
        painter.end()


class PlayerPanel(QFrame):
    """One player: name and score, resources, pieces left, and the hand (face down for
    an opponent, with the cards the viewer knows)."""

    draw_requested = Signal(int)

    def __init__(self, view: PlayerView, names: list[str], viewer: int, current: bool,
                 active: bool, drawable: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        player = view["player"]
        self.known_chips: list[QLabel] = []  # an opponent's cards the viewer knows
        self.setObjectName(f"player_panel_{player}")
        colour = style.player_colour(player)
        border = Theme.HIGHLIGHT if current else Theme.BORDER
        self.setStyleSheet(f"QFrame#player_panel_{player} {{ background:{Theme.PANEL}; "
                           f"border:2px solid {border}; border-left:5px solid {colour.name()};"
                           " border-radius:8px; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(3)
        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(widgets.emblem_label(player, 16))
        who = style.player_name(player, names) + (" (you)" if player == viewer else "")
        name = widgets.label(who, "sp4x_player_name")
        name.setStyleSheet(f"color:{colour.name()}; font-weight:700;")
        top.addWidget(name)
        if active:
            turn = widgets.label("\u25b6 turn", "faint")
            turn.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-weight:600;")
            top.addWidget(turn)
        top.addStretch(1)
        if view["plan_laid"] and player != viewer:  # a tag here: the panel stays short
            plan = widgets.label("\u2726 Plan laid", "sp4x_plan_laid")
            plan.setToolTip("Grand Plan laid out: nobody may draw from this hand")
            plan.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-size:{SMALL_PT}pt; "
                               "font-weight:600;")
            top.addWidget(plan)
        if player != viewer:
            count = view["hand_size"]
            cards = widgets.label(f"{count} card{'s' if count != 1 else ''}", "faint")
            cards.setStyleSheet(f"color:{Theme.MUTED}; font-size:8.5pt;")
            top.addWidget(cards)
            top.addSpacing(6)
        score = widgets.label(f"{view['score']}", f"score_{player}")
        score.setStyleSheet("font-size:15pt; font-weight:800;")
        score.setToolTip("Points")
        top.addWidget(score)
        layout.addLayout(top)
        # the hand, the resource tracks and the reserve side by side, the known cards
        # named below: three opponents fit a 720-pixel screen with the log
        middle = QHBoxLayout()
        middle.setSpacing(8)
        if player != viewer:
            self.hand = OpponentHand(player, view["hand_size"], view["known"], drawable)
            self.hand.clicked.connect(self.draw_requested.emit)
            middle.addWidget(self.hand, 1)
        else:
            middle.addStretch(1)
        middle.addLayout(self._tracks(view))
        middle.addWidget(self._reserve(view))
        layout.addLayout(middle)
        if player != viewer:
            self.known_chips = self._known_cards(layout, self.hand.cards)

    @staticmethod
    def _tracks(view: PlayerView) -> QVBoxLayout:
        """The three resource tracks, one under the other."""
        column = QVBoxLayout()
        column.setSpacing(1)
        for res in ("plastic", "food", "metal"):
            amount, capacity = view["resources"][res], view["capacity"][res]
            line = QHBoxLayout()
            line.setSpacing(4)
            tag = widgets.label(f"{texts.RESOURCE_TITLES[res][0]}{amount}", "faint")
            tag.setToolTip(f"{texts.RESOURCE_TITLES[res]}: {amount} of {capacity}")
            tag.setStyleSheet(f"color:{texts.RESOURCE_COLOURS[res]}; font-size:{SMALL_PT}pt; "
                              "font-weight:700;")
            tag.setFixedWidth(24)
            line.addWidget(tag)
            line.addWidget(ResourceTrack(res, amount, capacity))
            column.addLayout(line)
        return column

    @staticmethod
    def _reserve(view: PlayerView) -> QLabel:
        pool = view["pieces"]["pool"]
        note = widgets.label(f"{pool['men']} men\n{pool['bases']} bases\n{pool['roads']} roads",
                             "faint")
        note.setToolTip(f"Reserve: {pool['men']} men \u00b7 {pool['bases']} bases \u00b7 "
                        f"{pool['roads']} roads")
        note.setStyleSheet(f"color:{Theme.MUTED}; font-size:{SMALL_PT}pt;")
        note.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return note

    @staticmethod
    def _known_cards(layout: QVBoxLayout, cards: list[str]) -> list[QLabel]:
        """The cards the viewer knows are in this hand, each named in full on a chip, in
        as many lines as they need."""
        known = Counter(card for card in cards if card)
        if not known:
            return []
        row = FlowLayout(spacing=3)
        title = widgets.label("Known:", "faint")
        title.setStyleSheet(f"color:{Theme.MUTED}; font-size:{SMALL_PT}pt;")
        row.addWidget(title)
        chips = [card_chip(card, count) for card, count in sorted(known.items())]
        for chip in chips:
            row.addWidget(chip)
        layout.addLayout(row)
        return chips


class DeckPanel(QFrame):
    """The face-up deck (top card, count, the Star card at the bottom), the discard pile,
    the Star chain, and the face-up tile stack's next tile."""

    # The observation's entries it draws: the window draws it anew when one changes.
    SHOWS: Final = ("deck_top", "deck_size", "star_exposed", "discard", "chain",
                    "stack_top", "stack_size")

    def __init__(self, obs: Observation, names: list[str], parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setObjectName("deck_panel")
        self.setStyleSheet(f"QFrame#deck_panel {{ background:{Theme.PANEL}; "
                           f"border:1px solid {Theme.BORDER}; border-radius:8px; }}")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(10)
        top = obs["deck_top"] or "star"
        pile = DeckPile(top, obs["deck_size"])
        layout.addWidget(pile)
        info = QVBoxLayout()
        info.setSpacing(2)
        cards_left = obs["deck_size"] - 1
        if obs["star_exposed"]:
            deck_text = "Deck spent: the Star card is up"
        else:
            deck_text = (f"Deck: {cards_left} card{'s' if cards_left != 1 else ''} "
                         "above the \u2605 Star card")
        self.deck_label = widgets.label(deck_text, "sp4x_deck")
        self.deck_label.setStyleSheet("font-weight:600;")
        info.addWidget(self.deck_label)
        if not obs["star_exposed"]:  # the pile's small face has no room for the name
            self.top_label = self._small(f"Top card: {texts.card_title(top)}", Theme.TEXT)
            info.addWidget(self.top_label)
        discard = ", ".join(f"{texts.card_title(c)} \u00d7{n}"
                            for c, n in sorted(obs["discard"].items()))
        info.addWidget(self._small(f"Discarded: {discard or 'none'}"))
        if obs["chain"]:
            chain = ", ".join(f"{style.player_name(c['player'], names)}: "
                              f"{texts.card_title(c['card'])}" for c in obs["chain"])
            info.addWidget(self._small(f"Star chain: {chain}", Theme.HIGHLIGHT))
        nxt = texts.tile_title(obs["stack_top"]) if obs["stack_top"] else "none left"
        info.addWidget(self._small(f"Next tile: {nxt} ({obs['stack_size']} in the stack)"))
        info.addStretch(1)
        layout.addLayout(info, 1)

    @staticmethod
    def _small(text: str, colour: str = Theme.MUTED) -> QLabel:
        label = widgets.label(text, "faint", wrap=True)
        label.setStyleSheet(f"color:{colour}; font-size:8pt;")
        return label


class DeckPile(QWidget):
    """The deck as a small pile with its top card face up."""

    def __init__(self, top: str, count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.top, self.count = top, count
        self.setFixedSize(QSize(52, 70))
        self.setObjectName("deck_pile")
        self.setToolTip(f"Top card: {texts.card_title(top)}; {count} cards with the Star")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        layers = min(4, max(0, self.count - 1))
        for i in range(layers, 0, -1):
            paint_back(painter, QRectF(1 + i * 2, 1 + i * 2, 42, 58))
        paint_face(painter, QRectF(1, 1, 42, 58), self.top, small=True)
        painter.end()


class ScoreTrack(QWidget):
    """The score track: every player's marker along one line."""

    def __init__(self, obs: Observation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scores = [p["score"] for p in obs["players"]]
        self.setObjectName("score_track")
        self.setFixedHeight(32)
        self.setToolTip("Score track")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        low = min(0, *self.scores)
        top = max(30, *self.scores)
        top = (top // 10 + 1) * 10
        left, right = 14.0, self.width() - 14.0
        y = 18.0

        def x_of(value: int) -> float:
            return left + (right - left) * (value - low) / max(1, top - low)

        painter.setPen(QPen(QColor(Theme.BORDER), 3))
        painter.drawLine(int(left), int(y), int(right), int(y))
        painter.setFont(art.font(9, bold=False))
        for tick in range((low // 10) * 10, top + 1, 10):
            x = x_of(tick)
            painter.setPen(QPen(QColor(Theme.FAINT), 1))
            painter.drawLine(int(x), int(y - 4), int(x), int(y + 4))
            painter.drawText(QRectF(x - 12, y + 4, 24, 12), Qt.AlignmentFlag.AlignCenter,
                             str(tick))
        placed: dict[int, int] = {}
        for player, score in enumerate(self.scores):
            stack = placed.get(score, 0)
            placed[score] = stack + 1
            x = x_of(score) + stack * 7
            style.paint_emblem(painter, QRectF(x - 7, y - 16 + stack * 2, 14, 14), player)
        painter.end()


__all__ = ["DeckPanel", "MiniCard", "PlayerPanel", "ResourceTrack", "ScoreTrack"]
