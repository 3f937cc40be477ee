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
* the battle ends when a side has no combat units: its non-combat units are
  destroyed, survivors are repaired; the winning attacker may then fire once
  per ship at an enemy colony (a hit takes a colony one step down, a
  homeworld 5 CP).
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.actions import (
    A_CHOOSE_BATTLE,
    A_DONE_SCREEN,
    A_FIRE,
    A_FIRE_COLONY,
    A_HOLD,
    A_RETREAT,
    A_SCREEN,
    encode,
)
from se4x_core.combat_sim import (
    TERRAIN_ASTEROIDS,
    TERRAIN_NEBULA,
    TERRAIN_OPEN,
    effective_class,
    fleet_bonus,
    hits,
    pick_target,
    to_hit_number,
)
from se4x_core.events import Event, emit
from se4x_core.exploration import roll
from se4x_core.hexgrid import N_DIRECTIONS
from se4x_core.state import (
    F_DONE,
    S_CHOOSE_BATTLE,
    S_COLONY_FIRE,
    S_FIRE,
    S_SCREEN,
    Battle,
    State,
)
from se4x_core.units import (
    armed_units_at,
    clear_colony,
    destroy_unit,
    eliminate_player,
    enemy_armed_at,
    enemy_colony_at,
    enemy_units_at,
    is_armed,
    reveal_unit,
    ships_in,
)

S_COMBAT_OVER = 100  # internal: the mover's Combat phase has ended


def terrain_of(state: State, hex_index: int) -> int:
    """The combat terrain of a hex (only face-up asteroids and nebulae count)."""
    if state.h_face_up[hex_index]:
        marker = state.h_marker[hex_index]
        if marker == data.M_ASTEROID:
            return TERRAIN_ASTEROIDS
        if marker == data.M_NEBULA:
            return TERRAIN_NEBULA
    return TERRAIN_OPEN


def needs_battle(state: State, hex_index: int, attacker: int) -> bool:
    """Does the mover fight here: enemy combat units, or an enemy colony to attack?"""
    mine = state.units_at(hex_index, attacker)
    if not mine:
        return False
    if enemy_armed_at(state, hex_index, attacker):
        return True
    return enemy_colony_at(state, hex_index, attacker) and any(is_armed(state, s) for s in mine)


def begin_combat_phase(state: State, events: list[Event]) -> None:
    """After the mover's movement: list the battles and start the first."""
    attacker = state.mover
    hexes = sorted({state.u_hex[s] for s in state.live_units(attacker)})
    state.battle_hexes = [h for h in hexes if needs_battle(state, h, attacker)]
    next_battle(state, events)


def next_battle(state: State, events: list[Event]) -> None:
    """Start the next battle, ask the attacker to choose one, or end the phase."""
    attacker = state.mover
    state.battle_hexes = [h for h in state.battle_hexes if needs_battle(state, h, attacker)]
    if not state.battle_hexes:
        state.battle = None
        state.stage = S_COMBAT_OVER
    elif len(state.battle_hexes) == 1:
        start_battle(state, state.battle_hexes[0], events)
    else:
        state.stage = S_CHOOSE_BATTLE
        state.actor = attacker


def legal_choose_battle(state: State, out: list[int]) -> None:
    for hex_index in state.battle_hexes:
        out.append(encode(A_CHOOSE_BATTLE, hex_index))


def start_battle(state: State, hex_index: int, events: list[Event]) -> None:
    """Set up a battle: remove decoys, reveal everyone, begin round one."""
    attacker = state.mover
    state.battle_hexes.remove(hex_index)
    enemies = enemy_armed_at(state, hex_index, attacker)
    defender = state.owner(enemies[0]) if enemies else -1
    battle = Battle(hex_index, attacker, defender)
    state.battle = battle
    if defender < 0:
        _start_colony_attack(state, events)
        return
    for slot in state.units_at(hex_index, attacker) + state.units_at(hex_index, defender):
        if state.u_type[slot] == data.DECOY:
            destroy_unit(state, slot, events, "decoy revealed")
    participants = state.units_at(hex_index, attacker) + state.units_at(hex_index, defender)
    for slot in participants:
        reveal_unit(state, slot)
    emit(events, "battle_started", None, hex=hex_index, attacker=attacker, defender=defender,
         units=[_unit_summary(state, s) for s in participants])
    _start_round(state, events)


def _unit_summary(state: State, slot: int) -> dict[str, int | str]:
    att, dfn, tac = state.combat_levels(slot)
    return {"unit": slot, "player": state.owner(slot),
            "unit_type": data.UNIT_CODES[state.u_type[slot]],
            "number": state.u_number[slot], "count": state.u_count[slot],
            "attack_tech": att, "defense_tech": dfn, "tactics": tac}


def side_armed(state: State, player: int) -> list[int]:
    """``player``'s combat units still in the current battle."""
    return armed_units_at(state, state.battle.hex, player)


def _start_round(state: State, events: list[Event]) -> None:
    battle = state.battle
    battle.round += 1
    battle.screened = []
    attacker_ships = ships_in(state, side_armed(state, battle.attacker))
    defender_ships = ships_in(state, side_armed(state, battle.defender))
    battle.screener = -1
    if attacker_ships != defender_ships:
        battle.screener = battle.attacker if attacker_ships > defender_ships else battle.defender
        battle.screen_left = abs(attacker_ships - defender_ships)
    emit(events, "combat_round", None, hex=battle.hex, round=battle.round)
    if screen_choices(state):
        state.stage = S_SCREEN
        state.actor = battle.screener
    else:
        _begin_fire(state, events)


def screen_choices(state: State) -> list[int]:
    """Groups the screening side may still screen this round."""
    battle = state.battle
    if battle.screener < 0:
        return []
    return [s for s in side_armed(state, battle.screener)
            if s not in battle.screened and state.u_count[s] <= battle.screen_left]


def legal_screen(state: State, out: list[int]) -> None:
    for slot in screen_choices(state):
        out.append(encode(A_SCREEN, slot))
    out.append(encode(A_DONE_SCREEN))


def apply_screen(state: State, kind: int, slot: int, events: list[Event]) -> None:
    battle = state.battle
    if kind == A_SCREEN:
        battle.screened.append(slot)
        battle.screen_left -= state.u_count[slot]
        emit(events, "screened", None, unit=slot, player=state.owner(slot))
        if screen_choices(state):
            return
    _begin_fire(state, events)


def _begin_fire(state: State, events: list[Event]) -> None:
    """Fleet-size bonus for the round, then the firing order."""
    battle = state.battle
    terrain = terrain_of(state, battle.hex)
    unscreened = []
    for player in (battle.attacker, battle.defender):
        groups = [s for s in side_armed(state, player) if s not in battle.screened]
        unscreened.append(ships_in(state, groups))
    battle.bonus = [fleet_bonus(unscreened[0], unscreened[1]),
                    fleet_bonus(unscreened[1], unscreened[0])]
    if battle.bonus[0] or battle.bonus[1]:
        emit(events, "fleet_size_bonus", None, hex=battle.hex,
             player=battle.attacker if battle.bonus[0] else battle.defender)
    groups = side_armed(state, battle.attacker) + side_armed(state, battle.defender)
    battle.queue = sorted(groups, key=lambda s: _firing_key(state, s, terrain))
    battle.pos = 0
    battle.shot = 0
    _advance_fire(state, events)


def _firing_key(state: State, slot: int, terrain: int) -> tuple[int, int, int, int]:
    """Class (A first), then higher tactics, then the defender, then slot."""
    unit_class = effective_class(data.UNIT_CLASS[state.u_type[slot]], terrain)
    tactics = state.combat_levels(slot)[2]
    is_attacker = 1 if state.owner(slot) == state.battle.attacker else 0
    return unit_class, -tactics, is_attacker, slot


def battle_decided(state: State) -> bool:
    battle = state.battle
    return not side_armed(state, battle.attacker) or not side_armed(state, battle.defender)


def _advance_fire(state: State, events: list[Event]) -> None:
    """Find the next group that must decide, or end the round or the battle."""
    battle = state.battle
    while battle.pos < len(battle.queue):
        if battle_decided(state):
            _end_battle(state, events)
            return
        slot = battle.queue[battle.pos]
        if state.u_type[slot] < 0 or state.u_hex[slot] != battle.hex:
            _next_group(battle)
            continue
        if slot in battle.screened:
            if battle.shot == 0 and battle.round >= 2 and retreat_directions(state, slot):
                _ask(state, slot)
                return
            _next_group(battle)
            continue
        if battle.shot >= state.u_count[slot] or not targets_for(state, slot):
            _next_group(battle)
            continue
        _ask(state, slot)
        return
    if battle_decided(state):
        _end_battle(state, events)
    else:
        _start_round(state, events)


def _next_group(battle: Battle) -> None:
    battle.pos += 1
    battle.shot = 0


def _ask(state: State, slot: int) -> None:
    state.stage = S_FIRE
    state.actor = state.owner(slot)


def firing_unit(state: State) -> int:
    """The group whose ship fires (or which may retreat) now."""
    return state.battle.queue[state.battle.pos]


def targets_for(state: State, slot: int) -> list[int]:
    """Enemy groups a ship may fire at: unscreened combat units in the battle."""
    battle = state.battle
    enemy = battle.defender if state.owner(slot) == battle.attacker else battle.attacker
    return [s for s in side_armed(state, enemy) if s not in battle.screened]


def to_hit_against(state: State, slot: int, target: int) -> int:
    """The to-hit number of one of ``slot``'s ships firing at ``target``."""
    battle = state.battle
    terrain = terrain_of(state, battle.hex)
    att_tech = state.combat_levels(slot)[0]
    def_tech = state.combat_levels(target)[1]
    side = 0 if state.owner(slot) == battle.attacker else 1
    return to_hit_number(data.UNIT_ATTACK[state.u_type[slot]], att_tech, battle.bonus[side],
                         data.UNIT_DEFENSE[state.u_type[target]], def_tech, terrain)


def default_target(state: State, slot: int) -> int:
    """The "auto" target: the battle simulator's documented default rule.

    Best chance to hit, then a group whose lead ship is already damaged, then
    the biggest threat (attack strength plus attack tech), then slot order;
    the rule itself is :func:`se4x_core.combat_sim.pick_target`.
    """
    targets = targets_for(state, slot)
    asteroids = terrain_of(state, state.battle.hex) == TERRAIN_ASTEROIDS
    to_hit = [to_hit_against(state, slot, t) for t in targets]
    damaged = [state.u_damage[t] > 0 for t in targets]
    threat = [data.UNIT_ATTACK[state.u_type[t]] + (0 if asteroids else state.combat_levels(t)[0])
              for t in targets]
    return targets[pick_target(to_hit, damaged, threat)]


def legal_fire(state: State, out: list[int]) -> None:
    battle = state.battle
    slot = firing_unit(state)
    if slot not in battle.screened:
        for target in targets_for(state, slot):
            out.append(encode(A_FIRE, target))
    if battle.shot == 0 and battle.round >= 2:
        for direction in retreat_directions(state, slot):
            out.append(encode(A_RETREAT, direction))
    if slot in battle.screened:
        out.append(encode(A_HOLD))


def apply_fire(state: State, kind: int, arg: int, events: list[Event]) -> None:
    slot = firing_unit(state)
    if kind == A_FIRE:
        _fire(state, slot, arg, events)
        state.battle.shot += 1
    elif kind == A_RETREAT:
        _retreat(state, slot, arg, events)
        _next_group(state.battle)
    else:  # hold: a screened group stays
        _next_group(state.battle)
    _advance_fire(state, events)


def _fire(state: State, slot: int, target: int, events: list[Event]) -> None:
    needed = to_hit_against(state, slot, target)
    die = roll(state)
    hit = hits(die, needed)
    emit(events, "shot", None, unit=slot, player=state.owner(slot), target=target,
         roll=die, to_hit=needed, hit=hit)
    if hit:
        _damage(state, target, events)


def _damage(state: State, target: int, events: list[Event]) -> None:
    """One hit on the group's lead ship; a ship dies when hits reach its hull."""
    state.u_damage[target] += 1
    if state.u_damage[target] < data.UNIT_HULL[state.u_type[target]]:
        return
    state.u_damage[target] = 0
    if state.u_count[target] > 1:
        state.u_count[target] -= 1
        emit(events, "ship_destroyed", None, unit=target, player=state.owner(target),
             remaining=state.u_count[target])
    else:
        destroy_unit(state, target, events, "combat")


def retreat_directions(state: State, slot: int) -> list[int]:
    """Adjacent hexes this group may retreat to (none for yards and bases).

    Summary "Retreat": the hex must be the same distance, or less, from *one of*
    the player's colonies (any of them, the battle hex's own colony ignored),
    not necessarily from the nearest one.
    """
    unit_type = state.u_type[slot]
    if unit_type in data.IMMOBILE_TYPES or not is_armed(state, slot):
        return []
    player = state.owner(slot)
    here = state.u_hex[slot]
    colonies = [c for c in state.colonies(player) if c != here]
    if not colonies:
        return []
    board = state.board
    out = []
    for direction in range(N_DIRECTIONS):
        target = board.neighbour(here, direction)
        if (target >= 0 and state.h_face_up[target]
                and state.h_marker[target] != data.M_SUPERNOVA
                and not enemy_units_at(state, target, player)
                and any(board.distance(target, c) <= board.distance(here, c)
                        for c in colonies)):
            out.append(direction)
    return out


def _retreat(state: State, slot: int, direction: int, events: list[Event]) -> None:
    from se4x_core import movement  # movement -> exploration -> combat would cycle

    origin = state.u_hex[slot]
    target = state.board.neighbour(origin, direction)
    state.u_hex[slot] = target
    state.u_damage[slot] = 0
    state.u_moved[slot] += 1  # it moved this turn: no refit as if it had stayed at a yard
    state.u_flags[slot] |= F_DONE
    if slot in state.battle.screened:
        state.battle.screened.remove(slot)
    emit(events, "retreated", None, unit=slot, player=state.owner(slot), origin=origin, hex=target)
    movement.arrive(state, slot, origin, events)


def _end_battle(state: State, events: list[Event]) -> None:
    """Destroy the loser's non-combat units, repair survivors, maybe bomb a colony."""
    battle = state.battle
    winner = -1
    for player in (battle.attacker, battle.defender):
        if side_armed(state, player):
            winner = player
            for slot in state.units_at(battle.hex, player):
                state.u_damage[slot] = 0
        else:
            for slot in state.units_at(battle.hex, player):
                destroy_unit(state, slot, events, "left without escort")
    emit(events, "battle_ended", None, hex=battle.hex, winner=winner, rounds=battle.round)
    if winner == battle.attacker and enemy_armed_at(state, battle.hex, battle.attacker):
        state.battle_hexes.append(battle.hex)  # a third empire's ships are there too
    if winner == battle.attacker and enemy_colony_at(state, battle.hex, battle.attacker):
        _start_colony_attack(state, events)
    else:
        _finish_battle(state, events)


def _finish_battle(state: State, events: list[Event]) -> None:
    state.battle = None
    next_battle(state, events)


# -- attacks on colonies ------------------------------------------------------
def _start_colony_attack(state: State, events: list[Event]) -> None:
    battle = state.battle
    if state.battle_hexes and battle.hex in state.battle_hexes:
        _finish_battle(state, events)  # fight the remaining ships first
        return
    terrain = terrain_of(state, battle.hex)
    battle.colony_phase = True
    battle.queue = sorted(side_armed(state, battle.attacker),
                          key=lambda s: _firing_key(state, s, terrain))
    battle.pos = 0
    battle.shot = 0
    state.stage = S_COLONY_FIRE
    state.actor = battle.attacker


def legal_colony_fire(out: list[int]) -> None:
    out.append(encode(A_FIRE_COLONY))
    out.append(encode(A_HOLD))


def colony_to_hit(state: State, slot: int) -> int:
    """Attack strength + attack tech (0 in asteroids); colonies have no defense."""
    att_tech = state.combat_levels(slot)[0]
    terrain = terrain_of(state, state.battle.hex)
    return to_hit_number(data.UNIT_ATTACK[state.u_type[slot]], att_tech, 0, 0, 0, terrain)


def apply_colony_fire(state: State, kind: int, events: list[Event]) -> None:
    battle = state.battle
    if kind == A_HOLD:
        _finish_battle(state, events)
        return
    slot = battle.queue[battle.pos]
    needed = colony_to_hit(state, slot)
    die = roll(state)
    hit = hits(die, needed)
    emit(events, "colony_shot", None, unit=slot, player=state.owner(slot), hex=battle.hex,
         roll=die, to_hit=needed, hit=hit)
    if hit and damage_colony(state, battle.hex, events):
        _finish_battle(state, events)
        return
    battle.shot += 1
    while battle.pos < len(battle.queue) and battle.shot >= state.u_count[battle.queue[battle.pos]]:
        _next_group(battle)
    if battle.pos >= len(battle.queue):
        _finish_battle(state, events)


def damage_colony(state: State, hex_index: int, events: list[Event]) -> bool:
    """One hit on a colony or homeworld; True when it is destroyed."""
    owner = state.h_col_owner[hex_index]
    if state.h_marker[hex_index] == data.M_HOMEWORLD:
        value = state.h_col_cp[hex_index] - data.HOMEWORLD_STEP
    else:
        value = data.COLONY_DAMAGE[state.h_col_cp[hex_index]]
    if value > 0:
        state.h_col_cp[hex_index] = value
        emit(events, "colony_damaged", None, hex=hex_index, player=owner, cp=value)
        return False
    destroy_colony(state, hex_index, events)
    return True


def destroy_colony(state: State, hex_index: int, events: list[Event]) -> None:
    """A colony falls (minerals and wrecks left there are lost); a homeworld ends an empire."""
    owner = state.h_col_owner[hex_index]
    homeworld = state.h_marker[hex_index] == data.M_HOMEWORLD
    clear_colony(state, hex_index)
    if homeworld:
        state.h_marker[hex_index] = data.M_PLANET
    emit(events, "colony_destroyed", None, hex=hex_index, player=owner, homeworld=homeworld)
    if homeworld:
        eliminate_player(state, owner, events)
