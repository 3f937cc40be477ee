"""Computer decisions off the UI thread.

Why a thread: a search-based computer player thinks for a tenth of a second
to several seconds per decision, and the window must stay responsive (and
show that the computer is thinking) meanwhile.  The bot is handed copies
only (its observation and the legal actions), so nothing it touches can
change under it; the answer comes back to the UI thread through a queued
Qt signal, tagged with the position it was asked about, and the session
drops an answer to a position that has moved on (an undo, a new game).

The search's inner loop is compiled code that returns to the interpreter
between iterations, so the UI thread gets the interpreter many times a
second while the computer thinks.  Nothing here knows which game it is:
Space Empires' session and the generic :mod:`~se4x_qt.session.driver` both
use it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal


class Thinker(QObject):
    """Runs one decision at a time on a worker thread; ``done(tag, result)`` when it is ready."""

    done = Signal(object, object)  # (tag, result or an exception)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: threading.Thread | None = None
        self._busy = False

    @property
    def busy(self) -> bool:
        """True from ``think`` until the answer is sent (the thread may linger a moment)."""
        return self._busy

    def think(self, tag: object, decide: Callable[[Any, Sequence[Any]], object],
              observation: Any, legal: Sequence[Any]) -> None:
        """Start ``decide(observation, legal)`` on a worker thread.

        Any game's observation and actions: the thinker only carries them."""
        if self.busy:
            raise RuntimeError("the computer is already thinking")
        legal = list(legal)
        self._busy = True

        def work() -> None:
            try:
                result: object = decide(observation, legal)
            except Exception as exc:  # handed to the UI thread, which reports it
                result = exc
            self._busy = False  # before the answer: its receiver may ask for the next one
            self.done.emit(tag, result)

        self._thread = threading.Thread(target=work, name="se4x-computer", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current decision is made (closing the window, tests)."""
        if self._thread is not None:
            self._thread.join(timeout)
