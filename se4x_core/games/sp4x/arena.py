"""SP4X's hooks for ``se4x arena --game sp4x`` (:class:`se4x_core.gamekit.arena.ArenaGame`).

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

from se4x_core.gamekit.arena import (
    ArenaGame,
    ArenaReport,
    GameJob,
    PlayedGame,
    common_json,
    seeds_line,
    tally_lines,
    time_line,
)


class TurnCount:
    """Counts the turns begun in a game, from the ``turn`` events ``Game.apply`` returns."""

    def __init__(self) -> None:
        self.turns = 0

    def read(self, events: Sequence[dict[str, Any]]) -> None:
        self.turns += sum(1 for event in events if event["type"] == "turn")


class Sp4xArena(ArenaGame):
    """SP4X: result from the rules' winners; scores, margin and length as figures."""

    progress_name = "turn"

    def progress(self, observation: Any) -> object:
        return (observation["age"], observation["turn"])

    def ledger(self, job: GameJob) -> TurnCount:
        return TurnCount()

    def record(self, job: GameJob, game: Any, table: Any, ledger: Any,
               seconds: float) -> PlayedGame:
        scores = list(game.scores)
        a = job.a_seat
        others = [s for seat, s in enumerate(scores) if seat != a]
        figures = (float(scores[a]), float(scores[a] - max(others)),
                   sum(others) / len(others))
        return self.record_result(job, game, table, ledger, seconds, rounds=ledger.turns,
                                  figures=figures)

    def report_json(self, report: ArenaReport) -> dict[str, Any]:
        return {**common_json(report), "figures": figures(report),
                "results": [_record_json(r) for r in report.records]}

    def format_report(self, report: ArenaReport) -> str:
        m = report.match
        f = figures(report)
        return "\n".join([
            f"{m.bot_a} (A) against {m.bot_b} (B): SP4X (prototype rules), {m.players} players",
            seeds_line(report),
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
            time_line(report),
        ])


def figures(report: ArenaReport) -> dict[str, float]:
    """The means over the games: A's score, a B seat's score, A's margin, turns."""
    records = report.records
    n = len(records) or 1
    return {"a_score": sum(r.figures[0] for r in records) / n,
            "b_score": sum(r.figures[2] for r in records) / n,
            "a_margin": sum(r.figures[1] for r in records) / n,
            "turns": sum(r.rounds for r in records) / n}


def _record_json(record: PlayedGame) -> dict[str, Any]:
    return {"seed": record.seed, "a_seat": record.a_seat, "result": record.result,
            "winners": list(record.leaders), "turns": record.rounds,
            "decisions": {"a": record.decisions[0], "b": record.decisions[1]},
            "a_score": record.figures[0], "a_margin": record.figures[1],
            "b_mean_score": record.figures[2], "seconds": record.seconds,
            "step_seconds": {"a": record.step_seconds[0], "b": record.step_seconds[1]}}
