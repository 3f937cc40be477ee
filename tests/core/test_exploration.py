"""Exploration: every system marker, and the Exploration technology peek."""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.rules.codes import F_DONE, F_EXPLORER
from se4x_core.rules.units import player_to_right
from tests.helpers.scenario import (
    CENTRE,
    SE,
    E,
    W,
    act,
    add,
    can_move,
    end_movement,
    events_of,
    force_dice,
    is_legal,
    legal,
    move,
    neighbour,
    scenario,
    set_marker,
    set_turn,
    step_targets,
    unit_alive,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

def explore(marker, value=0, unit_type=data.DD, count=1, mov=4):
    """A unit at CENTRE steps east into a face-down ``marker``.

    Returns (game, unit, hex, events).
    """
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, marker, value)
    unit = add(state, 0, unit_type, CENTRE, count=count, mov=mov)
    events = move(game, unit, target)
    return game, unit, target, events


@pytest.mark.parametrize("marker, value", [
    (data.M_PLANET, 0), (data.M_BARREN, 0), (data.M_MINERAL, 5), (data.M_MINERAL, 10),
    (data.M_NEBULA, 0), (data.M_ASTEROID, 0), (data.M_WRECK, 0),
])
def test_lasting_markers_turn_face_up_and_stay(marker, value):
    """Summary "Exploration": a unit entering an unexplored hex explores it; planets,
    barren planets, minerals, nebulae, asteroids and space wrecks stay on the board;
    exploring ends the unit's movement."""
    game, unit, target, events = explore(marker, value)
    state = game.state
    assert state.h_face_up[target]
    assert state.h_marker[target] == marker and state.h_value[target] == value
    assert state.u_hex[unit] == target and unit_alive(state, unit)
    assert step_targets(game, unit) == set()
    explored = events_of(events, "explored")[0]
    assert explored["visible_to"] is None and explored["marker"] == data.MARKER_KEYS[marker]


@pytest.mark.parametrize("marker, value", [(data.M_WARP, 1), (data.M_WARP, 2),
                                           (data.M_DOOMSDAY, 1), (data.M_DOOMSDAY, 3)])
def test_warp_points_and_doomsday_machines_are_empty_space(marker, value):
    """Summary "Exploration": in the Basic Rules, Warp Points and Doomsday Machines are
    treated as empty space."""
    game, unit, target, _ = explore(marker, value)
    state = game.state
    assert state.h_face_up[target] and state.h_marker[target] == data.M_EMPTY
    assert unit_alive(state, unit) and state.u_hex[unit] == target


def test_black_hole_discovery_rolls_per_ship():
    """Summary "Black Holes": every unit (ship) rolls: 1-6 survives, 7-10 is destroyed;
    the rolls are public; the black hole stays. Discovering it ends the movement
    (summary "Movement Restrictions": entering an undiscovered hex ends movement)."""
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, data.M_BLACK_HOLE)
    unit = add(state, 0, data.DD, CENTRE, count=4, mov=7)
    force_dice(state, 6, 7, 1, 10)
    events = move(game, unit, target)
    hole = events_of(events, "black_hole")[0]
    assert hole["rolls"] == [6, 7, 1, 10] and hole["lost"] == 2 and hole["visible_to"] is None
    assert state.u_count[unit] == 2
    assert state.h_face_up[target] and state.h_marker[target] == data.M_BLACK_HOLE
    assert step_targets(game, unit) == set()


def test_black_hole_can_destroy_the_whole_group():
    """Summary "Black Holes": 7-10 means the unit is destroyed."""
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, data.M_BLACK_HOLE)
    unit = add(state, 0, data.DD, CENTRE, count=2)
    force_dice(state, 7, 8)
    events = move(game, unit, target)
    assert not unit_alive(state, unit)
    assert events_of(events, "unit_destroyed")


def test_survivors_continue_through_a_known_black_hole():
    """Summary "Black Holes": units entering a black hole roll each time; surviving
    units may continue any remaining movement."""
    game = scenario(turn=1)
    state = game.state
    hole = neighbour(state, CENTRE, E)
    set_marker(state, hole, data.M_BLACK_HOLE, face_up=True)
    unit = add(state, 0, data.DD, CENTRE, count=3, mov=7)
    force_dice(state, 2, 9, 5)
    move(game, unit, hole)
    assert state.u_count[unit] == 2
    beyond = neighbour(state, hole, E)
    assert can_move(game, unit, beyond)
    force_dice(state, 1, 1)
    move(game, unit, beyond)
    assert state.u_hex[unit] == beyond and state.u_count[unit] == 2


def test_colony_ship_rolls_in_a_known_black_hole():
    """Summary "Black Holes": each unit entering must roll, non-combat units too."""
    game = scenario(turn=1)
    state = game.state
    hole = neighbour(state, CENTRE, E)
    set_marker(state, hole, data.M_BLACK_HOLE, face_up=True)
    unit = add(state, 0, data.CO, CENTRE)
    force_dice(state, 9)
    move(game, unit, hole)
    assert not unit_alive(state, unit)


def test_danger_destroys_the_units_and_leaves_empty_space():
    """Summary "Danger!": when discovered, all units there are destroyed and the hex
    remains empty in the future."""
    game, unit, target, events = explore(data.M_DANGER, count=5)
    state = game.state
    assert not unit_alive(state, unit)
    assert state.h_face_up[target] and state.h_marker[target] == data.M_EMPTY
    assert events_of(events, "unit_destroyed")[0]["reason"] == "Danger!"


def test_supernova_turns_units_back_and_stays():
    """Summary "Super Nova": units that discover a Super Nova return to the hex they
    came from; it remains for the game and may never be entered."""
    game, unit, target, events = explore(data.M_SUPERNOVA, mov=7)
    state = game.state
    assert state.u_hex[unit] == CENTRE and unit_alive(state, unit)
    assert state.h_face_up[target] and state.h_marker[target] == data.M_SUPERNOVA
    assert events_of(events, "turned_back")
    assert step_targets(game, unit) == set()  # entering the unexplored hex ended its move
    end_movement(game)
    set_turn(state, 0, 1)
    assert target not in step_targets(game, unit)


def test_lost_in_space_shift_chosen_by_player_to_the_right_two_players():
    """Summary "Lost in Space": the player to your right shifts your units 1 hex in any
    direction; the counter is then removed and the hex stays empty. (Two players: the
    opponent chooses.)"""
    game, unit, target, _ = explore(data.M_LOST)
    state = game.state
    assert game.phase == "lost_in_space" and game.current_player == 1
    assert {a.dir for a in legal(game, "shift")} == set(range(6))
    landing = neighbour(state, target, SE)
    events = act(game, "shift", dir=SE)
    assert state.u_hex[unit] == landing
    assert state.h_face_up[target] and state.h_marker[target] == data.M_EMPTY
    assert game.phase == "movement" and game.current_player == 0
    assert step_targets(game, unit) == set()
    assert events_of(events, "lost_in_space_shift")


def test_lost_in_space_chooser_in_three_player_game():
    """Summary "Lost in Space": the player to your right chooses; seats go clockwise
    0, 1, 2, so the player to the right of player 0 is player 2 and of player 1 is 0."""
    game = scenario(players=3, board="standard")
    state = game.state
    assert player_to_right(state, 0) == 2 and player_to_right(state, 1) == 0
    start = state.board.deep_space_hexes[20]
    target = state.board.adjacent(start)[0]
    set_marker(state, target, data.M_LOST)
    unit = add(state, 0, data.DD, start)
    move(game, unit, target)
    assert game.phase == "lost_in_space" and game.current_player == 2


def test_lost_in_space_landing_on_unexplored_hex_explores_it():
    """Summary "Lost in Space": if the new hex holds an unexplored system it must be explored."""
    game, unit, target, _ = explore(data.M_LOST)
    state = game.state
    landing = neighbour(state, target, E)
    set_marker(state, landing, data.M_DANGER)
    act(game, "shift", dir=E)
    assert not unit_alive(state, unit)
    assert state.h_face_up[landing] and state.h_marker[landing] == data.M_EMPTY
    assert state.h_marker[target] == data.M_EMPTY


def test_lost_in_space_landing_on_enemy_means_combat():
    """Summary "Lost in Space": if the new hex contains an enemy you must enter Combat."""
    game, unit, target, _ = explore(data.M_LOST)
    state = game.state
    landing = neighbour(state, target, E)
    add(state, 1, data.DD, landing)
    act(game, "shift", dir=E)
    assert state.u_hex[unit] == landing
    end_movement(game)
    assert state.b_hex == landing  # the battle there is in progress


def test_lost_in_space_never_into_a_known_supernova():
    """Summary "Super Nova": units may not move or retreat into a Super Nova; nor are
    they shifted there."""
    game = scenario(turn=1)
    state = game.state
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, data.M_LOST)
    nova = neighbour(state, target, E)
    set_marker(state, nova, data.M_SUPERNOVA, face_up=True)
    unit = add(state, 0, data.DD, CENTRE)
    move(game, unit, target)
    assert E not in {a.dir for a in legal(game, "shift")}


def test_space_wreck_can_be_towed():
    """Summary "Space Wreck": a space wreck is picked up and deposited like a mineral."""
    game, unit, target, _ = explore(data.M_WRECK)
    state = game.state
    end_movement(game)
    set_turn(state, 0, 2)
    miner = add(state, 0, data.MINER, target)
    assert is_legal(game, "load", unit=miner)


# -- Exploration technology ---------------------------------------------------------
def peek_setup(marker, value=0, explorer=True):
    game = scenario(turn=1)
    state = game.state
    if explorer:
        state.set_tech_level(0, data.T_EXPLORATION, 1)
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, marker, value)
    cruiser = add(state, 0, data.CA, CENTRE, mov=4)
    return game, cruiser, target


def test_cruiser_with_exploration_peeks_and_reveals():
    """Summary "Exploration Technology": a cruiser peeks at one adjacent unexplored
    counter before moving and may reveal it to all."""
    game, cruiser, target = peek_setup(data.M_MINERAL, 10)
    state = game.state
    assert state.u_flags[cruiser] & F_EXPLORER
    assert is_legal(game, "peek", unit=cruiser, dir=E)
    events = act(game, "peek", unit=cruiser, dir=E)
    peeked = events_of(events, "peeked")[0]
    assert peeked["visible_to"] == [0] and peeked["marker"] == "minerals"
    public = events_of(events, "peek_made")[0]
    assert "marker" not in public
    assert game.phase == "exploration_peek" and game.current_player == 0
    act(game, "reveal")
    assert state.h_face_up[target] and state.h_marker[target] == data.M_MINERAL
    assert state.h_value[target] == 10
    assert state.u_hex[cruiser] == CENTRE and game.phase == "movement"
    assert not legal(game, "peek")  # one peek per turn
    assert can_move(game, cruiser, target)  # and it may still move


@pytest.mark.parametrize("marker", [data.M_BLACK_HOLE, data.M_DANGER, data.M_SUPERNOVA,
                                    data.M_LOST])
def test_revealed_immediate_effect_marker_is_discarded(marker):
    """Summary "Exploration Technology": if revealed and the counter has an immediate
    effect, it is discarded and its negative effects do not touch the cruiser."""
    game, cruiser, target = peek_setup(marker)
    state = game.state
    act(game, "peek", unit=cruiser, dir=E)
    act(game, "reveal")
    assert state.h_face_up[target] and state.h_marker[target] == data.M_EMPTY
    assert unit_alive(state, cruiser) and state.u_hex[cruiser] == CENTRE
    move(game, cruiser, target)
    assert unit_alive(state, cruiser) and state.u_hex[cruiser] == target


def test_hidden_peek_stays_face_down_but_known_to_peeker():
    """Summary "Exploration Technology": once seen, the player may leave the counter
    face down; only the peeking player knows it."""
    game, cruiser, target = peek_setup(data.M_PLANET)
    state = game.state
    act(game, "peek", unit=cruiser, dir=E)
    act(game, "hide")
    assert not state.h_face_up[target]
    mine = game.observation(0)["hexes"][target]
    theirs = game.observation(1)["hexes"][target]
    assert mine["marker"] is None and mine["peeked"] == "planet"
    assert theirs["marker"] is None and "peeked" not in theirs


def test_peek_only_before_moving_and_only_with_technology():
    """Summary "Exploration Technology": cruisers with Exploration 1 peek prior to
    moving; other ships, and cruisers built before the technology, cannot."""
    game, cruiser, target = peek_setup(data.M_PLANET)
    state = game.state
    move(game, cruiser, neighbour(state, CENTRE, W))
    assert not legal(game, "peek")
    game, cruiser, target = peek_setup(data.M_PLANET, explorer=False)
    assert not legal(game, "peek")
    game, cruiser, target = peek_setup(data.M_PLANET)
    state = game.state
    add(state, 0, data.DD, CENTRE)
    add(state, 0, data.BB, CENTRE)
    assert {a.unit for a in legal(game, "peek")} == {cruiser}


def test_peek_only_at_face_down_neighbours():
    """Summary "Exploration Technology": the peek looks at an adjacent unexplored counter."""
    game, cruiser, target = peek_setup(data.M_PLANET)
    assert {a.dir for a in legal(game, "peek")} == {E}


def test_peek_then_move_into_revealed_hex_is_one_turn():
    """BGA help "Exploration Technology": a cruiser with Exploration can explore two
    hexes a turn, one by peeking and one by moving."""
    game, cruiser, target = peek_setup(data.M_NEBULA)
    state = game.state
    second = neighbour(state, CENTRE, SE)
    set_marker(state, second, data.M_PLANET)
    act(game, "peek", unit=cruiser, dir=E)
    act(game, "reveal")
    move(game, cruiser, second)
    assert state.h_face_up[target] and state.h_face_up[second]
    assert state.u_flags[cruiser] & F_DONE


def test_colony_on_explored_planet_is_possible_after_peek_reveal():
    """Summary "Planets and Colonization": a known planet may be colonised."""
    game, cruiser, target = peek_setup(data.M_PLANET)
    state = game.state
    act(game, "peek", unit=cruiser, dir=E)
    act(game, "reveal")
    colony_ship = add(state, 0, data.CO, target)
    assert is_legal(game, "colonize", unit=colony_ship)
