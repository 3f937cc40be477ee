"""The games se4x plays: each a package that registers one record.

A game brings its own rules, observations, events, bots and saves behind the contract
of :mod:`se4x_core.gamekit.contract`, and registers a
:class:`~se4x_core.gamekit.registry.GameRecord` when its package is imported; every
table reads that record (:mod:`se4x_core.gamekit.registry`).  Space Empires 4X's
engine is the root of ``se4x_core`` (``rules``, ``sim``, ``ai``, ``game.py``); its
record and its game-specific tools live in :mod:`se4x_core.games.se4x`.  SP4X is
:mod:`se4x_core.games.sp4x`; the SE4 board game :mod:`se4x_core.games.se4`.

Adding a game: its package, and one line below.
"""

from __future__ import annotations

#: The packages of the built-in games, in the order the app offers them; importing each
#: registers its record.
BUILT_IN: tuple[str, ...] = (
    "se4x_core.games.se4x",
    "se4x_core.games.sp4x",
    "se4x_core.games.se4",
)
