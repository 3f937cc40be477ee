"""``se4x arena``: its statistics, fair seating, determinism and command line.

The statistics are checked against values worked out by hand; the seating
by playing a deterministic bot against itself, where the two games of a
seed must mirror each other exactly; determinism by playing the same games
in one process and in two.  Nothing here asserts on time: timings are only
reported.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

import pytest

from se4x_core.actions import Action
from se4x_core.ai import registry
from se4x_core.ai.bot import Bot, ask
from se4x_core.devtools import cli
from se4x_core.game import Game
from se4x_core.gamekit import arena
from se4x_core.gamekit.arena import (
    DRAW,
    LOSS,
    TIEBREAK_LOSS,
    TIEBREAK_WIN,
    WIN,
    Match,
    PlayedGame,
    Tally,
    format_report,
    options_of,
    report_json,
    run_arena,
    wilson_interval,
)
from se4x_core.games.se4x.arena import BotFigures, tiebreak_leaders
from se4x_core.games.se4x.arena import bots as se4x_bots
from se4x_core.observation import Observation
from se4x_qt import launcher

pytestmark = pytest.mark.slow


def se4x_match(bot_a: str, bot_b: str, board: str | None = None,
               max_rounds: int | None = None, advanced: Sequence[str] = (),
               teams: list[list[int]] | None = None, **settings: object) -> Match:
    """A Space Empires match with its own settings (board, round cap, advanced rules,
    teams)."""
    options = options_of(board=board, max_rounds=max_rounds, advanced=list(advanced) or None,
                         teams=teams)
    return Match(bot_a, bot_b, options=options, **settings)  # type: ignore[arg-type]


# -- statistics ---------------------------------------------------------------------------
# Wilson: (x + z²/2 ± z·sqrt(x(n-x)/n + z²/4)) / (n + z²), z = 1.959964, z² = 3.841459.
#   0/10:    (1.920729 ± 1.959964·sqrt(0.960365)) / 13.841459
#            = (1.920729 ± 1.920729) / 13.841459 -> 0, 0.277533
#   10/10:   the mirror image -> 10 / 13.841459 = 0.722467, 1
#   5/10:    (6.920729 ± 1.959964·sqrt(2.5 + 0.960365)) / 13.841459
#            = (6.920729 ± 3.645936) / 13.841459 -> 0.236593, 0.763407
#   75/200:  (76.920729 ± 1.959964·sqrt(46.875 + 0.960365)) / 203.841459
#            = (76.920729 ± 13.555721) / 203.841459 -> 0.310854, 0.443857
HAND_COMPUTED = [
    (0, 10, 0.0, 0.277533),
    (10, 10, 0.722467, 1.0),
    (5, 10, 0.236593, 0.763407),
    (75, 200, 0.310854, 0.443857),
]


@pytest.mark.parametrize(("x", "n", "low", "high"), HAND_COMPUTED)
def test_wilson_interval_matches_hand_computed_values(x: int, n: int, low: float,
                                                      high: float) -> None:
    got = wilson_interval(x, n)
    assert got == pytest.approx((low, high), abs=1e-6)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(5.5, 10)  # a draw counts half: fractional successes
    assert 0.236593 < low < high and high > 0.763407
    for bad in ((11, 10), (-1, 10)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)


def _record(result: str, seat: int = 0) -> PlayedGame:
    return PlayedGame(seed=0, a_seat=seat, result=result, leaders=(0,), rounds=10,
                      decisions=(5, 5))


def test_a_tally_counts_a_tiebreak_win_as_a_win_and_a_draw_as_half() -> None:
    tally = Tally.of([_record(k) for k in (WIN, TIEBREAK_WIN, DRAW, TIEBREAK_LOSS, LOSS)])
    assert (tally.wins, tally.tiebreak_wins, tally.draws) == (2, 1, 1)
    assert (tally.losses, tally.tiebreak_losses) == (2, 1)
    assert tally.rate == pytest.approx(2.5 / 5)
    assert tally.interval == wilson_interval(2.5, 5)


def test_the_tiebreak_order() -> None:
    rows = [{"income": 30, "fleet": 0, "tech": 0}, {"income": 20, "fleet": 9, "tech": 9},
            {"income": 30, "fleet": 1, "tech": 0}]
    assert tiebreak_leaders([1, 1, 1], rows) == [2]  # income first, then fleet + tech
    assert tiebreak_leaders([0, 1, 0], rows) == [1]  # a standing homeworld before all
    rows[0]["tech"] = 1
    assert tiebreak_leaders([1, 1, 1], rows) == [0, 2]  # equal on every key: a draw


def test_games_come_in_whole_sets_with_a_in_every_seat() -> None:
    jobs = Match("random", "heuristic", games=5, players=3, seed=7).jobs()
    assert [(j.seed, j.a_seat) for j in jobs] == [(7, 0), (7, 1), (7, 2),
                                                  (8, 0), (8, 1), (8, 2)]
    assert jobs[4].seat_specs() == ["heuristic", "random", "heuristic"]
    assert arena.bot_seed(7, 2) == 7002


# -- seating and determinism ----------------------------------------------------------------
class FirstLegalBot(Bot):
    """Always the first legal action, skipping the kinds that could repeat for ever
    (split and merge, load and unload, buy and undo ...)."""

    LOOPING = {"split", "merge", "load", "unload", "undo_purchase", "screen", "unscreen",
               "reveal", "hide", "peek"}

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if a.kind not in self.LOOPING), legal[0])


class HoarderBot(Bot):
    """Never moves, never buys, bids ``BID`` CP whenever it may (then the first order)."""

    BID = 0

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind in ("end_purchases", "end_movement") or \
                    (action.kind == "bid" and action.amount == self.BID):
                return action
        return legal[0]


class BidderBot(HoarderBot):
    """A hoarder that bids 1 CP in every Economic Phase."""

    BID = 1


class LoopingBot(Bot):
    """A broken bot: splits and merges its groups for ever."""

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return legal[0]


@pytest.fixture
def test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    factories = dict(registry.FACTORIES, first=lambda seed, _arg: FirstLegalBot(seed),
                     loop=lambda seed, _arg: LoopingBot(seed),
                     hoarder=lambda seed, _arg: HoarderBot(seed),
                     bidder=lambda seed, _arg: BidderBot(seed))
    monkeypatch.setattr(registry, "FACTORIES", factories)


@pytest.mark.usefixtures("test_bots")
def test_a_deterministic_bot_against_itself_scores_exactly_even() -> None:
    """The two games of a seed are the same game with A and B swapped."""
    report = run_arena(se4x_match("first", "first", games=6, board="small", max_rounds=3),
                       workers=1)
    overall = report.overall
    assert overall.games == 6 and overall.rate == 0.5
    assert overall.wins == overall.losses and overall.tiebreak_wins > 0  # not all draws
    seat0, seat1 = report.by_seat()
    assert (seat0.wins, seat0.draws, seat0.losses) == (seat1.losses, seat1.draws, seat1.wins)
    for first, second in zip(report.records[::2], report.records[1::2], strict=True):
        assert first.seed == second.seed and first.leaders == second.leaders
        assert first.rounds == second.rounds


def test_with_teams_bot_a_plays_a_whole_team_once_per_team() -> None:
    match = se4x_match("rule", "random", teams=[[0, 3], [1, 2]], games=4, players=4)
    jobs = match.jobs()
    assert [(job.seed, job.a_seats) for job in jobs] == [
        (0, (0, 3)), (0, (1, 2)), (1, (0, 3)), (1, (1, 2))]
    assert jobs[0].seat_specs() == ["rule", "random", "random", "rule"]
    assert jobs[1].seat_specs() == ["random", "rule", "rule", "random"]
    assert jobs[0].config()["teams"] == [[0, 3], [1, 2]]
    assert arena.result_of((0, 3), [0, 3]) == WIN and arena.result_of((1, 2), [0, 3]) == LOSS


@pytest.mark.usefixtures("test_bots")
def test_a_deterministic_team_against_itself_scores_exactly_even() -> None:
    """A as either team of one seed: the same game with the names swapped."""
    report = run_arena(se4x_match("first", "first", teams=[[0, 1], [2, 3]], games=4,
                                  players=4, max_rounds=3), workers=1)
    assert report.parity == 0.5 and report.overall.games == 4
    assert report.overall.rate == 0.5
    for first, second in zip(report.records[::2], report.records[1::2], strict=True):
        assert first.leaders == second.leaders and {first.result, second.result} in (
            {WIN, LOSS}, {TIEBREAK_WIN, TIEBREAK_LOSS}, {DRAW})
    text = format_report(report)
    assert "teams p0+p1 against p2+p3" in text and "A as p0+p1" in text
    figures_a, figures_b = se4x_bots(report)
    assert figures_a.empire_games == figures_b.empire_games == 8  # 4 games x 2 seats


@pytest.mark.usefixtures("test_bots")
def test_a_stuck_bot_stops_the_arena_with_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "ROUND_DECISION_LIMIT", 300)
    with pytest.raises(arena.ArenaError, match="'loop' as player .*300 decisions in round"):
        run_arena(se4x_match("loop", "random", games=1, board="small", max_rounds=2), workers=1)


# -- the per-bot figures: CP lost at the carry-over cap, round-cap games, rounds to win ------
# Two empires that never buy, on the small board, stopped after 5 rounds.  Each starts
# with 0 CP; its homeworld earns 20 a phase and its starting fleet costs 3 (net 17).
# CP above 30 at the start of an Economic Phase are discarded (docs/charts.md):
#   hoarder: start of phase 17·k after 0, 17, 34, 47, 47 -> discarded 0, 0, 4, 17, 17 = 38
#   bidder (pays 1 CP each phase): 0, 16, 32, 46, 46 -> discarded 0, 0, 2, 16, 16 = 34
# and each earns 5 x 20 = 100 CP of income.
HOARDER_LOST, BIDDER_LOST, INCOME = 38, 34, 100


@pytest.mark.usefixtures("test_bots")
def test_the_cp_lost_at_the_carry_over_cap_is_counted_per_bot() -> None:
    report = run_arena(se4x_match("hoarder", "bidder", games=2, board="small", max_rounds=5),
                       workers=1)
    for record in report.records:  # A as player 0, then as player 1
        assert record.cp_lost == (HOARDER_LOST, BIDDER_LOST)
        assert record.income == (INCOME, INCOME)
        assert record.capped and record.rounds == 5
    a, b = se4x_bots(report)
    assert (a.spec, a.empire_games, a.cp_lost, a.income) == ("hoarder", 2, 2 * HOARDER_LOST,
                                                             2 * INCOME)
    assert a.cp_lost_per_game == HOARDER_LOST and a.cp_lost_share == pytest.approx(0.38)
    assert b.cp_lost_per_game == BIDDER_LOST and b.cp_lost_share == pytest.approx(0.34)
    assert a.round_cap_games == b.round_cap_games == report.round_cap_games == 2
    assert a.decisive_wins == b.decisive_wins == 0 and a.mean_rounds_to_win is None


@pytest.mark.usefixtures("test_bots")
def test_the_cp_lost_agrees_with_the_games_history() -> None:
    """The figure from the income events against the CP each history row ends with:
    what exceeds 30 at the end of one Economic Phase is lost at the start of the next."""
    match = se4x_match("hoarder", "first", games=2, board="small", max_rounds=6, seed=4)
    for job in match.jobs():
        record = arena.play_game(job)
        game = Game.new_game(job.config())
        bots = [registry.make_bot(spec, arena.bot_seed(job.seed, seat))
                for seat, spec in enumerate(job.seat_specs())]
        while not game.is_over:
            seat = game.current_player
            game.apply(ask(bots[seat], game, seat))
        rows = game.history
        lost = [sum(max(0, before[seat]["cp"] - 30) for before in rows[:-1])
                for seat in range(2)]
        income = [sum(row[seat]["income"] for row in rows) for seat in range(2)]
        b_seat = 1 - job.a_seat
        assert record.cp_lost == (lost[job.a_seat], lost[b_seat]) and lost[job.a_seat] > 0
        assert record.income == (income[job.a_seat], income[b_seat])


def test_rounds_to_a_decisive_win_and_round_cap_games_by_bot() -> None:
    """Hand-made records: A wins decisively in rounds 10 and 20, B in round 30; two games
    reach the cap.  With three players B holds two seats a game."""
    records = [PlayedGame(0, 0, WIN, (0,), 10, (1, 1), cp_lost=(6, 0), income=(100, 50)),
               PlayedGame(0, 1, WIN, (1,), 20, (1, 1), cp_lost=(0, 4), income=(100, 150)),
               PlayedGame(1, 0, LOSS, (1,), 30, (1, 1), income=(100, 100)),
               PlayedGame(1, 1, TIEBREAK_WIN, (1,), 40, (1, 1), capped=True),
               PlayedGame(2, 0, DRAW, (0, 1), 40, (1, 1), capped=True)]
    a, b = BotFigures.of("x", 0, records, 2), BotFigures.of("y", 1, records, 2)
    assert (a.decisive_wins, a.mean_rounds_to_win) == (2, 15.0)
    assert (b.decisive_wins, b.mean_rounds_to_win) == (1, 30.0)
    assert a.round_cap_games == b.round_cap_games == 2
    assert (a.cp_lost_per_game, a.cp_lost_share) == (6 / 5, 6 / 300)
    assert (b.cp_lost_per_game, b.cp_lost_share) == (4 / 5, 4 / 300)
    three = BotFigures.of("y", 1, records, 3)
    assert three.empire_games == 10 and three.cp_lost_per_game == 4 / 10


def test_a_decided_game_is_not_a_round_cap_game() -> None:
    """Real games run to their end: a decisive result never reached the cap, a game
    scored by the tiebreak always did, and the rounds to win are those games' rounds."""
    report = run_arena(se4x_match("rule", "random", games=2, board="small", max_rounds=40),
                       workers=1)
    for record in report.records:
        assert record.capped == (record.result not in (WIN, LOSS))
    a, _ = se4x_bots(report)
    won = [r.rounds for r in report.records if r.result == WIN]
    assert won and a.mean_rounds_to_win == sum(won) / len(won)


def test_results_do_not_depend_on_the_worker_count() -> None:
    match = se4x_match("random", "heuristic", games=4, board="small", seed=3, max_rounds=4)
    one = run_arena(match, workers=1)
    two = run_arena(match, workers=2)
    assert two.workers == 2
    assert one.records == two.records  # timings are left out of the comparison
    assert [r.decisions for r in one.records] == [r.decisions for r in two.records]


def test_a_small_real_run(capsys: pytest.CaptureFixture[str]) -> None:
    """heuristic against random, 2 seeds, a low round cap: the whole report."""
    status = cli.main(["arena", "heuristic", "random", "--games", "4", "--max-rounds", "6",
                       "--workers", "1"])
    captured = capsys.readouterr()
    out = captured.out
    assert status == 0
    # stderr is not a terminal here: a progress line per game (4 games, so each is a tenth)
    assert captured.err.splitlines() == [f"{n}/4 games" for n in range(1, 5)]
    assert "heuristic (A) against random (B)" in out and "seeds 0-1" in out
    for label in ("all ", "A as p0", "A as p1", "time per decision", "tiebreak",
                  "CP lost/game", "rounds to win", "round-cap games"):
        assert label in out
    assert "A    heuristic" in out and "B    random" in out


# -- the command line -------------------------------------------------------------------------
def test_json_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["arena", "random", "heuristic", "--games", "3", "--players", "3",
                       "--max-rounds", "2", "--seed", "5", "--workers", "1", "--json"])
    assert status == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["bot_a"], doc["bot_b"], doc["players"], doc["games"]) == (
        "random", "heuristic", 3, 3)
    assert doc["parity"] == pytest.approx(1 / 3)
    assert doc["verdict"] in ("stronger", "weaker", "undecided")
    keys = {"games", "wins", "decisive_wins", "tiebreak_wins", "draws", "losses",
            "decisive_losses", "tiebreak_losses", "rate", "ci95", "mean_rounds",
            "seconds_per_game"}
    assert set(doc["overall"]) == keys
    assert [row["seat"] for row in doc["by_seat"]] == [0, 1, 2]
    assert all(set(row) == keys | {"seat", "seats"} for row in doc["by_seat"])
    assert set(doc["seconds_per_decision"]) == {"a", "b"}
    bot_keys = {"spec", "empire_games", "cp_lost", "income", "cp_lost_per_game",
                "cp_lost_share", "decisive_wins", "mean_rounds_to_win", "round_cap_games"}
    assert set(doc["bots"]) == {"a", "b"}
    assert all(set(figures) == bot_keys for figures in doc["bots"].values())
    assert doc["bots"]["a"]["spec"] == "random" and doc["bots"]["b"]["empire_games"] == 6
    assert doc["round_cap_games"] == 3  # two rounds: nobody falls
    assert all(r["capped"] and set(r["cp_lost"]) == {"a", "b"} for r in doc["results"])
    assert [(r["seed"], r["a_seat"]) for r in doc["results"]] == [(5, 0), (5, 1), (5, 2)]
    low, high = doc["overall"]["ci95"]
    assert 0 <= low <= doc["overall"]["rate"] <= high <= 1


@pytest.mark.parametrize(("argv", "message"), [
    (["arena", "nonsense", "random"], "unknown bot 'nonsense' (known: "),
    (["arena", "random", "nope"], "unknown bot 'nope'"),
    (["arena", "random", "random", "--games", "0"], "--games: must be >= 1"),
    (["arena", "random", "random", "--workers", "0"], "--workers: must be >= 1"),
    (["arena", "random", "random", "--max-rounds", "-3"], "--max-rounds: must be >= 1"),
    (["arena", "random", "random", "--players", "5"], "must be 2, 3 or 4"),
    (["arena", "random", "random", "--players", "1"], "must be 2, 3 or 4"),
    (["arena", "random", "random", "--seed", "-1"], "--seed: must be >= 0"),
    (["arena", "random", "random", "--players", "3", "--board", "small"],
     "the small board seats 2 players"),
    (["arena", "random", "random", "--max-rounds", "20000"], "max_rounds: at most 10000"),
    (["arena", "random"], "BOT_B"),
    (["arena", "random", "random", "--players", "4", "--teams", "0,1/2"],
     "teams: player 3 is in no team"),
    (["arena", "random", "random", "--teams", "0/1"], "team play needs 3 or 4 players"),
    (["arena", "random", "random", "--players", "4", "--teams", "a/b"],
     "not groups of seat numbers such as 0,3/1,2"),
    (["arena", "random", "random", "--game", "sp4x", "--teams", "0/1"],
     "--teams is a Space Empires 4X option"),
])
def test_bad_input_exits_2_with_a_message(argv: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_an_unknown_bot_lists_the_registrys_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["arena", "random", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert all(name in err for name in registry.bot_names())


def test_the_se4x_entry_point_forwards_arena(capsys: pytest.CaptureFixture[str]) -> None:
    assert "arena" in cli.subcommands()
    assert not launcher.wants_app(["arena"])
    assert launcher.main(["arena", "random", "nonsense"]) == 2
    assert "unknown bot 'nonsense'" in capsys.readouterr().err


def test_main_reports_a_stuck_game_with_status_1(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    def stuck(match: Match, workers: int | None, progress: object) -> None:
        raise arena.ArenaError("seed 0, 'loop' as player 0: stuck")

    monkeypatch.setattr(arena, "run_arena", stuck)
    args = argparse.Namespace(bot_a="random", bot_b="random", games=1, players=2,
                              board="standard", seed=0, max_rounds=1, workers=1, json=False)
    assert arena.main(args) == 1
    assert "game stopped: seed 0, 'loop' as player 0: stuck" in capsys.readouterr().err


def test_the_arena_plays_with_advanced_rule_sets():
    """`--advanced` reaches every game's config, the report and its JSON, so a level can be
    shown to play each rule set legally (the engine refuses an illegal action)."""
    match = se4x_match("rule", "random", games=2, advanced=("mines", "warp_points"))
    assert all(job.config()["advanced"] == ["mines", "warp_points"] for job in match.jobs())
    assert "advanced" not in Match("rule", "random", games=2).jobs()[0].config()
    report = run_arena(match, workers=1)
    assert len(report.records) == 2
    assert report_json(report)["advanced"] == ["mines", "warp_points"]
    assert "advanced rules: mines, warp_points" in format_report(report)
