"""The seats of a new game, for any game: who plays each colour, their names, their PINs.

Why one panel: every game's New Game page (and the LAN Host dialog's seats) asks the
same questions and must refuse the same mistakes the same way: a seat without a name,
two players of the same name, a PIN that is not 4-12 digits, a game without a human.
The computer players offered are the game's record's ``levels``
(:mod:`se4x_core.gamekit.registry`), each with what it does (its tooltip) and what a
turn of it costs (the note under the seats).  :meth:`SeatsPanel.preset` seats everyone
for a kind of game (the welcome screen's "Solitaire" and "Hot-seat"), the same way in
every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFrame, QGridLayout, QLabel, QLineEdit, QWidget

from se4x_core.gamekit.contract import PLAYER_COLOURS
from se4x_core.gamekit.registry import GameRecord
from se4x_qt import widgets
from se4x_qt.session.seats import COMPUTER, HUMAN, LEVEL_COST_NOTE, Seat

MAX_NAME: Final = 20
PIN_MIN, PIN_MAX = 4, 12
# The kinds of game a New Game page can be preset to (the welcome screen's buttons)
SOLITAIRE: Final = "solitaire"  # you in the first seat, computer players in the others
HOTSEAT: Final = "hotseat"  # every seat a person at this computer, sharing the screen
PRESETS: Final = (SOLITAIRE, HOTSEAT)


class ChoiceError(ValueError):
    """A choice that cannot be used: ``str()`` says why, ``widget`` is where to fix it."""

    def __init__(self, message: str, widget: QWidget) -> None:
        super().__init__(message)
        self.widget = widget


@dataclass
class NewGameChoice:
    """A new game as chosen: the game, its config, and who sits where."""

    config: dict[str, Any]
    names: list[str]
    seats: list[Seat]
    pins: dict[int, str] = field(default_factory=dict)  # plain; the driver hashes them at once
    game: str = ""  # the game's name in the registry ("": the default game)


def seat_choices(record: GameRecord) -> list[tuple[str, Seat, str]]:
    """(label, seat, tooltip) of each choice of a seat: a human, or each level."""
    return [("Human", Seat(HUMAN), "A person at this computer")] + [
        (f"Computer: {level.label}", Seat(COMPUTER, level.spec),
         f"{level.label}: {level.about}" + (f" ({level.cost} a turn)" if level.cost else "")
         + "; it decides from what its seat may know")
        for level in record.levels]


def level_costs(record: GameRecord) -> str:
    """One line of what each level costs a turn ("" when the game gives none)."""
    costs = " \u00b7 ".join(f"{level.label}: {level.cost}" for level in record.levels
                            if level.cost)
    return f"Computer levels \u2014 {costs} ({LEVEL_COST_NOTE})" if costs else ""


class SeatsPanel(QFrame):
    """One row per seat (emblem, who plays it, name, PIN); :meth:`read` checks them."""

    def __init__(self, record: GameRecord, prefix: str = "", computers_from: int = 0,
                 parent: QWidget | None = None) -> None:
        """``prefix`` starts the widgets' object names (``{prefix}seat0``);
        ``computers_from``: the first seat a computer plays at first (0: all human)."""
        super().__init__(parent)
        self.setObjectName("panel")
        self.record = record
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 10, 12, 10)
        grid.setHorizontalSpacing(10)
        self.headers = [widgets.label(text.upper(), "faint")
                        for text in ("", "Seat", "Name", "PIN (optional)")]
        for col, header in enumerate(self.headers):
            grid.addWidget(header, 0, col)
        self.rows: list[tuple[QLabel, QComboBox, QLineEdit, QLineEdit]] = []
        seats = max(record.players)
        for player in range(seats):
            row = (widgets.emblem_label(player, 20), self._kind(player, prefix),
                   self._name(player, prefix), self._pin(player, prefix))
            if computers_from and player >= computers_from and record.levels:
                row[1].setCurrentIndex(1)
            for col, widget in enumerate(row):
                grid.addWidget(widget, player + 1, col)
            self.rows.append(row)
        self.level_note = widgets.label(level_costs(record), "subtle")
        self.level_note.setWordWrap(True)
        # two full lines: the frame's layout would otherwise clip the second one's descenders
        self.level_note.setMinimumHeight(2 * self.level_note.fontMetrics().lineSpacing() + 6)
        self.level_note.setVisible(bool(self.level_note.text()))
        grid.addWidget(self.level_note, seats + 1, 0, 1, 4)
        self.grid = grid
        self.count = seats

    def _kind(self, player: int, prefix: str) -> QComboBox:
        kind = QComboBox()
        kind.setObjectName(f"{prefix}seat{player}")
        for index, (text, seat, tip) in enumerate(seat_choices(self.record)):
            kind.addItem(text, seat)
            kind.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
        kind.setToolTip("A human at this computer, or a computer player")
        return kind

    @staticmethod
    def _name(player: int, prefix: str) -> QLineEdit:
        # every seat starts with its colour: a real name every log line reads right with
        name = QLineEdit(PLAYER_COLOURS[player])
        name.setObjectName(f"{prefix}name{player}")
        name.setMaxLength(MAX_NAME + 5)  # longer names are refused with a message
        return name

    @staticmethod
    def _pin(player: int, prefix: str) -> QLineEdit:
        pin = QLineEdit()
        pin.setObjectName(f"{prefix}pin{player}")
        pin.setEchoMode(QLineEdit.EchoMode.Password)
        pin.setPlaceholderText("none")
        pin.setToolTip(f"{PIN_MIN}-{PIN_MAX} digits; asked for whenever the screen is "
                       "handed to this player")
        return pin

    # -- showing --------------------------------------------------------------------------
    def show_seats(self, count: int) -> None:
        """Show the first ``count`` seats."""
        self.count = count
        for player, row in enumerate(self.rows):
            for widget in row:
                widget.setVisible(player < count)

    def preset(self, kind: str, level: str) -> None:
        """Seat everyone for a kind of game: :data:`SOLITAIRE`, the first seat a human
        and every other one a computer player of ``level``; :data:`HOTSEAT`, every seat
        a human.  Names and PINs stay as typed: the player still sees the page and
        starts the game from it.  ValueError for an unknown kind or level (a page's
        mistake, not the player's)."""
        if kind not in PRESETS:
            raise ValueError(f"unknown kind of game {kind!r} (known: {', '.join(PRESETS)})")
        for player, row in enumerate(self.rows):
            wanted = Seat(COMPUTER, level) if kind == SOLITAIRE and player else Seat(HUMAN)
            self._choose(row[1], wanted)

    @staticmethod
    def _choose(kind_box: QComboBox, seat: Seat) -> None:
        index = next((i for i in range(kind_box.count()) if kind_box.itemData(i) == seat), -1)
        if index < 0:
            raise ValueError(f"no seat choice plays as {seat}")
        kind_box.setCurrentIndex(index)

    # -- reading ----------------------------------------------------------------------------
    def name_of(self, player: int) -> str:
        """A seat's name, checked (ChoiceError: empty or too long)."""
        edit = self.rows[player][2]
        name = edit.text().strip()
        if not name:
            raise ChoiceError(f"{PLAYER_COLOURS[player]}'s seat needs a name.", edit)
        if len(name) > MAX_NAME:
            raise ChoiceError(f"{PLAYER_COLOURS[player]}'s name is longer than {MAX_NAME} "
                              "characters.", edit)
        return name

    def your_name(self) -> str:
        """The first seat's name, for a game against the computer."""
        edit = self.rows[0][2]
        name = edit.text().strip()
        if not name or len(name) > MAX_NAME:
            raise ChoiceError(f"Your name must be 1 to {MAX_NAME} characters.", edit)
        return name

    def pin_of(self, player: int) -> str:
        """A seat's PIN ("" for none), checked."""
        _, _, name_edit, pin_edit = self.rows[player]
        pin = pin_edit.text()
        if pin and (not pin.isdigit() or not PIN_MIN <= len(pin) <= PIN_MAX):
            name = name_edit.text().strip() or PLAYER_COLOURS[player]
            raise ChoiceError(f"{name}'s PIN must be {PIN_MIN} to {PIN_MAX} digits (or "
                              "empty for none).", pin_edit)
        return pin

    def read(self, count: int | None = None) -> tuple[list[str], list[Seat], dict[int, str]]:
        """(names, seats, PINs) of the first ``count`` seats (default: those shown);
        ChoiceError says what is wrong and where."""
        count = self.count if count is None else count
        names: list[str] = []
        seats: list[Seat] = []
        pins: dict[int, str] = {}
        for player in range(count):
            name = self.name_of(player)
            if name.casefold() in (n.casefold() for n in names):
                raise ChoiceError(f"Two players are both called \u201c{name}\u201d; give "
                                  "each a different name.", self.rows[player][2])
            pin = self.pin_of(player)
            names.append(name)
            seats.append(self.rows[player][1].currentData())
            if pin:
                pins[player] = pin
        if not any(seat.is_human for seat in seats):
            raise ChoiceError("At least one seat must be a human.", self.rows[0][1])
        return names, seats, pins

    def against_computers(self, count: int, level: str) -> tuple[list[str], list[Seat],
                                                                 dict[int, str]]:
        """You (the first seat, its name and PIN) against ``count - 1`` computer players
        of ``level``, each named after it."""
        name = self.your_name()
        pin = self.pin_of(0)
        label = next(lv.label for lv in self.record.levels if lv.spec == level)
        rivals = [f"Computer ({label})"] if count == 2 else \
            [f"{PLAYER_COLOURS[p]} ({label})" for p in range(1, count)]
        rivals = [("Rival" if r.casefold() == name.casefold() else r) for r in rivals]
        seats = [Seat(HUMAN)] + [Seat(COMPUTER, level)] * (count - 1)
        return [name, *rivals], seats, ({0: pin} if pin else {})


__all__ = ["HOTSEAT", "MAX_NAME", "PIN_MAX", "PIN_MIN", "PRESETS", "SOLITAIRE", "ChoiceError",
           "NewGameChoice", "SeatsPanel", "level_costs", "seat_choices"]
