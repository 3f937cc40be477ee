"""How long each computer level thinks: per decision and per turn, in real games.

Run from the repo root after ``bash tools/install.sh``, on an otherwise idle machine::

    .venv/bin/python benchmarks/bench_levels.py [--games N] [--levels normal,hard] [--json]

Each level plays ``--games`` seeded 2-player games on the standard board against the
rule bot (Easy), at most 40 rounds, exactly as the app asks it (``ai.bot.ask``, its own
worker processes).  Reported per level: the mean and the slowest decision, the mean
and the slowest strategic search (the decisions that searched a posture or a plan),
and the mean and the slowest *turn*: everything the level decided from the moment the
game came to it until it passed the decision on (a movement turn, a whole Economic
Phase, a battle round's choices), which is what a player waits for.  The reference in
the same run is the rule bot's own time per decision.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.ai.search_bot import SearchBot
from se4x_core.game import Game


def play(level: str, seed: int) -> dict[str, list[float]]:
    """One game, the level as player 0 on even seeds and player 1 on odd ones."""
    game = Game.new_game({"players": 2, "seed": seed, "board": "standard", "max_rounds": 40})
    seat = seed % 2
    bots = {seat: make_bot(level, seed), 1 - seat: make_bot("rule", seed + 1)}
    for bot in bots.values():
        bot.restart()
    out: dict[str, list[float]] = {"decision": [], "search": [], "turn": [], "rule": []}
    turn = 0.0
    while not game.is_over:
        player = game.current_player
        start = time.perf_counter()
        searches = getattr(bots[player], "searches", 0)
        action = ask(bots[player], game, player)
        spent = time.perf_counter() - start
        if player == seat:
            out["decision"].append(spent)
            if isinstance(bots[player], SearchBot) and bots[player].searches > searches:
                out["search"].append(spent)
            turn += spent
        else:
            out["rule"].append(spent)
        game.apply(action)
        if player == seat and (game.is_over or game.current_player != seat):
            out["turn"].append(turn)
            turn = 0.0
    return out


def summary(values: list[float]) -> dict[str, float]:
    return {"mean": statistics.fmean(values) if values else 0.0,
            "max": max(values, default=0.0), "count": len(values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--levels", default="normal,hard,strongest")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, dict[str, dict[str, float]]] = {}
    for level in args.levels.split(","):
        merged: dict[str, list[float]] = {"decision": [], "search": [], "turn": [], "rule": []}
        for seed in range(args.games):
            for key, values in play(level, seed).items():
                merged[key].extend(values)
        report[level] = {key: summary(values) for key, values in merged.items()}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.games} games per level against the rule bot (seconds)")
    print(f"{'level':10} {'decision mean':>13} {'max':>7} {'search mean':>12} {'max':>7} "
          f"{'turn mean':>10} {'max':>7} {'rule bot / decision':>20}")
    for level, rows in report.items():
        print(f"{level:10} {rows['decision']['mean']:13.4f} {rows['decision']['max']:7.3f} "
              f"{rows['search']['mean']:12.4f} {rows['search']['max']:7.3f} "
              f"{rows['turn']['mean']:10.4f} {rows['turn']['max']:7.3f} "
              f"{rows['rule']['mean']:20.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
