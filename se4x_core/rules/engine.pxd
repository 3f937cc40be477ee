# C declarations for engine.py (Cython pure-Python mode): the phase table's C side.
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList, encode
from se4x_core.kernel cimport dice
from se4x_core.rules.advanced cimport doomsday, mines
from se4x_core.rules cimport combat, economy, exploration, movement, units

ctypedef void (*legal_fn)(State, ActionList) noexcept
ctypedef int (*apply_fn)(State, int, object) except -1
ctypedef int (*default_fn)(State) noexcept

cdef legal_fn LEGAL[N_PHASES]
cdef apply_fn APPLY[N_PHASES]
cdef default_fn DEFAULT[N_PHASES]

cdef void _register(int phase, legal_fn legal, apply_fn apply, default_fn default) noexcept
cdef void _legal_place(State s, ActionList out) noexcept
cdef int _apply_place(State s, int code, object ev) except -1
cdef int _default_place(State s) noexcept
cdef void _legal_none(State s, ActionList out) noexcept
cdef int _apply_none(State s, int code, object ev) except -1
cdef int _default_none(State s) noexcept
cpdef void write_legal(State s, ActionList out) noexcept
cpdef int apply_unchecked(State s, int code, object ev) except -1
cpdef int default_code(State s) noexcept
cpdef bint is_auto_decision(State s) noexcept
cpdef int advance(State s, object ev) except -1
cdef int _first_living(State s) noexcept
cdef int _teams_alive(State s) noexcept
cdef int _game_over(State s, int winner, object ev) except -1
cdef int _place_homeworld(State s, int hex_index, object ev) except -1
cdef int _start_movement(State s, int player, object ev) except -1
cdef int _end_player_turn(State s, object ev) except -1
cdef int _after_turn(State s, object ev) except -1
cdef int _new_round(State s, object ev) except -1
