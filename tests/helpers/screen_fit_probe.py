"""Open every window of the app on the screen Qt was started with and list what is out of reach.

Run by ``tests/gui/test_screen_fit.py`` in a fresh process per screen (a laptop's
1366x768, 1280x720, 200 % scaling), as ``python -m tests.helpers.screen_fit_probe
[WINDOW ...]`` from the repository root: Qt's offscreen platform takes its
screen size from a config file at start-up, so each screen needs its own
QApplication.  Every window is opened the way the app opens it (the main
window, the phase windows through its dialog host, the dialogs through the
menus), on positions that make them big: a late Economic Phase with a dozen
colonies, a battle of many groups.  Prints one JSON object: the screen, and
per window the problems found (empty when every button is in reach).

A button counts as in reach when it lies on the screen's available area, or
when it sits in a scroll area whose viewport does (scrolling brings it).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SE4X_DATA_DIR", tempfile.mkdtemp(prefix="se4x-fit-"))

from PySide6.QtCore import QEvent, QRect  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QWidget,
)

from se4x_core import data  # noqa: E402
from se4x_core.actions import Action  # noqa: E402
from se4x_core.game import Game  # noqa: E402
from se4x_core.net.protocol import Lobby, SeatInfo  # noqa: E402
from se4x_qt.app import create_app  # noqa: E402
from se4x_qt.games.se4x.session import Session  # noqa: E402
from se4x_qt.session import storage  # noqa: E402
from se4x_qt.session.remote import LanConnection  # noqa: E402
from se4x_qt.shell import lan  # noqa: E402
from se4x_qt.windows.main_window import PAGE_HANDOVER, MainWindow  # noqa: E402
from tests.helpers import gui_scenario as scenario  # noqa: E402
from tests.helpers.gui_positions import big_battle, economic_phase, finished_game  # noqa: E402

ALL_RULES = list(data.ADVANCED_RULE_TITLES)


# -- checking ------------------------------------------------------------------------------
def global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())


def reachable(widget: QWidget, screen: QRect) -> bool:
    """On the screen, or inside a scroll area whose viewport is reachable (scrolling it,
    and the areas round it, brings the widget on the screen)."""
    rect = global_rect(widget)
    parent = widget.parentWidget()
    while not screen.contains(rect):
        while parent is not None and not isinstance(parent, QAbstractScrollArea):
            parent = parent.parentWidget()
        if parent is None:
            return False
        rect = global_rect(parent.viewport())
        parent = parent.parentWidget()
    return True


def problems(window: QWidget) -> list[str]:
    """What of ``window`` lies off its screen's available area."""
    screen = window.screen().availableGeometry()
    found = []
    frame = window.frameGeometry()
    if not screen.contains(frame):
        found.append(f"window {frame.getRect()} is not within the screen {screen.getRect()}")
    controls = window.findChildren(QAbstractButton) + window.findChildren(QComboBox)
    for control in controls:
        if not control.isVisibleTo(window) or control.window() is not window:
            continue
        if not reachable(control, screen):
            name = control.objectName() or getattr(control, "text", lambda: "")()
            found.append(f"{type(control).__name__} {name!r} at "
                         f"{global_rect(control).getRect()} is off the screen")
    return found


def settle(app: QApplication) -> None:
    for _ in range(4):
        app.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


# -- positions -------------------------------------------------------------------------------
def window_with(app: QApplication, game: Game) -> MainWindow:
    """The main window as the app opens it, showing ``game`` past any handover."""
    window = MainWindow(storage.Settings())
    window.show()
    window.set_session(Session(game, names=["Ann", "Bob", "Cleo", "Dev"][:game.config["players"]]))
    settle(app)
    if window.pages.currentIndex() == PAGE_HANDOVER:
        window.handover.try_accept()
    settle(app)
    return window


BIG_STACK_HEX = 3  # a planet of Blue's home system


def big_stack_game() -> Game:
    """Blue's movement with a big stack on a colonised planet: carriers with fighters
    aboard, warships, a colony ship (the fan shows four, a badge the rest)."""
    game = scenario.scenario(advanced=["fighters"])
    state = game.state
    scenario.set_colony(state, 0, BIG_STACK_HEX, 3)
    carrier = scenario.add(state, 0, data.CV, BIG_STACK_HEX, 2)
    fighters = [scenario.add(state, 0, data.F, BIG_STACK_HEX, n) for n in (3, 2)]
    for unit_type, count in ((data.DD, 3), (data.CA, 2), (data.BB, 1), (data.SC, 2),
                             (data.CO, 1)):
        scenario.add(state, 0, unit_type, BIG_STACK_HEX, count)
    for unit in fighters:
        game.apply(Action("board", unit=unit, carrier=carrier))
    return game


def late_economic_phase() -> Game:
    """A late Economic Phase: a dozen colonies (five with yards), every rule set in play."""
    game = scenario.scenario(advanced=ALL_RULES)
    state = game.state
    colonies = [h for h in range(26) if h != scenario.HOME_0][:12]
    for index, hex_index in enumerate(colonies):
        scenario.set_colony(state, 0, hex_index, 1 + index % 5)
        if index % 3 == 0:
            scenario.add(state, 0, data.SY, hex_index, 1 + index % 2)
    scenario.add(state, 0, data.SY, scenario.HOME_0, 4)
    for unit_type in (data.CA, data.DD, data.BB, data.SC, data.CV):
        scenario.add(state, 0, unit_type, scenario.HOME_0, 2)
    for tech in (data.T_SHIP_SIZE, data.T_ATTACK, data.T_DEFENSE):
        state.set_tech_level(0, tech, 2)
    state.cp[0] = 60
    scenario.to_economic_phase(game)
    while game.phase == "economic_bid":
        game.apply(Action("bid", amount=0))
    return game


# -- the windows -------------------------------------------------------------------------------
def main_window(app: QApplication) -> QWidget:
    window = window_with(app, big_stack_game())
    window.controller.select_hex(BIG_STACK_HEX)
    window.view.center_on_hex(BIG_STACK_HEX)
    return window


def phase_window(app: QApplication, game: Game, act: Callable[[Session], None] | None = None
                 ) -> QWidget:
    window = window_with(app, game)
    if act is not None:
        act(window.session)
        settle(app)
    widget = window.dialogs.widget
    assert widget is not None, "the phase window did not open"
    return widget


def production_early(app: QApplication) -> QWidget:
    return phase_window(app, economic_phase())


def production_late(app: QApplication) -> QWidget:
    return phase_window(app, late_economic_phase())


def combat(app: QApplication) -> QWidget:
    return phase_window(app, big_battle(), lambda s: s.apply(Action("end_movement")))


def game_over(app: QApplication) -> QWidget:
    return phase_window(app, finished_game(max_rounds=4))


def new_game(app: QApplication) -> QWidget:
    window = window_with(app, scenario.scenario())
    dialog = window.new_game()
    dialog.page("se4x").players.setValue(4)
    settle(app)
    return dialog


def host_dialog(app: QApplication) -> QWidget:
    window = window_with(app, scenario.scenario())
    dialog = lan.host_game(window)
    dialog.players.setValue(4)
    settle(app)
    return dialog


def lobby(app: QApplication) -> QWidget:
    window = window_with(app, scenario.scenario())
    connection = LanConnection("127.0.0.1", 1, parent=window)
    connection.lobby = Lobby(seats=[
        SeatInfo(seat, "computer" if seat == 3 else "human", name, data.PLAYER_COLOURS[seat],
                 seat < 2, seat < 2, seat == 0)
        for seat, name in enumerate(("Ann", "Bob", "", "Strongest"))],
        started=False, game_name="Friday game")
    dialog = lan.LobbyDialog(connection, window)
    dialog.open()
    settle(app)
    return dialog


def settings_dialog(app: QApplication) -> QWidget:
    window = window_with(app, scenario.scenario())
    return window.shell.show_settings(window)


def rules(app: QApplication) -> QWidget:
    window = window_with(app, scenario.scenario())
    return window.show_rules()


def welcome(app: QApplication) -> QWidget:
    """The welcome screen as at the first launch, with a full list of recent games (the
    settings keep as many), some no longer there."""
    window = MainWindow(storage.Settings(recent_files=[
        str(Path(tempfile.gettempdir()) / "a rather long folder name" / "of saved games"
            / f"a long name for a saved game {n}.se4x") for n in range(storage.RECENT_KEEP)]))
    window.show()
    settle(app)
    return window.shell.show_welcome(window)


WINDOWS: dict[str, Callable[[QApplication], QWidget]] = {
    "main": main_window, "production_early": production_early,
    "production_late": production_late, "combat": combat, "game_over": game_over,
    "new_game": new_game, "host_dialog": host_dialog, "lobby": lobby,
    "settings": settings_dialog, "rules": rules, "welcome": welcome,
}


def main(argv: list[str]) -> int:
    app = create_app()
    names = argv[1:] or list(WINDOWS)
    found: dict[str, list[str]] = {}
    for name in names:
        widget = WINDOWS[name](app)
        settle(app)
        found[name] = problems(widget)
        if os.environ.get("SE4X_FIT_SHOTS"):  # a folder: each window as a PNG too
            shot = Path(os.environ["SE4X_FIT_SHOTS"]) / f"{name}.png"
            widget.grab().save(str(shot))
        if widget.windowTitle():
            found[name] += [] if widget.isVisible() else [f"{name} is not shown"]
    screen = app.primaryScreen().availableGeometry()
    print(json.dumps({"screen": screen.getRect(), "problems": found}))
    sys.stdout.flush()
    os._exit(0)  # no teardown: the windows would be torn down one by one for nothing


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
