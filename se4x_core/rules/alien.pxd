# C declarations for alien.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport units

cdef int BANK_CAP

cpdef int alien_row(int phase) noexcept
cpdef int bank_of(int row, int die) noexcept
cpdef int rolls_due(State s, int player) noexcept
cpdef int fleets_out(State s, int player) noexcept
cdef int _count_bits(int mask) noexcept
cpdef int alien_economy(State s, int player, object ev) except -1
cdef void _bank(State s, int at, int amount) noexcept
cdef int _buy_technology(State s, int player, object ev) except -1
cdef bint _base_at(State s, int player, int hex_index) noexcept
cdef int _buy_defense(State s, int player, object ev) except -1
cdef int _launch(State s, int player, object ev) except -1
cdef int _buy_ships(State s, int player, int bank, int fleet, object ev) except -1
