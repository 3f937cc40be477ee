"""``se4x arena``: bots play each other; win rates with 95% confidence intervals.

Why it exists: "is the new bot stronger?" needs many games, a fair seating
and an error bar, and the answer is worth little without the cost of each
decision beside it.  The arena plays BOT_A against BOT_B through the
:class:`~se4x_core.game.Game` facade, each bot deciding from its own
observation, exactly as at a table.

**Seats.**  With 2 players BOT_A plays one seat and BOT_B the other; with 3
or 4, BOT_A takes one seat and BOT_B all the others (one search bot against
three rule-based ones).  A seat is a player number.

**Paired seeds.**  Games come in sets, one set per seed: the same seed is
played once with BOT_A in every seat in turn (2 players: A as player 0, then
A as player 1).  The seed fixes the map, the dice and the die roll for the
first player, so whatever advantage a seat has, BOT_A has it exactly as
often as BOT_B, and it cancels.  ``--games N`` is rounded up to whole sets.
Seed ``k`` of a run is ``--seed`` plus ``k``.

**Determinism.**  Each bot's seed comes from the game seed and its seat
(:func:`bot_seed`), never from the clock or the worker, so the same command
gives the same games whatever ``--workers`` says.  (A bot against itself
therefore scores exactly 50 %: the two games of a set are the same game
with the names swapped.)

**Round limit and tiebreak.**  A game that ends without a winner (stopped
at ``--max-rounds``, or no empire left) is scored from what the facade
shows at the end: the empires are compared by, in order,

1. homeworld still standing (``observation["alive"]``);
2. income in the last Economic Phase (``Game.history[-1]``: CP per turn
   from homeworld, colonies and mining);
3. fleet plus technology (``history``: warships in play plus technology
   levels bought since the start).

The one empire ahead wins "by tiebreak"; empires equal on all three keys
are tied.  BOT_A scores 1 for a win (decisive or by tiebreak), ½ when it is
among the tied leaders, and 0 otherwise.  The report keeps decisive results,
tiebreak results and draws apart: short round limits favour expansion
(income) over armies, so read tiebreak wins with that in mind.

**Statistics.**  BOT_A's win rate is its mean score, with a 95% Wilson
score interval (:func:`wilson_interval`), which stays inside [0, 1] and is
honest near 0 % and 100 %, where the normal approximation is not.  Parity
is 1/N for N players: an interval wholly above it says BOT_A is stronger.

**Per-bot figures.**  Beside the win rate, for BOT_A and for BOT_B: the CP
each empire lost to the carry-over cap (CP above 30 at the start of an
Economic Phase are discarded, CHARTS.md "Setup and economy"), per game and
as a share of that empire's income; the games that reached the round cap;
and the mean rounds to a decisive win.  The CP lost is the engine's own
figure, the ``discarded`` field of each ``income`` event that
``Game.apply`` returns, and the income beside it is that event's colony
income, minerals and trade (the ``income`` of ``Game.history``); a game
reached the cap when the engine announced ``round_limit``.  With several
BOT_B seats, BOT_B's CP figures are per seat ("per empire and game").
Why: a bot that wins often may still squander its economy or fail to finish
won games, and a win rate alone would not show it.

**Games.**  ``--game`` names the game (:data:`se4x_core.games.GAMES`, default
``se4x``).  The loop, the seating, the seeds, the workers and the statistics
are the same for every game; what is particular to one game is a small
:class:`ArenaGame` (the "per-game hooks"): its facade and bot specs, the
config for a seed, the settings it checks, what a decision's progress is
(the round; an SP4X turn), the figures it reads from the events, how a game
is scored at its end (Space Empires' round-cap tiebreak above) and its report.
Space Empires' hooks are :class:`Se4xArena` here; SP4X's are
:class:`se4x_core.games.sp4x.arena.Sp4xArena` (score, margin, game length).

**Cost.**  Every ``Bot.step`` is timed; the report gives each bot's mean
seconds per decision beside the seconds per game.  Games run in worker
processes (``concurrent.futures.ProcessPoolExecutor``); timings are for
reading, never compared (they differ between runs).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from se4x_core import games
from se4x_core.errors import ConfigError, IllegalActionError
from se4x_core.events import EmpireStats, Event
from se4x_core.games import GAMES

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile: a two-sided 95% interval

TIEBREAK = "homeworld standing, then income, then fleet + technology; all equal: a draw"

# A bot that makes this many decisions without the round changing is stuck
# (e.g. splitting and merging a group for ever); the arena stops and names
# it rather than hang.  A normal round takes 50-70 decisions in all.
ROUND_DECISION_LIMIT = 20_000

WIN, TIEBREAK_WIN, DRAW, TIEBREAK_LOSS, LOSS = (
    "win", "tiebreak_win", "draw", "tiebreak_loss", "loss")
SCORES = {WIN: 1.0, TIEBREAK_WIN: 1.0, DRAW: 0.5, TIEBREAK_LOSS: 0.0, LOSS: 0.0}

ProgressFn = Callable[[int, int], None]


class ArenaError(RuntimeError):
    """A game could not be played to its end (a bot stuck or making an illegal move)."""


# -- statistics -------------------------------------------------------------------------
def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / n`` (95% by default).

    Why Wilson and not p ± z·sqrt(p(1-p)/n): that normal interval has zero
    width at 0/n and n/n and spills past [0, 1]; Wilson's does neither and
    keeps close to its nominal coverage for the few hundred games an arena
    plays.  ``successes`` may be fractional (a draw counts ½).

    >>> [round(x, 4) for x in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    >>> wilson_interval(0, 0)  # no games: no information
    (0.0, 1.0)
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    z2 = z * z
    centre = successes + z2 / 2
    spread = z * math.sqrt(successes * (n - successes) / n + z2 / 4)
    return max(0.0, (centre - spread) / (n + z2)), min(1.0, (centre + spread) / (n + z2))


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
    board: str
    max_rounds: int
    seed: int
    a_seat: int
    advanced: tuple[str, ...] = ()  # advanced rule sets (data.ADVANCED_RULES), none: basic
    game: str = "se4x"  # the game's name in se4x_core.games.GAMES

    def config(self) -> dict[str, Any]:
        return arena_game(self.game).config(self)

    def seat_specs(self) -> list[str]:
        """The bot spec in each seat: BOT_A in ``a_seat``, BOT_B everywhere else."""
        return [self.bot_a if seat == self.a_seat else self.bot_b
                for seat in range(self.players)]


@dataclass(frozen=True)
class GameRecord:
    """How one game went, from BOT_A's side.  Timings are left out of ``==``."""

    seed: int
    a_seat: int
    result: str  # WIN, TIEBREAK_WIN, DRAW, TIEBREAK_LOSS or LOSS
    leaders: tuple[int, ...]  # the winner's seat, or the seats ahead on the tiebreak
    rounds: int
    decisions: tuple[int, int]  # (BOT_A's, BOT_B's seats together)
    capped: bool = False  # stopped at the round cap (the engine's round_limit event)
    cp_lost: tuple[int, int] = (0, 0)  # CP discarded at the carry-over cap: A's, B's seats
    income: tuple[int, int] = (0, 0)  # income over the game: A's, B's seats
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


def tiebreak_leaders(alive: Sequence[int], last_rows: Sequence[EmpireStats]) -> list[int]:
    """The seats ahead on the tiebreak (module docstring): several if they are equal.

    >>> rows = [{"income": 20, "fleet": 3, "tech": 2}, {"income": 20, "fleet": 1, "tech": 4}]
    >>> tiebreak_leaders([1, 1], rows), tiebreak_leaders([1, 0], rows)
    ([0, 1], [0])
    >>> tiebreak_leaders([1, 1], [])  # stopped before any Economic Phase
    [0, 1]
    """
    def key(seat: int) -> tuple[int, int, int]:
        if not last_rows:
            return (1 if alive[seat] else 0, 0, 0)
        row = last_rows[seat]
        return (1 if alive[seat] else 0, row.get("income", 0),
                row.get("fleet", 0) + row.get("tech", 0))

    best = max(key(seat) for seat in range(len(alive)))
    return [seat for seat in range(len(alive)) if key(seat) == best]


def _result(a_seat: int, winner: int | None, leaders: list[int]) -> str:
    """BOT_A's result from the winner (if any) or the tiebreak leaders."""
    if winner is not None:
        return WIN if winner == a_seat else LOSS
    if a_seat not in leaders:
        return TIEBREAK_LOSS
    return TIEBREAK_WIN if len(leaders) == 1 else DRAW


def ask(bot: Any, game: Any, seat: int, observation: Any, legal: Sequence[Any]) -> Any:
    """A bot's decision, as every table asks for it (the same for every game): the
    information set first if the bot searches, then the observation and the legal
    actions."""
    if bot.needs_information_set:
        bot.inform(game.information_set(seat))
    return bot.step(observation, legal)


class _Table:
    """The bots of one game, timing each decision by role (0: BOT_A, 1: BOT_B)."""

    def __init__(self, job: GameJob, rules: ArenaGame) -> None:
        self.job = job
        self.rules = rules
        self.specs = job.seat_specs()
        self.bots: list[Any] = [rules.make_bot(spec, bot_seed(job.seed, seat))
                                for seat, spec in enumerate(self.specs)]
        for bot in self.bots:
            bot.restart()
        self.decisions = [0, 0]
        self.seconds = [0.0, 0.0]
        self.round: object = 0  # the progress (round, turn) of the latest decision

    def decide(self, game: Any, seat: int) -> Any:
        observation = game.observation(seat)
        self.round = self.rules.progress(observation)
        legal = game.legal_actions()
        role = 0 if seat == self.job.a_seat else 1
        start = time.perf_counter()
        action = ask(self.bots[seat], game, seat, observation, legal)
        self.seconds[role] += time.perf_counter() - start
        self.decisions[role] += 1
        return action

    def fail(self, seat: int, why: str) -> ArenaError:
        return ArenaError(f"seed {self.job.seed}, {self.specs[seat]!r} as player {seat}: "
                          f"{why}")


class Ledger:
    """The economy figures of one game by role (0: BOT_A, 1: BOT_B), read from the
    events ``Game.apply`` returns (the engine's own numbers, no rule recomputed here)."""

    def __init__(self, a_seat: int) -> None:
        self.a_seat = a_seat
        self.cp_lost = [0, 0]
        self.income = [0, 0]
        self.capped = False

    def read(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "income":
                role = 0 if event["player"] == self.a_seat else 1
                self.cp_lost[role] += event["discarded"]
                self.income[role] += income_of(event)
            elif kind == "round_limit":
                self.capped = True


def income_of(event: Event) -> int:
    """An income event's income: colonies, minerals and (MS Pipelines) trade; the
    ``income`` of that phase's ``Game.history`` row."""
    return event["colony_income"] + event["minerals"] + (event.get("trade") or 0)


def play_game(job: GameJob) -> GameRecord:
    """Play one game to its end and score it for BOT_A (run in a worker process)."""
    start = time.perf_counter()
    rules = arena_game(job.game)
    game = rules.facade().new_game(job.config())
    table = _Table(job, rules)
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


def _record(job: GameJob, game: Any, table: _Table, ledger: Ledger,
            seconds: float) -> GameRecord:
    final = game.observation(job.a_seat)
    winner = game.winner
    history = game.history
    leaders = [winner] if winner is not None else tiebreak_leaders(
        final["alive"], history[-1] if history else [])
    return GameRecord(
        seed=job.seed, a_seat=job.a_seat, result=_result(job.a_seat, winner, leaders),
        leaders=tuple(leaders), rounds=final["round"],
        decisions=(table.decisions[0], table.decisions[1]), capped=ledger.capped,
        cp_lost=(ledger.cp_lost[0], ledger.cp_lost[1]),
        income=(ledger.income[0], ledger.income[1]), seconds=seconds,
        step_seconds=(table.seconds[0], table.seconds[1]))


# -- a whole run ------------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    """What to play: two bot specs, how many games, and the table's settings."""

    bot_a: str
    bot_b: str
    games: int = 200
    players: int = 2
    board: str = "standard"
    seed: int = 0
    max_rounds: int = 40
    advanced: tuple[str, ...] = ()
    game: str = "se4x"

    @property
    def seeds(self) -> int:
        """Seeds played: ``games`` rounded up to whole sets of ``players`` games."""
        return -(-self.games // self.players)

    def jobs(self) -> list[GameJob]:
        """Every game in order: seed by seed, BOT_A in seat 0, 1, ... within a seed."""
        return [GameJob(self.bot_a, self.bot_b, self.players, self.board, self.max_rounds,
                        self.seed + k, seat, self.advanced, self.game)
                for k in range(self.seeds) for seat in range(self.players)]

    def check(self) -> None:
        """ValueError naming the first bad setting (game, bots, counts, board, config)."""
        rules = arena_game(self.game)  # ValueError naming the known games
        for spec in (self.bot_a, self.bot_b):
            rules.make_bot(spec, 0)  # ValueError naming the known bots
        for name in ("games", "players", "max_rounds"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name.replace('_', '-')}: must be >= 1")
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
    def of(cls, records: Sequence[GameRecord]) -> Tally:
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
class BotFigures:
    """One bot's economy and finishing over a run (module docstring, "Per-bot figures")."""

    spec: str
    empire_games: int  # games times the seats the bot held in each
    cp_lost: int  # CP discarded at the carry-over cap, all its seats
    income: int  # income over the games, all its seats
    decisive_wins: int
    win_rounds: int  # the rounds of those wins, summed
    round_cap_games: int  # its games that reached the round cap

    @classmethod
    def of(cls, spec: str, role: int, records: Sequence[GameRecord], players: int) -> BotFigures:
        """Role 0 is BOT_A (one seat), role 1 BOT_B (the others); a decisive loss of
        BOT_A's is a decisive win of a BOT_B seat."""
        won = [r for r in records if r.result == (WIN if role == 0 else LOSS)]
        return cls(spec, empire_games=len(records) * (1 if role == 0 else players - 1),
                   cp_lost=sum(r.cp_lost[role] for r in records),
                   income=sum(r.income[role] for r in records),
                   decisive_wins=len(won), win_rounds=sum(r.rounds for r in won),
                   round_cap_games=sum(r.capped for r in records))

    @property
    def cp_lost_per_game(self) -> float:
        """CP lost per empire and game."""
        return self.cp_lost / self.empire_games if self.empire_games else 0.0

    @property
    def cp_lost_share(self) -> float:
        """CP lost as a share of the income."""
        return self.cp_lost / self.income if self.income else 0.0

    @property
    def mean_rounds_to_win(self) -> float | None:
        """Mean rounds of its decisive wins; None without any."""
        return self.win_rounds / self.decisive_wins if self.decisive_wins else None

    def as_json(self) -> dict[str, Any]:
        return {"spec": self.spec, "empire_games": self.empire_games, "cp_lost": self.cp_lost,
                "income": self.income, "cp_lost_per_game": self.cp_lost_per_game,
                "cp_lost_share": self.cp_lost_share, "decisive_wins": self.decisive_wins,
                "mean_rounds_to_win": self.mean_rounds_to_win,
                "round_cap_games": self.round_cap_games}


@dataclass(frozen=True)
class ArenaReport:
    """A finished run: the match, every game in order, and the wall-clock time."""

    match: Match
    workers: int
    records: list[GameRecord]
    seconds: float

    @property
    def overall(self) -> Tally:
        return Tally.of(self.records)

    def by_seat(self) -> list[Tally]:
        return [Tally.of([r for r in self.records if r.a_seat == seat])
                for seat in range(self.match.players)]

    @property
    def parity(self) -> float:
        return 1 / self.match.players

    def bots(self) -> tuple[BotFigures, BotFigures]:
        """The per-bot figures of BOT_A and of BOT_B."""
        m = self.match
        return (BotFigures.of(m.bot_a, 0, self.records, m.players),
                BotFigures.of(m.bot_b, 1, self.records, m.players))

    @property
    def round_cap_games(self) -> int:
        return sum(r.capped for r in self.records)

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
                  progress: ProgressFn | None) -> list[GameRecord]:
    """Games in worker processes, returned in job order (so the report never depends
    on which worker finished first).  "spawn" starts clean interpreters on every
    platform: no forked copy of a parent's threads (the app's, pytest's) in them."""
    results: list[GameRecord | None] = [None] * len(jobs)
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
    """The ``--json`` form: settings, overall and per-seat tallies, timings, every game
    (each game's own form: :meth:`ArenaGame.report_json`)."""
    return arena_game(report.match.game).report_json(report)


def _se4x_report_json(report: ArenaReport) -> dict[str, Any]:
    m = report.match
    a_step, b_step = report.seconds_per_decision()
    return {
        "bot_a": m.bot_a, "bot_b": m.bot_b, "players": m.players, "board": m.board,
        "seed": m.seed, "seeds": m.seeds, "max_rounds": m.max_rounds,
        "advanced": list(m.advanced),
        "games": len(report.records), "workers": report.workers,
        "seconds": report.seconds, "tiebreak": TIEBREAK, "parity": report.parity,
        "verdict": report.verdict(),
        "overall": report.overall.as_json(),
        "by_seat": [dict(seat=seat, **tally.as_json())
                    for seat, tally in enumerate(report.by_seat())],
        "round_cap_games": report.round_cap_games,
        "bots": {role: figures.as_json() for role, figures in zip("ab", report.bots(),
                                                                  strict=True)},
        "seconds_per_decision": {"a": a_step, "b": b_step},
        "decisions": {"a": sum(r.decisions[0] for r in report.records),
                      "b": sum(r.decisions[1] for r in report.records)},
        "results": [r.as_json() for r in report.records],
    }


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


_BOT_HEADER = (f"{'':<4} {'bot':<14} {'CP lost/game':>12} {'of income':>9} "
               f"{'decisive wins':>13} {'rounds to win':>13} {'round-cap games':>15}")


def _bot_row(label: str, b: BotFigures) -> str:
    rounds = "-" if b.mean_rounds_to_win is None else f"{b.mean_rounds_to_win:.1f}"
    return (f"{label:<4} {b.spec:<14} {b.cp_lost_per_game:>12.1f} "
            f"{100 * b.cp_lost_share:>7.2f} % {b.decisive_wins:>13} {rounds:>13} "
            f"{b.round_cap_games:>15}")


def format_report(report: ArenaReport) -> str:
    """The readable table of ``se4x arena`` (each game's own: :meth:`ArenaGame.format_report`)."""
    return arena_game(report.match.game).format_report(report)


def tally_lines(report: ArenaReport) -> list[str]:
    """The table of BOT_A's results, overall and per seat, and the verdict (every game)."""
    return [
        _HEADER,
        _row("all", report.overall),
        *(_row(f"A as p{seat}", tally) for seat, tally in enumerate(report.by_seat())),
        "",
        f"{_VERDICTS[report.verdict()]} ({100 * report.parity:.1f} %)",
    ]


def _se4x_format_report(report: ArenaReport) -> str:
    m = report.match
    a_step, b_step = report.seconds_per_decision()
    decisions = [sum(r.decisions[role] for r in report.records) for role in (0, 1)]
    opponents = "B" if m.players == 2 else f"{m.players - 1} x B"
    seeds = f"seed {m.seed}" if m.seeds == 1 else f"seeds {m.seed}-{m.seed + m.seeds - 1}"
    asked = "" if m.games == len(report.records) else f" ({m.games} asked, whole sets)"
    lines = [
        f"{m.bot_a} (A) against {m.bot_b} (B): {m.players} players, {m.board} board, "
        f"at most {m.max_rounds} rounds"
        + (f", advanced rules: {', '.join(m.advanced)}" if m.advanced else ""),
        f"{len(report.records)} games{asked}: {seeds}, each played with A in every seat "
        f"and {opponents} in the others",
        f"{report.workers} worker(s), {report.seconds:.1f} s",
        "",
        *tally_lines(report),
        "(tb): of those, by tiebreak; the rate counts a tiebreak win as a win, a draw as 1/2",
        "",
        _BOT_HEADER,
        *(_bot_row(label, figures) for label, figures in zip(("A", "B"), report.bots(),
                                                             strict=True)),
        "CP lost: discarded at the 30 CP carry-over cap, per empire and game and as a share "
        "of its income",
        "",
        f"time per decision: A {m.bot_a} {1000 * a_step:.3f} ms ({decisions[0]} decisions), "
        f"B {m.bot_b} {1000 * b_step:.3f} ms ({decisions[1]} decisions)",
        f"round-limit tiebreak: {TIEBREAK}",
    ]
    return "\n".join(lines)


def _print_progress(done: int, total: int) -> None:
    print(f"\r{done}/{total} games", end="\n" if done == total else "",
          file=sys.stderr, flush=True)


def _log_progress(done: int, total: int) -> None:
    """Progress for a log file (stderr not a terminal): a line at each tenth of the
    games, so a long strength run shows it is alive without flooding the log."""
    step = max(1, total // 10)
    if done % step == 0 or done == total:
        print(f"{done}/{total} games", file=sys.stderr, flush=True)


def match_from_args(args: argparse.Namespace) -> Match:
    """The match the command line asks for; ValueError for an unknown game or an option
    that game does not have (options left out take the game's defaults)."""
    game = getattr(args, "game", None) or "se4x"
    rules = arena_game(game)
    refused = foreign_option(args, rules)
    if refused:
        raise ValueError(refused)
    given = {name: getattr(args, name, None) for name in SE4X_OPTIONS}
    return Match(args.bot_a, args.bot_b, games=args.games,
                 players=args.players or rules.default_players,
                 board=given["board"] or "standard", seed=args.seed,
                 max_rounds=given["max_rounds"] or 40,
                 advanced=tuple(given["advanced"] or ()), game=game)


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
class ArenaGame:
    """What the arena needs to know about one game (module docstring, "Games").

    The methods here are the defaults; a game overrides what differs.
    """

    name = ""
    title = ""
    progress_name = "round"  # what :meth:`progress` counts, for the stuck-bot message
    default_players = 2
    options: tuple[str, ...] = ()  # the game-specific Match settings it takes

    def facade(self) -> Any:
        """The game's ``Game`` class, from :data:`se4x_core.games.GAMES`."""
        return games.facade(self.name)

    def make_bot(self, spec: str, seed: int) -> Any:
        """The game's computer player for ``spec`` (se4x_core.games.BOTS)."""
        return games.make_bot(self.name, spec, seed)

    def config(self, job: GameJob) -> dict[str, Any]:
        return {"players": job.players, "seed": job.seed}

    def check(self, match: Match) -> None:
        """ValueError naming a setting this game cannot play."""

    def progress(self, observation: Any) -> object:
        """What changes as the game advances (a bot making decisions for ever without
        changing it is stuck)."""
        raise NotImplementedError

    def ledger(self, job: GameJob) -> Any:
        """An object whose ``read(events)`` sees every ``Game.apply``'s events."""
        raise NotImplementedError

    def record(self, job: GameJob, game: Any, table: _Table, ledger: Any,
               seconds: float) -> GameRecord:
        raise NotImplementedError

    def report_json(self, report: ArenaReport) -> dict[str, Any]:
        raise NotImplementedError

    def format_report(self, report: ArenaReport) -> str:
        raise NotImplementedError


class Se4xArena(ArenaGame):
    """Space Empires 4X: boards, the round cap and its tiebreak, CP lost and income."""

    name = "se4x"
    title = "Space Empires 4X"
    options = ("board", "max_rounds", "advanced")

    def config(self, job: GameJob) -> dict[str, Any]:
        config: dict[str, Any] = {"players": job.players, "seed": job.seed,
                                  "board": job.board, "max_rounds": job.max_rounds}
        if job.advanced:
            config["advanced"] = list(job.advanced)
        return config

    def check(self, match: Match) -> None:
        if not 2 <= match.players <= 4:
            raise ValueError(f"players: must be 2, 3 or 4, not {match.players}")
        if match.players > 2 and match.board != "standard":
            raise ValueError(f"the {match.board} board seats 2 players; "
                             f"{match.players} players play on the standard board")

    def progress(self, observation: Any) -> object:
        return observation["round"]

    def ledger(self, job: GameJob) -> Ledger:
        return Ledger(job.a_seat)

    def record(self, job: GameJob, game: Any, table: _Table, ledger: Any,
               seconds: float) -> GameRecord:
        return _record(job, game, table, ledger, seconds)

    def report_json(self, report: ArenaReport) -> dict[str, Any]:
        return _se4x_report_json(report)

    def format_report(self, report: ArenaReport) -> str:
        return _se4x_format_report(report)


SE4X_OPTIONS = ("board", "max_rounds", "advanced")  # command-line options of Space Empires


def foreign_option(args: argparse.Namespace, rules: ArenaGame) -> str | None:
    """Why an option given on the command line does not apply to the game (a Space
    Empires option with ``--game sp4x``), or None; left-out options are None or []."""
    for name in SE4X_OPTIONS:
        if getattr(args, name, None) not in (None, []) and name not in rules.options:
            option = "--" + name.replace("_", "-")
            return (f"{option} is a Space Empires option; {rules.title} "
                    f"(--game {rules.name}) has no {option}")
    return None


# Game name -> "module:class" of its hooks (imported when asked for: a game's bots load
# only when its games are played).
ARENA_GAMES: dict[str, str] = {
    "se4x": "se4x_core.devtools.arena:Se4xArena",
    "sp4x": "se4x_core.games.sp4x.arena:Sp4xArena",
}


def game_names() -> list[str]:
    return sorted(GAMES)


def arena_game(name: str) -> ArenaGame:
    """The arena hooks of the game ``name``; ValueError naming the known games."""
    where = ARENA_GAMES.get(name) if name in GAMES else None
    if where is None:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    module, _, cls = where.partition(":")
    hooks: ArenaGame = getattr(importlib.import_module(module), cls)()
    return hooks
