"""Who goes where: explorers, colony ships, miners and pipelines, one target each.

Each kind of unit has a score per reachable hex (lower is better) and the units
are given their hexes greedily, best (score, unit) first, no hex twice: scouts to
the nearest face-down hex (Deep Space a little farther), colony ships to the
nearest safe free planet, miners to the load worth most against its round trip,
pipelines to the gaps of the planned chains home.  Scores are exact integers (the
distances times 1,000 or 5,000 plus the hex as the tiebreak).
"""

from __future__ import annotations

import cython

from se4x_core.rules.state import State
from se4x_core.sim.rulebot import paths, picture
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def _assign(s: State, m: PolicyMemory, kind: cython.int, n_units: cython.int) -> cython.void:
    """Greedy one-to-one assignment of the units listed at ``O_LIST`` to hexes by
    ascending score: the results go to ``O_TARGET`` for
    ``kind`` (-1 for a unit without a hex).

    As if every (score, unit, hex) option were sorted and taken in order;
    here each unit keeps its best untaken hex and the lowest (score, unit) goes
    next: the same pairs.  Scores are integers (the float scores of the rules
    times 1,000 or 5,000, exact).
    """
    mode: cython.int = _assign_mode(kind)
    i: cython.int
    j: cython.int
    h: cython.int
    unit: cython.int
    e: cython.int
    key: cython.int
    best: cython.int
    best_key: cython.int
    pick: cython.int
    out: cython.int = O_TARGET + kind * UNITS_PER_PLAYER
    first: cython.int = m.me * UNITS_PER_PLAYER
    for i in range(UNITS_PER_PLAYER):
        m.b[out + i] = -1
    for h in range(m.n):
        m.b[O_TAKEN + h] = 0
    if n_units > UNITS_PER_PLAYER:
        n_units = UNITS_PER_PLAYER
    for i in range(n_units):
        unit = m.b[O_LIST + i]
        e = paths.search(s, m, s.u_hex[unit], mode)
        for h in range(m.n):
            key = NO_OPTION
            if m.b[O_PCOST + e * MAX_HEX + h] < UNREACHABLE:
                key = _score(s, m, kind, unit, h, m.b[O_PCOST + e * MAX_HEX + h])
            m.b[O_AKEY + i * MAX_HEX + h] = key
        m.b[O_ABEST + i] = _best_hex(m, i)
        m.b[O_AUNIT + i] = 1
    while True:
        pick = -1
        best_key = NO_OPTION
        for i in range(n_units):
            if not m.b[O_AUNIT + i] or m.b[O_ABEST + i] < 0:
                continue
            key = m.b[O_AKEY + i * MAX_HEX + m.b[O_ABEST + i]]
            if key < best_key:  # units in ascending order: the lower unit wins a tie
                best_key = key
                pick = i
        if pick < 0:
            return
        best = m.b[O_ABEST + pick]
        m.b[O_AUNIT + pick] = 0
        m.b[O_TAKEN + best] = 1
        m.b[out + m.b[O_LIST + pick] - first] = best
        for j in range(n_units):
            if m.b[O_AUNIT + j] and m.b[O_ABEST + j] == best:
                m.b[O_ABEST + j] = _best_hex(m, j)


@cython.cfunc
@cython.exceptval(check=False)
def _best_hex(m: PolicyMemory, i: cython.int) -> cython.int:
    """Unit ``i``'s untaken hex of lowest score (-1 if none)."""
    best: cython.int = -1
    best_key: cython.int = NO_OPTION
    h: cython.int
    key: cython.int
    for h in range(m.n):
        key = m.b[O_AKEY + i * MAX_HEX + h]
        if key < best_key and not m.b[O_TAKEN + h]:
            best_key = key
            best = h
    return best


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _assign_mode(kind: cython.int) -> cython.int:
    return MODE_EXPLORER if kind == AK_EXPLORE else MODE_CIVIL


@cython.cfunc
@cython.exceptval(check=False)
def _score(s: State, m: PolicyMemory, kind: cython.int, unit: cython.int, h: cython.int,
           cost: cython.int) -> cython.int:
    """The score functions (exploration, colony sites, mining, pipelines)
    as exact integers; :data:`NO_OPTION` where the hex is no target for the unit."""
    deep: cython.bint = s.tables.region[h] < 0
    if kind == AK_EXPLORE:
        if s.h_face_up[h] or s.h_known[h] >> m.me & 1 or cost == 0:
            return NO_OPTION
        if s.u_type[unit] != SC and s.tables.region[h] != m.me:
            return NO_OPTION
        return (cost + (DEEP_SPACE_PENALTY if deep else 0)) * 1000 + h
    if kind == AK_COLONY:
        if not _colonisable(s, m, h, s.u_flags[unit] & F_TERRAFORM != 0):
            return NO_OPTION
        picture.near_flags(s, m)
        return (cost + (2 if deep else 0) + (4 if m.b[O_HX_NEAR + h] else 0)) * 1000 + h
    if kind == AK_MINE:
        return _mining_score(s, m, h, cost)
    if not m.b[O_PIPE + h]:
        return NO_OPTION
    return cost * 1000 + h


@cython.cfunc
@cython.exceptval(check=False)
def _mining_score(s: State, m: PolicyMemory, h: cython.int, cost: cython.int) -> cython.int:
    """Load value against the round trip: ((cost + back) - worth / 5 + h / 1000) x 5000."""
    back: cython.int = UNREACHABLE
    c: cython.int
    d: cython.int
    worth: cython.int
    if not (picture.face_up_is(s, h, M_MINERAL) or picture.face_up_is(s, h, M_WRECK)):
        return NO_OPTION
    for c in range(m.n):
        if picture.own_colony(s, m, c):
            d = picture.dist(s, m, h, c)
            if d < back:
                back = d
    if back >= UNREACHABLE:
        return NO_OPTION
    worth = 15 if s.h_marker[h] == M_WRECK else s.h_value[h]
    return (cost + back) * 5000 - worth * 1000 + 5 * h


@cython.cfunc
@cython.exceptval(check=False)
def _colonisable(s: State, m: PolicyMemory, h: cython.int, terraform: cython.bint) -> cython.bint:
    """A known free planet outside other empires' home systems and their homeworlds'
    reach (barren ones only with Terraforming), and with teamwork not one nearer an
    ally's homeworld (the ally's to take)."""
    p: cython.int
    home: cython.int
    if not (picture.face_up_is(s, h, M_PLANET) or
            (terraform and picture.face_up_is(s, h, M_BARREN))):
        return False
    if s.h_col_owner[h] >= 0 or m.b[O_HX_ARMED + h] > 0:
        return False
    if s.tables.region[h] != m.me and s.tables.region[h] >= 0:
        return False
    if s.tables.region[h] < 0 and picture.ally_nearer(s, m, h):
        return False
    for p in range(s.n_players):
        home = s.homeworld[p]
        if home >= 0 and m.hostile >> p & 1 and \
                picture.dist(s, m, h, home) <= THREAT_RADIUS:
            return False
    return True


if not cython.compiled:  # compiled: inline C in assignments.pxd, the same line

    def target_of(m: PolicyMemory, kind: int, unit: int) -> int:
        """The hex assigned to the own ``unit`` for ``kind`` (AK_*), -1 for none."""
        return m.b[O_TARGET + kind * UNITS_PER_PLAYER + unit - m.me * UNITS_PER_PLAYER]


@cython.cfunc
@cython.exceptval(check=False)
def list_type(s: State, m: PolicyMemory, unit_type: cython.int,
               empty_only: cython.bint) -> cython.int:
    """Own counters of one type into ``O_LIST`` (miners: without cargo if asked)."""
    n: cython.int = 0
    unit: cython.int
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == unit_type and not (empty_only and s.u_cargo[unit]):
            m.b[O_LIST + n] = unit
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def assigned(s: State, m: PolicyMemory, kind: cython.int) -> cython.void:
    """The colony, mining or pipeline assignment of this decision (computed once)."""
    n: cython.int
    if m.assign_ready >> kind & 1:
        return
    m.assign_ready |= 1 << kind
    if kind == AK_COLONY:
        n = list_type(s, m, CO, False)
    elif kind == AK_MINE:
        n = list_type(s, m, MINER, True)
    else:
        pipeline_plan(s, m)
        n = list_type(s, m, MS, False)
    _assign(s, m, kind, n)


@cython.cfunc
@cython.exceptval(check=False)
def explore(s: State, m: PolicyMemory, which: cython.int) -> cython.int:
    """The exploration assignment for the own scouts (``which`` 0), the explorer
    groups of the turn (1: flagged at ``O_EXPL``) or scouts and every warship (2);
    returns how many units took part."""
    n: cython.int = 0
    unit: cython.int
    t: cython.int
    first: cython.int = m.me * UNITS_PER_PLAYER
    for unit in range(first, first + UNITS_PER_PLAYER):
        t = s.u_type[unit]
        if t < 0:
            continue
        if (which == 0 and t == SC) or (which == 1 and m.b[O_EXPL + unit]) or \
                (which == 2 and (t == SC or picture.warship_type(t))):
            m.b[O_LIST + n] = unit
            n += 1
    _assign(s, m, AK_EXPLORE, n)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def pipeline_plan(s: State, m: PolicyMemory) -> cython.int:
    """Flags at ``O_PIPE``: the hexes wanted for pipelines (a chain from the homeworld
    to each own colony near home); returns how many."""
    h: cython.int
    at: cython.int
    between: cython.int
    e: cython.int
    count: cython.int = 0
    if m.pipe_ready:
        for h in range(m.n):
            count += m.b[O_PIPE + h]
        return count
    m.pipe_ready = 1
    for h in range(m.n):
        m.b[O_PIPE + h] = 0
    if m.home < 0:
        return 0
    e = paths.search(s, m, m.home, MODE_CIVIL)
    for h in range(m.n):
        if s.h_col_owner[h] != m.me or h == m.home or \
                picture.dist(s, m, m.home, h) > PIPELINE_REACH:
            continue
        if picture.dist(s, m, m.home, h) == 1:
            m.b[O_PIPE + m.home] = 1
            continue
        between = 0
        at = m.b[O_PPAR + e * MAX_HEX + h]
        while at >= 0 and at != m.home:
            between += 1
            at = m.b[O_PPAR + e * MAX_HEX + at]
        if at == m.home and between < PIPELINE_REACH:
            at = m.b[O_PPAR + e * MAX_HEX + h]
            while at != m.home:
                m.b[O_PIPE + at] = 1
                at = m.b[O_PPAR + e * MAX_HEX + at]
    for h in range(m.n):
        count += m.b[O_PIPE + h]
    return count


@cython.cfunc
@cython.exceptval(check=False)
def unclaimed_planets(s: State, m: PolicyMemory) -> cython.int:
    """Free planets a colony ship from home could reach that none is heading for."""
    e: cython.int
    h: cython.int
    unit: cython.int
    count: cython.int = 0
    claimed: cython.bint
    terraform: cython.bint = s.tech[m.me * N_TECHS + T_TERRAFORMING] > 0
    if m.home < 0:
        return 0
    assigned(s, m, AK_COLONY)
    e = paths.search(s, m, m.home, MODE_CIVIL)
    for h in range(m.n):
        if m.b[O_PCOST + e * MAX_HEX + h] >= UNREACHABLE or not _colonisable(s, m, h, terraform):
            continue
        claimed = False
        for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
            if s.u_type[unit] == CO and target_of(m, AK_COLONY, unit) == h:
                claimed = True
                break
        if not claimed:
            count += 1
    return count
