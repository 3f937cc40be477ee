# C declarations for alist.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *


@cython.final
cdef class ActionList:
    cdef int* codes
    cdef public int n
    cdef readonly int capacity
    cdef void push(self, int code) noexcept
    cpdef void clear(self) noexcept
    cpdef bint contains(self, int code) noexcept


cpdef int encode(int kind, int a, int b) noexcept
