"""Advanced rule: Doomsday Machines (config ``"advanced": ["doomsday"]``).

Rules (docs/charts.md#ship-technology-chart and #advanced-rules-data): the Deep
Space pool holds three Doomsday Machine markers (numbered 1-3; empty space
under the basic rules).  A machine is "class C, 9-2, hull 3, fires twice a
round, tactics 2; a roll of 1 hits it; no fleet-size bonus against it".
Machines "move up to 2 hexes toward the nearest planet, asteroid or ship, never
into home systems, and destroy planets they reach; killing one gives two space
wreck rolls".

How the engine reads that (where machines appear, why their hex counts as
enemy combat units, who fights them and in which order, how they choose their
target and path, what they destroy) is written out in
docs/rules-interpretations.md#doomsday.  In the code:

* a machine's state is two small arrays of the game state, ``dm_hex`` (hex + 1,
  0 while unrevealed or once destroyed) and ``dm_hits``;
  :func:`place_machine` puts one on the board, :func:`machine_at` and
  :func:`units_meet_machine` answer the movement and combat phases;
* in a battle against a machine the player decides (``b_attacker``) and the
  machine is ``b_defender == MACHINE_SIDE``, firing as the defender (class C,
  tactics 2); its two shots go at :func:`se4x_core.rules.combat.default_target`,
  and :func:`hit_machine` scores a hit (the third destroys it and rolls the
  Space Wreck table twice for the player who fired);
* after every turn's last player :func:`move_machines` moves each machine in
  number order (:func:`_nearest_target`, :func:`_next_on_path`), and the units
  it reaches fight it in the machines' step (``machine_step``).

Every check sits behind ``s.options & OPT_DOOMSDAY``: the basic game never
reveals a machine, so its golden playthroughs do not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core import data

if TYPE_CHECKING:
    from se4x_core.events import EventLog
    from se4x_core.rules.economy import WreckRolls

from se4x_core.rules import economy, units
from se4x_core.rules.advanced import warp
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

# Scratch for the machines' search: [0, n) the queue, [n, 2n) each hex's parent
# (-1 unseen), [2n, 3n) 1 where a player's units (mines aside) are.
_SCRATCH = ActionList()
# The hexes adjacent to the one being searched from (warp.neighbours).
_ADJACENT = ActionList()


# -- where the machines are ------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def machine_at(s: State, hex_index: cython.int) -> cython.int:
    """The index (0-2) of the machine in the hex, or -1."""
    i: cython.int
    for i in range(MAX_MACHINES):
        if s.dm_hex[i] == hex_index + 1:
            return i
    return -1


@cython.ccall
@cython.exceptval(check=False)
def machines_live(s: State) -> cython.int:
    """How many machines are on the board."""
    n: cython.int = 0
    i: cython.int
    for i in range(MAX_MACHINES):
        if s.dm_hex[i] > 0:
            n += 1
    return n


@cython.ccall
@cython.exceptval(check=False)
def units_meet_machine(s: State, hex_index: cython.int, player: cython.int) -> cython.bint:
    """``player`` has units other than mines in the hex (the machine's business)."""
    unit: cython.int
    if s.hx_units[hex_index * s.n_players + player] == 0:
        return False
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_type[unit] != MINE and s.u_hex[unit] == hex_index:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def machine_opponent(s: State, hex_index: cython.int) -> cython.int:
    """The lowest-numbered player with units (mines aside) in a machine's hex, or -1."""
    p: cython.int
    if machine_at(s, hex_index) < 0:
        return -1
    for p in range(s.n_players):
        if units_meet_machine(s, hex_index, p):
            return p
    return -1


@cython.ccall
@cython.exceptval(check=False)
def place_machine(s: State, hex_index: cython.int, number: cython.int) -> cython.void:
    """A revealed marker: machine ``number`` (1-3) stands on the hex, unharmed."""
    s.dm_hex[number - 1] = hex_index + 1
    s.dm_hits[number - 1] = 0


# -- hits -------------------------------------------------------------------------------
@cython.ccall
@cython.exceptval(-1, check=False)
def hit_machine(s: State, index: cython.int, player: cython.int,
                ev: EventLog | None) -> cython.int:
    """One hit from ``player``'s ship; the third destroys it: two wreck rolls for
    ``player``, rolled at once (their levels apply like any wreck's)."""
    s.dm_hits[index] += 1
    if ev is not None:
        ev.emit(E_MACHINE_HIT, VIS_ALL, index + 1, player, s.dm_hits[index])
    if s.dm_hits[index] < DOOMSDAY_HULL:
        return 0
    hex_index: cython.int = s.dm_hex[index] - 1
    s.dm_hex[index] = 0
    s.dm_hits[index] = 0
    wrecks: WreckRolls | None = [] if ev is not None else None
    _roll: cython.int
    for _roll in range(DOOMSDAY_WRECK_ROLLS):
        economy.space_wreck(s, player, wrecks)
    if ev is not None:
        ev.emit(E_MACHINE_DESTROYED, VIS_ALL, index + 1, player, hex_index, wrecks)
    return 0


# -- moving -----------------------------------------------------------------------------
@cython.ccall
@cython.exceptval(-1, check=False)
def move_machines(s: State, ev: EventLog | None) -> cython.int:
    """The machines' step: each machine, in number order, moves and may destroy a planet."""
    i: cython.int
    for i in range(MAX_MACHINES):
        if s.dm_hex[i] > 0:
            _move_machine(s, i, ev)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _move_machine(s: State, index: cython.int, ev: EventLog | None) -> cython.int:
    here: cython.int = s.dm_hex[index] - 1
    target: cython.int = _nearest_target(s, here)
    if target >= 0 and target != here:
        _step_toward(s, index, here, target, ev)
        here = s.dm_hex[index] - 1
    if machine_opponent(s, here) < 0 and _planet_at(s, here):
        _destroy_planet(s, index, here, ev)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step_toward(s: State, index: cython.int, here: cython.int, target: cython.int,
                 ev: EventLog | None) -> cython.int:
    """Up to two steps along the search's path: it stops on entering a nebula (like
    ships), and never ends its move on a face-down marker (it cannot explore), so its
    hex is always face up."""
    first: cython.int = _next_on_path(s, here, target)
    second: cython.int = -1
    if first != target and not _nebula_at(s, first):
        second = _next_on_path(s, first, target)
    if second >= 0 and not s.h_face_up[second]:
        second = -1
    if second < 0 and not s.h_face_up[first]:
        return 0  # both hexes it could end on are unexplored: it waits
    _step(s, index, here, first, ev)
    if second >= 0:
        _step(s, index, first, second, ev)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _next_on_path(s: State, here: cython.int, target: cython.int) -> cython.int:
    """The hex after ``here`` on the search's path to ``target`` (parents in the scratch)."""
    n: cython.int = s.n_hexes
    path: cython.int = target
    while _SCRATCH.codes[n + path] != here:
        path = _SCRATCH.codes[n + path]
    return path


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(s: State, index: cython.int, origin: cython.int, hex_index: cython.int,
          ev: EventLog | None) -> cython.int:
    s.dm_hex[index] = hex_index + 1
    if ev is not None:
        ev.emit(E_MACHINE_MOVED, VIS_ALL, index + 1, origin, hex_index)
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _nebula_at(s: State, hex_index: cython.int) -> cython.bint:
    return s.h_face_up[hex_index] != 0 and s.h_marker[hex_index] == M_NEBULA


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _planet_at(s: State, hex_index: cython.int) -> cython.bint:
    marker: cython.int = s.h_marker[hex_index]
    return s.h_face_up[hex_index] != 0 and (marker == M_PLANET or marker == M_BARREN)


@cython.cfunc
@cython.exceptval(check=False)
def _passable(s: State, hex_index: cython.int) -> cython.bint:
    """Deep Space, no face-up supernova or black hole, no other machine."""
    marker: cython.int = s.h_marker[hex_index]
    return (s.tables.region[hex_index] < 0 and machine_at(s, hex_index) < 0
            and not (s.h_face_up[hex_index]
                     and (marker == M_SUPERNOVA or marker == M_BLACK_HOLE)))


@cython.cfunc
@cython.exceptval(check=False)
def _nearest_target(s: State, start: cython.int) -> cython.int:
    """Breadth-first from the machine's hex through passable hexes (a warp link is a
    step like any other, :func:`se4x_core.rules.advanced.warp.neighbours`); the first target
    met at the smallest distance, lowest hex number among equals.  Parents are left in
    the scratch for :func:`_move_machine` to walk back along."""
    n: cython.int = s.n_hexes
    w: ActionList = _SCRATCH
    h: cython.int
    unit: cython.int
    for h in range(n):
        w.codes[n + h] = -1
        w.codes[2 * n + h] = 0
    for unit in range(s.n_units):
        if s.u_type[unit] >= 0 and s.u_type[unit] != MINE:
            w.codes[2 * n + s.u_hex[unit]] = 1
    if _is_target(s, start, start):
        return start
    w.codes[0] = start
    w.codes[n + start] = start
    head: cython.int = 0
    tail: cython.int = 1
    level_end: cython.int
    best: cython.int
    i: cython.int
    nb: cython.int
    adjacent: ActionList = _ADJACENT
    while head < tail:
        level_end = tail
        best = -1
        while head < level_end:  # one distance at a time: the lowest hex number wins
            h = w.codes[head]
            head += 1
            warp.neighbours(s, h, adjacent)
            for i in range(adjacent.n):
                nb = adjacent.codes[i]
                if w.codes[n + nb] >= 0 or not _passable(s, nb):
                    continue
                w.codes[n + nb] = h
                w.codes[tail] = nb
                tail += 1
                if _is_target(s, nb, start) and (best < 0 or nb < best):
                    best = nb
        if best >= 0:
            return best
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _is_target(s: State, hex_index: cython.int, start: cython.int) -> cython.bint:
    """Units (mines aside), a face-up planet, or a face-up asteroid field it is not on."""
    if _SCRATCH.codes[2 * s.n_hexes + hex_index]:
        return True
    if _planet_at(s, hex_index):
        return True
    return (hex_index != start and s.h_face_up[hex_index] != 0
            and s.h_marker[hex_index] == M_ASTEROID)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _destroy_planet(s: State, index: cython.int, hex_index: cython.int,
                    ev: EventLog | None) -> cython.int:
    """The machine reached an unguarded planet: the colony and the planet are gone."""
    owner: cython.int = s.h_col_owner[hex_index]
    units.clear_colony(s, hex_index)
    s.h_marker[hex_index] = M_EMPTY
    s.h_value[hex_index] = 0
    if ev is not None:
        ev.emit(E_PLANET_DESTROYED, VIS_ALL, hex_index, owner, index + 1)
    return 0


# -- for the facade and tests ------------------------------------------------------------
def machines(s: State) -> list[tuple[int, int, int]]:
    """Every machine on the board: (number 1-3, hex, hits taken)."""
    return [(i + 1, s.dm_hex[i] - 1, s.dm_hits[i]) for i in range(MAX_MACHINES)
            if s.dm_hex[i] > 0]


def is_machine_unit(unit: int) -> bool:
    """A firing key's or fire action's number that stands for a machine."""
    return unit >= MACHINE_UNIT


MACHINE_NAMES = tuple(f"Doomsday Machine {i + 1}" for i in range(data.MAX_MACHINES))
