"""What the SE4 window's sheets share: the ship design, the yards, research and the battle.

Why sheets in tabs beside the map rather than dialogs: a decision in SE4 is a run of
atomic actions (a card fitted, a hull bought, a shot's target), each redrawing the
sheet from the next observation; a modal dialog would have to follow the game from
outside, and a window of its own could outlive a hot-seat handover with the last
player's hand in it.  A sheet is a page of the play page: the handover empties it with
the rest, and it fits the laptop screen the window fits.

A sheet draws the viewer's observation and makes buttons of the legal actions only
(the same actions the decision panel lists); a click emits ``chosen``.  ``wanted``
says whether the decision waiting is the sheet's, so the window can bring it forward
when that decision begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from se4x_core.games.se4.actions import Action, find
from se4x_qt import style, widgets
from se4x_qt.games.se4.panels import scroll_box
from se4x_qt.style import Theme
from se4x_qt.widgets import clear_layout

Observation = dict[str, Any]
TILE_SHEET = (f"background:{Theme.CARD}; border:1px solid {Theme.BORDER}; "
              "border-radius:6px;")


class Sheet(QFrame):
    """A tab's page: a heading, and a scrolling body rebuilt by :meth:`show_sheet`."""

    chosen = Signal(object)  # the Action clicked
    TITLE = "Sheet"
    PHASES: tuple[str, ...] = ()  # the decisions that bring the sheet forward

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        self.heading = widgets.heading(self.TITLE)
        layout.addWidget(self.heading)
        area, self.body = scroll_box(f"{name}_body")
        layout.addWidget(area, 1)
        self.buttons: dict[int, QPushButton] = {}

    def wanted(self, obs: Observation, legal: Sequence[Action]) -> bool:
        """The decision waiting is this sheet's (and the viewer's to take)."""
        return bool(legal) and str(obs.get("phase")) in self.PHASES

    def clear(self) -> None:
        """Nothing shown (a handover: the next player must not see the last one's)."""
        clear_layout(self.body)
        self.buttons = {}
        self.heading.setText(self.TITLE.upper())

    def show_sheet(self, obs: Observation, names: list[str], legal: Sequence[Action]) -> None:
        """Redraw from the observation and the viewer's legal actions."""
        self.clear()
        self.fill(obs, names, list(legal))
        self.body.addStretch(1)

    def fill(self, obs: Observation, names: list[str], legal: list[Action]) -> None:
        raise NotImplementedError

    # -- helpers for the sheets --------------------------------------------------------------
    def action_button(self, action: Action | None, text: str, name: str,
                      tip: str = "", primary: bool = False) -> QPushButton:
        """A button for ``action`` (disabled when it is None: not legal now)."""
        button = widgets.button(text, name, partial(self._choose, action),
                                enabled=action is not None, tip=tip or text)
        if primary:
            button.setStyleSheet(style.primary_button_stylesheet("4px 14px"))
        else:
            button.setStyleSheet("QPushButton { text-align: left; padding: 3px 10px; }")
        button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        if action is not None:
            self.buttons[action.code] = button
        return button

    def _choose(self, action: Action | None) -> None:
        if action is not None:
            self.chosen.emit(action)

    def button_grid(self, buttons: Sequence[QWidget], columns: int = 2) -> QGridLayout:
        """Buttons in rows of ``columns``, left-aligned (the rest of the row empty)."""
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        for index, button in enumerate(buttons):
            grid.addWidget(button, index // columns, index % columns)
        grid.setColumnStretch(columns, 1)
        return grid

    def note(self, text: str, name: str | None = None) -> QWidget:
        """A muted paragraph (the rule the sheet follows, or why nothing is to be done)."""
        label = widgets.label(text, name, rich=True, wrap=True)
        label.setStyleSheet(f"color:{Theme.MUTED};")
        return label


def own_colonies(obs: Observation) -> list[dict[str, Any]]:
    return [c for c in obs["colonies"] if c["owner"] == obs["viewer"]]


__all__ = ["Sheet", "TILE_SHEET", "find", "own_colonies"]
