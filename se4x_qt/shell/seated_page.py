"""A game's page of the New Game dialog: what the game is, how many play, who sits where,
the game's own options and a seed.

Why one page for several games: a game whose new game is its player count, its seats
and a seed (SP4X, the SE4 board game) asks for them the same way: a player count in
the record's range, every game's seats panel
(:class:`~se4x_qt.shell.seats_panel.SeatsPanel`: a human at this computer or one of the
record's computer levels), "Solitaire vs computer" (you against the record's last
level, at once), the welcome screen's presets, and a seed field (empty: a random
seed).  A game adds notes under its description (:meth:`SeatedGamePage._add_notes`) and
options before the seed (:meth:`SeatedGamePage._add_options`, read back by
:meth:`SeatedGamePage.options`).  Object names start with the game's registry name.
"""

from __future__ import annotations

import random
from typing import Any, Final

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
from se4x_qt import widgets
from se4x_qt.shell.seats_panel import NewGameChoice, SeatsPanel

SEED_MAX: Final = 2 ** 31 - 1


class SeatedGamePage(QWidget):
    """The choices of a new game of ``game`` (see the module docstring): ``about`` says
    what the game is, ``seed_tip`` what its seed decides."""

    solitaire_requested = Signal()

    def __init__(self, game: str, about: str, seed_tip: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.record = registry.record(game)
        self.setObjectName(f"{game}_new_game")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        layout.addWidget(widgets.label(about, "subtle", wrap=True))
        self._add_notes(layout)
        layout.addLayout(self._players_row())
        self.seats = SeatsPanel(self.record, prefix=f"{game}_", computers_from=1)
        layout.addWidget(self.seats)
        layout.addLayout(self._options_row(seed_tip))
        layout.addStretch(1)
        self.seats.show_seats(self.players.value())

    def _add_notes(self, layout: QVBoxLayout) -> None:
        """A game's notes under its description (none by default)."""

    def _add_options(self, row: QHBoxLayout) -> None:
        """A game's options, on the seed's row before it (none by default)."""

    def options(self) -> dict[str, Any]:
        """The game's options as config fields (none by default)."""
        return {}

    def _players_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Players"))
        self.players = QSpinBox()
        self.players.setObjectName(f"{self.game}_players")
        self.players.setRange(min(self.record.players), max(self.record.players))
        self.players.setValue(min(self.record.players))
        self.players.valueChanged.connect(lambda count: self.seats.show_seats(count))
        row.addWidget(self.players)
        row.addStretch(1)
        self.solitaire_button = QPushButton("Solitaire vs computer")
        self.solitaire_button.setObjectName(f"{self.game}_solitaire_button")
        self.solitaire_button.setToolTip("Start at once: you (the first seat's name) against "
                                         "computer players in the other seats")
        self.solitaire_button.clicked.connect(lambda *_: self.solitaire_requested.emit())
        row.addWidget(self.solitaire_button)
        return row

    def _options_row(self, seed_tip: str) -> QHBoxLayout:
        row = QHBoxLayout()
        self._add_options(row)
        row.addWidget(QLabel("Seed"))
        self.seed = QLineEdit()
        self.seed.setObjectName(f"{self.game}_seed")
        self.seed.setPlaceholderText("random")
        self.seed.setValidator(QIntValidator(0, SEED_MAX))
        self.seed.setToolTip(seed_tip)
        self.seed.setFixedWidth(130)
        row.addWidget(self.seed)
        row.addStretch(1)
        return row

    def preset(self, kind: str) -> None:
        """A kind of game chosen on the welcome screen (``seats_panel.SOLITAIRE`` or
        ``HOTSEAT``): you against the level of "Solitaire vs computer", or every seat
        a human."""
        self.seats.preset(kind, self.record.levels[-1].spec)

    def _config(self, players: int) -> dict[str, Any]:
        text = self.seed.text().strip()
        seed = int(text) if text else random.randrange(SEED_MAX)
        return {"players": players, "seed": seed, **self.options()}

    def choice(self) -> NewGameChoice:
        """The new game chosen (ChoiceError: what is wrong, and where)."""
        players = self.players.value()
        names, seats, pins = self.seats.read(players)
        return NewGameChoice(self._config(players), names, seats, pins, self.game)

    def solitaire_choice(self) -> NewGameChoice:
        """You (the first seat) against computer players of the last level offered."""
        players = self.players.value()
        names, seats, pins = self.seats.against_computers(players,
                                                          self.record.levels[-1].spec)
        return NewGameChoice(self._config(players), names, seats, pins, self.game)


__all__ = ["SEED_MAX", "SeatedGamePage"]
