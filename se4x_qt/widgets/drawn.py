"""What each section of a window was last drawn from, so a refresh redraws only what changed.

Why: a window that rebuilds every panel on every change of the game makes its widgets
anew dozens of times a turn (after every computer move, every purchase), and making
widgets (their style sheets resolved as they are added) is the costliest part of a
refresh.  A section's inputs (what it shows) are usually unchanged by most moves: an
opponent's purchase leaves the viewer's research table as it was.  A window keeps one
:class:`DrawnSections`, asks :meth:`DrawnSections.stale` before drawing a section, and
forgets everything when the whole window must be drawn anew (a handover, a new game).
"""

from __future__ import annotations


class DrawnSections:
    """Per section, a fingerprint (``repr``) of what it was last drawn from
    (tests/gui/test_drawn_sections.py)."""

    def __init__(self) -> None:
        self._keys: dict[str, str] = {}

    def stale(self, section: str, *shown: object) -> bool:
        """Whether ``section`` must be drawn anew because what it shows (``shown``: plain
        data, compared by ``repr``) changed since the last call; the new inputs are
        remembered, so the caller must draw it when this says True."""
        key = repr(shown)
        if self._keys.get(section) == key:
            return False
        self._keys[section] = key
        return True

    def forget(self, section: str | None = None) -> None:
        """Draw ``section`` (every section when None) anew at the next refresh."""
        if section is None:
            self._keys.clear()
        else:
            self._keys.pop(section, None)
