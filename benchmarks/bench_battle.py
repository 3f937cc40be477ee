"""Battles per second: 8 DD against 8 DD (no tech, open space), compiled vs interpreted.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_battle.py [--seconds S] [--json]

The compiled figure is measured in this process; the interpreted one in a
child process with ``SE4X_PURE_PYTHON=1`` (the whole package interpreted,
the dice included), so the ratio compares the same source run both ways.
Each figure is the best of a few timed runs of the kernel (set-up excluded).
Targets: >= 500,000 battles/s compiled on one core and >= 50x interpreted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from interpreted import interpreted_rate

from se4x_core import _puremode
from se4x_core.sim import combat_sim
from se4x_core.sim.battle_spec import parse_spec

SPEC = {"terrain": "open",
        "attacker": {"units": [{"type": "DD", "count": 8}]},
        "defender": {"units": [{"type": "DD", "count": 8}]}}


def battles_per_second(seconds: float, repeats: int = 3) -> float:
    """Best rate over ``repeats`` runs, each sized to take about ``seconds``."""
    sim = combat_sim.BattleSimulator(parse_spec(SPEC))
    trials = 100
    while True:  # grow the batch until one run takes a measurable time
        start = time.perf_counter()
        sim.run(trials=trials, seed=1)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 10:
            break
        trials *= 4
    trials = max(1, int(trials * seconds / elapsed))
    best = 0.0
    for seed in range(repeats):
        start = time.perf_counter()
        sim.run(trials=trials, seed=seed)
        best = max(best, trials / (time.perf_counter() - start))
    return best




def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(battles_per_second(args.seconds))
        return 0
    if not _puremode.module_is_compiled(combat_sim):
        print("combat_sim is not compiled here: run `bash tools/install.sh` first "
              "(and do not set SE4X_PURE_PYTHON)", file=sys.stderr)
        return 1
    compiled = battles_per_second(args.seconds)
    interpreted = interpreted_rate(__file__, args.seconds)
    result = {"benchmark": "8 DD vs 8 DD, open, no tech",
              "compiled_battles_per_s": round(compiled),
              "interpreted_battles_per_s": round(interpreted),
              "ratio": round(compiled / interpreted, 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['benchmark']}")
        print(f"  compiled     {compiled:12,.0f} battles/s")
        print(f"  interpreted  {interpreted:12,.0f} battles/s")
        print(f"  ratio        {compiled / interpreted:12.1f} x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
