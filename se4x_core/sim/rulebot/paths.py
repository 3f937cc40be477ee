"""Travel costs and cheapest paths for the three ways the player's units travel.

Explorers (scouts) may enter face-down hexes as destinations but never pass
through them; civilians (colony ships, miners, pipelines) keep to explored hexes
without enemies; the fleet avoids face-down Deep Space and pays extra to enter an
enemy stack.  Known deadly hexes are never entered.  Paths are Dijkstra over the
board's neighbour table plus the revealed warp links (a link is adjacency for
every purpose, as :mod:`se4x_core.rules.advanced.warp` says); one search per start
hex and way of travelling serves every goal, and a goal may be entered whatever
it holds (its cost is one step from its cheapest neighbour).  Searches are cached
in the memory while the picture stays the same.
"""

from __future__ import annotations

import cython

from se4x_core.rules.state import State
from se4x_core.sim.rulebot import picture
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def _enter_cost(s: State, m: PolicyMemory, h: cython.int, mode: cython.int) -> cython.int:
    """The cost of stepping into ``h`` travelling in ``mode`` (UNREACHABLE: never)."""
    if m.b[O_HX_DEADLY + h]:
        return UNREACHABLE
    enemy_armed: cython.bint = m.b[O_HX_ARMED + h] > 0 or m.b[O_HX_MACHINE + h] > 0
    marker: cython.int = s.h_marker[h]
    cost: cython.int
    if mode == MODE_CIVIL:
        if not s.h_face_up[h] or enemy_armed or picture.hostile_colony(s, m, h) or \
                m.b[O_HX_ENEMY + h] > 0:
            return UNREACHABLE
        return 1
    if mode == MODE_EXPLORER:
        return UNREACHABLE if enemy_armed else 1
    if not s.h_face_up[h]:
        return UNREACHABLE if s.tables.region[h] < 0 else 3
    cost = 2 if marker == M_NEBULA or marker == M_ASTEROID else 1
    return cost + (6 if enemy_armed else 0)


@cython.cfunc
@cython.exceptval(check=False)
def _enter_costs(s: State, m: PolicyMemory, mode: cython.int) -> cython.void:
    h: cython.int
    if m.enter_ready >> mode & 1:
        return
    m.enter_ready |= 1 << mode
    for h in range(m.n):
        m.b[O_ENTER + mode * MAX_HEX + h] = _enter_cost(s, m, h, mode)


@cython.cfunc
@cython.exceptval(check=False)
def _heap_push(m: PolicyMemory, size: cython.int, key: cython.int) -> cython.int:
    """Push ``key`` on the binary min-heap of ``size`` keys; returns the new size."""
    i: cython.int = size
    parent: cython.int
    if size >= HEAP_CAP:
        return size
    m.b[O_HEAP + i] = key
    while i > 0:
        parent = (i - 1) >> 1
        if m.b[O_HEAP + parent] <= key:
            break
        m.b[O_HEAP + i] = m.b[O_HEAP + parent]
        i = parent
    m.b[O_HEAP + i] = key
    return size + 1


@cython.cfunc
@cython.exceptval(check=False)
def _heap_pop(m: PolicyMemory, size: cython.int) -> cython.int:
    """Remove the smallest key (returned); the heap then holds ``size - 1`` keys."""
    top: cython.int = m.b[O_HEAP]
    last: cython.int = m.b[O_HEAP + size - 1]
    n: cython.int = size - 1
    i: cython.int = 0
    child: cython.int
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and m.b[O_HEAP + child + 1] < m.b[O_HEAP + child]:
            child += 1
        if m.b[O_HEAP + child] >= last:
            break
        m.b[O_HEAP + i] = m.b[O_HEAP + child]
        i = child
    if n > 0:
        m.b[O_HEAP + i] = last
    return top


@cython.cfunc
@cython.exceptval(check=False)
def search(s: State, m: PolicyMemory, start: cython.int, mode: cython.int) -> cython.int:
    """Cheapest travel costs from ``start`` in ``mode`` to every hex, and predecessors:
    the offset of the cache entry holding them (costs at ``O_PCOST + e * MAX_HEX``,
    predecessors at ``O_PPAR + e * MAX_HEX``).

    Dijkstra, deterministic to the node: pops in (cost,
    hex) order, a predecessor changes only on a strict improvement, explorers do
    not pass through face-down hexes.
    """
    key: cython.int = start * 4 + mode
    e: cython.int
    for e in range(N_CACHE):
        if m.b[O_PKEY + e] == key:
            return e
    e = m.cache_next
    m.cache_next = (e + 1) % N_CACHE
    m.b[O_PKEY + e] = key
    _enter_costs(s, m, mode)
    n: cython.int = m.n
    cost: cython.int = O_PCOST + e * MAX_HEX
    par: cython.int = O_PPAR + e * MAX_HEX
    steps: cython.int = O_ENTER + mode * MAX_HEX
    h: cython.int
    g: cython.int
    d: cython.int
    c: cython.int
    total: cython.int
    top: cython.int
    size: cython.int = 0
    link: cython.int
    for h in range(n):
        m.b[cost + h] = UNREACHABLE
        m.b[par + h] = -1
    m.b[cost + start] = 0
    size = _heap_push(m, size, start)
    while size > 0:
        top = _heap_pop(m, size)
        size -= 1
        c = top >> 10
        h = top & 1023
        if c > m.b[cost + h]:
            continue
        if mode == MODE_EXPLORER and h != start and not s.h_face_up[h]:
            continue
        for d in range(6):
            g = s.tables.nbr[h * 6 + d]
            if g < 0:
                continue
            total = c + m.b[steps + g]
            if total < m.b[cost + g] and m.b[steps + g] < UNREACHABLE:
                m.b[cost + g] = total
                m.b[par + g] = h
                size = _heap_push(m, size, (total << 10) | g)
        if m.n_warps >= 2 and s.h_face_up[h] and s.h_marker[h] == M_WARP:
            for link in range(m.n_warps):
                g = m.b[O_WARPS + link]
                if g == h or s.h_value[g] != s.h_value[h]:
                    continue
                total = c + m.b[steps + g]
                if total < m.b[cost + g] and m.b[steps + g] < UNREACHABLE:
                    m.b[cost + g] = total
                    m.b[par + g] = h
                    size = _heap_push(m, size, (total << 10) | g)
    return e


@cython.cfunc
@cython.exceptval(check=False)
def goal_parent(s: State, m: PolicyMemory, e: cython.int, goal: cython.int,
                 mode: cython.int) -> cython.int:
    """The predecessor of ``goal`` on the cheapest path when the goal may be entered
    whatever it holds (its cost one step): its neighbour with the lowest (cost, hex)
    that the search expanded.  -1 if none (or the goal is deadly)."""
    start: cython.int = m.b[O_PKEY + e] >> 2
    cost: cython.int = O_PCOST + e * MAX_HEX
    if m.b[O_HX_DEADLY + goal]:
        return m.b[O_PPAR + e * MAX_HEX + goal]
    best: cython.int = -1
    best_cost: cython.int = UNREACHABLE
    g: cython.int
    d: cython.int
    for d in range(6 + m.n_warps):
        if d < 6:
            g = s.tables.nbr[goal * 6 + d]
        else:
            g = m.b[O_WARPS + d - 6]
            if g == goal or not (s.h_face_up[goal] and s.h_marker[goal] == M_WARP) or \
                    s.h_value[g] != s.h_value[goal]:
                continue
        if g < 0 or m.b[cost + g] >= UNREACHABLE:
            continue
        if mode == MODE_EXPLORER and g != start and not s.h_face_up[g]:
            continue
        if m.b[cost + g] < best_cost or (m.b[cost + g] == best_cost and g < best):
            best_cost = m.b[cost + g]
            best = g
    return best


@cython.cfunc
@cython.exceptval(check=False)
def goal_cost(s: State, m: PolicyMemory, start: cython.int, mode: cython.int,
               goal: cython.int) -> cython.int:
    """Travel cost from ``start`` to ``goal`` entering the goal whatever it holds
    (one step from its cheapest expanded neighbour)."""
    e: cython.int = search(s, m, start, mode)
    if goal == start:
        return 0
    if m.b[O_HX_DEADLY + goal]:
        return m.b[O_PCOST + e * MAX_HEX + goal]
    g: cython.int = goal_parent(s, m, e, goal, mode)
    if g < 0:
        return UNREACHABLE
    return m.b[O_PCOST + e * MAX_HEX + g] + 1


@cython.cfunc
@cython.exceptval(check=False)
def first_step(s: State, m: PolicyMemory, start: cython.int, mode: cython.int,
                goal: cython.int) -> cython.int:
    """The hex after ``start`` on the way to ``goal`` (-1 if none)."""
    e: cython.int = search(s, m, start, mode)
    par: cython.int = O_PPAR + e * MAX_HEX
    h: cython.int = goal_parent(s, m, e, goal, mode)
    if h < 0:
        return -1
    if h == start:
        return goal
    while m.b[par + h] != start:
        if m.b[par + h] < 0:
            return -1
        h = m.b[par + h]
    return h
