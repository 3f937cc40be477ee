"""One line of a player's log, as every game's log dock shows it and its saves keep it.

Why a module of its own: saves (:mod:`se4x_qt.session.saves`) are every game's, and
a game's journal (Space Empires': :mod:`se4x_qt.games.se4x.journal`) its own.
"""

from __future__ import annotations

from typing import Any, Required, TypedDict


class JournalEntry(TypedDict, total=False):
    """One line of a player's journal, as the log dock shows it and a save keeps it.

    Only ``text`` is sure in an entry read back from a save (storage checks it); the
    rest is read with ``get``.
    """

    text: Required[str]
    type: str  # the event's kind
    player: int | None  # whose emblem the line shows
    hex: int | None  # where the map centres when the line is clicked
    heading: bool
    alert: bool
    private: bool  # seen by some players only
    round: int
    seen: bool  # False: written while the player was away ("since your last turn")
    repeat: str  # moves that count into this line (log_text.repeat_key)
    event: Any  # such a move's fields (the game's event), to write the line again
    count: int  # moves counted into the line (absent: one)


__all__ = ["JournalEntry"]
