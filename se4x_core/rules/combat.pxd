# C declarations for combat.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList, encode
from se4x_core.kernel cimport battle_math
from se4x_core.rules.advanced cimport carriers, cloaking, doomsday, mines, warp
from se4x_core.rules cimport exploration, units

cdef enum:
    POS_END = 0x3FFFFFFF

cpdef int terrain_of(State s, int hex_index) noexcept
cpdef bint needs_battle(State s, int hex_index, int attacker) noexcept
cpdef int begin_combat_phase(State s, object ev) except -1
cpdef int next_battle(State s, object ev) except -1
cdef void legal_choose_battle(State s, ActionList out) noexcept
cdef int apply_choose_battle(State s, int code, object ev) except -1
cdef int default_choose_battle(State s) noexcept
cdef void _remove_battle_hex(State s, int hex_index) noexcept
cdef bint _battle_hex_listed(State s, int hex_index) noexcept
cdef void _clear_battle(State s) noexcept
cpdef int start_battle(State s, int hex_index, object ev) except -1
cpdef int begin_machine_step(State s, object ev) except -1
cdef int _next_machine_battle(State s, object ev) except -1
cdef int _begin_machine_fight(State s, object ev) except -1
cdef int _machine_fires(State s, int unit, object ev) except -1
cpdef int _side_of(int unit) noexcept
cdef int _first_armed_enemy(State s, int hex_index, int player) noexcept
cdef int _begin_fight(State s, object ev) except -1
cdef int _remove_decoys(State s, int hex_index, int player, object ev) except -1
cdef int _reveal_side(State s, int hex_index, int player, object units) except -1
cdef bint _in_battle(State s, int unit) noexcept
cdef bint _begin_mines(State s, int hex_index, int attacker, object ev) except -1
cdef int apply_mines(State s, int code, object ev) except -1
cpdef int side_ships(State s, int player, bint unscreened_only) noexcept
cpdef int side_armed(State s, int player) noexcept
cdef int _start_round(State s, object ev) except -1
cdef bint _may_screen(State s, int unit) noexcept
cdef int _screen_choice_count(State s) noexcept
cdef void legal_screen(State s, ActionList out) noexcept
cdef int apply_screen(State s, int code, object ev) except -1
cdef int default_screen(State s) noexcept
cpdef int firing_key(State s, int unit) noexcept
cdef int _next_key(State s, int after) noexcept
cdef int _begin_fire(State s, object ev) except -1
cdef void _arm_point_defense(State s) noexcept
cpdef bint battle_decided(State s) noexcept
cdef void _next_group(State s) noexcept
cdef int _advance_fire(State s, object ev) except -1
cdef void _ask(State s, int unit) noexcept
cpdef int firing_unit(State s) noexcept
cdef int _enemy_of(State s, int unit) noexcept
cdef bint _is_target(State s, int unit, int target, int enemy) noexcept
cdef int _target_count(State s, int unit) noexcept
cpdef int to_hit_against(State s, int unit, int target) noexcept
cpdef int default_target(State s, int unit) noexcept
cdef void legal_fire(State s, ActionList out) noexcept
cdef int apply_fire(State s, int code, object ev) except -1
cdef int default_fire(State s) noexcept
cdef int _fire(State s, int unit, int target, object ev) except -1
cdef int _damage(State s, int target, object ev) except -1
cpdef int retreat_mask(State s, int unit) noexcept
cdef bint _retreat_hex_ok(State s, int unit, int here, int target) noexcept
cpdef bint warp_retreat_ok(State s, int unit, int target) noexcept
cpdef bint can_retreat(State s, int unit) noexcept
cdef int _retreat(State s, int unit, int direction, object ev) except -1
cdef int _end_battle(State s, object ev) except -1
cdef int _finish_battle(State s, object ev) except -1
cdef int _start_colony_attack(State s, object ev) except -1
cdef void legal_colony_fire(State s, ActionList out) noexcept
cpdef int colony_to_hit(State s, int unit) noexcept
cdef int apply_colony_fire(State s, int code, object ev) except -1
cdef int default_colony_fire(State s) noexcept
cpdef int damage_colony(State s, int hex_index, object ev) except -1
cpdef int destroy_colony(State s, int hex_index, object ev) except -1
