"""What a strong player looks at in a position, as numbers: one vector per player.

The learned evaluation (:mod:`se4x_core.sim.evaluation`) estimates each
player's chance to win from these vectors, and the search asks it at the end
of every playout, so they are computed in compiled code from the
:class:`~se4x_core.rules.state.State` alone, in one pass over the units and a
few over the hexes, allocating nothing (a few microseconds for a whole
4-player state).  They read the full state: the search evaluates its
determinizations, which are full states too.

Every player gets the same :data:`N_FEATURES` numbers, in the order of
:data:`FEATURE_NAMES` (the evaluation's weights are stored with these names
and refused if they differ).  Why each group:

* **global**: whether the player is alive, the round and how many empires
  live; the same for everybody, so they only matter to the model through
  their interplay with the rest (a fleet lead means more late than early);
* **economy**: CP banked (an alien player of the solitaire: its fleet,
  technology and defense banks, what it will spend on counters), the last
  Economic Phase's income (log too: a lead of 10 CP matters more at 20 than at
  60), colonies, what they produce now and
  will once grown, the homeworld's CP (it shrinks when bombarded), cargo
  (minerals and wrecks on their way or delivered), colony ships and miners
  still to use, ship yards (how fast it can build), maintenance, CP put into
  research, MS pipelines;
* **fleet**: warships (every unit that fights and moves: scouts to
  dreadnoughts, carriers, fighters, raiders, minesweepers) by count and cost,
  summed attack (printed plus the attack technology each group carries) and
  hits (hull plus printed and carried defense), and a combat strength that
  multiplies the two per ship (the Lanchester intuition: a ship's worth is how
  hard it hits times how long it lasts), with the technology the fleet carries
  as cost-weighted means; the defenses that stay home (bases and yards at the
  owner's current levels, mines);
* **shares**: fleet strength, income and material as a share of all living
  empires' (material is the search's hand-made measure,
  ``se4x_core.ai.ismcts.strength``, recomputed here because ``sim`` may not
  import ``ai``; its log lets a linear model reproduce the material share and
  sharpen it);
* **technology**: every level, the advanced rules' too (0 when a rule set is
  off);
* **position**: the strongest stack (own warships in one hex) and its walking
  distance to the nearest enemy homeworld and enemy colony, the homeworlds'
  distance, the enemy strength within two hexes of the homeworld (threat)
  and the own strength there (guard), the own strength within two hexes of
  an enemy homeworld (pressure), own colonies with enemy combat units in
  their hex, how much of the home system is explored, free planets within
  three hexes of home, Doomsday Machines within three hexes of home.

"Enemy" is :func:`se4x_core.rules.units.hostile`: allies in team play and
alien players among themselves are not enemies.  Distances walk the board
(``BoardTables.walk``; warp links are not counted) and are capped at
:data:`FAR_AWAY`; a player without warships measures from its homeworld.

>>> from se4x_core.rules import engine
>>> from se4x_core.sim import playout
>>> s = engine.new_state({"players": 3, "seed": 2})
>>> _ = playout.playout(s, 2, 100000, playout.POLICY_NAMES["heuristic"], 4)
>>> rows = feature_matrix(s)
>>> len(rows), len(rows[0]) == len(FEATURE_NAMES), rows[1][FEATURE_NAMES.index("cp")] == s.cp[1]
(3, True, True)
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import cython

from se4x_core.rules import units
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if cython.compiled:
    from cython.cimports.libc.math import log
    from cython.cimports.libc.stdlib import free, malloc, realloc
else:
    from math import log

FEATURE_NAMES: tuple[str, ...] = (
    # global
    "alive", "round", "players_alive",
    # economy
    "cp", "income", "log_income", "colonies", "colony_cp", "colony_growth", "homeworld_cp",
    "cargo", "colony_ships", "miners", "yards", "maintenance", "research_cp", "pipelines",
    # fleet
    "warships", "fleet_cost", "log_fleet_cost", "fleet_attack", "fleet_hits",
    "fleet_strength", "log_fleet_strength", "fleet_attack_tech", "fleet_defense_tech",
    "fleet_tactics_tech", "fleet_movement_tech", "capital_ships", "fighters", "raiders",
    "home_defense", "mines",
    # shares
    "fleet_share", "income_share", "material", "log_material", "material_share",
    # technology, in the order of data.TECH_KEYS
    "tech_ship_size", "tech_attack", "tech_defense", "tech_tactics", "tech_movement",
    "tech_ship_yard", "tech_terraforming", "tech_exploration", "tech_fighters",
    "tech_point_defense", "tech_cloaking", "tech_scanners", "tech_mines", "tech_mine_sweep",
    # position
    "stack_strength", "stack_to_enemy_home", "stack_to_enemy_colony", "home_to_enemy_home",
    "threat", "log_threat", "home_guard", "pressure", "log_pressure", "colonies_besieged",
    "explored_home", "free_planets", "machines_near",
)

if not cython.compiled:  # compiled: the enum of features.pxd (a test checks they agree)
    FT_ALIVE = 0
    FT_ROUND = 1
    FT_PLAYERS_ALIVE = 2
    FT_CP = 3
    FT_INCOME = 4
    FT_LOG_INCOME = 5
    FT_COLONIES = 6
    FT_COLONY_CP = 7
    FT_COLONY_GROWTH = 8
    FT_HOMEWORLD_CP = 9
    FT_CARGO = 10
    FT_COLONY_SHIPS = 11
    FT_MINERS = 12
    FT_YARDS = 13
    FT_MAINTENANCE = 14
    FT_RESEARCH_CP = 15
    FT_PIPELINES = 16
    FT_WARSHIPS = 17
    FT_FLEET_COST = 18
    FT_LOG_FLEET_COST = 19
    FT_FLEET_ATTACK = 20
    FT_FLEET_HITS = 21
    FT_FLEET_STRENGTH = 22
    FT_LOG_FLEET_STRENGTH = 23
    FT_FLEET_ATTACK_TECH = 24
    FT_FLEET_DEFENSE_TECH = 25
    FT_FLEET_TACTICS_TECH = 26
    FT_FLEET_MOVEMENT_TECH = 27
    FT_CAPITAL_SHIPS = 28
    FT_FIGHTERS = 29
    FT_RAIDERS = 30
    FT_HOME_DEFENSE = 31
    FT_MINES = 32
    FT_FLEET_SHARE = 33
    FT_INCOME_SHARE = 34
    FT_MATERIAL = 35
    FT_LOG_MATERIAL = 36
    FT_MATERIAL_SHARE = 37
    FT_TECH = 38  # N_TECHS levels from here
    FT_STACK_STRENGTH = 52
    FT_STACK_TO_ENEMY_HOME = 53
    FT_STACK_TO_ENEMY_COLONY = 54
    FT_HOME_TO_ENEMY_HOME = 55
    FT_THREAT = 56
    FT_LOG_THREAT = 57
    FT_HOME_GUARD = 58
    FT_PRESSURE = 59
    FT_LOG_PRESSURE = 60
    FT_COLONIES_BESIEGED = 61
    FT_EXPLORED_HOME = 62
    FT_FREE_PLANETS = 63
    FT_MACHINES_NEAR = 64
    N_FEATURES = 65
    FAR_AWAY = 20  # distances are capped here (unreachable, nothing to reach)
    NEAR = 2  # threat, guard and pressure count strength this close to a homeworld
    PLANET_REACH = 3  # free planets and machines this close to home count
    COLONY_WORTH = 15  # ismcts.COLONY_WORTH: a colony beyond its production
    _HEX_CAPACITY = 256  # hexes the scratch buffer holds at first (grown on demand)


@cython.final
@cython.cclass
class Features:
    """A reusable buffer holding every player's feature vector of one state.

    Why a buffer object: the search computes features millions of times, so it
    keeps one and refills it (:meth:`compute`), as it keeps an ``ActionList``
    for legal moves.  ``values`` is ``n_players * N_FEATURES`` doubles, player
    by player; compiled it is a C array, interpreted an ``array('d')``.
    """

    if TYPE_CHECKING:
        values: cython.p_double
        hex_strength: cython.p_double  # scratch: warship strength per hex and player
        hex_capacity: cython.int
        n_players: cython.int

    def __init__(self) -> None:
        self.n_players = 0
        self.hex_capacity = _HEX_CAPACITY
        if cython.compiled:
            self.values = cython.cast(cython.p_double, malloc(8 * MAXP * N_FEATURES))
            self.hex_strength = cython.cast(cython.p_double,
                                            malloc(8 * MAXP * _HEX_CAPACITY))
            if self.values == cython.NULL or self.hex_strength == cython.NULL:
                raise MemoryError()
        else:
            self.values = array("d", bytes(8 * MAXP * N_FEATURES))
            self.hex_strength = array("d", bytes(8 * MAXP * _HEX_CAPACITY))

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.values)
            free(self.hex_strength)

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _room_for(self, n_hexes: cython.int) -> cython.int:
        """Grow the scratch buffer to ``n_hexes`` hexes (no board has more than 256)."""
        if n_hexes <= self.hex_capacity:
            return 0
        if cython.compiled:
            grown = cython.cast(cython.p_double,
                                realloc(self.hex_strength, 8 * MAXP * n_hexes))
            if grown == cython.NULL:
                raise MemoryError()
            self.hex_strength = grown
        else:
            self.hex_strength = array("d", bytes(8 * MAXP * n_hexes))
        self.hex_capacity = n_hexes
        return 0

    @cython.ccall
    @cython.exceptval(-1, check=False)
    def compute(self, s: State) -> cython.int:
        """Fill the buffer with every player's features of ``s``."""
        self._room_for(s.n_hexes)
        self.n_players = s.n_players
        _clear(self.values, s.n_players * N_FEATURES)
        _clear(self.hex_strength, s.n_players * s.n_hexes)
        _units_pass(s, self.values, self.hex_strength)
        _colonies_pass(s, self.values)
        _player_pass(s, self.values)
        _shares(s, self.values)
        p: cython.int
        for p in range(s.n_players):
            _position(s, p, self.values, self.hex_strength)
        return 0

    @cython.ccall
    @cython.exceptval(check=False)
    def value(self, player: cython.int, feature: cython.int) -> cython.double:
        """One feature of one player, from the last :meth:`compute`."""
        return self.values[player * N_FEATURES + feature]

    def vector(self, player: int) -> list[float]:
        """One player's feature vector, from the last :meth:`compute`."""
        if not 0 <= player < self.n_players:
            raise IndexError(f"no player {player} in a {self.n_players}-player state")
        return [self.values[player * N_FEATURES + k] for k in range(N_FEATURES)]

    def matrix(self) -> list[list[float]]:
        """Every player's feature vector, from the last :meth:`compute`."""
        return [self.vector(p) for p in range(self.n_players)]


# -- the passes -------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _clear(buf: cython.p_double, n: cython.int) -> cython.void:
    i: cython.int
    for i in range(n):
        buf[i] = 0.0


@cython.cfunc
@cython.exceptval(check=False)
def _units_pass(s: State, f: cython.p_double, hexes: cython.p_double) -> cython.void:
    """Economy and fleet sums over every unit; each warship's strength into its hex."""
    unit: cython.int
    unit_type: cython.int
    traits: cython.int
    count: cython.int
    base: cython.int
    attack: cython.int
    hits: cython.int
    strength: cython.double
    cost: cython.double
    np_: cython.int = s.n_players
    for unit in range(s.n_units):
        unit_type = s.u_type[unit]
        if unit_type < 0:
            continue
        base = (unit // UNITS_PER_PLAYER) * N_FEATURES
        count = s.u_count[unit]
        traits = UNIT_TRAITS[unit_type]
        f[base + FT_CARGO] += s.u_cargo_value[unit]
        f[base + FT_MATERIAL] += s.u_cargo_value[unit]
        if traits & TR_MAINTAINED:
            f[base + FT_MAINTENANCE] += UNIT_HULL[unit_type] * count
        if traits & TR_WARSHIP:
            attack = units.attack_strength(s, unit) + s.u_att[unit]
            hits = UNIT_HULL[unit_type] + units.defense_strength(s, unit) + s.u_def[unit]
            strength = count * attack * hits
            cost = UNIT_COST[unit_type] * count
            f[base + FT_WARSHIPS] += count
            f[base + FT_FLEET_COST] += cost
            f[base + FT_FLEET_ATTACK] += count * attack
            f[base + FT_FLEET_HITS] += count * hits
            f[base + FT_FLEET_STRENGTH] += strength
            f[base + FT_FLEET_ATTACK_TECH] += cost * s.u_att[unit]  # divided by the cost below
            f[base + FT_FLEET_DEFENSE_TECH] += cost * s.u_def[unit]
            f[base + FT_FLEET_TACTICS_TECH] += cost * s.u_tac[unit]
            f[base + FT_FLEET_MOVEMENT_TECH] += cost * s.u_mov[unit]
            f[base + FT_MATERIAL] += cost * (1.0 + 0.2 * (s.u_att[unit] + s.u_def[unit]))
            if UNIT_HULL[unit_type] >= 2:
                f[base + FT_CAPITAL_SHIPS] += count
            if unit_type == F:
                f[base + FT_FIGHTERS] += count
            elif unit_type == R:
                f[base + FT_RAIDERS] += count
            hexes[s.u_hex[unit] * np_ + unit // UNITS_PER_PLAYER] += strength
            continue
        if traits & TR_IMMOBILE:  # bases and yards fight at their owner's current levels
            f[base + FT_HOME_DEFENSE] += count * (UNIT_ATTACK[unit_type]
                                                  + units.combat_level(s, unit, 0)) * (
                UNIT_HULL[unit_type] + UNIT_DEFENSE[unit_type] + units.combat_level(s, unit, 1))
            if unit_type == SY:
                f[base + FT_YARDS] += count
        elif unit_type == CO:
            f[base + FT_COLONY_SHIPS] += count
        elif unit_type == MINER:
            f[base + FT_MINERS] += count
        elif unit_type == MINE:
            f[base + FT_MINES] += count
        elif unit_type == MS:
            f[base + FT_PIPELINES] += count
        # the material of ismcts.strength: colony ships at 10, the rest at cost
        f[base + FT_MATERIAL] += (10.0 if unit_type == CO else UNIT_COST[unit_type]) * count


@cython.cfunc
@cython.exceptval(check=False)
def _colonies_pass(s: State, f: cython.p_double) -> cython.void:
    """Colonies, their production and growth to come, deliveries waiting there."""
    h: cython.int
    owner: cython.int
    base: cython.int
    cp: cython.int
    for h in range(s.n_hexes):
        owner = s.h_col_owner[h]
        if owner < 0 or owner >= s.n_players:
            continue
        base = owner * N_FEATURES
        cp = s.h_col_cp[h]
        f[base + FT_CARGO] += s.h_deposit_cp[h]
        f[base + FT_MATERIAL] += 3.0 * cp
        if h == s.homeworld[owner]:
            f[base + FT_HOMEWORLD_CP] = cp
            continue
        f[base + FT_COLONIES] += 1.0
        f[base + FT_COLONY_CP] += cp
        f[base + FT_COLONY_GROWTH] += 5 - cp if cp < 5 else 0
        f[base + FT_MATERIAL] += COLONY_WORTH


@cython.cfunc
@cython.exceptval(check=False)
def _player_pass(s: State, f: cython.p_double) -> cython.void:
    """Per player: the scalars, technology, the fleet's carried technology as means."""
    p: cython.int
    base: cython.int
    tech: cython.int
    level: cython.int
    research: cython.double
    living: cython.int = 0
    for p in range(s.n_players):
        if s.alive[p]:
            living += 1
    for p in range(s.n_players):
        base = p * N_FEATURES
        f[base + FT_ALIVE] = 1.0 if s.alive[p] else 0.0
        f[base + FT_ROUND] = s.round
        f[base + FT_PLAYERS_ALIVE] = living
        f[base + FT_CP] = _banked(s, p)
        f[base + FT_INCOME] = s.income[p] if s.alive[p] else 0
        research = 0.0
        for tech in range(N_TECHS):
            f[base + FT_TECH + tech] = s.tech[p * N_TECHS + tech]
            for level in range(TECH_START[tech], s.tech[p * N_TECHS + tech]):
                research += TECH_COST_FLAT[TECH_COST_AT[tech] + level - TECH_START[tech]]
        f[base + FT_RESEARCH_CP] = research
        f[base + FT_MATERIAL] += f[base + FT_CP] + research
        if f[base + FT_FLEET_COST] > 0.0:
            f[base + FT_FLEET_ATTACK_TECH] /= f[base + FT_FLEET_COST]
            f[base + FT_FLEET_DEFENSE_TECH] /= f[base + FT_FLEET_COST]
            f[base + FT_FLEET_TACTICS_TECH] /= f[base + FT_FLEET_COST]
            f[base + FT_FLEET_MOVEMENT_TECH] /= f[base + FT_FLEET_COST]
        if not s.alive[p]:
            f[base + FT_MATERIAL] = 0.0  # ismcts.strength: nothing for an eliminated empire
        f[base + FT_LOG_INCOME] = log(1.0 + f[base + FT_INCOME])
        f[base + FT_LOG_FLEET_COST] = log(1.0 + f[base + FT_FLEET_COST])
        f[base + FT_LOG_FLEET_STRENGTH] = log(1.0 + f[base + FT_FLEET_STRENGTH])
        f[base + FT_LOG_MATERIAL] = log(1.0 + f[base + FT_MATERIAL])


@cython.cfunc
@cython.exceptval(check=False)
def _banked(s: State, p: cython.int) -> cython.double:
    """CP the player holds: an empire's CP, an alien player's fleet, technology and
    defense banks (what it will spend; its econ bank buys rolls, not counters)."""
    base: cython.int = p * N_BANKS
    if not s.alien[p]:
        return s.cp[p]
    return s.alien_bank[base + BANK_FLEET] + s.alien_bank[base + BANK_TECH] + \
        s.alien_bank[base + BANK_DEFENSE]


@cython.cfunc
@cython.exceptval(check=False)
def _shares(s: State, f: cython.p_double) -> cython.void:
    """Fleet strength, income and material as shares of all living empires'."""
    p: cython.int
    fleet: cython.double = 0.0
    income: cython.double = 0.0
    material: cython.double = 0.0
    for p in range(s.n_players):
        if s.alive[p]:
            fleet += f[p * N_FEATURES + FT_FLEET_STRENGTH]
            income += f[p * N_FEATURES + FT_INCOME]
            material += f[p * N_FEATURES + FT_MATERIAL]
    for p in range(s.n_players):
        if not s.alive[p]:
            continue
        f[p * N_FEATURES + FT_FLEET_SHARE] = _share(f[p * N_FEATURES + FT_FLEET_STRENGTH],
                                                    fleet)
        f[p * N_FEATURES + FT_INCOME_SHARE] = _share(f[p * N_FEATURES + FT_INCOME], income)
        f[p * N_FEATURES + FT_MATERIAL_SHARE] = _share(f[p * N_FEATURES + FT_MATERIAL],
                                                       material)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _share(part: cython.double, whole: cython.double) -> cython.double:
    return part / whole if whole > 0.0 else 0.0


@cython.cfunc
@cython.exceptval(check=False)
def _position(s: State, p: cython.int, f: cython.p_double,
              hexes: cython.p_double) -> cython.void:
    """Where ``p``'s strength stands against its enemies' (module docstring)."""
    base: cython.int = p * N_FEATURES
    n: cython.int = s.n_hexes
    np_: cython.int = s.n_players
    home: cython.int = s.homeworld[p]
    walk: cython.p_short = s.tables.walk
    h: cython.int
    q: cython.int
    d: cython.int
    owner: cython.int
    armed: cython.int
    enemy: cython.double
    enemies: cython.int = 0  # bit q: player q is p's enemy
    stack: cython.int = -1
    best: cython.double = 0.0
    for h in range(n):  # the strongest stack
        if hexes[h * np_ + p] > best:
            best = hexes[h * np_ + p]
            stack = h
    f[base + FT_STACK_STRENGTH] = best
    if home < 0 or not s.alive[p]:
        f[base + FT_STACK_TO_ENEMY_HOME] = FAR_AWAY
        f[base + FT_STACK_TO_ENEMY_COLONY] = FAR_AWAY
        f[base + FT_HOME_TO_ENEMY_HOME] = FAR_AWAY
        return
    if stack < 0:
        stack = home
    for q in range(np_):
        if units.hostile(s, p, q):
            enemies |= 1 << q
    f[base + FT_STACK_TO_ENEMY_HOME] = _to_enemy_home(s, p, stack)
    f[base + FT_HOME_TO_ENEMY_HOME] = _to_enemy_home(s, p, home)
    nearest: cython.int = FAR_AWAY
    threat: cython.double = 0.0
    guard: cython.double = 0.0
    pressure: cython.double = 0.0
    besieged: cython.int = 0
    free_planets: cython.int = 0
    for h in range(n):
        owner = s.h_col_owner[h]
        if owner >= 0 and enemies >> owner & 1:
            d = walk[stack * n + h]
            if d < nearest:
                nearest = d
        d = walk[home * n + h]
        enemy = 0.0
        armed = 0
        for q in range(np_):
            if enemies >> q & 1:
                enemy += hexes[h * np_ + q]
                armed += s.hx_armed[h * np_ + q]
        if owner == p and armed > 0:
            besieged += 1
        if d <= NEAR:
            threat += enemy
            guard += hexes[h * np_ + p]
        if (d <= PLANET_REACH and owner < 0 and s.h_face_up[h]
                and s.h_marker[h] == M_PLANET):
            free_planets += 1
        if hexes[h * np_ + p] > 0.0 and _to_enemy_home(s, p, h) <= NEAR:
            pressure += hexes[h * np_ + p]
    f[base + FT_STACK_TO_ENEMY_COLONY] = nearest
    f[base + FT_THREAT] = threat
    f[base + FT_LOG_THREAT] = log(1.0 + threat)
    f[base + FT_HOME_GUARD] = guard
    f[base + FT_PRESSURE] = pressure
    f[base + FT_LOG_PRESSURE] = log(1.0 + pressure)
    f[base + FT_COLONIES_BESIEGED] = besieged
    f[base + FT_FREE_PLANETS] = free_planets
    f[base + FT_EXPLORED_HOME] = _explored_home(s, home)
    f[base + FT_MACHINES_NEAR] = _machines_near(s, home)


@cython.cfunc
@cython.exceptval(check=False)
def _to_enemy_home(s: State, p: cython.int, h: cython.int) -> cython.int:
    """Walking distance from ``h`` to the nearest living enemy homeworld (capped)."""
    q: cython.int
    d: cython.int
    there: cython.int
    best: cython.int = FAR_AWAY
    for q in range(s.n_players):
        there = s.homeworld[q]
        if q == p or not s.alive[q] or there < 0 or not units.hostile(s, p, q):
            continue
        d = s.tables.walk[h * s.n_hexes + there]
        if d < best:
            best = d
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _explored_home(s: State, home: cython.int) -> cython.double:
    """The share of the homeworld's system (its board region) that lies face up."""
    region: cython.int = s.tables.region[home]
    if region < 0:
        return 1.0
    first: cython.int = s.tables.region_start[region + 1]
    last: cython.int = s.tables.region_start[region + 2]
    if last <= first:
        return 1.0
    i: cython.int
    seen: cython.int = 0
    for i in range(first, last):
        if s.h_face_up[s.tables.by_region[i]]:
            seen += 1
    return seen / cython.cast(cython.double, last - first)


@cython.cfunc
@cython.exceptval(check=False)
def _machines_near(s: State, home: cython.int) -> cython.int:
    """Doomsday Machines on the board within ``PLANET_REACH`` hexes of ``home``."""
    i: cython.int
    near: cython.int = 0
    for i in range(MAX_MACHINES):
        if s.dm_hex[i] > 0 and s.tables.walk[home * s.n_hexes + s.dm_hex[i] - 1] <= PLANET_REACH:
            near += 1
    return near


# -- for Python ---------------------------------------------------------------------------------
_SHARED = Features()


def feature_matrix(s: State) -> list[list[float]]:
    """Every player's feature vector of ``s`` (a list per player, :data:`FEATURE_NAMES` order)."""
    _SHARED.compute(s)
    return _SHARED.matrix()


def features_of(s: State, player: int) -> list[float]:
    """One player's feature vector of ``s``."""
    _SHARED.compute(s)
    return _SHARED.vector(player)


def feature_dict(s: State, player: int) -> dict[str, float]:
    """One player's features by name (reading and debugging)."""
    return dict(zip(FEATURE_NAMES, features_of(s, player), strict=True))
