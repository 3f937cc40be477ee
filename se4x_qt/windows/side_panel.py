"""The side panel: the selected hex, the counters in it, and what they may do now.

Why a panel beside the map: counters are fanned on the map, and a big stack
(the homeworld starts with eight) hides most of its counters behind a "+N"
badge; the panel lists every counter of the hex with its details, and
offers the non-movement actions (split, merge, colonize, load, unload,
peek) as buttons that are enabled exactly when the engine lists the action
as legal.  It never decides a rule itself.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.hexgrid import DIRECTION_NAMES, Board
from se4x_core.observation import MachineView, Observation, UnitView
from se4x_qt import style
from se4x_qt.games.se4x.log_text import (
    MACHINE_FIGHT_TEXT,
    MACHINE_MOVES_TEXT,
    machine_hits_text,
    machine_stats_text,
    machine_title,
    marker_title,
    sentence,
)
from se4x_qt.map import art
from se4x_qt.map.hexmap import unit_face, unit_title
from se4x_qt.map.stack_list import carried_by
from se4x_qt.widgets import heading


def special_tech_text(code: int | None, level: int) -> str:
    """Advanced rules: the special technology a group carries, e.g. "Cloaking 2"."""
    if code is None or not level or data.UNIT_SPECIAL_TECH[code] < 0:
        return ""
    text = f"{data.TECH_NAMES[data.UNIT_SPECIAL_TECH[code]]} {level}"
    return f"{text} (F{level})" if code == data.F else text


class SidePanel(QWidget):
    """The selected hex and its stack."""

    unit_selected = Signal(int)
    action_requested = Signal(object)  # an Action to apply
    end_requested = Signal()  # "End movement": the window asks first if units could move

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("side_panel")
        self.setMinimumWidth(280)
        self._unit = -1
        self._hex = -1
        self._legal: list[Action] = []
        self._obs: Observation | None = None
        self._board: Board | None = None
        self._riders: dict[int, list[UnitView]] = {}  # carrier -> the fighters aboard
        self._short_names: dict[int, str] = {}  # unit -> "DD2", of the hex shown
        self._updating = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(8)
        layout.addLayout(self._build_header())
        self.unit_list = QListWidget()
        self.unit_list.setObjectName("stack_list")
        self.unit_list.setIconSize(QSize(48, 48))
        self.unit_list.setSpacing(1)
        self.unit_list.setWordWrap(True)
        self.unit_list.currentItemChanged.connect(self._on_row)
        layout.addWidget(self.unit_list, 1)
        layout.addWidget(self._build_actions())
        self.end_button = QPushButton("End movement")
        self.end_button.setObjectName("primary")
        self.end_button.setToolTip("Finish moving this turn (Space or Enter)")
        self.end_button.clicked.connect(lambda: self.end_requested.emit())
        layout.addWidget(self.end_button)
        self._refresh_buttons()

    # -- building ------------------------------------------------------------------------
    def _build_header(self) -> QHBoxLayout:
        header = QHBoxLayout()
        self.marker_icon = QLabel()
        self.marker_icon.setFixedSize(48, 48)
        header.addWidget(self.marker_icon)
        titles = QVBoxLayout()
        titles.setSpacing(0)
        self.title = QLabel("No hex selected")
        self.title.setObjectName("panelTitle")
        self.subtitle = QLabel("Click a hex or a counter on the map.")
        self.subtitle.setObjectName("subtle")
        self.subtitle.setWordWrap(True)
        titles.addWidget(self.title)
        titles.addWidget(self.subtitle)
        header.addLayout(titles, 1)
        return header

    def _build_actions(self) -> QFrame:
        self.actions_box = QFrame()
        self.actions_box.setObjectName("actionsBox")
        grid = QGridLayout(self.actions_box)
        grid.setContentsMargins(8, 8, 8, 8)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(6)
        self.actions_title = heading("Actions")
        grid.addWidget(self.actions_title, 0, 0, 1, 3)
        self.split_count = QSpinBox()
        self.split_count.setObjectName("split_count")
        self.split_count.setPrefix("ships: ")
        self.split_count.setSpecialValueText("\u2014")
        self.split_button = self._button("Split", "Split these ships off into a new group")
        self.split_button.clicked.connect(self._split)
        _action_row(grid, 1, "Split", self.split_count, self.split_button)
        self.merge_with = QComboBox()
        self.merge_button = self._button("Merge", "Merge the two groups into one counter")
        self.merge_button.clicked.connect(self._merge)
        _action_row(grid, 2, "Merge", self.merge_with, self.merge_button)
        self.peek_at = QComboBox()
        self.peek_button = self._button("Peek", "Exploration: look at an adjacent marker "
                                                "before moving, then reveal or hide it")
        self.peek_button.clicked.connect(self._peek)
        _action_row(grid, 3, "Peek", self.peek_at, self.peek_button)
        grid.addLayout(self._build_cargo_row(), 4, 0, 1, 3)
        grid.addLayout(self._build_carrier_row(), 5, 0, 1, 3)
        grid.setColumnStretch(1, 1)
        return self.actions_box

    def _build_cargo_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.colonize_button = self._button("Colonize", "Land the colony ship: a new colony")
        self.colonize_button.clicked.connect(lambda: self._simple("colonize"))
        self.load_button = self._button("Load", "Take the minerals or wreck here in tow")
        self.load_button.clicked.connect(lambda: self._simple("load"))
        self.unload_button = self._button("Unload", "Deliver the cargo to this colony")
        self.unload_button.clicked.connect(lambda: self._simple("unload"))
        self.board_button = self._button("Board", "Fighters go aboard a carrier here "
                                                  "(3 fighters a carrier) and move with it")
        self.board_button.clicked.connect(lambda: self._simple("board"))
        self.leave_button = self._button("Leave", "Fighters leave their carrier and stay here")
        self.leave_button.clicked.connect(lambda: self._simple("leave_carrier"))
        for button in (self.colonize_button, self.load_button, self.unload_button):
            row.addWidget(button)
        return row

    def _build_carrier_row(self) -> QHBoxLayout:
        """Fighters and carriers (advanced rules): a row of its own, hidden otherwise."""
        row = QHBoxLayout()
        for button in (self.board_button, self.leave_button):
            row.addWidget(button)
        return row

    def _button(self, text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(f"{text.lower()}_button")
        button.setToolTip(tip)
        return button

    # -- showing ------------------------------------------------------------------------
    def show_hex(self, obs: Observation | None, board: Board | None, hex_index: int,
                 selected_unit: int, legal: list[Action], names: list[str]) -> None:
        """List the counters of ``hex_index`` and enable what ``legal`` allows."""
        self._legal = legal
        self._hex = hex_index
        self._unit = selected_unit
        self._obs = obs
        self._board = board
        self._updating = True
        self.unit_list.clear()
        self.end_button.setEnabled(any(a.kind == "end_movement" for a in legal))
        if obs is None or board is None or not 0 <= hex_index < board.size:
            self.title.setText("No hex selected")
            self.subtitle.setText("Click a hex or a counter on the map.")
            self.marker_icon.clear()
            self._updating = False
            self._refresh_buttons()
            return
        view = obs["hexes"][hex_index]
        region = view["home_of"]
        where = (f"{style.player_name(region, names)} home system" if region >= 0
                 else "Deep Space")
        self.title.setText(f"Hex {board.label(hex_index)}")
        if view.get("marker") is None:
            what = "Unexplored"
            if view.get("peeked"):
                peeked = marker_title(view["peeked"], view.get("peeked_value", 0))
                what += f" (you peeked: {peeked})"
        else:
            what = marker_title(view["marker"], view.get("value", 0))
        colony = view.get("colony")
        if colony:
            kind = "Homeworld" if colony.get("homeworld") else "Colony"
            what += (f" \u00b7 {kind} of {style.player_name(colony['owner'], names)}, "
                     f"{colony['cp']} CP")
            if colony.get("minerals_waiting"):
                what += f" \u00b7 {colony['minerals_waiting']} CP of minerals delivered"
        machines = [m for m in obs.get("machines", []) if m["hex"] == hex_index]
        for machine in machines:
            what += f" \u00b7 {machine_title(machine['number'])}"
        self.subtitle.setText(f"{what}\n{where}")
        border = style.player_colour(region) if region >= 0 else art.DEEP_SPACE_BORDER
        self.marker_icon.setPixmap(art.marker_pixmap(view.get("marker"), view.get("value", 0),
                                                     48, border))
        viewer = obs["viewer"]
        units = [u for u in obs["units"] if u["hex"] == hex_index]
        units.sort(key=lambda u: (u["owner"] != viewer, u["owner"], u["unit"]))
        for machine in machines:
            self.unit_list.addItem(machine_row(machine))
        self._riders = carried_by(units)
        self._short_names = {u["unit"]: f"{u.get('unit_type') or '?'}{u.get('number') or ''}"
                             for u in units}
        for unit in units:
            item = QListWidgetItem(QIcon(art.counter_pixmap(unit_face(unit, viewer), 34)),
                                   self._unit_text(unit, names, viewer))
            item.setData(Qt.ItemDataRole.UserRole, unit["unit"])
            item.setToolTip(unit_title(unit, names))
            self.unit_list.addItem(item)
            if unit["unit"] == selected_unit:
                self.unit_list.setCurrentItem(item)
        if not units and not machines:
            empty = QListWidgetItem("No counters here.")
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.unit_list.addItem(empty)
        self._updating = False
        self._refresh_buttons()

    def _unit_text(self, unit: UnitView, names: list[str], viewer: int) -> str:
        title = unit_title(unit, names)
        lines = [title]
        code = data.CODE_TO_UNIT.get(unit.get("unit_type") or "")
        if code is not None:
            lines.append(data.UNIT_NAMES[code])
        if unit["owner"] == viewer and "moved" in unit:
            allowance = unit.get("allowance", 0)
            bonus = unit.get("chain_bonus", 0)  # MS pipelines: one hex more along the chain
            if allowance:
                state = "done" if unit.get("done") or unit["moved"] >= allowance + bonus else \
                    f"moved {unit['moved']}/{allowance}" + (" +1 on the chain" if bonus else "")
                lines[-1] += f" \u00b7 {state}"
            if unit.get("cargo"):
                lines.append("Towing " + marker_title(unit["cargo"], unit.get("cargo_value", 0)))
            dot = " \u00b7 "
            tech = dot.join((f"Att {unit.get('attack_tech', 0)}",
                             f"Def {unit.get('defense_tech', 0)}",
                             f"Tac {unit.get('tactics', 0)}",
                             f"Move {unit.get('movement_tech', 1)}"))
            if code in data.WARSHIP_TYPES:
                lines.append(tech)
            special = special_tech_text(code, unit.get("level", 0))
            if special:
                lines.append(special)
            lines += self._carrier_lines(unit)
        if unit.get("revealed"):
            lines.append("Revealed")
        return "\n".join(lines)

    def _carrier_lines(self, unit: UnitView) -> list[str]:
        """Fighters and carriers (advanced rules): which fighters ride which carrier."""
        names = self._short_names
        riders = self._riders.get(unit["unit"], [])
        lines = []
        if riders:
            lines.append("Carries " + ", ".join(
                f"{names.get(f['unit'], 'F')} (\u00d7{f.get('count', 1)})" for f in riders))
        carrier = unit.get("aboard")
        if isinstance(carrier, int):
            lines.append(f"Aboard {names.get(carrier, 'a carrier')}")
        return lines

    def selected_unit(self) -> int:
        return self._unit

    # -- actions -----------------------------------------------------------------------
    def _mine(self, kind: str) -> list[Action]:
        return [a for a in self._legal if a.kind == kind and a.unit == self._unit]

    def _refresh_buttons(self) -> None:
        unit = self._unit
        splits = sorted(a.count for a in self._mine("split"))
        self.split_button.setEnabled(bool(splits))
        self.split_count.setEnabled(bool(splits))
        if splits:
            self.split_count.setRange(splits[0], splits[-1])
        else:
            self.split_count.setRange(0, 0)
        merges = [a for a in self._legal if a.kind == "merge" and unit in (a.unit, a.other)]
        self.merge_with.clear()
        for action in merges:
            other = action.other if action.unit == unit else action.unit
            self.merge_with.addItem(self._name_of(other), action)
        self.merge_button.setEnabled(bool(merges))
        self.merge_with.setEnabled(bool(merges))
        peeks = self._mine("peek")
        self.peek_at.clear()
        for action in peeks:
            self.peek_at.addItem(self._peek_label(action), action)
        self.peek_button.setEnabled(bool(peeks))
        self.peek_at.setEnabled(bool(peeks))
        self.colonize_button.setEnabled(bool(self._mine("colonize")))
        self.load_button.setEnabled(bool(self._mine("load")))
        self.unload_button.setEnabled(bool(self._mine("unload")))
        advanced = "fighters" in (self._obs["advanced"] if self._obs is not None else [])
        for button, kind in ((self.board_button, "board"), (self.leave_button, "leave_carrier")):
            button.setVisible(advanced)
            button.setEnabled(bool(self._mine(kind)))
        title = "ACTIONS"
        if unit >= 0:
            title = f"ACTIONS \u2014 {self._name_of(unit)}"
        self.actions_title.setText(title)

    def _name_of(self, unit: int) -> str:
        obs = self._obs
        for view in obs["units"] if obs is not None else []:
            if view["unit"] == unit and view.get("unit_type"):
                return f"{view['unit_type']}{view.get('number') or ''}"
        return f"group {unit}"

    def _peek_label(self, action: Action) -> str:
        board = self._board
        obs = self._obs
        if board is None or obs is None:
            return DIRECTION_NAMES[action.dir]
        here = next((u["hex"] for u in obs["units"] if u["unit"] == action.unit), -1)
        target = board.neighbour(here, action.dir) if here >= 0 else -1
        label = board.label(target) if target >= 0 else "?"
        return f"{label} ({DIRECTION_NAMES[action.dir]})"

    def _on_row(self, current: QListWidgetItem | None, _previous: object) -> None:
        if self._updating or current is None:
            return
        unit = current.data(Qt.ItemDataRole.UserRole)
        if isinstance(unit, int):
            self.unit_selected.emit(unit)

    def _split(self) -> None:
        count = self.split_count.value()
        for action in self._mine("split"):
            if action.count == count:
                self.action_requested.emit(action)
                return

    def _merge(self) -> None:
        action = self.merge_with.currentData()
        if isinstance(action, Action):
            self.action_requested.emit(action)

    def _peek(self) -> None:
        action = self.peek_at.currentData()
        if isinstance(action, Action):
            self.action_requested.emit(action)

    def _simple(self, kind: str) -> None:
        actions = self._mine(kind)
        if actions:
            self.action_requested.emit(actions[0])


def machine_row(machine: MachineView) -> QListWidgetItem:
    """A Doomsday Machine's row in the stack list: what it is, its hits, what it does.

    Shown, never selectable: nobody gives it orders.
    """
    text = "\n".join((machine_title(machine["number"]),
                      f"{sentence(machine_stats_text())} \u00b7 "
                      f"{machine_hits_text(machine['hits'])}",
                      MACHINE_MOVES_TEXT))
    item = QListWidgetItem(QIcon(art.machine_pixmap(machine["number"], machine["hits"],
                                                    art.MACHINE_HULL, 48)), text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    item.setToolTip(MACHINE_FIGHT_TEXT)
    item.setForeground(style.player_colour(data.MACHINE_SIDE).lighter(130))
    return item


def _action_row(grid: QGridLayout, row: int, caption: str, control: QWidget,
                button: QPushButton) -> None:
    """One row of the actions box: what it is, its choice (count, partner, hex), its button."""
    grid.addWidget(QLabel(caption), row, 0)
    grid.addWidget(control, row, 1)
    grid.addWidget(button, row, 2)
