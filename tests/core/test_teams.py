"""Team play: 2 against 1 with 3 players, 2 against 2 with 4 (the ``teams`` option).

The rules texts say only that the game may be played in teams
(se4x-rules-summary.txt, line 5); the rest is se4x's reading of it
(docs/rules-interpretations.md#team-play), cited per test below.
"""

from __future__ import annotations

import json

import pytest

from se4x_core import _puremode
from se4x_core.devtools.invariants import problems
from se4x_core.devtools.selfplay import play_game
from se4x_core.errors import ConfigError
from se4x_core.game import Game
from se4x_core.rules import engine
from se4x_core.rules.codes import CO, DD
from se4x_core.rules.units import blockaded, eliminate_player, hostile
from tests.helpers.scenario import (
    E,
    add,
    can_move,
    end_movement,
    events_of,
    move,
    new_game,
    scenario,
    set_colony,
    set_turn,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

CENTRE_3P = 77  # Deep Space on the 3-player board, with Deep Space neighbours eastward


def team_scenario(players: int = 3, teams: list[list[int]] | None = None) -> Game:
    """A blank position (tests.helpers.scenario.scenario) in a team game."""
    if teams is None:
        teams = [[0, 1], [2]] if players == 3 else [[0, 2], [1, 3]]
    return scenario(players, teams=teams)


def _line(game: Game, start: int, n: int) -> list[int]:
    """``n`` hexes eastward from ``start``."""
    hexes = [start]
    for _ in range(n - 1):
        hexes.append(game.state.board.neighbour(hexes[-1], E))
    return hexes


# -- the option ------------------------------------------------------------------------
def test_off_by_default_and_the_basic_game_has_no_allies() -> None:
    game = Game.new_game({"players": 4, "seed": 1})
    assert game.config["teams"] is None and game.teams is None
    state = game.state
    assert list(state.team) == [0, 0, 0, 0]
    assert all(hostile(state, p, q) for p in range(4) for q in range(4) if p != q)
    assert game.observation(0)["teams"] == [0, 0, 0, 0]


def test_config_is_normalised() -> None:
    game = Game.new_game({"players": 3, "teams": [[2], [1, 0]]})
    assert game.teams == [[0, 1], [2]]
    assert list(game.state.team) == [1, 1, 2]
    game = Game.new_game({"players": 4, "teams": [[3, 1], [0, 2]]})
    assert game.teams == [[0, 2], [1, 3]]
    assert list(game.state.team) == [1, 2, 1, 2]
    state = game.state
    assert not hostile(state, 0, 2) and not hostile(state, 1, 3)
    assert hostile(state, 0, 1) and hostile(state, 2, 3) and hostile(state, 0, 3)


@pytest.mark.parametrize("config,message", [
    ({"players": 2, "teams": [[0], [1]]}, "3 or 4 players"),
    ({"players": 3, "teams": [[0, 1, 2]]}, "two lists"),
    ({"players": 3, "teams": [[0], [1], [2]]}, "two lists"),
    ({"players": 3, "teams": "2v1"}, "two lists"),
    ({"players": 3, "teams": [[0, 1], [1]]}, "more than one team"),
    ({"players": 3, "teams": [[0, 1], []]}, "player 2 is in no team"),
    ({"players": 3, "teams": [[0, 1], [5]]}, "not a player number"),
    ({"players": 3, "teams": [[0, True], [2]]}, "not a player number"),
    ({"players": 4, "teams": [[0, 1, 2], [3]]}, "2 against 2, not 3 against 1"),
    ({"aliens": {"players": 2}, "teams": [[0, 1], [2]]}, "cannot be combined"),
])
def test_config_errors_name_the_problem(config: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Game.new_game(config)


# -- allies do not fight and do not block (docs/rules-interpretations.md#team-play) --------
def test_allies_share_a_hex_without_a_battle() -> None:
    game = team_scenario(3)
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    mine = add(state, 0, DD, a)
    add(state, 1, DD, b)
    move(game, mine, b)
    events = end_movement(game)
    assert not events_of(events, "battle_started")
    assert game.phase == "movement" and game.current_player == 1
    assert not problems(state)


def test_allies_do_not_block_movement_or_unarmed_units() -> None:
    game = team_scenario(3)
    state = game.state
    a, b, c = _line(game, CENTRE_3P, 3)
    colony_ship = add(state, 0, CO, a)
    add(state, 1, DD, b)  # an ally's warship does not keep the colony ship out
    assert can_move(game, colony_ship, b)
    warship = add(state, 0, DD, a, mov=4)  # two hexes a turn
    assert c in game.reachable(warship)  # through the ally's hex: allies do not stop it
    enemy = add(state, 2, DD, b)
    assert c not in game.reachable(warship)  # an enemy's warship does
    assert not can_move(game, colony_ship, b)  # nor may the colony ship enter alone
    state.remove_unit(enemy)
    assert can_move(game, colony_ship, b)


def test_a_battle_with_allies_in_the_hex_is_mover_against_one_enemy() -> None:
    """The battle is two-sided: the mover against the enemy; the mover's ally's
    units in the hex stay out of it (neither fire nor are fired on)."""
    game = team_scenario(3)
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    mine = add(state, 0, DD, a)
    ally = add(state, 1, DD, b)
    add(state, 2, DD, b)
    move(game, mine, b)
    events = end_movement(game)
    started = events_of(events, "battle_started")
    assert len(started) == 1
    assert (started[0]["attacker"], started[0]["defender"]) == (0, 2)
    assert {u["player"] for u in started[0]["units"]} == {0, 2}
    assert state.b_attacker == 0 and state.b_defender == 2
    targets = {a.target for a in game.legal_actions() if a.kind == "fire"}
    assert ally not in targets and targets
    assert not problems(state)


def test_the_enemy_moving_in_fights_one_ally_at_a_time() -> None:
    game = team_scenario(4)  # [[0, 2], [1, 3]]
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    add(state, 0, DD, b)
    add(state, 2, DD, b)
    enemy = add(state, 1, DD, a)
    set_turn(state, 1, 1)
    move(game, enemy, b)
    events = end_movement(game)
    started = events_of(events, "battle_started")
    assert (started[0]["attacker"], started[0]["defender"]) == (1, 0)
    assert not problems(state)


def test_allies_neither_attack_nor_blockade_each_others_colonies() -> None:
    game = team_scenario(3)
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    set_colony(state, 1, b, 3)
    mine = add(state, 0, DD, a)
    move(game, mine, b)
    assert not blockaded(state, b)
    events = end_movement(game)
    assert not events_of(events, "battle_started")
    assert game.phase == "movement" and game.current_player == 1
    assert state.h_col_owner[b] == 1 and state.h_col_cp[b] == 3


def test_an_enemy_blockades_and_attacks_an_allied_colony() -> None:
    game = team_scenario(3)
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    set_colony(state, 1, b, 3)
    enemy = add(state, 2, DD, a)
    set_turn(state, 2, 1)
    move(game, enemy, b)
    assert blockaded(state, b)
    end_movement(game)
    assert game.phase == "colony_attack" and state.b_attacker == 2


def test_allies_may_not_colonise_an_allys_planet() -> None:
    game = team_scenario(3)
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    set_colony(state, 1, b, 1)
    colony_ship = add(state, 0, CO, a)
    move(game, colony_ship, b)
    assert not [x for x in game.legal_actions() if x.kind == "colonize"]


# -- shared victory --------------------------------------------------------------------
def _eliminate(game: Game, *players: int) -> None:
    for p in players:
        eliminate_player(game.state, p, None)
    engine.advance(game.state, None)


def test_the_game_goes_on_while_each_team_has_a_living_player() -> None:
    game = team_scenario(4)
    _eliminate(game, 0, 1)
    assert not game.is_over
    assert game.winners == []
    assert not problems(game.state)


@pytest.mark.parametrize("players,fallen,winners", [
    (3, (2,), [0, 1]),
    (3, (1, 2), [0, 1]),  # an eliminated ally wins with its team
    (3, (0, 1), [2]),
    (4, (1, 3), [0, 2]),
    (4, (0, 1, 2), [1, 3]),
])
def test_a_team_wins_together_when_every_enemy_homeworld_fell(
        players: int, fallen: tuple[int, ...], winners: list[int]) -> None:
    game = team_scenario(players)
    _eliminate(game, *fallen)
    assert game.is_over
    assert game.winner in winners and game.state.alive[game.winner]
    assert game.winners == winners
    for p in range(players):
        assert game.observation(p)["winners"] == winners
    assert not problems(game.state)


def test_a_basic_game_has_one_winner() -> None:
    game = new_game(3)
    _eliminate(game, 1, 2)
    assert game.is_over and game.winner == 0 and game.winners == [0]
    assert game.observation(1)["winners"] == [0]


# -- saves ---------------------------------------------------------------------------
def test_team_games_save_and_load() -> None:
    game = new_game(4, teams=[[0, 2], [1, 3]])
    again = Game.from_json(game.to_json())
    assert again == game and again.teams == [[0, 2], [1, 3]]


def test_saves_from_before_team_play_still_load() -> None:
    game = new_game(2)
    doc = json.loads(game.to_json())
    del doc["state"]["fields"]["team"]
    del doc["config"]["teams"]
    again = Game.from_json(json.dumps(doc))
    assert again == game


# -- self-play: every invariant and the leak check ------------------------------------------
@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize("players,teams", [(3, [[0, 1], [2]]), (3, [[0, 2], [1]]),
                                           (4, [[0, 2], [1, 3]]), (4, [[0, 1], [2, 3]])])
def test_seeded_team_self_play_keeps_every_invariant(players: int, teams: list[list[int]]
                                                     ) -> None:
    config = {"players": players, "teams": teams, "max_rounds": 3}
    for seed in range(5):
        result = play_game(config, seed)
        assert result.actions > 0


@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.skipif(_puremode.pure_python_requested(),
                    reason="minutes interpreted; the short self-play above runs in both modes")
@pytest.mark.parametrize("players,teams,seed", [(3, [[0, 1], [2]], 3), (4, [[0, 2], [1, 3]], 0)])
def test_self_play_reaches_a_team_victory_with_every_invariant(
        players: int, teams: list[list[int]], seed: int) -> None:
    """Longer seeded games end by conquest, the invariants (among them: the
    winner's team alone is left) and the leak check holding to the end."""
    result = play_game({"players": players, "teams": teams, "max_rounds": 30}, seed)
    assert result.winner >= 0 and result.rounds < 30


# -- the bots know their allies (docs/rules-interpretations.md#team-play) ------------------
def test_bots_do_not_march_on_allies() -> None:
    from se4x_core.ai.random_bot import steps_toward_enemy
    from se4x_core.ai.rule_bot import RuleBot
    from se4x_core.observation import friends_of

    game = team_scenario(3)
    obs = game.observation(0)
    assert friends_of(obs, 0) == {0, 1} and friends_of(obs, 2) == {2}
    bot = RuleBot(0)
    bot.inform(game.information_set(0))
    assert bot.target_candidates(obs, 9) == [obs["homeworlds"][2]]
    state = game.state
    a, b = _line(game, CENTRE_3P, 2)
    add(state, 0, DD, a)
    add(state, 1, DD, b)
    bot.inform(game.information_set(0))
    assert b not in bot.target_candidates(game.observation(0), 9)
    assert steps_toward_enemy(game.observation(0), game.legal_codes()) != []


def test_the_search_scores_its_team_not_itself_alone() -> None:
    from se4x_core.ai.ismcts import evaluate, strength

    game = team_scenario(4)  # [[0, 2], [1, 3]]
    state = game.state
    total = sum(strength(state, p) for p in range(4))
    team = strength(state, 0) + strength(state, 2)
    assert evaluate(state, 0) == pytest.approx(team / total)
    _eliminate(game, 1, 3)
    assert evaluate(state, 2) == 1.0 and evaluate(state, 0) == 1.0 and evaluate(state, 1) == 0.0


# -- teamwork: one target, the ally's planets left alone (docs/computer-players.md#teams) --
def _team_plan(game: Game, player: int, memory: object | None = None) -> tuple[int, list[int]]:
    from se4x_core.sim.rulebot.memory import PolicyMemory
    from se4x_core.sim.rulebot.war import team_plan

    return team_plan(game.state, memory or PolicyMemory(), player)


def _next_to(game: Game, home: int) -> int:
    """A hex beside ``home`` (an ally's fleet pressing that homeworld stands there)."""
    board = game.state.board
    return next(h for h in board.adjacent(home) if h != home)


@pytest.mark.parametrize("teams", [[[0, 3], [1, 2]], [[0, 2], [1, 3]]])
def test_a_partner_joins_the_attack_its_ally_has_under_way(teams: list[list[int]]) -> None:
    game = team_scenario(4, teams)
    state = game.state
    me, ally = teams[0]
    assert _team_plan(game, me)[0] == -1  # no attack under way: no team target
    near, far = teams[1]
    add(state, ally, DD, _next_to(game, state.homeworld[far]), 2)
    assert _team_plan(game, me)[0] == state.homeworld[far]
    assert _team_plan(game, ally)[0] == -1  # its own fleet is no ally's
    add(state, ally, DD, _next_to(game, state.homeworld[near]), 3)  # the bigger push
    assert _team_plan(game, me)[0] == state.homeworld[near]


def test_without_teamwork_or_allies_there_is_no_team_target() -> None:
    from se4x_core.ai.strategy import parse
    from se4x_core.sim.rulebot.memory import PolicyMemory

    alone = PolicyMemory()
    alone.set_strategy(0, parse(",,alone").encode())
    game = team_scenario(4, [[0, 3], [1, 2]])
    state = game.state
    add(state, 3, DD, _next_to(game, state.homeworld[1]), 2)
    add(state, 0, DD, _next_to(game, state.homeworld[2]), 2)
    assert _team_plan(game, 0, alone) == (-1, [])
    assert _team_plan(game, 3, alone)[0] == state.homeworld[2]  # the ally's strategy says team
    free = scenario(4)
    add(free.state, 3, DD, _next_to(free, free.state.homeworld[1]), 2)
    assert _team_plan(free, 0)[0] == -1  # every empire for itself
    _eliminate(game, 3)
    assert _team_plan(game, 0)[0] == -1  # the ally is gone


def test_allies_split_the_deep_space_planets_by_the_nearer_homeworld() -> None:
    from dataclasses import replace

    from se4x_core.ai.strategy import DEFAULT, TEAMWORK
    from se4x_core.rules.codes import M_PLANET
    from se4x_core.sim.rulebot.memory import PolicyMemory

    game = team_scenario(4, [[0, 3], [1, 2]])
    state = game.state
    deep = state.board.deep_space_hexes
    for h in deep:
        state.h_marker[h] = M_PLANET
        state.h_face_up[h] = 1
    assert _team_plan(game, 0)[1] == []  # not the default teamwork
    planets = PolicyMemory()
    for p in range(4):
        planets.set_strategy(p, replace(DEFAULT, teamwork=TEAMWORK["planets"]).encode())
    left_by_0 = set(_team_plan(game, 0, planets)[1])
    left_by_3 = set(_team_plan(game, 3, planets)[1])
    assert left_by_0 and left_by_3 and not left_by_0 & left_by_3
    home_0, home_3 = state.homeworld[0], state.homeworld[3]
    for h in deep:
        d0, d3 = state.board.distance(h, home_0), state.board.distance(h, home_3)
        assert (h in left_by_0) == (d3 < d0), h
        assert (h in left_by_3) == (d0 <= d3), h  # a tie goes to the lower player, 0
