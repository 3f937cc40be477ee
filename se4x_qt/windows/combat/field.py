"""The battlefield: both sides' counter cards, one row per weapon class.

Why this layout: the rules summary's combat screen lays the sides out
horizontally (attacker left, defender right) and the weapon classes
vertically (A fires first, E last), so a player sees at a glance who fires
next and at what.  A row holds a class badge between the two sides' cards;
as many cards fit on a line as the window is wide.  Clicking a card the
firing group may target fires at it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QApplication, QGridLayout, QScrollArea, QWidget

from se4x_core import data
from se4x_core.observation import BattleView, UnitView
from se4x_qt import style, widgets
from se4x_qt.games.se4x.log_text import machine_hits_text
from se4x_qt.style import Theme
from se4x_qt.widgets import clear_layout
from se4x_qt.windows.combat.cards import (
    CardInfo,
    UnitCard,
    card_info,
    machine_card_info,
    make_card,
)
from se4x_qt.windows.combat.reading import BattleReader, BattleSummary

MAX_CARDS_PER_LINE = 6  # a large screen shows a whole battle line side by side
CARD_SPACING = 8  # between the cards of a cell
ROW_SPACING = 10  # between the lines of cards
BADGE_WIDTH = 38  # the class badge between the two sides
BADGE_GAP = 14  # between the badge and each side's cards
FIELD_MARGIN = 8  # left and right of the battle lines


class Battlefield(QScrollArea):
    """The cards of the battle shown (or a line saying there is none).

    Why it keeps its scroll position: the cards are laid out anew after every
    decision, and a battle of many groups is taller than the window; the view
    stays where the player scrolled it, moving only to bring the group now
    firing into sight.  The mouse wheel scrolls one line of cards a notch.
    """

    fire_at = Signal(int)  # a targetable card was clicked: its unit
    lines_changed = Signal()  # resized: a different number of cards fits on a line

    def __init__(self, reader: BattleReader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reader = reader
        self._field = QWidget()
        self._field.setObjectName("battle_lines")
        self._layout = QGridLayout(self._field)
        self._layout.setContentsMargins(FIELD_MARGIN, 12, FIELD_MARGIN, 12)
        self._layout.setHorizontalSpacing(BADGE_GAP)
        self._layout.setVerticalSpacing(ROW_SPACING)
        self.setWidgetResizable(True)
        self.setWidget(self._field)
        self.per_line = self.cards_per_line()
        lines = max(1, QApplication.wheelScrollLines())  # a notch scrolls this many steps
        self.verticalScrollBar().setSingleStep(-(-self.line_height() // lines))

    @staticmethod
    def line_height() -> int:
        """The height of one line of cards, with the space under it."""
        return UnitCard.SIZE.height() + ROW_SPACING

    def cards_per_line(self) -> int:
        """How many cards fit side by side in one side's column at the current width."""
        card = UnitCard.SIZE.width() + CARD_SPACING
        margins = 2 * FIELD_MARGIN + 2 * BADGE_GAP
        side = (self.viewport().width() - margins - BADGE_WIDTH) // 2
        return max(1, min(MAX_CARDS_PER_LINE, (side + CARD_SPACING) // card))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Its own width, not the window's: the window is resized before its parts are."""
        super().resizeEvent(event)
        if self.cards_per_line() != self.per_line:
            self.lines_changed.emit()

    def show_battle(self, phase: str, battle: BattleView | None,
                    shown: BattleSummary | None, units: list[UnitView], terrain: str,
                    fates: Mapping[int, str] | None = None) -> None:
        """Lay out the cards of ``units``, the groups of ``shown`` (``battle``, or the last
        one when it is over: then nobody fires as point defense or from ambush, and
        ``fates`` says which groups were destroyed or retreated)."""
        scrolled = self.verticalScrollBar().value()
        clear_layout(self._layout)
        self.per_line = self.cards_per_line()
        if phase == "choose_battle" or shown is None:
            self._placeholder("Choose which battle to fight first."
                              if phase == "choose_battle" else "No battle.")
            return
        point_defense = set(battle["point_defense"]) if battle is not None else set()
        ambush = set(battle["ambush"]) if battle is not None and battle["round"] <= 1 else set()
        cards = [card_info(u, terrain, u["unit"] in point_defense, u["unit"] in ambush)
                 for u in units]
        for card in cards:
            card.fate = (fates or {}).get(card.unit, "")
        machine = self.reader.machine if shown["defender"] == data.MACHINE_SIDE else None
        if machine is not None:  # Doomsday Machines: the machine is the other side
            cards.append(machine_card_info(machine, terrain, self.reader.machine_destroyed))
        self._mark_cards(cards, battle)
        sides = (shown["attacker"], shown["defender"])
        self._side_headers(sides, cards)
        row = 1
        for weapon_class in sorted({c.weapon_class for c in cards}):
            self._class_row(row, weapon_class, sides, cards)
            row += 1
        for stretch_row in range(self._layout.rowCount()):  # one stretch, under the last row
            self._layout.setRowStretch(stretch_row, 0)
        self._layout.setRowStretch(row, 1)
        self._layout.setColumnStretch(0, 1)
        self._layout.setColumnStretch(2, 1)
        self._keep_in_view(scrolled)

    def _keep_in_view(self, scrolled: int) -> None:
        """Back where the player had scrolled, then the firing group brought into sight."""
        QCoreApplication.sendPostedEvents(self._field, QEvent.Type.LayoutRequest)
        bar = self.verticalScrollBar()
        bar.setValue(min(scrolled, bar.maximum()))
        firing = next((c for c in self._field.findChildren(UnitCard) if c.info.firing), None)
        if firing is not None:
            self.ensureWidgetVisible(firing, 0, ROW_SPACING)

    def _placeholder(self, text: str) -> None:
        label = widgets.label(text, "subtle")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._layout.addWidget(label, 0, 0)

    def _mark_cards(self, cards: list[CardInfo], battle: BattleView | None) -> None:
        """Firing, screened and targetable states, from the battle and the legal actions.

        A target's to-hit number is the battle's (the observation's to-hit table).
        """
        if battle is None:
            return
        reader = self.reader
        firing = reader.firing_unit(battle)
        targets = {a.target for a in reader.session.legal_actions() if a.kind == "fire"}
        if not reader.can_act():
            targets = set()
        machine = next((c.unit for c in cards if c.is_machine), None)
        for card in cards:
            card.firing = card.unit == firing
            card.screened = card.unit in battle["screened"]
            if card.unit in targets:
                card.to_hit = reader.to_hit(battle, firing, card.unit)
            if machine is not None and not card.is_machine:
                card.threat = reader.to_hit(battle, machine, card.unit)

    def _side_headers(self, sides: tuple[int, int], cards: list[CardInfo]) -> None:
        for column, player, role in ((0, sides[0], "ATTACKER"), (2, sides[1], "DEFENDER")):
            if player == data.MACHINE_SIDE:
                self._layout.addWidget(self._machine_header(), 0, column)
                continue
            if player < 0:
                continue
            ships = sum(c.count for c in cards if c.owner == player and not c.fate
                        and c.weapon_class != data.NO_CLASS)
            text = (f"{style.name_html(player, self.reader.player_names())}"
                    f" <span style='color:{Theme.MUTED}'>{role} \u00b7 {ships} combat "
                    f"ship{'s' if ships != 1 else ''}</span>")
            label = widgets.label(text, None, rich=True)
            label.setAlignment(Qt.AlignmentFlag.AlignRight if column == 0
                               else Qt.AlignmentFlag.AlignLeft)
            self._layout.addWidget(label, 0, column)

    def _machine_header(self) -> QWidget:
        """The machine's side: its name, "fires twice a round", its hits."""
        reader = self.reader
        hits = reader.machine["hits"] if reader.machine else 0
        state = "destroyed" if reader.machine_destroyed else machine_hits_text(hits)
        text = (f"{style.machine_html(reader.who(data.MACHINE_SIDE))}"
                f" <span style='color:{Theme.MUTED}'>DEFENDER \u00b7 "
                f"{data.DOOMSDAY_SHOTS} shots a round \u00b7 {state}</span>")
        label = widgets.label(text, "machine_side", rich=True)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft)
        return label

    def _class_row(self, row: int, weapon_class: int, sides: tuple[int, int],
                   cards: list[CardInfo]) -> None:
        letter = data.CLASS_LETTERS[weapon_class] if weapon_class < 5 else "\u2013"
        badge = widgets.label(letter, "class_badge")
        badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        badge.setFixedSize(BADGE_WIDTH, BADGE_WIDTH)
        badge.setStyleSheet(f"background:{Theme.PANEL_ALT}; border:1px solid {Theme.BORDER};"
                            f"border-radius:19px; font-size:13pt; font-weight:700;")
        badge.setToolTip("Non-combat units" if weapon_class == data.NO_CLASS
                         else f"Class {letter}: fires {'ABCDE'.index(letter) + 1}. in the round")
        self._layout.addWidget(badge, row, 1, Qt.AlignmentFlag.AlignCenter)
        for column, player in ((0, sides[0]), (2, sides[1])):
            group = [c for c in cards if c.owner == player and c.weapon_class == weapon_class]
            self._layout.addWidget(self._card_cell(group, right=column == 0), row, column)

    def _card_cell(self, group: list[CardInfo], right: bool) -> QWidget:
        cell = QWidget()
        grid = QGridLayout(cell)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(CARD_SPACING)
        align = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
        grid.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        for index, info in enumerate(group):
            card = make_card(info)
            card.clicked.connect(self.fire_at)
            line, column = divmod(index, self.per_line)
            if right:
                column = self.per_line - 1 - column
            grid.addWidget(card, line, column)
        return cell
