"""Opponent modelling (se4x_core.ai.belief): the belief reads the observation only,
comes to name the style it faces, and the search's futures follow it.

The seeds here are not the model's training seeds (0-11): a belief that only
remembered its training games would fail the recognition test.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from se4x_core.ai.belief import (
    CANDIDATES,
    FLOOR,
    MODEL_PATH,
    Belief,
    EvidenceModel,
    draw,
    evidence,
)
from se4x_core.ai.bot import Bot, ask
from se4x_core.ai.registry import make_bot
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.strategic import StrategySearch
from se4x_core.ai.strategy import DEFAULT, POSTURES, strategy
from se4x_core.ai.style_bot import STYLES, StyleBot
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.game import Game
from se4x_core.sim.infostate import unpack

pytestmark = pytest.mark.slow

RECOGNITION_SEEDS = range(100, 106)
ROUNDS = 12


def _belief_facing(styled: Bot, seed: int, seat: int = 0) -> tuple[Belief, int]:
    """The default rule bot's belief about ``styled`` after ROUNDS rounds of a game."""
    game = Game.new_game({"players": 2, "seed": seed, "max_rounds": ROUNDS + 1})
    bots: list[Bot] = [RuleBot(seed), RuleBot(seed)]
    bots[seat] = styled
    for bot in bots:
        bot.restart()
    belief = Belief()
    observer = 1 - seat
    while not game.is_over and game.observation(observer)["round"] <= ROUNDS:
        player = game.current_player
        if player == observer:
            belief.observe(game.observation(observer))
        game.apply(ask(bots[player], game, player))
    return belief, seat


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_belief_facing_a_pool_style_comes_to_name_it(style: str) -> None:
    """Against each pool bot, on seeds it was not fitted on, the likeliest style after
    twelve rounds is that bot's own in most games, and it weighs more than the prior."""
    named = 0
    weights = []
    for seed in RECOGNITION_SEEDS:
        belief, seat = _belief_facing(StyleBot(seed, STYLES[style]), seed, seed % 2)
        named += belief.likeliest(seat) == style
        weights.append(belief.posterior(seat)[style])
    assert named >= 4, f"{style}: named in {named} of {len(RECOGNITION_SEEDS)} games"
    assert sum(weights) / len(weights) > 1 / len(CANDIDATES)


@pytest.mark.parametrize("spec", ["rule", "search:s4b50"])
def test_a_belief_facing_the_rule_bot_or_a_search_level_names_the_default(spec: str) -> None:
    """The rule bot as it plays, and a search level steering it turn by turn, are the
    default style: named so in most games (the search's futures then play them as the
    rule bot, as they did before the belief)."""
    named = sum(_belief_facing(make_bot(spec, seed), seed, seed % 2)[0].likeliest(seed % 2)
                == "default" for seed in RECOGNITION_SEEDS)
    assert named >= 4, f"{spec}: named the default in {named} of {len(RECOGNITION_SEEDS)}"


def test_the_belief_reads_only_what_its_player_may_know() -> None:
    """A twin fed, at every step, the observation of a copy of the game with everything
    the player may not know changed ends with the same posterior."""
    rnd = random.Random(3)
    game = Game.new_game({"players": 2, "seed": 7})
    bots = [StyleBot(7, STYLES["raider"]), RuleBot(7)]
    real, twin = Belief(), Belief()
    while not game.is_over and game.state.round <= 8:
        player = game.current_player
        if player == 1:
            other = Game(perturb_hidden(game.state, 1, rnd), game.config)
            real.observe(game.observation(1))
            twin.observe(other.observation(1))
            assert evidence(game.observation(1), 0) == evidence(other.observation(1), 0)
        game.apply(ask(bots[player], game, player))
    assert real.posterior(0) == twin.posterior(0)
    assert real.posterior(0) != Belief().posterior(0)  # it did learn something


def test_every_style_keeps_its_floor() -> None:
    belief, seat = _belief_facing(StyleBot(100, STYLES["rush"]), 100)
    posterior = belief.posterior(seat)
    assert sum(posterior.values()) == pytest.approx(1.0)
    assert min(posterior.values()) >= FLOOR / len(CANDIDATES) - 1e-12


def test_a_sure_belief_plays_the_futures_as_that_strategy_would() -> None:
    """With all the weight on one strategy, the futures are exactly those where every
    opponent follows it; with the weight spread, each sample's draw is the same for
    every option (identical options still tie exactly)."""
    game = Game.new_game({"players": 2, "seed": 3})
    bots = [RuleBot(30), RuleBot(31)]
    while game.state.round < 4:
        player = game.current_player
        game.apply(ask(bots[player], game, player))
    player = game.current_player
    info = unpack(game.information_set(player))
    options = [strategy(name, "default").encode() for name in POSTURES]
    rush = CANDIDATES["rush"].encode()
    sure = [[], [(1.0, rush)]] if player == 0 else [[(1.0, rush)], []]
    by_belief = StrategySearch(info, player, 5, options, DEFAULT.encode(), opponents=sure)
    by_belief.run(samples=4)
    fixed = StrategySearch(info, player, 5, options, rush)
    fixed.run(samples=4)
    assert by_belief.statistics() == fixed.statistics()
    spread = [[(0.5, rush), (0.5, CANDIDATES["turtle"].encode())]] * 2
    same = StrategySearch(info, player, 5, [DEFAULT.encode()] * 2, DEFAULT.encode(),
                          opponents=spread)
    same.run(samples=6)
    assert same.statistics()[1].gain == 0.0 and same.statistics()[1].error == 0.0


def test_draw_follows_the_weights() -> None:
    rnd = random.Random(1)
    mix = [(0.25, (1,)), (0.75, (2,))]
    picks = [draw(mix, rnd) for _ in range(4000)]
    assert picks.count((2,)) / 4000 == pytest.approx(0.75, abs=0.03)


def test_a_damaged_model_file_is_refused_naming_the_field(tmp_path: Path) -> None:
    doc = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    doc["means"]["rush"][0] = doc["means"]["rush"][0][:2]  # two stages of five
    bad = tmp_path / "belief.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="means must hold"):
        EvidenceModel.load(bad)
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match="not an opponent belief model"):
        EvidenceModel.load(bad)
    doc = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    doc["features"] = ["counters"]
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="features must be"):
        EvidenceModel.load(bad)


def test_the_model_is_made_by_its_own_command(tmp_path: Path) -> None:
    """train_belief plays its games and writes a model that loads, saying how it was
    made; a bad argument exits 2 without writing."""
    from se4x_core.devtools import train_belief
    out = tmp_path / "belief.json"
    # short games (the shipped model's are 30 rounds): the later stages borrow the last
    # stage reached, so the model is whole
    assert train_belief.main(["--seeds", "1", "--max-rounds", "8", "--out", str(out)]) == 0
    model = EvidenceModel.load(out)
    assert set(model.means) == set(CANDIDATES)
    # two kinds of player per style: the rule bot with its strategy, and the pool bot
    # of its name (for the default: a search level)
    assert [len(kinds) for kinds in model.means.values()] == [2] * len(CANDIDATES)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["provenance"]["command"].endswith("--seeds 1 --max-rounds 8")
    assert "at most 8 rounds" in doc["provenance"]["games"]
    with pytest.raises(SystemExit) as stop:
        train_belief.main(["--seeds", "0", "--out", str(tmp_path / "no.json")])
    assert stop.value.code == 2 and not (tmp_path / "no.json").exists()
    with pytest.raises(SystemExit) as stop:
        train_belief.main(["--max-rounds", "0", "--out", str(tmp_path / "no.json")])
    assert stop.value.code == 2 and not (tmp_path / "no.json").exists()


def test_the_model_may_learn_the_styled_searches_too(tmp_path: Path) -> None:
    """With --styled-search every named style is fitted on a third kind of player, the
    search level keeping the style first (``search:s4b50~NAME``), and the file says so;
    the default keeps its two."""
    from se4x_core.devtools import train_belief
    out = tmp_path / "belief.json"
    assert train_belief.main(["--seeds", "1", "--max-rounds", "3", "--styled-search",
                              "--out", str(out)]) == 0
    model = EvidenceModel.load(out)
    assert {name: len(kinds) for name, kinds in model.means.items()} == {
        name: 2 if name == "default" else 3 for name in CANDIDATES}
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["provenance"]["command"].endswith("--max-rounds 3 --styled-search")
    assert "search:s4b50~NAME" in doc["provenance"]["games"]


def test_an_assumed_style_takes_over_the_futures_from_its_round() -> None:
    """``search:s4b50o^raider/3``: until round 3 the futures draw from the belief; from
    round 3 every opponent is the raider, whatever the evidence, and the player's own
    entry stays empty."""
    game = Game.new_game({"players": 2, "seed": 4})
    bots = [RuleBot(40), RuleBot(41)]
    assumed, plain = Belief(assumption=("raider", 3)), Belief()
    raider = CANDIDATES["raider"].encode()
    seen_rounds = set()
    while game.state.round < 5:
        player = game.current_player
        if player == 1:
            obs = game.observation(1)
            assumed.observe(obs)
            plain.observe(obs)
            mix = assumed.mixture(2, 1)
            assert mix[1] == []
            if obs["round"] >= 3:
                assert mix[0] == [(float(n == "raider"), c.encode())
                                  for n, c in CANDIDATES.items()]
                assert draw(mix[0], random.Random(obs["round"])) == raider
            else:
                assert mix == plain.mixture(2, 1)
            seen_rounds.add(obs["round"])
        game.apply(ask(bots[player], game, player))
    assert {1, 2, 3, 4} <= seen_rounds
    assert assumed.posterior(0) == plain.posterior(0)  # the belief itself goes on


def test_an_assumption_needs_the_belief_and_a_known_style() -> None:
    assert make_bot("search:s1b2o^raider/10", 1).belief.assumption == ("raider", 10)
    assert make_bot("search:s1b2og~turtle^rush", 1).belief.assumption == ("rush", 1)
    for spec, why in (("search:s1b2^raider", "give the belief too"),
                      ("search:s1b2o^pirate", "assumed style 'pirate'"),
                      ("search:s1b2o^raider/0", "a whole number from 1"),
                      ("search:s1b2o^raider/x", "a whole number from 1")):
        with pytest.raises(ValueError, match=why):
            make_bot(spec, 1)
    with pytest.raises(ValueError, match="assumed style 'pirate'"):
        Belief(assumption=("pirate", 1))
