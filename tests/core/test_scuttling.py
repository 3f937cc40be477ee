"""Advanced rule: scuttling a group to reuse its counter (config ``advanced: ["scuttling"]``).

Rules summary "Purchase Limits" and the help page: "You may not build ships if all
group counters of that ship type are already in play (unless you Scuttle ships to
reuse the counter)."  Interpretation (docs/rules-interpretations.md#scuttling): during
its purchases a player may scuttle one of its groups of a type whose counters are all in
use or spoken for by this phase's buys; not a ship yard, nor a group refitted this phase;
not undone.
"""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.devtools.invariants import problems
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    act,
    add,
    events_of,
    is_legal,
    open_purchases_for,
    scenario,
    to_economic_phase,
    unit_alive,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]


def purchases(advanced: list[str], destroyers: int) -> tuple[Game, list[int]]:
    """Player 0's purchases with ``destroyers`` DD groups on the board and 100 CP."""
    game = scenario(advanced=advanced)
    state = game.state
    state.set_tech_level(0, data.T_SHIP_SIZE, 2)
    add(state, 0, data.SY, HOME_0, count=4)
    groups = [add(state, 0, data.DD, CENTRE) for _ in range(destroyers)]
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=100)
    return game, groups


def test_with_every_counter_in_use_a_group_may_be_scuttled_to_build_another():
    game, groups = purchases(["scuttling"], 4)
    state = game.state
    assert not is_legal(game, "buy", unit_type=data.DD, hex=HOME_0)  # 4 DD counters
    assert is_legal(game, "scuttle", unit=groups[0])
    events = act(game, "scuttle", unit=groups[0])
    assert not unit_alive(state, groups[0])
    destroyed = events_of(events, "unit_destroyed")[0]
    assert destroyed["reason"] == "scuttled" and destroyed["visible_to"] is None
    act(game, "buy", unit_type=data.DD, hex=HOME_0)
    assert is_legal(game, "scuttle", unit=groups[1])  # all four spoken for again
    assert not problems(state)


def test_no_scuttling_while_a_counter_is_free_or_in_the_basic_game():
    game, groups = purchases(["scuttling"], 3)
    assert not is_legal(game, "scuttle", unit=groups[0])
    act(game, "buy", unit_type=data.DD, hex=HOME_0)  # the fourth counter, spoken for
    assert is_legal(game, "scuttle", unit=groups[0])
    basic, groups = purchases([], 4)
    with pytest.raises(IllegalActionError):
        act(basic, "scuttle", unit=groups[0])


def test_ship_yards_and_refitted_groups_are_not_scuttled():
    game, groups = purchases(["scuttling"], 4)
    state = game.state
    yard = next(u for u in state.live_units(0) if state.u_type[u] == data.SY)
    assert not is_legal(game, "scuttle", unit=yard)
    refitted = add(state, 0, data.DD, HOME_0)  # a fifth group cannot exist: reuse one
    state.remove_unit(refitted)
    state.move_unit(groups[1], HOME_0)
    state.set_tech_level(0, data.T_ATTACK, 1)
    act(game, "refit", unit=groups[1])
    assert not is_legal(game, "scuttle", unit=groups[1])
    assert is_legal(game, "scuttle", unit=groups[2])
