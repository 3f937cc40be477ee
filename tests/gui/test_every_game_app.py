"""A game the app has never heard of plays in the app's shell like the built-in ones.

Countdown (tests/toygame) is registered by importing its package; its app part is its
window and its New Game page and nothing else.  Through the shell alone it must be
offered by New Game, start in its own window with a computer seat that plays, be saved
and autosaved under its own name, open again by its save's format (from the other
games' windows too), and be refused with a sentence when its save is damaged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

import tests.toygame  # the one registration line of the tests' game
from se4x_qt.session import storage
from se4x_qt.session.seats import COMPUTER, HUMAN
from se4x_qt.shell.shell import AppShell
from tests.toygame.app import CountdownWindow

pytestmark = [pytest.mark.gui, pytest.mark.fast]
TOY = tests.toygame.RECORD.name


def start_countdown(qtbot) -> tuple[AppShell, CountdownWindow]:
    """File > New Game in the first game's window, Countdown chosen, Start pressed."""
    shell = AppShell(storage.Settings(sound=False, computer_pace="fast"))
    first = shell.first_window()
    qtbot.addWidget(first)
    first.show()
    first.act_new.trigger()
    dialog = shell.new_game_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    games = [dialog.game_choice.itemData(i) for i in range(dialog.game_choice.count())]
    assert games[-1] == TOY and len(games) >= 3  # after the built-in games
    dialog.choose_game(TOY)
    assert dialog.windowTitle() == "New Game \u2014 Countdown"
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    window = shell.windows.get(TOY)
    assert isinstance(window, CountdownWindow)
    qtbot.addWidget(window)
    qtbot.waitUntil(window.isVisible)
    return shell, window


def test_countdown_starts_from_new_game_and_its_computer_plays(qtbot) -> None:
    shell, window = start_countdown(qtbot)
    driver = window.driver
    assert driver is not None and driver.game_name == TOY
    assert [seat.kind for seat in driver.seats] == [HUMAN, COMPUTER]
    assert driver.seats[1].bot == "greedy"  # the record's one level, from the seats panel
    assert not shell.first_window().isVisible()  # a window without a game steps aside
    assert window.windowTitle() == "Unsaved game \u2014 Countdown"
    take = window.findChild(QPushButton, f"countdown_{driver.legal_actions()[0].code}")
    assert take is not None
    qtbot.mouseClick(take, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: driver.current_player == 0 or driver.is_over, timeout=5000)
    assert len(driver.game.action_codes) >= 2  # the human's take, then the computer's


def test_countdown_saves_autosaves_and_opens_by_its_format(qtbot, tmp_path: Path) -> None:
    shell, window = start_countdown(qtbot)
    driver = window.driver
    assert driver is not None
    driver.apply(driver.legal_actions()[-1])
    qtbot.waitUntil(lambda: driver.current_player == 0, timeout=5000)
    played = list(driver.game.action_codes)
    assert window.last_autosave is not None and \
        window.last_autosave.name.startswith(f"autosave-{TOY}-")
    path = tmp_path / "countdown.se4x"
    assert window.save_to(path)
    assert json.loads(path.read_text())["format"] == "countdown-save"
    assert window.windowTitle() == "countdown.se4x \u2014 Countdown"
    # opened from Space Empires' window: it goes to Countdown's window, its game replayed
    assert shell.first_window().open_path(path)
    loaded = window.driver
    assert loaded is not None and loaded is not driver
    assert loaded.game.action_codes == played and loaded.game == driver.game
    assert [seat.bot for seat in loaded.seats] == ["", "greedy"]
    assert shell.settings.recent_files[0] == str(path.resolve())


def test_a_damaged_countdown_save_is_refused_in_a_sentence(qtbot, tmp_path: Path) -> None:
    shell, window = start_countdown(qtbot)
    assert window.driver is not None
    good = tmp_path / "good.se4x"
    assert window.save_to(good)
    doc = json.loads(good.read_text())
    doc["state"]["counter"] = 2  # not what its own actions lead to
    bad = tmp_path / "bad.se4x"
    bad.write_text(json.dumps(doc))
    before = window.driver
    assert not window.open_path(bad)
    assert window.driver is before  # the game in play is kept
    assert window.last_message is not None
    assert window.last_message.text().startswith("bad.se4x is not a usable Countdown save")
