# C declarations for paths.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport picture

cdef int _enter_cost(State s, PolicyMemory m, int h, int mode) noexcept
cdef void _enter_costs(State s, PolicyMemory m, int mode) noexcept
cdef int _heap_push(PolicyMemory m, int size, int key) noexcept
cdef int _heap_pop(PolicyMemory m, int size) noexcept
cdef int search(State s, PolicyMemory m, int start, int mode) noexcept
cdef int goal_parent(State s, PolicyMemory m, int e, int goal, int mode) noexcept
cdef int goal_cost(State s, PolicyMemory m, int start, int mode, int goal) noexcept
cdef int first_step(State s, PolicyMemory m, int start, int mode, int goal) noexcept
