"""How well each strategic search budget chooses, against a long search of the same decisions.

Run from the repo root::

    .venv/bin/python benchmarks/se4x_decision_quality.py
    .venv/bin/python benchmarks/se4x_decision_quality.py --games 6 --truth 400 \
        --budgets s4 s48 s48g s48h2 s48h2g

Space Empires' levels differ by their strategic search: which fleet posture each
movement turn and which purchase plan each Economic Phase.  Arena games between two
budgets are decided by hundreds of other decisions, so a few points of strength need
hundreds of games to show; this measures the decisions themselves.  It records the
strategic decisions of seeded self-play games of Normal's search (2 players, standard
board: the positions a level meets), then values every option of each decision with
the same search at ``--truth`` samples on other determinizations and dice (the
"truth", one round ahead and, with ``--truth-horizon 2``, two).  Each budget then
decides on the same information set, and its **regret** is what the truth says it gave
up: the best option's win probability minus its choice's, in points.  The reference
in the same run is the rule bot's own choice (always the first option).

A budget is ``s<samples>[h<rounds>][g]``: samples per decision, rounds looked ahead,
and ``g`` for greedy (the best mean wherever it beats the default) rather than the
levels' margin (a point plus a standard error).

Figures for reading; nothing is asserted.  The truth plays the rule policy in every
seat, as the searches' futures do, so it measures how well a budget reads those
futures, not how it fares against other players (that is ``se4x arena``).
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from dataclasses import dataclass

from se4x_core.ai.bot import ask
from se4x_core.ai.search_bot import SearchBot, search_strategies
from se4x_core.ai.strategic import OptionStats, choose_from
from se4x_core.ai.strategy import DEFAULT
from se4x_core.game import Game

DEFAULT_BUDGETS = ("s4", "s48", "s48g", "s48h2", "s48h2g")


@dataclass(frozen=True)
class Decision:
    """One strategic decision as the searching player saw it."""

    packed: str  # the player's information set
    player: int
    options: list[tuple[int, ...]]
    targets: tuple[int, int]


class Recorder(SearchBot):
    """Normal's search that keeps every strategic decision it is asked."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, samples=4, battle_iterations=50)
        self.decisions: list[Decision] = []

    def _statistics(self, options: list[tuple[int, ...]], targets: tuple[int, int],
                    me: int, seed: int) -> list[OptionStats]:
        self.decisions.append(Decision(self.information_set, me, list(options), targets))
        return super()._statistics(options, targets, me, seed)


def decisions(games: int, seed: int, max_rounds: int) -> list[Decision]:
    """The strategic decisions of ``games`` seeded 2-player games of Normal's search."""
    out: list[Decision] = []
    for g in range(games):
        game = Game.new_game({"players": 2, "seed": seed + g, "board": "standard",
                              "max_rounds": max_rounds})
        bots = [Recorder((seed + g) * 10 + p) for p in range(2)]
        while not game.is_over:
            player = game.current_player
            game.apply(ask(bots[player], game, player))
        for bot in bots:
            out.extend(bot.decisions)
    return out


def values(decision: Decision, samples: int, horizon: int, seed: int) -> list[OptionStats]:
    """Every option's statistics from a search of the decision (one process)."""
    return search_strategies(decision.packed, decision.player, seed, decision.options,
                             DEFAULT.encode(), decision.targets, horizon, samples, "",
                             None, 0.0)


def parse_budget(spec: str) -> tuple[int, int, bool]:
    """``s48h2g`` -> (48, 2, True); ValueError for anything else."""
    found = re.fullmatch(r"s(\d+)(?:h(\d))?(g?)", spec)
    if not found or int(found.group(1)) < 1:
        raise ValueError(f"budget {spec!r}: s<samples>[h<rounds>][g], e.g. s48h2g")
    return int(found.group(1)), int(found.group(2) or 1), bool(found.group(3))


def regret(truth: list[OptionStats], chosen: int) -> float:
    """Points of win probability the choice gives up by the truth's means."""
    return 100.0 * (max(row.mean for row in truth) - truth[chosen].mean)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="self-play games to record")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, default=20)
    parser.add_argument("--truth", type=int, default=400, help="samples of the truth")
    parser.add_argument("--truth-horizon", type=int, default=1, choices=(1, 2, 3))
    parser.add_argument("--budgets", nargs="+", default=list(DEFAULT_BUDGETS))
    args = parser.parse_args()
    try:
        budgets = {spec: parse_budget(spec) for spec in args.budgets}
    except ValueError as exc:
        parser.error(str(exc))
    start = time.perf_counter()
    found = decisions(args.games, args.seed, args.max_rounds)
    print(f"{len(found)} strategic decisions from {args.games} games "
          f"({time.perf_counter() - start:.0f} s); truth: {args.truth} samples, "
          f"{args.truth_horizon} round(s) ahead")
    truths = [values(d, args.truth, args.truth_horizon, 1_000_003 + k)
              for k, d in enumerate(found)]
    reference = statistics.fmean(regret(t, 0) for t in truths)
    print(f"{'budget':<10} {'regret (points)':>16} {'of the default':>15} "
          f"{'changed':>8} {'ms/decision':>12}")
    print(f"{'default':<10} {reference:>16.2f} {1.0:>15.2f} {0:>7.0%} {0.0:>12.1f}")
    for spec, (samples, horizon, greedy) in budgets.items():
        start = time.perf_counter()
        choices = []
        for k, decision in enumerate(found):
            stats = values(decision, samples, horizon, 7919 + k)
            choices.append(choose_from(stats, 0.0, 0.0) if greedy else choose_from(stats))
        took = 1000 * (time.perf_counter() - start) / max(1, len(found))
        mean = statistics.fmean(regret(t, c) for t, c in zip(truths, choices, strict=True))
        changed = sum(1 for c in choices if c) / max(1, len(choices))
        print(f"{spec:<10} {mean:>16.2f} {mean / reference if reference else 0:>15.2f} "
              f"{changed:>8.0%} {took:>12.1f}")


if __name__ == "__main__":
    main()
