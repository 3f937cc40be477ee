"""The search-based computer player: legal, deterministic per seed, blind to hidden information.

Strength is measured by ``se4x arena`` (benchmarks), never here.
"""

from __future__ import annotations

import random

import pytest

from se4x_core.ai.bot import ask
from se4x_core.ai.heuristic_bot import HeuristicBot
from se4x_core.ai.ismcts import Search, evaluate, strength
from se4x_core.ai.mcts_bot import MctsBot
from se4x_core.ai.registry import make_bot
from se4x_core.ai.search_bot import LEVELS as SEARCH_LEVELS
from se4x_core.ai.search_bot import SearchBot
from se4x_core.ai.strategy import DEFAULT, strategy
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.game import Game
from se4x_core.sim.evaluation import default_model
from se4x_core.sim.infostate import pack, search_state, unpack

pytestmark = pytest.mark.fast


def _midgame(seed: int = 3, rounds: int = 3) -> Game:
    game = Game.new_game({"players": 2, "seed": seed, "max_rounds": 30})
    bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
    while game.observation(0)["round"] < rounds and not game.is_over:
        player = game.current_player
        game.apply(ask(bots[player], game, player))
    return game


def test_the_search_state_round_trips_and_hides_what_the_viewer_may_not_know() -> None:
    game = _midgame()
    state = game.state
    assert unpack(pack(state)) == state
    rnd = random.Random(4)
    for viewer in (0, 1):
        other = perturb_hidden(state, viewer, rnd)
        assert search_state(other, viewer) == search_state(state, viewer)
    with pytest.raises(ValueError, match="not a packed state"):
        unpack("not base64 at all!")


def test_evaluation_is_a_share_of_the_material() -> None:
    state = _midgame().state
    shares = [evaluate(state, p) for p in range(state.n_players)]
    assert all(0.0 < s < 1.0 for s in shares)
    assert sum(shares) == pytest.approx(1.0)
    assert strength(state, 0) > 0
    state.alive[1] = 0
    assert strength(state, 1) == 0.0


def test_a_won_game_is_worth_one_to_the_winner() -> None:
    for seed in range(1, 6):
        game = Game.new_game({"players": 2, "seed": seed, "max_rounds": 40})
        bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
        while not game.is_over:
            player = game.current_player
            game.apply(ask(bots[player], game, player))
        if game.winner is not None:
            assert evaluate(game.state, game.winner) == 1.0
            assert evaluate(game.state, 1 - game.winner) == 0.0
            return
    pytest.fail("no seeded game between the heuristic bots ended by conquest")


def test_a_search_is_deterministic_for_a_seed_and_counts_its_visits() -> None:
    game = _midgame()
    info = unpack(game.information_set(game.current_player))
    first = Search(info, game.current_player, 11)
    first.run(iterations=60)
    again = Search(info, game.current_player, 11)
    again.run(iterations=60)
    assert first.tree.root_statistics() == again.tree.root_statistics()
    assert first.tree.visits[0] == 60
    assert sum(v for _m, v, _q in first.tree.root_statistics()) <= 60
    assert first.tree.n > 10


@pytest.mark.parametrize("guide", [False, True])
def test_the_bot_plays_legal_deterministic_games(guide: bool) -> None:
    def play() -> list[int]:
        game = Game.new_game({"players": 2, "seed": 6, "max_rounds": 2})
        bots = [MctsBot(5, iterations=25, guide=guide), HeuristicBot(6)]
        while not game.is_over:
            player = game.current_player
            action = ask(bots[player], game, player)
            assert game.explain(action) is None
            game.apply(action)
        return game.action_codes
    assert play() == play()


# Unguided, every decision is two full searches: the soak; guided, the interpreted rerun
# checks the same with the search mostly deferring to the rule bot's proposals.
@pytest.mark.parametrize("guide", [pytest.param(False, marks=pytest.mark.soak), True])
def test_the_bot_ignores_what_its_player_may_not_know(guide: bool) -> None:
    game = _midgame(seed=8, rounds=2)
    rnd = random.Random(2)
    checked = 0
    bot = MctsBot(3, iterations=20, guide=guide)
    for _ in range(30):
        if game.is_over:
            break
        player = game.current_player
        other = Game(perturb_hidden(game.state, player, rnd), game.config)
        bot.restart()
        first = ask(bot, game, player)
        bot.restart()
        assert ask(bot, other, player) == first
        checked += 1
        game.apply(first)
    assert checked == 30


def test_budgets_by_name() -> None:
    bot = make_bot("mcts:i40", seed=1)
    assert isinstance(bot, MctsBot) and bot.iterations == 40
    assert isinstance(make_bot("mcts:0.25", seed=1), MctsBot)
    normal = make_bot("normal", seed=1)
    assert isinstance(normal, SearchBot) and normal.seconds == SEARCH_LEVELS["normal"].seconds
    for bad in ("mcts:i0", "mcts:-1", "mcts:fast"):
        with pytest.raises(ValueError, match="mcts budget"):
            make_bot(bad, seed=1)


def test_a_forced_decision_needs_no_search() -> None:
    game = Game.new_game({"players": 2, "seed": 1})
    bot = MctsBot(1, iterations=5)
    legal = game.legal_actions()[:1]
    assert bot.step(game.observation(game.current_player), legal) == legal[0]
    assert bot.searches == 0


def test_root_parallel_search_sums_what_the_workers_found() -> None:
    from se4x_core.ai.mcts_bot import _parallel_search, merge_root_statistics, root_search

    game = _midgame()
    player = game.current_player
    packed = game.information_set(player)
    parallel, done = _parallel_search(packed, player, 5, 30, 0.0, 2)
    parts = [root_search(packed, player, 5 * 31 + k, 30, 0.0) for k in range(2)]
    assert done == 60
    assert parallel == merge_root_statistics([p[0] for p in parts])
    assert sum(v for _m, v, _q in parallel) == sum(v for p in parts for _m, v, _q in p[0])


def test_a_modelled_search_goes_whole_to_the_worker_processes() -> None:
    """Root parallel, the battle model reaches every worker: the sum of the modelled
    searches, not of plain ones."""
    from se4x_core.ai.mcts_bot import (
        BattleModel,
        _parallel_search,
        merge_root_statistics,
        root_search,
    )

    game = _midgame()
    player = game.current_player
    packed = game.information_set(player)
    model = BattleModel((strategy("aggressive", "military").encode(), DEFAULT.encode()))
    parallel, done = _parallel_search(packed, player, 5, 20, 0.0, 2, -1, model)
    modelled = [root_search(packed, player, 5 * 31 + k, 20, 0.0, -1, model) for k in range(2)]
    plain = [root_search(packed, player, 5 * 31 + k, 20, 0.0) for k in range(2)]
    assert done == 40
    assert parallel == merge_root_statistics([p[0] for p in modelled])
    assert parallel != merge_root_statistics([p[0] for p in plain])


def test_merging_weights_rewards_by_visits() -> None:
    from se4x_core.ai.mcts_bot import merge_root_statistics

    merged = merge_root_statistics([[(7, 3, 1.0), (9, 1, 0.0)], [(9, 5, 0.6), (7, 1, 0.0)]])
    assert merged == [(9, 6, pytest.approx(0.5)), (7, 4, pytest.approx(0.75))]


def test_the_guided_search_plays_the_guide_unless_it_finds_better() -> None:
    """Guided, the bot's moves are the rule bot's except where the search overrules it,
    and every overruling is counted (a broken guide would differ everywhere or nowhere)."""
    from se4x_core.ai.rule_bot import RuleBot

    game = _midgame(seed=3, rounds=3)
    guided = MctsBot(4, iterations=60, guide=True)
    same = differ = 0
    for _ in range(40):
        if game.is_over:
            break
        player = game.current_player
        obs, legal = game.observation(player), game.legal_actions()
        rule_choice = ask(RuleBot(4), game, player, obs, legal)
        before = guided.deviations
        guided.inform(game.information_set(player))
        choice = guided.step(obs, legal)
        if guided.deviations == before:
            same += choice == rule_choice
        else:
            differ += 1
            assert choice != rule_choice
        game.apply(choice)
    assert same > 20


def _modelled_search(game: Game, seed: int, plan: str = "default") -> Search:
    """A modelled search from the current player's information set: the player with
    the purchase ``plan``, the others with the usual strategy."""
    player = game.current_player
    usual = DEFAULT.encode()
    mine = strategy("default", plan).encode()
    return Search(unpack(game.information_set(player)), player, seed, model=default_model(),
                  strategies=[mine if p == player else usual for p in range(2)])


def test_a_modelled_search_scores_its_futures_with_the_win_model() -> None:
    """One iteration: the root child's reward is the win model's value of the position
    the playout ended in (the search's work state), not its material share; the plain
    search's is the material share of its own playout's end."""
    game = _midgame()
    player = game.current_player
    modelled = _modelled_search(game, 11)
    modelled.run(iterations=1)
    (_macro, visits, mean), = modelled.tree.root_statistics()
    assert visits == 1 and modelled.work.round <= modelled.end_round + 1
    assert mean == pytest.approx(default_model().value(modelled.work, player))
    assert mean != pytest.approx(evaluate(modelled.work, player))
    plain = Search(unpack(game.information_set(player)), player, 11)
    plain.run(iterations=1)
    assert plain.tree.root_statistics()[0][2] == pytest.approx(evaluate(plain.work, player))


def test_a_modelled_search_plays_the_strategies_it_is_given() -> None:
    """Deterministic for a seed; the searcher's strategy changes its futures (the
    playouts are the rule-based player following it); every player's strategy needed."""
    game = _midgame()
    first = _modelled_search(game, 11)
    first.run(iterations=40)
    again = _modelled_search(game, 11)
    again.run(iterations=40)
    assert first.tree.root_statistics() == again.tree.root_statistics()
    researching = _modelled_search(game, 11, plan="technology")
    researching.run(iterations=40)
    assert researching.memory.strategy(game.current_player) == strategy(
        "default", "technology").encode()
    assert researching.tree.root_statistics() != first.tree.root_statistics()
    with pytest.raises(ValueError, match="every player's strategy"):
        Search(unpack(game.information_set(0)), 0, 1, model=default_model(),
               strategies=[DEFAULT.encode()])


def test_the_bot_hands_its_plan_to_a_modelled_search() -> None:
    """plan_with makes the bot's searches modelled: the same root statistics as a
    modelled root search with those strategies and targets, other than the plain one's."""
    from se4x_core.ai.mcts_bot import BattleModel, root_search

    game = _midgame()
    player = game.current_player
    packed = game.information_set(player)
    plans = (strategy("aggressive", "military").encode(), DEFAULT.encode())
    bot = MctsBot(4, iterations=30)
    bot.inform(packed)
    bot.plan_with(BattleModel(plans, (-1, -1)))
    stats, done = bot._root_stats(packed, player, -1)
    assert done == 30
    assert stats == root_search(packed, player, 4 * 7919, 30, 0.0, -1, BattleModel(plans))[0]
    assert stats != root_search(packed, player, 4 * 7919, 30, 0.0, -1)[0]


def test_a_modelled_search_scores_with_the_model_file_it_is_given(logit_model_file) -> None:
    """``search:sNv@FILE``: the battle search scores with FILE's model too. The shipped
    file gives the default's statistics, another model (the same file's logit) other
    ones, equal to a search built with that model."""
    from se4x_core.ai.mcts_bot import BattleModel, root_search
    from se4x_core.sim.evaluation import MODEL_PATH, load_model

    logit = logit_model_file
    game = _midgame()
    player = game.current_player
    packed = game.information_set(player)
    plans = (DEFAULT.encode(), DEFAULT.encode())
    shipped = root_search(packed, player, 4, 30, 0.0, -1, BattleModel(plans))[0]
    assert root_search(packed, player, 4, 30, 0.0, -1,
                       BattleModel(plans, (-1, -1), str(MODEL_PATH)))[0] == shipped
    other = root_search(packed, player, 4, 30, 0.0, -1,
                        BattleModel(plans, (-1, -1), str(logit)))[0]
    assert other != shipped
    search = Search(unpack(packed), player, 4, model=load_model(logit),
                    strategies=list(plans))
    search.run(iterations=30)
    assert search.tree.root_statistics() == other
    bot = make_bot(f"search:s2b8v@{logit}", seed=1)
    assert isinstance(bot, SearchBot) and bot.model_path == str(logit)
