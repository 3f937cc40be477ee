"""The Movement phase: moving, splitting and merging groups, colonising,
towing minerals and wrecks, and peeking with Exploration technology.

Rules (se4x-rules-summary.txt "Movement", "Planets and Colonization",
"Minerals"; CHARTS.md movement schedule):

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
* known supernovae may never be entered.
"""

from __future__ import annotations

from array import array

import cython

from se4x_core import data, exploration
from se4x_core.actions import (
    A_COLONIZE,
    A_END_MOVE,
    A_LOAD,
    A_MERGE,
    A_MOVE,
    A_PEEK,
    A_SPLIT,
    A_UNLOAD,
    encode,
)
from se4x_core.events import Event, emit
from se4x_core.hexgrid import N_DIRECTIONS
from se4x_core.state import (
    F_DONE,
    F_EXPLORER,
    F_PEEKED,
    F_REFITTED,
    F_REVEALED,
    F_TERRAFORM,
    S_PEEK,
    UNIT_SLOTS,
    State,
)
from se4x_core.units import (
    destroy_unit,
    enemy_armed_at,
    enemy_colony_at,
    enemy_units_at,
    is_armed,
    public_identity,
)

# Unit flags that must agree for two groups to merge (same technology).
_TECH_FLAGS = F_TERRAFORM | F_EXPLORER


def start_turn(state: State, player: int) -> None:
    """Reset every unit's movement at the start of ``player``'s turn."""
    for slot in state.live_units(player):
        state.u_moved[slot] = 0
        state.u_flags[slot] &= ~(F_DONE | F_PEEKED | F_REFITTED)
    state.last_moved = -1


def legal_actions(state: State, out: list[int]) -> None:
    """Append every legal Movement-phase action of the mover to ``out``.

    The hot path of random playouts and search: one pass over all units
    builds per-hex occupancy, then each of the mover's units is checked
    against it with typed loops (no Python objects when compiled).
    """
    player: cython.int = state.actor
    n_hexes: cython.int = len(state.h_marker)
    friend_armed = array("i", bytes(4 * n_hexes))
    enemy_here = array("i", bytes(4 * n_hexes))
    _occupancy(state, player, friend_armed, enemy_here)
    _append_steps(state, player, friend_armed, enemy_here, out)
    for slot in state.live_units(player):
        unit_type = state.u_type[slot]
        if unit_type in data.WARSHIP_TYPES:
            _append_split_merge(state, slot, out)
        elif unit_type == data.CO:
            if can_colonize(state, slot):
                out.append(encode(A_COLONIZE, slot))
        elif unit_type == data.MINER:
            if can_load(state, slot):
                out.append(encode(A_LOAD, slot))
            if can_unload(state, slot):
                out.append(encode(A_UNLOAD, slot))
        if unit_type == data.CA:
            for direction in peek_directions(state, slot):
                out.append(encode(A_PEEK, slot, direction))
    out.append(encode(A_END_MOVE))


def _occupancy(state: State, player: cython.int, friend_armed: cython.int[:],
               enemy_here: cython.int[:]) -> None:
    """Per hex: does ``player`` have a combat unit there; does an enemy (1: unit, 2: colony)."""
    u_type: cython.int[:] = state.u_type
    u_hex: cython.int[:] = state.u_hex
    col_owner: cython.int[:] = state.h_col_owner
    attack: cython.int[:] = _ATTACK
    n_units: cython.int = len(u_type)
    slot: cython.int
    for slot in range(n_units):
        if u_type[slot] < 0:
            continue
        if slot // _SLOTS == player:
            if attack[u_type[slot]] > 0:
                friend_armed[u_hex[slot]] = 1
        else:
            enemy_here[u_hex[slot]] = 1
    h: cython.int
    for h in range(len(col_owner)):
        if col_owner[h] >= 0 and col_owner[h] != player:
            enemy_here[h] |= 2


def _append_steps(state: State, player: cython.int, friend_armed: cython.int[:],
                  enemy_here: cython.int[:], out: list[int]) -> None:
    """Append every legal one-hex step of ``player``'s units."""
    u_type: cython.int[:] = state.u_type
    u_hex: cython.int[:] = state.u_hex
    u_flags: cython.int[:] = state.u_flags
    u_moved: cython.int[:] = state.u_moved
    u_mov: cython.int[:] = state.u_mov
    face_up: cython.int[:] = state.h_face_up
    marker: cython.int[:] = state.h_marker
    neighbours: cython.int[:] = _neighbour_table(state)
    attack: cython.int[:] = _ATTACK
    schedule: cython.int[:] = _SCHEDULE
    turn: cython.int = state.turn - 1
    decoy_level: cython.int = state.tech_level(player, data.T_MOVEMENT)
    slot: cython.int
    t: cython.int
    d: cython.int
    kind: cython.int
    allowance: cython.int
    target: cython.int
    armed: cython.bint
    for slot in range(player * _SLOTS, (player + 1) * _SLOTS):
        kind = u_type[slot]
        if kind < 0 or kind == _K_SY or kind == _K_BASE or u_flags[slot] & _F_DONE:
            continue
        if kind == _K_CO or kind == _K_MINER:
            allowance = 1
        elif kind == _K_DECOY:
            allowance = schedule[decoy_level * 3 + turn]
        else:
            allowance = schedule[u_mov[slot] * 3 + turn]
        if u_moved[slot] >= allowance:
            continue
        armed = attack[kind] > 0
        for d in range(6):
            target = neighbours[u_hex[slot] * 6 + d]
            if target < 0:
                continue
            t = marker[target]
            if face_up[target] and t == _M_SUPERNOVA:
                continue
            if (not face_up[target] or t == _M_NEBULA or t == _M_ASTEROID) and \
                    u_moved[slot] != 0:
                continue
            if not armed and (not face_up[target] or enemy_here[target]) and \
                    not friend_armed[target]:
                continue
            out.append((_A_MOVE << 20) | (slot << 10) | d)


# C-level copies of the codes the typed loops compare against (see movement.pxd).
_K_SY = data.SY
_K_BASE = data.BASE
_K_CO = data.CO
_K_MINER = data.MINER
_K_DECOY = data.DECOY
_M_SUPERNOVA = data.M_SUPERNOVA
_M_NEBULA = data.M_NEBULA
_M_ASTEROID = data.M_ASTEROID
_F_DONE = F_DONE
_A_MOVE = A_MOVE
_SLOTS = UNIT_SLOTS
_ATTACK = array("i", data.UNIT_ATTACK)
_SCHEDULE = array("i", [m for row in data.MOVEMENT_SCHEDULE for m in row])
_NEIGHBOURS: dict[str, array] = {}


def _neighbour_table(state: State) -> array:
    """The board's neighbour table as a typed array, built once per board."""
    table = _NEIGHBOURS.get(state.board_name)
    if table is None:
        table = _NEIGHBOURS[state.board_name] = array("i", state.board.neighbours)
    return table


def can_enter(state: State, slot: int, target: int) -> bool:
    """May this unit take one step into the adjacent hex ``target``?"""
    player = state.owner(slot)
    face_up = state.h_face_up[target]
    marker = state.h_marker[target]
    if face_up and marker == data.M_SUPERNOVA:
        return False
    if not face_up or marker in (data.M_NEBULA, data.M_ASTEROID):
        if state.u_moved[slot] != 0:  # only as the first step of the turn
            return False
    if is_armed(state, slot):
        return True
    needs_escort = (not face_up or enemy_units_at(state, target, player)
                    or enemy_colony_at(state, target, player))
    return not needs_escort or _friendly_armed_at(state, target, player)


def _friendly_armed_at(state: State, hex_index: int, player: int) -> bool:
    return any(is_armed(state, s) for s in state.units_at(hex_index, player))


def _append_split_merge(state: State, slot: int, out: list[int]) -> None:
    player = state.owner(slot)
    count = state.u_count[slot]
    if count > 1 and state.free_group_number(player, state.u_type[slot]) and \
            state.free_slot(player) >= 0:
        for n in range(1, count):
            out.append(encode(A_SPLIT, slot, n))
    for other in state.units_at(state.u_hex[slot], player):
        if other > slot and can_merge(state, slot, other):
            out.append(encode(A_MERGE, slot, other))


def can_merge(state: State, a: int, b: int) -> bool:
    """Same owner, type, technology and hex, and at most six ships together."""
    return (a != b and state.owner(a) == state.owner(b)
            and state.u_type[a] == state.u_type[b]
            and state.u_type[a] in data.WARSHIP_TYPES
            and state.u_hex[a] == state.u_hex[b]
            and state.u_att[a] == state.u_att[b] and state.u_def[a] == state.u_def[b]
            and state.u_tac[a] == state.u_tac[b] and state.u_mov[a] == state.u_mov[b]
            and (state.u_flags[a] & _TECH_FLAGS) == (state.u_flags[b] & _TECH_FLAGS)
            and state.u_count[a] + state.u_count[b] <= data.MAX_GROUP)


def can_colonize(state: State, slot: int) -> bool:
    """A colony ship on a known, uncolonised planet it can settle, no enemy there."""
    here = state.u_hex[slot]
    if not state.h_face_up[here] or state.h_col_owner[here] >= 0:
        return False
    marker = state.h_marker[here]
    if marker == data.M_BARREN:
        if not state.u_flags[slot] & F_TERRAFORM:
            return False
    elif marker != data.M_PLANET:
        return False
    return not enemy_armed_at(state, here, state.owner(slot))


def can_load(state: State, slot: int) -> bool:
    here = state.u_hex[slot]
    return (state.u_cargo[slot] == 0 and bool(state.h_face_up[here])
            and state.h_marker[here] in (data.M_MINERAL, data.M_WRECK))


def can_unload(state: State, slot: int) -> bool:
    return state.u_cargo[slot] != 0 and state.h_col_owner[state.u_hex[slot]] == state.owner(slot)


def peek_directions(state: State, slot: int) -> list[int]:
    """Directions of face-down hexes a cruiser may peek at before it moves."""
    flags = state.u_flags[slot]
    if not flags & F_EXPLORER or flags & (F_PEEKED | F_DONE) or state.u_moved[slot]:
        return []
    board = state.board
    here = state.u_hex[slot]
    out = []
    for direction in range(N_DIRECTIONS):
        target = board.neighbour(here, direction)
        if target >= 0 and not state.h_face_up[target]:
            out.append(direction)
    return out


# -- applying ----------------------------------------------------------------
def apply(state: State, kind: int, a: int, b: int, events: list[Event]) -> None:
    """Carry out one legal Movement-phase action."""
    if kind == A_MOVE:
        step(state, a, b, events)
    elif kind == A_SPLIT:
        split(state, a, b, events)
    elif kind == A_MERGE:
        merge(state, a, b, events)
    elif kind == A_COLONIZE:
        colonize(state, a, events)
    elif kind == A_LOAD:
        load(state, a, events)
    elif kind == A_UNLOAD:
        unload(state, a, events)
    elif kind == A_PEEK:
        start_peek(state, a, b, events)


def step(state: State, slot: int, direction: int, events: list[Event]) -> None:
    """Move a group one hex, then apply what it finds there."""
    _begin_unit_movement(state, slot)
    origin = state.u_hex[slot]
    target = state.board.neighbour(origin, direction)
    state.u_moved[slot] += 1
    state.u_hex[slot] = target
    emit(events, "moved", None, unit=slot, player=state.owner(slot), origin=origin,
         hex=target, **public_identity(state, slot))
    arrive(state, slot, origin, events)


def arrive(state: State, slot: int, origin: int, events: list[Event]) -> None:
    """What happens when a unit enters a hex: catch enemies, explore, terrain.

    Shared by normal steps, Lost in Space shifts and retreats.
    """
    here = state.u_hex[slot]
    player = state.owner(slot)
    if is_armed(state, slot):
        _destroy_unescorted_enemies(state, here, player, events)
    if not state.h_face_up[here]:
        state.u_flags[slot] |= F_DONE
        exploration.explore(state, slot, origin, events)
        return
    marker = state.h_marker[here]
    if marker in (data.M_NEBULA, data.M_ASTEROID) or enemy_armed_at(state, here, player):
        state.u_flags[slot] |= F_DONE
    if marker == data.M_BLACK_HOLE:
        exploration.black_hole_rolls(state, slot, events)


def _destroy_unescorted_enemies(state: State, hex_index: int, player: int,
                                events: list[Event]) -> None:
    """Enemy non-combat units alone in a hex die when a combat unit enters."""
    enemies = enemy_units_at(state, hex_index, player)
    if enemies and not any(is_armed(state, s) for s in enemies):
        for slot in enemies:
            destroy_unit(state, slot, events, "caught unescorted")


def split(state: State, slot: int, count: int, events: list[Event]) -> None:
    """Move ``count`` ships of a group into a new counter in the same hex."""
    player = state.owner(slot)
    new = state.free_slot(player)
    number = state.free_group_number(player, state.u_type[slot])
    for name in ("u_type", "u_hex", "u_att", "u_def", "u_tac", "u_mov", "u_flags", "u_moved"):
        getattr(state, name)[new] = getattr(state, name)[slot]
    state.u_count[new] = count
    state.u_count[slot] -= count
    state.u_number[new] = number
    state.u_cargo[new] = state.u_cargo_value[new] = state.u_damage[new] = 0
    revealed = bool(state.u_flags[slot] & F_REVEALED)
    emit(events, "split", None if revealed else [player], unit=slot, new_unit=new,
         player=player, count=count)
    if not revealed:
        emit(events, "counter_appeared", None, unit=new, player=player,
             hex=state.u_hex[slot], **public_identity(state, new))


def merge(state: State, slot: int, other: int, events: list[Event]) -> None:
    """Fold ``other`` into ``slot``; the merged group has moved as far as either."""
    player = state.owner(slot)
    state.u_count[slot] += state.u_count[other]
    state.u_moved[slot] = max(state.u_moved[slot], state.u_moved[other])
    state.u_flags[slot] |= state.u_flags[other] & (F_DONE | F_REVEALED | F_PEEKED)
    if state.last_moved == other:
        state.last_moved = slot
    state.remove_unit(other)
    emit(events, "merged", None, unit=slot, removed=other, player=player)


def colonize(state: State, slot: int, events: list[Event]) -> None:
    """The colony ship lands: a new colony (0 CP until the next Economic Phase)."""
    here = state.u_hex[slot]
    player = state.owner(slot)
    state.remove_unit(slot)
    state.h_col_owner[here] = player
    state.h_col_cp[here] = 0
    state.h_col_flags[here] = 0
    emit(events, "colonized", None, unit=slot, player=player, hex=here)


def load(state: State, slot: int, events: list[Event]) -> None:
    """A miner takes the mineral or wreck of its hex in tow."""
    here = state.u_hex[slot]
    state.u_cargo[slot] = state.h_marker[here]
    state.u_cargo_value[slot] = state.h_value[here]
    emit(events, "loaded", None, unit=slot, player=state.owner(slot), hex=here,
         marker=data.MARKER_KEYS[state.h_marker[here]], value=state.h_value[here])
    state.h_marker[here] = data.M_EMPTY
    state.h_value[here] = 0


def unload(state: State, slot: int, events: list[Event]) -> None:
    """A miner leaves its cargo at a colony, to pay out in the Economic Phase."""
    here = state.u_hex[slot]
    if state.u_cargo[slot] == data.M_WRECK:
        state.h_deposit_wrecks[here] += 1
    else:
        state.h_deposit_cp[here] += state.u_cargo_value[slot]
    emit(events, "unloaded", None, unit=slot, player=state.owner(slot), hex=here,
         marker=data.MARKER_KEYS[state.u_cargo[slot]], value=state.u_cargo_value[slot])
    state.u_cargo[slot] = 0
    state.u_cargo_value[slot] = 0


def _begin_unit_movement(state: State, slot: int) -> None:
    """``slot`` moves (or peeks) now: the unit that moved before it has completed its move."""
    previous = state.last_moved
    if previous >= 0 and previous != slot and state.u_type[previous] >= 0:
        state.u_flags[previous] |= F_DONE  # one unit's movement completes first
    state.last_moved = slot


def start_peek(state: State, slot: int, direction: int, events: list[Event]) -> None:
    """A cruiser looks at an adjacent face-down marker; its owner then decides.

    The peek is the start of the cruiser's movement (summary "Exploration":
    "before beginning its movement"), so the unit moved before it is done.
    """
    _begin_unit_movement(state, slot)
    player = state.owner(slot)
    target = state.board.neighbour(state.u_hex[slot], direction)
    state.u_flags[slot] |= F_PEEKED
    state.h_known[target] |= 1 << player
    state.peek_unit = slot
    state.peek_hex = target
    state.stage = S_PEEK
    emit(events, "peeked", [player], unit=slot, player=player, hex=target,
         marker=data.MARKER_KEYS[state.h_marker[target]], value=state.h_value[target])
    emit(events, "peek_made", None, unit=slot, player=player, hex=target)


def flip_face_down_at_colonies(state: State, player: int) -> None:
    """Revealed groups back at one of their colonies turn face down again."""
    for slot in state.live_units(player):
        if state.u_flags[slot] & F_REVEALED and state.h_col_owner[state.u_hex[slot]] == player:
            state.u_flags[slot] &= ~F_REVEALED




def reachable(state: State, slot: int) -> dict[int, list[int]]:
    """Hexes a unit can still reach this turn, each with a shortest path of directions.

    Walks the same step rules as :func:`can_enter`: a hex that ends movement
    (unexplored, nebula, asteroids, enemy combat units) is reachable but not
    passed through.  What a step reveals can still stop a unit early; the
    path is what the rules allow from what is known now.
    """
    if state.owner(slot) != state.actor or state.u_flags[slot] & F_DONE:
        return {}
    from se4x_core.units import movement_allowance

    board = state.board
    player = state.owner(slot)
    left = movement_allowance(state, slot) - state.u_moved[slot]
    start = state.u_hex[slot]
    paths: dict[int, list[int]] = {}
    frontier = [(start, [])]
    saved_hex, saved_moved = state.u_hex[slot], state.u_moved[slot]
    try:
        for _ in range(left):
            next_frontier = []
            for here, path in frontier:
                state.u_hex[slot] = here
                state.u_moved[slot] = saved_moved + len(path)
                for direction in range(N_DIRECTIONS):
                    target = board.neighbour(here, direction)
                    if target < 0 or target == start or target in paths:
                        continue
                    if not can_enter(state, slot, target):
                        continue
                    paths[target] = path + [direction]
                    if not _stops_movement(state, target, player):
                        next_frontier.append((target, paths[target]))
            frontier = next_frontier
    finally:
        state.u_hex[slot], state.u_moved[slot] = saved_hex, saved_moved
    return paths


def _stops_movement(state: State, hex_index: int, player: int) -> bool:
    if not state.h_face_up[hex_index]:
        return True
    if state.h_marker[hex_index] in (data.M_NEBULA, data.M_ASTEROID):
        return True
    return bool(enemy_armed_at(state, hex_index, player))
