"""Random-playout atomic actions per second, compiled vs interpreted.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_playout.py [--seconds S] [--json]

A playout starts from a fresh 2-player standard game (homeworlds placed at
random) and applies uniformly random legal actions (legal-move generation
plus apply, the work Monte Carlo search repeats) until the game ends or a
cap.  The compiled figure is measured in this process, the interpreted one
in a child process with ``SE4X_PURE_PYTHON=1``; the ratio compares the same
source run both ways, with the same seeds and so the same games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from interpreted import interpreted_rate

from se4x_core import _puremode, engine, playout

CAP = 3000  # actions per playout


def actions_per_second(seconds: float) -> float:
    """Actions per second over as many seeded playouts as fit in ``seconds``."""
    actions = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds:
        state = engine.new_state({"players": 2, "seed": seed})
        start = time.perf_counter()
        actions += playout.random_playout(state, seed, CAP)
        elapsed += time.perf_counter() - start
        seed += 1
    return actions / elapsed




def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(actions_per_second(args.seconds))
        return 0
    compiled = _puremode.module_is_compiled(playout) and _puremode.module_is_compiled(engine)
    fast = actions_per_second(args.seconds)
    slow = interpreted_rate(__file__, args.seconds)
    result = {"compiled_actions_per_s": round(fast), "interpreted_actions_per_s": round(slow),
              "ratio": round(fast / slow, 2), "compiled_modules": compiled}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"random playout, 2 players: {fast:,.0f} actions/s compiled"
              f"{'' if compiled else ' (NOT compiled: build first)'}, "
              f"{slow:,.0f} interpreted, ratio {fast / slow:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
