# C declarations for carriers.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport units

cpdef int fighters_aboard(State s, int carrier) noexcept
cpdef int carrier_room(State s, int carrier) noexcept
cpdef void fit_fighters(State s, int carrier) noexcept
cpdef bint fighters_in_battle(State s, int player) noexcept
cpdef bint fires_point_defense(State s, int unit, int enemy) noexcept
cpdef bint may_target(State s, int unit, int target, int enemy) noexcept
cpdef int lose_ship(State s, int unit, object ev, str reason) except -1
