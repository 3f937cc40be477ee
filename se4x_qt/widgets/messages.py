"""The message line of a phase window, and applying an action that the engine may refuse.

Why here: a window never decides a rule, so a click can still be refused
(the position moved on, another screen acted).  The refusal must show as a
sentence in the window's message line, never as a crash; the combat window
and the production sheet do this the same way.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_qt.widgets.labels import label


def message_line() -> QLabel:
    """An empty, word-wrapped label styled as "message" (the engine's refusals)."""
    return label("", "message", wrap=True)


def apply_or_explain(session: Any, action: Action, message: QLabel, prefix: str = "") -> bool:
    """Apply ``action`` through ``session``; a refusal goes to ``message``, prefixed."""
    message.setText("")
    try:
        session.apply(action)
    except IllegalActionError as exc:
        message.setText(f"{prefix}{exc}")
        return False
    return True
