"""Entering a hex and what is found there: exploring, terrain, Lost in Space, peeks.

Rules (se4x-rules-summary.txt "Exploration" and the marker sections):

* a combat unit entering a hex destroys the enemy non-combat units it finds
  there alone (colony ships, miners, decoys without escort);
* planets, barren planets, minerals, nebulae, asteroids and space wrecks stay
  on the board face up; nebulae, asteroids and unexplored hexes end the
  entering unit's movement, and so do enemy combat units;
* a black hole makes every ship entering its hex roll a d10: 1-6 survives,
  7-10 is destroyed (also on later entries; the hole stays);
* Danger! destroys the units that discovered it and leaves empty space;
* a supernova sends the units back to the hex they came from and may never
  be entered afterwards;
* Lost in Space: the player to the discoverer's right shifts the units one
  hex in any direction (exploring or fighting where they land), then the
  marker is removed;
* in the basic game warp points and Doomsday Machines are empty space; with
  the warp points rule set (:mod:`se4x_core.rules.advanced.warp`) a revealed warp
  point stays face up with its number, and with the Doomsday Machines rule set
  (:mod:`se4x_core.rules.advanced.doomsday`) a revealed machine marker puts the machine
  on the board (the hex is empty space under it); a unit entering a machine's
  hex stops there.  A Lost in Space shift has no warp
  link to use: the Lost in Space hex is never a warp point;
* Exploration technology: a cruiser peeks at an adjacent marker before it
  moves, then reveals it or leaves it face down; a revealed marker with an
  immediate effect (black hole, Danger!, supernova, Lost in Space) is
  discarded without harming the cruiser.

Every way of entering a hex (a step, a Lost in Space shift, a retreat) ends
in :func:`arrive`, which is why it lives here and movement and combat both
call it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core import data

if TYPE_CHECKING:
    from se4x_core.events import EventLog

from se4x_core.rules import units
from se4x_core.rules.advanced import cloaking, doomsday
from se4x_core.rules.alist import ActionList, encode
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


# -- revealing markers ---------------------------------------------------------------
@cython.ccall
@cython.exceptval(-1, check=False)
def reveal(s: State, hex_index: cython.int, ev: EventLog | None,
           by_player: cython.int) -> cython.int:
    """Turn a marker face up for everyone; returns the marker."""
    marker: cython.int = s.h_marker[hex_index]
    s.h_face_up[hex_index] = 1
    if ev is not None:
        ev.emit(E_EXPLORED, VIS_ALL, hex_index, by_player, data.MARKER_KEYS[marker],
                s.h_value[hex_index])
    if marker == M_DOOMSDAY and s.options & OPT_DOOMSDAY:
        doomsday.place_machine(s, hex_index, s.h_value[hex_index])  # the marker becomes the machine
    if marker == M_DOOMSDAY or (marker == M_WARP and s.options & OPT_WARP_POINTS == 0):
        clear_marker(s, hex_index)  # empty space under the basic rules
    return marker


@cython.ccall
@cython.exceptval(check=False)
def clear_marker(s: State, hex_index: cython.int) -> cython.void:
    s.h_marker[hex_index] = M_EMPTY
    s.h_value[hex_index] = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def immediate_effect(marker: cython.int) -> cython.bint:
    """Markers that act once when found and go away if revealed from afar."""
    return (marker == M_BLACK_HOLE or marker == M_DANGER or marker == M_SUPERNOVA
            or marker == M_LOST)


# -- entering a hex -------------------------------------------------------------------
@cython.ccall
@cython.exceptval(-1, check=False)
def arrive(s: State, unit: cython.int, origin: cython.int, ev: EventLog | None) -> cython.int:
    """What happens when a unit enters a hex: catch enemies, explore, terrain."""
    here: cython.int = s.u_hex[unit]
    player: cython.int = unit // UNITS_PER_PLAYER
    if units.is_armed(s, unit):
        _destroy_unescorted_enemies(s, here, player, ev)
    if not s.h_face_up[here]:
        s.u_flags[unit] |= F_DONE
        explore(s, unit, origin, ev)
        return 0
    marker: cython.int = s.h_marker[here]
    if marker == M_NEBULA or marker == M_ASTEROID:
        s.u_flags[unit] |= F_DONE
    elif s.options & OPT_DOOMSDAY and doomsday.machine_at(s, here) >= 0:
        s.u_flags[unit] |= F_DONE  # a Doomsday Machine stops everyone, cloaked or not
    elif s.options & OPT_RAIDERS == 0:
        if units.enemy_armed_here(s, here, player):
            s.u_flags[unit] |= F_DONE
    elif cloaking.enemy_detected_here(s, here, player) and not cloaking.passes_unseen(s, unit):
        s.u_flags[unit] |= F_DONE  # raiders: cloaked ones pass, and stop no one
    if s.options & OPT_MINES and mines_stop(s, unit, here):
        s.u_flags[unit] |= F_DONE
    if marker == M_BLACK_HOLE:
        black_hole_rolls(s, unit, ev)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def mines_stop(s: State, unit: cython.int, hex_index: cython.int) -> cython.bint:
    """Does an enemy minefield in the hex end this unit's move?  Interpretation
    (docs/rules-interpretations.md#mines): mines strike ships "entering its hex", so a unit they may
    strike stops there, like a unit entering a hex with enemy ships; a raider cloaked
    against the mines' owner passes."""
    player: cython.int = unit // UNITS_PER_PLAYER
    other: cython.int
    for other in range(s.n_units):
        if s.u_type[other] == MINE and s.u_hex[other] == hex_index and \
                units.hostile(s, other // UNITS_PER_PLAYER, player) and \
                not cloaking.cloaked_at(s, unit, hex_index, other // UNITS_PER_PLAYER):
            return True
    return False


@cython.cfunc
@cython.exceptval(-1, check=False)
def _destroy_unescorted_enemies(s: State, hex_index: cython.int, player: cython.int,
                                ev: EventLog | None) -> cython.int:
    """Enemy non-combat units alone in a hex die when a combat unit enters."""
    if (units.enemy_units_here(s, hex_index, player) == 0
            or units.enemy_armed_here(s, hex_index, player)):
        return 0
    unit: cython.int
    for unit in range(s.n_units):
        if s.u_type[unit] >= 0 and s.u_hex[unit] == hex_index and \
                unit // UNITS_PER_PLAYER != player and s.u_type[unit] != MINE:
            units.destroy_unit(s, unit, ev, "caught unescorted")  # mines explode instead
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def explore(s: State, unit: cython.int, origin: cython.int, ev: EventLog | None) -> cython.int:
    """A unit has entered a face-down hex: reveal it and apply its effect."""
    here: cython.int = s.u_hex[unit]
    player: cython.int = unit // UNITS_PER_PLAYER
    marker: cython.int = reveal(s, here, ev, player)
    if marker == M_BLACK_HOLE:
        black_hole_rolls(s, unit, ev)
    elif marker == M_DANGER:
        units.destroy_unit(s, unit, ev, "Danger!")
        clear_marker(s, here)
    elif marker == M_SUPERNOVA:
        s.move_unit(unit, origin)
        if ev is not None:
            ev.emit(E_TURNED_BACK, VIS_ALL, unit, player, origin, here)
    elif marker == M_LOST:
        s.lost_unit = unit
        s.lost_chooser = units.player_to_right(s, player)
        s.phase = PH_LOST_SHIFT
        s.current_player = s.lost_chooser
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def black_hole_rolls(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """Every ship of the group rolls for survival in the open, for all to see."""
    count: cython.int = s.u_count[unit]
    lost: cython.int = 0
    die: cython.int
    _ship: cython.int
    rolls: list[int] | None = [] if ev is not None else None
    for _ship in range(count):
        die = units.roll(s)
        if die > BLACK_HOLE_SURVIVE_MAX:
            lost += 1
        if rolls is not None:
            rolls.append(die)
    if ev is not None:
        ev.emit(E_BLACK_HOLE, VIS_ALL, unit, unit // UNITS_PER_PLAYER, s.u_hex[unit], rolls, lost)
    if lost == count:
        units.destroy_unit(s, unit, ev, "black hole")
    else:
        s.set_count(unit, count - lost)
    return 0


# -- Lost in Space ----------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def shift_mask(s: State) -> cython.int:
    """Directions (bits 0-5) the Lost in Space chooser may shift the lost units."""
    here: cython.int = s.u_hex[s.lost_unit]
    mask: cython.int = 0
    d: cython.int
    target: cython.int
    for d in range(6):
        target = s.tables.nbr[here * 6 + d]
        if target < 0:
            continue
        if s.h_face_up[target] and s.h_marker[target] == M_SUPERNOVA:
            continue
        mask |= 1 << d
    return mask


@cython.cfunc
@cython.exceptval(check=False)
def legal_shift(s: State, out: ActionList) -> cython.void:
    mask: cython.int = shift_mask(s)
    d: cython.int
    for d in range(6):
        if mask >> d & 1:
            out.push(encode(A_SHIFT, d, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_shift(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    """Shift the lost units, remove the marker, and let them meet what is there."""
    direction: cython.int = (code >> 10) & 1023
    unit: cython.int = s.lost_unit
    origin: cython.int = s.u_hex[unit]
    target: cython.int = s.tables.nbr[origin * 6 + direction]
    s.lost_unit = -1
    s.lost_chooser = -1
    s.phase = PH_MOVEMENT
    s.current_player = unit // UNITS_PER_PLAYER
    s.move_unit(unit, target)
    s.u_flags[unit] |= F_DONE
    clear_marker(s, origin)
    if ev is not None:
        ev.emit(E_LOST_IN_SPACE_SHIFT, VIS_ALL, unit, unit // UNITS_PER_PLAYER, origin, target)
    arrive(s, unit, origin, ev)
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def no_shift_possible(s: State, ev: EventLog | None) -> cython.int:
    """Nowhere to go (supernovae all round): the units stay, the marker goes."""
    unit: cython.int = s.lost_unit
    clear_marker(s, s.u_hex[unit])
    s.lost_unit = -1
    s.lost_chooser = -1
    s.phase = PH_MOVEMENT
    s.current_player = unit // UNITS_PER_PLAYER
    if ev is not None:
        ev.emit(E_LOST_IN_SPACE_STUCK, VIS_ALL, unit, unit // UNITS_PER_PLAYER)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def default_shift(s: State) -> cython.int:
    """The default policy shifts in the first legal direction."""
    mask: cython.int = shift_mask(s)
    d: cython.int
    for d in range(6):
        if mask >> d & 1:
            return encode(A_SHIFT, d, 0)
    return -1


# -- Exploration technology ----------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def legal_peek(s: State, out: ActionList) -> cython.void:
    out.push(encode(A_REVEAL, 0, 0))
    out.push(encode(A_HIDE, 0, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_peek(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    """Reveal the peeked marker to all (discarding an immediate effect) or hide it."""
    hex_index: cython.int = s.peek_hex
    player: cython.int = s.peek_unit // UNITS_PER_PLAYER
    marker: cython.int
    if code >> 20 == A_REVEAL:
        marker = reveal(s, hex_index, ev, player)
        if immediate_effect(marker):
            clear_marker(s, hex_index)
            if ev is not None:
                ev.emit(E_MARKER_DISCARDED, VIS_ALL, hex_index, data.MARKER_KEYS[marker])
    elif ev is not None:
        ev.emit(E_PEEK_HIDDEN, VIS_ALL, hex_index, player)
    s.peek_unit = -1
    s.peek_hex = -1
    s.phase = PH_MOVEMENT
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def default_peek(s: State) -> cython.int:
    """The default policy reveals what it peeked at."""
    return encode(A_REVEAL, 0, 0)
