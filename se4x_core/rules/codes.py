"""Every number the compiled rules compare against, gathered in one place.

The values come from their own homes (the charts in :mod:`se4x_core.data`,
action kinds in :mod:`se4x_core.actions`, the phase table in
:mod:`se4x_core.phases`, event kinds in :mod:`se4x_core.events`) or are
defined here (unit flags, unit traits, colony flags, purchase records).
Interpreted, the rules modules import these names from this module;
compiled, they ``cimport`` the same names from ``codes.pxd``, which
``python -m se4x_core.devtools.gen_codes`` writes from this module as C enum
constants and static arrays (a test checks the committed file is current).

>>> UNIT_TRAITS[SY] & TR_IMMOBILE != 0, UNIT_TRAITS[DD] & TR_WARSHIP != 0
(True, True)
>>> TECH_COST_FLAT[TECH_COST_AT[T_ATTACK] + 1]  # Attack 1 -> 2
30
"""

from __future__ import annotations

from typing import Final

from se4x_core import actions, data, phases
from se4x_core.events import KIND_BY_NAME as _EVENT_KINDS

# -- action kinds and phases (defined in se4x_core.actions and se4x_core.phases) ------
A_BID: Final = actions.A_BID
A_BUY: Final = actions.A_BUY
A_CHOOSE_BATTLE: Final = actions.A_CHOOSE_BATTLE
A_COLONIZE: Final = actions.A_COLONIZE
A_DONE_SCREEN: Final = actions.A_DONE_SCREEN
A_END_BUY: Final = actions.A_END_BUY
A_END_MOVE: Final = actions.A_END_MOVE
A_FIRE: Final = actions.A_FIRE
A_FIRE_COLONY: Final = actions.A_FIRE_COLONY
A_HIDE: Final = actions.A_HIDE
A_HOLD: Final = actions.A_HOLD
A_LOAD: Final = actions.A_LOAD
A_MERGE: Final = actions.A_MERGE
A_MOVE: Final = actions.A_MOVE
A_ORDER: Final = actions.A_ORDER
A_PEEK: Final = actions.A_PEEK
A_PLACE: Final = actions.A_PLACE
A_REFIT: Final = actions.A_REFIT
A_RESEARCH: Final = actions.A_RESEARCH
A_RETREAT: Final = actions.A_RETREAT
A_REVEAL: Final = actions.A_REVEAL
A_SCREEN: Final = actions.A_SCREEN
A_SHIFT: Final = actions.A_SHIFT
A_SPLIT: Final = actions.A_SPLIT
A_UNDO: Final = actions.A_UNDO
A_UNLOAD: Final = actions.A_UNLOAD
A_UNSCREEN: Final = actions.A_UNSCREEN
A_BOARD: Final = actions.A_BOARD
A_LEAVE_CARRIER: Final = actions.A_LEAVE_CARRIER
A_SCUTTLE: Final = actions.A_SCUTTLE
A_DETONATE: Final = actions.A_DETONATE
N_PHASES: Final = phases.N_PHASES
PH_BID: Final = phases.PH_BID
PH_BUY: Final = phases.PH_BUY
PH_CHOOSE_BATTLE: Final = phases.PH_CHOOSE_BATTLE
PH_CHOOSE_ORDER: Final = phases.PH_CHOOSE_ORDER
PH_COLONY_FIRE: Final = phases.PH_COLONY_FIRE
PH_FIRE: Final = phases.PH_FIRE
PH_GAME_OVER: Final = phases.PH_GAME_OVER
PH_LOST_SHIFT: Final = phases.PH_LOST_SHIFT
PH_MOVEMENT: Final = phases.PH_MOVEMENT
PH_PEEK: Final = phases.PH_PEEK
PH_PLACE_HOMEWORLD: Final = phases.PH_PLACE_HOMEWORLD
PH_SCREEN: Final = phases.PH_SCREEN
PH_MINES: Final = phases.PH_MINES

# -- sizes ------------------------------------------------------------------
UNITS_PER_PLAYER: Final = 64  # unit units per player; unit s belongs to player s // 64
MAXP: Final = 4  # most players a game seats
PARAM_LIMIT: Final = 1 << 10  # action parameters are 0..1023
MAX_ACTIONS: Final = 4096  # capacity of a legal-action list
MAX_RECORDS_PER_PLAYER: Final = 64  # purchase records one player may make in a phase
MAX_BATTLE_HEXES: Final = 48  # distinct hexes a mover's units can hold (48 counters)
VIS_ALL: Final = -1

# -- units ------------------------------------------------------------------
SC: Final = data.SC
DD: Final = data.DD
CA: Final = data.CA
BC: Final = data.BC
BB: Final = data.BB
DN: Final = data.DN
BASE: Final = data.BASE
SY: Final = data.SY
CO: Final = data.CO
MINER: Final = data.MINER
DECOY: Final = data.DECOY
CV: Final = data.CV
F: Final = data.F
R: Final = data.R
SW: Final = data.SW
MINE: Final = data.MINE
MS: Final = data.MS
N_UNIT_TYPES: Final = data.N_UNIT_TYPES
MAX_GROUP: Final = data.MAX_GROUP
NO_CLASS: Final = data.NO_CLASS
CLASS_A: Final = data.CLASS_A
CLASS_E: Final = data.CLASS_E

UNIT_COST: Final = data.UNIT_COST
UNIT_CLASS: Final = data.UNIT_CLASS
UNIT_ATTACK: Final = data.UNIT_ATTACK
UNIT_DEFENSE: Final = data.UNIT_DEFENSE
UNIT_HULL: Final = data.UNIT_HULL
UNIT_COUNTERS: Final = data.UNIT_COUNTERS
UNIT_SIZE_NEEDED: Final = data.UNIT_SIZE_NEEDED
UNIT_TECH_NEEDED: Final = tuple(tech for tech, _ in data.UNIT_TECH_NEEDED)
UNIT_TECH_LEVEL_NEEDED: Final = tuple(level for _, level in data.UNIT_TECH_NEEDED)
UNIT_OPTION: Final = data.UNIT_OPTION
TECH_OPTION: Final = data.TECH_OPTION
UNIT_SPECIAL_TECH: Final = data.UNIT_SPECIAL_TECH
OPT_FIGHTERS: Final = data.OPT_FIGHTERS
OPT_SCUTTLING: Final = data.OPT_SCUTTLING
OPT_RAIDERS: Final = data.OPT_RAIDERS
OPT_MINES: Final = data.OPT_MINES
OPT_PIPELINES: Final = data.OPT_PIPELINES
OPT_WARP_POINTS: Final = data.OPT_WARP_POINTS
OPT_DOOMSDAY: Final = data.OPT_DOOMSDAY
WARP_DIR: Final = data.WARP_DIR
MAX_MACHINES: Final = data.MAX_MACHINES
MACHINE_SIDE: Final = data.MACHINE_SIDE
MACHINE_UNIT: Final = data.MACHINE_UNIT
DOOMSDAY_CLASS: Final = data.DOOMSDAY_CLASS
DOOMSDAY_ATTACK: Final = data.DOOMSDAY_ATTACK
DOOMSDAY_DEFENSE: Final = data.DOOMSDAY_DEFENSE
DOOMSDAY_HULL: Final = data.DOOMSDAY_HULL
DOOMSDAY_SHOTS: Final = data.DOOMSDAY_SHOTS
DOOMSDAY_TACTICS: Final = data.DOOMSDAY_TACTICS
DOOMSDAY_HIT_ROLL: Final = data.DOOMSDAY_HIT_ROLL
DOOMSDAY_MOVE: Final = data.DOOMSDAY_MOVE
DOOMSDAY_WRECK_ROLLS: Final = data.DOOMSDAY_WRECK_ROLLS
REACH_WARP: Final = 6  # movement.reach: an entry's step through a warp link
FIGHTER_ATTACK: Final = data.FIGHTER_ATTACK
FIGHTER_DEFENSE: Final = data.FIGHTER_DEFENSE
POINT_DEFENSE_ATTACK: Final = data.POINT_DEFENSE_ATTACK
CARRIER_CAPACITY: Final = data.CARRIER_CAPACITY

# Unit traits: one bit field per unit type, so a rule asks one question.
TR_ARMED: Final = 1  # has an attack strength (yards and bases too)
TR_WARSHIP: Final = 2  # SC..DN: refitted, split and merged
TR_SINGLE: Final = 4  # its counter always holds one unit
TR_IMMOBILE: Final = 8  # never moves (yards, bases)
TR_SLOW: Final = 16  # always moves exactly one hex (colony ships, miners)
TR_NO_YARD: Final = 32  # built without a ship yard (bases, yards, decoys)
TR_FACE_UP: Final = 64  # always shows face up (colony ships, miners, bases, MS pipelines)
TR_MAINTAINED: Final = 128  # pays maintenance
TR_BUYABLE: Final = 256  # may be bought in the Economic Phase
TR_CARRIED: Final = 512  # never moves by itself: rides aboard a carrier (fighters)


def _traits(unit_type: int) -> int:
    """The trait bits of one unit type, read off the charts."""
    return ((TR_ARMED if data.UNIT_ATTACK[unit_type] > 0 else 0)
            | (TR_WARSHIP if unit_type in data.WARSHIP_TYPES else 0)
            | (TR_SINGLE if unit_type in data.SINGLE_UNIT_TYPES else 0)
            | (TR_IMMOBILE if unit_type in data.IMMOBILE_TYPES else 0)
            | (TR_SLOW if unit_type in data.SLOW_TYPES else 0)
            | (TR_NO_YARD if unit_type in data.NO_YARD_TYPES else 0)
            | (TR_FACE_UP if unit_type in (data.CO, data.MINER, data.BASE, data.MS) else 0)
            | (TR_MAINTAINED if data.UNIT_MAINTAINED[unit_type] else 0)
            | (TR_BUYABLE if unit_type in data.BUYABLE_TYPES else 0)
            | (TR_CARRIED if unit_type in data.CARRIED_TYPES else 0))


UNIT_TRAITS: Final = tuple(_traits(t) for t in range(data.N_UNIT_TYPES))

# -- unit flags (u_flags bits) -------------------------------------------------
F_TERRAFORM: Final = 1  # colony ship built with Terraforming
F_EXPLORER: Final = 2  # cruiser built (or refitted) with Exploration technology
F_REVEALED: Final = 4  # revealed in combat: opponents see type, size and tech
F_PEEKED: Final = 8  # used its Exploration technology this turn
F_DONE: Final = 16  # finished moving this turn
F_REFITTED: Final = 32  # refitted in this Economic Phase
F_SCREENED: Final = 64  # screened in the current combat round
F_FLEET_SHIFT: Final = 7  # alien players: bits 7-8 hold the launched fleet (1-3), 0 at home
F_FLEET: Final = 3 << F_FLEET_SHIFT
# Advanced rules: bits 9-10 hold the level of the special technology a unit was built
# (or refitted) with: a fighter's Fighters level (F1-F3), a scout's Point Defense.
F_LEVEL_SHIFT: Final = 9
F_LEVEL: Final = 3 << F_LEVEL_SHIFT
F_POINT_DEFENSE: Final = 1 << 11  # a scout firing as point defense in this combat round
F_AMBUSH: Final = 1 << 12  # a raider cloaked when its battle began: class A, +1 in round 1
RAIDER_AMBUSH_BONUS: Final = data.RAIDER_AMBUSH_BONUS
MINES_SWEPT: Final = data.MINES_SWEPT
# MS Pipelines: began this turn on one of its owner's chain hexes and has entered only
# chain hexes since, so it may take one extra step along the chain (rules/advanced/pipelines.py).
F_ON_CHAIN: Final = 1 << 13
F_TECH_FLAGS: Final = F_TERRAFORM | F_EXPLORER | F_LEVEL  # must agree for two groups to merge

# -- colony flags (h_col_flags bits) ---------------------------------------------
C_HOMEWORLD: Final = 1
C_INCOME: Final = 2  # produced income in this Economic Phase: may build

# -- technologies -----------------------------------------------------------------
T_SHIP_SIZE: Final = data.T_SHIP_SIZE
T_ATTACK: Final = data.T_ATTACK
T_DEFENSE: Final = data.T_DEFENSE
T_TACTICS: Final = data.T_TACTICS
T_MOVEMENT: Final = data.T_MOVEMENT
T_SHIP_YARD: Final = data.T_SHIP_YARD
T_TERRAFORMING: Final = data.T_TERRAFORMING
T_EXPLORATION: Final = data.T_EXPLORATION
T_FIGHTERS: Final = data.T_FIGHTERS
T_POINT_DEFENSE: Final = data.T_POINT_DEFENSE
T_CLOAKING: Final = data.T_CLOAKING
T_SCANNERS: Final = data.T_SCANNERS
T_MINES: Final = data.T_MINES
T_MINE_SWEEP: Final = data.T_MINE_SWEEP
N_TECHS: Final = data.N_TECHS
N_BASIC_TECHS: Final = data.N_BASIC_TECHS
TECH_START: Final = data.TECH_START
TECH_MAX: Final = data.TECH_MAX
# TECH_COSTS flattened: the cost of level L+1 of tech t is
# TECH_COST_FLAT[TECH_COST_AT[t] + L - TECH_START[t]].
TECH_COST_AT: Final = tuple(sum(len(c) for c in data.TECH_COSTS[:t]) for t in range(N_TECHS))
TECH_COST_FLAT: Final = tuple(c for costs in data.TECH_COSTS for c in costs)
WRECK_TECH_BY_ROLL: Final = data.WRECK_TECH_BY_ROLL
MOVEMENT_SCHEDULE: Final = tuple(m for row in data.MOVEMENT_SCHEDULE for m in row)
YARD_HALF_HULLS: Final = data.YARD_HALF_HULLS


# -- markers and terrain ------------------------------------------------------------
M_EMPTY: Final = data.M_EMPTY
M_HOMEWORLD: Final = data.M_HOMEWORLD
M_PLANET: Final = data.M_PLANET
M_BARREN: Final = data.M_BARREN
M_MINERAL: Final = data.M_MINERAL
M_NEBULA: Final = data.M_NEBULA
M_ASTEROID: Final = data.M_ASTEROID
M_BLACK_HOLE: Final = data.M_BLACK_HOLE
M_DANGER: Final = data.M_DANGER
M_SUPERNOVA: Final = data.M_SUPERNOVA
M_LOST: Final = data.M_LOST
M_WRECK: Final = data.M_WRECK
M_WARP: Final = data.M_WARP
M_DOOMSDAY: Final = data.M_DOOMSDAY
N_MARKERS: Final = data.N_MARKERS
TERRAIN_OPEN: Final = 0
TERRAIN_ASTEROIDS: Final = 1
TERRAIN_NEBULA: Final = 2

# -- economy ---------------------------------------------------------------------
HOMEWORLD_CP: Final = data.HOMEWORLD_CP
HOMEWORLD_STEP: Final = data.HOMEWORLD_STEP
CARRY_OVER_CAP: Final = data.CARRY_OVER_CAP
BLACK_HOLE_SURVIVE_MAX: Final = data.BLACK_HOLE_SURVIVE_MAX
# Colony track indexed by the colony's CP: the value after growth, after a hit
# (-1: destroyed).  Values off the track are never reached.
COLONY_GROWTH: Final = tuple(data.COLONY_GROWTH.get(cp, cp) for cp in range(6))
COLONY_DAMAGE: Final = tuple(data.COLONY_DAMAGE.get(cp, -1) for cp in range(6))
# The Deep Space marker mix as three parallel tables (marker, value, how many);
# a marker's origin code in the state is marker * 16 + value.
DS_MIX_MARKER: Final = tuple(m for m, _, _ in data.DEEP_SPACE_MIX)
DS_MIX_VALUE: Final = tuple(v for _, v, _ in data.DEEP_SPACE_MIX)
DS_MIX_COUNT: Final = tuple(n for _, _, n in data.DEEP_SPACE_MIX)
N_DS_KINDS: Final = len(data.DEEP_SPACE_MIX)
HOME_MIX_MARKER: Final = tuple(m for m, _, _ in data.HOME_SYSTEM_MIX)  # likewise, one system
HOME_MIX_VALUE: Final = tuple(v for _, v, _ in data.HOME_SYSTEM_MIX)
HOME_MIX_COUNT: Final = tuple(n for _, _, n in data.HOME_SYSTEM_MIX)
N_HOME_KINDS: Final = len(data.HOME_SYSTEM_MIX)
P_RESEARCH: Final = 0  # purchase record kinds
P_BUY: Final = 1
P_REFIT: Final = 2

# -- alien players (official solitaire opponent; tables in se4x_core.data) ----------
ALIEN_ROLLS: Final = data.ALIEN_ROLLS
ALIEN_ECON_MAX: Final = data.ALIEN_ECON_MAX
ALIEN_FLEET_MAX: Final = data.ALIEN_FLEET_MAX
ALIEN_TECH_MAX: Final = data.ALIEN_TECH_MAX
ALIEN_LAUNCH_MAX: Final = data.ALIEN_LAUNCH_MAX
N_ALIEN_ROWS: Final = data.N_ALIEN_ROWS
ALIEN_MIN_LAUNCH_CP: Final = data.ALIEN_MIN_LAUNCH_CP
ALIEN_MAX_FLEETS: Final = data.ALIEN_MAX_FLEETS
BANK_ECON: Final = data.BANK_ECON
BANK_FLEET: Final = data.BANK_FLEET
BANK_TECH: Final = data.BANK_TECH
BANK_DEFENSE: Final = data.BANK_DEFENSE
N_BANKS: Final = data.N_BANKS
ALIEN_PLAN_TECH: Final = tuple(t for t, _ in data.ALIEN_TECH_PLAN)
ALIEN_PLAN_LEVEL: Final = tuple(level for _, level in data.ALIEN_TECH_PLAN)
N_ALIEN_PLAN: Final = len(data.ALIEN_TECH_PLAN)

# -- the engine's automatic steps owed after an action (State.pending) ------------
FLOW_NONE: Final = 0
FLOW_TURN_OVER: Final = 1  # the mover's Combat phase is over: next player's turn
FLOW_ECONOMY_OVER: Final = 2  # every purchase is placed: the next round
FLOW_MACHINES_OVER: Final = 3  # the Doomsday Machines' step is over: the next turn


def _event(name: str) -> int:
    return _EVENT_KINDS[name].id


# -- event kinds (E_*), from the table in se4x_core.events --------------------------
E_HOMEWORLD_PLACED: Final = _event("homeworld_placed")
E_GAME_STARTED: Final = _event("game_started")
E_TURN_STARTED: Final = _event("turn_started")
E_MOVEMENT_ENDED: Final = _event("movement_ended")
E_MOVED: Final = _event("moved")
E_SPLIT: Final = _event("split")
E_COUNTER_APPEARED: Final = _event("counter_appeared")
E_MERGED: Final = _event("merged")
E_COLONIZED: Final = _event("colonized")
E_LOADED: Final = _event("loaded")
E_UNLOADED: Final = _event("unloaded")
E_BOARDED: Final = _event("boarded")
E_LEFT_CARRIER: Final = _event("left_carrier")
E_MINES_SWEPT: Final = _event("mines_swept")
E_MINE_EXPLODED: Final = _event("mine_exploded")
E_MACHINE_MOVED: Final = _event("machine_moved")
E_PLANET_DESTROYED: Final = _event("planet_destroyed")
E_MACHINE_HIT: Final = _event("machine_hit")
E_MACHINE_DESTROYED: Final = _event("machine_destroyed")
E_PEEKED: Final = _event("peeked")
E_PEEK_MADE: Final = _event("peek_made")
E_PEEK_HIDDEN: Final = _event("peek_hidden")
E_MARKER_DISCARDED: Final = _event("marker_discarded")
E_EXPLORED: Final = _event("explored")
E_TURNED_BACK: Final = _event("turned_back")
E_BLACK_HOLE: Final = _event("black_hole")
E_LOST_IN_SPACE_SHIFT: Final = _event("lost_in_space_shift")
E_LOST_IN_SPACE_STUCK: Final = _event("lost_in_space_stuck")
E_UNIT_DESTROYED: Final = _event("unit_destroyed")
E_PLAYER_ELIMINATED: Final = _event("player_eliminated")
E_BATTLE_STARTED: Final = _event("battle_started")
E_COMBAT_ROUND: Final = _event("combat_round")
E_SCREENED: Final = _event("screened")
E_FLEET_SIZE_BONUS: Final = _event("fleet_size_bonus")
E_SHOT: Final = _event("shot")
E_SHIP_DESTROYED: Final = _event("ship_destroyed")
E_RETREATED: Final = _event("retreated")
E_BATTLE_ENDED: Final = _event("battle_ended")
E_COLONY_SHOT: Final = _event("colony_shot")
E_COLONY_DAMAGED: Final = _event("colony_damaged")
E_COLONY_DESTROYED: Final = _event("colony_destroyed")
E_ECONOMIC_PHASE: Final = _event("economic_phase")
E_INCOME: Final = _event("income")
E_BID_MADE: Final = _event("bid_made")
E_BIDS_REVEALED: Final = _event("bids_revealed")
E_ORDER_KEPT: Final = _event("order_kept")
E_ORDER_CHOSEN: Final = _event("order_chosen")
E_BOUGHT: Final = _event("bought")
E_RESEARCHED: Final = _event("researched")
E_REFITTED: Final = _event("refitted")
E_PURCHASE_UNDONE: Final = _event("purchase_undone")
E_PURCHASES_DONE: Final = _event("purchases_done")
E_PLACED: Final = _event("placed")
E_PLACED_DETAIL: Final = _event("placed_detail")
E_COLONY_GREW: Final = _event("colony_grew")
E_ECONOMY_SUMMARY: Final = _event("economy_summary")
E_GAME_OVER: Final = _event("game_over")
E_ROUND_LIMIT: Final = _event("round_limit")
E_ALIEN_ECONOMY: Final = _event("alien_economy")
E_FLEET_LAUNCHED: Final = _event("fleet_launched")
