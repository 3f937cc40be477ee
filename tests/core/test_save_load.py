"""Saving and loading: round trips, replays, and damaged saves refused whole.

A save (format version 2) is the config, the action codes and the state they
lead to (board, scalars by name, array fields by name).  Loading always
replays the actions and accepts the file only if the stored state agrees, so
every tampered field is refused, named; saves of the first format (actions
as JSON objects, the state as the old engine's dict) still load.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from se4x_core.actions import Action
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.game import Game, SaveFormatError, state_from_json, state_to_json
from se4x_core.rules.codes import C_INCOME

pytestmark = [pytest.mark.fast, pytest.mark.core]

DATA = Path(__file__).resolve().parent.parent / "data"
# Written by the engine before the rebuild (commit 4c1e0b2): a 2-player game on the
# small board, seed 5, 600 random actions (battles, a colony attack, economic phases).
V1_SAVE = DATA / "save_v1_2p_small_seed5.json"


def played_game(seed: int = 17, steps: int = 500, players: int = 2) -> Game:
    game = Game.new_game({"players": players, "seed": seed})
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seen = game.observation(game.current_player)
        game.apply(choose_aggressive(seen, game.legal_codes(), rnd))
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
        code = choose_aggressive(game.observation(game.current_player), game.legal_codes(), rnd)
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
            seen = game.observation(game.current_player)
            game.apply(choose_aggressive(seen, game.legal_codes(), rnd))
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


Change = Callable[[dict[str, Any]], Any]  # edits a decoded save in place


def mutate(saved: str, change: Change) -> str:
    doc = json.loads(saved)
    change(doc)
    return json.dumps(doc)


def set_scalar(name: str, value: Any) -> Change:
    return lambda doc: doc["state"]["scalars"].__setitem__(name, value)


def set_field(name: str, value: Any) -> Change:
    return lambda doc: doc["state"]["fields"].__setitem__(name, value)


def set_item(name: str, index: int, value: Any) -> Change:
    return lambda doc: doc["state"]["fields"][name].__setitem__(index, value)


def set_unit(name: str, value: Any) -> Change:
    """Change one array entry of the first live unit."""
    return lambda doc: doc["state"]["fields"][name].__setitem__(live_slot(doc), value)


def live_slot(doc: dict[str, Any]) -> int:
    return next(i for i, t in enumerate(doc["state"]["fields"]["u_type"]) if t >= 0)


def append_action(value: Any) -> Change:
    return lambda doc: doc["actions"].append(value)


# Every field of the first format's list has its counterpart here (the battle, the
# per-player purchase lists and the income hexes are scalars and fields now; the
# config, the income reports and the history are no longer in the state, so an
# unknown field named like them is tried instead).
TAMPERED: dict[str, Change] = {
    "version": lambda d: d.__setitem__("version", 99),
    "format": lambda d: d.__setitem__("format", "se4x-replay"),
    "config type": lambda d: d.__setitem__("config", []),
    "config text": lambda d: d.__setitem__("config", "x"),
    "config players": lambda d: d["config"].__setitem__("players", 4),
    "config seed": lambda d: d["config"].__setitem__("seed", 18),
    "config unknown": lambda d: d["config"].__setitem__("colour", "red"),
    "actions type": lambda d: d.__setitem__("actions", {}),
    "state missing": lambda d: d.pop("state"),
    "state not object": lambda d: d.__setitem__("state", [1]),
    "scalars missing": lambda d: d["state"].pop("scalars"),
    "fields missing": lambda d: d["state"].pop("fields"),
    "state field missing": lambda d: d["state"]["fields"].pop("u_hex"),
    "state scalar missing": lambda d: d["state"]["scalars"].pop("round"),
    "array too short": lambda d: d["state"]["fields"]["h_marker"].pop(),
    "array too long": lambda d: d["state"]["fields"]["cp"].append(0),
    "array holds text": set_item("u_count", 0, "six"),
    "array holds float": set_item("cp", 0, 1.5),
    "huge number": set_item("u_hex", 0, 2 ** 40),
    "unknown board": lambda d: d["state"].__setitem__("board", "5p"),
    "player count": set_scalar("n_players", 3),
    "hex count": set_scalar("n_hexes", 9),
    "phase": set_scalar("phase", 77),
    "current_player": set_scalar("current_player", 9),
    "winner text": set_scalar("winner", "me"),
    "battle text": set_scalar("b_hex", "fight"),
    "battle hex": set_scalar("b_hex", 30),
    "battle round": set_scalar("b_round", 3),
    "unknown unit type": set_unit("u_type", 42),
    "unit off board": set_unit("u_hex", 5000),
    "group of nine": set_unit("u_count", 9),
    "negative cp": set_item("cp", 1, -4),
    "tech off chart": set_item("tech", 0, 9),
    "colony of nobody": set_item("h_col_owner", 30, 6),
    "unknown marker": set_item("h_marker", 30, 99),
    "order garbage": set_field("order", [5, 7]),
    "order text": set_field("order", ["a"]),
    "order position": set_scalar("order_pos", 9),
    "turn seven": set_scalar("turn", 7),
    "lost unit": set_scalar("lost_unit", 9999),
    "peek unit": set_scalar("peek_unit", 9999),
    "last moved": set_scalar("last_moved", 99999),
    "generator zero": set_scalar("rng", 0),
    "generator negative": set_scalar("rng", -5),
    "generator too big": set_scalar("rng", 2 ** 80),
    "movement level": set_unit("u_mov", 99),
    "moved negative": set_unit("u_moved", -100),
    "screened": set_unit("u_flags", 64),
    "homeworld": set_field("homeworld", [999, 999]),
    "alive": set_field("alive", [7, 1]),
    "bids text": set_field("bids", ["x", "y"]),
    "purchases garbage": set_item("records", 0, ["x"]),
    "purchase records": set_field("n_records", [3, 0]),
    "research garbage": set_field("researched", [[99], []]),
    "income hexes": set_item("h_col_flags", 30, C_INCOME),
    "battle hexes": set_item("battle_hexes", 0, 999),
    "income": set_field("income", [999, 999]),
    "derived data": set_item("hx_units", 0, 5),
    "econ report": set_field("econ_report", [1, 2]),
    "history": set_field("history", [5]),
    "unknown scalar": set_scalar("config", 1),
    "action malformed": append_action({"kind": "move"}),
    "action unknown": append_action({"kind": "teleport"}),
    "action text": append_action("move"),
    "action float": append_action(1.5),
    "action bool": append_action(True),
    "action negative": append_action(-1),
    "action unknown kind": append_action(99 << 20),
    "action dropped": lambda d: d["actions"].pop(),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_tampered_save_refused(saved: str, name: str) -> None:
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


def test_tampered_value_caught_by_verification(saved: str) -> None:
    """Game.from_json: a plausible but altered value (more CP) does not match the action
    log and is refused, naming the field (loading always replays; ``verify`` or not)."""
    text = mutate(saved, set_item("cp", 0, 29))
    state_from_json(json.loads(text)["state"])  # well formed: only the replay can tell
    for verify in (False, True):
        with pytest.raises(SaveFormatError, match="does not match.*'cp'"):
            Game.from_json(text, verify=verify)


def test_illegal_action_in_log_refused(saved: str) -> None:
    """Game.from_json / Game.replay: an action log with an illegal action is refused
    with SaveFormatError naming the action."""
    doc = json.loads(saved)
    bad = copy.deepcopy(doc)
    bad["actions"].insert(3, Action("fire_colony").code)
    with pytest.raises(SaveFormatError, match="action 3"):
        Game.from_json(json.dumps(bad), verify=True)
    with pytest.raises(SaveFormatError):
        Game.replay(doc["config"], bad["actions"])


def test_bad_config_in_replay_refused(saved: str) -> None:
    """Game.replay: a config that cannot start a game is a damaged save."""
    with pytest.raises(SaveFormatError):
        Game.replay({"players": 9}, [])
    text = mutate(saved, lambda d: d.__setitem__("config", {"players": 9}))
    with pytest.raises(SaveFormatError):
        Game.from_json(text, verify=True)


def test_save_holds_codes_and_the_whole_state(saved: str) -> None:
    """Save format 2: the actions are integer codes and the state is every scalar and
    array field by name, enough to rebuild the state without replaying."""
    doc = json.loads(saved)
    assert doc["format"] == "se4x-save" and doc["version"] == 2
    assert all(isinstance(code, int) for code in doc["actions"])
    game = Game.from_json(saved)
    assert doc["actions"] == game.action_codes
    assert doc["state"] == state_to_json(game.state)
    assert state_from_json(doc["state"]) == game.state


@pytest.mark.parametrize("name, change", [
    ("scalar missing", lambda d: d["scalars"].pop("turn")),
    ("scalar text", lambda d: d["scalars"].__setitem__("turn", "1")),
    ("scalar bool", lambda d: d["scalars"].__setitem__("turn", True)),
    ("generator too big", lambda d: d["scalars"].__setitem__("rng", 2 ** 64)),
    ("generator negative", lambda d: d["scalars"].__setitem__("rng", -1)),
    ("scalar too big", lambda d: d["scalars"].__setitem__("turn", 2 ** 31)),
    ("hexes wrong", lambda d: d["scalars"].__setitem__("n_hexes", 5)),
    ("field missing", lambda d: d["fields"].pop("cp")),
    ("field short", lambda d: d["fields"]["u_hex"].pop()),
    ("field float", lambda d: d["fields"]["cp"].__setitem__(0, 2.5)),
    ("field huge", lambda d: d["fields"]["cp"].__setitem__(0, 2 ** 20)),
    ("board unknown", lambda d: d.__setitem__("board", "5p")),
    ("not an object", lambda d: d.clear()),
])
def test_state_from_json_names_what_is_malformed(saved: str, name: str,
                                                 change: Change) -> None:
    """state_from_json (the state alone, as the self-play check round-trips it): a
    malformed state raises SaveFormatError, never another exception, compiled or
    interpreted (a scalar must fit the compiled state's C types in both)."""
    doc = json.loads(saved)["state"]
    change(doc)
    with pytest.raises(SaveFormatError):
        state_from_json(doc)


# -- the first save format -------------------------------------------------------------
def test_first_format_save_still_loads() -> None:
    """A save written before the rebuild (version 1: actions as JSON objects, the old
    state dict) loads by replaying its actions, agrees with its stored state, plays on,
    and is written back in the current format."""
    text = V1_SAVE.read_text()
    doc = json.loads(text)
    assert doc["version"] == 1 and isinstance(doc["actions"][0], dict)
    game = Game.from_json(text)
    codes = [Action.from_json(a).code for a in doc["actions"]]
    assert game.action_codes == codes
    assert game == Game.replay(doc["config"], codes)
    state = game.state
    assert list(state.cp) == doc["state"]["cp"]
    assert list(state.u_type) == doc["state"]["u_type"]
    assert (state.round, state.turn, game.phase) == (doc["state"]["round"],
                                                      doc["state"]["turn"],
                                                      "economic_purchase")
    again = Game.from_json(game.to_json())
    assert json.loads(game.to_json())["version"] == 2 and again == game
    for _ in range(50):
        if game.is_over:
            break
        assert game.apply(game.default_action()) == again.apply(again.default_action())
    assert game == again


@pytest.mark.parametrize("name, change", [
    ("cp", lambda d: d["state"]["cp"].__setitem__(0, d["state"]["cp"][0] + 1)),
    ("unit", lambda d: d["state"]["u_hex"].__setitem__(0, 3)),
    ("round", lambda d: d["state"].__setitem__("round", 9)),
    ("generator", lambda d: d["state"].__setitem__("rng", 5)),
    ("action", lambda d: d["actions"].pop()),
    ("action malformed", lambda d: d["actions"].append({"kind": "move"})),
    ("action code", lambda d: d["actions"].append(Action("end_movement").code)),
    ("state type", lambda d: d.__setitem__("state", [])),
])
def test_tampered_first_format_save_refused(name: str, change: Change) -> None:
    """A first-format save is held to its stored state too: edits are refused."""
    text = mutate(V1_SAVE.read_text(), change)
    with pytest.raises(SaveFormatError):
        Game.from_json(text)
