"""``se4x arena``: bots play each other; win rates with 95% confidence intervals.

Why it exists: "is the new bot stronger?" needs many games, a fair seating
and an error bar, and the answer is worth little without the cost of each
decision beside it.  The arena plays BOT_A against BOT_B through the
game's facade, each bot deciding from its own
observation, exactly as at a table.

**Seats.**  With 2 players BOT_A plays one seat and BOT_B the other; with 3
or 4, BOT_A takes one seat and BOT_B all the others (one search bot against
three rule-based ones).  A seat is a player number.  In a game played by teams
(:meth:`ArenaGame.seatings`), BOT_A plays every seat of one team and BOT_B the
other team's.

**Paired seeds.**  Games come in sets, one set per seed: the same seed is
played once with BOT_A in every seat in turn (2 players: A as player 0, then
A as player 1; teams: A as each team in turn).  The seed fixes the map, the
dice and the die roll for the first player, so whatever advantage a seat has,
BOT_A has it exactly as often as BOT_B, and it cancels.  ``--games N`` is rounded up to whole sets.
Seed ``k`` of a run is ``--seed`` plus ``k``.

**Determinism.**  Each bot's seed comes from the game seed and its seat
(:func:`bot_seed`), never from the clock or the worker, so the same command
gives the same games whatever ``--workers`` says.  (A bot against itself
therefore scores exactly 50 %: the two games of a set are the same game
with the names swapped.)

**Results.**  A game's :class:`ArenaGame` scores it for BOT_A: a win (1), a draw (½:
BOT_A among several winners, or tied on a game's own tiebreak) or a loss (0); a game
that keeps a tiebreak of its own (Space Empires at its round cap) marks the results
decided by it apart (``tiebreak_win``, ``tiebreak_loss``).

**Statistics.**  BOT_A's win rate is its mean score, with a 95% Wilson
score interval (:func:`wilson_interval`), which stays inside [0, 1] and is
honest near 0 % and 100 %, where the normal approximation is not.  Parity
is 1/N for N players (1/2 for two teams): an interval wholly above it says BOT_A
is stronger.

**Games.**  ``--game`` names the game (its record in
:mod:`se4x_core.gamekit.registry`; default: the first registered).  The loop, the
seating, the seeds, the workers and the statistics are the same for every game; what
is particular to one game is its :class:`ArenaGame` (the record's ``arena``): the config
for a seed and the game's own command-line options, the settings it checks, what a
decision's progress is (a round, a turn), the figures it reads from the events, how a
game is scored at its end and its report.  A game that needs nothing special uses
:class:`ArenaGame` as it is: the rules' winners are the result.

**Cost.**  Every ``Bot.step`` is timed; the report gives each bot's mean
seconds per decision beside the seconds per game.  Games run in worker
processes (``concurrent.futures.ProcessPoolExecutor``); timings are for
reading, never compared (they differ between runs).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from se4x_core.errors import ConfigError, IllegalActionError
from se4x_core.gamekit import registry
from se4x_core.gamekit.bot import ask
from se4x_core.gamekit.contract import BotLike, Events, Facade
from se4x_core.gamekit.registry import GameRecord
from se4x_core.gamekit.stats import wilson_interval

# A bot that makes this many decisions without the game's progress changing is stuck
# (e.g. splitting and merging a group for ever); the arena stops and names it rather
# than hang.  A Space Empires round takes 50-70 decisions in all.
ROUND_DECISION_LIMIT = 20_000

WIN, TIEBREAK_WIN, DRAW, TIEBREAK_LOSS, LOSS = (
    "win", "tiebreak_win", "draw", "tiebreak_loss", "loss")
SCORES = {WIN: 1.0, TIEBREAK_WIN: 1.0, DRAW: 0.5, TIEBREAK_LOSS: 0.0, LOSS: 0.0}

ProgressFn = Callable[[int, int], None]
Options = tuple[tuple[str, Any], ...]  # a game's own settings, as sorted (key, value) pairs


class ArenaError(RuntimeError):
    """A game could not be played to its end (a bot stuck or making an illegal move)."""


def options_of(**values: Any) -> Options:
    """A game's own settings as a Match or GameJob holds them (``None`` left out; lists
    as tuples, nested ones too, so that a job stays hashable)."""
    return tuple(sorted((key, _frozen(value)) for key, value in values.items()
                        if value is not None))


def _frozen(value: Any) -> Any:
    return tuple(_frozen(item) for item in value) if isinstance(value, list) else value


def thawed(value: Any) -> Any:
    """An option's value as a config holds it: tuples back to lists (nested too).

    >>> thawed(((0, 3), (1, 2))), thawed("standard")
    ([[0, 3], [1, 2]], 'standard')
    """
    return [thawed(item) for item in value] if isinstance(value, tuple) else value


# -- one game ---------------------------------------------------------------------------
def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``game_seed`` (7, 2 -> 7002).

    From the seed and the seat only, so a game is the same in any worker.
    """
    return 1000 * game_seed + seat


@dataclass(frozen=True)
class GameJob:
    """One game to play: the seed, where BOT_A sits, and the table's settings."""

    bot_a: str
    bot_b: str
    players: int
    seed: int
    a_seat: int
    options: Options = ()  # the game's own settings (Space Empires: board, round cap, ...)
    game: str = ""  # the game's name in the registry ("": the default game)
    # every seat BOT_A plays (its team's, ``a_seat`` first); () for ``a_seat`` alone
    a_team: tuple[int, ...] = ()

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)

    def config(self) -> dict[str, Any]:
        return arena_game(self.game).config(self)

    @property
    def a_seats(self) -> tuple[int, ...]:
        """The seats BOT_A plays: its team's, or ``a_seat`` alone."""
        return self.a_team or (self.a_seat,)

    def seat_specs(self) -> list[str]:
        """The bot spec in each seat: BOT_A in its seats, BOT_B everywhere else."""
        return [self.bot_a if seat in self.a_seats else self.bot_b
                for seat in range(self.players)]


@dataclass(frozen=True)
class PlayedGame:
    """How one game went, from BOT_A's side.  Timings are left out of ``==``."""

    seed: int
    a_seat: int
    result: str  # WIN, TIEBREAK_WIN, DRAW, TIEBREAK_LOSS or LOSS
    leaders: tuple[int, ...]  # the winners' seats, or the seats ahead on a tiebreak
    rounds: int  # the game's length in its own unit (Space Empires' rounds, SP4X's turns)
    decisions: tuple[int, int]  # (BOT_A's, BOT_B's seats together)
    capped: bool = False  # stopped at a round cap
    cp_lost: tuple[int, int] = (0, 0)  # Space Empires: CP lost to the carry-over cap
    income: tuple[int, int] = (0, 0)  # Space Empires: income over the game
    seconds: float = field(default=0.0, compare=False)
    step_seconds: tuple[float, float] = field(default=(0.0, 0.0), compare=False)
    # A game's own figures of this game, named by its ArenaGame (SP4X: scores, margin)
    figures: tuple[float, ...] = ()

    @property
    def score(self) -> float:
        return SCORES[self.result]

    def as_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "a_seat": self.a_seat, "result": self.result,
                "leaders": list(self.leaders), "rounds": self.rounds,
                "decisions": {"a": self.decisions[0], "b": self.decisions[1]},
                "capped": self.capped,
                "cp_lost": {"a": self.cp_lost[0], "b": self.cp_lost[1]},
                "income": {"a": self.income[0], "b": self.income[1]},
                "seconds": self.seconds,
                "step_seconds": {"a": self.step_seconds[0], "b": self.step_seconds[1]}}


def result_of(a_seats: int | Sequence[int], winners: Sequence[int]) -> str:
    """BOT_A's result from the rules' winners: BOT_A's seats alone a win (a team wins
    together), among others a draw.

    >>> result_of(0, [0]), result_of(0, [0, 1]), result_of((0, 3), [0, 3]), result_of(1, [0])
    ('win', 'draw', 'win', 'loss')
    """
    seats = {a_seats} if isinstance(a_seats, int) else set(a_seats)
    if not seats & set(winners):
        return LOSS
    return WIN if set(winners) <= seats else DRAW


class Table:
    """The bots of one game, timing each decision by role (0: BOT_A, 1: BOT_B)."""

    def __init__(self, job: GameJob, rules: ArenaGame) -> None:
        self.job = job
        self.rules = rules
        self.specs = job.seat_specs()
        self.bots: list[BotLike] = [rules.make_bot(spec, bot_seed(job.seed, seat))
                                    for seat, spec in enumerate(self.specs)]
        for bot in self.bots:
            bot.restart()
        self.decisions = [0, 0]
        self.seconds = [0.0, 0.0]
        self.round: object = 0  # the progress (round, turn) of the latest decision

    def decide(self, game: Facade, seat: int) -> Any:
        observation = game.observation(seat)
        self.round = self.rules.progress(observation)
        legal = game.legal_actions()
        role = 0 if seat in self.job.a_seats else 1
        start = time.perf_counter()
        action = ask(self.bots[seat], game, seat, observation, legal)  # type: ignore[arg-type]
        self.seconds[role] += time.perf_counter() - start
        self.decisions[role] += 1
        return action

    def fail(self, seat: int, why: str) -> ArenaError:
        return ArenaError(f"seed {self.job.seed}, {self.specs[seat]!r} as player {seat}: "
                          f"{why}")


def play_game(job: GameJob) -> PlayedGame:
    """Play one game to its end and score it for BOT_A (run in a worker process)."""
    start = time.perf_counter()
    rules = arena_game(job.game)
    game = rules.facade().new_game(job.config())
    table = Table(job, rules)
    ledger = rules.ledger(job)
    round_seen: object = -1
    in_round = 0
    while not game.is_over:
        seat = game.current_player
        action = table.decide(game, seat)
        if table.round != round_seen:
            round_seen, in_round = table.round, 0
        in_round += 1
        if in_round > ROUND_DECISION_LIMIT:
            raise table.fail(seat, f"{ROUND_DECISION_LIMIT} decisions in {rules.progress_name} "
                                   f"{round_seen} without finishing it (a bot that never ends "
                                   f"its turn?)")
        try:
            ledger.read(game.apply(action))
        except IllegalActionError as exc:
            raise table.fail(seat, f"illegal action: {exc}") from None
    return rules.record(job, game, table, ledger, time.perf_counter() - start)


# -- a whole run ------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    """What to play: two bot specs, how many games, and the table's settings."""

    bot_a: str
    bot_b: str
    games: int = 200
    players: int = 2
    seed: int = 0
    options: Options = ()  # the game's own settings (see GameJob)
    game: str = ""  # the game's name in the registry ("": the default game)

    def option(self, key: str, default: Any = None) -> Any:
        return dict(self.options).get(key, default)

    def seatings(self) -> list[tuple[int, ...]]:
        """BOT_A's seats in each game of a set (:meth:`ArenaGame.seatings`)."""
        return arena_game(self.game).seatings(self)

    @property
    def seeds(self) -> int:
        """Seeds played: ``games`` rounded up to whole sets (one game per seating)."""
        return -(-self.games // len(self.seatings()))

    def jobs(self) -> list[GameJob]:
        """Every game in order: seed by seed, BOT_A in seat 0, 1, ... (or team by team)
        within a seed."""
        seatings = self.seatings()
        return [GameJob(self.bot_a, self.bot_b, self.players, self.seed + k, seats[0],
                        self.options, self.game, seats if len(seats) > 1 else ())
                for k in range(self.seeds) for seats in seatings]

    def check(self) -> None:
        """ValueError naming the first bad setting (game, bots, counts, config)."""
        rules = arena_game(self.game)  # ValueError naming the known games
        for spec in (self.bot_a, self.bot_b):
            rules.make_bot(spec, 0)  # ValueError naming the known bots
        if self.games < 1:
            raise ValueError("games: must be >= 1")
        if self.players not in rules.game.players:
            allowed = " or ".join(str(p) for p in rules.game.players)
            raise ValueError(f"players: {rules.game.title} seats {allowed} players, not "
                             f"{self.players}")
        rules.check(self)
        try:
            rules.facade().new_game(self.jobs()[-1].config())
        except ConfigError as exc:
            raise ValueError(str(exc)) from None


@dataclass(frozen=True)
class Tally:
    """BOT_A's results over some games, and what they say."""

    games: int
    decisive_wins: int
    tiebreak_wins: int
    draws: int
    tiebreak_losses: int
    decisive_losses: int
    mean_rounds: float
    seconds_per_game: float

    @classmethod
    def of(cls, records: Sequence[PlayedGame]) -> Tally:
        def count(kind: str) -> int:
            return sum(r.result == kind for r in records)

        n = len(records)
        return cls(n, decisive_wins=count(WIN), tiebreak_wins=count(TIEBREAK_WIN),
                   draws=count(DRAW), tiebreak_losses=count(TIEBREAK_LOSS),
                   decisive_losses=count(LOSS),
                   mean_rounds=sum(r.rounds for r in records) / n if n else 0.0,
                   seconds_per_game=sum(r.seconds for r in records) / n if n else 0.0)

    @property
    def wins(self) -> int:
        return self.decisive_wins + self.tiebreak_wins

    @property
    def losses(self) -> int:
        return self.decisive_losses + self.tiebreak_losses

    @property
    def rate(self) -> float:
        """Mean score: a win 1 (by tiebreak too), a draw ½."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins + self.draws / 2, self.games)

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"games": self.games, "wins": self.wins, "decisive_wins": self.decisive_wins,
                "tiebreak_wins": self.tiebreak_wins, "draws": self.draws,
                "losses": self.losses, "decisive_losses": self.decisive_losses,
                "tiebreak_losses": self.tiebreak_losses, "rate": self.rate,
                "ci95": [low, high], "mean_rounds": self.mean_rounds,
                "seconds_per_game": self.seconds_per_game}


@dataclass(frozen=True)
class ArenaReport:
    """A finished run: the match, every game in order, and the wall-clock time."""

    match: Match
    workers: int
    records: list[PlayedGame]
    seconds: float

    @property
    def overall(self) -> Tally:
        return Tally.of(self.records)

    def by_seat(self) -> list[Tally]:
        """BOT_A's results for each seating (by seat, or by team: its first seat)."""
        return [Tally.of([r for r in self.records if r.a_seat == seats[0]])
                for seats in self.match.seatings()]

    @property
    def parity(self) -> float:
        """BOT_A's expected score among equals: one seating in how many."""
        return 1 / len(self.match.seatings())

    @property
    def round_cap_games(self) -> int:
        return sum(r.capped for r in self.records)

    def decisions(self) -> tuple[int, int]:
        """Decisions taken by BOT_A and by BOT_B."""
        return (sum(r.decisions[0] for r in self.records),
                sum(r.decisions[1] for r in self.records))

    def seconds_per_decision(self) -> tuple[float, float]:
        """Mean seconds per ``Bot.step`` of BOT_A and of BOT_B."""
        out = []
        for role in (0, 1):
            made = sum(r.decisions[role] for r in self.records)
            spent = sum(r.step_seconds[role] for r in self.records)
            out.append(spent / made if made else 0.0)
        return out[0], out[1]

    def verdict(self) -> str:
        """What the interval says about BOT_A against parity: "stronger", "weaker" or
        "undecided" (parity inside the interval: play more games, or accept a tie)."""
        low, high = self.overall.interval
        if low > self.parity:
            return "stronger"
        if high < self.parity:
            return "weaker"
        return "undecided"


def default_workers() -> int:
    return os.cpu_count() or 1


def run_arena(match: Match, workers: int | None = None,
              progress: ProgressFn | None = None) -> ArenaReport:
    """Play every game of ``match`` (in ``workers`` processes; 1: in this one)."""
    jobs = match.jobs()
    workers = max(1, min(workers or default_workers(), len(jobs)))
    start = time.perf_counter()
    if workers == 1:
        records = []
        for done, job in enumerate(jobs, start=1):
            records.append(play_game(job))
            if progress:
                progress(done, len(jobs))
    else:
        records = _play_in_pool(jobs, workers, progress)
    return ArenaReport(match, workers, records, time.perf_counter() - start)


def _play_in_pool(jobs: list[GameJob], workers: int,
                  progress: ProgressFn | None) -> list[PlayedGame]:
    """Games in worker processes, returned in job order (so the report never depends
    on which worker finished first).  "spawn" starts clean interpreters on every
    platform: no forked copy of a parent's threads (the app's, pytest's) in them."""
    results: list[PlayedGame | None] = [None] * len(jobs)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(play_game, job): index for index, job in enumerate(jobs)}
        try:
            for done, future in enumerate(as_completed(futures), start=1):
                results[futures[future]] = future.result()
                if progress:
                    progress(done, len(jobs))
        except BaseException:  # a stuck bot or Ctrl-C: do not play the games left
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return [record for record in results if record is not None]


# -- reports ------------------------------------------------------------------------------
def report_json(report: ArenaReport) -> dict[str, Any]:
    """The ``--json`` form (each game's own: :meth:`ArenaGame.report_json`)."""
    return arena_game(report.match.game).report_json(report)


def format_report(report: ArenaReport) -> str:
    """The readable table of ``se4x arena`` (each game's own: :meth:`ArenaGame.format_report`)."""
    return arena_game(report.match.game).format_report(report)


_HEADER = (f"{'':<12} {'games':>5} {'won':>4} {'(tb)':>5} {'drawn':>5} {'lost':>4} "
           f"{'(tb)':>5} {'A rate':>7}  {'95% CI':<13} {'rounds':>6} {'s/game':>7}")

_VERDICTS = {
    "stronger": "A is stronger than B: the 95 % interval lies above parity",
    "weaker": "A is weaker than B: the 95 % interval lies below parity",
    "undecided": "no difference shown: parity lies inside the 95 % interval",
}


def _row(label: str, t: Tally) -> str:
    low, high = t.interval
    ci = f"{100 * low:.1f}-{100 * high:.1f} %"
    return (f"{label:<12} {t.games:>5} {t.wins:>4} {f'({t.tiebreak_wins})':>5} "
            f"{t.draws:>5} {t.losses:>4} {f'({t.tiebreak_losses})':>5} "
            f"{100 * t.rate:>5.1f} %  {ci:<13} {t.mean_rounds:>6.1f} "
            f"{t.seconds_per_game:>7.3f}")


def tally_lines(report: ArenaReport) -> list[str]:
    """The table of BOT_A's results, overall and per seat, and the verdict (every game)."""
    return [
        _HEADER,
        _row("all", report.overall),
        *(_row("A as " + "+".join(f"p{seat}" for seat in seats), tally)
          for seats, tally in zip(report.match.seatings(), report.by_seat(), strict=True)),
        "",
        f"{_VERDICTS[report.verdict()]} ({100 * report.parity:.1f} %)",
    ]


def seeds_line(report: ArenaReport) -> str:
    """"200 games: seeds 0-99, each played with A in every seat and B in the others"."""
    m = report.match
    a_seats = len(m.seatings()[0])
    opponents = "B" if m.players == 2 else f"{m.players - 1} x B"
    seeds = f"seed {m.seed}" if m.seeds == 1 else f"seeds {m.seed}-{m.seed + m.seeds - 1}"
    asked = "" if m.games == len(report.records) else f" ({m.games} asked, whole sets)"
    if a_seats > 1:
        return (f"{len(report.records)} games{asked}: {seeds}, each played with A as each "
                f"team and B as the other")
    return (f"{len(report.records)} games{asked}: {seeds}, each played with A in every seat "
            f"and {opponents} in the others")


def time_line(report: ArenaReport) -> str:
    m = report.match
    a_step, b_step = report.seconds_per_decision()
    a_made, b_made = report.decisions()
    return (f"time per decision: A {m.bot_a} {1000 * a_step:.3f} ms ({a_made} decisions), "
            f"B {m.bot_b} {1000 * b_step:.3f} ms ({b_made} decisions)")


def common_json(report: ArenaReport) -> dict[str, Any]:
    """What every game's ``--json`` report holds."""
    m = report.match
    a_step, b_step = report.seconds_per_decision()
    a_made, b_made = report.decisions()
    return {"game": arena_game(m.game).name, "bot_a": m.bot_a, "bot_b": m.bot_b,
            "players": m.players, "seed": m.seed, "seeds": m.seeds,
            "games": len(report.records), "workers": report.workers,
            "seconds": report.seconds, "parity": report.parity,
            "verdict": report.verdict(), "overall": report.overall.as_json(),
            "by_seat": [dict(seat=seats[0], seats=list(seats), **tally.as_json())
                        for seats, tally in zip(m.seatings(), report.by_seat(), strict=True)],
            "seconds_per_decision": {"a": a_step, "b": b_step},
            "decisions": {"a": a_made, "b": b_made}}


def _print_progress(done: int, total: int) -> None:
    print(f"\r{done}/{total} games", end="\n" if done == total else "",
          file=sys.stderr, flush=True)


def _log_progress(done: int, total: int) -> None:
    """Progress for a log file (stderr not a terminal): a line at each tenth of the
    games, so a long strength run shows it is alive without flooding the log."""
    step = max(1, total // 10)
    if done % step == 0 or done == total:
        print(f"{done}/{total} games", file=sys.stderr, flush=True)


# -- the command line ----------------------------------------------------------------------
def game_options(args: argparse.Namespace, record: GameRecord) -> Options:
    """The game's own settings given on the command line (see :func:`foreign_option`)."""
    return options_of(**{o.key: getattr(args, o.key, None) or None for o in record.options})


def foreign_option(args: argparse.Namespace, record: GameRecord) -> str | None:
    """Why an option given on the command line does not apply to the game (another
    game's option), or None; left-out options are None or []."""
    own = {o.key for o in record.options}
    for other in registry.records():
        for option in other.options:
            if option.key not in own and getattr(args, option.key, None) not in (None, []):
                return (f"{option.flag} is a {other.title} option; {record.title} "
                        f"(--game {record.name}) has no {option.flag}")
    return None


def match_from_args(args: argparse.Namespace) -> Match:
    """The match the command line asks for; ValueError for an unknown game or an option
    that game does not have (options left out take the game's defaults)."""
    record = registry.record(getattr(args, "game", None) or registry.default().name)
    refused = foreign_option(args, record)
    if refused:
        raise ValueError(refused)
    return Match(args.bot_a, args.bot_b, games=args.games,
                 players=args.players or record.default_players, seed=args.seed,
                 options=game_options(args, record), game=record.name)


def main(args: argparse.Namespace) -> int:
    """``se4x arena``: 2 for bad input, 1 if a game could not be finished, else 0."""
    try:
        match = match_from_args(args)
        match.check()
    except ValueError as exc:
        print(f"se4x arena: error: {exc}", file=sys.stderr)
        return 2
    progress = _print_progress if sys.stderr.isatty() else _log_progress
    try:
        report = run_arena(match, args.workers, progress)
    except ArenaError as exc:
        print(f"se4x arena: game stopped: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report_json(report), indent=2))
    else:
        print(format_report(report))
    return 0


# -- the per-game hooks ---------------------------------------------------------------------
class WinnersOnly:
    """A ledger that reads nothing: the result is the rules' winners."""

    def read(self, events: Events) -> None:
        """Nothing to count."""


class ArenaGame:
    """What the arena needs to know about one game (module docstring, "Games").

    The methods here serve a game whose result is its rules' winners; a game overrides
    what differs (Space Empires: the round cap and its tiebreak, CP lost; SP4X: scores).
    """

    progress_name = "turn"  # what :meth:`progress` counts, for the stuck-bot message

    def __init__(self, record: GameRecord) -> None:
        self.game = record
        self.name = record.name
        self.title = record.title
        self.default_players = record.default_players

    def facade(self) -> Any:
        """The game's facade class."""
        return registry.game_class(self.name)

    def make_bot(self, spec: str, seed: int) -> BotLike:
        """The game's computer player for ``spec``."""
        return registry.make_bot(self.name, spec, seed)

    def config(self, job: GameJob) -> dict[str, Any]:
        """The config of one game: its players and seed, and the game's own settings."""
        config: dict[str, Any] = {"players": job.players, "seed": job.seed}
        for key, value in job.options:
            config[key] = thawed(value)
        return config

    def check(self, match: Match) -> None:
        """ValueError naming a setting this game cannot play (beyond its player counts)."""

    def seatings(self, match: Match) -> list[tuple[int, ...]]:
        """BOT_A's seats in each game of a seed's set: every seat in turn; a game played
        by teams gives each team's seats (BOT_A then plays the whole team)."""
        return [(seat,) for seat in range(match.players)]

    def progress(self, observation: Any) -> object:
        """What changes as the game advances (a bot making decisions for ever without
        changing it is stuck): the observation's turn, where it has one."""
        return observation.get("turn", 0) if isinstance(observation, dict) else 0

    def ledger(self, job: GameJob) -> Any:
        """An object whose ``read(events)`` sees every ``Game.apply``'s events."""
        return WinnersOnly()

    def record_result(self, job: GameJob, game: Any, table: Table, ledger: Any,
                      seconds: float, rounds: int = 0,
                      figures: tuple[float, ...] = ()) -> PlayedGame:
        """The rules' winners as BOT_A's result."""
        winners = list(game.winners)
        return PlayedGame(
            seed=job.seed, a_seat=job.a_seat, result=result_of(job.a_seats, winners),
            leaders=tuple(winners), rounds=rounds,
            decisions=(table.decisions[0], table.decisions[1]), seconds=seconds,
            step_seconds=(table.seconds[0], table.seconds[1]), figures=figures)

    def record(self, job: GameJob, game: Any, table: Table, ledger: Any,
               seconds: float) -> PlayedGame:
        return self.record_result(job, game, table, ledger, seconds,
                                  rounds=len(game.action_codes))

    def report_json(self, report: ArenaReport) -> dict[str, Any]:
        return {**common_json(report), "results": [r.as_json() for r in report.records]}

    def format_report(self, report: ArenaReport) -> str:
        m = report.match
        return "\n".join([
            f"{m.bot_a} (A) against {m.bot_b} (B): {self.title}, {m.players} players",
            seeds_line(report),
            f"{report.workers} worker(s), {report.seconds:.1f} s",
            "",
            *tally_lines(report),
            "drawn: A among the rules' winners; rounds: the game's length in actions",
            "",
            time_line(report),
        ])


def arena_game(name: str) -> ArenaGame:
    """The arena hooks of the game ``name`` ("": the default game); ValueError naming the
    known games."""
    record = registry.record(name) if name else registry.default()
    hooks: ArenaGame = registry.load(record.arena)(record)
    return hooks


__all__ = ["ArenaError", "ArenaGame", "ArenaReport", "DRAW", "GameJob", "LOSS", "Match",
           "PlayedGame", "SCORES", "TIEBREAK_LOSS", "TIEBREAK_WIN", "Table", "Tally", "WIN",
           "arena_game", "bot_seed", "format_report", "main", "match_from_args",
           "options_of", "play_game", "report_json", "result_of", "run_arena", "tally_lines",
           "thawed",
           "wilson_interval"]
