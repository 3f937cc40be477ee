"""The app shell: New Game, Open and recent files, LAN, Settings, for every game.

Why a coordinator apart from the windows: each game has its window
(:class:`~se4x_qt.shell.game_window.GameWindow`); what starts, opens and hosts a
game is the same for every game and picks the window by the game's name, read from
the game's record (a new game's choice, a save's ``format``, a LAN host's lobby).
The shell holds the settings every window shares, one window per game (made when
that game is first shown), and the LAN connection a window is showing.  The default
game's window is the one the app opens on; a window with no game steps aside when
another game's window is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMenu, QSystemTrayIcon, QWidget

from se4x_core.errors import ConfigError
from se4x_core.gamekit import registry
from se4x_qt import sound
from se4x_qt.learn import tutorial as learn_tutorial
from se4x_qt.learn.tips import TipsManager
from se4x_qt.learn.tutorial import Tutorial
from se4x_qt.session import saves, storage
from se4x_qt.session.app_game import app_game, app_games
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell.game_window import GameWindow, parent_widget
from se4x_qt.shell.new_game import NewGameDialog
from se4x_qt.shell.seats_panel import NewGameChoice
from se4x_qt.shell.settings_dialog import SettingsDialog

if TYPE_CHECKING:
    from se4x_qt.session.remote import LanConnection

SAVE_FILTER = f"Saved games (*{storage.SAVE_SUFFIX})"


class AppShell(QObject):
    """The windows of every game, and what starts, opens and hosts a game in them."""

    def __init__(self, settings: storage.Settings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else storage.Settings.load()
        self.sounds = sound.Sounds(self.settings.sound)  # the cues every game plays
        self.windows: dict[str, GameWindow] = {}
        self.new_game_dialog: NewGameDialog | None = None
        self.welcome_dialog: Any = None
        self.tips = TipsManager(self.settings)  # a tip the first time something happens
        self.settings_dialog: Any = None
        # LAN play (windows/lan.py): its dialogs, the connection, its status and tray icon
        self.lan_dialog: Any = None
        self.lan_lobby: Any = None
        self.lan_connection: LanConnection | None = None
        self.lan_status: QLabel | None = None
        self.lan_tray: QSystemTrayIcon | None = None

    # -- windows ----------
    def adopt(self, window: GameWindow) -> None:
        """``window`` is this shell's window of its game (it made itself)."""
        self.windows.setdefault(window.GAME, window)

    def window_for(self, game: str) -> GameWindow:
        """The window of ``game``, made the first time it is asked for."""
        if game not in self.windows:
            app_game(game).load("window")(shell=self)
        return self.windows[game]

    def first_window(self) -> GameWindow:
        """The window the app opens on: the default game's."""
        return self.window_for(registry.default().name)

    def shown_window(self, parent: QWidget | None = None) -> GameWindow:
        """The window a dialog belongs to: ``parent``'s, else one on screen."""
        if parent is not None and isinstance(parent.window(), GameWindow):
            window: GameWindow = parent.window()  # type: ignore[assignment]
            return window
        visible = [w for w in self.windows.values() if w.isVisible()]
        return visible[0] if visible else self.first_window()

    def show_driver(self, driver: GameDriver, path: Path | None = None,
                    journal: saves.Journal | None = None, lan_name: str = "") -> GameWindow:
        """Show ``driver``'s game in its game's window; a window that holds no game
        steps aside."""
        window = self.window_for(driver.game_name)
        window.show_driver(driver, path, journal, lan_name)
        window.show()
        window.raise_()
        window.activateWindow()
        for other in self.windows.values():
            if other is not window and not other.holds_game():
                other.hide()
        return window

    # -- new games ----------
    def new_game(self, parent: QWidget | None = None, game: str = "") -> NewGameDialog | None:
        """Open the New Game dialog (without blocking); the game starts on OK.  None
        while the player is asked first (the LAN game shown there would end)."""
        from se4x_qt.shell import lan

        parent = parent_widget(parent)
        window = self.shown_window(parent)
        asker = parent or window
        if lan.ask_before_leaving(asker, lambda: self.new_game(parent, game)):
            return None
        # the player agreed to end the LAN game ``asker`` shows: starting is not asked again
        agreed = asker if asker.property(lan.LEAVE_CONFIRMED) else None
        if self.new_game_dialog is not None:
            self.new_game_dialog.deleteLater()
        dialog = NewGameDialog(asker, game or window.GAME)
        dialog.accepted.connect(lambda: self._new_game_accepted(dialog, window, agreed))
        self.new_game_dialog = dialog
        dialog.open()
        return dialog

    def _new_game_accepted(self, dialog: NewGameDialog, window: GameWindow,
                           agreed: QWidget | None) -> None:
        from se4x_qt.shell import lan

        choice = dialog.choice
        if choice is None:
            return
        if agreed is None:
            self.start_game(choice, window)
        else:
            lan.as_agreed(agreed, lambda: self.start_game(choice, window))

    def start_game(self, choice: NewGameChoice, parent: QWidget | None = None) -> bool:
        """Start the game chosen, in its window; a bad choice is said and nothing changes.
        False too while the player is asked first: the game's window shows a LAN game
        the new one would end (it starts once they agree)."""
        game = choice.game or registry.default().name
        if self._asked_first(game, lambda: self.start_game(choice, parent)):
            return False
        try:
            driver = saves.new_driver(game, choice.config, choice.seats, choice.names,
                                      choice.pins)
        except (ConfigError, ValueError) as exc:
            self.shown_window(parent).show_error(
                "Cannot start the game", f"The game options are not valid: {exc}.")
            return False
        self.show_driver(driver)
        return True

    def _asked_first(self, game: str, again: Callable[[], object]) -> bool:
        """True if ``game``'s window shows a LAN game that showing another game there
        would end, and the player is asked first (``again`` runs once they agree).

        Why here as well as in the menus: the window a game goes to is known only once
        the game is chosen or its save read, and may be another window than the one
        the player asked from (New Game in Space Empires' window starting SP4X)."""
        from se4x_qt.shell import lan

        window = self.windows.get(game)
        return window is not None and lan.ask_before_leaving(window, again)

    # -- opening ----------
    def open_dialog(self, parent: QWidget | None = None) -> None:
        """File > Open: a save of any game, shown in its game's window."""
        self._open_from(parent, "Open a saved game", self.settings.last_dir or str(Path.home()))

    def open_autosave_dialog(self, parent: QWidget | None = None) -> None:
        """File > Open Autosave: the autosave folder, or a message saying why there is
        none (a data folder that cannot be created, e.g. a read-only home)."""
        try:
            folder = storage.autosave_dir()
        except OSError as exc:
            self.shown_window(parent_widget(parent)).show_error(
                "No autosaves", storage.folder_problem(exc))
            return
        self._open_from(parent, "Open an autosave", str(folder))

    def _open_from(self, parent: object, title: str, folder: str) -> None:
        from se4x_qt.shell import lan

        widget = parent_widget(parent)
        window = self.shown_window(widget)
        if lan.ask_before_leaving(widget or window, lambda: self._open_from(parent, title,
                                                                            folder)):
            return
        path, _ = QFileDialog.getOpenFileName(widget or window, title, folder,
                                              f"{SAVE_FILTER};;All files (*)")
        if path:
            self.open_path(Path(path), widget)

    def open_path(self, path: Path, parent: QWidget | None = None) -> bool:
        """Load a save of any game (its ``format`` says which); a failure shows a
        message and leaves every game shown alone.  False too while the player is asked
        first: the game's window shows a LAN game the save would end."""
        try:
            loaded = saves.load_path(Path(path))
        except storage.LoadError as exc:
            self.shown_window(parent).show_error("Cannot open the game", str(exc))
            return False
        if self._asked_first(loaded.game, lambda: self.open_path(path, parent)):
            loaded.driver.deleteLater()  # read again once the player agrees
            return False
        self.show_driver(loaded.driver, Path(path), loaded.journal)
        self.settings.add_recent(Path(path))
        self.settings.save()
        return True

    def fill_recent(self, menu: QMenu, window: GameWindow) -> None:
        """File > Open Recent: the saves opened last (asking first if a LAN game would end)."""
        from se4x_qt.shell import lan

        menu.clear()
        for text in self.settings.recent_files:
            action = menu.addAction(text)
            action.triggered.connect(lambda _=False, p=text: lan.after_asking(
                window, lambda: self.open_path(Path(p), window)))
        if not self.settings.recent_files:
            menu.addAction("(none)").setEnabled(False)

    # -- LAN ----------
    def host_lan_game(self, window: GameWindow) -> object:
        from se4x_qt.shell import lan

        return lan.host_game(window)

    def join_lan_game(self, window: GameWindow) -> object:
        from se4x_qt.shell import lan

        return lan.join_game(window)

    def show_lan_game(self, driver: GameDriver, lan_name: str = "") -> GameWindow:
        """A game on a LAN host, in its game's window."""
        return self.show_driver(driver, None, None, lan_name)

    # -- learning to play ----------
    def show_welcome(self, parent: QWidget | None = None) -> Any:
        """The welcome screen (at first launch, and Help > Welcome): learn, play, join,
        open; for every game the app plays."""
        from se4x_qt.shell.welcome import WelcomeDialog

        window = self.shown_window(parent_widget(parent))
        if self.welcome_dialog is not None:
            self.welcome_dialog.deleteLater()
        dialog = WelcomeDialog(self, window)
        self.welcome_dialog = dialog
        dialog.open()
        return dialog

    def tutorials(self) -> list[Tutorial]:
        """Every game's guided game or tour, in the registry's order."""
        return [app.load("tutorial")() for app in app_games() if app.tutorial]

    def start_tutorial(self, tutorial_id: str, parent: QWidget | None = None,
                       resume: bool = True) -> GameWindow | None:
        """Start (or resume, where the player left it) the tutorial ``tutorial_id``."""
        tutorial = next(t for t in self.tutorials() if t.id == tutorial_id)
        return learn_tutorial.start(self, tutorial, parent_widget(parent), resume)

    # -- settings ----------
    def show_settings(self, parent: GameWindow) -> Any:
        """Edit > Settings: applied to every window when accepted.  (Its dialog is
        imported with this module, not when first opened: the self-test insists that
        every window module is loaded, so that a bundle lacking one fails at once.)"""
        dialog = SettingsDialog(self.settings, parent)
        dialog.accepted.connect(self.settings_changed)
        dialog.open()
        self.settings_dialog = dialog
        parent.settings_dialog = dialog
        return dialog

    def settings_changed(self) -> None:
        self.settings.save()
        self.sounds.enabled = self.settings.sound
        for window in self.windows.values():
            window.settings_changed()

    def set_pace(self, name: str) -> None:
        """Game > Computer Pace: remembered, and applied to every game shown."""
        self.settings.computer_pace = name
        self.settings.save()
        for window in self.windows.values():
            window.settings_changed()

    # -- leaving ----------
    def quit(self) -> None:
        """File > Quit: close every window (each may ask first: a LAN game would end)."""
        for window in list(self.windows.values()):
            if window.isVisible() and not window.close():
                return
        app = QApplication.instance()
        if app is not None and not any(w.isVisible() for w in self.windows.values()):
            QApplication.closeAllWindows()


__all__ = ["AppShell"]
