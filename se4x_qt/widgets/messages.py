"""The message line of a phase window, and applying an action that the engine may refuse.

Why here: a window never decides a rule, so a click can still be refused
(the position moved on, another screen acted).  The refusal must show as a
sentence in the window's message line, never as a crash, with a "Why?" link
to the rule it cites (:mod:`se4x_qt.help_book` maps the engine's reasons to
sections); the combat window and the production sheet do this the same way.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_qt import help_book
from se4x_qt.widgets.help_links import MessageLine


def message_line() -> MessageLine:
    """An empty, word-wrapped label styled as "message" (the engine's refusals)."""
    return MessageLine()


def apply_or_explain(session: Any, action: Action, message: QLabel, prefix: str = "") -> bool:
    """Apply ``action`` through ``session``; a refusal goes to ``message``, prefixed,
    with a "Why?" link when ``message`` is a :class:`MessageLine` and the sentence is one
    of the engine's reasons (a session's or the network's refusal cites no rule)."""
    message.setText("")
    try:
        session.apply(action)
    except IllegalActionError as exc:
        text = f"{prefix}{exc}"
        if isinstance(message, MessageLine):
            message.show_refusal(text, help_book.refusal_section(str(exc)))
        else:
            message.setText(text)
        return False
    return True
