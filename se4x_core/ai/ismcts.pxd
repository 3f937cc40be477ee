# C declarations for ismcts.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.kernel cimport dice
from se4x_core.sim cimport determinize, macro, playout
from se4x_core.sim.evaluation cimport WinModel
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.rules.codes cimport *

@cython.final
cdef class Tree:
    cdef public object macro, player, parent, first_child, next_sibling, visits, avail, reward
    cdef public int n
    cpdef int add(self, int parent, int code, int player) except? -1

cdef double COLONY_WORTH

cpdef double strength(State s, int player) noexcept
cpdef double evaluate(State s, int player) noexcept

@cython.final
cdef class Search:
    cdef public State info, work
    cdef public int player, iterations, end_round, attack_target, push_target
    cdef public WinModel model
    cdef public PolicyMemory memory
    cdef public unsigned long long seed
    cdef public Tree tree
    cdef ActionList legal, log
    cdef object rewards
    cpdef void iterate(self) except *
    cdef int _descend(self, State d, unsigned long long x) except? -1
    cdef int _select_or_expand(self, State d, int node, unsigned long long x) except? -1
    cdef int _new_macro(self, State d, int node, int player, unsigned long long x) except? -1
    cdef bint _has_child(self, int node, int code, int player) except? -1
    cdef void _backup(self, State d, int node) except *
