# C declarations for exploration.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList, encode
from se4x_core.rules.advanced cimport cloaking, doomsday
from se4x_core.rules cimport units

cpdef int reveal(State s, int hex_index, object ev, int by_player) except -1
cpdef void clear_marker(State s, int hex_index) noexcept
cdef bint immediate_effect(int marker) noexcept
cpdef int arrive(State s, int unit, int origin, object ev) except -1
cpdef bint mines_stop(State s, int unit, int hex_index) noexcept
cdef int _destroy_unescorted_enemies(State s, int hex_index, int player, object ev) except -1
cpdef int explore(State s, int unit, int origin, object ev) except -1
cpdef int black_hole_rolls(State s, int unit, object ev) except -1
cpdef int shift_mask(State s) noexcept
cdef void legal_shift(State s, ActionList out) noexcept
cdef int apply_shift(State s, int code, object ev) except -1
cpdef int no_shift_possible(State s, object ev) except -1
cdef int default_shift(State s) noexcept
cdef void legal_peek(State s, ActionList out) noexcept
cdef int apply_peek(State s, int code, object ev) except -1
cdef int default_peek(State s) noexcept
