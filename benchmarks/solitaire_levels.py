"""The computer levels in the human seat of the official alien solitaire.

Each level plays the same seeds at each alien difficulty (the alien players are the
engine's tables and the ``alien`` bot, as in the app); a game is won when every alien
homeworld falls, lost when the player's homeworld does, and otherwise reaches the
round cap.  Printed per difficulty and level: won, lost, at the cap, the win rate with
its 95 % Wilson interval, the mean round the player's homeworld fell, and against the
first level listed the paired difference (the same seeds): games the level won that
the reference lost, and the reverse, with a sign test's two-sided p-value.

Usage, from the repository root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/solitaire_levels.py --games 100 --levels rule normal hard
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from se4x_core.devtools.selfplay import play_alien_game  # noqa: E402
from se4x_core.gamekit.stats import wilson_interval  # noqa: E402

DIFFICULTIES = ("easy", "normal", "hard")


def _one(job: tuple[str, str, int, int]) -> tuple[str, str, int, int, int]:
    level, difficulty, seed, cap = job
    result = play_alien_game(seed, difficulty, human=level, max_rounds=cap, check=False)
    return level, difficulty, seed, result.winner, result.rounds


def sign_test(better: int, worse: int) -> float:
    """Two-sided p-value of ``better`` against ``worse`` discordant pairs (fair coin)."""
    n = better + worse
    if n == 0:
        return 1.0
    k = max(better, worse)
    tail = sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="seeds per level and difficulty")
    parser.add_argument("--levels", nargs="+", default=["rule", "normal", "hard"])
    parser.add_argument("--difficulties", nargs="+", default=list(DIFFICULTIES),
                        choices=DIFFICULTIES)
    parser.add_argument("--max-rounds", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="also write every game (level, aliens, seed, winner, rounds) "
                             "as JSON lines, to pair a later run's games with these")
    args = parser.parse_args(argv)
    jobs = [(level, d, seed, args.max_rounds) for d in args.difficulties
            for level in args.levels for seed in range(args.games)]
    results: dict[tuple[str, str], dict[int, tuple[int, int]]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for level, d, seed, winner, rounds in pool.map(_one, jobs, chunksize=4):
            results.setdefault((level, d), {})[seed] = (winner, rounds)
    if args.record is not None:
        args.record.write_text("".join(
            json.dumps({"level": level, "aliens": d, "seed": seed, "winner": w,
                        "rounds": r}) + "\n"
            for (level, d), games in sorted(results.items())
            for seed, (w, r) in sorted(games.items())))
    reference = args.levels[0]
    for d in args.difficulties:
        print(f"aliens: {d}, {args.games} seeds, at most {args.max_rounds} rounds")
        print(f"{'level':10} {'won':>4} {'lost':>4} {'cap':>4}  {'rate':>6}  95% CI       "
              f"fell at  vs {reference}: better worse  p")
        base = results[(reference, d)]
        for level in args.levels:
            games = results[(level, d)]
            won = sum(1 for w, _ in games.values() if w == 0)
            lost = sum(1 for w, _ in games.values() if w > 0)
            cap = len(games) - won - lost
            low, high = wilson_interval(won, len(games))
            fell = [r for w, r in games.values() if w > 0]
            fell_at = f"{sum(fell) / len(fell):7.1f}" if fell else "      -"
            better = sum(1 for s, (w, _) in games.items() if w == 0 and base[s][0] != 0)
            worse = sum(1 for s, (w, _) in games.items() if w != 0 and base[s][0] == 0)
            print(f"{level:10} {won:4} {lost:4} {cap:4}  {won / len(games):6.1%}  "
                  f"{low:5.1%}-{high:5.1%}  {fell_at}  {better:6} {worse:5}  "
                  f"{sign_test(better, worse):.3f}")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
