"""Advanced rule: raiders, cloaking and scanners (config ``"advanced": ["raiders"]``).

Rules (docs/charts.md#ship-technology-chart and #advanced-rules-data; how se4x reads
them: docs/rules-interpretations.md#raiders): a raider is cloaked while its
Cloaking level exceeds the enemy's Scanners, carried by destroyers, so the level
that counts is the best among the enemy's destroyers in the raider's hex; cloaking
fails in nebulae.  Cloaked raiders pass through enemy hexes, stop no one, avoid
combat unless they move in (:func:`lying_in_wait`), and fire round 1 of a battle as
class A with +1 attack (:func:`mark_ambushes`, ``F_AMBUSH``).

Who may ask: movement (a step past enemies), exploration, the combat phase; every
answer is False, or the plain count, while the rule set is off.
"""

from __future__ import annotations

import cython

from se4x_core.rules import units
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


@cython.ccall
@cython.exceptval(check=False)
def scanners_here(s: State, hex_index: cython.int, player: cython.int) -> cython.int:
    """The Scanners level ``player`` brings to a hex: "Scanners are carried by
    destroyers" (docs/charts.md), so the best level among its destroyer groups there
    (0 without any)."""
    best: cython.int = 0
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == DD and s.u_hex[unit] == hex_index \
                and units.special_level(s, unit) > best:
            best = units.special_level(s, unit)
    return best


@cython.ccall
@cython.exceptval(check=False)
def cloaked_against(s: State, unit: cython.int, enemy: cython.int) -> cython.bint:
    """Is ``unit`` a raider cloaked against ``enemy`` where it stands?

    docs/charts.md#advanced-rules-data: raiders are cloaked while their Cloaking level
    exceeds the enemy's Scanners; cloaking fails in nebulae.  The enemy's Scanners
    are those of its destroyers in the raider's hex (:func:`scanners_here`).
    """
    return cloaked_at(s, unit, s.u_hex[unit], enemy)


@cython.ccall
@cython.exceptval(check=False)
def cloaked_at(s: State, unit: cython.int, hex_index: cython.int, enemy: cython.int) -> cython.bint:
    """Would raider ``unit`` be cloaked against ``enemy`` in this hex (see
    :func:`cloaked_against`)?  Movement asks before a step."""
    if s.u_type[unit] != R or s.options & OPT_RAIDERS == 0:
        return False
    if s.h_face_up[hex_index] and s.h_marker[hex_index] == M_NEBULA:
        return False
    return units.special_level(s, unit) > scanners_here(s, hex_index, enemy)


@cython.ccall
@cython.exceptval(check=False)
def detected_armed_here(s: State, hex_index: cython.int, player: cython.int,
                        enemy: cython.int) -> cython.int:
    """``enemy``'s combat groups in a hex that ``player`` can engage: all of them but
    raiders cloaked against ``player`` (those avoid combat and stop no one)."""
    n: cython.int = s.hx_armed[hex_index * s.n_players + enemy]
    unit: cython.int
    if n == 0 or s.options & OPT_RAIDERS == 0:
        return n
    for unit in range(enemy * UNITS_PER_PLAYER, (enemy + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == R and s.u_hex[unit] == hex_index and cloaked_against(s, unit, player):
            n -= 1
    return n


@cython.ccall
@cython.exceptval(check=False)
def enemy_detected_here(s: State, hex_index: cython.int, player: cython.int) -> cython.int:
    """Every other player's combat groups in a hex that ``player`` can engage (see
    :func:`detected_armed_here`); :func:`units.enemy_armed_here` when raiders are not in play."""
    if s.options & OPT_RAIDERS == 0:
        return units.enemy_armed_here(s, hex_index, player)
    total: cython.int = 0
    p: cython.int
    for p in range(s.n_players):
        if units.hostile(s, p, player):
            total += detected_armed_here(s, hex_index, player, p)
    return total


@cython.ccall
@cython.exceptval(check=False)
def passes_unseen(s: State, unit: cython.int) -> cython.bint:
    """A raider cloaked against every enemy with combat units in its hex: it may move on
    through the hex ("they may pass through enemy hexes")."""
    return unseen_at(s, unit, s.u_hex[unit])


@cython.ccall
@cython.exceptval(check=False)
def unseen_at(s: State, unit: cython.int, hex_index: cython.int) -> cython.bint:
    """Would raider ``unit`` be cloaked against every enemy with combat units in this
    hex?  Movement asks it before a step (:func:`passes_unseen` where the unit stands)."""
    player: cython.int = unit // UNITS_PER_PLAYER
    p: cython.int
    if s.u_type[unit] != R or s.options & OPT_RAIDERS == 0:
        return False
    for p in range(s.n_players):
        if units.hostile(s, p, player) and s.hx_armed[hex_index * s.n_players + p] > 0 and \
                not cloaked_at(s, unit, hex_index, p):
            return False
    return True


@cython.ccall
@cython.exceptval(check=False)
def lying_in_wait(s: State, hex_index: cython.int, attacker: cython.int) -> cython.bint:
    """All the mover has in the hex are cloaked raiders that did not move this turn.

    Interpretation (docs/rules-interpretations.md#raiders): cloaked raiders avoid combat, so
    they fight only when their owner chooses to, and the choice is the move: raiders
    that end a move in an enemy hex attack; raiders that stay where they are do not.
    """
    unit: cython.int
    for unit in range(attacker * UNITS_PER_PLAYER, (attacker + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_hex[unit] == hex_index and (
                s.u_moved[unit] != 0 or not passes_unseen(s, unit)):
            return False
    return True


@cython.ccall
@cython.exceptval(check=False)
def mark_ambushes(s: State, hex_index: cython.int, attacker: cython.int,
                   defender: cython.int) -> cython.void:
    """Raiders cloaked against the other side as the battle begins fight the first round
    in the class-A position with +1 attack (docs/charts.md#ship-technology-chart: "A and
    +1 attack in round 1 while cloaked").  Settled once, before the first shot, like
    the battle simulator (:mod:`se4x_core.sim.combat_sim`)."""
    unit: cython.int
    owner: cython.int
    for unit in range(s.n_units):
        owner = unit // UNITS_PER_PLAYER
        if s.u_type[unit] != R or s.u_hex[unit] != hex_index or \
                (owner != attacker and owner != defender):
            continue
        if cloaked_against(s, unit, defender if owner == attacker else attacker):
            s.u_flags[unit] |= F_AMBUSH
