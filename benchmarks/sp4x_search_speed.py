"""Seconds per decision of the SP4X levels, beside the rule bot's in the same process.

Run from the repo root::

    SE4X_PURE_PYTHON=1 .venv/bin/python benchmarks/sp4x_search_speed.py
    SE4X_PURE_PYTHON=1 .venv/bin/python benchmarks/sp4x_search_speed.py --games 4 --levels normal

Each level plays one seat of seeded 3- and 4-player games against rule bots;
every one of its decisions is timed (the ones with a single legal action
included: a player waits for those too).  It prints the mean, the 95th
percentile and the slowest decision per level, and the rule bot's mean as the
reference.  Figures for reading (the Normal budget is meant to keep a decision
under 0.25 s on a 2-core machine); nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

from se4x_core.games.sp4x.bots import RuleBot, choose
from se4x_core.games.sp4x.game import Game
from se4x_core.games.sp4x.levels import make_bot


def timings(spec: str, games: int) -> list[float]:
    """Seconds of each decision ``spec`` made in ``games`` games per player count."""
    out: list[float] = []
    for players in (3, 4):
        for seed in range(games):
            game = Game.new_game({"players": players, "seed": 500 + seed})
            seat = seed % players
            bots = [make_bot(spec, seed) if p == seat else RuleBot(seed + p)
                    for p in range(players)]
            while not game.is_over:
                player = game.current_player
                start = time.perf_counter()
                action = choose(bots[player], game)
                if player == seat:
                    out.append(time.perf_counter() - start)
                game.apply(action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count")
    parser.add_argument("--levels", nargs="+", default=["normal", "hard"])
    args = parser.parse_args()
    for spec in ["rule", *args.levels]:
        seconds = sorted(timings(spec, args.games))
        p95 = seconds[int(0.95 * (len(seconds) - 1))]
        mean = statistics.mean(seconds)
        print(f"{spec:<8} {len(seconds):>5} decisions: mean {1000 * mean:7.2f} ms,"
              f" 95th percentile {1000 * p95:7.2f} ms, slowest {1000 * seconds[-1]:7.1f} ms",
              flush=True)


if __name__ == "__main__":
    main()
