"""Warp points on the map (advanced rules, config ``advanced: ["warp_points"]``): revealed
warp points show their number, a dashed arc links two of one number, and the map's move
interaction offers the linked warp point as a destination (docs/charts.md#advanced-rules-data:
"two revealed warp points of the same number are adjacent for every purpose")."""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.hexgrid import WARP_DIR
from se4x_qt.games.se4x.session import Session
from se4x_qt.map.map_items import WarpLinkItem
from tests.helpers.gui_scenario import add, scenario, set_marker
from tests.helpers.shell import accept_handover, click_hex, click_unit, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

A, B, C = 26, 59, 31  # Deep Space hexes of the standard 2-player board, none adjacent


def test_a_warp_link_is_drawn_and_walked_by_clicks(qtbot):
    window = make_window(qtbot)
    game = scenario(turn=1, advanced=["warp_points"])
    state = game.state
    for h, number in ((A, 1), (B, 1), (C, 2)):
        set_marker(state, h, data.M_WARP, number, face_up=True)
        state.h_origin[h] = data.M_WARP * 16 + number
    scout = add(state, 0, data.SC, A, 1)
    window.set_session(Session(game, names=["Ann", "Bob"]))
    accept_handover(qtbot, window)
    links = [i for i in window.view.scene().items() if isinstance(i, WarpLinkItem)]
    assert len(links) == 1 and links[0].number == 1  # the lone 2 links to nothing
    assert window.view.marker_items[A].value == 1
    click_unit(qtbot, window, scout)
    assert window.controller.targets[B] == [WARP_DIR + B]
    assert B in window.view.highlights, (sorted(window.view.highlights), window.controller.targets)
    assert C not in window.controller.targets
    window.controller.on_hovered(B)
    click_hex(qtbot, window, B)
    assert state.u_hex[scout] == B
    assert any("moved" in line for line in window.log_texts())
