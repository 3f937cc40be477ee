"""The combat window opened on a position, and its buttons clicked, as the combat tests
drive it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_qt.games.se4x.session import Session
from se4x_qt.windows.combat import CombatWindow


def open_window(qtbot, game, humans=None) -> tuple[Session, CombatWindow]:
    """A session on ``game`` (Blue at the screen) and its combat window, shown."""
    session = Session(game, humans=humans)
    window = CombatWindow(session)
    window.auto_step_ms = 0
    qtbot.addWidget(window)
    window.show()
    return session, window


def start(session: Session) -> None:
    """Blue ends its movement: the battle begins."""
    session.apply(Action("end_movement"))


def widget(window: QWidget, name: str, kind=QPushButton):
    found = window.findChild(kind, name)
    assert found is not None, f"no {kind.__name__} named {name!r}"
    return found


def click(qtbot, window: QWidget, name: str, kind=QPushButton) -> None:
    target = widget(window, name, kind)
    assert target.isEnabled(), f"{name} is disabled"
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


def open_combat(qtbot, game: Game) -> tuple[Session, CombatWindow]:
    """A hot-seat session on ``game`` (Ann and Bob) and its combat window, shown."""
    session = Session(game, names=["Ann", "Bob"])
    window = CombatWindow(session)
    window.auto_step_ms = 0
    qtbot.addWidget(window)
    window.show()
    return session, window
