# C declarations for evaluation.py (Cython pure-Python mode).
cimport cython
from cpython.array cimport array
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.sim.features cimport Features, N_FEATURES


@cython.final
cdef class WinModel:
    cdef readonly str kind
    cdef readonly dict document
    cdef readonly int n_features, n_hidden
    cdef double* w1
    cdef double* b1
    cdef double* w2
    cdef double* probs
    cdef readonly Features features
    cdef double _score(self, double* f, int base) noexcept
    cdef int _estimate(self, State s) except -1
    cdef int _fill(self, State s) except -1
    cpdef int probabilities(self, State s, object out) except -1
    cpdef int values(self, State s, object out) except -1
    cpdef double win_probability(self, State s, int player) noexcept
    cpdef double value(self, State s, int player) noexcept


cdef bint _same_side(State s, int p, int q) noexcept
cdef int _check_out(object out, int n) except -1
cdef double* _allocate(int n) noexcept

cdef WinModel _DEFAULT

cpdef WinModel default_model()
cpdef int win_probabilities(State s, object out) except -1
cpdef int values(State s, object out) except -1
cpdef double win_probability(State s, int player) except? -1
cpdef double value(State s, int player) except? -1
