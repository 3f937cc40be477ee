"""What an SE4 autosave's name says; saving and loading themselves are every game's
(:mod:`se4x_qt.session.saves`), and the log a save keeps is :func:`~se4x_qt.games.se4.
log.journal`'s (or the window's own lines).
"""

from __future__ import annotations

from se4x_qt.session.driver import GameDriver


def autosave_detail(driver: GameDriver) -> str:
    """An autosave's name's tail: the round and the phase ("r03-yards"; "r00": setup)."""
    obs = driver.observation()
    return f"r{int(obs['round']):02d}-{obs['phase']}"


__all__ = ["autosave_detail"]
