"""The Economic Phase's purchases: one purchase a step, the first rule that applies.

The rules, in order: a threatened homeworld's emergency, expansion (colony ships,
miners, scouts, pipelines), the first research, a base at home, mines at home, a
ship yard, refits, warships within the maintenance share, more research, and
whatever the carry-over cap would take.  The budget (CP, income, maintenance, the
reserve) is read once per step from the purchase records.
"""

from __future__ import annotations

import cython

from se4x_core.rules import economy, units
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import assignments, picture, war
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


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
    maintenance += economy.maintenance_cost(s, me)
    for h in range(m.n):
        if picture.own_colony(s, m, h):
            income += s.h_col_cp[h]
    m.cp = s.cp[me]
    m.start_cp = s.cp[me] + spent
    m.income = income
    m.maintenance = maintenance
    m.research_spent = research
    m.reserve = m.number(S_RESERVE)
    if income // 4 < m.reserve:
        m.reserve = income // 4


@cython.cfunc
@cython.exceptval(check=False)
def decide(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """The next purchase of the plan (the first rule that applies), or end
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
    if war.home_holds(s, m, True):
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
    if colony_ships < m.number(S_COLONY_SHIPS) and \
            assignments.unclaimed_planets(s, m) > colony_ships:
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
    if miners < m.number(S_MINERS) and minerals > miners:
        code = _buy(s, legal, m, MINER)
        if code >= 0:
            return code
    if scouts < m.number(S_SCOUTS) and unknown > 4 and m.b[O_BOUGHT + SC] == 0:
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
    pipes = assignments.list_type(s, m, MS, False)
    if assignments.pipeline_plan(s, m) - pipes <= bought:
        return -1
    return _buy(s, legal, m, MS)


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
    rule bot's docstring); returns its length."""
    base: cython.int = O_PLANS + m.number(S_RESEARCH_PLAN) * PLAN_STRIDE
    i: cython.int
    h: cython.int
    barren: cython.int = 0
    n: cython.int = m.b[base]
    m.b[O_RPLAN] = n
    for i in range(n):
        m.b[O_RPLAN + 1 + i] = m.b[base + 1 + i]
    for h in range(m.n):
        if picture.face_up_is(s, h, M_BARREN) and s.h_col_owner[h] < 0:
            barren += 1
    if s.tech[m.me * N_TECHS + T_TERRAFORMING] == 0 and barren >= 2:
        _plan_insert(m, 6, T_TERRAFORMING, 1)
    if units.tech_in_play(s, T_FIGHTERS):
        _plan_insert(m, 2, T_FIGHTERS, 1)
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 4), T_FIGHTERS, 2)
    if units.tech_in_play(s, T_POINT_DEFENSE) and picture.enemy_has(s, m, F):
        _plan_insert(m, 0, T_POINT_DEFENSE, 1)
    if units.tech_in_play(s, T_MINES):
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 4), T_MINES, 1)
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 5), T_MINE_SWEEP, 1)
    if units.tech_in_play(s, T_CLOAKING):
        _plan_insert(m, _plan_index(m, T_MOVEMENT, 2), T_CLOAKING, 1)
        _plan_insert(m, _plan_index(m, T_SHIP_SIZE, 5), T_SCANNERS, 1)
    _emphasis_first(s, m)
    return m.b[O_RPLAN]


@cython.cfunc
@cython.exceptval(check=False)
def _emphasis_first(s: State, m: PolicyMemory) -> cython.void:
    """The plan's unit family (``S_EMPHASIS``) first: its technology at the head of the
    research plan, where its rule set is in play."""
    emphasis: cython.int = m.number(S_EMPHASIS)
    if emphasis == EMPHASIS_CARRIERS and units.tech_in_play(s, T_FIGHTERS):
        _plan_insert(m, 0, T_FIGHTERS, 1)
    elif emphasis == EMPHASIS_RAIDERS and units.tech_in_play(s, T_CLOAKING):
        _plan_insert(m, 0, T_CLOAKING, 1)
    elif emphasis == EMPHASIS_MINES and units.tech_in_play(s, T_MINES):
        _plan_insert(m, 0, T_MINE_SWEEP, 1)
        _plan_insert(m, 0, T_MINES, 1)


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
    if m.research_spent + _research_price(s, m, code) <= m.share(S_RESEARCH_SHARE) * m.start_cp:
        return code
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _base(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """A base at the homeworld (strong, never maintained) from the strategy's round."""
    unit: cython.int
    if m.home < 0 or s.round < m.number(S_BASE_ROUND) or m.cp - UNIT_COST[BASE] < m.reserve:
        return -1
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == BASE and s.u_hex[unit] == m.home:
            return -1
    return _buy_home(legal, m, BASE)


@cython.cfunc
@cython.exceptval(check=False)
def _minefield(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
    """Advanced rules: MINES_AT_HOME mines at the homeworld (MINES_EMPHASISED with the
    mine emphasis)."""
    unit: cython.int
    laid: cython.int = 0
    if m.home < 0 or s.tech[m.me * N_TECHS + T_MINES] < 1 or \
            m.cp - UNIT_COST[MINE] < m.reserve:
        return -1
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == MINE and s.u_hex[unit] == m.home:
            laid += 1
    if laid + m.b[O_BOUGHT + MINE] >= (MINES_EMPHASISED if m.number(S_EMPHASIS) == EMPHASIS_MINES
                                       else MINES_AT_HOME):
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
    ships = m.share(S_SHIP_SHARE) * m.income / UNIT_COST[best]
    room = m.maintenance + UNIT_HULL[best] <= m.share(S_MAINTENANCE_SHARE) * m.income
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
        if s.u_type[unit] < 0 or not picture.warship_type(s.u_type[unit]):
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
    """The warship the plan builds at a Ship Size level: cruisers from Ship Size 3,
    battleships at 5 once Attack and Defense reach 3, dreadnoughts at 6."""
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
    rules' types in front; at ``O_CHOICE``,
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
            sweepers += s.u_count[unit]
        elif kind == R:
            raiders += s.u_count[unit]
    emphasis: cython.int = m.number(S_EMPHASIS)
    sweepers += m.b[O_BOUGHT + SW]  # bought this phase, not yet on the map
    raiders += m.b[O_BOUGHT + R]
    if s.tech[t + T_FIGHTERS] >= 1 and (s.tech[t + T_SHIP_SIZE] < 5 or
                                        emphasis == EMPHASIS_CARRIERS):
        n = _choice_insert(m, n, F if fighters < room else CV)
    if s.tech[t + T_POINT_DEFENSE] >= 1 and picture.enemy_has(s, m, F) and \
            defenders < POINT_DEFENSE_SCOUTS:
        n = _choice_insert(m, n, SC)
    if s.tech[t + T_MINE_SWEEP] >= 1 and (sweepers == 0 or
                                          (emphasis == EMPHASIS_MINES and sweepers < 2)):
        n = _choice_insert(m, n, SW)
    if s.tech[t + T_CLOAKING] >= 1 and raiders < (
            RAIDERS_EMPHASISED if emphasis == EMPHASIS_RAIDERS else RAIDERS_WANTED):
        n = _choice_insert(m, n, R)
    if emphasis == EMPHASIS_CARRIERS and s.tech[t + T_FIGHTERS] >= 1 and \
            m.b[O_CHOICE] != F and m.b[O_CHOICE] != CV:
        n = _choice_insert(m, n, F if fighters < room else CV)  # carriers before the rest
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
        if m.maintenance + UNIT_HULL[kind] > m.share(S_MAINTENANCE_SHARE) * m.income:
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
    colony ship; never scouts or decoys."""
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
    if assignments.unclaimed_planets(s, m) > m.b[O_BOUGHT + CO]:
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
            if picture.own_colony(s, m, h) and not m.b[O_HEXVAL + h] and (
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
