"""Which window a phase needs, and keeping exactly that one open.

Why a router: the combat window, the production sheet and the game-over
screen are written apart from the shell (``combat_window.py``,
``production.py``, ``game_over.py``); the shell only knows which phases
each one serves (:func:`phase_router`), imports it lazily, and - while a
module does not exist yet - shows a small placeholder that can still move
the game on with the engine's default choices, so the app is playable end
to end at every stage of development.

Each window is built for one viewer: when the screen changes hands it is
thrown away and rebuilt, so nothing private to the previous player lingers
in a widget.  Each has a ``close_requested`` signal (checked with hasattr);
a window the player closed stays closed until the phase changes or the
player reopens it from the Game menu.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from se4x_core.phases import COMBAT_PHASES, ECONOMY_PHASES
from se4x_qt import palette

# window key -> (module, class, title)
WINDOWS: dict[str, tuple[str, str, str]] = {
    "combat": ("se4x_qt.combat_window", "CombatWindow", "Battle"),
    "production": ("se4x_qt.production", "ProductionSheet", "Economic Phase"),
    "game_over": ("se4x_qt.game_over", "GameOverScreen", "Game over"),
}


def phase_router(phase: str) -> str | None:
    """The window a phase needs: "combat", "production", "game_over", or None (the map)."""
    if phase in COMBAT_PHASES:
        return "combat"
    if phase in ECONOMY_PHASES:
        return "production"
    if phase == "game_over":
        return "game_over"
    return None


def load_window_class(key: str) -> tuple[type, str | None]:
    """The window class for ``key``, or the placeholder and the reason it is used."""
    module_name, class_name, _ = WINDOWS[key]
    try:
        module = importlib.import_module(module_name)
        return getattr(module, class_name), None
    except ImportError as exc:
        return PlaceholderWindow, f"{module_name} is not available ({exc})"
    except AttributeError:
        return PlaceholderWindow, f"{module_name} has no {class_name} yet"


class PlaceholderWindow(QWidget):
    """A stand-in window: says what the phase is and lets the defaults play it."""

    close_requested = Signal()

    def __init__(self, session: Any, parent: QWidget | None = None, key: str = "combat",
                 reason: str = "") -> None:
        super().__init__(parent)
        self.session = session
        self.key = key
        self.setObjectName(f"placeholder_{key}")
        self.setWindowTitle(f"Space Empires 4X \u2014 {WINDOWS[key][2]}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 20)
        title = QLabel(WINDOWS[key][2])
        title.setObjectName("title")
        layout.addWidget(title)
        self.info = QLabel("")
        self.info.setWordWrap(True)
        layout.addWidget(self.info)
        if reason:
            note = QLabel(f"(This window is still being built: {reason}.)")
            note.setObjectName("faint")
            note.setWordWrap(True)
            layout.addWidget(note)
        text = {"combat": "Auto-resolve battle", "production": "Pass (default choices)",
                "game_over": "Close"}[key]
        self.button = QPushButton(text)
        self.button.setObjectName("primary")
        self.button.clicked.connect(self._act)
        layout.addWidget(self.button)
        palette.apply_theme(self)
        self.resize(480, 220)
        session.changed.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        game = self.session.game
        if self.key == "game_over":
            winner = game.winner
            who = self.session.player_name(winner) if winner is not None else "Nobody"
            self.info.setText(f"The game is over. Winner: {who}.")
        else:
            decider = self.session.decider
            self.info.setText(f"Phase: {game.phase.replace('_', ' ')}. "
                              f"{self.session.player_name(decider)} decides.")

    def _act(self) -> None:
        session = self.session
        if self.key == "game_over":
            self.close_requested.emit()
            return
        phases = COMBAT_PHASES if self.key == "combat" else ECONOMY_PHASES
        # One decision per click for the economy (each player's own), the whole battle here.
        for _ in range(2000):
            if session.game.phase not in phases or not session.viewer_may_act():
                break
            session.apply(session.game.default_action())
            if self.key == "production":
                break
        if session.game.phase not in phases:
            self.close_requested.emit()


class DialogHost(QObject):
    """Opens, hides and rebuilds the phase windows for the main window."""

    opened = Signal(str)  # window key

    def __init__(self, parent_window: QWidget) -> None:
        super().__init__(parent_window)
        self.parent_window = parent_window
        self.session: Any = None
        self.key: str | None = None
        self.widget: QWidget | None = None
        self.dismissed = False
        self.factories: dict[str, Callable[[Any, QWidget], QWidget]] = {}

    def set_session(self, session: Any) -> None:
        self.close_current()
        self.session = session

    def window_for(self, key: str) -> QWidget:
        factory = self.factories.get(key)
        if factory is not None:
            return factory(self.session, self.parent_window)
        cls, reason = load_window_class(key)
        if cls is PlaceholderWindow:
            return PlaceholderWindow(self.session, self.parent_window, key, reason or "")
        return cls(self.session, self.parent_window)

    def sync(self, covered: bool) -> None:
        """Open the window the phase needs (hidden while ``covered`` by a handover)."""
        if self.session is None:
            return
        key = phase_router(self.session.game.phase)
        if key != self.key:
            self.close_current()
            self.key = key
            self.dismissed = False
        if key is None:
            return
        if covered:
            if self.widget is not None:
                self.widget.hide()
            return
        if self.widget is None and not self.dismissed:
            self.widget = self.window_for(key)
            if not isinstance(self.widget, QDialog):
                self.widget.setWindowFlags(Qt.WindowType.Window)
            self.widget.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
            self.widget.installEventFilter(self)
            if hasattr(self.widget, "close_requested"):
                self.widget.close_requested.connect(self._on_close_requested)
            self.opened.emit(key)
        if self.widget is not None and not self.dismissed and not self.widget.isVisible():
            self.widget.show()
            self.widget.raise_()

    def forget(self) -> None:
        """A new viewer: throw the window away; the next sync builds it again for them."""
        self.close_current()
        self.dismissed = False
        self.key = None

    def reopen(self) -> None:
        """The player asked for the phase window again (Game menu)."""
        self.dismissed = False
        if self.widget is not None:
            self.widget.show()
            self.widget.raise_()
        else:
            self.sync(False)

    def hide_current(self) -> None:
        if self.widget is not None:
            self.widget.hide()

    def close_current(self) -> None:
        widget, self.widget = self.widget, None
        if widget is not None:
            widget.removeEventFilter(self)
            if hasattr(widget, "close_requested"):
                try:
                    widget.close_requested.disconnect(self._on_close_requested)
                except (RuntimeError, TypeError):
                    pass
            if self.session is not None:
                # a closed window must stop redrawing at once, not when deleteLater runs
                self.session.disconnect(widget)
            widget.hide()
            widget.deleteLater()

    def _on_close_requested(self) -> None:
        self.dismissed = True
        if self.widget is not None:
            self.widget.hide()
        # If the phase moved on (the battle ended), the main window's next sync opens
        # what comes next: a new key clears ``dismissed``.

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget and event.type() == QEvent.Type.Close:
            self.dismissed = True
        return False
