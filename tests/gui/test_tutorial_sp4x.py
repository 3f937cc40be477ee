"""SP4X's guided tour, followed by its own instructions to its end.

The tour's deal is seeded so that every step comes up when the guide is followed:
the draw, showing Exploit, harvesting, a bonus action bought with the harvest and the
end of the turn.  A player who does something else is followed too: with nothing to
spend the turn ends by itself and the spending step explains instead of waiting.
Each step's *Why?* must open a section SP4X's rules reference has."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDockWidget

from se4x_core.games.sp4x.actions import Action
from se4x_qt.games.sp4x import learn, reference
from se4x_qt.learn.tutorial import TutorialRunner, active_runner
from se4x_qt.session import storage
from se4x_qt.shell.shell import AppShell
from tests.helpers.tutorial import follow

pytestmark = [pytest.mark.slow, pytest.mark.gui]


def settings() -> storage.Settings:
    return storage.Settings(sound=False, computer_pace="fast", show_welcome=False)


def start(qtbot) -> tuple[AppShell, TutorialRunner]:
    shell = AppShell(settings())
    window = shell.start_tutorial(learn.TUTORIAL_ID)
    assert window is not None and window.objectName() == "sp4x_window"
    qtbot.addWidget(window)
    runner = active_runner(window)
    assert runner is not None and runner.index == 0
    return shell, runner


def section_ids() -> set[str]:
    return {section.id for section in reference.sections()}


def test_the_tour_is_sp4x_s_tutorial_in_the_app() -> None:
    tours = [t for t in AppShell(settings()).tutorials() if t.id == learn.TUTORIAL_ID]
    assert len(tours) == 1 and tours[0].game == "sp4x" and tours[0].title
    assert tours[0].summary and 6 <= len(tours[0].steps) <= 10


def test_every_section_the_tour_opens_is_in_the_reference() -> None:
    known = section_ids()
    for step in learn.STEPS:
        if isinstance(step.section, str):
            assert step.section in known, f"{step.id}: no section {step.section!r}"
    # the card being carried out opens the rules of its decision (F1's table) or the cards
    assert set(reference.PHASE_SECTIONS.values()) | {"cards"} <= known


def test_the_tour_can_be_followed_to_its_end(qtbot) -> None:
    shell, runner = start(qtbot)
    window = runner.window
    met = follow(qtbot, runner)
    wanted = [s.id for s in learn.STEPS if s.id != "spend_info"]  # you had a harvest to spend
    assert runner.visited == wanted and met == wanted
    assert shell.settings.tutorial_steps.get(learn.TUTORIAL_ID) is None  # finished
    assert runner.panel.title.text() == "What you have learnt"
    assert "Help &gt; Rules" in runner.panel.text.text()
    obs = window.driver.game.observation(0)
    mine = obs["players"][0]["pieces"]["men"]
    assert any((q, r) == learn.MOTHERSHIP for q, r, _count in mine)  # the food's move
    assert obs["active_player"] != 0 or obs["turn"] > 1  # the turn was ended
    runner.panel.next_button.click()  # "Close the guide"
    qtbot.waitUntil(lambda: active_runner(window) is None)
    dock = window.findChild(QDockWidget, "tutorial_dock")
    assert dock is None or not dock.isVisible()


def test_a_player_with_nothing_to_spend_is_told_instead_of_waited_for(qtbot) -> None:
    """Show Move & Explore instead of Exploit: no resources, so the turn ends by itself;
    the spending step explains, and the End turn step does not come."""
    _shell, runner = start(qtbot)
    window = runner.window
    runner.panel.next_button.click()  # welcome
    runner.panel.show_button.click()  # draw
    assert runner.step is not None and runner.step.id == "main"
    assert window.act(Action("show", card="move"))
    follow(qtbot, runner)
    assert runner.visited == ["welcome", "draw", "main", "act", "spend_info", "star"]
    assert window.driver.game.observation(0)["players"][0]["resources"] == \
        {"plastic": 0, "food": 0, "metal": 0}


def test_each_step_highlights_a_widget_of_the_window(qtbot) -> None:
    """The steps the tour reaches before the first card is played name shown widgets."""
    _shell, runner = start(qtbot)
    for step_id, name in (("welcome", "sp4x_board"), ("draw", "hand_of_1"),
                          ("main", "card_exploit")):
        assert runner.step is not None and runner.step.id == step_id
        step, context = runner.step, runner.context
        # a widget made by a redraw is shown once its layout has run
        qtbot.waitUntil(lambda s=step, c=context: s.widget(c) is not None)
        assert step.widget(context).objectName() == name
        if runner.step.done is None:
            runner.panel.next_button.click()
        else:
            runner.panel.show_button.click()
