"""The bots decide from what their player may know only.

The bot interface (se4x_core.ai.bot) hands a bot its player's observation, the
legal actions and (the rule bot, the search bots) its information set, nothing
else, and these tests hold the bots to it: a choice does not change when
everything its player may not know is changed, the same seed gives the same game,
and every choice is legal.
"""

from __future__ import annotations

import random

import pytest

from se4x_core.ai.bot import Bot, ask
from se4x_core.ai.heuristic_bot import HeuristicBot
from se4x_core.ai.random_bot import RandomBot
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.style_bot import STYLES, StyleBot
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.game import Game

pytestmark = pytest.mark.fast

BOTS = {
    "random": lambda seed: RandomBot(seed),
    "random_pushing": lambda seed: RandomBot(seed, push=0.7),
    "heuristic": lambda seed: HeuristicBot(seed),
    "rule": lambda seed: RuleBot(seed),
    **{f"style:{name}": (lambda seed, style=style: StyleBot(seed, style))
       for name, style in STYLES.items()},
}


def _positions(seed: int, count: int) -> list[Game]:
    """Positions from one seeded game between heuristic and pushing random bots."""
    game = Game.new_game({"players": 2 + seed % 3, "seed": seed, "max_rounds": 12,
                          "board": "small" if seed % 3 == 0 else "standard"})
    bots = [HeuristicBot(seed), RandomBot(seed, push=0.7)]
    out = []
    step = 0
    while not game.is_over and len(out) < count:
        player = game.current_player
        game.apply(ask(bots[player % 2], game, player))
        step += 1
        if step % 7 == 0:
            out.append(game.clone())
    return out


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_choice_ignores_what_the_player_may_not_know(name: str) -> None:
    rnd = random.Random(99)
    checked = 0
    for seed in range(6):
        for game in _positions(seed, 40):
            player = game.current_player
            other = Game(perturb_hidden(game.state, player, rnd), game.config)
            bot = BOTS[name](seed)
            first = ask(bot, game, player)
            bot.restart()
            again = ask(bot, other, player)
            assert other.legal_actions() == game.legal_actions()
            assert again == first
            checked += 1
    assert checked > 150


def test_hidden_information_really_was_changed() -> None:
    """The test above is only worth something if the perturbation changes hidden fields."""
    rnd = random.Random(5)
    changed = 0
    for game in _positions(4, 30):
        player = game.current_player
        if perturb_hidden(game.state, player, rnd) != game.state:
            changed += 1
    assert changed > 10


@pytest.mark.parametrize("name", sorted(BOTS))
def test_the_same_seed_plays_the_same_game(name: str) -> None:
    def play() -> list[int]:
        game = Game.new_game({"players": 3, "seed": 8, "max_rounds": 6})
        bots: list[Bot] = [BOTS[name](p) for p in range(3)]
        for bot in bots:
            bot.restart()
        while not game.is_over:
            player = game.current_player
            action = ask(bots[player], game, player)
            assert game.explain(action) is None  # every choice is legal
            game.apply(action)
        return game.action_codes
    assert play() == play()


def test_restart_forgets_the_previous_game() -> None:
    game = Game.new_game({"players": 2, "seed": 2})
    bot = RandomBot(3)
    obs, legal = game.observation(game.current_player), game.legal_actions()
    choices = [bot.step(obs, legal) for _ in range(5)]
    bot.restart()
    assert [bot.step(obs, legal) for _ in range(5)] == choices


def test_a_bot_refuses_to_choose_from_nothing() -> None:
    game = Game.new_game({"players": 2, "seed": 2})
    with pytest.raises(ValueError, match="no legal action"):
        HeuristicBot().step(game.observation(0), [])
