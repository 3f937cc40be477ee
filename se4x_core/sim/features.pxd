# C declarations for features.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport units

# The feature indices (FEATURE_NAMES order) and the constants of features.py.
cpdef enum:
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
    FT_TECH = 38
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
    FAR_AWAY = 20
    NEAR = 2
    PLANET_REACH = 3
    COLONY_WORTH = 15
    _HEX_CAPACITY = 256


@cython.final
cdef class Features:
    cdef double* values
    cdef double* hex_strength
    cdef readonly int hex_capacity
    cdef readonly int n_players
    cdef int _room_for(self, int n_hexes) except -1
    cpdef int compute(self, State s) except -1
    cpdef double value(self, int player, int feature) noexcept


cdef void _clear(double* buf, int n) noexcept
cdef void _units_pass(State s, double* f, double* hexes) noexcept
cdef void _colonies_pass(State s, double* f) noexcept
cdef void _player_pass(State s, double* f) noexcept
cdef double _banked(State s, int p) noexcept
cdef void _shares(State s, double* f) noexcept
cdef double _share(double part, double whole) noexcept
cdef void _position(State s, int p, double* f, double* hexes) noexcept
cdef int _to_enemy_home(State s, int p, int h) noexcept
cdef double _explored_home(State s, int home) noexcept
cdef int _machines_near(State s, int home) noexcept

cdef Features _SHARED
