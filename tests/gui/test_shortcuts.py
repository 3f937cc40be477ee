"""Help > Keyboard Shortcuts lists every key the menus have, and no row is cut."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from se4x_qt.widgets.rules_viewer import ShortcutsDialog
from tests.helpers.shell import make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def keys_of_the_menus(window) -> set[str]:
    keys = set()
    for menu in window.findChildren(QMenu):
        for action in menu.actions():
            for key in action.shortcuts():
                if not key.isEmpty():
                    keys.add(key.toString(QKeySequence.SequenceFormat.NativeText))
    return keys


def test_every_menu_key_is_listed_with_what_it_does(qtbot):
    window = make_window(qtbot)
    dialog = window.show_shortcuts()
    listed = " / ".join(key for key, _does in dialog.rows)
    for key in keys_of_the_menus(window):
        assert key in listed, key
    for key in ("F1", "Ctrl+H", "Ctrl+W", "Ctrl+,"):  # the ones the list used to lack
        assert key in listed
    rules = next(does for key, does in dialog.rows if key == "F1")
    assert "under the mouse" in rules


def test_no_row_is_cut_at_a_laptop_size(qtbot):
    window = make_window(qtbot)
    dialog: ShortcutsDialog = window.show_shortcuts()
    qtbot.waitExposed(dialog)
    dialog.resize(520, 480)  # narrower than the long rows: they must wrap, not be cut
    QApplication.processEvents()
    table = dialog.table
    for row in range(table.rowCount()):
        assert table.rowHeight(row) >= table.sizeHintForRow(row), dialog.rows[row]
    last = table.rowCount() - 1
    assert table.verticalScrollBar().maximum() > 0 or \
        table.visualItemRect(table.item(last, 1)).bottom() <= table.viewport().height()
