"""The official solitaire opponent: the alien players' Economic Phase.

An alien player (``State.alien[p] > 0``: its CP per roll) has no colonies
but its homeworld, no income, no ship yards and pays no maintenance.  Each
Economic Phase it runs the alien player tables (docs/charts.md#alien-player-tables,
:data:`se4x_core.data.ALIEN_ROLLS` and the tables beside it) with the state's dice:

1. **Rolls.** As many d10s as the table gives for the phase (the Economic
   Phase of round r is phase r; past phase 20 rows 19 and 20 alternate, odd
   phases row 19), plus one per roll's worth of CP in the Econ bank.  Each
   roll banks the player's CP per roll (Easy 5, Normal 10, Hard 15) in the
   bank its result falls in: Econ (extra rolls in every later phase), Fleet,
   Tech or Defense.
2. **Technology.** The Tech bank buys the levels of
   :data:`se4x_core.data.ALIEN_TECH_PLAN` in order at the Research chart's
   prices, one level per technology per phase; it stops at the first level
   it cannot pay (it saves for it).
3. **Defense.** The Defense bank buys a base at the homeworld (12 CP, Ship
   Size 2, one per hex); once a base stands (or none may be built) it buys
   warships that stay home as the home guard, like a fleet purchase below.
   The basic game has no mines.  Before Ship Size 2 it saves.
4. **Fleet launch.** If the table gives a launch range for the phase, one
   d10 is rolled; on a result in the range, with at least 6 CP in the Fleet
   bank and fewer than 3 fleets out, a fleet launches: the Fleet bank buys
   the largest hulls the alien's Ship Size allows that it can pay, as many
   as it can, then the next smaller, down to scouts (counter limits
   permitting); what it cannot spend stays in the bank.  The new groups
   appear at the homeworld carrying the fleet's number (1-3) in their flags
   (:data:`~se4x_core.rules.codes.F_FLEET`); a fleet is "out" while any of
   its groups lives.

Banks hold at most :data:`BANK_CAP` CP (a 16-bit field; never reached in
play).  Every unit bought has the alien's technology of the moment.  What
the banks hold is hidden from the other players (the leak check changes it);
the groups placed are announced like any placement (face down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

if TYPE_CHECKING:
    from se4x_core.events import EventLog

from se4x_core import data
from se4x_core.rules import units
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

BANK_CAP: cython.int = 9999


@cython.ccall
@cython.exceptval(check=False)
def alien_row(phase: cython.int) -> cython.int:
    """The table row (0-based) of Economic Phase ``phase`` (see :func:`data.alien_row`)."""
    if phase <= N_ALIEN_ROWS:
        return phase - 1 if phase > 0 else 0
    return N_ALIEN_ROWS - 2 if phase % 2 else N_ALIEN_ROWS - 1


@cython.ccall
@cython.exceptval(check=False)
def bank_of(row: cython.int, die: cython.int) -> cython.int:
    """The bank a d10 result goes to in table row ``row``."""
    if die <= ALIEN_ECON_MAX[row]:
        return BANK_ECON
    if die <= ALIEN_FLEET_MAX[row]:
        return BANK_FLEET
    if die <= ALIEN_TECH_MAX[row]:
        return BANK_TECH
    return BANK_DEFENSE


@cython.ccall
@cython.exceptval(check=False)
def rolls_due(s: State, player: cython.int) -> cython.int:
    """The rolls ``player`` makes in this round's Economic Phase."""
    per_roll: cython.int = s.alien[player]
    extra: cython.int = s.alien_bank[player * N_BANKS + BANK_ECON] // per_roll
    return ALIEN_ROLLS[alien_row(s.round)] + extra


@cython.ccall
@cython.exceptval(check=False)
def fleets_out(s: State, player: cython.int) -> cython.int:
    """How many of ``player``'s fleets have a living group (bit per fleet number)."""
    mask: cython.int = 0
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_flags[unit] & F_FLEET:
            mask |= 1 << ((s.u_flags[unit] & F_FLEET) >> F_FLEET_SHIFT)
    return mask


@cython.cfunc
@cython.exceptval(check=False)
def _count_bits(mask: cython.int) -> cython.int:
    n: cython.int = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


@cython.ccall
@cython.exceptval(-1, check=False)
def alien_economy(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """One alien player's Economic Phase: rolls, technology, defense, fleet launch."""
    row: cython.int = alien_row(s.round)
    per_roll: cython.int = s.alien[player]
    base: cython.int = player * N_BANKS
    n: cython.int = rolls_due(s, player)
    _roll: cython.int
    die: cython.int
    bank: cython.int
    launch_die: cython.int = 0
    launched: cython.int = 0
    dice: list[int] | None = [] if ev is not None else None
    for _i in range(n):
        die = units.roll(s)
        bank = bank_of(row, die)
        _bank(s, base + bank, per_roll)
        if dice is not None:
            dice.append(die)
    _buy_technology(s, player, ev)
    _buy_defense(s, player, ev)
    if ALIEN_LAUNCH_MAX[row] > 0:
        launch_die = units.roll(s)
        if launch_die <= ALIEN_LAUNCH_MAX[row] and \
                s.alien_bank[base + BANK_FLEET] >= ALIEN_MIN_LAUNCH_CP and \
                _count_bits(fleets_out(s, player)) < ALIEN_MAX_FLEETS:
            launched = _launch(s, player, ev)
    s.cp[player] = 0
    s.income[player] = 0
    if ev is not None:
        ev.emit(E_ALIEN_ECONOMY, 1 << player, player, s.round, dice,
                {data.BANK_NAMES[b]: s.alien_bank[base + b] for b in range(N_BANKS)},
                launch_die, launched)
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bank(s: State, at: cython.int, amount: cython.int) -> cython.void:
    value: cython.int = s.alien_bank[at] + amount
    s.alien_bank[at] = value if value < BANK_CAP else BANK_CAP


@cython.cfunc
@cython.exceptval(-1, check=False)
def _buy_technology(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """The Tech bank buys the plan's levels in order (one per technology per phase)."""
    raised: cython.int = 0
    i: cython.int
    tech: cython.int
    level: cython.int
    cost: cython.int
    at: cython.int = player * N_BANKS + BANK_TECH
    for i in range(N_ALIEN_PLAN):
        tech = ALIEN_PLAN_TECH[i]
        level = s.tech[player * N_TECHS + tech]
        if level >= ALIEN_PLAN_LEVEL[i] or raised >> tech & 1:
            continue
        cost = TECH_COST_FLAT[TECH_COST_AT[tech] + level - TECH_START[tech]]
        if cost > s.alien_bank[at]:
            break  # saves for it
        s.alien_bank[at] -= cost
        s.tech[player * N_TECHS + tech] = level + 1
        raised |= 1 << tech
        if ev is not None:
            ev.emit(E_RESEARCHED, 1 << player, player, data.TECH_KEYS[tech], level + 1, cost)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _base_at(s: State, player: cython.int, hex_index: cython.int) -> cython.bint:
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == BASE and s.u_hex[unit] == hex_index:
            return True
    return False


@cython.cfunc
@cython.exceptval(-1, check=False)
def _buy_defense(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """A base at the homeworld first; after it, warships of the home guard."""
    home: cython.int = s.homeworld[player]
    at: cython.int = player * N_BANKS + BANK_DEFENSE
    unit: cython.int
    if s.tech[player * N_TECHS + T_SHIP_SIZE] < UNIT_SIZE_NEEDED[BASE]:
        return 0  # saves until a base may be built
    if not _base_at(s, player, home) and \
            s.p_types[player * N_UNIT_TYPES + BASE] < UNIT_COUNTERS[BASE]:
        if s.alien_bank[at] < UNIT_COST[BASE] or s.free_unit(player) < 0:
            return 0
        s.alien_bank[at] -= UNIT_COST[BASE]
        unit = units.new_unit(s, player, BASE, home, 1)
        units.announce_placed(s, unit, ev)
    _buy_ships(s, player, BANK_DEFENSE, 0, ev)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _launch(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """A new fleet (the lowest free number) bought from the Fleet bank: 1 if any ship came."""
    used: cython.int = fleets_out(s, player)
    fleet: cython.int = 1
    while used >> fleet & 1:
        fleet += 1
    if _buy_ships(s, player, BANK_FLEET, fleet, ev) == 0:
        return 0
    if ev is not None:
        ev.emit(E_FLEET_LAUNCHED, VIS_ALL, player, fleet, s.homeworld[player])
    return 1


@cython.cfunc
@cython.exceptval(-1, check=False)
def _buy_ships(s: State, player: cython.int, bank: cython.int, fleet: cython.int,
               ev: EventLog | None) -> cython.int:
    """Spend a bank on warships at the homeworld, largest hulls first; the groups bought."""
    at: cython.int = player * N_BANKS + bank
    home: cython.int = s.homeworld[player]
    size: cython.int = s.tech[player * N_TECHS + T_SHIP_SIZE]
    groups: cython.int = 0
    k: cython.int
    unit_type: cython.int
    n: cython.int
    count: cython.int
    unit: cython.int
    for k in range(6):
        unit_type = DN - k  # DN, BB, BC, CA, DD, SC
        if UNIT_SIZE_NEEDED[unit_type] > size:
            continue
        n = s.alien_bank[at] // UNIT_COST[unit_type]
        while n > 0 and s.p_types[player * N_UNIT_TYPES + unit_type] < UNIT_COUNTERS[unit_type] \
                and s.free_unit(player) >= 0:
            count = n if n < MAX_GROUP else MAX_GROUP
            unit = units.new_unit(s, player, unit_type, home, count)
            s.u_flags[unit] |= fleet << F_FLEET_SHIFT
            s.alien_bank[at] -= count * UNIT_COST[unit_type]
            n -= count
            groups += 1
            units.announce_placed(s, unit, ev)
    return groups


# The ship types a fleet purchase tries, largest first (for tests and docs).
FLEET_TYPES: tuple[int, ...] = (DN, BB, BC, CA, DD, SC)
