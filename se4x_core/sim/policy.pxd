# C declarations for policy.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.rules cimport engine
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport battles, choices, movement, picture, purchases

cpdef int choose(State s, ActionList legal, PolicyMemory m) noexcept
cpdef int decision(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _fallback(State s, ActionList legal) noexcept
cdef int _decide(State s, ActionList legal, PolicyMemory m) noexcept
