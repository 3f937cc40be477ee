"""The game behind the screen: the session, its saves and PINs, and each player's journal.

Why together: these are the app's non-visual state.  The :class:`Session`
holds the one Game and whose screen it is; ``storage`` writes and reads it
(with the app's own section: names, seats, PIN hashes from ``pins``, the
journals); ``journal`` keeps each player's log, worded by ``log_text``.
Nothing here draws, so the windows and the map depend on this package and
never the other way round.
"""

from se4x_qt.session.session import Session

__all__ = ["Session"]
