"""The compiled and the interpreted engine play the same games bit for bit.

One source, two builds: a random playout and a self-play game run here
(compiled after a normal install) and in a child process with
SE4X_PURE_PYTHON=1 must end in identical states.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from se4x_core.devtools import selfplay
from se4x_core.game import state_to_json
from se4x_core.rules import engine
from se4x_core.sim import playout

pytestmark = pytest.mark.slow

# Not marked core: each test runs both modes itself (a child process interpreted), so
# test_build's interpreted rerun would only repeat the same comparison.

_SCRIPT = """
import hashlib, json
from se4x_core.game import state_to_json
from se4x_core.rules import engine
from se4x_core.sim import playout
state = engine.new_state({"players": %d, "seed": %d})
n = playout.random_playout(state, %d, %d)
text = json.dumps(state_to_json(state), sort_keys=True)
print(n, hashlib.sha256(text.encode()).hexdigest())
"""


def _digest_here(players: int, seed: int, playout_seed: int, cap: int) -> str:
    state = engine.new_state({"players": players, "seed": seed})
    n = playout.random_playout(state, playout_seed, cap)
    text = json.dumps(state_to_json(state), sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()
    return f"{n} {digest}"


def _digest_other_mode(players: int, seed: int, playout_seed: int, cap: int) -> str:
    env = dict(os.environ)
    if env.get("SE4X_PURE_PYTHON"):
        env.pop("SE4X_PURE_PYTHON")
    else:
        env["SE4X_PURE_PYTHON"] = "1"
    code = _SCRIPT % (players, seed, playout_seed, cap)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    return out.strip()


def _outputs_compiled_and_interpreted(script: str) -> tuple[str, str]:
    """What ``script`` prints run compiled and run with SE4X_PURE_PYTHON=1, each in
    a child process of its own."""
    compiled = {k: v for k, v in os.environ.items() if k != "SE4X_PURE_PYTHON"}
    outputs = [subprocess.run([sys.executable, "-c", script], env=env, check=True,
                              capture_output=True, text=True).stdout
               for env in (compiled, dict(compiled, SE4X_PURE_PYTHON="1"))]
    return outputs[0], outputs[1]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_playout_identical_compiled_and_interpreted(players: int, seed: int) -> None:
    assert _digest_here(players, seed, seed + 10, 4000) == \
        _digest_other_mode(players, seed, seed + 10, 4000)


def test_playout_is_reproducible() -> None:
    assert _digest_here(2, 5, 9, 2000) == _digest_here(2, 5, 9, 2000)


def test_selfplay_game_is_reproducible() -> None:
    config = {"players": 2, "board": "small", "max_rounds": 4}
    first = selfplay.play_game(config, 11, check=False)
    second = selfplay.play_game(config, 11, check=False)
    assert first == second


_POLICY_SCRIPT = """
import hashlib
from se4x_core.ai.strategy import strategy
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.sim import policy
from se4x_core.sim.rulebot.memory import PolicyMemory
config = %r
state = engine.new_state(config)
memory = PolicyMemory()
for player, (posture, plan) in enumerate(%r):
    memory.set_strategy(player, strategy(posture, plan).encode())
legal = ActionList()
codes = []
while state.phase != PH_GAME_OVER and len(codes) < %d:
    engine.write_legal(state, legal)
    codes.append(policy.choose(state, legal, memory))
    engine.apply_unchecked(state, codes[-1], None)
print(len(codes), hashlib.sha256(repr(codes).encode()).hexdigest(), state.hash64())
"""


@pytest.mark.parametrize("config,strategies", [
    ({"players": 2, "seed": 3, "max_rounds": 12}, [("default", "default")] * 2),
    ({"players": 3, "seed": 4, "max_rounds": 6, "advanced": ["fighters", "raiders", "mines",
                                                             "pipelines", "warp_points",
                                                             "doomsday", "scuttling"]},
     [("aggressive", "military"), ("raid", "expansion"), ("hold", "fortify")]),
], ids=["2p-default", "3p-advanced-strategies"])
def test_policy_identical_compiled_and_interpreted(config: dict[str, object],
                                                   strategies: list[tuple[str, str]]) -> None:
    """The compiled rule-based policy makes the same choices, odds and all, both ways."""
    here, there = _outputs_compiled_and_interpreted(
        _POLICY_SCRIPT % (config, strategies, 6000))
    assert here.strip() and here == there


_SEARCH_SCRIPT = """
from se4x_core.ai.ismcts import Search
from se4x_core.rules import engine
from se4x_core.sim import playout
from se4x_core.sim.infostate import search_state, unpack
state = engine.new_state({"players": 2, "seed": 4})
playout.playout(state, 9, 300, 1, 0)
search = Search(unpack(search_state(state, state.current_player)), state.current_player, 5)
search.run(iterations=40)
print(repr(search.tree.root_statistics()))
"""


def test_search_identical_compiled_and_interpreted() -> None:
    """The ISMCTS tree (visits and rewards, floating point included) is the same in both."""
    here, there = _outputs_compiled_and_interpreted(_SEARCH_SCRIPT)
    assert here.strip() and here == there


_BOTS_SCRIPT = """
import hashlib
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.game import Game
game = Game.new_game({"players": 2, "seed": 1, "board": "small", "max_rounds": 6,
                      "advanced": ["fighters", "mines", "raiders"]})
bots = [make_bot("search:s3b30h2g", 1), make_bot("search:s2b30v", 2)]
codes, battle_steps = [], 0
while not game.is_over and game.state.round <= 4:
    battle_steps += game.state.b_hex >= 0
    codes.append(ask(bots[game.current_player], game, game.current_player))
    game.apply(codes[-1])
print(len(codes), battle_steps, *[bot.searches for bot in bots],
      hashlib.sha256(repr(codes).encode()).hexdigest(), game.state.hash64())
"""


def test_search_bots_play_identically_compiled_and_interpreted() -> None:
    """Two search levels' choices, their strategic searches (two rounds ahead and greedy;
    the modelled battles scored by the win model), the determinizations, the rule-based
    player that executes them and their battle searches, are the same in both modes
    over a game's first four rounds, its first battle included.  This stands in for
    re-running the bots' own tests interpreted (test_build's docstring says why)."""
    here, there = _outputs_compiled_and_interpreted(_BOTS_SCRIPT)
    actions, battle_steps, *searches, _digest, _hash = here.split()
    assert int(actions) > 250 and int(battle_steps) >= 3, here  # a battle was fought
    assert searches == ["16", "16"], here  # every turn and phase was searched
    assert here == there
