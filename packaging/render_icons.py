"""Render the app icon's PNG sizes from its SVG: ``python packaging/render_icons.py``.

Why a script and committed PNGs: desktops and installers want bitmaps at
fixed sizes (the freedesktop icon theme, Windows .ico, macOS .icns), and
drawing them by hand from one SVG drifts.  Qt's own SVG renderer draws
them here, offscreen, so the PNGs are exactly what the app shows; they are
committed so a build needs no renderer, and a test checks they are current
in size and presence.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRectF, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "se4x.svg"
PNG_DIR = ROOT / "resources" / "icons" / "png"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def png_path(size: int) -> Path:
    """Where the PNG of ``size`` pixels square lives."""
    return PNG_DIR / f"se4x-{size}.png"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon drawn at ``size`` x ``size`` on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def main() -> int:
    """Write every size; exit 1 if the SVG cannot be read."""
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"render_icons: cannot read {SVG}", file=sys.stderr)
        return 1
    PNG_DIR.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        if not render(renderer, size).save(str(png_path(size))):
            print(f"render_icons: cannot write {png_path(size)}", file=sys.stderr)
            return 1
        print(png_path(size).relative_to(ROOT))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
