"""The record of what each section of a window was last drawn from (the SP4X window and
the production sheet redraw a section only when it says so)."""

from __future__ import annotations

import pytest

from se4x_qt.widgets import DrawnSections

pytestmark = pytest.mark.fast


def test_a_section_is_stale_the_first_time_and_whenever_its_inputs_change() -> None:
    drawn = DrawnSections()
    assert drawn.stale("hand", [1, 2], "Blue")
    assert not drawn.stale("hand", [1, 2], "Blue")
    assert drawn.stale("hand", [1, 2], "Red")  # any of the inputs
    assert drawn.stale("deck", [1, 2], "Red")  # sections are apart
    assert not drawn.stale("hand", [1, 2], "Red")


def test_forgetting_redraws_one_section_or_all() -> None:
    drawn = DrawnSections()
    for section in ("hand", "deck"):
        drawn.stale(section, 1)
    drawn.forget("hand")
    assert drawn.stale("hand", 1) and not drawn.stale("deck", 1)
    drawn.forget()
    assert drawn.stale("hand", 1) and drawn.stale("deck", 1)
