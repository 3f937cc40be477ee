"""The position features: their layout, their values on known positions, and that
seeded games of every kind (2-4 players, teams, every advanced rule set) give
vectors of the documented length with finite values everywhere."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from se4x_core import data
from se4x_core.ai.bot import ask
from se4x_core.ai.ismcts import strength
from se4x_core.ai.registry import make_bot
from se4x_core.game import Game
from se4x_core.hexgrid import Board
from se4x_core.rules.codes import CO, CV, DD, DN, F_LEVEL_SHIFT, MINE, SC, SY, UNIT_COST, F, R
from se4x_core.rules.units import eliminate_player
from se4x_core.sim import features
from se4x_core.sim.features import FEATURE_NAMES, Features, feature_dict, feature_matrix
from tests.helpers.scenario import CENTRE, HOME_0, HOME_1, add, scenario, set_colony

pytestmark = [pytest.mark.core, pytest.mark.fast]

PXD = Path(features.__file__).with_name("features.pxd")


def test_the_names_and_the_compiled_indices_agree() -> None:
    """features.pxd's enum lists FT_<NAME> at each name's index (the technologies as
    one block from FT_TECH), so the C code writes every feature where its name says."""
    enum = dict(re.findall(r"^    (FT_\w+) = (\d+)$", PXD.read_text(), re.M))
    expected = {}
    for index, name in enumerate(FEATURE_NAMES):
        if name.startswith("tech_"):
            assert name == "tech_" + data.TECH_KEYS[index - int(enum["FT_TECH"])]
            continue
        expected[f"FT_{name.upper()}"] = str(index)
    assert {k: v for k, v in enum.items() if k != "FT_TECH"} == expected
    assert features.N_FEATURES == len(FEATURE_NAMES) == len(set(FEATURE_NAMES))
    assert features.FT_CP == FEATURE_NAMES.index("cp")  # the module's own constants


def _play(config: dict, bots: tuple[str, ...], rounds: int, every: int = 40):
    """States of a seeded bot game: after each Economic Phase and every ``every``
    actions (battles, purchases and moves in progress too)."""
    game = Game.new_game({**config, "max_rounds": rounds})
    seats = [make_bot(bots[p % len(bots)], 100 + p) for p in range(config["players"])]
    actions = 0
    while not game.is_over:
        player = game.current_player
        events = game.apply(ask(seats[player], game, player))
        actions += 1
        if actions % every == 0 or any(e["type"] == "economy_summary" for e in events):
            yield game.state


def _check_finite(state, where: str) -> None:
    rows = feature_matrix(state)
    assert len(rows) == state.n_players, where
    for p, row in enumerate(rows):
        assert len(row) == len(FEATURE_NAMES), where
        bad = [n for n, v in zip(FEATURE_NAMES, row, strict=True) if not math.isfinite(v)]
        assert not bad, f"{where}, player {p}: {bad}"


QUICK = [
    ({"players": 2, "seed": 3, "board": "small"}, ("rule", "heuristic"), 8),
    ({"players": 3, "seed": 4, "teams": [[0, 2], [1]]}, ("rule",), 6),
    ({"players": 2, "seed": 5, "advanced": sorted(data.ADVANCED_RULES)}, ("rule", "random"), 8),
]

FULL = [
    ({"players": 2, "seed": 11, "board": "large"}, ("rule",), 25),
    ({"players": 3, "seed": 12}, ("rule", "heuristic", "random"), 20),
    ({"players": 4, "seed": 13}, ("rule", "heuristic"), 20),
    ({"players": 4, "seed": 14, "teams": [[0, 1], [2, 3]]}, ("rule", "random"), 20),
    *[({"players": 2, "seed": 20 + k, "advanced": [name]}, ("rule", "random"), 20)
      for k, name in enumerate(sorted(data.ADVANCED_RULES))],
    ({"players": 4, "seed": 30, "advanced": sorted(data.ADVANCED_RULES)}, ("rule",), 15),
]


@pytest.mark.parametrize("config,bots,rounds", QUICK)
def test_features_are_finite_in_seeded_games(config: dict, bots: tuple[str, ...],
                                             rounds: int) -> None:
    for k, state in enumerate(_play(config, bots, rounds)):
        _check_finite(state, f"{config} state {k}")


@pytest.mark.soak
@pytest.mark.parametrize("config,bots,rounds", FULL)
def test_features_are_finite_in_every_kind_of_game(config: dict, bots: tuple[str, ...],
                                                   rounds: int) -> None:
    for k, state in enumerate(_play(config, bots, rounds, every=25)):
        _check_finite(state, f"{config} state {k}")


@pytest.mark.parametrize("config,bots,rounds", QUICK[:2])
def test_material_is_the_searchs_strength(config: dict, bots: tuple[str, ...],
                                          rounds: int) -> None:
    """``material`` recomputes ismcts.strength (sim may not import ai)."""
    for state in _play(config, bots, rounds):
        for p in range(state.n_players):
            assert feature_dict(state, p)["material"] == pytest.approx(strength(state, p))


def test_known_values_of_a_hand_built_position() -> None:
    game = scenario(cp=17)
    s = game.state
    add(s, 0, DD, CENTRE, 3, att=1, dfn=0)
    add(s, 0, SC, HOME_0, 2)
    add(s, 0, CO, HOME_0)
    add(s, 0, SY, HOME_0, 2)
    add(s, 1, DN, HOME_1, 2, att=2, dfn=2)
    set_colony(s, 0, 5, 3)
    s.income[0] = 23
    s.set_tech_level(0, data.T_SHIP_SIZE, 3)
    mine = feature_dict(s, 0)
    theirs = feature_dict(s, 1)
    assert mine["cp"] == 17 and mine["income"] == 23 and mine["round"] == s.round
    assert mine["alive"] == 1 and mine["players_alive"] == 2
    assert mine["colonies"] == 1 and mine["colony_cp"] == 3 and mine["colony_growth"] == 2
    assert mine["homeworld_cp"] == 20 and mine["colony_ships"] == 1 and mine["yards"] == 2
    assert mine["warships"] == 5
    assert mine["fleet_cost"] == 3 * UNIT_COST[DD] + 2 * UNIT_COST[SC]
    assert mine["fleet_attack"] == 3 * (4 + 1) + 2 * 3  # printed plus carried attack
    assert mine["fleet_strength"] == 3 * 5 * 1 + 2 * 3 * 1  # attack times hits, per ship
    assert mine["tech_ship_size"] == 3 and mine["research_cp"] == 10 + 15
    assert mine["stack_strength"] == 15  # the destroyers in the centre
    assert mine["stack_to_enemy_home"] == _walk(s.board, CENTRE, HOME_1)
    assert mine["home_to_enemy_home"] == _walk(s.board, HOME_0, HOME_1)
    assert theirs["fleet_strength"] == 2 * (6 + 2) * (3 + 3 + 2)
    assert theirs["capital_ships"] == 2 and theirs["threat"] == 0
    total = mine["fleet_strength"] + theirs["fleet_strength"]
    assert mine["fleet_share"] == pytest.approx(mine["fleet_strength"] / total)
    assert mine["material_share"] + theirs["material_share"] == pytest.approx(1.0)


def _walk(board: Board, start: int, goal: int) -> int:
    """Steps walking on the board (breadth first), as the features measure."""
    steps, frontier = {start: 0}, [start]
    while goal not in steps:
        following = []
        for here in frontier:
            for there in board.adjacent(here):
                if there not in steps:
                    steps[there] = steps[here] + 1
                    following.append(there)
        frontier = following
    return steps[goal]


def test_threat_guard_pressure_and_siege() -> None:
    game = scenario()
    s = game.state
    add(s, 1, DD, HOME_0, 2)  # at player 0's homeworld
    add(s, 0, DD, HOME_0, 1)
    mine, theirs = feature_dict(s, 0), feature_dict(s, 1)
    assert mine["threat"] == 2 * 4 * 1 and mine["home_guard"] == 4
    assert mine["colonies_besieged"] == 1
    assert theirs["pressure"] == 8 and theirs["stack_to_enemy_home"] == 0


def test_advanced_units_count_in_the_fleet() -> None:
    game = scenario(advanced=["fighters", "raiders", "mines"])
    s = game.state
    carrier = add(s, 0, CV, CENTRE, 1)
    fighters = add(s, 0, F, CENTRE, 3)
    s.u_flags[fighters] |= 2 << F_LEVEL_SHIFT  # F2
    s.u_cargo[fighters] = carrier + 1
    add(s, 0, R, CENTRE, 2)
    add(s, 0, MINE, HOME_0, 1)
    mine = feature_dict(s, 0)
    assert mine["fighters"] == 3 and mine["raiders"] == 2 and mine["mines"] == 1
    assert mine["warships"] == 1 + 3 + 2
    # F2 fighters attack 6: the fighters' level counts
    assert mine["fleet_attack"] == 3 + 3 * 6 + 2 * 4


def test_an_eliminated_empire() -> None:
    game = scenario(players=3, board="standard")
    s = game.state
    eliminate_player(s, 2, None)
    rows = feature_matrix(s)
    dead = dict(zip(FEATURE_NAMES, rows[2], strict=True))
    assert dead["alive"] == 0 and dead["material"] == 0 and dead["material_share"] == 0
    assert all(row[FEATURE_NAMES.index("players_alive")] == 2 for row in rows)


def test_the_buffer_is_reused_and_grows_for_any_board() -> None:
    buffer = Features()
    small = scenario(players=2, board="small").state
    large = scenario(players=4).state
    buffer.compute(large)
    assert buffer.n_players == 4 and len(buffer.matrix()) == 4
    buffer.compute(small)
    assert buffer.matrix() == feature_matrix(small)
    with pytest.raises(IndexError):
        buffer.vector(2)
