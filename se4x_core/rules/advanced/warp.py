"""Advanced rule: warp points (config ``"advanced": ["warp_points"]``).

Rules (docs/charts.md#setup-and-economy and #advanced-rules-data; reference
manual "Warp Points": "allow instant travel between matching numbers"): the
Deep Space pool holds six warp points, three numbered 1 and three numbered 2.
With the basic rules an explored warp point is empty space.  With this rule
set it stays on the map face up, showing its number, and *two revealed warp
points of the same number are adjacent for every purpose, retreat included*.

How the engine reads that (revealed warp points only link, three of one number
are all adjacent, a warp step is one hex of movement under the usual entry
rules, retreats go through links and count a link as one hex, Lost in Space and
peeks never use one) is written out in docs/rules-interpretations.md#warp-points.
Here: the links (:func:`neighbours`, :func:`next_link`), the distances the
retreat rule counts (:func:`warp_distance`, :func:`walking_distance`).

Action codes: a move's or retreat's direction ``WARP_DIR + h`` (``WARP_DIR``
is 8, past the six directions) is the step through a link into hex ``h``
(:func:`step_target`).  A basic game never generates one, so every basic
action code, golden playthrough and perft count stays as it was; every check
sits behind ``s.options & OPT_WARP_POINTS``.
"""

from __future__ import annotations

import cython

from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

# Scratch for warp_distance: the revealed warp points, then their distances.
_WARPS = ActionList()


@cython.ccall
@cython.exceptval(check=False)
def step_target(s: State, origin: cython.int, direction: cython.int) -> cython.int:
    """The hex a step in ``direction`` from ``origin`` enters (a warp step's own hex)."""
    if direction >= WARP_DIR:
        return direction - WARP_DIR
    return s.tables.nbr[origin * 6 + direction]


@cython.ccall
@cython.exceptval(check=False)
def is_warp(s: State, hex_index: cython.int) -> cython.bint:
    """A revealed warp point (only ever on the map with the option on)."""
    return s.h_face_up[hex_index] != 0 and s.h_marker[hex_index] == M_WARP


@cython.ccall
@cython.exceptval(check=False)
def warp_linked(s: State, a: cython.int, b: cython.int) -> cython.bint:
    """``a`` and ``b`` are two revealed warp points of the same number, the option on."""
    return (s.options & OPT_WARP_POINTS != 0 and a != b and is_warp(s, a) and is_warp(s, b)
            and s.h_value[a] == s.h_value[b])


@cython.ccall
@cython.exceptval(check=False)
def next_link(s: State, hex_index: cython.int, after: cython.int) -> cython.int:
    """The lowest hex above ``after`` linked to ``hex_index`` by a warp link, or -1.

    Walk a hex's links with ``h = next_link(s, x, -1)`` and then
    ``h = next_link(s, x, h)`` until -1.
    """
    if s.options & OPT_WARP_POINTS == 0 or not is_warp(s, hex_index):
        return -1
    h: cython.int
    for h in range(after + 1, s.n_hexes):
        if warp_linked(s, hex_index, h):
            return h
    return -1


@cython.ccall
@cython.exceptval(check=False)
def neighbours(s: State, hex_index: cython.int, out: ActionList) -> cython.int:
    """Every hex adjacent to ``hex_index``, into ``out`` (cleared first): the board's
    neighbours in direction order, then the hexes linked to it; returns how many.

    The one question the rules ask for adjacency outside a unit's own step (where the
    direction matters and :func:`next_link` is asked beside the six directions):
    trade along MS pipeline chains, the Doomsday Machines' paths.
    """
    out.n = 0
    d: cython.int
    nb: cython.int
    for d in range(6):
        nb = s.tables.nbr[hex_index * 6 + d]
        if nb >= 0:
            out.push(nb)
    nb = next_link(s, hex_index, -1)
    while nb >= 0:
        out.push(nb)
        nb = next_link(s, hex_index, nb)
    return out.n


@cython.ccall
@cython.exceptval(check=False)
def warp_distance(s: State, a: cython.int, b: cython.int) -> cython.int:
    """Hex steps from ``a`` to ``b`` as the crow flies (``tables.dist``, the retreat
    rule's measure), each warp link one step: the distance the rules ask for."""
    return _linked_distance(s, a, b, s.tables.dist)


@cython.ccall
@cython.exceptval(check=False)
def walking_distance(s: State, a: cython.int, b: cython.int) -> cython.int:
    """Hex steps from ``a`` to ``b`` walking on the board (``tables.walk``, around its
    edges), each warp link one step: the distance a fleet travels (playout guidance)."""
    return _linked_distance(s, a, b, s.tables.walk)


@cython.cfunc
@cython.exceptval(check=False)
def _linked_distance(s: State, a: cython.int, b: cython.int,
                     table: cython.p_short) -> cython.int:
    """``table``'s distance shortened by any chain of warp links: a Bellman-Ford over
    the revealed warp points (six at most), so the cost stays small.  Without the rule
    set, the table's own entry."""
    n: cython.int = s.n_hexes
    best: cython.int = table[a * n + b]
    if s.options & OPT_WARP_POINTS == 0:
        return best
    w: ActionList = _WARPS
    k: cython.int = 0
    h: cython.int
    for h in range(n):
        if is_warp(s, h) and k < 32:
            w.codes[k] = h
            k += 1
    if k < 2:
        return best
    i: cython.int
    j: cython.int
    leg: cython.int
    changed: cython.bint = True
    _round: cython.int
    for i in range(k):  # codes[k + i]: steps from a to warp point i
        w.codes[k + i] = table[a * n + w.codes[i]]
    for _round in range(k):
        if not changed:
            break
        changed = False
        for i in range(k):
            for j in range(k):
                if i == j:
                    continue
                if s.h_value[w.codes[i]] == s.h_value[w.codes[j]]:
                    leg = 1
                else:
                    leg = table[w.codes[i] * n + w.codes[j]]
                if w.codes[k + i] + leg < w.codes[k + j]:
                    w.codes[k + j] = w.codes[k + i] + leg
                    changed = True
    for j in range(k):
        leg = w.codes[k + j] + table[w.codes[j] * n + b]
        if leg < best:
            best = leg
    return best


def links(s: State, hex_index: int) -> list[int]:
    """The hexes linked to ``hex_index`` (for Python callers and tests)."""
    out = []
    h = next_link(s, hex_index, -1)
    while h >= 0:
        out.append(h)
        h = next_link(s, hex_index, h)
    return out
