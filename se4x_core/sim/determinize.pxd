# C declarations for determinize.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.kernel cimport dice
from se4x_core.rules cimport alien, economy, units
from se4x_core.rules.advanced cimport carriers

cdef ActionList _LEFT, _LOW, _EXACT, _ROOM, _KIND_OF_ORIGIN, _HOME_KIND_OF_ORIGIN
cdef unsigned long long _FNV_PRIME, _FNV_START



@cython.final
cdef class Dice:
    cdef unsigned long long x
    cdef int below(self, int n) noexcept

cdef Dice _DICE


cpdef State determinize(State s, int player, unsigned long long seed)
cpdef void determinize_into(State out, State s, int player, unsigned long long seed) except *
cpdef int resample(State s, int player, unsigned long long seed) except -1
cdef int _economic_phases_done(State s) noexcept
cdef void _draw_alien_banks(State s, int e, Dice draw) noexcept
cdef int _unspent_tech(State s, int e, int banked) noexcept
cdef bint _unseen(State s, int h, int player) noexcept
cdef void _draw_home_markers(State s, int player, Dice draw) noexcept
cdef void _draw_deep_space(State s, int player, Dice draw) noexcept
cdef void _draw_region(State s, int player, int region, Dice draw) noexcept
cdef int _slots_end(State s, int player) noexcept
cdef bint _face_down(State s, int unit) noexcept
cdef void _forget_empire(State s, int e) noexcept
cdef int _resample_empire(State s, int e, int player, Dice draw) except -1
cdef void _resample_technology(State s, int e, int player, Dice draw) noexcept
cdef void _raise(ActionList low, int tech, int level) noexcept
cdef void _bound_by_shown(ActionList low, ActionList exact, int tech, int shown, int hull) noexcept
cdef void _resample_groups(State s, int e, int player, Dice draw) noexcept
cdef bint _must_be_decoy(State s, int unit, int player) noexcept
cdef int _draw_type(State s, int e, ActionList room, Dice draw) noexcept
cdef bint _may_have_built(State s, int e, int unit_type, ActionList room) noexcept
cdef void _fix_carriers(State s, int e) noexcept
cdef void _become(State s, int unit, int unit_type, Dice draw) noexcept
cdef void _renumber(State s, int e, Dice draw) noexcept
cdef int _resample_economy(State s, int e, Dice draw) except -1
cdef bint _has_bought(State s, int e) noexcept
cdef void _random_purchases(State s, int e, Dice draw) noexcept
cdef int _kth_income_colony(State s, int e, int k) noexcept
cdef unsigned long long _mix(unsigned long long h, long long value) noexcept
cpdef unsigned long long infoset_key(State s, int player) noexcept
cdef unsigned long long _key_battle(State s, unsigned long long h) noexcept
cdef unsigned long long _key_machines(State s, unsigned long long h) noexcept
cdef unsigned long long _key_own_empire(State s, int player, unsigned long long h) noexcept
cdef unsigned long long _key_hex(State s, int i, int player, unsigned long long h) noexcept
cdef unsigned long long _key_unit(State s, int unit, int player, unsigned long long h) noexcept
cdef unsigned long long _key_levels(State s, int unit, unsigned long long h) noexcept
