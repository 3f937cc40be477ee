# C declarations for purchases.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules.alist cimport ActionList
from se4x_core.rules cimport economy, units
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport assignments, picture, war

cdef void _budget(State s, PolicyMemory m) noexcept
cdef int decide(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _buy(State s, ActionList legal, PolicyMemory m, int kind) noexcept
cdef int _buy_home(ActionList legal, PolicyMemory m, int kind) noexcept
cdef int _emergency(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _expansion(State s, ActionList legal, PolicyMemory m) noexcept
cdef int _pipelines(State s, ActionList legal, PolicyMemory m) noexcept
cdef void _plan_insert(PolicyMemory m, int at, int tech, int level) noexcept
cdef int _plan_index(PolicyMemory m, int tech, int level) noexcept
cdef int _research_plan(State s, PolicyMemory m) noexcept
cdef void _emphasis_first(State s, PolicyMemory m) noexcept
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
