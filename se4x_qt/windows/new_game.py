"""The New Game dialog: seats, names, PINs, board, rules, seed, starting forces.

Why it validates here and not in the engine: the engine checks the game
config (and would refuse a bad one with a ``ConfigError``), but names and
PINs are the app's business, and a player should be told "Two players are
both called Ann" next to the field, before anything starts.  The dialog
still builds the config through the engine's own field names, and the
main window creates the game with ``Game.new_game(config)``.

A seat is a human at this computer or a computer player at one of four
levels (Easy: rule-based; Normal, Hard, Strongest: the search with a longer
budget each), each labelled with what a decision costs; at least one seat
must be human.  "Solitaire vs computer" starts a game against one computer
player at once.  The game's options (board, rules, seed, starting forces,
scenario, teams) are a panel of their own, :class:`GameOptions`, which the
LAN Host dialog shows too, so a hosted game offers the same choices.  The
alien scenario decides the seats itself (you against 2 or 3 alien players on
their board), so the dialog then hides what it does not use.  The Game box
at the top chooses the game; SP4X's choices are a page of their own
(:class:`~se4x_qt.games.sp4x.new_game.Sp4xNewGamePage`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_qt import style, widgets
from se4x_qt.games import GAME_CHOICES, game_label
from se4x_qt.games.sp4x.new_game import Sp4xNewGamePage
from se4x_qt.session.seats import (
    COMPUTER,
    HUMAN,
    LEVEL_COST_NOTE,
    LEVEL_DESCRIPTIONS,
    LEVELS,
    Seat,
)
from se4x_qt.widgets import ContentScrollArea, fit_to_screen, refit_to_screen

MAX_NAME = 20
SEED_MAX = 2 ** 31 - 1
RULE_SETS_PER_ROW = 3  # advanced rule sets per row of the New Game dialog
PIN_MIN, PIN_MAX = 4, 12
SOLITAIRE_LEVEL = "normal"  # the computer player of "Solitaire vs computer"
BOARDS = (("small", "Small (17 Deep Space hexes)"), ("standard", "Standard (34 Deep Space hexes)"),
          ("large", "Large (51 Deep Space hexes)"))


class OptionsError(ValueError):
    """A game option that cannot be used: ``str()`` says why, ``widget`` where."""

    def __init__(self, message: str, widget: QWidget) -> None:
        super().__init__(message)
        self.widget = widget


def alien_setup(difficulty: str) -> tuple[int, str]:
    """The alien scenario's size: (alien players, "You against 3 alien empires on the
    4-player board")."""
    aliens = data.ALIEN_DIFFICULTY[difficulty][0]
    colours = ", ".join(data.PLAYER_COLOURS[p] for p in range(1, aliens + 1))
    return aliens, (f"You ({data.PLAYER_COLOURS[0]}) against {aliens} alien empires "
                    f"({colours}) on the {aliens + 1}-player board")


@dataclass
class NewGameChoice:
    """What the dialog produced."""

    config: dict[str, Any]
    names: list[str]
    seats: list[Seat]
    pins: dict[int, str] = field(default_factory=dict)  # plain; the session hashes them at once
    game: str = "se4x"  # which game (se4x_qt.games.GAME_CHOICES)


def _form_panel() -> tuple[QFrame, QGridLayout]:
    """A panel of the form: a rounded frame with a grid (seats, options)."""
    frame = QFrame()
    frame.setObjectName("panel")
    grid = QGridLayout(frame)
    grid.setContentsMargins(12, 10, 12, 10)
    grid.setHorizontalSpacing(10)
    return frame, grid


SEAT_CHOICES = (("Human", Seat(HUMAN)),) + tuple(
    (f"Computer: {label}", Seat(COMPUTER, name)) for name, label, _cost in LEVELS)
SEAT_TIPS = ("A person at this computer",) + tuple(
    f"{label}: {LEVEL_DESCRIPTIONS[name]} ({cost} a turn); it decides from what its "
    "empire may know" for name, label, cost in LEVELS)


def _seat_kind(player: int) -> QComboBox:
    """Who plays the seat: a human at this computer, or a computer player."""
    kind = QComboBox()
    kind.setObjectName(f"seat{player}")
    for index, (text, seat) in enumerate(SEAT_CHOICES):
        kind.addItem(text, seat)
        kind.setItemData(index, SEAT_TIPS[index], Qt.ItemDataRole.ToolTipRole)
    kind.setToolTip("A human at this computer, or a computer player at one of four levels")
    return kind


def _seat_name(player: int) -> QLineEdit:
    name = QLineEdit(data.PLAYER_COLOURS[player])
    name.setObjectName(f"name{player}")
    name.setMaxLength(MAX_NAME + 5)  # longer names are refused with a message
    return name


def _seat_pin(player: int) -> QLineEdit:
    pin = QLineEdit()
    pin.setObjectName(f"pin{player}")
    pin.setEchoMode(QLineEdit.EchoMode.Password)
    pin.setPlaceholderText("none")
    pin.setToolTip(f"{PIN_MIN}-{PIN_MAX} digits; asked for whenever the screen is "
                   "handed to this player")
    return pin



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


class NewGameDialog(QDialog):
    """Choose the players and options of a new game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new_game")
        self.setWindowTitle("New Game \u2014 Space Empires 4X")
        self.setModal(True)
        self.choice: NewGameChoice | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        layout.setSpacing(12)
        layout.addWidget(widgets.label("New game", "title"))
        layout.addLayout(self._build_game_choice())
        self.game_pages = QStackedWidget()
        self.game_pages.setObjectName("game_pages")
        se4x_page = QWidget()
        se4x_layout = QVBoxLayout(se4x_page)
        se4x_layout.setContentsMargins(0, 0, 0, 0)
        se4x_layout.setSpacing(12)
        se4x_layout.addLayout(self._build_players())
        body = QWidget()  # seats and options scroll on a screen too small for them
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(12)
        column.addWidget(self._build_seats())
        self.options = GameOptions()
        self.options.scenario_changed.connect(self._scenario_changed)
        column.addWidget(self.options)
        se4x_layout.addWidget(ContentScrollArea(body), 1)
        self.game_pages.addWidget(se4x_page)
        self.sp4x_page = Sp4xNewGamePage()
        self.sp4x_page.solitaire_requested.connect(self.start_solitaire)
        self.game_pages.addWidget(self.sp4x_page)
        layout.addWidget(self.game_pages, 1)
        self.game_choice.currentIndexChanged.connect(self._game_changed)
        # the options' widgets, by the names the dialog always had
        self.board, self.seed, self.forces = self.options.board, self.options.seed, \
            self.options.forces
        self.scenario, self.teams = self.options.scenario, self.options.teams
        self.basic, self.advanced = self.options.basic, self.options.advanced
        self.rule_sets = self.options.rule_sets
        self.error = QLabel("")
        self.error.setObjectName("message")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start game")
        self.ok_button.setObjectName("primary")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        style.apply_theme(self)
        self.setStyleSheet(self.styleSheet() + style.form_stylesheet())
        self._players_changed(2)
        fit_to_screen(self, again_when_shown=True)

    # -- building ------------------------------------------------------------------------
    def _build_game_choice(self) -> QHBoxLayout:
        """Which game: Space Empires 4X or SP4X (prototype rules)."""
        row = QHBoxLayout()
        row.addWidget(QLabel("Game"))
        self.game_choice = QComboBox()
        self.game_choice.setObjectName("game_choice")
        for key, label, note in GAME_CHOICES:
            self.game_choice.addItem(f"{label} \u2014 {note}" if note else label, key)
        self.game_choice.setToolTip("The game to play; every game is started and saved "
                                    "the same way")
        row.addWidget(self.game_choice)
        row.addStretch(1)
        return row

    def chosen_game(self) -> str:
        return str(self.game_choice.currentData())

    def choose_game(self, name: str) -> None:
        """Show the page of game ``name`` ("se4x" or "sp4x")."""
        index = self.game_choice.findData(name)
        if index >= 0:
            self.game_choice.setCurrentIndex(index)

    def _game_changed(self, index: int) -> None:
        self.game_pages.setCurrentIndex(max(0, index))
        game = self.chosen_game()
        self.setWindowTitle(f"New Game \u2014 {game_label(game)}")
        self.error.clear()
        refit_to_screen(self)

    def _build_players(self) -> QHBoxLayout:
        top = QHBoxLayout()
        self.players_label = QLabel("Players")
        top.addWidget(self.players_label)
        self.players = QSpinBox()
        self.players.setObjectName("players")
        self.players.setRange(2, 4)
        self.players.setValue(2)
        self.players.valueChanged.connect(self._players_changed)
        top.addWidget(self.players)
        top.addStretch(1)
        self.solitaire_button = QPushButton("Solitaire vs computer")
        self.solitaire_button.setObjectName("solitaire_button")
        self.solitaire_button.setToolTip(
            "Start at once: you (the first seat's name) against one computer player "
            f"({dict((n, label) for n, label, _c in LEVELS)[SOLITAIRE_LEVEL]}), "
            "with the options below")
        self.solitaire_button.clicked.connect(self.start_solitaire)
        top.addWidget(self.solitaire_button)
        return top

    def _build_seats(self) -> QFrame:
        seats, grid = _form_panel()
        self.seat_headers = [widgets.label(text.upper(), "faint")
                             for text in ("", "Seat", "Name", "PIN (optional)")]
        for col, header in enumerate(self.seat_headers):
            grid.addWidget(header, 0, col)
        self.seat_rows: list[tuple[QLabel, QComboBox, QLineEdit, QLineEdit]] = []
        for player in range(4):
            row = (widgets.emblem_label(player, 20), _seat_kind(player),
                   _seat_name(player), _seat_pin(player))
            for col, widget in enumerate(row):
                grid.addWidget(widget, player + 1, col)
            self.seat_rows.append(row)
        self.you_label = widgets.label("You", "subtle")  # the alien scenario's one seat
        self.you_label.setObjectName("you_label")
        grid.addWidget(self.you_label, 1, 1)
        costs = " \u00b7 ".join(f"{label}: {cost}" for _name, label, cost in LEVELS)
        self.level_note = widgets.label(
            f"Computer levels \u2014 {costs} ({LEVEL_COST_NOTE})", "subtle")
        self.level_note.setWordWrap(True)
        # two full lines: the frame's layout would otherwise clip the second one's descenders
        self.level_note.setMinimumHeight(2 * self.level_note.fontMetrics().lineSpacing() + 6)
        grid.addWidget(self.level_note, 5, 0, 1, 4)
        self.aliens_note = widgets.label("", "subtle")
        self.aliens_note.setObjectName("aliens_note")
        self.aliens_note.setWordWrap(True)
        grid.addWidget(self.aliens_note, 6, 0, 1, 4)
        return seats

    def _players_changed(self, players: int) -> None:
        self.options.set_players(players)
        self._show_seats()

    def _scenario_changed(self) -> None:
        self._show_seats()

    def _show_seats(self) -> None:
        """The seats in play: every seat of a standard game; the alien scenario's one
        human seat (no Players count, board or computer levels: the scenario sets them)."""
        aliens = self.options.alien_difficulty()
        players = self.players.value() if aliens is None else 1
        for player, row in enumerate(self.seat_rows):
            for widget in row:
                widget.setVisible(player < players)
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
        refit_to_screen(self)

    def chosen_rule_sets(self) -> list[str]:
        """The advanced rule sets chosen (none with the basic rules)."""
        return self.options.chosen_rule_sets()

    # -- reading and validating ---------------------------------------------------------------
    def validate(self) -> NewGameChoice | None:
        """The choice, or None after showing what is wrong."""
        if self.options.alien_difficulty() is not None:
            return self._validate_aliens()
        players = self.players.value()
        names: list[str] = []
        seats: list[Seat] = []
        pins: dict[int, str] = {}
        for player in range(players):
            _, kind, name_edit, pin_edit = self.seat_rows[player]
            name = name_edit.text().strip()
            colour = data.PLAYER_COLOURS[player]
            if not name:
                self._fail(f"{colour}'s seat needs a name.", name_edit)
                return None
            if len(name) > MAX_NAME:
                self._fail(f"{colour}'s name is longer than {MAX_NAME} characters.",
                           name_edit)
                return None
            if name.casefold() in (n.casefold() for n in names):
                self._fail(f"Two players are both called \u201c{name}\u201d; give each "
                           "a different name.", name_edit)
                return None
            pin = self._pin(player)
            if pin is None:
                return None
            names.append(name)
            seats.append(kind.currentData())
            if pin:
                pins[player] = pin
        config = self._config(players)
        if config is None:
            return None
        self.error.clear()
        if not any(seat.is_human for seat in seats):
            self._fail("At least one seat must be a human.", self.seat_rows[0][1])
            return None
        return NewGameChoice(config, names, seats, pins)

    def _pin(self, player: int) -> str | None:
        """A seat's PIN ("" for none), or None after saying what is wrong with it."""
        _, _, name_edit, pin_edit = self.seat_rows[player]
        pin = pin_edit.text()
        if pin and (not pin.isdigit() or not PIN_MIN <= len(pin) <= PIN_MAX):
            name = name_edit.text().strip() or data.PLAYER_COLOURS[player]
            self._fail(f"{name}'s PIN must be {PIN_MIN} to {PIN_MAX} digits (or empty for "
                       "none).", pin_edit)
            return None
        return pin

    def _config(self, players: int) -> dict[str, Any] | None:
        try:
            return self.options.config(players)
        except OptionsError as exc:
            self._fail(str(exc), exc.widget)
            return None

    def _your_name(self) -> str | None:
        name = self.seat_rows[0][2].text().strip()
        if not name or len(name) > MAX_NAME:
            self._fail(f"Your name must be 1 to {MAX_NAME} characters.",
                       self.seat_rows[0][2])
            return None
        return name

    def _validate_aliens(self) -> NewGameChoice | None:
        """Solitaire against alien empires: the first seat is the human, the rest aliens."""
        name = self._your_name()
        pin = self._pin(0)
        config = self._config(1) if name is not None and pin is not None else None
        if config is None or name is None or pin is None:
            return None
        aliens = config["aliens"]["players"]
        names = [name] + [f"Alien {data.PLAYER_COLOURS[p]}" for p in range(1, aliens + 1)]
        seats = [Seat(HUMAN)] + [Seat(COMPUTER, "alien") for _ in range(aliens)]
        self.error.clear()
        return NewGameChoice(config, names, seats, {0: pin} if pin else {})

    def solitaire_choice(self) -> NewGameChoice | None:
        """"Solitaire vs computer": you against one computer player, with the options
        chosen (a standard game: the button is hidden while a scenario is chosen)."""
        name = self._your_name()
        pin = self._pin(0) if name is not None else None
        if name is None or pin is None:
            return None
        self.scenario.setCurrentIndex(0)
        config = self._config(2)
        if config is None:
            return None
        label = dict((n, text) for n, text, _cost in LEVELS)[SOLITAIRE_LEVEL]
        rival = f"Computer ({label})"
        if name.casefold() == rival.casefold():  # two players are never called the same
            rival = "Rival"
        self.error.clear()
        return NewGameChoice(config, [name, rival],
                             [Seat(HUMAN), Seat(COMPUTER, SOLITAIRE_LEVEL)],
                             {0: pin} if pin else {})

    def start_solitaire(self) -> None:
        choice = self._sp4x_choice(solitaire=True) if self.chosen_game() == "sp4x" else \
            self.solitaire_choice()
        if choice is not None:
            self.choice = choice
            super().accept()

    def _fail(self, message: str, widget: QWidget) -> None:
        self.error.setText(message)
        widget.setFocus()
        return None

    def _sp4x_choice(self, solitaire: bool = False) -> NewGameChoice | None:
        result = self.sp4x_page.solitaire() if solitaire else self.sp4x_page.validate()
        if isinstance(result, str):
            self.error.setText(result)
            return None
        self.error.clear()
        config, names, seats, pins = result
        return NewGameChoice(config, names, seats, pins, game="sp4x")

    def accept(self) -> None:
        choice = self._sp4x_choice() if self.chosen_game() == "sp4x" else self.validate()
        if choice is None:
            return
        self.choice = choice
        super().accept()
