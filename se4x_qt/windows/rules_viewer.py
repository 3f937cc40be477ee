"""Help dialogs: the rules texts, the keyboard shortcuts, and About.

Why the rules ship as plain text in ``resources/rules``: they are the texts
the engine was written from, a player can search them (Ctrl+F in the
viewer), and a missing file is reported in the viewer rather than
breaking the Help menu.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont, QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from se4x_qt import style

RULES_DIR = Path(__file__).resolve().parents[2] / "resources" / "rules"
RULES_FILES: tuple[tuple[str, str], ...] = (
    ("Rules summary", "se4x-rules-summary.txt"),
    ("Board Game Arena help", "se4x-bga-help.txt"),
)

SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Ctrl+N", "New game"),
    ("Ctrl+O", "Open a saved game"),
    ("Ctrl+S", "Save"),
    ("Ctrl+Shift+S", "Save as"),
    ("Ctrl+Q", "Quit"),
    ("Ctrl+Z", "Undo the last movement step"),
    ("Space / Enter", "End movement"),
    ("Ctrl+B", "Auto-resolve the current battle"),
    ("+ / \u2212 / mouse wheel", "Zoom in / out"),
    ("Ctrl+0", "Fit the board to the window"),
    ("H", "Centre on your homeworld"),
    ("Drag (left or middle button)", "Pan the map"),
    ("Click a counter", "Select it; its reachable hexes light up"),
    ("Click a highlighted hex", "Move there (or place your homeworld, or drift)"),
    ("Esc / right click", "Cancel the selection"),
    ("F1", "Rules"),
)


def read_rules(filename: str) -> str:
    try:
        return (RULES_DIR / filename).read_text(encoding="utf-8")
    except OSError as exc:
        return f"The rules text {filename} could not be read ({exc})."


class RulesViewer(QDialog):
    """Read-only rules texts in tabs, with a find box."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rules_viewer")
        self.setWindowTitle("Rules \u2014 Space Empires 4X")
        self.resize(900, 760)
        layout = QVBoxLayout(self)
        find_row = QHBoxLayout()
        find_row.addWidget(QLabel("Find"))
        self.find_edit = QLineEdit()
        self.find_edit.setPlaceholderText("a word, e.g. Black Hole")
        self.find_edit.returnPressed.connect(self.find_next)
        find_row.addWidget(self.find_edit, 1)
        layout.addLayout(find_row)
        self.tabs = QTabWidget()
        self.texts: list[QPlainTextEdit] = []
        mono = QFont("DejaVu Sans")
        mono.setPointSize(11)
        for title, filename in RULES_FILES:
            text = QPlainTextEdit()
            text.setReadOnly(True)
            text.setFont(mono)
            text.setPlainText(read_rules(filename))
            self.tabs.addTab(text, title)
            self.texts.append(text)
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.find_edit.setFocus)
        style.apply_theme(self)

    def find_next(self) -> bool:
        """Select the next occurrence (wrapping round); False when there is none."""
        editor = self.texts[self.tabs.currentIndex()]
        needle = self.find_edit.text()
        if not needle:
            return False
        if editor.find(needle):
            return True
        editor.moveCursor(QTextCursor.MoveOperation.Start)
        return editor.find(needle, QTextDocument.FindFlag(0))


class ShortcutsDialog(QDialog):
    """A table of keys and mouse gestures."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(560, 520)
        layout = QVBoxLayout(self)
        table = QTableWidget(len(SHORTCUTS), 2)
        table.setHorizontalHeaderLabels(["Key", "Does"])
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (key, does) in enumerate(SHORTCUTS):
            table.setItem(row, 0, QTableWidgetItem(key))
            table.setItem(row, 1, QTableWidgetItem(does))
        layout.addWidget(table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        style.apply_theme(self)

