"""The message line of a phase window, and applying an action that the engine may refuse.

Why here: a window never decides a rule, so a click can still be refused
(the position moved on, another screen acted).  The refusal must show as a
sentence in the window's message line, never as a crash, with a "Why?" link
to the rule it cites (:mod:`se4x_qt.help_book` maps the engine's reasons to
sections); the combat window and the production sheet do this the same way.  A
step that cannot be taken back (ending a turn while units could still move) is
asked about first, the same way everywhere (:func:`ask_to_confirm`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol

from PySide6.QtWidgets import QCheckBox, QLabel, QMessageBox, QWidget

from se4x_qt import help_book
from se4x_qt.widgets.help_links import MessageLine


class Table(Protocol):
    """A game's table as a window asks it (a session driver's ``table``: local or a LAN
    host); any game's actions and events."""

    def apply(self, action: Any) -> Future[list[Any]]: ...


class Seated(Protocol):
    """A session driver, as far as a window applying an action needs one."""

    @property
    def table(self) -> Table: ...


def message_line() -> MessageLine:
    """An empty, word-wrapped label styled as "message" (the engine's refusals)."""
    return MessageLine()


def apply_or_explain(session: Seated, action: Any, message: QLabel, prefix: str = "") -> bool:
    """Ask ``session``'s table for ``action``; a refusal goes to ``message``, prefixed,
    with a "Why?" link when ``message`` is a :class:`MessageLine` and the sentence is one
    of the engine's reasons (the host's refusals are the engine's words too).

    False if it was refused at once (a local game); a game on a LAN host
    answers later, and its refusal, the host's words, reaches ``message`` then.
    """
    return apply_request(session.table.apply(action), message, prefix)


def apply_request(answer: Future[list[Any]], message: QLabel, prefix: str = "") -> bool:
    """Show a table request's refusal in ``message``; False if it is already refused."""
    message.setText("")

    def show(done: Future[list[Any]]) -> None:
        exc = done.exception()
        if exc is not None:
            with contextlib.suppress(RuntimeError):  # the window closed meanwhile
                show_refusal(message, f"{prefix}{exc}", str(exc))

    answer.add_done_callback(show)
    return not (answer.done() and answer.exception() is not None)

def show_refusal(message: QLabel, text: str, reason: str) -> None:
    """A refusal in ``message``: with a "Why?" link to the rule when ``message`` can show
    one (:class:`MessageLine`) and ``reason`` is one of the engine's sentences."""
    if isinstance(message, MessageLine):
        message.show_refusal(text, help_book.refusal_section(reason))
    else:
        message.setText(text)


def ask_to_confirm(parent: QWidget, title: str, text: str, confirm_text: str,
                   on_confirm: Callable[[], object],
                   stop_asking: Callable[[], None] | None = None,
                   cancel_text: str = "Go back") -> QMessageBox:
    """Ask before a step that cannot be taken back (ending a turn with units unmoved).

    The box opens without blocking (the event loop, and tests, go on); ``on_confirm``
    runs when the player confirms.  With ``stop_asking``, a "Don't ask again" box is
    offered, and ticking it calls ``stop_asking`` when the player confirms.
    ``cancel_text`` names the button that changes nothing.
    """
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton,
                      parent)
    box.setObjectName("confirm_box")
    yes = box.addButton(confirm_text, QMessageBox.ButtonRole.AcceptRole)
    yes.setObjectName("confirm_yes")
    no = box.addButton(cancel_text, QMessageBox.ButtonRole.RejectRole)
    no.setObjectName("confirm_no")
    box.setDefaultButton(no)  # Space or Enter again must not confirm by accident
    box.setEscapeButton(no)
    check = None
    if stop_asking is not None:  # the box is its parent: it lives as long as the box
        check = QCheckBox("Don't ask again (Settings can turn it back on)", box)
        check.setObjectName("dont_ask")
        box.setCheckBox(check)

    def finished() -> None:
        if box.clickedButton() is not yes:
            return
        if stop_asking is not None and check is not None and check.isChecked():
            stop_asking()
        on_confirm()

    box.finished.connect(lambda _result: finished())
    box.open()
    return box
