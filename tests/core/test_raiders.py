"""Advanced rules, raiders, cloaking and scanners (config ``advanced: ["raiders"]``).

Rules: docs/charts.md#ship-technology-chart (Raider R 12 CP, class "D (A and +1 attack in
round 1 while cloaked)", 4-0, hull 2, needs Cloaking 1, 4 counters), "Research chart"
(Cloaking 30/30, Scanners 20/20) and "Advanced rules data" ("Raiders are cloaked while
their Cloaking level exceeds the enemy's Scanners: they may pass through enemy hexes and
avoid combat; cloaking fails in nebulae.  Scanners are carried by destroyers"); reference
manual "Raiders & Cloaking" ("Cloaked Raiders avoid combat if enemy lacks Scanners or has
lower Scanner Tech"; "In combat, Cloaked Raiders have Class A and +1 Attack in first
round") and FAQ ("Can Raiders attack colonies?  Only after defeating all enemy combat
ships in the hex").
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from se4x_core import data
from se4x_core.devtools.invariants import problems
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from se4x_core.rules import combat
from se4x_core.rules.advanced.cloaking import cloaked_against
from se4x_core.rules.units import special_level
from tests.helpers.battle_odds import assert_close, attacker_win_rate
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    E,
    W,
    act,
    add,
    end_movement,
    events_of,
    force_dice,
    is_legal,
    move,
    neighbour,
    open_purchases_for,
    scenario,
    set_colony,
    set_marker,
    to_economic_phase,
    unit_alive,
    with_tech,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

RAIDERS = {"advanced": ["raiders"]}
EAST = neighbour(scenario(**RAIDERS).state, CENTRE, E)
FAR_EAST = neighbour(scenario(**RAIDERS).state, EAST, E)


def raider_game(**kwargs) -> Game:
    return scenario(**RAIDERS, **kwargs)


def raider(game: Game, player: int, hex_index: int, cloaking: int = 1, count: int = 1) -> int:
    """A raider group built with Cloaking ``cloaking`` (its owner's level is set to it)."""
    with_tech(game, player, cloaking=cloaking)
    return add(game.state, player, data.R, hex_index, count)


def destroyer(game: Game, player: int, hex_index: int, scanners: int = 0) -> int:
    """A destroyer group carrying Scanners ``scanners``."""
    with_tech(game, player, scanners=scanners)
    return add(game.state, player, data.DD, hex_index)


# -- the option, research, building -------------------------------------------------------
def test_the_rule_set_is_an_option_off_by_default():
    """Issue: each advanced rule set is a game option, off by default."""
    basic = Game.new_game({"players": 2})
    assert "R" not in basic.observation(0)["unit_types"]
    game = Game.new_game({"players": 2, **RAIDERS})
    assert game.observation(0)["advanced"] == ["raiders"]
    assert "R" in game.observation(0)["unit_types"]
    assert "CV" not in game.observation(0)["unit_types"]  # another rule set's unit


@pytest.mark.parametrize(("tech", "costs"), [(data.T_CLOAKING, [30, 30]),
                                             (data.T_SCANNERS, [20, 20])])
def test_cloaking_and_scanners_research_follows_the_chart(tech, costs):
    """docs/charts.md#research-chart: Cloaking 30/30 and Scanners 20/20, max 2."""
    game = raider_game()
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


def test_raiders_need_cloaking_and_carry_their_levels():
    """docs/charts.md: a raider needs Cloaking 1 and costs 12; it carries the Cloaking level
    it was built with, a destroyer its Scanners ("Scanners are carried by destroyers")."""
    game = raider_game()
    state = game.state
    add(state, 0, data.SY, HOME_0, count=4)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    with pytest.raises(IllegalActionError, match="Cloaking 1"):
        act(game, "buy", unit_type=data.R, hex=HOME_0)
    act(game, "research", tech=data.T_CLOAKING)
    with_tech(game, 0, ship_size=2, scanners=2)
    act(game, "buy", unit_type=data.R, hex=HOME_0)
    act(game, "buy", unit_type=data.DD, hex=HOME_0)
    assert state.cp[0] == 100 - 30 - 12 - 9
    while game.phase == "economic_purchase":
        act(game, "end_purchases")
    built = {state.u_type[u]: u for u in state.live_units(0)}
    assert special_level(state, built[data.R]) == 1
    assert special_level(state, built[data.DD]) == 2


def test_a_refit_raises_a_raiders_cloaking():
    """Research chart: units keep the level they were built with until refitted."""
    game = raider_game()
    state = game.state
    group = raider(game, 0, HOME_0, cloaking=1)
    add(state, 0, data.SY, HOME_0)
    with_tech(game, 0, cloaking=2)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=50)
    act(game, "refit", unit=group)
    assert state.cp[0] == 48  # hull 2
    assert special_level(state, group) == 2
    assert not problems(state)


# -- cloaked movement ------------------------------------------------------------------------
def test_a_cloaked_raider_passes_through_an_enemy_hex():
    """"They may pass through enemy hexes": entering an enemy hex does not end the move
    of a raider cloaked against everyone there; an ordinary ship's move ends."""
    game = raider_game(turn=3)
    with_tech(game, 0, movement=2)  # 2 hexes in turn 3
    state = game.state
    group = raider(game, 0, CENTRE)
    escort = add(state, 0, data.CA, CENTRE)
    destroyer(game, 1, EAST)
    move(game, group, EAST)
    assert is_legal(game, "move", unit=group, dir=E)
    move(game, group, FAR_EAST)
    assert state.u_hex[group] == FAR_EAST
    move(game, escort, EAST)
    assert not is_legal(game, "move", unit=escort, dir=E)


def test_scanners_equal_to_the_cloaking_stop_the_raider():
    """Cloaked only while Cloaking *exceeds* the enemy's Scanners."""
    game = raider_game(turn=3)
    with_tech(game, 0, movement=2)
    group = raider(game, 0, CENTRE, cloaking=1)
    destroyer(game, 1, EAST, scanners=1)
    move(game, group, EAST)
    assert not is_legal(game, "move", unit=group, dir=E)


def test_cloaking_two_beats_scanners_one():
    game = raider_game(turn=3)
    with_tech(game, 0, movement=2)
    group = raider(game, 0, CENTRE, cloaking=2)
    destroyer(game, 1, EAST, scanners=1)
    move(game, group, EAST)
    assert is_legal(game, "move", unit=group, dir=E)


def test_cloaking_fails_in_a_nebula():
    """"Cloaking fails in nebulae": a raider there is an ordinary ship."""
    game = raider_game()
    state = game.state
    set_marker(state, EAST, data.M_NEBULA, face_up=True)
    group = raider(game, 0, CENTRE)
    enemy = destroyer(game, 1, EAST)
    move(game, group, EAST)
    assert not cloaked_against(state, group, 1)
    end_movement(game)
    assert state.b_hex == EAST
    assert combat.battle_queue(state)[0] == enemy  # all class E; tactics tie: defender


def test_an_enemy_is_not_stopped_by_a_cloaked_raider_and_no_battle_follows():
    """Cloaked raiders "avoid combat": an enemy moving through or into their hex is
    neither stopped nor drawn into a battle with them."""
    game = raider_game(player=1, turn=2)
    with_tech(game, 1, movement=3)  # 2 hexes in turn 2
    state = game.state
    group = raider(game, 0, EAST)
    enemy = destroyer(game, 1, CENTRE)
    move(game, enemy, EAST)
    assert is_legal(game, "move", unit=enemy, dir=E)
    end_movement(game)
    assert state.b_hex < 0 and game.phase == "movement"
    assert unit_alive(state, group) and unit_alive(state, enemy)


def test_scanners_bring_the_raider_to_battle():
    """With Scanners at least the raider's Cloaking the enemy engages it as usual."""
    game = raider_game(player=1)
    state = game.state
    group = raider(game, 0, EAST)
    enemy = destroyer(game, 1, CENTRE, scanners=1)
    move(game, enemy, EAST)
    end_movement(game)
    assert state.b_hex == EAST
    assert combat.battle_queue(state) == [group, enemy]  # both class D: defender first
    assert combat.to_hit_against(state, group, enemy) == 4  # no ambush bonus


# -- the ambush --------------------------------------------------------------------------------
def test_a_raider_ending_its_move_with_the_enemy_attacks_first_with_plus_one():
    """Reference manual: "In combat, Cloaked Raiders have Class A and +1 Attack in first
    round"; from round 2 on it is an ordinary class-D raider."""
    game = raider_game()
    state = game.state
    group = raider(game, 0, CENTRE)
    enemy = add(state, 1, data.CA, EAST)  # class C: fires before a class-D raider
    move(game, group, EAST)
    end_movement(game)
    assert state.b_hex == EAST
    assert combat.battle_queue(state) == [group, enemy]
    assert combat.to_hit_against(state, group, enemy) == 4 + 1 - 1
    force_dice(state, 10, 10)
    act(game, "fire", target=enemy)
    act(game, "fire", target=group)
    assert state.b_round == 2
    assert combat.battle_queue(state) == [enemy, group]
    assert combat.to_hit_against(state, group, enemy) == 4 - 1


def test_a_raider_that_stays_put_does_not_attack():
    """Interpretation (docs/rules-interpretations.md#raiders): the raider's owner chooses
    to fight by ending a move in the enemy's hex; cloaked raiders that did not move this
    turn stay hidden."""
    game = raider_game()
    state = game.state
    raider(game, 0, EAST)
    destroyer(game, 1, EAST)
    events = end_movement(game)
    assert state.b_hex < 0 and game.phase == "movement" and game.current_player == 1
    assert not events_of(events, "battle_started")


def test_a_raider_lying_in_wait_is_not_among_the_battles_to_choose_from():
    """With one real battle elsewhere, that battle starts at once: the hex of the
    raider lying in wait is not a battle the mover must order."""
    game = raider_game()
    state = game.state
    raider(game, 0, EAST)
    destroyer(game, 1, EAST)
    west = neighbour(state, CENTRE, W)
    cruiser = add(state, 0, data.CA, CENTRE)
    add(state, 1, data.SC, west)
    move(game, cruiser, west)
    end_movement(game)
    assert game.phase != "choose_battle" and state.b_hex == west


def test_a_defending_raider_joins_a_battle_its_side_fights_with_its_ambush():
    """A battle in its hex (over the other units there) takes the cloaked raider in too,
    cloaked: class A and +1 in the first round."""
    game = raider_game(player=1)
    state = game.state
    group = raider(game, 0, EAST)
    scout = add(state, 0, data.SC, EAST)
    enemy = destroyer(game, 1, CENTRE)
    move(game, enemy, EAST)
    end_movement(game)
    if game.phase == "combat_screen":
        act(game, "done_screening")
    assert combat.battle_queue(state) == [group, enemy, scout]


def test_raiders_attack_a_colony_past_hidden_defenders_only_when_nothing_else_fights():
    """FAQ: raiders attack colonies only after defeating all enemy combat ships there."""
    game = raider_game()
    state = game.state
    set_colony(state, 1, EAST, 3)
    group = raider(game, 0, CENTRE)
    guard = add(state, 1, data.SC, EAST)
    move(game, group, EAST)
    end_movement(game)
    assert state.b_hex == EAST and game.phase != "colony_attack"
    force_dice(state, 1)
    act(game, "fire", target=guard)
    assert not unit_alive(state, guard)
    assert game.phase == "colony_attack"


def test_without_the_option_there_are_no_raiders_and_a_destroyer_stops_movement():
    """Without the option, raiders do not exist and a destroyer stops movement as always."""
    game = scenario(turn=3)
    with_tech(game, 0, movement=2)
    state = game.state
    ship = add(state, 0, data.CA, CENTRE)
    add(state, 1, data.DD, EAST)
    move(game, ship, EAST)
    assert not is_legal(game, "move", unit=ship, dir=E)
    assert not is_legal(game, "buy", unit_type=data.R, hex=HOME_0)


# -- exact odds --------------------------------------------------------------------------------
def tenths(n: int) -> Fraction:
    return Fraction(n, 10)


def raider_attack_odds(cloaked: bool) -> Fraction:
    """1 R (D 4-0, hull 2) attacking 1 DD (D 4-0, hull 1), worked by hand.

    From round 2 both are class D and the defender fires first, both at 4.  Raider
    damaged (W1): the DD kills it 4/10, else the raider wins 4/10, else again:
    W1 = 0.6 * 0.4 / (1 - 0.36) = 3/8.  Raider unhurt (W0): the DD hits 4/10 (then
    the raider wins 4/10, else W1) or misses (the raider wins 4/10, else W0):
    W0 = 49/64.  Not cloaked, round 1 is the same as round 2: 49/64.  Cloaked, the
    raider fires first at 4 + 1 = 5 and wins 1/2; else the DD damages it 4/10 (W1) or
    misses (W0): 1/2 + 1/2 (0.6 W0 + 0.4 W1) = 103/128.
    """
    w1 = tenths(6) * tenths(4) / (1 - tenths(6) * tenths(6))
    w0 = (tenths(4) * (tenths(4) + tenths(6) * w1) + tenths(6) * tenths(4)) / (
        1 - tenths(6) * tenths(6))
    assert (w1, w0) == (Fraction(3, 8), Fraction(49, 64))
    if not cloaked:
        return w0
    odds = tenths(5) + tenths(5) * (tenths(6) * w0 + tenths(4) * w1)
    assert odds == Fraction(103, 128)
    return odds


def raider_win_rate(scanners: int, trials: int) -> float:
    """Auto-resolved battles: a raider (moved in this turn) against a destroyer."""
    game = raider_game()
    group = raider(game, 0, CENTRE)
    game.state.u_moved[group] = 1
    destroyer(game, 1, CENTRE, scanners=scanners)
    return attacker_win_rate(game.state, trials)


@pytest.mark.parametrize(("scanners", "cloaked"), [(0, True), (1, False)])
def test_engine_raider_odds_match_the_exact_probability(scanners, cloaked):
    trials = 6000
    assert_close(raider_win_rate(scanners, trials), raider_attack_odds(cloaked), trials)


def test_raider_battle_events_name_the_ambush():
    """Everyone sees the battle start with the raider revealed."""
    game = raider_game()
    state = game.state
    group = raider(game, 0, CENTRE)
    destroyer(game, 1, EAST)
    move(game, group, EAST)
    events = end_movement(game)
    started = events_of(events, "battle_started")
    assert started and any(u["unit"] == group for u in started[0]["units"])
    assert game.observation(1)["battle"]["ambush"] == [group]
    assert state.b_round == 1
