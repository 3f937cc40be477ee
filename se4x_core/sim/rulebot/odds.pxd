# C declarations for odds.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.kernel cimport battle_math
from se4x_core.rules cimport units
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport picture

cdef void force_clear(PolicyMemory m, int side) noexcept
cdef void force_add(PolicyMemory m, int side, int kind, int count, int att, int dfn, int tac, int level) noexcept
cdef void force_add_unit(State s, PolicyMemory m, int side, int unit) noexcept
cdef double attacker_wins(PolicyMemory m, int terrain) noexcept
cdef double defender_holds(PolicyMemory m, int terrain) noexcept
cdef double _odds_of(PolicyMemory m, double x) noexcept
cdef int _groups(PolicyMemory m, int terrain, bint machine) noexcept
cdef double _alive(PolicyMemory m, int g) noexcept
cdef int _pick(PolicyMemory m, int n, int shooter, int attack, int bonus, bint fighters_only, int terrain, int fighters_alive) noexcept
cdef double _mean_field(PolicyMemory m, int terrain) noexcept
cdef double _hit_points(PolicyMemory m, int n, int side) noexcept
cdef double _ships(PolicyMemory m, int n, int side) noexcept
cdef bint _mean_field_round(PolicyMemory m, int n, int rnd, int terrain, bint machine) noexcept
cdef int _order_volleys(PolicyMemory m, int n, int rnd, int fighters, int first) noexcept
cdef void _volley(PolicyMemory m, int n, int g, int attack, int bonus, bint fighters_only, int terrain) noexcept
cdef int _fighters_left(PolicyMemory m, int n) noexcept
cdef double _machine_odds(PolicyMemory m, int terrain) noexcept
cdef double _shots_around(PolicyMemory m, int n, int machine_key, bint before) noexcept
cdef void _machine_volley(PolicyMemory m, int n, int terrain) noexcept
cdef int _machine_target(PolicyMemory m, int n, int terrain, int fighters) noexcept
cdef void swap_forces(PolicyMemory m) noexcept
