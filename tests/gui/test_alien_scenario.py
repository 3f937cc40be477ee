"""Solitaire against alien empires, started through the New Game dialog and played."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from se4x_core.actions import Action
from se4x_qt.windows.main_window import PAGE_HANDOVER
from tests.helpers.shell import make_window, place_homeworlds_by_clicks

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def test_alien_scenario_from_the_dialog_plays_rounds(qtbot, tmp_path):
    window = make_window(qtbot)
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.findChild(QLineEdit, "name0").setText("Ann")
    dialog.findChild(QLineEdit, "seed").setText("5")
    scenario = dialog.findChild(QComboBox, "scenario")
    scenario.setCurrentIndex(scenario.findData("hard"))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    session = window.session
    assert session is not None
    config = session.game.config
    assert config["aliens"] == {"players": 3, "difficulty": "hard", "cp_per_roll": 15}
    assert config["players"] == 4
    assert [seat.bot for seat in session.seats[1:]] == ["alien"] * 3
    assert session.seats[0].is_human
    session.computer_step_ms = 0
    session.auto_step_ms = 0
    place_homeworlds_by_clicks(qtbot, window)
    while session.game.state.round < 4 and not session.game.is_over:
        qtbot.waitUntil(lambda: session.viewer_may_act() or session.game.is_over,
                        timeout=20000)
        if session.game.is_over:
            break
        if window.pages.currentIndex() == PAGE_HANDOVER:
            continue
        session.apply(Action.from_code(session.observation()["suggested"]))
    obs = session.observation()
    assert obs["aliens"] == [0, 15, 15, 15]
    assert "alien_banks" not in obs["me"]  # the human never sees the banks
    out = Path(os.environ.get("SE4X_ALIEN_PNG", str(tmp_path))) / "alien_scenario_map.png"
    window.view.centerOn(window.view.sceneRect().center())
    assert window.grab().save(str(out))
