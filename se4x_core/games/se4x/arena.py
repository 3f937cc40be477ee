"""Space Empires 4X's hooks for ``se4x arena`` (:class:`se4x_core.gamekit.arena.ArenaGame`).

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

**Per-bot figures.**  Beside the win rate, for BOT_A and for BOT_B: the CP
each empire lost to the carry-over cap (CP above 30 at the start of an
Economic Phase are discarded, docs/charts.md "Setup and economy"), per game and
as a share of that empire's income; the games that reached the round cap;
and the mean rounds to a decisive win.  The CP lost is the engine's own
figure, the ``discarded`` field of each ``income`` event that
``Game.apply`` returns, and the income beside it is that event's colony
income, minerals and trade (the ``income`` of ``Game.history``); a game
reached the cap when the engine announced ``round_limit``.  With several
BOT_B seats, BOT_B's CP figures are per seat ("per empire and game").
Why: a bot that wins often may still squander its economy or fail to finish
won games, and a win rate alone would not show it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from se4x_core.events import EmpireStats, Event
from se4x_core.gamekit.arena import (
    DRAW,
    LOSS,
    TIEBREAK_LOSS,
    TIEBREAK_WIN,
    WIN,
    ArenaGame,
    ArenaReport,
    GameJob,
    Match,
    PlayedGame,
    Table,
    common_json,
    seeds_line,
    tally_lines,
    thawed,
    time_line,
)

TIEBREAK = "homeworld standing, then income, then fleet + technology; all equal: a draw"
DEFAULT_BOARD = "standard"
DEFAULT_MAX_ROUNDS = 40


def tiebreak_leaders(alive: Sequence[int], last_rows: Sequence[EmpireStats]) -> list[int]:
    """The seats ahead on the tiebreak (module docstring): several if they are equal.

    >>> rows = [{"income": 20, "fleet": 3, "tech": 2}, {"income": 20, "fleet": 1, "tech": 4}]
    >>> tiebreak_leaders([1, 1], rows), tiebreak_leaders([1, 0], rows)
    ([0, 1], [0])
    >>> tiebreak_leaders([1, 1], [])  # stopped before any Economic Phase
    [0, 1]
    """
    best = max(_tiebreak_key(seat, alive, last_rows) for seat in range(len(alive)))
    return [seat for seat in range(len(alive))
            if _tiebreak_key(seat, alive, last_rows) == best]


def team_leaders(teams: Sequence[Sequence[int]], alive: Sequence[int],
                 last_rows: Sequence[EmpireStats]) -> list[int]:
    """Team play's tiebreak: the keys summed over each team's members, and the seats of
    the team ahead (both teams' when equal).

    >>> rows = [{"income": 20}, {"income": 10}, {"income": 15}]
    >>> team_leaders([[0, 1], [2]], [1, 1, 1], rows), team_leaders([[0], [1, 2]], [1, 1, 1], rows)
    ([0, 1], [1, 2])
    """
    def key(team: Sequence[int]) -> tuple[int, int, int]:
        keys = [_tiebreak_key(seat, alive, last_rows) for seat in team]
        return (sum(k[0] for k in keys), sum(k[1] for k in keys), sum(k[2] for k in keys))

    best = max(key(team) for team in teams)
    return sorted(seat for team in teams if key(team) == best for seat in team)


def _tiebreak_key(seat: int, alive: Sequence[int],
                  last_rows: Sequence[EmpireStats]) -> tuple[int, int, int]:
    if not last_rows:
        return (1 if alive[seat] else 0, 0, 0)
    row = last_rows[seat]
    return (1 if alive[seat] else 0, row.get("income", 0),
            row.get("fleet", 0) + row.get("tech", 0))


def _result(a_seats: Sequence[int], winners: Sequence[int], leaders: Sequence[int]) -> str:
    """BOT_A's result from the winners (if any) or the tiebreak leaders; a team's seats
    win, and lead, together."""
    if winners:
        return WIN if set(winners) <= set(a_seats) else LOSS
    if not set(a_seats) & set(leaders):
        return TIEBREAK_LOSS
    return TIEBREAK_WIN if set(leaders) <= set(a_seats) else DRAW


class Ledger:
    """The economy figures of one game by role (0: BOT_A, 1: BOT_B), read from the
    events ``Game.apply`` returns (the engine's own numbers, no rule recomputed here)."""

    def __init__(self, a_seats: Sequence[int]) -> None:
        self.a_seats = set(a_seats)
        self.cp_lost = [0, 0]
        self.income = [0, 0]
        self.capped = False

    def read(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "income":
                role = 0 if event["player"] in self.a_seats else 1
                self.cp_lost[role] += event["discarded"]
                self.income[role] += income_of(event)
            elif kind == "round_limit":
                self.capped = True


def income_of(event: Event) -> int:
    """An income event's income: colonies, minerals and (MS Pipelines) trade; the
    ``income`` of that phase's ``Game.history`` row."""
    return event["colony_income"] + event["minerals"] + (event.get("trade") or 0)


def _record(job: GameJob, game: Any, table: Table, ledger: Ledger,
            seconds: float) -> PlayedGame:
    final = game.observation(job.a_seat)
    winners = list(game.winners)
    history = game.history
    last_rows = history[-1] if history else []
    teams = game.teams
    if winners:
        leaders = winners
    elif teams:
        leaders = team_leaders(teams, final["alive"], last_rows)
    else:
        leaders = tiebreak_leaders(final["alive"], last_rows)
    return PlayedGame(
        seed=job.seed, a_seat=job.a_seat, result=_result(job.a_seats, winners, leaders),
        leaders=tuple(leaders), rounds=final["round"],
        decisions=(table.decisions[0], table.decisions[1]), capped=ledger.capped,
        cp_lost=(ledger.cp_lost[0], ledger.cp_lost[1]),
        income=(ledger.income[0], ledger.income[1]), seconds=seconds,
        step_seconds=(table.seconds[0], table.seconds[1]))


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
    def of(cls, spec: str, role: int, records: Sequence[PlayedGame], players: int,
           a_seats: int = 1) -> BotFigures:
        """Role 0 is BOT_A (``a_seats`` seats: one, or a team), role 1 BOT_B (the
        others); a decisive loss of BOT_A's is a decisive win of a BOT_B seat."""
        won = [r for r in records if r.result == (WIN if role == 0 else LOSS)]
        seats = a_seats if role == 0 else players - a_seats
        return cls(spec, empire_games=len(records) * seats,
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


def bots(report: ArenaReport) -> tuple[BotFigures, BotFigures]:
    """The per-bot figures of BOT_A and of BOT_B."""
    m = report.match
    a_seats = len(m.seatings()[0])
    return (BotFigures.of(m.bot_a, 0, report.records, m.players, a_seats),
            BotFigures.of(m.bot_b, 1, report.records, m.players, a_seats))


def settings(match: Match) -> tuple[str, int, tuple[str, ...]]:
    """The board, the round cap and the advanced rule sets a match plays with."""
    return (match.option("board", DEFAULT_BOARD),
            match.option("max_rounds", DEFAULT_MAX_ROUNDS),
            tuple(match.option("advanced", ())))


def _se4x_report_json(report: ArenaReport) -> dict[str, Any]:
    board, max_rounds, advanced = settings(report.match)
    return {
        **common_json(report), "board": board, "max_rounds": max_rounds,
        "advanced": list(advanced), "tiebreak": TIEBREAK,
        "round_cap_games": report.round_cap_games,
        "bots": {role: figures.as_json() for role, figures in zip("ab", bots(report),
                                                                  strict=True)},
        "results": [r.as_json() for r in report.records],
    }


_BOT_HEADER = (f"{'':<4} {'bot':<14} {'CP lost/game':>12} {'of income':>9} "
               f"{'decisive wins':>13} {'rounds to win':>13} {'round-cap games':>15}")


def _bot_row(label: str, b: BotFigures) -> str:
    rounds = "-" if b.mean_rounds_to_win is None else f"{b.mean_rounds_to_win:.1f}"
    return (f"{label:<4} {b.spec:<14} {b.cp_lost_per_game:>12.1f} "
            f"{100 * b.cp_lost_share:>7.2f} % {b.decisive_wins:>13} {rounds:>13} "
            f"{b.round_cap_games:>15}")


def _se4x_format_report(report: ArenaReport) -> str:
    m = report.match
    board, max_rounds, advanced = settings(m)
    lines = [
        f"{m.bot_a} (A) against {m.bot_b} (B): {m.players} players, {board} board, "
        f"at most {max_rounds} rounds"
        + (f", advanced rules: {', '.join(advanced)}" if advanced else "")
        + (", teams " + " against ".join("+".join(f"p{seat}" for seat in team)
                                          for team in m.option("teams")) if m.option("teams")
           else ""),
        seeds_line(report),
        f"{report.workers} worker(s), {report.seconds:.1f} s",
        "",
        *tally_lines(report),
        "(tb): of those, by tiebreak; the rate counts a tiebreak win as a win, a draw as 1/2",
        "",
        _BOT_HEADER,
        *(_bot_row(label, figures) for label, figures in zip(("A", "B"), bots(report),
                                                             strict=True)),
        "CP lost: discarded at the 30 CP carry-over cap, per empire and game and as a share "
        "of its income",
        "",
        time_line(report),
        f"round-limit tiebreak: {TIEBREAK}",
    ]
    return "\n".join(lines)


class Se4xArena(ArenaGame):
    """Space Empires 4X: boards, the round cap and its tiebreak, CP lost and income."""

    progress_name = "round"

    def config(self, job: GameJob) -> dict[str, Any]:
        config: dict[str, Any] = {"players": job.players, "seed": job.seed,
                                  "board": job.option("board", DEFAULT_BOARD),
                                  "max_rounds": job.option("max_rounds", DEFAULT_MAX_ROUNDS)}
        advanced = job.option("advanced", ())
        if advanced:
            config["advanced"] = list(advanced)
        teams = job.option("teams")
        if teams:
            config["teams"] = thawed(teams)
        return config

    def seatings(self, match: Match) -> list[tuple[int, ...]]:
        """Every seat in turn; with teams, each team's seats (BOT_A plays a whole team)."""
        teams = match.option("teams")
        if not teams:
            return super().seatings(match)
        return [tuple(sorted(team)) for team in sorted(teams, key=min)]

    def check(self, match: Match) -> None:
        board, max_rounds, _advanced = settings(match)
        if max_rounds < 1:
            raise ValueError("max-rounds: must be >= 1")
        if match.players > 2 and board != "standard":
            raise ValueError(f"the {board} board seats 2 players; "
                             f"{match.players} players play on the standard board")

    def progress(self, observation: Any) -> object:
        return observation["round"]

    def ledger(self, job: GameJob) -> Ledger:
        return Ledger(job.a_seats)

    def record(self, job: GameJob, game: Any, table: Table, ledger: Any,
               seconds: float) -> PlayedGame:
        return _record(job, game, table, ledger, seconds)

    def report_json(self, report: ArenaReport) -> dict[str, Any]:
        return _se4x_report_json(report)

    def format_report(self, report: ArenaReport) -> str:
        return _se4x_format_report(report)
