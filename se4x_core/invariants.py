"""Invariants the engine must keep at every step, and a checker for them.

Self-play checks them after every action; loading a save checks them before
the game is used, so a tampered file is refused instead of crashing later.
Each problem is reported as a sentence; an empty list means all is well.
"""

from __future__ import annotations

from typing import Any

from se4x_core import data
from se4x_core.state import (
    COMBAT_STAGES,
    S_CHOOSE_BATTLE,
    S_CHOOSE_ORDER,
    S_GAME_OVER,
    S_LOST_SHIFT,
    S_PEEK,
    S_PLACE_HOMEWORLD,
    STAGE_NAMES,
    UNIT_SLOTS,
    State,
)

_MASK64 = (1 << 64) - 1
# Purchase records (economy.P_RESEARCH, P_BUY, P_REFIT): kind -> record length.
_PURCHASE_LENGTHS = {0: 4, 1: 4, 2: 8}


def problems(state: State) -> list[str]:
    """Every broken invariant of ``state`` (empty when consistent)."""
    out: list[str] = []
    n_hexes = state.board.size
    if not 0 <= state.stage < len(STAGE_NAMES):
        return [f"unknown stage {state.stage}"]
    structure = _structure_problems(state, n_hexes)
    if structure:  # the checks below index with these fields: stop here
        return structure
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
            code = data.UNIT_CODES[unit_type]
            out.append(f"player {player} has two {code} counters numbered {key[1]}")
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
            planet = marker in (data.M_PLANET, data.M_BARREN, data.M_HOMEWORLD)
            if not planet or not state.h_face_up[h]:
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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_int(x) for x in value)


def _structure_problems(state: State, n_hexes: int) -> list[str]:
    """Fields a damaged save could hold that the rest of the engine would trip over.

    Scalars and lists in range, the config matching the board, per-player lists
    of the right length and contents, the battle's fields; unit and hex values
    the rules index with (movement level, cargo, face-up flag).
    """
    out: list[str] = []
    n_players = state.n_players
    n_units = n_players * UNIT_SLOTS
    out.extend(_config_problems(state))
    if not 0 < state.rng <= _MASK64:
        out.append("the random generator state is out of range")
    if state.round < 0 or not 0 <= state.turn <= 3:
        out.append(f"round {state.round}, turn {state.turn} is not a point of the game")
    order = state.order
    if not _int_list(order) or not order or len(set(order)) != len(order) or \
            any(not 0 <= p < n_players for p in order):
        out.append("the player order is not a list of distinct players")
    elif any(state.alive[p] and p not in order for p in range(n_players)):
        out.append("the player order leaves out a living player")
    elif state.stage != S_GAME_OVER and not 0 <= state.order_pos < len(order) + (
            state.stage == S_CHOOSE_ORDER):  # all bids in: the position is past the end
        out.append(f"order position {state.order_pos} is outside the player order")
    if not -1 <= state.winner < n_players:
        out.append(f"winner {state.winner} is not a player")
    if any(a not in (0, 1) for a in state.alive):
        out.append("alive flags must be 0 or 1")
    for player, home in enumerate(state.homeworld):
        if not -1 <= home < n_hexes or (home < 0 and state.stage != S_PLACE_HOMEWORLD):
            out.append(f"player {player} homeworld hex {home} is not on the board")
    for name, value, limit in (("last_moved", state.last_moved, n_units),
                               ("lost_unit", state.lost_unit, n_units),
                               ("lost_chooser", state.lost_chooser, n_players),
                               ("peek_unit", state.peek_unit, n_units),
                               ("peek_hex", state.peek_hex, n_hexes)):
        if not -1 <= value < limit:
            out.append(f"{name} {value} is out of range")
    if not _int_list(state.battle_hexes) or any(
            not 0 <= h < n_hexes for h in state.battle_hexes):
        out.append("battle hexes are not hexes of the board")
    out.extend(_economy_problems(state, n_hexes))
    out.extend(_battle_problems(state, n_hexes, n_units))
    out.extend(_array_value_problems(state))
    return out


def _config_problems(state: State) -> list[str]:
    from se4x_core.engine import ConfigError, normalise_config  # engine imports much

    config = state.config
    if not isinstance(config, dict):
        return ["the config is not an object"]
    try:
        if normalise_config(config) != config:
            return ["the config is not in its normal form"]
    except ConfigError as exc:
        return [f"bad config: {exc}"]
    if config["players"] != state.n_players:
        return ["the config's player count does not match the state"]
    from se4x_core.hexgrid import default_board_name

    if default_board_name(state.n_players, config["board"]) != state.board_name:
        return ["the config's board does not match the state"]
    return []


def _economy_problems(state: State, n_hexes: int) -> list[str]:
    out: list[str] = []
    n = state.n_players
    if not _int_list(state.bids) or len(state.bids) != n or any(b < -1 for b in state.bids):
        out.append("bids must be one whole number (or -1) per player")
    for name, limit in (("researched", data.N_TECHS), ("income_hexes", n_hexes)):
        value = getattr(state, name)
        if not isinstance(value, list) or len(value) != n or any(
                not _int_list(row) or any(not 0 <= x < limit for x in row) for row in value):
            out.append(f"{name} must be one list per player of valid entries")
    purchases = state.purchases
    if not isinstance(purchases, list) or len(purchases) != n or any(
            not isinstance(row, list) or not all(_purchase_ok(r, n_hexes) for r in row)
            for row in purchases):
        out.append("purchase records are damaged")
    report = state.econ_report
    if not isinstance(report, list) or len(report) != n or any(
            not isinstance(r, dict) for r in report):
        out.append("income reports must be one object per player")
    if not isinstance(state.history, list) or any(
            not isinstance(row, list) or not all(isinstance(x, dict) for x in row)
            for row in state.history):
        out.append("the history must be a list of rows of objects")
    return out


def _purchase_ok(record: Any, n_hexes: int) -> bool:
    if not _int_list(record) or not record or record[0] not in _PURCHASE_LENGTHS:
        return False
    if len(record) != _PURCHASE_LENGTHS[record[0]] or any(x < 0 for x in record):
        return False
    kind, a, b = record[0], record[1], record[2]
    if kind == 0:
        return a < data.N_TECHS
    if kind == 1:
        return a < data.N_UNIT_TYPES and b < n_hexes
    return True


def _battle_problems(state: State, n_hexes: int, n_units: int) -> list[str]:
    battle = state.battle
    if battle is None:
        if state.stage in COMBAT_STAGES and state.stage != S_CHOOSE_BATTLE:
            return ["a combat decision without a battle"]
        return []
    n = state.n_players
    ok = (_is_int(battle.hex) and 0 <= battle.hex < n_hexes
          and _is_int(battle.attacker) and 0 <= battle.attacker < n
          and _is_int(battle.defender) and -1 <= battle.defender < n
          and _is_int(battle.round) and battle.round >= 0
          and _int_list(battle.queue) and all(0 <= s < n_units for s in battle.queue)
          and _is_int(battle.pos) and 0 <= battle.pos <= len(battle.queue)
          and _is_int(battle.shot) and battle.shot >= 0
          and _int_list(battle.screened) and all(0 <= s < n_units for s in battle.screened)
          and _int_list(battle.bonus) and len(battle.bonus) == 2
          and _is_int(battle.screener) and -1 <= battle.screener < n
          and _is_int(battle.screen_left) and isinstance(battle.colony_phase, bool))
    return [] if ok else ["the battle record is damaged"]


def _array_value_problems(state: State) -> list[str]:
    out: list[str] = []
    for slot in range(len(state.u_type)):
        if state.u_type[slot] < 0:
            continue
        if not 1 <= state.u_mov[slot] < len(data.MOVEMENT_SCHEDULE):
            out.append(f"unit {slot} movement level {state.u_mov[slot]} is off the chart")
        if state.u_moved[slot] < 0 or state.u_damage[slot] < 0 or state.u_att[slot] < 0 \
                or state.u_def[slot] < 0 or state.u_flags[slot] < 0:
            out.append(f"unit {slot} has a negative value")
        if not 0 <= state.u_tac[slot] <= data.TECH_MAX[data.T_TACTICS]:
            out.append(f"unit {slot} tactics level {state.u_tac[slot]} is off the chart")
        if state.u_cargo[slot] not in (0, data.M_MINERAL, data.M_WRECK):
            out.append(f"unit {slot} tows something that is not a mineral or wreck")
    for h in range(len(state.h_marker)):
        if state.h_face_up[h] not in (0, 1) or state.h_known[h] < 0 or \
                state.h_deposit_cp[h] < 0 or state.h_deposit_wrecks[h] < 0:
            out.append(f"hex {h} has a flag or count out of range")
    return out
