cpdef unsigned long long rng_seed(object seed)
cpdef unsigned long long rng_mix(unsigned long long x) noexcept nogil
cpdef unsigned long long rng_next(unsigned long long x) noexcept nogil
cpdef unsigned long long rng_output(unsigned long long x) noexcept nogil
cpdef unsigned long long rng_below(unsigned long long x, unsigned long long n) noexcept nogil
cpdef int rng_d10(unsigned long long x) noexcept nogil

cdef unsigned long long MASK64
cdef unsigned long long _MULTIPLIER, _GOLDEN, _OFFSET, _MIX1, _MIX2
