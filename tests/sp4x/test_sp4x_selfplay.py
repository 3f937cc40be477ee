"""Seeded self-play under the contract checks, and tests that the checks can fail.

Random and rule bots at 3 and 4 players, 51 games per player count (17 of each mix
of seats; benchmarks/sp4x_soak.py plays the thousand, a long soak being a benchmark's).
See se4x_core.games.sp4x.selfplay for the checks made after every action.
"""

from __future__ import annotations

import json

import pytest

from se4x_core.errors import IllegalActionError, SaveFormatError
from se4x_core.gamekit.checker import check_playthrough
from se4x_core.games.sp4x import observation as obs_module
from se4x_core.games.sp4x import rules
from se4x_core.games.sp4x.actions import Action, encode
from se4x_core.games.sp4x.bots import RandomBot, RuleBot, choose
from se4x_core.games.sp4x.game import Game
from se4x_core.games.sp4x.selfplay import ContractBroken, Stats, leak_check, play
from tests.helpers.sp4x_scenario import scenario, set_hand

pytestmark = pytest.mark.slow

GAMES = 51  # per player count: each mix of seats (_seats) 17 times


def _seats(players: int, index: int) -> list[str]:
    """All random, all rule, or one rule bot among random ones, in turn."""
    kind = index % 3
    if kind == 0:
        return ["random"] * players
    if kind == 1:
        return ["rule"] * players
    seats = ["random"] * players
    seats[index % players] = "rule"
    return seats


@pytest.mark.parametrize("players", [3, 4])
def test_selfplay_keeps_every_contract(players: int) -> None:
    stats = Stats()
    for index in range(GAMES):
        play(players, 1000 * players + index, _seats(players, index), stats, deep_every=40)
    assert stats.games == GAMES
    assert stats.hidden_varied > 0  # the leak check really permuted hidden cards
    assert stats.turn_limits == 0
    mixed = [i for i, seats in enumerate(stats.seats) if seats.count("rule") == 1]
    rule_wins = sum(1 for i in mixed if stats.seats[i].index("rule") in stats.winners[i])
    assert rule_wins > len(mixed) * 0.6  # the rule bot clearly beats random play


def test_bots_are_deterministic_and_restartable() -> None:
    game = Game.new_game({"players": 3, "seed": 4})
    for bot in (RandomBot(3), RuleBot(3)):
        first = choose(bot, game)
        bot.restart()
        assert choose(bot, game) == first and first in game.legal_actions()


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = Game.new_game({"players": 3, "seed": 9})
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="not a choice now"):
        game.apply(Action("end_turn"))
    with pytest.raises(IllegalActionError):
        game.apply(encode("draw", game.current_player))
    with pytest.raises(IllegalActionError, match="not an action code"):
        game.apply("draw")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        game.apply(1 << 40)
    assert game.to_json() == before


def _finished() -> Game:
    return play(3, 77, ["rule", "random", "random"])


def test_a_damaged_save_is_refused_naming_the_field() -> None:
    game = _finished()
    doc = json.loads(game.to_json())
    doc["state"]["score"][1] += 1
    with pytest.raises(SaveFormatError, match=r"state\.score\[1\]"):
        Game.from_json(json.dumps(doc))
    assert Game.from_json(json.dumps(doc), verify=False) == game
    doc = json.loads(game.to_json())
    doc["config"]["seed"] += 1
    with pytest.raises(SaveFormatError):
        Game.from_json(json.dumps(doc))
    doc = json.loads(game.to_json())
    doc["actions"] = doc["actions"][:-3]
    with pytest.raises(SaveFormatError, match="does not match"):
        Game.from_json(json.dumps(doc))
    doc = json.loads(game.to_json())
    doc["actions"][5] = encode("show_ai")
    with pytest.raises(SaveFormatError, match="action 5 cannot be replayed"):
        Game.from_json(json.dumps(doc))
    for text, reason in (("{", "invalid JSON"), ('{"format": "se4x-save"}', "not an SP4X"),
                         (game.to_json().replace('"version":1', '"version":9'), "version")):
        with pytest.raises(SaveFormatError, match=reason):
            Game.from_json(text)


def test_the_leak_check_catches_a_leaky_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker can fail: an observation showing an opponent's hand is caught."""
    game = Game.new_game({"players": 3, "seed": 1})
    original = obs_module.observation

    def leaky(state, viewer):  # type: ignore[no-untyped-def]
        seen = original(state, viewer)
        seen["players"][(viewer + 1) % state.n]["known"] = {"x": sum(state.hands[1][:3])}
        seen["turn"] = state.rng % 7
        return seen

    monkeypatch.setattr(obs_module, "observation", leaky)
    with pytest.raises(ContractBroken, match="hidden facts"):
        leak_check(game, 0, seeds=tuple(range(5)))


def test_the_clone_check_catches_a_shared_clone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "clone", lambda self: self)
    with pytest.raises(ContractBroken, match="clone"):
        check_playthrough("sp4x", {"players": 3}, 1)


def test_the_invariants_catch_a_lost_card() -> None:
    game = scenario()
    set_hand(game, 0, move=1)
    game.state.hands[0][0] = 0
    with pytest.raises(AssertionError, match="cards are not conserved"):
        rules.check_invariants(game.state)


def test_observation_shows_only_what_card_tracking_makes_certain() -> None:
    """Card tracking: shown-and-kept cards and cards drawn from the viewer are known; the
    rest of an opponent's hand is only a count."""
    game = scenario()
    set_hand(game, 0, move=1)
    set_hand(game, 1, war=1, men=2)
    set_hand(game, 2, build=1)
    game.state.phase = "draw"
    game._legal = None
    game.apply(Action("draw", player=1))
    drawn = next(iter(game.observation(0)["hand"].keys() - {"move"}), "move")
    assert game.observation(1)["players"][0]["known"] == {drawn: 1}
    assert game.observation(2)["players"][0]["known"] == {}
    assert game.observation(2)["players"][0]["hand_size"] == 2
    assert "rng" not in json.dumps(game.observation(2))
