"""The welcome screen: learn, play, join or open, for every game the app plays.

Why a screen of its own, before any game: a first-time player opens the app on an
empty window and must find, in the menus, how to learn a game, how to play it alone
or with friends, and where the last game went.  This screen puts each of those one
click away (at the first launch, and from Help > Welcome), and it stays out of the way
afterwards: its "Show this screen at start" box is the setting ``show_welcome``.

Why it names no game: every game comes from the registry's records with an ``app``
part (:func:`~se4x_qt.session.app_game.app_games`), the guided games from
``shell.tutorials()``; a game's "Solitaire" and "Hot-seat" open New Game for that game
and ask its page to seat the players so (``NewGameDialog.preset``: the page's
``preset``, :data:`~se4x_qt.shell.seats_panel.SOLITAIRE` or ``HOTSEAT``), so the
player still sees the options and starts the game from New Game as always.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from se4x_core.gamekit import registry
from se4x_qt import style, widgets
from se4x_qt.session.app_game import app_games
from se4x_qt.shell.seats_panel import HOTSEAT, SOLITAIRE
from se4x_qt.style import Theme
from se4x_qt.widgets import ContentScrollArea, ElidedButton, ElidedLabel, fit_to_screen

if TYPE_CHECKING:
    from se4x_qt.learn.tutorial import Tutorial
    from se4x_qt.shell.game_window import GameWindow
    from se4x_qt.shell.shell import AppShell

CARDS_PER_ROW: Final = 3  # game cards side by side; more games take another row
SIDE_WIDTH: Final = 330  # the right column: open, LAN, recent games
CARD_MIN_WIDTH: Final = 220  # a game's card: its buttons' text never cut
RECENT_MIN_HEIGHT: Final = 150  # the recent games' list: three saves at least, then it scrolls
NO_TUTORIAL: Final = "No guided game yet."


def welcome_stylesheet() -> str:
    """What the welcome screen adds to the dialogs' sheet: its cards and its recent list."""
    t = Theme
    return f"""
QFrame#welcome_card {{ background: {t.PANEL_ALT}; border: 1px solid {t.BORDER};
                       border-radius: 10px; }}
QLabel#cardTitle {{ font-size: 13pt; font-weight: 700; }}
QPushButton[recent="true"] {{ text-align: left; padding: 4px 10px; }}
"""


def guided_games(shell: AppShell) -> list[Tutorial]:
    """The shell's tutorials; none while a game's tutorial cannot be loaded (one being
    written): the welcome screen must open all the same."""
    try:
        return list(shell.tutorials())
    except (ImportError, AttributeError):
        return []


def resume_step(shell: AppShell, tutorial_id: str) -> int:
    """The step a tutorial was left at (0: not started, or at its first step).  Kept
    as the step's index; the guide shows it counted from 1, as the button does."""
    step = shell.settings.tutorial_steps.get(tutorial_id)
    return step if isinstance(step, int) and not isinstance(step, bool) and step > 0 else 0


def capitalised(text: str) -> str:
    """A record's ``about`` ("explore, expand...") as a sentence's start."""
    return text[:1].upper() + text[1:]


class WelcomeDialog(QDialog):
    """The welcome screen (see the module docstring); ``parent`` is the game window it
    belongs to, and every game, dialog or save it opens is opened from there."""

    def __init__(self, shell: AppShell, parent: GameWindow) -> None:
        super().__init__(parent)
        self.shell = shell
        self.game_window = parent
        self.setObjectName("welcome_dialog")
        self.setWindowTitle("Welcome")
        self.setModal(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 16)
        layout.setSpacing(12)
        layout.addWidget(widgets.label("Welcome", "title"))
        layout.addWidget(widgets.label(
            "Space strategy board games to play at this computer: against the computer, "
            "hot-seat with friends sharing the screen, or over your local network.",
            "subtle", wrap=True))
        body = QHBoxLayout()
        body.setSpacing(14)
        body.addLayout(self._main_column(), 1)
        body.addLayout(self._side_column())
        layout.addLayout(body, 1)
        layout.addWidget(self._footer())
        style.apply_theme(self)
        self.setStyleSheet(self.styleSheet() + welcome_stylesheet())
        fit_to_screen(self, again_when_shown=True)

    # -- building ------------------------------------------------------------------------
    def _main_column(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.setSpacing(14)
        column.addWidget(self._learn_panel())
        games, games_layout = widgets.make_panel("Play a game")
        cards = QGridLayout()
        cards.setSpacing(12)
        for index, app in enumerate(app_games()):
            cards.addWidget(self._game_card(app.name), index // CARDS_PER_ROW,
                            index % CARDS_PER_ROW)
        games_layout.addLayout(cards)
        column.addWidget(games, 1)
        return column

    def _learn_panel(self) -> QFrame:
        """One button per guided game ("Resume ... (step N)" and "Start over" once
        begun), with its summary; a line saying there is none yet."""
        panel, layout = widgets.make_panel("Learn to play")
        tutorials = guided_games(self.shell)
        if not tutorials:
            note = widgets.label(NO_TUTORIAL, "subtle")
            note.setObjectName("welcome_no_tutorial")
            layout.addWidget(note)
        for tutorial in tutorials:
            layout.addLayout(self._tutorial_row(tutorial))
        return panel

    def _tutorial_row(self, tutorial: Tutorial) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(10)
        step = resume_step(self.shell, tutorial.id)
        text = f"Resume {tutorial.title} (step {step + 1})" if step else tutorial.title
        learn = widgets.button(text, f"welcome_learn_{tutorial.id}",
                               lambda: self._learn(tutorial.id, True), tip=tutorial.summary)
        learn.setStyleSheet(style.primary_button_stylesheet("6px 14px"))
        row.addWidget(learn)
        if step:
            row.addWidget(widgets.button("Start over", f"welcome_restart_{tutorial.id}",
                                         lambda: self._learn(tutorial.id, False),
                                         tip=f"{tutorial.title} from its first step"))
        row.addWidget(widgets.label(tutorial.summary, "subtle", wrap=True), 1)
        return row

    def _game_card(self, game: str) -> QFrame:
        """A game: its title, what it is, its rules note, and how to start it."""
        record = registry.record(game)
        card = QFrame()
        card.setObjectName("welcome_card")
        layout = QVBoxLayout(card)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(8)
        layout.addWidget(widgets.label(record.title, "cardTitle"))
        layout.addWidget(widgets.label(capitalised(record.about), "subtle", wrap=True))
        if record.prototype:
            layout.addWidget(widgets.label(capitalised(record.rules_note), "warning"))
        layout.addStretch(1)
        solitaire = widgets.button(
            "Solitaire vs computer", f"welcome_solitaire_{game}",
            lambda: self._new_game(game, SOLITAIRE),
            tip=f"New Game for {record.title}: you in the first seat, computer players "
                "in the others")
        solitaire.setStyleSheet(style.primary_button_stylesheet("6px 14px"))
        layout.addWidget(solitaire)
        layout.addWidget(widgets.button(
            "Hot-seat: everyone here", f"welcome_hotseat_{game}",
            lambda: self._new_game(game, HOTSEAT),
            tip=f"New Game for {record.title}: every seat a person at this computer, "
                "taking turns at the screen"))
        card.setMinimumWidth(CARD_MIN_WIDTH)
        return card

    def _side_column(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.setSpacing(14)
        more, layout = widgets.make_panel("Saved and network games")
        more.setFixedWidth(SIDE_WIDTH)
        window = self.game_window
        layout.addWidget(widgets.button("Open a saved game\u2026", "welcome_open",
                                        lambda: self._then(lambda: self.shell.open_dialog(
                                            window))))
        layout.addWidget(widgets.button(
            "Join a LAN game\u2026", "welcome_join",
            lambda: self._then(lambda: self.shell.join_lan_game(window)),
            tip="Play in a game hosted on another computer of your network"))
        layout.addWidget(widgets.button(
            "Host a LAN game\u2026", "welcome_host",
            lambda: self._then(lambda: self.shell.host_lan_game(window)),
            tip="Hold a game that players on other computers of your network join"))
        column.addWidget(more)
        column.addWidget(self._recent_panel(), 1)
        return column

    def _recent_panel(self) -> QFrame:
        """The saves opened last: each its file name (a button) over its folder; a save
        no longer there is shown, disabled, so the list matches File > Open Recent.  The
        list takes the room the games beside it leave, and scrolls within it."""
        panel, layout = widgets.make_panel("Recent games")
        panel.setFixedWidth(SIDE_WIDTH)
        entries = QWidget()
        rows = QVBoxLayout(entries)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(6)
        recent = self.shell.settings.recent_files  # as many as File > Open Recent
        for index, text in enumerate(recent):
            rows.addWidget(self._recent_entry(index, Path(text)))
        if not recent:
            rows.addWidget(widgets.label("No saved game opened yet.", "subtle"))
        rows.addStretch(1)
        area = ContentScrollArea(entries)
        area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        area.setMinimumHeight(RECENT_MIN_HEIGHT)
        layout.addWidget(area, 1)
        return panel

    def _recent_entry(self, index: int, path: Path) -> QWidget:
        """A recent save: its file name (the button that opens it) over its folder,
        each elided to the column (a path has no spaces to wrap at)."""
        entry = QWidget()
        layout = QVBoxLayout(entry)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        there = path.is_file()
        window = self.game_window
        button = ElidedButton(path.name if there else f"{path.name} (missing)")
        button.setObjectName(f"welcome_recent_{index}")
        button.setProperty("recent", True)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        button.setEnabled(there)
        button.setToolTip(str(path) if there else f"{path} is no longer there")
        button.clicked.connect(lambda *_: self._then(lambda: self.shell.open_path(path,
                                                                                  window)))
        layout.addWidget(button)
        folder = ElidedLabel(str(path.parent), "faint")
        folder.setToolTip(str(path.parent))
        folder.setContentsMargins(10, 0, 0, 0)
        layout.addWidget(folder)
        return entry

    def _footer(self) -> QDialogButtonBox:
        """"Show this screen at start" and Close, in one button box: on a screen too
        small for the rest (which then scrolls, see ``fit_to_screen``) both stay in
        sight."""
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.show_at_start = QCheckBox("Show this screen at start")
        self.show_at_start.setObjectName("welcome_show_at_start")
        self.show_at_start.setChecked(self.shell.settings.show_welcome)
        self.show_at_start.setToolTip("Help > Welcome opens it at any time")
        self.show_at_start.toggled.connect(self._show_at_start)
        buttons.addButton(self.show_at_start, QDialogButtonBox.ButtonRole.ResetRole)
        return buttons

    # -- doing -----------------------------------------------------------------------------
    def _then(self, action: Callable[[], object]) -> None:
        """Close this screen, then do ``action`` (a dialog it opens belongs to the game
        window, not to a screen about to go)."""
        self.accept()
        action()

    def _learn(self, tutorial_id: str, resume: bool) -> None:
        self.accept()
        self.shell.start_tutorial(tutorial_id, self.parentWidget(), resume=resume)

    def _new_game(self, game: str, kind: str) -> None:
        """New Game for ``game``, its seats set for ``kind`` (see the module docstring)."""
        self.accept()
        dialog = self.shell.new_game(self.game_window, game)
        if dialog is not None:
            dialog.preset(kind)

    def _show_at_start(self, on: bool) -> None:
        self.shell.settings.show_welcome = on
        self.shell.settings.save()


__all__ = ["NO_TUTORIAL", "WelcomeDialog", "guided_games", "resume_step"]
