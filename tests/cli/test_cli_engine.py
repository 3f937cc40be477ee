"""The headless engine commands: selfplay, replay, demo (and their errors)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.devtools import cli
from se4x_core.game import Game
from se4x_core.rules import engine
from se4x_qt import launcher

pytestmark = pytest.mark.fast

# Not marked core (like test_arena): the commands' parsing, output and errors are the
# same in both modes, and the engine under them runs interpreted in the core tests.


def _saved_game(tmp_path, actions: int = 400):
    game = Game.new_game({"players": 2, "seed": 4, "board": "small"})
    rnd = random.Random(4)
    for _ in range(actions):
        if game.is_over:
            break
        seen = game.observation(game.current_player)
        game.apply(choose_heuristic(seen, engine.legal_actions(game.state), rnd))
    path = tmp_path / "game.se4x.json"
    path.write_text(game.to_json())
    return game, path


def test_selfplay_json_summary(capsys) -> None:
    status = cli.main(["selfplay", "--players", "3", "--games", "2", "--seed", "5",
                       "--max-rounds", "2", "--json"])
    assert status == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and summary["actions"] > 0
    assert summary["round_limit"] + sum(summary["wins"].values()) == 2


def test_replay_verifies_a_saved_game(tmp_path, capsys) -> None:
    game, path = _saved_game(tmp_path)
    assert cli.main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["verified"] and report["actions"] == len(game.actions)


def test_replay_refuses_a_tampered_log(tmp_path, capsys) -> None:
    _, path = _saved_game(tmp_path)
    doc = json.loads(path.read_text())
    doc["state"]["fields"]["cp"][0] += 7  # the state no longer follows from the actions
    path.write_text(json.dumps(doc))
    assert cli.main(["replay", str(path)]) == 2  # bad input, like every subcommand's
    assert "does not match" in capsys.readouterr().err


def test_replay_of_missing_or_garbage_file(tmp_path, capsys) -> None:
    assert cli.main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert cli.main(["replay", str(garbage)]) == 2
    assert "not a save file" in capsys.readouterr().err


def test_demo_plays_a_whole_game(capsys) -> None:
    assert cli.main(["demo", "--seed", "3", "--max-rounds", "40"]) == 0
    out = capsys.readouterr().out
    assert "Economic Phase" in out
    last_line = out.rstrip().splitlines()[-1]
    assert last_line.startswith("No winner") or " wins in round " in last_line


@pytest.mark.parametrize("argv", [
    ["selfplay", "--players", "5"],
    ["selfplay", "--games", "0"],
    ["demo", "--max-rounds", "x"],
    ["replay"],
    ["no-such-command"],
])
def test_bad_arguments_exit_2(argv, capsys) -> None:
    assert cli.main(argv) == 2
    assert capsys.readouterr().err


def test_headless_commands_do_not_import_qt() -> None:
    """Run in a fresh interpreter: pytest-qt has already loaded PySide6 in this one."""
    code = ("import sys; from se4x_core.devtools import cli; "
            "cli.main(['selfplay', '--games', '1', '--max-rounds', '1']); "
            "cli.main(['demo', '--max-rounds', '1']); "
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert out.strip().splitlines()[-1] == "False"


def test_a_lone_save_file_argument_opens_the_app(tmp_path) -> None:
    """`se4x GAME.json` opens a saved game in the app; other words stay commands."""
    existing = tmp_path / "autosave"
    existing.write_text("{}")
    assert launcher.wants_app([])
    assert launcher.wants_app(["game.json"]) and launcher.wants_app(["game.se4x"])
    assert launcher.wants_app([str(existing)])
    assert not launcher.wants_app(["demo"])
    assert not launcher.wants_app(["--help"])
    assert not launcher.wants_app(["--version"])
    assert not launcher.wants_app(["no-such-command"])
    assert not launcher.wants_app(["game.se4x", "extra"])


def test_the_launcher_runs_subcommands_without_qt() -> None:
    """`se4x demo` through the real entry point never loads Qt."""
    code = ("import sys; from se4x_qt import launcher; "
            "status = launcher.main(['demo', '--max-rounds', '1']); "
            "print(status, any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert out.strip().splitlines()[-1] == "0 False"
