"""SP4X's hooks for ``se4x arena --game sp4x`` (:class:`se4x_core.devtools.arena.ArenaGame`).

What differs from Space Empires: 3 or 4 players (the prototype offers no
2-player game), no board size, round cap or advanced rules; every game ends
(two ages), so there is no tiebreak of the arena's own: the rules' winners
are the result (a lone winner wins; several winners, the rules' tie after
their tie-break, are a draw for each, scored ½ as the arena scores draws).
The figures beside the win rate: each bot's mean final score per seat, BOT_A's
mean margin over the best other player, and the game length in turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from se4x_core.devtools.arena import (
    DRAW,
    LOSS,
    WIN,
    ArenaGame,
    ArenaReport,
    GameJob,
    GameRecord,
    Match,
    tally_lines,
)


class TurnCount:
    """Counts the turns begun in a game, from the ``turn`` events ``Game.apply`` returns."""

    def __init__(self) -> None:
        self.turns = 0

    def read(self, events: Sequence[dict[str, Any]]) -> None:
        self.turns += sum(1 for event in events if event["type"] == "turn")


class Sp4xArena(ArenaGame):
    """SP4X: result from the rules' winners; scores, margin and length as figures."""

    name = "sp4x"
    title = "SP4X"
    progress_name = "turn"
    default_players = 3

    def check(self, match: Match) -> None:
        if match.players not in (3, 4):
            raise ValueError(f"players: SP4X seats 3 or 4 players, not {match.players}")

    def progress(self, observation: Any) -> object:
        return (observation["age"], observation["turn"])

    def ledger(self, job: GameJob) -> TurnCount:
        return TurnCount()

    def record(self, job: GameJob, game: Any, table: Any, ledger: Any,
               seconds: float) -> GameRecord:
        winners = list(game.winners)
        scores = list(game.scores)
        a = job.a_seat
        if a not in winners:
            result = LOSS
        else:
            result = WIN if len(winners) == 1 else DRAW
        others = [s for seat, s in enumerate(scores) if seat != a]
        figures = (float(scores[a]), float(scores[a] - max(others)),
                   sum(others) / len(others))
        return GameRecord(
            seed=job.seed, a_seat=a, result=result, leaders=tuple(winners),
            rounds=ledger.turns, decisions=(table.decisions[0], table.decisions[1]),
            seconds=seconds, step_seconds=(table.seconds[0], table.seconds[1]),
            figures=figures)

    def report_json(self, report: ArenaReport) -> dict[str, Any]:
        m = report.match
        a_step, b_step = report.seconds_per_decision()
        return {
            "game": "sp4x", "bot_a": m.bot_a, "bot_b": m.bot_b, "players": m.players,
            "seed": m.seed, "seeds": m.seeds, "games": len(report.records),
            "workers": report.workers, "seconds": report.seconds, "parity": report.parity,
            "verdict": report.verdict(), "overall": report.overall.as_json(),
            "by_seat": [dict(seat=seat, **tally.as_json())
                        for seat, tally in enumerate(report.by_seat())],
            "figures": figures(report),
            "seconds_per_decision": {"a": a_step, "b": b_step},
            "decisions": {"a": sum(r.decisions[0] for r in report.records),
                          "b": sum(r.decisions[1] for r in report.records)},
            "results": [_record_json(r) for r in report.records],
        }

    def format_report(self, report: ArenaReport) -> str:
        m = report.match
        a_step, b_step = report.seconds_per_decision()
        decisions = [sum(r.decisions[role] for r in report.records) for role in (0, 1)]
        seeds = f"seed {m.seed}" if m.seeds == 1 else f"seeds {m.seed}-{m.seed + m.seeds - 1}"
        asked = "" if m.games == len(report.records) else f" ({m.games} asked, whole sets)"
        f = figures(report)
        return "\n".join([
            f"{m.bot_a} (A) against {m.bot_b} (B): SP4X (prototype rules), {m.players} players",
            f"{len(report.records)} games{asked}: {seeds}, each played with A in every seat "
            f"and {m.players - 1} x B in the others",
            f"{report.workers} worker(s), {report.seconds:.1f} s",
            "",
            *tally_lines(report),
            "(tb): no tiebreak of the arena's own in SP4X; drawn: the rules' winners tied",
            "rounds: the game's length in turns (both ages, every player's turns)",
            "",
            f"mean final score: A {f['a_score']:.1f}, B {f['b_score']:.1f} (per seat); "
            f"A's margin over the best other player {f['a_margin']:+.1f}",
            f"game length: {f['turns']:.1f} turns",
            "",
            f"time per decision: A {m.bot_a} {1000 * a_step:.3f} ms ({decisions[0]} decisions), "
            f"B {m.bot_b} {1000 * b_step:.3f} ms ({decisions[1]} decisions)",
        ])


def figures(report: ArenaReport) -> dict[str, float]:
    """The means over the games: A's score, a B seat's score, A's margin, turns."""
    records = report.records
    n = len(records) or 1
    return {"a_score": sum(r.figures[0] for r in records) / n,
            "b_score": sum(r.figures[2] for r in records) / n,
            "a_margin": sum(r.figures[1] for r in records) / n,
            "turns": sum(r.rounds for r in records) / n}


def _record_json(record: GameRecord) -> dict[str, Any]:
    return {"seed": record.seed, "a_seat": record.a_seat, "result": record.result,
            "winners": list(record.leaders), "turns": record.rounds,
            "decisions": {"a": record.decisions[0], "b": record.decisions[1]},
            "a_score": record.figures[0], "a_margin": record.figures[1],
            "b_mean_score": record.figures[2], "seconds": record.seconds,
            "step_seconds": {"a": record.step_seconds[0], "b": record.step_seconds[1]}}
