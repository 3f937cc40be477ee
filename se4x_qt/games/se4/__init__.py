"""The SE4 board game in the app: its window, map, panels, New Game page and reference.

The SE4 board game is Suicide Junkie's board game after Space Empires IV
(:mod:`se4x_core.games.se4`), played from fan rules whose gaps were filled with our own
choices (every screen of it says so, and its Help lists them).  It is driven by the one
:class:`~se4x_qt.session.driver.GameDriver` (battles shared at the screen:
:mod:`session`); every screen here draws from
``observation(viewer)`` and every click becomes a legal
:class:`~se4x_core.games.se4.actions.Action`.  :data:`APP` is what its record names for
the app.

Modules, one per concern: :mod:`texts` (everything in words), :mod:`board` (the map),
:mod:`panels` (the decision, the sector, the empires, the battle), :mod:`log` (the
events in words, per player), :mod:`window`, :mod:`new_game`, :mod:`game_over`,
:mod:`reference` (Help), :mod:`saves` (an autosave's name) and :mod:`session` (the
driver: battles shared at the screen).
"""

from __future__ import annotations

from se4x_qt.session.app_game import AppGame

APP = AppGame(
    name="se4",
    window="se4x_qt.games.se4.window:Se4Window",
    new_game_page="se4x_qt.games.se4.new_game:Se4NewGamePage",
    reference="se4x_qt.games.se4.reference:REFERENCE",
    journal="se4x_qt.games.se4.log:journal",
    autosave_detail="se4x_qt.games.se4.saves:autosave_detail",
    tips="se4x_qt.games.se4.tips:TIPS",
    driver="se4x_qt.games.se4.session:Se4Driver",
)

__all__ = ["APP"]
