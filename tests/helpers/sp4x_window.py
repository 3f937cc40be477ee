"""The SP4X window as the tests open it: one place, so every test sees the same window."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from se4x_qt.games.sp4x.window import Sp4xWindow
from se4x_qt.session import storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell.shell import AppShell


def open_window(qtbot: QtBot, driver: GameDriver, size: tuple[int, int] = (1366, 740),
                shell: AppShell | None = None) -> Sp4xWindow:
    """``driver``'s game in a shown window of ``size`` (``shell``'s SP4X window, else one
    with a shell of its own); the computer seats wait for the test to play them
    (``driver.step_computer()``), one decision at a time."""
    window = Sp4xWindow(settings=storage.Settings(sound=False), shell=shell)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.show_driver(driver)
    driver.stop()
    return window
