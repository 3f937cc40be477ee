"""The app's one look: colours, player colours and emblems, fonts, style sheets, palette.

Why one module: a player must look the same on the map, in the combat
window, on the production sheet and in the game-over charts, and every
screen must read as one piece.  So the colours are named once
(:class:`Theme`), and everything that paints or styles reads them here.

Why emblems beside colours: colour alone is not enough (about one man in
twelve cannot tell the red empire from the green one).  So every player has
a colour *and* an emblem shape (Blue circle, Red triangle, Green square,
Yellow diamond) and, for chart lines, a dash style; anything that names a
player draws the emblem beside the colour.  The colour names come from
:data:`se4x_core.data.PLAYER_COLOURS`; the hues are brightened for a dark
background and spaced apart in lightness so that they also differ in
greyscale.  A Doomsday Machine (advanced rules) fights as a side of its own
(``data.MACHINE_SIDE``, -2): it gets its own violet, hexagon and name here, so no
screen ever shows it in a player's colour (a negative index into the players'
tuples would quietly pick one).

Why both a palette and style sheets: the application palette
(:func:`apply_app_palette`) reaches what style sheets miss (message boxes,
file dialogs, tooltips, the native menu look); the main window's sheet
(:func:`main_stylesheet`) styles the docks, panels and handover screen, and
each dialog gets the dialogs' sheet (:func:`apply_theme`), set on the dialog
so it cannot change screens that do not ask for it.
"""

from __future__ import annotations

import math
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QIcon,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

from se4x_core import data


class Named(Protocol):
    """What names the players: a session driver (its ``player_names``, set by a LAN
    host's seats or New Game; empty for the default names)."""

    player_names: list[str]

# -- players ---------------------------------------------------------------------------
PLAYER_HEX: tuple[str, ...] = ("#4C8DFF", "#F0524F", "#33C27F", "#F5C542")
EMBLEMS: tuple[str, ...] = ("circle", "triangle", "square", "diamond")
EMBLEM_GLYPHS: tuple[str, ...] = ("\u25cf", "\u25b2", "\u25a0", "\u25c6")  # ● ▲ ■ ◆
DASHES: tuple[Qt.PenStyle, ...] = (
    Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine,
)
NEUTRAL_HEX = "#8A94A8"
# Doomsday Machines (advanced rules) are a side of no player's (``data.MACHINE_SIDE``): a
# violet far in hue from the four players' colours, a hexagon none of them uses, and the
# name every screen gives them.
MACHINE_HEX = "#C65BFF"
MACHINE_EMBLEM = "hexagon"
MACHINE_GLYPH = "\u2b22"  # ⬢
MACHINE_NAME = "Doomsday Machine"


def player_colour(player: int) -> QColor:
    """The player's colour (grey for "nobody", e.g. player -1; violet for a machine).

    Never indexes by a negative player: Python's ``[-2]`` would quietly pick
    another player's colour.
    """
    if 0 <= player < len(PLAYER_HEX):
        return QColor(PLAYER_HEX[player])
    if player == data.MACHINE_SIDE:
        return QColor(MACHINE_HEX)
    return QColor(NEUTRAL_HEX)


def player_name(player: int, names: list[str] | None = None) -> str:
    """The name shown for a player: a chosen name if there is one, else the colour."""
    if names and 0 <= player < len(names) and names[player]:
        return names[player]
    if 0 <= player < len(data.PLAYER_COLOURS):
        return data.PLAYER_COLOURS[player]
    if player == data.MACHINE_SIDE:
        return MACHINE_NAME
    return "Nobody"


def session_player_name(session: Named, player: int) -> str:
    """A player's name as the session knows it (``player_names`` if the host set them)."""
    return player_name(player, session.player_names)


def emblem_name(player: int) -> str:
    """The emblem shape of a player ("circle", "triangle", ...; a machine's hexagon)."""
    if player == data.MACHINE_SIDE:
        return MACHINE_EMBLEM
    return EMBLEMS[player % len(EMBLEMS)] if player >= 0 else "circle"


def emblem_glyph(player: int) -> str:
    """The emblem as a text glyph (● ▲ ■ ◆, a machine's ⬢; "" for nobody), for labels
    and rich text."""
    if player == data.MACHINE_SIDE:
        return MACHINE_GLYPH
    return EMBLEM_GLYPHS[player % len(EMBLEM_GLYPHS)] if player >= 0 else ""


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
    elif shape == MACHINE_EMBLEM:  # pointy-top, like the glyph ⬢
        rx, ry = rect.width() / 2, rect.height() / 2
        path.addPolygon(QPolygonF([QPointF(c.x() + rx * math.cos(math.radians(a)),
                                           c.y() + ry * math.sin(math.radians(a)))
                                   for a in range(-90, 270, 60)]))
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


def device_pixmap(width: int, height: int) -> QPixmap:
    """A transparent pixmap of ``width`` x ``height`` logical pixels with as many device
    pixels as the screen has (crisp at 200 % scaling; painters draw in logical units)."""
    app = QApplication.instance()
    ratio = app.devicePixelRatio() if isinstance(app, QApplication) else 1.0
    pixmap = QPixmap(QSize(max(1, round(width * ratio)), max(1, round(height * ratio))))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def emblem_pixmap(player: int, size: int = 16) -> QPixmap:
    """A transparent square pixmap with the player's emblem."""
    pixmap = device_pixmap(size, size)
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


def name_html(player: int, names: list[str] | None = None, bold: bool = True,
              keep_together: bool = False) -> str:
    """A player's emblem glyph and name in the player's colour, for rich-text labels;
    ``keep_together``: the glyph never wraps apart from the name (in a line that wraps)."""
    glyph = emblem_glyph(player)
    weight = "font-weight:700;" if bold else ""
    space = "&nbsp;" if keep_together else " "
    return (f'<span style="color:{player_colour(player).name()};{weight}">'
            f"{glyph}{space}{player_name(player, names)}</span>")


def machine_html(title: str = MACHINE_NAME) -> str:
    """A Doomsday Machine's hexagon and ``title`` ("Doomsday Machine 2") in its violet."""
    return (f'<span style="color:{MACHINE_HEX};font-weight:700;">'
            f"{MACHINE_GLYPH} {title}</span>")


def session_name_html(session: Named, player: int) -> str:
    """:func:`name_html` with the names the session knows (see :func:`session_player_name`)."""
    return name_html(player, session.player_names)


# -- colours and fonts -------------------------------------------------------------------
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


def font(points: float, bold: bool = False) -> QFont:
    """A font of the app's family at ``points`` (for painted widgets and list items)."""
    result = QFont()
    result.setPointSizeF(points)
    result.setBold(bold)
    return result


# -- style sheets ------------------------------------------------------------------------
def apply_theme(widget: QWidget) -> None:
    """Give a dialog (and everything in it) the dark theme.

    The style sheet is set on the dialog, not the application, so that it
    cannot change the look of screens that do not ask for it.
    """
    widget.setProperty("dialogRoot", True)
    widget.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    widget.setStyleSheet(stylesheet())


def _scroll_bars() -> str:
    """Thin scroll bars, the same in the main window and the dialogs."""
    t = Theme
    return f"""QScrollBar:vertical {{ background: {t.BG}; width: 10px; margin: 0; }}
QScrollBar::handle:vertical {{ background: {t.BORDER}; border-radius: 5px; min-height: 24px; }}
QScrollBar:horizontal {{ background: {t.BG}; height: 10px; margin: 0; }}
QScrollBar::handle:horizontal {{ background: {t.BORDER}; border-radius: 5px; min-width: 24px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ height: 0; width: 0; }}
"""


def stylesheet() -> str:
    """The dialogs' style sheet (see :func:`apply_theme`)."""
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
{_scroll_bars()}QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
QToolTip {{ background: {t.PANEL_ALT}; color: {t.TEXT}; border: 1px solid {t.ACCENT};
            padding: 4px; }}
"""


def form_stylesheet() -> str:
    """What a form adds to the dialogs' sheet: framed line edits, combo and radio boxes."""
    t = Theme
    return f"""
QLineEdit, QComboBox {{ background: {t.CARD}; border: 1px solid {t.BORDER};
    border-radius: 5px; padding: 4px 8px; min-height: 20px; }}
QLineEdit:focus, QComboBox:focus {{ border-color: {t.ACCENT}; }}
QComboBox:disabled, QLineEdit:disabled {{ color: {t.FAINT};
    background: {t.PANEL}; }}
QComboBox QAbstractItemView {{ background: {t.PANEL_ALT};
    selection-background-color: #21405A; }}
QRadioButton {{ spacing: 6px; }}
QRadioButton::indicator {{ width: 14px; height: 14px; border-radius: 8px;
    border: 1px solid {t.MUTED}; background: {t.CARD}; }}
QRadioButton::indicator:checked {{ background: {t.ACCENT};
    border-color: {t.ACCENT}; }}
QRadioButton:disabled {{ color: {t.FAINT}; }}
"""


def primary_button_stylesheet(padding: str) -> str:
    """A button that stands out as the screen's main action, for one button's own sheet.

    For buttons whose object name is taken by their purpose (so ``#primary``
    of the dialogs' sheet cannot reach them).
    """
    t = Theme
    return (f"QPushButton {{ background: #1F6F6A; border-color: {t.ACCENT}; "
            f"font-weight: 700; padding: {padding}; }}"
            f"QPushButton:disabled {{ background: {t.PANEL}; color: {t.FAINT}; "
            f"border-color: #222B44; }}")


def main_stylesheet() -> str:
    """The main window's style sheet (docks, side panel, log, status bar, handover)."""
    t = Theme
    return f"""
QMainWindow {{ background: {t.BG}; }}
QMainWindow::separator {{ background: {t.BORDER}; width: 2px; height: 2px; }}
QMenuBar {{ background: {t.PANEL}; color: {t.TEXT}; border-bottom: 1px solid {t.BORDER}; }}
QMenuBar::item {{ padding: 5px 10px; background: transparent; }}
QMenuBar::item:selected {{ background: {t.CARD}; border-radius: 4px; }}
QMenu {{ background: {t.PANEL_ALT}; color: {t.TEXT}; border: 1px solid {t.BORDER}; }}
QMenu::item {{ padding: 5px 26px 5px 22px; }}
QMenu::item:selected {{ background: #21405A; }}
QMenu::item:disabled {{ color: {t.FAINT}; }}
QMenu::separator {{ height: 1px; background: {t.BORDER}; margin: 4px 8px; }}
QDockWidget {{ color: {t.MUTED}; font-weight: 700; }}
QDockWidget::title {{ background: {t.PANEL}; padding: 6px 10px; border-bottom: 1px solid
                      {t.BORDER}; text-transform: uppercase; }}
QStatusBar {{ background: {t.PANEL}; color: {t.TEXT}; border-top: 1px solid {t.BORDER}; }}
QStatusBar QLabel {{ padding: 0 10px; }}
QStatusBar::item {{ border: none; }}
QWidget#side_panel, QWidget#log_panel, QWidget#welcome {{ background: {t.PANEL}; }}
QLabel {{ color: {t.TEXT}; background: transparent; }}
QLabel#panelTitle {{ font-size: 14pt; font-weight: 700; }}
QLabel#subtle {{ color: {t.MUTED}; }}
QLabel#faint {{ color: {t.FAINT}; }}
QLabel#heading {{ color: {t.MUTED}; font-weight: 700; letter-spacing: 1px; }}
QLabel#message {{ color: {t.BAD}; font-weight: 600; }}
QLabel#title {{ font-size: 17pt; font-weight: 700; }}
QLabel#handoverTitle {{ font-size: 40pt; font-weight: 800; color: {t.TEXT}; }}
QLabel#handoverDetail {{ font-size: 14pt; color: {t.MUTED}; }}
QLabel#welcomeTitle {{ font-size: 34pt; font-weight: 800; letter-spacing: 2px; }}
QFrame#actionsBox {{ background: {t.PANEL_ALT}; border: 1px solid {t.BORDER};
                     border-radius: 8px; }}
QFrame#banner {{ background: rgba(20, 27, 46, 228); border: 1px solid {t.ACCENT};
                 border-radius: 10px; }}
QFrame#summary {{ background: rgba(20, 27, 46, 240); border: 1px solid {t.HIGHLIGHT};
                  border-radius: 10px; }}
QListWidget {{ background: {t.BG}; color: {t.TEXT}; border: 1px solid {t.BORDER};
               border-radius: 6px; outline: none; }}
QListWidget::item {{ padding: 3px 4px; border-bottom: 1px solid #161E33; }}
QListWidget::item:selected {{ background: #1D3550; color: {t.TEXT}; }}
QListWidget#stack_list::item {{ padding: 4px; }}
QPlainTextEdit#event_log {{ background: {t.BG}; color: {t.TEXT}; border: 1px solid {t.BORDER};
                            border-radius: 6px; selection-background-color: #1D3550; }}
QPushButton {{ background: {t.CARD}; border: 1px solid {t.BORDER}; border-radius: 6px;
               padding: 5px 12px; color: {t.TEXT}; }}
QPushButton:hover {{ background: #26335A; border-color: {t.ACCENT}; }}
QPushButton:disabled {{ background: {t.PANEL}; color: {t.FAINT}; border-color: #222B44; }}
QPushButton#primary {{ background: #1F6F6A; border-color: {t.ACCENT}; font-weight: 700;
                       padding: 7px 14px; }}
QPushButton#primary:hover {{ background: #24827B; }}
QPushButton#primary:disabled {{ background: {t.PANEL}; color: {t.FAINT};
                                border-color: #222B44; }}
QSpinBox, QComboBox, QLineEdit {{ background: {t.CARD}; color: {t.TEXT};
    border: 1px solid {t.BORDER}; border-radius: 5px; padding: 3px 6px; }}
QSpinBox:disabled, QComboBox:disabled {{ color: {t.FAINT}; background: {t.PANEL}; }}
QLineEdit#pin {{ font-size: 16pt; letter-spacing: 4px; padding: 6px; }}
QToolTip {{ background: {t.PANEL_ALT}; color: {t.TEXT}; border: 1px solid {t.ACCENT};
            padding: 5px; }}
{_scroll_bars()}"""


# -- the application palette -------------------------------------------------------------
def apply_app_palette(app: QApplication) -> None:
    """Fusion with the dark theme's colours, for every widget of the app."""
    style = QStyleFactory.create("Fusion")
    if style is not None:
        app.setStyle(style)
    pal = QPalette()
    t = Theme
    roles = {
        QPalette.ColorRole.Window: t.PANEL,
        QPalette.ColorRole.WindowText: t.TEXT,
        QPalette.ColorRole.Base: t.BG,
        QPalette.ColorRole.AlternateBase: t.PANEL_ALT,
        QPalette.ColorRole.ToolTipBase: t.PANEL_ALT,
        QPalette.ColorRole.ToolTipText: t.TEXT,
        QPalette.ColorRole.PlaceholderText: t.FAINT,
        QPalette.ColorRole.Text: t.TEXT,
        QPalette.ColorRole.Button: t.CARD,
        QPalette.ColorRole.ButtonText: t.TEXT,
        QPalette.ColorRole.BrightText: "#FFFFFF",
        QPalette.ColorRole.Highlight: "#1F6F6A",
        QPalette.ColorRole.HighlightedText: "#FFFFFF",
        QPalette.ColorRole.Link: t.ACCENT,
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(t.FAINT))
    app.setPalette(pal)
