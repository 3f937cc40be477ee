"""Exploration: turning markers face up and applying what they say.

Rules (se4x-rules-summary.txt "Exploration" and the marker sections):

* planets, barren planets, minerals, nebulae, asteroids and space wrecks stay
  on the board face up;
* a black hole makes every ship entering its hex roll a d10: 1-6 survives,
  7-10 is destroyed (also on later entries; the hole stays);
* Danger! destroys the units that discovered it and leaves empty space;
* a supernova sends the units back to the hex they came from and may never
  be entered afterwards;
* Lost in Space: the player to the discoverer's right shifts the units one
  hex in any direction (exploring or fighting where they land), then the
  marker is removed;
* in the basic game warp points and Doomsday Machines are empty space;
* Exploration technology: a cruiser peeks at an adjacent marker before it
  moves, then reveals it or leaves it face down; a revealed marker with an
  immediate effect (black hole, Danger!, supernova, Lost in Space) is
  discarded without harming the cruiser.
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.actions import A_HIDE, A_REVEAL, A_SHIFT, encode
from se4x_core.events import Event, emit
from se4x_core.hexgrid import N_DIRECTIONS
from se4x_core.rng import rng_d10, rng_next
from se4x_core.state import F_DONE, S_LOST_SHIFT, S_MOVEMENT, State
from se4x_core.units import destroy_unit

# Markers that act once when found and go away if revealed from afar.
IMMEDIATE_EFFECT_MARKERS = frozenset({data.M_BLACK_HOLE, data.M_DANGER, data.M_SUPERNOVA,
                                      data.M_LOST})
# Markers that are empty space under the basic rules.
BASIC_EMPTY_MARKERS = frozenset({data.M_WARP, data.M_DOOMSDAY})


def roll(state: State) -> int:
    """Roll the game's d10 (advancing the RNG held in the state)."""
    state.rng = rng_next(state.rng)
    return rng_d10(state.rng)


def reveal(state: State, hex_index: int, events: list[Event], by_player: int) -> int:
    """Turn a marker face up for everyone; returns the marker."""
    marker = state.h_marker[hex_index]
    state.h_face_up[hex_index] = 1
    emit(events, "explored", None, hex=hex_index, player=by_player,
         marker=data.MARKER_KEYS[marker], value=state.h_value[hex_index])
    if marker in BASIC_EMPTY_MARKERS and not state.config.get("advanced", False):
        _clear_marker(state, hex_index)
    return marker


def _clear_marker(state: State, hex_index: int) -> None:
    state.h_marker[hex_index] = data.M_EMPTY
    state.h_value[hex_index] = 0


def explore(state: State, slot: int, origin: int, events: list[Event]) -> None:
    """A unit has entered a face-down hex: reveal it and apply its effect."""
    here = state.u_hex[slot]
    player = state.owner(slot)
    marker = reveal(state, here, events, player)
    if marker == data.M_BLACK_HOLE:
        black_hole_rolls(state, slot, events)
    elif marker == data.M_DANGER:
        destroy_unit(state, slot, events, "Danger!")
        _clear_marker(state, here)
    elif marker == data.M_SUPERNOVA:
        state.u_hex[slot] = origin
        emit(events, "turned_back", None, unit=slot, player=player, hex=origin, supernova=here)
    elif marker == data.M_LOST:
        state.lost_unit = slot
        state.lost_chooser = state.player_to_right(player)
        state.stage = S_LOST_SHIFT
        state.actor = state.lost_chooser


def black_hole_rolls(state: State, slot: int, events: list[Event]) -> None:
    """Every ship of the group rolls for survival in the open, for all to see."""
    player = state.owner(slot)
    rolls = [roll(state) for _ in range(state.u_count[slot])]
    lost = sum(1 for r in rolls if r > data.BLACK_HOLE_SURVIVE_MAX)
    emit(events, "black_hole", None, unit=slot, player=player, hex=state.u_hex[slot],
         rolls=rolls, lost=lost)
    if lost == state.u_count[slot]:
        destroy_unit(state, slot, events, "black hole")
    else:
        state.u_count[slot] -= lost


# -- Lost in Space -----------------------------------------------------------
def shift_directions(state: State) -> list[int]:
    """Where the Lost in Space chooser may shift the lost units."""
    board = state.board
    here = state.u_hex[state.lost_unit]
    out = []
    for direction in range(N_DIRECTIONS):
        target = board.neighbour(here, direction)
        if target < 0:
            continue
        if state.h_face_up[target] and state.h_marker[target] == data.M_SUPERNOVA:
            continue
        out.append(direction)
    return out


def legal_shift_actions(state: State, out: list[int]) -> None:
    for direction in shift_directions(state):
        out.append(encode(A_SHIFT, direction))


def apply_shift(state: State, direction: int, events: list[Event]) -> None:
    """Shift the lost units, remove the marker, and let them meet what is there."""
    from se4x_core import movement  # movement imports this module

    slot = state.lost_unit
    origin = state.u_hex[slot]
    target = state.board.neighbour(origin, direction)
    state.lost_unit = state.lost_chooser = -1
    state.stage = S_MOVEMENT
    state.actor = state.owner(slot)
    state.u_hex[slot] = target
    state.u_flags[slot] |= F_DONE
    _clear_marker(state, origin)
    emit(events, "lost_in_space_shift", None, unit=slot, player=state.owner(slot),
         origin=origin, hex=target)
    movement.arrive(state, slot, origin, events)


def no_shift_possible(state: State, events: list[Event]) -> None:
    """Nowhere to go (supernovae all round): the units stay, the marker goes."""
    slot = state.lost_unit
    _clear_marker(state, state.u_hex[slot])
    state.lost_unit = state.lost_chooser = -1
    state.stage = S_MOVEMENT
    state.actor = state.owner(slot)
    emit(events, "lost_in_space_stuck", None, unit=slot, player=state.owner(slot))


# -- Exploration technology ----------------------------------------------------
def legal_peek_actions(out: list[int]) -> None:
    out.append(encode(A_REVEAL))
    out.append(encode(A_HIDE))


def apply_peek_decision(state: State, kind: int, events: list[Event]) -> None:
    """Reveal the peeked marker to all (discarding an immediate effect) or hide it."""
    hex_index = state.peek_hex
    player = state.owner(state.peek_unit)
    if kind == A_REVEAL:
        marker = reveal(state, hex_index, events, player)
        if marker in IMMEDIATE_EFFECT_MARKERS:
            _clear_marker(state, hex_index)
            emit(events, "marker_discarded", None, hex=hex_index,
                 marker=data.MARKER_KEYS[marker])
    else:
        emit(events, "peek_hidden", None, hex=hex_index, player=player)
    state.peek_unit = state.peek_hex = -1
    state.stage = S_MOVEMENT
