"""Saves that cannot lie: a damaged or edited save loads as the same game or not at all.

Saves of seeded games are mutated thousands of times: truncated, bytes
flipped, every state field and scalar set to wrong values of every JSON
type, keys removed, actions edited, dropped, added or swapped.  Every load
must give back the identical game (same actions, same state) or raise one
clear :class:`SaveFormatError`; no mutation may load as a different game or
crash.  (Compiled only: each load replays the whole game.)
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.errors import SaveFormatError
from se4x_core.game import Game

pytestmark = pytest.mark.fast

WRONG_VALUES: tuple[Any, ...] = (None, True, -1, 7, 40000, -40000, 2.5, "x", [], {}, [1, 2])


def saved_games() -> list[Game]:
    games = []
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        game = Game.new_game({"players": players, "seed": seed, "max_rounds": 4})
        rnd = random.Random(seed)
        while not game.is_over:
            state = game.state
            bot = choose_heuristic if state.current_player % 2 else choose_aggressive
            game.apply(bot(game.observation(game.current_player), game.legal_codes(), rnd))
        games.append(game)
    return games


GAMES = saved_games()


def load_outcome(text: str | bytes, original: Game) -> str:
    """'same' or 'refused'; anything else fails the test with the reason."""
    try:
        loaded = Game.from_json(text)
    except SaveFormatError as exc:
        assert str(exc), "a refusal must say why"
        return "refused"
    if loaded.action_codes != original.action_codes:
        # Two independent actions swapped (one group's move and another's colonisation)
        # replay to the very same state: the same game, its log in another order.
        assert sorted(loaded.action_codes) == sorted(original.action_codes), \
            "loaded a different game"
    assert loaded == original, "loaded a different state"
    return "same"


def structural_mutations(doc: dict[str, Any], rnd: random.Random) -> Iterator[dict[str, Any]]:
    """Every state field and scalar set wrong, keys removed, actions edited."""
    state = doc["state"]
    for name in state["scalars"]:
        for value in rnd.sample(WRONG_VALUES, 4) + [state["scalars"][name] + 1]:
            bad = copy.deepcopy(doc)
            bad["state"]["scalars"][name] = value
            yield bad
    for name, values in state["fields"].items():
        for value in rnd.sample(WRONG_VALUES, 3):
            bad = copy.deepcopy(doc)
            bad["state"]["fields"][name] = value
            yield bad
        bad = copy.deepcopy(doc)
        index = rnd.randrange(len(values))
        bad["state"]["fields"][name][index] = values[index] + rnd.choice((-1, 1, 100))
        yield bad
        bad = copy.deepcopy(doc)
        bad["state"]["fields"][name] = values[:-1]
        yield bad
    for path in (("format",), ("version",), ("config",), ("actions",), ("state",),
                 ("state", "board"), ("state", "scalars"), ("state", "fields"),
                 ("config", "players"), ("config", "seed")):
        bad = copy.deepcopy(doc)
        holder = bad
        for key in path[:-1]:
            holder = holder[key]
        del holder[path[-1]]
        yield bad
    for key in doc["config"]:
        for value in rnd.sample(WRONG_VALUES, 3):
            bad = copy.deepcopy(doc)
            bad["config"][key] = value
            yield bad
    actions = doc["actions"]
    for _ in range(40):
        bad = copy.deepcopy(doc)
        index = rnd.randrange(len(actions))
        edit = rnd.randrange(5)
        if edit == 0:
            bad["actions"][index] = rnd.choice(WRONG_VALUES + (actions[index] + 1,))
        elif edit == 1:
            del bad["actions"][index]
        elif edit == 2:
            bad["actions"].insert(index, rnd.choice(actions))
        elif edit == 3:
            other = rnd.randrange(len(actions))
            bad["actions"][index], bad["actions"][other] = actions[other], actions[index]
        else:
            bad["actions"] = actions[:index]
        yield bad


@pytest.mark.slow
def test_structural_mutations_never_load_a_different_game() -> None:
    outcomes = {"same": 0, "refused": 0}
    rnd = random.Random(7)
    for game in GAMES:
        doc = json.loads(game.to_json())
        assert load_outcome(game.to_json(), game) == "same"
        for bad in structural_mutations(doc, rnd):
            outcomes[load_outcome(json.dumps(bad), game)] += 1
    assert sum(outcomes.values()) > 1500
    assert outcomes["refused"] > 0.95 * sum(outcomes.values())


@pytest.mark.parametrize("game_index", range(len(GAMES)))
def test_damaged_bytes_never_load_a_different_game(game_index: int) -> None:
    game = GAMES[game_index]
    text = game.to_json().encode()
    rnd = random.Random(game_index)
    outcomes = {"same": 0, "refused": 0}
    for _ in range(250):
        damaged = bytearray(text)
        if rnd.random() < 0.3:
            damaged = damaged[:rnd.randrange(len(damaged))]
        else:
            for _ in range(rnd.randint(1, 4)):
                damaged[rnd.randrange(len(damaged))] ^= 1 << rnd.randrange(8)
        outcomes[load_outcome(bytes(damaged), game)] += 1
    assert outcomes["refused"] > 0  # the damage was seen
