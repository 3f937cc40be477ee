# C declarations for movement.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList, encode
from se4x_core.rules.advanced cimport carriers, cloaking, doomsday, pipelines, warp
from se4x_core.rules cimport combat, exploration, units

cpdef void start_turn(State s, int player) noexcept
cdef void legal_movement(State s, ActionList out) noexcept
cdef int _slots_end(State s, int player) noexcept
cdef void _push(ActionList out, int code) noexcept
cdef void _append_steps(State s, int player, int end, ActionList out) noexcept
cdef void _append_warp_steps(State s, int unit, int here, bint armed, bint extra, ActionList out) noexcept
cdef bint _enemy_present(State s, int hex_index, int player) noexcept
cpdef bint can_enter(State s, int unit, int target, int moved) noexcept
cdef void _append_fighter_boarding(State s, int unit, int end, ActionList out) noexcept
cpdef bint fighter_base_here(State s, int unit) noexcept
cdef void _append_split_merge(State s, int unit, int end, ActionList out) noexcept
cpdef bint can_merge(State s, int a, int b) noexcept
cpdef bint can_colonize(State s, int unit) noexcept
cpdef bint can_load(State s, int unit) noexcept
cpdef bint can_unload(State s, int unit) noexcept
cpdef int peek_mask(State s, int unit) noexcept
cdef int apply_movement(State s, int code, object ev) except -1
cdef int default_movement(State s) noexcept
cpdef int step(State s, int unit, int direction, object ev) except -1
cdef int _carrier_arrives(State s, int unit, int origin, object ev) except -1
cpdef int split(State s, int unit, int count, object ev) except -1
cpdef int merge(State s, int unit, int other, object ev) except -1
cpdef int colonize(State s, int unit, object ev) except -1
cpdef int load(State s, int unit, object ev) except -1
cpdef int board(State s, int unit, int carrier, object ev) except -1
cpdef int leave_carrier(State s, int unit, object ev) except -1
cpdef int unload(State s, int unit, object ev) except -1
cdef void _begin_unit_movement(State s, int unit) noexcept
cpdef int start_peek(State s, int unit, int direction, object ev) except -1
cpdef void flip_face_down_at_colonies(State s, int player) noexcept
cpdef void reach(State s, int unit, ActionList out) noexcept
cdef bint _path_on_chain(State s, ActionList out, int i, int player) noexcept
cpdef int entry_step(int entry) noexcept
cdef int _entry_of(ActionList out, int hex_index) noexcept
cdef void _offer(State s, int unit, ActionList out, int target, int direction, int parent, int level_start, int depth, int allowance, bint on_chain) noexcept
cdef bint _stops_movement(State s, int hex_index, int player, int unit) noexcept
