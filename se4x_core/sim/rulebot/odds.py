"""Battle odds: who wins a battle between two forces, without rolling a die.

Why not the battle simulator: the search asks these questions hundreds of
thousands of times a second, and 400 simulated battles cost ~0.4 ms each.  Here a
deterministic *mean-field* battle (expected hits volley by volley in firing order,
with the fleet-size bonus, terrain, carriers shielded by their fighters, point
defense, cloaked raiders' first strike) gives the balance of what is left of each
side, and :data:`~se4x_core.sim.rulebot.constants.ODDS_TABLE`, calibrated on the
simulator's answers (``benchmarks/calibrate_policy_odds.py``), turns it into a
chance.  A Doomsday Machine, hit on a 1 only, is a Poisson count of hits over the
shots the fleet fires before the machine destroys it.  The arithmetic of a shot
(to-hit numbers, tech caps, classes, firing order) is the rules' own
(:mod:`se4x_core.kernel.battle_math`).

A question is two forces in the memory's scratch (force 0 attacks, force 1
defends), each a list of entries (type, count, attack, defense, tactics, level:
a fighter's F level, a scout's Point Defense; type -2 is a Doomsday Machine whose
level is the hits it has taken).
"""

from __future__ import annotations

import cython

from se4x_core.kernel import battle_math
from se4x_core.rules import units
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import picture
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *

if cython.compiled:
    from cython.cimports.libc.math import exp
else:
    from math import exp


@cython.cfunc
@cython.exceptval(check=False)
def force_clear(m: PolicyMemory, side: cython.int) -> cython.void:
    m.b[O_NFORCE + side] = 0


@cython.cfunc
@cython.exceptval(check=False)
def force_add(m: PolicyMemory, side: cython.int, kind: cython.int, count: cython.int,
               att: cython.int, dfn: cython.int, tac: cython.int,
               level: cython.int) -> cython.void:
    """Add ships to one side's force, merged with an entry of the same type and levels
    (kind -2 is a Doomsday Machine, level its hits), its levels capped at 3."""
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
def force_add_unit(s: State, m: PolicyMemory, side: cython.int, unit: cython.int) -> cython.void:
    """A counter into a force if it fights (a fighter's level at least F1, a scout's its
    Point Defense)."""
    kind: cython.int = s.u_type[unit]
    level: cython.int = 0
    if not picture.armed_type(kind):
        return
    if kind == F:
        level = units.special_level(s, unit)
        if level < 1:
            level = 1
    elif kind == SC:
        level = units.special_level(s, unit)
    force_add(m, side, kind, s.u_count[unit], units.combat_level(s, unit, 0),
               units.combat_level(s, unit, 1), units.combat_level(s, unit, 2), level)


@cython.cfunc
@cython.exceptval(check=False)
def attacker_wins(m: PolicyMemory, terrain: cython.int) -> cython.double:
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
def defender_holds(m: PolicyMemory, terrain: cython.int) -> cython.double:
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
    """The default target of a volley, by the rules' own preference
    (:func:`~se4x_core.kernel.battle_math.better_target`: best hit chance, then the
    biggest threat, then the first listed; no group counts as damaged here); carriers
    are shielded while their side has fighters."""
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
        if best < 0 or battle_math.better_target(faces, False, threat, best_faces, False,
                                                 best_threat):
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
        if best < 0 or battle_math.better_target(faces, False, threat, best_faces, False,
                                                 best_threat):
            best = t
            best_faces = faces
            best_threat = threat
    return best if best < 0 else best * 16 + best_faces


@cython.cfunc
@cython.exceptval(check=False)
def swap_forces(m: PolicyMemory) -> cython.void:
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


def unit_odds(s: State, m: PolicyMemory, player: int, attacker: list[int], defender: list[int],
         terrain: int, holds: bool = False) -> float:
    """The rule bot's odds for ``player`` of the counters ``attacker`` against ``defender``
    (the chance the attacker wins, or with ``holds`` the defender): for tests and the
    calibration script."""
    s_player = s.current_player
    s.current_player = player
    picture.begin(s, m)
    s.current_player = s_player
    force_clear(m, 0)
    force_clear(m, 1)
    for unit in attacker:
        force_add_unit(s, m, 0, unit)
    for unit in defender:
        force_add_unit(s, m, 1, unit)
    return defender_holds(m, terrain) if holds else attacker_wins(m, terrain)


def force_odds(attacker: list[tuple[int, int, int, int, int, int]],
               defender: list[tuple[int, int, int, int, int, int]], terrain: int,
               holds: bool = False, memory: PolicyMemory | None = None) -> float:
    """The odds of two forces given as lists of entries (type, count,
    attack, defense, tactics, level; type -2 a Doomsday Machine, its level the hits
    taken): the calibration script compares them with the simulator.  ``memory``:
    scratch to reuse (a new one otherwise)."""
    m = memory if memory is not None else PolicyMemory()
    force_clear(m, 0)
    force_clear(m, 1)
    for side, force in ((0, attacker), (1, defender)):
        for kind, count, att, dfn, tac, level in force:
            force_add(m, side, kind, count, att, dfn, tac, level)
    return defender_holds(m, terrain) if holds else attacker_wins(m, terrain)


def balance(attacker: list[tuple[int, int, int, int, int, int]],
            defender: list[tuple[int, int, int, int, int, int]], terrain: int) -> float:
    """The mean-field balance of two forces (the input of :data:`ODDS_TABLE`)."""
    m = PolicyMemory()
    for side, force in ((0, attacker), (1, defender)):
        for kind, count, att, dfn, tac, level in force:
            force_add(m, side, kind, count, att, dfn, tac, level)
    return _mean_field(m, terrain)
