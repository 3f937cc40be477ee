# C declarations for picture.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport units
from se4x_core.rules.advanced cimport warp
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory

cdef void begin(State s, PolicyMemory m) noexcept
cdef int _picture_hex(State s, PolicyMemory m, int h) noexcept
cdef bint enemy_home(State s, PolicyMemory m, int h) noexcept
cdef int threat_count(State s, PolicyMemory m, int radius) noexcept
cdef void near_flags(State s, PolicyMemory m) noexcept
cdef bint enemy_has(State s, PolicyMemory m, int unit_type) noexcept
cdef bint teamwork(State s, PolicyMemory m, int part) noexcept
cdef bint near_ally_home(State s, PolicyMemory m, int h, int radius) noexcept
cdef bint ally_nearer(State s, PolicyMemory m, int h) noexcept


# The one-line questions every loop asks, inline in every module that cimports this
# (picture.py holds the same lines for the interpreted build).
cdef inline int dist(State s, PolicyMemory m, int a, int b) noexcept:
    if m.n_warps < 2:
        return s.tables.dist[a * m.n + b]
    return warp.warp_distance(s, a, b)

cdef inline bint own(State s, PolicyMemory m, int unit) noexcept:
    return s.u_type[unit] >= 0 and unit // UNITS_PER_PLAYER == m.me

cdef inline bint enemy_unit(State s, PolicyMemory m, int unit) noexcept:
    return s.u_type[unit] >= 0 and m.hostile >> (unit // UNITS_PER_PLAYER) & 1 != 0

cdef inline bint armed_type(int unit_type) noexcept:
    return unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_ARMED != 0

cdef inline bint warship_type(int unit_type) noexcept:
    return unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_WARSHIP != 0

cdef inline bint face_up_is(State s, int h, int marker) noexcept:
    return s.h_face_up[h] != 0 and s.h_marker[h] == marker

cdef inline bint hostile_colony(State s, PolicyMemory m, int h) noexcept:
    return s.h_col_owner[h] >= 0 and m.hostile >> s.h_col_owner[h] & 1 != 0

cdef inline bint own_colony(State s, PolicyMemory m, int h) noexcept:
    return s.h_col_owner[h] == m.me and m.b[O_HX_ARMED + h] == 0

cdef inline int unit_value(State s, int unit) noexcept:
    return UNIT_COST[s.u_type[unit]] * s.u_count[unit]
