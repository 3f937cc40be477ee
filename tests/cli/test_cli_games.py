"""``--game``: selfplay, arena and replay for SP4X through the same commands.

Small runs only (a few SP4X games take well under a second); nothing here
asserts on time or strength.  The Space Empires behaviour of the same
commands is pinned by test_arena.py and test_cli_engine.py, unchanged.
"""

from __future__ import annotations

import json

import pytest

from se4x_core.devtools import cli
from se4x_core.gamekit import arena, registry
from se4x_core.gamekit.arena import DRAW, LOSS, WIN, Match, run_arena
from se4x_core.games.sp4x.bots import RuleBot, choose
from se4x_core.games.sp4x.game import Game as Sp4xGame

pytestmark = pytest.mark.fast


def test_every_game_has_arena_hooks() -> None:
    for name in registry.names():
        assert arena.arena_game(name).name == name
    # (the tests' own game may be registered too, in a worker that imported it)
    with pytest.raises(ValueError, match="unknown game 'chess' \\(known: se4x, sp4x[,)]"):
        arena.arena_game("chess")


def test_space_empires_is_the_default_and_keeps_its_defaults() -> None:
    parser = cli.build_parser()
    plain = arena.match_from_args(parser.parse_args(["arena", "rule", "random"]))
    named = arena.match_from_args(parser.parse_args(["arena", "rule", "random", "--game",
                                                     "se4x"]))
    assert plain == named == Match("rule", "random", games=200, players=2, seed=0,
                                   game="se4x")
    assert plain.jobs()[0].config() == {"players": 2, "seed": 0, "board": "standard",
                                        "max_rounds": 40}
    sp4x = arena.match_from_args(parser.parse_args(["arena", "rule", "random", "--game",
                                                    "sp4x"]))
    assert (sp4x.game, sp4x.players) == ("sp4x", 3)


def test_sp4x_games_come_in_whole_sets_with_a_in_every_seat() -> None:
    jobs = Match("rule", "random", games=5, players=4, seed=3, game="sp4x").jobs()
    assert [(j.seed, j.a_seat) for j in jobs] == [(3, s) for s in range(4)] + \
        [(4, s) for s in range(4)]
    assert jobs[5].seat_specs() == ["random", "rule", "random", "random"]
    assert jobs[0].config() == {"players": 4, "seed": 3}


def test_an_sp4x_run_scores_every_game_by_the_rules_winners() -> None:
    report = run_arena(Match("rule", "random", games=6, players=3, seed=1, game="sp4x"),
                       workers=1)
    assert len(report.records) == 6
    for record in report.records:
        assert record.rounds > 0 and record.decisions[0] > 0
        _, margin, _ = record.figures
        expected = WIN if record.leaders == (record.a_seat,) else \
            (DRAW if record.a_seat in record.leaders else LOSS)
        assert record.result == expected
        if margin > 0:  # the most points wins (a tie on points goes to the tiebreak)
            assert record.result == WIN
        if record.result == WIN:
            assert margin >= 0


def test_the_same_bot_against_itself_is_exactly_even() -> None:
    """Both seats' bots seeded from the game seed and the seat: in a set of games of one
    seed, the same bot in every seat plays the same game each time."""
    report = run_arena(Match("rule", "rule", games=3, players=3, seed=2, game="sp4x"),
                       workers=1)
    first = report.records[0]
    assert all(r.leaders == first.leaders and r.rounds == first.rounds
               for r in report.records)


@pytest.mark.slow
def test_sp4x_runs_are_the_same_in_one_process_and_in_two() -> None:
    match = Match("search:s1c2", "rule", games=4, players=4, seed=5, game="sp4x")
    one, two = run_arena(match, workers=1), run_arena(match, workers=2)
    assert one.records == two.records


def test_a_small_sp4x_arena_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["arena", "--game", "sp4x", "rule", "random", "--games", "3",
                       "--workers", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert "rule (A) against random (B): SP4X (prototype rules), 3 players" in out
    for label in ("all ", "A as p0", "A as p2", "mean final score", "margin",
                  "game length", "time per decision"):
        assert label in out
    assert "CP lost" not in out and "tiebreak:" not in out


def test_sp4x_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["arena", "--game", "sp4x", "random", "rule", "--players", "4",
                       "--games", "4", "--seed", "9", "--workers", "1", "--json"])
    assert status == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["game"], doc["players"], doc["games"]) == ("sp4x", 4, 4)
    assert doc["parity"] == pytest.approx(0.25)
    assert set(doc["figures"]) == {"a_score", "b_score", "a_margin", "turns"}
    assert [(r["seed"], r["a_seat"]) for r in doc["results"]] == [(9, s) for s in range(4)]
    assert all(r["result"] in (WIN, DRAW, LOSS) and r["turns"] > 0 for r in doc["results"])


@pytest.mark.parametrize(("argv", "message"), [
    (["arena", "--game", "nonsense", "rule", "random"], "invalid choice: 'nonsense'"),
    (["selfplay", "--game", "nonsense"], "invalid choice: 'nonsense'"),
    (["replay", "x.json", "--game", "nonsense"], "invalid choice: 'nonsense'"),
    (["arena", "--game", "sp4x", "rule", "random", "--board", "small"],
     "--board is a Space Empires 4X option; SP4X (--game sp4x) has no --board"),
    (["arena", "--game", "sp4x", "rule", "random", "--max-rounds", "9"],
     "--max-rounds is a Space Empires 4X option"),
    (["arena", "--game", "sp4x", "rule", "random", "--advanced", "mines"],
     "--advanced is a Space Empires 4X option"),
    (["selfplay", "--game", "sp4x", "--board", "large"], "--board is a Space Empires 4X option"),
    (["arena", "--game", "sp4x", "rule", "random", "--players", "2"],
     "SP4X seats 3 or 4 players, not 2"),
    (["selfplay", "--game", "sp4x", "--players", "2"], "SP4X seats 3 or 4 players, not 2"),
    (["arena", "--game", "sp4x", "rule", "heuristic"], "unknown SP4X bot 'heuristic'"),
    (["arena", "--game", "sp4x", "search:zz", "rule"], "search budget 'zz'"),
    (["arena", "rule", "search:s4c3"], "search budget"),  # SP4X's spec is not Space Empires'
])
def test_bad_game_input_exits_2_with_a_message(argv: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


def test_sp4x_selfplay(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["selfplay", "--game", "sp4x", "--players", "4", "--games", "3",
                       "--seed", "7", "--json"])
    assert status == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["game"], summary["games"], summary["players"]) == ("sp4x", 3, 4)
    assert summary["seats"][1] == ["rule"] * 4 and len(summary["winners"]) == 3


def _sp4x_save(tmp_path, actions: int = 120):
    game = Sp4xGame.new_game({"players": 3, "seed": 6})
    bots = [RuleBot(p) for p in range(3)]
    for _ in range(actions):
        game.apply(choose(bots[game.current_player], game))
    path = tmp_path / "game.sp4x.json"
    path.write_text(game.to_json())
    return game, path


def test_sp4x_replay(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    game, path = _sp4x_save(tmp_path)
    assert cli.main(["replay", str(path), "--game", "sp4x", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["verified"] and report["actions"] == 120
    assert (report["age"], report["turn"]) == (game.state.age, game.state.turn)
    assert cli.main(["replay", str(path), "--game", "sp4x"]) == 0
    assert f"age {game.state.age}, turn {game.state.turn}" in capsys.readouterr().out


def test_replay_refuses_a_save_of_the_other_game(tmp_path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    _, path = _sp4x_save(tmp_path)
    assert cli.main(["replay", str(path), "--game", "se4x"]) == 2  # read as Space Empires'
    assert str(path) in capsys.readouterr().err
    assert cli.main(["replay", str(path)]) == 0  # without --game, as the save says it is
    assert "the final state matches the file" in capsys.readouterr().out
    doc = json.loads(path.read_text())
    doc["state"]["score"][0] += 5
    path.write_text(json.dumps(doc))
    assert cli.main(["replay", str(path), "--game", "sp4x"]) == 2
    assert "does not match its own actions" in capsys.readouterr().err


def test_train_eval_without_numpy_says_what_it_needs(monkeypatch, capsys) -> None:
    """numpy is a developer's extra (`se4x[train]`), absent from the app's bundle."""
    import sys

    from se4x_core import devtools

    for name in ("train_eval", "win_training"):  # as if never imported in this process
        monkeypatch.delitem(sys.modules, f"se4x_core.devtools.{name}", raising=False)
        monkeypatch.delattr(devtools, name, raising=False)
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy -> ModuleNotFoundError
    assert cli.main(["train-eval"]) == 2
    assert "needs numpy" in capsys.readouterr().err
