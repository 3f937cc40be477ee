"""The self-play soak: a thousand seeded games, every invariant checked after every action.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/soak.py                 # 1,000 games, all cores
    .venv/bin/python benchmarks/soak.py --advanced      # ... with every advanced rule set
    .venv/bin/python benchmarks/soak.py --games 200 --workers 1 --json

The games are ``se4x_core.devtools.selfplay.mixed_config``'s (2, 3 and 4
players in turn, each 2-player board in turn, 6 rounds; 8 with
``--advanced``), seeds ``--seed`` onward.  After every action: the engine's
invariants, the leak check for every player, clone equality, the compact
round trip search uses, and every few actions the JSON save round trip.  The
test suite runs the first 27 of these games (tests/core/test_selfplay.py);
this is the long run, a benchmark because it takes minutes, not a test.

It prints the games, actions, battles and fallen homeworlds the checks met,
the time, and the first failure if there is one (exit status 1, with the
seed and action number that reproduce it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict

from se4x_core import data
from se4x_core.devtools.selfplay import InvariantBroken, run_mixed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--advanced", action="store_true",
                        help="every advanced rule set on (8 rounds a game)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    advanced = sorted(data.ADVANCED_RULES) if args.advanced else []
    rounds = 8 if args.advanced else 6
    try:
        summary = run_mixed(args.games, args.seed, rounds, args.workers, advanced)
    except InvariantBroken as exc:
        print(f"FAILED: {exc}", file=sys.stderr)
        return 1
    if args.json:
        figures = asdict(summary)
        del figures["results"]
        print(json.dumps(figures))
        return 0
    rules = "every advanced rule set" if advanced else "the basic game"
    print(f"soak: {summary.games} games of {rules} (seeds {args.seed}-"
          f"{args.seed + args.games - 1}, 2-4 players, every 2-player board, {rounds} rounds), "
          f"{args.workers} worker(s)")
    print(f"  {summary.actions} actions in {summary.seconds:.1f} s "
          f"({summary.actions / max(summary.seconds, 1e-9):.0f} actions/s, "
          f"{summary.seconds / max(summary.games, 1):.3f} s a game)")
    print(f"  battles {summary.battles}, homeworlds fallen {summary.fallen}, "
          f"games won {sum(summary.wins.values())}, stopped at the round limit "
          f"{summary.round_limit}")
    if advanced:
        m = summary.machines
        print(f"  Doomsday Machines: {m.appeared} appeared, {m.battles} battles, {m.hits} hits, "
              f"{m.destroyed} destroyed")
    print("  every invariant held after every action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
