"""The search levels: the strategy search (se4x_core.ai.strategic) and the bot that plays
by it (se4x_core.ai.search_bot).

Small fixed sample budgets keep these tests fast and their results seeded; strength is
measured in benchmarks/ with se4x arena, never asserted here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import se4x_core
import se4x_core.ai.search_bot as search_bot_module
from se4x_core.ai.belief import STYLE_CHOICES, Belief
from se4x_core.ai.bot import ask
from se4x_core.ai.hint import OPTION_WORDS
from se4x_core.ai.registry import make_bot
from se4x_core.ai.search_bot import LEVELS, SearchBot, focus_name, search_strategies
from se4x_core.ai.strategic import (
    MARGIN,
    OptionStats,
    StrategySearch,
    against,
    choose_from,
    equilibrium,
    mean_matrix,
    merge,
    response_statistics,
)
from se4x_core.ai.strategy import (
    ALL_PLANS,
    ALL_POSTURES,
    DEFAULT,
    PLANS,
    POSTURES,
    SOLITAIRE_ARMING_ROUND,
    SOLITAIRE_POSTURES,
    WIDE_PLANS,
    WIDE_POSTURES,
    Strategy,
    parse,
    solitaire_plan,
    strategy,
)
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.game import Game
from se4x_core.sim.evaluation import EXPERT_MODEL_PATH, model_for
from se4x_core.sim.infostate import unpack

pytestmark = pytest.mark.fast


def _midgame(seed: int = 3, rounds: int = 5, players: int = 2) -> Game:
    game = Game.new_game({"players": players, "seed": seed, "board": "standard"})
    bots = [make_bot("rule", seed * 10 + p) for p in range(players)]
    while not game.is_over and game.state.round < rounds:
        player = game.current_player
        game.apply(ask(bots[player], game, player))
    return game


def _postures() -> list[tuple[int, ...]]:
    return [strategy(name, "default").encode() for name in POSTURES]


def test_the_search_is_deterministic_for_a_seed_and_a_sample_budget() -> None:
    game = _midgame()
    player = game.current_player
    runs = []
    for _ in range(2):
        search = StrategySearch(unpack(game.information_set(player)), player, 7, _postures(),
                                DEFAULT.encode())
        search.run(samples=6)
        runs.append(search.statistics())
    assert runs[0] == runs[1]
    assert all(row.samples > 0 for row in runs[0][:1])


def test_identical_options_are_compared_on_the_same_futures() -> None:
    """Common random numbers: the same strategy twice gets exactly the same rewards, so
    its paired gain is 0 with no error, and the default is kept."""
    game = _midgame()
    player = game.current_player
    same = [DEFAULT.encode(), DEFAULT.encode()]
    search = StrategySearch(unpack(game.information_set(player)), player, 3, same,
                            DEFAULT.encode())
    search.run(samples=5)
    stats = search.statistics()
    assert stats[1].gain == 0.0 and stats[1].error == 0.0
    assert stats[0].mean == stats[1].mean
    assert search.choice() == 0


def test_an_option_replaces_the_default_only_when_clearly_better() -> None:
    rows = [OptionStats(0, 30, 0.50, 0.0, 0.0), OptionStats(1, 30, 0.56, 0.06, 0.02)]
    assert choose_from(rows) == 1
    assert choose_from(rows, margin=0.05) == 0  # 0.06 is not 0.05 + one error clear
    noisy = [rows[0], OptionStats(1, 30, 0.56, 0.06, 0.08)]
    assert choose_from(noisy) == 0
    # greedy (search:...g): the best mean above the default's, however noisy
    assert choose_from(noisy, 0.0, 0.0) == 1
    behind = [rows[0], OptionStats(1, 30, 0.49, -0.01, 0.0)]
    assert choose_from(behind, 0.0, 0.0) == 0
    # no margin (search:...e): a gain clear of one standard error is enough
    small = [rows[0], OptionStats(1, 30, 0.515, 0.015, 0.01)]
    assert choose_from(small) == 0 and choose_from(small, 0.0) == 1
    assert choose_from(noisy, 0.0) == 0  # the error still counts


def test_root_parallel_statistics_add_up() -> None:
    a = [OptionStats(0, 10, 0.5, 0.0, 0.0), OptionStats(1, 10, 0.6, 0.1, 0.02)]
    b = [OptionStats(0, 30, 0.4, 0.0, 0.0), OptionStats(1, 30, 0.42, 0.02, 0.01)]
    merged = merge([a, b])
    assert [row.samples for row in merged] == [40, 40]
    assert merged[1].gain == pytest.approx((0.1 * 10 + 0.02 * 30) / 40)
    assert merged[1].mean == pytest.approx((0.6 * 10 + 0.42 * 30) / 40)
    assert 0 < merged[1].error < 0.02


def test_the_bot_searches_a_posture_each_turn_and_a_plan_each_economic_phase() -> None:
    game = Game.new_game({"players": 2, "seed": 4, "board": "standard"})
    bot = SearchBot(seed=2, samples=2, battle_iterations=4)
    rule = make_bot("rule", 9)
    kinds: dict[str, set[tuple[int, ...]]] = {"posture": set(), "plan": set()}
    while not game.is_over and game.state.round < 4:
        player = game.current_player
        if player == 0:
            action = ask(bot, game, player)
            if bot.last is not None:
                kinds[bot.last.kind].add(bot.last.key)
                assert bot.last.names[bot.last.chosen] in (bot.posture, bot.plan)
        else:
            action = ask(rule, game, player)
        assert game.explain(action) is None
        game.apply(action)
    turns = {key for key in kinds["posture"]}
    assert len(turns) >= 6  # three turns a round, rounds 1-3
    assert len(kinds["plan"]) >= 2
    assert bot.searches == len(kinds["posture"]) + len(kinds["plan"])
    assert bot.strategy.with_posture(POSTURES[bot.posture]) == bot.strategy
    assert bot.plan in PLANS


def test_the_attack_targets_are_weighed_as_postures_of_their_own() -> None:
    """With focuses the posture decision adds, after the named postures, the rule-based
    player's best attack targets, each the usual posture narrowed to that hex; the bot
    then plays the one chosen, and the targets change the futures the search sees."""
    game = _midgame(seed=3, rounds=4)
    bot = SearchBot(seed=2, samples=3, battle_iterations=4, focuses=2)
    rule = make_bot("rule", 9)
    weighed = 0
    gains: list[float] = []
    while not game.is_over and game.state.round < 12 and weighed < 4:
        player = game.current_player
        if player != 0:
            game.apply(ask(rule, game, player))
            continue
        obs = game.observation(player)
        bot.executor.inform(game.information_set(player))
        candidates = bot.executor.target_candidates(obs, 2)
        searches = bot.searches
        action = ask(bot, game, player)
        decision = bot.last
        if bot.searches > searches and decision is not None and decision.kind == "posture":
            assert decision.names == list(POSTURES) + [focus_name(obs, h) for h in candidates]
            assert len(decision.stats) == len(decision.names)
            focus = candidates[decision.chosen - len(POSTURES)] \
                if decision.chosen >= len(POSTURES) else -1
            assert bot.strategy.focus == focus and bot.executor.strategy == bot.strategy
            if candidates:
                weighed += 1
                gains += [row.gain for row in decision.stats[len(POSTURES):]]
        game.apply(action)
    assert weighed == 4
    assert any(gain != 0 for gain in gains)


@pytest.mark.soak
@pytest.mark.parametrize(("modelled", "focuses", "opponents", "respond", "matrix"),
                         [(False, 0, False, 0, 0), (True, 0, False, 0, 0),
                          (False, 2, False, 0, 0), (False, 0, True, 0, 0),
                          (False, 0, False, 2, 0), (False, 0, False, 0, 50)])
def test_the_search_levels_decide_from_what_their_player_knows(
        modelled: bool, focuses: int, opponents: bool, respond: int, matrix: int) -> None:
    """The same decision whatever the player cannot see: hidden markers, enemy groups
    and economies changed (perturb_hidden) leave the information set, the
    observation, and so the choice, as they were (the battle search modelled on the
    players' strategies too, the attack targets weighed as postures, and the futures'
    opponents drawn from a belief built over the whole game so far, or playing the
    choice their own search is modelled to make, or weighed against the equilibrium of
    a game matrix: one bot sees the real game throughout and its twin a perturbed copy at
    every step)."""
    rnd = random.Random(5)
    game = _midgame(seed=8, rounds=3)
    twins = [[SearchBot(seed=3, samples=3, battle_iterations=6, modelled_battles=modelled,
                        focuses=focuses, modelled_opponents=opponents, respond=respond,
                        matrix=matrix)
                     for _ in range(2)]
             for _player in range(2)]
    checked = 0
    for _ in range(40):
        if game.is_over:
            break
        player = game.current_player
        bots = twins[player]
        other = Game(perturb_hidden(game.state, player, rnd), game.config)
        if not opponents:
            for bot in bots:
                bot.restart()
        first = ask(bots[0], game, player)
        assert ask(bots[1], other, player) == first
        checked += 1
        game.apply(first)
    assert checked >= 30


def test_the_registry_builds_the_levels_and_budgets() -> None:
    assert isinstance(make_bot("normal", seed=1), SearchBot)
    bot = make_bot("search:s12h2", seed=1)
    assert isinstance(bot, SearchBot) and bot.samples == 12 and bot.horizon == 2
    assert make_bot("search:0.3", seed=1).seconds == 0.3  # type: ignore[attr-defined]
    assert bot.battles is not None and bot.battles.iterations == 12
    battles = make_bot("search:s8b300h2", seed=1)
    assert isinstance(battles, SearchBot) and battles.samples == 8 and battles.horizon == 2
    assert battles.battles is not None and battles.battles.iterations == 300
    assert make_bot("search:s8b0", seed=1).battles is None  # type: ignore[attr-defined]
    wide = make_bot("search:s12h2w", seed=1)
    assert isinstance(wide, SearchBot) and wide.horizon == 2
    assert wide.postures == list(WIDE_POSTURES) and wide.plans == list(WIDE_PLANS)
    assert bot.postures == list(POSTURES) and bot.plans == list(PLANS)
    modelled = make_bot("search:s6b40v", seed=1)
    assert isinstance(modelled, SearchBot) and modelled.modelled_battles
    assert modelled.battles is not None and modelled.battles.iterations == 40
    both = make_bot("search:s6wv", seed=1)
    assert isinstance(both, SearchBot) and both.modelled_battles
    assert both.postures == list(WIDE_POSTURES)
    assert not bot.modelled_battles and not wide.modelled_battles
    strongest = make_bot("strongest", seed=1)
    assert isinstance(strongest, SearchBot) and strongest.modelled_battles
    assert strongest.model_path == str(EXPERT_MODEL_PATH) and bot.model_path == ""
    assert make_bot("hard", seed=1).model_path == ""  # type: ignore[attr-defined]
    focused = make_bot("search:s6h2f3v", seed=1)
    assert isinstance(focused, SearchBot) and focused.focuses == 3 and focused.horizon == 2
    assert focused.modelled_battles and bot.focuses == 0
    assert make_bot("search:s6f2h3", seed=1).horizon == 3  # type: ignore[attr-defined]
    greedy = make_bot("search:s6h2gv", seed=1)
    assert isinstance(greedy, SearchBot) and greedy.greedy and greedy.modelled_battles
    assert greedy.horizon == 2 and not bot.greedy
    no_margin = make_bot("search:s4b50e", seed=1)
    assert isinstance(no_margin, SearchBot) and no_margin.margin == 0.0
    assert not no_margin.greedy and bot.margin == MARGIN > 0.0
    for bad in ("search:s0", "search:x", "search:s5h9", "search:-1", "search:s5wh2",
                "search:s5f0", "search:s5f9", "search:s5fh2",
                "search:s5vb3",
                "search:s5b", "search:s5b-1", "search:sb3"):
        with pytest.raises(ValueError, match="search budget"):
            make_bot(bad, seed=1)


def test_each_level_plays_with_every_setting_of_its_budget() -> None:
    """What the app's levels promise reaches the bot the registry builds: Hard and
    Strongest look two rounds ahead and take the best mean (greedy), Normal one round
    with the margin, its futures' opponents drawn from its belief about them and the
    raider's posture kept first (what lifts it to 88 % against Easy and 70 % against the
    Normal before it, while Hard keeps two games in three against it);
    samples, processes (up to the machine's cores) and the battle budget as
    :data:`LEVELS` says."""
    assert LEVELS["hard"].horizon == 2 and LEVELS["hard"].greedy
    assert LEVELS["strongest"].horizon == 2 and LEVELS["strongest"].greedy
    # greedy, more samples buy strength again: Strongest searches twice Hard's
    assert LEVELS["strongest"].samples == 2 * LEVELS["hard"].samples
    assert LEVELS["normal"].horizon == 1 and not LEVELS["normal"].greedy
    assert LEVELS["normal"].opponents and LEVELS["normal"].style == "raider"
    assert LEVELS["hard"].style == LEVELS["strongest"].style == ""
    for name, level in LEVELS.items():
        bot = make_bot(name, seed=1)
        assert isinstance(bot, SearchBot)
        assert (bot.samples, bot.horizon, bot.greedy) == (level.samples, level.horizon,
                                                          level.greedy), name
        assert bot.margin == MARGIN, name
        assert (bot.belief is not None) == level.opponents, name
        assert (bot.posture, bot.plan) == STYLE_CHOICES[level.style or "default"], name
        assert bot.battles is not None and bot.battles.iterations == level.battle_iterations
        assert 1 <= bot.workers <= level.workers and bot.capped
        assert (bot.model_path, bot.respond) == (level.model, level.respond), name


def test_the_hint_asks_the_hard_levels_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint says what Hard would do, so it searches as Hard does: as far ahead and
    with the same rule for leaving the rule bot's choice (on one core, its samples)."""
    import se4x_core.ai.hint as hint_module

    built: list[SearchBot] = []

    class Spy(SearchBot):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            built.append(self)

    monkeypatch.setattr(hint_module, "SearchBot", Spy)
    game = _midgame(rounds=2)
    player = game.current_player
    line = hint_module.hint(game.observation(player), game.legal_actions(),
                            game.information_set(player), seed=1, samples=2)
    hard = LEVELS[hint_module.HINT_LEVEL]
    assert line and len(built) == 1
    assert (built[0].horizon, built[0].greedy, built[0].workers) == (hard.horizon,
                                                                    hard.greedy, 1)


def _decisions_of_a_two_process_level(seed: int) -> list[tuple[str, int, list[int]]]:
    """A two-worker search bot's first strategic decisions (run here or in a worker), with
    a level's time cap as well as its samples (the cap never binds here, but inside a
    worker it is divided among the shares, which a wrong argument order breaks)."""
    game = _midgame(seed=seed, rounds=2)
    bot = SearchBot(seed=2, samples=4, workers=2, battle_iterations=4, seconds=60.0,
                    capped=True)
    out = []
    while len(out) < 3 and not game.is_over:
        player = game.current_player
        searches = bot.searches
        action = ask(bot, game, player)
        if bot.searches > searches and bot.last is not None:
            out.append((bot.last.kind, bot.last.chosen,
                        [row.samples for row in bot.last.stats]))
        game.apply(action)
    return out


def test_a_two_process_level_inside_a_worker_process_plays_the_same_decisions() -> None:
    """In se4x arena's worker processes a level's two shares of a search run one after
    the other (a pool started from a pool's worker hangs): same seeds, same samples, so
    the same statistics and choices as the two processes of the app."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    here = _decisions_of_a_two_process_level(4)
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        there = pool.submit(_decisions_of_a_two_process_level, 4).result(timeout=120)
    assert here == there and len(here) == 3
    assert all(sum(samples) > 0 for _kind, _chosen, samples in here)


def test_the_wide_option_sets_extend_the_basic_ones_with_distinct_strategies() -> None:
    """The wide sets start with the basic five (same names, same numbers, so a wide
    level's default and basic choices are the basic level's), and every added option
    is a different strategy of its kind, readable in the hint and by name."""
    assert list(WIDE_POSTURES)[:len(POSTURES)] == list(POSTURES)
    assert list(WIDE_PLANS)[:len(PLANS)] == list(PLANS)
    assert all(WIDE_POSTURES[n] == POSTURES[n] for n in POSTURES)
    postures = {DEFAULT.with_posture(s) for s in ALL_POSTURES.values()}
    plans = {DEFAULT.with_plan(s) for s in WIDE_PLANS.values()}
    assert len(postures) == len(ALL_POSTURES) > len(WIDE_POSTURES) > len(POSTURES)
    assert len(plans) == len(WIDE_PLANS) > len(PLANS)
    assert set(OPTION_WORDS["posture"]) == set(ALL_POSTURES)  # the solitaire's too
    assert set(OPTION_WORDS["plan"]) == set(ALL_PLANS)  # the advanced plans too
    for posture in ALL_POSTURES:
        for plan in WIDE_PLANS:
            chosen = parse(f"{posture},{plan}")
            assert chosen == strategy(posture, plan)
            assert Strategy.decode(chosen.encode()) == chosen


def test_a_wide_search_bot_chooses_among_the_wide_options() -> None:
    game = _midgame(seed=5, rounds=3)
    bot = SearchBot(seed=4, samples=3, battle_iterations=2, wide=True)
    kinds = set()
    while len(kinds) < 2 and not game.is_over:
        player = game.current_player
        action = ask(bot, game, player) if player == 0 else ask(make_bot("rule", 3), game,
                                                                 player)
        if player == 0 and bot.last is not None:
            kinds.add(bot.last.kind)
            wanted = WIDE_POSTURES if bot.last.kind == "posture" else WIDE_PLANS
            assert bot.last.names == list(wanted)
            assert len(bot.last.stats) == len(wanted)
        game.apply(action)
    assert kinds == {"posture", "plan"}


@pytest.mark.parametrize(("rule_sets", "offered"), [
    (["fighters", "mines"], ["carrier fleet", "minefield"]),
    (["raiders", "pipelines", "scuttling"], ["raider fleet"]),
    ([], []),
])
def test_the_advanced_plans_are_offered_where_their_rule_set_is_on(
        rule_sets: list[str], offered: list[str]) -> None:
    game = Game.new_game({"players": 2, "seed": 6, "advanced": rule_sets})
    bot = SearchBot(seed=4, samples=2, battle_iterations=2)
    rule = make_bot("rule", 3)
    while not game.is_over:
        player = game.current_player
        action = ask(bot, game, player) if player == 0 else ask(rule, game, player)
        if player == 0 and bot.last is not None and bot.last.kind == "plan":
            assert bot.last.names == list(PLANS) + offered
            return
        game.apply(action)
    raise AssertionError("no Economic Phase searched")


def _play_to_round(bot: SearchBot, config: dict[str, Any], until_round: int,
                   after: Callable[[int], None] = lambda player: None) -> Game:
    """A game of ``config`` played until ``until_round`` begins, ``bot`` in the first seat
    and the alien players (or the rule bot) in the others; ``after`` hears the player of
    each action applied."""
    game = Game.new_game(config)
    others = [make_bot("alien" if "aliens" in config else "rule", p)
              for p in range(game.state.n_players)]
    while game.state.round < until_round:
        player = game.current_player
        game.apply(ask(bot if player == 0 else others[player], game, player))
        after(player)
    return game


def test_in_the_alien_solitaire_the_futures_run_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    from se4x_core.ai.search_bot import SOLITAIRE_HORIZON

    assert make_bot("normal", 1).solitaire_horizon == SOLITAIRE_HORIZON == 3
    assert make_bot("search:s4", 1).solitaire_horizon == SOLITAIRE_HORIZON
    assert make_bot("search:s4h1", 1).solitaire_horizon == 1  # an explicit horizon holds
    ahead: set[int] = set()
    original = StrategySearch.__init__

    def spy(search: StrategySearch, info, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        original(search, info, *args, **kwargs)
        ahead.add(search.end_round - info.round)

    monkeypatch.setattr(StrategySearch, "__init__", spy)
    for config, wanted in (({"aliens": {"difficulty": "easy"}, "seed": 2}, SOLITAIRE_HORIZON),
                           ({"players": 2, "seed": 2}, 1)):
        ahead.clear()
        _play_to_round(SearchBot(seed=1, samples=1, battle_iterations=2), config, 3)
        assert ahead == {wanted}


def test_only_the_alien_solitaire_offers_the_assault() -> None:
    """The assault (every attack whatever the odds, no turning back for home) is a
    posture of the solitaire, where an alien homeworld falls to little and takes its
    fleets with it: the search weighs it there first (the choice it keeps unless a
    future shows better), and never in a game of empires."""
    assert parse("assault").defend_odds == 0.0 == parse("assault").attack_odds
    assert parse("assault").targets == "homeworld"
    for config, offered in (({"aliens": {"difficulty": "easy"}, "seed": 2}, True),
                            ({"players": 2, "seed": 2}, False)):
        bot = SearchBot(seed=1, samples=1, battle_iterations=2)
        weighed: list[list[str]] = []

        def note_postures(player: int, bot: SearchBot = bot,
                          weighed: list[list[str]] = weighed) -> None:
            if player == 0 and bot.last is not None and bot.last.kind == "posture":
                weighed.append(bot.last.names)

        _play_to_round(bot, config, 2, note_postures)
        assert weighed, config
        first = ["assault"] if offered else []
        assert all(names[:len(first) + len(POSTURES)] == first + list(POSTURES)
                   and names.count("assault") == len(first) for names in weighed), config
    assert set(SOLITAIRE_POSTURES) == {"assault"}


def test_the_solitaire_weighs_its_plan_of_the_round_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In the solitaire the plan weighed first (the choice kept unless a future shows
    better) is reach (Movement and yards first) before the arming round and every CP
    into warships from it; between empires the level's plans are weighed as they are."""
    import se4x_core.ai.strategy as strategy_module

    assert [solitaire_plan(r) for r in (1, SOLITAIRE_ARMING_ROUND - 1, SOLITAIRE_ARMING_ROUND,
                                        30)] == ["growth research", "growth research",
                                                 "all-out navy", "all-out navy"]
    monkeypatch.setattr(strategy_module, "SOLITAIRE_ARMING_ROUND", 2)  # both in two rounds
    for config, offered in (({"aliens": {"difficulty": "easy"}, "seed": 2}, True),
                            ({"players": 2, "seed": 2}, False)):
        bot = SearchBot(seed=1, samples=1, battle_iterations=2)
        weighed: dict[int, list[str]] = {}

        def note_plans(player: int, bot: SearchBot = bot,
                       weighed: dict[int, list[str]] = weighed) -> None:
            if player == 0 and bot.last is not None and bot.last.kind == "plan":
                weighed[bot.last.key[1]] = bot.last.names

        _play_to_round(bot, config, 3, note_plans)
        assert sorted(weighed) == [1, 2], config
        for names in weighed.values():
            assert len(set(names)) == len(names) and set(PLANS) <= set(names), config
        if offered:
            assert [weighed[1][0], weighed[2][0]] == ["growth research", "all-out navy"]
            assert weighed[1][1:] == list(PLANS)  # the level's own after it
        else:
            assert weighed[1] == weighed[2] == list(PLANS), config


def test_a_styled_search_weighs_its_style_first() -> None:
    """``search:...~STYLE`` keeps the style's posture and plan as the options weighed
    first (the choice kept unless a future shows better) and plays them until its first
    decision; the other options follow in the level's order, and an unknown style is
    refused by name."""
    bot = make_bot("search:s1b2~rush", 1)
    assert isinstance(bot, SearchBot)
    assert (bot.posture, bot.plan) == STYLE_CHOICES["rush"] == ("all-in strike",
                                                                "all-out navy")
    assert bot.executor.strategy.targets == "homeworld"  # the rush, before any search
    weighed: dict[str, list[str]] = {}

    def note(player: int) -> None:
        if player == 0 and bot.last is not None:
            weighed.setdefault(bot.last.kind, bot.last.names)

    _play_to_round(bot, {"players": 2, "seed": 2}, 2, note)
    assert weighed["posture"][0] == "all-in strike"
    assert weighed["posture"][1:] == list(POSTURES)  # the level's own after it
    assert weighed["plan"][0] == "all-out navy"
    assert weighed["plan"][1:] == list(PLANS)
    plain = make_bot("search:s1b2", 1)
    assert (plain.posture, plain.plan) == ("default", "default")
    with pytest.raises(ValueError, match="style 'bogus'"):
        make_bot("search:s1~bogus", 1)


def test_in_the_alien_solitaire_no_style_is_weighed() -> None:
    """The aliens have no colonies to raid and no habits to play against, so a styled
    search (Normal raids first) weighs the solitaire's own options there: the assault
    first, then the level's postures, and the solitaire's plan of the round first."""
    bot = make_bot("search:s1b2~raider", 1)
    weighed: dict[str, list[str]] = {}

    def note(player: int) -> None:
        if player == 0 and bot.last is not None:
            weighed.setdefault(bot.last.kind, bot.last.names)

    _play_to_round(bot, {"aliens": {"difficulty": "easy"}, "seed": 2}, 2, note)
    assert weighed["posture"] == ["assault", *POSTURES]
    assert "bold raid" not in weighed["posture"]
    assert weighed["plan"][0] == solitaire_plan(1)


def test_in_the_alien_solitaire_the_belief_sits_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The aliens follow their tables, not a strategy, so a level with a belief (Normal)
    gives its solitaire futures no opponents' mixture and feeds the belief nothing;
    in a game of empires the same bot hands the mixture to every search."""
    handed: list[bool] = []
    original = StrategySearch.__init__

    def spy(search: StrategySearch, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        original(search, *args, **kwargs)
        handed.append(search.opponents is not None)

    monkeypatch.setattr(StrategySearch, "__init__", spy)
    for config, wanted in (({"aliens": {"difficulty": "easy"}, "seed": 2}, False),
                           ({"players": 2, "seed": 2}, True)):
        handed.clear()
        bot = make_bot("search:s1b2o", seed=1)
        assert isinstance(bot, SearchBot) and bot.belief is not None
        game = _play_to_round(bot, config, 3)
        assert handed and set(handed) == {wanted}, config
        fed = any(bot.belief.posterior(p) != Belief().posterior(p)
                  for p in range(1, game.state.n_players))
        assert fed is wanted, config


def test_the_search_scores_with_the_win_model_it_is_given(tmp_path, logit_model_file) -> None:
    """``search:sN@FILE`` (SearchBot's model_path): the shipped model named by its file
    gives exactly the default's statistics; another model (the same file's logit) scores
    the same futures differently; a missing file is refused when the bot is made."""
    shipped = Path(se4x_core.__file__).resolve().parent.parent / "resources/eval/win_model.json"
    logit = logit_model_file
    game = _midgame()
    player = game.current_player
    packed = game.information_set(player)
    runs = [search_strategies(packed, player, 5, _postures(), DEFAULT.encode(), (-1, -1), 1, 4,
                              path, None, 0.0) for path in ("", str(shipped), str(logit))]
    assert runs[0] == runs[1]
    assert [r.mean for r in runs[2]] != [r.mean for r in runs[0]]
    assert make_bot(f"search:s4@{logit}", seed=1).model_path == str(logit)  # type: ignore
    with pytest.raises(ValueError, match="cannot read the win model"):
        make_bot(f"search:s4@{tmp_path / 'missing.json'}", seed=1)


# soak: interpreted it plays ~20 searched rounds (40 s); the modelled battle search runs
# interpreted in tests/ai/test_mcts.py's shorter tests.
@pytest.mark.soak
def test_a_modelled_battle_search_follows_the_bots_strategy_and_targets() -> None:
    """In a battle the modelled bot's search plays the futures with the strategy the
    bot follows now (its posture and plan), the usual one for the others, and its war
    plan's targets: what it hands over is what it plays by."""
    game = _midgame(seed=3, rounds=4)
    bots = [SearchBot(seed=7 + p, samples=2, battle_iterations=8, modelled_battles=True)
            for p in range(2)]
    battles = 0
    while not game.is_over and game.state.round < 20 and battles < 3:
        player = game.current_player
        bot = bots[player]
        before = bot.battles.searches if bot.battles is not None else 0
        action = ask(bot, game, player)
        assert bot.battles is not None
        if bot.battles.searches > before:
            battles += 1
            handed = bot.battles.battle_model
            assert handed is not None and handed.strategies[player] == bot.strategy.encode()
            assert all(plan == DEFAULT.encode()
                       for p, plan in enumerate(handed.strategies) if p != player)
            assert handed.targets == bot.executor.targets(player)
            assert handed.model_path == bot.model_path
        game.apply(action)
    assert battles == 3


class _ScoredFor:
    """A win model that scores every future for one player, whoever asks."""

    def __init__(self, model: Any, player: int) -> None:
        self.model, self.player = model, player

    def value(self, state: Any, player: int) -> float:
        return float(self.model.value(state, self.player))


def test_a_response_search_plays_and_scores_the_options_for_the_opponent() -> None:
    """``chooser``: the options are the opponent's, played on the searcher's
    determinizations while the searcher follows ``others``; each option's futures are
    exactly those of a plain search whose opponent is set to play that option."""
    game = _midgame()
    me = game.current_player
    them = 1 - me
    info = unpack(game.information_set(me))
    options = [DEFAULT.encode(), strategy("default", "expansion").encode()]
    model = _ScoredFor(model_for(info), them)
    response = StrategySearch(info, me, 9, options, DEFAULT.encode(), model=model,  # type: ignore[arg-type]
                              chooser=them)
    response.run(samples=4)
    for k, option in enumerate(options):
        forced = [[] if p == me else [(1.0, option)] for p in range(2)]
        plain = StrategySearch(info, me, 9, [DEFAULT.encode()] * 2, DEFAULT.encode(),
                               model=model, opponents=forced)  # type: ignore[arg-type]
        plain.run(samples=4)
        assert response.statistics()[k].mean == plain.statistics()[0].mean, k
    assert response.statistics()[1].mean != response.statistics()[0].mean
    asked = StrategySearch(info, me, 9, options, DEFAULT.encode(), model=_WhoIsAsked(),  # type: ignore[arg-type]
                           chooser=them)
    asked.run(samples=4)
    assert [row.mean for row in asked.statistics()] == [float(them)] * 2  # scored for them


class _WhoIsAsked:
    """A win model whose score is the player it is asked about."""

    def value(self, state: Any, player: int) -> float:
        return float(player)


def test_the_modelled_choice_is_the_opponents_best_mean_on_the_samples_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On one process the futures' opponent plays the option with the best mean of its
    modelled search; on two, each process weighs half the samples and the choice is
    the best mean of their statistics merged (as one process weighing them all)."""
    game = _midgame()
    me = game.current_player
    packed = game.information_set(me)
    info = unpack(packed)
    options = [strategy("default", name).encode() for name in PLANS]
    stats = response_statistics(info, me, 1 - me, 5 * 17 + 1 - me, options, DEFAULT.encode(),
                                (-1, -1), 1, 6, None)
    bot = SearchBot(1, samples=2, respond=6)
    mixture = bot._modelled_opponents(packed, me, 5, options, (-1, -1), 1)
    assert mixture[me] == [] and mixture[1 - me] == [(1.0, options[choose_from(stats, 0.0,
                                                                               0.0)])]
    shares: list[int] = []
    original = search_bot_module.search_responses

    def spy(*args: Any) -> list[list[OptionStats]]:
        shares.append(args[7])
        return original(*args)

    monkeypatch.setattr(search_bot_module, "search_responses", spy)
    monkeypatch.setattr(search_bot_module, "run_shares",
                        lambda job, jobs, seconds: [job(*share) for share in jobs])
    weighed: list[int] = []
    choose = search_bot_module.choose_from

    def counted(stats: list[OptionStats], *args: float) -> int:
        weighed.append(stats[0].samples)
        return choose(stats, *args)

    monkeypatch.setattr(search_bot_module, "choose_from", counted)
    split = SearchBot(1, samples=2, respond=6, workers=2)
    parts = [original(packed, me, 5 * 31 + k, options, DEFAULT.encode(), (-1, -1), 1, 3, "")
             for k in range(2)]
    merged = merge([part[1 - me] for part in parts])
    assert split._modelled_opponents(packed, me, 5, options, (-1, -1), 1)[1 - me] == [
        (1.0, options[choose_from(merged, 0.0, 0.0)])]
    assert shares == [3, 3] and weighed == [6]  # both halves weighed together


def test_a_responding_level_plays_its_futures_against_the_opponents_modelled_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``search:sNrM``: before each strategic search, each opponent's own search is
    modelled (its basic postures or plans, the searcher's default against it), and the
    futures then play that opponent with the one it would choose; in the alien solitaire
    there is no opponent's search to model."""
    made: list[tuple[int, Any]] = []
    original = StrategySearch.__init__

    def spy(search: StrategySearch, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        original(search, *args, **kwargs)
        made.append((search.chooser, search.opponents))

    monkeypatch.setattr(StrategySearch, "__init__", spy)
    bot = make_bot("search:s2b2r2", seed=1)
    assert isinstance(bot, SearchBot) and bot.respond == 2
    _play_to_round(bot, {"players": 2, "seed": 2}, 3)
    responses = [chooser for chooser, _ in made if chooser != 0]
    searches = [opponents for chooser, opponents in made if chooser == 0]
    assert responses and set(responses) == {1}
    assert len(responses) == len(searches)  # one modelled choice per search
    basic = {DEFAULT.with_posture(s).encode() for s in POSTURES.values()} | {
        DEFAULT.with_plan(s).encode() for s in PLANS.values()}
    for opponents in searches:
        assert opponents[0] == [] and len(opponents[1]) == 1
        weight, chosen = opponents[1][0]
        assert weight == 1.0 and chosen in basic
    made.clear()
    _play_to_round(make_bot("search:s2b2r2", seed=1),  # type: ignore[arg-type]
                   {"aliens": {"difficulty": "easy"}, "seed": 2}, 2)
    assert made and all(chooser == 0 and opponents is None for chooser, opponents in made)


def test_the_registry_refuses_a_response_model_out_of_range_or_beside_the_belief() -> None:
    assert make_bot("search:s4h2r16gv", seed=1).respond == 16  # type: ignore[attr-defined]
    assert make_bot("search:s4", seed=1).respond == 0  # type: ignore[attr-defined]
    for bad in ("search:s4r0", "search:s4r1001", "search:s4rh2"):
        with pytest.raises(ValueError, match="search budget"):
            make_bot(bad, seed=1)
    with pytest.raises(ValueError, match="by its style .o. or by its own search"):
        make_bot("search:s4r8o", seed=1)
    with pytest.raises(ValueError, match="not both"):
        SearchBot(1, samples=2, respond=4, modelled_opponents=True)


def test_a_matrix_search_plays_every_option_against_every_reply() -> None:
    """``replies``: each sample plays every option against every reply on the same
    determinization and dice, every opponent following the reply; a reply's column is
    exactly a plain search whose opponents follow it, and weighing the rows with all
    the weight on one reply gives that search's statistics."""
    game = _midgame()
    me = game.current_player
    info = unpack(game.information_set(me))
    options = _postures()[:3]
    replies = [DEFAULT.encode(), strategy("raid", "default").encode(),
               strategy("hold", "default").encode()]
    matrix = StrategySearch(info, me, 9, options, replies[0], horizon=2, replies=replies)
    matrix.run(samples=4)
    assert len(matrix.rows) == 4 and all(len(row) == 3 and len(row[0]) == 3
                                         for row in matrix.rows)
    means = mean_matrix(matrix.rows)
    for j, reply in enumerate(replies):
        plain = StrategySearch(info, me, 9, options, reply, horizon=2)
        plain.run(samples=4)
        stats = plain.statistics()
        assert [row[j] for row in means] == pytest.approx([row.mean for row in stats]), j
        weighed = against(matrix.rows, [1.0 if c == j else 0.0 for c in range(3)])
        assert [(row.mean, row.gain) for row in weighed] == pytest.approx(
            [(row.mean, row.gain) for row in stats]), j
    assert any(len({round(row[j], 9) for j in range(3)}) > 1 for row in means)  # they matter


def test_the_equilibrium_of_a_game_matrix() -> None:
    """Both sides' mixtures make the other indifferent where they mix: rock, paper,
    scissors in thirds; a dominated reply gets no weight."""
    rps = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]
    rows, columns = equilibrium(rps)
    assert rows == pytest.approx([1 / 3] * 3, abs=0.02)
    assert columns == pytest.approx([1 / 3] * 3, abs=0.02)
    # the second reply gives the row player more whatever it does: never played
    game = [[0.3, 0.8, 0.6], [0.7, 0.9, 0.2]]
    rows, columns = equilibrium(game)
    # the rest is [[0.3, 0.6], [0.7, 0.2]]: rows 5/8 and 3/8, replies half and half,
    # the row player's chance 0.45
    assert rows == pytest.approx([0.625, 0.375], abs=0.02)
    assert columns == pytest.approx([0.5, 0.0, 0.5], abs=0.02)
    value = sum(rows[i] * columns[j] * m for i, r in enumerate(game) for j, m in enumerate(r))
    assert value == pytest.approx(0.45, abs=0.01)


def test_a_matrix_level_weighs_its_options_against_the_equilibrium_beside_the_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``search:sNnP``: every option against each of the opponent's basic postures (or
    plans), then weighed against the replies mixed P percent by the game's equilibrium
    and the rest by the default; in the alien solitaire there is no matrix."""
    weights: list[list[float]] = []
    solved: list[list[float]] = []
    original_against, original_equilibrium = search_bot_module.against, \
        search_bot_module.equilibrium

    def spy_against(rows: Any, mix: list[float]) -> list[OptionStats]:
        weights.append(mix)
        return original_against(rows, mix)

    def spy_equilibrium(matrix: list[list[float]]) -> tuple[list[float], list[float]]:
        result = original_equilibrium(matrix)
        solved.append(result[1])
        return result

    monkeypatch.setattr(search_bot_module, "against", spy_against)
    monkeypatch.setattr(search_bot_module, "equilibrium", spy_equilibrium)
    bot = make_bot("search:s2b2n40", seed=1)
    assert isinstance(bot, SearchBot) and bot.matrix == 40
    _play_to_round(bot, {"players": 2, "seed": 2}, 3)
    assert weights and len(weights) == len(solved) == bot.searches
    for mix, reply_mix in zip(weights, solved, strict=True):
        assert len(mix) == len(POSTURES) == len(PLANS)
        assert mix == pytest.approx([0.4 * q + (0.6 if j == 0 else 0.0)
                                     for j, q in enumerate(reply_mix)])
    weights.clear()
    _play_to_round(make_bot("search:s2b2n40", seed=1),  # type: ignore[arg-type]
                   {"aliens": {"difficulty": "easy"}, "seed": 2}, 2)
    assert not weights


def test_the_registry_refuses_a_matrix_share_out_of_range() -> None:
    assert make_bot("search:s4h2n50g", seed=1).matrix == 50  # type: ignore[attr-defined]
    assert make_bot("search:s4", seed=1).matrix == 0  # type: ignore[attr-defined]
    for bad in ("search:s4n101", "search:s4nh2"):
        with pytest.raises(ValueError, match="search budget"):
            make_bot(bad, seed=1)
    for two_ways in ("search:s4n50o", "search:s4r8n50"):
        with pytest.raises(ValueError, match="modelled one way"):
            make_bot(two_ways, seed=1)
    with pytest.raises(ValueError, match="a percent from 0 to 100"):
        SearchBot(1, samples=2, matrix=150)


def test_a_matrix_search_on_a_time_budget_stops_at_its_time() -> None:
    """``search:0.05n50``: a budget in seconds has no sample count to reach, so the
    matrix is weighed on what its time allowed."""
    game = _midgame()
    me = game.current_player
    bot = make_bot("search:0.05n50", seed=1)
    assert isinstance(bot, SearchBot) and bot.samples == 0
    assert ask(bot, game, me) in game.legal_actions()
    assert bot.last is not None and bot.last.stats[0].samples >= 1
