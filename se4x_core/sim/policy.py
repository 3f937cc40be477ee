"""The rule-based player's decision, compiled: the one entry point of its rules.

Why compiled: the search decides strategy (the fleet's posture this turn, the
purchase plan this Economic Phase) by playing the next round or two hundreds of
times per decision, and those futures are only as good as the player playing
them.  So the rule-based player *is* this code: :class:`se4x_core.ai.rule_bot.RuleBot`
(the Easy level, the search's executor, the battle search's guide) calls it on its
player's information set, and the search's playouts call it on their
determinizations, so the search evaluates its options with the very player that
then plays them.  The rules are the module docstring of :mod:`se4x_core.ai.rule_bot`;
their code is the :mod:`se4x_core.sim.rulebot` package, one concern a module.

It decides for ``s.current_player`` on a full state: inside search a
determinization (what the player knows, the rest drawn), at the table the player's
information set (``Game.information_set``), never the real state.  Face-down
markers are read only as the player sees them (face down, or peeked).  Each
player plays the strategy its :class:`~se4x_core.sim.rulebot.memory.PolicyMemory`
holds (:mod:`se4x_core.ai.strategy`); the memory also keeps the war plans between
decisions and is owned by the caller.  Alien players of the solitaire scenario move
like :class:`se4x_core.ai.alien_bot.AlienBot`; their other decisions are the
engine's.  Anything the rules do not cover takes the engine's default action
(``engine.default_code``), then ending the phase, then the first legal action, so
every choice is legal.
"""

from __future__ import annotations

import cython

from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import battles, choices, movement, picture, purchases
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.ccall
@cython.exceptval(check=False)
def choose(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The policy's action for ``s.current_player`` among ``legal`` (never illegal)."""
    code: cython.int = -1
    if legal.n == 0:
        return -1
    if s.n_hexes <= MAX_HEX and s.current_player >= 0:
        code = _decide(s, legal, m)
    if code >= 0 and legal.contains(code):
        return code
    return _fallback(s, legal)


@cython.ccall
@cython.exceptval(check=False)
def decision(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The rules' own choice before :func:`choose`'s fallback (-1: no rule applies, the
    default action is taken): tests hold it to the legal actions."""
    if legal.n == 0 or s.n_hexes > MAX_HEX or s.current_player < 0:
        return -1
    return _decide(s, legal, m)


def choose_code(s: State, m: PolicyMemory) -> int:
    """:func:`choose` from Python: the policy's action code for the player to act."""
    out = ActionList()
    engine.write_legal(s, out)
    return choose(s, out, m)


@cython.cfunc
@cython.exceptval(check=False)
def _fallback(s: State, legal: ActionList) -> cython.int:
    """The default policy's action if legal, else end the phase, else the first action."""
    code: cython.int = engine.default_code(s)
    if code >= 0 and legal.contains(code):
        return code
    if legal.contains(A_END_MOVE << 20):
        return A_END_MOVE << 20
    if legal.contains(A_END_BUY << 20):
        return A_END_BUY << 20
    return legal.codes[0]


@cython.cfunc
@cython.exceptval(check=False)
def _decide(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The rule for this phase's decision (-1: none, the default action is taken)."""
    phase: cython.int = s.phase
    if s.alien[s.current_player]:  # the engine decides all but an alien's movement
        if phase == PH_MOVEMENT:
            picture.begin(s, m)
            return movement.alien_move(s, legal, m)
        return -1
    if phase == PH_PLACE_HOMEWORLD:
        return choices.place_homeworld(s, legal)
    picture.begin(s, m)
    if phase == PH_MOVEMENT:
        return movement.decide(s, legal, m)
    if phase == PH_FIRE:
        return battles.decide(s, legal, m)
    if phase == PH_LOST_SHIFT:
        return choices.lost_shift(s, legal, m)
    if phase == PH_BID:
        return choices.bid(s, legal, m)
    if phase == PH_CHOOSE_ORDER:
        return choices.order_choice(s, legal, m)
    if phase == PH_BUY:
        return purchases.decide(s, legal, m)
    if phase == PH_COLONY_FIRE:
        return A_FIRE_COLONY << 20
    return -1
