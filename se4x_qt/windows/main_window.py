"""Space Empires' window: the map in the middle, minimap, stack panel and log docked
around it.  It is the game's :class:`~se4x_qt.shell.game_window.GameWindow`: File,
Settings, Help, saves and the LAN menus are the shell's, the rest is the game's.

Why it is built this way:

* The central widget is a stack of pages - welcome, map, handover, battle
  cover - so that covering the map for a hot-seat handover is one page
  switch (plus hiding the docks and dialogs), never a matter of painting
  over it and hoping nothing shows through.
* Everything on screen is redrawn from ``Session.observation()`` after each
  ``changed`` signal; the window keeps no copy of the game.
* Phase windows (battle, production, game over) are opened and closed by
  :class:`~se4x_qt.windows.dialog_host.DialogHost` from the phase alone.
* Every file error becomes a message box (opened without blocking), never
  an exception; an autosave is written at every phase change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import shiboken6
from PySide6.QtCore import QByteArray, QPointF, QSize, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QCursor,
    QKeySequence,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.hexgrid import board_for
from se4x_core.phases import COMBAT_PHASES
from se4x_qt import help_book, style, widgets
from se4x_qt.games.se4x import coach
from se4x_qt.games.se4x.journal import Journal
from se4x_qt.games.se4x.session import GAME, Session
from se4x_qt.map.hexmap import DEFAULT_ZOOM, HexMapView
from se4x_qt.map.map_controller import MapController, undone_text, unmoved_warning
from se4x_qt.map.minimap import MiniMap
from se4x_qt.session import saves, storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.journal_entry import JournalEntry
from se4x_qt.shell import lan
from se4x_qt.shell.game_window import GameWindow
from se4x_qt.shell.handover import BattleCover, HandoverScreen
from se4x_qt.shell.shell import AppShell
from se4x_qt.widgets import centred_label, heading, help_links
from se4x_qt.widgets.log_view import LogLine, LogView
from se4x_qt.widgets.rules_viewer import RulesViewer, ShortcutsDialog
from se4x_qt.windows.about import about_box
from se4x_qt.windows.dialog_host import DialogHost, phase_router
from se4x_qt.windows.side_panel import SidePanel

PAGE_WELCOME, PAGE_MAP, PAGE_HANDOVER, PAGE_BATTLE = range(4)
SUMMARY_LINES = 14
LOG_KEEP = 1500  # entries shown in the log dock
PREFERRED_SIZE = QSize(1600, 1000)  # on a smaller screen: the screen's available area
APP_TITLE = "Space Empires 4X"  # every window's title ends with it (Qt adds it otherwise)

PHASE_TITLES = {
    "place_homeworld": "Homeworld placement",
    "movement": "Movement",
    "lost_in_space": "Lost in Space",
    "exploration_peek": "Exploration",
    "choose_battle": "Combat",
    "combat_screen": "Combat: screening",
    "combat_fire": "Combat",
    "colony_attack": "Combat: colony attack",
    "mines": "Combat: mines",
    "economic_bid": "Economic Phase: bids",
    "choose_order": "Economic Phase: turn order",
    "economic_purchase": "Economic Phase: purchases",
    "game_over": "Game over",
}

HINT_TIP = "What the Hard computer level would do now"  # Game > Hint's tooltip


class Banner(QFrame):
    """The prompt over the top of the map: what to do now, with optional buttons.

    A button carries an engine :class:`Action` (emitted as ``action_chosen``) or a
    callable of the window's own (Undo, which is no engine action).
    """

    action_chosen = Signal(object)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, 6, 8, 6)
        self.label = QLabel("")
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self._buttons: list[QPushButton] = []
        self._row = layout
        self.hide()

    def set_prompt(self, text: str, buttons: list[tuple[str, Action | Callable[[], None]]]
                   ) -> None:
        for button in self._buttons:  # out of the row now, deleted when Qt is idle
            self._row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self._buttons = []
        self.label.setText(text)
        for caption, choice in buttons:
            button = QPushButton(caption)
            button.setObjectName("primary" if not self._buttons else "")
            if isinstance(choice, Action):
                button.clicked.connect(lambda _=False, a=choice: self.action_chosen.emit(a))
            else:
                button.clicked.connect(lambda _=False, f=choice: f())
                button.setObjectName(f"banner_{caption.lower().split()[0]}")
            self._row.addWidget(button)
            self._buttons.append(button)
        self.setVisible(bool(text))
        self.adjustSize()

    def buttons(self) -> list[QPushButton]:
        return list(self._buttons)


class SummaryCard(QFrame):
    """"Since your last turn": what happened while the player was away from the screen.

    Its list scrolls within the map (the page sets its height, see
    :meth:`MapPage.place_overlays`), so a long absence never pushes "Got it" off
    the map.
    """

    WIDTH = 430

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("summary")
        self.setFixedWidth(self.WIDTH)  # narrower on a small map: see fit_height
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 14, 10)
        self.title = heading("Since your last turn")
        layout.addWidget(self.title)
        self.body = QLabel("")
        self.body.setObjectName("summary_body")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("summary_scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget "
                                       "{ background: transparent; }")
        self.scroll_area.setWidget(self.body)
        layout.addWidget(self.scroll_area, 1)
        self._column = layout
        self.close_button = QPushButton("Got it")
        self.close_button.clicked.connect(self.hide)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignRight)
        self.lines: list[str] = []
        self.hide()

    def show_entries(self, entries: list[JournalEntry]) -> None:
        self.lines = [e["text"] for e in entries if not e.get("heading")]
        if not self.lines:
            self.hide()
            return
        shown = self.lines[-SUMMARY_LINES:]
        more = len(self.lines) - len(shown)
        items = "".join(f"<li>{_escape(line)}</li>" for line in shown)
        extra = f"<p><i>\u2026 and {more} earlier events (see the log).</i></p>" if more else ""
        self.body.setText(f"<ul style='margin-left:-18px'>{items}</ul>{extra}")
        self.show()
        self.raise_()

    def fit_height(self, room: int, width_room: int | None = None) -> None:
        """As tall as its text needs, at most ``room`` pixels (the list scrolls beyond), and
        at most ``width_room`` wide (a small map at a large UI scale)."""
        width = min(self.WIDTH, width_room) if width_room else self.WIDTH
        self.setFixedWidth(max(200, width))
        layout = self._column
        margins, spacing = layout.contentsMargins(), layout.spacing()
        inner = self.body.heightForWidth(self.width() - margins.left() - margins.right() - 2) + 8
        wanted = (margins.top() + self.title.sizeHint().height() + spacing + inner + spacing
                  + self.close_button.sizeHint().height() + margins.bottom())
        self.setFixedHeight(max(120, min(room, wanted)))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class MapPage(QWidget):
    """The map view with its overlays (prompt banner, summary card)."""

    def __init__(self, view: HexMapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(view)
        self.view = view
        self.banner = Banner(self)
        self.summary = SummaryCard(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_overlays()

    def place_overlays(self) -> None:
        room = max(320, self.width() - 40)
        hint = self.banner.label.fontMetrics().horizontalAdvance(self.banner.label.text())
        buttons = sum(b.sizeHint().width() + 8 for b in self.banner.buttons())
        width = min(room, 720, hint + buttons + 48)
        self.banner.setFixedWidth(max(260, width))
        self.banner.adjustSize()
        self.banner.move((self.width() - self.banner.width()) // 2, 10)
        self.banner.raise_()
        top = 14 + (self.banner.height() + 10 if self.banner.isVisible() else 0)
        self.summary.fit_height(self.height() - top - 16, self.width() - 32)
        self.summary.move(self.width() - self.summary.width() - 16, top)
        self.summary.raise_()


class WelcomePage(QWidget):
    """Shown before any game: new game or open."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(centred_label("SPACE EMPIRES 4X", "welcomeTitle"))
        layout.addWidget(centred_label("eXplore \u00b7 eXpand \u00b7 eXploit \u00b7 eXterminate",
                                       "subtle"))
        layout.addSpacing(24)
        row = QHBoxLayout()
        row.addStretch(1)
        self.new_button = QPushButton("New game")
        self.new_button.setObjectName("primary")
        self.open_button = QPushButton("Open a saved game\u2026")
        row.addWidget(self.new_button)
        row.addWidget(self.open_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(3)


class MainWindow(GameWindow):
    """Space Empires' window: one game at a time (its driver is ``session``)."""

    GAME: ClassVar[str] = GAME

    def __init__(self, settings: storage.Settings | None = None,
                 shell: AppShell | None = None) -> None:
        super().__init__(settings, shell)
        self.setObjectName("main_window")
        self.setWindowTitle(APP_TITLE)
        self.setStyleSheet(style.main_stylesheet())
        self.sounds = self.shell.sounds
        self.confirm_box: QMessageBox | None = None
        self.journal: Journal | None = None
        self.handover_player = -1
        self.last_hint = ""
        self.last_undo_text = ""
        self._hidden_windows: list[QWidget] = []
        self._dock_visible: dict[str, bool] = {}
        self._centred_for = -1
        self._homes_shown: set[int] = set()  # viewers whose placed homeworld was centred
        self._emblems: dict[int, QPixmap] = {}  # the log's emblems, made once per window
        self._view_state: dict[int, tuple[float, QPointF]] = {}  # player -> zoom, centre

        self.view = HexMapView()
        self.view.animate = self.settings.animations
        self.map_page = MapPage(self.view)
        self.welcome = WelcomePage()
        self.handover = HandoverScreen()
        self.battle_cover = BattleCover()
        self.pages = QStackedWidget()
        for page in (self.welcome, self.map_page, self.handover, self.battle_cover):
            self.pages.addWidget(page)
        self.setCentralWidget(self.pages)

        self.side_panel = SidePanel()
        self.minimap = MiniMap(self.view)
        self.log_view = LogView(LOG_KEEP, icons=True)
        self.log_view.setObjectName("event_log")
        self.log_view.target_chosen.connect(self._log_hex_chosen)
        self.controller = MapController(self.view, self.side_panel, self)
        self.dialogs = DialogHost(self)
        self.dialogs.opened.connect(self._phase_window_opened)
        self.side_panel.end_requested.connect(self.end_movement)
        self._build_docks()
        self._build_menus()
        self._build_status_bar()

        self.welcome.new_button.clicked.connect(self.new_game)
        self.welcome.open_button.clicked.connect(self.open_dialog)
        self.handover.accepted.connect(self._handover_accepted)
        self.controller.banner.connect(self._on_banner)
        self.controller.message.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self.map_page.banner.action_chosen.connect(self.controller.apply)
        widgets.fit_to_screen(self, PREFERRED_SIZE)
        self._size_docks()
        self._restore_geometry()
        self._cover(PAGE_WELCOME)
        self._update_actions()

    # -- building ----------------------------------------------------------------------
    def _build_docks(self) -> None:
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks
                            | QMainWindow.DockOption.AllowTabbedDocks)
        # the right column (minimap, stack panel) runs the full height; the log sits under
        # the map only
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.setCorner(Qt.Corner.TopRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.minimap_dock = self._dock("Minimap", self.minimap, "minimap_dock",
                                       Qt.DockWidgetArea.RightDockWidgetArea)
        # the panel scrolls in its dock: at a large UI scale on a small screen its rows of
        # buttons are taller than the window may be
        self.panel_dock = self._dock("Selected hex", widgets.ContentScrollArea(self.side_panel),
                                     "panel_dock", Qt.DockWidgetArea.RightDockWidgetArea)
        log_panel = QWidget()
        log_panel.setObjectName("log_panel")
        log_layout = QVBoxLayout(log_panel)
        log_layout.setContentsMargins(8, 6, 8, 8)
        log_layout.addWidget(self.log_view)
        self.log_dock = self._dock("Event log", log_panel, "log_dock",
                                   Qt.DockWidgetArea.BottomDockWidgetArea)

    def _size_docks(self) -> None:
        """The docks' first sizes, in proportion to the window (on a laptop the map keeps
        most of the room); a saved window state replaces them."""
        width, height = self.width(), self.height()
        self.resizeDocks([self.minimap_dock, self.panel_dock],
                         [round(height * 0.27), round(height * 0.73)], Qt.Orientation.Vertical)
        self.resizeDocks([self.minimap_dock], [min(360, round(width * 0.24))],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.log_dock], [max(100, round(height * 0.16))],
                         Qt.Orientation.Vertical)

    def _dock(self, title: str, widget: QWidget, name: str, area: Qt.DockWidgetArea
              ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.build_file_menu(bar)

        m = bar.addMenu("&Edit")
        self.act_undo = self.add_action(m, "&Undo Move", self.undo, QKeySequence.StandardKey.Undo,
                                     "act_undo",
                                     "Take back your last movement step (not past a reveal "
                                     "or a die roll)")
        m.addSeparator()
        self.add_settings_action(m)

        m = bar.addMenu("&View")
        self.act_zoom_in = self.add_action(m, "Zoom &In", self.view.zoom_in,
                                        [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")],
                                        "act_zoom_in")
        self.act_zoom_out = self.add_action(m, "Zoom &Out", self.view.zoom_out,
                                         QKeySequence("Ctrl+-"), "act_zoom_out")
        self.act_fit = self.add_action(m, "&Fit to Window", self.view.fit_board,
                                    QKeySequence("Ctrl+0"), "act_fit")
        self.act_home = self.add_action(m, "Centre on &Homeworld", self.center_on_home,
                                     QKeySequence("H"), "act_home")
        m.addSeparator()
        for dock in (self.minimap_dock, self.panel_dock, self.log_dock):
            m.addAction(dock.toggleViewAction())

        m = bar.addMenu("&Game")
        self.act_end_move = self.add_action(
            m, "&End Movement", self.end_movement,
            [QKeySequence(Qt.Key.Key_Space), QKeySequence(Qt.Key.Key_Return),
             QKeySequence(Qt.Key.Key_Enter)], "act_end_move", "Finish your Movement phase")
        self.act_auto_battle = self.add_action(m, "&Auto-resolve Battle", self.auto_resolve_battle,
                                            QKeySequence("Ctrl+B"), "act_auto_battle",
                                            "Let the default policy fight the current battle")
        self.act_hint = self.add_action(m, "&Hint", self.show_hint, QKeySequence("Ctrl+H"),
                                     "act_hint", HINT_TIP)
        self.build_pace_menu(m.addMenu("Computer &Pace"))
        self.act_show_window = self.add_action(m, "Show &Phase Window", self.dialogs.reopen,
                                            QKeySequence("Ctrl+W"), "act_show_window",
                                            "Reopen the battle, production or game-over window")

        m = self.build_help_menu(bar)
        # F1 anywhere in the app (the production sheet and the battle are windows of their own)
        self.act_rules.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        self.act_shortcuts = self.add_action(m, "&Keyboard Shortcuts", self.show_shortcuts, None,
                                             "act_shortcuts")
        m.insertAction(self.act_about, self.act_shortcuts)

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_round = QLabel("")
        self.status_phase = QLabel("")
        self.status_player = QLabel("")
        self.status_player.setTextFormat(Qt.TextFormat.RichText)
        self.status_cp = QLabel("")
        for label in (self.status_round, self.status_phase, self.status_player, self.status_cp):
            label.setMinimumWidth(24)  # clipped, not widening the window, on a tiny screen
            bar.addPermanentWidget(label)

    # -- the game shown ----------------------------------------------------------------
    @property
    def session(self) -> Session | None:
        """The game shown (the driver, with Space Empires' extras)."""
        driver = self.driver
        assert driver is None or isinstance(driver, Session)
        return driver

    def set_pace(self, name: str) -> None:
        """Remember the pace and apply it to every game shown."""
        self.shell.set_pace(name)

    def set_session(self, session: Session, journal: dict[int, list[JournalEntry]] | None = None
                    ) -> None:
        """Show ``session`` (a new or loaded game), starting with a handover."""
        self.show_driver(session, None, journal)

    def set_driver(self, driver: GameDriver, journal: saves.Journal | None) -> None:
        """The map, docks, dialogs and log take the game (a new, loaded or LAN one),
        starting with a handover."""
        assert isinstance(driver, Session)
        session = driver
        if self.journal is not None:
            self.journal.deleteLater()
        self.dialogs.set_session(None)
        self.journal = Journal(session, journal, self)
        self.journal.added.connect(self._journal_added)
        self.journal.reset.connect(self._rebuild_log)
        self.journal.last_changed.connect(self._journal_last_changed)
        self.view.board_name = ""  # a new game may use a new board: rebuild the scene
        self.controller.set_session(session)
        self.dialogs.set_session(session)
        session.changed.connect(self._on_changed)
        session.handover_needed.connect(self.show_handover)
        session.viewer_changed.connect(self._on_viewer_changed)
        session.phase_changed.connect(self._on_phase_changed)
        session.game_over.connect(self._on_game_over)
        session.computer_thinking.connect(self._on_computer_thinking)
        session.hint_ready.connect(self._show_hint_line)
        # the summary is read before playing: the first action puts it away
        session.recorded.connect(lambda _events: self.map_page.summary.hide())
        self._centred_for = -1
        self._homes_shown.clear()
        self._view_state.clear()
        self.map_page.summary.hide()
        self._rebuild_log()
        if self.settings.coach:
            coach.watch(self, session)
        humans = sum(1 for h in session.humans if h)
        current = session.current_player
        if humans > 1 and current >= 0 and not session.table.is_over and \
                not session.is_computer(current):
            self.show_handover(current)
        else:
            self._show_map_for_viewer()

    # -- page switching -------------------------------------------------------------------
    def _docks(self) -> tuple[QDockWidget, QDockWidget, QDockWidget]:
        return (self.minimap_dock, self.panel_dock, self.log_dock)

    def _cover(self, page: int) -> None:
        """Show a page that covers the map (welcome, handover, battle cover) and blank
        every view of the last viewer's game behind it.

        Why blank and not only hide: the docks can be reopened from the View menu, the
        minimap draws the map's scene and the map's items answer tooltips, so hiding
        the page and the docks leaves the previous player's stacks, log and minimap one
        click away from the next player.  Nothing of them stays drawn until the next
        viewer's observation is (see :meth:`_uncover`).
        """
        self.pages.setCurrentIndex(page)
        self._set_docks_visible(False)
        for dock in self._docks():
            dock.toggleViewAction().setEnabled(False)
        self.controller.cover()
        self.log_view.clear_lines()
        self.map_page.summary.hide()
        self.map_page.banner.set_prompt("", [])

    def _uncover(self) -> None:
        """The map page again, drawn for the session's viewer, with its docks and log."""
        self.pages.setCurrentIndex(PAGE_MAP)
        for dock in self._docks():
            dock.toggleViewAction().setEnabled(True)
        self._set_docks_visible(True)
        if self.controller.covered:
            self.controller.uncover()
            self._rebuild_log()

    def _set_docks_visible(self, visible: bool) -> None:
        for dock in self._docks():
            if visible:
                dock.setVisible(self._dock_visible.get(dock.objectName(), True))
            else:
                if dock.isVisible() or dock.objectName() not in self._dock_visible:
                    self._dock_visible[dock.objectName()] = dock.isVisible() or \
                        self._dock_visible.get(dock.objectName(), True)
                dock.setVisible(False)

    def covered(self) -> bool:
        """True while phase windows must stay hidden: a handover is shown or about to be."""
        if self.pages.currentIndex() in (PAGE_HANDOVER, PAGE_WELCOME):
            return True
        session = self.session
        return (session is not None and session.current_player >= 0 and not session.in_battle
                and session.current_player != session.viewer
                and not session.is_computer(session.current_player))

    def show_handover(self, player: int) -> None:
        """Hide everything and wait for ``player``."""
        session = self.session
        if session is None:
            return
        if self.pages.currentIndex() == PAGE_MAP:  # each player finds their map as they left it
            self._view_state[session.viewer] = (self.view.zoom(),
                                                self.view.visible_scene_rect().center())
        self.handover_player = player
        self.dialogs.hide_current()
        self._hide_other_windows()
        self._cover(PAGE_HANDOVER)
        phase = PHASE_TITLES.get(session.table.phase, session.table.phase)
        obs = session.observation()
        when = f"Round {obs['round']}, turn {obs['turn']} \u2014 " if obs["round"] else ""
        self.handover.show_for(player, session.player_name(player), f"{when}{phase}",
                               session.has_pin(player), session.check_pin)
        self.sounds.play("turn")  # the next player: the screen is yours
        self._update_status()
        self._update_actions()

    def _hide_other_windows(self) -> None:
        """Every other open window of the app (rules viewer, message boxes) goes too."""
        for widget in QApplication.topLevelWidgets():
            if widget is self or not widget.isVisible():
                continue
            if widget is self.dialogs.widget:
                continue
            widget.hide()
            self._hidden_windows.append(widget)

    def _handover_accepted(self, player: int) -> None:
        session = self.session
        if session is None:
            return
        self.handover_player = -1
        if session.viewer != player:
            session.accept_handover(player)  # -> _on_viewer_changed
        else:
            self._on_viewer_changed(player)

    def _on_viewer_changed(self, player: int) -> None:
        if self.handover_player >= 0:
            return  # still waiting at the handover screen
        for widget in self._hidden_windows:  # a window deleted meanwhile stays gone
            if shiboken6.isValid(widget) and not isinstance(widget, QMessageBox):
                widget.show()
        self._hidden_windows.clear()
        self.dialogs.forget()  # nothing private to the previous player survives
        self._show_map_for_viewer()  # ... and this sync builds the phase window anew
        self._rebuild_log()
        if self.journal is not None:
            self.map_page.summary.show_entries(self.journal.unseen(player))
            self.journal.mark_seen(player)
            self.map_page.place_overlays()

    def _on_computer_thinking(self, player: int) -> None:
        """When the computers hand the decision back, sum up what they did that the viewer
        may know ("since your last turn"), as a handover does between humans."""
        self._update_status()
        self._update_waiting_banner()
        session = self.session
        if player >= 0 or session is None or self.journal is None or session.in_battle:
            return
        if self.pages.currentIndex() != PAGE_MAP or not session.viewer_may_act():
            return
        self.sounds.play("turn")  # the computers are done: the decision is back here
        unseen = self.journal.unseen(session.viewer)
        if unseen:
            self.map_page.summary.show_entries(unseen)
            self.journal.mark_seen(session.viewer)
            self.map_page.place_overlays()

    def _show_map_for_viewer(self) -> None:
        session = self.session
        if session is None:
            return
        self._uncover()
        self.controller.refresh()
        if self._centred_for != session.viewer:
            self._centred_for = session.viewer
            saved = self._view_state.get(session.viewer)
            if saved is not None:
                self.view.set_zoom(saved[0], saved[1])
            else:
                self.view.set_zoom(DEFAULT_ZOOM)
                self.center_on_home()
            home = session.observation()["homeworlds"][session.viewer]
            if home >= 0:
                self._homes_shown.add(session.viewer)
            if home >= 0 and self.controller.selected_unit < 0:
                self.controller.select_hex(home)  # the panel lists the home fleet at once
        self._apply_battle_cover()
        self.dialogs.sync(self.covered())
        self._update_status()
        self._update_actions()
        self.view.setFocus()

    def _apply_battle_cover(self) -> None:
        """Cover the map while the other side decides in a battle (combat window on top)."""
        session = self.session
        if session is None or self.pages.currentIndex() in (PAGE_HANDOVER, PAGE_WELCOME):
            return
        other_decides = session.in_battle and 0 <= session.current_player != session.viewer
        if other_decides:
            obs = session.observation()
            battle = obs["battle"]
            board = board_for(obs["board"])
            where = board.label(battle["hex"]) if battle is not None else "?"
            deciding = session.player_name(session.current_player)
            self.battle_cover.set_detail(
                f"Battle at {where}. {deciding} is deciding in the "
                "battle window; the map stays hidden until the decision returns to "
                f"{session.player_name(session.viewer)}.")
            if self.pages.currentIndex() != PAGE_BATTLE:
                self._cover(PAGE_BATTLE)
        elif self.pages.currentIndex() == PAGE_BATTLE and not self.dialogs.holds_screen():
            # (while the battle's end is read the cover stays: the other side, who took the
            # last decision, is at the screen until the window is closed)
            self._uncover()

    def _on_changed(self) -> None:
        if self.session is None:
            return
        self._apply_battle_cover()
        self.dialogs.sync(self.covered())
        self._update_status()
        self._update_actions()
        self._update_waiting_banner()

    def _phase_window_opened(self, key: str) -> None:
        widget = self.dialogs.widget
        if widget is not None and hasattr(widget, "new_game_requested"):
            widget.new_game_requested.connect(self.new_game)
        if key == "combat":
            self.sounds.play("battle")

    def _on_game_over(self) -> None:
        self.sounds.play("game_over")
        self._on_changed()

    def _on_phase_changed(self, phase: str) -> None:
        """Once the homeworlds stand, show the viewer theirs (a lone human gets no handover,
        which is where the map centres otherwise).  Autosaves are the session's."""
        session = self.session
        if session is None or phase != "movement" or session.viewer in self._homes_shown:
            return
        if session.observation()["homeworlds"][session.viewer] >= 0:
            self._homes_shown.add(session.viewer)
            self.center_on_home()

    def _on_banner(self, text: str, buttons: list[tuple[str, Action | Callable[[], None]]]
                   ) -> None:
        """The controller's prompt, with Undo while the last step can be taken back; when
        the decision is not this screen's, who it waits for."""
        session = self.session
        if session is not None and text and session.table.phase == "movement" \
                and session.can_undo():
            buttons = list(buttons) + [("Undo last step", self.undo)]
        if not text and session is not None:
            text = self._waiting_text()
        self.map_page.banner.set_prompt(text, buttons)
        self.map_page.place_overlays()

    def _waiting_text(self) -> str:
        """"Waiting for Carol, who plays at another computer" (a LAN game), or for a
        computer player; "" when the decision is this screen's or nobody's."""
        session = self.session
        if session is None or self.pages.currentIndex() != PAGE_MAP or session.in_battle:
            return ""
        current = session.current_player
        if current < 0 or current == session.viewer or session.viewer_may_act():
            return ""
        name = session.player_name(current)
        if session.is_computer(current):
            return f"Waiting for {name} (computer player) \u2026"
        remote = lan.remote_seat_text(session, current)
        return f"Waiting for {name}, {remote} \u2026" if remote else ""

    def _update_waiting_banner(self) -> None:
        if self.session is not None and not self.controller.screen_may_act():
            self._on_banner("", [])

    # -- the log --------------------------------------------------------------------------
    def _journal_added(self, player: int, entries: list[JournalEntry]) -> None:
        if self.session is not None and player == self.session.viewer \
                and not self.controller.covered:
            for entry in entries:
                self.log_view.append(self._log_line(entry))

    def _journal_last_changed(self, player: int, entry: JournalEntry) -> None:
        """A repeated move counted into the viewer's last line: its text changes."""
        if self.session is not None and player == self.session.viewer \
                and not self.controller.covered:
            self.log_view.replace_last(entry["text"])

    def _rebuild_log(self) -> None:
        self.log_view.clear_lines()
        if self.session is None or self.journal is None or self.controller.covered:
            return
        for entry in self.journal.for_player(self.session.viewer)[-LOG_KEEP:]:
            self.log_view.append(self._log_line(entry))

    def _log_line(self, entry: JournalEntry) -> LogLine:
        """A journal entry as the log shows it: the emblem of whoever it is about, a
        heading banded, an alert red, a private line in its own colour, and the hex a
        click on it goes to."""
        player = entry.get("player")
        emblem = None
        if isinstance(player, int) and (player >= 0 or player == data.MACHINE_SIDE):
            emblem = self._emblems.get(player)
            if emblem is None:
                emblem = self._emblems[player] = style.emblem_pixmap(player, 14)
        hex_index = entry.get("hex")
        target = hex_index if isinstance(hex_index, int) else None
        if entry.get("heading"):
            return LogLine(entry["text"], QColor(style.Theme.HIGHLIGHT), True,
                           QColor("#151D33"), emblem, target=target)
        if entry.get("alert"):
            return LogLine(entry["text"], QColor("#FF9B8A"), icon=emblem, target=target)
        if entry.get("private"):
            return LogLine(entry["text"], QColor("#9FD8D2"), icon=emblem,
                           tooltip="Only you can see this", target=target)
        return LogLine(entry["text"], icon=emblem, target=target)

    def log_texts(self) -> list[str]:
        return self.log_view.texts()

    def _log_hex_chosen(self, hex_index: int) -> None:
        if self.pages.currentIndex() == PAGE_MAP:
            self.view.center_on_hex(hex_index)
            self.controller.select_hex(hex_index)

    # -- status and actions ---------------------------------------------------------------
    def _update_status(self) -> None:
        session = self.session
        if session is None:
            for label in (self.status_round, self.status_phase, self.status_player,
                          self.status_cp):
                label.setText("")
            return
        obs = session.observation()
        self.status_round.setText(
            f"Round {obs['round']} \u00b7 Turn {obs['turn']}" if obs["round"] else "Setup")
        phase = PHASE_TITLES.get(session.table.phase, session.table.phase)
        if obs.get("machine_step"):  # Doomsday Machines: their battles after the turn
            phase += " \u00b7 Doomsday Machines' step"
        self.status_phase.setText(phase)
        current = session.current_player
        if current >= 0:
            thinking = " (computer, thinking\u2026)" if session.is_computer(current) else ""
            if lan.remote_seat_text(session, current):
                thinking = " (remote)"
            self.status_player.setText(
                f"{style.name_html(current, self._names())} to act{thinking}")
        elif session.table.winner is not None:
            team = obs.get("winners") or [session.table.winner]
            names = " & ".join(style.name_html(p, self._names()) for p in team)
            self.status_player.setText(f"{names} {'win' if len(team) > 1 else 'wins'}")
        else:
            self.status_player.setText("No winner")
        if self.pages.currentIndex() != PAGE_MAP:
            # nobody's CP while the map is covered (another player may be at the screen)
            self.status_cp.setText("")
            if self.pages.currentIndex() == PAGE_HANDOVER and current >= 0:
                # the screen's next player in words (no emblem dot)
                self.status_player.setText(f"Pass the screen to {session.player_name(current)}")
        else:
            cp = obs["me"]["cp"]
            self.status_cp.setText(f"{session.player_name(session.viewer)}: {cp} CP")
        for label in (self.status_round, self.status_phase, self.status_player,
                      self.status_cp):
            label.setVisible(bool(label.text()))  # an empty field leaves no gap

    def status_text(self) -> str:
        """The status line as shown: its non-empty fields, " | " between them."""
        return " | ".join(label.text() for label in (self.status_round, self.status_phase,
                                                     self.status_player, self.status_cp)
                          if label.text())

    def _names(self) -> list[str]:
        session = self.session
        if session is None:
            return []
        return [session.player_name(p) for p in range(session.table.players)]

    def _update_actions(self) -> None:
        session = self.session
        on_map = session if session is not None and self.pages.currentIndex() == PAGE_MAP \
            else None  # the session, while its map is shown
        in_battle = session is not None and session.table.phase in COMBAT_PHASES
        self.act_save.setEnabled(session is not None)
        self.act_save_as.setEnabled(session is not None)
        lan.show_undo_state(self.act_undo, on_map)  # a network game's says why it is off
        for action in (self.act_zoom_in, self.act_zoom_out, self.act_fit, self.act_home):
            action.setEnabled(on_map is not None)
        self.act_end_move.setEnabled(
            on_map is not None and Action("end_movement") in on_map.legal_actions()
            and on_map.current_player == on_map.viewer)
        self.act_auto_battle.setEnabled(session is not None and in_battle
                                        and self.pages.currentIndex() != PAGE_HANDOVER)
        self.act_hint.setEnabled(session is not None and session.offers_hints
                                 and session.viewer_may_act()
                                 and self.pages.currentIndex() != PAGE_HANDOVER)
        self.act_hint.setToolTip(
            HINT_TIP if session is None
            or session.offers_hints else "No hints in a network game: the search needs "
            "what only the host knows")
        self.act_show_window.setEnabled(
            session is not None and phase_router(session.table.phase) is not None
            and self.pages.currentIndex() != PAGE_HANDOVER)
        self.update_title()

    # -- commands -------------------------------------------------------------------------
    def end_movement(self) -> None:
        """Space, Enter, the menu or the panel's button: end the movement, asking first
        when units could still move (unless the player turned the question off)."""
        session = self.session
        if session is None or self.pages.currentIndex() != PAGE_MAP:
            return
        if not self.controller.screen_may_act():
            return
        warning = unmoved_warning(session.observation(), session.legal_actions())
        if warning and self.settings.confirm_end_movement:
            if self.confirm_box is not None and self.confirm_box.isVisible():
                return  # already asking: a second Space must not end the turn
            self.confirm_box = widgets.ask_to_confirm(
                self, "End movement?", f"{warning}\n\nEnd your movement anyway?",
                "End movement", self.controller.end_movement, self._stop_confirming)
            return
        self.controller.end_movement()

    def _stop_confirming(self) -> None:
        self.settings.confirm_end_movement = False
        self.settings.save()

    def undo(self) -> None:
        """Take back the last movement step and say which (the group is selected again,
        where it stood)."""
        session = self.session
        if lan.undo_off_reason(session):
            self.statusBar().showMessage(lan.undo_off_reason(session), 8000)
            return
        if session is None or not session.can_undo():
            self.statusBar().showMessage("Nothing to undo.", 4000)
            return
        try:
            action = session.undo()
        except IllegalActionError as exc:
            self.statusBar().showMessage(str(exc), 5000)
            return
        text = undone_text(action, session.observation(), self._names())
        self.last_undo_text = text
        self.statusBar().showMessage(text, 8000)
        if action.unit in self.view.counters:
            self.controller.select_unit(action.unit)
            self.view.center_on_hex(self.view.unit_hex.get(action.unit, -1))

    def settings_changed(self) -> None:
        """Settings accepted: the pace, the sounds, the animations, the coach."""
        super().settings_changed()
        self.view.animate = self.settings.animations
        if self.settings.coach and self.session is not None:
            coach.watch(self, self.session)

    def show_hint(self) -> None:
        """Ask the Normal search what the player at the screen might do (status bar)."""
        if self.session is not None and self.session.request_hint():
            self.statusBar().showMessage("Thinking about a hint\u2026", 5000)

    def _show_hint_line(self, line: str) -> None:
        self.last_hint = line
        self.statusBar().showMessage(f"Hint: {line}", 20000)

    def auto_resolve_battle(self) -> None:
        """Let the session fight the current battle by the default policy, at a readable pace."""
        session = self.session
        if session is None or session.table.phase not in COMBAT_PHASES:
            return
        session.auto_resolve()

    def center_on_home(self) -> None:
        session = self.session
        if session is None:
            return
        obs = session.observation()
        home = obs["homeworlds"][session.viewer]
        board = board_for(obs["board"])
        if home < 0:  # before placement: the middle of the home system
            hexes = board.home_hexes[session.viewer]
            if hexes:
                xs = [self.view.hex_scene_pos(h) for h in hexes]
                centre = sum((p for p in xs[1:]), xs[0]) / len(xs)
                self.view.centerOn(centre)
                self.view.viewport_changed.emit()
            return
        self.view.center_on_hex(home)

    # -- files -----------------------------------------------------------------------------
    def journal_data(self) -> dict[int, list[JournalEntry]]:
        """The log as the window keeps it (each player's lines, undo taken out)."""
        return self.journal.to_saved() if self.journal is not None else {}

    def autosave_now(self) -> None:
        self.autosave()

    # -- help ------------------------------------------------------------------------------
    def rules_section(self) -> str | None:
        """F1: what is under the mouse, else the rules of the decision the game waits
        for; F1 in the rules viewer stays put."""
        if isinstance(QApplication.activeWindow(), RulesViewer):
            return None
        where = QCursor.pos()
        section = help_links.section_under(QApplication.widgetAt(where), where)
        if section is None and self.session is not None:
            section = help_book.PHASE_SECTIONS.get(self.session.table.phase)
        return section

    def show_shortcuts(self) -> ShortcutsDialog:
        dialog = ShortcutsDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        widgets.fit_to_screen(dialog, dialog.size())
        dialog.show()
        return dialog

    def show_about(self) -> QMessageBox:
        box = about_box(self)
        box.open()
        return box

    # -- window state ------------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        try:
            if self.settings.geometry:
                self.restoreGeometry(QByteArray(bytes.fromhex(self.settings.geometry)))
            if self.settings.window_state:
                self.restoreState(QByteArray(bytes.fromhex(self.settings.window_state)))
        except ValueError:
            pass
        full = Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen
        if not self.windowState() & full:  # a maximised window fits its screen anyway
            widgets.place_within_screen(self)  # saved on a larger monitor: back in reach

    def closeEvent(self, event: QCloseEvent) -> None:
        if not lan.may_close(self, event):  # the LAN game here would end: asked first
            return
        self.stop_game()
        self.dialogs.close_current()
        self.settings.geometry = bytes(self.saveGeometry().data()).hex()
        if self.pages.currentIndex() == PAGE_MAP:
            self.settings.window_state = bytes(self.saveState().data()).hex()
        self.settings.save()
        QMainWindow.closeEvent(self, event)

