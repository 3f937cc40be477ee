"""What the rule-based player keeps between decisions, and its scratch.

Why one object the caller owns: a playout, a search or a bot at the table each
keep their own players' strategies and war plans, so nothing lives in module
globals and two searches never share a thing.  Compiled, it is one int buffer and
one double buffer read at the offsets of :mod:`se4x_core.sim.rulebot.constants`
(``O_*``): the per-decision picture, the path cache, the forces of the odds and the
assignments are all scratch in it, so a decision allocates nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core.sim.rulebot.constants import DEFAULT_SLOTS, ODDS_TABLE, RESEARCH_PLANS

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *

if cython.compiled:
    from cython.cimports.libc.stdlib import free, malloc
else:
    from array import array


@cython.final
@cython.cclass
class PolicyMemory:
    """What the policy keeps between decisions, and its scratch: owned by the caller.

    Per player: the strategy (:data:`N_SLOTS` numbers, :data:`DEFAULT_SLOTS` until
    set with :meth:`set_strategy`), the war plan of the current turn and the rule
    bot's attack and push targets, and which groups explore this turn.  A
    playout makes one; a search may keep one and reset it per simulation.
    Nothing here is shared between two memories.
    """

    if TYPE_CHECKING:
        b: cython.p_int
        d: cython.p_double
        me: cython.int
        n: cython.int
        home: cython.int
        n_warps: cython.int
        enter_ready: cython.int
        near_ready: cython.int
        assign_ready: cython.int
        pipe_ready: cython.int
        cache_next: cython.int
        hostile: cython.int
        tables: object
        cp: cython.int
        start_cp: cython.int
        income: cython.int
        maintenance: cython.int
        research_spent: cython.int
        reserve: cython.int
        _mem: array[int]
        _dmem: array[float]

    def __init__(self) -> None:
        if cython.compiled:
            self.b = cython.cast(cython.p_int, malloc(4 * N_BUF))
            self.d = cython.cast(cython.p_double, malloc(8 * N_DBUF))
            if self.b == cython.NULL or self.d == cython.NULL:
                raise MemoryError()
        else:
            self._mem = array("i", bytes(4 * N_BUF))
            self._dmem = array("d", bytes(8 * N_DBUF))
            self.b = self._mem
            self.d = self._dmem
        i: cython.int
        for i in range(N_BUF):
            self.b[i] = 0
        for i in range(N_DBUF):
            self.d[i] = 0.0
        p: cython.int
        k: cython.int
        for k in range(N_ODDS):
            self.b[O_ODDS + k] = ODDS_TABLE[k]
        for p in range(MAXP):
            for k in range(N_SLOTS):
                self.b[O_STRAT + p * N_SLOTS + k] = DEFAULT_SLOTS[k]
        for p in range(N_RESEARCH_PLANS):
            plan = RESEARCH_PLANS[p]
            self.b[O_PLANS + p * PLAN_STRIDE] = len(plan)
            for k in range(len(plan)):
                self.b[O_PLANS + p * PLAN_STRIDE + 1 + k] = plan[k][0] * 8 + plan[k][1]
        self.me = -1
        self.n = 0
        self.home = -1
        self.n_warps = 0
        self.enter_ready = 0
        self.near_ready = 0
        self.assign_ready = 0
        self.pipe_ready = 0
        self.cache_next = 0
        self.hostile = 0
        self.tables = None
        self.cp = 0
        self.start_cp = 0
        self.income = 0
        self.maintenance = 0
        self.research_spent = 0
        self.reserve = 0
        self.reset()

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.b)
            free(self.d)

    @cython.ccall
    @cython.exceptval(check=False)
    def reset(self) -> cython.void:
        """Forget every player's war plan and targets (a new game or simulation); the
        strategies stay."""
        p: cython.int
        i: cython.int
        self.me = -1
        for p in range(MAXP):
            for i in range(N_WAR):
                self.b[O_WAR + p * N_WAR + i] = -1
            self.b[O_WAR + p * N_WAR + W_VALID] = 0
            for i in range(UNITS_PER_PLAYER):
                self.b[O_EXPL + p * UNITS_PER_PLAYER + i] = 0

    @cython.ccall
    @cython.exceptval(check=False)
    def set_slot(self, player: cython.int, slot: cython.int, value: cython.int) -> cython.void:
        """One number of ``player``'s strategy."""
        if 0 <= player < MAXP and 0 <= slot < N_SLOTS:
            self.b[O_STRAT + player * N_SLOTS + slot] = value

    @cython.ccall
    @cython.exceptval(check=False)
    def slot(self, player: cython.int, slot: cython.int) -> cython.int:
        return self.b[O_STRAT + player * N_SLOTS + slot]

    @cython.cfunc
    @cython.exceptval(check=False)
    def number(self, slot: cython.int) -> cython.int:
        """One number of the deciding player's strategy (``me``, set at each decision)."""
        return self.b[O_STRAT + self.me * N_SLOTS + slot]

    @cython.cfunc
    @cython.exceptval(check=False)
    def share(self, slot: cython.int) -> cython.double:
        """An odds or share slot of the deciding player's strategy as the float the
        rules compare with (permille / 1000.0)."""
        return self.b[O_STRAT + self.me * N_SLOTS + slot] / 1000.0

    def set_strategy(self, player: int, codes: tuple[int, ...] | list[int]) -> None:
        """``player``'s strategy as its :data:`N_SLOTS` numbers
        (``se4x_core.ai.strategy.Strategy.encode()``); a changed one's war plan is
        decided at the player's next movement decision (as ``RuleBot.set_strategy``)."""
        if len(codes) != N_SLOTS:
            raise ValueError(f"a strategy has {N_SLOTS} numbers, not {len(codes)}")
        if not 0 <= player < MAXP:
            raise ValueError(f"no player {player}")
        if tuple(codes) != self.strategy(player):
            for slot in range(N_SLOTS):
                self.set_slot(player, slot, codes[slot])
            self.b[O_WAR + player * N_WAR + W_VALID] = 0

    def strategy(self, player: int) -> tuple[int, ...]:
        return tuple(self.slot(player, slot) for slot in range(N_SLOTS))

    @cython.ccall
    @cython.exceptval(check=False)
    def war(self, player: cython.int, field: cython.int) -> cython.int:
        """A field of ``player``'s war record (W_*: the plan of the turn, the targets)."""
        return self.b[O_WAR + player * N_WAR + field]

    @cython.ccall
    @cython.exceptval(check=False)
    def set_targets(self, player: cython.int, attack: cython.int,
                    pushing: cython.int) -> cython.void:
        """The attack and push targets of ``player`` (-1: none), e.g. a real
        game's bot's memory handed to a simulation."""
        self.b[O_WAR + player * N_WAR + W_ATTACK] = attack
        self.b[O_WAR + player * N_WAR + W_PUSHING] = pushing

    def targets(self, player: int) -> tuple[int, int]:
        """(attack target, push target) of ``player`` (-1: none)."""
        return (self.war(player, W_ATTACK), self.war(player, W_PUSHING))
