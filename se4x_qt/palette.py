"""Player colours, emblems and the dark theme shared by every screen.

Why a module of its own: a player must look the same on the map, in the
combat window, on the production sheet and in the game-over charts, and
colour alone is not enough (about one man in twelve cannot tell the red
empire from the green one).  So every player has a colour *and* an emblem
shape (Blue circle, Red triangle, Green square, Yellow diamond) and, for
chart lines, a dash style; anything that names a player draws the emblem
beside the colour.

The colour names come from :data:`se4x_core.data.PLAYER_COLOURS`; the hues
are brightened for a dark background and spaced apart in lightness so that
they also differ in greyscale.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QFrame, QLabel, QLayout, QVBoxLayout, QWidget

from se4x_core import data

# -- players ---------------------------------------------------------------------------
PLAYER_HEX: tuple[str, ...] = ("#4C8DFF", "#F0524F", "#33C27F", "#F5C542")
EMBLEMS: tuple[str, ...] = ("circle", "triangle", "square", "diamond")
DASHES: tuple[Qt.PenStyle, ...] = (
    Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine,
)
NEUTRAL_HEX = "#8A94A8"


def player_colour(player: int) -> QColor:
    """The player's colour (grey for "nobody", e.g. player -1)."""
    if 0 <= player < len(PLAYER_HEX):
        return QColor(PLAYER_HEX[player])
    return QColor(NEUTRAL_HEX)


def player_name(player: int, names: list[str] | None = None) -> str:
    """The name shown for a player: a chosen name if there is one, else the colour."""
    if names and 0 <= player < len(names) and names[player]:
        return names[player]
    if 0 <= player < len(data.PLAYER_COLOURS):
        return data.PLAYER_COLOURS[player]
    return "Nobody"


def session_player_name(session: object, player: int) -> str:
    """A player's name as the session knows it (``player_names`` if the host set them)."""
    return player_name(player, getattr(session, "player_names", None))


def emblem_name(player: int) -> str:
    """The emblem shape of a player ("circle", "triangle", ...)."""
    return EMBLEMS[player % len(EMBLEMS)] if player >= 0 else "circle"


def dash_style(player: int) -> Qt.PenStyle:
    """The line style of a player's series in charts."""
    return DASHES[player % len(DASHES)] if player >= 0 else Qt.PenStyle.SolidLine


def emblem_path(shape: str, rect: QRectF) -> QPainterPath:
    """The outline of an emblem shape inscribed in ``rect``."""
    path = QPainterPath()
    c = rect.center()
    if shape == "triangle":
        path.addPolygon(QPolygonF([QPointF(c.x(), rect.top()), rect.bottomRight(),
                                   rect.bottomLeft()]))
        path.closeSubpath()
    elif shape == "square":
        inset = rect.width() * 0.08
        path.addRect(rect.adjusted(inset, inset, -inset, -inset))
    elif shape == "diamond":
        path.addPolygon(QPolygonF([QPointF(c.x(), rect.top()), QPointF(rect.right(), c.y()),
                                   QPointF(c.x(), rect.bottom()), QPointF(rect.left(), c.y())]))
        path.closeSubpath()
    else:
        path.addEllipse(rect)
    return path


def paint_emblem(painter: QPainter, rect: QRectF, player: int, outline: bool = True,
                 hollow: bool = False) -> None:
    """Draw a player's emblem in its colour inside ``rect``.

    The dark outline keeps a yellow diamond visible on a light card and a
    blue circle visible on a dark one.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = player_colour(player)
    pen = QPen(QColor("#0B1020") if outline and not hollow else colour)
    pen.setWidthF(max(1.0, rect.width() / 10) if hollow else 1.2)
    painter.setPen(pen if (outline or hollow) else Qt.PenStyle.NoPen)
    painter.setBrush(Qt.BrushStyle.NoBrush if hollow else colour)
    painter.drawPath(emblem_path(emblem_name(player), rect))
    painter.restore()


def emblem_pixmap(player: int, size: int = 16) -> QPixmap:
    """A transparent square pixmap with the player's emblem."""
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_emblem(painter, QRectF(1, 1, size - 2, size - 2), player)
    painter.end()
    return pixmap


def emblem_icon(player: int, size: int = 16) -> QIcon:
    return QIcon(emblem_pixmap(player, size))


def text_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on ``colour``."""
    luminance = 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()
    return QColor("#0B1020") if luminance > 150 else QColor("#FFFFFF")


# -- theme -------------------------------------------------------------------------
class Theme:
    """The dark space theme's colours (hex strings, for style sheets and painters)."""

    BG = "#0B1020"
    PANEL = "#141B2E"
    PANEL_ALT = "#1A2339"
    CARD = "#1E2842"
    BORDER = "#2A3654"
    TEXT = "#E6EAF3"
    MUTED = "#8E9AB5"
    FAINT = "#5C6886"
    ACCENT = "#4FD1C5"  # interactive things
    HIGHLIGHT = "#FFB547"  # who acts now
    GOOD = "#5BD88A"
    BAD = "#FF6B6B"
    WARN = "#FFB547"


def apply_theme(widget: QWidget) -> None:
    """Give a dialog (and everything in it) the dark theme.

    The style sheet is set on the dialog, not the application, so that it
    cannot change the look of screens that do not ask for it.
    """
    widget.setProperty("dialogRoot", True)
    widget.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    widget.setStyleSheet(stylesheet())


def stylesheet() -> str:
    """The dark theme's style sheet (see :func:`apply_theme`)."""
    t = Theme
    return f"""
QWidget {{ background: transparent; color: {t.TEXT}; font-size: 10pt; }}
QWidget[dialogRoot="true"] {{ background: {t.BG}; }}
QFrame#panel {{ background: {t.PANEL}; border: 1px solid {t.BORDER}; border-radius: 8px; }}
QFrame#banner {{ background: {t.PANEL_ALT}; border: 1px solid {t.BORDER};
                 border-radius: 8px; }}
QLabel#title {{ font-size: 17pt; font-weight: 700; letter-spacing: 1px; }}
QLabel#heading {{ font-size: 11pt; font-weight: 700; color: {t.TEXT}; }}
QLabel#subtle {{ color: {t.MUTED}; }}
QLabel#faint {{ color: {t.FAINT}; }}
QLabel#big {{ font-size: 20pt; font-weight: 700; }}
QLabel#warning {{ color: {t.WARN}; font-weight: 600; }}
QLabel#message {{ color: {t.BAD}; font-weight: 600; }}
QLabel#good {{ color: {t.GOOD}; font-weight: 600; }}
QPushButton {{ background: {t.CARD}; border: 1px solid {t.BORDER}; border-radius: 6px;
               padding: 5px 12px; color: {t.TEXT}; }}
QPushButton:hover {{ background: #26335A; border-color: {t.ACCENT}; }}
QPushButton:pressed {{ background: #1B2542; }}
QPushButton:disabled {{ background: {t.PANEL}; color: {t.FAINT}; border-color: #222B44; }}
QPushButton:checked {{ background: #21405A; border-color: {t.ACCENT}; }}
QPushButton#primary {{ background: #1F6F6A; border-color: {t.ACCENT}; font-weight: 700; }}
QPushButton#primary:hover {{ background: #24827B; }}
QPushButton#primary:disabled {{ background: {t.PANEL}; color: {t.FAINT};
                                 border-color: #222B44; }}
QPushButton#danger {{ background: #4A2230; border-color: #8A3A4E; }}
QPushButton#danger:hover {{ background: #5C2A3B; border-color: {t.BAD}; }}
QSpinBox {{ background: {t.CARD}; border: 1px solid {t.BORDER}; border-radius: 6px;
            padding: 4px 6px; min-width: 70px; }}
QCheckBox {{ spacing: 8px; background: transparent; }}
QCheckBox::indicator {{ width: 16px; height: 16px; border: 1px solid {t.MUTED};
                        border-radius: 3px; background: {t.CARD}; }}
QCheckBox::indicator:checked {{ background: {t.ACCENT}; border-color: {t.ACCENT}; }}
QCheckBox:disabled {{ color: {t.FAINT}; }}
QListWidget {{ background: {t.PANEL}; border: 1px solid {t.BORDER}; border-radius: 8px;
               padding: 4px; }}
QListWidget::item {{ padding: 3px 2px; border-bottom: 1px solid #1C2540; }}
QScrollArea {{ border: none; background: transparent; }}
QScrollArea > QWidget > QWidget {{ background: transparent; }}
QScrollBar:vertical {{ background: {t.BG}; width: 10px; margin: 0; }}
QScrollBar::handle:vertical {{ background: {t.BORDER}; border-radius: 5px; min-height: 24px; }}
QScrollBar:horizontal {{ background: {t.BG}; height: 10px; margin: 0; }}
QScrollBar::handle:horizontal {{ background: {t.BORDER}; border-radius: 5px; min-width: 24px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ height: 0; width: 0; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
QToolTip {{ background: {t.PANEL_ALT}; color: {t.TEXT}; border: 1px solid {t.ACCENT};
            padding: 4px; }}
"""


# -- small building blocks the dialogs share ------------------------------------------
EMBLEM_GLYPHS: tuple[str, ...] = ("\u25cf", "\u25b2", "\u25a0", "\u25c6")  # ● ▲ ■ ◆


def name_html(player: int, names: list[str] | None = None, bold: bool = True) -> str:
    """A player's emblem glyph and name in the player's colour, for rich-text labels."""
    glyph = EMBLEM_GLYPHS[player % len(EMBLEM_GLYPHS)] if player >= 0 else ""
    weight = "font-weight:700;" if bold else ""
    return (f'<span style="color:{player_colour(player).name()};{weight}">'
            f"{glyph} {player_name(player, names)}</span>")


def make_panel(title: str | None = None,
               object_name: str = "panel") -> tuple[QFrame, QVBoxLayout]:
    """A rounded panel frame with an optional heading; returns (frame, its layout)."""
    frame = QFrame()
    frame.setObjectName(object_name)
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(14, 12, 14, 12)
    layout.setSpacing(8)
    if title:
        heading = QLabel(title.upper())
        heading.setObjectName("heading")
        layout.addWidget(heading)
    return frame, layout


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every item of a layout (nested layouts too)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget()
        if widget is not None:  # hidden now, deleted once the current event is done
            widget.hide()
            for stale in [widget, *widget.findChildren(QWidget)]:
                stale.setObjectName("")  # so that nobody finds it by name meanwhile
            widget.deleteLater()
        elif item.layout() is not None:
            clear_layout(item.layout())
            item.layout().deleteLater()


def emblem_label(player: int, size: int = 18) -> QLabel:
    """A QLabel showing a player's emblem."""
    label = QLabel()
    label.setPixmap(emblem_pixmap(player, size))
    label.setFixedSize(size, size)
    return label
