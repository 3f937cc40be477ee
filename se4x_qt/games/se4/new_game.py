"""The SE4 board game's page of the New Game dialog: 2-4 players, who sits where, the
round limit and the seed.

The seats are every game's panel (:class:`~se4x_qt.shell.seats_panel.SeatsPanel`): a
human at this computer or the game's computer level (Easy, the rule bot).  The round
limit starts at the data's (``resources/se4/gaps.json``: the text sets none, so the
game ends when one empire is left, or at this limit by score; 0 plays to the end).
The page says, as every screen of this game does, that it is played from fan rules
whose gaps were filled with our own choices, and its "see Help" opens the reference
that lists them.  The welcome screen's "Solitaire" and "Hot-seat" open the page with
its seats set so (:meth:`Se4NewGamePage.preset`).  The page is every seated game's
(:class:`~se4x_qt.shell.seated_page.SeatedGamePage`) with the fan-rules note and the
round limit added.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from se4x_core.games.se4.data import load
from se4x_qt import widgets
from se4x_qt.games.se4 import reference
from se4x_qt.shell.seated_page import SeatedGamePage
from se4x_qt.style import Theme

GAME: Final = "se4"  # this page's game in the registry
ROUND_LIMIT_MAX: Final = 1000
FAN_RULES: Final = "Fan rules, gaps filled: see Help"


def fan_rules_label(name: str) -> QLabel:
    """"Fan rules, gaps filled: see Help", its "see Help" a link to the reference."""
    text = FAN_RULES.replace("see Help", '<a href="help">see Help</a>')
    result = widgets.label(text, name, rich=True)
    result.setStyleSheet(f"color:{Theme.WARN}; font-weight:600;")
    result.setToolTip("Played from Suicide Junkie's fan rules after Space Empires IV; what "
                      "they leave open (the card deck, the maps, the techs' effects, the "
                      "victory rule) is filled with our own choices, listed in Help")
    result.linkActivated.connect(lambda _href: reference.show_rules(result, "gaps"))
    return result


class Se4NewGamePage(SeatedGamePage):
    """The choices of a new SE4 board game (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            GAME,
            "The SE4 board game: component cards fitted to hulls, space yards, colonies "
            "and six-round battles. The last empire with a colony wins.",
            "The same seed and choices shuffle the same deck and roll the same dice", parent)

    def _add_notes(self, layout: QVBoxLayout) -> None:
        self.fan_rules = fan_rules_label("se4_fan_rules")
        layout.addWidget(self.fan_rules)

    def _add_options(self, row: QHBoxLayout) -> None:
        row.addWidget(QLabel("Round limit"))
        self.round_limit = QSpinBox()
        self.round_limit.setObjectName("se4_round_limit")
        self.round_limit.setRange(0, ROUND_LIMIT_MAX)
        self.round_limit.setSpecialValueText("none")
        self.round_limit.setValue(load().victory.round_limit)
        self.round_limit.setToolTip("After this round the best score wins (colonies, coins, "
                                    "facilities, ships); none: play until one empire is left")
        row.addWidget(self.round_limit)
        row.addSpacing(16)

    def options(self) -> dict[str, Any]:
        return {"round_limit": self.round_limit.value()}


__all__ = ["FAN_RULES", "Se4NewGamePage", "fan_rules_label"]
