"""How well each SP4X search budget chooses, against a long look-ahead on the same positions.

Run from the repo root::

    .venv/bin/python benchmarks/sp4x_decision_quality.py
    .venv/bin/python benchmarks/sp4x_decision_quality.py --positions 120 --budgets s4c3 s6c6r2

Arena games between two search budgets are decided by so many other decisions
that a few points of strength need hundreds of games to show.  This measures
the decisions themselves.  From seeded 3-player games of rule bots it takes
positions with a real choice, and for each it values the rule bot's best
``--truth-candidates`` actions by 48 deals played to the end of the age (the
"truth", from deals no budget sees).  Each budget then decides on the same
position, and its **regret** is what the truth says it gave up: the best
candidate's value minus its choice's, in points of margin over the best
opponent.  The reference in the same run is the rule bot's own first choice.

Figures for reading; nothing is asserted.  The truth plays the rule bot in
every seat, as the searches' futures do, so it measures how well a budget
reads those futures, not how it fares against other players (that is
``se4x arena --game sp4x``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from se4x_core.games.sp4x import search
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.bots import RuleBot, choose
from se4x_core.games.sp4x.game import Game
from se4x_core.games.sp4x.levels import make_bot
from se4x_core.games.sp4x.search import SearchBot
from se4x_core.games.sp4x.state import State

TRUTH_SAMPLES = 48
#: About one decision in seventeen is taken, so that a game gives positions from
#: every stage rather than many from one turn.
TAKE = 0.06


def positions(count: int, seed: int, candidates: int
              ) -> list[tuple[State, int, list[Action]]]:
    """``count`` positions of seeded 3-player rule-bot games with at least three
    candidates: the viewer's information-set state, the viewer, the rule bot's best."""
    out: list[tuple[State, int, list[Action]]] = []
    game_seed = seed
    while len(out) < count:
        game = Game.new_game({"players": 3, "seed": game_seed})
        bots = [RuleBot(game_seed * 7 + p) for p in range(3)]
        rnd = random.Random(game_seed)
        game_seed += 1
        while not game.is_over and len(out) < count:
            player = game.current_player
            legal = game.legal_actions()
            if len(legal) > 2 and rnd.random() < TAKE:
                ranked = RuleBot(0).ranked(game.observation(player), legal)[:candidates]
                info = game.information_set(player)
                out.append((State.from_dict(info["state"]), player, ranked))
            game.apply(choose(bots[player], game))
    return out


def truth(base: State, viewer: int, ranked: list[Action], index: int) -> list[float]:
    """Each candidate's mean over deals played to the end of the age."""
    seeds = [10_000_000 + index * 1000 + k for k in range(TRUTH_SAMPLES)]
    values, _ = search.search(base, viewer, ranked, seeds, 0)
    return [statistics.fmean(v) for v in values]


def choice(spec: str, base: State, viewer: int, ranked: list[Action], index: int) -> int:
    """The candidate ``spec``'s search picks among its share of ``ranked``, on deals of
    its own."""
    bot = make_bot(spec, 0)
    assert isinstance(bot, SearchBot)
    mine = ranked[:bot.candidates]
    rnd = random.Random(777 + index)
    seeds = [rnd.getrandbits(62) for _ in range(bot.samples)]
    values, _ = search.search(base, viewer, mine, seeds, bot._horizon(base))
    return search.pick(values, bot.evidence)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--truth-candidates", type=int, default=6)
    parser.add_argument("--budgets", nargs="+",
                        default=["s4c3", "s8c4", "s8c4e1", "s8c6", "s4c3r2", "s6c6r2",
                                 "s8c6r2", "s16c6r2", "s8c6r3", "s8c6h0"])
    args = parser.parse_args()
    start = time.perf_counter()
    cases = positions(args.positions, args.seed, args.truth_candidates)
    truths = [truth(base, viewer, ranked, i) for i, (base, viewer, ranked) in enumerate(cases)]
    print(f"{len(cases)} positions, truth by {TRUTH_SAMPLES} deals to the age's end over "
          f"the rule bot's best {args.truth_candidates}: {time.perf_counter() - start:.0f} s")
    reference = statistics.fmean(max(t) - t[0] for t in truths)
    print(f"{'rule bot first choice':<24} regret {reference:6.3f}   (reference, 1.00)")
    for budget in args.budgets:
        spec = f"search:{budget}"
        regrets, deviations = [], 0
        for i, ((base, viewer, ranked), values) in enumerate(zip(cases, truths, strict=True)):
            picked = choice(spec, base, viewer, ranked, i)
            deviations += picked != 0
            regrets.append(max(values) - values[picked])
        regret = statistics.fmean(regrets)
        print(f"{spec:<24} regret {regret:6.3f}   {regret / reference:5.2f} of the "
              f"reference, other than the rule bot's choice in {deviations}/{len(cases)}",
              flush=True)


if __name__ == "__main__":
    main()
