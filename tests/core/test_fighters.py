"""Advanced rules, carriers, fighters and point defense (config ``advanced: ["fighters"]``).

Rules: docs/charts.md#ship-technology-chart (Carrier CV 12 CP class E 3-0 hull 1, needs
Fighters 1, 4 counters; Fighter F 5 CP class B 5-0/6-0/7-1 by Fighters level 1-3, hull 1,
8 counters), "Research chart" (Fighters 25/25/25, Point Defense 20/20/20) and "Advanced
rules data" (carriers carry up to 3 fighters; a carrier cannot be targeted while friendly
fighters are in the battle; point defense lets scouts fire at fighters as class A with
attack 6/7/8); rules summary "Movement" (fighters cannot move unless accompanied by a
carrier, at most three fighters per carrier); reference manual "Special Units" (fighters
upgrade at ship yards, 1 CP per squadron) and FAQ (a carrier leaves fighters behind only
where something else holds them).
"""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.devtools.invariants import problems
from se4x_core.errors import ConfigError, IllegalActionError
from se4x_core.game import Game
from se4x_core.rules import combat
from se4x_core.rules.advanced.carriers import carrier_room
from se4x_core.rules.units import special_level
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
    legal,
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

FIGHTERS = {"advanced": ["fighters"]}


def advanced_game(**kwargs) -> Game:
    return scenario(**FIGHTERS, **kwargs)


def fighters(game: Game, player: int, hex_index: int, count: int = 1, level: int = 1) -> int:
    """A fighter group of Fighters ``level`` (its owner's level is set to it)."""
    with_tech(game, player, fighters=level)
    return add(game.state, player, data.F, hex_index, count)


# -- the option --------------------------------------------------------------------
def test_the_rule_set_is_a_config_option_off_by_default():
    """Issue: each advanced rule set is a game option, off by default."""
    basic = Game.new_game({"players": 2})
    assert basic.config["advanced"] == [] and basic.state.options == 0
    advanced = Game.new_game({"players": 2, **FIGHTERS})
    assert advanced.config["advanced"] == ["fighters"] and advanced.state.options != 0
    assert advanced.observation(0)["advanced"] == ["fighters"]
    assert {"CV", "F"} <= set(advanced.observation(0)["unit_types"])
    assert not {"CV", "F"} & set(basic.observation(0)["unit_types"])
    for bad in (["warp"], "fighters", [3], True):
        with pytest.raises(ConfigError, match="advanced"):
            Game.new_game({"players": 2, "advanced": bad})


def test_a_saved_advanced_game_loads_as_the_same_game():
    game = advanced_game()
    fighters(game, 0, HOME_0)
    again = Game.from_json(Game.replay(game.config, game.action_codes).to_json())
    assert again.config["advanced"] == ["fighters"] and again.state.options == game.state.options


# -- research and building -------------------------------------------------------------
@pytest.mark.parametrize(("tech", "costs"), [(data.T_FIGHTERS, [25, 25, 25]),
                                             (data.T_POINT_DEFENSE, [20, 20, 20])])
def test_fighters_and_point_defense_research_follows_the_chart(tech, costs):
    """docs/charts.md#research-chart: Fighters 25/25/25 and Point Defense 20/20/20, max 3."""
    game = advanced_game()
    state = game.state
    for level, cost in enumerate(costs):
        to_economic_phase(game)
        open_purchases_for(game, 0, cp=100)
        assert state.tech_level(0, tech) == level
        act(game, "research", tech=tech)
        assert state.cp[0] == 100 - cost
        while game.phase != "movement":
            act(game, "end_purchases")
    assert state.tech_level(0, tech) == 3
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    assert not is_legal(game, "research", tech=tech)


def test_carriers_and_fighters_need_fighters_technology():
    """docs/charts.md: Carrier and Fighter need Fighters 1; the refusal names it."""
    game = advanced_game()
    state = game.state
    add(state, 0, data.SY, HOME_0, count=4)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    assert not is_legal(game, "buy", unit_type=data.CV, hex=HOME_0)
    with pytest.raises(IllegalActionError, match="Fighters 1"):
        act(game, "buy", unit_type=data.F, hex=HOME_0)
    act(game, "research", tech=data.T_FIGHTERS)
    act(game, "buy", unit_type=data.CV, hex=HOME_0)
    assert state.cp[0] == 100 - 25 - 12


def test_fighters_are_built_at_yards_as_the_current_level():
    """docs/charts.md: a fighter is F1, F2 or F3 by its owner's Fighters level when built; it
    is built at a ship yard (hull 1 of the yard's capacity); a scout built after Point
    Defense carries it."""
    game = advanced_game()
    state = game.state
    with_tech(game, 0, fighters=2, point_defense=1)
    add(state, 0, data.SY, HOME_0, count=4)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    act(game, "buy", unit_type=data.F, hex=HOME_0)
    act(game, "buy", unit_type=data.SC, hex=HOME_0)
    while game.phase == "economic_purchase":
        act(game, "end_purchases")
    built = {state.u_type[u]: u for u in state.live_units(0)}
    assert special_level(state, built[data.F]) == 2
    assert special_level(state, built[data.SC]) == 1
    assert combat_attack(state, built[data.F]) == 6


def combat_attack(state, unit: int) -> int:
    from se4x_core.rules.units import attack_strength
    return attack_strength(state, unit)


def test_fighters_are_refitted_to_the_new_level_for_one_cp_each():
    """Reference manual "Special Units": fighters upgrade at ship yards, 1 CP a squadron."""
    game = advanced_game()
    state = game.state
    group = fighters(game, 0, HOME_0, count=3, level=1)
    add(state, 0, data.SY, HOME_0, count=1)
    with_tech(game, 0, fighters=3)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=50)
    act(game, "refit", unit=group)
    assert state.cp[0] == 47
    assert special_level(state, group) == 3 and combat_attack(state, group) == 7
    assert not problems(state)  # the refit record keeps the old levels, special one too


# -- movement --------------------------------------------------------------------------
def test_fighters_do_not_move_by_themselves():
    """Rules summary "Movement": fighters cannot move unless accompanied by a carrier."""
    game = advanced_game()
    group = fighters(game, 0, CENTRE)
    assert not [a for a in legal(game, "move") if a.unit == group]


def test_fighters_board_a_carrier_with_room_and_ride_with_it():
    """Rules summary "Movement": at most three fighters per carrier, moving with it."""
    game = advanced_game(turn=3)
    state = game.state
    with_tech(game, 0, fighters=1, movement=2)  # 2 hexes in turn 3
    carrier = add(state, 0, data.CV, CENTRE, count=1)
    three = fighters(game, 0, CENTRE, count=3)
    one = fighters(game, 0, CENTRE, count=1)
    assert is_legal(game, "board", unit=three, carrier=carrier)
    act(game, "board", unit=three, carrier=carrier)
    assert carrier_room(state, carrier) == 0
    assert not is_legal(game, "board", unit=one, carrier=carrier)  # the carrier is full
    target = neighbour(state, CENTRE, E)
    move(game, carrier, target)
    assert state.u_hex[three] == target and state.u_moved[three] == 1
    assert state.u_hex[one] == CENTRE
    set_colony(state, 0, target, 1)  # fighters may be left at a colony
    act(game, "leave_carrier", unit=three)
    move(game, carrier, neighbour(state, target, E))
    assert state.u_hex[three] == target


def test_fighters_are_left_only_at_a_colony():
    """Reference manual "Fighters & Carriers": "Fighters require Carrier or colony"; FAQ:
    a carrier leaves fighters behind "only if another Carrier or colony is present to
    absorb them".  In empty space they stay aboard; at an enemy's colony too."""
    game = advanced_game()
    state = game.state
    with_tech(game, 0, fighters=1)
    carrier = add(state, 0, data.CV, CENTRE)
    group = fighters(game, 0, CENTRE)
    act(game, "board", unit=group, carrier=carrier)
    assert not is_legal(game, "leave_carrier", unit=group)
    assert "only at one of your colonies" in game.explain(
        Action("leave_carrier", unit=group))
    set_colony(state, 1, CENTRE, 3)
    assert not is_legal(game, "leave_carrier", unit=group)
    set_colony(state, 0, CENTRE, 3)
    assert is_legal(game, "leave_carrier", unit=group)
    act(game, "leave_carrier", unit=group)
    assert state.u_cargo[group] == 0 and state.u_hex[group] == CENTRE


def test_another_carrier_absorbs_fighters_anywhere():
    """FAQ: fighters may be left behind where "another Carrier ... is present to absorb
    them": aboard one carrier, a fighter group boards another with room in its hex."""
    game = advanced_game()
    state = game.state
    with_tech(game, 0, fighters=1)
    first = add(state, 0, data.CV, CENTRE)
    second = add(state, 0, data.CV, CENTRE)
    group = fighters(game, 0, CENTRE, count=3)
    act(game, "board", unit=group, carrier=first)
    assert not is_legal(game, "board", unit=group, carrier=first)  # aboard it already
    act(game, "board", unit=group, carrier=second)
    assert state.u_cargo[group] == second + 1
    assert carrier_room(state, first) == 3 and carrier_room(state, second) == 0
    move(game, second, neighbour(state, CENTRE, E))
    assert state.u_hex[group] == neighbour(state, CENTRE, E) and state.u_hex[first] == CENTRE


def test_no_relay_between_carriers():
    """A fighter moves only as far as one carrier takes it: it boards only a carrier that
    has come at least as far this turn (docs/rules-interpretations.md#fighters)."""
    game = advanced_game(turn=3)
    state = game.state
    with_tech(game, 0, fighters=1, movement=2)  # 2 hexes in turn 3
    first = add(state, 0, data.CV, CENTRE)
    second = add(state, 0, data.CV, neighbour(state, CENTRE, E))
    group = fighters(game, 0, CENTRE)
    act(game, "board", unit=group, carrier=first)
    move(game, first, neighbour(state, CENTRE, E))
    assert not is_legal(game, "board", unit=group, carrier=second)
    third = add(state, 0, data.CV, CENTRE)
    move(game, third, neighbour(state, CENTRE, E))
    assert is_legal(game, "board", unit=group, carrier=third)  # it came as far


def test_a_carrier_split_keeps_room_for_its_fighters_and_a_merge_keeps_them_aboard():
    game = advanced_game()
    state = game.state
    with_tech(game, 0, fighters=1)
    first = add(state, 0, data.CV, CENTRE, count=1)
    second = add(state, 0, data.CV, CENTRE, count=2)
    group = fighters(game, 0, CENTRE, count=4)
    act(game, "board", unit=group, carrier=second)
    assert not is_legal(game, "split", unit=second, count=1)  # 1 carrier holds only 3
    act(game, "merge", unit=first, other=second)
    assert state.u_cargo[group] == first + 1 and carrier_room(state, first) == 5


def carrier_with_fighters() -> tuple[Game, int, int]:
    """A carrier in ``CENTRE`` with a group of two F1 fighters aboard."""
    game = advanced_game()
    with_tech(game, 0, fighters=1)
    carrier = add(game.state, 0, data.CV, CENTRE)
    group = fighters(game, 0, CENTRE, count=2)
    act(game, "board", unit=group, carrier=carrier)
    return game, carrier, group


def test_a_carrier_lost_on_the_way_takes_its_fighters_with_it():
    """Danger! destroys the units entering; fighters aboard share their carrier's fate."""
    game, carrier, group = carrier_with_fighters()
    state = game.state
    danger = neighbour(state, CENTRE, E)
    set_marker(state, danger, data.M_DANGER)
    move(game, carrier, danger)
    assert not unit_alive(state, carrier) and not unit_alive(state, group)


def test_fighters_aboard_roll_in_a_black_hole_too():
    """Black hole: every ship entering rolls (1-6 survives), the fighters aboard too."""
    game, carrier, group = carrier_with_fighters()
    state = game.state
    hole = neighbour(state, CENTRE, E)
    set_marker(state, hole, data.M_BLACK_HOLE, face_up=True)
    force_dice(state, 3, 3, 9)  # the carrier survives, then one fighter of two dies
    events = move(game, carrier, hole)
    assert len(events_of(events, "black_hole")) == 2
    assert unit_alive(state, carrier) and state.u_count[group] == 1


# -- combat ----------------------------------------------------------------------------
def carrier_battle(game: Game, with_fighters: bool = True):
    state = game.state
    with_tech(game, 0, fighters=1)
    carrier = add(state, 0, data.CV, CENTRE)
    group = fighters(game, 0, CENTRE, count=1) if with_fighters else -1
    destroyer = add(state, 1, data.DD, CENTRE)
    end_movement(game)
    if game.phase == "combat_screen":
        act(game, "done_screening")
    return carrier, group, destroyer


def test_a_carrier_cannot_be_targeted_while_its_fighters_fight():
    """docs/charts.md#advanced-rules-data: a carrier cannot be targeted while friendly
    fighters are in the battle; once they are gone it can."""
    game = advanced_game()
    state = game.state
    carrier, group, destroyer = carrier_battle(game)
    assert combat.firing_unit(state) == group  # class B fires first
    force_dice(state, 10)
    act(game, "fire", target=destroyer)
    assert combat.firing_unit(state) == destroyer
    assert {a.target for a in legal(game, "fire")} == {group}
    force_dice(state, 1)
    act(game, "fire", target=group)
    assert not unit_alive(state, group)
    assert combat.firing_unit(state) == carrier
    force_dice(state, 10)
    act(game, "fire", target=destroyer)
    assert {a.target for a in legal(game, "fire")} == {carrier}


def test_fighter_attack_by_level():
    """docs/charts.md: F1 5-0, F2 6-0, F3 7-1 (class B)."""
    for level, attack, defense in ((1, 5, 0), (2, 6, 0), (3, 7, 1)):
        game = advanced_game()
        state = game.state
        group = fighters(game, 0, CENTRE, level=level)
        destroyer = add(state, 1, data.DD, CENTRE)
        end_movement(game)
        assert combat.to_hit_against(state, group, destroyer) == attack
        assert combat.to_hit_against(state, destroyer, group) == 4 - defense


def test_point_defense_fires_first_at_fighters_only():
    """docs/charts.md: point defense lets scouts fire at fighters as class A with attack
    6/7/8 (levels 1-3); against a fleet without fighters a scout is an ordinary E."""
    game = advanced_game()
    state = game.state
    group = fighters(game, 0, CENTRE)
    destroyer = add(state, 0, data.DD, CENTRE)
    with_tech(game, 1, point_defense=2)
    scout = add(state, 1, data.SC, CENTRE)
    end_movement(game)
    if game.phase == "combat_screen":
        act(game, "done_screening")
    assert combat.battle_queue(state) == [scout, group, destroyer]
    assert {a.target for a in legal(game, "fire")} == {group}
    assert combat.to_hit_against(state, scout, group) == 7 - 0  # PD2 against an F1
    force_dice(state, 7)
    act(game, "fire", target=group)
    assert not unit_alive(state, group)
    force_dice(state, 10)
    act(game, "fire", target=scout)  # the destroyer misses; round 2 begins
    assert state.b_round == 2
    assert combat.battle_queue(state) == [destroyer, scout]  # no fighters: an E scout
    assert combat.to_hit_against(state, scout, destroyer) == 3


def test_fighters_do_not_retreat_alone_but_leave_with_their_carrier():
    """Reference manual FAQ: a carrier does not leave fighters behind with nothing to
    hold them; fighters cannot move without a carrier (docs/rules-interpretations.md#fighters)."""
    game = advanced_game()
    state = game.state
    with_tech(game, 0, fighters=1)
    set_colony(state, 0, neighbour(state, CENTRE, W), 1)
    carrier = add(state, 0, data.CV, CENTRE)
    group = fighters(game, 0, CENTRE)
    loose = fighters(game, 0, CENTRE)
    act(game, "board", unit=group, carrier=carrier)
    add(state, 1, data.BB, CENTRE, count=2)
    end_movement(game)
    while not (game.phase == "combat_fire" and state.b_round >= 2
               and combat.firing_unit(state) == carrier):
        if game.phase == "combat_screen":
            act(game, "done_screening")
            continue
        if state.b_round >= 2 and combat.firing_unit(state) in (group, loose):
            assert not legal(game, "retreat")
        force_dice(state, 10)
        act(game, "fire", target=legal(game, "fire")[0].target)
    direction = legal(game, "retreat")[0].dir
    act(game, "retreat", dir=direction)
    away = neighbour(state, CENTRE, direction)
    assert state.u_hex[carrier] == away and state.u_hex[group] == away
    assert state.u_hex[loose] == CENTRE


def test_an_enemy_sees_neither_the_boarding_nor_the_link():
    """Hidden information: who boarded what is the owner's; the counters are seen moving
    together, as on the table."""
    game = advanced_game()
    state = game.state
    with_tech(game, 0, fighters=1)
    carrier = add(state, 0, data.CV, CENTRE)
    group = fighters(game, 0, CENTRE)
    events = act(game, "board", unit=group, carrier=carrier)
    assert events_of(events, "boarded")[0]["visible_to"] == [0]
    theirs = {u["unit"]: u for u in game.observation(1)["units"]}
    assert "aboard" not in theirs[group] and "cargo" not in theirs[group]
    mine = {u["unit"]: u for u in game.observation(0)["units"]}
    assert mine[group]["aboard"] == carrier and mine[group]["level"] == 1
