"""The About box and the window icon: version, licence, the rules texts' origin."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from se4x_qt import resources
from se4x_qt.app import create_app
from se4x_qt.windows.about import about_box

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def test_about_shows_version_licence_and_where_the_rules_come_from(qtbot) -> None:
    box = about_box()
    qtbot.addWidget(box)
    text = box.text()
    assert f"se4x {resources.version()}" in text and "MIT licence" in text
    assert "Board Game Arena" in text and "not covered by that licence" in text
    assert "Engine: compiled" in text
    assert box.detailedText().startswith("MIT License")
    assert "resources/rules" in box.detailedText() or "rules texts" in box.detailedText()
    assert not box.iconPixmap().isNull()


def test_the_application_has_the_window_icon(qtbot) -> None:
    app = create_app()
    assert isinstance(app, QApplication)
    assert not app.windowIcon().isNull()
    assert {s.width() for s in app.windowIcon().availableSizes()} >= {16, 32, 256}
