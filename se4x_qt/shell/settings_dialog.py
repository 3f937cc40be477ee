"""The Settings dialog: the size of everything, the computer's pace, confirmations,
sound, animations, routine bookkeeping, tips and the solitaire coach.

Why one dialog: these are the app's own preferences, kept with the rest of
what it remembers (:class:`~se4x_qt.session.storage.Settings`); each used to
be a menu item or a fixed choice.  The size of everything (Qt's scale
factor) can only change when the app starts, so the dialog says so; the
others apply at once.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QVBoxLayout,
    QWidget,
)

from se4x_qt import style, widgets
from se4x_qt.session import storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.widgets import ui_scale
from se4x_qt.widgets.screen_fit import available_rect


def pace_label(name: str) -> str:
    """The Game > Computer Pace menu's words for a pace, without the shortcut mark."""
    return GameDriver.PACES[name][0].replace("&", "")


class SettingsDialog(QDialog):
    """Edit ``settings``; OK writes them (the window applies them, see ``applied``)."""

    def __init__(self, settings: storage.Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settings_dialog")
        self.setWindowTitle("Settings")
        self.settings = settings
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        layout.addWidget(widgets.label("Settings", "title"))
        form = QFormLayout()
        form.setVerticalSpacing(10)
        self.scale = QComboBox()
        self.scale.setObjectName("ui_scale")
        self.scales = ui_scale.offered_scales(self.screen_at_one())
        for text, value in self.scales:
            self.scale.addItem(text, value)
        self.scale.setCurrentIndex(_scale_index(self.scales, settings.ui_scale))
        self.scale.setToolTip("Makes everything larger or smaller; takes effect the next time "
                              "the app starts. Only the sizes this screen has room for are "
                              "offered.")
        form.addRow("Size of everything", self.scale)
        self.scale_note = widgets.label("Applies when the app starts next.", "faint")
        form.addRow("", self.scale_note)
        self.pace = QComboBox()
        self.pace.setObjectName("computer_pace")
        for name in GameDriver.PACES:
            self.pace.addItem(pace_label(name), name)
        self.pace.setCurrentIndex(max(0, self.pace.findData(settings.computer_pace)))
        form.addRow("Computer players", self.pace)
        self.confirm_movement = self._check(
            "confirm_end_movement", "Ask before ending movement while groups can still move",
            settings.confirm_end_movement)
        form.addRow("Confirmations", self.confirm_movement)
        self.confirm_cp = self._check(
            "confirm_unspent_cp", "Ask before ending purchases when CP would be lost at the "
            "carry-over cap, or nothing was bought", settings.confirm_unspent_cp)
        form.addRow("", self.confirm_cp)
        self.sound = self._check("sound", "Short sounds for your turn, a battle and the end "
                                 "of the game", settings.sound)
        form.addRow("Sound", self.sound)
        self.animations = self._check("animations", "Moved counters slide along their path",
                                      settings.animations)
        form.addRow("Animations", self.animations)
        self.bookkeeping = self._check(
            "bookkeeping", "The computer does the routine bookkeeping (SE4: paying "
            "maintenance, scavenging, free yard repairs)", settings.bookkeeping)
        form.addRow("Bookkeeping", self.bookkeeping)
        self.tips = self._check("tips", "A short tip the first time something happens in a "
                                "game (each shown once)", settings.tips)
        form.addRow("Tips", self.tips)
        seen = len(settings.tips_seen)
        self.tips_again = self._check(
            "tips_again", f"Show again the tips already seen ({seen or 'none yet'})", False)
        self.tips_again.setEnabled(bool(seen))
        form.addRow("", self.tips_again)
        self.coach = self._check(
            "coach", "Solitaire: after a turn or purchases the computer's search judged "
            "clearly worse than its best option, say so (from what you knew)", settings.coach)
        form.addRow("Coach", self.coach)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("primary")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        style.apply_theme(self)
        self.setStyleSheet(self.styleSheet() + style.form_stylesheet())
        widgets.fit_to_screen(self, again_when_shown=True)

    def screen_at_one(self) -> QSize:
        """The free area of this dialog's screen (its parent's) at scale factor 1."""
        return ui_scale.unscaled(available_rect(self).size(), ui_scale.factor_in_use())

    @staticmethod
    def _check(name: str, text: str, checked: bool) -> QCheckBox:
        box = QCheckBox(text)
        box.setObjectName(name)
        box.setChecked(checked)
        return box

    def accept(self) -> None:
        """Write the choices into the settings and save them."""
        settings = self.settings
        settings.ui_scale = float(self.scale.currentData())
        settings.computer_pace = str(self.pace.currentData())
        settings.confirm_end_movement = self.confirm_movement.isChecked()
        settings.confirm_unspent_cp = self.confirm_cp.isChecked()
        settings.sound = self.sound.isChecked()
        settings.animations = self.animations.isChecked()
        settings.bookkeeping = self.bookkeeping.isChecked()
        settings.tips = self.tips.isChecked()
        settings.coach = self.coach.isChecked()
        if self.tips_again.isChecked():
            settings.tips_seen.clear()
        settings.save()
        super().accept()


def _scale_index(scales: list[tuple[str, float]], scale: float) -> int:
    """The entry of ``scales`` nearest ``scale``."""
    return min(range(len(scales)), key=lambda i: abs(scales[i][1] - scale))
