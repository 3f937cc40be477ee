"""The rule-based player as a compiled playout policy, playing a chosen strategy.

Why: search decides strategy (the fleet's posture this turn, the purchase
plan this Economic Phase) by simulating the next round or two hundreds of
times per decision, and those simulations are only as good as the policy
playing them.  The rule bot (:mod:`se4x_core.ai.rule_bot`) plays well but
costs ~0.4 ms a decision in Python; the heuristic playout policy is fast
and loses every game to it.  This module is the rule bot ported to C on the
typed :class:`State`: the same rules in the same order (exploration,
colonisation, mining, pipelines, the purchase rules, the war plan with the
finishing push, battles, bids, player order, Lost in Space, homeworld
placement), parameterised by a *strategy* per player (:data:`N_SLOTS`
numbers, see :mod:`se4x_core.ai.strategy` for their meaning and the named
options).

It decides for ``s.current_player`` on a full state: inside search the state
is a determinization (what the player knows, the rest drawn), so reading
enemy counters in full is fair there; the ``policy`` bot gives it the
player's information set (``Game.information_set``), never the real state.
Face-down markers are read only as the player sees them (face down, or
peeked).

Where it differs from the Python rule bot, and why:

* **Odds.**  The rule bot asks the battle simulator (400 trials, ~0.1 ms);
  here a deterministic mean-field battle (expected hits volley by volley in
  firing order, with the fleet-size bonus, terrain, carriers shielded by
  their fighters, point defense, cloaked raiders) gives the balance of what
  is left of each side, and a table calibrated on the simulator's answers to
  the rule bot's own questions in self-play turns it into a chance
  (:data:`ODDS_TABLE`; ``benchmarks/calibrate_policy_odds.py`` rebuilds it).
  A Doomsday Machine, hit on a 1 only, is a Poisson count of hits over the
  shots the fleet fires before the machine destroys it.
* **Enemy counters** are read as they are (type, size, technology) instead
  of the rule bot's assumptions for face-down ones, so decoys do not count.
* **Memory** (the war plan of the turn, the attack and push targets, the
  explorers) lives in a :class:`PolicyMemory` the caller owns, one per
  playout or search, never in module globals.
* Alien players of the solitaire scenario move like
  :class:`se4x_core.ai.alien_bot.AlienBot` (launched fleets toward the
  nearest human colony); their other decisions are the engine's.

Anything the rules above do not cover takes the engine's default action
(``engine.default_code``), then ending the phase, then the first legal
action, so every choice is legal.

Paths are Dijkstra over the board's neighbour table plus revealed warp links
(a link is adjacency for every purpose), with the rule bot's costs per way of
travelling (explorers, civilians, the fleet); one search per start hex and
way serves every goal (a goal's own cost is one step from its cheapest
neighbour, the rule bot's "a target may be entered whatever it holds").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core.kernel import battle_math
from se4x_core.rules import combat, economy, engine, units
from se4x_core.rules.advanced import warp
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if cython.compiled:
    from cython.cimports.libc.math import exp
    from cython.cimports.libc.stdlib import free, malloc
else:
    from array import array
    from math import exp

if not cython.compiled:

    # -- a strategy: slots of the per-player numbers (permille for odds and shares) --
    S_TARGETS = 0  # TARGETS_*: what the fleet attacks
    S_ATTACK_ODDS = 1
    S_ABORT_ODDS = 2
    S_PUSH_ODDS = 3
    S_DEFEND_ODDS = 4
    S_RETREAT_ODDS = 5
    S_GATHERED_SHARE = 6
    S_RESEARCH_PLAN = 7  # RP_*: the research plan's order
    S_RESEARCH_SHARE = 8
    S_MAINTENANCE_SHARE = 9
    S_SHIP_SHARE = 10
    S_RESERVE = 11  # CP
    S_COLONY_SHIPS = 12  # a phase at most
    S_MINERS = 13
    S_SCOUTS = 14
    S_BASE_ROUND = 15  # a base at home from this round on
    S_FOCUS = 16  # the one hex the fleet may attack (-1: any the targets allow)
    N_SLOTS = 17
    TARGETS_BEST = 0  # value x odds / distance among homeworlds, colonies, stacks
    TARGETS_HOMEWORLD = 1  # enemy homeworlds only
    TARGETS_COLONIES = 2  # enemy colonies other than homeworlds only
    TARGETS_NONE = 3  # hold: the fleet stays home (it still defends)
    N_TARGETS = 4
    RP_BALANCED = 0
    RP_WEAPONS = 1
    RP_GROWTH = 2
    N_RESEARCH_PLANS = 3

    # -- the rule bot's fixed numbers (rule_bot.py's constants of the same names) --
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
    MACHINE_WORTH4 = 48  # MACHINE_WORTH (12.0) x 4: target worths are kept in quarters
    UNREACHABLE = 1 << 20
    NO_OPTION = 0x3FFFFFFF

    # -- ways of travelling, war plan modes ---------------------------------------
    MODE_EXPLORER = 0
    MODE_CIVIL = 1
    MODE_FLEET = 2
    WAR_GATHER = 0
    WAR_ATTACK = 1
    WAR_DEFEND = 2

    # -- the memory's per-player war record (W_* fields, N_WAR of them) ----------
    W_VALID = 0
    W_ROUND = 1
    W_TURN = 2
    W_MODE = 3
    W_TARGET = 4
    W_CAP = 5
    W_MAIN = 6
    W_PUSH = 7
    W_ATTACK = 8  # the rule bot's attack_target
    W_PUSHING = 9  # the rule bot's push_target
    N_WAR = 10

    # -- assignments -------------------------------------------------------------
    AK_EXPLORE = 0
    AK_COLONY = 1
    AK_MINE = 2
    AK_PIPE = 3
    N_AK = 4

    # -- sizes and offsets into the memory's int buffer ------------------------------
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

# The strategy's slots by name (compiled, the S_* names are C constants; this is what
# Python sees, in slot order).
SLOT_INDEX: dict[str, int] = {
    "targets": S_TARGETS, "attack_odds": S_ATTACK_ODDS, "abort_odds": S_ABORT_ODDS,
    "push_odds": S_PUSH_ODDS, "defend_odds": S_DEFEND_ODDS, "retreat_odds": S_RETREAT_ODDS,
    "gathered_share": S_GATHERED_SHARE, "research_plan": S_RESEARCH_PLAN,
    "research_share": S_RESEARCH_SHARE, "maintenance_share": S_MAINTENANCE_SHARE,
    "ship_share": S_SHIP_SHARE, "reserve": S_RESERVE, "colony_ships": S_COLONY_SHIPS,
    "miners": S_MINERS, "scouts": S_SCOUTS, "base_round": S_BASE_ROUND, "focus": S_FOCUS,
}
SLOT_COUNT: int = N_SLOTS
TARGET_IDS: dict[str, int] = {"best": TARGETS_BEST, "homeworld": TARGETS_HOMEWORLD,
                              "colonies": TARGETS_COLONIES, "none": TARGETS_NONE}
RESEARCH_PLAN_IDS: dict[str, int] = {"balanced": RP_BALANCED, "weapons": RP_WEAPONS,
                                     "growth": RP_GROWTH}
# The default strategy's numbers, in slot order (the rule bot's constants; what
# se4x_core.ai.strategy.DEFAULT encodes to): every player's until told otherwise.
_DEFAULTS: dict[str, int] = {
    "targets": TARGETS_BEST, "attack_odds": 700, "abort_odds": 450, "push_odds": 800,
    "defend_odds": 800, "retreat_odds": 200, "gathered_share": 700,
    "research_plan": RP_BALANCED, "research_share": 400, "maintenance_share": 600,
    "ship_share": 600, "reserve": 5, "colony_ships": 2, "miners": 2, "scouts": 2,
    "base_round": 3, "focus": -1,
}
DEFAULT_SLOTS: tuple[int, ...] = tuple(_DEFAULTS[name]
                                       for name in sorted(SLOT_INDEX, key=SLOT_INDEX.__getitem__))

# The research plans: (technology, level) milestones in the order they are bought.
# "balanced" is the rule bot's RESEARCH_PLAN; the others reorder the same milestones
# (each holds Ship Size 4 and 5 and Movement 2, where the advanced rules' levels go in).
_SS, _ATT, _DEF, _TAC = T_SHIP_SIZE, T_ATTACK, T_DEFENSE, T_TACTICS
_MOV, _YARD = T_MOVEMENT, T_SHIP_YARD
RESEARCH_PLANS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((_SS, 2), (_SS, 3), (_ATT, 1), (_DEF, 1), (_ATT, 2), (_DEF, 2), (_MOV, 2), (_YARD, 2),
     (_SS, 4), (_SS, 5), (_SS, 6), (_ATT, 3), (_DEF, 3), (_TAC, 1), (_MOV, 3), (_TAC, 2),
     (_YARD, 3), (_MOV, 4), (_TAC, 3)),
    # weapons: combat technology before movement and yards
    ((_SS, 2), (_SS, 3), (_ATT, 1), (_DEF, 1), (_ATT, 2), (_DEF, 2), (_TAC, 1), (_SS, 4),
     (_SS, 5), (_SS, 6), (_ATT, 3), (_DEF, 3), (_TAC, 2), (_MOV, 2), (_YARD, 2), (_TAC, 3),
     (_MOV, 3), (_YARD, 3), (_MOV, 4)),
    # growth: movement and yards early (reach, capacity), weapons after
    ((_SS, 2), (_MOV, 2), (_YARD, 2), (_SS, 3), (_ATT, 1), (_DEF, 1), (_MOV, 3), (_ATT, 2),
     (_DEF, 2), (_YARD, 3), (_SS, 4), (_SS, 5), (_SS, 6), (_ATT, 3), (_DEF, 3), (_TAC, 1),
     (_MOV, 4), (_TAC, 2), (_TAC, 3)),
)

# The odds table: the simulator's win chance (permille) as a function of the
# mean-field balance x (what is left of the own side minus what is left of the
# enemy's, as shares of their starting hull points), at x = -1.0, -0.95, ..., 1.0;
# linear in between.  Calibrated by benchmarks/calibrate_policy_odds.py.
ODDS_TABLE: tuple[int, ...] = (
    0, 1, 2, 3, 8, 15, 26, 46, 57, 93, 116, 180, 233, 272, 317, 371,
    410, 436, 461, 477, 520, 540, 540, 575, 575, 613, 652, 694, 707, 768, 813, 853,
    903, 926, 958, 972, 986, 995, 999, 1000, 1000,
)


# -- the memory ---------------------------------------------------------------------------
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
        """The rule bot's attack and push targets of ``player`` (-1: none), e.g. a real
        game's bot's memory handed to a simulation."""
        self.b[O_WAR + player * N_WAR + W_ATTACK] = attack
        self.b[O_WAR + player * N_WAR + W_PUSHING] = pushing

    def targets(self, player: int) -> tuple[int, int]:
        """(attack target, push target) of ``player`` (-1: none)."""
        return (self.war(player, W_ATTACK), self.war(player, W_PUSHING))


# -- the decision --------------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def choose(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The policy's action for ``s.current_player`` among ``legal`` (never illegal)."""
    code: cython.int = -1
    if legal.n == 0:
        return -1
    if s.n_hexes <= MAX_HEX and s.current_player >= 0:
        code = _decide(s, legal, m)
    if code >= 0 and legal.contains(code):
        return code
    return _fallback(s, legal)


@cython.ccall
@cython.exceptval(check=False)
def decision(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The rules' own choice before :func:`choose`'s fallback (-1: no rule applies, the
    default action is taken): tests hold it to the legal actions."""
    if legal.n == 0 or s.n_hexes > MAX_HEX or s.current_player < 0:
        return -1
    return _decide(s, legal, m)


def choose_code(s: State, m: PolicyMemory) -> int:
    """:func:`choose` from Python: the policy's action code for the player to act."""
    out = ActionList()
    engine.write_legal(s, out)
    return choose(s, out, m)


@cython.cfunc
@cython.exceptval(check=False)
def _fallback(s: State, legal: ActionList) -> cython.int:
    """The default policy's action if legal, else end the phase, else the first action."""
    code: cython.int = engine.default_code(s)
    if code >= 0 and legal.contains(code):
        return code
    if legal.contains(A_END_MOVE << 20):
        return A_END_MOVE << 20
    if legal.contains(A_END_BUY << 20):
        return A_END_BUY << 20
    return legal.codes[0]


@cython.cfunc
@cython.exceptval(check=False)
def _decide(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    phase: cython.int = s.phase
    if s.alien[s.current_player]:  # the engine decides all but an alien's movement
        if phase == PH_MOVEMENT:
            _begin(s, m)
            return _alien_move(s, legal, m)
        return -1
    if phase == PH_PLACE_HOMEWORLD:
        return _place_homeworld(s, legal)
    _begin(s, m)
    if phase == PH_MOVEMENT:
        return _movement(s, legal, m)
    if phase == PH_FIRE:
        return _battle_choice(s, legal, m)
    if phase == PH_LOST_SHIFT:
        return _lost_shift(s, legal, m)
    if phase == PH_BID:
        return _bid(s, legal, m)
    if phase == PH_CHOOSE_ORDER:
        return _order_choice(s, legal, m)
    if phase == PH_BUY:
        return _purchase(s, legal, m)
    if phase == PH_COLONY_FIRE:
        return A_FIRE_COLONY << 20
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _begin(s: State, m: PolicyMemory) -> cython.void:
    """The per-decision picture: who decides, the enemy counters and deadly hexes per
    hex, the warp points; lazily filled parts are marked stale.

    The travel costs and paths depend on that picture only (never on the player's
    own counters), so they are kept from the previous decision while it is the
    same player's and every hex looks the same (``O_SIG``): a group's steps through
    explored space reuse the searches of the step before.
    """
    me: cython.int = s.current_player
    n: cython.int = s.n_hexes
    h: cython.int
    p: cython.int
    i: cython.int
    sig: cython.int
    hostile: cython.int = 0
    same: cython.bint = m.me == me and m.tables is s.tables
    for p in range(s.n_players):
        if s.alive[p] and units.hostile(s, me, p):
            hostile |= 1 << p
    m.me = me
    m.n = n
    m.tables = s.tables
    m.hostile = hostile
    m.home = s.homeworld[me]
    m.near_ready = 0
    m.assign_ready = 0
    m.pipe_ready = 0
    m.n_warps = 0
    for h in range(n):
        m.b[O_HX_MACHINE + h] = 0
    if s.options & OPT_DOOMSDAY:
        for i in range(MAX_MACHINES):
            if s.dm_hex[i] > 0:
                m.b[O_HX_MACHINE + s.dm_hex[i] - 1] = s.dm_hits[i] + 1
    for h in range(n):
        sig = _picture_hex(s, m, h)
        if m.b[O_SIG + h] != sig:
            m.b[O_SIG + h] = sig
            same = False
    if not same:
        m.enter_ready = 0
        m.cache_next = 0
        for i in range(N_CACHE):
            m.b[O_PKEY + i] = -1


@cython.cfunc
@cython.exceptval(check=False)
def _picture_hex(s: State, m: PolicyMemory, h: cython.int) -> cython.int:
    """Hex ``h`` as the player sees it: hostile counters (all, armed), deadly or not,
    a revealed warp point listed; returns what the travel costs read of it, packed."""
    enemy: cython.int = 0
    armed: cython.int = 0
    p: cython.int
    marker: cython.int = s.h_marker[h]
    deadly: cython.bint
    sig: cython.int
    for p in range(s.n_players):
        if m.hostile >> p & 1:
            enemy += s.hx_units[h * s.n_players + p]
            armed += s.hx_armed[h * s.n_players + p]
    m.b[O_HX_ENEMY + h] = enemy
    m.b[O_HX_ARMED + h] = armed
    if s.h_face_up[h]:
        deadly = marker == M_SUPERNOVA or marker == M_BLACK_HOLE
        if marker == M_WARP and s.options & OPT_WARP_POINTS and m.n_warps < 16:
            m.b[O_WARPS + m.n_warps] = h
            m.n_warps += 1
        sig = 1 + (marker << 1)
    else:  # a marker known only by peeking at it
        deadly = s.h_known[h] >> m.me & 1 != 0 and (
            marker == M_DANGER or marker == M_BLACK_HOLE or marker == M_SUPERNOVA
            or marker == M_LOST)
        sig = 0
    m.b[O_HX_DEADLY + h] = deadly
    sig |= (deadly << 6) | ((enemy > 0) << 7) | ((armed > 0) << 8) | (
        (m.b[O_HX_MACHINE + h] > 0) << 9)
    if s.h_col_owner[h] >= 0 and m.hostile >> s.h_col_owner[h] & 1:
        sig |= 1 << 10
    return sig


# -- small questions ---------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _slot(m: PolicyMemory, slot: cython.int) -> cython.int:
    return m.b[O_STRAT + m.me * N_SLOTS + slot]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _share(m: PolicyMemory, slot: cython.int) -> cython.double:
    """An odds or share slot as the rule bot's float (permille / 1000.0 is the very
    double of the rule bot's literal)."""
    return m.b[O_STRAT + m.me * N_SLOTS + slot] / 1000.0


@cython.cfunc
@cython.exceptval(check=False)
def _dist(s: State, m: PolicyMemory, a: cython.int, b: cython.int) -> cython.int:
    """Hex steps from ``a`` to ``b``, each warp link one step (the rule bot's
    ``View.distance``: ``Board.linked_distance``)."""
    n: cython.int = m.n
    best: cython.int = s.tables.dist[a * n + b]
    k: cython.int = m.n_warps
    if k < 2:
        return best
    i: cython.int
    j: cython.int
    leg: cython.int
    changed: cython.bint = True
    wi: cython.int
    wj: cython.int
    for i in range(k):
        m.b[O_WDIST + i] = s.tables.dist[a * n + m.b[O_WARPS + i]]
    while changed:
        changed = False
        for i in range(k):
            wi = m.b[O_WARPS + i]
            for j in range(k):
                if i == j:
                    continue
                wj = m.b[O_WARPS + j]
                if s.h_value[wi] == s.h_value[wj]:
                    leg = 1
                else:
                    leg = s.tables.dist[wi * n + wj]
                if m.b[O_WDIST + i] + leg < m.b[O_WDIST + j]:
                    m.b[O_WDIST + j] = m.b[O_WDIST + i] + leg
                    changed = True
    for j in range(k):
        leg = m.b[O_WDIST + j] + s.tables.dist[m.b[O_WARPS + j] * n + b]
        if leg < best:
            best = leg
    return best


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _own(s: State, m: PolicyMemory, unit: cython.int) -> cython.bint:
    return s.u_type[unit] >= 0 and unit // UNITS_PER_PLAYER == m.me


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _enemy_unit(s: State, m: PolicyMemory, unit: cython.int) -> cython.bint:
    """A counter of a living hostile empire (the rule bot's ``view.enemies``)."""
    return s.u_type[unit] >= 0 and m.hostile >> (unit // UNITS_PER_PLAYER) & 1 != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _armed_type(unit_type: cython.int) -> cython.bint:
    return unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_ARMED != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _warship_type(unit_type: cython.int) -> cython.bint:
    return unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_WARSHIP != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _face_up_is(s: State, h: cython.int, marker: cython.int) -> cython.bint:
    return s.h_face_up[h] != 0 and s.h_marker[h] == marker


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _hostile_colony(s: State, m: PolicyMemory, h: cython.int) -> cython.bint:
    owner: cython.int = s.h_col_owner[h]
    return owner >= 0 and m.hostile >> owner & 1 != 0


@cython.cfunc
@cython.exceptval(check=False)
def _enemy_home(s: State, m: PolicyMemory, h: cython.int) -> cython.bint:
    """``h`` is the homeworld of a living hostile empire (the rule bot's enemy_homes)."""
    p: cython.int
    if h < 0:
        return False
    for p in range(s.n_players):
        if s.homeworld[p] == h and m.hostile >> p & 1:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _terrain_at(s: State, h: cython.int) -> cython.int:
    """The battle terrain the rule bot expects at ``h`` (face-up nebula or asteroids)."""
    if s.h_face_up[h]:
        if s.h_marker[h] == M_NEBULA:
            return TERRAIN_NEBULA
        if s.h_marker[h] == M_ASTEROID:
            return TERRAIN_ASTEROIDS
    return TERRAIN_OPEN


@cython.cfunc
@cython.exceptval(check=False)
def _threat_count(s: State, m: PolicyMemory, radius: cython.int) -> cython.int:
    """Enemy combat counters within ``radius`` hexes of the homeworld."""
    count: cython.int = 0
    unit: cython.int
    if m.home < 0:
        return 0
    for unit in range(s.n_units):
        if _enemy_unit(s, m, unit) and _armed_type(s.u_type[unit]) and \
                _dist(s, m, s.u_hex[unit], m.home) <= radius:
            count += 1
    return count


@cython.cfunc
@cython.exceptval(check=False)
def _near_flags(s: State, m: PolicyMemory) -> cython.void:
    """Per hex: bit 1, an enemy combat counter within two hexes; bit 2, a Doomsday
    Machine could reach it in its next move (computed once per decision)."""
    h: cython.int
    unit: cython.int
    i: cython.int
    if m.near_ready:
        return
    m.near_ready = 1
    for h in range(m.n):
        m.b[O_HX_NEAR + h] = 0
    for unit in range(s.n_units):
        if _enemy_unit(s, m, unit) and _armed_type(s.u_type[unit]):
            for h in range(m.n):
                if _dist(s, m, s.u_hex[unit], h) <= 2:
                    m.b[O_HX_NEAR + h] |= 1
    if s.options & OPT_DOOMSDAY:
        for i in range(MAX_MACHINES):
            if s.dm_hex[i] > 0:
                for h in range(m.n):
                    if _dist(s, m, s.dm_hex[i] - 1, h) <= DOOMSDAY_MOVE:
                        m.b[O_HX_NEAR + h] |= 2


# -- paths ---------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _enter_cost(s: State, m: PolicyMemory, h: cython.int, mode: cython.int) -> cython.int:
    """The rule bot's ``_base_cost``: stepping into ``h`` travelling in ``mode``."""
    if m.b[O_HX_DEADLY + h]:
        return UNREACHABLE
    enemy_armed: cython.bint = m.b[O_HX_ARMED + h] > 0 or m.b[O_HX_MACHINE + h] > 0
    marker: cython.int = s.h_marker[h]
    cost: cython.int
    if mode == MODE_CIVIL:
        if not s.h_face_up[h] or enemy_armed or _hostile_colony(s, m, h) or \
                m.b[O_HX_ENEMY + h] > 0:
            return UNREACHABLE
        return 1
    if mode == MODE_EXPLORER:
        return UNREACHABLE if enemy_armed else 1
    if not s.h_face_up[h]:
        return UNREACHABLE if s.tables.region[h] < 0 else 3
    cost = 2 if marker == M_NEBULA or marker == M_ASTEROID else 1
    return cost + (6 if enemy_armed else 0)


@cython.cfunc
@cython.exceptval(check=False)
def _enter_costs(s: State, m: PolicyMemory, mode: cython.int) -> cython.void:
    h: cython.int
    if m.enter_ready >> mode & 1:
        return
    m.enter_ready |= 1 << mode
    for h in range(m.n):
        m.b[O_ENTER + mode * MAX_HEX + h] = _enter_cost(s, m, h, mode)


@cython.cfunc
@cython.exceptval(check=False)
def _heap_push(m: PolicyMemory, size: cython.int, key: cython.int) -> cython.int:
    """Push ``key`` on the binary min-heap of ``size`` keys; returns the new size."""
    i: cython.int = size
    parent: cython.int
    if size >= HEAP_CAP:
        return size
    m.b[O_HEAP + i] = key
    while i > 0:
        parent = (i - 1) >> 1
        if m.b[O_HEAP + parent] <= key:
            break
        m.b[O_HEAP + i] = m.b[O_HEAP + parent]
        i = parent
    m.b[O_HEAP + i] = key
    return size + 1


@cython.cfunc
@cython.exceptval(check=False)
def _heap_pop(m: PolicyMemory, size: cython.int) -> cython.int:
    """Remove the smallest key (returned); the heap then holds ``size - 1`` keys."""
    top: cython.int = m.b[O_HEAP]
    last: cython.int = m.b[O_HEAP + size - 1]
    n: cython.int = size - 1
    i: cython.int = 0
    child: cython.int
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and m.b[O_HEAP + child + 1] < m.b[O_HEAP + child]:
            child += 1
        if m.b[O_HEAP + child] >= last:
            break
        m.b[O_HEAP + i] = m.b[O_HEAP + child]
        i = child
    if n > 0:
        m.b[O_HEAP + i] = last
    return top


@cython.cfunc
@cython.exceptval(check=False)
def _paths(s: State, m: PolicyMemory, start: cython.int, mode: cython.int) -> cython.int:
    """Cheapest travel costs from ``start`` in ``mode`` to every hex, and predecessors:
    the offset of the cache entry holding them (costs at ``O_PCOST + e * MAX_HEX``,
    predecessors at ``O_PPAR + e * MAX_HEX``).

    The rule bot's ``paths_from`` without a goal, node for node: pops in (cost,
    hex) order, a predecessor changes only on a strict improvement, explorers do
    not pass through face-down hexes.
    """
    key: cython.int = start * 4 + mode
    e: cython.int
    for e in range(N_CACHE):
        if m.b[O_PKEY + e] == key:
            return e
    e = m.cache_next
    m.cache_next = (e + 1) % N_CACHE
    m.b[O_PKEY + e] = key
    _enter_costs(s, m, mode)
    n: cython.int = m.n
    cost: cython.int = O_PCOST + e * MAX_HEX
    par: cython.int = O_PPAR + e * MAX_HEX
    steps: cython.int = O_ENTER + mode * MAX_HEX
    h: cython.int
    g: cython.int
    d: cython.int
    c: cython.int
    total: cython.int
    top: cython.int
    size: cython.int = 0
    link: cython.int
    for h in range(n):
        m.b[cost + h] = UNREACHABLE
        m.b[par + h] = -1
    m.b[cost + start] = 0
    size = _heap_push(m, size, start)
    while size > 0:
        top = _heap_pop(m, size)
        size -= 1
        c = top >> 10
        h = top & 1023
        if c > m.b[cost + h]:
            continue
        if mode == MODE_EXPLORER and h != start and not s.h_face_up[h]:
            continue
        for d in range(6):
            g = s.tables.nbr[h * 6 + d]
            if g < 0:
                continue
            total = c + m.b[steps + g]
            if total < m.b[cost + g] and m.b[steps + g] < UNREACHABLE:
                m.b[cost + g] = total
                m.b[par + g] = h
                size = _heap_push(m, size, (total << 10) | g)
        if m.n_warps >= 2 and s.h_face_up[h] and s.h_marker[h] == M_WARP:
            for link in range(m.n_warps):
                g = m.b[O_WARPS + link]
                if g == h or s.h_value[g] != s.h_value[h]:
                    continue
                total = c + m.b[steps + g]
                if total < m.b[cost + g] and m.b[steps + g] < UNREACHABLE:
                    m.b[cost + g] = total
                    m.b[par + g] = h
                    size = _heap_push(m, size, (total << 10) | g)
    return e


@cython.cfunc
@cython.exceptval(check=False)
def _goal_parent(s: State, m: PolicyMemory, e: cython.int, goal: cython.int,
                 mode: cython.int) -> cython.int:
    """The predecessor of ``goal`` on the cheapest path when the goal may be entered
    whatever it holds (its cost one step): its neighbour with the lowest (cost, hex)
    that the search expanded.  -1 if none (or the goal is deadly)."""
    start: cython.int = m.b[O_PKEY + e] >> 2
    cost: cython.int = O_PCOST + e * MAX_HEX
    if m.b[O_HX_DEADLY + goal]:
        return m.b[O_PPAR + e * MAX_HEX + goal]
    best: cython.int = -1
    best_cost: cython.int = UNREACHABLE
    g: cython.int
    d: cython.int
    for d in range(6 + m.n_warps):
        if d < 6:
            g = s.tables.nbr[goal * 6 + d]
        else:
            g = m.b[O_WARPS + d - 6]
            if g == goal or not (s.h_face_up[goal] and s.h_marker[goal] == M_WARP) or \
                    s.h_value[g] != s.h_value[goal]:
                continue
        if g < 0 or m.b[cost + g] >= UNREACHABLE:
            continue
        if mode == MODE_EXPLORER and g != start and not s.h_face_up[g]:
            continue
        if m.b[cost + g] < best_cost or (m.b[cost + g] == best_cost and g < best):
            best_cost = m.b[cost + g]
            best = g
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _goal_cost(s: State, m: PolicyMemory, start: cython.int, mode: cython.int,
               goal: cython.int) -> cython.int:
    """Travel cost from ``start`` to ``goal`` entering the goal whatever it holds
    (the rule bot's ``paths_from(view, start, mode, goal)[0][goal]``)."""
    e: cython.int = _paths(s, m, start, mode)
    if goal == start:
        return 0
    if m.b[O_HX_DEADLY + goal]:
        return m.b[O_PCOST + e * MAX_HEX + goal]
    g: cython.int = _goal_parent(s, m, e, goal, mode)
    if g < 0:
        return UNREACHABLE
    return m.b[O_PCOST + e * MAX_HEX + g] + 1


@cython.cfunc
@cython.exceptval(check=False)
def _first_step(s: State, m: PolicyMemory, start: cython.int, mode: cython.int,
                goal: cython.int) -> cython.int:
    """The hex after ``start`` on the way to ``goal`` (-1 if none)."""
    e: cython.int = _paths(s, m, start, mode)
    par: cython.int = O_PPAR + e * MAX_HEX
    h: cython.int = _goal_parent(s, m, e, goal, mode)
    if h < 0:
        return -1
    if h == start:
        return goal
    while m.b[par + h] != start:
        if m.b[par + h] < 0:
            return -1
        h = m.b[par + h]
    return h


# -- the odds -------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _force_clear(m: PolicyMemory, side: cython.int) -> cython.void:
    m.b[O_NFORCE + side] = 0


@cython.cfunc
@cython.exceptval(check=False)
def _force_add(m: PolicyMemory, side: cython.int, kind: cython.int, count: cython.int,
               att: cython.int, dfn: cython.int, tac: cython.int,
               level: cython.int) -> cython.void:
    """Add ships to one side's force, merged with an entry of the same type and levels
    (the rule bot's ``force_of``; kind -2 is a Doomsday Machine, level its hits)."""
    base: cython.int = O_FORCE + side * MAX_ENTRIES * F_FIELDS
    k: cython.int
    at: cython.int
    n: cython.int = m.b[O_NFORCE + side]
    att = att if att < 3 else 3
    dfn = dfn if dfn < 3 else 3
    tac = tac if tac < 3 else 3
    for k in range(n):
        at = base + k * F_FIELDS
        if m.b[at] == kind and m.b[at + 2] == att and m.b[at + 3] == dfn and \
                m.b[at + 4] == tac and m.b[at + 5] == level:
            m.b[at + 1] += count
            return
    if n >= MAX_ENTRIES:
        return
    at = base + n * F_FIELDS
    m.b[at] = kind
    m.b[at + 1] = count
    m.b[at + 2] = att
    m.b[at + 3] = dfn
    m.b[at + 4] = tac
    m.b[at + 5] = level
    m.b[O_NFORCE + side] = n + 1


@cython.cfunc
@cython.exceptval(check=False)
def _force_add_unit(s: State, m: PolicyMemory, side: cython.int, unit: cython.int) -> cython.void:
    """A counter into a force if it fights (a fighter's level at least F1, a scout's its
    Point Defense)."""
    kind: cython.int = s.u_type[unit]
    level: cython.int = 0
    if not _armed_type(kind):
        return
    if kind == F:
        level = units.special_level(s, unit)
        if level < 1:
            level = 1
    elif kind == SC:
        level = units.special_level(s, unit)
    _force_add(m, side, kind, s.u_count[unit], units.combat_level(s, unit, 0),
               units.combat_level(s, unit, 1), units.combat_level(s, unit, 2), level)


@cython.cfunc
@cython.exceptval(check=False)
def _attacker_wins(m: PolicyMemory, terrain: cython.int) -> cython.double:
    """The chance that force 0, attacking, destroys every combat unit of force 1."""
    if m.b[O_NFORCE + 1] == 0:
        return 1.0
    if m.b[O_NFORCE] == 0:
        return 0.0
    if m.b[O_FORCE + MAX_ENTRIES * F_FIELDS] == -2:
        return _machine_odds(m, terrain)
    return _odds_of(m, _mean_field(m, terrain))


@cython.cfunc
@cython.exceptval(check=False)
def _defender_holds(m: PolicyMemory, terrain: cython.int) -> cython.double:
    """The chance that force 1, defending, destroys every combat unit of force 0."""
    if m.b[O_NFORCE] == 0:
        return 1.0
    if m.b[O_NFORCE + 1] == 0:
        return 0.0
    return _odds_of(m, -_mean_field(m, terrain))


@cython.cfunc
@cython.exceptval(check=False)
def _odds_of(m: PolicyMemory, x: cython.double) -> cython.double:
    """:data:`ODDS_TABLE` (copied to ``O_ODDS``) at balance ``x``, linear between its
    points."""
    f: cython.double
    i: cython.int
    if x <= -1.0:
        return m.b[O_ODDS] / 1000.0
    if x >= 1.0:
        return m.b[O_ODDS + N_ODDS - 1] / 1000.0
    f = (x + 1.0) * 20.0
    i = cython.cast(cython.int, f)
    if i >= N_ODDS - 1:
        i = N_ODDS - 2
    f -= i
    return (m.b[O_ODDS + i] * (1.0 - f) + m.b[O_ODDS + i + 1] * f) / 1000.0


@cython.cfunc
@cython.exceptval(check=False)
def _groups(m: PolicyMemory, terrain: cython.int, machine: cython.bint) -> cython.int:
    """The two forces as mean-field groups (fields G_*, hit points in ``m.d``);
    returns how many.  Group fields: side, hull, attack, attack tech, defense,
    defense tech, class, tactics, shots, type, point-defense attack, cloaked."""
    side: cython.int
    k: cython.int
    at: cython.int
    g: cython.int = 0
    kind: cython.int
    hull: cython.int
    level: cython.int
    attack: cython.int
    defense: cython.int
    base: cython.int
    for side in range(2):
        for k in range(m.b[O_NFORCE + side]):
            at = O_FORCE + (side * MAX_ENTRIES + k) * F_FIELDS
            kind = m.b[at]
            level = m.b[at + 5]
            base = O_GRP + g * G_FIELDS
            m.b[base] = side
            if kind == -2:  # a Doomsday Machine: class C 9-2, hull 3, tactics 2, two shots
                m.b[base + 1] = DOOMSDAY_HULL
                m.b[base + 2] = DOOMSDAY_ATTACK
                m.b[base + 3] = 0
                m.b[base + 4] = DOOMSDAY_DEFENSE
                m.b[base + 5] = 0
                m.b[base + 6] = battle_math.effective_class(DOOMSDAY_CLASS, terrain)
                m.b[base + 7] = DOOMSDAY_TACTICS
                m.b[base + 8] = DOOMSDAY_SHOTS
                m.b[base + 9] = -2
                m.b[base + 10] = 0
                m.b[base + 11] = 0
                m.d[g] = DOOMSDAY_HULL - level
                g += 1
                continue
            hull = UNIT_HULL[kind]
            attack = UNIT_ATTACK[kind]
            defense = UNIT_DEFENSE[kind]
            if kind == F:
                attack = FIGHTER_ATTACK[level]
                defense = FIGHTER_DEFENSE[level]
            m.b[base + 1] = hull
            m.b[base + 2] = attack
            m.b[base + 3] = battle_math.cap_tech(m.b[at + 2], hull)
            m.b[base + 4] = defense
            m.b[base + 5] = battle_math.cap_tech(m.b[at + 3], hull)
            m.b[base + 6] = battle_math.effective_class(UNIT_CLASS[kind], terrain)
            m.b[base + 7] = m.b[at + 4]
            m.b[base + 8] = 1
            m.b[base + 9] = kind
            m.b[base + 10] = POINT_DEFENSE_ATTACK[level] if kind == SC and level > 0 else 0
            m.b[base + 11] = kind == R and terrain != TERRAIN_NEBULA and not machine
            m.d[g] = m.b[at + 1] * hull
            g += 1
    return g


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _alive(m: PolicyMemory, g: cython.int) -> cython.double:
    """Ships left in group ``g`` (hit points over hull: the mean field)."""
    hp: cython.double = m.d[g]
    if hp <= 1e-9:
        return 0.0
    return hp / m.b[O_GRP + g * G_FIELDS + 1]


@cython.cfunc
@cython.exceptval(check=False)
def _pick(m: PolicyMemory, n: cython.int, shooter: cython.int, attack: cython.int,
          bonus: cython.int, fighters_only: cython.bint, terrain: cython.int,
          fighters_alive: cython.int) -> cython.int:
    """The default target of a volley: best hit chance, then the biggest threat, then
    the first listed; carriers are shielded while their side has fighters."""
    side: cython.int = m.b[O_GRP + shooter * G_FIELDS]
    best: cython.int = -1
    best_faces: cython.int = -1
    best_threat: cython.int = -1
    t: cython.int
    at: cython.int
    faces: cython.int
    threat: cython.int
    for t in range(n):
        at = O_GRP + t * G_FIELDS
        if m.b[at] == side or m.d[t] <= 1e-9:
            continue
        if fighters_only and m.b[at + 9] != F:
            continue
        if m.b[at + 9] == CV and fighters_alive >> m.b[at] & 1:
            continue
        if m.b[at + 9] == -2:
            faces = 1
        else:
            faces = battle_math.hit_faces(battle_math.to_hit_number(
                attack, m.b[O_GRP + shooter * G_FIELDS + 3], bonus, m.b[at + 4], m.b[at + 5],
                terrain))
        threat = m.b[at + 2] + m.b[at + 3]
        if faces > best_faces or (faces == best_faces and threat > best_threat):
            best = t
            best_faces = faces
            best_threat = threat
    return best if best < 0 else best * 16 + best_faces


@cython.cfunc
@cython.exceptval(check=False)
def _mean_field(m: PolicyMemory, terrain: cython.int) -> cython.double:
    """The mean-field battle of force 0 (attacker) against force 1: the attacker's
    share of hit points left minus the defender's, after at most 15 rounds.

    Each round, in firing order, every group fires its ships' expected hits
    (ships left x hit chance) at the default target, the excess going on to
    the next target once one is destroyed; ships left are hit points over hull.
    """
    machine: cython.bint = m.b[O_FORCE + MAX_ENTRIES * F_FIELDS] == -2
    n: cython.int = _groups(m, terrain, machine)
    start0: cython.double = _hit_points(m, n, 0)
    start1: cython.double = _hit_points(m, n, 1)
    rnd: cython.int
    for rnd in range(15):
        if not _mean_field_round(m, n, rnd, terrain, machine):
            break
    return _hit_points(m, n, 0) / (start0 if start0 > 0.0 else 1.0) - \
        _hit_points(m, n, 1) / (start1 if start1 > 0.0 else 1.0)


@cython.cfunc
@cython.exceptval(check=False)
def _hit_points(m: PolicyMemory, n: cython.int, side: cython.int) -> cython.double:
    total: cython.double = 0.0
    g: cython.int
    for g in range(n):
        if m.b[O_GRP + g * G_FIELDS] == side:
            total += m.d[g]
    return total


@cython.cfunc
@cython.exceptval(check=False)
def _ships(m: PolicyMemory, n: cython.int, side: cython.int) -> cython.double:
    """Combat ships left on one side (the fleet-size bonus counts them)."""
    total: cython.double = 0.0
    g: cython.int
    for g in range(n):
        if m.b[O_GRP + g * G_FIELDS] == side and m.b[O_GRP + g * G_FIELDS + 2] > 0:
            total += _alive(m, g)
    return total


@cython.cfunc
@cython.exceptval(check=False)
def _mean_field_round(m: PolicyMemory, n: cython.int, rnd: cython.int, terrain: cython.int,
                      machine: cython.bint) -> cython.bint:
    """One round of the mean field; False (and nothing fired) once a side has no ships."""
    ships0: cython.double = _ships(m, n, 0)
    ships1: cython.double = _ships(m, n, 1)
    fighters: cython.int
    bonus0: cython.int
    bonus1: cython.int
    nv: cython.int
    j: cython.int
    g: cython.int
    at: cython.int
    attack: cython.int
    fighters_only: cython.bint
    if ships0 <= 1e-6 or ships1 <= 1e-6:
        return False
    fighters = _fighters_left(m, n)  # point defense fires at fighters in rounds begun with them
    bonus0 = 1 if not machine and ships0 >= 2.0 * ships1 else 0
    bonus1 = 1 if not machine and ships1 >= 2.0 * ships0 else 0
    nv = _order_volleys(m, n, rnd, fighters, battle_math.effective_class(CLASS_A, terrain))
    for j in range(nv):
        g = m.b[O_VOL + j] % MAX_GROUPS
        at = O_GRP + g * G_FIELDS
        fighters_only = m.b[at + 10] > 0 and fighters >> (1 - m.b[at]) & 1 != 0
        attack = m.b[at + 2]
        if fighters_only:
            attack = m.b[at + 10]
        elif m.b[at + 11] and rnd == 0:
            attack += RAIDER_AMBUSH_BONUS
        _volley(m, n, g, attack, bonus0 if m.b[at] == 0 else bonus1, fighters_only, terrain)
    return True


@cython.cfunc
@cython.exceptval(check=False)
def _order_volleys(m: PolicyMemory, n: cython.int, rnd: cython.int, fighters: cython.int,
                   first: cython.int) -> cython.int:
    """This round's volleys at ``O_VOL`` in firing order (class, tactics, defender
    first, listing order; point defense facing fighters and cloaked raiders in round 1
    fire first); returns how many."""
    nv: cython.int = 0
    g: cython.int
    i: cython.int
    at: cython.int
    key: cython.int
    for g in range(n):
        at = O_GRP + g * G_FIELDS
        if m.b[at + 2] <= 0:
            continue
        if (m.b[at + 10] > 0 and fighters >> (1 - m.b[at]) & 1) or (m.b[at + 11] and rnd == 0):
            key = battle_math.fire_order_key(first, m.b[at + 7], m.b[at] == 1)
        else:
            key = battle_math.fire_order_key(m.b[at + 6], m.b[at + 7], m.b[at] == 1)
        key = key * MAX_GROUPS + g
        i = nv
        while i > 0 and m.b[O_VOL + i - 1] > key:
            m.b[O_VOL + i] = m.b[O_VOL + i - 1]
            i -= 1
        m.b[O_VOL + i] = key
        nv += 1
    return nv


@cython.cfunc
@cython.exceptval(check=False)
def _volley(m: PolicyMemory, n: cython.int, g: cython.int, attack: cython.int,
            bonus: cython.int, fighters_only: cython.bint, terrain: cython.int) -> cython.void:
    """Group ``g``'s expected hits, target after target."""
    shots: cython.double = _alive(m, g) * m.b[O_GRP + g * G_FIELDS + 8]
    fighters: cython.int = _fighters_left(m, n)
    pick: cython.int
    target: cython.int
    p: cython.double
    need: cython.double
    while shots > 1e-9:
        pick = _pick(m, n, g, attack, bonus, fighters_only, terrain, fighters)
        if pick < 0:
            return
        target = pick // 16
        p = (pick % 16) / 10.0
        need = m.d[target] / p
        if shots >= need:
            m.d[target] = 0.0
            shots -= need
            if m.b[O_GRP + target * G_FIELDS + 9] == F:
                fighters = _fighters_left(m, n)
        else:
            m.d[target] -= shots * p
            shots = 0.0


@cython.cfunc
@cython.exceptval(check=False)
def _fighters_left(m: PolicyMemory, n: cython.int) -> cython.int:
    """Bit per side that still has fighters."""
    out: cython.int = 0
    g: cython.int
    for g in range(n):
        if m.b[O_GRP + g * G_FIELDS + 9] == F and m.d[g] > 1e-9:
            out |= 1 << m.b[O_GRP + g * G_FIELDS]
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _machine_odds(m: PolicyMemory, terrain: cython.int) -> cython.double:
    """Force 0 against a Doomsday Machine: every shot at it hits on a 1 only, so the
    fleet wins when its shots before the machine destroys it (the mean field of the
    machine's two shots a round) score the hits the machine has left: a Poisson
    count with a tenth of the shots as its mean."""
    left: cython.int = DOOMSDAY_HULL - m.b[O_FORCE + MAX_ENTRIES * F_FIELDS + 5]
    m.b[O_NFORCE + 1] = 0  # the groups are the fleet's; the machine fires below
    n: cython.int = _groups(m, terrain, True)
    m.b[O_NFORCE + 1] = 1
    machine_key: cython.int = battle_math.fire_order_key(
        battle_math.effective_class(DOOMSDAY_CLASS, terrain), DOOMSDAY_TACTICS, True)
    total: cython.double = 0.0
    _rnd: cython.int
    k: cython.int
    lam: cython.double
    term: cython.double
    chance: cython.double
    for _rnd in range(30):
        if _ships(m, n, 0) <= 1e-6:
            break
        total += _shots_around(m, n, machine_key, True)  # those firing before the machine
        _machine_volley(m, n, terrain)
        total += _shots_around(m, n, machine_key, False)
    lam = total / 10.0
    term = exp(-lam)
    chance = 1.0
    for k in range(left):
        chance -= term
        term *= lam / (k + 1)
    return chance if chance > 0.0 else 0.0


@cython.cfunc
@cython.exceptval(check=False)
def _shots_around(m: PolicyMemory, n: cython.int, machine_key: cython.int,
                  before: cython.bint) -> cython.double:
    """Shots of the fleet's groups firing before (or after) the machine."""
    g: cython.int
    at: cython.int
    shots: cython.double = 0.0
    for g in range(n):
        at = O_GRP + g * G_FIELDS
        if m.b[at + 2] > 0 and (battle_math.fire_order_key(m.b[at + 6], m.b[at + 7], False)
                                < machine_key) == before:
            shots += _alive(m, g)
    return shots


@cython.cfunc
@cython.exceptval(check=False)
def _machine_volley(m: PolicyMemory, n: cython.int, terrain: cython.int) -> cython.void:
    """The machine's two shots, target after target."""
    shots: cython.double = DOOMSDAY_SHOTS
    fighters: cython.int = _fighters_left(m, n)
    pick: cython.int
    target: cython.int
    p: cython.double
    need: cython.double
    while shots > 1e-9:
        pick = _machine_target(m, n, terrain, fighters)
        if pick < 0:
            return
        target = pick // 16
        p = (pick % 16) / 10.0
        need = m.d[target] / p
        if shots >= need:
            m.d[target] = 0.0
            shots -= need
            fighters = _fighters_left(m, n)
        else:
            m.d[target] -= shots * p
            shots = 0.0


@cython.cfunc
@cython.exceptval(check=False)
def _machine_target(m: PolicyMemory, n: cython.int, terrain: cython.int,
                    fighters: cython.int) -> cython.int:
    """The machine's default target among the fleet's combat groups (as :func:`_pick`)."""
    best: cython.int = -1
    best_faces: cython.int = -1
    best_threat: cython.int = -1
    t: cython.int
    at: cython.int
    faces: cython.int
    threat: cython.int
    for t in range(n):
        at = O_GRP + t * G_FIELDS
        if m.d[t] <= 1e-9 or m.b[at + 2] <= 0:
            continue
        if m.b[at + 9] == CV and fighters & 1:
            continue
        faces = battle_math.hit_faces(battle_math.to_hit_number(
            DOOMSDAY_ATTACK, 0, 0, m.b[at + 4], m.b[at + 5], terrain))
        threat = m.b[at + 2] + m.b[at + 3]
        if faces > best_faces or (faces == best_faces and threat > best_threat):
            best = t
            best_faces = faces
            best_threat = threat
    return best if best < 0 else best * 16 + best_faces


def odds(s: State, m: PolicyMemory, player: int, attacker: list[int], defender: list[int],
         terrain: int, holds: bool = False) -> float:
    """The policy's odds for ``player`` of the counters ``attacker`` against ``defender``
    (the chance the attacker wins, or with ``holds`` the defender): for tests and the
    calibration script."""
    s_player = s.current_player
    s.current_player = player
    _begin(s, m)
    s.current_player = s_player
    _force_clear(m, 0)
    _force_clear(m, 1)
    for unit in attacker:
        _force_add_unit(s, m, 0, unit)
    for unit in defender:
        _force_add_unit(s, m, 1, unit)
    return _defender_holds(m, terrain) if holds else _attacker_wins(m, terrain)


def force_odds(attacker: list[tuple[int, int, int, int, int, int]],
               defender: list[tuple[int, int, int, int, int, int]], terrain: int,
               holds: bool = False, memory: PolicyMemory | None = None) -> float:
    """The odds of two forces given as the rule bot's ``Force`` entries (type, count,
    attack, defense, tactics, level; type -2 a Doomsday Machine, its level the hits
    taken): the calibration script compares them with the simulator.  ``memory``:
    scratch to reuse (a new one otherwise)."""
    m = memory if memory is not None else PolicyMemory()
    _force_clear(m, 0)
    _force_clear(m, 1)
    for side, force in ((0, attacker), (1, defender)):
        for kind, count, att, dfn, tac, level in force:
            _force_add(m, side, kind, count, att, dfn, tac, level)
    return _defender_holds(m, terrain) if holds else _attacker_wins(m, terrain)


def balance(attacker: list[tuple[int, int, int, int, int, int]],
            defender: list[tuple[int, int, int, int, int, int]], terrain: int) -> float:
    """The mean-field balance of two forces (the input of :data:`ODDS_TABLE`)."""
    m = PolicyMemory()
    for side, force in ((0, attacker), (1, defender)):
        for kind, count, att, dfn, tac, level in force:
            _force_add(m, side, kind, count, att, dfn, tac, level)
    return _mean_field(m, terrain)


# -- assignments: who goes where -----------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _assign(s: State, m: PolicyMemory, kind: cython.int, n_units: cython.int) -> cython.void:
    """Greedy one-to-one assignment of the units listed at ``O_LIST`` to hexes by
    ascending score (the rule bot's ``assign``): the results go to ``O_TARGET`` for
    ``kind`` (-1 for a unit without a hex).

    The rule bot sorts every (score, unit, hex) option and takes them in order;
    here each unit keeps its best untaken hex and the lowest (score, unit) goes
    next: the same pairs.  Scores are integers (the rule bot's float scores
    times 1,000 or 5,000, exact).
    """
    mode: cython.int = _assign_mode(kind)
    i: cython.int
    j: cython.int
    h: cython.int
    unit: cython.int
    e: cython.int
    key: cython.int
    best: cython.int
    best_key: cython.int
    pick: cython.int
    out: cython.int = O_TARGET + kind * UNITS_PER_PLAYER
    first: cython.int = m.me * UNITS_PER_PLAYER
    for i in range(UNITS_PER_PLAYER):
        m.b[out + i] = -1
    for h in range(m.n):
        m.b[O_TAKEN + h] = 0
    if n_units > UNITS_PER_PLAYER:
        n_units = UNITS_PER_PLAYER
    for i in range(n_units):
        unit = m.b[O_LIST + i]
        e = _paths(s, m, s.u_hex[unit], mode)
        for h in range(m.n):
            key = NO_OPTION
            if m.b[O_PCOST + e * MAX_HEX + h] < UNREACHABLE:
                key = _score(s, m, kind, unit, h, m.b[O_PCOST + e * MAX_HEX + h])
            m.b[O_AKEY + i * MAX_HEX + h] = key
        m.b[O_ABEST + i] = _best_hex(m, i)
        m.b[O_AUNIT + i] = 1
    while True:
        pick = -1
        best_key = NO_OPTION
        for i in range(n_units):
            if not m.b[O_AUNIT + i] or m.b[O_ABEST + i] < 0:
                continue
            key = m.b[O_AKEY + i * MAX_HEX + m.b[O_ABEST + i]]
            if key < best_key:  # units in ascending order: the lower unit wins a tie
                best_key = key
                pick = i
        if pick < 0:
            return
        best = m.b[O_ABEST + pick]
        m.b[O_AUNIT + pick] = 0
        m.b[O_TAKEN + best] = 1
        m.b[out + m.b[O_LIST + pick] - first] = best
        for j in range(n_units):
            if m.b[O_AUNIT + j] and m.b[O_ABEST + j] == best:
                m.b[O_ABEST + j] = _best_hex(m, j)


@cython.cfunc
@cython.exceptval(check=False)
def _best_hex(m: PolicyMemory, i: cython.int) -> cython.int:
    """Unit ``i``'s untaken hex of lowest score (-1 if none)."""
    best: cython.int = -1
    best_key: cython.int = NO_OPTION
    h: cython.int
    key: cython.int
    for h in range(m.n):
        key = m.b[O_AKEY + i * MAX_HEX + h]
        if key < best_key and not m.b[O_TAKEN + h]:
            best_key = key
            best = h
    return best


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _assign_mode(kind: cython.int) -> cython.int:
    return MODE_EXPLORER if kind == AK_EXPLORE else MODE_CIVIL


@cython.cfunc
@cython.exceptval(check=False)
def _score(s: State, m: PolicyMemory, kind: cython.int, unit: cython.int, h: cython.int,
           cost: cython.int) -> cython.int:
    """The rule bot's score functions (exploration, colony sites, mining, pipelines)
    as exact integers; :data:`NO_OPTION` where the hex is no target for the unit."""
    deep: cython.bint = s.tables.region[h] < 0
    if kind == AK_EXPLORE:
        if s.h_face_up[h] or s.h_known[h] >> m.me & 1 or cost == 0:
            return NO_OPTION
        if s.u_type[unit] != SC and s.tables.region[h] != m.me:
            return NO_OPTION
        return (cost + (DEEP_SPACE_PENALTY if deep else 0)) * 1000 + h
    if kind == AK_COLONY:
        if not _colonisable(s, m, h, s.u_flags[unit] & F_TERRAFORM != 0):
            return NO_OPTION
        _near_flags(s, m)
        return (cost + (2 if deep else 0) + (4 if m.b[O_HX_NEAR + h] else 0)) * 1000 + h
    if kind == AK_MINE:
        return _mining_score(s, m, h, cost)
    if not m.b[O_PIPE + h]:
        return NO_OPTION
    return cost * 1000 + h


@cython.cfunc
@cython.exceptval(check=False)
def _mining_score(s: State, m: PolicyMemory, h: cython.int, cost: cython.int) -> cython.int:
    """Load value against the round trip: ((cost + back) - worth / 5 + h / 1000) x 5000."""
    back: cython.int = UNREACHABLE
    c: cython.int
    d: cython.int
    worth: cython.int
    if not (_face_up_is(s, h, M_MINERAL) or _face_up_is(s, h, M_WRECK)):
        return NO_OPTION
    for c in range(m.n):
        if _own_colony(s, m, c):
            d = _dist(s, m, h, c)
            if d < back:
                back = d
    if back >= UNREACHABLE:
        return NO_OPTION
    worth = 15 if s.h_marker[h] == M_WRECK else s.h_value[h]
    return (cost + back) * 5000 - worth * 1000 + 5 * h


@cython.cfunc
@cython.exceptval(check=False)
def _own_colony(s: State, m: PolicyMemory, h: cython.int) -> cython.bint:
    """An own colony not blockaded (deliveries there pay)."""
    return s.h_col_owner[h] == m.me and m.b[O_HX_ARMED + h] == 0


@cython.cfunc
@cython.exceptval(check=False)
def _colonisable(s: State, m: PolicyMemory, h: cython.int, terraform: cython.bint) -> cython.bint:
    """A known free planet outside other empires' home systems and their homeworlds'
    reach (barren ones only with Terraforming)."""
    p: cython.int
    home: cython.int
    if not (_face_up_is(s, h, M_PLANET) or (terraform and _face_up_is(s, h, M_BARREN))):
        return False
    if s.h_col_owner[h] >= 0 or m.b[O_HX_ARMED + h] > 0:
        return False
    if s.tables.region[h] != m.me and s.tables.region[h] >= 0:
        return False
    for p in range(s.n_players):
        home = s.homeworld[p]
        if home >= 0 and m.hostile >> p & 1 and \
                _dist(s, m, h, home) <= THREAT_RADIUS:
            return False
    return True


@cython.cfunc
@cython.exceptval(check=False)
def _target_of(m: PolicyMemory, kind: cython.int, unit: cython.int) -> cython.int:
    return m.b[O_TARGET + kind * UNITS_PER_PLAYER + unit - m.me * UNITS_PER_PLAYER]


@cython.cfunc
@cython.exceptval(check=False)
def _list_type(s: State, m: PolicyMemory, unit_type: cython.int,
               empty_only: cython.bint) -> cython.int:
    """Own counters of one type into ``O_LIST`` (miners: without cargo if asked)."""
    n: cython.int = 0
    unit: cython.int
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == unit_type and not (empty_only and s.u_cargo[unit]):
            m.b[O_LIST + n] = unit
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _assigned(s: State, m: PolicyMemory, kind: cython.int) -> cython.void:
    """The colony, mining or pipeline assignment of this decision (computed once)."""
    n: cython.int
    if m.assign_ready >> kind & 1:
        return
    m.assign_ready |= 1 << kind
    if kind == AK_COLONY:
        n = _list_type(s, m, CO, False)
    elif kind == AK_MINE:
        n = _list_type(s, m, MINER, True)
    else:
        _pipeline_plan(s, m)
        n = _list_type(s, m, MS, False)
    _assign(s, m, kind, n)


@cython.cfunc
@cython.exceptval(check=False)
def _explore(s: State, m: PolicyMemory, which: cython.int) -> cython.int:
    """The exploration assignment for the own scouts (``which`` 0), the explorer
    groups of the turn (1: flagged at ``O_EXPL``) or scouts and every warship (2);
    returns how many units took part."""
    n: cython.int = 0
    unit: cython.int
    t: cython.int
    first: cython.int = m.me * UNITS_PER_PLAYER
    for unit in range(first, first + UNITS_PER_PLAYER):
        t = s.u_type[unit]
        if t < 0:
            continue
        if (which == 0 and t == SC) or (which == 1 and m.b[O_EXPL + unit]) or \
                (which == 2 and (t == SC or _warship_type(t))):
            m.b[O_LIST + n] = unit
            n += 1
    _assign(s, m, AK_EXPLORE, n)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _pipeline_plan(s: State, m: PolicyMemory) -> cython.int:
    """Flags at ``O_PIPE``: the hexes wanted for pipelines (a chain from the homeworld
    to each own colony near home, see the rule bot); returns how many."""
    h: cython.int
    at: cython.int
    between: cython.int
    e: cython.int
    count: cython.int = 0
    if m.pipe_ready:
        for h in range(m.n):
            count += m.b[O_PIPE + h]
        return count
    m.pipe_ready = 1
    for h in range(m.n):
        m.b[O_PIPE + h] = 0
    if m.home < 0:
        return 0
    e = _paths(s, m, m.home, MODE_CIVIL)
    for h in range(m.n):
        if s.h_col_owner[h] != m.me or h == m.home or _dist(s, m, m.home, h) > PIPELINE_REACH:
            continue
        if _dist(s, m, m.home, h) == 1:
            m.b[O_PIPE + m.home] = 1
            continue
        between = 0
        at = m.b[O_PPAR + e * MAX_HEX + h]
        while at >= 0 and at != m.home:
            between += 1
            at = m.b[O_PPAR + e * MAX_HEX + at]
        if at == m.home and between < PIPELINE_REACH:
            at = m.b[O_PPAR + e * MAX_HEX + h]
            while at != m.home:
                m.b[O_PIPE + at] = 1
                at = m.b[O_PPAR + e * MAX_HEX + at]
    for h in range(m.n):
        count += m.b[O_PIPE + h]
    return count


# -- the war plan (decided once a turn) ----------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _unit_value(s: State, unit: cython.int) -> cython.int:
    return UNIT_COST[s.u_type[unit]] * s.u_count[unit]


@cython.cfunc
@cython.exceptval(check=False)
def _home_holds(s: State, m: PolicyMemory, all_warships: cython.bint) -> cython.bint:
    """Would the homeworld beat the enemy combat counters within THREAT_RADIUS without
    the fleet (``O_FLEET`` flags, or every warship)?"""
    unit: cython.int
    if m.home < 0 or _threat_count(s, m, THREAT_RADIUS) == 0:
        return True
    _force_clear(m, 0)
    _force_clear(m, 1)
    for unit in range(s.n_units):
        if _enemy_unit(s, m, unit) and _armed_type(s.u_type[unit]) and \
                _dist(s, m, s.u_hex[unit], m.home) <= THREAT_RADIUS:
            _force_add_unit(s, m, 0, unit)
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or s.u_hex[unit] != m.home or not _armed_type(s.u_type[unit]):
            continue
        if all_warships and _warship_type(s.u_type[unit]):
            continue
        if not all_warships and m.b[O_FLEET + unit - m.me * UNITS_PER_PLAYER]:
            continue
        _force_add_unit(s, m, 1, unit)
    return _defender_holds(m, TERRAIN_OPEN) >= _share(m, S_DEFEND_ODDS)


@cython.cfunc
@cython.exceptval(check=False)
def _in_fleet(m: PolicyMemory, unit: cython.int) -> cython.bint:
    return m.b[O_FLEET + unit - m.me * UNITS_PER_PLAYER] != 0


@cython.cfunc
@cython.exceptval(check=False)
def _main_stack(s: State, m: PolicyMemory) -> cython.int:
    """The hex holding the most fleet value (ties: nearest home, then lowest hex)."""
    unit: cython.int
    h: cython.int
    best: cython.int = -1
    best_value: cython.int = 0
    best_dist: cython.int = 0
    d: cython.int
    home: cython.int = m.home if m.home >= 0 else 0
    any_fleet: cython.bint = False
    for h in range(m.n):
        m.b[O_HEXVAL + h] = 0
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and _in_fleet(m, unit):
            m.b[O_HEXVAL + s.u_hex[unit]] += _unit_value(s, unit)
            any_fleet = True
    if not any_fleet:
        return m.home
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or not _in_fleet(m, unit):
            continue
        h = s.u_hex[unit]
        d = _dist(s, m, h, home)
        if best < 0 or m.b[O_HEXVAL + h] > best_value or (
                m.b[O_HEXVAL + h] == best_value and (d < best_dist or (
                    d == best_dist and h < best))):
            best = h
            best_value = m.b[O_HEXVAL + h]
            best_dist = d
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _fleet_force(s: State, m: PolicyMemory, side: cython.int, at: cython.int) -> cython.int:
    """The fleet (``at`` -1) or its part at hex ``at`` into force ``side``; returns the
    lowest movement allowance among those groups (99 if none)."""
    unit: cython.int
    cap: cython.int = 99
    allowance: cython.int
    _force_clear(m, side)
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or not _in_fleet(m, unit):
            continue
        if at >= 0 and s.u_hex[unit] != at:
            continue
        _force_add_unit(s, m, side, unit)
        allowance = units.movement_allowance(s, unit) if s.turn else 0
        if allowance < cap:
            cap = allowance
    return cap


@cython.cfunc
@cython.exceptval(check=False)
def _defence_at(s: State, m: PolicyMemory, h: cython.int) -> cython.void:
    """Force 1: what a strike on ``h`` fights first: the Doomsday Machine there, else the
    enemy combat counters at and next to ``h``."""
    unit: cython.int
    _force_clear(m, 1)
    if m.b[O_HX_MACHINE + h] > 0:
        _force_add(m, 1, -2, 1, 0, 0, 0, m.b[O_HX_MACHINE + h] - 1)
        return
    for unit in range(s.n_units):
        if _enemy_unit(s, m, unit) and _armed_type(s.u_type[unit]) and \
                _dist(s, m, s.u_hex[unit], h) <= 1:
            _force_add_unit(s, m, 1, unit)


@cython.cfunc
@cython.exceptval(check=False)
def _set_plan(m: PolicyMemory, mode: cython.int, target: cython.int, cap: cython.int,
              main: cython.int, push: cython.int) -> cython.void:
    w: cython.int = O_WAR + m.me * N_WAR
    m.b[w + W_MODE] = mode
    m.b[w + W_TARGET] = target
    m.b[w + W_CAP] = cap
    m.b[w + W_MAIN] = main
    m.b[w + W_PUSH] = push


@cython.cfunc
@cython.exceptval(check=False)
def _choose_war_plan(s: State, m: PolicyMemory) -> cython.void:
    """Defend, attack the best target the odds approve, or gather at home (the rule
    bot's ``choose_war_plan``; the fleet is flagged at ``O_FLEET``)."""
    w: cython.int = O_WAR + m.me * N_WAR
    current: cython.int = m.b[w + W_ATTACK]
    pushing: cython.int = m.b[w + W_PUSHING]
    main: cython.int = _main_stack(s, m)
    home: cython.int = m.home if m.home >= 0 else main
    threatened: cython.bint = not _home_holds(s, m, False)
    total: cython.int = 0
    at_main: cython.int = 0
    unit: cython.int
    gathered: cython.bint
    target: cython.int
    cap: cython.int
    if not threatened and _slot(m, S_TARGETS) != TARGETS_NONE and \
            _slot(m, S_TARGETS) != TARGETS_COLONIES:
        if _finishing_push(s, m, main, pushing, current):
            return
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and _in_fleet(m, unit):
            total += _unit_value(s, unit)
            if s.u_hex[unit] == main:
                at_main += _unit_value(s, unit)
    gathered = threatened or main != home or at_main >= _share(m, S_GATHERED_SHARE) * total
    cap = _fleet_force(s, m, 0, main)
    target = _best_target_hex(s, m, main, current, gathered, threatened)
    if target >= 0:
        _set_plan(m, WAR_ATTACK, target, cap, main, -1)
    else:
        _set_plan(m, WAR_DEFEND if threatened else WAR_GATHER, home, 99, main, -1)


@cython.cfunc
@cython.exceptval(check=False)
def _target_worth(s: State, m: PolicyMemory, h: cython.int, threatened: cython.bint) -> cython.int:
    """A target's worth in quarters (the rule bot's ``attack_targets``, filtered by the
    strategy's targets and its focus), or -1 when ``h`` is none.  Threatened, only the hexes of the
    enemy combat counters near home count, at 20 each."""
    unit: cython.int
    worth: cython.int
    targets: cython.int = _slot(m, S_TARGETS)
    if threatened:
        for unit in range(s.n_units):
            if s.u_hex[unit] == h and _enemy_unit(s, m, unit) and \
                    _armed_type(s.u_type[unit]) and \
                    _dist(s, m, h, m.home) <= THREAT_RADIUS:
                return 80
        return -1
    if targets == TARGETS_NONE:
        return -1
    if _slot(m, S_FOCUS) >= 0 and h != _slot(m, S_FOCUS):
        return -1
    if m.b[O_HX_MACHINE + h] > 0:
        return MACHINE_WORTH4 if targets == TARGETS_BEST else -1
    if _enemy_home(s, m, h):
        return 160 if targets != TARGETS_COLONIES else -1
    if targets == TARGETS_HOMEWORLD:
        return -1
    if _hostile_colony(s, m, h):
        return 16 + 4 * s.h_col_cp[h]
    if targets == TARGETS_COLONIES or m.b[O_HX_ARMED + h] == 0 or m.home < 0:
        return -1
    worth = 0
    for unit in range(s.n_units):
        if s.u_hex[unit] == h and _enemy_unit(s, m, unit) and _armed_type(s.u_type[unit]):
            worth += _unit_value(s, unit)
    return worth + (40 if _dist(s, m, h, m.home) <= THREAT_RADIUS + 2 else 0)


@cython.cfunc
@cython.exceptval(check=False)
def _best_target_hex(s: State, m: PolicyMemory, main: cython.int, current: cython.int,
                     gathered: cython.bint, threatened: cython.bint) -> cython.int:
    """The target with the best worth x odds / distance that the odds approve, or -1
    (force 0 holds the main stack).  A new target needs ATTACK_ODDS and a gathered
    fleet; the current one is kept while the odds stay above ABORT_ODDS."""
    best: cython.int = -1
    best_score: cython.double = 0.0
    score: cython.double
    chance: cython.double
    h: cython.int
    worth: cython.int
    cost: cython.int
    for h in range(m.n):
        if h != current and not gathered:
            continue
        worth = _target_worth(s, m, h, threatened)
        if worth < 0:
            continue
        cost = _goal_cost(s, m, main, MODE_FLEET, h)
        if cost >= UNREACHABLE:
            continue
        _defence_at(s, m, h)
        chance = _attacker_wins(m, _terrain_at(s, h))
        if chance < _share(m, S_ABORT_ODDS if h == current else S_ATTACK_ODDS):
            continue
        score = (worth / 4.0) * chance / (3.0 + cost)
        if best < 0 or score > best_score:
            best = h
            best_score = score
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _finishing_push(s: State, m: PolicyMemory, main: cython.int, pushing: cython.int,
                    current: cython.int) -> cython.bint:
    """When the whole fleet clearly beats everything an enemy has, go for its homeworld
    (the rule bot's ``finishing_push``; only onto the focus, if there is one): sets the
    plan and returns True, else False."""
    p: cython.int
    h: cython.int
    unit: cython.int
    cost: cython.int
    terrain: cython.int
    going: cython.bint
    ready: cython.bint
    best: cython.int = -1
    best_cost: cython.int = 0
    best_ready: cython.bint = False
    cap: cython.int
    for p in range(s.n_players):
        h = s.homeworld[p]
        if h < 0 or not m.hostile >> p & 1:
            continue
        if not _enemy_home(s, m, h) or (_slot(m, S_FOCUS) >= 0 and h != _slot(m, S_FOCUS)):
            continue
        terrain = _terrain_at(s, h)
        going = h == pushing or h == current
        _fleet_force(s, m, 0, -1)
        _force_clear(m, 1)
        for unit in range(p * UNITS_PER_PLAYER, (p + 1) * UNITS_PER_PLAYER):
            if s.u_type[unit] >= 0:
                _force_add_unit(s, m, 1, unit)
        if _attacker_wins(m, terrain) < _share(m, S_ABORT_ODDS if going else S_PUSH_ODDS):
            continue
        cost = _goal_cost(s, m, main, MODE_FLEET, h)
        if cost >= UNREACHABLE:
            continue
        _fleet_force(s, m, 0, main)
        ready = _attacker_wins(m, terrain) >= _share(m, S_ABORT_ODDS if going else S_ATTACK_ODDS)
        if best < 0 or cost < best_cost or (cost == best_cost and h < best):
            best = h
            best_cost = cost
            best_ready = ready
    if best < 0:
        return False
    if not best_ready:
        _set_plan(m, WAR_GATHER, _staging_hex(s, m, main, best), 99, main, best)
        return True
    cap = _fleet_force(s, m, 0, main)
    _set_plan(m, WAR_ATTACK, best, cap, main, best)
    return True


@cython.cfunc
@cython.exceptval(check=False)
def _staging_hex(s: State, m: PolicyMemory, main: cython.int, target: cython.int) -> cython.int:
    """Where the fleet gathers for a strike on ``target``: STAGING_DISTANCE from it on
    the main stack's path there (the main stack's own hex if nearer)."""
    e: cython.int
    h: cython.int
    if _dist(s, m, main, target) <= STAGING_DISTANCE:
        return main
    e = _paths(s, m, main, MODE_FLEET)
    h = target
    if h != main and _dist(s, m, h, target) < STAGING_DISTANCE:
        h = _goal_parent(s, m, e, target, MODE_FLEET)
    while h >= 0 and h != main and _dist(s, m, h, target) < STAGING_DISTANCE:
        h = m.b[O_PPAR + e * MAX_HEX + h]
    return h if h >= 0 else main


# -- movement -------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _turn_plan(s: State, m: PolicyMemory) -> cython.void:
    """The fleet's plan and the explorers, decided at the player's first movement
    decision of a turn (the rule bot's ``_turn_plan``)."""
    w: cython.int = O_WAR + m.me * N_WAR
    first: cython.int = m.me * UNITS_PER_PLAYER
    unit: cython.int
    t: cython.int
    spare: cython.bint
    if m.b[w + W_VALID] and m.b[w + W_ROUND] == s.round and m.b[w + W_TURN] == s.turn:
        return
    _explore(s, m, 0)  # the scouts busy exploring are not part of the fleet
    for unit in range(first, first + UNITS_PER_PLAYER):
        t = s.u_type[unit]
        m.b[O_FLEET + unit - first] = _warship_type(t) and not (
            t == SC and _target_of(m, AK_EXPLORE, unit) >= 0)
    _choose_war_plan(s, m)
    spare = m.b[w + W_MODE] == WAR_GATHER and s.round <= EARLY_ROUNDS and \
        _threat_count(s, m, THREAT_RADIUS) == 0
    _explore(s, m, 2 if spare else 0)
    for unit in range(first, first + UNITS_PER_PLAYER):
        m.b[O_EXPL + unit] = s.u_type[unit] >= 0 and _target_of(m, AK_EXPLORE, unit) >= 0
    m.b[w + W_ATTACK] = m.b[w + W_TARGET] if m.b[w + W_MODE] == WAR_ATTACK else -1
    m.b[w + W_PUSHING] = m.b[w + W_PUSH]
    m.b[w + W_VALID] = 1
    m.b[w + W_ROUND] = s.round
    m.b[w + W_TURN] = s.turn
    m.assign_ready &= ~(1 << AK_EXPLORE)


@cython.cfunc
@cython.exceptval(check=False)
def _movement(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Colonise, load, unload, board or merge at once; else the first group (those part
    way through their move first) whose next step toward its target is legal; else
    end the movement."""
    i: cython.int
    code: cython.int
    unit: cython.int
    sweep: cython.int
    target: cython.int
    moving: cython.bint
    first: cython.int = m.me * UNITS_PER_PLAYER
    explored: cython.bint = False
    _turn_plan(s, m)
    code = _instant_action(s, legal, m)
    if code >= 0:
        return code
    for i in range(UNITS_PER_PLAYER):
        m.b[O_HASMOVE + i] = 0
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_MOVE:
            unit = (code >> 10) & 1023
            if first <= unit < first + UNITS_PER_PLAYER:
                m.b[O_HASMOVE + unit - first] = 1
    for sweep in range(2):
        for unit in range(first, first + UNITS_PER_PLAYER):
            if not m.b[O_HASMOVE + unit - first]:
                continue
            moving = s.u_moved[unit] > 0 and not s.u_flags[unit] & F_DONE
            if moving != (sweep == 0):
                continue
            if not explored and m.b[O_EXPL + unit] and _warship_type(s.u_type[unit]):
                _explore(s, m, 1)
                explored = True
            target = _next_hex(s, m, unit)
            if target >= 0:
                code = _step_code(s, legal, unit, target)
                if code >= 0:
                    return code
    return A_END_MOVE << 20


@cython.cfunc
@cython.exceptval(check=False)
def _step_code(s: State, legal: ActionList, unit: cython.int, target: cython.int) -> cython.int:
    """The (last) legal step of ``unit`` into ``target``, or -1."""
    i: cython.int
    code: cython.int
    found: cython.int = -1
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_MOVE and (code >> 10) & 1023 == unit and \
                warp.step_target(s, s.u_hex[unit], code & 1023) == target:
            found = code
    return found


@cython.cfunc
@cython.exceptval(check=False)
def _instant_action(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Colonise, unload, load, a fighter group not aboard boards a carrier, or merge two
    fleet groups that move alike (not explorers)."""
    i: cython.int
    code: cython.int
    kind: cython.int
    a: cython.int
    b: cython.int
    for i in range(legal.n):
        code = legal.codes[i]
        kind = code >> 20
        if kind == A_COLONIZE or kind == A_UNLOAD or kind == A_LOAD:
            return code
        if kind == A_BOARD:
            a = (code >> 10) & 1023
            if _own(s, m, a) and s.u_cargo[a] == 0:
                return code
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_MERGE:
            continue
        a = (code >> 10) & 1023
        b = code & 1023
        if not (_own(s, m, a) and _own(s, m, b)) or m.b[O_EXPL + a] or m.b[O_EXPL + b]:
            continue
        if s.u_moved[a] == s.u_moved[b] and (s.u_flags[a] & F_DONE) == (s.u_flags[b] & F_DONE):
            return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _next_hex(s: State, m: PolicyMemory, unit: cython.int) -> cython.int:
    """The hex ``unit`` should step into now, or -1 to stay."""
    here: cython.int = s.u_hex[unit]
    t: cython.int = s.u_type[unit]
    target: cython.int = -1
    mode: cython.int = MODE_CIVIL
    w: cython.int = O_WAR + m.me * N_WAR
    if t == CO:
        _assigned(s, m, AK_COLONY)
        target = _target_of(m, AK_COLONY, unit)
    elif t == MINER:
        target = _miner_target(s, m, unit)
    elif t == MS:
        _assigned(s, m, AK_PIPE)
        target = _target_of(m, AK_PIPE, unit)
    elif not _warship_type(t):
        return -1
    else:
        mode = MODE_FLEET
        if m.b[O_EXPL + unit] and _target_of(m, AK_EXPLORE, unit) >= 0:
            target = _target_of(m, AK_EXPLORE, unit)
            mode = MODE_EXPLORER
        else:
            target = m.b[w + W_TARGET]
            if m.b[w + W_MODE] == WAR_ATTACK and (
                    s.u_moved[unit] >= m.b[w + W_CAP] or
                    (here == m.home and m.b[w + W_MAIN] != m.home)):
                return -1
    if target < 0 or target == here:
        return -1
    return _first_step(s, m, here, mode, target)


@cython.cfunc
@cython.exceptval(check=False)
def _miner_target(s: State, m: PolicyMemory, unit: cython.int) -> cython.int:
    """A loaded miner's nearest unblockaded colony; an empty one's assigned load."""
    e: cython.int
    h: cython.int
    best: cython.int = -1
    best_cost: cython.int = 0
    if not s.u_cargo[unit]:
        _assigned(s, m, AK_MINE)
        return _target_of(m, AK_MINE, unit)
    e = _paths(s, m, s.u_hex[unit], MODE_CIVIL)
    for h in range(m.n):
        if _own_colony(s, m, h) and (best < 0 or m.b[O_PCOST + e * MAX_HEX + h] < best_cost):
            best = h
            best_cost = m.b[O_PCOST + e * MAX_HEX + h]
    return best


# -- setup, bids, order, Lost in Space -----------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _place_homeworld(s: State, legal: ActionList) -> cython.int:
    """The home hex farthest from other regions, then the most central one."""
    me: cython.int = s.current_player
    n: cython.int = s.n_hexes
    i: cython.int
    h: cython.int
    o: cython.int
    code: cython.int
    depth: cython.int
    spread: cython.int
    best: cython.int = -1
    best_depth: cython.int = 0
    best_spread: cython.int = 0
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_PLACE:
            continue
        h = (code >> 10) & 1023
        depth = -1
        spread = 0
        for o in range(n):
            if s.tables.region[o] == me:
                spread += s.tables.dist[h * n + o]
            elif depth < 0 or s.tables.dist[h * n + o] < depth:
                depth = s.tables.dist[h * n + o]
        if depth < 0:
            depth = 0
        if best < 0 or depth > best_depth or (depth == best_depth and (
                spread < best_spread or (spread == best_spread and code < best))):
            best = code
            best_depth = depth
            best_spread = spread
    return best if best >= 0 else legal.codes[0]


@cython.cfunc
@cython.exceptval(check=False)
def _contact(s: State, m: PolicyMemory) -> cython.bint:
    """Does the player order matter now (enemies near home, or the fleet near theirs)?"""
    unit: cython.int
    h: cython.int
    t: cython.int
    if _threat_count(s, m, THREAT_RADIUS + 1) > 0:
        return True
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        t = s.u_type[unit]
        if not _warship_type(t) or t == SC:
            continue
        for h in range(m.n):
            if _hostile_colony(s, m, h) and _dist(s, m, s.u_hex[unit], h) <= THREAT_RADIUS + 1:
                return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _bid(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """One CP when the order matters, else nothing."""
    if _contact(s, m) and legal.contains((A_BID << 20) | (1 << 10)):
        return (A_BID << 20) | (1 << 10)
    return A_BID << 20


@cython.cfunc
@cython.exceptval(check=False)
def _order_choice(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Last when defending, first when attacking (orders in the engine's enumeration:
    permutations of the living players in lexicographic order)."""
    want_first: cython.bint = m.b[O_WAR + m.me * N_WAR + W_ATTACK] >= 0 and \
        _threat_count(s, m, THREAT_RADIUS + 1) == 0
    i: cython.int
    code: cython.int
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_ORDER:
            continue
        if _order_seat(s, (code >> 10) & 1023, want_first) == m.me:
            return code
    return legal.codes[0]


@cython.cfunc
@cython.exceptval(check=False)
def _order_seat(s: State, index: cython.int, first: cython.bint) -> cython.int:
    """The first (or last) player of order number ``index`` (economy.apply_order)."""
    living: cython.int = economy.living_count(s)
    pool: cython.int = 0
    p: cython.int
    i: cython.int
    k: cython.int
    fact: cython.int
    pick: cython.int
    chosen: cython.int = -1
    for p in range(s.n_players):
        if s.alive[p]:
            pool |= 1 << p
    for i in range(living):
        fact = 1
        for k in range(2, living - i):
            fact *= k
        pick = index // fact
        index = index % fact
        for p in range(s.n_players):
            if pool >> p & 1:
                if pick == 0:
                    chosen = p
                    pool &= ~(1 << p)
                    break
                pick -= 1
        if first:
            return chosen
    return chosen


@cython.cfunc
@cython.exceptval(check=False)
def _lost_shift(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Shift an enemy's lost units somewhere bad for them (ours somewhere safe)."""
    i: cython.int
    code: cython.int
    h: cython.int
    unit: cython.int
    hazard: cython.int
    key: cython.int
    best: cython.int = -1
    best_key: cython.int = 0
    ours: cython.bint
    guns: cython.bint
    here: cython.int
    if s.lost_unit < 0:
        return legal.codes[0]
    here = s.u_hex[s.lost_unit]
    ours = s.lost_unit // UNITS_PER_PLAYER == m.me
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_SHIFT:
            continue
        h = s.tables.nbr[here * 6 + ((code >> 10) & 1023)]
        if h < 0:
            continue
        if s.h_face_up[h]:
            hazard = 3 if s.h_marker[h] == M_BLACK_HOLE else 0
        else:
            hazard = 2 if s.tables.region[h] < 0 else 1
        if ours:
            guns = m.b[O_HX_ARMED + h] > 0
        else:
            guns = False
            for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
                if s.u_type[unit] >= 0 and s.u_hex[unit] == h and _armed_type(s.u_type[unit]):
                    guns = True
        key = (hazard + (2 if guns else 0)) * 4096 - h
        if best < 0 or (key < best_key if ours else key > best_key):
            best = code
            best_key = key
    return best if best >= 0 else legal.codes[0]


# -- battles -------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _battle_choice(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Retreat (toward home) from a hopeless battle, else fire at the best target."""
    i: cython.int
    code: cython.int
    retreat: cython.int = -1
    fire: cython.bint = False
    if s.b_hex < 0:
        return -1
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_RETREAT:
            retreat = code
        elif code >> 20 == A_FIRE:
            fire = True
    if retreat >= 0 and _hopeless(s, m):
        return _retreat_code(s, legal, m)
    if not fire:
        return -1
    return _best_fire(s, legal, m)


@cython.cfunc
@cython.exceptval(check=False)
def _retreat_code(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The retreat whose hex is nearest home (then the lowest hex)."""
    i: cython.int
    code: cython.int
    h: cython.int
    d: cython.int
    best: cython.int = -1
    best_d: cython.int = 0
    best_h: cython.int = 0
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_RETREAT:
            continue
        h = warp.step_target(s, s.b_hex, (code >> 10) & 1023)
        d = _dist(s, m, h, m.home) if m.home >= 0 else 0
        if best < 0 or d < best_d or (d == best_d and h < best_h):
            best = code
            best_d = d
            best_h = h
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _hopeless(s: State, m: PolicyMemory) -> cython.bint:
    """Would our side's chance in this battle be below RETREAT_ODDS?  (Never at the own
    homeworld: nowhere to go that saves it.)"""
    h: cython.int = s.b_hex
    unit: cython.int
    owner: cython.int
    chance: cython.double
    terrain: cython.int = combat.terrain_of(s, h)
    if h == m.home:
        return False
    _force_clear(m, 0)
    _force_clear(m, 1)
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_hex[unit] == h:
            _force_add_unit(s, m, 0, unit)
    if s.b_defender == MACHINE_SIDE:
        _force_add(m, 1, -2, 1, 0, 0, 0,
                   m.b[O_HX_MACHINE + h] - 1 if m.b[O_HX_MACHINE + h] > 0 else 0)
        chance = _attacker_wins(m, terrain)
    else:
        for unit in range(s.n_units):
            owner = unit // UNITS_PER_PLAYER
            if s.u_hex[unit] == h and _enemy_unit(s, m, unit) and \
                    (owner == s.b_attacker or owner == s.b_defender):
                _force_add_unit(s, m, 1, unit)
        if s.b_attacker == m.me:
            chance = _attacker_wins(m, terrain)
        else:  # the forces swap places: the enemy attacks, we hold
            _swap_forces(m)
            chance = _defender_holds(m, terrain)
    return chance < _share(m, S_RETREAT_ODDS)


@cython.cfunc
@cython.exceptval(check=False)
def _swap_forces(m: PolicyMemory) -> cython.void:
    i: cython.int
    tmp: cython.int
    n0: cython.int = m.b[O_NFORCE]
    n1: cython.int = m.b[O_NFORCE + 1]
    for i in range(MAX_ENTRIES * F_FIELDS):
        tmp = m.b[O_FORCE + i]
        m.b[O_FORCE + i] = m.b[O_FORCE + MAX_ENTRIES * F_FIELDS + i]
        m.b[O_FORCE + MAX_ENTRIES * F_FIELDS + i] = tmp
    m.b[O_NFORCE] = n1
    m.b[O_NFORCE + 1] = n0


@cython.cfunc
@cython.exceptval(check=False)
def _best_fire(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Hit chance times the target's threat, per hit its lead ship still needs (ties:
    the default target, then the first listed)."""
    shooter: cython.int = combat.firing_unit(s)
    suggested: cython.int = engine.default_code(s)
    i: cython.int
    code: cython.int
    target: cython.int
    kind: cython.int
    left: cython.int
    chance: cython.int
    threat: cython.int
    value: cython.double
    best: cython.int = -1
    best_value: cython.double = -1.0
    best_suggested: cython.bint = False
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_FIRE:
            continue
        target = (code >> 10) & 1023
        kind = -1 if target >= MACHINE_UNIT else s.u_type[target]
        left = 1
        if kind >= 0:
            left = UNIT_HULL[kind] - s.u_damage[target]
            if left < 1:
                left = 1
        chance = battle_math.hit_faces(combat.to_hit_against(s, shooter, target))
        threat = _threat_against_us(s, m, target)
        value = chance * (1 + threat) / cython.cast(cython.double, left)
        if best < 0 or value > best_value or (value == best_value and code == suggested
                                              and not best_suggested):
            best = code
            best_value = value
            best_suggested = code == suggested
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _threat_against_us(s: State, m: PolicyMemory, target: cython.int) -> cython.int:
    """The target's best hitting faces against any of our groups in the battle (0 if
    it cannot fire)."""
    unit: cython.int
    best: cython.int = 0
    faces: cython.int
    if target < MACHINE_UNIT and UNIT_ATTACK[s.u_type[target]] <= 0:
        return 0
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or s.u_hex[unit] != s.b_hex:
            continue
        if target >= MACHINE_UNIT and UNIT_ATTACK[s.u_type[unit]] <= 0:
            continue
        faces = battle_math.hit_faces(combat.to_hit_against(s, target, unit))
        if faces > best:
            best = faces
    return best


# -- the alien players' movement -----------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _alien_move(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """A launched alien group steps to a neighbour nearer the closest human colony
    (walking around face-up supernovae, warp links count); else the movement ends
    (the alien bot's rule)."""
    n: cython.int = m.n
    h: cython.int
    g: cython.int
    d: cython.int
    i: cython.int
    code: cython.int
    head: cython.int = 0
    tail: cython.int = 0
    here: cython.int
    there: cython.int
    for h in range(n):
        m.b[O_HEXVAL + h] = UNREACHABLE
        if s.h_col_owner[h] >= 0 and not s.alien[s.h_col_owner[h]]:
            m.b[O_HEXVAL + h] = 0
    for i in range(s.n_players):
        if not s.alien[i] and s.alive[i] and s.homeworld[i] >= 0:
            m.b[O_HEXVAL + s.homeworld[i]] = 0
    for h in range(n):
        if m.b[O_HEXVAL + h] == 0:
            m.b[O_HEAP + tail] = h
            tail += 1
    while head < tail:
        h = m.b[O_HEAP + head]
        head += 1
        for d in range(6 + m.n_warps):
            if d < 6:
                g = s.tables.nbr[h * 6 + d]
            else:
                g = m.b[O_WARPS + d - 6]
                if g == h or not _face_up_is(s, h, M_WARP) or s.h_value[g] != s.h_value[h]:
                    continue
            if g < 0 or m.b[O_HEXVAL + g] < UNREACHABLE or _face_up_is(s, g, M_SUPERNOVA):
                continue
            m.b[O_HEXVAL + g] = m.b[O_HEXVAL + h] + 1
            m.b[O_HEAP + tail] = g
            tail += 1
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 != A_MOVE:
            continue
        here = s.u_hex[(code >> 10) & 1023]
        there = warp.step_target(s, here, code & 1023)
        if there >= 0 and m.b[O_HEXVAL + there] < m.b[O_HEXVAL + here]:
            return code
    return A_END_MOVE << 20


# -- the Economic Phase --------------------------------------------------------------------
# The purchase step's numbers (the rule bot's Budget), kept in the memory's scalars by
# _budget: CP now, CP at the start of the phase, the colonies' income, maintenance with
# this phase's buys, CP spent on research, and the reserve.


@cython.cfunc
@cython.exceptval(check=False)
def _budget(s: State, m: PolicyMemory) -> cython.void:
    """This purchase step's numbers, from the purchase records (bought per type at
    ``O_BOUGHT``)."""
    me: cython.int = m.me
    i: cython.int
    at: cython.int
    kind: cython.int
    a: cython.int
    unit: cython.int
    h: cython.int
    spent: cython.int = 0
    research: cython.int = 0
    maintenance: cython.int = 0
    income: cython.int = 0
    for i in range(N_UNIT_TYPES):
        m.b[O_BOUGHT + i] = 0
    for i in range(s.n_records[me]):
        at = (me * MAX_RECORDS_PER_PLAYER + i) * 4
        kind = s.records[at]
        a = s.records[at + 1]
        spent += s.records[at + 3]
        if kind == P_RESEARCH:
            research += s.records[at + 3]
        elif kind == P_BUY:
            m.b[O_BOUGHT + a] += 1
            if UNIT_TRAITS[a] & TR_MAINTAINED:
                maintenance += UNIT_HULL[a]
    for unit in range(me * UNITS_PER_PLAYER, (me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and UNIT_TRAITS[s.u_type[unit]] & TR_MAINTAINED:
            maintenance += UNIT_HULL[s.u_type[unit]] * s.u_count[unit]
    for h in range(m.n):
        if _own_colony(s, m, h):
            income += s.h_col_cp[h]
    m.cp = s.cp[me]
    m.start_cp = s.cp[me] + spent
    m.income = income
    m.maintenance = maintenance
    m.research_spent = research
    m.reserve = _slot(m, S_RESERVE)
    if income // 4 < m.reserve:
        m.reserve = income // 4


@cython.cfunc
@cython.exceptval(check=False)
def _purchase(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The next purchase of the plan (the rule bot's rules, first that applies), or end
    the purchases."""
    code: cython.int
    _budget(s, m)
    code = _emergency(s, legal, m)
    if code < 0:
        code = _expansion(s, legal, m)
    if code < 0:
        code = _first_research(s, legal, m)
    if code < 0:
        code = _base(s, legal, m)
    if code < 0:
        code = _minefield(s, legal, m)
    if code < 0:
        code = _yard(s, legal, m)
    if code < 0:
        code = _refit(s, legal, m)
    if code < 0:
        code = _warships(s, legal, m)
    if code < 0:
        code = _more_research(s, legal, m)
    if code < 0:
        code = _spend_excess(s, legal, m)
    if code < 0:
        return A_END_BUY << 20
    return code


@cython.cfunc
@cython.exceptval(check=False)
def _buy(s: State, legal: ActionList, m: PolicyMemory, kind: cython.int) -> cython.int:
    """Buy ``kind`` at the homeworld if possible, else at another colony that produced
    income (lowest hex first); -1 if nowhere."""
    h: cython.int
    code: cython.int
    if m.home >= 0:
        code = (A_BUY << 20) | (kind << 10) | m.home
        if legal.contains(code):
            return code
    for h in range(m.n):
        if h != m.home and s.h_col_owner[h] == m.me and s.h_col_flags[h] & C_INCOME:
            code = (A_BUY << 20) | (kind << 10) | h
            if legal.contains(code):
                return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _buy_home(legal: ActionList, m: PolicyMemory, kind: cython.int) -> cython.int:
    code: cython.int = (A_BUY << 20) | (kind << 10) | m.home
    return code if m.home >= 0 and legal.contains(code) else -1


@cython.cfunc
@cython.exceptval(check=False)
def _emergency(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """A homeworld that would not hold without the fleet gets a base and then every
    warship the yards can build."""
    k: cython.int
    n: cython.int
    code: cython.int
    if _home_holds(s, m, True):
        return -1
    code = _buy(s, legal, m, BASE)
    if code >= 0:
        return code
    n = _warship_choices(s, m)
    for k in range(n):
        code = _buy(s, legal, m, m.b[O_CHOICE + k])
        if code >= 0:
            return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _expansion(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Colony ships for unclaimed planets, miners while minerals wait, a scout while
    space is unknown, pipelines for the planned chains."""
    unit: cython.int
    h: cython.int
    code: cython.int
    colony_ships: cython.int = m.b[O_BOUGHT + CO]
    miners: cython.int = m.b[O_BOUGHT + MINER]
    scouts: cython.int = m.b[O_BOUGHT + SC]
    minerals: cython.int = 0
    unknown: cython.int = 0
    if colony_ships < _slot(m, S_COLONY_SHIPS) and _unclaimed_planets(s, m) > colony_ships:
        code = _buy(s, legal, m, CO)
        if code >= 0:
            return code
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == MINER:
            miners += 1
        elif s.u_type[unit] == SC:
            scouts += s.u_count[unit]
    for h in range(m.n):
        if s.h_face_up[h]:
            if s.h_marker[h] == M_MINERAL or s.h_marker[h] == M_WRECK:
                minerals += 1
        else:
            unknown += 1
    if miners < _slot(m, S_MINERS) and minerals > miners:
        code = _buy(s, legal, m, MINER)
        if code >= 0:
            return code
    if scouts < _slot(m, S_SCOUTS) and unknown > 4 and m.b[O_BOUGHT + SC] == 0:
        code = _buy(s, legal, m, SC)
        if code >= 0:
            return code
    return _pipelines(s, legal, m)


@cython.cfunc
@cython.exceptval(check=False)
def _pipelines(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """MS Pipelines for the gaps in the planned chains, two a phase at most, keeping
    the reserve."""
    bought: cython.int = m.b[O_BOUGHT + MS]
    i: cython.int
    code: cython.int
    offered: cython.bint = False
    pipes: cython.int
    if bought >= PIPELINES_A_PHASE or m.cp - UNIT_COST[MS] < m.reserve:
        return -1
    for i in range(legal.n):
        code = legal.codes[i]
        if code >> 20 == A_BUY and (code >> 10) & 1023 == MS:
            offered = True
            break
    if not offered:
        return -1
    pipes = _list_type(s, m, MS, False)
    if _pipeline_plan(s, m) - pipes <= bought:
        return -1
    return _buy(s, legal, m, MS)


@cython.cfunc
@cython.exceptval(check=False)
def _unclaimed_planets(s: State, m: PolicyMemory) -> cython.int:
    """Free planets a colony ship from home could reach that none is heading for."""
    e: cython.int
    h: cython.int
    unit: cython.int
    count: cython.int = 0
    claimed: cython.bint
    terraform: cython.bint = s.tech[m.me * N_TECHS + T_TERRAFORMING] > 0
    if m.home < 0:
        return 0
    _assigned(s, m, AK_COLONY)
    e = _paths(s, m, m.home, MODE_CIVIL)
    for h in range(m.n):
        if m.b[O_PCOST + e * MAX_HEX + h] >= UNREACHABLE or not _colonisable(s, m, h, terraform):
            continue
        claimed = False
        for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
            if s.u_type[unit] == CO and _target_of(m, AK_COLONY, unit) == h:
                claimed = True
                break
        if not claimed:
            count += 1
    return count


@cython.cfunc
@cython.exceptval(check=False)
def _enemy_has(s: State, m: PolicyMemory, unit_type: cython.int) -> cython.bint:
    unit: cython.int
    for unit in range(s.n_units):
        if s.u_type[unit] == unit_type and _enemy_unit(s, m, unit):
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _plan_insert(m: PolicyMemory, at: cython.int, tech: cython.int,
                 level: cython.int) -> cython.void:
    """Insert a milestone into the plan of this decision at position ``at``."""
    n: cython.int = m.b[O_RPLAN]
    i: cython.int
    if n >= PLAN_STRIDE + 6:
        return
    if at > n:
        at = n
    i = n
    while i > at:
        m.b[O_RPLAN + 1 + i] = m.b[O_RPLAN + i]
        i -= 1
    m.b[O_RPLAN + 1 + at] = tech * 8 + level
    m.b[O_RPLAN] = n + 1


@cython.cfunc
@cython.exceptval(check=False)
def _plan_index(m: PolicyMemory, tech: cython.int, level: cython.int) -> cython.int:
    i: cython.int
    for i in range(m.b[O_RPLAN]):
        if m.b[O_RPLAN + 1 + i] == tech * 8 + level:
            return i
    return m.b[O_RPLAN]


@cython.cfunc
@cython.exceptval(check=False)
def _research_plan(s: State, m: PolicyMemory) -> cython.int:
    """The strategy's research plan at ``O_RPLAN`` (count first), with Terraforming early
    when barren planets wait and the advanced rules' technologies where they help (the
    rule bot's ``research_plan``); returns its length."""
    base: cython.int = O_PLANS + _slot(m, S_RESEARCH_PLAN) * PLAN_STRIDE
    i: cython.int
    h: cython.int
    barren: cython.int = 0
    n: cython.int = m.b[base]
    m.b[O_RPLAN] = n
    for i in range(n):
        m.b[O_RPLAN + 1 + i] = m.b[base + 1 + i]
    for h in range(m.n):
        if _face_up_is(s, h, M_BARREN) and s.h_col_owner[h] < 0:
            barren += 1
    if s.tech[m.me * N_TECHS + T_TERRAFORMING] == 0 and barren >= 2:
        _plan_insert(m, 6, T_TERRAFORMING, 1)
    if units.tech_in_play(s, T_FIGHTERS):
        _plan_insert(m, 2, T_FIGHTERS, 1)
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 4), T_FIGHTERS, 2)
    if units.tech_in_play(s, T_POINT_DEFENSE) and _enemy_has(s, m, F):
        _plan_insert(m, 0, T_POINT_DEFENSE, 1)
    if units.tech_in_play(s, T_MINES):
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 4), T_MINES, 1)
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 5), T_MINE_SWEEP, 1)
    if units.tech_in_play(s, T_CLOAKING):
        _plan_insert(m, _plan_index(m, T_MOVEMENT, 2), T_CLOAKING, 1)
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 5), T_SCANNERS, 1)
    return m.b[O_RPLAN]


@cython.cfunc
@cython.exceptval(check=False)
def _next_research(s: State, m: PolicyMemory) -> cython.int:
    """The next milestone of the plan not reached whose technology was not researched
    this phase, as a research code (-1 if none): strictly in order."""
    n: cython.int = _research_plan(s, m)
    i: cython.int
    tech: cython.int
    level: cython.int
    for i in range(n):
        tech = m.b[O_RPLAN + 1 + i] >> 3
        level = m.b[O_RPLAN + 1 + i] & 7
        if s.tech[m.me * N_TECHS + tech] < level and not s.researched[m.me] >> tech & 1:
            return (A_RESEARCH << 20) | (tech << 10)
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _research_done(s: State, m: PolicyMemory) -> cython.bint:
    n: cython.int = _research_plan(s, m)
    i: cython.int
    for i in range(n):
        if s.tech[m.me * N_TECHS + (m.b[O_RPLAN + 1 + i] >> 3)] < m.b[O_RPLAN + 1 + i] & 7:
            return False
    return True


@cython.cfunc
@cython.exceptval(check=False)
def _research_price(s: State, m: PolicyMemory, code: cython.int) -> cython.int:
    tech: cython.int = (code >> 10) & 1023
    price: cython.int = economy.tech_cost(tech, s.tech[m.me * N_TECHS + tech])
    return price if price >= 0 and units.tech_in_play(s, tech) else UNREACHABLE


@cython.cfunc
@cython.exceptval(check=False)
def _first_research(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The next milestone, within the research share of this phase's CP (Ship Size up
    to cruisers whatever it costs)."""
    code: cython.int = _next_research(s, m)
    if code < 0 or not legal.contains(code):
        return -1
    if (code >> 10) & 1023 == T_SHIP_SIZE and s.tech[m.me * N_TECHS + T_SHIP_SIZE] < 3:
        return code
    if m.research_spent + _research_price(s, m, code) <= _share(m, S_RESEARCH_SHARE) * m.start_cp:
        return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _base(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """A base at the homeworld (strong, never maintained) from the strategy's round."""
    unit: cython.int
    if m.home < 0 or s.round < _slot(m, S_BASE_ROUND) or m.cp - UNIT_COST[BASE] < m.reserve:
        return -1
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == BASE and s.u_hex[unit] == m.home:
            return -1
    return _buy_home(legal, m, BASE)


@cython.cfunc
@cython.exceptval(check=False)
def _minefield(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Advanced rules: MINES_AT_HOME mines at the homeworld."""
    unit: cython.int
    laid: cython.int = 0
    if m.home < 0 or s.tech[m.me * N_TECHS + T_MINES] < 1 or \
            m.cp - UNIT_COST[MINE] < m.reserve:
        return -1
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == MINE and s.u_hex[unit] == m.home:
            laid += 1
    if laid + m.b[O_BOUGHT + MINE] >= MINES_AT_HOME:
        return -1
    return _buy_home(legal, m, MINE)


@cython.cfunc
@cython.exceptval(check=False)
def _home_capacity(s: State, m: PolicyMemory) -> cython.int:
    """Half hulls the yards at home build per phase (0 without yards)."""
    if m.home < 0 or s.hx_yards[m.home] == 0:
        return 0
    return economy.yard_capacity(s, m.me, m.home)


@cython.cfunc
@cython.exceptval(check=False)
def _yard(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """One more yard at home while its capacity cannot take the warship budget (the
    strategy's ship share of the income)."""
    best: cython.int
    ships: cython.double
    want: cython.double
    room: cython.bint
    if m.home < 0 or m.cp - UNIT_COST[SY] < m.reserve:
        return -1
    _warship_choices(s, m)
    best = m.b[O_CHOICE]
    ships = _share(m, S_SHIP_SHARE) * m.income / UNIT_COST[best]
    room = m.maintenance + UNIT_HULL[best] <= _share(m, S_MAINTENANCE_SHARE) * m.income
    want = 2 * UNIT_HULL[best] * ships
    if want > MAX_HOME_CAPACITY:
        want = MAX_HOME_CAPACITY
    if room and _home_capacity(s, m) < want:
        return _buy_home(legal, m, SY)
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _refit(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Bring old groups at the yards up to the current technology (hull size in CP)."""
    unit: cython.int
    code: cython.int
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or not _warship_type(s.u_type[unit]):
            continue
        if economy.refit_check(s, unit) != 0:  # R_OK
            continue
        if m.cp - UNIT_HULL[s.u_type[unit]] * s.u_count[unit] < m.reserve:
            continue
        code = (A_REFIT << 20) | (unit << 10)
        if legal.contains(code):
            return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _best_type(ship_size: cython.int, attack: cython.int, defense: cython.int) -> cython.int:
    """The warship the plan builds at a Ship Size level (the rule bot's best_type_for)."""
    if ship_size >= 6:
        return DN
    if ship_size >= 5 and attack >= 3 and defense >= 3:
        return BB
    if ship_size >= 3:
        return CA
    return DD if ship_size >= 2 else SC


@cython.cfunc
@cython.exceptval(check=False)
def _choice_insert(m: PolicyMemory, n: cython.int, kind: cython.int) -> cython.int:
    """Put ``kind`` first among the ``n`` choices at ``O_CHOICE``; returns n + 1."""
    i: cython.int = n
    while i > 0:
        m.b[O_CHOICE + i] = m.b[O_CHOICE + i - 1]
        i -= 1
    m.b[O_CHOICE] = kind
    return n + 1


@cython.cfunc
@cython.exceptval(check=False)
def _warship_choices(s: State, m: PolicyMemory) -> cython.int:
    """The plan's warship type first, then cruisers to fill the yards, with the advanced
    rules' types in front (the rule bot's ``_warship_choices``); at ``O_CHOICE``,
    returns how many."""
    t: cython.int = m.me * N_TECHS
    best: cython.int = _best_type(s.tech[t + T_SHIP_SIZE], s.tech[t + T_ATTACK],
                                  s.tech[t + T_DEFENSE])
    n: cython.int = 1
    unit: cython.int
    room: cython.int = 0
    fighters: cython.int = 0
    defenders: cython.int = 0
    sweepers: cython.int = 0
    raiders: cython.int = 0
    kind: cython.int
    m.b[O_CHOICE] = best
    if UNIT_HULL[best] > UNIT_HULL[CA]:
        m.b[O_CHOICE + 1] = CA
        n = 2
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        kind = s.u_type[unit]
        if kind == CV:
            room += CARRIER_CAPACITY * s.u_count[unit]
        elif kind == F:
            fighters += s.u_count[unit]
        elif kind == SC and units.special_level(s, unit) >= 1:
            defenders += s.u_count[unit]
        elif kind == SW:
            sweepers += 1
        elif kind == R:
            raiders += s.u_count[unit]
    if s.tech[t + T_FIGHTERS] >= 1 and s.tech[t + T_SHIP_SIZE] < 5:
        n = _choice_insert(m, n, F if fighters < room else CV)
    if s.tech[t + T_POINT_DEFENSE] >= 1 and _enemy_has(s, m, F) and \
            defenders < POINT_DEFENSE_SCOUTS:
        n = _choice_insert(m, n, SC)
    if s.tech[t + T_MINE_SWEEP] >= 1 and sweepers == 0:
        n = _choice_insert(m, n, SW)
    if s.tech[t + T_CLOAKING] >= 1 and raiders < RAIDERS_WANTED:
        n = _choice_insert(m, n, R)
    return n


@cython.cfunc
@cython.exceptval(check=False)
def _warships(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Warships while maintenance stays within its share of the income and CP above the
    reserve."""
    n: cython.int = _warship_choices(s, m)
    k: cython.int
    kind: cython.int
    code: cython.int
    for k in range(n):
        kind = m.b[O_CHOICE + k]
        if m.maintenance + UNIT_HULL[kind] > _share(m, S_MAINTENANCE_SHARE) * m.income:
            continue
        if m.cp - UNIT_COST[kind] < m.reserve:
            continue
        code = _buy(s, legal, m, kind)
        if code >= 0:
            return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _more_research(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Further milestones with what is left above the reserve."""
    code: cython.int = _next_research(s, m)
    if code >= 0 and legal.contains(code) and \
            m.cp - _research_price(s, m, code) >= m.reserve:
        return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _spend_excess(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """CP that the carry-over cap would take: the next research, then (research plan
    done) warships whatever the maintenance, a yard at home, a base at a colony, a
    colony ship (the rule bot's ``_spend_excess``)."""
    code: cython.int
    if m.cp <= CARRY_OVER_CAP:
        return -1
    code = _next_research(s, m)
    if code >= 0 and legal.contains(code) and _research_price(s, m, code) <= m.cp:
        return code
    if _research_done(s, m):
        code = _excess_warship(s, legal, m)
        if code >= 0:
            return code
    if m.home >= 0 and _home_capacity(s, m) < MAX_HOME_CAPACITY:
        code = _buy_home(legal, m, SY)
        if code >= 0:
            return code
    code = _excess_base(s, legal, m)
    if code >= 0:
        return code
    if _unclaimed_planets(s, m) > m.b[O_BOUGHT + CO]:
        return _buy(s, legal, m, CO)
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _excess_warship(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The plan's warships, then any bigger hull but a scout's, that the CP pay for."""
    n: cython.int = _warship_choices(s, m)
    k: cython.int
    kind: cython.int
    code: cython.int
    for k in range(n + 5):
        if k < n:
            kind = m.b[O_CHOICE + k]
        else:
            kind = _excess_hull(k - n)
            if _is_choice(m, n, kind):
                continue
        if UNIT_COST[kind] <= m.cp:
            code = _buy(s, legal, m, kind)
            if code >= 0:
                return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _excess_base(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """A base at the own colony worth most (then the lowest hex) that has none."""
    h: cython.int
    unit: cython.int
    best: cython.int
    code: cython.int
    for h in range(m.n):  # 1: has a base, or tried
        m.b[O_HEXVAL + h] = 0
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == BASE:
            m.b[O_HEXVAL + s.u_hex[unit]] = 1
    while True:
        best = -1
        for h in range(m.n):
            if _own_colony(s, m, h) and not m.b[O_HEXVAL + h] and (
                    best < 0 or s.h_col_cp[h] > s.h_col_cp[best]):
                best = h
        if best < 0:
            return -1
        code = (A_BUY << 20) | (BASE << 10) | best
        if legal.contains(code):
            return code
        m.b[O_HEXVAL + best] = 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _excess_hull(k: cython.int) -> cython.int:
    """The hulls for CP that would otherwise be lost, biggest first (never scouts)."""
    if k == 0:
        return DN
    if k == 1:
        return BB
    if k == 2:
        return BC
    if k == 3:
        return CA
    return DD


@cython.cfunc
@cython.exceptval(check=False)
def _is_choice(m: PolicyMemory, n: cython.int, kind: cython.int) -> cython.bint:
    k: cython.int
    for k in range(n):
        if m.b[O_CHOICE + k] == kind:
            return True
    return False
