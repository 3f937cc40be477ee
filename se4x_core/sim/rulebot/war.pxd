# C declarations for war.py (Cython pure-Python mode).
cimport cython
from se4x_core.rules.codes cimport *
from se4x_core.rules.state cimport State
from se4x_core.rules cimport combat, units
from se4x_core.rules.advanced cimport warp
from se4x_core.sim.rulebot.constants cimport *
from se4x_core.sim.rulebot.memory cimport PolicyMemory
from se4x_core.sim.rulebot cimport assignments, odds, paths, picture

cdef bint home_holds(State s, PolicyMemory m, bint all_warships) noexcept
cdef bint _in_fleet(PolicyMemory m, int unit) noexcept
cdef int _main_stack(State s, PolicyMemory m) noexcept
cdef int _fleet_force(State s, PolicyMemory m, int side, int at) noexcept
cdef void _defence_at(State s, PolicyMemory m, int h) noexcept
cdef void _set_plan(PolicyMemory m, int mode, int target, int cap, int main, int push) noexcept
cdef void _choose_war_plan(State s, PolicyMemory m) noexcept
cdef bint _colony_to_raid(State s, PolicyMemory m) noexcept
cdef int team_target(State s, PolicyMemory m) noexcept
cdef int _stack_worth(State s, PolicyMemory m, int h) noexcept
cdef int _guarded_worth(State s, PolicyMemory m, int h) noexcept
cdef int _colony_worth(State s, int h) noexcept
cdef int _target_worth(State s, PolicyMemory m, int h, bint threatened, int targets,
                       int focus) noexcept
cdef int _best_target_hex(State s, PolicyMemory m, int main, int current, bint gathered, bint threatened) noexcept
cdef bint _finishing_push(State s, PolicyMemory m, int main, int pushing, int current) noexcept
cdef int _staging_hex(State s, PolicyMemory m, int main, int target) noexcept
cdef void turn_plan(State s, PolicyMemory m) noexcept
