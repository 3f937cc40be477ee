"""Actions: code and JSON round trips, and illegal actions leaving the game untouched."""

from __future__ import annotations

import random

import pytest

from se4x_core import data
from se4x_core.actions import KINDS, PARAM_LIMIT, Action, ActionFormatError
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.game import Game, IllegalActionError
from tests.helpers.scenario import CENTRE, act, add, force_dice, scenario

pytestmark = [pytest.mark.fast, pytest.mark.core]


def sample_actions():
    """One action of every kind, with parameters at both ends of their range."""
    out = []
    for kind, (_, names) in KINDS.items():
        for value in (0, 1, PARAM_LIMIT - 1):
            out.append(Action(kind, **{n: value for n in names}))
    return out


@pytest.mark.parametrize("action", sample_actions(), ids=str)
def test_action_code_and_json_round_trip(action):
    """Actions (module docstring): an Action converts losslessly to and from its integer
    code and its JSON form."""
    assert Action.from_code(action.code) == action
    assert Action.from_json(action.to_json()) == action
    assert action.to_json()["kind"] == action.kind


def test_codes_are_distinct():
    """Actions: different actions have different codes."""
    actions = sample_actions()
    assert len({a.code for a in actions}) == len(set(actions))


@pytest.mark.parametrize("bad", [
    {"kind": "warp"}, {"kind": "move", "unit": 1}, {"kind": "move", "unit": 1, "dir": 2, "x": 1},
    {"kind": "move", "unit": -1, "dir": 0}, {"kind": "move", "unit": PARAM_LIMIT, "dir": 0},
    {"kind": "move", "unit": "3", "dir": 0}, {"kind": "move", "unit": True, "dir": 0},
    {"kind": "end_movement", "unit": 1}, {"unit": 1}, [], "move", None, {"kind": 3},
])
def test_malformed_json_actions_refused(bad):
    """Actions: malformed JSON actions raise ActionFormatError."""
    with pytest.raises(ActionFormatError):
        Action.from_json(bad)


@pytest.mark.parametrize("code", [-1, 0, 99 << 20, (len(KINDS) + 1) << 20])
def test_unknown_codes_refused(code):
    """Actions: a code that names no action kind raises ActionFormatError."""
    with pytest.raises(ActionFormatError):
        Action.from_code(code)


def test_bad_parameters_refused_on_construction():
    """Actions: parameters a kind does not take, or out of range, are refused."""
    with pytest.raises(ActionFormatError):
        Action("end_movement", unit=3)
    with pytest.raises(ActionFormatError):
        Action("fire", target=PARAM_LIMIT)
    with pytest.raises(ActionFormatError):
        Action("nonsense")


def test_every_legal_action_round_trips_in_play():
    """Actions: every action the engine offers in a game survives code and JSON."""
    game = Game.new_game({"players": 2, "seed": 21})
    rnd = random.Random(5)
    for _ in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert Action.from_code(action.code) == action
            assert Action.from_json(action.to_json()) == action
        assert [a.code for a in legal] == game.legal_codes()
        seen = game.observation(game.current_player)
        game.apply(choose_aggressive(seen, game.legal_codes(), rnd))


def test_default_action_is_legal():
    """Game.default_action: the auto-resolve policy always offers a legal action."""
    game = Game.new_game({"players": 3, "seed": 8})
    rnd = random.Random(2)
    for i in range(300):
        if game.is_over:
            break
        assert game.default_action() in game.legal_actions()
        if i % 3:
            game.apply(game.default_action())
        else:
            seen = game.observation(game.current_player)
            game.apply(choose_aggressive(seen, game.legal_codes(), rnd))


def test_illegal_actions_leave_state_unchanged_during_play():
    """Game.apply: an action that is not legal now raises IllegalActionError and changes
    nothing (state, action log)."""
    game = Game.new_game({"players": 2, "seed": 13})
    rnd = random.Random(3)
    probes = [Action(kind, **{n: 1 for n in names}) for kind, (_, names) in KINDS.items()]
    for step in range(250):
        if game.is_over:
            break
        if step % 10 == 0:
            legal = set(game.legal_actions())
            before = game.state.clone()
            log = list(game.actions)
            for action in probes:
                if action in legal:
                    continue
                with pytest.raises(IllegalActionError):
                    game.apply(action)
                with pytest.raises(IllegalActionError):
                    game.apply(action.code)
            assert game.state == before
            assert game.actions == log
        seen = game.observation(game.current_player)
        game.apply(choose_aggressive(seen, game.legal_codes(), rnd))


@pytest.mark.parametrize("code", [-1, 0, 1 << 31, -(1 << 31) - 1, 1 << 40])
def test_a_code_no_action_has_is_refused_as_illegal(code):
    """Game.apply of any integer that is no action's code (one too large for the compiled
    engine's C int too) raises IllegalActionError, changes nothing, and explain says why."""
    game = Game.new_game({"players": 2, "seed": 13})
    before = game.state.clone()
    with pytest.raises(IllegalActionError, match="no action has code"):
        game.apply(code)
    assert game.state == before and game.actions == []
    assert game.explain(code) == f"no action has code {code}"


def test_only_exactly_a_legal_code_is_accepted():
    """A legal code with a bit more set (in a field its kind does not use, or above every
    field), a bool, or a float equal to a legal code: each is refused by Game.apply and
    Game.explain, never taken for the legal action it resembles; Action.from_code never
    decodes a code into an action whose code is another."""
    game = Game.new_game({"players": 2, "seed": 13})
    rnd = random.Random(5)
    masked = 0
    for _ in range(60):
        legal = game.legal_codes()
        code = rnd.choice(legal)
        variants: list[object] = [code | 1 << bit for bit in range(31)
                                  if code | 1 << bit not in legal]
        variants += [code + (1 << 32), float(code), True]
        before = game.state.clone()
        for bad in variants:
            with pytest.raises(IllegalActionError):
                game.apply(bad)  # type: ignore[arg-type]
            assert game.explain(bad) is not None  # type: ignore[arg-type]
            if isinstance(bad, int) and not isinstance(bad, bool):
                try:
                    assert Action.from_code(bad).code == bad
                except ActionFormatError:
                    masked += 1
        assert game.state == before
        game.apply(code)
    assert masked > 100  # codes a lenient decoder would have read as a legal action


def test_illegal_action_message_explains():
    """IllegalActionError says why (purchases name the problem)."""
    game = scenario()
    with pytest.raises(IllegalActionError, match="not legal now"):
        act(game, "fire", target=0)
    state = game.state
    add(state, 0, data.DD, CENTRE)
    snapshot = state.clone()
    with pytest.raises(IllegalActionError):
        act(game, "move", unit=state.live_units(0)[0], dir=7)
    assert state == snapshot


def test_game_over_refuses_every_action():
    """Game over: no legal actions, and any action is refused."""
    game = scenario()
    game.state.h_col_cp[game.state.homeworld[1]] = 5
    add(game.state, 0, data.DD, game.state.homeworld[1])
    act(game, "end_movement")
    while not game.is_over:
        if game.phase == "colony_attack":
            force_dice(game.state, 1)
        game.apply(game.default_action())
    assert game.legal_actions() == [] and game.winner == 0
    with pytest.raises(IllegalActionError):
        game.apply(Action("end_movement"))


def test_a_code_read_twice_is_the_same_action_and_a_bool_is_still_refused() -> None:
    """from_code keeps the actions it has read (frozen: one object serves every reader);
    what it keeps must not let in what it refuses (True == 1 as a dictionary key)."""
    game = Game.new_game({"players": 2, "seed": 3})
    code = game.legal_codes()[0]
    first = Action.from_code(code)
    assert Action.from_code(code) is first and first.code == code
    kept = Action._READ
    kept.update({1: first, 0: first})  # as if codes 1 and 0 had been read
    try:
        for bad in (True, False, -1, float(code)):
            with pytest.raises(ActionFormatError):
                Action.from_code(bad)  # type: ignore[arg-type]
    finally:
        del kept[1], kept[0]
