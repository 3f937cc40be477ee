"""Setup: boards, marker mixes, starting forces, turn order and round structure."""

from __future__ import annotations

from collections import Counter

import pytest

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.errors import ConfigError, IllegalActionError
from se4x_core.game import Game
from se4x_core.hexgrid import board_for
from se4x_core.rules.units import roll
from tests.helpers.scenario import act, end_movement, events_of, force_dice, new_game, next_rolls

pytestmark = [pytest.mark.fast, pytest.mark.core]


@pytest.mark.parametrize("name, players, deep", [
    ("2p-small", 2, 17), ("2p-standard", 2, 34), ("2p-large", 2, 51), ("3p", 3, 72), ("4p", 4, 46),
])
def test_board_sizes(name, players, deep):
    """docs/charts.md#setup-and-economy (Boards): 17/34/51 Deep Space hexes for two
    players, 72 for three, 46 for four on a 150-hex board; every home system
    is 26 hexes (the homeworld plus 25 markers)."""
    board = board_for(name)
    assert board.deep_space_count == deep
    assert [len(h) for h in board.home_hexes] == [26] * players
    assert board.size == 26 * players + deep
    if players >= 3:
        assert board.size == 150


@pytest.mark.parametrize("players, size, name", [
    (2, "small", "2p-small"), (2, "standard", "2p-standard"), (2, "large", "2p-large"),
    (3, "standard", "3p"), (4, "standard", "4p"),
])
def test_config_picks_board(players, size, name):
    """docs/charts.md#boards: the board follows the number of players (and size for two)."""
    game = Game.new_game({"players": players, "board": size})
    assert game.state.board_name == name


@pytest.mark.parametrize("bad", [
    {"players": 1}, {"players": 5}, {"board": "huge"}, {"seed": -1}, {"colour": "red"},
    {"starting_forces": "lots"}, {"advanced": True},
])
def test_bad_config_refused(bad):
    """A configuration that cannot start a game is refused with ConfigError."""
    with pytest.raises(ConfigError):
        Game.new_game(bad)


def _connected(board, hexes) -> bool:
    hexes = set(hexes)
    start = next(iter(hexes))
    seen, stack = {start}, [start]
    while stack:
        for n in board.adjacent(stack.pop()):
            if n in hexes and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == hexes


@pytest.mark.parametrize("name", ["2p-small", "2p-standard", "2p-large", "3p", "4p"])
def test_home_systems_are_separated_by_deep_space(name):
    """docs/charts.md#boards: home areas face each other across Deep Space (four in the corners
    with a cross of Deep Space between them): each home system is one connected area,
    Deep Space is connected, and no two home systems touch."""
    board = board_for(name)
    for hexes in board.home_hexes:
        assert _connected(board, hexes)
    assert _connected(board, board.deep_space_hexes)
    for h in range(board.size):
        for n in board.adjacent(h):
            if board.region[h] >= 0 and board.region[n] >= 0:
                assert board.region[h] == board.region[n]
    sizes = {"2p-small": 4, "2p-standard": 6, "2p-large": 8}
    if name in sizes:  # bigger boards put the empires farther apart
        gap = min(board.distance(a, b) for a in board.home_hexes[0] for b in board.home_hexes[1])
        assert gap == sizes[name]


def test_board_adjacency_is_symmetric():
    """Hex adjacency (hexgrid): neighbours are mutual and at distance 1."""
    for name in ("2p-small", "2p-standard", "2p-large", "3p", "4p"):
        board = board_for(name)
        for h in range(board.size):
            for n in board.adjacent(h):
                assert h in board.adjacent(n)
                assert board.distance(h, n) == 1


@pytest.mark.parametrize("players, size", [(2, "small"), (2, "standard"), (2, "large"),
                                           (3, "standard"), (4, "standard")])
def test_markers_after_placement(players, size):
    """Summary "Exploration" / docs/charts.md: each Home System holds its homeworld face up
    plus 11 minerals (5 CP), 8 planets, 2 nebulae, 2 asteroids, 1 barren planet and
    1 black hole face down; Deep Space holds markers drawn from the 102-marker pool,
    one per hex, all face down."""
    game = new_game(players, size, seed=3)
    state = game.state
    board = state.board
    home_mix = Counter(data.expand_mix(data.HOME_SYSTEM_MIX))
    for player, hexes in enumerate(board.home_hexes):
        home = state.homeworld[player]
        assert home in hexes
        assert state.h_marker[home] == data.M_HOMEWORLD and state.h_face_up[home]
        assert state.h_col_owner[home] == player and state.h_col_cp[home] == 20
        others = [h for h in hexes if h != home]
        assert Counter((state.h_marker[h], state.h_value[h]) for h in others) == home_mix
        assert not any(state.h_face_up[h] for h in others)
    pool = Counter(data.expand_mix(data.DEEP_SPACE_MIX))
    assert sum(pool.values()) == 102
    deep = Counter((state.h_marker[h], state.h_value[h]) for h in board.deep_space_hexes)
    assert sum(deep.values()) == board.deep_space_count
    assert all(deep[k] <= pool[k] for k in deep)
    assert not any(state.h_face_up[h] for h in board.deep_space_hexes)


def test_deep_space_pool_contents():
    """Summary "Exploration": 26 Danger!, 14 minerals (10 CP), 12 barren planets,
    10 nebulae, 10 asteroids, 10 black holes, 5 Lost in Space, 3 supernovae,
    3 space wrecks, 6 warp points (3 numbered 1, 3 numbered 2), 3 Doomsday Machines."""
    pool = Counter(data.expand_mix(data.DEEP_SPACE_MIX))
    assert pool[(data.M_DANGER, 0)] == 26
    assert pool[(data.M_MINERAL, 10)] == 14
    assert pool[(data.M_BARREN, 0)] == 12
    assert pool[(data.M_NEBULA, 0)] == 10
    assert pool[(data.M_ASTEROID, 0)] == 10
    assert pool[(data.M_BLACK_HOLE, 0)] == 10
    assert pool[(data.M_LOST, 0)] == 5
    assert pool[(data.M_SUPERNOVA, 0)] == 3
    assert pool[(data.M_WRECK, 0)] == 3
    assert pool[(data.M_WARP, 1)] == 3 and pool[(data.M_WARP, 2)] == 3
    assert sum(n for (m, _), n in pool.items() if m == data.M_DOOMSDAY) == 3


def test_large_board_draws_different_markers_per_seed():
    """The markers are drawn at random (by the game's seeded generator)."""
    a = new_game(2, "large", seed=1).state
    b = new_game(2, "large", seed=2).state
    assert list(a.h_marker) != list(b.h_marker)
    again = new_game(2, "large", seed=1).state
    assert list(a.h_marker) == list(again.h_marker)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_forces(players):
    """Summary "Starting the Game": at each homeworld 4 ship yards in one group,
    3 scouts, 3 colony ships and 1 miner; starting technology from the Research Chart."""
    state = new_game(players, seed=5).state
    for player in range(players):
        home = state.homeworld[player]
        units = state.live_units(player)
        assert all(state.u_hex[s] == home for s in units)
        kinds = Counter((state.u_type[s], state.u_count[s]) for s in units)
        assert kinds == Counter({(data.SY, 4): 1, (data.SC, 1): 3, (data.CO, 1): 3,
                                 (data.MINER, 1): 1})
        assert [state.tech_level(player, t) for t in range(data.N_TECHS)] == \
            [1, 0, 0, 0, 1, 1, 0, 0] + [0] * (data.N_TECHS - data.N_BASIC_TECHS)
        assert state.cp[player] == 0


def test_reference_starting_forces_option():
    """docs/charts.md#starting-forces: the reference manual's option is 1 yard, 2 colony
    ships, 2 miners, 2 scouts."""
    state = new_game(2, seed=5, starting_forces="reference").state
    kinds = Counter((state.u_type[s], state.u_count[s]) for s in state.live_units(0))
    assert kinds == Counter({(data.SY, 1): 1, (data.SC, 1): 2, (data.CO, 1): 2,
                             (data.MINER, 1): 2})


def test_homeworld_only_in_own_home_system():
    """Summary "Starting the Game": each player chooses a homeworld hex in their own Home System."""
    game = Game.new_game({"players": 2, "seed": 11})
    state = game.state
    player = state.current_player
    own = set(state.board.home_hexes[player])
    assert {a.hex for a in game.legal_actions()} == own
    foreign = state.board.home_hexes[1 - player][0]
    before = state.clone()
    with pytest.raises(IllegalActionError):
        game.apply(Action("place_homeworld", hex=foreign))
    assert state == before


def test_first_player_is_random_and_places_first():
    """BGA help "Sequence of Play": on turn one a die decides the first player; the
    turn order is then followed for homeworld placement and the turns."""
    firsts = {Game.new_game({"players": 4, "seed": s}).state.player_order()[0]
              for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    game = Game.new_game({"players": 3, "seed": 2})
    order = game.state.player_order()
    placed = []
    while game.phase == "place_homeworld":
        placed.append(game.current_player)
        game.apply(game.legal_actions()[0])
    assert placed == order
    assert game.phase == "movement" and game.current_player == order[0]


def test_round_is_three_turns_then_economic_phase():
    """Summary "Sequence of Play": each round is three turns, every player moving,
    fighting and exploring in order, then the Economic Phase."""
    game = new_game(3, seed=4)
    state = game.state
    order = state.player_order()
    seen = []
    while game.phase == "movement":
        seen.append((state.round, state.turn, game.current_player))
        events = end_movement(game)
    assert seen == [(1, t, p) for t in (1, 2, 3) for p in order]
    assert events_of(events, "economic_phase")
    assert game.phase == "economic_bid"
    while game.phase == "economic_bid":
        act(game, "bid", amount=0)
    while game.phase == "economic_purchase":
        events = act(game, "end_purchases")
    assert game.phase == "movement"
    assert (state.round, state.turn, game.current_player) == (2, 1, order[0])
    assert events_of(events, "turn_started")


def test_round_limit_ends_game_without_winner():
    """Config "max_rounds": the game stops after that many rounds, with no winner."""
    game = new_game(2, seed=4, max_rounds=1)
    while game.phase == "movement":
        end_movement(game)
    while game.phase == "economic_bid":
        act(game, "bid", amount=0)
    while game.phase == "economic_purchase":
        act(game, "end_purchases")
    assert game.is_over and game.winner is None
    assert game.legal_actions() == []


@pytest.mark.parametrize("rolls", [(1,), (10, 1), (7, 7, 3), (1, 2, 3, 4)])
def test_scenario_dice_are_forced(rolls):
    """Summary "Introduction": one d10 (1-10, "0" counts as 10) decides every check; the
    scenario helper chooses the generator state so that the next rolls are known."""
    state = new_game().state
    force_dice(state, *rolls)
    assert tuple(next_rolls(state, len(rolls))) == rolls
    assert tuple(roll(state) for _ in rolls) == rolls
