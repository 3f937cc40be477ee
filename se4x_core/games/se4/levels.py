"""SE4 computer players by spec: what the arena, the app's levels and a host ask for.

* ``random`` -- uniformly random legal actions;
* ``rule`` (``easy``) -- the rule bot (:class:`~se4x_core.games.se4.bots.RuleBot`),
  ``rule:attack`` in one of its postures;
* ``normal`` -- the search level (:class:`~se4x_core.games.se4.search.SearchBot`) with
  the app's budget; ``search:s3h2`` with 3 deals and 2 rounds ahead, ``search:s3h2-hold``
  without a posture.

>>> make_bot("rule", seed=1).seed
1
>>> make_bot("nonsense", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown SE4 bot 'nonsense' (known: ...)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from se4x_core.gamekit.bot import Bot
from se4x_core.games.se4.bots import POSTURES, RuleBot, Se4RandomBot
from se4x_core.games.se4.search import NORMAL, SearchBot


def _search_spec(budget: str, seed: int) -> Bot[Any, Any, Any]:
    """``search:s3h2`` (3 deals, 2 rounds ahead), ``search:s3h2-hold`` (without a
    posture); ValueError for anything else."""
    found = re.fullmatch(r"s(\d+)h(\d+)((?:-[a-z]+)*)", budget)
    if not found or not 1 <= int(found[1]) <= 64 or not 0 <= int(found[2]) <= 30:
        raise ValueError(f"search budget {budget!r}: e.g. search:s3h2 or search:s3h2-hold")
    dropped = [p for p in found[3].split("-") if p]
    unknown = [p for p in dropped if p not in POSTURES]
    if unknown:
        raise ValueError(f"unknown posture {unknown[0]!r} (known: {', '.join(POSTURES)})")
    return SearchBot(seed, samples=int(found[1]), horizon=int(found[2]),
                     postures=[p for p in POSTURES if p not in dropped])


BOTS: dict[str, Callable[[int], Bot[Any, Any, Any]]] = {
    "random": Se4RandomBot, "rule": RuleBot, "easy": RuleBot,
    "normal": lambda seed: SearchBot(seed, **NORMAL)}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot[Any, Any, Any]:
    """A computer player by spec (module docstring); ValueError naming the known ones."""
    name, _, parameter = spec.partition(":")
    if name == "search" and parameter:
        return _search_spec(parameter, seed)
    if name == "rule" and parameter:
        if parameter not in POSTURES:
            raise ValueError(f"unknown posture {parameter!r} (known: {', '.join(POSTURES)})")
        return RuleBot(seed, POSTURES[parameter])
    if spec not in BOTS:
        raise ValueError(f"unknown SE4 bot {spec!r} (known: {', '.join(bot_names())})")
    return BOTS[spec](seed)
