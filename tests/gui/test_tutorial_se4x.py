"""The guided first game of Space Empires 4X, played by following its own instructions.

Each step names the widget it highlights: where that is a button the test clicks it
(as a player reading the guide would), where it is the map the test presses *Show me*
(the step's moves, made through the same path a click takes), and a step that only
needs reading is left with *Next*.  The test plays the whole guide against the real
Easy computer player and reaches its end."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDockWidget

from se4x_qt.games.se4x import learn
from se4x_qt.learn.tutorial import active_runner, progress_path
from se4x_qt.session import storage
from se4x_qt.shell.shell import AppShell
from tests.helpers.tutorial import follow

pytestmark = [pytest.mark.slow, pytest.mark.gui]


def test_the_guided_game_can_be_followed_to_its_end(qtbot):
    shell = AppShell(storage.Settings(sound=False, computer_pace="fast", show_welcome=False,
                                      confirm_end_movement=False, confirm_unspent_cp=False))
    window = shell.start_tutorial(learn.TUTORIAL_ID)
    assert window is not None
    qtbot.addWidget(window)
    runner = active_runner(window)
    assert runner is not None and runner.index == 0
    follow(qtbot, runner)
    wanted = [s.id for s in learn.STEPS if s.id != "screen"]  # screening: when it arises
    assert [m for m in runner.visited if m != "screen"] == wanted
    assert shell.settings.tutorial_steps.get(learn.TUTORIAL_ID) is None  # finished
    assert runner.panel.title.text() == "What you have learnt"
    assert "advanced rules" in runner.panel.text.text()
    game = window.driver.game
    assert game.observation(0)["round"] >= 2 and any(
        h.get("colony") and h["colony"]["owner"] == 0 and not h["colony"].get("homeworld")
        for h in game.observation(0)["hexes"])  # a planet was settled on the way
    runner.panel.next_button.click()  # "Close the guide"
    qtbot.waitUntil(lambda: active_runner(window) is None)
    assert window.findChild(QDockWidget, "tutorial_dock") is None or \
        not window.findChild(QDockWidget, "tutorial_dock").isVisible()


def test_leaving_keeps_the_step_and_the_game_and_resume_returns_there(qtbot):
    settings = storage.Settings(sound=False, computer_pace="fast", show_welcome=False,
                                confirm_end_movement=False, confirm_unspent_cp=False)
    shell = AppShell(settings)
    window = shell.start_tutorial(learn.TUTORIAL_ID)
    qtbot.addWidget(window)
    runner = active_runner(window)
    for _ in range(200):
        if runner.step.id == "marker":
            break
        context = runner.context
        if runner.step.done is None:
            runner.panel.next_button.click()
        elif context.my_turn():
            runner.panel.show_button.click()
        else:
            qtbot.wait(5)
    assert runner.step.id == "marker"
    index, codes = runner.index, list(window.driver.game.action_codes)
    runner.panel.leave_button.click()
    qtbot.waitUntil(lambda: active_runner(window) is None)
    assert settings.tutorial_steps[learn.TUTORIAL_ID] == index
    assert progress_path(learn.TUTORIAL_ID).exists()
    # a new start of the app: the same step, the same game
    again = AppShell(storage.Settings.load())
    resumed = again.start_tutorial(learn.TUTORIAL_ID)
    qtbot.addWidget(resumed)
    back = active_runner(resumed)
    assert back is not None and back.index == index and back.step.id == "marker"
    assert list(resumed.driver.game.action_codes)[:len(codes)] == codes
    # and "start over" begins a new game at the first step
    fresh = again.start_tutorial(learn.TUTORIAL_ID, resume=False)
    assert active_runner(fresh).index == 0 and fresh.driver.game.observation(0)["round"] == 0
