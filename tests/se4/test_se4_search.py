"""SE4's computer players: legal for a whole game, and the search decides from the
information set only."""

from __future__ import annotations

import pytest

from se4x_core.gamekit.bot import ask
from se4x_core.games.se4.bots import POSTURES
from se4x_core.games.se4.game import Game
from se4x_core.games.se4.levels import make_bot
from se4x_core.games.se4.search import SearchBot

pytestmark = pytest.mark.fast


def started(seed: int) -> Game:
    game = Game.new_game({"players": 2, "seed": seed, "round_limit": 3})
    while game.state.round == 0:
        game.apply(ask(make_bot("rule", seed), game))
    return game


def test_the_search_sees_only_what_its_player_may_know() -> None:
    """Two games that differ only in the other hand and the deck's order give the
    search the same information set, so it chooses the same posture."""
    game = started(4)
    me = game.state.active
    twin = game.determinize(me, seed=77)
    assert twin.state.hands[1 - me] != game.state.hands[1 - me] or \
        twin.state.deck != game.state.deck
    assert twin.information_set(me) == game.information_set(me)
    choices = []
    for table in (game, twin):
        bot = SearchBot(seed=5, samples=2, horizon=1)
        ask(bot, table)
        choices.append((bot.chosen, bot.means))
    assert choices[0] == choices[1] and choices[0][0] in POSTURES


@pytest.mark.parametrize("spec", ["rule", "rule:attack", "search:s1h1", "random"])
def test_every_bot_plays_a_whole_game_legally(spec: str) -> None:
    game = Game.new_game({"players": 3, "seed": 2, "round_limit": 4})
    bots = [make_bot(spec, seed) for seed in range(3)]
    while not game.is_over:
        game.apply(ask(bots[game.current_player], game))  # apply refuses an illegal one
    assert game.winners


@pytest.mark.parametrize("spec,message", [("search:x", "search budget"),
                                          ("rule:reckless", "unknown posture"),
                                          ("search:s2h1-nope", "unknown posture"),
                                          ("hard", "unknown SE4 bot")])
def test_bad_specs_are_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, 0)
