"""The main window: the map in the middle, minimap, stack panel and log docked around it.

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
from pathlib import Path

from PySide6.QtCore import QByteArray, QPointF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QCloseEvent,
    QColor,
    QCursor,
    QFont,
    QIcon,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QSystemTrayIcon,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.errors import ConfigError, IllegalActionError
from se4x_core.game import Game
from se4x_core.hexgrid import board_for
from se4x_core.phases import COMBAT_PHASES
from se4x_qt import help_book, sound, style, widgets
from se4x_qt.games.sp4x import saves as sp4x_saves
from se4x_qt.games.sp4x.window import Sp4xWindow
from se4x_qt.map.hexmap import DEFAULT_ZOOM, HexMapView
from se4x_qt.map.map_controller import MapController, undone_text, unmoved_warning
from se4x_qt.map.minimap import MiniMap
from se4x_qt.session import Session, storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.journal import Journal, JournalEntry
from se4x_qt.session.remote import LanConnection
from se4x_qt.session.remote_driver import RemoteDriver
from se4x_qt.widgets import centred_label, heading, help_links
from se4x_qt.widgets.save_dialog import ask_save_path
from se4x_qt.windows import lan
from se4x_qt.windows.about import about_box
from se4x_qt.windows.dialog_host import DialogHost, phase_router
from se4x_qt.windows.handover import BattleCover, HandoverScreen
from se4x_qt.windows.new_game import NewGameChoice, NewGameDialog
from se4x_qt.windows.rules_viewer import RulesViewer, ShortcutsDialog, show_reference
from se4x_qt.windows.settings_dialog import SettingsDialog
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


class MainWindow(QMainWindow):
    """The app shell around one session at a time."""

    def __init__(self, settings: storage.Settings | None = None) -> None:
        super().__init__()
        self.setObjectName("main_window")
        self.setWindowTitle(APP_TITLE)
        self.setStyleSheet(style.main_stylesheet())
        self.settings = settings if settings is not None else storage.Settings.load()
        self.sounds = sound.Sounds(self.settings.sound)
        self.confirm_box: QMessageBox | None = None
        self.session: Session | None = None
        self.journal: Journal | None = None
        self.save_path: Path | None = None
        self.handover_player = -1
        self.last_message: QMessageBox | None = None
        self.last_autosave: Path | None = None
        self.last_hint = ""
        self.last_undo_text = ""
        self.new_game_dialog: NewGameDialog | None = None
        self.sp4x_window: Sp4xWindow | None = None  # made when an SP4X game is shown
        self._hidden_windows: list[QWidget] = []
        self._dock_visible: dict[str, bool] = {}
        self._centred_for = -1
        self._homes_shown: set[int] = set()  # viewers whose placed homeworld was centred
        self._icons: dict[int, QIcon] = {}  # emblem icons of the log, made once per window
        self._view_state: dict[int, tuple[float, QPointF]] = {}  # player -> zoom, centre
        # LAN play (windows/lan.py): its dialogs, the connection, its status and tray icon
        self.lan_dialog: lan.HostDialog | lan.JoinDialog | None = None
        self.lan_lobby: lan.LobbyDialog | None = None
        self.lan_connection: LanConnection | None = None
        self.lan_status: QLabel | None = None
        self.lan_tray: QSystemTrayIcon | None = None

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
        self.log_list = QListWidget()
        self.log_list.setObjectName("event_log")
        self.log_list.setWordWrap(True)
        self.log_list.setIconSize(QSize(14, 14))
        self.log_list.itemActivated.connect(self._log_item_chosen)
        self.log_list.itemClicked.connect(self._log_item_chosen)
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
        log_layout.addWidget(self.log_list)
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

    def _action(self, menu: QMenu, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | QKeySequence.StandardKey | list[QKeySequence] | None
                = None, name: str = "", tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                action.setShortcuts(shortcut)
            else:
                action.setShortcut(shortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        if name:
            action.setObjectName(name)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        m = bar.addMenu("&File")
        self.act_new = self._action(m, "&New Game\u2026", self.new_game,
                                    QKeySequence.StandardKey.New, "act_new")
        self.act_open = self._action(m, "&Open\u2026", self.open_dialog,
                                     QKeySequence.StandardKey.Open, "act_open")
        self.recent_menu = m.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._action(m, "Open &Autosave\u2026", self.open_autosave_dialog, None, "act_autosave")
        m.addSeparator()
        self.act_host = self._action(m, "&Host LAN Game\u2026", lambda: lan.host_game(self),
                                     None, "act_host")
        self.act_join = self._action(m, "&Join LAN Game\u2026", lambda: lan.join_game(self),
                                     None, "act_join")
        m.addSeparator()
        self.act_save = self._action(m, "&Save", self.save, QKeySequence.StandardKey.Save,
                                     "act_save")
        self.act_save_as = self._action(m, "Save &As\u2026", self.save_as,
                                        QKeySequence("Ctrl+Shift+S"), "act_save_as")
        m.addSeparator()
        self.act_quit = self._action(m, "&Quit", self.close, QKeySequence("Ctrl+Q"), "act_quit")

        m = bar.addMenu("&Edit")
        self.act_undo = self._action(m, "&Undo Move", self.undo, QKeySequence.StandardKey.Undo,
                                     "act_undo",
                                     "Take back your last movement step (not past a reveal "
                                     "or a die roll)")
        m.addSeparator()
        self.act_settings = self._action(m, "&Settings\u2026", self.show_settings,
                                         QKeySequence("Ctrl+,"), "act_settings",
                                         "Size of everything, computer pace, confirmations, "
                                         "sound, animations")

        m = bar.addMenu("&View")
        self.act_zoom_in = self._action(m, "Zoom &In", self.view.zoom_in,
                                        [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")],
                                        "act_zoom_in")
        self.act_zoom_out = self._action(m, "Zoom &Out", self.view.zoom_out,
                                         QKeySequence("Ctrl+-"), "act_zoom_out")
        self.act_fit = self._action(m, "&Fit to Window", self.view.fit_board,
                                    QKeySequence("Ctrl+0"), "act_fit")
        self.act_home = self._action(m, "Centre on &Homeworld", self.center_on_home,
                                     QKeySequence("H"), "act_home")
        m.addSeparator()
        for dock in (self.minimap_dock, self.panel_dock, self.log_dock):
            m.addAction(dock.toggleViewAction())

        m = bar.addMenu("&Game")
        self.act_end_move = self._action(
            m, "&End Movement", self.end_movement,
            [QKeySequence(Qt.Key.Key_Space), QKeySequence(Qt.Key.Key_Return),
             QKeySequence(Qt.Key.Key_Enter)], "act_end_move", "Finish your Movement phase")
        self.act_auto_battle = self._action(m, "&Auto-resolve Battle", self.auto_resolve_battle,
                                            QKeySequence("Ctrl+B"), "act_auto_battle",
                                            "Let the default policy fight the current battle")
        self.act_hint = self._action(m, "&Hint", self.show_hint, QKeySequence("Ctrl+H"),
                                     "act_hint", HINT_TIP)
        self._build_pace_menu(m.addMenu("Computer &Pace"))
        self.act_show_window = self._action(m, "Show &Phase Window", self.dialogs.reopen,
                                            QKeySequence("Ctrl+W"), "act_show_window",
                                            "Reopen the battle, production or game-over window")

        m = bar.addMenu("&Help")
        self.act_rules = self._action(m, "&Rules", lambda: self.show_rules(), QKeySequence("F1"),
                                      "act_rules")
        # F1 anywhere in the app (the production sheet and the battle are windows of their own)
        self.act_rules.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        self.act_shortcuts = self._action(m, "&Keyboard Shortcuts", self.show_shortcuts, None,
                                          "act_shortcuts")
        self.act_about = self._action(m, "&About", self.show_about, None, "act_about")

    def _build_pace_menu(self, menu: QMenu) -> None:
        """Step by step (each computer move readable), normal, or fast (skip ahead)."""
        menu.setToolTipsVisible(True)
        group = QActionGroup(self)
        self.pace_actions: dict[str, QAction] = {}
        for name, (label, ms) in Session.PACES.items():
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setObjectName(f"act_pace_{name}")
            action.setToolTip(f"A pause of {ms} ms before each computer decision" if ms
                              else "Computer players act without pausing")
            action.setChecked(name == self.settings.computer_pace)
            action.triggered.connect(lambda _checked=False, n=name: self.set_pace(n))
            group.addAction(action)
            self.pace_actions[name] = action
        if not any(a.isChecked() for a in self.pace_actions.values()):
            self.pace_actions["normal"].setChecked(True)

    def set_pace(self, name: str) -> None:
        """Remember the pace and apply it to the game in play."""
        self.settings.computer_pace = name
        self.settings.save()
        self.pace_actions[name].setChecked(True)
        if self.session is not None:
            self.session.set_pace(name)

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

    # -- sessions ----------------------------------------------------------------------
    def new_game(self, parent: QWidget | None = None) -> NewGameDialog | None:
        """Open the New Game dialog (without blocking); starting happens on OK.

        ``parent``: the window it is opened from (another game's window), else this one.
        None while the player is asked first (the LAN game shown there would end)."""
        if not isinstance(parent, QWidget):  # a menu action's ``checked`` flag
            parent = None
        if lan.ask_before_leaving(parent or self, lambda: self.new_game(parent)):
            return None
        if self.new_game_dialog is not None:
            self.new_game_dialog.deleteLater()
        dialog = NewGameDialog(parent or self)
        if parent is not None and parent is not self:
            dialog.choose_game("sp4x")
        dialog.accepted.connect(lambda: self._new_game_accepted(dialog))
        self.new_game_dialog = dialog
        dialog.open()
        return dialog

    def _new_game_accepted(self, dialog: NewGameDialog) -> None:
        if dialog.choice is not None:
            self.start_game(dialog.choice)

    def start_game(self, choice: NewGameChoice) -> bool:
        if choice.game == "sp4x":
            return self.start_sp4x(choice)
        try:
            game = Game.new_game(choice.config)
        except ConfigError as exc:
            self.show_error("Cannot start the game", f"The game options are not valid: {exc}.")
            return False
        session = Session(game, seats=choice.seats, names=choice.names)
        for player, pin in choice.pins.items():
            session.set_pin(player, pin)
        self.set_session(session)
        self.save_path = None
        self._update_title()
        self.show()
        return True

    # -- the other games ---------------------------------------------------------------------
    def start_sp4x(self, choice: NewGameChoice) -> bool:
        """Start an SP4X game in its window (the game's own screens), asking first when
        that window shows a LAN game the new one would end."""
        if self.sp4x_window is not None and lan.ask_before_leaving(
                self.sp4x_window, lambda: self.start_sp4x(choice)):
            return False
        try:
            driver = sp4x_saves.new_driver(choice.config, choice.seats, choice.names, choice.pins)
        except (ConfigError, ValueError) as exc:
            self.show_error("Cannot start the game", f"The game options are not valid: {exc}.")
            return False
        self._show_sp4x(driver, None)
        return True

    def show_lan_game(self, driver: RemoteDriver, game_name: str = "") -> Sp4xWindow:
        """A game other than Space Empires on a LAN host (SP4X): in its own window."""
        return self._show_sp4x(driver, None, game_name)

    def _show_sp4x(self, driver: GameDriver | RemoteDriver, path: Path | None,
                   lan_name: str = "") -> Sp4xWindow:
        """Show ``driver``'s game in the SP4X window; this window steps aside unless it
        holds a Space Empires game."""
        if self.sp4x_window is None:
            self.sp4x_window = Sp4xWindow(self, self.settings)
        window = self.sp4x_window
        window.set_driver(driver, path, lan_name)
        window.show()
        window.raise_()
        window.activateWindow()
        if self.session is None:
            self.hide()
        return window

    def set_session(self, session: Session, journal: dict[int, list[JournalEntry]] | None = None
                    ) -> None:
        """Show ``session`` (a new or loaded game), starting with a handover."""
        old = self.session
        if old is not None:
            old.stop()  # no computer decides for a game that is no longer shown
            old.blockSignals(True)
            old.deleteLater()
        if self.journal is not None:
            self.journal.deleteLater()
        self.dialogs.set_session(None)
        self.session = session
        session.setParent(self)  # the window owns its game: they go together
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
        session.game_over.connect(lambda _w: self._on_game_over())
        session.computer_thinking.connect(self._on_computer_thinking)
        session.computer_failed.connect(lambda text: self.show_error("Computer player", text))
        session.hint_ready.connect(self._show_hint_line)
        # the summary is read before playing: the first action puts it away
        session.recorded.connect(lambda _events: self.map_page.summary.hide())
        self._centred_for = -1
        self._homes_shown.clear()
        self._view_state.clear()
        self.map_page.summary.hide()
        self._rebuild_log()
        humans = sum(1 for h in session.humans if h)
        current = session.current_player
        if humans > 1 and current >= 0 and not session.table.is_over and \
                not session.is_computer(current):
            self.show_handover(current)
        else:
            self._show_map_for_viewer()
        session.set_pace(self.settings.computer_pace)
        session.autosaver = lambda _session: self._autosave()
        self._autosave()
        session.start()

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
        self.log_list.clear()
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
        for widget in self._hidden_windows:
            if not isinstance(widget, QMessageBox):
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
                self._add_log_item(entry)
            while self.log_list.count() > LOG_KEEP:
                self.log_list.takeItem(0)
            self.log_list.scrollToBottom()

    def _journal_last_changed(self, player: int, entry: JournalEntry) -> None:
        """A repeated move counted into the viewer's last line: its text changes."""
        if self.session is not None and player == self.session.viewer \
                and not self.controller.covered and self.log_list.count():
            self.log_list.item(self.log_list.count() - 1).setText(entry["text"])

    def _rebuild_log(self) -> None:
        self.log_list.clear()
        if self.session is None or self.journal is None or self.controller.covered:
            return
        for entry in self.journal.for_player(self.session.viewer)[-LOG_KEEP:]:
            self._add_log_item(entry)
        self.log_list.scrollToBottom()

    def _add_log_item(self, entry: JournalEntry) -> None:
        text = entry["text"]
        item = QListWidgetItem(text)
        player = entry.get("player")
        if isinstance(player, int) and (player >= 0 or player == data.MACHINE_SIDE):
            icon = self._icons.get(player)
            if icon is None:
                icon = self._icons[player] = QIcon(style.emblem_pixmap(player, 14))
            item.setIcon(icon)
        if entry.get("heading"):
            font = QFont()
            font.setBold(True)
            item.setFont(font)
            item.setForeground(QBrush(QColor(style.Theme.HIGHLIGHT)))
            item.setBackground(QBrush(QColor("#151D33")))
        elif entry.get("alert"):
            item.setForeground(QBrush(QColor("#FF9B8A")))
        elif entry.get("private"):
            item.setForeground(QBrush(QColor("#9FD8D2")))
            item.setToolTip("Only you can see this")
        item.setData(Qt.ItemDataRole.UserRole, entry.get("hex"))
        self.log_list.addItem(item)

    def log_texts(self) -> list[str]:
        return [self.log_list.item(i).text() for i in range(self.log_list.count())]

    def _log_item_chosen(self, item: QListWidgetItem) -> None:
        hex_index = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(hex_index, int) and self.pages.currentIndex() == PAGE_MAP:
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
        self._update_title()

    def _update_title(self) -> None:
        """"game.se4x — Space Empires 4X": the app's name once, at the end, as the
        desktop shows every app's windows (Qt appends it to a title without it)."""
        name = self.save_path.name if self.save_path else "Unsaved game"
        self.setWindowTitle(f"{name} \u2014 {APP_TITLE}" if self.session else APP_TITLE)

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

    def show_settings(self) -> SettingsDialog:
        """Edit > Settings: applied to this window when accepted."""
        dialog = SettingsDialog(self.settings, self)
        dialog.accepted.connect(self._settings_changed)
        dialog.open()
        self.settings_dialog = dialog
        return dialog

    def _settings_changed(self) -> None:
        self.set_pace(self.settings.computer_pace)
        self.sounds.enabled = self.settings.sound
        self.view.animate = self.settings.animations

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
    def open_dialog(self, parent: QWidget | None = None) -> None:
        if not isinstance(parent, QWidget):  # a menu action's ``checked`` flag
            parent = None
        if lan.ask_before_leaving(parent or self, lambda: self.open_dialog(parent)):
            return
        start = self.settings.last_dir or str(Path.home())
        path, _ = QFileDialog.getOpenFileName(parent or self, "Open a saved game", start,
                                              f"se4x saves (*{storage.SAVE_SUFFIX});;"
                                              "All files (*)")
        if path:
            self.open_path(Path(path))

    def open_autosave_dialog(self) -> None:
        """File > Open Autosave: the autosave folder, or a message saying why there is
        none (a data folder that cannot be created, e.g. a read-only home)."""
        if lan.ask_before_leaving(self, self.open_autosave_dialog):
            return
        try:
            folder = storage.autosave_dir()
        except OSError as exc:
            self.show_error("No autosaves", storage.folder_problem(exc))
            return
        path, _ = QFileDialog.getOpenFileName(self, "Open an autosave", str(folder),
                                              f"se4x saves (*{storage.SAVE_SUFFIX})")
        if path:
            self.open_path(Path(path))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for text in self.settings.recent_files:
            action = self.recent_menu.addAction(text)
            action.triggered.connect(lambda _=False, p=text: lan.after_asking(
                self, lambda: self.open_path(Path(p))))
        if not self.settings.recent_files:
            self.recent_menu.addAction("(none)").setEnabled(False)

    def open_path(self, path: Path) -> bool:
        """Load a save of any game (its ``"format"`` says which); a failure shows a message
        and leaves the current game alone."""
        try:
            raw = storage.read_save(Path(path))
            if storage.save_game_name(raw) == "sp4x":
                return self._open_sp4x(raw, Path(path))
            loaded = storage.session_from_json(raw, Path(path).name)
        except storage.LoadError as exc:
            self.show_error("Cannot open the game", str(exc))
            return False
        self.set_session(loaded.session, loaded.journal)
        self.save_path = Path(path)
        self.settings.add_recent(Path(path))
        self.settings.save()
        self._update_title()
        return True

    def _open_sp4x(self, raw: bytes, path: Path) -> bool:
        """Open an SP4X save in the SP4X window (LoadError if it cannot be), asking first
        when that window shows a LAN game the save would end."""
        if self.sp4x_window is not None and lan.ask_before_leaving(
                self.sp4x_window, lambda: self._open_sp4x(raw, path)):
            return False
        driver = sp4x_saves.from_json(raw, path.name)
        self._show_sp4x(driver, path)
        self.settings.add_recent(path)
        self.settings.save()
        return True

    def show_error(self, title: str, text: str) -> QMessageBox:
        """A message box that does not block (tests and the event loop go on); in front of
        the SP4X window when that is the one on screen."""
        parent: QWidget = self
        if not self.isVisible() and self.sp4x_window is not None and \
                self.sp4x_window.isVisible():
            parent = self.sp4x_window
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                          parent)
        box.setObjectName("error_box")
        box.open()
        self.last_message = box
        return box

    def save(self) -> bool:
        if self.session is None:
            return False
        if self.save_path is None:
            return self.save_as()
        return self.save_to(self.save_path)

    def save_as(self) -> bool:
        if self.session is None:
            return False
        target = ask_save_path(self, self.settings.last_dir)
        return target is not None and self.save_to(target)

    def save_to(self, path: Path) -> bool:
        """Save atomically; an error is shown, and the old file stays intact."""
        if self.session is None:
            return False
        if not self.session.saves_locally:
            self.statusBar().showMessage("The host saves this network game.", 6000)
            return False
        try:
            storage.save_session(self.session, Path(path), self._journal_data())
        except OSError as exc:
            self.show_error("Cannot save the game",
                            f"Could not write {Path(path).name}: {exc.strerror or exc}. "
                            "The previous save (if any) is unchanged.")
            return False
        self.save_path = Path(path)
        self.settings.add_recent(Path(path))
        self.settings.save()
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        self._update_title()
        return True

    def _journal_data(self) -> dict[int, list[JournalEntry]]:
        return self.journal.to_saved() if self.journal is not None else {}

    def _autosave(self) -> None:
        if self.session is None or not self.session.saves_locally:
            return
        try:
            self.last_autosave = storage.autosave(self.session, self._journal_data())
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    # -- help ------------------------------------------------------------------------------
    def show_rules(self, section: str | None = None) -> RulesViewer:
        """The rules (F1): at ``section``, else at what is under the mouse, else at the
        rules of the decision the game waits for; F1 in the rules viewer stays put."""
        if section is None and not isinstance(QApplication.activeWindow(), RulesViewer):
            where = QCursor.pos()
            section = help_links.section_under(QApplication.widgetAt(where), where)
            if section is None and self.session is not None:
                section = help_book.PHASE_SECTIONS.get(self.session.table.phase)
        viewer = show_reference(section, self)
        self._rules_viewer = viewer
        return viewer

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
        if self.session is not None:
            self.session.stop()
            self.session.wait_for_computer(10.0)  # a search in progress ends within its budget
            if not self.session.table.is_over:
                self._autosave()
        self.dialogs.close_current()
        self.settings.geometry = bytes(self.saveGeometry().data()).hex()
        if self.pages.currentIndex() == PAGE_MAP:
            self.settings.window_state = bytes(self.saveState().data()).hex()
        self.settings.save()
        super().closeEvent(event)

