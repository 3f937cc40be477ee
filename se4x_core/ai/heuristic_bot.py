"""A simple rule-of-thumb player for demos and as a sparring partner.

It marches its warships toward the nearest enemy homeworld, researches Ship
Size up to cruisers, spends its CP on the biggest warships it can build
(researching Attack, Defense and the rest with what is left), never bids,
lets battles auto-resolve with the default policy (the observation's
``suggested`` action) and bombs every enemy colony it reaches.  Moves it
has no rule for are random.  It is no strategist; it makes games end.
It reads only its player's observation (:mod:`se4x_core.ai.bot`).
"""

from __future__ import annotations

import random

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
from se4x_core.ai.bot import CodeBot
from se4x_core.ai.random_bot import choose, steps_toward_enemy
from se4x_core.observation import Observation
from se4x_core.phases import COMBAT_PHASES

_RESEARCH_PRIORITY = (data.T_SHIP_SIZE, data.T_ATTACK, data.T_DEFENSE, data.T_MOVEMENT,
                      data.T_SHIP_YARD, data.T_TACTICS)


def choose_heuristic(obs: Observation, legal: list[int], rnd: random.Random) -> int:
    """The bot's action for the current decision."""
    phase = obs["phase"]
    if phase in COMBAT_PHASES and obs["suggested"] is not None:
        return obs["suggested"]
    if phase == "economic_bid":
        return next(c for c in legal if kind_of(c) == A_BID and arg_a(c) == 0)
    if phase == "choose_order":
        return next(c for c in legal if kind_of(c) == A_ORDER)
    if phase == "economic_purchase":
        return _purchase(obs, legal)
    if phase == "movement":
        toward = steps_toward_enemy(obs, legal)
        if toward and rnd.random() < 0.9:
            return rnd.choice(toward)
    return choose([c for c in legal if kind_of(c) != A_UNDO] or legal, rnd)


def _purchase(obs: Observation, legal: list[int]) -> int:
    research = [c for c in legal if kind_of(c) == A_RESEARCH]
    if obs["me"]["tech"][data.TECH_KEYS[data.T_SHIP_SIZE]] < 3:
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


class HeuristicBot(CodeBot):
    """:func:`choose_heuristic` as a bot."""

    def choose(self, observation: Observation, legal: list[int]) -> int:
        return choose_heuristic(observation, legal, self.rnd)
