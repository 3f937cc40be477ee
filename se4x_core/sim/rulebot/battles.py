"""Battles: fire at the best target, or retreat from a hopeless battle.

A group retreats, toward home, once the odds give its side less than the
strategy's retreat odds (never from its own homeworld); else each ship fires at
the target with the best hit chance times the target's threat, per hit its lead
ship still needs (the rules' own to-hit numbers).
"""

from __future__ import annotations

import cython

from se4x_core.kernel import battle_math
from se4x_core.rules import combat, engine
from se4x_core.rules.advanced import warp
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim.rulebot import odds, picture
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.rulebot.constants import *


@cython.cfunc
@cython.exceptval(check=False)
def decide(s: State, legal: ActionList, m: PolicyMemory) -> cython.int:
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
        d = picture.dist(s, m, h, m.home) if m.home >= 0 else 0
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
    odds.force_clear(m, 0)
    odds.force_clear(m, 1)
    for unit in range(m.me * UNITS_PER_PLAYER, (m.me + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_hex[unit] == h:
            odds.force_add_unit(s, m, 0, unit)
    if s.b_defender == MACHINE_SIDE:
        odds.force_add(m, 1, -2, 1, 0, 0, 0,
                   m.b[O_HX_MACHINE + h] - 1 if m.b[O_HX_MACHINE + h] > 0 else 0)
        chance = odds.attacker_wins(m, terrain)
    else:
        for unit in range(s.n_units):
            owner = unit // UNITS_PER_PLAYER
            if s.u_hex[unit] == h and picture.enemy_unit(s, m, unit) and \
                    (owner == s.b_attacker or owner == s.b_defender):
                odds.force_add_unit(s, m, 1, unit)
        if s.b_attacker == m.me:
            chance = odds.attacker_wins(m, terrain)
        else:  # the forces swap places: the enemy attacks, we hold
            odds.swap_forces(m)
            chance = odds.defender_holds(m, terrain)
    return chance < m.share(S_RETREAT_ODDS)


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
