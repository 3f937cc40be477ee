# C declarations for assignments.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.advanced cimport warp
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport paths, picture

cdef void _assign(State s, PolicyMemory m, int kind, int n_units) noexcept
cdef int _best_hex(PolicyMemory m, int i) noexcept
cdef int _assign_mode(int kind) noexcept
cdef int _score(State s, PolicyMemory m, int kind, int unit, int h, int cost) noexcept
cdef int _mining_score(State s, PolicyMemory m, int h, int cost) noexcept
cdef bint _colonisable(State s, PolicyMemory m, int h, bint terraform) noexcept
cdef int list_type(State s, PolicyMemory m, int unit_type, bint empty_only) noexcept
cdef void assigned(State s, PolicyMemory m, int kind) noexcept
cdef int explore(State s, PolicyMemory m, int which) noexcept
cdef int pipeline_plan(State s, PolicyMemory m) noexcept
cdef int unclaimed_planets(State s, PolicyMemory m) noexcept

cdef inline int target_of(PolicyMemory m, int kind, int unit) noexcept:
    return m.b[O_TARGET + kind * UNITS_PER_PLAYER + unit - m.me * UNITS_PER_PLAYER]
