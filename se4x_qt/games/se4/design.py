"""The ship design sheet: a hull's slots drawn with the components fitted in them, the
hand of component cards to fit (click a card, or drag it onto the slots), standard
armor bought at completion, and the ship completed.

Why drawn slots: the fitting rule (a slot holds one component, or two armor, or four
shields, or one armor and two shields; weapons in weapon or general slots, cargo bays
in the cargo slot or general ones, armor and shields in the armor slot or general ones)
is easy to break and hard to keep in mind; seeing which slot each card took, and why a
card cannot go in (its button says how many slots short the hull is), teaches it.  The
slots are laid out by :func:`se4x_core.games.se4.ships.slot_layout`, the same rule the
engine's legal actions follow, so a card is offered exactly when it fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Final

from PySide6.QtCore import QMimeData, QPoint, Qt, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from se4x_core.games.se4 import ships as sh
from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import HULL_NAMES, HULLS
from se4x_core.games.se4.data import load
from se4x_qt import widgets
from se4x_qt.games.se4 import texts
from se4x_qt.games.se4.reference import card_numbers
from se4x_qt.games.se4.sheet import TILE_SHEET, Sheet, find
from se4x_qt.style import Theme

Observation = dict[str, Any]
CARD_MIME: Final = "application/x-se4-card"
HAND_COLUMNS: Final = 4
SLOT_TITLES: Final = {"general": "General slot", "weapon": "Weapon slot",
                      "armor": "Armor slot", "cargo": "Cargo slot"}
FITTING_RULE: Final = (
    "A slot holds one component, or two armor, or four shields, or one armor and two "
    "shields. Weapons go in weapon or general slots, cargo bays in the cargo slot or "
    "general ones, armor and shields in the armor slot or general ones, anything else in "
    "general slots. Standard Armor is bought at completion for half a coin each (paid "
    "from the planet, rounded up per pair).")


def designing_ship(obs: Observation, legal: Sequence[Action]) -> dict[str, Any] | None:
    """The ship the viewer is completing now (its ``finish`` is legal), else None."""
    finish = next((a for a in legal if a.kind == "finish"), None)
    return texts.ship_of(obs, finish.ship) if finish is not None else None


def card_ids(names: Sequence[str]) -> list[int]:
    """Component ids of card names (the observation names cards, the engine counts ids)."""
    gaps = load()
    return [gaps.component_id(name) for name in names]


class CardButton(QPushButton):
    """A card in the hand: a click fits it; a drag carries it to the slots."""

    def __init__(self, card: int, text: str) -> None:
        super().__init__(text)
        self.card = card
        self._pressed_at: QPoint | None = None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        self._pressed_at = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        start = self._pressed_at
        if start is None or not self.isEnabled() or \
                (event.position().toPoint() - start).manhattanLength() < 12:
            super().mouseMoveEvent(event)
            return
        self._pressed_at = None
        self.setDown(False)
        data = QMimeData()
        data.setData(CARD_MIME, str(self.card).encode())
        drag = QDrag(self)
        drag.setMimeData(data)
        drag.exec(Qt.DropAction.CopyAction)


class SlotBoard(QFrame):
    """The hull's slots side by side; a card dropped here is fitted (``dropped``)."""

    dropped = Signal(int)  # the card's id

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("se4_slots")
        self.setAcceptDrops(True)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(6)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if event.mimeData().hasFormat(CARD_MIME):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        raw = bytes(event.mimeData().data(CARD_MIME).data()).decode()
        if raw.isdigit():
            event.acceptProposedAction()
            self.dropped.emit(int(raw))


def slot_tile(kind: str, cards: list[int], crippled: bool) -> QLabel:
    """One slot: its kind, and the cards in it (face-down ones struck through)."""
    components = load().components
    lines = [f'<span style="color:{Theme.MUTED}; font-size:8pt;">{SLOT_TITLES[kind].upper()}'
             f'</span>']
    lines += [f"<b>{escape(components[c].name)}</b>" for c in cards]
    if not cards:
        lines.append(f'<span style="color:{Theme.FAINT};">empty</span>')
    tile = widgets.label("<br>".join(lines), f"se4_slot_{kind}", rich=True, wrap=True)
    border = Theme.BAD if crippled else Theme.ACCENT if cards else Theme.BORDER
    tile.setStyleSheet(f"QLabel {{ background:{Theme.CARD}; border:2px solid {border}; "
                       "border-radius:6px; padding:6px; }")
    tile.setMinimumSize(118, 84)
    tile.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
    return tile


def short_numbers(numbers: str, limit: int = 24) -> str:
    """A card's numbers cut to fit its tile (the tooltip has them whole)."""
    return numbers if len(numbers) <= limit else numbers[:limit - 1].rstrip(", ") + "\u2026"


def hull_facts(hull_name: str) -> str:
    hull = HULLS[HULL_NAMES.index(hull_name)]
    return (f"{len(hull.slots)} slots \u00b7 speed {hull.speed} \u00b7 attack "
            f"{hull.attack:+d} \u00b7 defence {hull.defence:+d} \u00b7 cost {hull.cost} "
            f"\u00b7 upkeep {hull.upkeep}")


class DesignSheet(Sheet):
    """Completing a ship: setup's four ships, and the administration's step 2."""

    TITLE = "Ship design"
    PHASES = ("setup_design", "complete")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("se4_design", parent)
        self.legal: list[Action] = []

    def wanted(self, obs: Observation, legal: Sequence[Action]) -> bool:
        return any(a.kind == "finish" for a in legal)

    def fill(self, obs: Observation, names: list[str], legal: list[Action]) -> None:
        self.legal = legal
        ship = designing_ship(obs, legal)
        if ship is None:
            own = [s for s in obs["ships"] if s["owner"] == obs["viewer"] and s["building"]]
            waiting = ", ".join(texts.ship_name(obs, int(s["id"])) for s in own)
            self.body.addWidget(self.note(
                "No ship is being completed now. A hull bought at a space yard is designed "
                "when it is completed: at setup, and in the administration's second step."
                + (f" Hulls under construction: {escape(waiting)}." if waiting else "")))
            self.body.addWidget(self.note(FITTING_RULE))
            return
        ship_id = int(ship["id"])
        where = texts.sector_name(obs, int(ship["sector"]))
        self.heading.setText(f"Ship design \u00b7 {texts.ship_name(obs, ship_id)} at {where}"
                             .upper())
        self.body.addWidget(self.note(hull_facts(str(ship["hull"]))))
        self.body.addWidget(self._slots(ship))
        self.body.addLayout(self._commands(obs, ship_id, legal))
        self.body.addWidget(widgets.heading("Your hand: click a card, or drag it onto the "
                                            "slots"))
        self.body.addLayout(self._hand(obs, ship, legal))
        self.body.addWidget(self.note(FITTING_RULE, "se4_fitting_rule"))

    def _slots(self, ship: dict[str, Any]) -> SlotBoard:
        hull = HULL_NAMES.index(str(ship["hull"]))
        fitted = card_ids([name for name, _ in ship["cards"]])
        layout, _ = sh.slot_layout(load(), hull, fitted)
        board = SlotBoard()
        for kind, cards in zip(HULLS[hull].slots, layout, strict=True):
            board.row.addWidget(slot_tile(kind, cards, bool(ship["crippled"])))
        board.row.addStretch(1)
        board.dropped.connect(lambda card: self._choose(
            find(self.legal, "install", ship=int(ship["id"]), card=card)))
        return board

    def _commands(self, obs: Observation, ship_id: int, legal: list[Action]) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(8)
        armor = find(legal, "armor", ship=ship_id)
        pile = int(obs.get("armor_pile", 0))
        row.addWidget(self.action_button(
            armor, f"Buy Standard Armor ({pile} left)", "se4_design_armor",
            tip=texts.describe(armor, obs) if armor else
            "No Standard Armor can be bought: no slot room, none left, or no coin on the "
            "planet."))
        row.addStretch(1)
        finish = find(legal, "finish", ship=ship_id)
        row.addWidget(self.action_button(finish, "Complete the ship", "se4_design_finish",
                                         primary=True))
        return row

    def _hand(self, obs: Observation, ship: dict[str, Any], legal: list[Action]
              ) -> QGridLayout:
        grid = QGridLayout()
        grid.setSpacing(6)
        components = load().components
        hull = HULL_NAMES.index(str(ship["hull"]))
        fitted = card_ids([name for name, _ in ship["cards"]])
        hand: dict[str, int] = obs["hand"]
        for index, (name, count) in enumerate(sorted(hand.items())):
            card = card_ids([name])[0]
            install = find(legal, "install", ship=int(ship["id"]), card=card)
            short = sh.slots_needed(load(), hull, fitted + [card])
            numbers = card_numbers(components[card])
            tip = f"{name} ({components[card].type}): {numbers}"
            if install is None:
                tip += f". Does not fit: {texts.counted(short, 'slot')} short." if short \
                    else ". Cannot be fitted now."
            title = name + (f" \u00d7{count}" if count > 1 else "")
            button = CardButton(card, f"{title}\n{components[card].type}: {short_numbers(numbers)}")
            button.setObjectName(f"se4_card_{card}")
            button.setToolTip(tip)
            button.setEnabled(install is not None)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setStyleSheet(f"QPushButton {{ {TILE_SHEET} padding:6px; text-align:left; }}"
                                 f"QPushButton:disabled {{ color:{Theme.FAINT}; }}")
            button.clicked.connect(lambda _=False, a=install: self._choose(a))
            if install is not None:
                self.buttons[install.code] = button
            grid.addWidget(button, index // HAND_COLUMNS, index % HAND_COLUMNS)
        if not hand:
            grid.addWidget(self.note("No cards in hand."), 0, 0)
        return grid


__all__ = ["CARD_MIME", "FITTING_RULE", "DesignSheet", "card_ids", "designing_ship",
           "hull_facts", "slot_tile"]
