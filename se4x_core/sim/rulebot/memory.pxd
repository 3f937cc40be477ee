# C declarations for memory.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.sim.rulebot.constants cimport *


@cython.final
cdef class PolicyMemory:
    cdef int* b          # the int buffer: strategies, war records, scratch (O_* offsets)
    cdef double* d       # the mean field's hit points per group
    cdef object _mem     # interpreted: the buffers (arrays)
    cdef object _dmem
    cdef object tables   # the board of the kept paths (with O_SIG: when they still hold)
    cdef public int me, n, home, n_warps, enter_ready, near_ready, assign_ready
    cdef public int pipe_ready, cache_next, hostile
    cdef public int cp, start_cp, income, maintenance, research_spent, reserve
    cpdef void reset(self) noexcept
    cpdef void set_slot(self, int player, int slot, int value) noexcept
    cpdef int slot(self, int player, int slot) noexcept
    cdef int number(self, int slot) noexcept
    cdef double share(self, int slot) noexcept
    cpdef int war(self, int player, int field) noexcept
    cpdef void set_targets(self, int player, int attack, int pushing) noexcept
