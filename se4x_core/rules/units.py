"""Questions about units and hexes that every part of the rules asks, and the dice.

Kept apart from the phase modules so that movement, exploration, combat and
the economy answer "is this unit armed?", "is this hex blockaded?" or "how
far may this group move?" the same way.  Occupancy questions read the
state's derived per-hex counts, so each is a few array reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core import data

if TYPE_CHECKING:
    from typing import TypeAlias

    from se4x_core.events import EventLog

    # Aliases, not spelled out where used: Cython reads ``list[...]`` and
    # ``tuple[...]`` annotations as narrower types than the .pxd declares.
    # Unit type code, number and count as every player may know them (None: hidden).
    Identity: TypeAlias = tuple[str | None, int | None, int | None]

from se4x_core.kernel import dice
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *


# -- dice ----------------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def roll(s: State) -> cython.int:
    """Roll the game's d10 (advancing the generator held in the state)."""
    s.rng = dice.rng_next(s.rng)
    return dice.rng_d10(s.rng)


@cython.ccall
@cython.exceptval(check=False)
def random_below(s: State, n: cython.int) -> cython.int:
    """A number in 0..n-1 from the state's generator (shuffles, who goes first)."""
    s.rng = dice.rng_next(s.rng)
    return dice.rng_below(s.rng, n)


# -- what a unit is ------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def is_armed(s: State, unit: cython.int) -> cython.bint:
    """Combat-capable: the unit has an attack strength (yards and bases too)."""
    return UNIT_TRAITS[s.u_type[unit]] & TR_ARMED != 0


@cython.ccall
@cython.exceptval(check=False)
def movement_allowance(s: State, unit: cython.int) -> cython.int:
    """Hexes a unit may move this turn (0 for yards and bases)."""
    unit_type: cython.int = s.u_type[unit]
    traits: cython.int = UNIT_TRAITS[unit_type]
    level: cython.int
    if traits & TR_IMMOBILE:
        return 0
    if traits & TR_SLOW:
        return 1
    if unit_type == DECOY:
        level = s.tech[(unit // UNITS_PER_PLAYER) * N_TECHS + T_MOVEMENT]
    else:
        level = s.u_mov[unit]
    return MOVEMENT_SCHEDULE[level * 3 + s.turn - 1]


@cython.ccall
@cython.exceptval(check=False)
def combat_level(s: State, unit: cython.int, which: cython.int) -> cython.int:
    """Attack (0), defense (1) or tactics (2) a unit fights with.

    Ship yards and bases always use their owner's current levels (attack
    and defense capped by hull); other units the levels they were built or
    refitted with.
    """
    unit_type: cython.int = s.u_type[unit]
    player: cython.int = unit // UNITS_PER_PLAYER
    level: cython.int
    hull: cython.int = UNIT_HULL[unit_type]
    if UNIT_TRAITS[unit_type] & TR_IMMOBILE:
        if which == 0:
            level = s.tech[player * N_TECHS + T_ATTACK]
        elif which == 1:
            level = s.tech[player * N_TECHS + T_DEFENSE]
        else:
            return s.tech[player * N_TECHS + T_TACTICS]
        return level if level < hull else hull
    if which == 0:
        return s.u_att[unit]
    if which == 1:
        return s.u_def[unit]
    return s.u_tac[unit]


# -- who is where --------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def tech_in_play(s: State, tech: cython.int) -> cython.bint:
    """Whether a technology exists in this game: the basic game's, and those of the
    advanced rule sets the game plays with (the others cannot be researched, shown
    or sampled)."""
    if tech < 0 or tech >= N_TECHS:
        return False
    return TECH_OPTION[tech] == 0 or (TECH_OPTION[tech] > 0 and s.options & TECH_OPTION[tech] != 0)


@cython.ccall
@cython.exceptval(check=False)
def unit_in_play(s: State, unit_type: cython.int) -> cython.bint:
    """Whether a unit type exists in this game (see :func:`tech_in_play`)."""
    if unit_type < 0 or unit_type >= N_UNIT_TYPES:
        return False
    return UNIT_OPTION[unit_type] == 0 or (UNIT_OPTION[unit_type] > 0
                                           and s.options & UNIT_OPTION[unit_type] != 0)


@cython.ccall
@cython.exceptval(check=False)
def special_level(s: State, unit: cython.int) -> cython.int:
    """The level of the special technology a unit carries: a fighter's Fighters level,
    a scout's Point Defense (0 for everything else)."""
    return (s.u_flags[unit] & F_LEVEL) >> F_LEVEL_SHIFT


@cython.ccall
@cython.exceptval(check=False)
def current_special_level(s: State, player: cython.int, unit_type: cython.int) -> cython.int:
    """The special level a unit of this type built by ``player`` now would carry
    (``data.UNIT_SPECIAL_TECH``: Fighters, Point Defense, Cloaking, Scanners, Mine Sweep)."""
    tech: cython.int = UNIT_SPECIAL_TECH[unit_type]
    if tech < 0:
        return 0
    return s.tech[player * N_TECHS + tech]


@cython.ccall
@cython.exceptval(check=False)
def attack_strength(s: State, unit: cython.int) -> cython.int:
    """A unit's printed attack strength (a fighter's by its level: F1 5, F2 6, F3 7)."""
    if s.u_type[unit] == F:
        return FIGHTER_ATTACK[special_level(s, unit)]
    return UNIT_ATTACK[s.u_type[unit]]


@cython.ccall
@cython.exceptval(check=False)
def defense_strength(s: State, unit: cython.int) -> cython.int:
    """A unit's printed defense strength (a fighter's by its level: F3 has 1)."""
    if s.u_type[unit] == F:
        return FIGHTER_DEFENSE[special_level(s, unit)]
    return UNIT_DEFENSE[s.u_type[unit]]


@cython.ccall
@cython.exceptval(check=False)
def hostile(s: State, p: cython.int, q: cython.int) -> cython.bint:
    """Are players ``p`` and ``q`` enemies?  Every two players are, except two
    alien players of the solitaire scenario (they never fight each other) and
    two players of one team in team play (allies: one notion for both)."""
    if p == q:
        return False
    if s.alien[p] != 0 and s.alien[q] != 0:
        return False
    return s.team[p] == 0 or s.team[p] != s.team[q]


@cython.ccall
@cython.exceptval(check=False)
def enemy_units_here(s: State, hex_index: cython.int, player: cython.int) -> cython.int:
    """Counters of every other player in a hex."""
    total: cython.int = 0
    p: cython.int
    base: cython.int = hex_index * s.n_players
    for p in range(s.n_players):
        if hostile(s, p, player):
            total += s.hx_units[base + p]
    return total


@cython.ccall
@cython.exceptval(check=False)
def enemy_armed_here(s: State, hex_index: cython.int, player: cython.int) -> cython.int:
    """Combat-capable counters of every other player in a hex."""
    total: cython.int = 0
    p: cython.int
    base: cython.int = hex_index * s.n_players
    for p in range(s.n_players):
        if hostile(s, p, player):
            total += s.hx_armed[base + p]
    return total


@cython.ccall
@cython.exceptval(check=False)
def enemy_colony_at(s: State, hex_index: cython.int, player: cython.int) -> cython.bint:
    owner: cython.int = s.h_col_owner[hex_index]
    return owner >= 0 and hostile(s, owner, player)


@cython.ccall
@cython.exceptval(check=False)
def blockaded(s: State, hex_index: cython.int) -> cython.bint:
    """A colony with an enemy armed unit in its hex earns nothing."""
    owner: cython.int = s.h_col_owner[hex_index]
    return owner >= 0 and enemy_armed_here(s, hex_index, owner) > 0


@cython.ccall
@cython.exceptval(check=False)
def player_to_right(s: State, player: cython.int) -> cython.int:
    """The next living player counter-clockwise in seat order."""
    step: cython.int
    other: cython.int
    for step in range(1, s.n_players):
        other = (player - step + s.n_players) % s.n_players
        if s.alive[other]:
            return other
    return player


# -- making and unmaking units ---------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def new_unit(s: State, player: cython.int, unit_type: cython.int, hex_index: cython.int,
             count: cython.int) -> cython.int:
    """A new counter with its owner's current technology (attack/defense capped by hull)."""
    unit: cython.int = s.add_unit(player, unit_type, hex_index, count)
    set_current_levels(s, unit)
    if unit_type == CO and s.tech[player * N_TECHS + T_TERRAFORMING] > 0:
        s.u_flags[unit] |= F_TERRAFORM
    if unit_type == CA and s.tech[player * N_TECHS + T_EXPLORATION] > 0:
        s.u_flags[unit] |= F_EXPLORER
    return unit


@cython.ccall
@cython.exceptval(check=False)
def set_current_levels(s: State, unit: cython.int) -> cython.void:
    """Give a unit its owner's current levels (attack/defense capped by hull)."""
    player: cython.int = unit // UNITS_PER_PLAYER
    hull: cython.int = UNIT_HULL[s.u_type[unit]]
    att: cython.int = s.tech[player * N_TECHS + T_ATTACK]
    dfn: cython.int = s.tech[player * N_TECHS + T_DEFENSE]
    s.u_att[unit] = att if att < hull else hull
    s.u_def[unit] = dfn if dfn < hull else hull
    s.u_tac[unit] = s.tech[player * N_TECHS + T_TACTICS]
    s.u_mov[unit] = s.tech[player * N_TECHS + T_MOVEMENT]
    s.u_flags[unit] = (s.u_flags[unit] & ~F_LEVEL) | (
        current_special_level(s, player, s.u_type[unit]) << F_LEVEL_SHIFT)


@cython.ccall
@cython.exceptval(-1, check=False)
def destroy_unit(s: State, unit: cython.int, ev: EventLog | None, reason: str) -> cython.int:
    """Remove a unit, saying so; a towed mineral or wreck is lost with it, and so are the
    fighters aboard a carrier destroyed outside a battle (in a battle they fight on)."""
    if ev is not None:
        unit_type, number, count = identity(s, unit)
        ev.emit(E_UNIT_DESTROYED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, s.u_hex[unit], reason,
                unit_type, number, count)
    first: cython.int = (unit // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
    other: cython.int
    if s.u_type[unit] == CV and s.u_hex[unit] != s.b_hex:
        for other in range(first, first + UNITS_PER_PLAYER):
            if s.u_type[other] == F and s.u_cargo[other] == unit + 1:
                destroy_unit(s, other, ev, reason)
    s.remove_unit(unit)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def clear_colony(s: State, hex_index: cython.int) -> cython.void:
    """The planet is empty again; minerals and wrecks waiting there are lost."""
    s.h_col_owner[hex_index] = -1
    s.h_col_cp[hex_index] = 0
    s.h_col_flags[hex_index] = 0
    s.h_deposit_cp[hex_index] = 0
    s.h_deposit_wrecks[hex_index] = 0


@cython.ccall
@cython.exceptval(-1, check=False)
def eliminate_player(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """An empire whose homeworld fell is out: its units and colonies leave the board."""
    unit: cython.int
    h: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0:
            s.remove_unit(unit)
    for h in range(s.n_hexes):
        if s.h_col_owner[h] == player:
            clear_colony(s, h)
    s.alive[player] = 0
    s.cp[player] = 0
    if ev is not None:
        ev.emit(E_PLAYER_ELIMINATED, VIS_ALL, player)
    return 0


# -- what others may know of a unit (events only: Python objects) ------------------------
@cython.ccall
def identity(s: State, unit: cython.int) -> Identity:
    """(unit type code, number, count) as every player may know them.

    Colony ships, miners and bases always show face up, and so does a group
    revealed in combat; a ship yard shows its type and number (yards stand
    at colonies for all to see) but not how many yards; anything else shows
    nothing.
    """
    unit_type = s.u_type[unit]
    if UNIT_TRAITS[unit_type] & TR_FACE_UP or s.u_flags[unit] & F_REVEALED:
        return data.UNIT_CODES[unit_type], s.u_number[unit], s.u_count[unit]
    if unit_type == SY:
        return "SY", s.u_number[unit], None
    return None, None, None


@cython.ccall
@cython.exceptval(-1, check=False)
def announce_placed(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """A new unit on the board (a purchase, an alien's fleet), as every player may know
    it (:func:`identity`) and in full to its owner."""
    if ev is None:
        return 0
    player: cython.int = unit // UNITS_PER_PLAYER
    unit_type, number, count = identity(s, unit)
    ev.emit(E_PLACED, VIS_ALL, unit, player, s.u_hex[unit], unit_type, number, count)
    ev.emit(E_PLACED_DETAIL, 1 << player, unit, player, s.u_hex[unit],
            data.UNIT_CODES[s.u_type[unit]], s.u_count[unit])
    return 0
