"""The engine's basic operations, timed compiled vs interpreted.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_core.py [--seconds S] [--json]

Each figure is microseconds per call from Python (the call itself included),
the median of a few timed batches, on positions of a seeded 2-player game:

* ``clone``: copying a mid-game state (target <= 0.2 us);
* ``determinize``: one sample of a mid-game state for the player to move,
  into a reused state (target <= 2 us);
* ``legal_movement`` / ``legal_purchase``: the legal actions of a movement
  decision (target <= 1 us) and of a purchase decision, into a reused list;
* ``infoset_key``: the key of the player to move's information set;
* ``save_3000`` / ``load_3000``: ``Game.to_json`` of a 3,000-action game
  (target <= 2 ms) and ``Game.from_json``, which replays all its actions.

The interpreted figures come from a child process with ``SE4X_PURE_PYTHON=1``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from interpreted import compiled_against_interpreted

from se4x_core import _puremode
from se4x_core.ai.random_bot import choose
from se4x_core.game import Game
from se4x_core.phases import PH_BUY, PH_MOVEMENT
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.sim.determinize import determinize_into, infoset_key

GAME_ACTIONS = 3000


def long_game() -> tuple[Game, list, list]:
    """A 3,000-action game (random kind-first players never finish), and positions met."""
    game = Game.new_game({"players": 2, "seed": 11})
    rnd = random.Random(11)
    moves, buys = [], []
    while len(game.action_codes) < GAME_ACTIONS:
        state = game.state
        if state.phase == PH_MOVEMENT and state.round >= 3 and len(moves) < 200:
            moves.append(state.clone())
        if state.phase == PH_BUY and len(buys) < 50:
            buys.append(state.clone())
        game.apply(choose(game.legal_codes(), rnd))
    return game, moves, buys


def per_call(work: Callable[[], object], seconds: float, inner: int) -> float:
    """Median microseconds per call over batches of ``inner`` calls."""
    samples = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(samples) < 3:
        start = time.perf_counter()
        for _ in range(inner):
            work()
        samples.append((time.perf_counter() - start) / inner * 1e6)
    return statistics.median(samples)


def cycling(states: list, action: Callable) -> Callable[[], object]:
    """A zero-argument call applying ``action`` to the next state each time."""
    position = [0]

    def call() -> object:
        position[0] = (position[0] + 1) % len(states)
        return action(states[position[0]])
    return call


def measure(seconds: float) -> dict[str, float]:
    game, moves, buys = long_game()
    mid = moves[len(moves) // 2]
    scratch = mid.clone()
    out = ActionList()
    text = game.to_json()
    fast = _puremode.module_is_compiled(engine)
    inner = 2000 if fast else 20
    figures = {
        "clone": per_call(mid.clone, seconds, inner),
        "determinize": per_call(lambda: determinize_into(scratch, mid, mid.current_player, 7),
                                seconds, inner),
        "legal_movement": per_call(cycling(moves, lambda s: engine.write_legal(s, out)),
                                   seconds, inner),
        "legal_purchase": per_call(cycling(buys, lambda s: engine.write_legal(s, out)),
                                   seconds, inner),
        "infoset_key": per_call(lambda: infoset_key(mid, mid.current_player), seconds, inner),
        "save_3000": per_call(game.to_json, seconds, 5 if fast else 1),
        "load_3000": per_call(lambda: Game.from_json(text), seconds, 1),
    }
    return figures


def main(argv: list[str] | None = None) -> int:
    """Microseconds per call (the JSON's figures are times, not rates)."""
    figures = compiled_against_interpreted(__file__, __doc__ or "", 1.0,
                                           lambda seconds, _here: measure(seconds),
                                           _puremode.module_is_compiled(engine), argv)
    if figures is None:
        return 0
    fast, slow = figures
    for name, value in fast.items():
        print(f"{name:15s} {value:12.3f} us compiled {slow[name]:14.1f} us interpreted "
              f"ratio {slow[name] / value:7.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
