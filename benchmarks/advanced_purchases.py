"""What each bot buys with the advanced rule sets on: units per game, by type.

A level that plays the advanced rules legally may still ignore their units; this
counts, over seeded two-player games of BOT_A against BOT_B (each seed once from each
seat), every unit each bot bought and every technology level it researched, per
game.  The reference in the same run is the other bot.

Usage, from the repository root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/advanced_purchases.py normal rule --games 10
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from se4x_core import data  # noqa: E402
from se4x_core.ai.bot import ask  # noqa: E402
from se4x_core.ai.registry import make_bot  # noqa: E402
from se4x_core.game import Game  # noqa: E402

ALL_RULES = list(data.ADVANCED_RULES)


def _one(job: tuple[str, str, int, int, list[str]]) -> tuple[Counter[str], Counter[str]]:
    """One game (``seed``; BOT_A at seat ``seed % 2``): what each side bought."""
    spec_a, spec_b, seed, max_rounds, rules = job
    seat_a = seed % 2
    game = Game.new_game({"players": 2, "seed": seed // 2, "max_rounds": max_rounds,
                          "advanced": rules})
    bots = [make_bot(spec_a if p == seat_a else spec_b, seed * 10 + p) for p in range(2)]
    for bot in bots:
        bot.restart()
    bought: list[Counter[str]] = [Counter(), Counter()]
    while not game.is_over:
        player = game.current_player
        action = ask(bots[player], game, player)
        if action.kind == "buy":
            bought[player][data.UNIT_CODES[action.unit_type]] += 1
        elif action.kind == "research":
            bought[player]["tech:" + data.TECH_KEYS[action.tech]] += 1
        game.apply(action)
    return bought[seat_a], bought[1 - seat_a]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot_a")
    parser.add_argument("bot_b")
    parser.add_argument("--games", type=int, default=10, help="games (seeds x 2 seats)")
    parser.add_argument("--max-rounds", type=int, default=40)
    parser.add_argument("--advanced", action="append", choices=ALL_RULES,
                        help="a rule set (repeatable; default: all seven)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    rules = args.advanced or ALL_RULES
    jobs = [(args.bot_a, args.bot_b, seed, args.max_rounds, rules)
            for seed in range(args.games)]
    totals = [Counter(), Counter()]
    with ProcessPoolExecutor(args.workers) as pool:
        for mine, theirs in pool.map(_one, jobs):
            totals[0].update(mine)
            totals[1].update(theirs)
    print(f"{args.bot_a} against {args.bot_b}, {args.games} games, rules: {', '.join(rules)}")
    print(f"{'per game':24} {args.bot_a:>10} {args.bot_b:>10}")
    for key in sorted(set(totals[0]) | set(totals[1])):
        print(f"{key:24} {totals[0][key] / args.games:10.2f} {totals[1][key] / args.games:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
