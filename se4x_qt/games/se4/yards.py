"""The yard sheet: each of your planets with space yards, a hull table to buy from, card
draws, and retrofitting or scrapping the ships at idle yards.

Why a table of hulls by planet: the text's ship purchases are per yard and paid from
that planet's coins, so what one can buy differs planet by planet; a grid with the
hulls down the side (slots, speed, attack, defence, cost, upkeep) and a Buy button
for each planet shows at once what each yard can afford.  Every button is a legal
action (a disabled one says why), so the sheet cannot offer what the rules refuse.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import CARD_PRICE, FACILITIES, HULLS, RETROFIT_PRICE, YARD
from se4x_qt import widgets
from se4x_qt.games.se4 import texts
from se4x_qt.games.se4.sheet import Sheet, find, own_colonies

Observation = dict[str, Any]
HULL_COLUMNS: Final = ("Hull", "Slots", "Speed", "Att", "Def", "Cost", "Upkeep")
SLOT_MARKS: Final = {"general": "G", "weapon": "W", "armor": "A", "cargo": "C"}
YARD_RULE: Final = (
    "Each space yard builds one hull a turn, paid from its planet's coins; the hull is "
    f"completed and designed in the administration. A yard may instead draw cards at "
    f"{CARD_PRICE} coin each, or retrofit a ship at its planet ({RETROFIT_PRICE} coin and "
    "half a coin a damaged armor repaired: its cards go back to your hand and it is "
    "designed again), or scrap it for half its hull's cost.")


def slot_marks(slots: tuple[str, ...]) -> str:
    """"GGWA": a hull's slots by kind (General, Weapon, Armor, Cargo)."""
    return "".join(SLOT_MARKS[s] for s in slots)


class YardSheet(Sheet):
    """The space yards of the viewer's planets, in the ship-purchase phase."""

    TITLE = "Space yards"
    PHASES = ("yards",)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("se4_yards", parent)

    def fill(self, obs: Observation, names: list[str], legal: list[Action]) -> None:
        yards = [c for c in own_colonies(obs) if c["facilities"][FACILITIES[YARD]]]
        if not yards:
            self.body.addWidget(self.note("You have no planet with a space yard."))
            return
        self.body.addLayout(self._hull_table(obs, yards, legal))
        for colony in yards:
            self.body.addLayout(self._colony_row(obs, colony, legal))
        self.body.addWidget(self.note(YARD_RULE))

    def _hull_table(self, obs: Observation, yards: list[dict[str, Any]],
                    legal: list[Action]) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(3)
        for column, title in enumerate(HULL_COLUMNS):
            grid.addWidget(widgets.heading(title), 0, column)
        for offset, colony in enumerate(yards):
            where = texts.sector_name(obs, int(colony["sector"]))
            grid.addWidget(widgets.heading(f"Buy at {where}"), 0, len(HULL_COLUMNS) + offset)
        for row, hull in enumerate(HULLS, start=1):
            cells = (hull.name, slot_marks(hull.slots), hull.speed, f"{hull.attack:+d}",
                     f"{hull.defence:+d}", hull.cost, hull.upkeep)
            for column, value in enumerate(cells):
                grid.addWidget(widgets.label(str(value)), row, column)
            for offset, colony in enumerate(yards):
                sector = int(colony["sector"])
                buy = find(legal, "buy", hull=row - 1, sector=sector)
                why = texts.describe(buy, obs) if buy else self._why_not(colony, hull.cost,
                                                                         legal)
                button = self.action_button(buy, f"Buy ({hull.cost})",
                                            f"se4_buy_{row - 1}_{sector}", tip=why)
                grid.addWidget(button, row, len(HULL_COLUMNS) + offset)
        return grid

    @staticmethod
    def _why_not(colony: dict[str, Any], cost: int, legal: list[Action]) -> str:
        if not legal:
            return "Hulls are bought in your ship-purchase phase."
        free = int(colony["facilities"][FACILITIES[YARD]]) - int(colony.get("yards_used", 0))
        if free <= 0:
            return "Every space yard here is busy this turn."
        return f"The planet has {colony['coins']} coins; this hull costs {cost}."

    def _colony_row(self, obs: Observation, colony: dict[str, Any],
                    legal: list[Action]) -> QVBoxLayout:
        sector = int(colony["sector"])
        column = QVBoxLayout()
        column.setSpacing(3)
        yards = int(colony["facilities"][FACILITIES[YARD]])
        busy = int(colony.get("yards_used", 0))
        column.addWidget(widgets.heading(
            f"{texts.sector_name(obs, sector)}: {texts.counted(int(colony['coins']), 'coin')}, "
            f"{texts.counted(yards, 'space yard')} ({busy} busy)"))
        row = QHBoxLayout()
        draw = find(legal, "draw", sector=sector)
        row.addWidget(self.action_button(draw, f"Draw a card ({CARD_PRICE} coin)",
                                         f"se4_draw_{sector}"))
        row.addStretch(1)
        column.addLayout(row)
        building = [s for s in obs["ships"] if s["sector"] == sector and s["building"]
                    and s["owner"] == obs["viewer"]]
        if building:
            column.addWidget(self.note("Under construction: " + ", ".join(
                texts.ship_name(obs, int(s["id"])) for s in building)))
        refits = [a for a in legal if a.kind in ("retrofit", "scrap")
                  and int((texts.ship_of(obs, a.ship) or {"sector": -1})["sector"]) == sector]
        if refits:
            column.addWidget(self.note("Ships at an idle yard here: retrofit (cards back to "
                                       "your hand, designed again) or scrap."))
            column.addLayout(self.button_grid(
                [self.action_button(a, texts.describe(a, obs), f"se4_yard_{a.code}")
                 for a in refits]))
        return column


__all__ = ["YARD_RULE", "YardSheet", "slot_marks"]
