"""Random playouts: uniformly random legal actions until the game ends.

The inner loop of Monte Carlo search and of the playout benchmark.  The
generator is the engine's xorshift64*, seeded per playout, so a playout is
reproducible; the state's own generator still rolls the dice.
"""

from __future__ import annotations

import cython

from se4x_core import engine
from se4x_core.rng import rng_below, rng_next, rng_seed
from se4x_core.state import S_GAME_OVER, State


def random_playout(state: State, seed: int, max_actions: int) -> int:
    """Play random actions on ``state`` (in place); returns how many were applied."""
    x: cython.ulonglong = rng_seed(seed)
    n: cython.int = 0
    limit: cython.int = max_actions
    events: list = []
    while n < limit and state.stage != S_GAME_OVER:
        legal = engine.legal_actions(state)
        x = rng_next(x)
        engine.apply_unchecked(state, legal[rng_below(x, len(legal))], events)
        events.clear()
        n += 1
    return n
