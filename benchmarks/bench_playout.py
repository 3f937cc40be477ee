"""Playouts: atomic actions and whole games per second, compiled vs interpreted.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_playout.py [--seconds S] [--json]

* uniform random playouts, 2 players: a fresh game (homeworlds placed at
  random) played by uniformly random legal actions to the end of round 20
  or 3,000 actions (a uniformly random game practically never ends);
  target: >= 1,000,000 actions/s per core compiled and >= 50x interpreted;
* heuristic playouts (:mod:`se4x_core.sim.playout`), 2 and 4 players, to
  the end of the game or round 40: actions/s and games/s, and how many
  games ended with a winner;
* rule-based policy playouts (the rule bot compiled, :mod:`se4x_core.sim.policy`,
  every player with the default strategy), 2 and 4 players, to the end of the
  game or round 40; target: >= 50,000 actions/s per core for 2 players.

Compiled figures are measured in this process, interpreted ones in a child
process with ``SE4X_PURE_PYTHON=1``: the same source run both ways, with the
same seeds and so the same games.
"""

from __future__ import annotations

import sys
import time

from interpreted import compiled_against_interpreted

from se4x_core import _puremode
from se4x_core.rules import engine
from se4x_core.sim import playout, policy

CASES = (  # name, players, policy, action cap, round cap
    ("uniform_2p", 2, playout.POLICY_NAMES["uniform"], 3000, 20),
    ("heuristic_2p", 2, playout.POLICY_NAMES["heuristic"], 100000, 40),
    ("heuristic_4p", 4, playout.POLICY_NAMES["heuristic"], 100000, 40),
    ("rule_2p", 2, playout.POLICY_NAMES["rule"], 100000, 40),
    ("rule_4p", 4, playout.POLICY_NAMES["rule"], 100000, 40),
)


def measure(seconds: float) -> dict[str, float]:
    """Per case: actions/s, games/s and the share of games won, over ``seconds`` each."""
    out: dict[str, float] = {}
    for name, players, chosen, cap, round_cap in CASES:
        actions = games = won = 0
        elapsed = 0.0
        seed = 0
        while elapsed < seconds or games < 3:
            state = engine.new_state({"players": players, "seed": seed})
            start = time.perf_counter()
            actions += playout.playout(state, seed, cap, chosen, round_cap)
            elapsed += time.perf_counter() - start
            games += 1
            won += state.winner >= 0
            seed += 1
        out[f"{name}_actions_per_s"] = actions / elapsed
        out[f"{name}_games_per_s"] = games / elapsed
        out[f"{name}_won"] = won / games
    return out


def main(argv: list[str] | None = None) -> int:
    compiled = all(_puremode.module_is_compiled(module) for module in (playout, engine, policy))
    figures = compiled_against_interpreted(__file__, __doc__ or "", 3.0,
                                           lambda seconds, _here: measure(seconds),
                                           compiled, argv)
    if figures is None:
        return 0
    fast, slow = figures
    for name, _, _, _, _ in CASES:
        key = f"{name}_actions_per_s"
        print(f"{name:13s} {fast[key]:12,.0f} actions/s compiled {slow[key]:10,.0f} interpreted "
              f"ratio {fast[key] / slow[key]:6.1f}x | {fast[name + '_games_per_s']:8.1f} "
              f"games/s compiled, {100 * fast[name + '_won']:3.0f}% won")
    return 0


if __name__ == "__main__":
    sys.exit(main())
