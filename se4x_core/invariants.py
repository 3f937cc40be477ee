"""Invariants the engine must keep at every step, and a checker for them.

Self-play checks them after every action; loading a save checks them before
the game is used, so a tampered file is refused instead of crashing later.
Each problem is reported as a sentence; an empty list means all is well.
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.state import (
    S_GAME_OVER, S_LOST_SHIFT, S_PEEK, S_PLACE_HOMEWORLD, STAGE_NAMES, State,
)


def problems(state: State) -> list[str]:
    """Every broken invariant of ``state`` (empty when consistent)."""
    out: list[str] = []
    n_hexes = state.board.size
    if not 0 <= state.stage < len(STAGE_NAMES):
        return [f"unknown stage {state.stage}"]
    if state.stage != S_GAME_OVER and not 0 <= state.actor < state.n_players:
        out.append(f"actor {state.actor} is not a player")
    for player in range(state.n_players):
        out.extend(_player_problems(state, player, n_hexes))
    out.extend(_hex_problems(state, n_hexes))
    out.extend(_pending_problems(state))
    return out


def _player_problems(state: State, player: int, n_hexes: int) -> list[str]:
    out = []
    if state.cp[player] < 0:
        out.append(f"player {player} has negative CP ({state.cp[player]})")
    for tech in range(data.N_TECHS):
        level = state.tech_level(player, tech)
        if not data.TECH_START[tech] <= level <= data.TECH_MAX[tech]:
            out.append(f"player {player} {data.TECH_KEYS[tech]} level {level} off the chart")
    counters = [0] * data.N_UNIT_TYPES
    numbers: set[tuple[int, int]] = set()
    for slot in state.player_slots(player):
        unit_type = state.u_type[slot]
        if unit_type == -1:
            continue
        if not 0 <= unit_type < data.N_UNIT_TYPES:
            out.append(f"slot {slot} has unknown unit type {unit_type}")
            continue
        counters[unit_type] += 1
        out.extend(_unit_problems(state, slot, unit_type, n_hexes))
        key = (unit_type, state.u_number[slot])
        if key in numbers:
            out.append(f"player {player} has two {data.UNIT_CODES[unit_type]} counters numbered {key[1]}")
        numbers.add(key)
        if not state.alive[player]:
            out.append(f"eliminated player {player} still has unit {slot}")
    for unit_type, n in enumerate(counters):
        if n > data.UNIT_COUNTERS[unit_type]:
            out.append(f"player {player} has {n} {data.UNIT_CODES[unit_type]} counters "
                       f"(limit {data.UNIT_COUNTERS[unit_type]})")
    return out


def _unit_problems(state: State, slot: int, unit_type: int, n_hexes: int) -> list[str]:
    out = []
    hex_index = state.u_hex[slot]
    count = state.u_count[slot]
    limit = 1 if unit_type in data.SINGLE_UNIT_TYPES else data.MAX_GROUP
    if not 0 <= hex_index < n_hexes:
        out.append(f"unit {slot} is off the board (hex {hex_index})")
    elif not state.h_face_up[hex_index] and state.stage != S_PLACE_HOMEWORLD:
        out.append(f"unit {slot} stands on an unexplored hex {hex_index}")
    if not 1 <= count <= limit:
        out.append(f"unit {slot} has {count} ships (1..{limit} allowed)")
    if not 1 <= state.u_number[slot] <= data.UNIT_COUNTERS[unit_type]:
        out.append(f"unit {slot} has counter number {state.u_number[slot]}")
    hull = data.UNIT_HULL[unit_type]
    if state.u_att[slot] > hull or state.u_def[slot] > hull:
        out.append(f"unit {slot} carries attack/defense tech above its hull size")
    if state.u_cargo[slot] and unit_type != data.MINER:
        out.append(f"unit {slot} tows cargo but is not a miner")
    if state.u_damage[slot] and (state.battle is None or state.battle.hex != hex_index):
        out.append(f"unit {slot} carries damage outside a battle")
    return out


def _hex_problems(state: State, n_hexes: int) -> list[str]:
    out = []
    for h in range(n_hexes):
        owner = state.h_col_owner[h]
        marker = state.h_marker[h]
        if not 0 <= marker < data.N_MARKERS:
            out.append(f"hex {h} has unknown marker {marker}")
        if owner >= 0:
            if owner >= state.n_players or not state.alive[owner]:
                out.append(f"hex {h} has a colony of a player not in the game")
            if marker not in (data.M_PLANET, data.M_BARREN, data.M_HOMEWORLD) or not state.h_face_up[h]:
                out.append(f"hex {h} has a colony but no known planet")
            valid = (5, 10, 15, 20) if marker == data.M_HOMEWORLD else (0, 1, 3, 5)
            if state.h_col_cp[h] not in valid:
                out.append(f"hex {h} colony value {state.h_col_cp[h]} is not a step of the track")
        elif state.h_deposit_cp[h] or state.h_deposit_wrecks[h]:
            out.append(f"hex {h} holds delivered minerals but no colony")
    return out


def _pending_problems(state: State) -> list[str]:
    out = []
    if state.stage == S_LOST_SHIFT and (state.lost_unit < 0 or state.u_type[state.lost_unit] < 0):
        out.append("Lost in Space decision without a lost unit")
    if state.stage == S_PEEK and (state.peek_unit < 0 or state.h_face_up[state.peek_hex]):
        out.append("peek decision without a face-down marker")
    battle = state.battle
    if battle is not None:
        for slot in battle.screened:
            if state.u_type[slot] < 0 or state.u_hex[slot] != battle.hex:
                out.append(f"screened unit {slot} is not in the battle")
    return out
