"""Colonisation, mining, and the Economic Phase (income, bids, research, purchases)."""

from __future__ import annotations

from typing import Any

import pytest

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from se4x_core.rules import combat, economy
from se4x_core.rules.codes import F_EXPLORER, F_TERRAFORM, P_RESEARCH
from se4x_core.rules.state import State
from se4x_core.rules.units import combat_level, eliminate_player
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    HOME_1,
    E,
    act,
    add,
    end_movement,
    events_of,
    finish_purchases,
    force_dice,
    is_legal,
    legal,
    move,
    neighbour,
    open_purchases_for,
    pass_bids,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    to_economic_phase,
    unit_alive,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

COLONY = 30  # row 3, column 5: Deep Space, used as a colony hex
NEXT_TO_COLONY = 31


def run_economic_phase(game):
    """Collect income, pass the bids, end every player's purchases."""
    to_economic_phase(game)
    pass_bids(game)
    return finish_purchases(game)


def income(game: Game, player: int) -> dict[str, Any]:
    """``player``'s latest income report (the facade keeps it, not the state)."""
    return game.income_report(player)


def combat_levels(state: State, unit: int) -> tuple[int, ...]:
    """(attack, defense, tactics) a unit fights with."""
    return tuple(combat_level(state, unit, which) for which in range(3))


# -- colonisation ----------------------------------------------------------------
def test_colonise_planet_and_growth_track():
    """Summary "Planets and Colonization": a colony ship lands on a planet; at the next
    Economic Phase it becomes a 1 CP colony, then 3 CP, then 5 CP (the maximum); a fresh
    colony earns nothing in the phase it turns into 1 CP."""
    game = scenario()
    state = game.state
    set_marker(state, COLONY, data.M_PLANET, face_up=True)
    ship = add(state, 0, data.CO, COLONY)
    events = act(game, "colonize", unit=ship)
    assert events_of(events, "colonized")
    assert not unit_alive(state, ship)
    assert state.h_col_owner[COLONY] == 0 and state.h_col_cp[COLONY] == 0
    seen = []
    for _ in range(4):
        run_economic_phase(game)
        seen.append((income(game, 0)["colony_income"], state.h_col_cp[COLONY]))
    assert seen == [(20, 1), (21, 3), (23, 5), (25, 5)]


def test_colonise_needs_a_known_free_habitable_planet():
    """Summary "Planets and Colonization": only planets without colonies are colonised."""
    game = scenario()
    state = game.state
    for marker in (data.M_EMPTY, data.M_MINERAL, data.M_NEBULA, data.M_ASTEROID):
        set_marker(state, COLONY, marker, face_up=True)
        ship = add(state, 0, data.CO, COLONY)
        assert not is_legal(game, "colonize", unit=ship)
        state.remove_unit(ship)
    set_colony(state, 1, COLONY, 1)
    ship = add(state, 0, data.CO, COLONY)
    assert not is_legal(game, "colonize", unit=ship)


def test_barren_planet_needs_terraforming_colony_ship():
    """Summary "Colonizing Barren Planets" / "Terraforming Technology": a barren planet
    needs Terraforming; colony ships built before the upgrade do not have it."""
    game = scenario()
    state = game.state
    set_marker(state, COLONY, data.M_BARREN, face_up=True)
    old = add(state, 0, data.CO, COLONY)
    assert not is_legal(game, "colonize", unit=old)
    state.set_tech_level(0, data.T_TERRAFORMING, 1)
    assert not is_legal(game, "colonize", unit=old)
    new = add(state, 0, data.CO, COLONY)
    assert state.u_flags[new] & F_TERRAFORM
    act(game, "colonize", unit=new)
    assert state.h_col_owner[COLONY] == 0


def test_no_colonising_under_enemy_guns():
    """Colonisation (engine interpretation): not in a hex with enemy combat units."""
    game = scenario()
    state = game.state
    set_marker(state, COLONY, data.M_PLANET, face_up=True)
    ship = add(state, 0, data.CO, COLONY)
    add(state, 0, data.DD, COLONY)
    enemy = add(state, 1, data.DD, COLONY)
    assert not is_legal(game, "colonize", unit=ship)
    state.remove_unit(enemy)
    assert is_legal(game, "colonize", unit=ship)


# -- mining -----------------------------------------------------------------------
def test_tow_mineral_to_colony_for_income():
    """Summary "Minerals": a mining ship tows a mineral counter to one of your colonies at
    no cost; in the Economic Phase it earns the CP printed on it."""
    game = scenario()
    state = game.state
    set_marker(state, CENTRE, data.M_MINERAL, 10, face_up=True)
    set_colony(state, 0, COLONY, 5)
    miner = add(state, 0, data.MINER, CENTRE)
    assert not is_legal(game, "unload", unit=miner)
    act(game, "load", unit=miner)
    assert state.h_marker[CENTRE] == data.M_EMPTY
    assert state.u_cargo[miner] == data.M_MINERAL and state.u_cargo_value[miner] == 10
    assert not is_legal(game, "load", unit=miner)  # one counter at a time
    state.move_unit(miner, COLONY)
    act(game, "unload", unit=miner)
    assert state.h_deposit_cp[COLONY] == 10 and state.u_cargo[miner] == 0
    run_economic_phase(game)
    assert income(game, 0)["minerals"] == 10
    assert state.cp[0] == 20 + 5 + 10
    assert state.h_deposit_cp[COLONY] == 0


def test_several_minerals_at_one_colony():
    """Summary "Minerals": you may deposit more than one mineral per colony/homeworld."""
    game = scenario()
    state = game.state
    miner = add(state, 0, data.MINER, HOME_0)
    for value in (5, 10):
        state.u_cargo[miner], state.u_cargo_value[miner] = data.M_MINERAL, value
        act(game, "unload", unit=miner)
    run_economic_phase(game)
    assert income(game, 0)["minerals"] == 15


def test_unload_only_at_own_colony():
    """Summary "Minerals": minerals are towed to one of your colonies or your homeworld."""
    game = scenario()
    state = game.state
    set_colony(state, 1, COLONY, 5)
    add(state, 0, data.DD, COLONY)
    miner = add(state, 0, data.MINER, COLONY)
    state.u_cargo[miner], state.u_cargo_value[miner] = data.M_MINERAL, 5
    assert not is_legal(game, "unload", unit=miner)
    state.move_unit(miner, CENTRE)
    assert not is_legal(game, "unload", unit=miner)


def test_miner_destroyed_loses_its_mineral():
    """Summary "Minerals": if a mining ship is destroyed while towing, the mineral is lost."""
    game = scenario()
    state = game.state
    miner = add(state, 0, data.MINER, neighbour(state, CENTRE, E))
    state.u_cargo[miner], state.u_cargo_value[miner] = data.M_MINERAL, 10
    set_turn(state, 1, 1)
    raider = add(state, 1, data.DD, CENTRE)
    move(game, raider, state.u_hex[miner])
    assert not unit_alive(state, miner)
    assert data.M_MINERAL not in list(state.h_marker)


def test_space_wreck_gives_a_technology_level():
    """Summary "Space Wreck": delivered wrecks roll a d10 in the Economic Phase: 1-2 Ship
    Size, 3-4 Attack, 5-6 Defense, 7 Tactics, 8-9 Movement, 10 Ship Yard; a maxed
    technology loses the upgrade."""
    expected = {1: data.T_SHIP_SIZE, 2: data.T_SHIP_SIZE, 3: data.T_ATTACK, 4: data.T_ATTACK,
                5: data.T_DEFENSE, 6: data.T_DEFENSE, 7: data.T_TACTICS, 8: data.T_MOVEMENT,
                9: data.T_MOVEMENT, 10: data.T_SHIP_YARD}
    for die, tech in expected.items():
        game = scenario()
        state = game.state
        state.h_deposit_wrecks[HOME_0] = 1
        set_turn(state, 1, 3)
        force_dice(state, die)
        end_movement(game)  # the last turn ends: the Economic Phase collects income
        wreck = income(game, 0)["wrecks"][0]
        assert wreck == {"roll": die, "tech": data.TECH_KEYS[tech], "gained": True}
        assert state.tech_level(0, tech) == data.TECH_START[tech] + 1
        assert state.h_deposit_wrecks[HOME_0] == 0


def test_space_wreck_upgrade_lost_at_max():
    """Summary "Space Wreck": if the technology is already maxed out, the upgrade is lost."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_SHIP_YARD, 3)
    state.h_deposit_wrecks[HOME_0] = 1
    set_turn(state, 1, 3)
    force_dice(state, 10)
    end_movement(game)
    assert income(game, 0)["wrecks"][0]["gained"] is False
    assert state.tech_level(0, data.T_SHIP_YARD) == 3


def test_colony_destroyed_loses_delivered_minerals():
    """Summary "Minerals": if a colony with minerals is destroyed before the Economic
    Phase, the mineral is destroyed too."""
    game = scenario()
    state = game.state
    set_colony(state, 0, COLONY, 1)
    state.h_deposit_cp[COLONY] = 10
    state.h_deposit_wrecks[COLONY] = 1
    combat.destroy_colony(state, COLONY, None)
    assert state.h_deposit_cp[COLONY] == 0 and state.h_deposit_wrecks[COLONY] == 0


# -- income, maintenance, blockade ------------------------------------------------
def test_carry_over_cap_applied_first():
    """docs/charts.md#economic-phase-order (1): discard down to 30 CP carried over, before
    income."""
    game = scenario(cp=45)
    run_economic_phase(game)
    report = income(game, 0)
    assert report["carried"] == 30 and report["discarded"] == 15
    assert game.state.cp[0] == 50


def test_maintenance_is_hull_size_of_ships():
    """Summary "Maintenance Costs": each ship's hull size is its maintenance; bases,
    colonies, colony ships, ship yards and mining ships (and decoys) cost nothing."""
    game = scenario()
    state = game.state
    add(state, 0, data.SC, HOME_0, count=2)  # 2
    add(state, 0, data.CA, HOME_0, count=3)  # 6
    add(state, 0, data.BB, HOME_0, count=1)  # 3
    for free in (data.SY, data.BASE, data.CO, data.MINER, data.DECOY):
        add(state, 0, free, HOME_0)
    run_economic_phase(game)
    assert income(game, 0)["maintenance"] == 11
    assert state.cp[0] == 9


def test_net_income_never_below_zero():
    """docs/charts.md#economic-phase-order (4): pay maintenance, net income never below 0."""
    game = scenario(cp=12)
    state = game.state
    add(state, 0, data.DN, HOME_0, count=6)  # 18 CP upkeep
    add(state, 0, data.DN, HOME_0, count=6)
    run_economic_phase(game)
    report = income(game, 0)
    assert report["maintenance"] == 36 and report["net"] == 0
    assert state.cp[0] == 12


def test_blockaded_colony_earns_nothing_but_grows():
    """Summary "Economic Phase": colonies occupied by an enemy unit with attack strength
    are in blockade: no CP or mineral income; they still grow."""
    game = scenario()
    state = game.state
    set_colony(state, 0, COLONY, 3)
    state.h_deposit_cp[COLONY] = 10
    add(state, 1, data.SC, COLONY)
    add(state, 1, data.CO, HOME_0)  # an unarmed enemy does not blockade
    state.set_order([1, 0])  # player 0 ends the turn: no bombardment before the phase
    run_economic_phase(game)
    report = income(game, 0)
    assert report["blockaded"] == [COLONY]
    assert report["colony_income"] == 20 and report["minerals"] == 0
    assert state.h_col_cp[COLONY] == 5


def test_homeworld_regrows_five_per_phase():
    """docs/charts.md: a homeworld hit loses 5 CP; damaged ones regrow (5 per phase, to 20)."""
    game = scenario()
    state = game.state
    state.h_col_cp[HOME_0] = 10
    run_economic_phase(game)
    assert income(game, 0)["colony_income"] == 10
    assert state.h_col_cp[HOME_0] == 15
    run_economic_phase(game)
    assert state.h_col_cp[HOME_0] == 20
    run_economic_phase(game)
    assert state.h_col_cp[HOME_0] == 20


def test_damaged_colony_regrows():
    """Summary "Colonies and Combat": damaged colonies grow again in the next Economic Phase."""
    game = scenario()
    state = game.state
    set_colony(state, 0, COLONY, 1)
    run_economic_phase(game)
    assert state.h_col_cp[COLONY] == 3


# -- bidding ----------------------------------------------------------------------
def test_bids_paid_by_all_highest_chooses_order():
    """Summary "Economic Phase": every player may bid CP for the choice of player order;
    docs/charts.md (5): everyone pays their bid and the highest bidder chooses the order."""
    game = scenario(players=3, board="standard", cp=10)
    state = game.state
    to_economic_phase(game)
    assert game.phase == "economic_bid" and game.current_player == 0
    act(game, "bid", amount=3)
    assert game.observation(1)["bids"] == [None, -1, None]  # sealed; own: not yet in
    assert game.observation(0)["bids"][0] == 3
    act(game, "bid", amount=7)
    act(game, "bid", amount=2)
    assert [state.cp[p] for p in range(3)] == [27, 23, 28]
    assert game.phase == "choose_order" and game.current_player == 1
    choices = economy.order_choices(state)
    wanted = choices.index((2, 1, 0))
    act(game, "choose_order", order=wanted)
    assert state.player_order() == [2, 1, 0]
    assert game.phase == "economic_purchase" and game.current_player == 2
    finish_purchases(game)
    assert game.current_player == 2 and state.round == 2


def test_first_bidder_is_the_first_living_player():
    """Summary "Economic Phase" (engine interpretation): bids go in player order; an
    empire eliminated during the round has no say, so the first *living* player in the
    order bids first, and the order that follows keeps only the living."""
    game = scenario(players=3, board="standard", cp=10)
    state = game.state
    state.set_order([2, 0, 1])
    eliminate_player(state, 2, None)
    to_economic_phase(game)
    assert game.phase == "economic_bid" and game.current_player == 0
    act(game, "bid", amount=0)
    assert game.current_player == 1
    act(game, "bid", amount=0)
    assert game.phase == "economic_purchase" and game.current_player == 0
    assert state.player_order() == [0, 1]


@pytest.mark.parametrize("bids", [(0, 0), (4, 4)])
def test_no_bids_or_tie_keeps_the_order(bids):
    """BGA help "Economic Phase": if nobody bids or there is a tie, the current first
    player keeps first (engine: the order stays as it is); tied bids are still paid."""
    game = scenario(cp=10)
    state = game.state
    state.set_order([1, 0])
    set_turn(state, 0, 3)
    end_movement(game)
    for amount in bids:
        act(game, "bid", amount=amount)
    assert game.phase == "economic_purchase"
    assert state.player_order() == [1, 0]
    assert state.cp[0] == 30 - bids[0] and state.cp[1] == 30 - bids[1]


def test_bid_cannot_exceed_cp():
    """Summary "Economic Phase": bids are paid in CP, so at most what the player has."""
    game = scenario(cp=0)
    to_economic_phase(game)
    amounts = {a.amount for a in legal(game, "bid")}
    assert amounts == set(range(21))


# -- research ---------------------------------------------------------------------
def open_purchases(game, cp=None):
    """Reach player 0's purchases in the Economic Phase (with ``cp`` CP if given)."""
    to_economic_phase(game)
    open_purchases_for(game, 0, cp)


def test_the_advanced_technologies_are_not_in_the_basic_game():
    """docs/charts.md#research-chart: Fighters onwards are marked "advanced"; a basic game
    neither offers nor accepts them, nor shows them."""
    game = scenario()
    open_purchases(game, cp=500)
    offered = {a.tech for a in legal(game, "research")}
    assert offered == set(range(data.N_BASIC_TECHS))
    assert set(game.observation(0)["me"]["tech"]) == set(data.TECH_KEYS[:data.N_BASIC_TECHS])
    for tech in range(data.N_BASIC_TECHS, data.N_TECHS):
        with pytest.raises(IllegalActionError):
            act(game, "research", tech=tech)


@pytest.mark.parametrize("tech", range(data.N_BASIC_TECHS))
def test_research_costs_follow_the_chart_one_level_per_phase(tech):
    """docs/charts.md#research-chart: one level per technology per Economic Phase, in order,
    at the charted cost of each next level, up to the maximum."""
    costs = {
        data.T_SHIP_SIZE: [10, 15, 20, 20, 20], data.T_ATTACK: [20, 30, 25],
        data.T_DEFENSE: [20, 30, 25], data.T_TACTICS: [15, 15, 15],
        data.T_MOVEMENT: [20, 25, 25, 25, 20, 20], data.T_SHIP_YARD: [20, 25],
        data.T_TERRAFORMING: [20], data.T_EXPLORATION: [15],
    }[tech]
    game = scenario()
    state = game.state
    start = data.TECH_START[tech]
    for i, cost in enumerate(costs):
        open_purchases(game, cp=500)
        assert state.tech_level(0, tech) == start + i
        act(game, "research", tech=tech)
        assert state.cp[0] == 500 - cost
        assert state.tech_level(0, tech) == start + i + 1
        assert not is_legal(game, "research", tech=tech)  # one level per phase
        finish_purchases(game)
    open_purchases(game, cp=500)
    assert not is_legal(game, "research", tech=tech)  # at the maximum


def test_research_needs_the_cp():
    """Summary "Technology": technology levels are bought with CP."""
    game = scenario()
    open_purchases(game, cp=14)
    assert not is_legal(game, "research", tech=data.T_EXPLORATION)
    assert is_legal(game, "research", tech=data.T_SHIP_SIZE)
    game.state.cp[0] = 15
    assert is_legal(game, "research", tech=data.T_EXPLORATION)


def test_research_is_private():
    """View: other players' technology and purchases are hidden."""
    game = scenario()
    open_purchases(game, cp=100)
    events = act(game, "research", tech=data.T_ATTACK)
    assert all(e["visible_to"] == [0] for e in events_of(events, "researched"))
    other = game.observation(1)
    assert other["me"]["tech"]["attack"] == 0
    assert "researched" not in other["me"] or other["me"]["researched"] == []


# -- purchases ---------------------------------------------------------------------
def yard_setup(yards, level=1, ship_size=1, cp=200):
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_SHIP_YARD, level)
    state.set_tech_level(0, data.T_SHIP_SIZE, ship_size)
    if yards:
        add(state, 0, data.SY, HOME_0, count=yards)
    open_purchases(game, cp=cp)
    return game, game.state


def buy(game, unit_type, hex_index=HOME_0):
    return act(game, "buy", unit_type=unit_type, hex=hex_index)


def can_buy(game, unit_type, hex_index=HOME_0):
    return is_legal(game, "buy", unit_type=unit_type, hex=hex_index)


@pytest.mark.parametrize("yards, level, scouts", [(1, 1, 1), (2, 1, 2), (4, 1, 4),
                                                  (1, 2, 1), (2, 2, 3), (1, 3, 2), (3, 3, 6)])
def test_yard_capacity_limits_hulls(yards, level, scouts):
    """Summary "Ship Yard Technology": a yard builds 1, 1.5 or 2 hull points per phase at
    Ship Yard 1, 2, 3; yards in the same hex add up."""
    game, state = yard_setup(yards, level)
    bought = 0
    while can_buy(game, data.SC):
        buy(game, data.SC)
        bought += 1
    assert bought == scouts


@pytest.mark.parametrize("yards, level, unit_type, ok", [
    (1, 1, data.CA, False), (2, 1, data.CA, True), (1, 2, data.CA, False),
    (1, 3, data.CA, True), (2, 2, data.BB, True), (1, 3, data.BB, False),
    (3, 1, data.BB, True), (2, 1, data.BB, False),
])
def test_bigger_hulls_need_combined_yards(yards, level, unit_type, ok):
    """Summary "Ship Yard Technology": combine multiple ship yards to build larger ships."""
    game, state = yard_setup(yards, level, ship_size=6)
    assert can_buy(game, unit_type) is ok


@pytest.mark.parametrize("unit_type, size", [(data.SC, 1), (data.DD, 2), (data.CA, 3),
                                             (data.BC, 4), (data.BB, 5), (data.DN, 6),
                                             (data.BASE, 2)])
def test_ship_size_requirements(unit_type, size):
    """docs/charts.md#ship-technology-chart: each hull type needs its Ship Size level."""
    game, state = yard_setup(4, 3, ship_size=size - 1)
    if size > 1:
        assert not can_buy(game, unit_type)
        with pytest.raises(IllegalActionError, match="Ship Size"):
            buy(game, unit_type)
    state.set_tech_level(0, data.T_SHIP_SIZE, size)
    assert can_buy(game, unit_type)


def test_ship_size_researched_this_phase_builds_at_once():
    """Summary "Ship Size Technology": the new level may be used in the same Economic Phase."""
    game, state = yard_setup(4, 1, cp=30)
    assert not can_buy(game, data.DD)
    act(game, "research", tech=data.T_SHIP_SIZE)
    assert can_buy(game, data.DD)


def test_purchases_need_cp():
    """Summary "Purchase Units": units cost the CP printed on the chart."""
    game, state = yard_setup(4, 1, cp=5)
    assert not can_buy(game, data.SC) and can_buy(game, data.MINER)
    assert can_buy(game, data.DECOY)
    buy(game, data.MINER)
    assert state.cp[0] == 0


@pytest.mark.parametrize("unit_type, in_play, limit", [
    (data.SC, 5, 5), (data.DD, 4, 4), (data.DN, 2, 2), (data.CO, 15, 15),
    (data.MINER, 2, 2), (data.DECOY, 2, 2),
])
def test_counter_limits(unit_type, in_play, limit):
    """Summary "Purchase Limits": no new units when all counters of the type are in play
    (5 SC, 4 DD, 2 DN, 15 CO, 2 Miners, 2 Decoys ...)."""
    game, state = yard_setup(6, 3, ship_size=6, cp=500)
    for _ in range(in_play - 1):
        add(state, 0, unit_type, CENTRE)
    assert can_buy(game, unit_type)
    add(state, 0, unit_type, CENTRE)
    assert state.counters_in_play(0, unit_type) == limit
    assert not can_buy(game, unit_type)


def test_new_ships_fill_one_counter_up_to_six():
    """Summary "Group": a group counter holds up to six ships; purchases of one type at one
    colony are placed as groups of up to six, and need only that many counters."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_SHIP_YARD, 3)
    add(state, 0, data.SY, HOME_0, count=4)
    for _ in range(4):
        add(state, 0, data.SC, CENTRE)  # four of five scout counters in play
    open_purchases(game, cp=200)
    for _ in range(6):
        buy(game, data.SC)
    assert not can_buy(game, data.SC)  # a seventh would need a sixth counter
    finish_purchases(game)
    new = [s for s in state.units_at(HOME_0, 0) if state.u_type[s] == data.SC]
    assert [state.u_count[s] for s in new] == [6]


def test_counters_in_use_are_counted_across_purchases():
    """Summary "Purchase Limits": single counters (colony ships) each use a counter."""
    game, state = yard_setup(6, 3, cp=500)
    for _ in range(13):
        add(state, 0, data.CO, CENTRE)
    buy(game, data.CO)
    buy(game, data.CO)
    assert not can_buy(game, data.CO)


def test_one_new_yard_per_colony_per_phase_and_yards_need_no_yard():
    """Summary "Ship Yards": built only at income-producing colonies, one per planet per
    phase, and they need no ship yard to be built."""
    game = scenario()
    state = game.state
    set_colony(state, 0, COLONY, 3)
    open_purchases(game, cp=100)
    assert can_buy(game, data.SY, COLONY)
    buy(game, data.SY, COLONY)
    assert not can_buy(game, data.SY, COLONY)
    assert not can_buy(game, data.SC, COLONY)  # no yard standing there yet
    finish_purchases(game)
    yards = [s for s in state.units_at(COLONY, 0) if state.u_type[s] == data.SY]
    assert len(yards) == 1 and state.u_count[yards[0]] == 1


def test_new_yard_does_not_build_in_the_phase_it_is_bought():
    """Summary "Ship Yards": yards cannot produce units in the phase of their placement."""
    game, state = yard_setup(1, 1)
    buy(game, data.SC)
    buy(game, data.SY)
    assert not can_buy(game, data.SC)
    finish_purchases(game)
    yards = [s for s in state.units_at(HOME_0, 0) if state.u_type[s] == data.SY]
    assert [state.u_count[s] for s in yards] == [2]  # the new yard joins the group


def test_base_one_per_colony_needs_no_yard():
    """Summary "Bases": one base per income-producing colony; no ship yard needed; Ship
    Size 2 (docs/charts.md)."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_SHIP_SIZE, 2)
    set_colony(state, 0, COLONY, 1)
    open_purchases(game, cp=100)
    assert can_buy(game, data.BASE, COLONY)
    buy(game, data.BASE, COLONY)
    assert not can_buy(game, data.BASE, COLONY)
    finish_purchases(game)
    open_purchases(game, cp=100)
    assert not can_buy(game, data.BASE, COLONY)  # still one there
    assert can_buy(game, data.BASE, HOME_0)


def test_decoys_need_no_yard():
    """Summary "Ship Yards": decoys, bases and ship yards do not require a ship yard."""
    game = scenario()
    state = game.state
    set_colony(state, 0, COLONY, 1)
    open_purchases(game, cp=100)
    assert can_buy(game, data.DECOY, COLONY)
    assert not can_buy(game, data.SC, COLONY)
    assert not can_buy(game, data.CO, COLONY) and not can_buy(game, data.MINER, COLONY)


def test_only_income_producing_colonies_build():
    """Summary "Ship Yards"/"Bases": only income-producing colonies build; a brand-new
    colony, or a blockaded one, does not."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_SHIP_SIZE, 2)
    set_colony(state, 0, COLONY, 0)
    add(state, 0, data.SY, COLONY)
    set_colony(state, 0, NEXT_TO_COLONY, 5)
    add(state, 1, data.DD, NEXT_TO_COLONY)  # blockade
    state.set_order([1, 0])  # player 0 ends the turn: no bombardment before the phase
    open_purchases(game, cp=100)
    for hex_index in (COLONY, NEXT_TO_COLONY):
        for unit_type in (data.SY, data.BASE, data.DECOY):
            assert not can_buy(game, unit_type, hex_index)
    assert not can_buy(game, data.SC, COLONY)
    assert economy.income_hexes(state, 0) == [HOME_0]


def test_units_placed_at_end_of_phase_with_current_technology():
    """Summary "Ship Technology Level": a unit is built at the current technology, even a
    level bought in the same phase; docs/charts.md (7) units are placed at the yards."""
    game, state = yard_setup(4, 1, ship_size=2, cp=100)
    act(game, "research", tech=data.T_ATTACK)
    buy(game, data.DD)
    assert not [s for s in state.units_at(HOME_0, 0) if state.u_type[s] == data.DD]
    events = finish_purchases(game)
    dd = [s for s in state.units_at(HOME_0, 0) if state.u_type[s] == data.DD]
    assert len(dd) == 1 and state.u_att[dd[0]] == 1
    placed = [e for e in events_of(events, "placed") if e["unit"] == dd[0]]
    assert placed[0]["visible_to"] is None and placed[0]["unit_type"] is None


def test_yards_and_bases_upgrade_automatically():
    """Summary "Ship Technology Level": ship yards, bases and decoys receive later upgrades."""
    game = scenario()
    state = game.state
    yard = add(state, 0, data.SY, HOME_0)
    base = add(state, 0, data.BASE, HOME_0)
    ship = add(state, 0, data.SC, HOME_0)
    state.set_tech_level(0, data.T_ATTACK, 2)
    state.set_tech_level(0, data.T_DEFENSE, 3)
    assert combat_levels(state, yard)[:2] == (1, 1)  # capped by hull 1
    assert combat_levels(state, base)[:2] == (2, 3)
    assert combat_levels(state, ship)[:2] == (0, 0)


def test_undo_purchase_refunds():
    """Economic Phase (engine): the last purchase, research or refit can be undone."""
    game, state = yard_setup(4, 1, ship_size=1, cp=100)
    act(game, "research", tech=data.T_SHIP_SIZE)
    buy(game, data.DD)
    assert state.cp[0] == 81
    act(game, "undo_purchase")
    assert state.cp[0] == 90 and economy.purchases_of(state, 0) == [[P_RESEARCH, 0, 1, 10]]
    act(game, "undo_purchase")
    assert state.cp[0] == 100 and state.tech_level(0, data.T_SHIP_SIZE) == 1
    assert not legal(game, "undo_purchase")
    assert is_legal(game, "research", tech=data.T_SHIP_SIZE)


# -- refits ------------------------------------------------------------------------
def refit_setup(moved=False, at_yard=True, count=3):
    game = scenario()
    state = game.state
    add(state, 0, data.SY, HOME_0)
    hex_index = HOME_0 if at_yard else CENTRE
    group = add(state, 0, data.CA, hex_index, count=count, mov=4)
    if moved:  # out and back again in turn 3: at the yard, but not for the whole turn
        state.set_order([1, 0])
        set_turn(state, 0, 3)
        out = state.board.adjacent(hex_index)[0]
        move(game, group, out)
        move(game, group, hex_index)
    state.set_tech_level(0, data.T_ATTACK, 3)
    state.set_tech_level(0, data.T_TACTICS, 1)
    state.set_tech_level(0, data.T_MOVEMENT, 3)
    open_purchases(game, cp=100)
    return game, state, group


def test_refit_costs_hull_times_ships():
    """docs/charts.md#research-chart: a refit at a ship yard costs hull size per ship and brings
    the group to current technology (attack and defense capped by hull)."""
    game, state, group = refit_setup()
    assert is_legal(game, "refit", unit=group)
    act(game, "refit", unit=group)
    assert state.cp[0] == 100 - 2 * 3
    assert (state.u_att[group], state.u_tac[group], state.u_mov[group]) == (2, 1, 3)
    assert not is_legal(game, "refit", unit=group)
    act(game, "undo_purchase")
    assert state.cp[0] == 100 and state.u_att[group] == 0


def test_refit_needs_a_whole_turn_at_a_yard():
    """docs/charts.md#research-chart: the unit must spend a whole turn at the ship yard."""
    game, state, group = refit_setup(moved=True)
    assert not is_legal(game, "refit", unit=group)
    game, state, group = refit_setup(at_yard=False)
    assert not is_legal(game, "refit", unit=group)


def test_refit_explorer_cruiser():
    """Summary "Exploration Technology": only cruisers built or refitted with the
    technology can peek."""
    game = scenario()
    state = game.state
    add(state, 0, data.SY, HOME_0)
    group = add(state, 0, data.CA, HOME_0)
    state.set_tech_level(0, data.T_EXPLORATION, 1)
    open_purchases(game, cp=100)
    act(game, "refit", unit=group)
    assert state.u_flags[group] & F_EXPLORER


def test_purchase_and_refit_of_another_player_is_refused():
    """IllegalActionError: a player cannot act for another or buy out of turn."""
    game, state = yard_setup(1, 1)
    before = state.clone()
    with pytest.raises(IllegalActionError):
        game.apply(Action("buy", unit_type=data.SC, hex=HOME_1))
    assert state == before
