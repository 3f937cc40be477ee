"""Advanced rule: Doomsday Machines (config ``"advanced": ["doomsday"]``).

Rules (docs/charts.md#ship-technology-chart and #advanced-rules-data): the Deep
Space pool holds three Doomsday Machine markers (numbered 1-3; empty space
under the basic rules).  A machine is "class C, 9-2, hull 3, fires twice a
round, tactics 2; a roll of 1 hits it; no fleet-size bonus against it".
Machines "move up to 2 hexes toward the nearest planet, asteroid or ship, never
into home systems, and destroy planets they reach; killing one gives two space
wreck rolls".

How the engine reads that (docs/rules-interpretations.md#doomsday):

* **Appearing.** Revealing a machine's marker (by entering it, or a cruiser's
  peek) puts machine *n* (the marker's number) on that hex, face up for
  everyone; the marker itself is gone.  A machine belongs to nobody: it is no
  player's unit and decides nothing.  Its state is two small arrays of the
  game state, ``dm_hex`` (hex + 1, 0 when absent) and ``dm_hits``.
* **Entering its hex.** A machine is treated like enemy combat units: a unit
  entering its hex stops there, a non-combat unit may enter only where a
  friendly combat unit already is, and a retreat never goes there.  Cloaking
  does not hide from it and it does not trip mines (those rules are about
  empires).
* **Battle.** A player's units (mines aside) in a machine's hex fight it: in
  the player's own Combat phase, after any mines, before any enemy empire in
  the same hex.  The player is the side that decides (``b_attacker``); the
  machine is ``b_defender == MACHINE_SIDE`` and counts as the defender in
  the firing order (class C, tactics 2, terrain rules as for ships).  Its two
  shots are rolled at once when its turn comes, each at the group the
  auto-resolve would pick (:func:`se4x_core.rules.combat.default_target`).  Every
  shot at it hits on a roll of 1 whatever the attack; there is no fleet-size
  bonus in these battles (it is one ship, and none counts against it).  The
  player may screen (its ships outnumber one) and retreat from round 2 as
  usual.  A player with only non-combat units there loses them at once, as
  units caught without escort.  The third hit destroys the machine and the
  player who fired it rolls twice on the Space Wreck table at once.
* **Moving.** After every player has had a turn's movement and combat (so
  three times a round), each machine, in number order, moves up to 2 hexes.
  Its target is the nearest hex (fewest steps through Deep Space; ties to the
  lower hex number) holding a player's units (mines aside), a face-up planet
  (barren or not) or a face-up asteroid field other than the one it stands
  on; its path never enters a home system, a face-up supernova or black
  hole, or another machine's hex, and passes face-down markers without
  revealing them.  It stops on reaching its target and on entering a
  face-up nebula (terrain stops it as it stops ships); it never ends its
  move on a face-down marker (it cannot explore: it stops one hex short,
  or waits when both hexes it could end on are unexplored), so a machine's
  hex is always face up.  With no target in reach it stays.
* **Reaching.** Where a machine ends its move with a player's units, they
  fight it at once, in hex order (the machines' step, ``machine_step``).  A
  planet in the hex of a machine that ends its move there with nobody to
  fight is destroyed: its colony, if any, is lost and the hex becomes empty
  space.  A planet guarded by ships is destroyed at the machine's next move,
  if it wins and stays.

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
