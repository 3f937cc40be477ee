# C declarations for cloaking.py (Cython pure-Python mode).
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport units

cpdef int scanners_here(State s, int hex_index, int player) noexcept
cpdef bint cloaked_against(State s, int unit, int enemy) noexcept
cpdef bint cloaked_at(State s, int unit, int hex_index, int enemy) noexcept
cpdef int detected_armed_here(State s, int hex_index, int player, int enemy) noexcept
cpdef int enemy_detected_here(State s, int hex_index, int player) noexcept
cpdef bint passes_unseen(State s, int unit) noexcept
cpdef bint unseen_at(State s, int unit, int hex_index) noexcept
cpdef bint lying_in_wait(State s, int hex_index, int attacker) noexcept
cpdef void mark_ambushes(State s, int hex_index, int attacker, int defender) noexcept
