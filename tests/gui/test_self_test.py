"""``se4x --self-test`` from the source tree: it passes, and it fails loudly when it should."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

from se4x_core import _puremode
from se4x_core.games import se4x as se4x_game
from se4x_qt import help_book, launcher, self_test
from se4x_qt.session import storage

pytestmark = [pytest.mark.slow, pytest.mark.gui]


def test_the_launcher_gives_self_test_to_the_app() -> None:
    assert launcher.wants_app(["--self-test"])
    assert not launcher.wants_app(["--self-test", "extra"])


def test_self_test_plays_saves_and_loads(qtbot, capsys) -> None:
    data_dir = os.environ.get(storage.ENV_DATA_DIR)
    assert self_test.main() == 0
    out = capsys.readouterr().out
    for line in ("engine compiled", "new game against the computer", "moves made",
                 "Economic Phase done", "saved and loaded", "rules viewer (2 texts)",
                 "with its reference (", "reference sections", "passed"):
        assert line in out
    assert os.environ.get(storage.ENV_DATA_DIR) == data_dir  # the player's folder is back


def test_the_files_step_covers_every_game_from_its_record(qtbot) -> None:
    said = self_test.check_files()
    for title in ("Space Empires 4X: 2 rules texts", "SP4X: ", "the learned evaluation"):
        assert title in said, said


def test_a_missing_rules_text_fails_the_self_test(qtbot, capsys, monkeypatch) -> None:
    gone = dataclasses.replace(help_book.SPACE_EMPIRES, texts=(("Gone", "no-such-rules.txt"),))
    monkeypatch.setattr(help_book, "SPACE_EMPIRES", gone)  # what se4x's app record names
    assert self_test.main() == 1
    err = capsys.readouterr().err
    assert "se4x self-test FAILED: files: missing files" in err and "no-such-rules.txt" in err


def test_a_games_own_data_check_fails_the_self_test(qtbot, capsys, monkeypatch) -> None:
    def unreadable() -> str:
        raise ValueError("cannot read the win model")

    monkeypatch.setattr(se4x_game, "self_test", unreadable)  # the record's self_test hook
    assert self_test.main() == 1
    err = capsys.readouterr().err
    assert "FAILED: files: Space Empires 4X's data: cannot read the win model" in err


def test_a_broken_rules_reference_fails_the_self_test(qtbot, capsys, monkeypatch) -> None:
    def unreadable() -> tuple:
        raise help_book.HelpError("10-edition.md:3: a section heading needs an id")

    monkeypatch.setattr(help_book, "sections", unreadable)
    assert self_test.main() == 1
    err = capsys.readouterr().err
    assert "FAILED: files: Space Empires 4X's rules reference cannot be read" in err
    assert "10-edition" in err


def test_an_interpreted_engine_fails_the_self_test(qtbot, capsys, monkeypatch) -> None:
    monkeypatch.delenv(_puremode.ENV_VAR, raising=False)
    monkeypatch.setattr(_puremode, "module_is_compiled", lambda _module: False)
    assert self_test.main() == 1
    assert "FAILED: engine: the engine runs interpreted" in capsys.readouterr().err


def test_a_step_that_times_out_names_what_it_waited_for(qtbot) -> None:
    with pytest.raises(self_test.SelfTestError, match="waiting for Godot"):
        self_test.wait_until(lambda: False, "Godot", timeout=0.05)


def test_se4x_self_test_exits_0_through_the_entry_point() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-m", "se4x_qt.launcher", "--self-test"],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "se4x self-test: passed" in result.stdout


def test_self_test_without_a_display_tests_offscreen_and_says_so() -> None:
    """On a server or a build machine (no DISPLAY, no WAYLAND_DISPLAY, no platform
    chosen), Qt's xcb platform would abort the process; the self-test says it runs
    offscreen instead, and passes."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run([sys.executable, "-m", "se4x_qt.launcher", "--self-test"],
                            capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "no display" in result.stdout and "testing offscreen" in result.stdout
    assert "se4x self-test: passed" in result.stdout
