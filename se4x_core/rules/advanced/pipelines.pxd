# C declarations for pipelines.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport units
from se4x_core.rules.advanced cimport warp
from se4x_core.rules.alist cimport ActionList

cdef ActionList _ADJACENT

cpdef bint pipeline_at(State s, int hex_index, int player) noexcept
cpdef bint chain_hex(State s, int hex_index, int player) noexcept
cpdef bint chain_mover(int unit_type) noexcept
cpdef void mark_chain_starts(State s, int player) noexcept
cpdef int chain_bonus(State s, int unit) noexcept
