"""Countdown in the app: its window and its New Game page, and nothing else.

The shell does the rest as for every game: New Game lists it, Open reads its saves by
their format, the one session driver drives it (seats, computers, handover, autosaves),
and File, Edit > Settings and Help are the shell's menus.
"""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from se4x_core.gamekit import registry
from se4x_qt.session.app_game import AppGame
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell.game_window import GameWindow
from se4x_qt.shell.seats_panel import NewGameChoice, SeatsPanel

GAME = "countdown"


class CountdownPage(QWidget):
    """Countdown's page of the New Game dialog: 2 or 3 players and their seats."""

    solitaire_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("countdown_new_game")
        record = registry.record(GAME)
        layout = QVBoxLayout(self)
        self.players = QSpinBox()
        self.players.setObjectName("countdown_players")
        self.players.setRange(min(record.players), max(record.players))
        layout.addWidget(self.players)
        self.seats = SeatsPanel(record, prefix="countdown_", computers_from=1)
        layout.addWidget(self.seats)
        self.players.valueChanged.connect(self.seats.show_seats)
        self.seats.show_seats(self.players.value())

    def choice(self) -> NewGameChoice:
        players = self.players.value()
        names, seats, pins = self.seats.read(players)
        return NewGameChoice({"players": players, "seed": 7}, names, seats, pins, GAME)

    def solitaire_choice(self) -> NewGameChoice:
        names, seats, pins = self.seats.against_computers(2, "greedy")
        return NewGameChoice({"players": 2, "seed": 7}, names, seats, pins, GAME)

    def preset(self, kind: str) -> None:
        """The welcome screen's "Solitaire" and "Hot-seat" (optional for a page)."""
        self.seats.preset(kind, "greedy")


class CountdownWindow(GameWindow):
    """The counter, whose turn it is, your reserve, and one button per legal action."""

    GAME: ClassVar[str] = GAME

    def __init__(self, settings: Any = None, shell: Any = None) -> None:
        super().__init__(settings, shell)
        self.setObjectName("countdown_window")
        page = QWidget()
        layout = QVBoxLayout(page)
        self.counter = QLabel("")
        self.counter.setObjectName("countdown_counter")
        layout.addWidget(self.counter)
        self.buttons = QHBoxLayout()
        layout.addLayout(self.buttons)
        self.setCentralWidget(page)
        bar = self.menuBar()
        self.build_file_menu(bar)
        self.add_settings_action(bar.addMenu("&Edit"))
        self.build_help_menu(bar)

    def set_driver(self, driver: GameDriver, journal: Any) -> None:
        driver.changed.connect(self.refresh)
        driver.handover_needed.connect(driver.accept_handover)  # no secrets worth a screen
        driver.game_over.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        driver = self.driver
        if driver is None:
            return
        obs = driver.observation()
        over = " (over)" if obs["is_over"] else ""
        self.counter.setText(f"{obs['counter']}{over} \u2014 "
                             f"{driver.player_name(obs['current_player'])} to play; "
                             f"your reserve: {obs['reserve']}")
        while self.buttons.count():
            item = self.buttons.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()
        for action in driver.legal_actions():
            button = QPushButton(str(action))
            button.setObjectName(f"countdown_{action.code}")
            button.clicked.connect(lambda _c=False, a=action: driver.apply(a))
            self.buttons.addWidget(button)


APP = AppGame(name=GAME, window="tests.toygame.app:CountdownWindow",
              new_game_page="tests.toygame.app:CountdownPage")
