"""The strategy search: samples, playouts and playout actions per second, 1 and 2 cores,
compiled vs interpreted, beside the battle search's ISMCTS iterations at the same position.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_strategic.py [--seconds S] [--json]

The position is ``bench_search.py``'s: a 2-player standard-board game played by the
heuristic bots into round 4, searched from the current player's information set.

What the units contain (the issue's "comparable iteration"):

* an ISMCTS **iteration** (``bench_search.py``, the battle search): one
  determinization, a descent over macro actions and a *heuristic* playout to the end
  of the next round, scored by the material share;
* a strategy-search **playout** (:mod:`se4x_core.ai.strategic`): one determinization
  reused by all options of a sample, then the compiled *rule policy*
  (:mod:`se4x_core.sim.policy`, the rule bot's decisions: odds tables, war plans,
  purchase plans) for every player to the end of the next round, scored by the learned
  win probability (features + MLP);
* a **sample** is one determinization and one playout per live option (5 postures).

So a playout is the strategy search's comparable iteration: the same horizon, a far
more expensive policy per action.  "2 cores" runs two searches at once in two
processes (root parallelism, as the levels do) and reports their total.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench_search import _position
from bench_search import _rate as ismcts_rate
from interpreted import compiled_against_interpreted

from se4x_core import _puremode
from se4x_core.ai.strategic import StrategySearch
from se4x_core.ai.strategy import DEFAULT, POSTURES
from se4x_core.sim import policy


def _rates(seconds: float, seed: int = 1) -> dict[str, float]:
    """Samples, playouts and actions per second of one posture search."""
    from se4x_core.sim.infostate import unpack

    packed, player = _position()
    options = [DEFAULT.with_posture(POSTURES[name]).encode() for name in POSTURES]
    search = StrategySearch(unpack(packed), player, seed, options, DEFAULT.encode())
    start = time.perf_counter()
    actions = 0
    samples = 0
    while time.perf_counter() - start < seconds:
        before = search.actions
        search.sample()
        search.alive = [True] * len(options)  # none dropped: each sample plays them all
        actions += search.actions - before
        samples += 1
    elapsed = time.perf_counter() - start
    return {"samples": samples / elapsed, "playouts": samples * len(options) / elapsed,
            "actions": actions / elapsed}


def _total(parts: list[dict[str, float]]) -> dict[str, float]:
    return {key: sum(part[key] for part in parts) for key in parts[0]}


def measure(seconds: float, two_cores: bool) -> dict[str, object]:
    out: dict[str, object] = {"one_core": _rates(seconds),
                              "ismcts_one_core": ismcts_rate(seconds)}
    if two_cores:
        with ProcessPoolExecutor(max_workers=2) as pool:
            out["two_cores"] = _total(list(pool.map(_rates, [seconds, seconds], [1, 2])))
            out["ismcts_two_cores"] = sum(pool.map(ismcts_rate, [seconds, seconds], [1, 2]))
    return out


def main(argv: list[str] | None = None) -> int:
    figures = compiled_against_interpreted(
        __file__, __doc__ or "", 5.0, lambda seconds, here: measure(seconds, two_cores=here),
        _puremode.module_is_compiled(policy), argv)
    if figures is None:
        return 0
    fast, slow = figures
    one, two, pure = fast["one_core"], fast["two_cores"], slow["one_core"]
    assert isinstance(one, dict) and isinstance(two, dict) and isinstance(pure, dict)
    for unit in ("samples", "playouts", "actions"):
        print(f"{unit:9} 1 core {one[unit]:10,.0f}/s  2 cores {two[unit]:10,.0f}/s  "
              f"interpreted {pure[unit]:9,.1f}/s  ratio {one[unit] / pure[unit]:.1f}x")
    print(f"ISMCTS iterations (heuristic playouts): 1 core {fast['ismcts_one_core']:,.0f}/s  "
          f"2 cores {fast['ismcts_two_cores']:,.0f}/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
