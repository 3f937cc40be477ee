"""The question asked before a step ends a LAN game ("End the LAN game?" on the host,
"Leave the LAN game?" on a player's app), found and answered like a player does."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget


def leave_box(window: QWidget) -> QMessageBox | None:
    """The open "End the LAN game?" / "Leave the LAN game?" question of ``window``."""
    return next((box for box in window.findChildren(QMessageBox)
                 if box.isVisible() and box.windowTitle().endswith("the LAN game?")), None)


def answer(qtbot, window: QWidget, button: str) -> None:
    """Press the question's ``button``: "confirm_yes" (go ahead) or "confirm_no" (Cancel)."""
    qtbot.waitUntil(lambda: leave_box(window) is not None, timeout=3000)
    box = leave_box(window)
    assert box is not None
    box.findChild(QPushButton, button).click()
    qtbot.waitUntil(lambda: leave_box(window) is None, timeout=3000)
