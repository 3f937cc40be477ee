"""Space Empires' page of the New Game dialog: players, seats, board, rules, seed,
starting forces, scenario and teams.

Why it validates here and not in the engine: the engine checks the game
config (and would refuse a bad one with a ``ConfigError``), but names and
PINs are the app's business, and a player should be told "Two players are
both called Ann" next to the field, before anything starts.  The page
still builds the config through the engine's own field names.

The seats are every game's panel (:class:`~se4x_qt.shell.seats_panel.SeatsPanel`:
a human or a computer player at one of the game's levels, each labelled with
what a decision costs; at least one human).  "Solitaire vs computer" starts a
game against one computer player at once; :meth:`Se4xNewGamePage.preset` seats a
solitaire or hot-seat game for the welcome screen.  The game's options (board, rules,
seed, starting forces, scenario, teams) are a panel of their own,
:class:`GameOptions`, which the LAN Host dialog shows too, so a hosted game
offers the same choices.  The alien scenario decides the seats itself (you
against 2 or 3 alien players on their board), so the page then hides what it
does not use.  The dialog around the page is the shell's
(:class:`~se4x_qt.shell.new_game.NewGameDialog`).
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.gamekit import registry
from se4x_qt import widgets
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.seats_panel import ChoiceError, NewGameChoice, SeatsPanel
from se4x_qt.widgets import ContentScrollArea, refit_to_screen

GAME = "se4x"  # this page's game in the registry
SEED_MAX = 2 ** 31 - 1
RULE_SETS_PER_ROW = 3  # advanced rule sets per row of the New Game dialog
SOLITAIRE_LEVEL = "normal"  # the computer player of "Solitaire vs computer"
BOARDS = (("small", "Small (17 Deep Space hexes)"), ("standard", "Standard (34 Deep Space hexes)"),
          ("large", "Large (51 Deep Space hexes)"))


OptionsError = ChoiceError  # an option that cannot be used (the LAN Host dialog's too)


def alien_setup(difficulty: str) -> tuple[int, str]:
    """The alien scenario's size: (alien players, "You against 3 alien empires on the
    4-player board")."""
    aliens = data.ALIEN_DIFFICULTY[difficulty][0]
    colours = ", ".join(data.PLAYER_COLOURS[p] for p in range(1, aliens + 1))
    return aliens, (f"You ({data.PLAYER_COLOURS[0]}) against {aliens} alien empires "
                    f"({colours}) on the {aliens + 1}-player board")


class GameOptions(QFrame):
    """Board, rules, seed, starting forces, scenario and teams: the game's options.

    Shown by the New Game dialog and the LAN Host dialog alike; ``config`` turns
    them into the engine's config fields (or raises :class:`OptionsError`).
    """

    scenario_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        form = QGridLayout(self)
        form.setContentsMargins(12, 10, 12, 10)
        form.setHorizontalSpacing(10)
        self.board_label = QLabel("Board")
        form.addWidget(self.board_label, 0, 0)
        self.board = QComboBox()
        self.board.setObjectName("board")
        for key, text in BOARDS:
            self.board.addItem(text, key)
        self.board.setCurrentIndex(1)
        form.addWidget(self.board, 0, 1)
        self.board_note = widgets.label("", "subtle")
        form.addWidget(self.board_note, 0, 2)
        form.addWidget(QLabel("Rules"), 1, 0, Qt.AlignmentFlag.AlignTop)
        form.addLayout(self._build_rules(), 1, 1, 1, 2)
        form.addWidget(QLabel("Seed"), 2, 0)
        form.addLayout(self._build_seed(), 2, 1, 1, 2)
        form.addWidget(QLabel("Starting forces"), 3, 0)
        self.forces = QComboBox()
        self.forces.setObjectName("forces")
        self.forces.addItem("Standard: 4 ship yards, 3 scouts, 3 colony ships, 1 miner",
                            "standard")
        self.forces.addItem("Reference manual: 1 yard, 2 scouts, 2 colony ships, 2 miners",
                            "reference")
        form.addWidget(self.forces, 3, 1, 1, 2)
        form.addWidget(QLabel("Scenario"), 4, 0)
        self.scenario = QComboBox()
        self.scenario.setObjectName("scenario")
        self.scenario.addItem("Standard game", None)
        for key, (aliens, per_roll) in data.ALIEN_DIFFICULTY.items():
            self.scenario.addItem(f"Solitaire against alien empires \u2014 {key.title()} "
                                  f"({aliens} alien players, {per_roll} CP per roll)", key)
        self.scenario.setToolTip("The official solitaire opponent: you (the first seat) "
                                 "against 2-3 alien players driven by their tables")
        self.scenario.currentIndexChanged.connect(lambda _i: self._scenario_changed())
        form.addWidget(self.scenario, 4, 1, 1, 2)
        self.teams_label = QLabel("Teams")
        form.addWidget(self.teams_label, 5, 0)
        self.teams = QComboBox()
        self.teams.setObjectName("teams")
        self.teams.setToolTip("Team play: allies never fight each other and win together "
                              "when every enemy homeworld has fallen")
        form.addWidget(self.teams, 5, 1, 1, 2)
        form.setColumnStretch(1, 1)
        self._players = 2
        self.set_players(2)

    def _build_rules(self) -> QVBoxLayout:
        """Basic or advanced rules, and under them a grid of the advanced rule sets
        (every one in ``data.ADVANCED_RULE_TITLES``, three a row)."""
        rules = QVBoxLayout()
        rules_row = QHBoxLayout()
        self.basic = QRadioButton("Basic")
        self.basic.setChecked(True)
        self.advanced = QRadioButton("Advanced, with the rule sets ticked below")
        self.advanced.setToolTip("Play with the advanced rule sets ticked below it")
        group = QButtonGroup(self)
        group.addButton(self.basic)
        group.addButton(self.advanced)
        rules_row.setSpacing(16)
        rules_row.addWidget(self.basic)
        rules_row.addWidget(self.advanced)
        rules_row.addStretch(1)
        rules.addLayout(rules_row)
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(8)
        self.rule_sets: dict[str, QCheckBox] = {}
        for index, (name, title) in enumerate(data.ADVANCED_RULE_TITLES.items()):
            box = QCheckBox(title)
            box.setObjectName(f"rules_{name}")
            box.setChecked(True)
            box.setEnabled(False)
            self.rule_sets[name] = box
            grid.addWidget(box, index // RULE_SETS_PER_ROW, index % RULE_SETS_PER_ROW)
        grid.setColumnStretch(RULE_SETS_PER_ROW, 1)
        rules.addLayout(grid)
        self.advanced.toggled.connect(self._enable_rule_sets)
        return rules

    def _enable_rule_sets(self, on: bool) -> None:
        for box in self.rule_sets.values():
            box.setEnabled(on)

    def _build_seed(self) -> QHBoxLayout:
        seed_row = QHBoxLayout()
        self.seed = QLineEdit(str(random.randrange(SEED_MAX)))
        self.seed.setObjectName("seed")
        self.seed.setValidator(QIntValidator(0, SEED_MAX, self))
        self.seed.setToolTip("The same seed and the same moves replay the same game")
        reroll = QPushButton("New seed")
        reroll.setObjectName("reroll_seed")
        reroll.clicked.connect(lambda: self.seed.setText(str(random.randrange(SEED_MAX))))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reroll)
        return seed_row

    # -- players and scenario -----------------------------------------------------------------
    def alien_difficulty(self) -> str | None:
        """The alien scenario's difficulty, or None for a standard game."""
        value = self.scenario.currentData()
        return str(value) if value is not None else None

    def set_players(self, players: int) -> None:
        """The board and teams on offer for ``players`` (the alien scenario sets its own)."""
        self._players = players
        self._fill_teams(players)
        self._scenario_changed(quiet=True)

    def _scenario_changed(self, quiet: bool = False) -> None:
        aliens = self.alien_difficulty()
        two = self._players == 2 and aliens is None
        for widget in (self.board, self.board_label):
            widget.setVisible(aliens is None)
        self.board.setEnabled(two)
        self.board_note.setVisible(aliens is None)
        self.board_note.setText("" if two else f"{self._players} players share the 150-hex "
                                "board")
        teams = aliens is None and self._players in (3, 4)
        self.teams.setVisible(teams)
        self.teams_label.setVisible(teams)
        if not quiet:
            self.scenario_changed.emit()

    def _fill_teams(self, players: int) -> None:
        """None, or each way to seat 2 against 1 (3 players) or 2 against 2 (4)."""
        self.teams.clear()
        self.teams.addItem("None \u2014 every empire for itself", None)
        if players not in (3, 4):
            return
        colours = data.PLAYER_COLOURS
        shape = "2 v 1" if players == 3 else "2 v 2"
        if players == 3:  # the lone player may be any seat
            choices = [([p for p in range(3) if p != lone], [lone]) for lone in (2, 1, 0)]
        else:  # the first seat's ally may be any other seat
            choices = [([0, mate], [p for p in range(1, 4) if p != mate]) for mate in (1, 2, 3)]
        for first, second in choices:
            text = (f"{shape}: " + " & ".join(colours[p] for p in first) + " against "
                    + " & ".join(colours[p] for p in second))
            self.teams.addItem(text, [first, second])

    def chosen_rule_sets(self) -> list[str]:
        """The advanced rule sets chosen (none with the basic rules)."""
        if not self.advanced.isChecked():
            return []
        return [name for name, box in self.rule_sets.items() if box.isChecked()]

    def players_needed(self, players: int) -> int:
        """How many players the game has: the alien scenario's own count, else ``players``."""
        aliens = self.alien_difficulty()
        return 1 + alien_setup(aliens)[0] if aliens is not None else players

    def config(self, players: int) -> dict[str, Any]:
        """The engine's config for these options and ``players`` seats (OptionsError)."""
        seed_text = self.seed.text().strip()
        if not seed_text.isdigit() or int(seed_text) > SEED_MAX:
            raise OptionsError(f"The seed must be a whole number from 0 to {SEED_MAX}.",
                               self.seed)
        config: dict[str, Any] = {"players": self.players_needed(players),
                                  "seed": int(seed_text),
                                  "starting_forces": self.forces.currentData(),
                                  "advanced": self.chosen_rule_sets()}
        aliens = self.alien_difficulty()
        if aliens is not None:
            config["aliens"] = {"players": alien_setup(aliens)[0], "difficulty": aliens}
            return config
        if players == 2:
            config["board"] = self.board.currentData()
        if not self.teams.isHidden() and self.teams.currentData() is not None:
            config["teams"] = [list(team) for team in self.teams.currentData()]
        return config


class Se4xNewGamePage(QWidget):
    """Space Empires' choices of a new game (see the module docstring)."""

    solitaire_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("se4x_new_game")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        layout.addLayout(self._build_players())
        body = QWidget()  # seats and options scroll on a screen too small for them
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(12)
        column.addWidget(self._build_seats())
        self.options = GameOptions()
        self.options.scenario_changed.connect(self._show_seats)
        column.addWidget(self.options)
        layout.addWidget(ContentScrollArea(body), 1)
        # the options' widgets, by the names the page always had
        self.board, self.seed, self.forces = self.options.board, self.options.seed, \
            self.options.forces
        self.scenario, self.teams = self.options.scenario, self.options.teams
        self.basic, self.advanced = self.options.basic, self.options.advanced
        self.rule_sets = self.options.rule_sets
        self._players_changed(2)

    # -- building ------------------------------------------------------------------------
    def _build_players(self) -> QHBoxLayout:
        top = QHBoxLayout()
        self.players_label = QLabel("Players")
        top.addWidget(self.players_label)
        self.players = QSpinBox()
        self.players.setObjectName("players")
        record = registry.record(GAME)
        self.players.setRange(min(record.players), max(record.players))
        self.players.setValue(min(record.players))
        self.players.valueChanged.connect(self._players_changed)
        top.addWidget(self.players)
        top.addStretch(1)
        self.solitaire_button = QPushButton("Solitaire vs computer")
        self.solitaire_button.setObjectName("solitaire_button")
        label = next(lv.label for lv in record.levels if lv.spec == SOLITAIRE_LEVEL)
        self.solitaire_button.setToolTip(
            f"Start at once: you (the first seat's name) against one computer player "
            f"({label}), with the options below")
        self.solitaire_button.clicked.connect(self.solitaire_requested.emit)
        top.addWidget(self.solitaire_button)
        return top

    def _build_seats(self) -> QFrame:
        self.seats = SeatsPanel(registry.record(GAME))
        self.seat_rows = self.seats.rows
        self.level_note = self.seats.level_note
        self.you_label = widgets.label("You", "subtle")  # the alien scenario's one seat
        self.you_label.setObjectName("you_label")
        self.seats.grid.addWidget(self.you_label, 1, 1)
        self.aliens_note = widgets.label("", "subtle")
        self.aliens_note.setObjectName("aliens_note")
        self.aliens_note.setWordWrap(True)
        self.seats.grid.addWidget(self.aliens_note, self.seats.grid.rowCount(), 0, 1, 4)
        return self.seats

    def _players_changed(self, players: int) -> None:
        self.options.set_players(players)
        self._show_seats()

    def _show_seats(self) -> None:
        """The seats in play: every seat of a standard game; the alien scenario's one
        human seat (no Players count, board or computer levels: the scenario sets them)."""
        aliens = self.options.alien_difficulty()
        self.seats.show_seats(self.players.value() if aliens is None else 1)
        self.seat_rows[0][1].setVisible(aliens is None)  # the alien scenario: you, a human
        self.you_label.setVisible(aliens is not None)
        # the alien scenario is a solitaire game already: no second way to start one
        for control in (self.players_label, self.players, self.level_note,
                        self.solitaire_button):
            control.setVisible(aliens is None)
        self.aliens_note.setVisible(aliens is not None)
        if aliens is not None:
            self.aliens_note.setText(alien_setup(aliens)[1] + ", each driven by the alien "
                                     "player tables.")
        refit_to_screen(self.window())

    def chosen_rule_sets(self) -> list[str]:
        """The advanced rule sets chosen (none with the basic rules)."""
        return self.options.chosen_rule_sets()

    def preset(self, kind: str) -> None:
        """A kind of game chosen on the welcome screen (``seats_panel.SOLITAIRE`` or
        ``HOTSEAT``): a standard game (the alien scenario seats players itself), you
        against the level of "Solitaire vs computer", or every seat a human."""
        self.scenario.setCurrentIndex(0)
        self.seats.preset(kind, SOLITAIRE_LEVEL)

    # -- reading ----------------------------------------------------------------------------
    def choice(self) -> NewGameChoice:
        """The new game chosen (ChoiceError: what is wrong, and where)."""
        if self.options.alien_difficulty() is not None:
            return self._aliens_choice()
        players = self.players.value()
        names, seats, pins = self.seats.read(players)
        return NewGameChoice(self.options.config(players), names, seats, pins, GAME)

    def _aliens_choice(self) -> NewGameChoice:
        """Solitaire against alien empires: the first seat is the human, the rest aliens."""
        name = self.seats.your_name()
        pin = self.seats.pin_of(0)
        config = self.options.config(1)
        aliens = config["aliens"]["players"]
        names = [name] + [f"Alien {data.PLAYER_COLOURS[p]}" for p in range(1, aliens + 1)]
        seats = [Seat(HUMAN)] + [Seat(COMPUTER, "alien") for _ in range(aliens)]
        return NewGameChoice(config, names, seats, {0: pin} if pin else {}, GAME)

    def solitaire_choice(self) -> NewGameChoice:
        """"Solitaire vs computer": you against one computer player, with the options
        chosen (a standard game: the button is hidden while a scenario is chosen)."""
        names, seats, pins = self.seats.against_computers(2, SOLITAIRE_LEVEL)
        self.scenario.setCurrentIndex(0)
        return NewGameChoice(self.options.config(2), names, seats, pins, GAME)


class Se4xHostOptions(GameOptions):
    """Space Empires' options in the LAN Host dialog: the New Game page's, and the alien
    scenario's seats, which the host's alien tables fill."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario_changed.connect(self.changed.emit)

    def seat_count(self, players: int) -> int:
        return self.players_needed(players)

    def fixed_seats(self, count: int) -> dict[int, tuple[str, str]]:
        """The alien scenario's aliens: every seat but the first."""
        if self.alien_difficulty() is None:
            return {}
        return {p: ("Alien player (the host's tables)", f"Alien {data.PLAYER_COLOURS[p]}")
                for p in range(1, count)}

    def info(self) -> str:
        aliens = self.alien_difficulty()
        return "" if aliens is None else alien_setup(aliens)[1] + ". The host runs the aliens."
