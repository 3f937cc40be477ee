# C declarations for warp.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList

cdef ActionList _WARPS

cpdef int step_target(State s, int origin, int direction) noexcept
cpdef bint is_warp(State s, int hex_index) noexcept
cpdef bint warp_linked(State s, int a, int b) noexcept
cpdef int next_link(State s, int hex_index, int after) noexcept
cpdef int neighbours(State s, int hex_index, ActionList out) noexcept
cpdef int warp_distance(State s, int a, int b) noexcept
cpdef int walking_distance(State s, int a, int b) noexcept
cdef int _linked_distance(State s, int a, int b, short* table) noexcept
