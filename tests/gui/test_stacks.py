"""Stacks on the map: ships chips that never overlap, the system under a stack in sight, the
list of every counter on hover or on the "+N" badge (with which fighters ride which
carrier), and a moved counter sliding to its place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication

from se4x_core import data
from se4x_core.actions import Action
from se4x_qt.games.se4x.session import Session
from se4x_qt.map import art
from se4x_qt.map.hexmap import SLIDE_MS
from se4x_qt.map.map_items import COUNTER_SIZE, FAN_DY, HEX_RADIUS, StackBadgeItem
from se4x_qt.windows.main_window import PAGE_HANDOVER
from tests.helpers.gui_scenario import CENTRE, E, add, neighbour, scenario, set_colony
from tests.helpers.shell import accept_handover, click_hex, click_unit, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

PLANET = 3  # a hex of Blue's home system (standard 2-player board)


def window_on(qtbot, game):
    window = make_window(qtbot)
    window.set_session(Session(game, names=["Ann", "Bob"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    return window


def big_stack():
    """Seven of Ann's groups on a colonised planet: the fan shows four, "+3" the rest."""
    game = scenario(turn=1)
    set_colony(game.state, 0, PLANET, 3)
    units = [add(game.state, 0, unit_type, PLANET, count) for unit_type, count in
             ((data.DD, 3), (data.CA, 2), (data.SC, 2), (data.DD, 1), (data.BB, 1),
              (data.CO, 1), (data.SC, 1))]
    return game, units


def visible_fan(view, hex_index: int) -> list[int]:
    """The counters the fan shows, back to front."""
    shown = [u for u in view.stacks[hex_index] if view.counters[u].isVisible()]
    return sorted(shown, key=lambda u: view.counters[u].zValue())


def hover(view, scene_point: QPointF) -> None:
    point = view.mapFromScene(scene_point)
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)


def test_the_ships_chips_of_a_fan_never_overlap(qtbot):
    game, _ = big_stack()
    view = window_on(qtbot, game).view
    fan = visible_fan(view, PLANET)
    assert len(fan) == 4
    radius = art.COUNT_CHIP_RADIUS * COUNTER_SIZE
    chips = [view.counters[u].pos() + art.COUNT_CHIP * COUNTER_SIZE for u in fan]
    for behind, front in zip(chips, chips[1:], strict=False):
        gap = ((front.x() - behind.x()) ** 2 + (front.y() - behind.y()) ** 2) ** 0.5
        assert gap > 2 * radius  # the next counter's chip clears this one's
    # and each chip lies in the band of its counter that the next one leaves in sight
    assert art.COUNT_CHIP.y() * COUNTER_SIZE + radius <= FAN_DY


def test_the_planet_under_a_stack_stays_in_sight(qtbot):
    game, _ = big_stack()
    view = window_on(qtbot, game).view
    marker = view.marker_items[PLANET]
    r = HEX_RADIUS * 0.38  # the planet's radius as the marker paints it
    planet = marker.mapRectToScene(QRectF(-r, -r, 2 * r, 2 * r))
    for unit in visible_fan(view, PLANET):
        counter = view.counters[unit]
        assert not planet.intersects(counter.mapRectToScene(QRectF(0, 0, COUNTER_SIZE,
                                                                   COUNTER_SIZE)))
    hexagon = QRectF(view.hex_scene_pos(PLANET) - QPointF(HEX_RADIUS, HEX_RADIUS),
                     view.hex_scene_pos(PLANET) + QPointF(HEX_RADIUS, HEX_RADIUS))
    assert hexagon.contains(planet)
    # without counters the planet is back in the middle, full size
    empty = view.marker_items[neighbour(game.state, CENTRE, E)]
    assert not empty.compact and empty.transform().isIdentity()


def test_hovering_a_stack_lists_every_counter_even_those_behind_the_badge(qtbot):
    game, units = big_stack()
    window = window_on(qtbot, game)
    view = window.view
    hidden = [u for u in units if not view.counters[u].isVisible()]
    assert len(hidden) == 3
    front = visible_fan(view, PLANET)[-1]
    hover(view, view.counter_scene_pos(front))
    listing = view.stack_list
    assert listing.isVisible() and not listing.pinned
    texts = listing.texts()
    assert len(texts) == 7
    assert texts[0].startswith("Ann DD1 \u00d73\nDestroyer \u00b7 A0 D0 T0 M1 \u00b7 moved 0/")
    assert any(t.startswith("Ann BB1\n") or t.startswith("Ann BB1 \u00d71") for t in texts)
    assert listing.title.text().startswith(f"Hex {game.state.board.label(PLANET)} \u00b7 ")
    assert listing.title.text().endswith("7 counters")
    hover(view, view.hex_scene_pos(neighbour(game.state, CENTRE, E)))  # an empty hex
    assert not listing.isVisible()


def test_the_badge_pins_the_list_and_a_row_chooses_its_counter(qtbot):
    game, units = big_stack()
    window = window_on(qtbot, game)
    view = window.view
    badge = next(item for item in view.scene().items() if isinstance(item, StackBadgeItem))
    assert badge.hidden == 3
    view.center_on_hex(PLANET)
    point = view.mapFromScene(badge.scenePos())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    listing = view.stack_list
    assert listing.isVisible() and listing.pinned
    assert window.controller.selected_unit == -1  # the badge is no counter
    hidden = next(u for u in units if not view.counters[u].isVisible())
    row = next(i for i in range(listing.rows.count())
               if listing.rows.item(i).data(Qt.ItemDataRole.UserRole) == hidden)
    listing.rows.itemClicked.emit(listing.rows.item(row))
    assert not listing.isVisible()
    assert window.controller.selected_unit == hidden
    assert view.counters[hidden].isVisible()  # the chosen counter comes to the front


def test_fighters_are_listed_under_the_carrier_they_ride(qtbot):
    game = scenario(turn=1, advanced=["fighters"])
    state = game.state
    carrier = add(state, 0, data.CV, CENTRE, 2)
    wing = add(state, 0, data.F, CENTRE, 3)
    other = add(state, 0, data.F, CENTRE, 2)
    window = window_on(qtbot, game)
    session = window.session
    for fighters in (wing, other):
        session.apply(Action("board", unit=fighters, carrier=carrier))
    view = window.view
    assert view.stacks[CENTRE] == [carrier, wing, other]  # they stand in front of it
    hover(view, view.counter_scene_pos(carrier))
    texts = view.stack_list.texts()
    assert texts[0].startswith("Ann CV1 \u00d72\nCarrier")
    assert texts[0].endswith("carries F1 (\u00d73), F2 (\u00d72)")
    assert texts[1].startswith("\u21b3 Ann F1 \u00d73\nFighter") and "aboard CV1" in texts[1]
    assert texts[2].startswith("\u21b3 Ann F2 \u00d72\nFighter") and "aboard CV1" in texts[2]
    window.controller.select_hex(CENTRE)
    rows = [window.side_panel.unit_list.item(i).text()
            for i in range(window.side_panel.unit_list.count())]
    assert any("Carries F1 (\u00d73), F2 (\u00d72)" in row for row in rows)
    assert sum("Aboard CV1" in row for row in rows) == 2


def test_a_moved_counter_slides_to_its_place(qtbot):
    game = scenario(turn=1)
    scout = add(game.state, 0, data.SC, CENTRE)
    window = window_on(qtbot, game)
    view = window.view
    assert view.animate  # the default
    target = neighbour(game.state, CENTRE, E)
    click_unit(qtbot, window, scout)
    start = view.counters[scout].pos()
    click_hex(qtbot, window, target)
    assert game.state.u_hex[scout] == target
    assert view.sliding()
    end = view.counter_scene_pos(scout) - QPointF(COUNTER_SIZE * 0.5, FAN_DY * 0.5)
    assert view.counters[scout].pos() != end  # on its way
    qtbot.waitUntil(lambda: not view.sliding(), timeout=20 * SLIDE_MS)
    assert view.counters[scout].pos() == end and end != start
    view.animate = False  # Settings > Animations off: a move puts it there at once
    click_unit(qtbot, window, scout)
    assert not view.sliding()
