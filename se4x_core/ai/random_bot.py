"""The random player: a legal action chosen at random, kind first.

Choosing uniformly among action *kinds* first (move, split, buy, end
movement, ...) and then among the actions of that kind keeps a random game
moving: otherwise the dozens of possible steps and bids swamp "end movement"
and "end purchases" and a game barely advances.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from se4x_core.actions import A_MOVE, arg_a, arg_b, kind_of

if TYPE_CHECKING:
    from se4x_core.rules.state import State


def choose(legal: list[int], rnd: random.Random) -> int:
    """A random legal action code, uniform over kinds, then within the kind."""
    by_kind: dict[int, list[int]] = {}
    for code in legal:
        by_kind.setdefault(kind_of(code), []).append(code)
    kinds = sorted(by_kind)
    return rnd.choice(by_kind[rnd.choice(kinds)])


def choose_aggressive(state: State, legal: list[int], rnd: random.Random,
                      push: float = 0.7) -> int:
    """A random action, but with probability ``push`` a step toward an enemy homeworld.

    Self-play uses this so that random empires actually meet, fight and
    fall; it reads only public facts (own units' hexes, homeworld hexes).
    """
    if rnd.random() < push:
        toward = _steps_toward_enemy(state, legal)
        if toward:
            return rnd.choice(toward)
    return choose(legal, rnd)


def _steps_toward_enemy(state: State, legal: list[int]) -> list[int]:
    board = state.board
    me = state.actor
    targets = [h for p, h in enumerate(state.homeworld) if p != me and state.alive[p] and h >= 0]
    if not targets:
        return []
    out = []
    for code in legal:
        if kind_of(code) != A_MOVE:
            continue
        slot, direction = arg_a(code), arg_b(code)
        here = state.u_hex[slot]
        there = board.neighbour(here, direction)
        nearer = min(board.distance(there, t) for t in targets)
        if nearer < min(board.distance(here, t) for t in targets):
            out.append(code)
    return out
