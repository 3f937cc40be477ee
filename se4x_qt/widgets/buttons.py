"""Buttons wired to a slot, named for tests and the style sheet.

Why a helper: ``clicked`` carries a ``checked`` flag that a slot taking no
argument must not receive, and every button of a phase window wants an
object name, a pointing-hand cursor and an enabled state from the legal
actions; writing that once keeps the windows' buttons alike.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton


def button(text: str, name: str, slot: Callable[[], object], enabled: bool = True,
           tip: str = "") -> QPushButton:
    """A push button named ``name`` that calls ``slot()`` when clicked, its ``text``
    shown as written: Qt reads an ``&`` as the mark of a keyboard shortcut and would
    show "Move & Explore" as "Move _Explore", so it is doubled."""
    result = QPushButton(text.replace("&", "&&"))
    result.setObjectName(name)
    result.setEnabled(enabled)
    result.setToolTip(tip)
    result.setCursor(Qt.CursorShape.PointingHandCursor)
    result.clicked.connect(lambda *_: slot())  # clicked(bool): the flag is not wanted
    return result
