"""The small decisions: where the homeworld goes, the bid, the player order, and
where an empire's units lost in space are shifted.
"""

from __future__ import annotations

import cython

from se4x_core.rules import economy
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import picture
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def place_homeworld(s: State, legal: ActionList) -> cython.int:
    """The home hex farthest from other regions, then the most central one."""
    me: cython.int = s.current_player
    n: cython.int = s.n_hexes
    i: cython.int
    h: cython.int
    o: cython.int
    code: cython.int
    depth: cython.int
    spread: cython.int
    best: cython.int = -1
    best_depth: cython.int = 0
    best_spread: cython.int = 0
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_PLACE:
            continue
        h = (code >> 10) & 1023
        depth = -1
        spread = 0
        for o in range(n):
            if s.tables.region[o] == me:
                spread += s.tables.dist[h * n + o]
            elif depth < 0 or s.tables.dist[h * n + o] < depth:
                depth = s.tables.dist[h * n + o]
        if depth < 0:
            depth = 0
        if best < 0 or depth > best_depth or (depth == best_depth and (
                spread < best_spread or (spread == best_spread and code < best))):
            best = code
            best_depth = depth
            best_spread = spread
    return best if best >= 0 else legal.codes[0]


@cython.cfunc
@cython.exceptval(check=False)
def _contact(s: State, m: PolicyMemory) -> cython.bint:
    """Does the player order matter now (enemies near home, or the fleet near theirs)?"""
    unit: cython.int
    h: cython.int
    t: cython.int
    if picture.threat_count(s, m, THREAT_RADIUS + 1) > 0:
        return True
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        t = s.u_type[unit]
        if not picture.warship_type(t) or t == SC:
            continue
        for h in range(m.n):
            if picture.hostile_colony(s, m, h) and \
                    picture.dist(s, m, s.u_hex[unit], h) <= THREAT_RADIUS + 1:
                return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def bid(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """One CP when the order matters, else nothing."""
    if _contact(s, m) and legal.contains((A_BID << 20) | (1 << 10)):
        return (A_BID << 20) | (1 << 10)
    return A_BID << 20


@cython.cfunc
@cython.exceptval(check=False)
def order_choice(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Last when defending, first when attacking (orders in the engine's enumeration:
    permutations of the living players in lexicographic order)."""
    want_first: cython.bint = m.b[O_WAR + m.me * N_WAR + W_ATTACK] >= 0 and \
        picture.threat_count(s, m, THREAT_RADIUS + 1) == 0
    seat: cython.int = 0 if want_first else economy.living_count(s) - 1
    i: cython.int
    code: cython.int
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_ORDER:
            continue
        if economy.order_seat(s, (code >> 10) & 1023, seat) == m.me:
            return code
    return legal.codes[0]


@cython.cfunc
@cython.exceptval(check=False)
def lost_shift(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Shift an enemy's lost units somewhere bad for them (ours somewhere safe)."""
    i: cython.int
    code: cython.int
    h: cython.int
    unit: cython.int
    hazard: cython.int
    key: cython.int
    best: cython.int = -1
    best_key: cython.int = 0
    ours: cython.bint
    guns: cython.bint
    here: cython.int
    if s.lost_unit < 0:
        return legal.codes[0]
    here = s.u_hex[s.lost_unit]
    ours = s.lost_unit // UNITS_PER_PLAYER == m.me
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_SHIFT:
            continue
        h = s.tables.nbr[here * 6 + ((code >> 10) & 1023)]
        if h < 0:
            continue
        if s.h_face_up[h]:
            hazard = 3 if s.h_marker[h] == M_BLACK_HOLE else 0
        else:
            hazard = 2 if s.tables.region[h] < 0 else 1
        if ours:
            guns = m.b[O_HX_ARMED + h] > 0
        else:
            guns = False
            for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
                if s.u_type[unit] >= 0 and s.u_hex[unit] == h and \
                        picture.armed_type(s.u_type[unit]):
                    guns = True
        key = (hazard + (2 if guns else 0)) * 4096 - h
        if best < 0 or (key < best_key if ours else key > best_key):
            best = code
            best_key = key
    return best if best >= 0 else legal.codes[0]
