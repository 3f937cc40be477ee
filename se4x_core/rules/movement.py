"""The Movement phase: moving, splitting and merging groups, colonising,
towing minerals and wrecks, and peeking with Exploration technology.

Rules (se4x-rules-summary.txt "Movement", "Planets and Colonization",
"Minerals"; docs/charts.md#movement-schedule):

* a unit moves one hex per step up to its allowance for the turn; colony
  ships and miners always 1, yards and bases never, decoys at the owner's
  current Movement level, other units at the level they were built with;
* unexplored hexes, nebulae and asteroids may be entered only as the first
  step of the turn (so from an adjacent hex) and end the unit's movement;
* non-combat units (colony ships, miners, decoys) may not enter an
  unexplored hex, or one with an enemy unit or colony, unless a friendly
  combat unit is already there;
* entering a hex with enemy combat units ends movement (combat follows);
  enemy non-combat units caught alone are destroyed on entry;
* a player completes one unit's movement before moving another;
* known supernovae may never be entered;
* MS Pipelines (advanced, ``OPT_PIPELINES``): a unit that began its turn on
  a chain hex and has entered only chain hexes may take one extra step onto
  a chain hex (see :mod:`se4x_core.rules.advanced.pipelines`).
* warp points rule set (:mod:`se4x_core.rules.advanced.warp`): a unit on a revealed
  warp point may also step to every other revealed warp point of its number,
  as one hex of movement (direction ``WARP_DIR + hex``).

Legal moves are generated from the state's per-hex occupancy counts with
typed loops, straight into an :class:`ActionList`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core import data

if TYPE_CHECKING:
    from se4x_core.events import EventLog

from se4x_core.rules import combat, exploration, units
from se4x_core.rules.advanced import carriers, cloaking, doomsday, pipelines, warp
from se4x_core.rules.alist import ActionList, encode
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


@cython.ccall
@cython.exceptval(check=False)
def start_turn(s: State, player: cython.int) -> cython.void:
    """Reset every unit's movement at the start of ``player``'s turn (and, with MS
    Pipelines, flag the units that begin it on a chain)."""
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0:
            s.u_moved[unit] = 0
            s.u_flags[unit] &= ~(F_DONE | F_PEEKED | F_REFITTED | F_ON_CHAIN)
    s.last_moved = -1
    pipelines.mark_chain_starts(s, player)


# -- legal actions ------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def legal_movement(s: State, out: ActionList) -> cython.void:
    """Every legal Movement-phase action of the mover: steps, then per unit the rest."""
    player: cython.int = s.current_player
    unit: cython.int
    unit_type: cython.int
    d: cython.int
    mask: cython.int
    end: cython.int = _slots_end(s, player)
    _append_steps(s, player, end, out)
    if s.alien[player]:  # an alien player only moves its launched fleets
        _push(out, A_END_MOVE << 20)
        return
    for unit in range(player * UNITS_PER_PLAYER, end):
        unit_type = s.u_type[unit]
        if unit_type < 0:
            continue
        if UNIT_TRAITS[unit_type] & TR_WARSHIP:
            _append_split_merge(s, unit, end, out)
        elif unit_type == CO:
            if can_colonize(s, unit):
                _push(out, (A_COLONIZE << 20) | (unit << 10))
        elif unit_type == MINER:
            if can_load(s, unit):
                _push(out, (A_LOAD << 20) | (unit << 10))
            if can_unload(s, unit):
                _push(out, (A_UNLOAD << 20) | (unit << 10))
        if unit_type == F:
            _append_fighter_boarding(s, unit, end, out)
        if unit_type == CA:
            mask = peek_mask(s, unit)
            for d in range(6):
                if mask >> d & 1:
                    _push(out, (A_PEEK << 20) | (unit << 10) | d)
    _push(out, A_END_MOVE << 20)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _slots_end(s: State, player: cython.int) -> cython.int:
    """One past ``player``'s highest live unit (units fill lowest first, so loops stop early)."""
    end: cython.int = (player + 1) * UNITS_PER_PLAYER
    while end > player * UNITS_PER_PLAYER and s.u_type[end - 1] < 0:
        end -= 1
    return end


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _push(out: ActionList, code: cython.int) -> cython.void:
    """ActionList.push, inlined for the move generator's inner loops."""
    if out.n < out.capacity:
        out.codes[out.n] = code
        out.n += 1


@cython.cfunc
@cython.exceptval(check=False)
def _append_steps(s: State, player: cython.int, end: cython.int,
                  out: ActionList) -> cython.void:
    """Every legal one-hex step of ``player``'s units (units below ``end``)."""
    unit: cython.int
    d: cython.int
    kind: cython.int
    allowance: cython.int
    target: cython.int
    marker: cython.int
    moved: cython.int
    armed: cython.bint
    face_up: cython.bint
    extra: cython.bint  # the MS Pipelines extra hex: only onto a chain hex
    np_: cython.int = s.n_players
    decoy_allowance: cython.int = MOVEMENT_SCHEDULE[
        s.tech[player * N_TECHS + T_MOVEMENT] * 3 + s.turn - 1]
    here: cython.int
    alien: cython.bint = s.alien[player] != 0
    with_warp: cython.bint = s.options & OPT_WARP_POINTS != 0
    for unit in range(player * UNITS_PER_PLAYER, end):
        kind = s.u_type[unit]
        if kind < 0 or UNIT_TRAITS[kind] & (TR_IMMOBILE | TR_CARRIED) or \
                s.u_flags[unit] & F_DONE:
            continue
        if alien and not s.u_flags[unit] & F_FLEET:
            continue  # alien ships not launched stay home
        if UNIT_TRAITS[kind] & TR_SLOW:
            allowance = 1
        elif kind == DECOY:
            allowance = decoy_allowance
        else:
            allowance = MOVEMENT_SCHEDULE[s.u_mov[unit] * 3 + s.turn - 1]
        moved = s.u_moved[unit]
        extra = False
        if moved >= allowance:
            if moved > allowance or not s.u_flags[unit] & F_ON_CHAIN:
                continue
            extra = True
        armed = UNIT_TRAITS[kind] & TR_ARMED != 0
        here = s.u_hex[unit]
        for d in range(6):
            target = s.tables.nbr[here * 6 + d]
            if target < 0:
                continue
            marker = s.h_marker[target]
            face_up = s.h_face_up[target] != 0
            if face_up and marker == M_SUPERNOVA:
                continue
            if moved != 0 and (not face_up or marker == M_NEBULA or marker == M_ASTEROID):
                continue
            if not armed and (not face_up or _enemy_present(s, target, player)) and \
                    s.hx_armed[target * np_ + player] == 0:
                continue
            if extra and not pipelines.chain_hex(s, target, player):
                continue
            _push(out, (A_MOVE << 20) | (unit << 10) | d)
        if with_warp and warp.is_warp(s, here):
            _append_warp_steps(s, unit, here, armed, extra, out)


@cython.cfunc
@cython.exceptval(check=False)
def _append_warp_steps(s: State, unit: cython.int, here: cython.int, armed: cython.bint,
                       extra: cython.bint, out: ActionList) -> cython.void:
    """Steps through the warp links of ``here`` (the unit has movement left; ``extra``:
    only the MS pipelines' extra hex, which must be a chain hex).

    The far end is a revealed warp point: never face down, a nebula or
    asteroids, so only the enemy rule for non-combat units can refuse it.
    """
    player: cython.int = unit // UNITS_PER_PLAYER
    target: cython.int = warp.next_link(s, here, -1)
    while target >= 0:
        if (armed or not _enemy_present(s, target, player) or
                s.hx_armed[target * s.n_players + player] > 0) and \
                (not extra or pipelines.chain_hex(s, target, player)):
            _push(out, (A_MOVE << 20) | (unit << 10) | (WARP_DIR + target))
        target = warp.next_link(s, here, target)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _enemy_present(s: State, hex_index: cython.int, player: cython.int) -> cython.bint:
    """Another player's unit or colony, or a Doomsday Machine, is in the hex."""
    if s.options & OPT_DOOMSDAY and doomsday.machine_at(s, hex_index) >= 0:
        return True
    owner: cython.int = s.h_col_owner[hex_index]
    if owner >= 0 and units.hostile(s, owner, player):
        return True
    p: cython.int
    base: cython.int = hex_index * s.n_players
    for p in range(s.n_players):
        if units.hostile(s, p, player) and s.hx_units[base + p] > 0:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def can_enter(s: State, unit: cython.int, target: cython.int,
              moved: cython.int) -> cython.bint:
    """May this unit, having moved ``moved`` hexes this turn, step into adjacent ``target``?"""
    player: cython.int = unit // UNITS_PER_PLAYER
    face_up: cython.bint = s.h_face_up[target] != 0
    marker: cython.int = s.h_marker[target]
    if face_up and marker == M_SUPERNOVA:
        return False
    if (not face_up or marker == M_NEBULA or marker == M_ASTEROID) and moved != 0:
        return False  # only as the first step of the turn
    if UNIT_TRAITS[s.u_type[unit]] & TR_ARMED:
        return True
    if face_up and not _enemy_present(s, target, player):
        return True
    return s.hx_armed[target * s.n_players + player] > 0


@cython.cfunc
@cython.exceptval(check=False)
def _append_fighter_boarding(s: State, unit: cython.int, end: cython.int,
                             out: ActionList) -> cython.void:
    """A fighter group boards a carrier group here with room for it (one that has come at
    least as far this turn: no relay between carriers), from the hex or from the carrier
    it is aboard ("another Carrier ... present to absorb them"), or leaves its carrier
    where one of its owner's colonies is ("Fighters require Carrier or colony")."""
    carrier: cython.int
    aboard: cython.int = s.u_cargo[unit] - 1
    if aboard >= 0 and fighter_base_here(s, unit):
        _push(out, (A_LEAVE_CARRIER << 20) | (unit << 10))
    for carrier in range(unit - unit % UNITS_PER_PLAYER, end):
        if carrier != aboard and s.u_type[carrier] == CV and \
                s.u_hex[carrier] == s.u_hex[unit] and \
                s.u_moved[carrier] >= s.u_moved[unit] and \
                carriers.carrier_room(s, carrier) >= s.u_count[unit]:
            _push(out, (A_BOARD << 20) | (unit << 10) | carrier)


@cython.ccall
@cython.exceptval(check=False)
def fighter_base_here(s: State, unit: cython.int) -> cython.bint:
    """One of the fighter group's owner's colonies is in its hex: fighters may be left
    there (reference manual: "Fighters require Carrier or colony")."""
    return s.h_col_owner[s.u_hex[unit]] == unit // UNITS_PER_PLAYER


@cython.cfunc
@cython.exceptval(check=False)
def _append_split_merge(s: State, unit: cython.int, end: cython.int,
                        out: ActionList) -> cython.void:
    """Splits need a free counter of the type and a free unit; merges a twin group here."""
    player: cython.int = unit // UNITS_PER_PLAYER
    unit_type: cython.int = s.u_type[unit]
    here: cython.int = s.u_hex[unit]
    count: cython.int = s.u_count[unit]
    n: cython.int
    other: cython.int
    aboard: cython.int = carriers.fighters_aboard(s, unit) if unit_type == CV else 0
    if count > 1 and s.p_types[player * N_UNIT_TYPES + unit_type] < UNIT_COUNTERS[unit_type] \
            and s.p_live[player] < UNITS_PER_PLAYER:
        for n in range(1, count):
            if CARRIER_CAPACITY * (count - n) >= aboard:  # the fighters stay aboard
                _push(out, (A_SPLIT << 20) | (unit << 10) | n)
    if count == MAX_GROUP or s.hx_units[here * s.n_players + player] < 2:
        return
    for other in range(unit + 1, end):
        if s.u_type[other] == unit_type and s.u_hex[other] == here and can_merge(s, unit, other):
            _push(out, (A_MERGE << 20) | (unit << 10) | other)


@cython.ccall
@cython.exceptval(check=False)
def can_merge(s: State, a: cython.int, b: cython.int) -> cython.bint:
    """Same owner, type, technology and hex, and at most six ships together."""
    return (a != b and a // UNITS_PER_PLAYER == b // UNITS_PER_PLAYER
            and s.u_type[a] == s.u_type[b]
            and UNIT_TRAITS[s.u_type[a]] & TR_WARSHIP != 0
            and s.u_hex[a] == s.u_hex[b]
            and s.u_att[a] == s.u_att[b] and s.u_def[a] == s.u_def[b]
            and s.u_tac[a] == s.u_tac[b] and s.u_mov[a] == s.u_mov[b]
            and (s.u_flags[a] & F_TECH_FLAGS) == (s.u_flags[b] & F_TECH_FLAGS)
            and s.u_cargo[a] == s.u_cargo[b]  # fighters: aboard the same carrier, or neither
            and s.u_count[a] + s.u_count[b] <= MAX_GROUP)


@cython.ccall
@cython.exceptval(check=False)
def can_colonize(s: State, unit: cython.int) -> cython.bint:
    """A colony ship on a known, uncolonised planet it can settle, no enemy there."""
    here: cython.int = s.u_hex[unit]
    if not s.h_face_up[here] or s.h_col_owner[here] >= 0:
        return False
    marker: cython.int = s.h_marker[here]
    if marker == M_BARREN:
        if not s.u_flags[unit] & F_TERRAFORM:
            return False
    elif marker != M_PLANET:
        return False
    return units.enemy_armed_here(s, here, unit // UNITS_PER_PLAYER) == 0


@cython.ccall
@cython.exceptval(check=False)
def can_load(s: State, unit: cython.int) -> cython.bint:
    here: cython.int = s.u_hex[unit]
    return (s.u_cargo[unit] == 0 and s.h_face_up[here] != 0
            and (s.h_marker[here] == M_MINERAL or s.h_marker[here] == M_WRECK))


@cython.ccall
@cython.exceptval(check=False)
def can_unload(s: State, unit: cython.int) -> cython.bint:
    return s.u_cargo[unit] != 0 and s.h_col_owner[s.u_hex[unit]] == unit // UNITS_PER_PLAYER


@cython.ccall
@cython.exceptval(check=False)
def peek_mask(s: State, unit: cython.int) -> cython.int:
    """Directions (bits) of face-down hexes a cruiser may peek at before it moves."""
    flags: cython.int = s.u_flags[unit]
    if not flags & F_EXPLORER or flags & (F_PEEKED | F_DONE) or s.u_moved[unit]:
        return 0
    here: cython.int = s.u_hex[unit]
    mask: cython.int = 0
    d: cython.int
    target: cython.int
    for d in range(6):
        target = s.tables.nbr[here * 6 + d]
        if target >= 0 and not s.h_face_up[target]:
            mask |= 1 << d
    return mask


# -- applying -------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_movement(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    """Carry out one legal Movement-phase action."""
    kind: cython.int = code >> 20
    a: cython.int = (code >> 10) & 1023
    b: cython.int = code & 1023
    if kind == A_MOVE:
        step(s, a, b, ev)
    elif kind == A_END_MOVE:
        if ev is not None:
            ev.emit(E_MOVEMENT_ENDED, VIS_ALL, s.current_player)
        combat.begin_combat_phase(s, ev)
    elif kind == A_SPLIT:
        split(s, a, b, ev)
    elif kind == A_MERGE:
        merge(s, a, b, ev)
    elif kind == A_COLONIZE:
        colonize(s, a, ev)
    elif kind == A_LOAD:
        load(s, a, ev)
    elif kind == A_UNLOAD:
        unload(s, a, ev)
    elif kind == A_BOARD:
        board(s, a, b, ev)
    elif kind == A_LEAVE_CARRIER:
        leave_carrier(s, a, ev)
    elif kind == A_PEEK:
        start_peek(s, a, b, ev)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def default_movement(s: State) -> cython.int:
    """The default policy ends the movement."""
    return encode(A_END_MOVE, 0, 0)


@cython.ccall
@cython.exceptval(-1, check=False)
def step(s: State, unit: cython.int, direction: cython.int, ev: EventLog | None) -> cython.int:
    """Move a group one hex (``direction`` WARP_DIR + h: through a warp link to h),
    then apply what it finds there."""
    _begin_unit_movement(s, unit)
    origin: cython.int = s.u_hex[unit]
    target: cython.int = warp.step_target(s, origin, direction)
    s.u_moved[unit] += 1
    s.move_unit(unit, target)
    if (s.u_flags[unit] & F_ON_CHAIN
            and not pipelines.chain_hex(s, target, unit // UNITS_PER_PLAYER)):
        s.u_flags[unit] &= ~F_ON_CHAIN  # left the chain: no extra hex this turn
    if ev is not None:
        unit_type, number, count = units.identity(s, unit)
        ev.emit(E_MOVED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, origin, target, unit_type, number,
                count)
    if s.u_type[unit] == CV:
        return _carrier_arrives(s, unit, origin, ev)
    exploration.arrive(s, unit, origin, ev)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _carrier_arrives(s: State, unit: cython.int, origin: cython.int,
                     ev: EventLog | None) -> cython.int:
    """A carrier group's step: its fighters came along (``State.move_unit``) and share
    what the hex does to it: a black hole rolls for each of their ships too, and if the
    carrier group is destroyed on the way they are lost with it."""
    first: cython.int = (unit // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
    target: cython.int = s.u_hex[unit]
    aboard: cython.ulonglong = 0  # bit per unit of the player: the fighters aboard
    other: cython.int
    for other in range(first, first + UNITS_PER_PLAYER):
        if s.u_type[other] == F and s.u_cargo[other] == unit + 1:
            aboard |= cython.cast(cython.ulonglong, 1) << (other - first)
            s.u_moved[other] = s.u_moved[unit]
            if ev is not None:
                unit_type, number, count = units.identity(s, other)
                ev.emit(E_MOVED, VIS_ALL, other, unit // UNITS_PER_PLAYER, origin, target,
                        unit_type, number, count)
    exploration.arrive(s, unit, origin, ev)
    for other in range(first, first + UNITS_PER_PLAYER):
        if not aboard >> (other - first) & 1 or s.u_type[other] != F or s.u_hex[other] != target:
            continue  # destroyed with its carrier, or turned back or shifted along with it
        if s.h_face_up[target] and s.h_marker[target] == M_BLACK_HOLE:
            exploration.black_hole_rolls(s, other, ev)
    if s.u_type[unit] == CV:
        carriers.fit_fighters(s, unit)
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def split(s: State, unit: cython.int, count: cython.int, ev: EventLog | None) -> cython.int:
    """Move ``count`` ships of a group into a new counter in the same hex."""
    player: cython.int = unit // UNITS_PER_PLAYER
    new: cython.int = s.add_unit(player, s.u_type[unit], s.u_hex[unit], count)
    s.u_att[new] = s.u_att[unit]
    s.u_def[new] = s.u_def[unit]
    s.u_tac[new] = s.u_tac[unit]
    s.u_mov[new] = s.u_mov[unit]
    s.u_flags[new] = s.u_flags[unit]
    s.u_moved[new] = s.u_moved[unit]
    if s.u_type[unit] == F:
        s.u_cargo[new] = s.u_cargo[unit]  # the same carrier still holds them all
    s.set_count(unit, s.u_count[unit] - count)
    revealed: cython.bint = s.u_flags[unit] & F_REVEALED != 0
    if ev is not None:
        ev.emit(E_SPLIT, VIS_ALL if revealed else 1 << player, unit, new, player, count)
        if not revealed:
            unit_type, number, shown_count = units.identity(s, new)
            ev.emit(E_COUNTER_APPEARED, VIS_ALL, new, player, s.u_hex[unit], unit_type, number,
                    shown_count)
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def merge(s: State, unit: cython.int, other: cython.int, ev: EventLog | None) -> cython.int:
    """Fold ``other`` into ``unit``; the merged group has moved as far as either (a
    carrier group's fighters come aboard the merged group)."""
    fighter: cython.int
    first: cython.int = (unit // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
    if s.u_type[unit] == CV:
        for fighter in range(first, first + UNITS_PER_PLAYER):
            if s.u_type[fighter] == F and s.u_cargo[fighter] == other + 1:
                s.u_cargo[fighter] = unit + 1
    s.set_count(unit, s.u_count[unit] + s.u_count[other])
    if s.u_moved[other] > s.u_moved[unit]:
        s.u_moved[unit] = s.u_moved[other]
    s.u_flags[unit] |= s.u_flags[other] & (F_DONE | F_REVEALED | F_PEEKED)
    if not s.u_flags[other] & F_ON_CHAIN:
        s.u_flags[unit] &= ~F_ON_CHAIN  # the extra hex only if both groups still have it
    if s.last_moved == other:
        s.last_moved = unit
    s.remove_unit(other)
    if ev is not None:
        ev.emit(E_MERGED, VIS_ALL, unit, other, unit // UNITS_PER_PLAYER)
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def colonize(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """The colony ship lands: a new colony (0 CP until the next Economic Phase)."""
    here: cython.int = s.u_hex[unit]
    player: cython.int = unit // UNITS_PER_PLAYER
    s.remove_unit(unit)
    s.h_col_owner[here] = player
    s.h_col_cp[here] = 0
    s.h_col_flags[here] = 0
    if ev is not None:
        ev.emit(E_COLONIZED, VIS_ALL, unit, player, here)
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def load(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """A miner takes the mineral or wreck of its hex in tow."""
    here: cython.int = s.u_hex[unit]
    s.u_cargo[unit] = s.h_marker[here]
    s.u_cargo_value[unit] = s.h_value[here]
    if ev is not None:
        ev.emit(E_LOADED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, here,
                data.MARKER_KEYS[s.h_marker[here]], s.h_value[here])
    s.h_marker[here] = 0
    s.h_value[here] = 0
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def board(s: State, unit: cython.int, carrier: cython.int, ev: EventLog | None) -> cython.int:
    """A fighter group goes aboard a carrier group in its hex; from now on it moves with it."""
    s.u_cargo[unit] = carrier + 1
    s.u_moved[unit] = s.u_moved[carrier]
    if ev is not None:
        ev.emit(E_BOARDED, 1 << (unit // UNITS_PER_PLAYER), unit, unit // UNITS_PER_PLAYER, carrier,
                s.u_hex[unit])
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def leave_carrier(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """A fighter group leaves its carrier and stays in the hex (it cannot move alone)."""
    carrier: cython.int = s.u_cargo[unit] - 1
    s.u_cargo[unit] = 0
    if ev is not None:
        ev.emit(E_LEFT_CARRIER, 1 << (unit // UNITS_PER_PLAYER), unit, unit // UNITS_PER_PLAYER,
                carrier, s.u_hex[unit])
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def unload(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """A miner leaves its cargo at a colony, to pay out in the Economic Phase."""
    here: cython.int = s.u_hex[unit]
    if s.u_cargo[unit] == M_WRECK:
        s.h_deposit_wrecks[here] += 1
    else:
        s.h_deposit_cp[here] += s.u_cargo_value[unit]
    if ev is not None:
        ev.emit(E_UNLOADED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, here,
                data.MARKER_KEYS[s.u_cargo[unit]], s.u_cargo_value[unit])
    s.u_cargo[unit] = 0
    s.u_cargo_value[unit] = 0
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _begin_unit_movement(s: State, unit: cython.int) -> cython.void:
    """``unit`` moves (or peeks) now: the unit that moved before it has completed its move."""
    previous: cython.int = s.last_moved
    if previous >= 0 and previous != unit and s.u_type[previous] >= 0:
        s.u_flags[previous] |= F_DONE  # one unit's movement completes first
    s.last_moved = unit


@cython.ccall
@cython.exceptval(-1, check=False)
def start_peek(s: State, unit: cython.int, direction: cython.int,
               ev: EventLog | None) -> cython.int:
    """A cruiser looks at an adjacent face-down marker; its owner then decides.

    The peek is the start of the cruiser's movement (summary "Exploration":
    "before beginning its movement"), so the unit moved before it is done.
    """
    _begin_unit_movement(s, unit)
    player: cython.int = unit // UNITS_PER_PLAYER
    target: cython.int = s.tables.nbr[s.u_hex[unit] * 6 + direction]
    s.u_flags[unit] |= F_PEEKED
    s.h_known[target] |= 1 << player
    s.peek_unit = unit
    s.peek_hex = target
    s.phase = PH_PEEK
    if ev is not None:
        ev.emit(E_PEEKED, 1 << player, unit, player, target,
                data.MARKER_KEYS[s.h_marker[target]], s.h_value[target])
        ev.emit(E_PEEK_MADE, VIS_ALL, unit, player, target)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def flip_face_down_at_colonies(s: State, player: cython.int) -> cython.void:
    """Revealed groups back at one of their colonies turn face down again."""
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_flags[unit] & F_REVEALED and \
                s.h_col_owner[s.u_hex[unit]] == player:
            s.u_flags[unit] &= ~F_REVEALED


# -- where a unit can get to -------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def reach(s: State, unit: cython.int, out: ActionList) -> cython.void:
    """Hexes a unit can still reach this turn, breadth first, written into ``out``.

    Each entry is ``hex | direction << 8 | (parent entry + 1) << 11`` (parent
    0: the unit's own hex), so a shortest path is read back through the
    parents; direction 6 (``REACH_WARP``) is a step through a warp link
    into the entry's hex, the move ``WARP_DIR + hex`` (:func:`entry_step`).
    Walks the step rules of :func:`can_enter`: a hex that ends movement
    (unexplored, nebula, asteroids, enemy combat units) is reached but not
    passed through.  What a step reveals can still stop a unit
    early; the paths are what the rules allow from what is known now.
    With MS Pipelines, a unit on its chain reaches one hex more along the
    chain: among a hex's shortest paths the entry keeps one that runs along
    the chain when there is one (:func:`_offer`), so the extra hex is found
    beyond every chain hex the unit can reach at its full allowance.
    """
    out.clear()
    if unit // UNITS_PER_PLAYER != s.current_player or s.u_flags[unit] & F_DONE:
        return
    player: cython.int = unit // UNITS_PER_PLAYER
    allowance: cython.int = units.movement_allowance(s, unit)
    on_chain: cython.bint = s.u_flags[unit] & F_ON_CHAIN != 0
    left: cython.int = allowance - s.u_moved[unit] + (1 if on_chain else 0)
    start: cython.int = s.u_hex[unit]
    first: cython.int = 0  # the frontier is out[first:last], plus the start on depth 0
    last: cython.int = 0
    depth: cython.int
    i: cython.int
    d: cython.int
    here: cython.int
    target: cython.int
    with_warp: cython.bint = s.options & OPT_WARP_POINTS != 0
    for depth in range(left):
        for i in range(first - 1 if depth == 0 else first, last):
            here = start if i < 0 else out.codes[i] & 255
            if i >= 0 and _stops_movement(s, here, player, unit):
                continue
            for d in range(6):
                target = s.tables.nbr[here * 6 + d]
                if target >= 0 and target != start:
                    _offer(s, unit, out, target, d, i, last, depth, allowance, on_chain)
            if with_warp:
                target = warp.next_link(s, here, -1)
                while target >= 0:
                    if target != start:
                        _offer(s, unit, out, target, REACH_WARP, i, last, depth, allowance,
                               on_chain)
                    target = warp.next_link(s, here, target)
        first = last
        last = out.n
        if first == last:
            break


@cython.cfunc
@cython.exceptval(check=False)
def _offer(s: State, unit: cython.int, out: ActionList, target: cython.int,
           direction: cython.int, parent: cython.int, level_start: cython.int,
           depth: cython.int, allowance: cython.int, on_chain: cython.bint) -> cython.void:
    """A step from entry ``parent`` (-1: the start) into ``target`` at ``depth``: listed
    if new; an entry of this same depth (at or after ``level_start``) whose path leaves
    the chain is re-parented when this path stays on it (both are shortest), so that the
    steps beyond it may still take the chain's extra hex."""
    player: cython.int = unit // UNITS_PER_PLAYER
    listed: cython.int = _entry_of(out, target)
    along: cython.bint = on_chain and pipelines.chain_hex(s, target, player) and \
        _path_on_chain(s, out, parent, player)
    if listed >= 0:
        if listed >= level_start and along and not _path_on_chain(s, out, listed, player):
            out.codes[listed] = target | direction << 8 | (parent + 1) << 11
        return
    if not can_enter(s, unit, target, s.u_moved[unit] + depth):
        return
    if s.u_moved[unit] + depth >= allowance and not along:
        return  # the extra hex: along the chain only
    out.push(target | direction << 8 | (parent + 1) << 11)


@cython.ccall
@cython.exceptval(check=False)
def entry_step(entry: cython.int) -> cython.int:
    """The move direction of a :func:`reach` entry's last step (a warp step's WARP_DIR + hex)."""
    d: cython.int = entry >> 8 & 7
    if d == REACH_WARP:
        return WARP_DIR + (entry & 255)
    return d


@cython.cfunc
@cython.exceptval(check=False)
def _path_on_chain(s: State, out: ActionList, i: cython.int, player: cython.int) -> cython.bint:
    """Every hex of the path to ``reach`` entry ``i`` (-1: the start) is a chain hex."""
    while i >= 0:
        if not pipelines.chain_hex(s, out.codes[i] & 255, player):
            return False
        i = (out.codes[i] >> 11) - 1
    return True


@cython.cfunc
@cython.exceptval(check=False)
def _entry_of(out: ActionList, hex_index: cython.int) -> cython.int:
    """The index of the :func:`reach` entry of ``hex_index``, or -1."""
    i: cython.int
    for i in range(out.n):
        if out.codes[i] & 255 == hex_index:
            return i
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _stops_movement(s: State, hex_index: cython.int, player: cython.int,
                    unit: cython.int) -> cython.bint:
    """Does entering this hex end ``unit``'s move (as :func:`arrive` would decide)?"""
    if not s.h_face_up[hex_index]:
        return True
    if s.h_marker[hex_index] == M_NEBULA or s.h_marker[hex_index] == M_ASTEROID:
        return True
    if s.options & OPT_MINES and exploration.mines_stop(s, unit, hex_index):
        return True
    if s.options & OPT_DOOMSDAY and doomsday.machine_at(s, hex_index) >= 0:
        return True
    if s.options & OPT_RAIDERS == 0:
        return units.enemy_armed_here(s, hex_index, player) > 0
    return (cloaking.enemy_detected_here(s, hex_index, player) > 0
            and not cloaking.unseen_at(s, unit, hex_index))


def reachable(s: State, unit: int) -> dict[int, list[int]]:
    """:func:`reach` as hex -> shortest path of move directions (the app's highlight;
    a warp step is WARP_DIR + the hex it enters)."""
    out = ActionList()
    reach(s, unit, out)
    entries = out.tolist()
    paths: dict[int, list[int]] = {}
    for entry in entries:
        path = []
        at = entry
        while True:
            path.append(entry_step(at))
            parent = at >> 11
            if parent == 0:
                break
            at = entries[parent - 1]
        paths[entry & 255] = path[::-1]
    return paths
