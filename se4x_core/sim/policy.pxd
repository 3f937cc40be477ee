# C declarations for policy.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.kernel cimport battle_math
from se4x_core.rules cimport combat, economy, engine, units
from se4x_core.rules.advanced cimport warp

cdef enum:
    S_TARGETS = 0
    S_ATTACK_ODDS = 1
    S_ABORT_ODDS = 2
    S_PUSH_ODDS = 3
    S_DEFEND_ODDS = 4
    S_RETREAT_ODDS = 5
    S_GATHERED_SHARE = 6
    S_RESEARCH_PLAN = 7
    S_RESEARCH_SHARE = 8
    S_MAINTENANCE_SHARE = 9
    S_SHIP_SHARE = 10
    S_RESERVE = 11
    S_COLONY_SHIPS = 12
    S_MINERS = 13
    S_SCOUTS = 14
    S_BASE_ROUND = 15
    S_FOCUS = 16
    N_SLOTS = 17
    TARGETS_BEST = 0
    TARGETS_HOMEWORLD = 1
    TARGETS_COLONIES = 2
    TARGETS_NONE = 3
    N_TARGETS = 4
    RP_BALANCED = 0
    RP_WEAPONS = 1
    RP_GROWTH = 2
    N_RESEARCH_PLANS = 3
    THREAT_RADIUS = 3
    STAGING_DISTANCE = 2
    EARLY_ROUNDS = 4
    DEEP_SPACE_PENALTY = 1
    MAX_HOME_CAPACITY = 16
    RAIDERS_WANTED = 2
    MINES_AT_HOME = 2
    POINT_DEFENSE_SCOUTS = 3
    PIPELINE_REACH = 4
    PIPELINES_A_PHASE = 2
    MACHINE_WORTH4 = 48
    UNREACHABLE = 1 << 20
    NO_OPTION = 0x3FFFFFFF
    MODE_EXPLORER = 0
    MODE_CIVIL = 1
    MODE_FLEET = 2
    WAR_GATHER = 0
    WAR_ATTACK = 1
    WAR_DEFEND = 2
    W_VALID = 0
    W_ROUND = 1
    W_TURN = 2
    W_MODE = 3
    W_TARGET = 4
    W_CAP = 5
    W_MAIN = 6
    W_PUSH = 7
    W_ATTACK = 8
    W_PUSHING = 9
    N_WAR = 10
    AK_EXPLORE = 0
    AK_COLONY = 1
    AK_MINE = 2
    AK_PIPE = 3
    N_AK = 4
    MAX_HEX = 160
    N_CACHE = 24
    HEAP_CAP = 4096
    MAX_ENTRIES = 48
    F_FIELDS = 6
    PLAN_STRIDE = 32
    MAX_GROUPS = 96
    G_FIELDS = 12
    O_STRAT = 0
    O_WAR = O_STRAT + MAXP * N_SLOTS
    O_EXPL = O_WAR + MAXP * N_WAR
    O_PLANS = O_EXPL + MAXP * UNITS_PER_PLAYER
    O_HX_ENEMY = O_PLANS + N_RESEARCH_PLANS * PLAN_STRIDE
    O_HX_ARMED = O_HX_ENEMY + MAX_HEX
    O_HX_DEADLY = O_HX_ARMED + MAX_HEX
    O_HX_MACHINE = O_HX_DEADLY + MAX_HEX
    O_HX_NEAR = O_HX_MACHINE + MAX_HEX
    O_ENTER = O_HX_NEAR + MAX_HEX
    O_PCOST = O_ENTER + 3 * MAX_HEX
    O_PPAR = O_PCOST + N_CACHE * MAX_HEX
    O_PKEY = O_PPAR + N_CACHE * MAX_HEX
    O_HEAP = O_PKEY + N_CACHE
    O_AKEY = O_HEAP + HEAP_CAP
    O_ABEST = O_AKEY + UNITS_PER_PLAYER * MAX_HEX
    O_AUNIT = O_ABEST + UNITS_PER_PLAYER
    O_TAKEN = O_AUNIT + UNITS_PER_PLAYER
    O_TARGET = O_TAKEN + MAX_HEX
    O_FLEET = O_TARGET + N_AK * UNITS_PER_PLAYER
    O_LIST = O_FLEET + UNITS_PER_PLAYER
    O_HASMOVE = O_LIST + UNITS_PER_PLAYER
    O_FORCE = O_HASMOVE + UNITS_PER_PLAYER
    O_NFORCE = O_FORCE + 2 * MAX_ENTRIES * F_FIELDS
    O_GRP = O_NFORCE + 2
    O_VOL = O_GRP + MAX_GROUPS * G_FIELDS
    O_RPLAN = O_VOL + 2 * MAX_GROUPS
    O_PIPE = O_RPLAN + PLAN_STRIDE + 8
    O_HEXVAL = O_PIPE + MAX_HEX
    O_CHOICE = O_HEXVAL + MAX_HEX
    O_BOUGHT = O_CHOICE + 16
    O_WARPS = O_BOUGHT + N_UNIT_TYPES
    O_WDIST = O_WARPS + 16
    N_ODDS = 41
    O_ODDS = O_WDIST + 16
    O_SIG = O_ODDS + N_ODDS
    N_BUF = O_SIG + MAX_HEX
    N_DBUF = MAX_GROUPS


@cython.final
cdef class PolicyMemory:
    cdef int* b          # the int buffer: strategies, war records, scratch (O_* offsets)
    cdef double* d       # the mean field's hit points per group
    cdef object _mem     # interpreted: the buffers (arrays)
    cdef object _dmem
    cdef object tables   # the board of the kept paths (with O_SIG: when they still hold)
    cdef public int me, n, home, n_warps, enter_ready, near_ready, assign_ready
    cdef public int pipe_ready, cache_next, hostile
    cdef public int cp, start_cp, income, maintenance, research_spent, reserve
    cpdef void reset(self) noexcept
    cpdef void set_slot(self, int player, int slot, int value) noexcept
    cpdef int slot(self, int player, int slot) noexcept
    cpdef int war(self, int player, int field) noexcept
    cpdef void set_targets(self, int player, int attack, int pushing) noexcept


cpdef int choose(State s, ActionList legal, PolicyMemory m) noexcept
cpdef int decision(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _fallback(State s, ActionList legal) noexcept
cdef int _decide(State s, ActionList legal, PolicyMemory m) noexcept
cdef void _begin(State s, PolicyMemory m) noexcept
cdef int _picture_hex(State s, PolicyMemory m, int h) noexcept
cdef int _slot(PolicyMemory m, int slot) noexcept
cdef double _share(PolicyMemory m, int slot) noexcept
cdef int _dist(State s, PolicyMemory m, int a, int b) noexcept
cdef bint _own(State s, PolicyMemory m, int unit) noexcept
cdef bint _enemy_unit(State s, PolicyMemory m, int unit) noexcept
cdef bint _armed_type(int unit_type) noexcept
cdef bint _warship_type(int unit_type) noexcept
cdef bint _face_up_is(State s, int h, int marker) noexcept
cdef bint _hostile_colony(State s, PolicyMemory m, int h) noexcept
cdef bint _enemy_home(State s, PolicyMemory m, int h) noexcept
cdef int _terrain_at(State s, int h) noexcept
cdef int _threat_count(State s, PolicyMemory m, int radius) noexcept
cdef void _near_flags(State s, PolicyMemory m) noexcept
cdef int _enter_cost(State s, PolicyMemory m, int h, int mode) noexcept
cdef void _enter_costs(State s, PolicyMemory m, int mode) noexcept
cdef int _heap_push(PolicyMemory m, int size, int key) noexcept
cdef int _heap_pop(PolicyMemory m, int size) noexcept
cdef int _paths(State s, PolicyMemory m, int start, int mode) noexcept
cdef int _goal_parent(State s, PolicyMemory m, int e, int goal, int mode) noexcept
cdef int _goal_cost(State s, PolicyMemory m, int start, int mode, int goal) noexcept
cdef int _first_step(State s, PolicyMemory m, int start, int mode, int goal) noexcept
cdef void _force_clear(PolicyMemory m, int side) noexcept
cdef void _force_add(PolicyMemory m, int side, int kind, int count, int att, int dfn, int tac,
                     int level) noexcept
cdef void _force_add_unit(State s, PolicyMemory m, int side, int unit) noexcept
cdef double _attacker_wins(PolicyMemory m, int terrain) noexcept
cdef double _defender_holds(PolicyMemory m, int terrain) noexcept
cdef double _odds_of(PolicyMemory m, double x) noexcept
cdef int _groups(PolicyMemory m, int terrain, bint machine) noexcept
cdef double _alive(PolicyMemory m, int g) noexcept
cdef int _pick(PolicyMemory m, int n, int shooter, int attack, int bonus, bint fighters_only,
               int terrain, int fighters_alive) noexcept
cdef double _mean_field(PolicyMemory m, int terrain) noexcept
cdef double _hit_points(PolicyMemory m, int n, int side) noexcept
cdef double _ships(PolicyMemory m, int n, int side) noexcept
cdef bint _mean_field_round(PolicyMemory m, int n, int rnd, int terrain, bint machine) noexcept
cdef int _order_volleys(PolicyMemory m, int n, int rnd, int fighters, int first) noexcept
cdef void _volley(PolicyMemory m, int n, int g, int attack, int bonus, bint fighters_only,
                  int terrain) noexcept
cdef int _fighters_left(PolicyMemory m, int n) noexcept
cdef double _machine_odds(PolicyMemory m, int terrain) noexcept
cdef double _shots_around(PolicyMemory m, int n, int machine_key, bint before) noexcept
cdef void _machine_volley(PolicyMemory m, int n, int terrain) noexcept
cdef int _machine_target(PolicyMemory m, int n, int terrain, int fighters) noexcept
cdef void _assign(State s, PolicyMemory m, int kind, int n_units) noexcept
cdef int _best_hex(PolicyMemory m, int i) noexcept
cdef int _assign_mode(int kind) noexcept
cdef int _score(State s, PolicyMemory m, int kind, int unit, int h, int cost) noexcept
cdef int _mining_score(State s, PolicyMemory m, int h, int cost) noexcept
cdef bint _own_colony(State s, PolicyMemory m, int h) noexcept
cdef bint _colonisable(State s, PolicyMemory m, int h, bint terraform) noexcept
cdef int _target_of(PolicyMemory m, int kind, int unit) noexcept
cdef int _list_type(State s, PolicyMemory m, int unit_type, bint empty_only) noexcept
cdef void _assigned(State s, PolicyMemory m, int kind) noexcept
cdef int _explore(State s, PolicyMemory m, int which) noexcept
cdef int _pipeline_plan(State s, PolicyMemory m) noexcept
cdef int _unit_value(State s, int unit) noexcept
cdef bint _home_holds(State s, PolicyMemory m, bint all_warships) noexcept
cdef bint _in_fleet(PolicyMemory m, int unit) noexcept
cdef int _main_stack(State s, PolicyMemory m) noexcept
cdef int _fleet_force(State s, PolicyMemory m, int side, int at) noexcept
cdef void _defence_at(State s, PolicyMemory m, int h) noexcept
cdef void _set_plan(PolicyMemory m, int mode, int target, int cap, int main, int push) noexcept
cdef void _choose_war_plan(State s, PolicyMemory m) noexcept
cdef int _target_worth(State s, PolicyMemory m, int h, bint threatened) noexcept
cdef int _best_target_hex(State s, PolicyMemory m, int main, int current, bint gathered,
                          bint threatened) noexcept
cdef bint _finishing_push(State s, PolicyMemory m, int main, int pushing, int current) noexcept
cdef int _staging_hex(State s, PolicyMemory m, int main, int target) noexcept
cdef void _turn_plan(State s, PolicyMemory m) noexcept
cdef int _movement(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _step_code(State s, ActionList legal, int unit, int target) noexcept
cdef int _instant_action(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _next_hex(State s, PolicyMemory m, int unit) noexcept
cdef int _miner_target(State s, PolicyMemory m, int unit) noexcept
cdef int _place_homeworld(State s, ActionList legal) noexcept
cdef bint _contact(State s, PolicyMemory m) noexcept
cdef int _bid(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _order_choice(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _order_seat(State s, int index, bint first) noexcept
cdef int _lost_shift(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _battle_choice(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _retreat_code(State s, ActionList legal, PolicyMemory m) noexcept
cdef bint _hopeless(State s, PolicyMemory m) noexcept
cdef void _swap_forces(PolicyMemory m) noexcept
cdef int _best_fire(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _threat_against_us(State s, PolicyMemory m, int target) noexcept
cdef int _alien_move(State s, ActionList legal, PolicyMemory m) noexcept
cdef void _budget(State s, PolicyMemory m) noexcept
cdef int _purchase(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _buy(State s, ActionList legal, PolicyMemory m, int kind) noexcept
cdef int _buy_home(ActionList legal, PolicyMemory m, int kind) noexcept
cdef int _emergency(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _expansion(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _pipelines(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _unclaimed_planets(State s, PolicyMemory m) noexcept
cdef bint _enemy_has(State s, PolicyMemory m, int unit_type) noexcept
cdef void _plan_insert(PolicyMemory m, int at, int tech, int level) noexcept
cdef int _plan_index(PolicyMemory m, int tech, int level) noexcept
cdef int _research_plan(State s, PolicyMemory m) noexcept
cdef int _next_research(State s, PolicyMemory m) noexcept
cdef bint _research_done(State s, PolicyMemory m) noexcept
cdef int _research_price(State s, PolicyMemory m, int code) noexcept
cdef int _first_research(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _base(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _minefield(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _home_capacity(State s, PolicyMemory m) noexcept
cdef int _yard(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _refit(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _best_type(int ship_size, int attack, int defense) noexcept
cdef int _choice_insert(PolicyMemory m, int n, int kind) noexcept
cdef int _warship_choices(State s, PolicyMemory m) noexcept
cdef int _warships(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _more_research(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _spend_excess(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _excess_warship(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _excess_base(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _excess_hull(int k) noexcept
cdef bint _is_choice(PolicyMemory m, int n, int kind) noexcept
