"""The computer levels in the human seat of the official alien solitaire.

Each level plays the same seeds at each alien difficulty (the alien players are the
engine's tables and the ``alien`` bot, as in the app); a game is won when every alien
homeworld falls, lost when the player's homeworld does, and otherwise reaches the
round cap.  Printed per difficulty and level: won, lost, at the cap, the win rate with
its 95 % Wilson interval, the mean round the player's homeworld fell, the alien
homeworlds taken a game, and against the first level listed the paired differences
(the same seeds): games the level won that the reference did not, and the reverse,
and seeds where it took more alien homeworlds than the reference, and fewer, each
with a sign test's two-sided p-value.  Where no level wins (three aliens at 10 CP a
roll outbuild the player about three to one), the homeworlds taken still show which
level plays the solitaire better.

Usage, from the repository root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/solitaire_levels.py --games 100 --levels rule normal hard
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from se4x_core.devtools.selfplay import play_alien_game  # noqa: E402
from se4x_core.gamekit.stats import sign_test, wilson_interval  # noqa: E402

DIFFICULTIES = ("easy", "normal", "hard")


Game = tuple[int, int, int]  # winner, rounds, alien homeworlds taken


def _one(job: tuple[str, str, int, int]) -> tuple[str, str, int, Game]:
    level, difficulty, seed, cap = job
    result = play_alien_game(seed, difficulty, human=level, max_rounds=cap, check=False)
    lost = result.winner > 0  # the player's own homeworld is among the fallen
    taken = result.fallen - (1 if lost else 0)
    return level, difficulty, seed, (result.winner, result.rounds, taken)


def _row(level: str, games: dict[int, Game], base: dict[int, Game]) -> str:
    """One level's line: its results and its paired differences from ``base``."""
    won = sum(1 for w, _, _ in games.values() if w == 0)
    lost = sum(1 for w, _, _ in games.values() if w > 0)
    cap = len(games) - won - lost
    low, high = wilson_interval(won, len(games))
    fell = [r for w, r, _ in games.values() if w > 0]
    fell_at = f"{sum(fell) / len(fell):7.1f}" if fell else "      -"
    taken = sum(k for _, _, k in games.values()) / len(games)
    better = sum(1 for s, (w, _, _) in games.items() if w == 0 and base[s][0] != 0)
    worse = sum(1 for s, (w, _, _) in games.items() if w != 0 and base[s][0] == 0)
    more = sum(1 for s, (_, _, k) in games.items() if k > base[s][2])
    fewer = sum(1 for s, (_, _, k) in games.items() if k < base[s][2])
    return (f"{level:10} {won:4} {lost:4} {cap:4}  {won / len(games):6.1%}  "
            f"{low:5.1%}-{high:5.1%}  {fell_at}  {taken:5.2f}  {better:3}/{worse:<3} "
            f"{sign_test(better, worse):.3f}  {more:3}/{fewer:<3} {sign_test(more, fewer):.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="seeds per level and difficulty")
    parser.add_argument("--levels", nargs="+", default=["rule", "normal", "hard"])
    parser.add_argument("--difficulties", nargs="+", default=list(DIFFICULTIES),
                        choices=DIFFICULTIES)
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first seed (the games play seeds from it on)")
    parser.add_argument("--max-rounds", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="also write every game (level, aliens, seed, winner, rounds, "
                             "alien homeworlds taken) "
                             "as JSON lines, to pair a later run's games with these")
    args = parser.parse_args(argv)
    jobs = [(level, d, seed, args.max_rounds) for d in args.difficulties
            for level in args.levels
            for seed in range(args.first_seed, args.first_seed + args.games)]
    results: dict[tuple[str, str], dict[int, Game]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for level, d, seed, game in pool.map(_one, jobs, chunksize=4):
            results.setdefault((level, d), {})[seed] = game
    if args.record is not None:
        args.record.write_text("".join(
            json.dumps({"level": level, "aliens": d, "seed": seed, "winner": w,
                        "rounds": r, "taken": k}) + "\n"
            for (level, d), games in sorted(results.items())
            for seed, (w, r, k) in sorted(games.items())))
    reference = args.levels[0]
    for d in args.difficulties:
        print(f"aliens: {d}, seeds {args.first_seed}-{args.first_seed + args.games - 1}, "
              f"at most {args.max_rounds} rounds")
        print(f"{'level':10} {'won':>4} {'lost':>4} {'cap':>4}  {'rate':>6}  95% CI       "
              f"fell at  taken  vs {reference}: won +/- p       taken +/- p")
        for level in args.levels:
            print(_row(level, results[(level, d)], results[(reference, d)]))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
