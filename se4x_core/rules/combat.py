"""The Combat phase: battles fought decision by decision.

Rules (se4x-rules-summary.txt "Combat" through "Post Combat"):

* the moving player attacks in every hex where its units meet enemy combat
  units, in the order it chooses; decoys are removed and everyone else is
  revealed;
* each round the side with more combat ships may screen groups up to the
  difference; a side with at least twice the other's unscreened combat ships
  gets +1 attack;
* groups fire by class (A first; all class E in asteroids and nebulae), then
  higher tactics, then the defender; each ship picks a target and rolls a
  d10: hit when the roll is at most attack + attack tech + bonus - defense -
  defense tech (a 1 always hits); hits go to one ship of a group at a time;
* from the second round a group may retreat instead of firing, to an
  adjacent explored hex without enemies that is no farther from one of its
  colonies (the battle hex's colony ignored); yards and bases never retreat;
  with the warp points rule set a linked warp point is an adjacent hex and
  distances count links (:mod:`se4x_core.rules.advanced.warp`);
* the battle ends when a side has no combat units: its non-combat units are
  destroyed, survivors are repaired; the winning attacker may then fire once
  per ship at an enemy colony (a hit takes a colony one step down, a
  homeworld 5 CP).

Interpretation: an attack on a colony is combat ("Colonies and Combat"), so
when it starts with no enemy ships there the attacker's decoys in the hex are
destroyed, as at the start of any battle, and its combat groups are revealed
(they fire openly, in class order, with their attack strength).

Team play (docs/rules-interpretations.md#team-play): a battle stays two-sided, the mover against
one enemy player (the lowest-numbered with combat units in the hex, then the
next).  Allies' units in the hex, of either side, stay out of it: they
neither fire nor are fired on and are not revealed; allies' colonies are
never attacked (:func:`se4x_core.rules.units.hostile` decides who is an enemy).

Advanced rules, raiders (docs/rules-interpretations.md#raiders):
enemy raiders cloaked against the mover do not count as combat units it must fight
(:func:`se4x_core.rules.advanced.cloaking.detected_armed_here`); the mover's cloaked raiders that
did not move this turn lie in wait (no battle); raiders cloaked as a battle begins
fire round 1 as class A with +1 attack (``F_AMBUSH``).

Advanced rules, mines (docs/rules-interpretations.md#mines): a hex with
the mover's units that moved this turn and an enemy's mines starts a battle; after
decoys and the reveal, the mover's minesweepers sweep, then the mines' owner picks a
ship for each remaining mine (phase ``mines``), and the battle goes on with the
combat units left.

Advanced rules, Doomsday Machines (docs/rules-interpretations.md#doomsday,
:mod:`se4x_core.rules.advanced.doomsday`): a player's units in a machine's hex fight it, the
player deciding (``b_attacker``) and the machine the other side (``b_defender ==
MACHINE_SIDE``, its firing key and fire targets ``MACHINE_UNIT + i``); it fires its
two shots by itself (:func:`_machine_fires`), is hit on a 1 only, and nobody gets
the fleet-size bonus.  After every turn's last player the machines move and fight
whoever they reached (``machine_step``, :func:`begin_machine_step`).

The battle in progress lives in the state's ``b_*`` scalars.  The firing
order is not stored: each group has a firing key (class, tactics, side,
unit, see :func:`firing_key`) and ``b_pos`` holds the key of the group whose
turn it is, so "the next group" is the smallest key above it among the
groups still in the battle.  Screened groups carry ``F_SCREENED``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cython

from se4x_core import data
from se4x_core.rules.advanced.warp import links

if TYPE_CHECKING:
    from typing import TypeAlias

    from se4x_core.events import EventLog, RevealedUnit

    # Aliases, not spelled out where used: Cython reads ``list[...]`` and
    # ``tuple[...]`` annotations as narrower types than the .pxd declares.
    RevealedUnits: TypeAlias = list[RevealedUnit]

from se4x_core.kernel import battle_math
from se4x_core.rules import exploration, units
from se4x_core.rules.advanced import carriers, cloaking, doomsday, mines, warp
from se4x_core.rules.alist import ActionList, encode
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if not cython.compiled:
    POS_END = 0x3FFFFFFF  # b_pos past the last group of the round
POS_END_VALUE = POS_END  # the same, readable from Python


# -- where battles are ----------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def terrain_of(s: State, hex_index: cython.int) -> cython.int:
    """The combat terrain of a hex (only face-up asteroids and nebulae count)."""
    if s.h_face_up[hex_index]:
        if s.h_marker[hex_index] == M_ASTEROID:
            return TERRAIN_ASTEROIDS
        if s.h_marker[hex_index] == M_NEBULA:
            return TERRAIN_NEBULA
    return TERRAIN_OPEN


@cython.ccall
@cython.exceptval(check=False)
def needs_battle(s: State, hex_index: cython.int, attacker: cython.int) -> cython.bint:
    """Does the mover fight here: enemy combat units, or an enemy colony to attack?"""
    at: cython.int = hex_index * s.n_players + attacker
    if s.hx_units[at] == 0:
        return False
    owner: cython.int
    if s.options & OPT_DOOMSDAY and doomsday.machine_at(s, hex_index) >= 0 and \
            doomsday.units_meet_machine(s, hex_index, attacker):
        return True
    if s.options & OPT_MINES:
        owner = mines.mine_owner(s, hex_index, attacker)
        if owner >= 0 and mines.mine_target_count(s, hex_index, attacker, owner) > 0:
            return True
    if s.options & OPT_RAIDERS:
        if cloaking.enemy_detected_here(s, hex_index, attacker):
            return not cloaking.lying_in_wait(s, hex_index, attacker)
    elif units.enemy_armed_here(s, hex_index, attacker):
        return True
    return units.enemy_colony_at(s, hex_index, attacker) and s.hx_armed[at] > 0


@cython.ccall
@cython.exceptval(-1, check=False)
def begin_combat_phase(s: State, ev: EventLog | None) -> cython.int:
    """After the mover's movement: list the battles (by hex) and start the first."""
    attacker: cython.int = s.order[s.order_pos]
    h: cython.int
    n: cython.int = 0
    for h in range(s.n_hexes):
        if n < MAX_BATTLE_HEXES and needs_battle(s, h, attacker):
            s.battle_hexes[n] = h
            n += 1
    s.n_battle_hexes = n
    return next_battle(s, ev)


@cython.ccall
@cython.exceptval(-1, check=False)
def next_battle(s: State, ev: EventLog | None) -> cython.int:
    """Start the next battle, ask the attacker to choose one, or end the phase."""
    if s.machine_step:
        return _next_machine_battle(s, ev)
    attacker: cython.int = s.order[s.order_pos]
    i: cython.int
    n: cython.int = 0
    for i in range(s.n_battle_hexes):
        if needs_battle(s, s.battle_hexes[i], attacker):
            s.battle_hexes[n] = s.battle_hexes[i]
            n += 1
    for i in range(n, s.n_battle_hexes):
        s.battle_hexes[i] = -1
    s.n_battle_hexes = n
    if n == 0:
        _clear_battle(s)
        s.pending = FLOW_TURN_OVER
    elif n == 1:
        start_battle(s, s.battle_hexes[0], ev)
    else:
        s.phase = PH_CHOOSE_BATTLE
        s.current_player = attacker
    return 0


# -- the Doomsday Machines' step (advanced rules, rules/advanced/doomsday.py) ----------------------
@cython.ccall
@cython.exceptval(-1, check=False)
def begin_machine_step(s: State, ev: EventLog | None) -> cython.int:
    """After a turn: the machines move, then every hex where one met a player's units
    is fought, in hex order (no choice: the machines decide nothing)."""
    h: cython.int
    n: cython.int = 0
    s.machine_step = 1
    doomsday.move_machines(s, ev)
    for h in range(s.n_hexes):
        if n < MAX_BATTLE_HEXES and doomsday.machine_opponent(s, h) >= 0:
            s.battle_hexes[n] = h
            n += 1
    s.n_battle_hexes = n
    return next_battle(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _next_machine_battle(s: State, ev: EventLog | None) -> cython.int:
    """The machines' next battle, or the end of their step."""
    i: cython.int
    n: cython.int = 0
    for i in range(s.n_battle_hexes):
        if doomsday.machine_opponent(s, s.battle_hexes[i]) >= 0:
            s.battle_hexes[n] = s.battle_hexes[i]
            n += 1
    for i in range(n, s.n_battle_hexes):
        s.battle_hexes[i] = -1
    s.n_battle_hexes = n
    if n > 0:
        return start_battle(s, s.battle_hexes[0], ev)
    _clear_battle(s)
    s.machine_step = 0
    s.pending = FLOW_MACHINES_OVER
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def legal_choose_battle(s: State, out: ActionList) -> cython.void:
    i: cython.int
    for i in range(s.n_battle_hexes):
        out.push(encode(A_CHOOSE_BATTLE, s.battle_hexes[i], 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_choose_battle(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    return start_battle(s, (code >> 10) & 1023, ev)


@cython.cfunc
@cython.exceptval(check=False)
def default_choose_battle(s: State) -> cython.int:
    """The default policy fights the battles in hex order."""
    return encode(A_CHOOSE_BATTLE, s.battle_hexes[0], 0)


@cython.cfunc
@cython.exceptval(check=False)
def _remove_battle_hex(s: State, hex_index: cython.int) -> cython.void:
    i: cython.int
    j: cython.int
    for i in range(s.n_battle_hexes):
        if s.battle_hexes[i] == hex_index:
            for j in range(i, s.n_battle_hexes - 1):
                s.battle_hexes[j] = s.battle_hexes[j + 1]
            s.n_battle_hexes -= 1
            s.battle_hexes[s.n_battle_hexes] = -1
            return


@cython.cfunc
@cython.exceptval(check=False)
def _battle_hex_listed(s: State, hex_index: cython.int) -> cython.bint:
    i: cython.int
    for i in range(s.n_battle_hexes):
        if s.battle_hexes[i] == hex_index:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _clear_battle(s: State) -> cython.void:
    """No battle in progress (screen marks of the last one wiped)."""
    unit: cython.int
    if s.b_hex >= 0:
        for unit in range(s.n_units):
            s.u_flags[unit] &= ~(F_SCREENED | F_POINT_DEFENSE | F_AMBUSH)
    s.b_hex = -1
    s.b_attacker = -1
    s.b_defender = -1
    s.b_round = 0
    s.b_pos = -1
    s.b_shot = 0
    s.b_screener = -1
    s.b_screen_left = 0
    s.b_colony = 0
    s.b_bonus_a = 0
    s.b_bonus_d = 0


# -- starting a battle -------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _first_armed_enemy(s: State, hex_index: cython.int, player: cython.int) -> cython.int:
    """The lowest-numbered other player with combat units in a hex that ``player`` can
    engage (raiders cloaked against it do not count), or -1."""
    p: cython.int
    base: cython.int = hex_index * s.n_players
    for p in range(s.n_players):
        if units.hostile(s, p, player) and s.hx_armed[base + p] > 0 and (
                s.options & OPT_RAIDERS == 0
                or cloaking.detected_armed_here(s, hex_index, player, p) > 0):
            return p
    return -1


@cython.ccall
@cython.exceptval(-1, check=False)
def start_battle(s: State, hex_index: cython.int, ev: EventLog | None) -> cython.int:
    """Set up a battle: remove decoys, reveal everyone, begin round one.  In the
    machines' step the side that decides is the player the machine met."""
    attacker: cython.int = (doomsday.machine_opponent(s, hex_index) if s.machine_step
                            else s.order[s.order_pos])
    _remove_battle_hex(s, hex_index)
    defender: cython.int = _first_armed_enemy(s, hex_index, attacker)
    _clear_battle(s)
    s.b_hex = hex_index
    s.b_attacker = attacker
    s.b_defender = defender
    s.b_pos = 0
    _remove_decoys(s, hex_index, attacker, ev)
    if s.options & OPT_MINES and not s.machine_step and \
            _begin_mines(s, hex_index, attacker, ev):
        return 0  # the mines' owner chooses their targets first
    return _begin_fight(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _begin_fight(s: State, ev: EventLog | None) -> cython.int:
    """The battle proper, once decoys (and mines) are dealt with: reveal both sides and
    begin round one; with no enemy combat units, the attack on the colony, if any."""
    hex_index: cython.int = s.b_hex
    attacker: cython.int = s.b_attacker
    if s.options & OPT_DOOMSDAY and doomsday.machine_at(s, hex_index) >= 0 and \
            doomsday.units_meet_machine(s, hex_index, attacker):
        return _begin_machine_fight(s, ev)
    defender: cython.int = _first_armed_enemy(s, hex_index, attacker)
    s.b_defender = defender
    if s.hx_units[hex_index * s.n_players + attacker] == 0 or (
            defender >= 0 and s.options & OPT_RAIDERS and
            cloaking.lying_in_wait(s, hex_index, attacker)):
        return _finish_battle(s, ev)  # the mines left nobody, or only raiders lying in wait
    if defender < 0:
        if units.enemy_colony_at(s, hex_index, attacker) and \
                s.hx_armed[hex_index * s.n_players + attacker] > 0:
            return _start_colony_attack(s, ev)
        return _finish_battle(s, ev)  # the mines were all there was
    _remove_decoys(s, hex_index, defender, ev)
    revealed: RevealedUnits | None = [] if ev is not None else None
    _reveal_side(s, hex_index, attacker, revealed)
    _reveal_side(s, hex_index, defender, revealed)
    if s.options & OPT_RAIDERS:
        cloaking.mark_ambushes(s, hex_index, attacker, defender)
    if ev is not None:
        ev.emit(E_BATTLE_STARTED, VIS_ALL, hex_index, attacker, defender, revealed)
    return _start_round(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _begin_machine_fight(s: State, ev: EventLog | None) -> cython.int:
    """A battle against the hex's Doomsday Machine: the player's side is revealed;
    with no combat unit there its units are lost at once (caught without escort)."""
    hex_index: cython.int = s.b_hex
    s.b_defender = MACHINE_SIDE
    revealed: RevealedUnits | None = [] if ev is not None else None
    _reveal_side(s, hex_index, s.b_attacker, revealed)
    if ev is not None:
        ev.emit(E_BATTLE_STARTED, VIS_ALL, hex_index, s.b_attacker, MACHINE_SIDE, revealed)
    if s.hx_armed[hex_index * s.n_players + s.b_attacker] == 0:
        return _end_battle(s, ev)
    return _start_round(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _remove_decoys(s: State, hex_index: cython.int, player: cython.int,
                   ev: EventLog | None) -> cython.int:
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == DECOY and s.u_hex[unit] == hex_index:
            units.destroy_unit(s, unit, ev, "decoy revealed")
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _reveal_side(s: State, hex_index: cython.int, player: cython.int,
                 revealed: RevealedUnits | None) -> cython.int:
    """Reveal every unit of one side in the battle (and describe it for the event)."""
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_hex[unit] == hex_index:
            s.u_flags[unit] |= F_REVEALED
            if revealed is not None:
                revealed.append({"unit": unit, "player": player,
                                 "unit_type": data.UNIT_CODES[s.u_type[unit]],
                                 "number": s.u_number[unit], "count": s.u_count[unit],
                                 "attack_tech": units.combat_level(s, unit, 0),
                                 "defense_tech": units.combat_level(s, unit, 1),
                                 "tactics": units.combat_level(s, unit, 2)})
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _in_battle(s: State, unit: cython.int) -> cython.bint:
    """A live combat unit of either side in the battle hex."""
    owner: cython.int = unit // UNITS_PER_PLAYER
    return (s.u_type[unit] >= 0 and s.u_hex[unit] == s.b_hex
            and UNIT_TRAITS[s.u_type[unit]] & TR_ARMED != 0
            and (owner == s.b_attacker or owner == s.b_defender))


@cython.ccall
@cython.exceptval(check=False)
def side_ships(s: State, player: cython.int, unscreened_only: cython.bint) -> cython.int:
    """Combat ships (not groups) ``player`` has in the battle (a machine is one)."""
    if player == MACHINE_SIDE:
        return 1 if doomsday.machine_at(s, s.b_hex) >= 0 else 0
    total: cython.int = 0
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and s.u_hex[unit] == s.b_hex and \
                UNIT_TRAITS[s.u_type[unit]] & TR_ARMED:
            if not (unscreened_only and s.u_flags[unit] & F_SCREENED):
                total += s.u_count[unit]
    return total


@cython.ccall
@cython.exceptval(check=False)
def side_armed(s: State, player: cython.int) -> cython.int:
    """How many combat groups ``player`` still has in the battle (a machine is one)."""
    if player == MACHINE_SIDE:
        return 1 if doomsday.machine_at(s, s.b_hex) >= 0 else 0
    return s.hx_armed[s.b_hex * s.n_players + player]


# -- mines (advanced rules) ------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _begin_mines(s: State, hex_index: cython.int, attacker: cython.int,
                 ev: EventLog | None) -> cython.bint:
    """Reference manual, battle step 3: "Defender detonates mines (after minesweeping)".

    Both sides in the hex are revealed (step 2).  The mover's minesweepers in the hex
    each remove ``MINES_SWEPT[level]`` mines first; then, if mines and ships they may
    strike remain, the mines' owner picks the ships one mine at a time (phase
    ``mines``).  True when that choice is pending.
    """
    owner: cython.int = mines.mine_owner(s, hex_index, attacker)
    if owner < 0:
        return False
    s.b_defender = owner
    _remove_decoys(s, hex_index, owner, ev)
    _reveal_side(s, hex_index, attacker, None)  # step 2, "reveal all units", comes first:
    _reveal_side(s, hex_index, owner, None)  # the owner sees the ships it chooses from
    mines.sweep(s, hex_index, attacker, owner, ev)
    return mines.await_choice(s)


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_mines(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    """A mine strikes the chosen group (:func:`se4x_core.rules.advanced.mines.detonate`);
    the battle goes on once no mine is left to choose for."""
    mines.detonate(s, (code >> 10) & 1023, ev)
    if mines.await_choice(s):
        return 0
    s.current_player = s.b_attacker
    return _begin_fight(s, ev)


# -- rounds, screening, the firing order ----------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _start_round(s: State, ev: EventLog | None) -> cython.int:
    unit: cython.int
    s.b_round += 1
    for unit in range(s.n_units):  # an ambush lasts the first round only
        s.u_flags[unit] &= ~(F_SCREENED | F_POINT_DEFENSE | (F_AMBUSH if s.b_round > 1 else 0))
    attacker_ships: cython.int = side_ships(s, s.b_attacker, False)
    defender_ships: cython.int = side_ships(s, s.b_defender, False)
    s.b_screener = -1
    if attacker_ships != defender_ships:
        s.b_screener = s.b_attacker if attacker_ships > defender_ships else s.b_defender
        s.b_screen_left = (attacker_ships - defender_ships if attacker_ships > defender_ships
                           else defender_ships - attacker_ships)
    if ev is not None:
        ev.emit(E_COMBAT_ROUND, VIS_ALL, s.b_hex, s.b_round)
    if _screen_choice_count(s) > 0:
        s.phase = PH_SCREEN
        s.current_player = s.b_screener
        return 0
    return _begin_fire(s, ev)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _may_screen(s: State, unit: cython.int) -> cython.bint:
    return (unit // UNITS_PER_PLAYER == s.b_screener and _in_battle(s, unit)
            and not s.u_flags[unit] & F_SCREENED and s.u_count[unit] <= s.b_screen_left)


@cython.cfunc
@cython.exceptval(check=False)
def _screen_choice_count(s: State) -> cython.int:
    """Groups the screening side may still screen this round."""
    if s.b_screener < 0:
        return 0
    n: cython.int = 0
    unit: cython.int
    for unit in range(s.b_screener * UNITS_PER_PLAYER, (s.b_screener + 1) * UNITS_PER_PLAYER):
        if _may_screen(s, unit):
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def legal_screen(s: State, out: ActionList) -> cython.void:
    unit: cython.int
    if s.b_screener >= 0:
        for unit in range(s.b_screener * UNITS_PER_PLAYER, (s.b_screener + 1) * UNITS_PER_PLAYER):
            if _may_screen(s, unit):
                out.push(encode(A_SCREEN, unit, 0))
    out.push(encode(A_DONE_SCREEN, 0, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_screen(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    unit: cython.int = (code >> 10) & 1023
    if code >> 20 == A_SCREEN:
        s.u_flags[unit] |= F_SCREENED
        s.b_screen_left -= s.u_count[unit]
        if ev is not None:
            ev.emit(E_SCREENED, VIS_ALL, unit, unit // UNITS_PER_PLAYER)
        if _screen_choice_count(s) > 0:
            return 0
    return _begin_fire(s, ev)


@cython.cfunc
@cython.exceptval(check=False)
def default_screen(s: State) -> cython.int:
    """The default policy screens nobody."""
    return encode(A_DONE_SCREEN, 0, 0)


@cython.ccall
@cython.exceptval(check=False)
def firing_key(s: State, unit: cython.int) -> cython.int:
    """Order of fire: class (A first, terrain applied), higher tactics, defender, unit.

    A Doomsday Machine (``MACHINE_UNIT + i``) is class C, tactics 2, the defender.
    """
    if unit >= MACHINE_UNIT:
        return ((battle_math.effective_class(DOOMSDAY_CLASS, terrain_of(s, s.b_hex)) * 16
                 + (15 - DOOMSDAY_TACTICS)) * 2) * 1024 + unit
    printed: cython.int = UNIT_CLASS[s.u_type[unit]]
    if s.u_flags[unit] & F_POINT_DEFENSE:  # advanced rules: a scout's point defense is class A
        printed = CLASS_A
    elif s.u_flags[unit] & F_AMBUSH and s.b_round == 1:  # a cloaked raider's first round
        printed = CLASS_A
    unit_class: cython.int = battle_math.effective_class(printed, terrain_of(s, s.b_hex))
    side: cython.int = 1 if unit // UNITS_PER_PLAYER == s.b_attacker else 0
    return ((unit_class * 16 + (15 - units.combat_level(s, unit, 2))) * 2 + side) * 1024 + unit


@cython.cfunc
@cython.exceptval(check=False)
def _next_key(s: State, after: cython.int) -> cython.int:
    """The smallest firing key above ``after`` among the groups still in the battle.

    In a colony attack only the attacker's groups fire.
    """
    best: cython.int = POS_END
    key: cython.int
    unit: cython.int
    for unit in range(s.n_units):
        if not _in_battle(s, unit):
            continue
        if s.b_colony and unit // UNITS_PER_PLAYER != s.b_attacker:
            continue
        key = firing_key(s, unit)
        if after < key < best:
            best = key
    if s.b_defender == MACHINE_SIDE and not s.b_colony and doomsday.machine_at(s, s.b_hex) >= 0:
        key = firing_key(s, MACHINE_UNIT + doomsday.machine_at(s, s.b_hex))
        if after < key < best:
            best = key
    return best


@cython.cfunc
@cython.exceptval(-1, check=False)
def _begin_fire(s: State, ev: EventLog | None) -> cython.int:
    """Fleet-size bonus for the round, then the first group to fire."""
    attacker_ships: cython.int = side_ships(s, s.b_attacker, True)
    defender_ships: cython.int = side_ships(s, s.b_defender, True)
    s.b_bonus_a = battle_math.fleet_bonus(attacker_ships, defender_ships)
    s.b_bonus_d = battle_math.fleet_bonus(defender_ships, attacker_ships)
    if s.b_defender == MACHINE_SIDE:  # "no fleet-size bonus against it"; it is one ship
        s.b_bonus_a = 0
        s.b_bonus_d = 0
    if s.options & OPT_FIGHTERS:
        _arm_point_defense(s)
    if ev is not None and (s.b_bonus_a or s.b_bonus_d):
        ev.emit(E_FLEET_SIZE_BONUS, VIS_ALL, s.b_hex,
                s.b_attacker if s.b_bonus_a else s.b_defender)
    s.b_pos = _next_key(s, -1)
    s.b_shot = 0
    return _advance_fire(s, ev)


@cython.cfunc
@cython.exceptval(check=False)
def _arm_point_defense(s: State) -> cython.void:
    """Scouts with Point Defense facing fighters fire this round as point defense
    (:func:`se4x_core.rules.advanced.carriers.fires_point_defense`)."""
    unit: cython.int
    for unit in range(s.n_units):
        if s.u_type[unit] == SC and _in_battle(s, unit) and not s.u_flags[unit] & F_SCREENED \
                and carriers.fires_point_defense(s, unit, _enemy_of(s, unit)):
            s.u_flags[unit] |= F_POINT_DEFENSE


@cython.ccall
@cython.exceptval(check=False)
def battle_decided(s: State) -> cython.bint:
    return side_armed(s, s.b_attacker) == 0 or side_armed(s, s.b_defender) == 0


@cython.cfunc
@cython.exceptval(check=False)
def _next_group(s: State) -> cython.void:
    s.b_pos = _next_key(s, s.b_pos)
    s.b_shot = 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _advance_fire(s: State, ev: EventLog | None) -> cython.int:
    """Find the next group that must decide, or end the round or the battle."""
    unit: cython.int
    while s.b_pos != POS_END:
        if battle_decided(s):
            return _end_battle(s, ev)
        unit = s.b_pos & 1023
        if unit >= MACHINE_UNIT:
            _machine_fires(s, unit, ev)
            _next_group(s)
            continue
        if not _in_battle(s, unit):
            _next_group(s)
            continue
        if s.u_flags[unit] & F_SCREENED:
            if s.b_shot == 0 and s.b_round >= 2 and can_retreat(s, unit):
                _ask(s, unit)
                return 0
            _next_group(s)
            continue
        if s.b_shot >= s.u_count[unit] or _target_count(s, unit) == 0:
            _next_group(s)
            continue
        _ask(s, unit)
        return 0
    if battle_decided(s):
        return _end_battle(s, ev)
    return _start_round(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _machine_fires(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """A Doomsday Machine's turn: its shots, each at the default target, decided by
    nobody."""
    target: cython.int
    _shot: cython.int
    for _shot in range(DOOMSDAY_SHOTS):
        if battle_decided(s):
            break
        target = default_target(s, unit)
        if target < 0:
            break
        _fire(s, unit, target, ev)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _ask(s: State, unit: cython.int) -> cython.void:
    s.phase = PH_FIRE
    s.current_player = unit // UNITS_PER_PLAYER


@cython.ccall
@cython.exceptval(check=False)
def firing_unit(s: State) -> cython.int:
    """The group whose ship fires (or which may retreat) now."""
    return s.b_pos & 1023


# -- targets and shots ----------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _enemy_of(s: State, unit: cython.int) -> cython.int:
    return s.b_defender if _side_of(unit) == s.b_attacker else s.b_attacker


@cython.ccall
@cython.exceptval(check=False)
def _side_of(unit: cython.int) -> cython.int:
    """The player a firing unit belongs to, ``MACHINE_SIDE`` for a Doomsday Machine."""
    return MACHINE_SIDE if unit >= MACHINE_UNIT else unit // UNITS_PER_PLAYER


@cython.cfunc
@cython.exceptval(check=False)
def _is_target(s: State, unit: cython.int, target: cython.int, enemy: cython.int) -> cython.bint:
    """An unscreened combat group of ``enemy`` in the battle that ``unit`` may fire at.

    Advanced rules: the carrier and point-defense limits
    (:func:`se4x_core.rules.advanced.carriers.may_target`).
    """
    if not (s.u_type[target] >= 0 and s.u_hex[target] == s.b_hex
            and UNIT_TRAITS[s.u_type[target]] & TR_ARMED != 0
            and not s.u_flags[target] & F_SCREENED):
        return False
    return s.options == 0 or carriers.may_target(s, unit, target, enemy)


@cython.cfunc
@cython.exceptval(check=False)
def _target_count(s: State, unit: cython.int) -> cython.int:
    enemy: cython.int = _enemy_of(s, unit)
    n: cython.int = 0
    target: cython.int
    if enemy == MACHINE_SIDE:
        return 1 if doomsday.machine_at(s, s.b_hex) >= 0 else 0
    for target in range(enemy * UNITS_PER_PLAYER, (enemy + 1) * UNITS_PER_PLAYER):
        if _is_target(s, unit, target, enemy):
            n += 1
    return n


@cython.ccall
@cython.exceptval(check=False)
def to_hit_against(s: State, unit: cython.int, target: cython.int) -> cython.int:
    """The to-hit number of one of ``unit``'s ships firing at ``target``.

    Doomsday Machines: any shot at one hits on a roll of 1; one fires with attack 9
    and no technology.
    """
    if target >= MACHINE_UNIT:
        return DOOMSDAY_HIT_ROLL
    if unit >= MACHINE_UNIT:
        return battle_math.to_hit_number(DOOMSDAY_ATTACK, 0, 0, units.defense_strength(s, target),
                                         units.combat_level(s, target, 1), terrain_of(s, s.b_hex))
    bonus: cython.int = s.b_bonus_a if unit // UNITS_PER_PLAYER == s.b_attacker else s.b_bonus_d
    attack: cython.int = units.attack_strength(s, unit)
    if s.u_flags[unit] & F_POINT_DEFENSE:
        attack = POINT_DEFENSE_ATTACK[units.special_level(s, unit)]
    elif s.u_flags[unit] & F_AMBUSH and s.b_round == 1:
        attack += RAIDER_AMBUSH_BONUS
    return battle_math.to_hit_number(attack, units.combat_level(s, unit, 0), bonus,
                                     units.defense_strength(s, target),
                                     units.combat_level(s, target, 1), terrain_of(s, s.b_hex))


@cython.ccall
@cython.exceptval(check=False)
def default_target(s: State, unit: cython.int) -> cython.int:
    """The "auto" target: the battle simulator's documented default rule.

    Best chance to hit, then a group whose lead ship is already damaged, then
    the biggest threat (attack strength plus attack tech, none in asteroids),
    then unit order (:func:`se4x_core.sim.combat_sim.better_target`).
    """
    enemy: cython.int = _enemy_of(s, unit)
    if enemy == MACHINE_SIDE:
        return MACHINE_UNIT + doomsday.machine_at(s, s.b_hex)
    asteroids: cython.bint = terrain_of(s, s.b_hex) == TERRAIN_ASTEROIDS
    best: cython.int = -1
    best_faces: cython.int = 0
    best_damaged: cython.bint = False
    best_threat: cython.int = 0
    faces: cython.int
    damaged: cython.bint
    threat: cython.int
    target: cython.int
    for target in range(enemy * UNITS_PER_PLAYER, (enemy + 1) * UNITS_PER_PLAYER):
        if not _is_target(s, unit, target, enemy):
            continue
        faces = battle_math.hit_faces(to_hit_against(s, unit, target))
        damaged = s.u_damage[target] > 0
        threat = units.attack_strength(s, target) + (
            0 if asteroids else units.combat_level(s, target, 0))
        if best < 0 or battle_math.better_target(faces, damaged, threat, best_faces, best_damaged,
                                                 best_threat):
            best = target
            best_faces = faces
            best_damaged = damaged
            best_threat = threat
    return best


@cython.cfunc
@cython.exceptval(check=False)
def legal_fire(s: State, out: ActionList) -> cython.void:
    unit: cython.int = s.b_pos & 1023
    screened: cython.bint = s.u_flags[unit] & F_SCREENED != 0
    enemy: cython.int = _enemy_of(s, unit)
    target: cython.int
    d: cython.int
    mask: cython.int
    if not screened and enemy == MACHINE_SIDE:
        out.push(encode(A_FIRE, MACHINE_UNIT + doomsday.machine_at(s, s.b_hex), 0))
    elif not screened:
        for target in range(enemy * UNITS_PER_PLAYER, (enemy + 1) * UNITS_PER_PLAYER):
            if _is_target(s, unit, target, enemy):
                out.push(encode(A_FIRE, target, 0))
    if s.b_shot == 0 and s.b_round >= 2:
        mask = retreat_mask(s, unit)
        for d in range(6):
            if mask >> d & 1:
                out.push(encode(A_RETREAT, d, 0))
        if s.options & OPT_WARP_POINTS:
            target = warp.next_link(s, s.u_hex[unit], -1)
            while target >= 0:
                if warp_retreat_ok(s, unit, target):
                    out.push(encode(A_RETREAT, WARP_DIR + target, 0))
                target = warp.next_link(s, s.u_hex[unit], target)
    if screened:
        out.push(encode(A_HOLD, 0, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_fire(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    unit: cython.int = s.b_pos & 1023
    kind: cython.int = code >> 20
    arg: cython.int = (code >> 10) & 1023
    if kind == A_FIRE:
        _fire(s, unit, arg, ev)
        s.b_shot += 1
    elif kind == A_RETREAT:
        _retreat(s, unit, arg, ev)
        _next_group(s)
    else:  # hold: a screened group stays
        _next_group(s)
    return _advance_fire(s, ev)


@cython.cfunc
@cython.exceptval(check=False)
def default_fire(s: State) -> cython.int:
    """The default policy: a screened group holds, any other fires at the default target."""
    unit: cython.int = s.b_pos & 1023
    if s.u_flags[unit] & F_SCREENED:
        return encode(A_HOLD, 0, 0)
    return encode(A_FIRE, default_target(s, unit), 0)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _fire(s: State, unit: cython.int, target: cython.int, ev: EventLog | None) -> cython.int:
    needed: cython.int = to_hit_against(s, unit, target)
    die: cython.int = units.roll(s)
    hit: cython.bint = battle_math.hits(die, needed)
    if ev is not None:
        ev.emit(E_SHOT, VIS_ALL, unit, _side_of(unit), target, die, needed, hit)
    if hit:
        _damage(s, target, ev)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _damage(s: State, target: cython.int, ev: EventLog | None) -> cython.int:
    """One hit on the group's lead ship; a ship dies when hits reach its hull.  A hit on
    a Doomsday Machine is the attacker's (the only side that fires at one)."""
    if target >= MACHINE_UNIT:
        return doomsday.hit_machine(s, target - MACHINE_UNIT, s.b_attacker, ev)
    s.u_damage[target] += 1
    if s.u_damage[target] < UNIT_HULL[s.u_type[target]]:
        return 0
    s.u_damage[target] = 0
    return carriers.lose_ship(s, target, ev, "combat")


# -- retreat ------------------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def retreat_mask(s: State, unit: cython.int) -> cython.int:
    """Directions (bits) this group may retreat to (none for yards and bases).

    Summary "Retreat": the hex must be the same distance, or less, from *one of*
    the player's colonies (any of them, the battle hex's own colony ignored),
    not necessarily from the nearest one.  The warp links of the battle hex are
    retreat hexes too (:func:`warp_retreat_ok`, not in this mask).
    """
    unit_type: cython.int = s.u_type[unit]
    if UNIT_TRAITS[unit_type] & (TR_IMMOBILE | TR_CARRIED) or not UNIT_TRAITS[unit_type] & TR_ARMED:
        return 0  # fighters leave a battle only aboard a retreating carrier
    here: cython.int = s.u_hex[unit]
    mask: cython.int = 0
    d: cython.int
    target: cython.int
    for d in range(6):
        target = s.tables.nbr[here * 6 + d]
        if target >= 0 and _retreat_hex_ok(s, unit, here, target):
            mask |= 1 << d
    return mask


@cython.cfunc
@cython.exceptval(check=False)
def _retreat_hex_ok(s: State, unit: cython.int, here: cython.int,
                    target: cython.int) -> cython.bint:
    """``target`` (adjacent, or linked by a warp link) is explored, no supernova, holds
    no enemy units and is no farther from one of the player's colonies than ``here``
    (distances count warp links as one hex when the warp points rule set is on)."""
    player: cython.int = unit // UNITS_PER_PLAYER
    n: cython.int = s.n_hexes
    colony: cython.int
    with_warp: cython.bint = s.options & OPT_WARP_POINTS != 0
    if not s.h_face_up[target] or s.h_marker[target] == M_SUPERNOVA:
        return False
    if units.enemy_units_here(s, target, player):
        return False
    if s.options & OPT_DOOMSDAY and doomsday.machine_at(s, target) >= 0:
        return False
    for colony in range(n):
        if s.h_col_owner[colony] != player or colony == here:
            continue
        if with_warp:
            if warp.warp_distance(s, target, colony) <= warp.warp_distance(s, here, colony):
                return True
        elif s.tables.dist[target * n + colony] <= s.tables.dist[here * n + colony]:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def warp_retreat_ok(s: State, unit: cython.int, target: cython.int) -> cython.bint:
    """The group may retreat through a warp link of its hex into ``target``."""
    unit_type: cython.int = s.u_type[unit]
    if UNIT_TRAITS[unit_type] & (TR_IMMOBILE | TR_CARRIED) or not UNIT_TRAITS[unit_type] & TR_ARMED:
        return False
    here: cython.int = s.u_hex[unit]
    return warp.warp_linked(s, here, target) and _retreat_hex_ok(s, unit, here, target)


@cython.ccall
@cython.exceptval(check=False)
def can_retreat(s: State, unit: cython.int) -> cython.bint:
    """Some retreat hex is open to the group: adjacent, or through a warp link."""
    if retreat_mask(s, unit):
        return True
    if s.options & OPT_WARP_POINTS == 0:
        return False
    target: cython.int = warp.next_link(s, s.u_hex[unit], -1)
    while target >= 0:
        if warp_retreat_ok(s, unit, target):
            return True
        target = warp.next_link(s, s.u_hex[unit], target)
    return False


@cython.cfunc
@cython.exceptval(-1, check=False)
def _retreat(s: State, unit: cython.int, direction: cython.int, ev: EventLog | None) -> cython.int:
    origin: cython.int = s.u_hex[unit]
    target: cython.int = warp.step_target(s, origin, direction)
    s.move_unit(unit, target)  # a carrier takes the fighters aboard it along
    other: cython.int
    first: cython.int = (unit // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
    for other in range(first, first + UNITS_PER_PLAYER):
        if other == unit or (s.u_type[unit] == CV and s.u_type[other] == F
                             and s.u_cargo[other] == unit + 1):
            s.u_damage[other] = 0
            s.u_moved[other] += 1  # it moved this turn: no refit as if it had stayed at a yard
            s.u_flags[other] |= F_DONE
            s.u_flags[other] &= ~(F_SCREENED | F_POINT_DEFENSE)
    if ev is not None:
        ev.emit(E_RETREATED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, origin, target)
    return exploration.arrive(s, unit, origin, ev)


# -- the end of a battle --------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_battle(s: State, ev: EventLog | None) -> cython.int:
    """Destroy the loser's non-combat units, repair survivors, maybe bomb a colony."""
    winner: cython.int = -1
    hex_index: cython.int = s.b_hex
    attacker: cython.int = s.b_attacker
    player: cython.int
    side: cython.int
    unit: cython.int
    for side in range(2):
        player = attacker if side == 0 else s.b_defender
        if player == MACHINE_SIDE:
            if side_armed(s, player):
                winner = MACHINE_SIDE
            continue
        if side_armed(s, player):
            winner = player
            for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
                if s.u_type[unit] >= 0 and s.u_hex[unit] == hex_index:
                    s.u_damage[unit] = 0
        else:
            for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
                if s.u_type[unit] >= 0 and s.u_hex[unit] == hex_index:
                    units.destroy_unit(s, unit, ev, "left without escort")
    if ev is not None:
        ev.emit(E_BATTLE_ENDED, VIS_ALL, hex_index, winner, s.b_round)
    if s.machine_step:
        return _finish_battle(s, ev)  # the machines' battles only
    if winner == attacker and units.enemy_armed_here(s, hex_index, attacker) and \
            s.n_battle_hexes < MAX_BATTLE_HEXES:
        s.battle_hexes[s.n_battle_hexes] = hex_index  # a third empire's ships are there too
        s.n_battle_hexes += 1
    if winner == attacker and units.enemy_colony_at(s, hex_index, attacker):
        return _start_colony_attack(s, ev)
    return _finish_battle(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _finish_battle(s: State, ev: EventLog | None) -> cython.int:
    _clear_battle(s)
    return next_battle(s, ev)


# -- attacks on colonies --------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _start_colony_attack(s: State, ev: EventLog | None) -> cython.int:
    unit: cython.int
    if _battle_hex_listed(s, s.b_hex):
        return _finish_battle(s, ev)  # fight the remaining ships first
    s.b_colony = 1
    for unit in range(s.b_attacker * UNITS_PER_PLAYER, (s.b_attacker + 1) * UNITS_PER_PLAYER):
        if _in_battle(s, unit) or (s.u_type[unit] == MINE and s.u_hex[unit] == s.b_hex):
            s.u_flags[unit] |= F_REVEALED  # they fire openly (and mines show, "reveal all")
    s.b_pos = _next_key(s, -1)
    s.b_shot = 0
    s.phase = PH_COLONY_FIRE
    s.current_player = s.b_attacker
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def legal_colony_fire(s: State, out: ActionList) -> cython.void:
    out.push(encode(A_FIRE_COLONY, 0, 0))
    out.push(encode(A_HOLD, 0, 0))


@cython.ccall
@cython.exceptval(check=False)
def colony_to_hit(s: State, unit: cython.int) -> cython.int:
    """Attack strength + attack tech (0 in asteroids); colonies have no defense."""
    return battle_math.to_hit_number(units.attack_strength(s, unit),
                                     units.combat_level(s, unit, 0), 0, 0, 0,
                                     terrain_of(s, s.b_hex))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_colony_fire(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    if code >> 20 == A_HOLD:
        return _finish_battle(s, ev)
    unit: cython.int = s.b_pos & 1023
    needed: cython.int = colony_to_hit(s, unit)
    die: cython.int = units.roll(s)
    hit: cython.bint = battle_math.hits(die, needed)
    if ev is not None:
        ev.emit(E_COLONY_SHOT, VIS_ALL, unit, unit // UNITS_PER_PLAYER, s.b_hex, die, needed, hit)
    if hit and damage_colony(s, s.b_hex, ev):
        return _finish_battle(s, ev)
    s.b_shot += 1
    while s.b_pos != POS_END and s.b_shot >= s.u_count[s.b_pos & 1023]:
        _next_group(s)
    if s.b_pos == POS_END:
        return _finish_battle(s, ev)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def default_colony_fire(s: State) -> cython.int:
    """The default policy fires every ship at the colony."""
    return encode(A_FIRE_COLONY, 0, 0)


@cython.ccall
@cython.exceptval(-1, check=False)
def damage_colony(s: State, hex_index: cython.int, ev: EventLog | None) -> cython.int:
    """One hit on a colony or homeworld; 1 when it is destroyed."""
    owner: cython.int = s.h_col_owner[hex_index]
    value: cython.int
    if s.h_marker[hex_index] == M_HOMEWORLD:
        value = s.h_col_cp[hex_index] - HOMEWORLD_STEP
    else:
        value = COLONY_DAMAGE[s.h_col_cp[hex_index]]
    if value > 0:
        s.h_col_cp[hex_index] = value
        if ev is not None:
            ev.emit(E_COLONY_DAMAGED, VIS_ALL, hex_index, owner, value)
        return 0
    destroy_colony(s, hex_index, ev)
    return 1


@cython.ccall
@cython.exceptval(-1, check=False)
def destroy_colony(s: State, hex_index: cython.int, ev: EventLog | None) -> cython.int:
    """A colony falls (minerals and wrecks left there are lost); a homeworld ends an empire."""
    owner: cython.int = s.h_col_owner[hex_index]
    homeworld: cython.bint = s.h_marker[hex_index] == M_HOMEWORLD
    units.clear_colony(s, hex_index)
    if homeworld:
        s.h_marker[hex_index] = M_PLANET
    if ev is not None:
        ev.emit(E_COLONY_DESTROYED, VIS_ALL, hex_index, owner, homeworld)
    if homeworld:
        units.eliminate_player(s, owner, ev)
    return 0


# -- for the facade and tests (Python objects) -------------------------------------------
def battle_queue(s: State) -> list[int]:
    """The groups of the current round in firing order (those still in the battle)."""
    keys = []
    for unit in range(s.n_units):
        if not _in_battle(s, unit):
            continue
        if s.b_colony and unit // UNITS_PER_PLAYER != s.b_attacker:
            continue
        keys.append(firing_key(s, unit))
    machine = doomsday.machine_at(s, s.b_hex)
    if s.b_defender == MACHINE_SIDE and not s.b_colony and machine >= 0:
        keys.append(firing_key(s, MACHINE_UNIT + machine))
    return [k & 1023 for k in sorted(keys)]


def retreat_directions(s: State, unit: int) -> list[int]:
    """The retreat directions of a group: 0-5, then WARP_DIR + hex through warp links."""
    mask = retreat_mask(s, unit)
    out = [d for d in range(6) if mask >> d & 1]
    return out + [WARP_DIR + h for h in links(s, s.u_hex[unit]) if warp_retreat_ok(s, unit, h)]

