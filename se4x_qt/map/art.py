"""The painted art of the map: system markers, counters, ship silhouettes, stars.

Why painted and not images: every piece must stay crisp from a 25 % overview
to a 400 % close-up, take the players' colours, and cost nothing to ship.
Vector painting with QPainter gives all three, and one function per piece
keeps the look in one place for the map, the minimap and the side panel's
icons.

All functions paint around the origin in *scene units* (the caller places
the painter), and take ``lod`` (``QStyleOptionGraphicsItem.levelOfDetailFromTransform``)
so that zoomed-out frames skip the detail nobody could see.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QConicalGradient,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
)

from se4x_core import data
from se4x_qt import style

# Level-of-detail thresholds (screen pixels per scene unit).
LOD_TEXT = 0.5  # below this, counters and markers drop their text (it would be < 5 px)
LOD_SHAPES = 0.22  # below this, only flat shapes

HEX_FILL = QColor("#0F1629")
HEX_EDGE = QColor("#27324D")
LABEL = QColor("#6F7C99")
DEEP_SPACE_BORDER = QColor("#B9C2D3")
MARKER_BACK_TOP = QColor("#2A3452")
MARKER_BACK_BOTTOM = QColor("#141A2C")
INK = QColor("#0B1020")
WARP_COLOUR = "#8E6BFF"  # warp points and the dashed arcs linking them
PAPER = QColor("#F4F1E8")
ACCENT = QColor(style.Theme.ACCENT)

FONT_FAMILY = "DejaVu Sans"
CONDENSED_FAMILY = "DejaVu Sans Condensed"


@lru_cache(maxsize=64)
def font(pixel_size: int, bold: bool = True, condensed: bool = True) -> QFont:
    """A cached font in scene pixels (the map scales it with everything else)."""
    f = QFont(CONDENSED_FAMILY if condensed else FONT_FAMILY)
    f.setPixelSize(max(1, pixel_size))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


@lru_cache(maxsize=256)
def fitting_font(text: str, width: float, largest: int, smallest: int) -> QFont:
    """The largest bold condensed font (in whole pixels) in which ``text`` fits ``width``."""
    for px in range(largest, smallest - 1, -1):
        if QFontMetricsF(font(px)).horizontalAdvance(text) <= width:
            return font(px)
    return font(smallest)


def release_caches() -> None:
    """Drop the cached fonts, pixmaps and paths (call before the QApplication goes)."""
    for cached in (font, fitting_font, _rock, _ship_path):
        cached.cache_clear()


def hex_polygon(radius: float) -> QPolygonF:
    """A pointy-topped hexagon of circumradius ``radius`` around the origin."""
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(QPointF(radius * math.cos(angle), radius * math.sin(angle)))
    return QPolygonF(points)


def hex_corner(radius: float, i: int) -> QPointF:
    angle = math.radians(60 * i - 30)
    return QPointF(radius * math.cos(angle), radius * math.sin(angle))


def edge_corners(direction: int) -> tuple[int, int]:
    """The two corner indices of the edge facing ``direction`` (0 E, 1 NE, ... 5 SE)."""
    # Corner i sits at angle 60*i - 30 degrees (y down); direction d faces -60*d degrees.
    first = (-direction) % 6
    return first, (first + 1) % 6


# -- system markers ----------------------------------------------------------------------
def _glow(painter: QPainter, centre: QPointF, radius: float, colour: QColor,
          alpha: int = 110) -> None:
    grad = QRadialGradient(centre, radius)
    inner = QColor(colour)
    inner.setAlpha(alpha)
    outer = QColor(colour)
    outer.setAlpha(0)
    grad.setColorAt(0, inner)
    grad.setColorAt(1, outer)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(grad))
    painter.drawEllipse(centre, radius, radius)


def _sphere(painter: QPainter, centre: QPointF, r: float, light: str, mid: str,
            dark: str) -> None:
    grad = QRadialGradient(centre + QPointF(-0.38 * r, -0.42 * r), r * 1.55)
    grad.setColorAt(0.0, QColor(light))
    grad.setColorAt(0.45, QColor(mid))
    grad.setColorAt(1.0, QColor(dark))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(grad))
    painter.drawEllipse(centre, r, r)


def _terminator(painter: QPainter, centre: QPointF, r: float, strength: int = 150) -> None:
    """The night side of a sphere, lit from the upper left."""
    grad = QRadialGradient(centre + QPointF(-0.55 * r, -0.6 * r), r * 2.1)
    grad.setColorAt(0.5, QColor(0, 0, 0, 0))
    grad.setColorAt(0.85, QColor(0, 0, 0, strength))
    painter.setBrush(QBrush(grad))
    painter.drawEllipse(centre, r, r)


def paint_planet(painter: QPainter, r: float, lod: float, atmosphere: QColor | None = None
                 ) -> None:
    """A living planet: oceans, continents, clouds; optional coloured atmosphere."""
    c = QPointF(0, 0)
    _glow(painter, c, r * 1.45, atmosphere or QColor("#5AB8FF"), 90 if atmosphere else 55)
    _sphere(painter, c, r, "#9BE0FF", "#2C86D1", "#0B2A52")
    if lod >= LOD_SHAPES:
        painter.save()
        clip = QPainterPath()
        clip.addEllipse(c, r, r)
        painter.setClipPath(clip)
        land = QColor("#4DB36B")
        land.setAlpha(215)
        painter.setBrush(land)
        for dx, dy, w, h, rot in ((-0.35, -0.15, 0.55, 0.32, -20), (0.25, 0.3, 0.5, 0.28, 25),
                                  (0.4, -0.45, 0.3, 0.18, 10), (-0.2, 0.55, 0.35, 0.15, -5)):
            painter.save()
            painter.translate(dx * r, dy * r)
            painter.rotate(rot)
            painter.drawEllipse(QPointF(0, 0), w * r, h * r)
            painter.restore()
        cloud = QColor(255, 255, 255, 120)
        painter.setBrush(cloud)
        painter.drawEllipse(QPointF(-0.05 * r, -0.55 * r), 0.6 * r, 0.1 * r)
        painter.drawEllipse(QPointF(0.2 * r, 0.1 * r), 0.45 * r, 0.08 * r)
        painter.restore()
    painter.setPen(Qt.PenStyle.NoPen)
    _terminator(painter, c, r)
    rim = QPen(atmosphere or QColor("#9FDcFF"), max(1.0, r * 0.07))
    rim.setColor(QColor(rim.color().red(), rim.color().green(), rim.color().blue(), 170))
    painter.setPen(rim)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(c, r, r)


def paint_barren(painter: QPainter, r: float, lod: float) -> None:
    """A barren planet: monochrome, cratered."""
    c = QPointF(0, 0)
    _glow(painter, c, r * 1.35, QColor("#B8BCC6"), 35)
    _sphere(painter, c, r, "#E2E4E9", "#8C9099", "#2E3138")
    if lod >= LOD_SHAPES:
        for dx, dy, cr in ((-0.3, -0.25, 0.2), (0.28, 0.2, 0.26), (-0.1, 0.45, 0.13),
                           (0.4, -0.38, 0.12), (-0.5, 0.2, 0.1)):
            centre = QPointF(dx * r, dy * r)
            painter.setPen(QPen(QColor(255, 255, 255, 70), max(0.6, r * 0.03)))
            painter.setBrush(QColor(60, 62, 70, 120))
            painter.drawEllipse(centre, cr * r, cr * r * 0.9)
    painter.setPen(Qt.PenStyle.NoPen)
    _terminator(painter, c, r, 170)


def paint_minerals(painter: QPainter, r: float, lod: float, value: int) -> None:
    """A rock with amber crystals and its CP value."""
    c = QPointF(0, 0)
    _glow(painter, c, r * 1.3, QColor("#FFB938"), 55)
    rock = QPainterPath()
    pts = [(-0.95, 0.35), (-0.7, -0.25), (-0.2, -0.5), (0.45, -0.4), (0.95, 0.05),
           (0.75, 0.55), (0.1, 0.75), (-0.6, 0.7)]
    rock.addPolygon(QPolygonF([QPointF(x * r, y * r) for x, y in pts]))
    rock.closeSubpath()
    grad = QLinearGradient(QPointF(0, -r), QPointF(0, r))
    grad.setColorAt(0, QColor("#6B5E52"))
    grad.setColorAt(1, QColor("#2B241F"))
    painter.setPen(QPen(QColor("#1A1512"), max(0.8, r * 0.04)))
    painter.setBrush(QBrush(grad))
    painter.drawPath(rock)
    if lod >= LOD_SHAPES:
        for x, y, h, w, tilt in ((-0.35, 0.1, 0.85, 0.22, -18), (0.05, 0.05, 1.1, 0.26, 4),
                                 (0.42, 0.15, 0.75, 0.2, 22)):
            painter.save()
            painter.translate(x * r, y * r)
            painter.rotate(tilt)
            crystal = QPolygonF([QPointF(0, -h * r), QPointF(w * r, -0.55 * h * r),
                                 QPointF(w * r, 0.2 * r), QPointF(0, 0.32 * r),
                                 QPointF(-w * r, 0.2 * r), QPointF(-w * r, -0.55 * h * r)])
            g = QLinearGradient(QPointF(-w * r, 0), QPointF(w * r, 0))
            g.setColorAt(0, QColor("#FFE08A"))
            g.setColorAt(0.5, QColor("#FFB938"))
            g.setColorAt(1, QColor("#B86E0C"))
            painter.setPen(QPen(QColor("#7A4A08"), max(0.6, r * 0.03)))
            painter.setBrush(QBrush(g))
            painter.drawPolygon(crystal)
            painter.setPen(QPen(QColor(255, 255, 255, 140), max(0.5, r * 0.025)))
            painter.drawLine(QPointF(0, -h * r), QPointF(0, 0.3 * r))
            painter.restore()
    if value and lod >= LOD_TEXT:
        value_badge(painter, QPointF(r * 0.62, r * 0.62), r * 0.42, str(value),
                    QColor("#FFD166"), INK)


def value_badge(painter: QPainter, centre: QPointF, radius: float, text: str, fill: QColor,
                ink: QColor) -> None:
    """A round chip with a number (mineral CP, colony CP, ships in a group)."""
    painter.setPen(QPen(INK, max(0.8, radius * 0.12)))
    painter.setBrush(fill)
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(ink)
    painter.setFont(font(max(6, round(radius * (1.25 if len(text) < 2 else 1.05)))))
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                     Qt.AlignmentFlag.AlignCenter, text)


def paint_nebula(painter: QPainter, r: float, lod: float) -> None:
    """Glowing gas clouds."""
    for dx, dy, rr, colour, alpha in ((-0.3, -0.1, 1.1, "#B04BD6", 170),
                                      (0.35, 0.15, 1.0, "#E05A9C", 160),
                                      (0.0, -0.35, 0.8, "#4FB6D6", 130),
                                      (0.1, 0.35, 0.75, "#7B5CFF", 150)):
        _glow(painter, QPointF(dx * r, dy * r), rr * r, QColor(colour), alpha)
    if lod >= LOD_SHAPES:
        painter.setBrush(QColor(255, 255, 255, 200))
        for dx, dy, sr in ((-0.4, -0.3, 0.05), (0.3, -0.2, 0.04), (0.1, 0.4, 0.035),
                           (-0.15, 0.15, 0.03)):
            painter.drawEllipse(QPointF(dx * r, dy * r), sr * r, sr * r)


_ASTEROIDS = ((-0.55, -0.3, 0.32, 1), (0.25, -0.45, 0.26, 2), (0.55, 0.2, 0.36, 3),
              (-0.15, 0.35, 0.3, 4), (-0.75, 0.45, 0.16, 5), (0.05, -0.05, 0.15, 6),
              (0.75, -0.45, 0.13, 7), (0.35, 0.7, 0.14, 8))


@lru_cache(maxsize=16)
def _rock(seed: int) -> QPolygonF:
    rnd = random.Random(seed)
    pts = []
    for i in range(9):
        angle = 2 * math.pi * i / 9
        radius = rnd.uniform(0.7, 1.05)
        pts.append(QPointF(math.cos(angle) * radius, math.sin(angle) * radius * 0.85))
    return QPolygonF(pts)


def paint_asteroids(painter: QPainter, r: float, lod: float) -> None:
    """A field of irregular rocks."""
    for dx, dy, size, seed in _ASTEROIDS:
        if lod < LOD_SHAPES and size < 0.2:
            continue
        painter.save()
        painter.translate(dx * r, dy * r)
        painter.scale(size * r, size * r)
        g = QRadialGradient(QPointF(-0.4, -0.4), 1.6)
        g.setColorAt(0, QColor("#C2B29E"))
        g.setColorAt(0.6, QColor("#7C6C5B"))
        g.setColorAt(1, QColor("#33291F"))
        pen = QPen(QColor("#201810"))
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(QBrush(g))
        painter.drawPolygon(_rock(seed))
        painter.restore()


def paint_black_hole(painter: QPainter, r: float, lod: float) -> None:
    """An accretion disk around a black centre."""
    c = QPointF(0, 0)
    _glow(painter, c, r * 1.4, QColor("#FF7A2F"), 80)
    painter.save()
    painter.rotate(-18)
    ring = QPainterPath()
    ring.addEllipse(c, r * 1.05, r * 0.42)
    inner = QPainterPath()
    inner.addEllipse(c, r * 0.5, r * 0.2)
    ring = ring.subtracted(inner)
    cg = QConicalGradient(c, 0)
    for stop, colour in ((0.0, "#FFE3A3"), (0.25, "#FF8A2B"), (0.5, "#9B2C8F"),
                         (0.75, "#FF8A2B"), (1.0, "#FFE3A3")):
        cg.setColorAt(stop, QColor(colour))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(cg))
    painter.drawPath(ring)
    painter.restore()
    painter.setBrush(QColor("#000000"))
    painter.setPen(QPen(QColor("#FFB060"), max(0.8, r * 0.05)))
    painter.drawEllipse(c, r * 0.36, r * 0.36)


def paint_supernova(painter: QPainter, r: float, lod: float) -> None:
    """An exploding star: a white core and long spikes."""
    c = QPointF(0, 0)
    _glow(painter, c, r * 1.5, QColor("#FF6A2A"), 140)
    _glow(painter, c, r * 0.9, QColor("#FFD25A"), 220)
    if lod >= LOD_SHAPES:
        painter.setBrush(QColor(255, 250, 230, 230))
        for angle in (0, 45, 90, 135):
            painter.save()
            painter.rotate(angle)
            length = r * (1.25 if angle % 90 == 0 else 0.8)
            painter.drawPolygon(QPolygonF([QPointF(-length, 0), QPointF(0, -r * 0.07),
                                           QPointF(length, 0), QPointF(0, r * 0.07)]))
            painter.restore()
    painter.setBrush(QColor("#FFFFFF"))
    painter.drawEllipse(c, r * 0.22, r * 0.22)


def paint_wreck(painter: QPainter, r: float, lod: float) -> None:
    """A broken hull drifting among debris."""
    _glow(painter, QPointF(0, 0), r * 1.2, QColor("#FF9B3D"), 40)
    hull = QColor("#8E96A6")
    painter.setPen(QPen(QColor("#2A2F3A"), max(0.8, r * 0.05)))
    painter.setBrush(hull)
    painter.save()
    painter.rotate(-25)
    front = QPolygonF([QPointF(-0.9 * r, -0.18 * r), QPointF(-0.1 * r, -0.26 * r),
                       QPointF(0.0, -0.05 * r), QPointF(-0.12 * r, 0.2 * r),
                       QPointF(-0.9 * r, 0.16 * r)])
    back = QPolygonF([QPointF(0.18 * r, -0.22 * r), QPointF(0.85 * r, -0.3 * r),
                      QPointF(0.95 * r, 0.28 * r), QPointF(0.2 * r, 0.24 * r),
                      QPointF(0.1 * r, 0.0)])
    painter.drawPolygon(front)
    painter.translate(0.1 * r, 0.18 * r)
    painter.rotate(14)
    painter.drawPolygon(back)
    painter.restore()
    if lod >= LOD_SHAPES:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#FFB35C"))
        for dx, dy in ((0.05, -0.1), (0.1, 0.12), (-0.05, 0.02)):
            painter.drawEllipse(QPointF(dx * r, dy * r), r * 0.06, r * 0.06)
        painter.setBrush(QColor("#6A7080"))
        for dx, dy, s in ((-0.6, 0.6, 0.08), (0.6, 0.65, 0.06), (0.7, -0.7, 0.07),
                          (-0.7, -0.6, 0.05)):
            painter.drawRect(QRectF(dx * r, dy * r, s * r, s * r * 0.7))


def paint_danger(painter: QPainter, r: float, lod: float) -> None:
    _glow(painter, QPointF(0, 0), r * 1.2, QColor("#FF4B3A"), 90)
    tri = QPolygonF([QPointF(0, -0.85 * r), QPointF(0.9 * r, 0.7 * r), QPointF(-0.9 * r, 0.7 * r)])
    painter.setPen(QPen(INK, max(1.0, r * 0.08)))
    painter.setBrush(QColor("#FF5A3C"))
    painter.drawPolygon(tri)
    if lod >= LOD_SHAPES:
        painter.setPen(INK)
        painter.setFont(font(max(6, round(r * 0.95))))
        painter.drawText(QRectF(-r, -0.5 * r, 2 * r, 1.2 * r), Qt.AlignmentFlag.AlignCenter, "!")


def paint_spiral(painter: QPainter, r: float, lod: float, colour: str) -> None:
    """A swirl (Lost in Space, warp points)."""
    _glow(painter, QPointF(0, 0), r * 1.25, QColor(colour), 90)
    path = QPainterPath()
    for arm in range(3):
        base = arm * 2 * math.pi / 3
        path.moveTo(0, 0)
        for i in range(1, 25):
            t = i / 24
            angle = base + t * 3.2
            path.lineTo(math.cos(angle) * t * r, math.sin(angle) * t * r)
    pen = QPen(QColor(colour).lighter(140), max(1.0, r * 0.1))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)


def paint_doomsday(painter: QPainter, r: float, lod: float) -> None:
    _glow(painter, QPointF(0, 0), r * 1.3, QColor("#FF2E4D"), 90)
    _sphere(painter, QPointF(0, 0), r * 0.8, "#9A9FAD", "#4B4F5C", "#16181E")
    painter.setBrush(QColor("#FF2E4D"))
    painter.drawEllipse(QPointF(0, 0), r * 0.22, r * 0.22)


def paint_marker(painter: QPainter, key: str, value: int, r: float, lod: float,
                 owner_colour: QColor | None = None) -> None:
    """A face-up system marker's art, of radius about ``r``, around the origin."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if key == "planet":
        paint_planet(painter, r, lod)
    elif key == "homeworld":
        paint_planet(painter, r * 1.45, lod, owner_colour)
    elif key == "barren":
        paint_barren(painter, r * 0.92, lod)
    elif key == "minerals":
        paint_minerals(painter, r, lod, value)
    elif key == "nebula":
        paint_nebula(painter, r, lod)
    elif key == "asteroids":
        paint_asteroids(painter, r, lod)
    elif key == "black_hole":
        paint_black_hole(painter, r, lod)
    elif key == "supernova":
        paint_supernova(painter, r, lod)
    elif key == "space_wreck":
        paint_wreck(painter, r, lod)
    elif key == "danger":
        paint_danger(painter, r * 0.8, lod)
    elif key == "lost_in_space":
        paint_spiral(painter, r * 0.85, lod, "#3FC8B8")
    elif key == "warp_point":  # advanced rules: its number links it to its twins
        paint_spiral(painter, r * 0.85, lod, WARP_COLOUR)
        if value and lod >= LOD_TEXT:
            value_badge(painter, QPointF(r * 0.62, r * 0.62), r * 0.42, str(value),
                        QColor(WARP_COLOUR).lighter(150), INK)
    elif key == "doomsday":
        paint_doomsday(painter, r, lod)
    # "empty": explored empty space shows nothing but the hex itself
    painter.restore()


def paint_marker_back(painter: QPainter, side: float, border: QColor, lod: float) -> None:
    """A face-down system marker: a square tile with the system's border colour."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(-side / 2, -side / 2, side, side)
    if lod < LOD_TEXT:  # small: a flat tile in the border colour is all that shows
        painter.setBrush(MARKER_BACK_TOP)
        painter.setPen(QPen(border, max(1.0, side * 0.06)))
        painter.drawRect(rect)
        painter.restore()
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 110))
    painter.drawRoundedRect(rect.translated(side * 0.04, side * 0.06), side * 0.1, side * 0.1)
    grad = QLinearGradient(rect.topLeft(), rect.bottomRight())
    grad.setColorAt(0, MARKER_BACK_TOP)
    grad.setColorAt(1, MARKER_BACK_BOTTOM)
    painter.setBrush(QBrush(grad))
    painter.setPen(QPen(border, max(1.0, side * 0.045)))
    painter.drawRoundedRect(rect, side * 0.1, side * 0.1)
    if lod >= LOD_SHAPES:
        inner = rect.adjusted(side * 0.13, side * 0.13, -side * 0.13, -side * 0.13)
        faint = QColor(border)
        faint.setAlpha(60)
        painter.setPen(QPen(faint, max(0.6, side * 0.02)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner, side * 0.06, side * 0.06)
        star = QColor("#7E8CB0")
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(star)
        s = side * 0.3
        w = side * 0.06
        painter.drawPolygon(QPolygonF([QPointF(0, -s), QPointF(w, -w), QPointF(s, 0),
                                       QPointF(w, w), QPointF(0, s), QPointF(-w, w),
                                       QPointF(-s, 0), QPointF(-w, -w)]))
        painter.setBrush(QColor("#C9D3EC"))
        painter.drawEllipse(QPointF(0, 0), side * 0.05, side * 0.05)
    painter.restore()


def paint_peeked(painter: QPainter, side: float, key: str, value: int, lod: float) -> None:
    """The viewer's private knowledge of a face-down marker: a lens with its art."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    centre = QPointF(side * 0.32, side * 0.32)
    radius = side * 0.3
    painter.setPen(QPen(ACCENT, max(1.0, side * 0.04)))
    painter.setBrush(QColor("#0B1020"))
    painter.drawEllipse(centre, radius, radius)
    painter.save()
    clip = QPainterPath()
    clip.addEllipse(centre, radius * 0.92, radius * 0.92)
    painter.setClipPath(clip)
    painter.translate(centre)
    paint_marker(painter, key, 0, radius * 0.7, lod)
    painter.restore()
    if lod >= LOD_TEXT:  # an eye: the viewer peeked here
        eye = QPointF(-side * 0.3, -side * 0.3)
        path = QPainterPath()
        w, h = side * 0.16, side * 0.09
        path.moveTo(eye.x() - w, eye.y())
        path.quadTo(eye.x(), eye.y() - 2 * h, eye.x() + w, eye.y())
        path.quadTo(eye.x(), eye.y() + 2 * h, eye.x() - w, eye.y())
        painter.setPen(QPen(INK, max(0.6, side * 0.02)))
        painter.setBrush(ACCENT)
        painter.drawPath(path)
        painter.setBrush(INK)
        painter.drawEllipse(eye, h * 0.7, h * 0.7)
        if key == "minerals" and value:
            value_badge(painter, centre + QPointF(radius * 0.7, radius * 0.7), radius * 0.42,
                        str(value), QColor("#FFD166"), INK)
    painter.restore()


# -- counters ----------------------------------------------------------------------------
@dataclass(frozen=True)
class CounterFace:
    """What one group counter shows to the viewer."""

    owner: int
    unit_type: str | None  # None: an enemy's face-down counter (its back)
    number: int = 0
    count: int | None = None  # ships in the group, when the viewer may know it
    weapon_class: str = ""
    attack: int = 0
    defense: int = 0
    hull: int = 0
    dim: bool = False  # the viewer's unit that cannot move any more this turn
    cargo: int = 0  # CP of a towed mineral (or -1 for a wreck)
    revealed: bool = False


def ship_path(unit_type: str) -> QPainterPath:
    """A small silhouette for a unit type, in a box of about [-1, 1]."""
    return _ship_path(unit_type)


@lru_cache(maxsize=32)
def _ship_path(unit_type: str) -> QPainterPath:
    path = QPainterPath()

    def poly(points: list[tuple[float, float]]) -> None:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
        path.closeSubpath()

    if unit_type == "SC":
        poly([(1.0, 0), (-0.5, -0.55), (-0.25, 0), (-0.5, 0.55)])
    elif unit_type == "DD":
        poly([(1.0, 0), (0.1, -0.35), (-0.7, -0.35), (-0.9, -0.6), (-0.9, 0.6), (-0.7, 0.35),
              (0.1, 0.35)])
    elif unit_type == "CA":
        poly([(1.0, 0), (0.3, -0.3), (-0.3, -0.3), (-0.5, -0.7), (-0.9, -0.7), (-0.8, 0),
              (-0.9, 0.7), (-0.5, 0.7), (-0.3, 0.3), (0.3, 0.3)])
    elif unit_type == "BC":
        poly([(1.0, 0), (0.5, -0.28), (-0.1, -0.3), (-0.35, -0.8), (-0.95, -0.8), (-0.75, -0.3),
              (-0.95, 0), (-0.75, 0.3), (-0.95, 0.8), (-0.35, 0.8), (-0.1, 0.3), (0.5, 0.28)])
    elif unit_type == "BB":
        poly([(1.0, -0.12), (1.0, 0.12), (0.55, 0.4), (-0.2, 0.45), (-0.45, 0.85), (-1.0, 0.85),
              (-0.85, 0.35), (-1.0, 0), (-0.85, -0.35), (-1.0, -0.85), (-0.45, -0.85),
              (-0.2, -0.45), (0.55, -0.4)])
    elif unit_type == "DN":
        poly([(1.0, -0.2), (1.0, 0.2), (0.6, 0.55), (-0.1, 0.6), (-0.4, 0.95), (-1.0, 0.95),
              (-0.8, 0.45), (-1.0, 0.2), (-1.0, -0.2), (-0.8, -0.45), (-1.0, -0.95),
              (-0.4, -0.95), (-0.1, -0.6), (0.6, -0.55)])
    elif unit_type == "Base":
        path.addEllipse(QPointF(0, 0), 0.45, 0.45)
        for angle in range(0, 360, 60):
            a = math.radians(angle)
            path.addRect(QRectF(math.cos(a) * 0.75 - 0.18, math.sin(a) * 0.75 - 0.18, 0.36, 0.36))
    elif unit_type == "SY":
        path.addRect(QRectF(-0.9, -0.18, 1.8, 0.36))
        path.addRect(QRectF(-0.9, -0.75, 0.25, 1.5))
        path.addRect(QRectF(0.65, -0.75, 0.25, 1.5))
        path.addRect(QRectF(-0.12, -0.75, 0.24, 1.5))
    elif unit_type == "CO":
        path.addEllipse(QPointF(0.05, 0), 0.55, 0.55)
        poly([(-0.45, -0.2), (-1.0, -0.55), (-1.0, 0.55), (-0.45, 0.2)])
    elif unit_type == "Miner":
        poly([(0.9, -0.3), (0.9, 0.3), (-0.2, 0.45), (-0.9, 0.3), (-0.9, -0.3), (-0.2, -0.45)])
        path.addEllipse(QPointF(0.35, 0), 0.12, 0.12)
    elif unit_type == "CV":  # a flat deck with an island
        path.addRect(QRectF(-0.95, -0.42, 1.9, 0.84))
        poly([(0.95, -0.42), (1.1, 0), (0.95, 0.42)])
        path.addRect(QRectF(0.1, -0.75, 0.35, 0.33))
    elif unit_type == "F":  # a small swept-wing fighter
        poly([(0.9, 0), (0.1, -0.2), (-0.3, -0.85), (-0.5, -0.85), (-0.35, -0.15), (-0.85, -0.2),
              (-0.85, 0.2), (-0.35, 0.15), (-0.5, 0.85), (-0.3, 0.85), (0.1, 0.2)])
    elif unit_type == "R":  # a long, narrow raider with a dorsal fin
        poly([(1.0, 0), (0.2, -0.3), (-0.9, -0.3), (-0.6, 0), (-0.9, 0.3), (0.2, 0.3)])
        poly([(0.1, -0.3), (-0.3, -0.75), (-0.55, -0.75), (-0.45, -0.3)])
    elif unit_type == "SW":  # a hull trailing a sweep boom
        poly([(0.9, 0), (0.4, -0.4), (-0.6, -0.4), (-0.6, 0.4), (0.4, 0.4)])
        path.addRect(QRectF(-1.0, -0.08, 0.45, 0.16))
        path.addEllipse(QPointF(-0.95, 0), 0.16, 0.16)
    elif unit_type == "Mine":  # a spiked sphere
        path.addEllipse(QPointF(0, 0), 0.5, 0.5)
        for dx, dy in ((0, -0.85), (0.85, 0), (0, 0.85), (-0.85, 0), (0.6, -0.6), (-0.6, 0.6),
                       (0.6, 0.6), (-0.6, -0.6)):
            path.addEllipse(QPointF(dx, dy), 0.13, 0.13)
    elif unit_type == "MS":  # a pipe segment between two flanges, a valve wheel on top
        path.addRect(QRectF(-0.8, -0.2, 1.6, 0.4))
        path.addRect(QRectF(-1.0, -0.45, 0.22, 0.9))
        path.addRect(QRectF(0.78, -0.45, 0.22, 0.9))
        path.addEllipse(QPointF(0, -0.55), 0.22, 0.22)
    else:  # Decoy or unknown
        poly([(0, -0.8), (0.8, 0), (0, 0.8), (-0.8, 0)])
    path.setFillRule(Qt.FillRule.WindingFill)
    return path


# The ships chip of a counter: its centre and radius as shares of the counter's size.  Its
# diameter (0.26 of 48 = 12.5 scene units) stays below the fan's vertical step
# (map_items.FAN_DY), so the chips of fanned counters never overlap.
COUNT_CHIP = QPointF(0.03, 0.14)
COUNT_CHIP_RADIUS = 0.13
LABEL_GAP = 0.04  # between the ships chip (with its outline) and the type label


def count_chip_rect(size: float) -> QRectF:
    """Where the ships chip of a ``size`` counter is drawn, its outline included."""
    radius = COUNT_CHIP_RADIUS * size
    outline = max(0.8, radius * 0.12) / 2
    centre = COUNT_CHIP * size
    reach = radius + outline
    return QRectF(centre.x() - reach, centre.y() - reach, 2 * reach, 2 * reach)


def counter_label_rect(size: float, with_count: bool) -> QRectF:
    """The top row of a counter's front, where its type, number and class are written:
    right of the ships chip when there is one, so the chip never hides the first letter
    ("SC1" read as "C1")."""
    left = count_chip_rect(size).right() + LABEL_GAP * size if with_count else size * 0.1
    return QRectF(left, size * 0.025, size * 0.92 - left, size * 0.24)


def paint_counter(painter: QPainter, size: float, face: CounterFace, lod: float) -> None:
    """A cardboard group counter in the rect (0, 0, size, size).

    Front: type and group number top left, weapon class top right, a ship
    silhouette and the owner's emblem, attack-defense bottom left, hull
    bottom right; the number of ships as a white chip on the left edge of the
    top row, the row a fanned counter keeps in sight (the chip is smaller than
    the fan's step, so the chips of a stack never overlap).  Back (an enemy's
    face-down counter): only the owner's colour and emblem.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = style.player_colour(face.owner)
    ink = style.text_on(colour)
    rect = QRectF(0, 0, size, size)
    corner = size * 0.09
    if lod < LOD_SHAPES:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRect(rect)
        painter.restore()
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 120))
    painter.drawRoundedRect(rect.translated(size * 0.04, size * 0.06), corner, corner)
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, colour.lighter(118))
    grad.setColorAt(1, colour.darker(118))
    painter.setBrush(QBrush(grad))
    painter.setPen(QPen(colour.darker(190), max(0.8, size * 0.03)))
    painter.drawRoundedRect(rect, corner, corner)
    # a thin inner line, like the printed border of a counter
    inner_pen = QPen(QColor(ink.red(), ink.green(), ink.blue(), 70), max(0.5, size * 0.015))
    painter.setPen(inner_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = size * 0.06
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), corner * 0.6,
                            corner * 0.6)
    if face.unit_type is None:
        _paint_counter_back(painter, size, face, ink, lod)
    else:
        _paint_counter_front(painter, size, face, ink, lod)
    if face.dim:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(8, 12, 24, 120))
        painter.drawRoundedRect(rect, corner, corner)
    painter.restore()


def _paint_counter_back(painter: QPainter, size: float, face: CounterFace, ink: QColor,
                        lod: float) -> None:
    painter.save()
    clip = QPainterPath()
    clip.addRoundedRect(QRectF(0, 0, size, size), size * 0.09, size * 0.09)
    painter.setClipPath(clip)
    stripe = QColor(ink.red(), ink.green(), ink.blue(), 38)
    painter.setPen(QPen(stripe, size * 0.07))
    for i in range(-4, 8):
        x = i * size * 0.22
        painter.drawLine(QPointF(x, size), QPointF(x + size, 0))
    painter.restore()
    emblem = QRectF(size * 0.26, size * 0.26, size * 0.48, size * 0.48)
    painter.setPen(QPen(ink, max(1.0, size * 0.05)))
    painter.setBrush(style.player_colour(face.owner).darker(125))
    painter.drawPath(style.emblem_path(style.emblem_name(face.owner), emblem))


def _paint_counter_front(painter: QPainter, size: float, face: CounterFace, ink: QColor,
                         lod: float) -> None:
    unit_type = face.unit_type or "?"
    # silhouette, slightly right of centre, and the emblem below the class letter
    painter.save()
    painter.translate(size * 0.52, size * 0.53)
    painter.scale(size * 0.25, size * 0.25)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(ink.red(), ink.green(), ink.blue(), 225))
    painter.drawPath(ship_path(unit_type))
    painter.restore()
    emblem = QRectF(size * 0.74, size * 0.36, size * 0.18, size * 0.18)
    painter.setPen(QPen(style.player_colour(face.owner).darker(200), max(0.5, size * 0.02)))
    painter.setBrush(ink)
    painter.drawPath(style.emblem_path(style.emblem_name(face.owner), emblem))
    if lod < LOD_TEXT:
        if face.count is not None:
            value_badge(painter, COUNT_CHIP * size, COUNT_CHIP_RADIUS * size, str(face.count),
                        PAPER, INK)
        return
    painter.setPen(ink)
    label = f"{unit_type}{face.number}" if face.number else unit_type
    top = counter_label_rect(size, face.count is not None)
    room = top.width()
    if face.weapon_class:
        painter.setFont(font(round(size * 0.22)))
        painter.drawText(top, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         face.weapon_class)
        room -= QFontMetricsF(font(round(size * 0.22))).horizontalAdvance(face.weapon_class) + 2
    painter.setFont(fitting_font(label, room, round(size * 0.25), round(size * 0.16)))
    painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
    bottom = QRectF(size * 0.1, size * 0.66, size * 0.8, size * 0.3)
    painter.setFont(font(round(size * 0.21)))
    if face.attack or face.defense:
        painter.drawText(bottom, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         f"{face.attack}-{face.defense}")
    if face.hull:
        painter.drawText(bottom, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         f"x{face.hull}")
    if face.count is not None:
        value_badge(painter, COUNT_CHIP * size, COUNT_CHIP_RADIUS * size, str(face.count),
                    PAPER, INK)
    if face.cargo:
        text = "W" if face.cargo < 0 else str(face.cargo)
        value_badge(painter, QPointF(size * 0.5, size * 0.98), size * 0.15, text,
                    QColor("#FFD166"), INK)


# -- Doomsday Machines (advanced rules) ----------------------------------------------------
MACHINE_HULL = data.DOOMSDAY_HULL  # hits that destroy a machine: one pip each


def paint_machine(painter: QPainter, size: float, number: int, hits: int, hull: int,
                  lod: float) -> None:
    """A Doomsday Machine on the board, centred on the origin in a ``size`` square.

    Why round and metal rather than a cardboard square: it is nobody's counter, so
    it must never look like one of the players' (or take their colours).  A
    gunmetal sphere with a glowing dish, ringed in the machines' violet; its
    number in a badge at the upper left (clear of any counters beside it) and one
    pip per hull point at the foot, the hits it has taken filled red, so its state
    reads at a glance.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(style.MACHINE_HEX)
    c = QPointF(0, -size * 0.04)
    r = size * 0.4
    if lod < LOD_SHAPES:  # the minimap and far zoom: a violet disc
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(c, r, r)
        painter.restore()
        return
    _glow(painter, c, size * 0.62, colour, 130)
    _sphere(painter, c, r, "#C3C8D4", "#5A5F6D", "#14161C")
    _machine_face(painter, c, r, colour)
    ring = QPen(colour, max(1.0, size * 0.045))
    painter.setPen(ring)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(c, r, r)
    _machine_pips(painter, QPointF(0, size * 0.4), size, hits, hull)
    if lod >= LOD_TEXT:
        value_badge(painter, QPointF(-size * 0.34, -size * 0.34), size * 0.17, str(number),
                    colour, QColor("#FFFFFF"))
    painter.restore()


def _machine_face(painter: QPainter, c: QPointF, r: float, colour: QColor) -> None:
    """The dish (its weapon, a glowing eye) and the trench round its equator."""
    painter.save()
    clip = QPainterPath()
    clip.addEllipse(c, r, r)
    painter.setClipPath(clip)
    painter.setPen(QPen(QColor(10, 12, 18, 200), max(0.8, r * 0.09)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawLine(QPointF(c.x() - r, c.y() + r * 0.18), QPointF(c.x() + r, c.y() + r * 0.18))
    dish = c + QPointF(-r * 0.3, -r * 0.3)
    grad = QRadialGradient(dish + QPointF(r * 0.08, r * 0.08), r * 0.36)
    grad.setColorAt(0, QColor("#1A1C24"))
    grad.setColorAt(1, QColor("#7C8190"))
    painter.setPen(QPen(QColor(10, 12, 18, 160), max(0.5, r * 0.04)))
    painter.setBrush(QBrush(grad))
    painter.drawEllipse(dish, r * 0.34, r * 0.34)
    painter.restore()
    _glow(painter, dish, r * 0.3, colour, 255)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour).lighter(150))
    painter.drawEllipse(dish, r * 0.1, r * 0.1)


def _machine_pips(painter: QPainter, centre: QPointF, size: float, hits: int,
                  hull: int) -> None:
    """One box per hull point on a dark plate; the hits taken are filled red."""
    box, gap = size * 0.13, size * 0.05
    width = hull * box + (hull - 1) * gap
    plate = QRectF(centre.x() - width / 2 - gap, centre.y() - box / 2 - gap,
                   width + 2 * gap, box + 2 * gap)
    painter.setPen(QPen(QColor(style.MACHINE_HEX), max(0.6, size * 0.02)))
    painter.setBrush(QColor(11, 16, 32, 230))
    painter.drawRoundedRect(plate, gap * 1.5, gap * 1.5)
    for i in range(hull):
        rect = QRectF(plate.left() + gap + i * (box + gap), plate.top() + gap, box, box)
        hit = i < hits
        painter.setPen(QPen(QColor("#FF6B6B") if hit else QColor("#C9D3EC"),
                            max(0.5, size * 0.018)))
        painter.setBrush(QColor("#FF6B6B") if hit else QColor(0, 0, 0, 0))
        painter.drawRoundedRect(rect, box * 0.2, box * 0.2)


def machine_pixmap(number: int, hits: int, hull: int, size: int = 40) -> QPixmap:
    """A machine's token as a pixmap (side panel rows), with room for its glow."""
    pixmap = style.device_pixmap(size, size)
    painter = QPainter(pixmap)
    painter.translate(size / 2, size / 2)
    paint_machine(painter, size * 0.8, number, hits, hull, 1.0)
    painter.end()
    return pixmap


def counter_pixmap(face: CounterFace, size: int = 40) -> QPixmap:
    """A counter as a pixmap (side panel rows), with room for its shadow and chip."""
    margin = round(size * 0.2)
    pixmap = style.device_pixmap(size + 2 * margin, size + 2 * margin)
    painter = QPainter(pixmap)
    painter.translate(margin, margin)
    paint_counter(painter, size, face, 1.0)
    painter.end()
    return pixmap


def marker_pixmap(key: str | None, value: int, size: int = 40, border: QColor | None = None
                  ) -> QPixmap:
    """A marker's art (or back) as a pixmap, for the side panel."""
    pixmap = style.device_pixmap(size, size)
    painter = QPainter(pixmap)
    painter.translate(size / 2, size / 2)
    if key is None:
        paint_marker_back(painter, size * 0.8, border or DEEP_SPACE_BORDER, 1.0)
    else:
        paint_marker(painter, key, value, size * 0.36, 1.0)
    painter.end()
    return pixmap
