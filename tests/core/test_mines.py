"""Advanced rules, mines and minesweepers (config ``advanced: ["mines"]``).

Rules: docs/charts.md#ship-technology-chart (Mine 5 CP, no combat, hull 1, needs Mines 1,
no maintenance, 5 counters; Minesweeper SW 6 CP, class E 1-0, hull 1, needs Mine Sweep
1, 3 counters), "Research chart" (Mines 30, Mine Sweep 10/15), "Advanced rules data"
("Mines: after sweeping, each remaining mine destroys one ship of the owner's choice
entering its hex.  Minesweepers remove 1 (level 1) or 2 (level 2) mines each"), the
movement rules (mines move 1 hex a turn), the reference manual's battle steps ("3.
Defender detonates mines (after minesweeping)") and FAQ ("Do Mines work against cloaked
Raiders?  Only if enemy has Scanner Tech >= Cloaking Tech"); rules summary "Fleet Size
Bonus" (mines do not count toward it).
"""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.devtools.invariants import problems
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from se4x_core.rules.advanced.mines import is_mine_target
from se4x_core.rules.units import special_level
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    E,
    act,
    add,
    end_movement,
    events_of,
    is_legal,
    legal,
    move,
    neighbour,
    open_purchases_for,
    scenario,
    set_colony,
    to_economic_phase,
    unit_alive,
    with_tech,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

MINES = {"advanced": ["mines"]}
EAST = neighbour(scenario(**MINES).state, CENTRE, E)
FAR_EAST = neighbour(scenario(**MINES).state, EAST, E)


def mine_game(**kwargs) -> Game:
    return scenario(**MINES, **kwargs)


def mines(game: Game, player: int, hex_index: int, n: int) -> list[int]:
    with_tech(game, player, mines=1)
    return [add(game.state, player, data.MINE, hex_index) for _ in range(n)]


def live_mines(game: Game, player: int) -> int:
    state = game.state
    return sum(1 for u in state.live_units(player) if state.u_type[u] == data.MINE)


# -- the option, research, building --------------------------------------------------------
def test_the_rule_set_is_an_option_off_by_default():
    """Issue: each advanced rule set is a game option, off by default."""
    assert "Mine" not in Game.new_game({"players": 2}).observation(0)["unit_types"]
    game = Game.new_game({"players": 2, **MINES})
    assert {"Mine", "SW"} <= set(game.observation(0)["unit_types"])
    assert "R" not in game.observation(0)["unit_types"]


@pytest.mark.parametrize(("tech", "costs"), [(data.T_MINES, [30]), (data.T_MINE_SWEEP, [10, 15])])
def test_mines_and_mine_sweep_research_follows_the_chart(tech, costs):
    """docs/charts.md#research-chart: Mines 30 (max 1), Mine Sweep 10/15 (max 2)."""
    game = mine_game()
    state = game.state
    for level, cost in enumerate(costs):
        to_economic_phase(game)
        open_purchases_for(game, 0, cp=100)
        assert state.tech_level(0, tech) == level
        act(game, "research", tech=tech)
        assert state.cp[0] == 100 - cost
        while game.phase != "movement":
            act(game, "end_purchases")
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    assert not is_legal(game, "research", tech=tech)


def test_mines_and_minesweepers_need_their_technology_and_are_built_at_yards():
    """docs/charts.md: Mine needs Mines 1 (5 CP, single counter), Minesweeper Mine Sweep 1 (6 CP),
    which it carries as its level."""
    game = mine_game()
    state = game.state
    add(state, 0, data.SY, HOME_0, count=4)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    with pytest.raises(IllegalActionError, match="Mines 1"):
        act(game, "buy", unit_type=data.MINE, hex=HOME_0)
    act(game, "research", tech=data.T_MINES)
    with_tech(game, 0, mine_sweep=2)
    act(game, "buy", unit_type=data.MINE, hex=HOME_0)
    act(game, "buy", unit_type=data.SW, hex=HOME_0)
    assert state.cp[0] == 100 - 30 - 5 - 6
    while game.phase == "economic_purchase":
        act(game, "end_purchases")
    built = {state.u_type[u]: u for u in state.live_units(0)}
    assert state.u_count[built[data.MINE]] == 1
    assert special_level(state, built[data.SW]) == 2
    assert not problems(state)


def test_mines_move_one_hex_a_turn_and_not_alone_into_the_unknown():
    """Movement: mines always move 1 hex per turn; non-combat units need an escort to
    enter an unexplored hex or one with enemies."""
    game = mine_game(turn=3)
    with_tech(game, 0, movement=3)
    (mine,) = mines(game, 0, CENTRE, 1)
    move(game, mine, EAST)
    assert not is_legal(game, "move", unit=mine, dir=E)


# -- detonation ------------------------------------------------------------------------------
def test_each_mine_destroys_one_ship_of_the_owners_choice_entering_its_hex():
    """"Each remaining mine destroys one ship of the owner's choice entering its hex":
    the owner picks among the mover's groups; a ship of a group, one per mine; the mine
    is used up.  Entering the minefield ends the move."""
    game = mine_game(turn=3)
    with_tech(game, 0, movement=2)
    state = game.state
    cruisers = add(state, 0, data.CA, CENTRE, count=2)
    scout = add(state, 0, data.SC, CENTRE)
    laid = mines(game, 1, EAST, 2)
    move(game, cruisers, EAST)
    assert not is_legal(game, "move", unit=cruisers, dir=E)  # the minefield stops it
    move(game, scout, EAST)
    end_movement(game)
    assert game.phase == "mines" and game.current_player == 1
    assert {a.target for a in legal(game, "detonate")} == {cruisers, scout}
    events = act(game, "detonate", target=scout)
    assert not unit_alive(state, scout) and not unit_alive(state, laid[0])
    assert events_of(events, "mine_exploded")[0]["target"] == scout
    assert {a.target for a in legal(game, "detonate")} == {cruisers}
    act(game, "detonate", target=cruisers)
    assert state.u_count[cruisers] == 1 and live_mines(game, 1) == 0
    assert game.phase == "movement" and game.current_player == 1  # no battle is left


def test_the_default_choice_is_the_most_expensive_ship():
    """The default (auto-resolve) picks as the battle simulator does: the costliest ship."""
    game = mine_game()
    state = game.state
    add(state, 0, data.SC, CENTRE)
    cruiser = add(state, 0, data.CA, CENTRE)
    for unit in state.live_units(0):
        state.u_moved[unit] = 1
    mines(game, 1, CENTRE, 1)
    end_movement(game)
    assert game.phase == "mines"
    assert is_mine_target(state, cruiser, 1, CENTRE)
    act(game, "detonate", target=next(a.target for a in legal(game, "detonate")
                                      if state.u_type[a.target] == data.CA))
    assert not unit_alive(state, cruiser)


def test_minesweepers_remove_mines_before_they_explode():
    """Minesweepers remove 1 (Mine Sweep 1) or 2 (level 2) mines each, before detonation."""
    for level, swept in ((1, 1), (2, 2)):
        game = mine_game()
        state = game.state
        with_tech(game, 0, mine_sweep=level)
        sweeper = add(state, 0, data.SW, CENTRE)
        cruiser = add(state, 0, data.CA, CENTRE)
        mines(game, 1, EAST, 3)
        move(game, sweeper, EAST)
        move(game, cruiser, EAST)
        events = end_movement(game)
        assert events_of(events, "mines_swept")[0]["count"] == swept
        assert live_mines(game, 1) == 3 - swept
        assert game.phase == "mines"


def test_swept_clean_no_mine_explodes():
    game = mine_game()
    state = game.state
    with_tech(game, 0, mine_sweep=2)
    sweeper = add(state, 0, data.SW, CENTRE)
    mines(game, 1, EAST, 2)
    move(game, sweeper, EAST)
    end_movement(game)
    assert live_mines(game, 1) == 0 and unit_alive(state, sweeper)
    assert game.phase == "movement" and game.current_player == 1


def test_mines_spare_a_raider_cloaked_against_their_owner():
    """FAQ: mines work against cloaked raiders only if the enemy has Scanners >= Cloaking
    (as a cloaked raider is counted: its hex's destroyers)."""
    game = scenario(advanced=["mines", "raiders"], turn=3)
    state = game.state
    with_tech(game, 0, cloaking=1, movement=2)
    raider = add(state, 0, data.R, CENTRE)
    mines(game, 1, EAST, 1)
    move(game, raider, EAST)
    assert is_legal(game, "move", unit=raider, dir=E)  # the minefield does not stop it
    end_movement(game)
    assert game.phase == "movement" and unit_alive(state, raider) and live_mines(game, 1) == 1


def test_mines_are_not_caught_unescorted_and_do_not_count_for_the_fleet_size():
    """A combat unit entering a hex with only enemy non-combat units destroys them, but
    mines explode instead; afterwards the battle is fought with the combat units there
    (mines never fire and are not counted for the fleet-size bonus)."""
    game = mine_game()
    state = game.state
    cruisers = add(state, 0, data.CA, CENTRE, count=2)
    mines(game, 1, EAST, 1)
    guard = add(state, 1, data.SC, EAST)
    move(game, cruisers, EAST)
    end_movement(game)
    assert game.phase == "mines"
    act(game, "detonate", target=cruisers)
    assert state.u_count[cruisers] == 1 and unit_alive(state, guard)
    if game.phase == "combat_screen":
        act(game, "done_screening")
    assert game.phase == "combat_fire"
    assert state.b_bonus_a == 0 and state.b_bonus_d == 0  # 1 ship against 1


def test_mines_then_the_colony_attack():
    """Mines alone at a colony: after they have exploded the survivors attack the colony."""
    game = mine_game()
    state = game.state
    set_colony(state, 1, EAST, 3)
    cruisers = add(state, 0, data.CA, CENTRE, count=2)
    mines(game, 1, EAST, 1)
    move(game, cruisers, EAST)
    end_movement(game)
    act(game, "detonate", target=cruisers)
    assert game.phase == "colony_attack"


def test_more_mines_than_ships_leaves_the_rest_in_place():
    game = mine_game()
    state = game.state
    scout = add(state, 0, data.SC, CENTRE)
    mines(game, 1, EAST, 3)
    move(game, scout, EAST)
    end_movement(game)
    act(game, "detonate", target=scout)
    assert not unit_alive(state, scout) and live_mines(game, 1) == 2
    assert game.phase == "movement" and not problems(state)


def test_mines_act_only_on_ships_entering_the_owner_decides_nothing_without_the_option():
    """Ships that did not move this turn did not enter; and without the option no mine
    exists (the basic game's combat is unchanged)."""
    game = mine_game()
    state = game.state
    add(state, 0, data.CA, EAST)
    mines(game, 1, EAST, 1)
    end_movement(game)
    assert game.phase == "movement" and live_mines(game, 1) == 1
