"""The research sheet: your research centres and their coins, the attempts paid for this
turn, the roll, and the research chart with the techs each empire holds.

Why a sheet: research is paid attempt by attempt (5 coins each, from a planet with a
Research Center) and rolled all at once: a 6 on the first die, then the chart by the
second, a tech already held giving two component cards instead.  Seeing the chart,
what is held and the odds of an attempt (1 in 6 of a tech) is what decides how many
attempts to pay for.
"""

from __future__ import annotations

from html import escape
from typing import Any, Final

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QWidget

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import (
    FACILITIES,
    RESEARCH,
    RESEARCH_DUPLICATE_CARDS,
    RESEARCH_PRICE,
)
from se4x_core.games.se4.data import load
from se4x_qt import widgets
from se4x_qt.games.se4 import texts
from se4x_qt.games.se4.panels import coloured_name
from se4x_qt.games.se4.sheet import Sheet, find, own_colonies
from se4x_qt.style import Theme

Observation = dict[str, Any]
RESEARCH_RULE: Final = (
    f"Each attempt costs {RESEARCH_PRICE} coins from a planet with a Research Center. "
    "When you roll, each attempt rolls a die: a 6 rolls again on the chart below; a tech "
    f"you already hold gives {RESEARCH_DUPLICATE_CARDS} component cards instead. An "
    "attempt gives a tech one time in six.")


class ResearchSheet(Sheet):
    """Research: paying for attempts, rolling them, and the chart."""

    TITLE = "Research"
    PHASES = ("research",)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("se4_research", parent)

    def fill(self, obs: Observation, names: list[str], legal: list[Action]) -> None:
        attempts = int((obs.get("task") or {}).get("attempts", 0)) \
            if obs.get("phase") == "research" else 0
        centres = [c for c in own_colonies(obs) if c["facilities"][FACILITIES[RESEARCH]]]
        if not centres:
            self.body.addWidget(self.note("You have no planet with a Research Center."))
        for colony in centres:
            sector = int(colony["sector"])
            row = QHBoxLayout()
            row.addWidget(widgets.label(
                f"{texts.sector_name(obs, sector)}: {texts.counted(int(colony['coins']), 'coin')}"
                f", {texts.counted(int(colony['facilities'][FACILITIES[RESEARCH]]), 'center')}"))
            row.addStretch(1)
            row.addWidget(self.action_button(find(legal, "research", sector=sector),
                                             f"Pay for an attempt ({RESEARCH_PRICE} coins)",
                                             f"se4_research_{sector}"))
            self.body.addLayout(row)
        roll = find(legal, "done") if obs.get("phase") == "research" else None
        row = QHBoxLayout()
        row.addWidget(widgets.label(f"Attempts paid this turn: <b>{attempts}</b>",
                                    "se4_attempts", rich=True))
        row.addStretch(1)
        row.addWidget(self.action_button(
            roll, f"Roll {texts.counted(attempts, 'attempt')}" if attempts else
            "No research this turn", "se4_research_roll", primary=True))
        self.body.addLayout(row)
        self.body.addWidget(widgets.heading("The research chart (second die)"))
        self.body.addLayout(self._chart(obs, names))
        self.body.addWidget(self.note(RESEARCH_RULE))

    def _chart(self, obs: Observation, names: list[str]) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        for column, title in enumerate(("Die", "Tech", "What it does", "Held by")):
            grid.addWidget(widgets.heading(title), 0, column)
        held: list[list[str]] = obs["techs"]
        for row, tech in enumerate(load().techs, start=1):
            owners = [coloured_name(p, names) for p in range(int(obs["players"]))
                      if tech.name in held[p]]
            grid.addWidget(widgets.label(str(row)), row, 0)
            grid.addWidget(widgets.label(f"<b>{escape(tech.name)}</b>", rich=True), row, 1)
            effect = widgets.label(escape(tech.effect), wrap=True)
            effect.setStyleSheet(f"color:{Theme.MUTED};")
            grid.addWidget(effect, row, 2)
            grid.addWidget(widgets.label(", ".join(owners) or "\u2013", rich=True), row, 3)
        grid.setColumnStretch(2, 1)
        return grid


__all__ = ["RESEARCH_RULE", "ResearchSheet"]
