"""The starry background every game's board and the hot-seat screens are painted on.

Why here, below every game: SP4X's board, the SE4 board game's map, Space Empires' map
and the "Pass to ..." screen share one tileable field of stars, drawn once and cached.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPixmap, QRadialGradient

from se4x_qt import style

SPACE_BG: Final = QColor("#060A14")  # deep space, under the stars


@lru_cache(maxsize=4)
def starfield(size: int = 1024, seed: int = 4) -> QPixmap:
    """A tileable field of small stars and a few faint glows."""
    pixmap = style.device_pixmap(size, size)
    pixmap.fill(SPACE_BG)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rnd = random.Random(seed)
    for _ in range(5):  # faint coloured dust
        x, y = rnd.uniform(0, size), rnd.uniform(0, size)
        r = rnd.uniform(size * 0.15, size * 0.35)
        hue = rnd.choice(["#1B2A5A", "#2A1846", "#123A4A"])
        grad = QRadialGradient(QPointF(x, y), r)
        c = QColor(hue)
        c.setAlpha(70)
        grad.setColorAt(0, c)
        c2 = QColor(hue)
        c2.setAlpha(0)
        grad.setColorAt(1, c2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(grad))
        for dx in (-size, 0, size):  # wrap so the tile has no seams
            for dy in (-size, 0, size):
                painter.save()
                painter.translate(dx, dy)  # moves the gradient with the ellipse
                painter.drawEllipse(QPointF(x, y), r, r)
                painter.restore()
    for _ in range(900):
        x, y = rnd.uniform(0, size), rnd.uniform(0, size)
        bright = rnd.random()
        radius = 0.5 + bright ** 6 * 1.4
        tint = rnd.choice(["#FFFFFF", "#CFE0FF", "#FFE9C8", "#E6EAF3"])
        c = QColor(tint)
        c.setAlpha(int(60 + 170 * bright ** 2))
        painter.setBrush(c)
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                if -3 < x + dx < size + 3 and -3 < y + dy < size + 3:
                    painter.drawEllipse(QPointF(x + dx, y + dy), radius, radius)
    painter.end()
    return pixmap


def release_caches() -> None:
    """Drop the cached starfields (call before the QApplication goes)."""
    starfield.cache_clear()


__all__ = ["SPACE_BG", "release_caches", "starfield"]
