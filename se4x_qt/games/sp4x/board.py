"""The SP4X board: hex tiles placed as they are explored, men, bases and roads.

Why a QGraphicsView of a few custom items: the board is small (at most 20
tiles) and changes after nearly every action, so the scene is rebuilt from
the observation each time rather than patched.  Tiles are pointy-topped
hexes in axial coordinates (the project's :func:`se4x_qt.map.art.hex_polygon`
and :func:`~se4x_qt.map.art.edge_corners`), coloured by kind, with the kind's
name and its yields; empty spaces a man could explore show as dashed hexes
when exploring is a choice.  A click names a cell (``cell_clicked``); the
window decides what it means from the legal actions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from se4x_core.games.sp4x.observation import Observation
from se4x_qt import style
from se4x_qt.games.sp4x import texts
from se4x_qt.map import art
from se4x_qt.widgets import space

Cell = tuple[int, int]
R: Final = 60.0  # hex circumradius in scene units
SQRT3: Final = math.sqrt(3)
# per player, where the men and bases of that colour sit inside a tile
SLOTS: Final = ((-0.33, 0.24), (0.33, 0.24), (-0.33, 0.58), (0.33, 0.58))


def centre(cell: Cell) -> QPointF:
    q, r = cell
    return QPointF(R * SQRT3 * (q + r / 2), R * 1.5 * r)


def cell_at(point: QPointF) -> Cell:
    """The axial cell under a scene point (cube rounding)."""
    q = (SQRT3 / 3 * point.x() - point.y() / 3) / R
    r = (2 / 3 * point.y()) / R
    x, z = q, r
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return int(rx), int(rz)


class TileItem(QGraphicsItem):
    """One explored tile: its colour, label, yields; a highlight when it may be chosen.

    The tile's name in the log, the prompts and the buttons is its kind and, when
    the rules hold more than one of that kind, its number
    (:class:`~se4x_qt.games.sp4x.texts.CellNames`: "Mountain 2"); the number is
    drawn in a badge at the tile's top, large enough to read on a crowded board,
    so a line such as "Ann moved a man from Mothership to Mountain 2" is found.
    """

    def __init__(self, cell: Cell, kind: str, number: int | None = None,
                 mark: str = "") -> None:
        super().__init__()
        self.cell = cell
        self.kind = kind
        self.number = number
        self.label = texts.tile_label(kind, number)
        self.mark = mark  # "", "source", "target", "selected"; fixed: a new mark, a new item
        self.setPos(centre(cell))
        self.setZValue(0)
        # Its picture changes only with a new item: each view keeps it as a pixmap.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        facts = texts.tile_facts(kind)
        self.setToolTip(f"<b>{self.label}</b>"
                        + "".join(f"<br>{line}" for line in facts))

    def boundingRect(self) -> QRectF:
        return QRectF(-R - 4, -R - 4, 2 * R + 8, 2 * R + 8)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        light, dark = texts.TILE_COLOURS.get(self.kind, ("#556", "#223"))
        hexagon = art.hex_polygon(R - 1.5)
        grad = QLinearGradient(0, -R, 0, R)
        grad.setColorAt(0, QColor(light))
        grad.setColorAt(1, QColor(dark))
        painter.setBrush(QBrush(grad))
        painter.setPen(QPen(QColor("#0B1020"), 3))
        painter.drawPolygon(hexagon)
        self._paint_texture(painter)
        # the kind across the top, its number above, the yields under it
        title = texts.tile_title(self.kind)
        painter.setFont(art.fitting_font(title, R * 1.5, 15, 10))
        painter.setPen(QColor(255, 255, 255, 235))
        painter.drawText(QRectF(-R, -R * 0.56, 2 * R, R * 0.3),
                         Qt.AlignmentFlag.AlignCenter, title)
        self._paint_number(painter)
        self._paint_yields(painter)
        if self.mark:
            colour = QColor(style.Theme.HIGHLIGHT if self.mark == "selected"
                            else style.Theme.ACCENT)
            pen = QPen(colour, 5 if self.mark == "selected" else 3.5)
            if self.mark == "source":
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(art.hex_polygon(R - 5))
            if self.mark == "target":
                fill = QColor(style.Theme.ACCENT)
                fill.setAlpha(55)
                painter.setBrush(fill)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawPolygon(art.hex_polygon(R - 7))

    def _paint_texture(self, painter: QPainter) -> None:
        """A light pattern per kind, so tiles differ without their colour too."""
        painter.save()
        clip = QPainterPath()
        clip.addPolygon(art.hex_polygon(R - 3))
        painter.setClipPath(clip)
        ink = QColor(255, 255, 255, 38)
        painter.setPen(QPen(ink, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        kind = self.kind
        if kind == "mountain":
            for dx in (-30, 0, 30):
                painter.drawPolyline(QPolygonF([QPointF(dx - 18, 40), QPointF(dx, 12),
                                                QPointF(dx + 18, 40)]))
        elif kind in ("slime_sea", "n_swamp"):
            for y in (10, 24, 38):
                path = QPainterPath(QPointF(-R, y))
                for i in range(8):
                    x = -R + i * R / 4
                    path.quadTo(QPointF(x + R / 8, y - 6), QPointF(x + R / 4, y))
                painter.drawPath(path)
        elif kind in ("plastic_steppe", "gly_hill"):
            for i in range(-4, 5):
                painter.drawLine(QPointF(i * 14, 10), QPointF(i * 14 + 10, 44))
        elif kind == "mothership":
            painter.drawEllipse(QPointF(0, 22), 26, 12)
            painter.drawEllipse(QPointF(0, 22), 12, 5)
        else:  # the Alien CIV tiles: concentric rings
            for radius in (10, 20, 30):
                painter.drawEllipse(QPointF(0, 24), radius, radius * 0.6)
        painter.restore()

    def _paint_number(self, painter: QPainter) -> None:
        """The tile's number in a dark badge under the top corner (none if it is the only
        tile of its kind)."""
        if self.number is None:
            return
        badge = QRectF(-11, -R * 0.9, 22, 19)
        painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5))
        painter.setBrush(QColor("#0B1020"))
        painter.drawRoundedRect(badge, 8, 8)
        painter.setFont(art.font(14))
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(self.number))

    def _paint_yields(self, painter: QPainter) -> None:
        yields = texts.tile_yields(self.kind)
        chips = [(res, amount) for res, amount in yields.items()]
        if not chips:
            return
        width = 26
        x = -width * len(chips) / 2
        painter.setFont(art.font(11))
        for res, amount in chips:
            rect = QRectF(x + 2, -R * 0.25, width - 4, 17)
            painter.setPen(QPen(QColor("#0B1020"), 1.5))
            painter.setBrush(QColor(texts.RESOURCE_COLOURS[res]))
            painter.drawRoundedRect(rect, 5, 5)
            painter.setPen(QColor("#0B1020"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{amount}{res[0].upper()}")
            x += width


class SpaceItem(QGraphicsItem):
    """An empty space a man may explore: a dashed hex showing the tile that would come."""

    def __init__(self, cell: Cell, next_tile: str, marked: bool) -> None:
        super().__init__()
        self.cell = cell
        self.next_tile = next_tile
        self.marked = marked
        self.setPos(centre(cell))
        self.setZValue(-1)
        self.setToolTip(f"Explore here: the next tile is a {texts.tile_title(next_tile)}")

    def boundingRect(self) -> QRectF:
        return QRectF(-R, -R, 2 * R, 2 * R)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(style.Theme.ACCENT if self.marked else "#3A4666")
        fill = QColor(colour)
        fill.setAlpha(40)
        painter.setBrush(fill)
        pen = QPen(colour, 2.5)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawPolygon(art.hex_polygon(R - 6))
        painter.setFont(art.font(11))
        painter.setPen(colour)
        painter.drawText(QRectF(-R, -14, 2 * R, 16), Qt.AlignmentFlag.AlignCenter, "Explore")
        painter.setFont(art.font(9, bold=False))
        painter.drawText(QRectF(-R, 4, 2 * R, 14), Qt.AlignmentFlag.AlignCenter,
                         texts.tile_title(self.next_tile))


class RoadItem(QGraphicsItem):
    """A road of one colour across the edge between two tiles."""

    def __init__(self, a: Cell, b: Cell, player: int, offset: float) -> None:
        super().__init__()
        self.player = player
        ca, cb = centre(a), centre(b)
        mid = (ca + cb) / 2
        self.setPos(mid)
        self.setRotation(math.degrees(math.atan2(cb.y() - ca.y(), cb.x() - ca.x())))
        self.offset = offset
        self.setZValue(2)

    def boundingRect(self) -> QRectF:
        return QRectF(-R * 0.5, -14, R, 28)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(-R * 0.22, self.offset - 4.5, R * 0.44, 9)
        painter.setPen(QPen(QColor("#0B1020"), 2))
        painter.setBrush(style.player_colour(self.player))
        painter.drawRoundedRect(rect, 4, 4)


class PiecesItem(QGraphicsItem):
    """One colour's men and base on a tile."""

    def __init__(self, cell: Cell, player: int, men: int, base: bool) -> None:
        super().__init__()
        self.player = player
        self.men = men
        self.base = base
        dx, dy = SLOTS[player % len(SLOTS)]
        self.setPos(centre(cell) + QPointF(dx * R, dy * R))
        self.setZValue(3)

    def boundingRect(self) -> QRectF:
        return QRectF(-20, -16, 40, 32)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = style.player_colour(self.player)
        outline = QPen(QColor("#0B1020"), 1.8)
        if self.base:  # a little house behind the men
            house = QPolygonF([QPointF(-17, 2), QPointF(-17, -8), QPointF(-9, -15),
                               QPointF(-1, -8), QPointF(-1, 2)])
            painter.setPen(outline)
            painter.setBrush(colour.darker(130))
            painter.drawPolygon(house)
            painter.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
            painter.drawLine(QPointF(-12, 2), QPointF(-12, -4))
            painter.drawLine(QPointF(-6, 2), QPointF(-6, -4))
        if self.men:
            x = 6 if self.base else 0
            painter.setPen(outline)
            painter.setBrush(colour)
            painter.drawEllipse(QPointF(x, -6), 5, 5)  # head
            body = QPainterPath()
            body.moveTo(x - 8, 12)
            body.quadTo(QPointF(x - 7, -1), QPointF(x, -1))
            body.quadTo(QPointF(x + 7, -1), QPointF(x + 8, 12))
            body.closeSubpath()
            painter.drawPath(body)
            if self.men > 1:
                chip = QRectF(x + 4, 2, 14, 13)
                painter.setBrush(QColor("#0B1020"))
                painter.setPen(QPen(colour, 1.3))
                painter.drawRoundedRect(chip, 4, 4)
                painter.setPen(QColor("white"))
                painter.setFont(art.font(9))
                painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, str(self.men))


class BoardView(QGraphicsView):
    """The board of one observation; ``cell_clicked(q, r)`` on a click."""

    cell_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sp4x_board")
        self.board_scene = QGraphicsScene(self)
        self.setScene(self.board_scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(space.starfield()))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.tiles: dict[Cell, TileItem] = {}
        self.spaces: dict[Cell, SpaceItem] = {}
        self._extent = QRectF()

    def show_board(self, obs: Observation, sources: Iterable[Cell] = (),
                   targets: Iterable[Cell] = (), selected: Cell | None = None,
                   spaces: Iterable[Cell] = ()) -> None:
        """Draw ``obs``'s board; mark the cells that may be clicked now.

        A tile whose kind, number and mark are unchanged keeps its item, and with it
        the picture cached for each view (a tile's gradients, pattern and text were a
        quarter of a computer game's time in the window); everything else is drawn
        anew."""
        sources, targets = set(sources), set(targets)
        numbers = texts.CellNames(obs).numbers
        tiles: dict[Cell, TileItem] = {}
        for tile in obs["tiles"]:
            cell = (tile["q"], tile["r"])
            mark = ("selected" if cell == selected else "target" if cell in targets
                    else "source" if cell in sources else "")
            item = self.tiles.get(cell)
            if item is None or (item.kind, item.number, item.mark) != \
                    (tile["kind"], numbers[cell], mark):
                item = TileItem(cell, tile["kind"], numbers[cell], mark)
            tiles[cell] = item
        for old in self.board_scene.items():
            if old.parentItem() is None and not (
                    isinstance(old, TileItem) and tiles.get(old.cell) is old):
                self.board_scene.removeItem(old)
        for item in tiles.values():
            if item.scene() is None:
                self.board_scene.addItem(item)
        self.tiles, self.spaces = tiles, {}
        next_tile = obs["stack_top"]
        for cell in spaces:
            if cell not in self.tiles:
                space = SpaceItem(cell, next_tile, cell in targets)
                self.board_scene.addItem(space)
                self.spaces[cell] = space
        self._add_roads(obs)
        for view in obs["players"]:
            player = view["player"]
            men = {(q, r): count for q, r, count in view["pieces"]["men"]}
            bases = {(q, r) for q, r in view["pieces"]["bases"]}
            for cell in set(men) | bases:
                self.board_scene.addItem(PiecesItem(cell, player, men.get(cell, 0),
                                                    cell in bases))
        extent = QRectF()
        for cell in list(self.tiles) + list(self.spaces) + [(0, 0)]:
            c = centre(cell)
            extent = extent.united(QRectF(c.x() - R, c.y() - R, 2 * R, 2 * R))
        self._extent = extent.adjusted(-R * 0.6, -R * 0.6, R * 0.6, R * 0.6)
        self.board_scene.setSceneRect(self._extent.adjusted(-4 * R, -4 * R, 4 * R, 4 * R))
        self._fit()

    def _add_roads(self, obs: Observation) -> None:
        by_edge: dict[tuple[Cell, Cell], list[int]] = {}
        for view in obs["players"]:
            for q1, r1, q2, r2 in view["pieces"]["roads"]:
                a, b = sorted(((q1, r1), (q2, r2)))
                by_edge.setdefault((a, b), []).append(view["player"])
        for (a, b), players in by_edge.items():
            for index, player in enumerate(players):
                offset = (index - (len(players) - 1) / 2) * 10
                self.board_scene.addItem(RoadItem(a, b, player, offset))

    def _fit(self) -> None:
        if self._extent.isNull():
            return
        self.resetTransform()
        self.fitInView(self._extent, Qt.AspectRatioMode.KeepAspectRatio)
        if self.transform().m11() > 1.35:  # a small board is not blown up
            self.resetTransform()
            self.scale(1.35, 1.35)
            self.centerOn(self._extent.center())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def cell_pos(self, cell: Cell) -> QPointF:
        """Where a cell's centre is in viewport coordinates (tests click there)."""
        return QPointF(self.mapFromScene(centre(cell)))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            q, r = cell_at(self.mapToScene(event.position().toPoint()))
            self.cell_clicked.emit(q, r)
            event.accept()
            return
        super().mousePressEvent(event)
