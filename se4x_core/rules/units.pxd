# C declarations for units.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.kernel cimport dice

cpdef int roll(State s) noexcept
cpdef int random_below(State s, int n) noexcept
cpdef bint is_armed(State s, int unit) noexcept
cpdef int movement_allowance(State s, int unit) noexcept
cpdef int combat_level(State s, int unit, int which) noexcept
cpdef bint tech_in_play(State s, int tech) noexcept
cpdef bint unit_in_play(State s, int unit_type) noexcept
cpdef int special_level(State s, int unit) noexcept
cpdef int current_special_level(State s, int player, int unit_type) noexcept
cpdef int attack_strength(State s, int unit) noexcept
cpdef int defense_strength(State s, int unit) noexcept
cpdef bint hostile(State s, int p, int q) noexcept
cpdef int enemy_units_here(State s, int hex_index, int player) noexcept
cpdef int enemy_armed_here(State s, int hex_index, int player) noexcept
cpdef bint enemy_colony_at(State s, int hex_index, int player) noexcept
cpdef bint blockaded(State s, int hex_index) noexcept
cpdef int player_to_right(State s, int player) noexcept
cpdef int new_unit(State s, int player, int unit_type, int hex_index, int count) noexcept
cpdef void set_current_levels(State s, int unit) noexcept
cpdef int destroy_unit(State s, int unit, object ev, str reason) except -1
cpdef void clear_colony(State s, int hex_index) noexcept
cpdef int eliminate_player(State s, int player, object ev) except -1
cpdef object identity(State s, int unit)
cpdef int announce_placed(State s, int unit, object ev) except -1
