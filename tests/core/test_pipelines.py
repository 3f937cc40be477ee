"""Advanced rule: MS Pipelines (config ``advanced: ["pipelines"]``).

docs/charts.md#advanced-rules-data: "MS Pipelines: +1 CP per colony linked to the
homeworld by a chain; units starting and staying on a chain may move one extra
hex along it."  Ship technology chart: "MS Pipeline | MS | 3 | - | - | 1 | - | no
| 20".  Help page: "Mining Ships, Colony Ships, MS Pipelines, and Mines only ever
move 1 space per turn"; "Colony Ships, Mining Ships, and MS Pipelines have no
Combat ability and will be destroyed if caught alone ... They may not retreat."

Interpretations (docs/rules-interpretations.md#pipelines, rules/advanced/pipelines.py): a
chain is a connected run of hexes each holding one of the player's pipelines and
no hostile unit; a colony is linked when such a run touches (is in or next to)
both the homeworld's hex and the colony's; the extra hex is for units moving at a
Movement level, only onto a chain hex, after entering only chain hexes.

Hexes on the 2-player standard board: 0 (player 0's homeworld) E-> 1 -> 2 -> 3 -> 4
along row 0; 10 is south-east of 1, off the chain.
"""

from __future__ import annotations

import random

import pytest

from se4x_core import data
from se4x_core.devtools.infoset import leaked_fields
from se4x_core.devtools.invariants import problems
from se4x_core.events import EventLog
from se4x_core.game import Game
from se4x_core.rules.advanced.pipelines import linked_colonies
from se4x_core.rules.economy import collect_income, maintenance_cost
from se4x_core.rules.movement import reachable
from tests.helpers.scenario import (
    HOME_0,
    act,
    add,
    can_move,
    end_movement,
    events_of,
    finish_purchases,
    is_legal,
    move,
    open_purchases_for,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    step_targets,
    to_economic_phase,
    unit_alive,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

OFF_CHAIN = 10  # south-east of hex 1


def pipelines_game(advanced: tuple[str, ...] = ("pipelines",)) -> Game:
    return scenario(advanced=list(advanced))


def income_event(game: Game, player: int = 0) -> dict:
    events = to_economic_phase(game)
    return next(e for e in events_of(events, "income") if e["player"] == player)


# -- trade income --------------------------------------------------------------------------
def test_a_colony_linked_by_a_chain_earns_one_cp_of_trade():
    """"+1 CP per colony linked to the homeworld by a chain": pipelines on 1 and 2
    link the colony on 3 to the homeworld on 0."""
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 3, 3)
    for h in (1, 2):
        add(state, 0, data.MS, h)
    assert not problems(state)
    event = income_event(game)
    assert event["trade"] == 1
    assert event["colony_income"] == 23
    assert event["net"] == 24 and state.cp[0] == 24
    assert state.income[0] == 24


def test_one_missing_hex_breaks_the_chain():
    """A chain needs every hex between the ends: pipelines on 1 and 3 leave 2 empty."""
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 4, 3)
    for h in (1, 3):
        add(state, 0, data.MS, h)
    assert income_event(game)["trade"] == 0
    assert state.cp[0] == 23


def test_no_trade_without_the_rule():
    """Off by default: the same board in the basic game pays no trade, and the income
    event has no trade field."""
    game = pipelines_game(advanced=())
    state = game.state
    set_colony(state, 0, 3, 3)
    for h in (1, 2):
        add(state, 0, data.MS, h)
    event = income_event(game)
    assert "trade" not in event and state.cp[0] == 23


def test_the_ends_need_no_pipeline_but_a_link_needs_one():
    """The homeworld's and the colony's hexes are the chain's ends: one pipeline on 1
    links the colony on 2 (both ends next to it); a colony next to the homeworld with
    no pipeline at all is not linked."""
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 1, 1)
    assert linked_colonies(state, 0) == []
    set_colony(state, 0, 2, 1)
    add(state, 0, data.MS, 1)
    assert linked_colonies(state, 0) == [1, 2]
    assert income_event(game)["trade"] == 2


def test_several_colonies_each_pay_one_and_the_homeworld_none():
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 1, 1)
    set_colony(state, 0, 3, 1)
    set_colony(state, 0, OFF_CHAIN, 5)
    add(state, 0, data.MS, 2)
    add(state, 0, data.MS, 1)  # 1 is next to the homeworld: 1-2 run reaches 3 and 10
    assert income_event(game)["trade"] == 3


def test_a_new_colony_worth_nothing_yet_is_not_linked():
    """A colony ship that has just landed (0 CP) is not yet a market."""
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 3, 0)
    for h in (1, 2):
        add(state, 0, data.MS, h)
    assert income_event(game)["trade"] == 0


@pytest.mark.parametrize("where", [2, 3, HOME_0])
def test_an_enemy_on_the_chain_or_at_an_end_cuts_the_link(where: int):
    """An enemy unit on a chain hex, at the colony (blockaded) or at the homeworld
    breaks the link (interpretation: trade does not pass a blockade)."""
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 3, 3)
    for h in (1, 2):
        add(state, 0, data.MS, h)
    assert linked_colonies(state, 0) == [3]
    add(state, 0, data.DD, where)  # an escort: the pipeline there is not caught alone
    add(state, 1, data.DD, where)
    assert linked_colonies(state, 0) == []
    log = EventLog()
    collect_income(state, 0, log)
    assert events_of(log.events, "income")[0]["trade"] == 0


def test_the_observation_forecasts_the_links():
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 3, 3)
    for h in (1, 2):
        add(state, 0, data.MS, h)
    assert game.observation(0)["me"]["trade_links"] == [3]
    assert "trade_links" not in pipelines_game(advanced=()).observation(0)["me"]


# -- the unit ---------------------------------------------------------------------------------
def test_pipelines_are_bought_at_yards_with_hull_capacity_and_cost_no_maintenance():
    """Chart: 3 CP, hull 1, no maintenance, 20 counters; built at ship yards like
    colony ships (here one level-1 yard: one hull a phase)."""
    game = pipelines_game()
    state = game.state
    add(state, 0, data.SY, HOME_0)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    assert is_legal(game, "buy", unit_type=data.MS, hex=HOME_0)
    act(game, "buy", unit_type=data.MS, hex=HOME_0)
    assert state.cp[0] == 97
    assert not is_legal(game, "buy", unit_type=data.MS, hex=HOME_0)  # the yard is full
    finish_purchases(game)
    pipes = [u for u in state.live_units(0) if state.u_type[u] == data.MS]
    assert len(pipes) == 1 and state.u_hex[pipes[0]] == HOME_0 and state.u_count[pipes[0]] == 1
    assert maintenance_cost(state, 0) == 0
    assert not problems(state)


def test_not_for_sale_in_the_basic_game_and_twenty_counters_at_most():
    game = pipelines_game(advanced=())
    add(game.state, 0, data.SY, HOME_0)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    assert not is_legal(game, "buy", unit_type=data.MS, hex=HOME_0)
    game = pipelines_game()
    state = game.state
    add(state, 0, data.SY, HOME_0)
    for _ in range(20):
        add(state, 0, data.MS, 1)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    assert not is_legal(game, "buy", unit_type=data.MS, hex=HOME_0)


def test_a_pipeline_moves_one_hex_and_never_takes_the_extra_one():
    """"MS Pipelines ... only ever move 1 space per turn", even along a chain."""
    game = pipelines_game()
    state = game.state
    set_turn(state, 0, 3)
    state.set_tech_level(0, data.T_MOVEMENT, 7)
    for h in (1, 2, 3):
        add(state, 0, data.MS, h)
    pipe = add(state, 0, data.MS, 1)
    set_turn(state, 0, 3)
    move(game, pipe, 2)
    assert step_targets(game, pipe) == set()


def test_a_pipeline_caught_alone_is_destroyed():
    """"destroyed if caught alone": an enemy destroyer entering its hex."""
    game = pipelines_game()
    state = game.state
    pipe = add(state, 0, data.MS, 2)
    raider = add(state, 1, data.DD, 3)
    set_turn(state, 1, 1)
    events = move(game, raider, 2)
    assert not unit_alive(state, pipe)
    assert events_of(events, "unit_destroyed")[0]["reason"] == "caught unescorted"


def test_pipelines_are_face_up_and_nothing_leaks():
    """Interpretation: face up like colony ships and miners: every player sees the
    chains; the leak check finds no hidden fact in the observation."""
    game = pipelines_game()
    state = game.state
    set_colony(state, 0, 3, 3)
    pipe = add(state, 0, data.MS, 2)
    add(state, 1, data.DD, 40)
    seen = next(u for u in game.observation(1)["units"] if u["unit"] == pipe)
    assert seen["unit_type"] == "MS" and seen["count"] == 1
    rnd = random.Random(3)
    for viewer in (0, 1):
        assert leaked_fields(state, viewer, rnd) == []


# -- the movement aid --------------------------------------------------------------------------
def chain_game(chain: tuple[int, ...], at: int, unit_type: int = data.DD) -> tuple[Game, int]:
    """Player 0's unit at ``at`` with pipelines on ``chain``, turn 1 at Movement 1
    (one hex a turn), the unit's flags set as its turn begins."""
    game = pipelines_game()
    state = game.state
    state.set_tech_level(0, data.T_SHIP_SIZE, 2)
    for h in chain:
        add(state, 0, data.MS, h)
    unit = add(state, 0, unit_type, at)
    set_turn(state, 0, 1)
    return game, unit


def test_a_unit_starting_on_the_chain_moves_one_extra_hex_along_it():
    """"units starting and staying on a chain may move one extra hex along it"."""
    game, dd = chain_game((1, 2, 3, 4), 1)
    move(game, dd, 2)
    assert step_targets(game, dd) == {1, 3}  # along the chain only
    assert 3 in reachable(game.state, dd)
    move(game, dd, 3)
    assert step_targets(game, dd) == set()
    assert not problems(game.state)


def test_no_extra_hex_once_off_the_chain_or_without_the_rule():
    game, dd = chain_game((1, 2, 3), 1)
    state = game.state
    state.u_mov[dd] = 2  # Movement 2: two hexes in turn 3
    set_turn(state, 0, 3)
    move(game, dd, OFF_CHAIN)
    move(game, dd, 2)  # its allowance, back onto the chain
    assert step_targets(game, dd) == set()
    game, dd = chain_game((1, 2, 3), 1)
    game.state.options = 0  # the same board in the basic game
    set_turn(game.state, 0, 1)
    move(game, dd, 2)
    assert step_targets(game, dd) == set()


def test_a_unit_starting_off_the_chain_gets_no_extra_hex():
    game, dd = chain_game((1, 2, 3), OFF_CHAIN)
    move(game, dd, 1)
    assert step_targets(game, dd) == set()


def test_the_extra_hex_must_end_on_the_chain():
    game, dd = chain_game((1, 2), 1)
    move(game, dd, 2)
    assert step_targets(game, dd) == {1}  # 3 holds no pipeline
    assert not can_move(game, dd, 3)


def test_slow_units_get_no_extra_hex():
    """Colony ships "only ever move 1 space per turn"."""
    game, co = chain_game((1, 2, 3), 1, data.CO)
    move(game, co, 2)
    assert step_targets(game, co) == set()


def test_terrain_still_ends_movement_on_the_chain():
    """Entering a nebula ends movement "regardless of Movement Technology Level"."""
    game, dd = chain_game((1, 2, 3), 1)
    set_marker(game.state, 2, data.M_NEBULA, face_up=True)
    move(game, dd, 2)
    assert step_targets(game, dd) == set()


def test_an_enemy_on_a_chain_hex_is_no_chain_to_move_along():
    game, dd = chain_game((1, 2, 3), 1)
    state = game.state
    add(state, 0, data.DD, 3)
    add(state, 1, data.DD, 3)
    set_turn(state, 0, 1)
    move(game, dd, 2)
    assert 3 not in step_targets(game, dd)
    end_movement(game)


def exhaustive_reach(game: Game, unit: int) -> set[int]:
    """Every hex ``unit`` can end a step in this turn, by trying every legal sequence of
    its moves (the oracle for the map's reachable hexes)."""
    seen: set[tuple[int, int, int]] = set()
    hexes: set[int] = set()
    frontier = [game]
    while frontier:
        position = frontier.pop()
        for action in position.legal_actions():
            if action.kind != "move" or action.unit != unit:
                continue
            after = position.clone()
            after.apply(action)
            state = after.state
            key = (state.u_hex[unit], state.u_moved[unit], state.u_flags[unit])
            if key not in seen:
                seen.add(key)
                hexes.add(state.u_hex[unit])
                frontier.append(after)
    return hexes


def test_the_reachable_hexes_are_the_legal_move_sequences_on_chains():
    """The map's reachable hexes (``reachable``) against every legal sequence of moves,
    on random chains: among a hex's shortest paths one along the chain must be kept, or
    the chain's extra hex beyond it is missed."""
    rnd = random.Random(20261125)
    centre = 43
    near = [h for h in range(pipelines_game().state.n_hexes)
            if pipelines_game().state.board.distance(h, centre) <= 3]
    tried = 0
    for _layout in range(60):
        chain = tuple(sorted(rnd.sample(near, rnd.randint(6, 20))))  # 20 MS counters
        game, dd = chain_game(chain, rnd.choice(chain))
        state = game.state
        state.u_mov[dd] = rnd.choice((2, 3))  # two or three hexes in turn 3
        set_turn(state, 0, 3)
        expected = exhaustive_reach(game, dd) - {state.u_hex[dd]}  # not its own hex
        assert set(reachable(state, dd)) == expected, chain
        tried += len(expected)
    assert tried >= 200
