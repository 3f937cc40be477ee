"""Where the app finds its files (icons, rules texts and reference, licence) and its version.

Why one module: the same code runs from a source checkout and from the
installed bundle (PyInstaller), and both keep the ``resources`` folder and
``LICENSE`` beside the ``se4x_qt`` package (the bundle's spec copies them to
the same relative places), so one path rule serves both; everything that
reads a file of the app asks here.  A missing file never stops the app: the
icon is then empty and the About box says where the licence is.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon

import se4x_core
from se4x_core import paths

RESOURCES_DIR: Path = paths.resources_dir()
ICONS_DIR = RESOURCES_DIR / "icons"
RULES_DIR = RESOURCES_DIR / "rules"
HELP_DIR = RESOURCES_DIR / "help"  # the rules reference, one Markdown file a chapter
LICENSE_PATH: Path = paths.license_path()
RULES_NOTICE_PATH = RULES_DIR / "NOTICE"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
APP_ID = "io.github.se4x.Se4x"  # the .desktop file's and the AppStream metadata's name


def version() -> str:
    """The app's version: pyproject.toml's, read from the installed package metadata."""
    return se4x_core.__version__


def icon_png(size: int) -> Path:
    """The app icon's PNG of ``size`` pixels (rendered from se4x.svg)."""
    return ICONS_DIR / "png" / f"se4x-{size}.png"


def app_icon() -> QIcon:
    """The app icon at every size the desktop may ask for (PNGs: no SVG plugin needed)."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = icon_png(size)
        if path.is_file():
            icon.addFile(str(path))
    return icon


def read_text(path: Path) -> str | None:
    """The text of a file of the app, or None when it is missing or unreadable."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None
