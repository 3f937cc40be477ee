"""The SE4 map: sectors at their grid places, warp lines, colonies, debris and ships.

Why a QGraphicsView of one item per sector: the board is small (15 to 25 sectors) and
changes after nearly every action, so the scene is rebuilt from the observation each
time rather than patched (as SP4X's board is).  A sector is a disc at its (x, y) grid
place, its body painted inside with the map's own art (:mod:`se4x_qt.map.art`), its
name and a line of its colony under it, and under those the ships as small counters,
one row per owner in the owner's colour: the hull's initial and the ship's number
("C3" is Cruiser #3, the name every button and log line uses), a crippled ship struck
through in red, a hull still being built dashed and faded.  A colony rings its disc in
its owner's colour with its coins in a gold badge; loose coins (debris) sit in a grey
one.  Warp lines join the discs; an unstable line (a point of damage to cross it) is
red and dashed.

A click names a sector (``sector_clicked``); the window decides what it means.  The
whole map is fitted to the view; a board too large to stay readable (four players'
5x5) keeps a readable scale and scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from se4x_core.games.se4.charts import FACILITIES
from se4x_qt import style
from se4x_qt.games.se4 import texts
from se4x_qt.map import art
from se4x_qt.widgets import space

Observation = dict[str, Any]
CELL_X: Final = 240.0  # scene units between two grid columns
CELL_Y: Final = 212.0  # ... and rows
DISC: Final = 40.0  # a sector's disc radius
DISC_Y: Final = -50.0  # the disc's centre below the sector's place
COUNTER_W: Final = 36.0
COUNTER_H: Final = 23.0
COUNTER_GAP: Final = 3.0
ROW_TOP: Final = 38.0  # the first row of counters, below the place
PER_ROW: Final = 6  # counters in a row; more show as "+n"
MIN_SCALE: Final = 0.6  # below this a counter's text is too small to read: scroll instead
MAX_SCALE: Final = 1.25
INK: Final = QColor("#0B1020")
GOLD: Final = QColor("#FFD166")
DEBRIS: Final = QColor("#AEB6C6")


def place(sector: dict[str, Any]) -> QPointF:
    """Where a sector sits in the scene."""
    return QPointF(float(sector["x"]) * CELL_X, float(sector["y"]) * CELL_Y)


def disc_centre(sector: dict[str, Any]) -> QPointF:
    return place(sector) + QPointF(0, DISC_Y)


@dataclass
class SectorLook:
    """What one sector shows (drawn by :class:`SectorItem`)."""

    index: int
    name: str
    body: str
    colony: dict[str, Any] | None = None
    debris: int = 0
    ships: list[dict[str, Any]] = field(default_factory=list)
    mark: str = ""  # "", "selected", "actionable"
    battle: bool = False
    tooltip: str = ""


class SectorItem(QGraphicsItem):
    """One sector: its disc and body, name, colony line and ship counters."""

    def __init__(self, look: SectorLook, at: QPointF) -> None:
        super().__init__()
        self.look = look
        self.setPos(at)
        self.setToolTip(look.tooltip)

    def boundingRect(self) -> QRectF:
        top = DISC_Y - DISC - 14  # the battle's glow
        bottom = ROW_TOP + 3 * (COUNTER_H + COUNTER_GAP)  # three owners' rows
        return QRectF(-CELL_X / 2, top, CELL_X, bottom - top)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        self._paint_disc(painter, lod)
        self._paint_badges(painter)
        self._paint_words(painter)
        self._paint_ships(painter)

    # -- the disc ----------------------------------------------------------------------------
    def _paint_disc(self, painter: QPainter, lod: float) -> None:
        centre = QPointF(0, DISC_Y)
        look = self.look
        if look.battle:
            glow = QColor(style.Theme.BAD)
            glow.setAlpha(90)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawEllipse(centre, DISC + 14, DISC + 14)
        painter.setPen(QPen(QColor("#33405F"), 2))
        painter.setBrush(QColor("#0F1629"))
        painter.drawEllipse(centre, DISC, DISC)
        painter.save()
        painter.translate(centre)
        clip = QPainterPath()
        clip.addEllipse(QPointF(0, 0), DISC - 2, DISC - 2)
        painter.setClipPath(clip)
        paint_body(painter, look.body, DISC * 0.55, lod)
        painter.restore()
        if look.colony is not None:
            painter.setPen(QPen(style.player_colour(int(look.colony["owner"])), 6))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, DISC - 1, DISC - 1)
        if look.mark:
            selected = look.mark == "selected"
            pen = QPen(QColor(style.Theme.HIGHLIGHT if selected else style.Theme.ACCENT),
                       4 if selected else 2.5)
            if not selected:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, DISC + 6, DISC + 6)

    def _paint_badges(self, painter: QPainter) -> None:
        colony = self.look.colony
        if colony is not None:
            art.value_badge(painter, QPointF(DISC * 0.8, DISC_Y - DISC * 0.75), 13,
                            str(colony["coins"]), GOLD, INK)
        if self.look.debris:
            art.value_badge(painter, QPointF(-DISC * 0.8, DISC_Y - DISC * 0.75), 12,
                            str(self.look.debris), DEBRIS, INK)

    # -- words -------------------------------------------------------------------------------
    def _paint_words(self, painter: QPainter) -> None:
        """The name and the colony's line on a dark plate (warp lines pass under them)."""
        look = self.look
        width = CELL_X - 16
        line, colour = self._colony_line()
        name_font = art.fitting_font(look.name, width, 17, 11)
        line_font = art.fitting_font(line, width, 13, 9)
        wide = max(QFontMetricsF(name_font).horizontalAdvance(look.name),
                   QFontMetricsF(line_font).horizontalAdvance(line)) + 12
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(11, 16, 32, 200))
        painter.drawRoundedRect(QRectF(-wide / 2, -4, wide, 38), 6, 6)
        painter.setPen(QColor(255, 255, 255, 235))
        painter.setFont(name_font)
        painter.drawText(QRectF(-width / 2, -4, width, 20), Qt.AlignmentFlag.AlignCenter,
                         look.name)
        painter.setPen(colour)
        painter.setFont(line_font)
        painter.drawText(QRectF(-width / 2, 16, width, 18), Qt.AlignmentFlag.AlignCenter, line)

    def _colony_line(self) -> tuple[str, QColor]:
        look = self.look
        if look.colony is None:
            return texts.body_title(look.body), QColor(style.Theme.MUTED)
        counts = look.colony["facilities"]
        marks = " ".join(f"{mark}{counts[name]}" for mark, name
                         in zip(texts.FACILITY_MARKS, FACILITIES, strict=True) if counts[name])
        return marks or "no facilities", style.player_colour(int(look.colony["owner"]))

    # -- ships -------------------------------------------------------------------------------
    def _paint_ships(self, painter: QPainter) -> None:
        owners = sorted({int(s["owner"]) for s in self.look.ships})
        for row, owner in enumerate(owners):
            ships = [s for s in self.look.ships if s["owner"] == owner]
            shown = ships if len(ships) <= PER_ROW else ships[:PER_ROW - 1]
            y = ROW_TOP + row * (COUNTER_H + COUNTER_GAP)
            count = len(shown) + (len(ships) > len(shown))
            x = -(count * (COUNTER_W + COUNTER_GAP) - COUNTER_GAP) / 2
            for ship in shown:
                paint_counter(painter, QRectF(x, y, COUNTER_W, COUNTER_H), ship)
                x += COUNTER_W + COUNTER_GAP
            if len(ships) > len(shown):
                paint_more(painter, QRectF(x, y, COUNTER_W, COUNTER_H), owner,
                           len(ships) - len(shown))


def paint_body(painter: QPainter, body: str, r: float, lod: float) -> None:
    """A sector's body, of radius about ``r``, around the origin."""
    if body in ("home", "planet"):
        art.paint_planet(painter, r, lod, GOLD if body == "home" else None)
    elif body == "ring":
        art.paint_barren(painter, r * 0.8, lod)
        painter.setPen(QPen(QColor("#E8C27A"), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), r * 1.35, r * 0.45)
    elif body == "star":
        art.paint_supernova(painter, r * 0.8, lod)
    elif body == "asteroids":
        art.paint_asteroids(painter, r, lod)
    elif body == "nebula":
        art.paint_nebula(painter, r, lod)


def paint_counter(painter: QPainter, rect: QRectF, ship: dict[str, Any]) -> None:
    """A ship's counter: its owner's colour, hull initial and number; crippled: struck
    through; building: faded with a dashed edge."""
    colour = style.player_colour(int(ship["owner"]))
    fill = QColor(colour)
    pen = QPen(INK, 1.5)
    if ship["building"]:
        fill.setAlpha(90)
        pen = QPen(colour.lighter(130), 1.5, Qt.PenStyle.DashLine)
    elif ship["crippled"]:
        fill = fill.darker(170)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, 4, 4)
    text = f"{texts.counter_mark(str(ship['hull']))}{ship['id']}"
    painter.setPen(QColor("white") if ship["building"] or ship["crippled"] else INK)
    painter.setFont(art.fitting_font(text, rect.width() - 4, 14, 8))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    if ship["crippled"] and not ship["building"]:
        painter.setPen(QPen(QColor(style.Theme.BAD), 2.5))
        painter.drawLine(rect.bottomLeft() + QPointF(3, -3), rect.topRight() + QPointF(-3, 3))


def paint_more(painter: QPainter, rect: QRectF, owner: int, more: int) -> None:
    painter.setPen(QPen(style.player_colour(owner), 1.5))
    painter.setBrush(QColor("#141B2E"))
    painter.drawRoundedRect(rect, 4, 4)
    painter.setFont(art.font(13))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"+{more}")


def sector_tooltip(obs: Observation, index: int, names: list[str]) -> str:
    """The sector in a few lines: name and body, colony, debris, ships by owner."""
    sector = obs["sectors"][index]
    lines = [f"<b>{sector['name']}</b> \u2014 {texts.body_title(str(sector['body']))}"]
    colony = texts.colony_at(obs, index)
    if colony is not None:
        built = ", ".join(texts.counted(n, f) for f, n in colony["facilities"].items() if n)
        lines.append(f"Colony of {texts.name(int(colony['owner']), names)}: "
                     f"{colony['coins']} coins; {built or 'no facilities'}")
    debris = texts.debris_at(obs, index)
    if debris:
        lines.append(f"Debris: {debris} coin{'s' if debris != 1 else ''}")
    for ship in obs["ships"]:
        if ship["sector"] == index:
            state = " (crippled)" if ship["crippled"] else " (being built)" \
                if ship["building"] else ""
            lines.append(f"{texts.ship_name(obs, int(ship['id']))} of "
                         f"{texts.name(int(ship['owner']), names)}{state}")
    return "<br>".join(lines)


class LineItem(QGraphicsItem):
    """A warp line between two discs (unstable: red and dashed)."""

    def __init__(self, a: QPointF, b: QPointF, unstable: bool) -> None:
        super().__init__()
        self.a, self.b, self.unstable = a, b, unstable
        self.setZValue(-1)
        if unstable:
            self.setToolTip("Unstable warp line: a ship crossing it takes a point of damage")

    def boundingRect(self) -> QRectF:
        return QRectF(self.a, self.b).normalized().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.unstable:
            pen = QPen(QColor(style.Theme.BAD), 4, Qt.PenStyle.DashLine)
        else:
            pen = QPen(QColor("#5E6E96"), 3)
        painter.setPen(pen)
        painter.drawLine(self.a, self.b)


class SectorMap(QGraphicsView):
    """The map of one observation; ``sector_clicked(index)`` on a click."""

    sector_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("se4_map")
        self.map_scene = QGraphicsScene(self)
        self.setScene(self.map_scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(space.starfield()))
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setMinimumSize(320, 220)
        self.sectors: dict[int, SectorItem] = {}
        self.focus = -1  # the sector kept in view when the map does not fit
        self._extent = QRectF()

    def show_map(self, obs: Observation, names: list[str], selected: int = -1,
                 actionable: set[int] | None = None) -> None:
        """Draw ``obs``'s map; ring the selected sector and those with actions now."""
        self.map_scene.clear()
        self.sectors = {}
        self.focus = selected
        sectors = obs["sectors"]
        for a, b, kind in obs["lines"]:
            self.map_scene.addItem(LineItem(disc_centre(sectors[a]), disc_centre(sectors[b]),
                                            kind == "unstable"))
        battle = obs.get("battle")
        fighting = int(battle["sector"]) if battle else -1
        for index, sector in enumerate(sectors):
            look = SectorLook(index, str(sector["name"]), str(sector["body"]),
                              texts.colony_at(obs, index), texts.debris_at(obs, index),
                              [s for s in obs["ships"] if s["sector"] == index],
                              battle=index == fighting,
                              tooltip=sector_tooltip(obs, index, names))
            if index == selected:
                look.mark = "selected"
            elif actionable and index in actionable:
                look.mark = "actionable"
            item = SectorItem(look, place(sector))
            self.map_scene.addItem(item)
            self.sectors[index] = item
        extent = QRectF()
        for item in self.sectors.values():
            extent = extent.united(item.mapRectToScene(item.boundingRect()))
        self._extent = extent.adjusted(-10, -10, 10, 10)
        self.map_scene.setSceneRect(self._extent)
        self._fit()

    def _fit(self) -> None:
        """The whole map in view; a map too large to read so is shown at the smallest
        readable scale, centred on the selected sector (the rest a scroll away)."""
        if self._extent.isNull():
            return
        self.resetTransform()
        view = self.viewport().size()
        fits = min(view.width() / self._extent.width(), view.height() / self._extent.height())
        scale = max(MIN_SCALE, min(MAX_SCALE, fits))
        self.scale(scale, scale)
        focus = self.sectors.get(self.focus)
        if scale > fits and focus is not None:
            self.centerOn(focus.pos() + QPointF(0, DISC_Y / 2))
        else:
            self.centerOn(self._extent.center())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def sector_pos(self, index: int) -> QPointF:
        """Where a sector's disc is in viewport coordinates (tests click there)."""
        item = self.sectors[index]
        return QPointF(self.mapFromScene(item.mapToScene(QPointF(0, DISC_Y))))

    def sector_at(self, point: QPointF) -> int:
        """The sector whose place holds a scene point, the nearest if two do (-1: none)."""
        hits = [(QLineF(item.pos(), point).length(), index)
                for index, item in self.sectors.items()
                if item.mapRectToScene(item.boundingRect()).contains(point)]
        return min(hits)[1] if hits else -1

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.sector_at(self.mapToScene(event.position().toPoint()))
            if index >= 0:
                self.sector_clicked.emit(index)
            event.accept()
            return
        super().mousePressEvent(event)


__all__ = ["SectorItem", "SectorLook", "SectorMap", "paint_body", "paint_counter",
           "sector_tooltip"]
