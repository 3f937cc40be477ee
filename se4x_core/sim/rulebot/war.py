"""The war plan, decided once a turn: gather, attack or defend, and where.

The main stack (the hex with the most fleet value) attacks the target with the
best worth x odds / distance that the odds approve; a homeworld that would not
hold without the fleet narrows the targets to the enemy stacks threatening it;
the finishing push sends the whole fleet against an enemy it clearly outclasses.
The plan, the attack and push targets and the explorers of the turn are kept in
the memory (the war record, ``W_*``) so that every step of the turn follows them.

Team play (the strategy's ``S_TEAMWORK``, TEAM_* parts): a partner joins the
attack its ally has under way (:func:`team_target`: the enemy homeworld the ally's
armed counters press), worth half as much again as another target, and the
finishing push takes it before any other within reach; an enemy stack near an
ally's homeworld is worth what one near the own homeworld is.
"""

from __future__ import annotations

import cython

from se4x_core.rules import combat, units
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import assignments, odds, paths, picture
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def _in_fleet(m: PolicyMemory, unit: cython.int) -> cython.bint:
    return m.b[O_FLEET + unit - m.me * UNITS_PER_PLAYER] != 0


@cython.cfunc
@cython.exceptval(check=False)
def home_holds(s: State, m: PolicyMemory, all_warships: cython.bint) -> cython.bint:
    """Would the homeworld beat the enemy combat counters within THREAT_RADIUS without
    the fleet (``O_FLEET`` flags, or every warship)?"""
    unit: cython.int
    if m.home < 0 or picture.threat_count(s, m, THREAT_RADIUS) == 0:
        return True
    odds.force_clear(m, 0)
    odds.force_clear(m, 1)
    for unit in range(s.n_units):
        if picture.enemy_unit(s, m, unit) and picture.armed_type(s.u_type[unit]) and \
                picture.dist(s, m, s.u_hex[unit], m.home) <= THREAT_RADIUS:
            odds.force_add_unit(s, m, 0, unit)
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or s.u_hex[unit] != m.home or not picture.armed_type(s.u_type[unit]):
            continue
        if all_warships and picture.warship_type(s.u_type[unit]):
            continue
        if not all_warships and m.b[O_FLEET + unit - m.me * UNITS_PER_PLAYER]:
            continue
        odds.force_add_unit(s, m, 1, unit)
    return odds.defender_holds(m, TERRAIN_OPEN) >= m.share(S_DEFEND_ODDS)


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
            m.b[O_HEXVAL + s.u_hex[unit]] += picture.unit_value(s, unit)
            any_fleet = True
    if not any_fleet:
        return m.home
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or not _in_fleet(m, unit):
            continue
        h = s.u_hex[unit]
        d = picture.dist(s, m, h, home)
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
    odds.force_clear(m, side)
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] < 0 or not _in_fleet(m, unit):
            continue
        if at >= 0 and s.u_hex[unit] != at:
            continue
        odds.force_add_unit(s, m, side, unit)
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
    odds.force_clear(m, 1)
    if m.b[O_HX_MACHINE + h] > 0:
        odds.force_add(m, 1, -2, 1, 0, 0, 0, m.b[O_HX_MACHINE + h] - 1)
        return
    for unit in range(s.n_units):
        if picture.enemy_unit(s, m, unit) and picture.armed_type(s.u_type[unit]) and \
                picture.dist(s, m, s.u_hex[unit], h) <= 1:
            odds.force_add_unit(s, m, 1, unit)


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
    threatened: cython.bint = not home_holds(s, m, False)
    total: cython.int = 0
    at_main: cython.int = 0
    unit: cython.int
    gathered: cython.bint
    target: cython.int
    cap: cython.int
    targets: cython.int = m.number(S_TARGETS)
    # a raider finishes a beaten empire once no colony is left to raid: else, against
    # an empire that settles nothing, its fleet would wait at home to the last round;
    # a guard, like hold, never sets out for a homeworld
    if not threatened and targets != TARGETS_NONE and targets != TARGETS_GUARD and \
            (targets != TARGETS_COLONIES or not _colony_to_raid(s, m)):
        if _finishing_push(s, m, main, pushing, current):
            return
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and _in_fleet(m, unit):
            total += picture.unit_value(s, unit)
            if s.u_hex[unit] == main:
                at_main += picture.unit_value(s, unit)
    gathered = threatened or main != home or at_main >= m.share(S_GATHERED_SHARE) * total
    cap = _fleet_force(s, m, 0, main)
    target = _best_target_hex(s, m, main, current, gathered, threatened)
    if target >= 0:
        _set_plan(m, WAR_ATTACK, target, cap, main, -1)
    else:
        _set_plan(m, WAR_DEFEND if threatened else WAR_GATHER, home, 99, main, -1)


@cython.cfunc
@cython.exceptval(check=False)
def _colony_to_raid(s: State, m: PolicyMemory) -> cython.bint:
    """Whether this player knows of an enemy colony other than a homeworld: what a
    raiding posture (TARGETS_COLONIES) attacks."""
    h: cython.int
    for h in range(m.n):
        if picture.hostile_colony(s, m, h) and not picture.enemy_home(s, m, h):
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def team_target(s: State, m: PolicyMemory) -> cython.int:
    """The enemy homeworld the team attacks together, or -1 (none, or no teamwork): the
    living hostile homeworld an ally presses hardest, its armed counters within
    STAGING_DISTANCE of it (the partner joins an attack under way rather than opening a
    second front)."""
    unit: cython.int
    owner: cython.int
    p: cython.int
    h: cython.int
    pressure: cython.int
    best: cython.int = -1
    best_pressure: cython.int = 0
    if not picture.teamwork(s, m, TEAM_TARGET):
        return -1
    for p in range(s.n_players):
        h = s.homeworld[p]
        if h < 0 or not picture.enemy_home(s, m, h):
            continue
        pressure = 0
        for unit in range(s.n_units):
            owner = unit // UNITS_PER_PLAYER
            if s.u_type[unit] >= 0 and owner != m.me and s.alive[owner] and \
                    s.team[owner] == s.team[m.me] and picture.armed_type(s.u_type[unit]) and \
                    picture.dist(s, m, s.u_hex[unit], h) <= STAGING_DISTANCE:
                pressure += picture.unit_value(s, unit)
        if pressure > best_pressure:
            best = h
            best_pressure = pressure
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _stack_worth(s: State, m: PolicyMemory, h: cython.int) -> cython.int:
    """What the enemy combat counters at ``h`` cost: a stack's worth as a target."""
    unit: cython.int
    worth: cython.int = 0
    for unit in range(s.n_units):
        if s.u_hex[unit] == h and picture.enemy_unit(s, m, unit) and \
                picture.armed_type(s.u_type[unit]):
            worth += picture.unit_value(s, unit)
    return worth


@cython.cfunc
@cython.exceptval(check=False)
def _guarded_worth(s: State, m: PolicyMemory, h: cython.int) -> cython.int:
    """What an enemy stack at ``h`` threatens, in quarters: the richest own colony
    within GUARD_RADIUS, worth what it would be to a raider (16 + 4 x its CP), or -1
    when none is that near.  A guarding fleet (TARGETS_GUARD) answers raids with it:
    the rule bot's other targets leave the colonies to fend for themselves."""
    c: cython.int
    best: cython.int = -1
    for c in range(m.n):
        if s.h_col_owner[c] == m.me and picture.dist(s, m, h, c) <= GUARD_RADIUS:
            best = max(best, _colony_worth(s, c))
    return best


@cython.cfunc
@cython.exceptval(check=False)
def _colony_worth(s: State, h: cython.int) -> cython.int:
    """A colony's worth to a raider, in quarters: 4 + its CP."""
    return 16 + 4 * s.h_col_cp[h]


@cython.cfunc
@cython.exceptval(check=False)
def _target_worth(s: State, m: PolicyMemory, h: cython.int, threatened: cython.bint,
                  targets: cython.int, focus: cython.int) -> cython.int:
    """A target's worth in quarters, or -1 when ``h`` is none: an enemy homeworld 40, an
    enemy colony 4 + its CP, a Doomsday Machine 12, an enemy stack a quarter of its cost
    (10 more within two hexes of the threat radius; guarding, only a stack near an own
    colony, worth that colony's 4 + CP more), as far as ``targets`` (TARGETS_*) and
    ``focus`` (a hex, -1 for any) allow.  Threatened, only the hexes of the enemy
    combat counters near home count, at 20 each."""
    unit: cython.int
    worth: cython.int
    if threatened:
        for unit in range(s.n_units):
            if s.u_hex[unit] == h and picture.enemy_unit(s, m, unit) and \
                    picture.armed_type(s.u_type[unit]) and \
                    picture.dist(s, m, h, m.home) <= THREAT_RADIUS:
                return 80
        return -1
    if targets == TARGETS_NONE:
        return -1
    if focus >= 0 and h != focus:
        return -1
    if targets == TARGETS_GUARD:
        if m.b[O_HX_ARMED + h] == 0:
            return -1
        worth = _guarded_worth(s, m, h)
        return worth + _stack_worth(s, m, h) if worth >= 0 else -1
    if m.b[O_HX_MACHINE + h] > 0:
        return MACHINE_WORTH4 if targets == TARGETS_BEST else -1
    if picture.enemy_home(s, m, h):
        return 160 if targets != TARGETS_COLONIES else -1
    if targets == TARGETS_HOMEWORLD:
        return -1
    if picture.hostile_colony(s, m, h):
        return _colony_worth(s, h)
    if targets == TARGETS_COLONIES or m.b[O_HX_ARMED + h] == 0 or m.home < 0:
        return -1
    worth = _stack_worth(s, m, h)
    if picture.dist(s, m, h, m.home) <= THREAT_RADIUS + 2 or \
            picture.near_ally_home(s, m, h, THREAT_RADIUS + 2):
        return worth + 40
    return worth


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
    team: cython.int = team_target(s, m)
    for h in range(m.n):
        if h != current and not gathered:
            continue
        worth = _target_worth(s, m, h, threatened, m.number(S_TARGETS), m.number(S_FOCUS))
        if worth < 0:
            continue
        if h == team:
            worth += worth // 2
        cost = paths.goal_cost(s, m, main, MODE_FLEET, h)
        if cost >= UNREACHABLE:
            continue
        _defence_at(s, m, h)
        chance = odds.attacker_wins(m, combat.terrain_of(s, h))
        if chance < m.share(S_ABORT_ODDS if h == current else S_ATTACK_ODDS):
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
    (only onto the focus, if there is one): sets the
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
    team: cython.int = team_target(s, m)
    for p in range(s.n_players):
        h = s.homeworld[p]
        if h < 0 or not m.hostile >> p & 1:
            continue
        if not picture.enemy_home(s, m, h) or (m.number(S_FOCUS) >= 0 and h != m.number(S_FOCUS)):
            continue
        terrain = combat.terrain_of(s, h)
        going = h == pushing or h == current
        _fleet_force(s, m, 0, -1)
        odds.force_clear(m, 1)
        for unit in range(p * UNITS_PER_PLAYER, (p + 1) * UNITS_PER_PLAYER):
            if s.u_type[unit] >= 0:
                odds.force_add_unit(s, m, 1, unit)
        if odds.attacker_wins(m, terrain) < m.share(S_ABORT_ODDS if going else S_PUSH_ODDS):
            continue
        cost = paths.goal_cost(s, m, main, MODE_FLEET, h)
        if cost >= UNREACHABLE:
            continue
        if h == team:  # the team's target first, unless another is far nearer
            cost -= TEAM_TARGET_STEPS
        _fleet_force(s, m, 0, main)
        ready = odds.attacker_wins(m, terrain) >= m.share(S_ABORT_ODDS if going else S_ATTACK_ODDS)
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
    if picture.dist(s, m, main, target) <= STAGING_DISTANCE:
        return main
    e = paths.search(s, m, main, MODE_FLEET)
    h = target
    if h != main and picture.dist(s, m, h, target) < STAGING_DISTANCE:
        h = paths.goal_parent(s, m, e, target, MODE_FLEET)
    while h >= 0 and h != main and picture.dist(s, m, h, target) < STAGING_DISTANCE:
        h = m.b[O_PPAR + e * MAX_HEX + h]
    return h if h >= 0 else main


@cython.cfunc
@cython.exceptval(check=False)
def turn_plan(s: State, m: PolicyMemory) -> cython.void:
    """The fleet's plan and the explorers, decided at the player's first movement
    decision of a turn."""
    w: cython.int = O_WAR + m.me * N_WAR
    first: cython.int = m.me * UNITS_PER_PLAYER
    unit: cython.int
    t: cython.int
    spare: cython.bint
    if m.b[w + W_VALID] and m.b[w + W_ROUND] == s.round and m.b[w + W_TURN] == s.turn:
        return
    assignments.explore(s, m, 0)  # the scouts busy exploring are not part of the fleet
    for unit in range(first, first + UNITS_PER_PLAYER):
        t = s.u_type[unit]
        m.b[O_FLEET + unit - first] = picture.warship_type(t) and not (
            t == SC and assignments.target_of(m, AK_EXPLORE, unit) >= 0)
    _choose_war_plan(s, m)
    spare = m.b[w + W_MODE] == WAR_GATHER and s.round <= EARLY_ROUNDS and \
        picture.threat_count(s, m, THREAT_RADIUS) == 0
    assignments.explore(s, m, 2 if spare else 0)
    for unit in range(first, first + UNITS_PER_PLAYER):
        m.b[O_EXPL + unit] = s.u_type[unit] >= 0 and assignments.target_of(m, AK_EXPLORE, unit) >= 0
    m.b[w + W_ATTACK] = m.b[w + W_TARGET] if m.b[w + W_MODE] == WAR_ATTACK else -1
    m.b[w + W_PUSHING] = m.b[w + W_PUSH]
    m.b[w + W_VALID] = 1
    m.b[w + W_ROUND] = s.round
    m.b[w + W_TURN] = s.turn
    m.assign_ready &= ~(1 << AK_EXPLORE)


def target_candidates(s: State, m: PolicyMemory, player: int, count: int) -> list[int]:
    """Up to ``count`` hexes worth attacking for ``player`` other than its current attack
    target, best first by worth / (3 + distance from the main stack), as the war plan
    ranks them before the odds: the attack targets a search may weigh as focuses
    (:attr:`se4x_core.ai.strategy.Strategy.focus`).  The default strategy's targets
    (any kind, no focus), whatever ``player`` plays now; the fleet is every warship."""
    if count <= 0:
        return []
    acting = s.current_player
    s.current_player = player
    picture.begin(s, m)
    s.current_player = acting
    first = player * UNITS_PER_PLAYER
    for unit in range(first, first + UNITS_PER_PLAYER):
        m.b[O_FLEET + unit - first] = picture.warship_type(s.u_type[unit])
    main = _main_stack(s, m)
    if main < 0:  # no fleet and no homeworld: nothing attacks
        return []
    current = m.war(player, W_ATTACK)
    ranked = []
    for h in range(m.n):
        worth = _target_worth(s, m, h, False, TARGETS_BEST, -1)
        if worth >= 0 and h != current:
            ranked.append((-worth / (3 + picture.dist(s, m, main, h)), h))
    return [h for _score, h in sorted(ranked)[:count]]


def team_plan(s: State, m: PolicyMemory, player: int) -> tuple[int, list[int]]:
    """What teamwork means for ``player`` now, as its strategy in ``m`` has it: the
    team's target (-1: no teamwork) and the known free deep-space planets it leaves to
    an ally (nearer the ally's homeworld).  For tests and the docs' examples."""
    acting = s.current_player
    s.current_player = player
    picture.begin(s, m)
    s.current_player = acting
    left = [h for h in range(m.n) if s.tables.region[h] < 0 and
            picture.face_up_is(s, h, M_PLANET) and s.h_col_owner[h] < 0 and
            picture.ally_nearer(s, m, h)]
    return team_target(s, m), left
