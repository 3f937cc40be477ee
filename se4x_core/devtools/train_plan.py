"""What ``se4x train-eval`` plays, and its options: light enough for ``se4x --help``.

Why a module of its own: the ``se4x`` command builds every subcommand's
parser at start, and the training command's own module loads numpy and the
bots; the plan of games and the options need neither (see
:mod:`se4x_core.devtools.train_eval` for what the command does with them).

A plan draws each game's table from a generator seeded by the game's seed,
so the same plan is the same list of games on any machine and in any
worker:

>>> games = plan_games(Plan(games=3, seed=7))
>>> games == plan_games(Plan(games=3, seed=7)), [g.seed for g in games]
(True, [7, 8, 9])
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from se4x_core import data, paths

# Where the shipped weights live: se4x_core.sim.evaluation.MODEL_PATH (a test checks
# they agree; repeated here so that the options need not load the compiled engine).
MODEL_PATH = paths.resource("eval", "win_model.json")
FIT_ITERATIONS = 2000  # most gradient steps per fit


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its seed, table and the bot in each seat."""

    seed: int
    players: int
    board: str
    seats: tuple[str, ...]
    advanced: tuple[str, ...] = ()
    teams: tuple[tuple[int, ...], ...] | None = None
    max_rounds: int = 40
    aliens: str = ""  # the alien solitaire's difficulty: the player in seat 0, aliens after

    def config(self) -> dict[str, Any]:
        config: dict[str, Any] = {"players": self.players, "seed": self.seed,
                                  "board": self.board, "max_rounds": self.max_rounds,
                                  "advanced": list(self.advanced)}
        if self.teams is not None:
            config["teams"] = [list(team) for team in self.teams]
        if self.aliens:
            config["aliens"] = {"difficulty": self.aliens, "players": self.players - 1}
        return config

    def sides(self) -> list[int]:
        """Each player's side: its team's index in team play, the alien players one side
        in the solitaire, else itself."""
        if self.aliens:
            return [0] + [1] * (self.players - 1)
        if self.teams is None:
            return list(range(self.players))
        return [next(k for k, team in enumerate(self.teams) if p in team)
                for p in range(self.players)]


@dataclass(frozen=True)
class Plan:
    """How to draw the games (the command's options)."""

    games: int = 2000
    seed: int = 0
    bots: tuple[tuple[str, float], ...] = (("rule", 4.0), ("heuristic", 1.0), ("random", 1.0))
    players: tuple[tuple[int, float], ...] = ((2, 2.0), (3, 1.0), (4, 1.0))
    boards: tuple[tuple[str, float], ...] = (("small", 1.0), ("standard", 2.0), ("large", 1.0))
    advanced_share: float = 0.2
    teams_share: float = 0.2
    max_rounds: int = 40
    # The alien solitaire's difficulties with weights: every game is a solitaire, the
    # seat-0 player drawn from ``bots`` (empty: the games between empires above).
    aliens: tuple[tuple[str, float], ...] = ()


def plan_games(plan: Plan) -> list[GameSpec]:
    """The games of a plan, the same for the same plan: game ``k`` has seed
    ``plan.seed + k`` and its table is drawn from a generator seeded by it."""
    return [_draw_game(plan, plan.seed + k) for k in range(plan.games)]


def _draw_game(plan: Plan, seed: int) -> GameSpec:
    rng = random.Random(f"se4x-train-eval-{seed}")
    if plan.aliens:
        difficulty = _weighted(rng, plan.aliens)
        players = 1 + data.ALIEN_DIFFICULTY[difficulty][0]
        seats = (_weighted(rng, plan.bots),) + ("alien",) * (players - 1)
        return GameSpec(seed, players, "standard", seats, max_rounds=plan.max_rounds,
                        aliens=difficulty)
    players = _weighted(rng, plan.players)
    board = _weighted(rng, plan.boards) if players == 2 else "standard"
    seats = tuple(_weighted(rng, plan.bots) for _ in range(players))
    advanced: tuple[str, ...] = ()
    if rng.random() < plan.advanced_share:
        names = sorted(data.ADVANCED_RULES)
        advanced = tuple(n for n in names if rng.random() < 0.4) or (rng.choice(names),)
    teams = None
    if players > 2 and rng.random() < plan.teams_share:
        order = list(range(players))
        rng.shuffle(order)
        split = 2 if players == 4 else rng.choice((1, 2))
        teams = tuple(sorted((tuple(sorted(order[:split])), tuple(sorted(order[split:])))))
    return GameSpec(seed, players, board, seats, advanced, teams, plan.max_rounds)


def _weighted(rng: random.Random, options: Sequence[tuple[Any, float]]) -> Any:
    return rng.choices([o for o, _ in options], weights=[w for _, w in options])[0]




def _weights(kind: Callable[[str], Any], text: str) -> tuple[tuple[Any, float], ...]:
    """``a=2,b=1`` (or ``a,b``: equal weights) as ((a, 2.0), (b, 1.0))."""
    out = []
    for part in text.split(","):
        name, _, weight = part.strip().partition("=")
        try:
            value = kind(name)
            w = float(weight) if weight else 1.0
        except ValueError:
            raise argparse.ArgumentTypeError(f"not NAME or NAME=WEIGHT: {part!r}") from None
        if w <= 0:
            raise argparse.ArgumentTypeError(f"weights must be positive: {part!r}")
        out.append((value, w))
    return tuple(out)


def _difficulty(text: str) -> str:
    if text not in data.ALIEN_DIFFICULTY:
        raise ValueError(text)
    return text


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The options (also ``se4x train-eval``'s, through :func:`add_arguments`)."""
    parser = parser or argparse.ArgumentParser(
        prog="python -m se4x_core.devtools.train_eval",
        description=__doc__.split("\n\n")[0] if __doc__ else None)
    add_arguments(parser)
    return parser


def add_arguments(p: argparse.ArgumentParser) -> None:
    defaults = Plan()
    p.add_argument("--games", type=int, default=defaults.games,
                   help=f"games to play (default {defaults.games}; 0 with --data)")
    p.add_argument("--seed", type=int, default=defaults.seed,
                   help="first game seed; game k has seed S+k, and the split and "
                        "initial weights derive from it (default 0)")
    p.add_argument("--bots", type=lambda t: _weights(str, t),
                   default=defaults.bots, help="bot specs with weights, each seat drawn "
                   "from them (default rule=4,heuristic=1,random=1)")
    p.add_argument("--players", type=lambda t: _weights(int, t), default=defaults.players,
                   help="player counts with weights (default 2=2,3=1,4=1)")
    p.add_argument("--boards", type=lambda t: _weights(str, t), default=defaults.boards,
                   help="2-player boards with weights (default small=1,standard=2,large=1)")
    p.add_argument("--advanced-share", type=float, default=defaults.advanced_share,
                   help="share of games with random advanced rule sets (default 0.2)")
    p.add_argument("--teams-share", type=float, default=defaults.teams_share,
                   help="share of 3-4 player games in team play (default 0.2)")
    p.add_argument("--aliens", type=lambda t: _weights(_difficulty, t), default=(),
                   help="play the alien solitaire instead, at these difficulties with "
                        "weights (easy=2,normal=1): the player's bot from --bots, the "
                        "aliens one side (write the model to "
                        "resources/eval/solitaire_model.json with --out)")
    p.add_argument("--max-rounds", type=int, default=defaults.max_rounds,
                   help="round limit, then the arena's tiebreak (default 40)")
    p.add_argument("--every", type=int, default=1,
                   help="record a position every N Economic Phases (default 1)")
    p.add_argument("--workers", type=int, default=1, help="game processes (default 1)")
    p.add_argument("--data", type=Path, action="append", default=[],
                   help="train on positions saved with --save-data too (repeatable)")
    p.add_argument("--save-data", type=Path, help="save the positions played here (.npz)")
    p.add_argument("--hidden", type=int, default=32, help="MLP hidden units (default 32)")
    p.add_argument("--iterations", type=int, default=FIT_ITERATIONS,
                   help="most gradient steps per fit (default 2000)")
    p.add_argument("--out", type=Path, default=MODEL_PATH,
                   help="the model file to write (default resources/eval/win_model.json)")
    p.add_argument("--no-write", action="store_true", help="train and report, write nothing")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
