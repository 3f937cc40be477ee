"""Which window a phase needs, and keeping exactly that one open.

Why a router: the combat window, the production sheet and the game-over
screen are written apart from the shell (``combat/``, ``production.py``,
``game_over.py``); the shell only knows which phases each one serves
(:func:`phase_router`) and asks this host to open, hide or rebuild the
window.  Every window class is imported here by name, so a build that lacks
one fails when the app starts, never by showing a stand-in mid-game.

Each window is built for one viewer: when the screen changes hands it is
thrown away and rebuilt, so nothing private to the previous player lingers
in a widget.  Each has a ``close_requested`` signal (checked with hasattr);
a window the player closed stays closed until the phase changes or the
player reopens it from the Game menu.

A window may hold the screen after its phase is over (``holds_screen()``,
checked with getattr): the combat window shows a battle's end until the
player has read it.  The next phase's window waits for it; when it lets go
the session says ``changed`` and the next sync opens what comes next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QWidget

from se4x_core.phases import COMBAT_PHASES, ECONOMY_PHASES
from se4x_qt.windows.combat import CombatWindow
from se4x_qt.windows.game_over import GameOverScreen
from se4x_qt.windows.production import ProductionSheet

if TYPE_CHECKING:
    from se4x_qt.games.se4x.session import Session

# window key -> the window class; each is built as ``cls(session, parent)``
WINDOWS: dict[str, Callable[[Session, QWidget | None], QWidget]] = {
    "combat": CombatWindow,
    "production": ProductionSheet,
    "game_over": GameOverScreen,
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


class DialogHost(QObject):
    """Opens, hides and rebuilds the phase windows for the main window."""

    opened = Signal(str)  # window key

    def __init__(self, parent_window: QWidget) -> None:
        super().__init__(parent_window)
        self.parent_window = parent_window
        self.session: Session | None = None
        self.key: str | None = None
        self.widget: QWidget | None = None
        self.dismissed = False

    def set_session(self, session: Session | None) -> None:
        self.close_current()
        self.session = session

    def window_for(self, key: str) -> QWidget:
        """A new window for ``key``, built for the session's current viewer."""
        assert self.session is not None  # sync builds windows only while it has a session
        return WINDOWS[key](self.session, self.parent_window)

    def sync(self, covered: bool) -> None:
        """Open the window the phase needs (hidden while ``covered`` by a handover)."""
        if self.session is None or self.holds_screen():
            return  # the window keeps its place (and stays in sight) until it lets go
        key = phase_router(self.session.table.phase)
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

    def holds_screen(self) -> bool:
        """True while the open window still shows what the player must read (a battle's
        end) although the phase has moved on."""
        holds = getattr(self.widget, "holds_screen", None)
        return bool(holds is not None and holds())

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
