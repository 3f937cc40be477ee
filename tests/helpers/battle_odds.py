"""Battles fought to the end many times from one position, and their rate of wins held
against exact odds computed by hand (the fighter and raider tests)."""

from __future__ import annotations

import math
from fractions import Fraction

from se4x_core.actions import A_END_MOVE, encode
from se4x_core.kernel.dice import rng_seed
from se4x_core.rules import engine
from se4x_core.rules.state import State
from tests.helpers.scenario import CENTRE

Z_LIMIT = 4.0  # standard errors: a correct engine fails about once in 15,000 runs


def attacker_win_rate(start: State, trials: int) -> float:
    """Battles from ``start`` (movement about to end) fought by the default policy."""
    wins = 0
    for trial in range(trials):
        state = start.clone()
        state.rng = rng_seed(trial)
        engine.apply_unchecked(state, encode(A_END_MOVE), None)
        assert state.b_hex == CENTRE
        while state.b_hex >= 0:
            engine.apply_unchecked(state, engine.default_code(state), None)
        wins += not any(state.u_hex[u] == CENTRE for u in state.live_units(1))
    return wins / trials


def assert_close(observed: float, exact: Fraction, trials: int) -> None:
    p = float(exact)
    limit = Z_LIMIT * math.sqrt(p * (1 - p) / trials)
    assert abs(observed - p) <= limit, f"observed {observed:.4f}, exact {p:.4f} +- {limit:.4f}"
