"""Playouts: a game played on to its end (or a cap) by a policy, in compiled code.

The inner loop of Monte Carlo search and of the playout benchmarks.  A
policy is a C function choosing one code from the legal actions; two are
built in and chosen by number:

* ``UNIFORM``: a uniformly random legal action.  A uniformly random game
  practically never ends (it wanders, splits and merges, bids at random),
  which is why search needs the next one;
* ``HEURISTIC``: a rule-of-thumb player that makes games end: it colonises
  and tows whenever it can, steps each unit toward its goal (warships toward
  the nearest enemy homeworld, colony ships toward a free planet, miners
  toward minerals or home, scouts toward the nearest unexplored hex), lets
  battles resolve by the default policy, researches Ship Size up to cruisers
  and then buys the biggest warships it can, and never bids;
* ``RULE``: the rule-based player itself (:mod:`se4x_core.sim.policy`),
  every player with the default strategy.  :func:`policy_playout` plays it
  with a :class:`~se4x_core.sim.rulebot.memory.PolicyMemory` the caller owns, which
  holds each player's strategy (the search sets them) and the players' war
  plans, so a search can play its options against each other.

Any other policy plugs in from Python through :func:`playout_with` (slower:
one Python call per decision).  The policy's generator is the engine's
xorshift64*, seeded per playout; the state's own generator still rolls the
dice, so a playout is reproducible, compiled or interpreted.
"""

from __future__ import annotations

from collections.abc import Callable

import cython

from se4x_core.kernel import dice
from se4x_core.rules import engine
from se4x_core.rules.advanced import warp
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim import policy
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if not cython.compiled:

    UNIFORM = 0
    HEURISTIC = 1
    RULE = 2
    _FAR = 1 << 20

POLICY_NAMES: dict[str, int] = {"uniform": UNIFORM, "heuristic": HEURISTIC, "rule": RULE}

# Scratch for the heuristic policy: 1 for each legal step that nears its unit's goal.
_GOOD = ActionList()


@cython.ccall
@cython.exceptval(-1, check=False)
def playout(s: State, seed: cython.ulonglong, max_actions: cython.int, policy: cython.int,
            round_cap: cython.int) -> cython.int:
    """Play ``policy`` on ``s`` (in place) until the game ends, ``max_actions`` actions
    or (``round_cap`` > 0) the end of round ``round_cap``; returns how many were applied.
    ``RULE`` plays every player with the default strategy and a fresh memory."""
    if policy == RULE:
        return policy_playout(s, PolicyMemory(), max_actions, round_cap)
    out: ActionList = ActionList()
    x: cython.ulonglong = dice.rng_seed(seed)
    n: cython.int = 0
    code: cython.int
    while n < max_actions and s.phase != PH_GAME_OVER:
        if round_cap > 0 and s.round > round_cap:
            break
        engine.write_legal(s, out)
        x = dice.rng_next(x)
        if policy == HEURISTIC:
            code = heuristic_choice(s, out, x)
        else:
            code = out.codes[dice.rng_below(x, out.n)]
        engine.apply_unchecked(s, code, None)
        n += 1
    return n


@cython.ccall
@cython.exceptval(-1, check=False)
def policy_playout(s: State, m: PolicyMemory, max_actions: cython.int,
                   round_cap: cython.int) -> cython.int:
    """The compiled rule-based player (:func:`se4x_core.sim.policy.choose`) on ``s`` (in
    place), each player with its strategy in ``m`` (``m.set_strategy``), until the game
    ends, ``max_actions`` actions or (``round_cap`` > 0) the end of round ``round_cap``;
    returns how many actions were applied.

    The policy draws nothing (the state's generator rolls the dice), so the same state
    and memory play the same game.  ``m`` keeps the players' war plans and targets
    from one call to the next; ``m.reset()`` forgets them (a new simulation), and
    ``m.set_targets`` hands a real game's to a simulation.
    """
    out: ActionList = ActionList()
    n: cython.int = 0
    while n < max_actions and s.phase != PH_GAME_OVER:
        if round_cap > 0 and s.round > round_cap:
            break
        engine.write_legal(s, out)
        engine.apply_unchecked(s, policy.choose(s, out, m), None)
        n += 1
    return n


@cython.ccall
@cython.exceptval(-1, check=False)
def random_playout(s: State, seed: cython.ulonglong, max_actions: cython.int) -> cython.int:
    """Uniformly random legal actions on ``s`` (in place); returns how many were applied."""
    return playout(s, seed, max_actions, UNIFORM, 0)


def playout_with(s: State, chooser: Callable[[State, list[int]], int], max_actions: int,
                 round_cap: int = 0) -> int:
    """A playout whose decisions a Python function makes: ``chooser(state, legal) -> code``."""
    out = ActionList()
    n = 0
    while n < max_actions and s.phase != PH_GAME_OVER:
        if round_cap > 0 and s.round > round_cap:
            break
        engine.write_legal(s, out)
        engine.apply_unchecked(s, chooser(s, out.tolist()), None)
        n += 1
    return n


# -- the heuristic policy ---------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def heuristic_choice(s: State, legal: ActionList, x: cython.ulonglong) -> cython.int:
    """The heuristic policy's choice among ``legal`` (see the module docstring)."""
    if s.phase == PH_MOVEMENT:
        return _heuristic_move(s, legal, x)
    if s.phase == PH_BUY:
        return _heuristic_purchase(s, legal)
    return engine.default_code(s)


@cython.cfunc
@cython.exceptval(check=False)
def _heuristic_move(s: State, legal: ActionList, x: cython.ulonglong) -> cython.int:
    """Colonise or tow when possible; else a step toward a goal; else end the movement."""
    i: cython.int
    code: cython.int
    kind: cython.int
    good: cython.int = 0
    pick: cython.int
    end_move: cython.int = -1
    for i in range(legal.n):
        code = legal.codes[i]
        kind = code >> 20
        if kind == A_COLONIZE or kind == A_UNLOAD or kind == A_LOAD:
            return code
        if kind == A_END_MOVE:
            end_move = code
    good = _mark_good_steps(s, legal)
    if good == 0 or dice.rng_below(x, 10) == 0:
        return end_move
    pick = dice.rng_below(dice.rng_next(x), good)
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_MOVE and _GOOD.codes[i]:
            if pick == 0:
                return code
            pick -= 1
    return end_move


@cython.cfunc
@cython.exceptval(check=False)
def _mark_good_steps(s: State, legal: ActionList) -> cython.int:
    """Mark in ``_GOOD`` (by index into ``legal``) the steps that bring their unit nearer
    its goal hex, and count them.  A unit's goal is found once for all its steps: the
    legal steps come unit by unit, and the goal scan over the board is the policy's
    costliest part."""
    i: cython.int
    code: cython.int
    unit: cython.int
    goal_of: cython.int = -1  # the unit whose goal ``goal`` is
    goal: cython.int = -1
    good: cython.int = 0
    for i in range(legal.n):
        code = legal.codes[i]
        _GOOD.codes[i] = 0
        if code >> 20 != A_MOVE:
            continue
        unit = (code >> 10) & 1023
        if unit != goal_of:
            goal_of = unit
            goal = _goal(s, unit)
        if goal >= 0 and _nearer(s, s.u_hex[unit], code & 1023, goal):
            _GOOD.codes[i] = 1
            good += 1
    return good


@cython.cfunc
@cython.exceptval(check=False)
def _nearer(s: State, here: cython.int, direction: cython.int, goal: cython.int) -> cython.bint:
    """A step from ``here`` in ``direction`` brings a unit nearer ``goal``."""
    there: cython.int = warp.step_target(s, here, direction)  # a warp step's far end too
    if s.options & OPT_WARP_POINTS:  # links count (warp.walking_distance)
        return warp.walking_distance(s, there, goal) < warp.walking_distance(s, here, goal)
    n: cython.int = s.n_hexes
    return s.tables.walk[there * n + goal] < s.tables.walk[here * n + goal]


@cython.cfunc
@cython.exceptval(check=False)
def _goal(s: State, unit: cython.int) -> cython.int:
    """Where a unit heads: the nearest hex its type wants (-1: nowhere), walking the
    board; with the warp points rule set its links count
    (:func:`se4x_core.rules.advanced.warp.walking_distance`), in a loop of its own so
    that the basic game's loop stays as lean as it was."""
    here: cython.int = s.u_hex[unit]
    n: cython.int = s.n_hexes
    best: cython.int = -1
    best_dist: cython.int = _FAR
    h: cython.int
    d: cython.int
    if s.options & OPT_WARP_POINTS:
        for h in range(n):
            if _wants(s, unit, h):
                d = warp.walking_distance(s, here, h)
                if d < best_dist:
                    best_dist = d
                    best = h
        return best
    for h in range(n):
        if _wants(s, unit, h):
            d = s.tables.walk[here * n + h]
            if d < best_dist:
                best_dist = d
                best = h
    return best


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _wants(s: State, unit: cython.int, h: cython.int) -> cython.bint:
    """Is ``h`` a hex the unit's type heads for: an open planet for a colony ship,
    minerals or a wreck for an empty miner (home for a loaded one), the unexplored for
    an early scout, an enemy homeworld for a warship."""
    unit_type: cython.int = s.u_type[unit]
    player: cython.int = unit // UNITS_PER_PLAYER
    if unit_type == CO:
        return (s.h_face_up[h] != 0 and s.h_col_owner[h] < 0
                and (s.h_marker[h] == M_PLANET or s.h_marker[h] == M_BARREN
                     and s.u_flags[unit] & F_TERRAFORM != 0))
    if unit_type == MINER:
        if s.u_cargo[unit]:
            return s.h_col_owner[h] == player
        return s.h_face_up[h] != 0 and (s.h_marker[h] == M_MINERAL
                                        or s.h_marker[h] == M_WRECK)
    if unit_type == SC and s.round <= 4:
        return s.h_face_up[h] == 0
    if UNIT_TRAITS[unit_type] & TR_ARMED:
        return (s.h_col_owner[h] >= 0 and s.h_col_owner[h] != player
                and s.h_marker[h] == M_HOMEWORLD)
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _heuristic_purchase(s: State, legal: ActionList) -> cython.int:
    """Ship Size to cruisers first, then the biggest warship, then research in priority."""
    i: cython.int
    code: cython.int
    best: cython.int = -1
    best_cost: cython.int = -1
    unit_type: cython.int
    tech: cython.int
    k: cython.int
    if s.tech[s.current_player * N_TECHS + T_SHIP_SIZE] < 3:
        for i in range(legal.n):
            code = legal.codes[i]
            if code >> 20 == A_RESEARCH and (code >> 10) & 1023 == T_SHIP_SIZE:
                return code
    for i in range(legal.n):
        code = legal.codes[i]
        unit_type = (code >> 10) & 1023
        if code >> 20 == A_BUY and UNIT_TRAITS[unit_type] & TR_WARSHIP and \
                UNIT_COST[unit_type] > best_cost:
            best = code
            best_cost = UNIT_COST[unit_type]
    if best >= 0:
        return best
    for k in range(6):
        tech = _research_priority(k)
        for i in range(legal.n):
            code = legal.codes[i]
            if code >> 20 == A_RESEARCH and (code >> 10) & 1023 == tech:
                return code
    return (A_END_BUY << 20)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _research_priority(k: cython.int) -> cython.int:
    if k == 0:
        return T_SHIP_SIZE
    if k == 1:
        return T_ATTACK
    if k == 2:
        return T_DEFENSE
    if k == 3:
        return T_MOVEMENT
    if k == 4:
        return T_SHIP_YARD
    return T_TACTICS
