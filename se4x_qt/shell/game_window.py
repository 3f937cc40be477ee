"""A game's window: what every game's window shares, from the shell.

Why a base class: every game's window has the same File menu (New Game, Open, Open
Recent, Open Autosave, Host and Join LAN Game, Save, Save As, Quit), the same Edit >
Settings, the same Help (the game's rules on F1, About), and saves, autosaves, errors,
its title and the computer pace the same way.  A game's window
(Space Empires' map window, SP4X's board and hands) derives from :class:`GameWindow`,
adds its own menus and pages, and shows one game's driver
(:mod:`se4x_qt.session.driver`) at a time: :meth:`show_driver` hands it a new, loaded
or LAN game.  Nothing here names a game; a window's game is its class's ``GAME``.

A window made without a shell (``MainWindow(settings)`` in a test) makes one and is
that shell's window for its game, so a window alone still opens the other games.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QMenuBar, QMessageBox, QWidget

from se4x_core.gamekit import registry
from se4x_qt.session import saves, storage
from se4x_qt.session.app_game import AppGame, app_game
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell.save_dialog import ask_save_path

if TYPE_CHECKING:
    from se4x_qt.shell.shell import AppShell

Slot = Callable[[], object]
Keys = QKeySequence | QKeySequence.StandardKey | list[QKeySequence] | None


class GameWindow(QMainWindow):
    """One game's window (see the module docstring)."""

    GAME: ClassVar[str] = ""  # the game this window shows, by its registry name

    def __init__(self, settings: storage.Settings | None = None,
                 shell: AppShell | None = None) -> None:
        super().__init__()
        if shell is None:
            from se4x_qt.shell.shell import AppShell  # the shell makes windows: no cycle
            shell = AppShell(settings)
        self.shell = shell
        self.settings = shell.settings
        self.driver: GameDriver | None = None
        self.save_path: Path | None = None
        self.lan_name = ""  # a LAN game's name, for the title
        self.last_message: QMessageBox | None = None
        self.last_autosave: Path | None = None
        self.pace_actions: dict[str, QAction] = {}
        self.settings_dialog: Any = None  # Edit > Settings, while open
        shell.adopt(self)

    @property
    def app(self) -> AppGame:
        return app_game(self.GAME)

    @property
    def title(self) -> str:
        """The game's title ("Space Empires 4X")."""
        return registry.record(self.GAME).title

    # -- LAN: the shell holds the connection and its dialogs (one LAN game at a time) ----
    @property
    def lan_connection(self) -> Any:
        return self.shell.lan_connection

    @lan_connection.setter
    def lan_connection(self, connection: Any) -> None:
        self.shell.lan_connection = connection

    @property
    def lan_dialog(self) -> Any:
        return self.shell.lan_dialog

    @lan_dialog.setter
    def lan_dialog(self, dialog: Any) -> None:
        self.shell.lan_dialog = dialog

    @property
    def lan_lobby(self) -> Any:
        return self.shell.lan_lobby

    @lan_lobby.setter
    def lan_lobby(self, lobby: Any) -> None:
        self.shell.lan_lobby = lobby

    @property
    def lan_status(self) -> Any:
        return self.shell.lan_status

    @lan_status.setter
    def lan_status(self, label: Any) -> None:
        self.shell.lan_status = label

    # -- menus ------------------------------------------------------------------------------
    def add_action(self, menu: QMenu, text: str, slot: Slot, shortcut: Keys = None,
                   name: str = "", tip: str = "") -> QAction:
        """A menu entry (``name``: its object name, which tests and shortcuts find)."""
        action = QAction(text, self)
        if isinstance(shortcut, list):
            action.setShortcuts(shortcut)
        elif shortcut is not None:
            action.setShortcut(shortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda *_: slot())
        if name:
            action.setObjectName(name)
        menu.addAction(action)
        return action

    def build_file_menu(self, bar: QMenuBar) -> QMenu:
        """File: New Game, Open, Open Recent, Open Autosave, Host/Join LAN Game, Save,
        Save As, Quit."""
        menu = bar.addMenu("&File")
        self.act_new = self.add_action(menu, "&New Game\u2026", self.new_game,
                                       QKeySequence.StandardKey.New, "act_new")
        self.act_open = self.add_action(menu, "&Open\u2026", self.open_dialog,
                                        QKeySequence.StandardKey.Open, "act_open")
        self.recent_menu = menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(lambda: self.shell.fill_recent(self.recent_menu,
                                                                            self))
        self.add_action(menu, "Open &Autosave\u2026", self.open_autosave_dialog, None,
                        "act_autosave")
        menu.addSeparator()
        self.act_host = self.add_action(menu, "&Host LAN Game\u2026",
                                        lambda: self.shell.host_lan_game(self), None,
                                        "act_host")
        self.act_join = self.add_action(menu, "&Join LAN Game\u2026",
                                        lambda: self.shell.join_lan_game(self), None,
                                        "act_join")
        menu.addSeparator()
        self.act_save = self.add_action(menu, "&Save", self.save, QKeySequence.StandardKey.Save,
                                        "act_save")
        self.act_save_as = self.add_action(menu, "Save &As\u2026", self.save_as,
                                           QKeySequence("Ctrl+Shift+S"), "act_save_as")
        menu.addSeparator()
        self.act_quit = self.add_action(menu, "&Quit", self.shell.quit, QKeySequence("Ctrl+Q"),
                                        "act_quit")
        return menu

    def add_settings_action(self, menu: QMenu) -> QAction:
        """Edit > Settings (the shell's dialog; applied to every window when accepted)."""
        self.act_settings = self.add_action(
            menu, "&Settings\u2026", lambda: self.shell.show_settings(self),
            QKeySequence("Ctrl+,"), "act_settings",
            "Size of everything, computer pace, confirmations, sound, animations")
        return self.act_settings

    def build_pace_menu(self, menu: QMenu) -> None:
        """Step by step (each computer move readable), normal, or fast (skip ahead)."""
        menu.setToolTipsVisible(True)
        group = QActionGroup(self)
        for name, (label, ms) in GameDriver.PACES.items():
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setObjectName(f"act_pace_{name}")
            action.setToolTip(f"A pause of {ms} ms before each computer decision" if ms
                              else "Computer players act without pausing")
            action.setChecked(name == self.settings.computer_pace)
            action.triggered.connect(lambda _checked=False, n=name: self.shell.set_pace(n))
            group.addAction(action)
            self.pace_actions[name] = action
        if not any(a.isChecked() for a in self.pace_actions.values()):
            self.pace_actions["normal"].setChecked(True)

    def build_help_menu(self, bar: QMenuBar) -> QMenu:
        """Help: the game's rules (F1, anywhere in the app), and About."""
        menu = bar.addMenu("&Help")
        self.act_rules = self.add_action(menu, "&Rules", lambda: self.show_rules(),
                                         QKeySequence("F1"), "act_rules")
        # F1 anywhere in the app (a game's own windows, a battle, a production sheet)
        self.act_rules.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_welcome = self.add_action(menu, "&Welcome and learning to play\u2026",
                                           lambda: self.shell.show_welcome(self), None,
                                           "act_welcome")
        self.act_about = self.add_action(menu, f"&About {self.title}", self.show_about, None,
                                         "act_about")
        return menu

    # -- the game shown ---------------------------------------------------------------------
    def show_driver(self, driver: GameDriver, path: Path | None = None,
                    journal: saves.Journal | None = None, lan_name: str = "") -> None:
        """Show ``driver``'s game: new, loaded from ``path`` (with the log it kept), or
        on a LAN host (``lan_name``)."""
        old = self.driver
        if old is not None and old is not driver:
            old.stop()  # no computer decides for a game that is no longer shown
            old.blockSignals(True)
            old.deleteLater()
        self.driver = driver
        self.save_path = path
        self.lan_name = lan_name if driver.connection is not None else ""
        driver.setParent(self)  # the window owns its game: they go together
        driver.computer_failed.connect(lambda text: self.show_error("Computer player", text))
        driver.set_pace(self.settings.computer_pace)
        driver.autosaver = lambda _driver: self.autosave_now()
        self.set_driver(driver, journal)
        self.shell.tips.watch(self, driver)
        self.update_title()
        self.autosave()
        driver.start()

    def set_driver(self, driver: GameDriver, journal: saves.Journal | None) -> None:
        """The game's own views take ``driver`` (its signals, its first page)."""
        raise NotImplementedError

    def autosave_now(self) -> None:
        """The driver asks for an autosave (at a phase change): by default, take it."""
        self.autosave()

    # -- files ----------------------------------------------------------------------------------
    def new_game(self) -> object:
        return self.shell.new_game(self)

    def open_dialog(self) -> None:
        self.shell.open_dialog(self)

    def open_autosave_dialog(self) -> None:
        self.shell.open_autosave_dialog(self)

    def open_path(self, path: Path) -> bool:
        """Open a save of any game (in its game's window)."""
        return self.shell.open_path(Path(path), self)

    def journal_data(self) -> saves.Journal | None:
        """The log to save, as the window keeps it (None: as the game's app writes it)."""
        return None

    def save(self) -> bool:
        if self.driver is None:
            return False
        if self.save_path is None:
            return self.save_as()
        return self.save_to(self.save_path)

    def save_as(self) -> bool:
        if self.driver is None or not self.driver.saves_locally:
            return self.save_to(Path())  # says why not
        target = ask_save_path(self, self.settings.last_dir)
        return target is not None and self.save_to(target)

    def save_to(self, path: Path) -> bool:
        """Save atomically; an error is shown, and the old file stays intact."""
        if self.driver is None:
            return False
        if not self.driver.saves_locally:
            self.statusBar().showMessage("The host saves this network game.", 6000)
            return False
        try:
            saves.save_driver(self.driver, Path(path), self.journal_data())
        except OSError as exc:
            self.show_error("Cannot save the game",
                            f"Could not write {Path(path).name}: {exc.strerror or exc}. "
                            "The previous save (if any) is unchanged.")
            return False
        self.save_path = Path(path)
        self.settings.add_recent(Path(path))
        self.settings.save()
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        self.update_title()
        return True

    def autosave(self) -> None:
        """An autosave of the game held here (a LAN game's host keeps its own)."""
        if self.driver is None or not self.driver.saves_locally:
            return
        try:
            self.last_autosave = saves.autosave(self.driver, self.journal_data())
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    # -- words -----------------------------------------------------------------------------------
    def update_title(self) -> None:
        """"game.se4x — Space Empires 4X": the game's name once, at the end, as the
        desktop shows every app's windows."""
        if self.driver is None:
            self.setWindowTitle(self.title)
            return
        name = self.save_path.name if self.save_path is not None else "Unsaved game"
        if self.driver.connection is not None:
            name = f"LAN game \u201c{self.lan_name}\u201d" if self.lan_name else "LAN game"
        self.setWindowTitle(f"{name} \u2014 {self.title}")

    def show_error(self, title: str, text: str) -> QMessageBox:
        """A message box that does not block (tests and the event loop go on)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          self)
        box.setObjectName("error_box")
        box.open()
        self.last_message = box
        return box

    def show_rules(self, section: str | None = None) -> Any:
        """The game's rules reference, at ``section``, else where :meth:`rules_section`
        says."""
        from se4x_qt.widgets.rules_viewer import show_reference

        if section is None:
            section = self.rules_section()
        viewer = show_reference(section, self, self.app.load("reference"))
        self._rules_viewer = viewer
        return viewer

    def rules_section(self) -> str | None:
        """The rules' section for what the window shows (its game's decision); None:
        where the reader left it."""
        return None

    def show_about(self) -> QMessageBox:
        """Help > About, without blocking (the computer players go on meanwhile)."""
        record = registry.record(self.GAME)
        text = f"{record.title}: {record.about}."
        if record.prototype:
            text += (f" Played from {record.rules_note}: what the rules leave open is filled "
                     "in as data, each choice written down in the project's docs.")
        box = QMessageBox(QMessageBox.Icon.Information, f"About {record.title}", text,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("about_box")
        box.open()
        return box

    def settings_changed(self) -> None:
        """The settings were changed (Edit > Settings): apply what the window shows."""
        name = self.settings.computer_pace
        if name in self.pace_actions:
            self.pace_actions[name].setChecked(True)
        if self.driver is not None:
            self.driver.set_pace(name)

    # -- closing -----------------------------------------------------------------------------------
    def holds_game(self) -> bool:
        """A game is shown here (not finished or not)."""
        return self.driver is not None

    def stop_game(self) -> None:
        """The window closes: stop the computers, autosave an unfinished game."""
        if self.driver is not None:
            self.driver.stop()
            self.driver.wait_for_computer(10.0)  # a search in progress ends within its budget
            if not self.driver.is_over:
                self.autosave()

    def closeEvent(self, event: QCloseEvent) -> None:
        """A hosted game with remote players, or a seat at another host, is asked about
        first (and ends when the window closes)."""
        from se4x_qt.shell import lan

        if not lan.may_close(self, event):
            return
        self.stop_game()
        super().closeEvent(event)


def parent_widget(parent: object) -> QWidget | None:
    """``parent`` if it is a widget (a menu action passes its ``checked`` flag)."""
    return parent if isinstance(parent, QWidget) else None


__all__ = ["GameWindow", "parent_widget"]
