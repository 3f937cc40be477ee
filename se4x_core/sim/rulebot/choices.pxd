# C declarations for choices.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.rules cimport economy
from se4x_core.rules.advanced cimport warp
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport picture

cdef int place_homeworld(State s, ActionList legal) noexcept
cdef bint _contact(State s, PolicyMemory m) noexcept
cdef int bid(State s, ActionList legal, PolicyMemory m) noexcept
cdef int order_choice(State s, ActionList legal, PolicyMemory m) noexcept
cdef int lost_shift(State s, ActionList legal, PolicyMemory m) noexcept
