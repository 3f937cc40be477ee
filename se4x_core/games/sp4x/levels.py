"""SP4X computer players by spec: what the arena, the app's levels and a host ask for.

A spec is a name, optionally with a budget after a colon:

* ``random`` -- uniformly random legal actions;
* ``rule`` -- the rule bot (:class:`~se4x_core.games.sp4x.bots.RuleBot`);
* ``search:s<N>`` -- the search (:class:`~se4x_core.games.sp4x.search.SearchBot`)
  with ``N`` samples per decision and no time cap (the same games on any
  machine), e.g. ``search:s4``; ``search:s<N>c<K>`` compares the rule bot's
  best ``K`` actions (default 3), ``search:s<N>h<H>`` plays ``H`` turns
  after the current one (default: one round; 0: to the end of the age),
  ``search:s<N>r<R>`` plays ``R`` rounds, ``search:s<N>e<Z>`` keeps the rule
  bot's first choice unless another beats it by ``Z`` standard errors;
* the app's levels: ``easy`` (the rule bot), ``normal`` and ``hard``
  (:data:`LEVELS`).

>>> make_bot("search:s6c2h0", seed=1).samples
6
>>> make_bot("nonsense", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown SP4X bot 'nonsense' (known: ...)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from se4x_core.games.sp4x.bots import RandomBot, RuleBot, Sp4xBot
from se4x_core.games.sp4x.search import SearchBot


@dataclass(frozen=True)
class Level:
    """A search level's budget: samples per decision, candidates compared, turns
    played after the current one (None: ``rounds`` rounds), and a cap in seconds that
    binds only on a slow or busy machine."""

    samples: int
    candidates: int
    horizon: int | None
    seconds: float
    rounds: int = 1


# Measured (benchmarks/sp4x_search_speed.py, pure Python, a 2-core machine shared with
# other work; 3 games per player count): Normal 29 ms per decision on average, 78 ms at
# the 95th percentile, 154 ms at the slowest.  Strength (se4x arena --game sp4x, Normal's
# budget without its cap, search:s4c3, against the rule bot): 85.8 % of 120 games at 3
# players.  Hard compares six of the rule bot's choices two rounds ahead: on the same
# positions its choices give up about half of what the rule bot's do, Normal's 0.88
# (benchmarks/sp4x_decision_quality.py); more deals than six buy little.  Its strength
# against Normal: docs/computer-players.md#sp4x.
LEVELS: dict[str, Level] = {
    "normal": Level(samples=4, candidates=3, horizon=None, seconds=0.25),
    "hard": Level(samples=6, candidates=6, horizon=None, seconds=1.0, rounds=2),
}

_SEARCH = re.compile(r"s(\d+)(?:c(\d+))?(?:h(\d+))?(?:r(\d+))?(?:e(\d+(?:\.\d+)?))?")


def _search(seed: int, arg: str) -> Sp4xBot:
    match = _SEARCH.fullmatch(arg)
    if match is None or int(match[1]) < 1 or (match[2] is not None and int(match[2]) < 1) \
            or (match[4] is not None and int(match[4]) < 1):
        raise ValueError(f"search budget {arg!r}: give samples, e.g. search:s4, "
                         f"search:s4c3 (3 candidates), search:s4h0 (to the age's end), "
                         f"search:s4r2 (two rounds ahead)")
    candidates = 3 if match[2] is None else int(match[2])
    horizon = None if match[3] is None else int(match[3])
    rounds = 1 if match[4] is None else int(match[4])
    evidence = 0.0 if match[5] is None else float(match[5])
    return SearchBot(seed, samples=int(match[1]), candidates=candidates, horizon=horizon,
                     evidence=evidence, rounds=rounds)


def _level(seed: int, name: str) -> Sp4xBot:
    level = LEVELS[name]
    return SearchBot(seed, samples=level.samples, candidates=level.candidates,
                     horizon=level.horizon, seconds=level.seconds, rounds=level.rounds)


def _plain(name: str, make: Callable[[int], Sp4xBot]) -> Callable[[int, str], Sp4xBot]:
    """A factory for a bot that takes no parameters (a colon after it is refused)."""
    def factory(seed: int, arg: str) -> Sp4xBot:
        if arg:
            raise ValueError(f"bot {name!r} takes no parameters (got {arg!r})")
        return make(seed)
    return factory


# name -> factory(seed, parameter text after the colon, or "")
FACTORIES: dict[str, Callable[[int, str], Sp4xBot]] = {
    "random": _plain("random", RandomBot),
    "rule": _plain("rule", RuleBot),
    "easy": _plain("easy", RuleBot),
    "search": _search,
    "normal": _plain("normal", lambda seed: _level(seed, "normal")),
    "hard": _plain("hard", lambda seed: _level(seed, "hard")),
}


def bot_names() -> list[str]:
    return sorted(FACTORIES)


def make_bot(spec: str, seed: int) -> Sp4xBot:
    """The bot a spec names (``name`` or ``name:parameters``); ValueError if unknown."""
    name, _, arg = spec.partition(":")
    factory = FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown SP4X bot {name!r} (known: {', '.join(bot_names())})")
    return factory(seed, arg)
