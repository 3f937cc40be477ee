# C declarations for battles.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.kernel cimport battle_math
from se4x_core.rules cimport combat, engine
from se4x_core.rules.advanced cimport warp
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport odds, picture

cdef int decide(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _retreat_code(State s, ActionList legal, PolicyMemory m) noexcept
cdef bint _hopeless(State s, PolicyMemory m) noexcept
cdef int _best_fire(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _threat_against_us(State s, PolicyMemory m, int target) noexcept
