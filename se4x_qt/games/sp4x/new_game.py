"""SP4X's page of the New Game dialog: 3 or 4 players, who sits where, names, PINs, seed.

A seat is a human at this computer or a computer player: Easy (the rule
bot) always, Normal and Hard when the search bot is installed
(:func:`se4x_qt.games.sp4x.levels.levels`).  At least one seat must be
human.  "Solitaire vs computer" starts at once: you against computer
players in the other seats.
"""

from __future__ import annotations

import random
from typing import Any, Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from se4x_core.games.sp4x.data import load
from se4x_qt import style, widgets
from se4x_qt.games.sp4x import levels
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat

MAX_NAME: Final = 20
PIN_MIN, PIN_MAX = 4, 12
SEED_MAX: Final = 2 ** 31 - 1


class Sp4xNewGamePage(QWidget):
    """The choices of a new SP4X game; :meth:`validate` gives (config, names, seats, pins)
    or says what is wrong in ``error``."""

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
        counts = [n for n in load().players if n >= 3] or list(load().players)
        self.players.setRange(min(counts), max(counts))
        self.players.setValue(min(counts))
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
        layout.addWidget(self._build_seats())
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

    def _build_seats(self) -> QFrame:
        frame = QFrame()
        frame.setObjectName("panel")
        grid = QGridLayout(frame)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(10)
        for col, text in enumerate(("", "Seat", "Name", "PIN (optional)")):
            grid.addWidget(widgets.label(text.upper(), "faint"), 0, col)
        self.seat_rows: list[tuple[QLabel, QComboBox, QLineEdit, QLineEdit]] = []
        choices = [("Human", Seat(HUMAN))] + [(f"Computer: {label}", Seat(COMPUTER, name))
                                              for name, label in levels.levels()]
        for player in range(4):
            kind = QComboBox()
            kind.setObjectName(f"sp4x_seat{player}")
            for index, (text, seat) in enumerate(choices):
                kind.addItem(text, seat)
                if seat.is_computer:
                    kind.setItemData(index, levels.LEVEL_DESCRIPTIONS.get(seat.bot, ""),
                                     Qt.ItemDataRole.ToolTipRole)
            kind.setCurrentIndex(0 if player == 0 else 1)
            # every seat starts with its colour, as in Space Empires: a real name that
            # every log line and banner reads right with ("You" made "You's turn")
            name = QLineEdit(style.player_name(player))
            name.setObjectName(f"sp4x_name{player}")
            name.setMaxLength(MAX_NAME)
            name.setPlaceholderText("Your name" if player == 0 else "")
            pin = QLineEdit()
            pin.setObjectName(f"sp4x_pin{player}")
            pin.setEchoMode(QLineEdit.EchoMode.Password)
            pin.setPlaceholderText("none")
            row = (widgets.emblem_label(player, 20), kind, name, pin)
            for col, widget in enumerate(row):
                grid.addWidget(widget, player + 1, col)
            self.seat_rows.append(row)
        self.level_note = widgets.label(
            "\n".join(f"{label}: {levels.LEVEL_DESCRIPTIONS[name]}."
                      for name, label in levels.levels()), "subtle", wrap=True)
        grid.addWidget(self.level_note, 5, 0, 1, 4)
        return frame

    def _players_changed(self, players: int) -> None:
        for player, row in enumerate(self.seat_rows):
            for widget in row:
                widget.setVisible(player < players)

    def _seed(self) -> int:
        text = self.seed.text().strip()
        return int(text) if text else random.randrange(SEED_MAX)

    def validate(self) -> tuple[dict[str, Any], list[str], list[Seat], dict[int, str]] | str:
        """(config, names, seats, pins), or a sentence saying what is wrong."""
        players = self.players.value()
        names: list[str] = []
        seats: list[Seat] = []
        pins: dict[int, str] = {}
        for player in range(players):
            _, kind, name_edit, pin_edit = self.seat_rows[player]
            name = name_edit.text().strip()
            colour = style.player_name(player)
            if not name:
                return f"The {colour} seat needs a name."
            if name.casefold() in (n.casefold() for n in names):
                return f"Two players are both called \u201c{name}\u201d; give each a " \
                       "different name."
            pin = pin_edit.text()
            if pin and (not pin.isdigit() or not PIN_MIN <= len(pin) <= PIN_MAX):
                return f"The PIN of {name} must be {PIN_MIN} to {PIN_MAX} digits (or empty)."
            names.append(name)
            seat = kind.currentData()
            if not isinstance(seat, Seat):
                return f"Choose who plays as {name}."
            seats.append(seat)
            if pin:
                pins[player] = pin
        if not any(seat.is_human for seat in seats):
            return "At least one seat must be a human."
        return {"players": players, "seed": self._seed()}, names, seats, pins

    def solitaire(self) -> tuple[dict[str, Any], list[str], list[Seat], dict[int, str]] | str:
        """You (the first seat) against computer players of the strongest level offered."""
        players = self.players.value()
        name = self.seat_rows[0][2].text().strip()
        if not name:
            return "Your name must be 1 to 20 characters."
        level, label = levels.levels()[-1]
        names = [name] + [f"{style.player_name(p)} ({label})" for p in range(1, players)]
        seats = [Seat(HUMAN)] + [Seat(COMPUTER, level) for _ in range(1, players)]
        return {"players": players, "seed": self._seed()}, names, seats, {}
