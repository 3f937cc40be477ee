"""The SE4 board game's page of the New Game dialog: 2-4 players, who sits where, the
round limit and the seed.

The seats are every game's panel (:class:`~se4x_qt.shell.seats_panel.SeatsPanel`): a
human at this computer or the game's computer level (Easy, the rule bot).  The round
limit starts at the data's (``resources/se4/gaps.json``: the text sets none, so the
game ends when one empire is left, or at this limit by score; 0 plays to the end).
The page says, as every screen of this game does, that it is played from fan rules
whose gaps were filled with our own choices, and its "see Help" opens the reference
that lists them.  The welcome screen's "Solitaire" and "Hot-seat" open the page with
its seats set so (:meth:`Se4NewGamePage.preset`).
"""

from __future__ import annotations

import random
from typing import Final

from PySide6.QtCore import Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from se4x_core.gamekit import registry
from se4x_core.games.se4.data import load
from se4x_qt import widgets
from se4x_qt.games.se4 import reference
from se4x_qt.shell.seats_panel import NewGameChoice, SeatsPanel
from se4x_qt.style import Theme

GAME: Final = "se4"  # this page's game in the registry
SEED_MAX: Final = 2 ** 31 - 1
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


class Se4NewGamePage(QWidget):
    """The choices of a new SE4 board game (see the module docstring)."""

    solitaire_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("se4_new_game")
        self.record = registry.record(GAME)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(widgets.label(
            "The SE4 board game: component cards fitted to hulls, space yards, colonies "
            "and six-round battles. The last empire with a colony wins.", "subtle",
            wrap=True))
        self.fan_rules = fan_rules_label("se4_fan_rules")
        layout.addWidget(self.fan_rules)
        layout.addLayout(self._players_row())
        self.seats = SeatsPanel(self.record, prefix="se4_", computers_from=1)
        layout.addWidget(self.seats)
        layout.addLayout(self._options_row())
        layout.addStretch(1)
        self.seats.show_seats(self.players.value())

    def _players_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Players"))
        self.players = QSpinBox()
        self.players.setObjectName("se4_players")
        self.players.setRange(min(self.record.players), max(self.record.players))
        self.players.setValue(min(self.record.players))
        self.players.valueChanged.connect(lambda count: self.seats.show_seats(count))
        row.addWidget(self.players)
        row.addStretch(1)
        self.solitaire_button = QPushButton("Solitaire vs computer")
        self.solitaire_button.setObjectName("se4_solitaire_button")
        self.solitaire_button.setToolTip("Start at once: you (the first seat's name) against "
                                         "computer players in the other seats")
        self.solitaire_button.clicked.connect(lambda *_: self.solitaire_requested.emit())
        row.addWidget(self.solitaire_button)
        return row

    def _options_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
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
        row.addWidget(QLabel("Seed"))
        self.seed = QLineEdit()
        self.seed.setObjectName("se4_seed")
        self.seed.setPlaceholderText("random")
        self.seed.setValidator(QIntValidator(0, SEED_MAX))
        self.seed.setToolTip("The same seed and choices shuffle the same deck and roll the "
                             "same dice")
        self.seed.setFixedWidth(120)
        row.addWidget(self.seed)
        row.addStretch(1)
        return row

    def preset(self, kind: str) -> None:
        """A kind of game chosen on the welcome screen (``seats_panel.SOLITAIRE`` or
        ``HOTSEAT``): you against the level of "Solitaire vs computer", or every seat
        a human."""
        self.seats.preset(kind, self.record.levels[-1].spec)

    def _config(self, players: int) -> dict[str, int]:
        text = self.seed.text().strip()
        seed = int(text) if text else random.randrange(SEED_MAX)
        return {"players": players, "seed": seed, "round_limit": self.round_limit.value()}

    def choice(self) -> NewGameChoice:
        """The new game chosen (ChoiceError: what is wrong, and where)."""
        players = self.players.value()
        names, seats, pins = self.seats.read(players)
        return NewGameChoice(self._config(players), names, seats, pins, GAME)

    def solitaire_choice(self) -> NewGameChoice:
        """You (the first seat) against the computer level offered."""
        players = self.players.value()
        names, seats, pins = self.seats.against_computers(players,
                                                          self.record.levels[-1].spec)
        return NewGameChoice(self._config(players), names, seats, pins, GAME)


__all__ = ["FAN_RULES", "Se4NewGamePage", "fan_rules_label"]
