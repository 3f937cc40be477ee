"""The size of everything never makes a window larger than the screen.

Settings offers only the scales the screen has room for; a scale saved on a
larger monitor is lowered at the next start, with a word; and a dialog whose
rows need more than its screen scrolls them, its buttons kept in view.  (The
whole app on a 1280x720 screen at 175 % is in test_screen_fit.py.)
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from se4x_qt.app import scale_for_this_screen
from se4x_qt.session import storage
from se4x_qt.shell.settings_dialog import SettingsDialog
from se4x_qt.widgets import ui_scale
from se4x_qt.widgets.screen_fit import available_rect, fit_to_screen, room_on_screen

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def values(entries: list[tuple[str, float]]) -> list[float]:
    return [value for _label, value in entries]


@pytest.mark.parametrize("screen,largest", [((1280, 720), 1.25), ((1366, 768), 1.25),
                                            ((1920, 1080), 1.75), ((2560, 1440), 2.0),
                                            ((1024, 600), 1.0)])
def test_settings_offers_only_the_scales_the_screen_has_room_for(screen, largest):
    offered = values(ui_scale.offered_scales(QSize(*screen)))
    assert offered[0] == 0.0 and 1.0 in offered  # the system's own size and 100 %: always
    assert max(offered) == largest
    for value in offered[1:]:
        assert value <= 1 or (screen[0] / value >= ui_scale.MIN_SCREEN.width()
                              and screen[1] / value >= ui_scale.MIN_SCREEN.height())


def test_the_settings_dialog_lists_what_this_screen_can_take(qtbot):
    dialog = SettingsDialog(storage.Settings(ui_scale=2.0))
    qtbot.addWidget(dialog)
    combo = dialog.findChild(QComboBox, "ui_scale")
    listed = [combo.itemData(i) for i in range(combo.count())]
    at_one = ui_scale.unscaled(available_rect(dialog).size(), ui_scale.factor_in_use())
    assert listed == values(ui_scale.offered_scales(at_one))
    assert combo.currentData() == max(listed)  # 200 % not offered here: the nearest is


def test_a_scale_from_a_larger_monitor_is_lowered_for_the_next_start():
    settings = storage.Settings(ui_scale=1.75)
    note = scale_for_this_screen(settings, QSize(731, 411))  # 1280x720 at 175 %
    assert settings.ui_scale == 1.25
    assert storage.Settings.load().ui_scale == 1.25
    assert "175 %" in note and "125 %" in note
    assert scale_for_this_screen(settings, QSize(1024, 576)) == ""  # 125 % fits: kept


def test_a_dialog_too_tall_for_its_screen_scrolls_its_rows_and_keeps_its_buttons(qtbot):
    dialog = QDialog()
    qtbot.addWidget(dialog)
    rows = QVBoxLayout(dialog)
    room = room_on_screen(dialog)
    for i in range(60):
        label = QLabel(f"row {i}")
        label.setMinimumHeight(room.height() // 20)
        rows.addWidget(label)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    rows.addWidget(buttons)
    assert rows.totalMinimumSize().height() > room.height()
    fit_to_screen(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.height() <= room.height() and dialog.width() <= room.width()
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isVisible()
    corner = ok.mapTo(dialog, ok.rect().bottomRight())
    assert dialog.rect().contains(corner)  # the button is inside the window, not scrolled


def test_a_dialog_that_fits_is_left_as_it_is(qtbot):
    dialog = QDialog()
    qtbot.addWidget(dialog)
    rows = QVBoxLayout(dialog)
    rows.addWidget(QLabel("one row"))
    fit_to_screen(dialog)
    assert dialog.layout() is rows
