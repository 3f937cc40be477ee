"""The routine administration the app takes for a player (Settings: bookkeeping): which
decisions are routine, and that each routine choice is the one a careful player makes.

Maintenance "may be taken from any colony or home world" (the text's 2.6.8): the
bookkeeper pays from the richest colony first; scavenging loads free coins; a space
yard restores a damaged card "at no charge", so those restores are taken, but a hull
costs a coin, and that choice stays the player's, as do repair bays (a coin a card),
abandoning ships, facilities and discards."""

from __future__ import annotations

import pytest

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.bookkeeping import ROUTINE_PHASES, routine_action
from se4x_core.games.se4.game import Game
from tests.helpers.se4_scenario import begin, blank, colony, maintenance_due, ship

pytestmark = pytest.mark.fast


def routine(game: Game) -> Action | None:
    player = game.current_player
    return routine_action(game.observation(player), game.legal_actions())


def test_maintenance_is_paid_from_the_richest_colony_first() -> None:
    game = maintenance_due((2, 5))  # 4 due
    assert routine(game) == Action("pay", sector=6, count=4)
    game.apply(routine(game))
    assert game.state.colonies[6].coins == 1 and game.state.colonies[0].coins == 2
    assert game.phase != "pay"


def test_maintenance_larger_than_one_colony_is_paid_in_turns() -> None:
    game = maintenance_due((3, 2))
    paid = []
    while game.phase == "pay":
        action = routine(game)
        assert action is not None and action.kind == "pay"
        paid.append((action.sector, action.count))
        game.apply(action)
    assert paid == [(0, 3), (6, 1)]
    assert game.state.colonies[0].coins == 0 and game.state.colonies[6].coins == 1


def test_scavenging_takes_every_coin_it_may_then_ends() -> None:
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    game.state.debris[6] = 3
    carriers = [ship(game, 0, "Transport", 6, ["Cargo Bay"]) for _ in range(2)]
    begin(game, "scavenge")
    taken = 0
    while game.phase == "scavenge":
        action = routine(game)
        assert action is not None
        taken += action.kind == "scavenge"
        game.apply(action)
    assert taken == 2 and [c.cargo for c in carriers] == [1, 1]
    assert game.state.debris[6] == 1  # one coin a ship


def test_free_yard_restores_are_taken_and_a_paid_hull_is_left_to_the_player() -> None:
    game = blank()
    home = colony(game, 0, 0, coins=3, yards=2)
    colony(game, 10, 1)
    hurt = ship(game, 0, "Battleship", 0, ["Standard Armor", "Shield"], crippled=True,
                down=("Standard Armor",))
    begin(game, "yard_fix")
    first = routine(game)
    assert first == Action("fix", ship=hurt.id, what=1)  # the armor: free
    game.apply(first)
    assert routine(game) is None  # only the hull is left, and it costs a coin
    assert home.coins == 3 and hurt.crippled


def test_decisions_that_cost_or_matter_are_never_routine() -> None:
    game = blank()
    colony(game, 0, 0, coins=30, yards=1, research=1)
    colony(game, 10, 1)
    ship(game, 0, "Battleship", 0)
    for phase in ("research", "yards", "build", "abandon", "discard"):
        begin(game, phase)
        if game.phase == phase and game.legal_actions():
            assert game.phase not in ROUTINE_PHASES
            assert routine(game) is None, phase
