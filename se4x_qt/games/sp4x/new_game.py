"""SP4X's page of the New Game dialog: 3 or 4 players, who sits where, names, PINs, seed.

A seat is a human at this computer or one of the game's computer levels (its
record's ``levels``), on every game's seats panel
(:class:`~se4x_qt.shell.seats_panel.SeatsPanel`).  At least one seat must be
human.  "Solitaire vs computer" starts at once: you against computer players
of the strongest level in the other seats.  The welcome screen's "Solitaire" and
"Hot-seat" open the page with its seats set so (:meth:`Sp4xNewGamePage.preset`).
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
from se4x_qt import widgets
from se4x_qt.shell.seats_panel import NewGameChoice, SeatsPanel

GAME: Final = "sp4x"  # this page's game in the registry
SEED_MAX: Final = 2 ** 31 - 1


class Sp4xNewGamePage(QWidget):
    """The choices of a new SP4X game (see the module docstring)."""

    solitaire_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sp4x_new_game")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        note = widgets.label(
            "SP4X: an Old Maid card game driving a 4X area-control board of hex tiles "
            "explored as you go. Played from prototype rules; two ages, most points wins.",
            "subtle", wrap=True)
        layout.addWidget(note)
        top = QHBoxLayout()
        top.addWidget(QLabel("Players"))
        self.players = QSpinBox()
        self.players.setObjectName("sp4x_players")
        self.record = registry.record(GAME)
        self.players.setRange(min(self.record.players), max(self.record.players))
        self.players.setValue(min(self.record.players))
        self.players.valueChanged.connect(self._players_changed)
        top.addWidget(self.players)
        top.addStretch(1)
        self.solitaire_button = QPushButton("Solitaire vs computer")
        self.solitaire_button.setObjectName("sp4x_solitaire_button")
        self.solitaire_button.setToolTip("Start at once: you (the first seat's name) against "
                                         "computer players in the other seats")
        self.solitaire_button.clicked.connect(self.solitaire_requested.emit)
        top.addWidget(self.solitaire_button)
        layout.addLayout(top)
        self.seats = SeatsPanel(self.record, prefix="sp4x_", computers_from=1)
        self.seat_rows, self.level_note = self.seats.rows, self.seats.level_note
        layout.addWidget(self.seats)
        seed_row = QHBoxLayout()
        seed_row.addWidget(QLabel("Seed"))
        self.seed = QLineEdit()
        self.seed.setObjectName("sp4x_seed")
        self.seed.setPlaceholderText("random")
        self.seed.setValidator(QIntValidator(0, SEED_MAX))
        self.seed.setToolTip("The same seed and choices deal the same cards and tiles")
        self.seed.setFixedWidth(140)
        seed_row.addWidget(self.seed)
        seed_row.addStretch(1)
        layout.addLayout(seed_row)
        layout.addStretch(1)
        self._players_changed(self.players.value())

    def _players_changed(self, players: int) -> None:
        self.seats.show_seats(players)

    def preset(self, kind: str) -> None:
        """A kind of game chosen on the welcome screen (``seats_panel.SOLITAIRE`` or
        ``HOTSEAT``): you against the level of "Solitaire vs computer", or every seat
        a human."""
        self.seats.preset(kind, self.record.levels[-1].spec)

    def _seed(self) -> int:
        text = self.seed.text().strip()
        return int(text) if text else random.randrange(SEED_MAX)

    def choice(self) -> NewGameChoice:
        """The new game chosen (ChoiceError: what is wrong, and where)."""
        players = self.players.value()
        names, seats, pins = self.seats.read(players)
        return NewGameChoice({"players": players, "seed": self._seed()}, names, seats, pins,
                             GAME)

    def solitaire_choice(self) -> NewGameChoice:
        """You (the first seat) against computer players of the strongest level offered."""
        players = self.players.value()
        names, seats, pins = self.seats.against_computers(players,
                                                          self.record.levels[-1].spec)
        return NewGameChoice({"players": players, "seed": self._seed()}, names, seats, pins,
                             GAME)
