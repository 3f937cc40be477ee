"""The hex map: a QGraphicsScene of the board and the QGraphicsView that shows it.

Why the view is only a view: it draws an observation (what the player at
the screen may know) and reports clicks as (hex, unit) pairs; deciding what
a click means (select, move, place a homeworld) is the map controller's
job (:mod:`se4x_qt.map.map_controller`).  That keeps this module about
drawing, zooming and panning, and lets the benchmark drive it alone.

Geometry comes from :func:`se4x_core.hexgrid.hex_center` (pointy-top, odd-r
rows), scaled to :data:`~se4x_qt.map.map_items.HEX_RADIUS` scene units.  The
scene rectangle is set once per board (a growing scene rect makes the
scroll bars jump).  Panning: drag with the left or middle button; zooming:
the wheel, ``+``/``-``, or :meth:`HexMapView.fit_board`.
"""

from __future__ import annotations

import math

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QPoint,
    QPointF,
    QPropertyAnimation,
    QRect,
    QRectF,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QToolTip, QWidget

from se4x_core import data
from se4x_core.hexgrid import Board, board_for, hex_center, warp_groups
from se4x_core.observation import HexView, MachineView, Observation, UnitView
from se4x_qt import help_book, style
from se4x_qt.games.se4x.log_text import (
    MACHINE_FIGHT_TEXT,
    MACHINE_MOVES_TEXT,
    machine_hits_text,
    machine_stats_text,
    machine_title,
    marker_title,
    members,
    sentence,
)
from se4x_qt.map import art
from se4x_qt.map.map_items import (
    BADGE_OFFSET,
    COUNTER_SIZE,
    FAN_DX,
    FAN_DY,
    FAN_VISIBLE,
    HEX_RADIUS,
    MACHINE_SHARED_SCALE,
    STACK_RIGHT,
    Z_COUNTER,
    ChainItem,
    ColonyItem,
    CounterItem,
    HexItem,
    HighlightItem,
    HoverItem,
    MachineItem,
    MarkerItem,
    PathItem,
    RegionBorderItem,
    StackBadgeItem,
    WarpLinkItem,
    repaint_cached,
)
from se4x_qt.map.stack_list import StackList
from se4x_qt.widgets import space
from se4x_qt.widgets.help_links import with_hint

MIN_ZOOM = 0.2
MAX_ZOOM = 4.0
DEFAULT_ZOOM = 1.2
ZOOM_STEP = 1.2
DRAG_THRESHOLD = 6  # pixels the mouse may wander before a press becomes a pan
PIXMAP_CACHE_KB = 160 * 1024

# Where a Doomsday Machine stands in a hex it shares with counters (scene units from the
# hex's centre): left of the stack, which stands right of centre anyway.
MACHINE_SHARED_X = -HEX_RADIUS * 0.57
STACK_DY = -3.0  # a stack sits a little above the centre (the colony chip is below)
SLIDE_MS = 150  # a moved counter slides one hex in this long (settings: animations)

# Stack order: what a player most often wants to click goes in front.
_TYPE_RANK = {code: rank for rank, code in enumerate(
    ("SY", "Base", "MS", "Decoy", "Miner", "CO", "F", "CV", "SC", "DD", "CA", "BC", "BB",
     "DN"))}


def unit_face(unit: UnitView, viewer: int, movable_now: bool = False) -> art.CounterFace:
    """What a unit's counter shows to ``viewer`` (from an observation's unit entry)."""
    unit_type = unit.get("unit_type")
    owner = unit["owner"]
    if unit_type is None:
        return art.CounterFace(owner=owner, unit_type=None)
    code = data.CODE_TO_UNIT.get(unit_type)
    stats = data.UNIT_STATS[code] if code is not None else None
    letter = ""
    if stats is not None and stats.weapon_class != data.NO_CLASS:
        letter = data.CLASS_LETTERS[stats.weapon_class]
    count = unit.get("count")
    if stats is not None and code in data.SINGLE_UNIT_TYPES:
        count = None  # one unit a counter: no numeral
    dim = False
    if owner == viewer and movable_now:
        # the allowance, plus the extra hex of an MS pipeline chain while the unit has it
        allowance = unit.get("allowance", 0) + unit.get("chain_bonus", 0)
        # only a unit that could move and cannot any more is dimmed (never a yard or base)
        dim = allowance > 0 and (bool(unit.get("done")) or unit.get("moved", 0) >= allowance)
    cargo = 0
    if unit.get("cargo"):
        cargo = -1 if unit["cargo"] == "space_wreck" else unit.get("cargo_value", 0) or -1
    return art.CounterFace(
        owner=owner, unit_type=unit_type, number=unit.get("number", 0) or 0, count=count,
        weapon_class=letter, attack=stats.attack if stats else 0,
        defense=stats.defense if stats else 0, hull=stats.hull if stats else 0, dim=dim,
        cargo=cargo, revealed=bool(unit.get("revealed")))


def machine_tooltip(machine: MachineView, where: str = "") -> str:
    """What a Doomsday Machine is and does, as the map's rich-text tooltip."""
    lines = [f"<b>{machine_title(machine['number'])}</b>",
             f"{sentence(machine_stats_text())} \u00b7 {machine_hits_text(machine['hits'])}",
             MACHINE_MOVES_TEXT, MACHINE_FIGHT_TEXT]
    if where:
        lines.append(f"Hex {where}")
    return "<br>".join(lines)


def unit_title(unit: UnitView, names: list[str] | None = None) -> str:
    """E.g. "Red DD2 (3 ships)", "Red SY1 (4 yards)" or "Red face-down group"."""
    who = style.player_name(unit["owner"], names)
    unit_type = unit.get("unit_type")
    if unit_type is None:
        return f"{who} face-down group"
    number = unit.get("number")
    label = f"{unit_type}{number}" if number else unit_type
    count = unit.get("count")
    ships = ""
    code = data.CODE_TO_UNIT.get(unit_type)
    if count is not None and code not in data.SINGLE_UNIT_TYPES:
        ships = f" ({members(unit_type, count)})"
    return f"{who} {label}{ships}"


class MapScene(QGraphicsScene):
    """The board's items.  ``lod_enabled`` lets a benchmark switch simplification off."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lod_enabled = True
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    def set_lod_enabled(self, enabled: bool) -> None:
        """Switch level-of-detail drawing; repaints every item (their caches are stale)."""
        if enabled != self.lod_enabled:
            self.lod_enabled = enabled
            for item in self.items():
                repaint_cached(item)


class HexMapView(QGraphicsView):
    """The map.  ``clicked(hex, unit)`` with unit -1 for a click on the hex itself."""

    clicked = Signal(int, int)
    hovered = Signal(int)  # hex under the mouse, -1 off the board
    cancelled = Signal()  # right click or Esc
    viewport_changed = Signal()  # zoom or scroll: the minimap redraws its frame

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hexmap")
        self._scene = MapScene(self)
        self.setScene(self._scene)
        # no SmoothPixmapTransform: nothing is drawn as a scaled pixmap, and the cached
        # items are blitted 1:1
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, False)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # panning is by dragging and the minimap; scroll bars would only take room
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        # the items' device pixmaps live in QPixmapCache: room for a zoomed-in 4-player board
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.board: Board | None = None
        self.board_name = ""
        self.viewer = 0
        self.player_names: list[str] = []
        self.hex_items: list[HexItem] = []
        self.hover_item: HoverItem | None = None
        self.marker_items: list[MarkerItem] = []
        self.colony_items: list[ColonyItem] = []
        self.counters: dict[int, CounterItem] = {}
        self.machines: dict[int, MachineItem] = {}  # Doomsday Machines by number
        self.unit_hex: dict[int, int] = {}
        self.stacks: dict[int, list[int]] = {}  # hex -> units, back to front
        self.highlights: dict[int, HighlightItem] = {}
        self._badges: list[StackBadgeItem] = []
        self._centres: list[QPointF] = []
        self.selected_unit = -1
        self.path_item = PathItem()
        self.chain_item = ChainItem()
        self.warp_items: list[WarpLinkItem] = []
        self._warp_groups: dict[int, list[int]] = {}
        self._press_pos: QPoint | None = None
        self._press_button = Qt.MouseButton.NoButton
        self._dragging = False
        self._last_hover = -1
        self._observation: Observation | None = None
        self._movable_now = False
        self.animate = False  # slide moved counters along their path (the app's setting)
        self._targets: dict[int, QPointF] = {}  # unit -> where its counter stands
        self._slides: dict[int, tuple[QPropertyAnimation, list[QPointF]]] = {}
        self._moved_from: dict[int, int] = {}  # units that changed hex since the last layout
        self.stack_list = StackList(self)
        self.stack_list.unit_chosen.connect(
            lambda unit: self.clicked.emit(self.unit_hex.get(unit, -1), unit))
        self.horizontalScrollBar().valueChanged.connect(self.viewport_changed)
        self.verticalScrollBar().valueChanged.connect(self.viewport_changed)

    # -- building ------------------------------------------------------------------------
    def set_board(self, board_name: str) -> None:
        """Build the hexes, markers and borders of a board; sets the scene rect once."""
        if board_name == self.board_name:
            return
        scene = self._scene
        self.finish_slides()  # before the items go with the scene
        scene.clear()
        self.counters.clear()
        self._targets.clear()
        self._moved_from.clear()
        self.machines.clear()
        self.highlights.clear()
        self._badges.clear()
        self.unit_hex.clear()
        self.stacks.clear()
        self.warp_items, self._warp_groups = [], {}
        self.path_item = PathItem()
        scene.addItem(self.path_item)
        self.chain_item = ChainItem()
        scene.addItem(self.chain_item)
        board = board_for(board_name)
        self.board, self.board_name = board, board_name
        self._centres = [QPointF(*hex_center(r, c, HEX_RADIUS)) for r, c in board.hexes]
        self.hex_items, self.marker_items, self.colony_items = [], [], []
        self.hover_item = HoverItem()
        scene.addItem(self.hover_item)
        for h, centre in enumerate(self._centres):
            home = board.region[h]
            hex_item = HexItem(h, board.label(h), home)
            hex_item.setPos(centre)
            scene.addItem(hex_item)
            self.hex_items.append(hex_item)
            border = style.player_colour(home) if home >= 0 else art.DEEP_SPACE_BORDER
            marker = MarkerItem(h, border)
            marker.setPos(centre)
            scene.addItem(marker)
            self.marker_items.append(marker)
            colony = ColonyItem(h)
            colony.setPos(centre)
            scene.addItem(colony)
            self.colony_items.append(colony)
        for h, owner, segments, emblems in self._region_edges():
            edge = RegionBorderItem(owner, segments, emblems)
            edge.setPos(self._centres[h])
            scene.addItem(edge)
        bounds = QRectF()
        for centre in self._centres:
            bounds = bounds.united(QRectF(centre.x() - HEX_RADIUS, centre.y() - HEX_RADIUS,
                                          2 * HEX_RADIUS, 2 * HEX_RADIUS))
        margin = HEX_RADIUS * 1.5
        scene.setSceneRect(bounds.adjusted(-margin, -margin, margin, margin))
        self.setSceneRect(scene.sceneRect())
        self._board_rect = bounds

    def _region_edges(self) -> list[tuple[int, int, list[tuple[QPointF, QPointF]],
                                          list[QPointF]]]:
        """Per border hex of a home system: (hex, owner, edges, emblem points), hex-relative.

        An edge is on the border when the hex beyond it belongs to another
        region or is off the board; every third edge (counted along the
        board) carries the owner's emblem.
        """
        board = self.board
        assert board is not None
        out = []
        count = 0
        for h in range(board.size):
            owner = board.region[h]
            if owner < 0:
                continue
            segments, emblems = [], []
            for direction in range(6):
                other = board.neighbour(h, direction)
                if other >= 0 and board.region[other] == owner:
                    continue
                a, b = art.edge_corners(direction)
                start = art.hex_corner(HEX_RADIUS, a)
                end = art.hex_corner(HEX_RADIUS, b)
                segments.append((start, end))
                if count % 3 == 0:
                    emblems.append((start + end) / 2)
                count += 1
            if segments:
                out.append((h, owner, segments, emblems))
        return out

    # -- drawing an observation -------------------------------------------------------------
    def show_observation(self, obs: Observation, names: list[str] | None = None,
                         movable_now: bool = False) -> None:
        """Bring every item in line with what ``obs["viewer"]`` may know."""
        self.set_board(obs["board"])
        self.viewer = obs["viewer"]
        self.player_names = list(names or [])
        self._observation = obs
        self._movable_now = movable_now
        for view in obs["hexes"]:
            h = view["hex"]
            colony = view.get("colony")
            owner_colour = style.player_colour(colony["owner"]) if colony else None
            self.marker_items[h].set_marker(view.get("marker"), view.get("value", 0),
                                            view.get("peeked"), view.get("peeked_value", 0),
                                            owner_colour)
            if colony:
                self.colony_items[h].set_colony(colony["owner"], colony["cp"],
                                                bool(colony.get("homeworld")))
            else:
                self.colony_items[h].set_colony(-1, 0, False)
        self._sync_warp_links(obs["hexes"])
        self._sync_machines(obs.get("machines", []))
        self._sync_counters(obs["units"])
        self._sync_chains(obs["units"])

    def clear_game(self) -> None:
        """Forget everything a viewer knows: markers face down, no colony, counter,
        machine, link or highlight; the board itself (hexes, home borders) stays.

        Why: the map's scene is also drawn by the minimap, and its items answer
        tooltips, so covering the page is not enough at a hot-seat handover: what
        the previous player saw must not be in the scene at all until the next
        player's observation replaces it.
        """
        self.finish_slides()
        self.stack_list.dismiss()
        self._observation = None
        self._movable_now = False
        self.selected_unit = -1
        for marker in self.marker_items:
            marker.set_marker(None, 0, None, 0, None)
        for colony in self.colony_items:
            colony.set_colony(-1, 0, False)
        if self.board is not None:
            self._sync_warp_links([])
            self._sync_machines([])
            self._sync_counters([])
            self.chain_item.set_chains([], [])
        self.set_highlights({})
        self.set_path_preview([])

    def _sync_chains(self, units: list[UnitView]) -> None:
        """MS pipelines (face up, so every viewer sees them): link adjacent pipeline hexes
        of the same empire."""
        board = self.board
        assert board is not None
        pipes: set[tuple[int, int]] = {(u["hex"], u["owner"]) for u in units
                                       if u.get("unit_type") == "MS"}
        links = []
        for h, owner in sorted(pipes):
            for direction in range(3):  # each adjacent pair once
                other = board.neighbour(h, direction)
                if other >= 0 and (other, owner) in pipes:
                    links.append((self._centres[h], self._centres[other], owner))
        nodes = [(self._centres[h], owner) for h, owner in sorted(pipes)]
        self.chain_item.set_chains(links, nodes)

    def _sync_warp_links(self, hexes: list[HexView]) -> None:
        """Dashed arcs between revealed warp points of one number (advanced rules: they
        are adjacent), rebuilt only when a warp point is revealed."""
        markers: list[str | None] = [None] * len(self._centres)
        values = [0] * len(self._centres)
        for view in hexes:
            markers[view["hex"]] = view.get("marker")
            values[view["hex"]] = view.get("value", 0)
        groups = warp_groups(markers, values)
        if groups == self._warp_groups:
            return
        for item in self.warp_items:
            self._scene.removeItem(item)
        self.warp_items = []
        self._warp_groups = groups
        for number, linked in sorted(groups.items()):
            for i, a in enumerate(linked):
                for b in linked[i + 1:]:
                    item = WarpLinkItem(self._centres[a], self._centres[b], number)
                    self._scene.addItem(item)
                    self.warp_items.append(item)

    def _sync_machines(self, machines: list[MachineView]) -> None:
        """Doomsday Machines (advanced rules): one token each, on its hex, with its hits;
        a machine gone from the observation (destroyed) leaves the map.  Their places
        are set with the counters' (:meth:`_layout_stacks`)."""
        seen = set()
        for machine in machines:
            number = machine["number"]
            seen.add(number)
            item = self.machines.get(number)
            if item is None:
                item = self.machines[number] = MachineItem(number, machine["hits"])
                self._scene.addItem(item)
            item.set_hits(machine["hits"])
            item.hex_index = machine["hex"]
            where = self.board.label(machine["hex"]) if self.board is not None else ""
            item.setToolTip(with_hint(machine_tooltip(machine, where), help_book.MACHINE_SECTION))
        for number in [n for n in self.machines if n not in seen]:
            self._scene.removeItem(self.machines.pop(number))

    def machine_in(self, hex_index: int) -> MachineItem | None:
        """The machine standing in a hex, if any."""
        return next((m for m in self.machines.values() if m.hex_index == hex_index), None)

    def _sync_counters(self, units: list[UnitView]) -> None:
        seen = set()
        by_hex: dict[int, list[UnitView]] = {}
        for view in units:
            unit = view["unit"]
            seen.add(unit)
            face = unit_face(view, self.viewer, self._movable_now)
            item = self.counters.get(unit)
            if item is None:
                item = CounterItem(unit, face)
                self._scene.addItem(item)
                self.counters[unit] = item
            else:
                item.set_face(face)
                if 0 <= item.hex_index != view["hex"]:
                    self._moved_from[unit] = item.hex_index
            item.hex_index = view["hex"]
            item.setToolTip(self.unit_tooltip(view))
            self.unit_hex[unit] = view["hex"]
            by_hex.setdefault(view["hex"], []).append(view)
        for unit in [u for u in self.counters if u not in seen]:
            self._stop_slide(unit)
            self._scene.removeItem(self.counters.pop(unit))
            self.unit_hex.pop(unit, None)
            self._targets.pop(unit, None)
        self.stacks = {h: self._stack_order(items) for h, items in by_hex.items()}
        if self.selected_unit not in self.counters:
            self.selected_unit = -1
        self._layout_stacks()

    def _stack_order(self, units: list[UnitView]) -> list[int]:
        """A hex's counters back to front: by :meth:`_stack_key`, each fighter group
        aboard a carrier right in front of its carrier (so they read together)."""
        here = {u["unit"] for u in units}
        riders: dict[int, list[int]] = {}
        for unit in units:
            carrier = unit.get("aboard")
            if carrier is not None and carrier in here:
                riders.setdefault(carrier, []).append(unit["unit"])
        order: list[int] = []
        for unit in sorted(units, key=self._stack_key):
            if unit.get("aboard") in here:
                continue
            order.append(unit["unit"])
            order += sorted(riders.get(unit["unit"], []))
        return order

    def _stack_key(self, unit: UnitView) -> tuple[bool, int, int, int]:
        own = unit["owner"] == self.viewer
        return (own, unit["owner"] if not own else -1,
                _TYPE_RANK.get(unit.get("unit_type") or "", -1),
                -(unit.get("number") or 0))

    def _layout_stacks(self) -> None:
        """Fan each hex's counters so that every one shows its top row (type, number,
        ships), right of the hex's centre; the system's art moves to the upper left, so
        the planet or minerals under a stack stay in sight."""
        for badge in self._badges:
            self._scene.removeItem(badge)
        self._badges.clear()
        self._place_machines()
        for h in range(len(self.marker_items)):
            compact = bool(self.stacks.get(h))
            self.marker_items[h].set_compact(compact)
            self.colony_items[h].set_compact(compact)
        for h, units in self.stacks.items():
            order, hidden = self._fan(units)
            n = len(order)
            width = COUNTER_SIZE + (n - 1) * FAN_DX
            height = COUNTER_SIZE + (n - 1) * FAN_DY
            origin = self._centres[h] + QPointF(STACK_RIGHT - width, -height / 2 + STACK_DY)
            for i, unit in enumerate(order):
                item = self.counters[unit]
                self._place_counter(unit, origin + QPointF(i * FAN_DX, i * FAN_DY))
                item.setZValue(Z_COUNTER + i * 0.01 + (1 if unit == self.selected_unit else 0))
                item.setVisible(True)
                item.set_selected(unit == self.selected_unit)
            for unit in hidden:
                self._stop_slide(unit)
                self.counters[unit].setVisible(False)
                self.counters[unit].set_selected(False)
            if hidden:
                badge = StackBadgeItem(h, len(hidden))
                badge.setPos(self._centres[h] + BADGE_OFFSET)
                self._scene.addItem(badge)
                self._badges.append(badge)
        self._moved_from.clear()

    def _fan(self, units: list[int]) -> tuple[list[int], list[int]]:
        """The counters a hex's fan shows (back to front) and those behind its badge; the
        selected counter always shows, in front."""
        order = list(units)
        hidden: list[int] = []
        if len(order) > FAN_VISIBLE:
            hidden, order = order[:-FAN_VISIBLE], order[-FAN_VISIBLE:]
            if self.selected_unit in hidden:
                hidden.remove(self.selected_unit)
                hidden.append(order.pop(0))
                order.append(self.selected_unit)
        elif self.selected_unit in order:
            order.remove(self.selected_unit)
            order.append(self.selected_unit)
        return order, hidden

    # -- sliding counters -------------------------------------------------------------------
    def _place_counter(self, unit: int, target: QPointF) -> None:
        """Put a counter at ``target``: at once, or (a move, with animations on) sliding
        there from where it stood, through every hex of its path so far."""
        item = self.counters[unit]
        self._targets[unit] = QPointF(target)
        came_from = self._moved_from.get(unit)
        running = self._slides.get(unit)
        if came_from is None and running is not None and running[1][-1] == target:
            return  # laid out again (a new selection) while sliding to the same place
        if not self.animate or came_from is None or not item.isVisible():
            self._stop_slide(unit)
            item.setPos(target)
            return
        path = (running[1] if running is not None else []) + [QPointF(target)]
        start = item.pos()
        self._stop_slide(unit, finish=False)
        slide = QPropertyAnimation(item, b"pos", self)
        slide.setDuration(min(4 * SLIDE_MS, SLIDE_MS * len(path)))
        slide.setEasingCurve(QEasingCurve.Type.InOutQuad)
        slide.setStartValue(start)
        for index, point in enumerate(path[:-1], start=1):
            slide.setKeyValueAt(index / len(path), point)
        slide.setEndValue(path[-1])
        slide.finished.connect(lambda u=unit, a=slide: self._slide_done(u, a))
        self._slides[unit] = (slide, path)
        slide.start()

    def _slide_done(self, unit: int, slide: QPropertyAnimation) -> None:
        current = self._slides.get(unit)
        if current is not None and current[0] is slide:
            del self._slides[unit]

    def _stop_slide(self, unit: int, finish: bool = True) -> None:
        """Stop a counter's slide; ``finish`` puts it where it was going."""
        running = self._slides.pop(unit, None)
        if running is None:
            return
        running[0].stop()
        if finish and unit in self.counters and unit in self._targets:
            self.counters[unit].setPos(self._targets[unit])

    def finish_slides(self) -> None:
        """Every sliding counter to its place at once (a click must find them there)."""
        for unit in list(self._slides):
            self._stop_slide(unit)

    def sliding(self) -> bool:
        return bool(self._slides)

    def _place_machines(self) -> None:
        """A machine alone stands in the middle of its hex; beside counters it moves to
        the left, a little smaller, and the counters' fan moves right."""
        for item in self.machines.values():
            if not 0 <= item.hex_index < len(self._centres):
                item.setVisible(False)
                continue
            shared = bool(self.stacks.get(item.hex_index))
            offset = QPointF(MACHINE_SHARED_X if shared else 0.0, STACK_DY)
            item.setPos(self._centres[item.hex_index] + offset)
            item.setScale(MACHINE_SHARED_SCALE if shared else 1.0)
            item.setVisible(True)

    def set_selected_unit(self, unit: int) -> None:
        if unit != self.selected_unit:
            self.selected_unit = unit if unit in self.counters else -1
            self._layout_stacks()

    # -- highlights and the path preview ------------------------------------------------------
    def set_highlights(self, hexes: dict[int, tuple[str, str, QColor | None]]) -> None:
        """Highlight hexes: ``{hex: (style, label, colour or None)}``; {} clears."""
        for item in self.highlights.values():
            self._scene.removeItem(item)
        self.highlights.clear()
        for h, (kind, text, colour) in hexes.items():
            if self.board is None or not 0 <= h < self.board.size:
                continue
            item = HighlightItem(h, kind, text, colour)
            item.setPos(self._centres[h])
            self._scene.addItem(item)
            self.highlights[h] = item
        if not hexes:
            self.path_item.set_points([])

    def set_path_preview(self, hexes: list[int]) -> None:
        self.path_item.set_points([self._centres[h] for h in hexes if 0 <= h < len(self._centres)])

    # -- tooltips --------------------------------------------------------------------------
    def unit_tooltip(self, unit: UnitView) -> str:
        lines = [f"<b>{unit_title(unit, self.player_names)}</b>"]
        unit_type = unit.get("unit_type")
        code = data.CODE_TO_UNIT.get(unit_type or "")
        if code is not None:
            stats = data.UNIT_STATS[code]
            cls = ("" if stats.weapon_class == data.NO_CLASS
                   else f"class {data.CLASS_LETTERS[stats.weapon_class]}, ")
            lines.append(f"{data.UNIT_NAMES[code]}: {cls}attack {stats.attack}, "
                         f"defense {stats.defense}, hull {stats.hull}")
        if "attack_tech" in unit:
            lines.append(f"Tech: attack {unit['attack_tech']}, defense {unit['defense_tech']}, "
                         f"tactics {unit['tactics']}, movement {unit['movement_tech']}")
        if unit["owner"] == self.viewer and "moved" in unit:
            lines.append(f"Moved {unit['moved']} of {unit.get('allowance', 0)} this turn"
                         + (" (done)" if unit.get("done") else ""))
            if unit.get("chain_bonus") and not unit.get("done"):
                lines.append("On an MS pipeline chain: one hex more along it")
            if unit.get("cargo"):
                lines.append(f"Towing {marker_title(unit['cargo'], unit.get('cargo_value', 0))}")
        if unit.get("revealed"):
            lines.append("Revealed in combat: every player sees it")
        if self.board is not None:
            lines.append(f"Hex {self.board.label(unit['hex'])}")
        return with_hint("<br>".join(lines), self.unit_section(unit))

    def hex_tooltip(self, h: int) -> str:
        obs = self._observation
        if obs is None or self.board is None:
            return ""
        view = obs["hexes"][h]
        region = view["home_of"]
        where = (f"{style.player_name(region, self.player_names)} home system"
                 if region >= 0 else "Deep Space")
        lines = [f"<b>Hex {self.board.label(h)}</b> \u2014 {where}"]
        if view.get("marker") is None:
            lines.append("Unexplored")
            if view.get("peeked"):
                lines.append("You peeked: "
                             f"{marker_title(view['peeked'], view.get('peeked_value', 0))}")
        else:
            lines.append(marker_title(view["marker"], view.get("value", 0)))
        colony = view.get("colony")
        if colony:
            kind = "Homeworld" if colony.get("homeworld") else "Colony"
            lines.append(f"{kind} of {style.player_name(colony['owner'], self.player_names)}: "
                         f"{colony['cp']} CP")
        machine = self.machine_in(h)
        if machine is not None:
            lines.append(f"\u2022 {machine_title(machine.number)} "
                         f"({machine_hits_text(machine.hits)})")
        units = [u for u in obs["units"] if u["hex"] == h]
        for unit in units[:8]:
            lines.append("\u2022 " + unit_title(unit, self.player_names))
        if len(units) > 8:
            lines.append(f"\u2026 and {len(units) - 8} more")
        return with_hint("<br>".join(lines), self.hex_section(h))

    # -- help (F1) ---------------------------------------------------------------------------
    @staticmethod
    def unit_section(unit: UnitView) -> str:
        """The rules section of a counter as its viewer sees it (a face-down one: groups)."""
        return help_book.UNIT_SECTIONS.get(unit.get("unit_type") or "", "groups")

    def hex_section(self, h: int) -> str:
        """The rules section of a hex's marker (an unexplored hex: exploring)."""
        obs = self._observation
        marker = obs["hexes"][h].get("marker") if obs is not None else None
        return help_book.MARKER_SECTIONS.get(marker or "", "exploration")

    def help_section_at(self, pos: QPoint) -> str | None:
        """F1 on the map: the section of the counter, machine or hex at ``pos`` (view
        coordinates), or None off the board."""
        at = self.viewport().mapFrom(self, pos)
        for item in self.items(at):
            if isinstance(item, MachineItem) and item.isVisible():
                return help_book.MACHINE_SECTION
            if isinstance(item, CounterItem) and item.isVisible() and self._observation:
                views = [u for u in self._observation["units"] if u["unit"] == item.unit]
                return self.unit_section(views[0]) if views else "groups"
        h = self.hex_at(self.mapToScene(at))
        return self.hex_section(h) if h >= 0 else None

    # -- geometry ---------------------------------------------------------------------------
    def hex_scene_pos(self, h: int) -> QPointF:
        return QPointF(self._centres[h])

    def hex_at(self, scene_pos: QPointF) -> int:
        """The hex under a scene point, or -1 off the board."""
        best, best_d = -1, HEX_RADIUS * HEX_RADIUS
        for h, centre in enumerate(self._centres):
            dx, dy = centre.x() - scene_pos.x(), centre.y() - scene_pos.y()
            d = dx * dx + dy * dy
            if d < best_d:
                best, best_d = h, d
        return best

    def counter_scene_pos(self, unit: int) -> QPointF:
        """A point of a counter that no other counter of its fan covers (tests click there):
        in its top row, right of the ships chip, where it stands (or is sliding to)."""
        place = self._targets.get(unit, self.counters[unit].pos())
        return place + QPointF(COUNTER_SIZE * 0.5, FAN_DY * 0.5)

    # -- zoom --------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, scale: float, anchor: QPointF | None = None) -> None:
        scale = max(MIN_ZOOM, min(MAX_ZOOM, scale))
        centre = anchor if anchor is not None else self.mapToScene(self.viewport().rect().center())
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(centre)
        self.viewport_changed.emit()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom() * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom() / ZOOM_STEP)

    def fit_board(self) -> None:
        """Show the whole board."""
        if self.board is None:
            return
        self.fitInView(self._board_rect.adjusted(-12, -12, 12, 12),
                       Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom() > MAX_ZOOM or self.zoom() < MIN_ZOOM:
            self.set_zoom(self.zoom())
        self.viewport_changed.emit()

    def center_on_hex(self, h: int) -> None:
        if 0 <= h < len(self._centres):
            self.centerOn(self._centres[h])
            self.viewport_changed.emit()

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    # -- events ------------------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if not steps:
            return
        anchor = self.mapToScene(event.position().toPoint())
        old = self.zoom()
        new = max(MIN_ZOOM, min(MAX_ZOOM, old * math.pow(ZOOM_STEP, steps)))
        if new == old:
            return
        # keep the point under the mouse still
        before = event.position()
        self.setTransform(QTransform.fromScale(new, new))
        after = self.mapFromScene(anchor)
        delta = after - before.toPoint()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())
        self.viewport_changed.emit()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key == Qt.Key.Key_Escape:
            self.cancelled.emit()
        else:
            super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        self.finish_slides()  # a click finds every counter where it stands
        self.stack_list.dismiss()
        if event.button() == Qt.MouseButton.RightButton:
            self.cancelled.emit()
            event.accept()
            return
        self._press_pos = event.position().toPoint()
        self._press_button = event.button()
        self._dragging = False
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._press_pos is not None and event.buttons() & (
                Qt.MouseButton.LeftButton | Qt.MouseButton.MiddleButton):
            delta = pos - self._press_pos
            if self._dragging or delta.manhattanLength() > DRAG_THRESHOLD:
                self._dragging = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                self.horizontalScrollBar().setValue(self.horizontalScrollBar().value()
                                                    - delta.x())
                self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
                self._press_pos = pos
                event.accept()
                return
        super().mouseMoveEvent(event)
        h = self.hex_at(self.mapToScene(pos))
        if h != self._last_hover:
            self._last_hover = h
            self._hide_hover_list()
            if self.hover_item is not None:
                self.hover_item.setVisible(h >= 0)
                if h >= 0:
                    self.hover_item.setPos(self._centres[h])
            self.hovered.emit(h)

    def leaveEvent(self, event: QEvent) -> None:
        self._hide_hover_list()
        if self.hover_item is not None:
            self.hover_item.setVisible(False)
        self._last_hover = -1
        super().leaveEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        """Tooltips: over a stack (a counter or its "+N" badge), the list of every counter
        in the hex; over a Doomsday Machine, its own; else the hex's (marker, colony)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            pos = event.pos()
            for item in self.items(pos):
                if isinstance(item, CounterItem | StackBadgeItem) and item.isVisible():
                    QToolTip.hideText()
                    self.show_stack_list(item.hex_index, event.globalPos())
                    return True
                if isinstance(item, MachineItem) and item.isVisible():
                    return super().viewportEvent(event)
            self._hide_hover_list()  # the mouse is off the stack now
            h = self.hex_at(self.mapToScene(pos))
            if h >= 0:
                QToolTip.showText(event.globalPos(), self.hex_tooltip(h), self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def show_stack_list(self, h: int, at: QPoint, pinned: bool = False) -> StackList | None:
        """List every counter of hex ``h`` near the global point ``at`` (see
        :mod:`se4x_qt.map.stack_list`); ``pinned`` keeps it open for a click on a row."""
        obs = self._observation
        if obs is None or self.board is None or not 0 <= h < self.board.size:
            return None
        if self.stack_list.pinned and not pinned and self.stack_list.isVisible():
            return self.stack_list  # a pinned list stays until dismissed
        units = [u for u in obs["units"] if u["hex"] == h]
        if not units:
            self.stack_list.dismiss()
            return None
        faces = {u["unit"]: unit_face(u, self.viewer, self._movable_now) for u in units}
        self.stack_list.show_stack(self.stack_title(h, len(units)), units, self.viewer,
                                   self.player_names, faces, at, pinned)
        return self.stack_list

    def stack_title(self, h: int, count: int) -> str:
        """"Hex 0405 · Planet · 5 counters" for the head of a stack's list."""
        assert self.board is not None and self._observation is not None
        view = self._observation["hexes"][h]
        what = (marker_title(view["marker"], view.get("value", 0))
                if view.get("marker") is not None else "Unexplored")
        return (f"Hex {self.board.label(h)} \u00b7 {what} \u00b7 {count} "
                f"counter{'s' if count != 1 else ''}")

    def _hide_hover_list(self) -> None:
        if not self.stack_list.pinned:
            self.stack_list.hide()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        was_drag = self._dragging
        self._dragging = False
        self._press_pos = None
        self.viewport().unsetCursor()
        if was_drag or event.button() != Qt.MouseButton.LeftButton:
            event.accept()
            return
        pos = event.position().toPoint()
        scene_pos = self.mapToScene(pos)
        unit = -1
        for item in self.items(pos):
            if isinstance(item, StackBadgeItem) and item.isVisible():
                self.show_stack_list(item.hex_index, self.viewport().mapToGlobal(pos), True)
                event.accept()
                return
            if isinstance(item, CounterItem) and item.isVisible():
                unit = item.unit
                break
        h = self.counters[unit].hex_index if unit >= 0 else self.hex_at(scene_pos)
        self.clicked.emit(h, unit)
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # with the view as context: the call is dropped if the view is gone by then
        QTimer.singleShot(0, self, self.viewport_changed.emit)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """Deep space: a star tile in screen space, drifting slowly as the map pans."""
        painter.save()
        painter.resetTransform()
        target = QRectF(self.viewport().rect())
        stars = space.starfield()
        origin = self.mapFromScene(QPointF(0, 0))
        size = stars.deviceIndependentSize().width()  # logical (a 200 % screen has more)
        offset = QPointF((-origin.x() * 0.35) % size, (-origin.y() * 0.35) % size)
        painter.drawTiledPixmap(target, stars, offset)
        painter.restore()
