# C declarations for doomsday.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.rules cimport economy, units
from se4x_core.rules.advanced cimport warp

cdef ActionList _SCRATCH
cdef ActionList _ADJACENT

cpdef int machine_at(State s, int hex_index) noexcept
cpdef int machines_live(State s) noexcept
cpdef bint units_meet_machine(State s, int hex_index, int player) noexcept
cpdef int machine_opponent(State s, int hex_index) noexcept
cpdef void place_machine(State s, int hex_index, int number) noexcept
cpdef int hit_machine(State s, int index, int player, object ev) except -1
cpdef int move_machines(State s, object ev) except -1
cdef int _move_machine(State s, int index, object ev) except -1
cdef int _step_toward(State s, int index, int here, int target, object ev) except -1
cdef int _next_on_path(State s, int here, int target) noexcept
cdef int _step(State s, int index, int origin, int hex_index, object ev) except -1
cdef bint _nebula_at(State s, int hex_index) noexcept
cdef bint _planet_at(State s, int hex_index) noexcept
cdef bint _passable(State s, int hex_index) noexcept
cdef int _nearest_target(State s, int start) noexcept
cdef bint _is_target(State s, int hex_index, int start) noexcept
cdef int _destroy_planet(State s, int index, int hex_index, object ev) except -1
