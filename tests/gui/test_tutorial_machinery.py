"""The guide's machinery, on a small tutorial of its own: a step that is only read moves
on with Next; a step that waits for the game does not (its Next is hidden, and pressing
it does nothing) until its test holds, which Show me can bring about; a step that does
not apply is skipped; the spotlight frames the step's widget; Why? opens the step's
section; leaving keeps the step reached; the finale forgets it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from se4x_qt.games.se4.window import Se4Window
from se4x_qt.learn.tutorial import Context, Step, Tutorial, TutorialRunner, active_runner
from tests.helpers.se4_fit_probe import played, shown

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def flag(context: Context) -> bool:
    return bool(context.memory.get("flag"))


def raise_flag(context: Context) -> None:
    context.memory["flag"] = True


STEPS = (
    Step("read", "Read this", "Only words.", "se4_views", section="victory"),
    Step("skipped", "Never shown", "Does not apply.", applies=lambda c: False),
    Step("wait", "Do it", lambda c: f"Round {c.observation()['round']}.", "se4_prompt", flag,
         raise_flag, "combat"),
)
TOUR = Tutorial("test-tour", "se4", "A test tour", "for the tests", STEPS,
                start=lambda shell, parent: None, finale="All <b>done</b>.")  # type: ignore


@pytest.fixture
def window(qtbot) -> Se4Window:
    """A two-player SE4 game at its start, shown as the app shows it (past the handover)."""
    driver = played({"players": 2, "seed": 1}, "rule", lambda game: True)
    shown_window = shown(QApplication.instance(), driver)
    qtbot.addWidget(shown_window)
    return shown_window


def test_a_read_step_moves_on_and_a_waiting_step_waits(qtbot, window):
    runner = TutorialRunner(window, TOUR)
    assert active_runner(window) is runner and runner.step.id == "read"
    panel = runner.panel
    assert panel.next_button.isVisible() and not panel.show_button.isVisible()
    runner._place_spotlight()
    target = window.views
    frame = QRect(target.mapTo(window, target.rect().topLeft()), target.size())
    assert runner._spotlight().isVisible() and runner._spotlight().geometry().contains(frame)
    panel.next_button.click()
    assert runner.step.id == "wait" and runner.visited == ["read", "wait"]  # skipped one
    assert panel.progress.text() == "STEP 2 OF 2"  # the skipped step is not counted
    assert "Round " in panel.text.text()
    assert not panel.next_button.isVisible() and panel.show_button.isVisible()
    runner.next()  # Next on a waiting step does nothing
    assert runner.step.id == "wait"
    assert window.settings.tutorial_steps["test-tour"] == 2
    panel.show_button.click()  # Show me brings the test about
    assert runner.finished and panel.title.text() == "What you have learnt"
    assert "All <b>done</b>." in panel.text.text()
    assert "test-tour" not in window.settings.tutorial_steps
    panel.next_button.click()  # Close the guide
    qtbot.waitUntil(lambda: active_runner(window) is None)


def test_why_opens_the_steps_section(qtbot, window, monkeypatch):
    opened: list[str] = []
    monkeypatch.setattr(window, "show_rules", lambda section=None: opened.append(section))
    runner = TutorialRunner(window, TOUR)
    runner.panel.why_button.click()
    assert opened == ["victory"]


def test_leaving_keeps_the_step_reached(qtbot, window):
    runner = TutorialRunner(window, TOUR, step=2)
    assert runner.step.id == "wait"
    runner.panel.leave_button.click()
    qtbot.waitUntil(lambda: active_runner(window) is None)
    assert window.settings.tutorial_steps["test-tour"] == 2
