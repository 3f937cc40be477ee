"""The Movement Phase: each unit's next step toward its target.

Instant actions first (colonise, load, unload, board a carrier, merge groups that
move alike), then the first group (those part way through their move first) whose
next step toward its target is legal; else the movement ends.  Every step uses up
movement, so the phase always ends.  Alien players of the solitaire scenario move
their launched fleets toward the nearest human colony.
"""

from __future__ import annotations

import cython

from se4x_core.rules.advanced import warp
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import assignments, paths, picture, war
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def decide(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Colonise, load, unload, board or merge at once; else the first group (those part
    way through their move first) whose next step toward its target is legal; else
    end the movement."""
    i: cython.int
    code: cython.int
    unit: cython.int
    sweep: cython.int
    target: cython.int
    moving: cython.bint
    first: cython.int = m.me * UNITS_PER_PLAYER
    explored: cython.bint = False
    war.turn_plan(s, m)
    code = _instant_action(s, legal, m)
    if code >= 0:
        return code
    for i in range(UNITS_PER_PLAYER):
        m.b[O_HASMOVE + i] = 0
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_MOVE:
            unit = (code >> 10) & 1023
            if first <= unit < first + UNITS_PER_PLAYER:
                m.b[O_HASMOVE + unit - first] = 1
    for sweep in range(2):
        for unit in range(first, first + UNITS_PER_PLAYER):
            if not m.b[O_HASMOVE + unit - first]:
                continue
            moving = s.u_moved[unit] > 0 and not s.u_flags[unit] & F_DONE
            if moving != (sweep == 0):
                continue
            if not explored and m.b[O_EXPL + unit] and picture.warship_type(s.u_type[unit]):
                assignments.explore(s, m, 1)
                explored = True
            target = _next_hex(s, m, unit)
            if target >= 0:
                code = _step_code(s, legal, unit, target)
                if code >= 0:
                    return code
    return A_END_MOVE << 20


@cython.cfunc
@cython.exceptval(check=False)
def _step_code(s: State, legal: ActionList, unit: cython.int, target: cython.int) -> cython.int:
    """The (last) legal step of ``unit`` into ``target``, or -1."""
    i: cython.int
    code: cython.int
    found: cython.int = -1
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_MOVE and (code >> 10) & 1023 == unit and \
                warp.step_target(s, s.u_hex[unit], code & 1023) == target:
            found = code
    return found


@cython.cfunc
@cython.exceptval(check=False)
def _instant_action(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Colonise, unload, load, a fighter group not aboard boards a carrier, or merge two
    fleet groups that move alike (not explorers)."""
    i: cython.int
    code: cython.int
    kind: cython.int
    a: cython.int
    b: cython.int
    for i in range(legal.n):
        code = legal.codes[i]
        kind = code >> 20
        if kind == A_COLONIZE or kind == A_UNLOAD or kind == A_LOAD:
            return code
        if kind == A_BOARD:
            a = (code >> 10) & 1023
            if picture.own(s, m, a) and s.u_cargo[a] == 0:
                return code
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_MERGE:
            continue
        a = (code >> 10) & 1023
        b = code & 1023
        if not (picture.own(s, m, a) and picture.own(s, m, b)) or m.b[O_EXPL + a] or \
                m.b[O_EXPL + b]:
            continue
        if s.u_moved[a] == s.u_moved[b] and (s.u_flags[a] & F_DONE) == (s.u_flags[b] & F_DONE):
            return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _next_hex(s: State, m: PolicyMemory, unit: cython.int) -> cython.int:
    """The hex ``unit`` should step into now, or -1 to stay."""
    here: cython.int = s.u_hex[unit]
    t: cython.int = s.u_type[unit]
    target: cython.int = -1
    mode: cython.int = MODE_CIVIL
    w: cython.int = O_WAR + m.me * N_WAR
    if t == CO:
        assignments.assigned(s, m, AK_COLONY)
        target = assignments.target_of(m, AK_COLONY, unit)
    elif t == MINER:
        target = _miner_target(s, m, unit)
    elif t == MS:
        assignments.assigned(s, m, AK_PIPE)
        target = assignments.target_of(m, AK_PIPE, unit)
    elif not picture.warship_type(t):
        return -1
    else:
        mode = MODE_FLEET
        if m.b[O_EXPL + unit] and assignments.target_of(m, AK_EXPLORE, unit) >= 0:
            target = assignments.target_of(m, AK_EXPLORE, unit)
            mode = MODE_EXPLORER
        else:
            target = m.b[w + W_TARGET]
            if m.b[w + W_MODE] == WAR_ATTACK and (
                    s.u_moved[unit] >= m.b[w + W_CAP] or
                    (here == m.home and m.b[w + W_MAIN] != m.home)):
                return -1
    if target < 0 or target == here:
        return -1
    return paths.first_step(s, m, here, mode, target)


@cython.cfunc
@cython.exceptval(check=False)
def _miner_target(s: State, m: PolicyMemory, unit: cython.int) -> cython.int:
    """A loaded miner's nearest unblockaded colony; an empty one's assigned load."""
    e: cython.int
    h: cython.int
    best: cython.int = -1
    best_cost: cython.int = 0
    if not s.u_cargo[unit]:
        assignments.assigned(s, m, AK_MINE)
        return assignments.target_of(m, AK_MINE, unit)
    e = paths.search(s, m, s.u_hex[unit], MODE_CIVIL)
    for h in range(m.n):
        if picture.own_colony(s, m, h) and (best < 0 or m.b[O_PCOST + e * MAX_HEX + h] < best_cost):
            best = h
            best_cost = m.b[O_PCOST + e * MAX_HEX + h]
    return best


@cython.cfunc
@cython.exceptval(check=False)
def alien_move(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """A launched alien group steps to a neighbour nearer the closest human colony
    (walking around face-up supernovae, warp links count); else the movement ends
    (the alien bot's rule)."""
    n: cython.int = m.n
    h: cython.int
    g: cython.int
    d: cython.int
    i: cython.int
    code: cython.int
    head: cython.int = 0
    tail: cython.int = 0
    here: cython.int
    there: cython.int
    for h in range(n):
        m.b[O_HEXVAL + h] = UNREACHABLE
        if s.h_col_owner[h] >= 0 and not s.alien[s.h_col_owner[h]]:
            m.b[O_HEXVAL + h] = 0
    for i in range(s.n_players):
        if not s.alien[i] and s.alive[i] and s.homeworld[i] >= 0:
            m.b[O_HEXVAL + s.homeworld[i]] = 0
    for h in range(n):
        if m.b[O_HEXVAL + h] == 0:
            m.b[O_HEAP + tail] = h
            tail += 1
    while head < tail:
        h = m.b[O_HEAP + head]
        head += 1
        for d in range(6 + m.n_warps):
            if d < 6:
                g = s.tables.nbr[h * 6 + d]
            else:
                g = m.b[O_WARPS + d - 6]
                if g == h or not picture.face_up_is(s, h, M_WARP) or s.h_value[g] != s.h_value[h]:
                    continue
            if g < 0 or m.b[O_HEXVAL + g] < UNREACHABLE or picture.face_up_is(s, g, M_SUPERNOVA):
                continue
            m.b[O_HEXVAL + g] = m.b[O_HEXVAL + h] + 1
            m.b[O_HEAP + tail] = g
            tail += 1
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_MOVE:
            continue
        here = s.u_hex[(code >> 10) & 1023]
        there = warp.step_target(s, here, code & 1023)
        if there >= 0 and m.b[O_HEXVAL + there] < m.b[O_HEXVAL + here]:
            return code
    return A_END_MOVE << 20
