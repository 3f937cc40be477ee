"""Advanced rule: MS Pipelines (config ``advanced: ["pipelines"]``, option bit
``OPT_PIPELINES``).

The texts (docs/charts.md#advanced-rules-data; reference manual "MS Pipelines";
rules summary and help page "Movement" and "Non-Combat Units"):

    "MS Pipelines: +1 CP per colony linked to the homeworld by a chain; units
    starting and staying on a chain may move one extra hex along it."
    "Mining Ships, Colony Ships, MS Pipelines, and Mines only ever move 1 space
    per turn."
    "Colony Ships, Mining Ships, and MS Pipelines have no Combat ability and
    will be destroyed if caught alone ... They may not retreat."

The unit itself (3 CP, hull 1, one unit per counter, 20 counters, no
maintenance, built at ship yards like a colony ship, moves 1 hex, never
retreats, dies when caught without friendly combat units) needs no code of its
own: its chart row and traits (``TR_SINGLE | TR_SLOW``, unarmed, no
``TR_NO_YARD``) make the general rules treat it like a colony ship.  What this
module adds (the readings behind it, and why, are written out in
docs/rules-interpretations.md#pipelines):

* **Chain hex** (:func:`chain_hex`): a hex holding at least one of the player's
  pipelines and no hostile unit (any enemy counter: whether one is a decoy is
  hidden, and a link must be something everyone can see).  Any two adjacent
  chain hexes are linked (with the warp points rule set, two linked warp points
  are adjacent too); there is no separate "chain" object.
* **Trade income** (:func:`linked_colonies`, :func:`trade_income`; Economic
  Phase, step 2, beside colony income): +1 CP for each colony worth CP, not the
  homeworld and not blockaded, that a chain touching the homeworld's hex
  reaches (in or next to either end).
* **Movement aid** (:func:`mark_chain_starts`, :func:`chain_bonus`): whether a
  unit qualifies is decided at the start of its owner's turn (flag
  ``F_ON_CHAIN``, only for :func:`chain_mover` types) and lost at its first step
  onto a hex that is not a chain hex then; the extra step must end on a chain
  hex.
* **Hidden information.**  Pipeline counters are face up (``TR_FACE_UP``):
  everyone may compute everyone's trade links, and determinization never
  resamples them.
"""

from __future__ import annotations

import cython

from se4x_core.rules import units
from se4x_core.rules.advanced import warp
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

# Scratch for linked_colonies: the hexes adjacent to one hex (warp.neighbours).
_ADJACENT = ActionList()


@cython.ccall
@cython.exceptval(check=False)
def pipeline_at(s: State, hex_index: cython.int, player: cython.int) -> cython.bint:
    """One of ``player``'s MS pipelines is in the hex."""
    if s.hx_units[hex_index * s.n_players + player] == 0:
        return False
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == MS and s.u_hex[unit] == hex_index:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def chain_hex(s: State, hex_index: cython.int, player: cython.int) -> cython.bint:
    """A hex of ``player``'s chains: one of their pipelines, no hostile armed unit."""
    return pipeline_at(s, hex_index, player) and units.enemy_units_here(s, hex_index, player) == 0


@cython.ccall
@cython.exceptval(check=False)
def chain_mover(unit_type: cython.int) -> cython.bint:
    """Unit types that may take the extra hex: those moving at a Movement level."""
    return UNIT_TRAITS[unit_type] & (TR_SLOW | TR_IMMOBILE | TR_CARRIED) == 0


@cython.ccall
@cython.exceptval(check=False)
def mark_chain_starts(s: State, player: cython.int) -> cython.void:
    """Start of ``player``'s turn: flag the units that begin it on a chain hex."""
    if not s.options & OPT_PIPELINES:
        return
    first: cython.int = player * UNITS_PER_PLAYER
    pipe: cython.int
    unit: cython.int
    here: cython.int
    for pipe in range(first, first + UNITS_PER_PLAYER):
        if s.u_type[pipe] != MS:
            continue
        here = s.u_hex[pipe]
        if units.enemy_units_here(s, here, player):
            continue
        for unit in range(first, first + UNITS_PER_PLAYER):
            if s.u_type[unit] >= 0 and s.u_hex[unit] == here and chain_mover(s.u_type[unit]):
                s.u_flags[unit] |= F_ON_CHAIN


@cython.ccall
@cython.exceptval(check=False)
def chain_bonus(s: State, unit: cython.int) -> cython.int:
    """1 while the unit may still take the extra hex along its chain, else 0."""
    return 1 if s.u_flags[unit] & F_ON_CHAIN else 0


def linked_colonies(s: State, player: int) -> list[int]:
    """``player``'s colony hexes that earn trade now (see the module docstring), in hex order.

    A breadth-first walk over the chain hexes from those in or next to the
    homeworld's hex; a colony in or next to a reached hex is linked.  Run once
    per Economic Phase (and for the observation), so plain lists suffice.
    """
    linked: list[int] = []
    if not s.options & OPT_PIPELINES:
        return linked
    home: cython.int = s.homeworld[player]
    if home < 0 or s.h_col_owner[home] != player or units.enemy_units_here(s, home, player):
        return linked
    n: cython.int = s.n_hexes
    chain: bytearray = bytearray(n)
    reached: bytearray = bytearray(n)
    near: bytearray = bytearray(n)  # in or next to a reached chain hex
    unit: cython.int
    h: cython.int
    i: cython.int
    nb: cython.int
    any_chain: cython.bint = False
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == MS and not chain[s.u_hex[unit]] and \
                units.enemy_units_here(s, s.u_hex[unit], player) == 0:
            chain[s.u_hex[unit]] = 1
            any_chain = True
    if not any_chain:
        return linked
    frontier: list[int] = []
    if chain[home]:
        reached[home] = 1
        frontier.append(home)
    adjacent: ActionList = _ADJACENT
    warp.neighbours(s, home, adjacent)
    for i in range(adjacent.n):
        nb = adjacent.codes[i]
        if chain[nb] and not reached[nb]:
            reached[nb] = 1
            frontier.append(nb)
    while frontier:
        h = frontier.pop()
        near[h] = 1
        warp.neighbours(s, h, adjacent)
        for i in range(adjacent.n):
            nb = adjacent.codes[i]
            near[nb] = 1
            if chain[nb] and not reached[nb]:
                reached[nb] = 1
                frontier.append(nb)
    for h in range(n):
        if near[h] and h != home and s.h_col_owner[h] == player and s.h_col_cp[h] > 0 \
                and units.enemy_units_here(s, h, player) == 0:
            linked.append(h)
    return linked


def trade_income(s: State, player: int) -> int:
    """The trade bonus ``player`` would collect now: 1 CP per linked colony."""
    if not s.options & OPT_PIPELINES:
        return 0
    return len(linked_colonies(s, player))
