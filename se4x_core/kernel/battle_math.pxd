# C declarations for battle_math.py (Cython pure-Python mode): plain-integer
# helpers that the rules, the battle simulator and the search cimport, and the
# simulator's trials kernel (in this module so that the C compiler inlines the
# helpers into its innermost loop).

from se4x_core.kernel cimport dice

cdef int _T_OPEN, _T_ASTEROIDS, _T_NEBULA
cdef int _CLASS_E, _NO_CLASS

cpdef int effective_class(int unit_class, int terrain) noexcept nogil
cpdef int cap_tech(int level, int hull) noexcept nogil
cpdef int to_hit_number(int attack, int attack_tech, int fleet_bonus, int defense,
                        int defense_tech, int terrain) noexcept nogil
cpdef int hit_faces(int to_hit) noexcept nogil
cpdef bint hits(int roll, int to_hit) noexcept nogil
cpdef int fleet_bonus(int own_ships, int enemy_ships) noexcept nogil
cpdef int fire_order_key(int unit_class, int tactics, bint is_defender) noexcept nogil
cpdef bint better_target(int to_hit_a, bint damaged_a, int threat_a,
                         int to_hit_b, bint damaged_b, int threat_b) noexcept nogil
cpdef bint better_mine_pick(int cost_a, int hull_a, int cost_b, int hull_b) noexcept nogil

# The simulator's trials kernel (see the notes above _volley_fires in the .py).
cdef int _MAX_ROUNDS
cdef int _W_ALWAYS, _W_FIRST_ROUND, _W_LATER_ROUNDS, _W_ENEMY_FIGHTERS
cdef int _OUT_ATT_WINS, _OUT_DEF_WINS, _OUT_DRAWS, _OUT_ROUNDS
cdef int _OUT_ATT_SURV, _OUT_DEF_SURV, _OUT_GROUPS

cdef bint _volley_fires(int when, int rnd, int enemy_fighters) noexcept nogil
cdef int _choose_target(int n, int row, int first, int bonus, const int[::1] gdata,
                        const int[::1] th, const int[::1] enemies,
                        const int[::1] state) noexcept nogil
cdef bint _damage(int n, int target, const int[::1] gdata, int[::1] state) noexcept nogil
cdef unsigned long long _fight_round(
    int n, int rnd, const int[::1] gdata, const int[::1] vdata, const int[::1] th,
    const int[::1] enemies, int[::1] state, unsigned long long x) noexcept nogil
cdef int _fight(
    int n, const int[::1] gdata, const int[::1] vdata, const int[::1] th,
    const int[::1] enemies, int[::1] state, unsigned long long[::1] rng) noexcept nogil
cdef void _run_trials(
    int n, const int[::1] gdata, const int[::1] vdata, const int[::1] th,
    const int[::1] enemies, const int[::1] template, int[::1] state,
    unsigned long long[::1] rng, long long trials, long long[::1] out) noexcept nogil
# Called with the GIL from the simulator: converts its arrays to typed memoryviews,
# then releases it around _run_trials.
cpdef void run_trials(
    int n, const int[::1] gdata, const int[::1] vdata, const int[::1] th,
    const int[::1] enemies, const int[::1] template, int[::1] state,
    unsigned long long[::1] rng, long long trials, long long[::1] out) noexcept
