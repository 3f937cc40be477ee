"""Advanced rule: carriers, fighters and point defense (config ``"advanced": ["fighters"]``).

Rules (docs/charts.md, the Carrier, Fighter, Fighters and Point Defense rows; how se4x
reads them: docs/rules-interpretations.md#fighters): a carrier holds three
fighters; fighters ride aboard (a fighter group's ``u_cargo`` is its carrier's unit
number + 1) and never move by themselves.  In battle a carrier cannot be targeted
while its side has an unscreened fighter group there, and a scout with Point
Defense facing fighters fires at them only, as class A (``F_POINT_DEFENSE``, set
once a round by the combat phase from :func:`fires_point_defense`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core.rules import units
from se4x_core.rules.state import State

if TYPE_CHECKING:
    from se4x_core.events import EventLog

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


@cython.ccall
@cython.exceptval(check=False)
def fighters_aboard(s: State, carrier: cython.int) -> cython.int:
    """Fighters riding aboard a carrier group (a fighter group's ``u_cargo`` is its
    carrier's unit number + 1, 0 when it is not aboard)."""
    first: cython.int = (carrier // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
    n: cython.int = 0
    unit: cython.int
    for unit in range(first, first + UNITS_PER_PLAYER):
        if s.u_type[unit] == F and s.u_cargo[unit] == carrier + 1:
            n += s.u_count[unit]
    return n


@cython.ccall
@cython.exceptval(check=False)
def carrier_room(s: State, carrier: cython.int) -> cython.int:
    """Fighters a carrier group could still take aboard (3 per carrier)."""
    return CARRIER_CAPACITY * s.u_count[carrier] - fighters_aboard(s, carrier)


@cython.ccall
@cython.exceptval(check=False)
def fit_fighters(s: State, carrier: cython.int) -> cython.void:
    """A carrier group that lost ships leaves the fighters it can no longer carry where
    they are (the last-numbered groups first)."""
    first: cython.int = (carrier // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
    unit: cython.int = first + UNITS_PER_PLAYER - 1
    while unit >= first and carrier_room(s, carrier) < 0:
        if s.u_type[unit] == F and s.u_cargo[unit] == carrier + 1:
            s.u_cargo[unit] = 0
        unit -= 1


@cython.ccall
@cython.exceptval(check=False)
def fighters_in_battle(s: State, player: cython.int) -> cython.bint:
    """``player`` has an unscreened fighter group in the battle."""
    unit: cython.int
    if player < 0:
        return False  # a Doomsday Machine
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == F and s.u_hex[unit] == s.b_hex and \
                not s.u_flags[unit] & F_SCREENED:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def fires_point_defense(s: State, unit: cython.int, enemy: cython.int) -> cython.bint:
    """Does this unscreened scout group in the battle fire as point defense this round?

    docs/charts.md#advanced-rules-data: Point Defense lets scouts fire at fighters as
    A-class with attack 6/7/8.  Interpretation (docs/rules-interpretations.md#fighters):
    decided once a round, after screening: a scout group with Point Defense whose enemy
    has fighters in the battle fires in the class-A position at fighters only, with its
    point-defense attack; if none is left when a ship's turn comes, that shot is lost.
    In a round without enemy fighters it fires as an ordinary class-E scout.
    """
    return (s.u_type[unit] == SC and units.special_level(s, unit) > 0
            and fighters_in_battle(s, enemy))


@cython.ccall
@cython.exceptval(check=False)
def may_target(s: State, unit: cython.int, target: cython.int, enemy: cython.int) -> cython.bint:
    """The carrier and point-defense limits on a target of ``enemy``'s
    (docs/charts.md#advanced-rules-data): a scout firing as point defense fires at
    fighters only, and a carrier cannot be targeted while its side has fighters in the
    battle."""
    if unit < MACHINE_UNIT and s.u_flags[unit] & F_POINT_DEFENSE and s.u_type[target] != F:
        return False
    return s.u_type[target] != CV or not fighters_in_battle(s, enemy)


@cython.ccall
@cython.exceptval(-1, check=False)
def lose_ship(s: State, unit: cython.int, ev: EventLog | None, reason: str) -> cython.int:
    """One ship of a group is destroyed (its hull's hits reached, or a mine): the group
    shrinks by one, or the counter goes with its last ship.  A carrier group keeps only
    the fighters it still has room for; the others stay in the hex, unattached (and a
    carrier counter destroyed leaves its fighters there too)."""
    if s.u_count[unit] > 1:
        s.set_count(unit, s.u_count[unit] - 1)
        if s.u_type[unit] == CV:
            fit_fighters(s, unit)
        if ev is not None:
            ev.emit(E_SHIP_DESTROYED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, s.u_count[unit])
        return 0
    return units.destroy_unit(s, unit, ev, reason)
