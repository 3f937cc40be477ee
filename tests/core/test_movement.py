"""Movement: allowances, terrain, escorts, enemy hexes, one unit at a time,
splitting and merging."""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.errors import IllegalActionError
from se4x_core.rules.codes import F_DONE
from tests.helpers.scenario import (
    CENTRE,
    NE,
    E,
    W,
    act,
    add,
    can_move,
    end_movement,
    events_of,
    is_legal,
    legal,
    move,
    neighbour,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    step_targets,
    unit_alive,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

ROW5_WEST = 39  # row 5, column 0: seven known hexes run east from here


def steps_possible(game, unit) -> int:
    """How many hexes a unit manages to move east along row 5 this turn."""
    n = 0
    while can_move(game, unit, neighbour(game.state, game.state.u_hex[unit], E)):
        move(game, unit, neighbour(game.state, game.state.u_hex[unit], E))
        n += 1
    return n


@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("turn", [1, 2, 3])
def test_movement_schedule(level, turn):
    """Summary "Movement Technology Levels" / docs/charts.md: hexes per turn 1/2/3 by
    Movement level: 1: 1/1/1, 2: 1/1/2, 3: 1/2/2, 4: 2/2/2, 5: 2/2/3, 6: 2/3/3, 7: 3/3/3."""
    expected = {1: (1, 1, 1), 2: (1, 1, 2), 3: (1, 2, 2), 4: (2, 2, 2), 5: (2, 2, 3),
                6: (2, 3, 3), 7: (3, 3, 3)}[level][turn - 1]
    game = scenario(turn=turn)
    unit = add(game.state, 0, data.DD, ROW5_WEST, mov=level)
    assert steps_possible(game, unit) == expected


def test_units_keep_the_movement_level_they_were_built_with():
    """docs/charts.md#research-chart: a new level applies to units built from then on;
    other units keep the level they were built with until refitted."""
    game = scenario(turn=1)
    state = game.state
    old = add(state, 0, data.DD, ROW5_WEST)
    state.set_tech_level(0, data.T_MOVEMENT, 4)
    new = add(state, 0, data.DD, 47)
    assert state.u_mov[old] == 1 and state.u_mov[new] == 4
    assert steps_possible(game, old) == 1


@pytest.mark.parametrize("unit_type", [data.CO, data.MINER])
def test_colony_ships_and_miners_move_one_hex(unit_type):
    """Summary "Movement" Exceptions: miners and colony ships never move more than
    1 space per turn, whatever the Movement level."""
    game = scenario(turn=3)
    state = game.state
    state.set_tech_level(0, data.T_MOVEMENT, 7)
    unit = add(state, 0, unit_type, ROW5_WEST, mov=7)
    assert steps_possible(game, unit) == 1


@pytest.mark.parametrize("unit_type", [data.SY, data.BASE])
def test_yards_and_bases_never_move(unit_type):
    """Summary "Movement" Exceptions: Shipyards and Bases never move."""
    game = scenario(turn=3)
    unit = add(game.state, 0, unit_type, CENTRE, mov=7)
    assert step_targets(game, unit) == set()


def test_decoys_move_at_current_movement_level():
    """Summary "Decoys": they always move at the speed of the current Movement level."""
    game = scenario(turn=1)
    state = game.state
    unit = add(state, 0, data.DECOY, ROW5_WEST)
    state.set_tech_level(0, data.T_MOVEMENT, 7)
    assert steps_possible(game, unit) == 3


@pytest.mark.parametrize("marker, face_up", [
    (data.M_PLANET, False), (data.M_NEBULA, True), (data.M_ASTEROID, True),
    (data.M_NEBULA, False), (data.M_ASTEROID, False),
])
def test_unexplored_nebula_asteroids_only_as_first_step(marker, face_up):
    """Summary "Movement Restrictions": a combat unit may not enter an undiscovered
    hex, a Nebula or Asteroids unless it begins its turn adjacent and moves in as its
    first move; entering ends its movement regardless of Movement level."""
    game = scenario(turn=1)
    state = game.state
    first, second = ROW5_WEST, ROW5_WEST + 1
    target = neighbour(state, second, E)
    set_marker(state, target, marker, face_up=face_up)
    slow_start = add(state, 0, data.DD, first, mov=7)
    move(game, slow_start, second)
    assert not can_move(game, slow_start, target)  # second step: refused
    end_movement(game)
    set_turn(state, 0, 1)
    adjacent = add(state, 0, data.DD, second, mov=7)
    move(game, adjacent, target)  # first step: allowed
    assert state.h_face_up[target]
    assert step_targets(game, adjacent) == set()  # and it ends the movement
    assert state.u_flags[adjacent] & F_DONE


def test_leaving_a_nebula_is_free():
    """Summary "Movement Restrictions": only entering a nebula is restricted."""
    game = scenario(turn=1)
    state = game.state
    set_marker(state, ROW5_WEST, data.M_NEBULA, face_up=True)
    unit = add(state, 0, data.DD, ROW5_WEST, mov=7)
    assert steps_possible(game, unit) == 3


def test_known_supernova_is_never_entered():
    """Summary "Super Nova": units may not move into a Super Nova."""
    game = scenario(turn=1)
    state = game.state
    nova = neighbour(state, CENTRE, E)
    set_marker(state, nova, data.M_SUPERNOVA, face_up=True)
    unit = add(state, 0, data.DD, CENTRE, mov=7)
    assert nova not in step_targets(game, unit)
    assert len(step_targets(game, unit)) == 5


@pytest.mark.parametrize("unit_type", [data.CO, data.MINER, data.DECOY])
def test_non_combat_units_need_escort_into_unexplored(unit_type):
    """Summary "Movement Restrictions" / BGA help: a unit without attack strength may
    not enter a hex with a face-down marker; once a combat ship has explored it, the
    hex is known and open to it."""
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, data.M_PLANET)
    weak = add(state, 0, unit_type, CENTRE)
    escort = add(state, 0, data.SC, CENTRE)
    assert not can_move(game, weak, target)
    move(game, escort, target)
    assert state.h_face_up[target]
    assert can_move(game, weak, target)


@pytest.mark.parametrize("enemy", ["unit", "colony"])
@pytest.mark.parametrize("unit_type", [data.CO, data.MINER, data.DECOY])
def test_non_combat_units_need_escort_into_enemy_hexes(enemy, unit_type):
    """Summary "Movement Restrictions": a noncombatant may not enter a hex with an enemy
    unit or colony unless accompanied by a combat unit (one already there)."""
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    if enemy == "unit":
        add(state, 1, data.SY, target)
    else:
        set_colony(state, 1, target, 3)
    weak = add(state, 0, unit_type, CENTRE)
    assert not can_move(game, weak, target)
    add(state, 0, data.DD, target)  # a friendly combat ship already in the hex
    assert can_move(game, weak, target)


def test_entering_enemy_combat_units_stops_movement():
    """Summary "Enemy Occupied Hexes": a unit entering a space with an enemy
    combat-capable unit must stop and attack."""
    game = scenario(turn=1)
    state = game.state
    target = ROW5_WEST + 1
    add(state, 1, data.SC, target)
    unit = add(state, 0, data.DD, ROW5_WEST, mov=7)
    move(game, unit, target)
    assert step_targets(game, unit) == set()
    end_movement(game)
    assert game.phase == "combat_fire"  # the battle follows


def test_enemy_colony_does_not_stop_movement():
    """BGA help "Enemy Occupied Hexes": you may ignore an enemy colony and move through it."""
    game = scenario(turn=1)
    state = game.state
    set_colony(state, 1, ROW5_WEST + 1, 5)
    unit = add(state, 0, data.DD, ROW5_WEST, mov=7)
    assert steps_possible(game, unit) == 3


def test_unescorted_non_combat_enemies_destroyed_on_entry():
    """Summary "Enemy Occupied Hexes": if the space holds only enemy non-combat units,
    they are destroyed at once and do not impede movement (a towed mineral goes too)."""
    game = scenario(turn=1)
    state = game.state
    target = ROW5_WEST + 1
    colony_ship = add(state, 1, data.CO, target)
    miner = add(state, 1, data.MINER, target)
    decoy = add(state, 1, data.DECOY, target)
    state.u_cargo[miner], state.u_cargo_value[miner] = data.M_MINERAL, 10
    unit = add(state, 0, data.DD, ROW5_WEST, mov=7)
    events = move(game, unit, target)
    assert not any(unit_alive(state, s) for s in (colony_ship, miner, decoy))
    assert len(events_of(events, "unit_destroyed")) == 3
    assert state.u_cargo[miner] == 0
    assert steps_possible(game, unit) == 2  # movement goes on


def test_non_combat_units_do_not_catch_enemies():
    """Summary "Enemy Occupied Hexes": only a combat unit's entry destroys lone
    enemy non-combat units (a noncombatant needs an escort there anyway)."""
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    enemy_miner = add(state, 1, data.MINER, target)
    add(state, 0, data.DD, target)  # escort already there (placed by hand)
    weak = add(state, 0, data.CO, CENTRE)
    move(game, weak, target)
    assert unit_alive(state, enemy_miner)


def test_complete_one_units_movement_before_another():
    """Summary "Movement": you must complete one unit's movement before moving another."""
    game = scenario(turn=1)
    state = game.state
    a = add(state, 0, data.DD, ROW5_WEST, mov=7)
    b = add(state, 0, data.DD, 47, mov=7)
    move(game, a, ROW5_WEST + 1)
    assert can_move(game, a, ROW5_WEST + 2)
    move(game, b, neighbour(state, 47, E))
    assert step_targets(game, a) == set()
    with pytest.raises(IllegalActionError):
        move(game, a, ROW5_WEST + 2)
    assert can_move(game, b, neighbour(state, state.u_hex[b], E))


def test_peeking_begins_the_cruisers_movement():
    """Summary "Movement" and "Exploration": a cruiser peeks before beginning its
    movement, and one unit's movement is completed before another's begins, so a unit
    that moved before the peek cannot move on afterwards."""
    game = scenario(turn=1)
    state = game.state
    state.set_tech_level(0, data.T_EXPLORATION, 1)
    set_marker(state, neighbour(state, CENTRE, E), data.M_PLANET)
    cruiser = add(state, 0, data.CA, CENTRE)
    other = add(state, 0, data.DD, ROW5_WEST, mov=4)
    move(game, other, ROW5_WEST + 1)
    assert can_move(game, other, ROW5_WEST + 2)
    act(game, "peek", unit=cruiser, dir=E)
    act(game, "hide")
    assert step_targets(game, other) == set()
    assert step_targets(game, cruiser)  # the cruiser itself may still move


def test_unit_destroyed_mid_turn_does_not_freeze_a_new_counter():
    """Summary "Movement": the one-unit-at-a-time rule concerns units that moved; a
    group split off after the last mover died (its counter unit reused) is still free
    to move, and so is the group it came from."""
    game = scenario(turn=1)
    state = game.state
    danger = neighbour(state, CENTRE, E)
    set_marker(state, danger, data.M_DANGER)
    scout = add(state, 0, data.SC, CENTRE)
    group = add(state, 0, data.DD, ROW5_WEST, count=2, mov=4)
    move(game, scout, danger)
    assert not unit_alive(state, scout)
    act(game, "split", unit=group, count=1)
    new = [s for s in state.live_units(0) if s != group][0]
    move(game, group, ROW5_WEST + 1)
    assert can_move(game, group, ROW5_WEST + 2)
    assert step_targets(game, new)  # the new counter has not moved yet


# -- splitting and merging -------------------------------------------------------
def test_split_and_merge_within_limits():
    """Summary "Group": a group holds 1-6 ships of one type and technology; groups in
    one hex may split off ships into a free counter or merge up to six."""
    game = scenario(turn=1)
    state = game.state
    a = add(state, 0, data.DD, CENTRE, count=4)
    b = add(state, 0, data.DD, CENTRE, count=2)
    c = add(state, 0, data.DD, CENTRE, count=1)
    splits = {x.count for x in legal(game, "split") if x.unit == a}
    assert splits == {1, 2, 3}
    assert is_legal(game, "merge", unit=a, other=b)  # 4 + 2 = 6
    assert is_legal(game, "merge", unit=a, other=c)  # 4 + 1 = 5
    act(game, "merge", unit=a, other=b)
    assert state.u_count[a] == 6 and not unit_alive(state, b)
    assert not is_legal(game, "merge", unit=a, other=c)  # would make 7
    act(game, "split", unit=a, count=2)
    assert state.u_count[a] == 4
    assert sum(state.u_count[s] for s in state.live_units(0)) == 7


def test_merge_needs_same_type_technology_and_hex():
    """Summary "Group": ships of a group share type and technology level."""
    game = scenario(turn=1)
    state = game.state
    a = add(state, 0, data.SC, CENTRE)
    other_type = add(state, 0, data.DD, CENTRE)
    other_tech = add(state, 0, data.SC, CENTRE, att=1)
    elsewhere = add(state, 0, data.SC, ROW5_WEST)
    same = add(state, 0, data.SC, CENTRE)
    merges = {(x.unit, x.other) for x in legal(game, "merge")}
    assert (min(a, same), max(a, same)) in merges
    for other in (other_type, other_tech, elsewhere):
        assert (min(a, other), max(a, other)) not in merges


def test_split_needs_a_free_counter():
    """Summary "Purchase Limits": 4 destroyer counters; a split needs an unused one."""
    game = scenario(turn=1)
    state = game.state
    group = add(state, 0, data.DD, CENTRE, count=3)
    for _ in range(3):
        add(state, 0, data.DD, ROW5_WEST)
    assert not [x for x in legal(game, "split") if x.unit == group]
    state.remove_unit(state.live_units(0)[-1])
    assert [x for x in legal(game, "split") if x.unit == group]


@pytest.mark.parametrize("unit_type", [data.CO, data.MINER, data.SY, data.DECOY, data.BASE])
def test_single_units_and_yards_do_not_split_or_merge(unit_type):
    """Summary "Group": miners, colony ships (and the other single counters) are always
    single; ship yards stay one group per hex."""
    game = scenario(turn=1)
    state = game.state
    count = 3 if unit_type == data.SY else 1
    add(state, 0, unit_type, CENTRE, count=count)
    add(state, 0, unit_type, CENTRE, count=1)
    assert not legal(game, "split") and not legal(game, "merge")


def test_split_group_keeps_movement_used():
    """Summary "Movement": splitting does not give ships fresh movement."""
    game = scenario(turn=1)
    state = game.state
    group = add(state, 0, data.DD, ROW5_WEST, count=2, mov=1)
    move(game, group, ROW5_WEST + 1)
    act(game, "split", unit=group, count=1)
    new = [s for s in state.live_units(0) if s != group][0]
    assert step_targets(game, new) == set()


def test_merged_group_has_moved_as_far_as_either():
    """Summary "Movement": merging does not give ships fresh movement."""
    game = scenario(turn=1)
    state = game.state
    a = add(state, 0, data.DD, ROW5_WEST, mov=4)
    move(game, a, ROW5_WEST + 1)
    move(game, a, ROW5_WEST + 2)
    b = add(state, 0, data.DD, ROW5_WEST + 2, mov=4)
    act(game, "merge", unit=min(a, b), other=max(a, b))
    assert step_targets(game, min(a, b)) == set()


def test_movement_events_show_only_public_identity():
    """Summary "Group": a group's contents are hidden from the enemy until combat."""
    game = scenario(turn=1)
    state = game.state
    unit = add(state, 0, data.DD, CENTRE, count=3)
    events = move(game, unit, neighbour(state, CENTRE, NE))
    moved = events_of(events, "moved")[0]
    assert moved["visible_to"] is None and moved["unit_type"] is None
    assert "count" not in moved
    colony_ship = add(state, 0, data.CO, CENTRE)
    set_turn(state, 0, 1)
    events = move(game, colony_ship, neighbour(state, CENTRE, W))
    assert events_of(events, "moved")[0]["unit_type"] == "CO"
