"""Invariants the engine must keep at every step, and a checker for them.

Self-play checks them after every action, and a state built from outside
(a test's hand-made position, a determinized sample) can be checked before
use.  Every field is bounded by the charts: unit levels within the hull and
the Research chart, group sizes 1-6, damage below the hull, CP within what a
board can produce, round and turn plausible; the derived arrays must equal a
fresh recomputation.  Each problem is reported as a sentence; an empty list
means all is well.
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.phases import (
    N_PHASES,
    PH_BUY,
    PH_CHOOSE_BATTLE,
    PH_CHOOSE_ORDER,
    PH_COLONY_FIRE,
    PH_FIRE,
    PH_GAME_OVER,
    PH_LOST_SHIFT,
    PH_MINES,
    PH_MOVEMENT,
    PH_PEEK,
    PH_PLACE_HOMEWORLD,
    PH_SCREEN,
)
from se4x_core.rules.advanced import mines
from se4x_core.rules.advanced.carriers import carrier_room
from se4x_core.rules.advanced.pipelines import chain_mover
from se4x_core.rules.codes import (
    C_HOMEWORLD,
    C_INCOME,
    F_AMBUSH,
    F_DONE,
    F_EXPLORER,
    F_FLEET,
    F_FLEET_SHIFT,
    F_LEVEL,
    F_LEVEL_SHIFT,
    F_ON_CHAIN,
    F_PEEKED,
    F_POINT_DEFENSE,
    F_REFITTED,
    F_REVEALED,
    F_SCREENED,
    F_TERRAFORM,
    MAX_BATTLE_HEXES,
    MAX_RECORDS_PER_PLAYER,
    N_TECHS,
    OPT_PIPELINES,
    P_BUY,
    P_REFIT,
    P_RESEARCH,
    TR_SINGLE,
    UNIT_TRAITS,
    UNITS_PER_PLAYER,
)
from se4x_core.rules.state import DERIVED_FIELDS, State
from se4x_core.rules.units import tech_in_play, unit_in_play

_UNIT_FLAGS = (F_TERRAFORM | F_EXPLORER | F_REVEALED | F_PEEKED | F_DONE | F_REFITTED | F_SCREENED
               | F_FLEET | F_LEVEL | F_POINT_DEFENSE | F_AMBUSH | F_ON_CHAIN)
_COLONY_TRACK = (0, 1, 3, 5)
_HOMEWORLD_TRACK = (5, 10, 15, 20)
_MAX_DEPOSIT = 1000  # minerals waiting at one colony (each delivery is 5 or 10 CP)
_MAX_TACTICS = data.TECH_MAX[data.T_TACTICS]
_MAX_MOVEMENT = data.TECH_MAX[data.T_MOVEMENT]
_MAX_STEPS = max(max(row) for row in data.MOVEMENT_SCHEDULE)  # hexes in one turn's move


def cp_ceiling(state: State) -> int:
    """The most CP an empire can hold on this board: carried CP plus the income of a
    homeworld, a full colony on every hex and a 10 CP mineral delivered to each."""
    return data.CARRY_OVER_CAP + data.HOMEWORLD_CP + 15 * state.n_hexes


def problems(state: State) -> list[str]:
    """Every broken invariant of ``state`` (empty when consistent)."""
    scalar = _scalar_problems(state)
    if scalar:  # the checks below index with these fields: stop here
        return scalar
    fields = state.fields()
    out: list[str] = []
    for player in range(state.n_players):
        out.extend(_player_problems(state, fields, player))
    out.extend(_hex_problems(state, fields))
    out.extend(_warp_problems(state, fields))
    out.extend(_machine_problems(state, fields))
    out.extend(_derived_problems(state, fields))
    out.extend(_pending_problems(state, fields))
    out.extend(_record_problems(state, fields))
    out.extend(_alien_problems(state, fields))
    out.extend(_team_problems(state, fields))
    return out


def _team_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    """Team play: no teams, or two teams sized 2 against 1 or 2 against 2; no
    allies' units fighting each other; a finished game won by one team."""
    team = f["team"]
    if not any(team):
        return []
    out = []
    sizes = sorted(team.count(number) for number in (1, 2))
    wanted = [1, 2] if state.n_players == 3 else [2, 2]
    if any(number not in (1, 2) for number in team) or sizes != wanted:
        out.append(f"teams {team} are not two teams of {wanted}")
    if any(f["alien"]):
        out.append("team play in the solitaire scenario")
    attacker, defender = state.b_attacker, state.b_defender
    if state.b_hex >= 0 and attacker >= 0 and defender >= 0 and team[attacker] == team[defender]:
        out.append(f"allies {attacker} and {defender} fight a battle")
    if state.phase == PH_GAME_OVER and state.winner >= 0:
        losers = [p for p in range(state.n_players)
                  if team[p] != team[state.winner] and f["alive"][p]]
        if losers:
            out.append(f"the team of {state.winner} won while enemy {losers[0]} lives")
    return out


def _machine_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    """Doomsday Machines: only with their rule set, each on its own face-up Deep Space
    hex with fewer hits than its hull; a battle against one is fought where it stands, and the
    machines' step lasts only while its battles do."""
    out: list[str] = []
    hexes = [h - 1 for h in f["dm_hex"] if h > 0]
    if hexes and not state.options & data.OPT_DOOMSDAY:
        out.append("a Doomsday Machine in a game without the rule set")
    for i, (place, hits) in enumerate(zip(f["dm_hex"], f["dm_hits"], strict=True)):
        if not 0 <= place <= state.n_hexes or not 0 <= hits < data.DOOMSDAY_HULL or \
                (place == 0 and hits):
            out.append(f"Doomsday Machine {i + 1} record ({place}, {hits}) is damaged")
        elif place and state.board.region[place - 1] >= 0:
            out.append(f"Doomsday Machine {i + 1} is in a home system")
        elif place and not f["h_face_up"][place - 1]:
            out.append(f"Doomsday Machine {i + 1} stands on a face-down marker")
    if len(set(hexes)) != len(hexes):
        out.append("two Doomsday Machines share a hex")
    if state.b_defender == data.MACHINE_SIDE and state.b_hex not in hexes:
        out.append("a battle against a Doomsday Machine that is not in the battle hex")
    if state.machine_step and state.phase not in (PH_SCREEN, PH_FIRE, PH_GAME_OVER):
        out.append("the machines' step outlives its battles")
    return out


def _alien_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    """The solitaire scenario: alien players, banks and fleets within the rules."""
    out: list[str] = []
    per_roll = f["alien"]
    if per_roll[0]:
        out.append("player 0 (the human) is marked as an alien player")
    if len({v for v in per_roll[1:]}) > 1 or any(v not in (0, 5, 10, 15) for v in per_roll):
        out.append(f"alien CP per roll {per_roll} is not one difficulty's")
    for player in range(state.n_players):
        banks = f["alien_bank"][player * data.N_BANKS:(player + 1) * data.N_BANKS]
        if not per_roll[player] and any(banks):
            out.append(f"human player {player} has alien banks {banks}")
        if any(not 0 <= b <= 9999 for b in banks):
            out.append(f"player {player} alien banks {banks} out of range")
        fleets = set()
        for unit in state.live_units(player):
            fleet = (f["u_flags"][unit] & F_FLEET) >> F_FLEET_SHIFT
            if fleet and not per_roll[player]:
                out.append(f"unit {unit} of a human player carries a fleet number")
            if fleet:
                fleets.add(fleet)
        if len(fleets) > data.ALIEN_MAX_FLEETS:
            out.append(f"player {player} has {len(fleets)} fleets out")
        if per_roll[player] and f["cp"][player]:
            out.append(f"alien player {player} holds {f['cp'][player]} CP outside its banks")
    return out


def _scalar_problems(state: State) -> list[str]:
    out = []
    n = state.n_players
    if not 0 <= state.phase < N_PHASES:
        return [f"unknown phase {state.phase}"]
    if state.phase != PH_GAME_OVER and not 0 <= state.current_player < n:
        out.append(f"current_player {state.current_player} is not a player")
    if state.rng == 0:
        out.append("the random generator state is zero")
    if state.round < 0 or not 0 <= state.turn <= 3 or (state.round == 0) != (state.turn == 0):
        out.append(f"round {state.round}, turn {state.turn} is not a point of the game")
    if state.max_rounds and state.round > state.max_rounds:
        out.append(f"round {state.round} is past the round limit {state.max_rounds}")
    if state.phase != PH_PLACE_HOMEWORLD and state.round == 0:
        out.append("the game has started but round is 0")
    if state.pending != 0:
        out.append("an automatic step is still owed between two actions")
    if not 0 < state.n_order <= n:
        return out + [f"the player order has {state.n_order} entries"]
    if not -1 <= state.winner < n:
        out.append(f"winner {state.winner} is not a player")
    if not 0 <= state.n_battle_hexes <= MAX_BATTLE_HEXES:
        out.append("too many battle hexes")
    for name, value, limit in (("last_moved", state.last_moved, state.n_units),
                               ("lost_unit", state.lost_unit, state.n_units),
                               ("lost_chooser", state.lost_chooser, n),
                               ("peek_unit", state.peek_unit, state.n_units),
                               ("peek_hex", state.peek_hex, state.n_hexes),
                               ("b_hex", state.b_hex, state.n_hexes),
                               ("b_attacker", state.b_attacker, n),
                               ("b_defender", -1 if state.b_defender == data.MACHINE_SIDE
                                else state.b_defender, n),
                               ("b_screener", state.b_screener, n)):
        if not -1 <= value < limit:
            out.append(f"{name} {value} is out of range")
    if state.machine_step not in (0, 1):
        out.append(f"machine_step {state.machine_step} is not a flag")
    if state.options & ~sum(data.ADVANCED_RULES.values()) or state.options < 0:
        out.append(f"advanced rule options {state.options} are not all known rule sets")
    if state.auto_mask >> n or state.auto_mask < 0 or state.reference_forces not in (0, 1):
        out.append("the config flags are out of range")
    return out


def _player_problems(state: State, f: dict[str, list[int]], player: int) -> list[str]:
    out = []
    cp = f["cp"][player]
    if not 0 <= cp <= cp_ceiling(state):
        out.append(f"player {player} has {cp} CP (0..{cp_ceiling(state)} possible)")
    if f["alive"][player] not in (0, 1):
        out.append(f"player {player} alive flag {f['alive'][player]}")
    home = f["homeworld"][player]
    if not -1 <= home < state.n_hexes or (home < 0 and state.phase != PH_PLACE_HOMEWORLD):
        out.append(f"player {player} homeworld hex {home} is not on the board")
    for tech in range(N_TECHS):
        level = f["tech"][player * N_TECHS + tech]
        if not data.TECH_START[tech] <= level <= data.TECH_MAX[tech]:
            out.append(f"player {player} {data.TECH_KEYS[tech]} level {level} off the chart")
        elif not tech_in_play(state, tech) and level != data.TECH_START[tech]:
            out.append(f"player {player} has {data.TECH_KEYS[tech]} level {level}, "
                       "a technology not in this game")
    counters = [0] * data.N_UNIT_TYPES
    numbers: set[tuple[int, int]] = set()
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        unit_type = f["u_type"][unit]
        if unit_type == -1:
            if f["u_hex"][unit] != -1 or f["u_count"][unit] or f["u_flags"][unit]:
                out.append(f"free unit {unit} holds leftovers")
            continue
        if not unit_in_play(state, unit_type):
            out.append(f"unit {unit} has unit type {unit_type}, not in this game")
            continue
        counters[unit_type] += 1
        out.extend(_unit_problems(state, f, unit, unit_type))
        key = (unit_type, f["u_number"][unit])
        if key in numbers:
            out.append(f"player {player} has two {data.UNIT_CODES[unit_type]} counters "
                       f"numbered {key[1]}")
        numbers.add(key)
        if not f["alive"][player]:
            out.append(f"eliminated player {player} still has unit {unit}")
    for unit_type, n in enumerate(counters):
        if n > data.UNIT_COUNTERS[unit_type]:
            out.append(f"player {player} has {n} {data.UNIT_CODES[unit_type]} counters "
                       f"(limit {data.UNIT_COUNTERS[unit_type]})")
    bid = f["bids"][player]
    if not -1 <= bid <= cp_ceiling(state):
        out.append(f"player {player} bid {bid} is out of range")
    return out


def _moved_limit(state: State, unit: int) -> int:
    """The most hexes ``unit`` can have moved since its owner's turn began.

    While its owner moves, at most the Movement chart's 3.  A retreat moves
    a ship one hex more and counts as moving (no refit), and the rules allow
    one in every battle after its first round ("After the first round of
    Combat, any Combat capable ship may instead choose to Retreat to an
    adjacent System", rules summary, Retreat), whatever the ship moved
    before.  It cannot retreat into a hex holding enemy units, so it retreats
    at most once per combat phase: in its owner's own, then in each other
    player's until its owner's next turn (up to 2n - 1 combat phases when
    the Economic Phase changes the player order in between).  With MS
    Pipelines a unit moving along its chain takes one hex more.
    """
    steps = _MAX_STEPS + (1 if state.options & OPT_PIPELINES else 0)  # the chain's extra hex
    if state.phase == PH_MOVEMENT and state.current_player == unit // UNITS_PER_PLAYER:
        return steps
    return steps + 2 * state.n_players - 1


def _advanced_unit_problems(state: State, f: dict[str, list[int]], unit: int,
                            unit_type: int) -> list[str]:
    """Fighters aboard a carrier of their owner in their hex, within its room (3 a
    carrier); special levels only on the units that carry one, within their charts; the
    chain flag only on units that move at a Movement level, with MS Pipelines on;
    a pipeline carries no cargo, no special level, no technology flags."""
    out = []
    level = (f["u_flags"][unit] & F_LEVEL) >> F_LEVEL_SHIFT
    if unit_type == data.F:
        if not 1 <= level <= data.TECH_MAX[data.T_FIGHTERS]:
            out.append(f"fighter group {unit} has fighter level {level}")
        carrier = f["u_cargo"][unit] - 1
        if carrier >= 0 and (carrier // UNITS_PER_PLAYER != unit // UNITS_PER_PLAYER
                             or f["u_type"][carrier] != data.CV
                             or f["u_hex"][carrier] != f["u_hex"][unit]):
            out.append(f"fighter group {unit} is aboard {carrier}, not a carrier of its "
                       "owner in its hex")
        elif carrier >= 0 and carrier_room(state, carrier) < 0:
            out.append(f"carrier group {carrier} carries more than 3 fighters a carrier")
    elif data.UNIT_SPECIAL_TECH[unit_type] >= 0:
        tech = data.UNIT_SPECIAL_TECH[unit_type]
        least = data.UNIT_TECH_NEEDED[unit_type][1] if unit_type in (data.R, data.SW) else 0
        if not least <= level <= data.TECH_MAX[tech]:
            out.append(f"{data.UNIT_NAMES[unit_type]} group {unit} has "
                       f"{data.TECH_NAMES[tech]} level {level}")
    elif level:
        out.append(f"unit {unit} carries a special level but its type has none")
    if f["u_flags"][unit] & F_AMBUSH and (unit_type != data.R
                                          or state.b_hex != f["u_hex"][unit]):
        out.append(f"unit {unit} ambushes outside a battle or is no raider")
    if f["u_flags"][unit] & F_POINT_DEFENSE and (unit_type != data.SC
                                                 or state.b_hex != f["u_hex"][unit]):
        out.append(f"unit {unit} fires as point defense outside a battle or is no scout")
    if f["u_flags"][unit] & F_ON_CHAIN and (not state.options & OPT_PIPELINES
                                            or not chain_mover(unit_type)):
        out.append(f"unit {unit} may move along a chain but is no chain mover or the MS "
                   "Pipelines rules are off")
    if unit_type == data.MS and (f["u_cargo"][unit] or f["u_flags"][unit] & ~(
            F_DONE | F_ON_CHAIN | F_REVEALED | F_PEEKED | F_REFITTED)):
        out.append(f"MS pipeline {unit} carries cargo or flags it cannot have")
    if unit_type == data.MS and f["u_flags"][unit] & F_ON_CHAIN:
        out.append(f"MS pipeline {unit} may take the chain's extra hex (it moves 1)")
    return out


def _unit_problems(state: State, f: dict[str, list[int]], unit: int,
                   unit_type: int) -> list[str]:
    out = []
    hex_index = f["u_hex"][unit]
    count = f["u_count"][unit]
    hull = data.UNIT_HULL[unit_type]
    limit = 1 if UNIT_TRAITS[unit_type] & TR_SINGLE else data.MAX_GROUP
    if not 0 <= hex_index < state.n_hexes:
        return [f"unit {unit} is off the board (hex {hex_index})"]
    if not f["h_face_up"][hex_index] and state.phase != PH_PLACE_HOMEWORLD:
        out.append(f"unit {unit} stands on an unexplored hex {hex_index}")
    if not 1 <= count <= limit:
        out.append(f"unit {unit} has {count} ships (1..{limit} allowed)")
    if not 1 <= f["u_number"][unit] <= data.UNIT_COUNTERS[unit_type]:
        out.append(f"unit {unit} has counter number {f['u_number'][unit]}")
    cap = min(hull, data.TECH_MAX[data.T_ATTACK])
    if not 0 <= f["u_att"][unit] <= cap or not 0 <= f["u_def"][unit] <= cap:
        out.append(f"unit {unit} carries attack/defense tech outside 0..{cap}")
    if not 0 <= f["u_tac"][unit] <= _MAX_TACTICS:
        out.append(f"unit {unit} tactics level {f['u_tac'][unit]} is off the chart")
    if not 0 <= f["u_mov"][unit] <= _MAX_MOVEMENT or (
            f["u_mov"][unit] == 0 and unit_type in data.WARSHIP_TYPES):
        out.append(f"unit {unit} movement level {f['u_mov'][unit]} is off the chart")
    moved_limit = _moved_limit(state, unit)
    if not 0 <= f["u_moved"][unit] <= moved_limit:
        out.append(f"unit {unit} moved {f['u_moved'][unit]} hexes this turn "
                   f"(0..{moved_limit} possible)")
    if f["u_flags"][unit] & ~_UNIT_FLAGS:
        out.append(f"unit {unit} has unknown flags")
    out.extend(_advanced_unit_problems(state, f, unit, unit_type))
    cargo, value = f["u_cargo"][unit], f["u_cargo_value"][unit]
    if unit_type == data.F:
        cargo = value = 0  # a fighter's "cargo" is the carrier it is aboard (checked above)
    if cargo and unit_type != data.MINER:
        out.append(f"unit {unit} tows cargo but is not a miner")
    if cargo not in (0, data.M_MINERAL, data.M_WRECK) or (cargo == 0 and value) or \
            (cargo == data.M_MINERAL and value not in (5, 10)) or \
            (cargo == data.M_WRECK and value):
        out.append(f"unit {unit} tows something that is not a mineral or wreck")
    damage = f["u_damage"][unit]
    if not 0 <= damage < max(hull, 1) or (damage and state.b_hex != hex_index):
        out.append(f"unit {unit} carries damage {damage} outside a battle or beyond its hull")
    if f["u_flags"][unit] & F_SCREENED and state.b_hex != hex_index:
        out.append(f"unit {unit} is screened outside a battle")
    if unit_type == data.SY and f["h_col_owner"][hex_index] != unit // UNITS_PER_PLAYER:
        out.append(f"ship yard {unit} stands outside its owner's colonies")
    return out


def _hex_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    out = []
    for h in range(state.n_hexes):
        owner = f["h_col_owner"][h]
        marker = f["h_marker"][h]
        if not 0 <= marker < data.N_MARKERS:
            out.append(f"hex {h} has unknown marker {marker}")
            continue
        if f["h_face_up"][h] not in (0, 1) or not 0 <= f["h_known"][h] < 1 << state.n_players:
            out.append(f"hex {h} has a flag out of range")
        if f["h_value"][h] not in (0, 1, 2, 3, 5, 10):
            out.append(f"hex {h} has marker value {f['h_value'][h]}")
        if owner >= 0:
            out.extend(_colony_problems(state, f, h, owner, marker))
        elif f["h_deposit_cp"][h] or f["h_deposit_wrecks"][h] or f["h_col_cp"][h] or \
                f["h_col_flags"][h]:
            out.append(f"hex {h} holds colony values but no colony")
        elif owner != -1:
            out.append(f"hex {h} has colony owner {owner}")
    return out


_WARP_COUNTS = {value: n for marker, value, n in data.DEEP_SPACE_MIX if marker == data.M_WARP}


def _warp_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    """Revealed warp points (README, "Advanced rules: warp points"): on the map only with
    the rule set on (the basic game turns them into empty space), numbered as the Deep
    Space mix numbers them, each where a warp point of that number was drawn, and no more
    of a number than the mix holds."""
    out = []
    seen = dict.fromkeys(_WARP_COUNTS, 0)
    for h in range(state.n_hexes):
        if not f["h_face_up"][h] or f["h_marker"][h] != data.M_WARP:
            continue
        value = f["h_value"][h]
        if not state.options & data.OPT_WARP_POINTS:
            out.append(f"hex {h} shows a warp point without the warp points rule set")
        if value not in _WARP_COUNTS:
            out.append(f"warp point at hex {h} has number {value}")
            continue
        if f["h_origin"][h] != data.M_WARP * 16 + value:
            out.append(f"warp point {value} at hex {h} was not drawn there")
        seen[value] += 1
    for value, n in seen.items():
        if n > _WARP_COUNTS[value]:
            out.append(f"{n} warp points numbered {value} are revealed (the mix holds "
                       f"{_WARP_COUNTS[value]})")
    return out


def _colony_problems(state: State, f: dict[str, list[int]], h: int, owner: int,
                     marker: int) -> list[str]:
    out = []
    if owner >= state.n_players or not f["alive"][owner]:
        out.append(f"hex {h} has a colony of a player not in the game")
    if marker not in (data.M_PLANET, data.M_BARREN, data.M_HOMEWORLD) or not f["h_face_up"][h]:
        out.append(f"hex {h} has a colony but no known planet")
    homeworld = marker == data.M_HOMEWORLD
    if bool(f["h_col_flags"][h] & C_HOMEWORLD) != homeworld or \
            f["h_col_flags"][h] & ~(C_HOMEWORLD | C_INCOME):
        out.append(f"hex {h} colony flags {f['h_col_flags'][h]} do not fit its planet")
    if f["h_col_cp"][h] not in (_HOMEWORLD_TRACK if homeworld else _COLONY_TRACK):
        out.append(f"hex {h} colony value {f['h_col_cp'][h]} is not a step of the track")
    if not 0 <= f["h_deposit_cp"][h] <= _MAX_DEPOSIT or not 0 <= f["h_deposit_wrecks"][h] <= 50:
        out.append(f"hex {h} holds an impossible delivery")
    return out


def _derived_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    """The incrementally kept arrays must equal a recomputation from the units."""
    fresh = state.clone()
    fresh.rebuild_derived()
    again = fresh.fields()
    return [f"derived field {name} is out of date" for name in DERIVED_FIELDS
            if again[name] != f[name]]


def _pending_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    out = []
    phase = state.phase
    n = state.n_players
    order = f["order"][:state.n_order]
    if len(set(order)) != len(order) or any(not 0 <= p < n for p in order):
        out.append("the player order is not a list of distinct players")
    elif any(f["alive"][p] and p not in order for p in range(n)):
        out.append("the player order leaves out a living player")
    elif phase != PH_GAME_OVER and not 0 <= state.order_pos < state.n_order + (
            phase == PH_CHOOSE_ORDER):  # all bids in: the position is past the end
        out.append(f"order position {state.order_pos} is outside the player order")
    if phase == PH_LOST_SHIFT and (state.lost_unit < 0 or f["u_type"][state.lost_unit] < 0):
        out.append("Lost in Space decision without a lost unit")
    if (phase == PH_LOST_SHIFT) != (state.lost_unit >= 0):
        out.append("a lost unit outside a Lost in Space decision")
    if phase == PH_PEEK and (state.peek_unit < 0 or f["h_face_up"][state.peek_hex]):
        out.append("peek decision without a face-down marker")
    if (phase == PH_PEEK) != (state.peek_unit >= 0):
        out.append("a peek outside a peek decision")
    in_battle = phase in (PH_SCREEN, PH_FIRE, PH_COLONY_FIRE)
    if in_battle and state.b_hex < 0:
        out.append("a combat decision without a battle")
    if phase == PH_CHOOSE_BATTLE and state.n_battle_hexes < 2:
        out.append("a choice of battles with fewer than two battles")
    for i in range(state.n_battle_hexes):
        if not 0 <= f["battle_hexes"][i] < state.n_hexes:
            out.append("battle hexes are not hexes of the board")
    if in_battle and (state.b_attacker < 0 or (state.b_defender == -1 and not state.b_colony)):
        out.append("the battle record is damaged")
    if phase == PH_MINES and not _mines_pending(state, f):
        out.append("a mines decision without a mine of the deciding player and a ship to strike")
    return out


def _mines_pending(state: State, f: dict[str, list[int]]) -> bool:
    """The mines phase: the current player, the battle's defender, has a mine in the
    battle hex and the mover a group it may strike."""
    owner = state.b_defender
    if state.b_hex < 0 or owner < 0 or state.current_player != owner:
        return False
    has_mine = any(f["u_type"][u] == data.MINE and f["u_hex"][u] == state.b_hex
                   for u in range(owner * UNITS_PER_PLAYER, (owner + 1) * UNITS_PER_PLAYER))
    return has_mine and any(
        mines.is_mine_target(state, u, owner, state.b_hex)
        for u in range(state.b_attacker * UNITS_PER_PLAYER,
                       (state.b_attacker + 1) * UNITS_PER_PLAYER))


def _record_problems(state: State, f: dict[str, list[int]]) -> list[str]:
    out = []
    for player in range(state.n_players):
        n = f["n_records"][player]
        if not 0 <= n <= MAX_RECORDS_PER_PLAYER:
            out.append(f"player {player} has {n} purchase records")
            continue
        if n and state.phase != PH_BUY:
            out.append(f"player {player} holds purchase records outside the purchases")
        base = player * MAX_RECORDS_PER_PLAYER * 4
        if any(f["records"][base + 4 * n:base + 4 * MAX_RECORDS_PER_PLAYER]):
            out.append(f"player {player} has leftovers past its purchase records")
        for i in range(n):
            kind, a, b, cost = f["records"][base + 4 * i:base + 4 * i + 4]
            if kind == P_RESEARCH:
                ok = 0 <= a < N_TECHS and data.TECH_START[a] <= b < data.TECH_MAX[a]
            elif kind == P_BUY:
                ok = 0 <= a < data.N_UNIT_TYPES and 0 <= b < state.n_hexes
            elif kind == P_REFIT:
                first = player * UNITS_PER_PLAYER
                # b: the packed levels (economy.unit_levels): 12 bits with the special level
                ok = first <= a < first + UNITS_PER_PLAYER and 0 <= b < 1 << 12
            else:
                ok = False
            if not ok or not 0 <= cost <= 200:
                out.append(f"player {player} purchase record {i} is damaged")
        if not 0 <= f["researched"][player] < 1 << N_TECHS:
            out.append(f"player {player} research marks are damaged")
    return out

