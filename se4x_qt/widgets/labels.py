"""Labels the style sheets know by object name: plain or rich text, headings, emblems.

Why helpers: a label's look comes from its object name ("subtle", "faint",
"heading", "title", ...) in :mod:`se4x_qt.style`; making every label the
same way keeps the names, text formats and word wrap consistent.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from se4x_qt import style


def label(text: str = "", name: str | None = None, rich: bool = False,
          wrap: bool = False) -> QLabel:
    """A label named ``name`` (for the style sheet), plain text unless ``rich``."""
    result = QLabel(text)
    if name:
        result.setObjectName(name)
    result.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    result.setWordWrap(wrap)
    return result


def centred_label(text: str, name: str, wrap: bool = True) -> QLabel:
    """A centred label for a full page (titles and details of the welcome and handover pages).

    It wraps, so that a long name or a large UI scale on a small screen breaks a line
    instead of making the page (and the window) wider than the screen.  Its text format
    stays automatic, as for any QLabel: a page may later set rich text.
    """
    result = QLabel(text)
    result.setObjectName(name)
    result.setAlignment(Qt.AlignmentFlag.AlignCenter)
    if wrap:
        result.setWordWrap(True)
    return result


def heading(text: str) -> QLabel:
    """A panel's heading: the text in capitals, styled as "heading"."""
    result = QLabel(text.upper())
    result.setObjectName("heading")
    return result


def emblem_label(player: int, size: int = 18) -> QLabel:
    """A QLabel showing a player's emblem."""
    result = QLabel()
    result.setPixmap(style.emblem_pixmap(player, size))
    result.setFixedSize(size, size)
    return result
