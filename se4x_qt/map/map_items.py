"""The graphics items of the hex map, one class per kind of thing on the board.

Why separate items with z-values rather than one big painted picture: each
layer changes at its own pace (hexes never, markers when explored,
counters on every move, highlights on every click), Qt repaints only the
items that changed, hit-testing comes for free (a click finds the counter
under it), and every item answers its own tooltip.

Layers, bottom to top: hexes, home-system borders, markers, colonies, MS
pipeline chains (advanced rules), highlights, Doomsday Machines (advanced
rules), counters, stack badges, the path preview.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QStyleOptionGraphicsItem,
    QWidget,
)

from se4x_qt import style
from se4x_qt.map import art

# z-values of the layers
Z_HEX = 0
Z_BORDER = 5
Z_MARKER = 10
Z_COLONY = 15
Z_CHAIN = 17  # MS pipeline chains: under highlights and counters, over the planets
Z_HIGHLIGHT = 20
Z_MACHINE = 28  # Doomsday Machines: under the counters that share their hex
Z_COUNTER = 30  # + position in the stack
Z_BADGE = 45
Z_PATH = 50

HEX_RADIUS = 64.0
COUNTER_SIZE = 48.0
FAN_DX = 6.0  # offset between fanned counters: each shows its top row (type and number)
FAN_DY = 13.0  # and its left edge (the ships chip)
FAN_VISIBLE = 4  # counters drawn per hex before a "+N" badge
# A hex with counters keeps its system in sight: the marker's art (and the colony's ring)
# shrinks to this scale in the hex's upper left, and the stack stands right of centre.
TERRAIN_SCALE = 0.5
TERRAIN_OFFSET = QPointF(-HEX_RADIUS * 0.5, -HEX_RADIUS * 0.4)
STACK_RIGHT = HEX_RADIUS * 0.8  # the stack's right edge, from the hex's centre
BADGE_OFFSET = QPointF(-HEX_RADIUS * 0.44, HEX_RADIUS * 0.3)  # the "+N" badge's place
MACHINE_SIZE = 54.0  # a Doomsday Machine's token, a little larger than a counter
MACHINE_SHARED_SCALE = 0.78  # its size beside the counters of a hex it shares


# Items whose picture changes only when their data does are cached as device pixmaps:
# a frame at an unchanged zoom blits them instead of repainting gradients and text.
CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache


def repaint_cached(item: QGraphicsItem) -> None:
    """Redraw a cached item in every view after its data changed.

    Why not ``update()`` alone: a device-coordinate cache keeps one pixmap per
    view but only one "dirty" flag, which the first view to repaint clears.
    When the minimap repaints first, the main map goes on blitting the old
    pixmap (a colony's CP chip stuck at "0 CP" after it grew).  Switching the
    cache off and on drops every view's pixmap, so each draws the item anew.
    """
    mode = item.cacheMode()
    if mode != QGraphicsItem.CacheMode.NoCache:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        item.setCacheMode(mode)
    item.update()


def level_of_detail(item: QGraphicsItem, option: QStyleOptionGraphicsItem,
                    painter: QPainter) -> float:
    """Screen pixels per scene unit, or 1.0 when the scene switched LOD off (benchmarks)."""
    scene = item.scene()
    if scene is not None and not getattr(scene, "lod_enabled", True):
        return 1.0
    return option.levelOfDetailFromTransform(painter.worldTransform())


class HexItem(QGraphicsItem):
    """One hex of the ground: its fill (tinted in a home system), edge and number.

    One cached item per hex rather than one item for the board: measured
    with ``benchmarks/bench_map_view.py``, a single board-sized path costs
    tens of milliseconds a frame, while 150 cached hexes blit in a few.
    Hover and tooltips are the view's business, so the cache stays valid.
    """

    def __init__(self, hex_index: int, label: str, home_of: int) -> None:
        super().__init__()
        self.hex_index = hex_index
        self.label = label
        self.home_of = home_of
        self._polygon = art.hex_polygon(HEX_RADIUS - 0.5)
        self._rect = self._polygon.boundingRect().adjusted(-2, -2, 2, 2)
        self.setZValue(Z_HEX)
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._fill = _ground_colour(home_of)
        self._label_text: QStaticText | None = None

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self._polygon)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = level_of_detail(self, option, painter)
        painter.setBrush(self._fill)
        pen = QPen(art.HEX_EDGE, 1.2)
        pen.setCosmetic(lod < art.LOD_TEXT)
        painter.setPen(pen)
        painter.drawPolygon(self._polygon)
        if lod >= art.LOD_TEXT:
            painter.setPen(art.LABEL)
            painter.setFont(art.font(9, bold=False))
            text = self._static_label()
            size = text.size()
            painter.drawStaticText(QPointF(-size.width() / 2, -HEX_RADIUS * 0.86), text)

    def _static_label(self) -> QStaticText:
        """The hex number laid out once (drawing static text is several times cheaper)."""
        if self._label_text is None:
            self._label_text = QStaticText(self.label)
            self._label_text.prepare(QTransform(), art.font(9, bold=False))
        return self._label_text


def _compact_transform() -> QTransform:
    """The marker art's place in a hex that holds counters: upper left, smaller."""
    return QTransform().translate(TERRAIN_OFFSET.x(), TERRAIN_OFFSET.y()).scale(
        TERRAIN_SCALE, TERRAIN_SCALE)


def _ground_colour(region: int) -> QColor:
    """Deep Space navy, or a home system tinted a little with its owner's colour."""
    tint = QColor(art.HEX_FILL)
    if region >= 0:
        owner = style.player_colour(region)
        tint = QColor(round(tint.red() * 0.86 + owner.red() * 0.14),
                      round(tint.green() * 0.86 + owner.green() * 0.14),
                      round(tint.blue() * 0.86 + owner.blue() * 0.14))
    tint.setAlpha(215)
    return tint


class HoverItem(QGraphicsItem):
    """A soft light on the hex under the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_HEX + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._polygon = art.hex_polygon(HEX_RADIUS - 1)
        self._rect = self._polygon.boundingRect()
        self.setVisible(False)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 22))
        painter.drawPolygon(self._polygon)


class RegionBorderItem(QGraphicsItem):
    """The edges of one hex where its owner's home system ends, with the owner's emblem.

    One cached item per border hex (like :class:`HexItem`).  The emblems
    along the border tell the regions apart for players who do not see the
    colours.
    """

    def __init__(self, owner: int, segments: list[tuple[QPointF, QPointF]],
                 emblems: list[QPointF]) -> None:
        super().__init__()
        self.owner = owner
        self.setZValue(Z_BORDER)
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = QPainterPath()
        for a, b in segments:
            self._path.moveTo(a)
            self._path.lineTo(b)
        self._emblems = emblems
        self._rect = self._path.boundingRect().adjusted(-9, -9, 9, 9)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = level_of_detail(self, option, painter)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = style.player_colour(self.owner)
        under = QPen(QColor(4, 6, 12, 200), 7)
        under.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(under)
        painter.drawPath(self._path)
        line = QPen(colour, 3.2)
        line.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(line)
        painter.drawPath(self._path)
        if lod >= art.LOD_SHAPES:
            shape = style.emblem_name(self.owner)
            painter.setPen(QPen(art.INK, 1.4))
            painter.setBrush(colour)
            for centre in self._emblems:
                rect = QRectF(centre.x() - 6.5, centre.y() - 6.5, 13, 13)
                painter.drawPath(style.emblem_path(shape, rect))


class MarkerItem(QGraphicsItem):
    """A system marker: face down (its back), face up (its art), or peeked by the viewer."""

    def __init__(self, hex_index: int, border: QColor) -> None:
        super().__init__()
        self.hex_index = hex_index
        self.border = border
        self.key: str | None = None
        self.value = 0
        self.peeked: str | None = None
        self.peeked_value = 0
        self.owner_colour: QColor | None = None
        self.compact = False
        self.setZValue(Z_MARKER)
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        r = HEX_RADIUS
        self._rect = QRectF(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7)

    def set_compact(self, compact: bool) -> None:
        """Counters in the hex: the art moves to the upper left, smaller, out from under
        them (see :data:`TERRAIN_SCALE`)."""
        if compact != self.compact:
            self.compact = compact
            self.setTransform(_compact_transform() if compact else QTransform())

    def set_marker(self, key: str | None, value: int, peeked: str | None, peeked_value: int,
                   owner_colour: QColor | None) -> None:
        state = (key, value, peeked, peeked_value,
                 owner_colour.name() if owner_colour else None)
        old = (self.key, self.value, self.peeked, self.peeked_value,
               self.owner_colour.name() if self.owner_colour else None)
        if state == old:
            return
        self.key, self.value = key, value
        self.peeked, self.peeked_value = peeked, peeked_value
        self.owner_colour = owner_colour
        self.setVisible(key != "empty")  # explored empty space: nothing to draw or cache
        repaint_cached(self)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = level_of_detail(self, option, painter)
        if self.key is None:
            side = HEX_RADIUS * 0.74
            art.paint_marker_back(painter, side, self.border, lod)
            if self.peeked:
                art.paint_peeked(painter, side, self.peeked, self.peeked_value, lod)
        else:
            art.paint_marker(painter, self.key, self.value, HEX_RADIUS * 0.38, lod,
                             self.owner_colour)


CHIP_FONT_PX = 11
CHIP_HEIGHT = 17.0
CHIP_PAD = 4.0  # inside the chip, left of the emblem and right of the text
CHIP_EMBLEM = 10.0


def colony_chip_text(cp: int, homeworld: bool) -> str:
    return f"HW {cp}" if homeworld else f"{cp} CP"


def colony_chip_layout(text: str) -> tuple[QRectF, QRectF, QRectF]:
    """(chip, emblem, text) rects of a colony's chip, centred at the foot of its hex.

    Why measured: a fixed-width chip centred its text over the emblem ("HW 20" with a
    dot on the H); the chip is as wide as the emblem and the text side by side.
    """
    text_width = QFontMetricsF(art.font(CHIP_FONT_PX)).horizontalAdvance(text)
    width = CHIP_PAD + CHIP_EMBLEM + 3 + text_width + CHIP_PAD + 2
    chip = QRectF(-width / 2, HEX_RADIUS * 0.6, width, CHIP_HEIGHT)
    emblem = QRectF(chip.left() + CHIP_PAD, chip.top() + (CHIP_HEIGHT - CHIP_EMBLEM) / 2,
                    CHIP_EMBLEM, CHIP_EMBLEM)
    label = QRectF(emblem.right() + 3, chip.top(), text_width + 2, CHIP_HEIGHT)
    return chip, emblem, label


class ColonyItem(QGraphicsItem):
    """A colony: a ring in the owner's colour round the planet and a CP chip."""

    def __init__(self, hex_index: int) -> None:
        super().__init__()
        self.hex_index = hex_index
        self.owner = -1
        self.cp = 0
        self.homeworld = False
        self.compact = False
        self.setZValue(Z_COLONY)
        self.setCacheMode(CACHE)
        self.setVisible(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        r = HEX_RADIUS  # room for the ring in the upper left too (compact)
        self._rect = QRectF(-r * 0.9, -r * 0.8, r * 1.8, r * 1.75)

    def set_compact(self, compact: bool) -> None:
        """Counters in the hex: the ring follows the planet to the upper left (the CP chip
        stays at the foot of the hex, below the stack)."""
        if compact != self.compact:
            self.compact = compact
            repaint_cached(self)

    def set_colony(self, owner: int, cp: int, homeworld: bool) -> None:
        if (owner, cp, homeworld) != (self.owner, self.cp, self.homeworld):
            self.owner, self.cp, self.homeworld = owner, cp, homeworld
            self.setVisible(owner >= 0)  # most hexes have no colony: nothing to cache
            repaint_cached(self)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.owner < 0:
            return
        lod = level_of_detail(self, option, painter)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = style.player_colour(self.owner)
        radius = HEX_RADIUS * (0.66 if self.homeworld else 0.5)
        centre = QPointF(0, 0)
        if self.compact:
            radius, centre = radius * TERRAIN_SCALE, TERRAIN_OFFSET
        ring = QPen(colour, 3.0 if self.homeworld else 2.4)
        ring.setStyle(style.dash_style(self.owner))
        painter.setPen(ring)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius, radius)
        if lod < art.LOD_SHAPES:
            return
        text = colony_chip_text(self.cp, self.homeworld)
        chip, emblem, label = colony_chip_layout(text)
        painter.setPen(QPen(art.INK, 1.2))
        painter.setBrush(colour)
        painter.drawRoundedRect(chip, 8, 8)
        ink = style.text_on(colour)
        painter.setBrush(ink)
        painter.setPen(QPen(colour.darker(200), 0.8))
        painter.drawPath(style.emblem_path(style.emblem_name(self.owner), emblem))
        if lod >= art.LOD_TEXT:
            painter.setPen(ink)
            painter.setFont(art.font(CHIP_FONT_PX))
            painter.drawText(label, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             text)


class HighlightItem(QGraphicsItem):
    """A hex the player may click now: a destination, a homeworld site, a drift."""

    STYLES = {
        "move": (QColor(style.Theme.ACCENT), 60),
        "place": (QColor(style.Theme.HIGHLIGHT), 70),
        "shift": (QColor("#FF8F5A"), 70),
        "battle": (QColor("#FF6B6B"), 60),
    }

    def __init__(self, hex_index: int, style: str, text: str = "",
                 colour: QColor | None = None) -> None:
        super().__init__()
        self.hex_index = hex_index
        self.style = style
        self.text = text
        base, alpha = self.STYLES.get(style, self.STYLES["move"])
        self.colour = QColor(colour or base)
        self.fill = QColor(self.colour)
        self.fill.setAlpha(alpha)
        self.setZValue(Z_HIGHLIGHT)
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._polygon = art.hex_polygon(HEX_RADIUS - 4)
        self._rect = self._polygon.boundingRect().adjusted(-3, -3, 3, 3)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = level_of_detail(self, option, painter)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(self.fill)
        pen = QPen(self.colour, 3.0)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.drawPolygon(self._polygon)
        if self.text and lod >= art.LOD_TEXT:
            chip = QRectF(HEX_RADIUS * 0.3, -HEX_RADIUS * 0.66, 22, 18)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.colour)
            painter.drawRoundedRect(chip, 9, 9)
            painter.setPen(art.INK)
            painter.setFont(art.font(11))
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, self.text)


class CounterItem(QGraphicsObject):
    """One group counter on the map (its owner, face, and whether it is selected)."""

    def __init__(self, unit: int, face: art.CounterFace) -> None:
        super().__init__()
        self.unit = unit
        self.face = face
        self.selected = False
        self.hex_index = -1
        s = COUNTER_SIZE
        self._rect = QRectF(-s * 0.25, -s * 0.25, s * 1.5, s * 1.5)
        self.setAcceptHoverEvents(True)
        self.setCacheMode(CACHE)

    def set_face(self, face: art.CounterFace) -> None:
        if face != self.face:
            self.face = face
            repaint_cached(self)

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            repaint_cached(self)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0, 0, COUNTER_SIZE, COUNTER_SIZE))
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = level_of_detail(self, option, painter)
        if self.selected:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            glow = QColor(style.Theme.ACCENT)
            for width, alpha in ((11, 50), (7, 90), (3.5, 255)):
                glow.setAlpha(alpha)
                painter.setPen(QPen(glow, width))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRectF(-1, -1, COUNTER_SIZE + 2, COUNTER_SIZE + 2), 5, 5)
        art.paint_counter(painter, COUNTER_SIZE, self.face, lod)


class MachineItem(QGraphicsItem):
    """A Doomsday Machine (advanced rules) on its hex: its token, number and hits.

    Apart from the counters: it belongs to nobody, nobody selects or moves it,
    and it keeps its own place in the hex (the view puts it beside the
    counters of a hex it shares).  Its tooltip says what it is and does.
    """

    def __init__(self, number: int, hits: int) -> None:
        super().__init__()
        self.number = number
        self.hits = hits
        self.hex_index = -1
        self.setZValue(Z_MACHINE)
        self.setCacheMode(CACHE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # a click is on its hex
        self.setAcceptHoverEvents(True)
        s = MACHINE_SIZE
        self._rect = QRectF(-s * 0.66, -s * 0.7, s * 1.32, s * 1.36)

    def set_hits(self, hits: int) -> None:
        if hits != self.hits:
            self.hits = hits
            repaint_cached(self)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        art.paint_machine(painter, MACHINE_SIZE, self.number, self.hits, art.MACHINE_HULL,
                          level_of_detail(self, option, painter))


class StackBadgeItem(QGraphicsItem):
    """"+N": counters of a stack that the fan does not show.  Hovering it (or the stack)
    lists every counter of the hex; clicking it pins that list (the view's business:
    the badge only takes the click)."""

    def __init__(self, hex_index: int, hidden: int) -> None:
        super().__init__()
        self.hex_index = hex_index
        self.hidden = hidden
        self.setZValue(Z_BADGE)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"{hidden} more counter{'s' if hidden != 1 else ''} here: click to "
                        "list them all")

    def boundingRect(self) -> QRectF:
        return QRectF(-18, -12, 36, 24)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if level_of_detail(self, option, painter) < art.LOD_SHAPES:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(style.Theme.ACCENT), 1.5))
        painter.setBrush(QColor("#10182C"))
        painter.drawRoundedRect(QRectF(-17, -11, 34, 22), 11, 11)
        painter.setPen(QColor(style.Theme.TEXT))
        painter.setFont(art.font(11))
        painter.drawText(QRectF(-17, -11, 34, 22), Qt.AlignmentFlag.AlignCenter,
                         f"+{self.hidden}")


class WarpLinkItem(QGraphicsItem):
    """A dashed arc between two linked warp points (advanced rules: two revealed warp
    points of one number are adjacent), bowed to one side so that crossing links and
    a third point of the same number stay apart; its number rides at the middle."""

    def __init__(self, start: QPointF, end: QPointF, number: int) -> None:
        super().__init__()
        self.setZValue(Z_MARKER + 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.number = number
        self.ends = (start, end)
        mid = (start + end) / 2
        dx, dy = end.x() - start.x(), end.y() - start.y()
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        bow = min(0.25 * length, 3 * HEX_RADIUS)
        self._control = QPointF(mid.x() - dy / length * bow, mid.y() + dx / length * bow)
        self._path = QPainterPath(start)
        self._path.quadTo(self._control, end)
        self._label = self._path.pointAtPercent(0.5)
        self._rect = self._path.boundingRect().adjusted(-14, -14, 14, 14)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        lod = level_of_detail(self, option, painter)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(art.WARP_COLOUR)
        colour.setAlpha(200)
        pen = QPen(colour, 3, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._path)
        if lod >= art.LOD_TEXT:
            art.value_badge(painter, self._label, HEX_RADIUS * 0.16, str(self.number),
                            QColor(art.WARP_COLOUR).lighter(150), art.INK)


class PathItem(QGraphicsItem):
    """The route a selected group would take to the hex under the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_PATH)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._points: list[QPointF] = []
        self._rect = QRectF()

    def set_points(self, points: list[QPointF]) -> None:
        self.prepareGeometryChange()
        self._points = points
        if points:
            self._rect = QPolygonF(points).boundingRect().adjusted(-12, -12, 12, 12)
        else:
            self._rect = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if len(self._points) < 2:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(style.Theme.ACCENT)
        pen = QPen(colour, 4, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(self._points))
        painter.setPen(QPen(art.INK, 1.5))
        painter.setBrush(QBrush(colour))
        for point in self._points[1:]:
            painter.drawEllipse(point, 5, 5)


class ChainItem(QGraphicsItem):
    """MS pipeline chains (advanced rules): a band in the owner's colour between every
    two adjacent hexes holding pipelines of the same empire, so the player sees which
    runs are linked (trade, the extra hex of movement) and where a gap is."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_CHAIN)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._links: list[tuple[QPointF, QPointF, int]] = []
        self._nodes: list[tuple[QPointF, int]] = []
        self._rect = QRectF()

    def set_chains(self, links: list[tuple[QPointF, QPointF, int]],
                   nodes: list[tuple[QPointF, int]]) -> None:
        """``links``: (centre, centre, owner) of adjacent pipeline hexes; ``nodes``:
        (centre, owner) of every hex holding a pipeline."""
        if links == self._links and nodes == self._nodes:
            return
        self.prepareGeometryChange()
        self._links, self._nodes = links, nodes
        points = [p for a, b, _ in links for p in (a, b)] + [p for p, _ in nodes]
        self._rect = (QPolygonF(points).boundingRect().adjusted(-16, -16, 16, 16)
                      if points else QRectF())
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for a, b, owner in self._links:
            colour = style.player_colour(owner)
            painter.setPen(QPen(colour.darker(170), 9, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))
            painter.drawLine(a, b)
            painter.setPen(QPen(colour.lighter(125), 5, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))
            painter.drawLine(a, b)
        for point, owner in self._nodes:
            colour = style.player_colour(owner)
            painter.setPen(QPen(colour.darker(170), 2))
            painter.setBrush(QBrush(colour.lighter(125)))
            painter.drawEllipse(point, 7, 7)
