# C declarations for state.py (Cython pure-Python mode: the .py is the one source).
cimport cython
from se4x_core.rules.codes cimport *

@cython.final
cdef class BoardTables:
    cdef readonly str name
    cdef readonly int n_hexes
    cdef readonly object board
    cdef short* nbr      # n_hexes * 6: the neighbour in each direction, -1 off the board
    cdef short* dist     # n_hexes * n_hexes: hex steps between two hexes
    cdef short* region   # n_hexes: the home system's player, -1 for Deep Space
    cdef short* walk     # n_hexes * n_hexes: steps walking on the board (around its edges)
    cdef short* by_region  # the hexes grouped by region: Deep Space, then home systems 0, 1..
    cdef int region_start[6]  # where region r (-1 for Deep Space) starts in by_region: [r + 1]


@cython.final
@cython.freelist(32)
cdef class State:
    cdef readonly BoardTables tables
    cdef readonly str board_name
    cdef readonly dict layout
    cdef short* _buf          # compiled: the buffer (malloc)
    cdef object _mem          # interpreted: the buffer (bytearray)
    cdef Py_ssize_t _shape[1]
    cdef int _nbytes
    cdef readonly int n_units
    cdef readonly int n_players, n_hexes
    cdef public int phase, current_player, round, turn, order_pos, n_order, winner, last_moved
    cdef public int lost_unit, lost_chooser, peek_unit, peek_hex, pending, n_battle_hexes
    cdef public int b_hex, b_attacker, b_defender, b_round, b_pos, b_shot, b_screener
    cdef public int b_screen_left, b_colony, b_bonus_a, b_bonus_d
    cdef public int max_rounds, auto_mask, reference_forces, options, machine_step
    cdef public unsigned long long rng
    # units
    cdef short* u_type
    cdef short* u_hex
    cdef short* u_count
    cdef short* u_att
    cdef short* u_def
    cdef short* u_tac
    cdef short* u_mov
    cdef short* u_flags
    cdef short* u_moved
    cdef short* u_cargo
    cdef short* u_cargo_value
    cdef short* u_damage
    cdef short* u_number
    # hexes
    cdef short* h_marker
    cdef short* h_value
    cdef short* h_face_up
    cdef short* h_known
    cdef short* h_col_owner
    cdef short* h_col_cp
    cdef short* h_col_flags
    cdef short* h_deposit_cp
    cdef short* h_deposit_wrecks
    cdef short* h_origin
    # derived, kept up to date by add_unit / remove_unit / move_unit / set_count
    cdef short* hx_units
    cdef short* hx_armed
    cdef short* hx_yards
    cdef short* p_types
    cdef short* p_live
    # players
    cdef short* cp
    cdef short* bids
    cdef short* researched
    cdef short* alive
    cdef short* homeworld
    cdef short* order
    cdef short* income
    cdef short* n_records
    cdef short* tech
    cdef short* battle_hexes
    cdef short* records
    cdef short* alien        # per player: CP per roll of an alien player, 0 for a human
    cdef short* alien_bank   # per player: the alien banks (econ, fleet, tech, defense)
    cdef short* team         # per player: team play's team (1 or 2), 0 without teams
    cdef short* dm_hex       # per Doomsday Machine (1-3): its hex + 1, 0 until revealed or once destroyed
    cdef short* dm_hits      # per Doomsday Machine: hits it has taken

    cdef int _allocate(self, bint zero) except -1
    cdef void _bind(self) noexcept
    cdef void _init_values(self) noexcept
    cdef void copy_scalars_to(self, State o) noexcept
    cdef void _enter(self, int unit, int hex_index, int delta) noexcept
    cdef void _relocate(self, int unit, int hex_index) noexcept
    cpdef State clone(self)
    cpdef void copy_from(self, State other) except *
    cpdef unsigned long long hash64(self)
    cpdef int owner(self, int unit) noexcept
    cpdef int tech_level(self, int player, int tech) noexcept
    cpdef void set_tech_level(self, int player, int tech, int level) noexcept
    cpdef int free_unit(self, int player) noexcept
    cpdef int free_number(self, int player, int unit_type) noexcept
    cpdef int add_unit(self, int player, int unit_type, int hex_index, int count) noexcept
    cpdef void remove_unit(self, int unit) noexcept
    cpdef void move_unit(self, int unit, int hex_index) noexcept
    cpdef void set_count(self, int unit, int count) noexcept
    cpdef void retype(self, int unit, int unit_type) noexcept
    cpdef void rebuild_derived(self) noexcept


cdef unsigned long long _fnv_word(unsigned long long h, unsigned long long value) noexcept

cdef short* _field(short* base, int at, int n) noexcept
