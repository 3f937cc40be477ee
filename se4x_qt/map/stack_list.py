"""The list of every counter in a hex, shown over the map when a stack is hovered or its
"+N" badge clicked (as Board Game Arena lists a stack).

Why a list beside the fan: a hex holds up to a dozen counters and the fan
shows four; a player wants to read them all without clicking through the
side panel - the type and number, the ships, the technology, how far each
has moved, and which fighters ride which carrier.  Everything comes from the
observation (an enemy's face-down counter stays "face-down group"; who rides
which carrier is its owner's information, the ``aboard`` field).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QFrame, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from se4x_core import data
from se4x_qt import style
from se4x_qt.map import art

ICON = 34  # a row's counter picture, in pixels
MAX_ROWS_SHOWN = 9  # the list scrolls beyond this


@dataclass
class StackRow:
    """One counter of the list: its unit, its indent (a fighter under its carrier), text."""

    unit: int
    depth: int
    text: str
    tip: str = ""


def carried_by(units: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """Carrier unit -> the fighter groups aboard it, among ``units`` (own units only
    carry ``aboard``)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for unit in units:
        carrier = unit.get("aboard")
        if isinstance(carrier, int):
            out.setdefault(carrier, []).append(unit)
    return out


def counter_name(unit: dict[str, Any], names: list[str] | None = None) -> str:
    """"Ann DD2 ×3" (a single-unit type without "×1"), or "Bob face-down group"."""
    who = style.player_name(unit["owner"], names)
    code = unit.get("unit_type")
    if code is None:
        return f"{who} face-down group"
    number = unit.get("number")
    label = f"{code}{number}" if number else code
    count = unit.get("count")
    unit_type = data.CODE_TO_UNIT.get(code)
    if count is not None and unit_type not in data.SINGLE_UNIT_TYPES:
        label += f" \u00d7{count}"
    return f"{who} {label}"


def _short(unit: dict[str, Any]) -> str:
    code = unit.get("unit_type") or "?"
    number = unit.get("number")
    return f"{code}{number}" if number else code


def details(unit: dict[str, Any], viewer: int, fighters: list[dict[str, Any]]) -> list[str]:
    """The second line of a row: kind, technology, movement, cargo, what it carries."""
    code = data.CODE_TO_UNIT.get(unit.get("unit_type") or "")
    parts: list[str] = []
    if code is not None:
        parts.append(data.UNIT_NAMES[code])
    if "attack_tech" in unit and code in data.WARSHIP_TYPES:
        parts.append(f"A{unit['attack_tech']} D{unit['defense_tech']} T{unit['tactics']}"
                     f" M{unit.get('movement_tech', 1)}")
    if unit.get("level") and code is not None and data.UNIT_SPECIAL_TECH[code] >= 0:
        parts.append(f"{data.TECH_NAMES[data.UNIT_SPECIAL_TECH[code]]} {unit['level']}")
    allowance = unit.get("allowance", 0)
    if unit["owner"] == viewer and allowance:
        moved = unit.get("moved", 0)
        parts.append("done" if unit.get("done") or moved >= allowance
                     else f"moved {moved}/{allowance}")
    if unit.get("cargo"):
        parts.append("towing " + ("a space wreck" if unit["cargo"] == "space_wreck"
                                  else f"minerals ({unit.get('cargo_value', 0)} CP)"))
    if fighters:
        parts.append("carries " + ", ".join(
            f"{_short(f)} (\u00d7{f.get('count', 1)})" for f in fighters))
    if isinstance(unit.get("aboard"), int):
        parts.append("aboard its carrier")
    if unit.get("revealed"):
        parts.append("revealed")
    return parts


def stack_rows(units: list[dict[str, Any]], viewer: int,
               names: list[str] | None = None) -> list[StackRow]:
    """The rows of a hex's list: the viewer's counters first, each carrier followed by the
    fighters aboard it (indented), then the other players'."""
    aboard = carried_by(units)
    by_unit = {u["unit"]: u for u in units}
    ordered = sorted((u for u in units if not isinstance(u.get("aboard"), int)
                      or u["aboard"] not in by_unit),
                     key=lambda u: (u["owner"] != viewer, u["owner"], u["unit"]))
    rows: list[StackRow] = []
    for unit in ordered:
        fighters = aboard.get(unit["unit"], [])
        rows.append(_row(unit, 0, viewer, fighters, names))
        for fighter in fighters:
            row = _row(fighter, 1, viewer, [], names)
            row.text = row.text.replace("aboard its carrier", f"aboard {_short(unit)}")
            rows.append(row)
    return rows


def _row(unit: dict[str, Any], depth: int, viewer: int, fighters: list[dict[str, Any]],
         names: list[str] | None) -> StackRow:
    text = counter_name(unit, names)
    more = details(unit, viewer, fighters)
    if more:
        text += "\n" + " \u00b7 ".join(more)
    return StackRow(unit["unit"], depth, ("\u21b3 " if depth else "") + text)


class StackList(QFrame):
    """The floating list of a hex's counters; a click on a row chooses that counter."""

    unit_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.ToolTip)
        self.setObjectName("stack_list_popup")
        self.hex_index = -1
        self.pinned = False
        self.setStyleSheet(f"#stack_list_popup {{ background: {style.Theme.PANEL}; "
                           f"border: 1px solid {style.Theme.ACCENT}; border-radius: 6px; }}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 8)
        layout.setSpacing(4)
        self.title = QLabel("")
        self.title.setObjectName("panelTitle")
        layout.addWidget(self.title)
        self.rows = QListWidget()
        self.rows.setObjectName("stack_rows")
        self.rows.setIconSize(QSize(ICON + 14, ICON + 14))
        self.rows.setWordWrap(True)
        self.rows.setFrameShape(QFrame.Shape.NoFrame)
        self.rows.itemClicked.connect(self._clicked)
        layout.addWidget(self.rows)

    def show_stack(self, title: str, units: list[dict[str, Any]], viewer: int,
                   names: list[str] | None, faces: dict[int, art.CounterFace], at: QPoint,
                   pinned: bool = False) -> None:
        """List ``units`` (one hex's, drawn with ``faces``) under ``title`` near the global
        point ``at``; ``pinned`` keeps it open until a click elsewhere."""
        self.pinned = pinned
        self.title.setText(title)
        self.rows.clear()
        for row in stack_rows(units, viewer, names):
            item = QListWidgetItem(QIcon(art.counter_pixmap(faces[row.unit], ICON)), row.text)
            item.setData(Qt.ItemDataRole.UserRole, row.unit)
            self.rows.addItem(item)
        line = self.rows.sizeHintForRow(0) if self.rows.count() else 20
        shown = min(self.rows.count(), MAX_ROWS_SHOWN)
        self.rows.setFixedHeight(line * shown + 6)
        self.rows.setMinimumWidth(min(420, self.rows.sizeHintForColumn(0) + 24))
        self.adjustSize()
        self.move(self._inside_screen(at))
        self.show()
        self.raise_()

    def texts(self) -> list[str]:
        """The rows' texts, top to bottom (tests)."""
        return [self.rows.item(i).text() for i in range(self.rows.count())]

    def _inside_screen(self, at: QPoint) -> QPoint:
        screen = self.screen().availableGeometry() if self.screen() else None
        point = QPoint(at.x() + 16, at.y() + 12)
        if screen is None:
            return point
        x = min(point.x(), screen.right() - self.width())
        y = point.y() if point.y() + self.height() <= screen.bottom() else \
            at.y() - self.height() - 8
        return QPoint(max(screen.left(), x), max(screen.top(), y))

    def _clicked(self, item: QListWidgetItem) -> None:
        unit = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(unit, int):
            self.hide()
            self.unit_chosen.emit(unit)

    def dismiss(self) -> None:
        self.pinned = False
        self.hide()
