"""The SP4X self-play soak: a thousand seeded games per player count, every check on.

Run from the repo root::

    SE4X_PURE_PYTHON=1 .venv/bin/python benchmarks/sp4x_soak.py
    SE4X_PURE_PYTHON=1 .venv/bin/python benchmarks/sp4x_soak.py --games 200 --deep-every 0

Per player count (3 and 4) the games rotate through three tables: all random
bots, all rule bots, and one rule bot among random ones (its seat rotating).
After every action the invariants and the score/event agreement are checked;
every ``--deep-every`` actions the clones, the leak check, ``explain`` and
the saves (``se4x_core.games.sp4x.selfplay``).  It prints the games, the
actions, the mean game length, the score spread, how often the rule bot won
against random bots, and the time; the first failure stops it (exit status 1)
with the seed that reproduces it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from se4x_core.games.sp4x.selfplay import ContractBroken, Stats, play, seats_for


def report(players: int, stats: Stats, seconds: float) -> None:
    spread = [max(s) - min(s) for s in stats.scores]
    winning = [max(s) for s in stats.scores]
    every = [x for s in stats.scores for x in s]
    mixed = [i for i, seats in enumerate(stats.seats) if seats.count("rule") == 1]
    rule_wins = sum(1 / len(stats.winners[i]) for i in mixed
                    if stats.seats[i].index("rule") in stats.winners[i])
    ties = sum(1 for w in stats.winners if len(w) > 1)
    print(f"{players} players: {stats.games} games, {stats.actions} actions, "
          f"{seconds:.1f} s ({stats.actions / seconds:.0f} actions/s)")
    print(f"  game length: mean {statistics.mean(stats.lengths):.0f} actions "
          f"(min {min(stats.lengths)}, max {max(stats.lengths)})")
    print(f"  scores: mean {statistics.mean(every):.1f}, sd {statistics.pstdev(every):.1f}, "
          f"winner mean {statistics.mean(winning):.1f}, "
          f"winner-loser spread mean {statistics.mean(spread):.1f}; shared wins {ties}")
    print(f"  rule bot vs {players - 1} random bots: won {rule_wins:.0f} of {len(mixed)} "
          f"({100 * rule_wins / max(1, len(mixed)):.1f} %; an even share is "
          f"{100 / players:.0f} %)")
    print(f"  leak-check samples with really different hidden hands: {stats.hidden_varied}; "
          f"ages cut by the turn limit: {stats.turn_limits}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deep-every", type=int, default=40,
                        help="actions between the costly checks (0: none)")
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    args = parser.parse_args()
    for players in args.players:
        stats = Stats()
        start = time.perf_counter()
        for index in range(args.games):
            seed = args.seed + index
            try:
                play(players, seed, seats_for(players, index), stats, args.deep_every)
            except ContractBroken as exc:
                print(f"FAILED: {players} players, seed {seed}, seats "
                      f"{seats_for(players, index)}: {exc}")
                return 1
        report(players, stats, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
