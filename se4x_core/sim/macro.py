"""Macro actions: the coarse choices search branches on, played as atomic actions.

A round is 50-70 atomic decisions and a movement decision has about 30 legal
steps, so Monte Carlo search branches on macros instead:

* ``MOVE_TO(unit, hex)``: walk a group along a shortest path to a hex it can
  reach this turn (it stops early if a step reveals something that stops it);
* ``END_MOVEMENT``, and the colonise / load / unload actions, as they are;
* ``AUTO_BATTLE(hex)``: every decision of the battle in that hex by the
  default policy (no screening, default targets, no retreat, bomb the colony);
  a battle against a Doomsday Machine is its own macro (``b`` = 1 + the player
  fighting it), so it ends with that battle and does not run on into the
  enemy empire's battle that follows in the same hex, or into another
  player's battle against the same machine in the machines' step;
* ``PLAN(plan, player)``: a whole Economic Phase purchase by a plan
  (:data:`PLAN_NAMES`): save, warships, research then warships, expand, defend;
* ``BID(bucket, player)``: no bid, 1 CP, a quarter or half of the CP;
* any other decision (Lost in Space, a peek, the order, a battle's own
  choices) as its atomic actions.

A macro is an int: an atomic action's own code, or ``MACRO | kind << 24 |
a << 12 | b``.  :func:`next_atomic` says which atomic action a macro takes
next in the current state (-1 when it is done), from the state alone, so a
macro expands into exactly the atomic actions the game logs: replays and
saves never see macros.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core.actions import Action

if TYPE_CHECKING:
    from se4x_core.events import EventLog

from se4x_core.rules import engine, movement
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if not cython.compiled:

    MACRO = 1 << 30
    MK_MOVE_TO = 1
    MK_AUTO_BATTLE = 2
    MK_PLAN = 3
    MK_BID = 4
    PLAN_SAVE = 0
    PLAN_WARSHIPS = 1
    PLAN_TECH = 2
    PLAN_EXPAND = 3
    PLAN_DEFEND = 4
    N_PLANS = 5
    N_BID_BUCKETS = 4

PLAN_NAMES: tuple[str, ...] = ("save", "warships", "research then warships", "expand",
                               "defend")
# The macro kinds and plans, readable from Python too (compiled they are C enums).
KIND_MOVE_TO = MK_MOVE_TO
KIND_AUTO_BATTLE = MK_AUTO_BATTLE
KIND_PLAN = MK_PLAN
KIND_BID = MK_BID
PLAN_IDS: dict[str, int] = {"save": PLAN_SAVE, "warships": PLAN_WARSHIPS,
                            "research then warships": PLAN_TECH, "expand": PLAN_EXPAND,
                            "defend": PLAN_DEFEND}
KIND_NAMES: dict[int, str] = {MK_MOVE_TO: "move_to", MK_AUTO_BATTLE: "auto_battle",
                              MK_PLAN: "plan", MK_BID: "bid"}

# Scratch lists (not re-entrant: search workers are processes).
_LEGAL = ActionList()
_REACH = ActionList()


@cython.ccall
@cython.exceptval(check=False)
def macro(kind: cython.int, a: cython.int, b: cython.int) -> cython.int:
    """The code of a macro of ``kind`` with parameters ``a`` and ``b`` (each < 4096)."""
    return MACRO | kind << 24 | a << 12 | b


@cython.ccall
@cython.exceptval(check=False)
def is_macro(code: cython.int) -> cython.bint:
    return code & MACRO != 0


# -- which macros there are now --------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def legal_macros(s: State, out: ActionList) -> cython.void:
    """The macros of the current decision (see the module docstring)."""
    phase: cython.int = s.phase
    out.clear()
    if phase == PH_MOVEMENT:
        _movement_macros(s, out)
    elif phase == PH_SCREEN or phase == PH_FIRE or phase == PH_COLONY_FIRE:
        out.push(macro(MK_AUTO_BATTLE, s.b_hex, _battle_sides(s)))
        _atomic(s, out)
    elif phase == PH_BUY:
        _plan_macros(s, out)
    elif phase == PH_BID:
        _bid_macros(s, out)
    else:
        _atomic(s, out)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _battle_sides(s: State) -> cython.int:
    """An auto-battle macro's ``b``: 0 for a battle between empires, 1 + the player
    fighting for one against a Doomsday Machine (always 0 in a game without them)."""
    if s.b_defender == MACHINE_SIDE:
        return 1 + s.b_attacker
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _atomic(s: State, out: ActionList) -> cython.void:
    """Every atomic action, appended."""
    i: cython.int
    engine.write_legal(s, _LEGAL)
    for i in range(_LEGAL.n):
        out.push(_LEGAL.codes[i])


@cython.cfunc
@cython.exceptval(check=False)
def _movement_macros(s: State, out: ActionList) -> cython.void:
    """A move to every reachable hex of every group, colonise/load/unload, end movement."""
    player: cython.int = s.current_player
    unit: cython.int
    i: cython.int
    kind: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or s.u_flags[unit] & F_DONE:
            continue
        movement.reach(s, unit, _REACH)
        for i in range(_REACH.n):
            out.push(macro(MK_MOVE_TO, unit, _REACH.codes[i] & 255))
    engine.write_legal(s, _LEGAL)
    for i in range(_LEGAL.n):
        kind = _LEGAL.codes[i] >> 20
        if kind == A_COLONIZE or kind == A_LOAD or kind == A_UNLOAD or kind == A_END_MOVE:
            out.push(_LEGAL.codes[i])


@cython.cfunc
@cython.exceptval(check=False)
def _plan_macros(s: State, out: ActionList) -> cython.void:
    plan: cython.int
    for plan in range(N_PLANS):
        out.push(macro(MK_PLAN, plan, s.current_player))


@cython.cfunc
@cython.exceptval(check=False)
def _bid_macros(s: State, out: ActionList) -> cython.void:
    """The distinct bids of the buckets (a bucket whose amount repeats another is left out)."""
    bucket: cython.int
    other: cython.int
    amount: cython.int
    repeated: cython.bint
    for bucket in range(N_BID_BUCKETS):
        amount = bid_amount(bucket, s.cp[s.current_player])
        repeated = False
        for other in range(bucket):
            if bid_amount(other, s.cp[s.current_player]) == amount:
                repeated = True
        if not repeated:
            out.push(macro(MK_BID, bucket, s.current_player))


@cython.ccall
@cython.exceptval(check=False)
def bid_amount(bucket: cython.int, cp: cython.int) -> cython.int:
    """No bid, 1 CP, a quarter of the CP, half of it (never more than the CP or 1023)."""
    amount: cython.int = 0
    if bucket == 1:
        amount = 1
    elif bucket == 2:
        amount = cp // 4
    elif bucket == 3:
        amount = cp // 2
    if amount > cp:
        amount = cp
    if amount > PARAM_LIMIT - 1:
        amount = PARAM_LIMIT - 1
    return amount


# -- expanding a macro ---------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def next_atomic(s: State, code: cython.int) -> cython.int:
    """The atomic action ``code`` takes next in ``s``, or -1 when it is complete.

    An atomic code is its own single step (the caller applies it once).
    """
    kind: cython.int
    a: cython.int
    b: cython.int
    if not code & MACRO:
        return code
    kind = code >> 24 & 63
    a = code >> 12 & 4095
    b = code & 4095
    if kind == MK_MOVE_TO:
        return _next_step(s, a, b)
    if kind == MK_AUTO_BATTLE:
        if (s.phase == PH_SCREEN or s.phase == PH_FIRE or s.phase == PH_COLONY_FIRE) and \
                s.b_hex == a and _battle_sides(s) == b:
            return engine.default_code(s)
        return -1
    if kind == MK_PLAN:
        if s.phase != PH_BUY or s.current_player != b:
            return -1
        return _next_purchase(s, a)
    if kind == MK_BID:
        if s.phase != PH_BID or s.current_player != b:
            return -1
        return A_BID << 20 | bid_amount(a, s.cp[b]) << 10
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _next_step(s: State, unit: cython.int, target: cython.int) -> cython.int:
    """The first step of a shortest path of ``unit`` to ``target`` (-1: arrived or stuck)."""
    i: cython.int
    entry: cython.int
    if s.phase != PH_MOVEMENT or s.u_type[unit] < 0 or \
            unit // UNITS_PER_PLAYER != s.current_player or \
            s.u_hex[unit] == target or s.u_flags[unit] & F_DONE:
        return -1
    movement.reach(s, unit, _REACH)
    for i in range(_REACH.n):
        if _REACH.codes[i] & 255 == target:
            entry = _REACH.codes[i]
            while entry >> 11 != 0:  # back to the first step
                entry = _REACH.codes[(entry >> 11) - 1]
            return A_MOVE << 20 | unit << 10 | movement.entry_step(entry)
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _next_purchase(s: State, plan: cython.int) -> cython.int:
    """The plan's next purchase among the legal ones; ending the purchases when done."""
    code: cython.int = -1
    engine.write_legal(s, _LEGAL)
    if plan == PLAN_TECH:
        code = _research(s)
    elif plan == PLAN_EXPAND:
        code = _buy_type(CO, 2, s)
        if code < 0:
            code = _buy_type(MINER, 2, s)
    elif plan == PLAN_DEFEND:
        code = _buy_type(BASE, 1, s)
        if code < 0:
            code = _buy_type(SY, 1, s)
    if code < 0 and plan != PLAN_SAVE:
        code = _biggest_warship()
    if code < 0:
        code = A_END_BUY << 20
    return code


@cython.cfunc
@cython.exceptval(check=False)
def _research(s: State) -> cython.int:
    """Ship Size up to cruisers, then Attack, Defense, Tactics, Movement, Ship Yard."""
    k: cython.int
    i: cython.int
    tech: cython.int
    me: cython.int = s.current_player
    if s.tech[me * N_TECHS + T_SHIP_SIZE] >= 3 and s.researched[me] != 0:
        return -1  # one level this phase is enough once cruisers are possible
    for k in range(6):
        tech = _RESEARCH_ORDER.codes[k]
        for i in range(_LEGAL.n):
            if _LEGAL.codes[i] >> 20 == A_RESEARCH and (_LEGAL.codes[i] >> 10) & 1023 == tech:
                return _LEGAL.codes[i]
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _buy_type(unit_type: cython.int, at_most: cython.int, s: State) -> cython.int:
    """A legal buy of ``unit_type`` while fewer than ``at_most`` are bought this phase."""
    i: cython.int
    bought: cython.int = 0
    base: cython.int = s.current_player * MAX_RECORDS_PER_PLAYER * 4
    for i in range(s.n_records[s.current_player]):
        if s.records[base + 4 * i] == P_BUY and s.records[base + 4 * i + 1] == unit_type:
            bought += 1
    if bought >= at_most:
        return -1
    for i in range(_LEGAL.n):
        if _LEGAL.codes[i] >> 20 == A_BUY and (_LEGAL.codes[i] >> 10) & 1023 == unit_type:
            return _LEGAL.codes[i]
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _biggest_warship() -> cython.int:
    """The legal buy of the most expensive warship (the first listed on a tie)."""
    i: cython.int
    unit_type: cython.int
    best: cython.int = -1
    best_cost: cython.int = 0
    for i in range(_LEGAL.n):
        unit_type = (_LEGAL.codes[i] >> 10) & 1023
        if _LEGAL.codes[i] >> 20 == A_BUY and SC <= unit_type <= DN and \
                UNIT_COST[unit_type] > best_cost:
            best = _LEGAL.codes[i]
            best_cost = UNIT_COST[unit_type]
    return best


def _research_order() -> ActionList:
    order: ActionList = ActionList()
    for tech in (T_SHIP_SIZE, T_ATTACK, T_DEFENSE, T_TACTICS, T_MOVEMENT, T_SHIP_YARD):
        order.push(tech)
    return order


_RESEARCH_ORDER = _research_order()


@cython.ccall
@cython.exceptval(-1, check=False)
def apply_macro(s: State, code: cython.int, ev: EventLog | None, log: ActionList) -> cython.int:
    """Play a macro to its end on ``s``; the atomic codes applied are appended to ``log``.

    Returns how many atomic actions it took.
    """
    n: cython.int = 0
    step: cython.int
    if not code & MACRO:
        engine.apply_unchecked(s, code, ev)
        log.push(code)
        return 1
    while True:
        step = next_atomic(s, code)
        if step < 0:
            return n
        engine.apply_unchecked(s, step, ev)
        log.push(step)
        n += 1


def decode(code: int) -> tuple[int, int, int] | None:
    """A macro's (kind, a, b), or None for an atomic action's code."""
    if not code & MACRO:
        return None
    return code >> 24 & 63, code >> 12 & 4095, code & 4095


def describe(code: int) -> str:
    """A macro in words, e.g. ``move_to(unit=3, hex=41)`` (atomic codes as their action)."""
    parts = decode(code)
    if parts is None:
        return str(Action.from_code(code))
    kind, a, b = parts
    if kind == MK_MOVE_TO:
        return f"move_to(unit={a}, hex={b})"
    if kind == MK_AUTO_BATTLE:
        if b:
            return f"auto_battle(hex={a}, machine, player={b - 1})"
        return f"auto_battle(hex={a})"
    if kind == MK_PLAN:
        return f"plan({PLAN_NAMES[a]}, player={b})"
    return f"bid(bucket={a}, player={b})"
