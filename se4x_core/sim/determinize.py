"""Determinization and information-set keys: what search needs to play fair.

A computer player may not look at what its player cannot see.  Information
Set Monte Carlo search therefore plays on *determinizations*: full states
drawn at random among those consistent with everything the player knows,
so that the player's observation of the sample equals its observation of
the real game.

:func:`determinize` resamples, for ``player``:

* face-down markers the player has not peeked at, within their own pools:
  each home system's unseen hexes are drawn without replacement from its
  25-marker mix minus the markers the player has seen there, and the unseen
  Deep Space hexes likewise from the whole Deep Space mix (102 markers, most
  of them never on the board);
* every other empire's face-down groups: type (a warship its sampled Ship
  Size allows, or a decoy, within the counter limits left by its counters
  that show), size 1-6 (decoys 1), counter number (a free one), and the
  levels it was built with; a face-down group sharing a hex with only the
  player's non-combat units must be a decoy (a combat unit there would have
  destroyed them); ship yards keep type and number, their count is resampled;
* every other empire's technology: near the player's own levels (one level
  up or down at random), never below what its revealed groups carry, exactly
  what its revealed ship yards and bases show, never above the charts;
* other empires' CP (up to what their visible colonies yield), sealed bids
  already made, and purchases made but not yet placed (replaced by a random
  plan of affordable warships at their income colonies);
* an alien player's banks (the official solitaire), which nobody else sees: its
  past Economic Phases replayed with the determinizer's dice (the tables and its
  CP per roll are public), each bank then spent as the alien tables spend it at
  the technology the sample gives it (:func:`_draw_alien_banks`), so the
  futures see the fleets and levels an alien may be saving for;
* the dice to come (the state's generator).

Public facts stay: positions, moves made, revealed groups, colonies, who
peeked where, cargo and deliveries (announced to all, and in every
observation), the Doomsday Machines (where each stands, its hits) and the
machines' step.  An eliminated empire's CP and technology are set to fixed
values.  The sample
is a function of the player's information and the seed alone: two states
that differ only in what the player cannot know give the same sample.

:func:`infoset_key` is a 64-bit key of exactly what the player observes, so
that search can merge the nodes of one information set.
"""

from __future__ import annotations

from collections.abc import Sequence

import cython

from se4x_core.kernel import dice
from se4x_core.rules import alien, economy, units
from se4x_core.rules.advanced import carriers
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

_FNV_PRIME = 0x100000001B3
_FNV_START = 0xCBF29CE484222325

# Scratch arrays (a C buffer compiled, an array interpreted): markers left in the
# Deep Space pool, technology bounds, free counters.  Not re-entrant: search runs
# its workers as processes.
_LEFT = ActionList()
_LOW = ActionList()
_EXACT = ActionList()
_ROOM = ActionList()


@cython.final
@cython.cclass
class Dice:
    """The determinizer's own generator (xorshift64*), apart from the game's dice."""

    def __init__(self, seed: cython.ulonglong) -> None:
        self.x = dice.rng_mix(seed)

    @cython.cfunc
    @cython.exceptval(check=False)
    def below(self, n: cython.int) -> cython.int:
        """A number in 0..n-1 (0 when n < 1)."""
        if n < 1:
            return 0
        self.x = dice.rng_next(self.x)
        return dice.rng_below(self.x, n)


_DICE = Dice(0)  # reseeded by every resample (not re-entrant, like the scratch arrays)


# -- the entry points ----------------------------------------------------------------------
@cython.ccall
def determinize(s: State, player: cython.int, seed: cython.ulonglong) -> State:
    """A full state consistent with everything ``player`` knows of ``s`` (a new object)."""
    out: State = s.clone()
    resample(out, player, seed)
    return out


@cython.ccall
def determinize_into(out: State, s: State, player: cython.int,
                     seed: cython.ulonglong) -> cython.void:
    """:func:`determinize` into ``out`` (same board and players), allocating nothing."""
    out.copy_from(s)
    resample(out, player, seed)


@cython.ccall
@cython.exceptval(-1, check=False)
def resample(s: State, player: cython.int, seed: cython.ulonglong) -> cython.int:
    """Redraw, in place, everything in ``s`` that ``player`` may not know."""
    draw: Dice = _DICE
    draw.x = dice.rng_mix(seed)
    if s.round > 0:  # the markers are on the board once every homeworld is placed
        _draw_home_markers(s, player, draw)
        _draw_deep_space(s, player, draw)
    e: cython.int
    b: cython.int
    for e in range(s.n_players):
        if e != player and s.alive[e]:
            _resample_empire(s, e, player, draw)
        elif e != player:
            _forget_empire(s, e)
        if e != player:
            for b in range(N_BANKS):  # an alien player's banks are secret: redrawn
                s.alien_bank[e * N_BANKS + b] = 0
            if s.alien[e] and s.alive[e]:
                _draw_alien_banks(s, e, draw)
    s.rng = dice.rng_mix(draw.x)
    return 0


# -- an alien player's banks ---------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _economic_phases_done(s: State) -> cython.int:
    """Economic Phases the aliens have played: every round's but this one, and this
    round's too once its Economic Phase has begun (the aliens bank at its start)."""
    if s.phase == PH_BID or s.phase == PH_CHOOSE_ORDER or s.phase == PH_BUY:
        return s.round
    return s.round - 1


@cython.cfunc
@cython.exceptval(check=False)
def _draw_alien_banks(s: State, e: cython.int, draw: Dice) -> cython.void:
    """Alien ``e``'s banks as its past Economic Phases could have left them.

    Each phase's rolls (the table's, plus one per roll's worth in the Econ bank) are
    replayed with the determinizer's dice and banked; the Fleet bank is spent at a
    replayed launch (the launch die, at least 6 CP, fewer than three fleets out now)
    down to what no scout could use; the Tech bank keeps what is left after paying
    the levels the sample gives the alien above its start, below the price of the
    plan's next level; the Defense bank, once the sample's Ship Size allows a base,
    keeps what buying the base and warships leaves (less than a scout's price).
    The alien's CP per roll, the tables and the round are public; nothing else of the
    real banks is read."""
    per_roll: cython.int = s.alien[e]
    econ: cython.int = 0
    fleet: cython.int = 0
    tech: cython.int = 0
    defense: cython.int = 0
    phase: cython.int
    row: cython.int
    _k: cython.int
    bank: cython.int
    fleets: cython.int = alien._count_bits(alien.fleets_out(s, e))
    for phase in range(1, _economic_phases_done(s) + 1):
        row = alien.alien_row(phase)
        for _k in range(ALIEN_ROLLS[row] + econ // per_roll):
            bank = alien.bank_of(row, draw.below(10) + 1)
            if bank == BANK_ECON:
                econ += per_roll
            elif bank == BANK_FLEET:
                fleet += per_roll
            elif bank == BANK_TECH:
                tech += per_roll
            else:
                defense += per_roll
        if ALIEN_LAUNCH_MAX[row] > 0 and draw.below(10) + 1 <= ALIEN_LAUNCH_MAX[row] and \
                fleet >= ALIEN_MIN_LAUNCH_CP and fleets < ALIEN_MAX_FLEETS:
            fleet = fleet % UNIT_COST[SC]
    tech = _unspent_tech(s, e, tech)
    if s.tech[e * N_TECHS + T_SHIP_SIZE] >= 2 and defense >= UNIT_COST[BASE]:
        defense = (defense - UNIT_COST[BASE]) % UNIT_COST[SC]
    base: cython.int = e * N_BANKS
    s.alien_bank[base + BANK_ECON] = min(econ, alien.BANK_CAP)
    s.alien_bank[base + BANK_FLEET] = min(fleet, alien.BANK_CAP)
    s.alien_bank[base + BANK_TECH] = min(tech, alien.BANK_CAP)
    s.alien_bank[base + BANK_DEFENSE] = min(defense, alien.BANK_CAP)


@cython.cfunc
@cython.exceptval(check=False)
def _unspent_tech(s: State, e: cython.int, banked: cython.int) -> cython.int:
    """What the Tech bank keeps of ``banked`` CP after the alien's levels (as sampled)
    were paid, below the price of the plan's next level (it buys whatever it can)."""
    t: cython.int
    level: cython.int
    paid: cython.int = 0
    for t in range(N_TECHS):
        for level in range(TECH_START[t], s.tech[e * N_TECHS + t]):
            paid += max(0, economy.tech_cost(t, level))
    left: cython.int = max(0, banked - paid)
    i: cython.int
    price: cython.int
    for i in range(N_ALIEN_PLAN):
        t = ALIEN_PLAN_TECH[i]
        if s.tech[e * N_TECHS + t] < ALIEN_PLAN_LEVEL[i]:
            price = economy.tech_cost(t, s.tech[e * N_TECHS + t])
            if price > 0 and left >= price:
                left = left % price
            break
    return left


# -- markers ----------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _unseen(s: State, h: cython.int, player: cython.int) -> cython.bint:
    return s.h_face_up[h] == 0 and not s.h_known[h] >> player & 1


@cython.cfunc
@cython.exceptval(check=False)
def _draw_home_markers(s: State, player: cython.int, draw: Dice) -> cython.void:
    """Each home system's unseen hexes drawn from its mix minus the markers seen there."""
    region: cython.int
    for region in range(s.n_players):
        _draw_region(s, player, region, draw)


@cython.cfunc
@cython.exceptval(check=False)
def _draw_deep_space(s: State, player: cython.int, draw: Dice) -> cython.void:
    """Unseen Deep Space hexes drawn from the Deep Space mix minus what the player saw."""
    _draw_region(s, player, -1, draw)


@cython.cfunc
@cython.exceptval(check=False)
def _draw_region(s: State, player: cython.int, region: cython.int,
                 draw: Dice) -> cython.void:
    """Refill a region's unseen hexes (-1: Deep Space), in hex order, without replacement.

    The pool is the region's whole marker mix minus every marker the player has
    seen there (face up now, or peeked at), so the result depends only on what
    the player knows and on the draw.  A Doomsday Machine on the board is out of
    the Deep Space pool too: its marker was revealed (so its hex's ``h_origin``
    counts it), and a machine standing where none was revealed (a position set
    up by hand) must not be drawn a second time either, or a sample could
    reveal machine *n* again and move it across the board.
    """
    deep: cython.bint = region < 0
    kinds: cython.int = N_DS_KINDS if deep else N_HOME_KINDS
    kind_of_origin: ActionList = _KIND_OF_ORIGIN if deep else _HOME_KIND_OF_ORIGIN
    left: ActionList = _LEFT
    total: cython.int = 0
    kind: cython.int
    i: cython.int
    h: cython.int
    pick: cython.int
    machines: cython.int = 0  # bit n - 1: machine n is on the board, its marker not seen
    origin: cython.int
    first: cython.int = s.tables.region_start[region + 1]
    last: cython.int = s.tables.region_start[region + 2]
    for kind in range(kinds):
        left.codes[kind] = DS_MIX_COUNT[kind] if deep else HOME_MIX_COUNT[kind]
    if deep:
        for i in range(MAX_MACHINES):
            if s.dm_hex[i] > 0:
                machines |= 1 << i
    for i in range(first, last):
        h = s.tables.by_region[i]
        if not _unseen(s, h, player):
            origin = s.h_origin[h] & 255
            kind = kind_of_origin.codes[origin]
            if kind >= 0 and left.codes[kind] > 0:
                left.codes[kind] -= 1
            if origin >> 4 == M_DOOMSDAY and 1 <= (origin & 15) <= MAX_MACHINES:
                machines &= ~(1 << ((origin & 15) - 1))  # counted once, just now
    for i in range(MAX_MACHINES):
        if machines >> i & 1:
            kind = kind_of_origin.codes[M_DOOMSDAY * 16 + i + 1]
            if kind >= 0 and left.codes[kind] > 0:
                left.codes[kind] -= 1
    for kind in range(kinds):
        total += left.codes[kind]
    for i in range(first, last):
        h = s.tables.by_region[i]
        if total == 0 or not _unseen(s, h, player):
            continue
        pick = draw.below(total)
        kind = 0
        while pick >= left.codes[kind]:
            pick -= left.codes[kind]
            kind += 1
        left.codes[kind] -= 1
        total -= 1
        if deep:
            s.h_marker[h] = DS_MIX_MARKER[kind]
            s.h_value[h] = DS_MIX_VALUE[kind]
        else:
            s.h_marker[h] = HOME_MIX_MARKER[kind]
            s.h_value[h] = HOME_MIX_VALUE[kind]
        s.h_origin[h] = s.h_marker[h] * 16 + s.h_value[h]


def _kinds_of_origins(markers: Sequence[int], values: Sequence[int]) -> ActionList:
    """Origin code (marker * 16 + value) -> row of a marker mix, or -1."""
    table: ActionList = ActionList()
    for _code in range(256):
        table.push(-1)
    for kind in range(len(markers)):
        table.codes[markers[kind] * 16 + values[kind]] = kind
    return table


_KIND_OF_ORIGIN = _kinds_of_origins(DS_MIX_MARKER, DS_MIX_VALUE)
_HOME_KIND_OF_ORIGIN = _kinds_of_origins(HOME_MIX_MARKER, HOME_MIX_VALUE)


# -- other empires -----------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _slots_end(s: State, player: cython.int) -> cython.int:
    """One past ``player``'s highest live unit (units fill lowest first)."""
    end: cython.int = (player + 1) * UNITS_PER_PLAYER
    while end > player * UNITS_PER_PLAYER and s.u_type[end - 1] < 0:
        end -= 1
    return end


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _face_down(s: State, unit: cython.int) -> cython.bint:
    """A group whose type, size and levels its owner's enemies cannot see."""
    return not s.u_flags[unit] & F_REVEALED and not UNIT_TRAITS[s.u_type[unit]] & TR_FACE_UP


@cython.cfunc
@cython.exceptval(check=False)
def _forget_empire(s: State, e: cython.int) -> cython.void:
    """An eliminated empire's secrets no longer matter: set them to fixed values."""
    t: cython.int
    s.cp[e] = 0
    for t in range(N_TECHS):
        s.tech[e * N_TECHS + t] = TECH_START[t]
    economy.clear_records(s, e)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _resample_empire(s: State, e: cython.int, player: cython.int, draw: Dice) -> cython.int:
    _resample_technology(s, e, player, draw)
    _resample_groups(s, e, player, draw)
    _resample_economy(s, e, draw)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _resample_technology(s: State, e: cython.int, player: cython.int,
                         draw: Dice) -> cython.void:
    """Near the player's own levels, within what ``e``'s visible units prove (a revealed
    unit's levels, its special technology's level, the technology it needed)."""
    low: ActionList = _LOW
    exact: ActionList = _EXACT
    t: cython.int
    unit: cython.int
    unit_type: cython.int
    hull: cython.int
    level: cython.int
    for t in range(N_TECHS):
        low.codes[t] = TECH_START[t]
        exact.codes[t] = -1
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
        unit_type = s.u_type[unit]
        if unit_type < 0:
            continue
        if (UNIT_TRAITS[unit_type] & TR_FACE_UP or s.u_flags[unit] & F_REVEALED) and \
                UNIT_SIZE_NEEDED[unit_type] > low.codes[T_SHIP_SIZE]:
            low.codes[T_SHIP_SIZE] = UNIT_SIZE_NEEDED[unit_type]
        if not s.u_flags[unit] & F_REVEALED:
            continue
        if UNIT_TRAITS[unit_type] & TR_IMMOBILE:  # shows its owner's current levels
            hull = UNIT_HULL[unit_type]
            _bound_by_shown(low, exact, T_ATTACK, units.combat_level(s, unit, 0), hull)
            _bound_by_shown(low, exact, T_DEFENSE, units.combat_level(s, unit, 1), hull)
            exact.codes[T_TACTICS] = units.combat_level(s, unit, 2)
        else:  # carries the levels it was built or refitted with
            _raise(low, T_ATTACK, s.u_att[unit])
            _raise(low, T_DEFENSE, s.u_def[unit])
            _raise(low, T_TACTICS, s.u_tac[unit])
            _raise(low, T_MOVEMENT, s.u_mov[unit])
        if UNIT_SPECIAL_TECH[unit_type] >= 0:  # advanced rules: Fighters, Cloaking, ...
            _raise(low, UNIT_SPECIAL_TECH[unit_type], units.special_level(s, unit))
        if UNIT_TECH_NEEDED[unit_type] >= 0:  # it was built: its technology is known
            _raise(low, UNIT_TECH_NEEDED[unit_type], UNIT_TECH_LEVEL_NEEDED[unit_type])
    for t in range(N_TECHS):
        if exact.codes[t] >= 0:
            s.tech[e * N_TECHS + t] = exact.codes[t]
            continue
        if not units.tech_in_play(s, t):  # no die: samples of the basic game stay as they were
            s.tech[e * N_TECHS + t] = TECH_START[t]
            continue
        level = s.tech[player * N_TECHS + t] + draw.below(3) - 1
        if level < low.codes[t]:
            level = low.codes[t]
        if level > TECH_MAX[t]:
            level = TECH_MAX[t]
        s.tech[e * N_TECHS + t] = level


@cython.cfunc
@cython.exceptval(check=False)
def _raise(low: ActionList, tech: cython.int, level: cython.int) -> cython.void:
    if level > low.codes[tech]:
        low.codes[tech] = level


@cython.cfunc
@cython.exceptval(check=False)
def _bound_by_shown(low: ActionList, exact: ActionList, tech: cython.int,
                    shown: cython.int, hull: cython.int) -> cython.void:
    """A yard or base shows min(level, hull): below the hull that is the level itself."""
    if shown < hull:
        exact.codes[tech] = shown
    else:
        _raise(low, tech, shown)


@cython.cfunc
@cython.exceptval(check=False)
def _resample_groups(s: State, e: cython.int, player: cython.int, draw: Dice) -> cython.void:
    """New types, sizes, numbers and levels for ``e``'s face-down groups."""
    room: ActionList = _ROOM  # counters of each type still free once the shown ones count
    unit: cython.int
    t: cython.int
    for t in range(N_UNIT_TYPES):
        room.codes[t] = UNIT_COUNTERS[t]
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
        if s.u_type[unit] >= 0 and (not _face_down(s, unit) or s.u_type[unit] == SY):
            room.codes[s.u_type[unit]] -= 1
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):  # forced decoys first
        if s.u_type[unit] >= 0 and s.u_type[unit] != SY and _face_down(s, unit) and \
                _must_be_decoy(s, unit, player) and room.codes[DECOY] > 0:
            room.codes[DECOY] -= 1
            _become(s, unit, DECOY, draw)
            s.u_number[unit] = -1  # numbered below
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
        if s.u_type[unit] < 0 or s.u_number[unit] < 0 or not _face_down(s, unit):
            continue
        if s.u_type[unit] == SY:
            s.set_count(unit, 1 + draw.below(MAX_GROUP))
            continue
        t = _draw_type(s, e, room, draw)
        room.codes[t] -= 1
        _become(s, unit, t, draw)
        s.u_number[unit] = -1
    _renumber(s, e, draw)
    if s.options & OPT_FIGHTERS:
        _fix_carriers(s, e)


@cython.cfunc
@cython.exceptval(check=False)
def _fix_carriers(s: State, e: cython.int) -> cython.void:
    """Fighters aboard something that is no longer a carrier of theirs in their hex
    leave it; carriers keep what they have room for (boarding is private: a sample
    may change who carries whom)."""
    unit: cython.int
    carrier: cython.int
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
        if s.u_type[unit] != F or s.u_cargo[unit] == 0:
            continue
        carrier = s.u_cargo[unit] - 1
        if s.u_type[carrier] != CV or s.u_hex[carrier] != s.u_hex[unit]:
            s.u_cargo[unit] = 0
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
        if s.u_type[unit] == CV:
            carriers.fit_fighters(s, unit)


@cython.cfunc
@cython.exceptval(check=False)
def _must_be_decoy(s: State, unit: cython.int, player: cython.int) -> cython.bint:
    """Alone with the player's non-combat units, a combat unit would have destroyed them."""
    at: cython.int = s.u_hex[unit] * s.n_players + player
    return s.hx_units[at] > 0 and s.hx_armed[at] == 0


@cython.cfunc
@cython.exceptval(check=False)
def _draw_type(s: State, e: cython.int, room: ActionList, draw: Dice) -> cython.int:
    """A warship ``e``'s Ship Size allows, or a decoy, among the types with a free counter."""
    size: cython.int = s.tech[e * N_TECHS + T_SHIP_SIZE]
    n: cython.int = 0
    t: cython.int
    pick: cython.int
    for t in range(SC, DN + 1):
        if room.codes[t] > 0 and UNIT_SIZE_NEEDED[t] <= size:
            n += 1
    if room.codes[DECOY] > 0:
        n += 1
    if n == 0:  # more face-down groups than that Ship Size allows: a larger size
        for t in range(SC, DN + 1):
            if room.codes[t] > 0:
                s.tech[e * N_TECHS + T_SHIP_SIZE] = UNIT_SIZE_NEEDED[t]
                return t
        return DECOY  # unreachable: the real groups fit the counter limits
    if s.options:  # advanced rules: the units ``e``'s technology lets it build
        for t in range(CV, N_UNIT_TYPES):
            if _may_have_built(s, e, t, room):
                n += 1
    pick = draw.below(n)
    for t in range(SC, DN + 1):
        if room.codes[t] > 0 and UNIT_SIZE_NEEDED[t] <= size:
            if pick == 0:
                return t
            pick -= 1
    if s.options:
        for t in range(CV, N_UNIT_TYPES):
            if _may_have_built(s, e, t, room):
                if pick == 0:
                    return t
                pick -= 1
    return DECOY


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _may_have_built(s: State, e: cython.int, unit_type: cython.int,
                    room: ActionList) -> cython.bint:
    """An advanced face-down group type ``e`` could own: in play, a counter free, the
    technology it needs known (carriers and fighters, raiders, minesweepers, mines);
    pipelines are face up."""
    tech: cython.int = UNIT_TECH_NEEDED[unit_type]
    return (room.codes[unit_type] > 0 and tech >= 0 and units.unit_in_play(s, unit_type)
            and s.tech[e * N_TECHS + tech] >= UNIT_TECH_LEVEL_NEEDED[unit_type])


@cython.cfunc
@cython.exceptval(check=False)
def _become(s: State, unit: cython.int, unit_type: cython.int, draw: Dice) -> cython.void:
    """A face-down group turns into ``unit_type``: size, levels and flags to match."""
    player: cython.int = unit // UNITS_PER_PLAYER
    s.retype(unit, unit_type)
    s.set_count(unit, 1 if UNIT_TRAITS[unit_type] & TR_SINGLE else 1 + draw.below(MAX_GROUP))
    units.set_current_levels(s, unit)
    s.u_damage[unit] = 0
    s.u_cargo[unit] = 0  # a fighter's carrier link: not aboard (see _fix_carriers)
    s.u_cargo_value[unit] = 0
    # a launched fleet is seen; so is a move along a chain (pipelines are face up)
    s.u_flags[unit] &= F_DONE | F_PEEKED | F_REFITTED | F_FLEET | F_ON_CHAIN
    if unit_type == F:
        s.u_flags[unit] &= ~F_ON_CHAIN  # fighters ride: never the chain's extra hex
    units.set_current_levels(s, unit)  # the special level (F1-F3, Point Defense) in the flags
    if unit_type == CA and s.tech[player * N_TECHS + T_EXPLORATION] > 0:
        s.u_flags[unit] |= F_EXPLORER


@cython.cfunc
@cython.exceptval(check=False)
def _renumber(s: State, e: cython.int, draw: Dice) -> cython.void:
    """Resampled groups (number -1) take the free counter numbers of their type at random."""
    t: cython.int
    unit: cython.int
    used: cython.uint
    free: cython.int
    pick: cython.int
    n: cython.int
    touched: cython.int = 0  # types that received a resampled group
    for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
        if s.u_type[unit] >= 0 and s.u_number[unit] < 0:
            touched |= 1 << s.u_type[unit]
    for t in range(N_UNIT_TYPES):
        if not touched >> t & 1:
            continue
        used = 0
        for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
            if s.u_type[unit] == t and s.u_number[unit] > 0:
                used |= cython.cast(cython.uint, 1) << (s.u_number[unit] - 1)
        for unit in range(e * UNITS_PER_PLAYER, _slots_end(s, e)):
            if s.u_type[unit] != t or s.u_number[unit] > 0:
                continue
            free = 0
            for n in range(UNIT_COUNTERS[t]):
                if not used >> n & 1:
                    free += 1
            pick = draw.below(free)
            for n in range(UNIT_COUNTERS[t]):
                if not used >> n & 1:
                    if pick == 0:
                        s.u_number[unit] = n + 1
                        used |= cython.cast(cython.uint, 1) << n
                        break
                    pick -= 1


@cython.cfunc
@cython.exceptval(-1, check=False)
def _resample_economy(s: State, e: cython.int, draw: Dice) -> cython.int:
    """CP, a sealed bid and unplaced purchases of ``e``."""
    yield_: cython.int = 0
    h: cython.int
    for h in range(s.n_hexes):
        if s.h_col_owner[h] == e:
            yield_ += s.h_col_cp[h]
    in_economy: cython.bint = s.phase == PH_BID or s.phase == PH_CHOOSE_ORDER or s.phase == PH_BUY
    if in_economy:
        s.cp[e] = draw.below(yield_ + 11)
    else:
        s.cp[e] = draw.below((yield_ if yield_ < 30 else 30) + 1)
    if s.phase == PH_BID and s.bids[e] >= 0:
        s.bids[e] = 0 if draw.below(2) == 0 else draw.below(s.cp[e] + 1)
    economy.clear_records(s, e)  # what it bought and researched is secret until placed
    if s.phase == PH_BUY and (_has_bought(s, e) or s.current_player == e):
        _random_purchases(s, e, draw)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _has_bought(s: State, e: cython.int) -> cython.bint:
    """``e`` ended its purchases already this phase (it comes before the buyer)."""
    i: cython.int
    for i in range(s.order_pos):
        if s.order[i] == e:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _random_purchases(s: State, e: cython.int, draw: Dice) -> cython.void:
    """A plausible plan: a few affordable warships at ``e``'s income colonies."""
    _attempt: cython.int
    t: cython.int
    h: cython.int
    colonies: cython.int = 0
    for h in range(s.n_hexes):
        if s.h_col_owner[h] == e and s.h_col_flags[h] & C_INCOME:
            colonies += 1
    if colonies == 0:
        return
    for _attempt in range(8):
        t = SC + draw.below(DN - SC + 1)
        h = _kth_income_colony(s, e, draw.below(colonies))
        if economy.purchase_check(s, e, t, h) == 0:
            economy._push_record(s, e, P_BUY, t, h, UNIT_COST[t])
            s.cp[e] -= UNIT_COST[t]


@cython.cfunc
@cython.exceptval(check=False)
def _kth_income_colony(s: State, e: cython.int, k: cython.int) -> cython.int:
    h: cython.int
    for h in range(s.n_hexes):
        if s.h_col_owner[h] == e and s.h_col_flags[h] & C_INCOME:
            if k == 0:
                return h
            k -= 1
    return -1


# -- information-set keys -------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _mix(h: cython.ulonglong, value: cython.longlong) -> cython.ulonglong:
    """One FNV-1a step over a small signed value."""
    return (h ^ cython.cast(cython.ulonglong, cython.cast(cython.uint, value))) * _FNV_PRIME


@cython.ccall
@cython.exceptval(check=False)
def infoset_key(s: State, player: cython.int) -> cython.ulonglong:
    """A 64-bit key of everything ``player`` observes (equal observations, equal keys).

    It covers the fields :func:`se4x_core.observation.observation` shows, read the
    same way, and nothing else; the facade's income reports and history are
    not part of the state and not part of the key.
    """
    h: cython.ulonglong = _FNV_START
    i: cython.int
    h = _mix(h, s.phase)
    h = _mix(h, -1 if s.phase == PH_GAME_OVER else s.current_player)
    h = _mix(h, s.round)
    h = _mix(h, s.turn)
    h = _mix(h, s.winner)
    h = _mix(h, s.n_order)
    for i in range(s.n_order):
        h = _mix(h, s.order[i])
    for i in range(s.n_players):
        h = _mix(h, s.alive[i])
        h = _mix(h, s.homeworld[i])
        h = _mix(h, s.bids[i] if i == player or s.phase != PH_BID else -2)
    h = _key_battle(s, h)
    if s.options & OPT_DOOMSDAY:
        h = _key_machines(s, h)
    h = _key_own_empire(s, player, h)
    for i in range(s.n_hexes):
        h = _key_hex(s, i, player, h)
    for i in range(s.n_units):
        if s.u_type[i] >= 0:
            h = _key_unit(s, i, player, h)
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _key_battle(s: State, h: cython.ulonglong) -> cython.ulonglong:
    i: cython.int
    h = _mix(h, s.b_hex)
    if s.b_hex >= 0:
        h = _mix(_mix(_mix(h, s.b_attacker), s.b_defender), s.b_round)
        h = _mix(_mix(_mix(h, s.b_pos), s.b_shot), s.b_screener)
        h = _mix(_mix(h, s.b_screen_left), s.b_colony)
        h = _mix(_mix(h, s.b_bonus_a), s.b_bonus_d)
    h = _mix(h, s.n_battle_hexes)
    for i in range(s.n_battle_hexes):
        h = _mix(h, s.battle_hexes[i])
    h = _mix(h, s.lost_unit)
    h = _mix(h, s.lost_chooser)
    h = _mix(h, s.peek_unit)
    h = _mix(h, s.peek_hex)
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _key_machines(s: State, h: cython.ulonglong) -> cython.ulonglong:
    """The Doomsday Machines are public (the observation's ``machines`` and
    ``machine_step``): where each stands, its hits, and whether they are moving."""
    i: cython.int
    for i in range(MAX_MACHINES):
        h = _mix(_mix(h, s.dm_hex[i]), s.dm_hits[i])
    return _mix(h, s.machine_step)


@cython.cfunc
@cython.exceptval(check=False)
def _key_own_empire(s: State, player: cython.int, h: cython.ulonglong) -> cython.ulonglong:
    i: cython.int
    base: cython.int
    h = _mix(h, s.cp[player])
    for i in range(N_TECHS):
        h = _mix(h, s.tech[player * N_TECHS + i])
    if s.phase == PH_BUY:
        base = player * MAX_RECORDS_PER_PLAYER * 4
        h = _mix(h, s.n_records[player])
        for i in range(s.n_records[player] * 4):
            h = _mix(h, s.records[base + i])
    if s.peek_unit >= 0 and s.peek_unit // UNITS_PER_PLAYER == player:
        h = _mix(h, s.h_marker[s.peek_hex])
        h = _mix(h, s.h_value[s.peek_hex])
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _key_hex(s: State, i: cython.int, player: cython.int,
             h: cython.ulonglong) -> cython.ulonglong:
    owner: cython.int = s.h_col_owner[i]
    if s.h_face_up[i] or s.h_known[i] >> player & 1:
        h = _mix(h, s.h_face_up[i] * 64 + s.h_marker[i])
        h = _mix(h, s.h_value[i])
    else:
        h = _mix(h, -1)
    if not s.h_face_up[i]:
        h = _mix(h, s.h_known[i])  # who peeked (public), not what they saw
    h = _mix(h, owner)
    if owner >= 0:
        h = _mix(h, s.h_col_cp[i])
        h = _mix(h, s.h_marker[i])
        h = _mix(h, s.h_deposit_cp[i])
        h = _mix(h, s.h_deposit_wrecks[i])
        if owner == player and s.phase == PH_BUY:
            h = _mix(h, s.h_col_flags[i] & C_INCOME)
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _key_unit(s: State, unit: cython.int, player: cython.int,
              h: cython.ulonglong) -> cython.ulonglong:
    flags: cython.int = s.u_flags[unit]
    unit_type: cython.int = s.u_type[unit]
    shows_count: cython.bint
    h = _mix(h, unit)
    h = _mix(h, s.u_hex[unit])
    h = _mix(h, flags & (F_REVEALED | F_SCREENED))
    h = _mix(_mix(h, s.u_moved[unit]), s.u_cargo[unit])
    h = _mix(h, s.u_cargo_value[unit])
    if unit // UNITS_PER_PLAYER == player:
        h = _mix(_mix(_mix(h, unit_type), s.u_number[unit]), s.u_count[unit])
        h = _mix(h, flags & (F_DONE | F_TERRAFORM | F_EXPLORER))
        h = _mix(h, s.u_damage[unit])
        return _key_levels(s, unit, h)
    shows_count = UNIT_TRAITS[unit_type] & TR_FACE_UP != 0 or flags & F_REVEALED != 0
    if shows_count:
        h = _mix(h, unit_type)
        h = _mix(h, s.u_number[unit])
        h = _mix(h, s.u_count[unit])
        if s.b_hex >= 0 and s.u_hex[unit] == s.b_hex:
            h = _mix(h, s.u_damage[unit])
    elif unit_type == SY:
        h = _mix(h, unit_type)
        h = _mix(h, s.u_number[unit])
    else:
        h = _mix(h, -3)
    if flags & F_REVEALED:
        h = _key_levels(s, unit, h)
    return h


@cython.cfunc
@cython.exceptval(check=False)
def _key_levels(s: State, unit: cython.int, h: cython.ulonglong) -> cython.ulonglong:
    """Attack, defense and tactics a unit fights with, and its Movement level."""
    h = _mix(_mix(h, units.combat_level(s, unit, 0)), units.combat_level(s, unit, 1))
    return _mix(_mix(h, units.combat_level(s, unit, 2)), s.u_mov[unit])

