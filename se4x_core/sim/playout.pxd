# C declarations for playout.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.kernel cimport dice
from se4x_core.rules.advanced cimport warp
from se4x_core.rules cimport engine
from se4x_core.sim cimport policy
from se4x_core.sim.rulebot.memory cimport PolicyMemory

cdef enum:
    UNIFORM = 0
    HEURISTIC = 1
    RULE = 2
    _FAR = 1 << 20

cdef ActionList _GOOD

cpdef int playout(State s, unsigned long long seed, int max_actions, int policy,
                  int round_cap) except -1
cpdef int policy_playout(State s, PolicyMemory m, int max_actions, int round_cap) except -1
cpdef int random_playout(State s, unsigned long long seed, int max_actions) except -1
cpdef int heuristic_choice(State s, ActionList legal, unsigned long long x) noexcept
cdef int _heuristic_move(State s, ActionList legal, unsigned long long x) noexcept
cdef int _mark_good_steps(State s, ActionList legal) noexcept
cdef bint _nearer(State s, int here, int direction, int goal) noexcept
cdef int _goal(State s, int unit) noexcept
cdef bint _wants(State s, int unit, int h) noexcept
cdef int _heuristic_purchase(State s, ActionList legal) noexcept
cdef int _research_priority(int k) noexcept
