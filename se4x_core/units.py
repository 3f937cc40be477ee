"""Questions about units and hexes that every part of the rules asks.

Kept apart from the phase modules so that movement, exploration, combat and
the economy answer "is this unit armed?", "is this hex blockaded?" or "how
far may this group move?" the same way.
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.events import Event, emit
from se4x_core.state import F_REVEALED, State


def is_armed(state: State, slot: int) -> bool:
    """Combat-capable: the unit has an attack strength (yards and bases too)."""
    return data.UNIT_ATTACK[state.u_type[slot]] > 0


def armed_units_at(state: State, hex_index: int, player: int) -> list[int]:
    """``player``'s combat-capable units in a hex."""
    return [s for s in state.units_at(hex_index, player) if is_armed(state, s)]


def enemies_of(state: State, player: int) -> list[int]:
    """The other living players."""
    return [p for p in range(state.n_players) if p != player and state.alive[p]]


def enemy_units_at(state: State, hex_index: int, player: int) -> list[int]:
    """Units of any other player in a hex."""
    return [s for s in state.units_at(hex_index) if state.owner(s) != player]


def enemy_armed_at(state: State, hex_index: int, player: int) -> list[int]:
    """Combat-capable units of any other player in a hex."""
    return [s for s in enemy_units_at(state, hex_index, player) if is_armed(state, s)]


def enemy_colony_at(state: State, hex_index: int, player: int) -> bool:
    owner = state.h_col_owner[hex_index]
    return owner >= 0 and owner != player


def blockaded(state: State, hex_index: int) -> bool:
    """A colony with an enemy armed unit in its hex earns nothing."""
    owner = state.h_col_owner[hex_index]
    return owner >= 0 and bool(enemy_armed_at(state, hex_index, owner))


def ships_in(state: State, slots: list[int]) -> int:
    """Ships in a set of groups."""
    return sum(state.u_count[s] for s in slots)


def movement_allowance(state: State, slot: int) -> int:
    """Hexes a unit may move this turn (0 for yards and bases)."""
    unit_type = state.u_type[slot]
    if unit_type in data.IMMOBILE_TYPES:
        return 0
    if unit_type in data.SLOW_TYPES:
        return 1
    if unit_type == data.DECOY:
        level = state.tech_level(state.owner(slot), data.T_MOVEMENT)
    else:
        level = state.u_mov[slot]
    return data.MOVEMENT_SCHEDULE[level][state.turn - 1]


def unit_public_name(state: State, slot: int) -> str:
    """E.g. ``"DD2"``: type code and group number."""
    return f"{data.UNIT_CODES[state.u_type[slot]]}{state.u_number[slot]}"


def destroy_unit(state: State, slot: int, events: list[Event], reason: str) -> None:
    """Remove a unit, saying so; a towed mineral or wreck is lost with it."""
    emit(events, "unit_destroyed", None, unit=slot, player=state.owner(slot),
         hex=state.u_hex[slot], reason=reason, **public_identity(state, slot))
    state.remove_unit(slot)


def public_identity(state: State, slot: int) -> dict[str, object]:
    """What every player may know of a unit: type only when it shows face up."""
    unit_type = state.u_type[slot]
    if unit_type in ALWAYS_FACE_UP or state.u_flags[slot] & F_REVEALED:
        return {"unit_type": data.UNIT_CODES[unit_type], "number": state.u_number[slot],
                "count": state.u_count[slot]}
    if unit_type == data.SY:  # yards stand at colonies for all to see; their number is secret
        return {"unit_type": "SY", "number": state.u_number[slot]}
    return {"unit_type": None}


# Single units that always show face up: colony ships, miners (rules) and bases.
ALWAYS_FACE_UP = frozenset({data.CO, data.MINER, data.BASE})


def reveal_unit(state: State, slot: int) -> None:
    state.u_flags[slot] |= F_REVEALED


def colony_distance(state: State, player: int, hex_index: int, ignore_hex: int = -1) -> int:
    """Hex steps from ``hex_index`` to ``player``'s nearest colony (or a big number)."""
    board = state.board
    best = 1 << 20
    for colony in state.colonies(player):
        if colony != ignore_hex:
            best = min(best, board.distance(hex_index, colony))
    return best


def explored(state: State, hex_index: int) -> bool:
    return bool(state.h_face_up[hex_index])


def known_marker(state: State, hex_index: int) -> int:
    """The marker in a hex if it is face up, else -1."""
    return state.h_marker[hex_index] if state.h_face_up[hex_index] else -1


def eliminate_player(state: State, player: int, events: list[Event]) -> None:
    """An empire whose homeworld fell is out: its units and colonies leave the board."""
    for slot in state.live_units(player):
        state.remove_unit(slot)
    for hex_index in state.colonies(player):
        clear_colony(state, hex_index)
    state.alive[player] = 0
    state.cp[player] = 0
    emit(events, "player_eliminated", None, player=player)


def clear_colony(state: State, hex_index: int) -> None:
    """The planet is empty again; minerals and wrecks waiting there are lost."""
    state.h_col_owner[hex_index] = -1
    state.h_col_cp[hex_index] = 0
    state.h_col_flags[hex_index] = 0
    state.h_deposit_cp[hex_index] = 0
    state.h_deposit_wrecks[hex_index] = 0
