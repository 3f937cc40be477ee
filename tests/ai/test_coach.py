"""The solitaire coach: it weighs the human's strategic decisions from their information
only, keeps each, and names the biggest gaps."""

from __future__ import annotations

import random

import pytest

from se4x_core.ai.coach import LARGE, Coach, Moment, decision_kind
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.game import Game
from se4x_core.gamekit import registry

pytestmark = pytest.mark.fast


def coached_game(seed: int, human: str, rounds: int = 4,
                 twin: bool = False) -> list[Moment]:
    """A small-board game, seat 0 played by ``human``, seat 1 by Easy, coached; with
    ``twin`` the coach is shown a game whose hidden facts were redrawn at every decision
    (the same observation and information set for seat 0)."""
    game = Game.new_game({"players": 2, "board": "small", "seed": seed})
    bots = [registry.make_bot("se4x", human, seed), registry.make_bot("se4x", "rule", seed + 1)]
    coach = Coach(seed=seed)
    rnd = random.Random(seed)
    while not game.is_over and game.observation(0)["round"] <= rounds:
        player = game.current_player
        shown = Game(perturb_hidden(game.state, 0, rnd), game.config) if twin else game
        if player == 0 and not coach.waiting and decision_kind(shown.observation(0)):
            coach.begin(shown.observation(0), shown.legal_actions(), shown.information_set(0),
                        len(game.action_codes))
        bot = bots[player]
        if bot.needs_information_set:
            bot.inform(game.information_set(player))
        action = bot.step(game.observation(player), game.legal_actions())
        game.apply(action)
        if player == 0 and coach.waiting and action.kind in ("end_movement", "end_purchases"):
            shown = Game(perturb_hidden(game.state, 0, rnd), game.config) if twin else game
            coach.end(shown.observation(0), shown.information_set(0))
    return coach.moments


# soak (here and below): interpreted, each plays whole coached games with a search at every
# decision (30-90 s); the coach's weighing runs interpreted in
# test_each_turn_and_each_purchase_is_weighed, the battle search it calls for retreats in
# tests/ai/test_mcts.py, and the twin check's perturbation in tests/ai/test_bots.py.
@pytest.mark.soak
def test_the_coach_reads_only_what_the_player_may_know() -> None:
    plain = coached_game(3, "random")
    assert len(plain) >= 8
    assert coached_game(3, "random", twin=True) == plain


def test_each_turn_and_each_purchase_is_weighed() -> None:
    moments = coached_game(5, "random")
    kinds = [m.kind for m in moments]
    assert "posture" in kinds and "plan" in kinds
    for moment in moments:
        assert 0.0 <= moment.chosen_chance <= 1.0 and 0.0 <= moment.best_chance <= 1.0
        assert moment.best_chance == max(chance for _, chance in moment.options)
        assert len(moment.options) >= 5  # the search's options, each in words


@pytest.mark.soak
def test_random_play_leaves_bigger_gaps_than_the_rule_player() -> None:
    """The coach is worth hearing only if a poor player's gaps are larger than a sound
    one's: over the same seeds, random decisions trail the search's best by more."""
    random_gaps = [m.gap for seed in (1, 2, 3) for m in coached_game(seed, "random")]
    rule_gaps = [m.gap for seed in (1, 2, 3) for m in coached_game(seed, "rule")]
    assert sum(random_gaps) / len(random_gaps) > sum(rule_gaps) / len(rule_gaps) + 0.02


def test_the_review_names_the_largest_gaps_first() -> None:
    coach = Coach()
    for gap in (0.05, 0.40, 0.20, 0.30, 0.16):
        coach.moments.append(Moment(1, "plan", 0, "warships first", 0.5 + gap / 2,
                                    0.5 - gap / 2, (("warships first", 0.5 + gap / 2),)))
    review = coach.review()
    assert [round(m.gap, 2) for m in review] == [0.40, 0.30, 0.20]
    assert all(m.gap >= LARGE for m in coach.review(10))
    assert len(coach.review(10)) == 4  # 0.05 is not worth saying
    assert review[0].words().startswith("Round 1, this phase's purchases: warships first wins")
    assert "what you did: 30 %" in review[0].words()


def test_no_decision_is_weighed_outside_the_players_strategic_moments() -> None:
    game = Game.new_game({"players": 2, "board": "small", "seed": 2})
    obs = game.observation(game.current_player)
    assert decision_kind(obs) == ""  # placing the homeworld
    assert not Coach().begin(obs, game.legal_actions(),
                             game.information_set(game.current_player), 0)


def coached_battles(seed: int, rounds: int, twin: bool = False) -> list[Moment]:
    """Seat 0 (an aggressive rule player, who fights) coached at every battle decision
    where it could retreat; ``twin`` as in :func:`coached_game`."""
    game = Game.new_game({"players": 2, "board": "small", "seed": seed})
    bots = [registry.make_bot("se4x", "rule:aggressive", seed),
            registry.make_bot("se4x", "rule", seed + 1)]
    coach = Coach(seed=seed)
    rnd = random.Random(seed)
    while not game.is_over and game.observation(0)["round"] <= rounds:
        player = game.current_player
        legal = game.legal_actions()
        if player == 0:
            shown = Game(perturb_hidden(game.state, 0, rnd), game.config) if twin else game
            coach.battle_begin(shown.observation(0), shown.legal_actions(),
                               shown.information_set(0), len(game.action_codes))
        bot = bots[player]
        bot.inform(game.information_set(player))
        action = bot.step(game.observation(player), legal)
        game.apply(action)
        if player == 0 and coach.battle_waiting:
            coach.battle_end(action)
    return coach.moments


@pytest.mark.soak
def test_retreat_decisions_are_weighed_from_what_the_player_knows() -> None:
    moments = coached_battles(4, 9)
    assert len(moments) >= 3 and {m.kind for m in moments} == {"retreat"}
    for moment in moments:
        names = [name for name, _ in moment.options]
        assert any(name.startswith("Retreat to") for name in names)
        assert 0.0 <= moment.chosen_chance <= 1.0
        assert "of the fleets' value in the battle search's futures" in moment.words()
    assert coached_battles(4, 9, twin=True) == moments
