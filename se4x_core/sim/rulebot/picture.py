"""The board as the deciding player reads it, once per decision.

Why a picture: every rule asks the same few questions of a hex (are there enemy
counters, armed ones, is it deadly, is a Doomsday Machine there) many times per
decision, so :func:`begin` answers them once into the memory, and the travel costs
and paths built on them are kept for as long as the picture stays the same.  It
reads the state only as the player may know it: markers face up, or face down and
peeked at (``h_known``); enemy counters as the state has them, which is the
player's information set at the table and a determinization inside a search.
"""

from __future__ import annotations

import cython

from se4x_core.rules import units
from se4x_core.rules.advanced import warp
from se4x_core.rules.state import State
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def begin(s: State, m: PolicyMemory) -> cython.void:
    """The per-decision picture: who decides, the enemy counters and deadly hexes per
    hex, the warp points; lazily filled parts are marked stale.

    The travel costs and paths depend on that picture only (never on the player's
    own counters), so they are kept from the previous decision while it is the
    same player's and every hex looks the same (``O_SIG``): a group's steps through
    explored space reuse the searches of the step before.
    """
    me: cython.int = s.current_player
    n: cython.int = s.n_hexes
    h: cython.int
    p: cython.int
    i: cython.int
    sig: cython.int
    hostile: cython.int = 0
    same: cython.bint = m.me == me and m.tables is s.tables
    for p in range(s.n_players):
        if s.alive[p] and units.hostile(s, me, p):
            hostile |= 1 << p
    m.me = me
    m.n = n
    m.tables = s.tables
    m.hostile = hostile
    m.home = s.homeworld[me]
    m.near_ready = 0
    m.assign_ready = 0
    m.pipe_ready = 0
    m.n_warps = 0
    for h in range(n):
        m.b[O_HX_MACHINE + h] = 0
    if s.options & OPT_DOOMSDAY:
        for i in range(MAX_MACHINES):
            if s.dm_hex[i] > 0:
                m.b[O_HX_MACHINE + s.dm_hex[i] - 1] = s.dm_hits[i] + 1
    for h in range(n):
        sig = _picture_hex(s, m, h)
        if m.b[O_SIG + h] != sig:
            m.b[O_SIG + h] = sig
            same = False
    if not same:
        m.enter_ready = 0
        m.cache_next = 0
        for i in range(N_CACHE):
            m.b[O_PKEY + i] = -1


@cython.cfunc
@cython.exceptval(check=False)
def _picture_hex(s: State, m: PolicyMemory, h: cython.int) -> cython.int:
    """Hex ``h`` as the player sees it: hostile counters (all, armed), deadly or not,
    a revealed warp point listed; returns what the travel costs read of it, packed."""
    enemy: cython.int = 0
    armed: cython.int = 0
    p: cython.int
    marker: cython.int = s.h_marker[h]
    deadly: cython.bint
    sig: cython.int
    for p in range(s.n_players):
        if m.hostile >> p & 1:
            enemy += s.hx_units[h * s.n_players + p]
            armed += s.hx_armed[h * s.n_players + p]
    m.b[O_HX_ENEMY + h] = enemy
    m.b[O_HX_ARMED + h] = armed
    if s.h_face_up[h]:
        deadly = marker == M_SUPERNOVA or marker == M_BLACK_HOLE
        if marker == M_WARP and s.options & OPT_WARP_POINTS and m.n_warps < 16:
            m.b[O_WARPS + m.n_warps] = h
            m.n_warps += 1
        sig = 1 + (marker << 1)
    else:  # a marker known only by peeking at it
        deadly = s.h_known[h] >> m.me & 1 != 0 and (
            marker == M_DANGER or marker == M_BLACK_HOLE or marker == M_SUPERNOVA
            or marker == M_LOST)
        sig = 0
    m.b[O_HX_DEADLY + h] = deadly
    sig |= (deadly << 6) | ((enemy > 0) << 7) | ((armed > 0) << 8) | (
        (m.b[O_HX_MACHINE + h] > 0) << 9)
    if s.h_col_owner[h] >= 0 and m.hostile >> s.h_col_owner[h] & 1:
        sig |= 1 << 10
    return sig


# -- the one-line questions every loop asks -----------------------------------------
# Compiled, they are inline C in picture.pxd, so that the other modules' loops over
# every unit and hex pay no call for them; these are the same lines for the
# interpreted build (tests/build/test_modes_agree.py plays both builds).
if not cython.compiled:

    def dist(s: State, m: PolicyMemory, a: int, b: int) -> int:
        """Hex steps from ``a`` to ``b``, a warp link one step (the rules' distance,
        :func:`se4x_core.rules.advanced.warp.warp_distance`; the board's table itself
        while the picture holds fewer than two revealed warp points)."""
        if m.n_warps < 2:
            return s.tables.dist[a * m.n + b]
        return warp.warp_distance(s, a, b)

    def own(s: State, m: PolicyMemory, unit: int) -> bool:
        return s.u_type[unit] >= 0 and unit // UNITS_PER_PLAYER == m.me

    def enemy_unit(s: State, m: PolicyMemory, unit: int) -> bool:
        """A counter of a living hostile empire."""
        return s.u_type[unit] >= 0 and m.hostile >> (unit // UNITS_PER_PLAYER) & 1 != 0

    def armed_type(unit_type: int) -> bool:
        return unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_ARMED != 0

    def warship_type(unit_type: int) -> bool:
        return unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_WARSHIP != 0

    def face_up_is(s: State, h: int, marker: int) -> bool:
        return s.h_face_up[h] != 0 and s.h_marker[h] == marker

    def hostile_colony(s: State, m: PolicyMemory, h: int) -> bool:
        owner: int = s.h_col_owner[h]
        return owner >= 0 and m.hostile >> owner & 1 != 0

    def own_colony(s: State, m: PolicyMemory, h: int) -> bool:
        """An own colony not blockaded (deliveries there pay)."""
        return s.h_col_owner[h] == m.me and m.b[O_HX_ARMED + h] == 0

    def unit_value(s: State, unit: int) -> int:
        return UNIT_COST[s.u_type[unit]] * s.u_count[unit]


@cython.cfunc
@cython.exceptval(check=False)
def enemy_home(s: State, m: PolicyMemory, h: cython.int) -> cython.bint:
    """``h`` is the homeworld of a living hostile empire."""
    p: cython.int
    if h < 0:
        return False
    for p in range(s.n_players):
        if s.homeworld[p] == h and m.hostile >> p & 1:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def threat_count(s: State, m: PolicyMemory, radius: cython.int) -> cython.int:
    """Enemy combat counters within ``radius`` hexes of the homeworld."""
    count: cython.int = 0
    unit: cython.int
    if m.home < 0:
        return 0
    for unit in range(s.n_units):
        if enemy_unit(s, m, unit) and armed_type(s.u_type[unit]) and \
                dist(s, m, s.u_hex[unit], m.home) <= radius:
            count += 1
    return count


@cython.cfunc
@cython.exceptval(check=False)
def near_flags(s: State, m: PolicyMemory) -> cython.void:
    """Per hex: bit 1, an enemy combat counter within two hexes; bit 2, a Doomsday
    Machine could reach it in its next move (computed once per decision)."""
    h: cython.int
    unit: cython.int
    i: cython.int
    if m.near_ready:
        return
    m.near_ready = 1
    for h in range(m.n):
        m.b[O_HX_NEAR + h] = 0
    for unit in range(s.n_units):
        if enemy_unit(s, m, unit) and armed_type(s.u_type[unit]):
            for h in range(m.n):
                if dist(s, m, s.u_hex[unit], h) <= 2:
                    m.b[O_HX_NEAR + h] |= 1
    if s.options & OPT_DOOMSDAY:
        for i in range(MAX_MACHINES):
            if s.dm_hex[i] > 0:
                for h in range(m.n):
                    if dist(s, m, s.dm_hex[i] - 1, h) <= DOOMSDAY_MOVE:
                        m.b[O_HX_NEAR + h] |= 2


@cython.cfunc
@cython.exceptval(check=False)
def enemy_has(s: State, m: PolicyMemory, unit_type: cython.int) -> cython.bint:
    unit: cython.int
    for unit in range(s.n_units):
        if s.u_type[unit] == unit_type and enemy_unit(s, m, unit):
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def teamwork(s: State, m: PolicyMemory, part: cython.int) -> cython.bint:
    """The deciding player plays ``part`` (a TEAM_* bit) with its allies: team play, that
    part of its strategy's teamwork on and an ally alive."""
    p: cython.int
    if s.team[m.me] == 0 or not m.number(S_TEAMWORK) & part:
        return False
    for p in range(s.n_players):
        if p != m.me and s.alive[p] and s.team[p] == s.team[m.me]:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def near_ally_home(s: State, m: PolicyMemory, h: cython.int, radius: cython.int) -> cython.bint:
    """``h`` lies within ``radius`` of a living ally's homeworld (teamwork on)."""
    p: cython.int
    if not teamwork(s, m, TEAM_DEFENCE):
        return False
    for p in range(s.n_players):
        if p != m.me and s.alive[p] and s.team[p] == s.team[m.me] and s.homeworld[p] >= 0 \
                and dist(s, m, h, s.homeworld[p]) <= radius:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def ally_nearer(s: State, m: PolicyMemory, h: cython.int) -> cython.bint:
    """A living ally's homeworld is nearer ``h`` than the own (on a tie, the ally with
    the lower number's): teamwork leaves such deep-space planets to the ally."""
    p: cython.int
    mine: cython.int
    theirs: cython.int
    if m.home < 0 or not teamwork(s, m, TEAM_PLANETS):
        return False
    mine = dist(s, m, h, m.home)
    for p in range(s.n_players):
        if p != m.me and s.alive[p] and s.team[p] == s.team[m.me] and s.homeworld[p] >= 0:
            theirs = dist(s, m, h, s.homeworld[p])
            if theirs < mine or (theirs == mine and p < m.me):
                return True
    return False
