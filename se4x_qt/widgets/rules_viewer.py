"""Help dialogs: the rules reference, the source rules texts, the keyboard shortcuts.

Why a reference and not only the texts: the rules texts the engine was
written from are long web pages, one topic spread over several places; a
player in the middle of a game wants the one rule that applies, with its
numbers, and the rules next to it (Wesnoth's help and Unciv's Civilopedia
work this way).  So the first tab lists the sections of
:mod:`se4x_qt.help_book` by chapter, a search box narrows the list to the
sections holding every word typed and highlights them in the text, and links
lead from section to section (Back returns).  The source texts stay in their
own tabs, searchable as before.

The app opens the viewer at a section (:func:`show_reference`): F1 on a
counter, a hex, a technology or a unit, and the "Why?" link of a refused
action.  One viewer serves the whole app, so following several links does
not pile up windows.

Every game has its own reference (:class:`se4x_qt.help_book.Reference`: its
chapters, its placeholders, its source texts), so the same viewer serves
Space Empires and SP4X; one viewer per game is open at a time.
"""

from __future__ import annotations

import html
from pathlib import Path

import shiboken6
from PySide6.QtCore import Qt, QTimer, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeySequence,
    QResizeEvent,
    QShortcut,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from se4x_qt import help_book, resources, style, widgets
from se4x_qt.style import Theme

RULES_DIR = resources.RULES_DIR
# Space Empires' texts; read through rules_files(), so replacing this name (as the
# self-test's tests do) changes what the viewer and the self-test read.
RULES_FILES: tuple[tuple[str, str], ...] = help_book.SPACE_EMPIRES.texts
SPACE_EMPIRES = help_book.SPACE_EMPIRES
HIT_COLOUR = QColor(Theme.HIGHLIGHT)
SECTION_ROLE = Qt.ItemDataRole.UserRole

# The mouse and the keys no menu item carries; the menus' own keys are read from the
# window's actions (see :func:`menu_shortcuts`), so the list can never leave one out.
GESTURES: tuple[tuple[str, str], ...] = (
    ("Mouse wheel", "Zoom in / out"),
    ("Drag (left or middle button)", "Pan the map"),
    ("Click a counter", "Select it; its reachable hexes light up"),
    ("Click a highlighted hex", "Move there (or place your homeworld, or drift)"),
    ("Esc / right click", "Cancel the selection"),
    ("Ctrl+F (in the rules)", "Search the rules"),
    ("Alt+Left (in the rules)", "Back to the section before"),
)
# what a menu item's key does, where its title alone would say too little
KEY_DETAILS = {"Rules": "Rules: the section for what is under the mouse, or for the current "
                        "decision"}


def menu_shortcuts(window: QWidget) -> list[tuple[str, str]]:
    """(keys, what they do) of every menu item of ``window`` that has a key, in menu
    order: "Ctrl+Shift+S", "Save As"."""
    rows: list[tuple[str, str]] = []
    menu_bar = window.findChild(QMenuBar)
    menus = [a.menu() for a in menu_bar.actions()] if menu_bar is not None else []
    while menus:
        menu = menus.pop(0)
        if not isinstance(menu, QMenu):
            continue
        for action in menu.actions():
            if action.menu() is not None:
                menus.append(action.menu())
                continue
            keys = [k.toString(QKeySequence.SequenceFormat.NativeText)
                    for k in action.shortcuts() if not k.isEmpty()]
            if keys:
                title = action.text().replace("&", "").rstrip("\u2026").strip()
                tip = action.statusTip()
                does = KEY_DETAILS.get(title, f"{title}: {tip}" if tip else title)
                rows.append((" / ".join(keys), does))
    return rows


def rules_files(reference: help_book.Reference = SPACE_EMPIRES) -> tuple[tuple[str, str], ...]:
    """A game's source texts: (tab title, file name)."""
    return RULES_FILES if reference is SPACE_EMPIRES else reference.texts


def rules_dir(reference: help_book.Reference = SPACE_EMPIRES) -> Path:
    return RULES_DIR if reference is SPACE_EMPIRES else reference.texts_dir


def read_rules(filename: str, folder: Path | None = None) -> str:
    try:
        return ((RULES_DIR if folder is None else folder) / filename).read_text(encoding="utf-8")
    except OSError as exc:
        return f"The rules text {filename} could not be read ({exc})."


def load_reference(reference: help_book.Reference = SPACE_EMPIRES
                   ) -> tuple[tuple[help_book.Section, ...], str]:
    """The reference's sections, or none and the reason (the viewer shows it)."""
    try:
        return help_book.reference_sections(reference), ""
    except (OSError, help_book.HelpError) as exc:
        return (), f"The rules reference could not be read ({exc})."


def section_markdown(section: help_book.Section, book: tuple[help_book.Section, ...]) -> str:
    """A section as the viewer shows it: title, body, and the sections that link here."""
    referrers = [s for s in book if s.id != section.id and section.id in s.links()]
    parts = [f"# {section.title}", section.markdown]
    if referrers:
        links = ", ".join(f"[{s.title}](#{s.id})" for s in referrers)
        parts.append(f"*Referred to by:* {links}")
    return "\n\n".join(parts)


class RulesViewer(QDialog):
    """The reference (chapters, search, links) and the source texts, in tabs."""

    def __init__(self, parent: QWidget | None = None,
                 reference: help_book.Reference = SPACE_EMPIRES) -> None:
        super().__init__(parent)
        self.reference = reference
        self.setObjectName("rules_viewer")
        self.setWindowTitle(f"Rules \u2014 {reference.title}")
        self.resize(1000, 760)
        self.book, self.problem = load_reference(reference)
        self.current_id = ""
        self.history: list[str] = []
        layout = QVBoxLayout(self)
        layout.addLayout(self._build_search_row())
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_reference(), "Reference")
        self.texts: list[QPlainTextEdit | QTextBrowser] = []
        for title, filename in rules_files(reference):
            self.tabs.addTab(self._build_text(filename), title)
        self.tabs.currentChanged.connect(lambda _index: self.filter_sections())
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        QShortcut(QKeySequence.StandardKey.Find, self).activated.connect(self.find_edit.setFocus)
        QShortcut(QKeySequence.StandardKey.Back, self).activated.connect(self.back)
        style.apply_theme(self)
        self.setStyleSheet(self.styleSheet() + style.form_stylesheet())
        self.filter_sections()
        if self.book:
            self.show_section(self.book[0].id, remember=False)

    # -- building -----------------------------------------------------------------------
    def _build_search_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.back_button = QPushButton("\u2190 Back")
        self.back_button.setObjectName("help_back")
        self.back_button.setEnabled(False)
        self.back_button.clicked.connect(lambda *_: self.back())
        row.addWidget(self.back_button)
        row.addWidget(QLabel("Search"))
        self.find_edit = QLineEdit()
        self.find_edit.setObjectName("help_search")
        self.find_edit.setPlaceholderText(
            f"words, e.g. {self.reference.search_example}  (Enter: next hit)")
        self.find_edit.setClearButtonEnabled(True)
        self.find_edit.textChanged.connect(lambda _text: self.filter_sections())
        self.find_edit.returnPressed.connect(self.find_next)
        row.addWidget(self.find_edit, 1)
        self.count_label = QLabel("")
        self.count_label.setObjectName("subtle")
        row.addWidget(self.count_label)
        return row

    def _build_reference(self) -> QWidget:
        splitter = QSplitter(Qt.Orientation.Horizontal)
        self.tree = QTreeWidget()
        self.tree.setObjectName("help_sections")
        self.tree.setHeaderHidden(True)
        self.tree.itemClicked.connect(self._tree_clicked)
        self.tree.itemActivated.connect(self._tree_clicked)
        self.items: dict[str, QTreeWidgetItem] = {}
        chapters: dict[str, QTreeWidgetItem] = {}
        for section in self.book:
            chapter = chapters.get(section.chapter)
            if chapter is None:
                chapter = chapters[section.chapter] = QTreeWidgetItem(self.tree, [section.chapter])
                chapter.setFlags(Qt.ItemFlag.ItemIsEnabled)
                chapter.setFont(0, style.font(10, bold=True))
            item = QTreeWidgetItem(chapter, [section.title])
            item.setData(0, SECTION_ROLE, section.id)
            self.items[section.id] = item
        self.tree.expandAll()
        self.browser = QTextBrowser()
        self.browser.setObjectName("help_text")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self.follow_link)
        self.browser.document().setDocumentMargin(14)
        if self.problem:
            self.browser.setPlainText(self.problem)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 740])
        return splitter

    def _build_text(self, filename: str) -> QPlainTextEdit | QTextBrowser:
        """A source text in its tab: plain text as it is, a Markdown text rendered."""
        font = QFont("DejaVu Sans")
        font.setPointSize(11)
        source = read_rules(filename, rules_dir(self.reference))
        text: QPlainTextEdit | QTextBrowser
        if filename.endswith(".md"):
            text = QTextBrowser()
            text.setOpenLinks(False)
            text.setFont(font)
            text.document().setDocumentMargin(14)
            text.setMarkdown(source)
        else:
            text = QPlainTextEdit()
            text.setReadOnly(True)
            text.setFont(font)
            text.setPlainText(source)
        self.texts.append(text)
        return text

    # -- showing sections ---------------------------------------------------------------
    def show_section(self, section_id: str, remember: bool = True) -> bool:
        """Show one section of the reference (False when there is no such section)."""
        section = help_book.by_id(section_id, self.book) if self.book else None
        if section is None:
            return False
        if remember and self.current_id and self.current_id != section_id:
            self.history.append(self.current_id)
        self.current_id = section_id
        self.back_button.setEnabled(bool(self.history))
        self.tabs.setCurrentIndex(0)
        self.browser.setMarkdown(section_markdown(section, self.book))
        self.browser.moveCursor(QTextCursor.MoveOperation.Start)
        item = self.items[section_id]
        if item.isHidden():  # a link leads outside the search's list: show everything
            self.find_edit.clear()
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self._highlight()
        return True

    def follow_link(self, url: QUrl) -> None:
        """A link in the text: another section (``#id``), or a web page."""
        if url.scheme() in ("http", "https"):
            return  # the reference has no outside links; never open a browser from here
        self.show_section(url.fragment() or url.toString().lstrip("#"))

    def back(self) -> None:
        if self.history:
            self.show_section(self.history.pop(), remember=False)
            self.back_button.setEnabled(bool(self.history))

    def _tree_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        section_id = item.data(0, SECTION_ROLE)
        if section_id:
            self.show_section(section_id)

    # -- search -------------------------------------------------------------------------
    def words(self) -> list[str]:
        return help_book.search_words(self.find_edit.text())

    def filter_sections(self) -> list[str]:
        """Show only the sections holding every word searched; their ids, best first."""
        found = help_book.search(self.find_edit.text(), self.book)
        ids = {s.id for s in found}
        for section_id, item in self.items.items():
            item.setHidden(section_id not in ids)
        for index in range(self.tree.topLevelItemCount()):
            chapter = self.tree.topLevelItem(index)
            if chapter is None:  # none below topLevelItemCount()
                continue
            children = (chapter.child(i) for i in range(chapter.childCount()))
            chapter.setHidden(all(child is None or child.isHidden() for child in children))
        searching = bool(self.words())
        self.count_label.setText(f"{len(found)} section{'s' if len(found) != 1 else ''}"
                                 if searching else "")
        if searching and found and self.current_id not in ids and self.tabs.currentIndex() == 0:
            self.show_section(found[0].id)
        else:
            self._highlight()
        return [s.id for s in found]

    def _editor(self) -> QTextEdit | QPlainTextEdit:
        index = self.tabs.currentIndex()
        return self.browser if index == 0 else self.texts[index - 1]

    def _highlight(self) -> int:
        """Mark every hit of the search words in the text shown; returns how many."""
        editor = self._editor()
        selections = []
        for word in self.words():
            cursor = editor.document().find(word, 0)
            while not cursor.isNull():
                selection = QTextEdit.ExtraSelection()
                selection.cursor = cursor
                selection.format.setBackground(HIT_COLOUR)
                selection.format.setForeground(QColor(Theme.BG))
                selections.append(selection)
                cursor = editor.document().find(word, cursor)
        editor.setExtraSelections(selections)
        return len(selections)

    def find_next(self) -> bool:
        """Select the next hit of the search in the current tab (wrapping round).

        In the reference, past the last hit of a section it goes on to the
        next section found.  False when there is no hit at all.
        """
        words = self.words()
        if not words:
            return False
        editor = self._editor()
        if editor.find(words[0]):
            return True
        if editor is self.browser:
            found = [s.id for s in help_book.search(self.find_edit.text(), self.book)]
            if self.current_id in found:
                following = found[(found.index(self.current_id) + 1) % len(found)]
            else:
                following = found[0] if found else self.current_id
            if following != self.current_id:
                self.show_section(following)
        editor.moveCursor(QTextCursor.MoveOperation.Start)
        return editor.find(words[0], QTextDocument.FindFlag(0))

    def hits(self) -> list[str]:
        """The highlighted words as they stand in the text (for tests and the self-test)."""
        return [s.cursor.selectedText() for s in self._editor().extraSelections()]


def show_reference(section_id: str | None = None, parent: QWidget | None = None,
                   reference: help_book.Reference = SPACE_EMPIRES) -> RulesViewer:
    """Open (or raise) the app's one rules viewer of a game, at ``section_id`` if given
    and known."""
    _open_viewers[:] = [v for v in _open_viewers if shiboken6.isValid(v)]
    viewer = next((v for v in _open_viewers if v.reference is reference), None)
    if viewer is None:
        viewer = RulesViewer(parent.window() if parent is not None else None, reference)
        viewer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        widgets.fit_to_screen(viewer, viewer.size())  # 760 tall: more than a laptop has
        _open_viewers.append(viewer)
    if section_id:
        viewer.show_section(section_id)
    viewer.show()
    viewer.raise_()
    viewer.activateWindow()
    return viewer


_open_viewers: list[RulesViewer] = []


def link_html(section_id: str, text: str = "Why?") -> str:
    """A rich-text link that a help-aware label turns into :func:`show_reference`."""
    return f'<a href="help:{html.escape(section_id)}">{html.escape(text)}</a>'


def help_source_files(reference: help_book.Reference = SPACE_EMPIRES) -> list[Path]:
    """Every file a game's Help window reads (the self-test checks they are there)."""
    folder = rules_dir(reference)
    return [folder / name for _title, name in rules_files(reference)] + sorted(
        reference.folder.glob("*.md"))


class ShortcutsDialog(QDialog):
    """A table of keys and mouse gestures."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(640, 600)
        layout = QVBoxLayout(self)
        self.rows = (menu_shortcuts(parent.window()) if parent is not None else []) \
            + list(GESTURES)
        table = QTableWidget(len(self.rows), 2)
        table.setObjectName("shortcuts")
        table.setHorizontalHeaderLabels(["Key", "Does"])
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setWordWrap(True)  # a long line wraps in its row instead of being cut
        table.setTextElideMode(Qt.TextElideMode.ElideNone)
        for row, (key, does) in enumerate(self.rows):
            table.setItem(row, 0, QTableWidgetItem(key))
            table.setItem(row, 1, QTableWidgetItem(does))
        self.table = table
        layout.addWidget(table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        style.apply_theme(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrower window wraps the long rows: each row as tall as its text (once the
        table's last column has taken its new width, after this event)."""
        super().resizeEvent(event)
        QTimer.singleShot(0, self.table.resizeRowsToContents)
