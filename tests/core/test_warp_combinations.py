"""Warp links in every rule: each rule set that asks for adjacency or distance, with the
warp points rule set on.

Rule: docs/charts.md#advanced-rules-data: "two revealed warp points of the same number are
adjacent for every purpose, retreat included".  So wherever a rule set asks which hexes
are next to one another, or how far apart two hexes are, a link counts as one step:
the engine asks :mod:`se4x_core.rules.advanced.warp` (``neighbours``, ``next_link``,
``warp_distance``, ``walking_distance``) and the bots ask the same of the observation
(:func:`se4x_core.observation.warp_links_seen` with ``Board.adjacent`` and
``Board.linked_distance``).  The positions use the standard 2-player board: warp point 1
on hexes 26 (row 3) and 59 (row 7), far apart on the board.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from se4x_core import data
from se4x_core.actions import A_MOVE
from se4x_core.ai.alien_bot import distances_from
from se4x_core.ai.random_bot import steps_toward_enemy
from se4x_core.devtools.invariants import problems
from se4x_core.game import Game
from se4x_core.hexgrid import warp_groups, warp_links
from se4x_core.observation import warp_links_seen
from se4x_core.rules.advanced import warp
from se4x_core.rules.advanced.doomsday import machines
from se4x_core.rules.advanced.pipelines import linked_colonies
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from tests.helpers.scenario import (
    HOME_0,
    act,
    add,
    end_movement,
    events_of,
    is_legal,
    put_machine,
    scenario,
    set_colony,
    to_economic_phase,
    warp_point,
    with_tech,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

A, B = 26, 59  # warp point 1 at both ends
CHAIN = (9, 18, 26)  # a line of Deep Space hexes from the homeworld (0) to A


def linked_game(*rule_sets: str, player: int = 0) -> Game:
    game = scenario(advanced=["warp_points", *rule_sets], player=player)
    warp_point(game.state, A, 1)
    warp_point(game.state, B, 1)
    return game


def test_the_positions_hold_what_the_tests_assume():
    state = linked_game().state
    assert HOME_0 == 0
    assert [state.board.distance(a, b) for a, b in ((0, 9), (9, 18), (18, 26))] == [1, 1, 1]
    assert state.board.distance(A, B) > 4
    assert state.board.distance(58, B) == 1 and state.board.distance(58, A) > 3


# -- MS pipelines: trade along a chain through a link -----------------------------------------
@pytest.mark.parametrize("colony", [58, 27])
def test_trade_passes_a_warp_link(colony: int):
    """Issue position: pipelines on 9, 18, 26 and 59 (a line from the homeworld at 0 to
    warp point 26, linked to 59), a colony worth 3 next to 59 (on 58): the chain reaches
    it through the link, trade 1, as the same chain earns with the colony next to 26."""
    game = linked_game("pipelines")
    state = game.state
    for h in (*CHAIN, B):
        add(state, 0, data.MS, h)
    set_colony(state, 0, colony, 3)
    assert linked_colonies(state, 0) == [colony]
    income = next(e for e in events_of(to_economic_phase(game), "income") if e["player"] == 0)
    assert income["trade"] == 1
    assert problems(state) == []


def test_no_trade_through_an_unrevealed_warp_point():
    """A face-down warp point links nothing (warp.py): the colony by 59 is cut off."""
    game = scenario(advanced=["warp_points", "pipelines"])
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1, face_up=False)
    for h in (*CHAIN, B):
        add(state, 0, data.MS, h)
    set_colony(state, 0, 58, 3)
    assert linked_colonies(state, 0) == []


# -- Doomsday Machines: a machine's path goes through a link -----------------------------------
def test_a_machine_on_a_warp_point_moves_through_the_link_toward_a_ship():
    """Issue position: a machine on warp point 26 (linked to 59) with a scout on 58 steps
    through the link (26 -> 59), then onto the scout (59 -> 58), instead of 26 -> 27 -> 28."""
    game = linked_game("doomsday", player=1)
    state = game.state
    put_machine(state, 1, A)
    add(state, 0, data.SC, 58)
    events = end_movement(game)  # player 1 ends the turn: the machines move
    moved = [(m["origin"], m["hex"]) for m in events_of(events, "machine_moved")]
    assert moved == [(A, B), (B, 58)]
    assert machines(state)[0][1] == 58


# -- carriers: fighters aboard go through a link with their carrier ----------------------------
def test_fighters_aboard_a_carrier_step_through_a_link():
    """Fighters aboard move with their carrier however it moves, a warp step too."""
    game = linked_game("fighters")
    state = game.state
    with_tech(game, 0, fighters=1)
    carrier = add(state, 0, data.CV, A)
    fighters = add(state, 0, data.F, A, count=3)
    act(game, "board", unit=fighters, carrier=carrier)
    act(game, "move", unit=carrier, dir=data.WARP_DIR + B)
    assert state.u_hex[carrier] == B and state.u_hex[fighters] == B
    assert problems(state) == []


# -- raiders: a cloaked raider slips through a link past the enemy ------------------------------
def test_a_cloaked_raider_leaves_an_enemy_on_a_warp_point_through_the_link():
    """A raider cloaked against the destroyer on the warp point passes unseen: through
    the link as through any other side of the hex."""
    game = linked_game("raiders")
    state = game.state
    with_tech(game, 0, cloaking=1)
    raider = add(state, 0, data.R, A)
    destroyer = add(state, 1, data.DD, A)  # no Scanners: the raider is cloaked against it
    act(game, "move", unit=raider, dir=data.WARP_DIR + B)
    assert state.u_hex[raider] == B and state.u_hex[destroyer] == A
    assert problems(state) == []


# -- mines: a mine's one hex a turn may be a warp step ------------------------------------------
def test_a_mine_moves_its_one_hex_through_a_link():
    """Mines move one hex a turn: the step through a link is that hex."""
    game = linked_game("mines")
    state = game.state
    mine = add(state, 0, data.MINE, A)
    assert is_legal(game, "move", unit=mine, dir=data.WARP_DIR + B)
    act(game, "move", unit=mine, dir=data.WARP_DIR + B)
    assert state.u_hex[mine] == B
    assert all(a.kind != "move" or a.unit != mine for a in game.legal_actions())


# -- the bots: the alien player's fleets and the aggressive random player -----------------------
def test_the_alien_players_distances_count_a_link_as_one_step():
    """The alien bot walks its fleets down a distance field: a link is one step of it."""
    state = linked_game().state
    board = state.board
    links = warp_links(warp_groups(["warp_point" if state.h_marker[h] == data.M_WARP else None
                                    for h in range(state.n_hexes)],
                                   list(state.h_value)))
    with_links = distances_from(board, [58], set(), links)
    without = distances_from(board, [58], set())
    assert with_links[A] == 2 and without[A] > 2


def test_the_aggressive_player_steps_through_a_link_toward_the_enemy_homeworld():
    """The random players' lean toward the enemy counts links (golden games have none)."""
    game = linked_game()
    state = game.state
    home_1 = state.homeworld[1]
    assert state.board.distance(B, home_1) < state.board.distance(A, home_1) - 1
    ship = add(state, 0, data.DD, A)
    obs = game.observation(0)
    assert warp_links_seen(obs) == {A: [B], B: [A]}
    toward = steps_toward_enemy(obs, game.legal_codes())
    through = (A_MOVE << 20) | (ship << 10) | (data.WARP_DIR + B)
    assert through in toward


# -- one function on each side of the engine's boundary, and they agree -------------------------
def brute_force_distances(state: State, start: int, table: str) -> list[int]:
    """Shortest paths where a board step costs the table's distance between neighbours
    (1) and every warp link 1: a breadth-first search over the board and the links, for
    the walking table; the crow-flies table is checked against Bellman-Ford below."""
    board = state.board
    links = {h: warp.links(state, h) for h in range(state.n_hexes)}
    dist = [-1] * state.n_hexes
    dist[start] = 0
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for g in board.adjacent(h) + links[h]:
            if dist[g] < 0:
                dist[g] = dist[h] + 1
                queue.append(g)
    return dist


def test_neighbours_walking_distance_and_the_bots_view_agree_on_random_links():
    """warp.neighbours is the board's six plus the links; warp.walking_distance is the
    breadth-first distance over them; warp_distance equals the bots' linked_distance."""
    rnd = random.Random(20)
    out = ActionList()
    for _ in range(8):
        game = scenario(advanced=["warp_points"])
        state = game.state
        deep = state.board.deep_space_hexes
        points = rnd.sample(deep, 6)
        for i, h in enumerate(points):
            warp_point(state, h, 1 + i % 2, face_up=rnd.random() < 0.8)
        obs_links = warp_links_seen(game.observation(0))
        for start in rnd.sample(range(state.n_hexes), 6):
            warp.neighbours(state, start, out)
            assert out.tolist() == state.board.adjacent(start, obs_links)
            walk = brute_force_distances(state, start, "walk")
            for goal in rnd.sample(range(state.n_hexes), 12):
                assert warp.walking_distance(state, start, goal) == walk[goal]
                assert warp.warp_distance(state, start, goal) == state.board.linked_distance(
                    start, goal, obs_links)


def test_without_the_rule_set_the_distances_are_the_boards():
    game = scenario()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    out = ActionList()
    assert warp.neighbours(state, A, out) == len(state.board.adjacent(A))
    assert warp.warp_distance(state, A, B) == state.board.distance(A, B)
    assert warp.walking_distance(state, A, B) > 1
