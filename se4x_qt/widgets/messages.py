"""The message line of a phase window, and applying an action that the engine may refuse.

Why here: a window never decides a rule, so a click can still be refused
(the position moved on, another screen acted).  The refusal must show as a
sentence in the window's message line, never as a crash; the combat window
and the production sheet do this the same way.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import Future
from typing import Any

from PySide6.QtWidgets import QLabel

from se4x_core.actions import Action
from se4x_qt.widgets.labels import label


def message_line() -> QLabel:
    """An empty, word-wrapped label styled as "message" (the engine's refusals)."""
    return label("", "message", wrap=True)


def apply_or_explain(session: Any, action: Action, message: QLabel, prefix: str = "") -> bool:
    """Ask ``session``'s table for ``action``; a refusal goes to ``message``, prefixed.

    False if it was refused at once (a local game); a game on a LAN host
    answers later, and its refusal, the host's words, reaches ``message`` then.
    """
    return apply_request(session.table.apply(action), message, prefix)


def apply_request(answer: Future[Any], message: QLabel, prefix: str = "") -> bool:
    """Show a table request's refusal in ``message``; False if it is already refused."""
    message.setText("")

    def show(done: Future[Any]) -> None:
        exc = done.exception()
        if exc is not None:
            with contextlib.suppress(RuntimeError):  # the window closed meanwhile
                message.setText(f"{prefix}{exc}")

    answer.add_done_callback(show)
    return not (answer.done() and answer.exception() is not None)
