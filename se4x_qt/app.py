"""Start the desktop app: ``se4x`` (no subcommand) or ``python -m se4x_qt [SAVE]``.

Why so little here: the app is the main window; this module only makes the
QApplication, gives it the dark theme, and decides what the player sees
first - the saved game named on the command line, or the New Game dialog.
A save that cannot be opened is explained in a message box and the app
carries on at the New Game dialog; it never crashes on a bad file.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QApplication

from se4x_qt import resources, style
from se4x_qt.map import art
from se4x_qt.windows.main_window import MainWindow

SELF_TEST = "--self-test"


def create_app(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication (reused if one exists, e.g. under pytest-qt), themed."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv or [sys.argv[0] if sys.argv else "se4x"]))
    assert isinstance(app, QApplication)
    app.setApplicationName("Space Empires 4X")
    app.setOrganizationName("se4x")
    app.setApplicationDisplayName("Space Empires 4X")
    app.setApplicationVersion(resources.version())
    app.setDesktopFileName(resources.APP_ID)  # Wayland finds the icon through the .desktop file
    app.setWindowIcon(resources.app_icon())
    style.apply_app_palette(app)
    return app


def create_main_window(path: str | Path | None = None) -> MainWindow:
    """The main window, showing the save at ``path`` or the New Game dialog."""
    window = MainWindow()
    window.show()
    if path is None or not window.open_path(Path(path)):
        window.new_game()
        if window.last_message is not None:
            window.last_message.raise_()  # the explanation stays in front of the dialog
    return window


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app; ``argv`` is the arguments after the program name (default: sys.argv[1:])."""
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print("usage: se4x [SAVE.se4x | --self-test]\n\nOpens Space Empires 4X, with a saved "
              "game if given.\n--self-test plays a short game against the computer and exits "
              "(status 0 when all is well).")
        return 0
    if args == [SELF_TEST]:
        from se4x_qt import self_test
        return self_test.main()
    app = create_app([sys.argv[0] if sys.argv else "se4x"])
    window = create_main_window(args[0] if args else None)
    window.raise_()
    status = app.exec()
    art.release_caches()  # no Qt paint objects may outlive the application
    return status


if __name__ == "__main__":
    sys.exit(main())
