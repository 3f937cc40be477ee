"""A simple rule-of-thumb player for demos and as a sparring partner.

It marches its warships toward the nearest enemy homeworld, researches Ship
Size up to cruisers, spends its CP on the biggest warships it can build
(researching Attack, Defense and the rest with what is left), never bids,
lets battles auto-resolve with the default policy and
bombs every enemy colony it reaches.  Moves it has no rule for are random.
It is no strategist; it makes games end.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from se4x_core import data
from se4x_core.actions import (
    A_BID,
    A_BUY,
    A_END_BUY,
    A_ORDER,
    A_RESEARCH,
    A_UNDO,
    arg_a,
    kind_of,
)
from se4x_core.ai.random_bot import _steps_toward_enemy, choose
from se4x_core.phases import COMBAT_PHASES, S_BID, S_BUY, S_CHOOSE_ORDER, S_MOVEMENT, phase_id
from se4x_core.rules import engine

if TYPE_CHECKING:
    from se4x_core.rules.state import State

_COMBAT_STAGES = frozenset(phase_id(name) for name in COMBAT_PHASES)
_RESEARCH_PRIORITY = (data.T_SHIP_SIZE, data.T_ATTACK, data.T_DEFENSE, data.T_MOVEMENT,
                      data.T_SHIP_YARD, data.T_TACTICS)


def choose_heuristic(state: State, legal: list[int], rnd: random.Random) -> int:
    """The bot's action for the current decision."""
    stage = state.stage
    if stage in _COMBAT_STAGES:
        return engine.default_action(state)
    if stage == S_BID:
        return next(c for c in legal if kind_of(c) == A_BID and arg_a(c) == 0)
    if stage == S_CHOOSE_ORDER:
        return next(c for c in legal if kind_of(c) == A_ORDER)
    if stage == S_BUY:
        return _purchase(state, legal)
    if stage == S_MOVEMENT:
        toward = _steps_toward_enemy(state, legal)
        if toward and rnd.random() < 0.9:
            return rnd.choice(toward)
    return choose([c for c in legal if kind_of(c) != A_UNDO] or legal, rnd)


def _purchase(state: State, legal: list[int]) -> int:
    research = [c for c in legal if kind_of(c) == A_RESEARCH]
    if state.tech_level(state.actor, data.T_SHIP_SIZE) < 3:
        for code in research:
            if arg_a(code) == data.T_SHIP_SIZE:
                return code  # destroyers and cruisers first
    buys = [c for c in legal if kind_of(c) == A_BUY and arg_a(c) in data.WARSHIP_TYPES]
    if buys:
        return max(buys, key=lambda c: (data.UNIT_COST[arg_a(c)], -c))
    for tech in _RESEARCH_PRIORITY:
        for code in research:
            if arg_a(code) == tech:
                return code
    return next(c for c in legal if kind_of(c) == A_END_BUY)
