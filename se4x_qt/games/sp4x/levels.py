"""SP4X's computer players as the New Game dialog offers them.

Easy is the rule bot (:class:`se4x_core.games.sp4x.bots.RuleBot`).  Normal
and Hard come from the search bot's module ``se4x_core.games.sp4x.levels``
(``make_bot(spec, seed)``); they are offered only when that module can be
imported, so the dialog grows the levels the day the module is there.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Final

from se4x_core.games.sp4x.bots import RandomBot, RuleBot

EASY: Final = "easy"
LEVEL_DESCRIPTIONS: Final = {
    "easy": "plays by the rules' strategy notes: tracks who holds what and saves its pairs",
    "normal": "searches the likely hands of its opponents before each choice",
    "hard": "the same search over more futures",
    "random": "picks any legal choice at random (for testing)",
}


def _search_levels() -> ModuleType | None:
    try:
        return importlib.import_module("se4x_core.games.sp4x.levels")
    except ImportError:
        return None


def levels() -> tuple[tuple[str, str], ...]:
    """The (name, label) of every level offered now: Easy, and Normal and Hard when the
    search bot is installed."""
    if _search_levels() is None:
        return ((EASY, "Easy"),)
    return ((EASY, "Easy"), ("normal", "Normal"), ("hard", "Hard"))


def bot_names() -> tuple[str, ...]:
    """Every computer player a save may name (a save's level that is gone is refused)."""
    return tuple(name for name, _label in levels()) + ("random",)


def make_bot(name: str, seed: int) -> Any:
    """A fresh computer player of level ``name``; ValueError for an unknown one."""
    if name == EASY:
        return RuleBot(seed)
    if name == "random":
        return RandomBot(seed)
    module = _search_levels()
    if module is None or name not in bot_names():
        raise ValueError(f"no SP4X computer player {name!r}")
    return module.make_bot(name, seed)
