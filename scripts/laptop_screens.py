"""Grab the whole screen with each window of the app open on it, for people to look at.

Usage, on a virtual display of the size to check (Xvfb, no window manager)::

    xvfb-run -s "-screen 0 1366x768x24" .venv/bin/python scripts/laptop_screens.py out/laptop
    xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python scripts/laptop_screens.py out/full

Unlike ``render_screens.py`` (each widget painted offscreen at a size it is
given), this runs on a real X11 display and lets every window size and place
itself as the app does, then grabs the screen: a window too big for the
screen shows cut off here exactly as a player would see it.  The windows are
the ones ``tests/helpers/screen_fit_probe.py`` checks (the main window, the
production sheet early and late, a battle of many groups, the game-over
screen, New Game, the LAN Host dialog, the lobby, Settings), plus the map
with a stack's counter list open.  Prints each file written.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]  # the checkout, for tests.helpers
os.environ.setdefault("SE4X_DATA_DIR", tempfile.mkdtemp(prefix="se4x-laptop-"))

from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from tests.helpers import screen_fit_probe as probe  # noqa: E402


def grab_screen(app: QApplication, out: Path, name: str) -> Path:
    """The whole screen as the display shows it now."""
    for _ in range(6):
        app.processEvents()
    path = out / f"screen_{name}.png"
    app.primaryScreen().grabWindow(0).save(str(path))
    print(path, flush=True)
    return path


def close_all(app: QApplication) -> None:
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible():
            widget.hide()
    probe.settle(app)


def stack_list(app: QApplication) -> QWidget:
    """The map of a late game with the list of a big stack open over it."""
    window = probe.window_with(app, probe.big_stack_game())
    view = window.view
    home = probe.BIG_STACK_HEX
    view.center_on_hex(home)
    point = view.viewport().mapToGlobal(view.mapFromScene(view.hex_scene_pos(home)))
    view.show_stack_list(home, point + QPoint(30, 0), pinned=True)
    return window


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else ROOT / "out" / "laptop")
    out.mkdir(parents=True, exist_ok=True)
    app = probe.create_app()
    screens = dict(probe.WINDOWS, map_stack_list=stack_list)
    for name, build in screens.items():
        build(app)
        grab_screen(app, out, name)
        close_all(app)
    sys.stdout.flush()
    os._exit(0)  # no teardown of a dozen windows one by one


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
