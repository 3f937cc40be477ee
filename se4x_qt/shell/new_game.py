"""The New Game dialog: choose the game, then that game's page.

Why the dialog knows no game: the Game box lists every game the app can show (the
registry's records with an ``app`` part, :mod:`se4x_qt.session.app_game`), and each
game brings its own page (``new_game_page``): a widget with ``choice()`` and
``solitaire_choice()``, each returning a
:class:`~se4x_qt.shell.seats_panel.NewGameChoice` or raising
:class:`~se4x_qt.shell.seats_panel.ChoiceError` (what is wrong, and the field to fix),
and a ``solitaire_requested`` signal for its "Solitaire vs computer" button.  The
dialog shows the error next to the buttons and puts the focus on the field.  A page
may also offer ``preset(kind)``, which sets its seats for a kind of game (the welcome
screen's "Solitaire" and "Hot-seat": ``seats_panel.SOLITAIRE``, ``HOTSEAT``); a page
without it opens as it is.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from se4x_core.gamekit import registry
from se4x_qt import style, widgets
from se4x_qt.session.app_game import app_games
from se4x_qt.shell.seats_panel import ChoiceError, NewGameChoice
from se4x_qt.widgets import fit_to_screen, refit_to_screen


def game_label(name: str) -> str:
    """The Game box's words for a game: its title, and its rules note ("prototype rules")
    if it is played from unfinished rules."""
    record = registry.record(name)
    return f"{record.title} \u2014 {record.rules_note}" if record.prototype else record.title


class NewGameDialog(QDialog):
    """Choose a game and its players and options; ``choice`` holds what was chosen."""

    def __init__(self, parent: QWidget | None = None, game: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("new_game")
        self.setModal(True)
        self.choice: NewGameChoice | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        layout.setSpacing(12)
        layout.addWidget(widgets.label("New game", "title"))
        layout.addLayout(self._build_game_choice())
        self.game_pages = QStackedWidget()
        self.game_pages.setObjectName("game_pages")
        self.pages: dict[str, Any] = {}
        for app in app_games():
            page = app.load("new_game_page")()
            page.solitaire_requested.connect(self.start_solitaire)
            self.pages[app.name] = page
            self.game_pages.addWidget(page)
        layout.addWidget(self.game_pages, 1)
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
        self.game_choice.currentIndexChanged.connect(self._game_changed)
        self._game_changed(0)
        if game:
            self.choose_game(game)
        fit_to_screen(self, again_when_shown=True)

    def _build_game_choice(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Game"))
        self.game_choice = QComboBox()
        self.game_choice.setObjectName("game_choice")
        for app in app_games():
            self.game_choice.addItem(game_label(app.name), app.name)
            self.game_choice.setItemData(self.game_choice.count() - 1,
                                         registry.record(app.name).about,
                                         Qt.ItemDataRole.ToolTipRole)
        self.game_choice.setToolTip("The game to play; every game is started and saved "
                                    "the same way")
        row.addWidget(self.game_choice)
        row.addStretch(1)
        return row

    # -- the game ----------------------------------------------------------------------------
    def chosen_game(self) -> str:
        return str(self.game_choice.currentData())

    def choose_game(self, name: str) -> None:
        """Show the page of the game ``name``."""
        index = self.game_choice.findData(name)
        if index >= 0:
            self.game_choice.setCurrentIndex(index)

    def page(self, name: str | None = None) -> Any:
        """The page of game ``name`` (default: the one chosen)."""
        return self.pages[name or self.chosen_game()]

    def _game_changed(self, index: int) -> None:
        self.game_pages.setCurrentIndex(max(0, index))
        self.setWindowTitle(f"New Game \u2014 {registry.record(self.chosen_game()).title}")
        self.error.clear()
        refit_to_screen(self)

    def preset(self, kind: str) -> bool:
        """Set the page shown for a kind of game (``seats_panel.SOLITAIRE`` or
        ``HOTSEAT``); False when the page offers no preset and stays as it is."""
        hook = getattr(self.page(), "preset", None)
        if not callable(hook):
            return False
        hook(kind)
        return True

    # -- choosing ------------------------------------------------------------------------------
    def _take(self, read: str) -> NewGameChoice | None:
        """The page's ``read`` (choice or solitaire_choice), or None after showing what
        is wrong."""
        try:
            choice: NewGameChoice = getattr(self.page(), read)()
        except ChoiceError as exc:
            self.error.setText(str(exc))
            exc.widget.setFocus()
            return None
        self.error.clear()
        choice.game = self.chosen_game()
        return choice

    def validate(self) -> NewGameChoice | None:
        """The choice on the page shown, or None after showing what is wrong."""
        return self._take("choice")

    def solitaire_choice(self) -> NewGameChoice | None:
        """You against the computer, with the page's options (None: what is wrong shown)."""
        return self._take("solitaire_choice")

    def start_solitaire(self) -> None:
        choice = self.solitaire_choice()
        if choice is not None:
            self.choice = choice
            super().accept()

    def accept(self) -> None:
        choice = self.validate()
        if choice is not None:
            self.choice = choice
            super().accept()


__all__ = ["NewGameDialog", "game_label"]
