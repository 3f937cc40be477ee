"""The learned evaluation's cost: features and win probabilities per call, compiled vs
interpreted.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_eval.py [--seconds S] [--json]

The search calls the evaluation at the end of every playout, so its cost is
per call on one state: the features of every player
(:mod:`se4x_core.sim.features`), then the shipped model's probabilities for
every player (:mod:`se4x_core.sim.evaluation`: features plus the logit's or
the MLP's arithmetic), on mid-game states of 2 and 4 players (seeded
heuristic playouts up to round 12, stopped before anybody wins).  Beside
them, the hand-made material share (``ismcts.evaluate`` for every player)
the learned evaluation would replace.  Compiled figures are measured here,
interpreted ones in a child process with ``SE4X_PURE_PYTHON=1`` (the same
states); target: well under 10 µs per player compiled.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Callable

from interpreted import compiled_against_interpreted

from se4x_core import _puremode
from se4x_core.ai import ismcts
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.state import State
from se4x_core.sim import evaluation, features, playout

PLAYERS = (2, 4)


def _state(players: int, rounds: int = 12) -> State:
    """A mid-game state: the latest of ``rounds`` in which nobody has won yet."""
    s = engine.new_state({"players": players, "seed": 12})
    for cap in range(1, rounds + 1):
        ahead = s.clone()
        playout.playout(ahead, 12 + cap, 100000, playout.POLICY_NAMES["heuristic"], cap)
        if ahead.phase == PH_GAME_OVER:
            break
        s = ahead
    return s


def _per_call(call: Callable[[], object], seconds: float) -> float:
    """Seconds per call, timed in batches until ``seconds`` have passed."""
    calls, elapsed, batch = 0, 0.0, 10
    while elapsed < seconds:
        start = time.perf_counter()
        for _ in range(batch):
            call()
        elapsed += time.perf_counter() - start
        calls += batch
        batch = min(batch * 2, 100000)
    return elapsed / calls


def measure(seconds: float) -> dict[str, float]:
    """Microseconds per call of each case (one state, every player)."""
    out: dict[str, float] = {}
    buffer = features.Features()
    for players in PLAYERS:
        s = _state(players)
        probs = array("d", [0.0] * players)
        cases: dict[str, Callable[[], object]] = {
            "features": lambda s=s: buffer.compute(s),
            "material": lambda s=s, n=players: [ismcts.evaluate(s, p) for p in range(n)],
        }
        for kind in evaluation.KINDS:
            model = evaluation.load_model(kind=kind)
            cases[kind] = lambda s=s, m=model, out=probs: m.probabilities(s, out)
        for name, call in cases.items():
            out[f"{name}_{players}p"] = 1e6 * _per_call(call, seconds)
    return out


def main(argv: list[str] | None = None) -> int:
    compiled = all(_puremode.module_is_compiled(m) for m in (features, evaluation))
    figures = compiled_against_interpreted(
        __file__, __doc__ or "", 1.0, lambda seconds, _here: measure(seconds), compiled, argv,
        child_seconds=lambda seconds: max(seconds / 4, 0.2),
        json_extra={"default_model": evaluation.default_model().kind})
    if figures is None:
        return 0
    fast, slow = figures
    print(f"shipped default: {evaluation.default_model().kind}; microseconds per call on one "
          f"state (every player), compiled vs interpreted")
    for key in fast:
        name, players = key.rsplit("_", 1)
        n = int(players[:-1])
        label = {"features": "features", "logit": "features + logit",
                 "mlp": "features + MLP", "material": "material share (ismcts)"}[name]
        print(f"{label:24s} {players}  {fast[key]:8.2f} us  ({fast[key] / n:6.2f} us/player)"
              f"  interpreted {slow[key]:9.1f} us  ratio {slow[key] / fast[key]:6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
