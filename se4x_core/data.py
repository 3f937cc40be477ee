"""The game's printed charts as data.

Every number the rules need lives here, taken from docs/charts.md
(Ship Technology Chart, Research Chart, marker mixes, economy).  The rest of
the engine refers to units, technologies and markers by the small integer
codes defined below, so that the compiled modules can keep them in typed
arrays.

>>> UNIT_CODES[DD], UNIT_STATS[DD].attack, UNIT_STATS[DD].hull
('DD', 4, 1)
>>> TECH_COSTS[T_SHIP_SIZE]
(10, 15, 20, 20, 20)
"""

from __future__ import annotations

from dataclasses import dataclass

from se4x_core import hexgrid
from se4x_core.gamekit import contract as gamekit_contract

# --------------------------------------------------------------------------
# Units.  Codes are array indices; keep them stable, they are stored in saved
# games.  The advanced rules' units follow the basic game's.
SC = 0
DD = 1
CA = 2
BC = 3
BB = 4
DN = 5
BASE = 6
SY = 7
CO = 8
MINER = 9
DECOY = 10
CV = 11  # advanced: carrier
F = 12  # advanced: fighter
R = 13  # advanced: raider
SW = 14  # advanced: minesweeper
MINE = 15  # advanced: mine
MS = 16  # advanced: MS pipeline
N_UNIT_TYPES = 17
N_BASIC_UNIT_TYPES = 11  # SC..Decoy

UNIT_CODES: tuple[str, ...] = (
    "SC", "DD", "CA", "BC", "BB", "DN", "Base", "SY", "CO", "Miner", "Decoy",
    "CV", "F", "R", "SW", "Mine", "MS",
)
UNIT_NAMES: tuple[str, ...] = (
    "Scout", "Destroyer", "Cruiser", "Battlecruiser", "Battleship",
    "Dreadnought", "Base", "Ship Yard", "Colony Ship", "Mining Ship", "Decoy",
    "Carrier", "Fighter", "Raider", "Minesweeper", "Mine", "MS Pipeline",
)
CODE_TO_UNIT: dict[str, int] = {code: i for i, code in enumerate(UNIT_CODES)}

# Weapon classes: A fires first.  NO_CLASS marks units that never fire.
CLASS_A, CLASS_B, CLASS_C, CLASS_D, CLASS_E = 0, 1, 2, 3, 4
NO_CLASS = 9
CLASS_LETTERS = "ABCDE"


@dataclass(frozen=True)
class UnitStats:
    """One row of the Ship Technology Chart."""

    code: str
    cost: int
    weapon_class: int
    attack: int
    defense: int
    hull: int
    ship_size_needed: int  # 0: no Ship Size requirement
    maintained: bool
    counters: int  # group counters per player

    @property
    def armed(self) -> bool:
        """Combat-capable: has an attack strength (ship yards and bases too)."""
        return self.attack > 0


UNIT_STATS: tuple[UnitStats, ...] = (
    UnitStats("SC", 6, CLASS_E, 3, 0, 1, 1, True, 5),
    UnitStats("DD", 9, CLASS_D, 4, 0, 1, 2, True, 4),
    UnitStats("CA", 12, CLASS_C, 4, 1, 2, 3, True, 4),
    UnitStats("BC", 15, CLASS_B, 5, 1, 2, 4, True, 4),
    UnitStats("BB", 20, CLASS_A, 5, 2, 3, 5, True, 4),
    UnitStats("DN", 24, CLASS_A, 6, 3, 3, 6, True, 2),
    UnitStats("Base", 12, CLASS_A, 7, 2, 3, 2, False, 2),
    UnitStats("SY", 6, CLASS_C, 3, 0, 1, 0, False, 4),
    UnitStats("CO", 8, NO_CLASS, 0, 0, 1, 0, False, 15),
    UnitStats("Miner", 5, NO_CLASS, 0, 0, 1, 0, False, 2),
    UnitStats("Decoy", 1, NO_CLASS, 0, 0, 0, 0, False, 2),
    # Advanced rules.  The fighter's attack and defense are its level-1 (F1)
    # numbers; FIGHTER_ATTACK / FIGHTER_DEFENSE give every level.
    UnitStats("CV", 12, CLASS_E, 3, 0, 1, 0, True, 4),
    UnitStats("F", 5, CLASS_B, 5, 0, 1, 0, True, 8),
    UnitStats("R", 12, CLASS_D, 4, 0, 2, 0, True, 4),
    UnitStats("SW", 6, CLASS_E, 1, 0, 1, 0, True, 3),
    UnitStats("Mine", 5, NO_CLASS, 0, 0, 1, 0, False, 5),
    UnitStats("MS", 3, NO_CLASS, 0, 0, 1, 0, False, 20),
)

# Flat tuples of the same chart, for code that indexes by unit type in loops.
UNIT_COST = tuple(s.cost for s in UNIT_STATS)
UNIT_CLASS = tuple(s.weapon_class for s in UNIT_STATS)
UNIT_ATTACK = tuple(s.attack for s in UNIT_STATS)
UNIT_DEFENSE = tuple(s.defense for s in UNIT_STATS)
UNIT_HULL = tuple(s.hull for s in UNIT_STATS)
UNIT_COUNTERS = tuple(s.counters for s in UNIT_STATS)
UNIT_SIZE_NEEDED = tuple(s.ship_size_needed for s in UNIT_STATS)
UNIT_MAINTAINED = tuple(s.maintained for s in UNIT_STATS)

MAX_GROUP = 6  # ships in one group counter
# Units whose counter always holds exactly one unit.
SINGLE_UNIT_TYPES = frozenset({CO, MINER, BASE, DECOY, MINE, MS})
# Units that never move; units that always move exactly one hex per turn.
IMMOBILE_TYPES = frozenset({SY, BASE})
SLOW_TYPES = frozenset({CO, MINER, MINE, MS})
# Warships: the units that can be refitted and carry tech levels.
WARSHIP_TYPES = (SC, DD, CA, BC, BB, DN, CV, F, R, SW)
# Units a player may buy in the Economic Phase (an advanced unit only when its
# rules are in play, see ADVANCED_RULES).
BUYABLE_TYPES = (SC, DD, CA, BC, BB, DN, BASE, SY, CO, MINER, DECOY, CV, F, R, SW, MINE, MS)
# Fighters never move by themselves: they ride aboard carriers.
CARRIED_TYPES = frozenset({F})
# Units built without a ship yard (decoys, bases and yards themselves).
NO_YARD_TYPES = frozenset({BASE, SY, DECOY})

# --------------------------------------------------------------------------
# Technologies.  The advanced rules' technologies follow the basic game's.
T_SHIP_SIZE = 0
T_ATTACK = 1
T_DEFENSE = 2
T_TACTICS = 3
T_MOVEMENT = 4
T_SHIP_YARD = 5
T_TERRAFORMING = 6
T_EXPLORATION = 7
T_FIGHTERS = 8  # advanced
T_POINT_DEFENSE = 9
T_CLOAKING = 10
T_SCANNERS = 11
T_MINES = 12
T_MINE_SWEEP = 13
N_TECHS = 14
N_BASIC_TECHS = 8  # Ship Size..Exploration

TECH_NAMES: tuple[str, ...] = (
    "Ship Size", "Attack", "Defense", "Tactics", "Movement", "Ship Yard",
    "Terraforming", "Exploration", "Fighters", "Point Defense", "Cloaking", "Scanners",
    "Mines", "Mine Sweep",
)
TECH_KEYS: tuple[str, ...] = (
    "ship_size", "attack", "defense", "tactics", "movement", "ship_yard",
    "terraforming", "exploration", "fighters", "point_defense", "cloaking", "scanners",
    "mines", "mine_sweep",
)
TECH_START: tuple[int, ...] = (1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0)
# Cost of each next level, from the start level upward.
TECH_COSTS: tuple[tuple[int, ...], ...] = (
    (10, 15, 20, 20, 20),
    (20, 30, 25),
    (20, 30, 25),
    (15, 15, 15),
    (20, 25, 25, 25, 20, 20),
    (20, 25),
    (20,),
    (15,),
    (25, 25, 25),
    (20, 20, 20),
    (30, 30),
    (20, 20),
    (30,),
    (10, 15),
)
TECH_MAX: tuple[int, ...] = tuple(
    start + len(costs) for start, costs in zip(TECH_START, TECH_COSTS, strict=True)
)


# Advanced rule sets (config "advanced", the New Game dialog): name -> (option
# bit, what it brings).  Each is off by default; the basic game is what remains.
OPT_FIGHTERS = 1
OPT_SCUTTLING = 2
OPT_RAIDERS = 4  # raiders, Cloaking, Scanners
OPT_MINES = 8  # mines, minesweepers, Mines, Mine Sweep
OPT_PIPELINES = 16  # MS pipelines
OPT_WARP_POINTS = 32  # warp points
OPT_DOOMSDAY = 64  # Doomsday Machines
ADVANCED_RULES: dict[str, int] = {
    "fighters": OPT_FIGHTERS,  # carriers, fighters, point defense
    "scuttling": OPT_SCUTTLING,  # scuttle a group to reuse its counter
    "raiders": OPT_RAIDERS,  # raiders, Cloaking, Scanners
    "mines": OPT_MINES,  # mines, minesweepers, Mines, Mine Sweep
    "pipelines": OPT_PIPELINES,  # MS pipelines: trade income and movement along chains
    "warp_points": OPT_WARP_POINTS,  # revealed warp points of one number are adjacent
    "doomsday": OPT_DOOMSDAY,  # Doomsday Machines: a side of no player's, moving by itself
}
ADVANCED_RULE_TITLES: dict[str, str] = {
    "fighters": "Carriers, fighters and point defense",
    "scuttling": "Scuttling",
    "raiders": "Raiders, cloaking and scanners",
    "mines": "Mines and minesweepers",
    "pipelines": "MS pipelines",
    "warp_points": "Warp points",
    "doomsday": "Doomsday Machines",
}
# Warp points: a move's or retreat's direction WARP_DIR + h (past the six hex
# directions) is the step through a warp link into hex h (se4x_core.rules.advanced.warp).
WARP_DIR = hexgrid.WARP_DIR
# The option bit each technology and unit type needs (0: the basic game's).
TECH_OPTION: tuple[int, ...] = (0,) * 8 + (OPT_FIGHTERS, OPT_FIGHTERS, OPT_RAIDERS, OPT_RAIDERS,
                                           OPT_MINES, OPT_MINES)
UNIT_OPTION: tuple[int, ...] = (0,) * 11 + (OPT_FIGHTERS, OPT_FIGHTERS, OPT_RAIDERS, OPT_MINES,
                                            OPT_MINES, OPT_PIPELINES)
# The special technology a unit carries at the level it was built (or refitted) with:
# a fighter's Fighters (F1-F3), a scout's Point Defense, a raider's Cloaking, a
# destroyer's Scanners, a minesweeper's Mine Sweep (-1: none).
UNIT_SPECIAL_TECH: tuple[int, ...] = (
    T_POINT_DEFENSE, T_SCANNERS) + (-1,) * 10 + (T_FIGHTERS, T_CLOAKING, T_MINE_SWEEP, -1, -1)
# Technology needed to build a unit, beyond Ship Size: (technology, level) or (-1, 0).
UNIT_TECH_NEEDED: tuple[tuple[int, int], ...] = (
    ((-1, 0),) * 11 + ((T_FIGHTERS, 1), (T_FIGHTERS, 1), (T_CLOAKING, 1), (T_MINE_SWEEP, 1),
                       (T_MINES, 1), (-1, 0)))


def tech_cost(tech: int, current_level: int) -> int:
    """CP price of the level after ``current_level``; -1 if already at max."""
    index = current_level - TECH_START[tech]
    costs = TECH_COSTS[tech]
    if index < 0 or index >= len(costs):
        return -1
    return costs[index]


# Advanced rules (docs/charts.md#ship-technology-chart and #advanced-rules-data),
# indexed by the level of the technology the unit carries (0: none).
FIGHTER_ATTACK: tuple[int, ...] = (0, 5, 6, 7)  # F1, F2, F3
FIGHTER_DEFENSE: tuple[int, ...] = (0, 0, 0, 1)
POINT_DEFENSE_ATTACK: tuple[int, ...] = (0, 6, 7, 8)  # a scout firing at fighters, class A
CARRIER_CAPACITY = 3  # fighters per carrier
RAIDER_AMBUSH_BONUS = 1  # a cloaked raider's attack bonus in the first round (class A)
MINES_SWEPT: tuple[int, ...] = (0, 1, 2)  # mines one minesweeper removes, by Mine Sweep level
# Doomsday Machines (docs/charts.md#ship-technology-chart and #advanced-rules-data):
# class C, 9-2, hull 3, fires twice a round, tactics 2; a roll of 1 hits it; no
# fleet-size bonus against it; moves up to 2 hexes; killing one gives two wreck rolls.
MAX_MACHINES = 3  # the Deep Space pool's Doomsday Machine markers, numbered 1-3
MACHINE_SIDE = -2  # a battle's b_defender when the other side is a Doomsday Machine
MACHINE_UNIT = 1000  # machine i's number in firing keys and fire actions: MACHINE_UNIT + i
DOOMSDAY_CLASS = CLASS_C
DOOMSDAY_ATTACK = 9
DOOMSDAY_DEFENSE = 2
DOOMSDAY_HULL = 3
DOOMSDAY_SHOTS = 2
DOOMSDAY_TACTICS = 2
DOOMSDAY_HIT_ROLL = 1  # the to-hit number of any shot at a machine: a roll of 1
DOOMSDAY_MOVE = 2
DOOMSDAY_WRECK_ROLLS = 2
# The battle simulator's unit entry for a machine (spec type "DM"): past the players'
# unit types, so that no chart table (UNIT_STATS, UNIT_CODES, ...) is ever indexed by it.
MACHINE_TYPE = N_UNIT_TYPES
MACHINE_CODE = "DM"

# Hexes per turn (turn 1, 2, 3) by Movement level 1..7.
MOVEMENT_SCHEDULE: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0),  # level 0 does not exist; keeps the index equal to the level
    (1, 1, 1),
    (1, 1, 2),
    (1, 2, 2),
    (2, 2, 2),
    (2, 2, 3),
    (2, 3, 3),
    (3, 3, 3),
)

# Hull points one ship yard builds per phase, in half hulls (1, 1.5, 2).
YARD_HALF_HULLS: tuple[int, ...] = (0, 2, 3, 4)

# Space Wreck roll (d10) -> technology advanced.
WRECK_TECH_BY_ROLL: tuple[int, ...] = (
    -1,  # no roll 0
    T_SHIP_SIZE, T_SHIP_SIZE, T_ATTACK, T_ATTACK, T_DEFENSE, T_DEFENSE,
    T_TACTICS, T_MOVEMENT, T_MOVEMENT, T_SHIP_YARD,
)

# --------------------------------------------------------------------------
# System markers.
M_EMPTY = 0
M_HOMEWORLD = 1
M_PLANET = 2
M_BARREN = 3
M_MINERAL = 4
M_NEBULA = 5
M_ASTEROID = 6
M_BLACK_HOLE = 7
M_DANGER = 8
M_SUPERNOVA = 9
M_LOST = 10
M_WRECK = 11
M_WARP = 12
M_DOOMSDAY = 13
N_MARKERS = 14

MARKER_NAMES: tuple[str, ...] = (
    "Empty Space", "Homeworld", "Planet", "Barren Planet", "Minerals",
    "Nebula", "Asteroids", "Black Hole", "Danger!", "Supernova",
    "Lost in Space", "Space Wreck", "Warp Point", "Doomsday Machine",
)
MARKER_KEYS: tuple[str, ...] = (
    "empty", "homeworld", "planet", "barren", "minerals", "nebula",
    "asteroids", "black_hole", "danger", "supernova", "lost_in_space",
    "space_wreck", "warp_point", "doomsday",
)

# (marker, value, how many).  Value: CP for minerals, number for warp points
# and Doomsday Machines.
HOME_SYSTEM_MIX: tuple[tuple[int, int, int], ...] = (
    (M_MINERAL, 5, 11),
    (M_PLANET, 0, 8),
    (M_NEBULA, 0, 2),
    (M_ASTEROID, 0, 2),
    (M_BARREN, 0, 1),
    (M_BLACK_HOLE, 0, 1),
)
DEEP_SPACE_MIX: tuple[tuple[int, int, int], ...] = (
    (M_DANGER, 0, 26),
    (M_MINERAL, 10, 14),
    (M_BARREN, 0, 12),
    (M_NEBULA, 0, 10),
    (M_ASTEROID, 0, 10),
    (M_BLACK_HOLE, 0, 10),
    (M_LOST, 0, 5),
    (M_SUPERNOVA, 0, 3),
    (M_WRECK, 0, 3),
    (M_WARP, 1, 3),
    (M_WARP, 2, 3),
    (M_DOOMSDAY, 1, 1),
    (M_DOOMSDAY, 2, 1),
    (M_DOOMSDAY, 3, 1),
)


def expand_mix(mix: tuple[tuple[int, int, int], ...]) -> list[tuple[int, int]]:
    """The marker mix as one (marker, value) pair per physical counter."""
    return [(marker, value) for marker, value, n in mix for _ in range(n)]


# --------------------------------------------------------------------------
# Setup and economy.
HOMEWORLD_CP = 20
HOMEWORLD_STEP = 5  # a hit takes 5 CP off a homeworld
COLONY_GROWTH: dict[int, int] = {0: 1, 1: 3, 3: 5, 5: 5}
COLONY_DAMAGE: dict[int, int] = {5: 3, 3: 1, 1: -1, 0: -1}  # -1: destroyed
CARRY_OVER_CAP = 30
BLACK_HOLE_SURVIVE_MAX = 6  # d10 roll of 1-6 survives

# Starting forces at the homeworld: (unit type, ships in the group), one
# counter each, except colony ships (one counter a ship).
STARTING_FORCES: tuple[tuple[int, int], ...] = (
    (SY, 4),
    (SC, 1), (SC, 1), (SC, 1),
    (CO, 1), (CO, 1), (CO, 1),
    (MINER, 1),
)
# The reference manual's alternative: 1 yard, 2 colony ships, 2 miners, 2 scouts.
STARTING_FORCES_REFERENCE: tuple[tuple[int, int], ...] = (
    (SY, 1),
    (SC, 1), (SC, 1),
    (CO, 1), (CO, 1),
    (MINER, 1), (MINER, 1),
)

PLAYER_COLOURS = gamekit_contract.PLAYER_COLOURS  # the seats' colours (every game's)

# --------------------------------------------------------------------------
# Official solitaire opponent: the alien player tables
# (docs/charts.md#alien-player-tables).  One entry per
# Economic Phase 1-20 (index phase - 1); a d10 result r falls in
# Econ when r <= ALIEN_ECON_MAX, else Fleet when r <= ALIEN_FLEET_MAX, else Tech
# when r <= ALIEN_TECH_MAX, else Defense.  The fleet launch roll succeeds on
# 1..ALIEN_LAUNCH_MAX (0: no launch roll).  Past phase 20, rows 19 and 20
# alternate (odd phases row 19, even phases row 20).
ALIEN_ROLLS: tuple[int, ...] = (1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5)
ALIEN_ECON_MAX: tuple[int, ...] = (2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
ALIEN_FLEET_MAX: tuple[int, ...] = (2, 3, 4, 5, 5, 6, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 8, 8, 9, 9)
ALIEN_TECH_MAX: tuple[int, ...] = (10, 10, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10,
                                   10, 10)
ALIEN_LAUNCH_MAX: tuple[int, ...] = (0, 10, 10, 5, 3, 4, 4, 4, 5, 5, 3, 3, 3, 10, 3, 10, 3, 10,
                                     3, 10)
N_ALIEN_ROWS = 20
ALIEN_MIN_LAUNCH_CP = 6  # a fleet launches only with at least this much in its bank
ALIEN_MAX_FLEETS = 3  # ... and fewer than this many fleets out
# Alien banks, in the order of the state's per-player bank field.
BANK_ECON = 0
BANK_FLEET = 1
BANK_TECH = 2
BANK_DEFENSE = 3
N_BANKS = 4
BANK_NAMES: tuple[str, ...] = ("econ", "fleet", "tech", "defense")
# Difficulty -> (alien players by default, CP banked per roll).
ALIEN_DIFFICULTY: dict[str, tuple[int, int]] = {
    "easy": (2, 5),
    "normal": (3, 10),
    "hard": (3, 15),
}
# The order in which a tech bank buys technology: (technology, level reached).
# Ship Size first (it unlocks bigger hulls and the base), then the combat
# levels, then Movement; Ship Yard, Terraforming and Exploration are of no use
# to an empire without yards or colony ships.
ALIEN_TECH_PLAN: tuple[tuple[int, int], ...] = (
    (T_SHIP_SIZE, 2), (T_ATTACK, 1), (T_DEFENSE, 1), (T_SHIP_SIZE, 3), (T_TACTICS, 1),
    (T_MOVEMENT, 2), (T_SHIP_SIZE, 4), (T_ATTACK, 2), (T_DEFENSE, 2), (T_SHIP_SIZE, 5),
    (T_TACTICS, 2), (T_MOVEMENT, 3), (T_ATTACK, 3), (T_DEFENSE, 3), (T_SHIP_SIZE, 6),
    (T_TACTICS, 3), (T_MOVEMENT, 4), (T_MOVEMENT, 5), (T_MOVEMENT, 6), (T_MOVEMENT, 7),
)


def alien_row(phase: int) -> int:
    """The table row (0-based) of Economic Phase ``phase`` (1-based).

    >>> [alien_row(p) + 1 for p in (1, 20, 21, 22, 23)]
    [1, 20, 19, 20, 19]
    """
    if phase <= N_ALIEN_ROWS:
        return phase - 1
    return N_ALIEN_ROWS - 2 if phase % 2 else N_ALIEN_ROWS - 1


def alien_bank_of(phase: int, die: int) -> int:
    """The bank a d10 result goes to in Economic Phase ``phase``.

    >>> [BANK_NAMES[alien_bank_of(3, r)] for r in (1, 2, 5, 9)]
    ['econ', 'fleet', 'tech', 'defense']
    """
    row = alien_row(phase)
    if die <= ALIEN_ECON_MAX[row]:
        return BANK_ECON
    if die <= ALIEN_FLEET_MAX[row]:
        return BANK_FLEET
    if die <= ALIEN_TECH_MAX[row]:
        return BANK_TECH
    return BANK_DEFENSE
