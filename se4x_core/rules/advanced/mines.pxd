# C declarations for mines.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList, encode
from se4x_core.kernel cimport battle_math
from se4x_core.rules cimport units
from se4x_core.rules.advanced cimport carriers, cloaking

cpdef int mine_owner(State s, int hex_index, int attacker) noexcept
cpdef int first_mine(State s, int hex_index, int owner) noexcept
cpdef bint is_mine_target(State s, int unit, int owner, int hex_index) noexcept
cpdef int mine_target_count(State s, int hex_index, int attacker, int owner) noexcept
cpdef int sweep(State s, int hex_index, int attacker, int owner, object ev) except -1
cpdef bint await_choice(State s) noexcept
cpdef int detonate(State s, int target, object ev) except -1
cdef void legal_mines(State s, ActionList out) noexcept
cdef int default_mines(State s) noexcept
