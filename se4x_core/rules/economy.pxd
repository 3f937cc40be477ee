# C declarations for economy.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList, encode
from se4x_core.rules cimport alien, units

cdef enum:
    R_OK = 0
    R_NOT_BUYABLE = 1
    R_CP = 2
    R_SHIP_SIZE = 3
    R_NO_INCOME = 4
    R_ONE_YARD = 5
    R_ONE_BASE = 6
    R_YARD_CAPACITY = 7
    R_COUNTERS = 8
    R_RECORDS_FULL = 9
    R_NOT_WARSHIP = 10
    R_NOT_AT_YARD = 11
    R_MOVED = 12
    R_UP_TO_DATE = 13
    R_NOT_OWN = 14
    R_NOT_IN_GAME = 15
    R_TECH = 16

cpdef bint can_scuttle(State s, int unit) noexcept
cdef int _scuttle(State s, int unit, object ev) except -1
cpdef int begin(State s, object ev) except -1
cpdef int first_living_position(State s) noexcept
cpdef int collect_income(State s, int player, object ev) except -1
cdef int space_wreck(State s, int player, object wrecks) except -1
cpdef int maintenance_cost(State s, int player) noexcept
cdef void legal_bids(State s, ActionList out) noexcept
cdef int apply_bid(State s, int code, object ev) except -1
cdef int default_bid(State s) noexcept
cdef int _resolve_bids(State s, object ev) except -1
cpdef int living_count(State s) noexcept
cdef void legal_orders(State s, ActionList out) noexcept
cdef int apply_order(State s, int code, object ev) except -1
cpdef int order_seat(State s, int index, int position) noexcept
cdef int default_order(State s) noexcept
cdef void _open_purchases(State s) noexcept
cpdef int tech_cost(int tech, int level) noexcept
cpdef bint can_research(State s, int player, int tech) noexcept
cdef void legal_purchases(State s, ActionList out) noexcept
cdef int default_purchase(State s) noexcept
cdef int _record(State s, int player, int index, int field) noexcept
cpdef int pending_buys(State s, int player, int unit_type, int hex_index) noexcept
cpdef int yard_capacity(State s, int player, int hex_index) noexcept
cpdef int yard_capacity_used(State s, int player, int hex_index) noexcept
cdef int _new_counters(State s, int player, int unit_type, int hex_index, int n) noexcept
cpdef int counters_needed(State s, int player, int unit_type, int extra_hex) noexcept
cpdef int purchase_check(State s, int player, int unit_type, int hex_index) noexcept
cdef bint _has_base(State s, int player, int hex_index) noexcept
cpdef int refit_levels(State s, int unit) noexcept
cpdef int unit_levels(State s, int unit) noexcept
cdef int _pack(int att, int dfn, int tac, int mov, int explorer, int special) noexcept
cdef void _set_levels(State s, int unit, int packed) noexcept
cpdef int refit_check(State s, int unit) noexcept
cdef int apply_purchase(State s, int code, object ev) except -1
cdef void _push_record(State s, int player, int kind, int a, int b, int cost) noexcept
cpdef void clear_records(State s, int player) noexcept
cdef int _research(State s, int player, int tech, object ev) except -1
cdef int _refit(State s, int unit, object ev) except -1
cdef int _undo(State s, int player, object ev) except -1
cdef int _end_purchases(State s, object ev) except -1
cdef int _place(State s, int player, object ev) except -1
cdef int _place_units(State s, int player, int unit_type, int hex_index, int n, object ev) except -1
cdef int _grow_colonies(State s, object ev) except -1
