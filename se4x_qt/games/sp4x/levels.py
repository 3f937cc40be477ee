"""SP4X's computer players as the New Game dialog offers them.

The bots themselves are the core's (:mod:`se4x_core.games.sp4x.levels`): Easy
is the rule bot, Normal and Hard the search over the likely hands.  Here are
only the app's words for them: what each does and how long it thinks, as
measured by ``benchmarks/sp4x_search_speed.py`` on a 2-core machine.
"""

from __future__ import annotations

from typing import Final

from se4x_core.games.sp4x import levels as core_levels
from se4x_core.games.sp4x.bots import Sp4xBot

EASY: Final = "easy"
# (name, label) of the levels offered, weakest first.
LEVELS: Final = ((EASY, "Easy"), ("normal", "Normal"), ("hard", "Hard"))
LEVEL_DESCRIPTIONS: Final = {
    "easy": "plays by the rules' strategy notes: tracks who holds what and saves its "
            "pairs; instant",
    "normal": "deals the hands it cannot see several times and plays its best few "
              "choices a round ahead on each; about 0.03 s a choice, at most 0.25 s",
    "hard": "the same search over twice as many deals and one more candidate; about "
            "0.06 s a choice, at most 1 s",
    "random": "picks any legal choice at random (for testing)",
}


def levels() -> tuple[tuple[str, str], ...]:
    """The (name, label) of every level offered, weakest first."""
    return LEVELS


def bot_names() -> tuple[str, ...]:
    """Every computer player a save may name (a save's level that is gone is refused)."""
    return tuple(name for name, _label in LEVELS) + ("random",)


def make_bot(name: str, seed: int) -> Sp4xBot:
    """A fresh computer player of level ``name``; ValueError for an unknown one."""
    if name not in bot_names():
        raise ValueError(f"no SP4X computer player {name!r}")
    return core_levels.make_bot(name, seed)
