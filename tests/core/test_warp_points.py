"""Advanced rule, warp points (config ``advanced: ["warp_points"]``).

Rules: docs/charts.md#setup-and-economy (the Deep Space pool holds 6 warp points, three
numbered 1 and three numbered 2; "with basic rules warp points ... are empty space") and
"Advanced rules data" ("two revealed warp points of the same number are adjacent for every
purpose, retreat included"); reference manual "Exploration Effects" ("Warp Points: allow
instant travel between matching numbers"); rules summary "Retreat" (a retreat hex is the
same distance or closer to one of the player's colonies).  The interpretations are
docs/rules-interpretations.md#warp-points (code: se4x_core/rules/advanced/warp.py).
"""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.ai.bot import ask
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.devtools.invariants import problems
from se4x_core.game import Game
from se4x_core.hexgrid import WARP_DIR, board_for, warp_groups, warp_links
from se4x_core.rules import combat
from se4x_core.rules.advanced.warp import links, warp_distance
from se4x_core.rules.codes import F_REVEALED
from se4x_core.rules.movement import reachable
from se4x_core.sim.determinize import determinize
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    act,
    add,
    end_movement,
    events_of,
    force_dice,
    is_legal,
    legal,
    move,
    neighbour,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    step_targets,
    warp_point,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

WARP = {"advanced": ["warp_points"]}
# Deep Space hexes of the standard 2-player board (rows 3-7), no two adjacent.
A = 26  # row 3, column 1
B = 59  # row 7, column 6
C = 31  # row 3, column 6
D = 54  # row 7, column 1


def warp_game(**kwargs) -> Game:
    return scenario(**WARP, **kwargs)


def warp_move(unit: int, target: int) -> dict[str, int]:
    return {"unit": unit, "dir": WARP_DIR + target}


def test_the_rule_set_is_an_option_off_by_default():
    """Issue: each advanced rule set is a game option, off by default (New Game > Advanced)."""
    assert data.ADVANCED_RULES["warp_points"] == data.OPT_WARP_POINTS
    assert data.ADVANCED_RULE_TITLES["warp_points"] == "Warp points"
    assert Game.new_game({"players": 2}).state.options & data.OPT_WARP_POINTS == 0
    game = Game.new_game({"players": 2, **WARP})
    assert game.state.options & data.OPT_WARP_POINTS
    assert game.observation(0)["advanced"] == ["warp_points"]


# -- exploring -------------------------------------------------------------------------------
@pytest.mark.parametrize("advanced", [False, True])
def test_an_explored_warp_point_stays_only_with_the_option(advanced):
    """docs/charts.md: "with basic rules warp points ... are empty space"; with the rule set an
    explored warp point stays face up showing its number, for everyone to see."""
    game = warp_game() if advanced else scenario()
    state = game.state
    start = neighbour(state, CENTRE, 3)
    warp_point(state, CENTRE, 2, face_up=False)
    scout = add(state, 0, data.SC, start)
    events = move(game, scout, CENTRE)
    explored = events_of(events, "explored")
    assert explored and explored[0]["marker"] == "warp_point"  # found as a warp point
    assert state.h_face_up[CENTRE] == 1
    if advanced:
        assert (state.h_marker[CENTRE], state.h_value[CENTRE]) == (data.M_WARP, 2)
        for viewer in (0, 1):
            view = game.observation(viewer)["hexes"][CENTRE]
            assert view["marker"] == "warp_point" and view["value"] == 2
    else:
        assert (state.h_marker[CENTRE], state.h_value[CENTRE]) == (data.M_EMPTY, 0)
        assert game.observation(1)["hexes"][CENTRE]["marker"] == "empty"
    assert problems(state) == []


def test_a_warp_point_revealed_by_a_peek_stays_too():
    """A cruiser's peek reveals a marker for everyone: a warp point stays on the map."""
    game = warp_game()
    state = game.state
    warp_point(state, CENTRE, 1, face_up=False)
    with_exploration = add(state, 0, data.CA, neighbour(state, CENTRE, 0))
    state.u_flags[with_exploration] |= 2  # F_EXPLORER
    act(game, "peek", unit=with_exploration, dir=3)
    act(game, "reveal")
    assert (state.h_face_up[CENTRE], state.h_marker[CENTRE]) == (1, data.M_WARP)


# -- moving through a link ----------------------------------------------------------------------
def test_a_unit_moves_to_the_other_revealed_warp_point_of_its_number_as_one_hex():
    """Advanced rules data: "two revealed warp points of the same number are adjacent":
    one step, one hex of the unit's movement."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    ship = add(state, 0, data.DD, A)
    assert B in step_targets(game, ship)
    events = act(game, "move", **warp_move(ship, B))
    assert state.u_hex[ship] == B and state.u_moved[ship] == 1
    moved = events_of(events, "moved")[0]
    assert (moved["origin"], moved["hex"]) == (A, B)


def test_only_the_same_number_links():
    """A warp point 1 and a warp point 2 are not adjacent."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 2)
    ship = add(state, 0, data.DD, A)
    assert B not in step_targets(game, ship)
    assert not is_legal(game, "move", **warp_move(ship, B))


def test_only_revealed_warp_points_link():
    """Only *revealed* warp points are adjacent: a face-down one is no destination, and
    nothing links to it, so an unexplored hex is never entered through a link."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1, face_up=False)
    ship = add(state, 0, data.DD, A)
    assert B not in step_targets(game, ship)
    assert links(state, A) == []


def test_no_link_without_the_option():
    """The basic game has no warp links, even where its state shows two warp points of one
    number face up (it never does: they become empty space)."""
    game = scenario()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    ship = add(state, 0, data.DD, A)
    assert B not in step_targets(game, ship)
    assert all(a.dir < 6 for a in legal(game, "move"))
    assert links(state, A) == []
    assert any("without the warp points rule set" in p for p in problems(state))


def test_three_warp_points_of_one_number_are_all_adjacent():
    """Interpretation: "two revealed warp points of the same number are adjacent" holds
    for every two of them, so three of one number form a triangle."""
    game = warp_game()
    state = game.state
    for h in (A, B, C):
        warp_point(state, h, 1)
    warp_point(state, D, 2)
    assert sorted(links(state, A)) == sorted([B, C])
    assert sorted(links(state, B)) == sorted([A, C])
    assert links(state, D) == []
    ship = add(state, 0, data.DD, C)
    assert {A, B} <= step_targets(game, ship) and D not in step_targets(game, ship)


def test_a_warp_step_uses_the_movement_allowance():
    """A warp step is one hex of movement: a unit that has used its allowance cannot
    take it; one with hexes left steps onto a warp point and through it in one turn."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    before = neighbour(state, A, 0)
    slow = add(state, 0, data.DD, before, mov=1)  # 1 hex a turn
    move(game, slow, A)
    assert not is_legal(game, "move", **warp_move(slow, B))
    set_turn(state, 0, 3)
    fast = add(state, 0, data.DD, before, mov=7)  # 3 hexes a turn
    move(game, fast, A)
    act(game, "move", **warp_move(fast, B))
    assert state.u_hex[fast] == B and state.u_moved[fast] == 2
    paths = reachable(state, fast)
    assert all(len(path) == 1 for path in paths.values())  # one hex left


def test_after_a_warp_step_terrain_rules_apply_as_usual():
    """Terrain rules on entry apply as usual: past the link, a nebula can be entered only
    as the first step of the turn, so not after the warp step."""
    game = warp_game(turn=3)
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    nebula = neighbour(state, B, 3)
    set_marker(state, nebula, data.M_NEBULA, face_up=True)
    ship = add(state, 0, data.DD, A, mov=7)
    act(game, "move", **warp_move(ship, B))
    assert nebula not in step_targets(game, ship)


def test_a_warp_step_into_enemies_follows_the_entry_rules():
    """Entering through a link is entering the hex: enemy combat units there end the move
    (a battle follows); a colony ship may not go where an enemy is unescorted."""
    game = warp_game(turn=3)
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    add(state, 1, data.DD, B)
    colony_ship = add(state, 0, data.CO, A)
    ship = add(state, 0, data.DD, A, mov=7)
    assert not is_legal(game, "move", **warp_move(colony_ship, B))
    act(game, "move", **warp_move(ship, B))
    assert state.u_flags[ship] & 16  # F_DONE: movement over
    assert is_legal(game, "move", **warp_move(colony_ship, B))  # now escorted there


def test_reachable_paths_go_through_links():
    """The map's move highlight (Game.reachable) offers the linked warp point and the
    hexes past it, with paths the app replays action by action."""
    game = warp_game(turn=3)
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    ship = add(state, 0, data.DD, neighbour(state, A, 0), mov=7)
    paths = game.reachable(ship)
    past = neighbour(state, B, 3)
    assert paths[B][-1] == WARP_DIR + B and len(paths[B]) == 2
    assert len(paths[past]) == 3
    for direction in paths[past]:
        act(game, "move", unit=ship, dir=direction)
    assert state.u_hex[ship] == past


# -- retreat ------------------------------------------------------------------------------------
def battle_on_warp_point(colony_hex: int, only_colony: bool = False) -> tuple[Game, int]:
    """Player 0's destroyer fights an enemy battleship on warp point A until round 2 (so
    it may retreat); warp point B, linked to A, is beside player 0's colony ``colony_hex``
    (``only_colony``: the homeworld's colony taken away, so distances count from it alone)."""
    game = warp_game()
    state = game.state
    if only_colony:
        state.h_col_owner[HOME_0] = -1
        state.h_col_cp[HOME_0] = 0
        state.h_col_flags[HOME_0] = 0
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    set_colony(state, 0, colony_hex, 1)
    mine = add(state, 0, data.DD, A)
    add(state, 1, data.BB, A)
    end_movement(game)
    while not (game.phase == "combat_fire" and state.b_round >= 2
               and combat.firing_unit(state) == mine):
        if game.phase == "combat_screen":
            act(game, "done_screening")
            continue
        force_dice(state, 10)  # every shot misses
        act(game, "fire", target=legal(game, "fire")[0].target)
    return game, mine


def test_a_group_may_retreat_through_a_warp_link():
    """Advanced rules data: adjacent "for every purpose, retreat included"."""
    game, mine = battle_on_warp_point(board_for("2p-standard").neighbour(B, 3))
    state = game.state
    assert WARP_DIR + B in combat.retreat_directions(state, mine)
    assert any(a.dir == WARP_DIR + B for a in legal(game, "retreat"))
    events = act(game, "retreat", dir=WARP_DIR + B)
    assert state.u_hex[mine] == B
    retreated = events_of(events, "retreated")[0]
    assert (retreated["origin"], retreated["hex"]) == (A, B)


def test_the_retreat_distance_counts_the_link():
    """Summary "Retreat": the hex must be the same distance or closer to a friendly colony.
    Through the link A-B, the colony beside B is 2 hexes from A; a plain neighbour of A
    away from the colony is farther than that, so it is no retreat hex."""
    game, mine = battle_on_warp_point(board_for("2p-standard").neighbour(B, 3), only_colony=True)
    state = game.state
    colony = board_for("2p-standard").neighbour(B, 3)
    assert warp_distance(state, A, colony) == 2
    assert state.board.distance(A, colony) > 2
    assert combat.retreat_mask(state, mine) == 0  # every plain neighbour is farther
    assert combat.retreat_directions(state, mine) == [WARP_DIR + B]


def test_warp_distance_chains_links_and_ignores_unrevealed_points():
    """Distances count any chain of links, each as one hex; a face-down warp point has
    no link (interpretation of "revealed")."""
    game = warp_game()
    state = game.state
    n = state.n_hexes
    board = board_for("2p-standard")
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    assert warp_distance(state, A, B) == 1
    near_b = neighbour(state, B, 3)
    assert warp_distance(state, A, near_b) == 2
    state.h_face_up[B] = 0
    assert warp_distance(state, A, near_b) == board.distance(A, near_b)
    state.h_face_up[B] = 1
    warp_point(state, C, 2)
    warp_point(state, D, 2)
    # from beside C: C -> D (link), D ... A walking, A -> B (link)
    beside_c = neighbour(state, C, 3)
    walk = board.distance(D, A)
    assert warp_distance(state, beside_c, B) == min(1 + 1 + walk + 1,
                                                    board.distance(beside_c, B),
                                                    board.distance(beside_c, A) + 1)
    marker = [None] * n
    values = [0] * n
    for h in (A, B, C, D):
        marker[h] = "warp_point"
        values[h] = state.h_value[h]
    python_links = warp_links(warp_groups(marker, values))
    for a, b in ((A, near_b), (beside_c, B), (HOME_0, B), (CENTRE, D)):
        assert board.linked_distance(a, b, python_links) == warp_distance(state, a, b)


def test_lost_in_space_shifts_have_no_link_to_use():
    """Interpretation: a Lost in Space shift starts on the Lost in Space hex, never a warp
    point, so its choices stay the six neighbours even next to linked warp points."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    lost = neighbour(state, A, 0)
    set_marker(state, lost, data.M_LOST, face_up=False)
    scout = add(state, 0, data.SC, neighbour(state, lost, 0))
    move(game, scout, lost)
    assert game.phase == "lost_in_space"
    assert all(a.dir < 6 for a in legal(game, "shift"))


# -- public information, invariants, bots -------------------------------------------------------
def test_revealed_warp_points_survive_determinization():
    """Revealed warp points are public: a determinized sample keeps them."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    sample = determinize(state, 1, 7)
    assert [(sample.h_face_up[h], sample.h_marker[h], sample.h_value[h]) for h in (A, B)] == \
        [(1, data.M_WARP, 1)] * 2
    assert links(sample, A) == [B]


def test_invariants_check_revealed_warp_points():
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    assert problems(state) == []
    state.h_value[A] = 3
    assert any("number 3" in p for p in problems(state))
    warp_point(state, A, 2)
    state.h_origin[A] = data.M_NEBULA * 16
    assert any("not drawn there" in p for p in problems(state))
    for h in (A, B, C, D):
        warp_point(state, h, 1)
    assert any("4 warp points numbered 1" in p for p in problems(state))


def test_the_rule_bot_paths_go_through_links():
    """Paths and distances of the rule bot count links: its fleet heading for an enemy
    colony beside B takes the link from A (the enemy homeworld is out of its league)."""
    game = warp_game()
    state = game.state
    warp_point(state, A, 1)
    warp_point(state, B, 1)
    fleet = add(state, 0, data.DD, A)
    set_colony(state, 1, neighbour(state, B, 3), 3)
    guard = add(state, 1, data.CA, state.homeworld[1], count=6, att=2, dfn=2)
    state.u_flags[guard] |= F_REVEALED
    assert ask(RuleBot(0), game, 0) == Action("move", unit=fleet, dir=WARP_DIR + B)
