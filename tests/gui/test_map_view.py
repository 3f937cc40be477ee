"""The hex map on its own: geometry, stacks, what the viewer may see, zoom, minimap."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainter

from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_core.hexgrid import board_for, hex_center
from se4x_qt.map.hexmap import FAN_VISIBLE, HexMapView, unit_face
from se4x_qt.map.map_items import HEX_RADIUS, StackBadgeItem
from se4x_qt.map.minimap import MiniMap

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def placed_game(players: int = 2, seed: int = 4) -> Game:
    game = Game.new_game({"players": players, "seed": seed})
    while game.phase == "place_homeworld":
        legal = game.legal_actions()
        game.apply(legal[len(legal) // 2])
    return game


@pytest.fixture
def view(qtbot):
    view = HexMapView()
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_hexes_sit_where_hexgrid_puts_them(view):
    game = placed_game()
    view.show_observation(game.observation(0))
    board = board_for(game.state.board_name)
    for h, (row, col) in enumerate(board.hexes):
        x, y = hex_center(row, col, HEX_RADIUS)
        assert view.hex_scene_pos(h) == QPointF(x, y)
        assert view.hex_at(QPointF(x + 10, y - 10)) == h
    assert view.hex_at(QPointF(-500, -500)) == -1
    rect = view.sceneRect()
    view.show_observation(game.observation(1))
    assert view.sceneRect() == rect  # set once per board


def test_stacks_fan_out_and_badge_the_rest(view):
    game = placed_game()
    obs = game.observation(0)
    home = obs["homeworlds"][0]
    view.show_observation(obs)
    stack = view.stacks[home]
    assert len(stack) == 8  # the standard starting forces
    shown = [s for s in stack if view.counters[s].isVisible()]
    assert len(shown) == FAN_VISIBLE
    badges = [i for i in view.scene().items() if isinstance(i, StackBadgeItem)]
    assert [b.hidden for b in badges if b.hex_index == home] == [8 - FAN_VISIBLE]
    positions = {(view.counters[s].pos().x(), view.counters[s].pos().y()) for s in shown}
    assert len(positions) == len(shown)  # none exactly hides another
    hidden = next(s for s in stack if not view.counters[s].isVisible())
    view.set_selected_unit(hidden)
    assert view.counters[hidden].isVisible()  # the selected counter always shows


def test_enemy_counters_show_only_what_the_viewer_may_know(view):
    game = placed_game()
    obs = game.observation(0)
    enemy = [u for u in obs["units"] if u["owner"] == 1]
    scouts = [u for u in enemy if u.get("unit_type") is None]
    assert scouts, "enemy warships are face down"
    face = unit_face(scouts[0], viewer=0)
    assert face.unit_type is None and face.count is None
    own = next(u for u in obs["units"] if u["owner"] == 0 and u["unit_type"] == "SC")
    face = unit_face(own, viewer=0)
    assert (face.unit_type, face.count, face.weapon_class, face.attack, face.defense,
            face.hull) == ("SC", 1, "E", 3, 0, 1)
    view.show_observation(obs)
    tip = view.counters[scouts[0]["unit"]].toolTip()
    assert "face-down" in tip and "SC" not in tip
    home = obs["homeworlds"][0]
    assert "Homeworld of Blue: 20 CP" in view.hex_tooltip(home)


def test_clicks_report_hex_and_unit(qtbot, view):
    game = placed_game()
    obs = game.observation(0)
    view.show_observation(obs)
    home = obs["homeworlds"][0]
    unit = next(u["unit"] for u in obs["units"] if u["owner"] == 0 and u["hex"] == home
                and view.counters[u["unit"]].isVisible())
    view.center_on_hex(home)
    with qtbot.waitSignal(view.clicked) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=view.mapFromScene(view.counter_scene_pos(unit)))
    assert blocker.args == [home, unit]
    empty = next(h for h in range(len(obs["hexes"])) if h not in view.stacks)
    view.center_on_hex(empty)
    with qtbot.waitSignal(view.clicked) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                         pos=view.mapFromScene(view.hex_scene_pos(empty)))
    assert blocker.args == [empty, -1]


def test_dragging_pans_instead_of_clicking(qtbot, view):
    game = placed_game()
    view.show_observation(game.observation(0))
    view.set_zoom(2.0)
    view.center_on_hex(40)
    before = view.visible_scene_rect().center()
    clicks = []
    view.clicked.connect(lambda h, u: clicks.append((h, u)))
    start = QPoint(500, 350)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), start + QPoint(40 * step, 10 * step))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(200, 50))
    after = view.visible_scene_rect().center()
    assert clicks == []
    assert after.x() < before.x() - 50  # the map followed the mouse to the right


def test_wheel_zoom_is_bounded(qtbot, view):
    game = placed_game()
    view.show_observation(game.observation(0))
    view.set_zoom(1.0)
    for _ in range(40):
        view.zoom_in()
    assert view.zoom() == pytest.approx(4.0)
    for _ in range(60):
        view.zoom_out()
    assert view.zoom() == pytest.approx(0.2)


def test_level_of_detail_draws_less_when_zoomed_out(view):
    """At 25 % the counters lose their text: fewer distinct colours in the same pixels."""
    game = placed_game()
    obs = game.observation(0)
    view.show_observation(obs)
    home = obs["homeworlds"][0]

    def render(lod: bool) -> QImage:
        view.scene().set_lod_enabled(lod)
        view.set_zoom(0.25)
        view.center_on_hex(home)
        image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        view.render(painter)
        painter.end()
        return image

    simple, full = render(True), render(False)
    assert simple != full


def test_minimap_click_centres_the_map(qtbot, view):
    game = placed_game()
    view.show_observation(game.observation(0))
    view.set_zoom(2.0)
    minimap = MiniMap(view)
    qtbot.addWidget(minimap)
    minimap.resize(260, 200)
    minimap.show()
    qtbot.waitExposed(minimap)
    target = view.hex_scene_pos(80)
    qtbot.mouseClick(minimap.viewport(), Qt.MouseButton.LeftButton,
                     pos=minimap.mapFromScene(target))
    centre = view.visible_scene_rect().center()
    assert abs(centre.x() - target.x()) < 40 and abs(centre.y() - target.y()) < 40


def test_highlights_follow_the_rules_engine(qtbot, view):
    game = placed_game()
    obs = game.observation(game.current_player)
    view.show_observation(obs)
    view.set_highlights({3: ("move", "1", None), 4: ("place", "", None)})
    assert set(view.highlights) == {3, 4}
    view.set_highlights({})
    assert not view.highlights
    # the view draws the engine's world only: applying an action and redrawing moves counters
    mover = game.current_player
    scout = next(u for u in obs["units"] if u["owner"] == mover and u["unit_type"] == "SC")
    target, path = next(iter(game.reachable(scout["unit"]).items()))
    game.apply(Action("move", unit=scout["unit"], dir=path[0]))
    view.show_observation(game.observation(mover))
    if scout["unit"] in view.unit_hex:
        assert view.unit_hex[scout["unit"]] == target


def test_pipeline_chains_are_drawn_between_adjacent_pipeline_hexes(view):
    """MS Pipelines (advanced rules): the map links adjacent hexes holding pipelines of
    the same empire, and shows the pipeline counter (face up) to the other player."""
    from se4x_core import data
    from tests.helpers.gui_scenario import add, scenario

    game = scenario(advanced=["pipelines"])
    state = game.state
    for h in (1, 2, 4):  # 1-2 adjacent, 4 alone (3 is the gap)
        add(state, 0, data.MS, h)
    view.show_observation(game.observation(1))
    chain = view.chain_item
    assert len(chain._links) == 1 and len(chain._nodes) == 3
    a, b, owner = chain._links[0]
    assert owner == 0 and {(a.x(), a.y()), (b.x(), b.y())} == {
        (p.x(), p.y()) for p in (view.hex_scene_pos(1), view.hex_scene_pos(2))}
    face = unit_face(next(u for u in game.observation(1)["units"] if u["hex"] == 4), 1)
    assert face.unit_type == "MS"


def test_a_unit_with_the_chains_extra_hex_is_not_dimmed():
    """A unit that has moved its allowance along an MS pipeline chain may still take
    the extra hex: its counter stays bright until that is used."""
    unit = {"unit": 0, "owner": 0, "hex": 2, "unit_type": "DD", "number": 1, "count": 1,
            "moved": 1, "allowance": 1, "done": False, "revealed": False}
    assert unit_face(unit, 0, movable_now=True).dim
    assert not unit_face(dict(unit, chain_bonus=1), 0, movable_now=True).dim
    assert unit_face(dict(unit, chain_bonus=1, moved=2), 0, movable_now=True).dim


def _fresh_render(view: HexMapView) -> QImage:
    """The main view as it looks with every item drawn anew (no cached pixmap kept)."""
    for item in view.scene().items():
        mode = item.cacheMode()
        item.setCacheMode(item.CacheMode.NoCache)
        item.setCacheMode(mode)
    return view.viewport().grab().toImage()


def test_a_colony_chip_shows_its_income_after_it_grows_with_the_minimap_open(qtbot):
    """The minimap shares the scene: when it repaints first, the map must not keep the
    colony's old "0 CP" chip (a device cache per view, one dirty flag for both)."""
    from PySide6.QtWidgets import QHBoxLayout, QWidget

    game = placed_game()
    obs = game.observation(0)
    home = obs["homeworlds"][0]
    colony_hex = next(v["hex"] for v in obs["hexes"] if v["hex"] != home
                      and board_for(obs["board"]).region[v["hex"]] == 0)
    holder = QWidget()
    qtbot.addWidget(holder)
    row = QHBoxLayout(holder)
    view = HexMapView()
    row.addWidget(view)
    minimap = MiniMap(view)
    row.addWidget(minimap)
    holder.resize(1200, 700)
    holder.show()
    qtbot.waitExposed(holder)

    def show_colony(cp: int) -> None:
        grown = dict(obs, hexes=[dict(v) for v in obs["hexes"]])
        grown["hexes"][colony_hex]["colony"] = {"owner": 0, "cp": cp, "homeworld": False}
        view.show_observation(grown, ["Ann", "Bob"])

    show_colony(0)
    view.center_on_hex(colony_hex)
    qtbot.wait(20)
    view.viewport().repaint()
    show_colony(1)  # the colony grew: the minimap happens to repaint first
    minimap.viewport().repaint()
    shown = view.viewport().grab().toImage()
    assert view.colony_items[colony_hex].cp == 1
    assert shown == _fresh_render(view)


@pytest.mark.parametrize("size", [34.0, 48.0, 96.0])
def test_the_ships_chip_never_covers_the_counters_label(qtbot, size):
    """The chip with the number of ships stood over the first letter ("SC1" read "C1")."""
    from se4x_qt.map import art

    chip = art.count_chip_rect(size)
    label = art.counter_label_rect(size, with_count=True)
    assert chip.right() < label.left()
    assert label.width() > size * 0.5  # room left for "DD10 D" in a fitting font


@pytest.mark.parametrize("cp,homeworld", [(0, False), (5, False), (20, True), (30, True)])
def test_a_colony_chip_has_its_emblem_beside_the_text_not_on_it(qtbot, cp, homeworld):
    """The emblem dot stood over the H of "HW 20"."""
    from PySide6.QtGui import QFontMetricsF

    from se4x_qt.map import art
    from se4x_qt.map.map_items import (
        CHIP_FONT_PX,
        ColonyItem,
        colony_chip_layout,
        colony_chip_text,
    )

    text = colony_chip_text(cp, homeworld)
    chip, emblem, label = colony_chip_layout(text)
    assert emblem.right() < label.left()
    assert chip.contains(emblem) and chip.contains(label)
    assert QFontMetricsF(art.font(CHIP_FONT_PX)).horizontalAdvance(text) <= label.width()
    assert ColonyItem(0).boundingRect().contains(chip)


def test_a_counter_of_yards_or_fighters_counts_them_as_such():
    """"SY1 (4 ships)" was said of four ship yards."""
    from se4x_qt.map.hexmap import unit_title

    def title(unit_type: str, count: int) -> str:
        return unit_title({"unit": 1, "owner": 0, "hex": 0, "unit_type": unit_type,
                           "number": 1, "count": count}, ["Ann"])

    assert title("SY", 4) == "Ann SY1 (4 yards)"
    assert title("SY", 1) == "Ann SY1 (1 yard)"
    assert title("F", 3) == "Ann F1 (3 fighters)"
    assert title("DD", 2) == "Ann DD1 (2 ships)"
