"""Saving and loading: round trips, replays, and damaged saves refused whole."""

from __future__ import annotations

import copy
import json
import random

import pytest

from se4x_core.actions import Action
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.game import Game, SaveFormatError

pytestmark = pytest.mark.core


def played_game(seed=17, steps=500, players=2) -> Game:
    game = Game.new_game({"players": players, "seed": seed})
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(choose_aggressive(game.state, game.legal_codes(), rnd))
    return game


@pytest.fixture(scope="module")
def saved() -> str:
    return played_game().to_json()


def test_round_trip_equal_and_plays_on_identically(saved):
    """Game.to_json/from_json: a loaded game equals the saved one and continues the same
    (the dice live in the state)."""
    game = Game.from_json(saved)
    assert game.to_json() == saved
    other = Game.from_json(saved, verify=True)
    assert other == game
    rnd = random.Random(4)
    for _ in range(150):
        if game.is_over:
            break
        code = choose_aggressive(game.state, game.legal_codes(), rnd)
        assert game.apply(code) == other.apply(code)
        assert game == other


@pytest.mark.parametrize("players", [3, 4])
def test_round_trip_more_players(players):
    """Game.to_json/from_json: saves of 3- and 4-player games load and verify."""
    game = played_game(seed=2, steps=300, players=players)
    loaded = Game.from_json(game.to_json(), verify=True)
    assert loaded == game
    assert [loaded.observation(p) for p in range(players)] == \
        [game.observation(p) for p in range(players)]


def test_replay_reproduces_the_game(saved):
    """Game.replay: the config and the action list replay the game bit for bit."""
    game = Game.from_json(saved)
    replayed = Game.replay(game.config, game.actions)
    assert replayed == game


def test_save_in_mid_battle_round_trips():
    """Game.to_json: a game saved during a decision inside a battle loads the same."""
    for seed in range(40):
        game = Game.new_game({"players": 2, "seed": seed})
        rnd = random.Random(seed)
        for _ in range(3000):
            if game.is_over or game.phase in ("combat_fire", "combat_screen"):
                break
            game.apply(choose_aggressive(game.state, game.legal_codes(), rnd))
        if game.phase in ("combat_fire", "combat_screen"):
            break
    else:
        pytest.skip("no battle reached")
    loaded = Game.from_json(game.to_json(), verify=True)
    assert loaded == game and loaded.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("cut", [1, 10, 500, -200, -1])
def test_truncated_json_refused(saved, cut):
    """Damaged saves raise SaveFormatError: a truncated file."""
    text = saved[:cut] if cut > 0 else saved[:len(saved) + cut]
    with pytest.raises(SaveFormatError):
        Game.from_json(text)


@pytest.mark.parametrize("text", [
    "", "[]", "null", "42", '"se4x"', "{}", b"\xff\xfe\x00garbage",
    json.dumps({"format": "other-game", "version": 1}),
])
def test_not_a_save_refused(text):
    """Damaged saves raise SaveFormatError: not JSON, or not an se4x save."""
    with pytest.raises(SaveFormatError):
        Game.from_json(text)


def mutate(saved: str, change) -> str:
    doc = json.loads(saved)
    change(doc)
    return json.dumps(doc)


def set_state(key, value):
    return lambda doc: doc["state"].__setitem__(key, value)


def set_item(key, index, value):
    return lambda doc: doc["state"][key].__setitem__(index, value)


def live_slot(doc):
    return next(i for i, t in enumerate(doc["state"]["u_type"]) if t >= 0)


TAMPERED = {
    "version": lambda d: d.__setitem__("version", 99),
    "format": lambda d: d.__setitem__("format", "se4x-replay"),
    "config type": lambda d: d.__setitem__("config", []),
    "actions type": lambda d: d.__setitem__("actions", {}),
    "state missing": lambda d: d.pop("state"),
    "state field missing": lambda d: d["state"].pop("u_hex"),
    "array too short": lambda d: d["state"]["h_marker"].pop(),
    "array holds text": set_item("u_count", 0, "six"),
    "array holds float": set_item("cp", 0, 1.5),
    "huge number": set_item("u_hex", 0, 2 ** 40),
    "unknown board": set_state("board_name", "5p"),
    "player count": set_state("n_players", 3),
    "stage": set_state("stage", 77),
    "actor": set_state("actor", 9),
    "winner text": set_state("winner", "me"),
    "battle text": set_state("battle", "fight"),
    "unknown unit type": lambda d: d["state"]["u_type"].__setitem__(live_slot(d), 42),
    "unit off board": lambda d: d["state"]["u_hex"].__setitem__(live_slot(d), 5000),
    "group of nine": lambda d: d["state"]["u_count"].__setitem__(live_slot(d), 9),
    "negative cp": set_item("cp", 1, -4),
    "tech off chart": set_item("tech", 0, 9),
    "colony of nobody": set_item("h_col_owner", 30, 6),
    "unknown marker": set_item("h_marker", 30, 99),
    "order garbage": set_state("order", [5, 7]),
    "order text": set_state("order", ["a"]),
    "order position": set_state("order_pos", 9),
    "turn seven": set_state("turn", 7),
    "config text": set_state("config", "x"),
    "config players": lambda d: d["state"]["config"].__setitem__("players", 4),
    "lost unit": set_state("lost_unit", 9999),
    "peek unit": set_state("peek_unit", 9999),
    "last moved": set_state("last_moved", 99999),
    "generator zero": set_state("rng", 0),
    "generator negative": set_state("rng", -5),
    "generator too big": set_state("rng", 2 ** 80),
    "movement level": lambda d: d["state"]["u_mov"].__setitem__(live_slot(d), 99),
    "moved negative": lambda d: d["state"]["u_moved"].__setitem__(live_slot(d), -100),
    "homeworld": set_state("homeworld", [999, 999]),
    "alive": set_state("alive", [7, 1]),
    "bids text": set_state("bids", ["x", "y"]),
    "purchases garbage": set_state("purchases", [[["x"]], []]),
    "research garbage": set_state("researched", [[99], []]),
    "income hexes": set_state("income_hexes", [[999], []]),
    "battle hexes": set_state("battle_hexes", [999]),
    "econ report": set_state("econ_report", [1, 2]),
    "history": set_state("history", [5]),
    "action malformed": lambda d: d["actions"].append({"kind": "move"}),
    "action unknown": lambda d: d["actions"].append({"kind": "teleport"}),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_tampered_save_refused(saved, name):
    """Damaged saves raise SaveFormatError (never another exception, never a game that
    fails later): every tampered field is caught on loading."""
    text = mutate(saved, TAMPERED[name])
    with pytest.raises(SaveFormatError):
        game = Game.from_json(text)
        # a save that loads must be usable: observations and legal actions work
        game.legal_actions()
        for p in range(game.state.n_players):
            game.observation(p)
        for _ in range(30):
            if game.is_over:
                break
            game.apply(game.default_action())
        raise AssertionError(f"tampered save ({name}) was accepted")


def test_tampered_value_caught_by_verification(saved):
    """Game.from_json(verify=True): a plausible but altered value (more CP) does not match
    the action log and is refused."""
    text = mutate(saved, set_item("cp", 0, 29))
    Game.from_json(text)  # consistent on its own
    with pytest.raises(SaveFormatError, match="does not match"):
        Game.from_json(text, verify=True)


def test_illegal_action_in_log_refused(saved):
    """Game.from_json(verify=True) / Game.replay: an action log with an illegal action is
    refused with SaveFormatError naming the action."""
    doc = json.loads(saved)
    bad = copy.deepcopy(doc)
    bad["actions"].insert(3, Action("fire_colony").to_json())
    with pytest.raises(SaveFormatError, match="action 3"):
        Game.from_json(json.dumps(bad), verify=True)
    with pytest.raises(SaveFormatError):
        Game.replay(doc["config"], [Action.from_json(a) for a in bad["actions"]])


def test_bad_config_in_replay_refused(saved):
    """Game.replay: a config that cannot start a game is a damaged save."""
    with pytest.raises(SaveFormatError):
        Game.replay({"players": 9}, [])
    text = mutate(saved, lambda d: d.__setitem__("config", {"players": 9}))
    with pytest.raises(SaveFormatError):
        Game.from_json(text, verify=True)
