"""The combat sheet: a battle's round and stage, every ship in it with its ROF schedule,
the called shots, the shot being fired (missiles and point defence), the damage ladder
with the step waiting for a choice, and the choices as buttons.

Why a schedule grid: the text fires each weapon in its own rounds (ROF 1 every round,
ROF 2 in rounds 1 3 5, ROF 3 in rounds 1 and 4) with cloaked ships first; which ships
will fire this round, and which not until the next, is what a called shot or a retreat
is decided on.  The grid shows each ship's weapons firing per round (the current round
marked), read from the cards on the table, which every player sees.
"""

from __future__ import annotations

from html import escape
from typing import Any, Final

from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import COMBAT_ROUNDS
from se4x_core.games.se4.data import Component, load
from se4x_qt import widgets
from se4x_qt.games.se4 import texts
from se4x_qt.games.se4.panels import battle_lines
from se4x_qt.games.se4.sheet import Sheet
from se4x_qt.style import Theme, player_colour

Observation = dict[str, Any]
LADDER: Final = ("A shield turns face down (two points a shield from a weapon doing half "
                 "damage to shields)",
                 "Armor negates damage (its points a combat round)",
                 "An armor card turns face down (the owner picks which)",
                 "The hull is crippled (with Durable Hull, the owner may lose a card instead)",
                 "A component is removed (the owner picks; two face-down shields count as one)",
                 "The ship is destroyed")
BATTLE_KINDS: Final = frozenset({"call", "aim", "target", "tk", "fire", "pd", "retreat",
                                 "bombard", "sacrifice", "cripple", "absorb", "lose", "done"})


def ladder_step(legal: list[Action]) -> int:
    """The ladder's step (1-6) a damage choice is about, or 0 (no damage choice)."""
    kinds = {a.kind for a in legal}
    if "absorb" in kinds:
        return 3
    if "cripple" in kinds:
        return 4
    return 5 if "lose" in kinds else 0


def component(name: str) -> Component:
    """A card of the observation (named) as the data file has it."""
    gaps = load()
    return gaps.components[gaps.component_id(name)]


def fires_in(ship: dict[str, Any], round_: int) -> int:
    """How many of the ship's weapons fire in ``round_`` (a hull being built: none)."""
    if ship["building"]:
        return 0
    cards = [component(name) for name, _ in ship["cards"]]
    return sum(1 for card in cards if card.type == "weapon" and round_ in card.rounds)


def is_cloaked(ship: dict[str, Any]) -> bool:
    return not ship["crippled"] and not ship["building"] and \
        any(component(name).cloak for name, up in ship["cards"] if up)


class BattleSheet(Sheet):
    """The battle in progress (or the damage an unstable warp line did)."""

    TITLE = "Battle"
    PHASES = ("combat", "damage")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("se4_battle_sheet", parent)

    def fill(self, obs: Observation, names: list[str], legal: list[Action]) -> None:
        battle = obs.get("battle")
        if not battle and not obs.get("damage"):
            self.body.addWidget(self.note("No battle is being fought. A battle begins when "
                                          "ships meet an enemy in the combat phase."))
            self.body.addWidget(self._ladder(0))
            return
        if battle:
            sector = int(battle["sector"])
            self.heading.setText(f"Battle at {texts.sector_name(obs, sector)}".upper())
            self.body.addWidget(widgets.label("<br>".join(battle_lines(obs, names)),
                                              "se4_battle_lines", rich=True, wrap=True))
            self.body.addLayout(self._schedule(obs, sector, int(battle["round"])))
        else:
            self.heading.setText("DAMAGE")
        self.body.addWidget(self._ladder(ladder_step(legal)))
        choices = [a for a in legal if a.kind in BATTLE_KINDS]
        if choices:
            self.body.addWidget(widgets.heading("Your choice"))
        self.body.addLayout(self.button_grid(
            [self.action_button(action, texts.describe(action, obs, names),
                                f"se4_battle_{action.code}", primary=action.kind == "done")
             for action in choices]))

    def _schedule(self, obs: Observation, sector: int, current: int) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        grid.addWidget(widgets.heading("Ship"), 0, 0)
        grid.addWidget(widgets.heading("State"), 0, 1)
        for round_ in range(1, COMBAT_ROUNDS + 1):
            head = widgets.heading(f"R{round_}")
            if round_ == current:
                head.setStyleSheet(f"color:{Theme.HIGHLIGHT};")
            grid.addWidget(head, 0, 1 + round_)
        ships = [s for s in obs["ships"] if int(s["sector"]) == sector]
        for row, ship in enumerate(ships, start=1):
            colour = player_colour(int(ship["owner"])).name()
            grid.addWidget(widgets.label(
                f'<b style="color:{colour}">{escape(texts.ship_name(obs, int(ship["id"])))}'
                f"</b>", rich=True), row, 0)
            grid.addWidget(self._state(ship), row, 1)
            for round_ in range(1, COMBAT_ROUNDS + 1):
                count = fires_in(ship, round_)
                cell = widgets.label("\u25cf" * count if count else "\u00b7")
                tint = Theme.HIGHLIGHT if round_ == current else \
                    Theme.TEXT if count else Theme.FAINT
                cell.setStyleSheet(f"color:{tint};")
                cell.setToolTip(f"{texts.counted(count, 'weapon')} firing in round {round_}")
                grid.addWidget(cell, row, 1 + round_)
        grid.setColumnStretch(2 + COMBAT_ROUNDS, 1)
        return grid

    @staticmethod
    def _state(ship: dict[str, Any]) -> QLabel:
        up = sum(1 for _, face_up in ship["cards"] if face_up)
        words = [f"{up}/{len(ship['cards'])} cards up"]
        if ship["building"]:
            words.append("being built")
        if ship["crippled"]:
            words.append(f'<span style="color:{Theme.BAD}">crippled</span>')
        if is_cloaked(ship):
            words.append("cloaked: fires first")
        label = widgets.label(", ".join(words), rich=True, wrap=True)
        label.setStyleSheet(f"color:{Theme.MUTED};")
        return label

    def _ladder(self, step: int) -> QLabel:
        lines = ["<b>The damage ladder</b> (each point does the first step that applies)"]
        for number, text in enumerate(LADDER, start=1):
            line = f"{number}. {escape(text)}"
            if number == step:
                line = f'<span style="color:{Theme.HIGHLIGHT}"><b>\u25b6 {line}</b></span>'
            lines.append(line)
        label = widgets.label("<br>".join(lines), "se4_ladder", rich=True, wrap=True)
        label.setStyleSheet(f"color:{Theme.MUTED};")
        return label


__all__ = ["LADDER", "BattleSheet", "fires_in", "ladder_step"]
