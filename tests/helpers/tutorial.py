"""Following a tutorial (``se4x_qt.learn.tutorial``) by its own instructions, as a player
reading the guide would: the tests of every game's guided game or tour share it.

For a step that only needs reading it presses *Next* (checking first that the step's
widget is there to highlight); for a step whose highlighted widget is an enabled button
it clicks that button; otherwise it presses *Show me*; and while the other side plays it
waits."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractButton

from se4x_qt.learn.tutorial import TutorialRunner

MAX_ACTS = 3000


def follow(qtbot: Any, runner: TutorialRunner, max_acts: int = MAX_ACTS) -> list[str]:
    """Follow the guide to its end; the ids of the steps met, in order."""
    met: list[str] = []
    for _ in range(max_acts):
        if runner.finished:
            return met
        step = runner.step
        assert step is not None
        if not met or met[-1] != step.id:
            met.append(step.id)
        context = runner.context
        if step.done is None:
            if step.target:
                assert step.widget(context) is not None, f"{step.id}: nothing to highlight"
            runner.panel.next_button.click()
            continue
        if not context.my_turn():
            qtbot.waitUntil(lambda s=step, c=context: runner.step is not s or c.my_turn()
                            or runner.finished, timeout=20000)
            continue
        widget = step.widget(context)
        if isinstance(widget, QAbstractButton) and widget.isEnabled():
            widget.click()  # the highlighted button, as the guide says
        else:
            assert step.show is not None, f"{step.id}: no way to do it"
            runner.panel.show_button.click()
        qtbot.wait(1)
    raise AssertionError(f"the guide did not end; last steps: {met[-5:]}")


__all__ = ["MAX_ACTS", "follow"]
