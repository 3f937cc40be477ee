# C declarations for movement.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.rules.advanced cimport warp
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport assignments, paths, picture, war

cdef int decide(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _step_code(State s, ActionList legal, int unit, int target) noexcept
cdef int _instant_action(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _next_hex(State s, PolicyMemory m, int unit) noexcept
cdef int _miner_target(State s, PolicyMemory m, int unit) noexcept
cdef int alien_move(State s, ActionList legal, PolicyMemory m) noexcept
