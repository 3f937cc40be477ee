"""Rounded panels with a heading, and emptying a layout that is refilled on refresh.

Why: the phase windows are redrawn from the observation after every action;
their panels are frames whose layouts are cleared and filled again, and a
cleared widget must neither linger on screen nor be found by name until Qt
deletes it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLayout, QVBoxLayout, QWidget

from se4x_qt.widgets.labels import heading


def make_panel(title: str | None = None, object_name: str = "panel",
               frame: QFrame | None = None) -> tuple[QFrame, QVBoxLayout]:
    """A rounded panel frame with an optional heading; returns (frame, its layout).

    ``frame`` makes an existing frame (a panel class of a window) into the panel.
    """
    frame = frame if frame is not None else QFrame()
    frame.setObjectName(object_name)
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(14, 12, 14, 12)
    layout.setSpacing(8)
    if title:
        layout.addWidget(heading(title))
    return frame, layout


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every item of a layout (nested layouts too)."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:  # never while count() says there are items
            break
        widget = item.widget()
        nested = item.layout()
        if widget is not None:  # hidden now, deleted once the current event is done
            widget.hide()
            for stale in [widget, *widget.findChildren(QWidget)]:
                stale.setObjectName("")  # so that nobody finds it by name meanwhile
            widget.deleteLater()
        elif nested is not None:
            clear_layout(nested)
            nested.deleteLater()
