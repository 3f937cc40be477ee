"""Advanced rule: mines and minesweepers (config ``"advanced": ["mines"]``).

Rules (docs/charts.md#advanced-rules-data; reference manual, battle steps 2 and 3:
"reveal all units", "Defender detonates mines (after minesweeping)"; how se4x reads
them: docs/rules-interpretations.md#mines): a hex with the mover's units that moved
this turn and an enemy's mines starts a battle.  After decoys and the reveal, the
mover's minesweepers remove ``MINES_SWEPT[level]`` mines each (:func:`sweep`); then
each remaining mine destroys one ship of the owner's choice that entered the hex
(phase ``mines``: :func:`legal_mines`, :func:`detonate`), and the battle goes on
with what is left.  The combat phase (:mod:`se4x_core.rules.combat`) decides when;
this module says what mines may strike and what one does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core.kernel import battle_math
from se4x_core.rules import units
from se4x_core.rules.advanced import carriers, cloaking
from se4x_core.rules.alist import ActionList, encode
from se4x_core.rules.state import State

if TYPE_CHECKING:
    from se4x_core.events import EventLog

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


@cython.ccall
@cython.exceptval(check=False)
def mine_owner(s: State, hex_index: cython.int, attacker: cython.int) -> cython.int:
    """The lowest-numbered enemy of the mover with a mine in the hex, or -1."""
    unit: cython.int
    for unit in range(s.n_units):
        if s.u_type[unit] == MINE and s.u_hex[unit] == hex_index and \
                units.hostile(s, unit // UNITS_PER_PLAYER, attacker):
            return unit // UNITS_PER_PLAYER
    return -1


@cython.ccall
@cython.exceptval(check=False)
def first_mine(s: State, hex_index: cython.int, owner: cython.int) -> cython.int:
    """``owner``'s lowest-numbered mine in the hex, or -1."""
    unit: cython.int
    for unit in range(owner * UNITS_PER_PLAYER, (owner + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == MINE and s.u_hex[unit] == hex_index:
            return unit
    return -1


@cython.ccall
@cython.exceptval(check=False)
def is_mine_target(s: State, unit: cython.int, owner: cython.int,
                   hex_index: cython.int) -> cython.bint:
    """May ``owner``'s mines destroy a ship of this group of the mover?

    docs/charts.md#advanced-rules-data: "each remaining mine destroys one ship of the
    owner's choice entering its hex": a group that moved this turn (so entered it),
    any unit but decoys and mines; FAQ: mines work against cloaked raiders "only if
    enemy has Scanner Tech >= Cloaking Tech", a raider cloaked against the mines'
    owner there is spared (Scanners as :func:`cloaked_against` counts them).
    """
    unit_type: cython.int = s.u_type[unit]
    return (unit_type >= 0 and s.u_hex[unit] == hex_index and s.u_moved[unit] > 0
            and unit_type != DECOY and unit_type != MINE
            and not cloaking.cloaked_against(s, unit, owner))


@cython.ccall
@cython.exceptval(check=False)
def mine_target_count(s: State, hex_index: cython.int, attacker: cython.int,
                       owner: cython.int) -> cython.int:
    """Groups of the mover in the hex the mines of ``owner`` may strike."""
    n: cython.int = 0
    unit: cython.int
    for unit in range(attacker * UNITS_PER_PLAYER, (attacker + 1) * UNITS_PER_PLAYER):
        if is_mine_target(s, unit, owner, hex_index):
            n += 1
    return n


@cython.ccall
@cython.exceptval(-1, check=False)
def sweep(s: State, hex_index: cython.int, attacker: cython.int, owner: cython.int,
           ev: EventLog | None) -> cython.int:
    """The mover's minesweepers remove 1 (Mine Sweep 1) or 2 (level 2) mines each."""
    capacity: cython.int = 0
    swept: cython.int = 0
    unit: cython.int
    mine: cython.int
    for unit in range(attacker * UNITS_PER_PLAYER, (attacker + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == SW and s.u_hex[unit] == hex_index:
            capacity += s.u_count[unit] * MINES_SWEPT[units.special_level(s, unit)]
    while swept < capacity:
        mine = first_mine(s, hex_index, owner)
        if mine < 0:
            break
        units.destroy_unit(s, mine, ev, "swept")
        swept += 1
    if ev is not None and swept > 0:
        ev.emit(E_MINES_SWEPT, VIS_ALL, hex_index, owner, swept)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def await_choice(s: State) -> cython.bint:
    """Wait for the mines' owner (phase ``mines``) if a mine and a ship it may strike are
    left in the battle hex; False when the battle goes on without them."""
    if first_mine(s, s.b_hex, s.b_defender) < 0 or \
            mine_target_count(s, s.b_hex, s.b_attacker, s.b_defender) == 0:
        return False
    s.phase = PH_MINES
    s.current_player = s.b_defender
    return True


@cython.ccall
@cython.exceptval(-1, check=False)
def detonate(s: State, target: cython.int, ev: EventLog | None) -> cython.int:
    """One mine explodes and destroys one ship of the chosen group (a whole ship,
    whatever damage the group carries: its undamaged ships go first)."""
    mine: cython.int = first_mine(s, s.b_hex, s.b_defender)
    if ev is not None:
        ev.emit(E_MINE_EXPLODED, VIS_ALL, mine, s.b_defender, target, s.b_hex)
    units.destroy_unit(s, mine, ev, "exploded")
    return carriers.lose_ship(s, target, ev, "mine")


@cython.cfunc
@cython.exceptval(check=False)
def legal_mines(s: State, out: ActionList) -> cython.void:
    """One choice per group of the mover a mine may strike."""
    unit: cython.int
    for unit in range(s.b_attacker * UNITS_PER_PLAYER, (s.b_attacker + 1) * UNITS_PER_PLAYER):
        if is_mine_target(s, unit, s.b_defender, s.b_hex):
            out.push(encode(A_DETONATE, unit, 0))


@cython.cfunc
@cython.exceptval(check=False)
def default_mines(s: State) -> cython.int:
    """The default choice, the battle simulator's: the most expensive ship (then the
    larger hull, then the lowest-numbered group)."""
    best: cython.int = -1
    unit: cython.int
    unit_type: cython.int
    for unit in range(s.b_attacker * UNITS_PER_PLAYER, (s.b_attacker + 1) * UNITS_PER_PLAYER):
        if not is_mine_target(s, unit, s.b_defender, s.b_hex):
            continue
        unit_type = s.u_type[unit]
        if best < 0 or battle_math.better_mine_pick(
                UNIT_COST[unit_type], UNIT_HULL[unit_type],
                UNIT_COST[s.u_type[best]], UNIT_HULL[s.u_type[best]]):
            best = unit
    return encode(A_DETONATE, best, 0)
