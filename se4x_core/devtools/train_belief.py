"""Fit the opponent belief's evidence model (``resources/eval/belief.json``).

For each candidate style of :data:`se4x_core.ai.belief.CANDIDATES` it plays seeded
two-player games of that style against the default rule bot, from both seats: the
rule-based player following the candidate's strategy, and (for the named styles) the
sparring pool's bot of the same name (for the default style: the rule bot and a search
level steering it, :data:`SEARCH_PLAYER`), so that the model knows a style by what
both kinds of player do.  At every round it records what the rule bot's observation shows
of the styled empire (:func:`se4x_core.ai.belief.evidence`), and fits each feature's
mean and spread per candidate and stage.  Usage::

    python -m se4x_core.devtools.train_belief --seeds 12 --out resources/eval/belief.json
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from se4x_core.ai.belief import (
    CANDIDATES,
    FEATURES,
    MODEL_PATH,
    STAGES,
    EvidenceModel,
    Table,
    evidence,
    stage_of,
)
from se4x_core.ai.bot import Bot, ask
from se4x_core.ai.registry import make_bot
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.style_bot import STYLES, StyleBot
from se4x_core.game import Game
from se4x_core.observation import Observation

Samples = dict[int, list[tuple[float, ...]]]  # stage -> evidence rows
#: The search player whose games teach the model what a searching opponent shows:
#: Normal's budget without its time cap (the same games on any machine).
SEARCH_PLAYER = "search:s4b50"
#: A training game's round limit (games that reach no later stage lend the model their
#: last stage's evidence: :func:`fit`).
MAX_ROUNDS = 30


def record_game(styled: Bot, seed: int, seat: int, max_rounds: int = MAX_ROUNDS,
                read: Callable[[Observation, int], tuple[float, ...]] = evidence) -> Samples:
    """One game of ``styled`` at ``seat`` against the default rule bot: per stage, what
    the rule bot saw of it at the start of each round's movement (``read``: the
    belief's evidence unless a benchmark reads more)."""
    game = Game.new_game({"players": 2, "seed": seed, "max_rounds": max_rounds})
    bots: list[Bot] = [RuleBot(seed + 1), RuleBot(seed + 1)]
    bots[seat] = styled
    for bot in bots:
        bot.restart()
    observer = 1 - seat
    out: Samples = {}
    last = 0
    while not game.is_over:
        obs = game.observation(observer)
        if obs["round"] != last and obs["phase"] == "movement":
            last = obs["round"]
            out.setdefault(stage_of(last), []).append(read(obs, seat))
        player = game.current_player
        game.apply(ask(bots[player], game, player))
    return out


def collect(seeds: int, max_rounds: int = MAX_ROUNDS,
            styled_search: bool = False) -> dict[str, list[Samples]]:
    """Every candidate's evidence over ``seeds`` seeds and both seats, per kind of player
    (the rule bot with the candidate's strategy; the pool bot of its name, if any; with
    ``styled_search`` also the search level keeping the style first, ``~NAME``), in games
    of at most ``max_rounds`` rounds."""
    data: dict[str, list[Samples]] = {}
    for name, strategy in CANDIDATES.items():
        kinds: list[Callable[[int], Bot]] = [partial(RuleBot, strategy=strategy)]
        if name in STYLES:
            kinds.append(partial(StyleBot, style=STYLES[name]))
            if styled_search:  # and a search level that keeps the style first
                kinds.append(partial(make_bot, f"{SEARCH_PLAYER}~{name}"))
        else:  # the default: the rule bot as it plays, and a search level steering it
            kinds.append(partial(make_bot, SEARCH_PLAYER))
        data[name] = []
        for make in kinds:
            rows: Samples = {}
            for seed in range(seeds):
                for seat in (0, 1):
                    found_by_stage = record_game(make(seed), seed, seat, max_rounds)
                    for stage, found in found_by_stage.items():
                        rows.setdefault(stage, []).extend(found)
            data[name].append(rows)
        print(f"{name}: {[sum(len(r) for r in rows.values()) for rows in data[name]]} "
              "rounds", file=sys.stderr)
    return data


def fit(data: dict[str, list[Samples]]) -> EvidenceModel:
    """Means and spreads per candidate, kind, stage and feature (a stage no game reached
    takes the last stage before it that was reached)."""
    means: Table = {}
    spreads: Table = {}
    for name, kinds in data.items():
        means[name], spreads[name] = [], []
        for rows in kinds:
            kind_means, kind_spreads = [], []
            for stage in range(len(STAGES)):
                found = next((rows[s] for s in range(stage, -1, -1) if rows.get(s)), [])
                if not found:
                    raise ValueError(f"{name}: no evidence recorded")
                columns = list(zip(*found, strict=True))
                kind_means.append([round(statistics.fmean(c), 4) for c in columns])
                kind_spreads.append([round(statistics.pstdev(c), 4) for c in columns])
            means[name].append(kind_means)
            spreads[name].append(kind_spreads)
    return EvidenceModel(means, spreads)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m se4x_core.devtools.train_belief",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=12, help="seeds per candidate")
    parser.add_argument("--out", type=Path, default=MODEL_PATH, help="the model file")
    parser.add_argument("--max-rounds", type=int, default=MAX_ROUNDS,
                        help="a training game's round limit")
    parser.add_argument("--styled-search", action="store_true",
                        help="fit each named style on a search level keeping it first "
                             f"({SEARCH_PLAYER}~NAME) too")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds: at least 1")
    if args.max_rounds < 1:
        parser.error("--max-rounds: at least 1")
    model = fit(collect(args.seeds, args.max_rounds, args.styled_search))
    rounds = "" if args.max_rounds == MAX_ROUNDS else f" --max-rounds {args.max_rounds}"
    rounds += " --styled-search" if args.styled_search else ""
    args.out.write_text(model.to_json({
        "command": f"python -m se4x_core.devtools.train_belief --seeds {args.seeds}{rounds}",
        "games": f"{args.seeds} seeds x 2 seats per candidate, the rule bot with the "
                 "candidate's strategy and the pool bot of its name (the default: "
                 f"{SEARCH_PLAYER})"
                 + (f", and {SEARCH_PLAYER}~NAME" if args.styled_search else "")
                 + " against the default rule bot, 2 players, standard "
                 f"board, at most {args.max_rounds} rounds",
        "features": list(FEATURES)}) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
