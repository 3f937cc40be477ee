"""Driving the main window like a player: dialogs, handovers and clicks on the map.

Clicks go to the map's viewport at the point where the hex (or counter) is
drawn, computed with ``view.mapFromScene``; nothing calls the controller
behind the widgets' backs except where a test says so.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox

from se4x_qt.session import storage
from se4x_qt.windows.main_window import PAGE_HANDOVER, PAGE_MAP, MainWindow
from tests.helpers import gui_scenario as scenario


def battle_game(attackers: list[tuple[int, int]], defenders: list[tuple[int, int]]):
    """Blue's movement in a blank scenario, Blue and Red groups together in the centre hex.

    Ending Blue's movement starts the battle.
    """
    game = scenario.scenario(turn=1)
    for unit_type, count in attackers:
        scenario.add(game.state, 0, unit_type, scenario.CENTRE, count)
    for unit_type, count in defenders:
        scenario.add(game.state, 1, unit_type, scenario.CENTRE, count)
    return game


def make_window(qtbot, confirm: bool = False) -> MainWindow:
    """The main window of a player who turned the end-of-turn questions off (``confirm``
    turns them on: the tests of those questions) and the sounds off."""
    window = MainWindow(storage.Settings(confirm_end_movement=confirm,
                                         confirm_unspent_cp=confirm, sound=False))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def start_via_dialog(qtbot, window: MainWindow, names=("Ann", "Bob"), pins=("", ""),
                     seed: int = 7, players: int = 2) -> None:
    """File > New Game, fill the dialog in and press Start."""
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    dialog.findChild(QSpinBox, "players").setValue(players)
    for player in range(players):
        name = dialog.findChild(QLineEdit, f"name{player}")
        name.setText(names[player])
        pin = dialog.findChild(QLineEdit, f"pin{player}")
        pin.setText(pins[player])
    dialog.findChild(QLineEdit, "seed").setText(str(seed))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session is not None)


def accept_handover(qtbot, window: MainWindow, pin: str = "") -> int:
    """Confirm the handover screen (typing the PIN if asked); returns the new viewer."""
    qtbot.waitUntil(lambda: window.pages.currentIndex() == PAGE_HANDOVER)
    player = window.handover.player
    if window.handover.needs_pin:
        qtbot.keyClicks(window.handover.pin_edit, pin)
    qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == PAGE_MAP)
    assert window.session.viewer == player
    return player


def hex_point(window: MainWindow, hex_index: int) -> QPoint:
    window.view.center_on_hex(hex_index)
    return window.view.mapFromScene(window.view.hex_scene_pos(hex_index))


def click_hex(qtbot, window: MainWindow, hex_index: int) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=hex_point(window, hex_index))


def click_unit(qtbot, window: MainWindow, unit: int) -> None:
    window.view.center_on_hex(window.view.unit_hex[unit])
    point = window.view.mapFromScene(window.view.counter_scene_pos(unit))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def place_homeworlds_by_clicks(qtbot, window: MainWindow, pins=("", "")) -> None:
    """Each player in turn takes the screen and clicks a highlighted hex of their system."""
    session = window.session
    while session.game.phase == "place_homeworld":
        if window.pages.currentIndex() == PAGE_HANDOVER:
            accept_handover(qtbot, window, pins[window.handover.player])
        targets = sorted(window.controller.targets)
        assert targets, "the placing player's home system is highlighted"
        assert set(targets) == set(window.view.highlights)
        click_hex(qtbot, window, targets[len(targets) // 2])
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window, pins[window.handover.player])


def own_units(window: MainWindow, unit_type: str) -> list[dict]:
    obs = window.session.observation()
    return [u for u in obs["units"] if u["owner"] == obs["viewer"] and u["unit_type"] == unit_type]
