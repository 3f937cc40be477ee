"""Play the app in a real window and photograph the screen, as a player meets it.

Usage (on a display, e.g. ``xvfb-run -s "-screen 0 1366x768x24"``)::

    .venv/bin/python scripts/play_screens.py OUT_DIR [--only handover,colony,new_game]

Unlike ``render_screens.py`` (each widget drawn offscreen at a chosen size),
this opens the app's real windows on the display's screen at whatever scale
``QT_SCALE_FACTOR`` sets, drives them with QTest clicks and key presses and
saves the whole screen, window frames and menus included:

* ``handover``: a hot-seat game (Ann and Bob, PINs); Ann moves a scout and
  ends her movement; at "Pass to Bob" the View menu is opened with the mouse
  and each of its dock items clicked, one picture each; then Bob's PIN and
  his map.
* ``colony``: a colony of Ann's at 1 CP with the minimap open; the
  Economic Phase grows it; the map after it grew.
* ``new_game``: File > New Game (the dialog as the screen and scale allow).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent)]  # the checkout, for tests.helpers
os.environ.setdefault("SE4X_DATA_DIR", tempfile.mkdtemp(prefix="se4x-screens-"))

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMenu, QWidget  # noqa: E402

from se4x_core import data  # noqa: E402
from se4x_qt.app import create_app  # noqa: E402
from se4x_qt.games.se4x.session import Session  # noqa: E402
from se4x_qt.session import storage  # noqa: E402
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat  # noqa: E402
from se4x_qt.windows.main_window import PAGE_HANDOVER, PAGE_MAP, MainWindow  # noqa: E402
from tests.helpers import gui_scenario as scenario  # noqa: E402


def settle(ms: int = 150) -> None:
    QTest.qWait(ms)


def wait_for(condition: Callable[[], bool], ms: int = 10_000) -> None:
    waited = 0
    while not condition() and waited < ms:
        QTest.qWait(20)
        waited += 20
    if not condition():
        raise SystemExit("play_screens: the app did not get there in time")


def snap(out: Path, name: str) -> Path:
    """The whole screen, as the player sees it."""
    settle()
    screen = QApplication.primaryScreen()
    path = out / f"{name}.png"
    screen.grabWindow(0).save(str(path))
    print(path)
    return path


def new_window() -> MainWindow:
    window = MainWindow(storage.Settings(sound=False, confirm_end_movement=False))
    window.show()
    window.showMaximized()
    wait_for(window.isVisible)
    settle(300)
    return window


def click(widget: QWidget, at: QPoint | None = None) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     at if at is not None else widget.rect().center())


def take_screen(window: MainWindow, pin: str) -> None:
    """Type the PIN at the handover screen and press the button, as a player does."""
    wait_for(lambda: window.pages.currentIndex() == PAGE_HANDOVER)
    QTest.keyClicks(window.handover.pin_edit, pin)
    click(window.handover.take_button)
    wait_for(lambda: window.pages.currentIndex() == PAGE_MAP)


def open_menu(window: MainWindow, title: str) -> QMenu:
    """Click a menu bar title; the menu that drops down."""
    bar = window.menuBar()
    action = next(a for a in bar.actions() if a.text().replace("&", "") == title)
    click(bar, bar.actionGeometry(action).center())
    menu = action.menu()
    assert isinstance(menu, QMenu)
    wait_for(menu.isVisible)
    return menu


def handover(out: Path, tag: str) -> None:
    game = scenario.scenario(turn=1)
    for _ in range(2):
        scenario.add(game.state, 0, data.SC, scenario.CENTRE)
    scenario.add(game.state, 0, data.CO, scenario.CENTRE)
    window = new_window()
    session = Session(game, names=["Ann", "Bob"])
    session.set_pin(0, "1111")
    session.set_pin(1, "2222")
    window.set_session(session)
    take_screen(window, "1111")
    scout = next(u["unit"] for u in session.observation()["units"]
                 if u["owner"] == 0 and u.get("unit_type") == "SC")
    window.view.center_on_hex(scenario.CENTRE)
    settle()
    click(window.view.viewport(), window.view.mapFromScene(
        window.view.counter_scene_pos(scout)))
    target = sorted(window.controller.targets)[0]
    click(window.view.viewport(), window.view.mapFromScene(window.view.hex_scene_pos(target)))
    snap(out, f"handover_{tag}_0_ann_moved")
    click(window.side_panel.end_button)  # the panel's "End movement"
    wait_for(lambda: window.pages.currentIndex() == PAGE_HANDOVER)
    snap(out, f"handover_{tag}_1_pass_to_bob")
    items = [a for a in open_menu(window, "View").actions()
             if a.text() in ("Minimap", "Selected hex", "Event log")]
    snap(out, f"handover_{tag}_2_view_menu_open")
    QTest.keyClick(QApplication.activePopupWidget() or window, Qt.Key.Key_Escape)
    for index, item in enumerate(items, start=3):
        menu = open_menu(window, "View")
        click(menu, menu.actionGeometry(item).center())  # a disabled item: nothing opens
        if menu.isVisible():
            QTest.keyClick(menu, Qt.Key.Key_Escape)
        snap(out, f"handover_{tag}_{index}_view_{item.text().lower().replace(' ', '_')}")
    take_screen(window, "2222")
    snap(out, f"handover_{tag}_9_bob_map")
    window.close()


def colony(out: Path, tag: str) -> None:
    game = scenario.scenario(turn=3)
    home = game.state.board.home_hexes[0]
    planet = next(h for h in home if game.state.h_col_owner[h] < 0)
    scenario.set_colony(game.state, 0, planet, 1)
    window = new_window()
    session = Session(game, seats=[Seat(HUMAN), Seat(COMPUTER, "rule")], names=["Ann", "Bob"])
    session.set_pace("fast")
    window.set_session(session)
    window.view.center_on_hex(planet)
    snap(out, f"colony_{tag}_0_before")
    click(window.side_panel.end_button)  # Ann's last turn of the round; Bob's follows
    def next_round() -> bool:
        return session.game.phase == "movement" and session.observation()["round"] == 2

    for _ in range(40):  # the Economic Phase: no bid, any order, nothing bought
        wait_for(lambda: next_round() or (session.current_player == session.viewer
                                          and bool(session.legal_actions())))
        if next_round():
            break
        legal = session.legal_actions()
        wanted = [a for a in legal if a.kind in ("end_purchases", "end_movement")
                  or (a.kind == "bid" and a.amount == 0)]
        session.table.apply((wanted or legal)[0])
        settle(50)
    wait_for(lambda: window.dialogs.widget is None)
    window.view.center_on_hex(planet)
    window.controller.select_hex(planet)
    snap(out, f"colony_{tag}_1_grown")


def new_game(out: Path, tag: str) -> None:
    window = new_window()
    window.act_new.trigger()
    wait_for(lambda: window.shell.new_game_dialog is not None and
             window.shell.new_game_dialog.isVisible())
    snap(out, f"new_game_{tag}")
    window.shell.new_game_dialog.reject()
    window.act_settings.trigger()
    settle(300)
    snap(out, f"settings_{tag}")
    window.close()


SCREENS = {"handover": handover, "colony": colony, "new_game": new_game}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", default=",".join(SCREENS))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    app = create_app(["play_screens"])
    size = app.primaryScreen().size()
    scale = os.environ.get("QT_SCALE_FACTOR", "1")
    tag = f"{round(size.width() * float(scale))}x{round(size.height() * float(scale))}" \
          f"_{float(scale) * 100:g}pct"
    for name in args.only.split(","):
        SCREENS[name](args.out, tag)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
