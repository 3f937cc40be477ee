"""Fitting a window to the screen it opens on: one rule for every window of the app.

Why a helper: players open the app on laptops (1366x768 is the most common
screen) as well as on large monitors, and a window that asks for more room
than the screen has puts its buttons out of reach ("Done" below the taskbar,
a battle log cut off).  Every window asks for the size it would like and
this helper grants at most the screen's available area (less room for the
window manager's title bar and border), then places it on that screen.  The
layouts scroll or reflow below their preferred size, so a smaller window
loses room, never buttons.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFrame,
    QLayout,
    QMainWindow,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

# Room kept for the frame the window manager draws round a window that is not shown
# yet (title bar above, border round): its real size is only known once it is shown.
FRAME_ALLOWANCE = QSize(16, 40)


def screen_of(window: QWidget) -> QScreen | None:
    """The screen a window is (or will be) on: its parent's, its own, else the primary."""
    parent = window.parentWidget()
    for widget in (parent.window() if parent is not None else None, window):
        if widget is not None and widget.isVisible():
            return widget.screen()
    return QGuiApplication.primaryScreen()


def available_rect(window: QWidget) -> QRect:
    """The part of the window's screen free for windows (no panels or taskbars)."""
    screen = screen_of(window)
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 768)


def _frame_allowance(window: QWidget) -> QSize:
    """The size the window's frame adds, measured when it is shown, else assumed."""
    if window.isVisible():
        frame, inner = window.frameGeometry(), window.geometry()
        if frame.isValid() and frame != inner:
            return QSize(frame.width() - inner.width(), frame.height() - inner.height())
    return FRAME_ALLOWANCE


def fitted_size(window: QWidget, preferred: QSize | None = None) -> QSize:
    """``preferred`` (default: the window's size hint) cut to what the screen can show."""
    _refresh_hints(window)
    wanted = preferred if preferred is not None else window.sizeHint()
    room = available_rect(window).size() - _frame_allowance(window)
    return QSize(max(1, min(wanted.width(), room.width())),
                 max(1, min(wanted.height(), room.height())))


class _FitWhenShown(QObject):
    """Fits a window again when it is first shown: a dialog's style sheet (its parent's
    fonts) reaches its widgets only then, and with it their true sizes."""

    def __init__(self, window: QWidget, preferred: QSize | None) -> None:
        super().__init__(window)
        self.preferred = preferred
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Show and isinstance(watched, QWidget):
            watched.removeEventFilter(self)
            fit_to_screen(watched, self.preferred)
            self.deleteLater()
        return False


def fit_to_screen(window: QWidget, preferred: QSize | None = None,
                  again_when_shown: bool = False) -> None:
    """Size ``window`` to ``preferred`` (or its size hint) within its screen, and place it
    there: centred on its parent window when it has one, else on the screen.
    ``again_when_shown``: once more when it is first shown (a dialog sized by its
    contents, see :class:`_FitWhenShown`)."""
    if again_when_shown:
        _FitWhenShown(window, preferred)
    scroll_when_too_large(window)
    window.resize(fitted_size(window, preferred))
    parent = window.parentWidget()
    if parent is not None and parent.window().isVisible():
        centre = parent.window().frameGeometry().center()
    else:
        centre = available_rect(window).center()
    place_within_screen(window, QPoint(centre.x() - window.width() // 2,
                                       centre.y() - window.height() // 2))


def place_within_screen(window: QWidget, top_left: QPoint | None = None) -> None:
    """Move the window (to ``top_left`` if given) and shrink it so that it lies wholly on
    its screen: a geometry saved on a larger monitor comes back in reach."""
    area = available_rect(window)
    frame = _frame_allowance(window)
    size = window.size().boundedTo(area.size() - frame)
    if size != window.size():
        window.resize(size)
    point = top_left if top_left is not None else window.pos()
    x = min(max(point.x(), area.left()), area.right() + 1 - size.width() - frame.width())
    y = min(max(point.y(), area.top()), area.bottom() + 1 - size.height() - frame.height())
    window.move(max(area.left(), x), max(area.top(), y))


def refit_to_screen(window: QWidget) -> None:
    """After the contents changed (more seats, another scenario): the size they ask for,
    within the screen, the window staying where it is as far as the screen allows."""
    scroll_when_too_large(window)
    window.resize(fitted_size(window))
    place_within_screen(window)


def room_on_screen(window: QWidget) -> QSize:
    """The largest size the window may take on its screen (its frame left out)."""
    return available_rect(window).size() - _frame_allowance(window)


def scroll_when_too_large(window: QWidget) -> bool:
    """Put a window's contents in a scroll area when they need more than its screen has.

    Why: a layout's minimum size is a floor the window cannot be resized below, so
    on a small screen, or a large one at a large UI scale (1280x720 at 175 % is
    731x411 for Qt), a dialog whose rows need 500 pixels opens with its buttons
    below the screen's edge.  Its rows move into a scroll area (both directions)
    and its button box stays under it, always in reach.  Done once per dialog;
    True when the dialog scrolls now.
    """
    if isinstance(window, QMainWindow) or isinstance(window.layout(), _ScrollingLayout):
        return isinstance(window.layout(), _ScrollingLayout)  # a main window: its docks
    layout = window.layout()
    if layout is None:
        return False
    _refresh_hints(window)
    need, room = layout.totalMinimumSize(), room_on_screen(window)
    if need.width() <= room.width() and need.height() <= room.height():
        return False
    buttons = [box for box in (_item_widget(layout, i) for i in range(layout.count()))
               if isinstance(box, QDialogButtonBox)]
    for box in buttons:
        layout.removeWidget(box)
    content = QWidget()
    content.setObjectName("scrolled_contents")
    content.setLayout(layout)  # the rows and their widgets move in, as they are
    outer = _ScrollingLayout(window)
    margins = layout.contentsMargins()
    outer.setContentsMargins(0, 0, 0, margins.bottom())
    area = ContentScrollArea(content, horizontal=True)
    outer.addWidget(area, 1)
    for box in buttons:
        box.setContentsMargins(margins.left(), 0, margins.right(), 0)
        outer.addWidget(box)
    if window.isVisible():  # moved widgets are hidden until their new parent is shown
        area.show()
        for box in buttons:
            box.show()
    return True


def _item_widget(layout: QLayout, index: int) -> QWidget | None:
    item = layout.itemAt(index)
    return item.widget() if item is not None else None


class _ScrollingLayout(QVBoxLayout):
    """The layout of a dialog whose rows scroll (see :func:`scroll_when_too_large`)."""


def _refresh_hints(window: QWidget) -> None:
    """Make the size hints current: the style sheet applied (it sets the fonts, so the
    sizes) and every cached hint dropped, widgets just shown or hidden included."""
    window.ensurePolished()
    for widget in (window, *window.findChildren(QWidget)):
        layout = widget.layout()
        if layout is not None:
            layout.invalidate()
        if isinstance(widget, ContentScrollArea):
            widget.updateGeometry()


class ContentScrollArea(QScrollArea):
    """A vertical scroll area that asks for its whole content's size.

    Why: QScrollArea's own size hint is a fixed guess, so a dialog built on it
    would open small and scroll on any screen.  This one asks for everything
    (plus its scroll bar), :func:`fit_to_screen` cuts that to the screen, and
    only a screen too small for the content sees a scroll bar.
    """

    def __init__(self, content: QWidget, parent: QWidget | None = None,
                 horizontal: bool = False) -> None:
        super().__init__(parent)
        self.horizontal = horizontal  # scrolls sideways too (a dialog wider than its screen)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        if not horizontal:
            self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(content)
        content.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """The content's layout changed: so did this area's size hint (the window's
        layout caches it until told)."""
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        content = self.widget()
        if content is None:
            return super().sizeHint()
        hint = content.sizeHint().expandedTo(content.minimumSizeHint())
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(hint.width() + bar, hint.height() + (bar if self.horizontal else 0))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        content = self.widget()
        bar = self.verticalScrollBar().sizeHint().width()
        if self.horizontal:
            return QSize(120 + bar, 120)
        width = content.minimumSizeHint().width() if content is not None else 0
        return QSize(width + bar, 120)
