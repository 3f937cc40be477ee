# C declarations for macro.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.rules cimport engine, movement

cdef enum:
    MACRO = 1 << 30
    MK_MOVE_TO = 1
    MK_AUTO_BATTLE = 2
    MK_PLAN = 3
    MK_BID = 4
    PLAN_SAVE = 0
    PLAN_WARSHIPS = 1
    PLAN_TECH = 2
    PLAN_EXPAND = 3
    PLAN_DEFEND = 4
    N_PLANS = 5
    N_BID_BUCKETS = 4

cdef ActionList _LEGAL, _REACH, _RESEARCH_ORDER

cpdef int macro(int kind, int a, int b) noexcept
cpdef bint is_macro(int code) noexcept
cpdef void legal_macros(State s, ActionList out) noexcept
cdef int _battle_sides(State s) noexcept
cdef void _atomic(State s, ActionList out) noexcept
cdef void _movement_macros(State s, ActionList out) noexcept
cdef void _plan_macros(State s, ActionList out) noexcept
cdef void _bid_macros(State s, ActionList out) noexcept
cpdef int bid_amount(int bucket, int cp) noexcept
cpdef int next_atomic(State s, int code) noexcept
cdef int _next_step(State s, int unit, int target) noexcept
cdef int _next_purchase(State s, int plan) noexcept
cdef int _research(State s) noexcept
cdef int _buy_type(int unit_type, int at_most, State s) noexcept
cdef int _biggest_warship() noexcept
cpdef int apply_macro(State s, int code, object ev, ActionList log) except -1
