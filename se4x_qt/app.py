"""Start the desktop app: ``se4x`` (no subcommand) or ``python -m se4x_qt [SAVE]``.

Why so little here: the app is the main window; this module only makes the
QApplication, gives it the dark theme, and decides what the player sees
first - the saved game named on the command line, else the welcome screen
(learn, play, join or open, for every game; the New Game dialog instead once
the player unticked "Show this screen at start").  A save that cannot be
opened is explained in a message box and the app carries on at the New Game
dialog; it never crashes on a bad file.  Before Qt starts, two things only
this module can do: the size of everything chosen in Settings (Qt's scale
factor is read once, at start-up), and a plain sentence when there is no
display to open a window on (Qt itself would abort with a message about its
X11 plugin's libraries).
"""

from __future__ import annotations

import ctypes.util
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from se4x_qt import resources, style
from se4x_qt.map import art
from se4x_qt.session import storage
from se4x_qt.widgets import space, ui_scale
from se4x_qt.windows.main_window import MainWindow

SELF_TEST = "--self-test"
SCALE_NOTE = "se4x_scale_note"  # the app's property: why the saved scale was lowered
# The X11 libraries Qt's xcb plugin loads beyond the basics, with their Debian packages
# (the .deb's dependencies); without one, Qt aborts naming at most the first.
XCB_LIBRARIES = {"xcb-cursor": "libxcb-cursor0", "xcb-icccm": "libxcb-icccm4",
                 "xcb-keysyms": "libxcb-keysyms1", "xcb-shape": "libxcb-shape0",
                 "xkbcommon-x11": "libxkbcommon-x11-0"}


def display_problem(environ: dict[str, str] | None = None, platform: str = sys.platform
                    ) -> str | None:
    """Why no window can open here, in words, or None.

    Linux only (Windows and macOS always have their display): no X11 or Wayland
    display in the environment.  A platform chosen by the user (QT_QPA_PLATFORM,
    e.g. offscreen) is left to Qt.
    """
    env = os.environ if environ is None else environ
    if not platform.startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return None
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return ("se4x: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY "
                "is set). Start it from a desktop session, or over SSH with X forwarding "
                "(ssh -X). The headless commands need no display: see se4x --help.")
    return None


def missing_x11_libraries(environ: dict[str, str] | None = None,
                          platform: str = sys.platform,
                          find_library: Callable[[str], str | None] = ctypes.util.find_library
                          ) -> list[str]:
    """The Debian packages of X11 libraries Qt will need and cannot find (an X11 display,
    no Wayland).  Only a warning: the lookup may miss a library installed off its path."""
    env = os.environ if environ is None else environ
    if not platform.startswith("linux") or env.get("QT_QPA_PLATFORM") or \
            env.get("WAYLAND_DISPLAY") or not env.get("DISPLAY"):
        return []
    return [package for name, package in XCB_LIBRARIES.items() if find_library(name) is None]


def apply_ui_scale(settings: storage.Settings, environ: dict[str, str] | None = None) -> bool:
    """Settings' size of everything, as Qt's scale factor (read when Qt starts); a scale
    the user set in the environment wins.  True when Settings' scale was applied."""
    env = os.environ if environ is None else environ
    if settings.ui_scale > 0 and "QT_SCALE_FACTOR" not in env:
        env["QT_SCALE_FACTOR"] = f"{settings.ui_scale:g}"
        return True
    return False


def scale_for_this_screen(settings: storage.Settings, screen: QSize) -> str:
    """Once Qt runs at Settings' scale and the screen is known (``screen``, its free area
    as Qt measures it now): when the scale leaves less room than the app's windows are
    laid out for (a scale chosen on a larger monitor), the largest scale that fits is
    saved for the next start, and the returned sentence tells the player; "" otherwise.
    The windows clamp to the screen meanwhile."""
    at_one = ui_scale.unscaled(screen, settings.ui_scale)
    fitting = ui_scale.largest_fitting(at_one, settings.ui_scale)
    if fitting == settings.ui_scale:
        return ""
    old = settings.ui_scale
    settings.ui_scale = fitting
    settings.save()
    return (f"The size of everything is set to {old * 100:g} % in Settings, more than this "
            "screen has room for. The windows are fitted to the screen for now; from the "
            f"next start the size will be {fitting * 100:g} %.")


def create_app(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication (reused if one exists, e.g. under pytest-qt), themed."""
    app = QApplication.instance()
    if app is None:
        settings = storage.Settings.load()
        applied = apply_ui_scale(settings)
        app = QApplication(list(argv or [sys.argv[0] if sys.argv else "se4x"]))
        screen = QGuiApplication.primaryScreen()
        if applied and screen is not None:
            app.setProperty(SCALE_NOTE, scale_for_this_screen(
                settings, screen.availableGeometry().size()))
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
    """The main window, showing the save at ``path``; without one, the welcome screen
    (or, once the player turned it off, the New Game dialog); after a save that cannot
    be opened, the New Game dialog under the message saying why."""
    window = MainWindow()
    window.show()
    app = QApplication.instance()
    note = app.property(SCALE_NOTE) if app is not None else None
    if isinstance(note, str) and note:
        window.show_error("Size of everything", note).setIcon(QMessageBox.Icon.Information)
    if path is not None and window.open_path(Path(path)):
        return window
    if path is None and window.settings.show_welcome:
        window.shell.show_welcome(window)
    else:
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
        if display_problem() is not None:  # a server or a build machine: test offscreen
            print("se4x self-test: no display (neither DISPLAY nor WAYLAND_DISPLAY is set); "
                  "testing offscreen (QT_QPA_PLATFORM=offscreen)", flush=True)
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from se4x_qt import self_test
        return self_test.main()
    problem = display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    missing = missing_x11_libraries()
    if missing:  # Qt may abort next: say how to mend it first
        print(f"se4x: Qt's X11 libraries seem to be missing; on Debian or Ubuntu: "
              f"sudo apt-get install {' '.join(missing)}", file=sys.stderr)
    app = create_app([sys.argv[0] if sys.argv else "se4x"])
    window = create_main_window(args[0] if args else None)
    window.raise_()
    status = app.exec()
    art.release_caches()  # no Qt paint objects may outlive the application
    space.release_caches()
    return status


if __name__ == "__main__":
    sys.exit(main())
