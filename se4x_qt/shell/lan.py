"""LAN play in the app: the Host and Join dialogs, the lobby, the status line, turn alerts.

Hosting from the app runs the same authoritative host as ``se4x host``
(:class:`~se4x_core.net.server.HostThread`, on its own thread) and joins it
over loopback like any other client, so the host's players and the remote
ones go through the same checks.  Seats are a human at this computer, a human
at another computer (remote) or a computer player run by the host.

A game's window only calls :func:`host_game` and :func:`join_game`; when the
lobby sees the game start, the shell shows the host's game in its game's
window: the game's own driver over the connection's remote table
(:meth:`~se4x_qt.session.driver.GameDriver.remote`), so the map, the combat
window and the production sheet, or SP4X's board and hands, work as in a
local game.  The Host dialog chooses the game, then shows that game's options
(its app's ``host_page``: Space Empires' board, rules, seed, starting forces,
scenario and teams; a game without one, its description) and seats with the
game's computer levels; the Join dialog joins whatever game the host names.
While a game waits for a player at another computer the window says so by
name (:func:`remote_seat_text`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSystemTrayIcon,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import PLAYER_COLOURS
from se4x_core.net.discovery import DEFAULT_PORT, Advert, Advertiser, Browser, lan_address
from se4x_core.net.host import HostCore, new_host, recover
from se4x_core.net.secure import HOST_KEY_FILE, HostIdentity, lan_folder
from se4x_core.net.server import HostThread
from se4x_core.net.store import journal_path, read_journal
from se4x_qt import style, widgets
from se4x_qt.session import storage
from se4x_qt.session.app_game import app_games
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.remote import (
    HOST_KEY,
    UNKNOWN_GAME,
    UNREACHABLE,
    LanConnection,
    known_hosts,
)
from se4x_qt.session.seats import REMOTE
from se4x_qt.shell.new_game import game_label
from se4x_qt.shell.seats_panel import ChoiceError
from se4x_qt.widgets import fit_to_screen, refit_to_screen
from se4x_qt.widgets.screen_fit import available_rect

if TYPE_CHECKING:
    from se4x_qt.shell.game_window import GameWindow

HERE, REMOTE_HUMAN = "here", "remote"
HUMAN_KINDS: tuple[tuple[str, str], ...] = (
    ("Human at this computer", HERE), ("Human at another computer", REMOTE_HUMAN))
# A seat a game's options fill themselves (Space Empires' aliens): the host plays it with
# the bot of this name, as the engine's alien scenario expects.
ALIEN = "alien"


def seat_kinds(game: str) -> tuple[tuple[str, str], ...]:
    """(label, kind) of each choice of a hosted seat: a human here or at another
    computer, or one of the game's computer levels (its bot spec)."""
    return HUMAN_KINDS + tuple((f"Computer: {level.label}", level.spec)
                               for level in registry.record(game).levels)


class GameNote(QLabel):
    """The Host dialog's options of a game that has none to choose: what the game is,
    and its computer levels (the host deals with a random seed)."""

    changed = Signal()

    def __init__(self, game: str) -> None:
        record = registry.record(game)
        levels = "\n".join(f"{level.label}: {level.about}." for level in record.levels)
        super().__init__(f"{record.title}: {record.about}. The host deals (a random "
                         f"seed) and runs the computer players.\n\n{levels}")
        self.setWordWrap(True)
        self.setObjectName(f"{game}_lan_note")
        self.setProperty("class", "subtle")
        self.setMinimumWidth(300)

    def set_players(self, players: int) -> None:
        """Nothing depends on the count."""

    def seat_count(self, players: int) -> int:
        return players

    def fixed_seats(self, count: int) -> dict[int, tuple[str, str]]:
        """No seat is filled by the options (else: seat -> (what fills it, its name))."""
        return {}

    def info(self) -> str:
        return ""

    def config(self, players: int) -> dict[str, Any]:
        return {}


def available_width(widget: QWidget) -> int:
    """The width of the screen area ``widget`` opens on (no dialog asks for more)."""
    return available_rect(widget).width() - 40


def _dialog_look(dialog: QDialog) -> None:
    style.apply_theme(dialog)
    dialog.setStyleSheet(dialog.styleSheet() + style.form_stylesheet())


def _buttons(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setText(ok_text)
    ok.setObjectName("primary")
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


# -- hosting --------------------------------------------------------------------------------
@dataclass
class HostChoice:
    """What the Host dialog produced."""

    players: int = 2
    game: str = ""  # the game's name in the registry ("": the default game)
    kinds: list[str] = field(default_factory=lambda: [HERE, REMOTE_HUMAN])
    names: list[str] = field(default_factory=list)
    port: int = DEFAULT_PORT
    password: str = ""
    game_name: str = "LAN game"
    seed: int | None = None  # None: the options' seed, else a random one
    load_path: Path | None = None
    advertise: bool = True
    options: dict[str, Any] = field(default_factory=dict)  # the game's config fields
    plain: bool = False  # serve without encryption (asked for in the dialog)


class HostDialog(QDialog):
    """Choose the game, its seats and options, and how others reach this game.

    A game's options are its app's ``host_page`` (a widget with ``set_players``,
    ``seat_count``, ``fixed_seats``, ``info``, ``config`` and a ``changed`` signal;
    :class:`GameNote` for a game without one)."""

    def __init__(self, parent: QWidget | None = None, game: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("host_dialog")
        self.choice: HostChoice | None = None
        self.load_path: Path | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        layout.addWidget(widgets.label("Host a game on the local network", "title"))
        game_row = QHBoxLayout()
        game_row.addWidget(QLabel("Game"))
        self.game = QComboBox()
        self.game.setObjectName("lan_game")
        for app in app_games():
            self.game.addItem(game_label(app.name), app.name)
        self.game.setToolTip("The game to host; players who join get the host's game")
        game_row.addWidget(self.game)
        game_row.addStretch(1)
        layout.addLayout(game_row)
        columns = QHBoxLayout()
        columns.setSpacing(18)
        columns.addLayout(self._build_connection(), 0)
        self.pages: dict[str, Any] = {}
        for app in app_games():
            page = app.load("host_page")() if app.host_page else GameNote(app.name)
            page.changed.connect(self._show_seats)
            page.setVisible(False)
            self.pages[app.name] = page
            columns.addWidget(page, 1, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(columns)
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addWidget(_buttons(self, "Host"))
        self.players.valueChanged.connect(self._players_changed)
        self.game.currentIndexChanged.connect(lambda _i: self._game_changed())
        if game:
            self.game.setCurrentIndex(max(0, self.game.findData(game)))
        self._game_changed()
        _dialog_look(self)
        fit_to_screen(self, again_when_shown=True)

    @property
    def options(self) -> Any:
        """The options of the game chosen (its host page)."""
        return self.pages[self.chosen_game()]

    def _build_connection(self) -> QVBoxLayout:
        """Name, players, port, password; the seats; hosting a saved game."""
        column = QVBoxLayout()
        form = QGridLayout()
        self.game_name = QLineEdit("LAN game")
        self.game_name.setObjectName("game_name")
        self.players = QSpinBox()
        self.players.setRange(2, 4)
        self.players.setObjectName("players")
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setObjectName("port")
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("none")
        self.players_label = QLabel("Players")
        for row, (label, widget) in enumerate(((QLabel("Game name"), self.game_name),
                                               (self.players_label, self.players),
                                               (QLabel("Port"), self.port),
                                               (QLabel("Password"), self.password))):
            form.addWidget(label, row, 0)
            form.addWidget(widget, row, 1)
        column.addLayout(form)
        self.plain = QCheckBox("Without encryption (trusted networks only)")
        self.plain.setObjectName("plain")
        self.plain.setToolTip("Players' passwords, seat tokens and hidden information then "
                              "cross the network in clear; for older versions of se4x")
        column.addWidget(self.plain)
        column.addLayout(self._build_seats())
        load = QPushButton("Host a saved network game\u2026")
        load.setObjectName("load_button")
        load.clicked.connect(self._choose_save)
        column.addWidget(load)
        self.info = QLabel("")
        self.info.setWordWrap(True)
        column.addWidget(self.info)
        column.addStretch(1)
        return column

    def _build_seats(self) -> QGridLayout:
        self.seat_grid = QGridLayout()
        self.swatches: list[QLabel] = []
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        self.fixed_labels: list[QLabel] = []
        for p in range(len(PLAYER_COLOURS)):
            swatch = QLabel(PLAYER_COLOURS[p])
            swatch.setStyleSheet(f"color: {style.player_colour(p).name()}; font-weight: bold;")
            kind = QComboBox()
            kind.setObjectName(f"kind{p}")
            name = QLineEdit(PLAYER_COLOURS[p])
            name.setObjectName(f"name{p}")
            name.setMaxLength(20)
            fixed = widgets.label("", "subtle")
            self.seat_grid.addWidget(swatch, p, 0)
            self.seat_grid.addWidget(kind, p, 1)
            self.seat_grid.addWidget(fixed, p, 1, 1, 2)
            self.seat_grid.addWidget(name, p, 2)
            self.swatches.append(swatch)
            self.kinds.append(kind)
            self.names.append(name)
            self.fixed_labels.append(fixed)
            kind.currentIndexChanged.connect(lambda _i, p=p: self._kind_changed(p))
        self.alien_labels = self.fixed_labels  # Space Empires' aliens, by their old name
        return self.seat_grid

    @staticmethod
    def _fill_kinds(kind: QComboBox, kinds: tuple[tuple[str, str], ...], first: int) -> None:
        """The seat kinds of a game, keeping a human seat's choice (a computer seat
        becomes the game's first level); ``first``: the kind of a seat new to the combo."""
        was = kind.currentData()
        kind.blockSignals(True)
        kind.clear()
        for text, value in kinds:
            kind.addItem(text, value)
        index = kind.findData(was) if was is not None else first
        if index < 0:
            index = len(HUMAN_KINDS)  # the weakest computer level
        kind.setCurrentIndex(max(0, index))
        kind.blockSignals(False)

    def chosen_game(self) -> str:
        return str(self.game.currentData())

    def _game_changed(self) -> None:
        """The game's options, player counts and computer levels."""
        game = self.chosen_game()
        record = registry.record(game)
        self.setWindowTitle(f"Host LAN Game \u2014 {record.title}")
        for name, page in self.pages.items():
            page.setVisible(name == game)
        self.players.blockSignals(True)
        self.players.setRange(min(record.players), max(record.players))
        self.players.blockSignals(False)
        for p, kind in enumerate(self.kinds):
            self._fill_kinds(kind, seat_kinds(game), 0 if p == 0 else 1)
            self._kind_changed(p)
        self._players_changed(self.players.value())

    def _players_changed(self, players: int) -> None:
        self.options.set_players(players)
        self._show_seats()

    def _show_seats(self) -> None:
        """The seats of the game; a seat its options fill (Space Empires' aliens) shows
        what fills it, and when they fill every other seat, the Players count goes."""
        players = self.seat_count()
        fixed = self.options.fixed_seats(players)
        for widget in (self.players, self.players_label):
            widget.setVisible(not fixed)
        for p in range(len(self.kinds)):
            filled = p in fixed
            self.swatches[p].setVisible(p < players)
            self.kinds[p].setVisible(p < players and not filled)
            self.names[p].setVisible(p < players and not filled)
            self.fixed_labels[p].setVisible(p < players and filled)
            self.fixed_labels[p].setText(fixed[p][0] if filled else "")
        self.info.setText(self.options.info() or
                          "Other players join with File > Join LAN Game and choose their "
                          "own names. The game starts when every seat is taken and ready.")
        refit_to_screen(self)

    def seat_count(self) -> int:
        """The players of the game chosen (its options may set their own count)."""
        return int(self.options.seat_count(self.players.value()))

    def _kind_changed(self, seat: int) -> None:
        remote = self.kinds[seat].currentData() == REMOTE_HUMAN
        self.names[seat].setEnabled(not remote)
        if remote:
            self.names[seat].setText("")
            self.names[seat].setPlaceholderText("chosen by the player")
        elif not self.names[seat].text():
            self.names[seat].setText(PLAYER_COLOURS[seat])

    def _choose_save(self) -> None:
        try:
            folder = storage.data_dir() / "lan"
        except OSError:
            folder = Path.home()
        path, _ = QFileDialog.getOpenFileName(self, "Host a saved network game", str(folder),
                                              f"Saved games (*{storage.SAVE_SUFFIX})")
        if path:
            self.load_path = Path(path)
            self.info.setText(f"Hosting {Path(path).name}: its seats and players return "
                              "(each rejoins with the seat this computer gave them).")

    def accept(self) -> None:
        players = self.seat_count()
        fixed = self.options.fixed_seats(players)
        kinds = [ALIEN if p in fixed else str(self.kinds[p].currentData())
                 for p in range(players)]
        if HERE not in kinds and self.load_path is None:
            self.message.setText("At least one seat must be a human at this computer.")
            return
        try:
            options = self.options.config(players)
        except ChoiceError as exc:
            self.message.setText(str(exc))
            exc.widget.setFocus()
            return
        names = [fixed[p][1] if p in fixed else self.names[p].text().strip()
                 for p in range(players)]
        if self._names_clash(names, kinds):
            return
        self.choice = HostChoice(players=players, game=self.chosen_game(), kinds=kinds,
                                 names=names, port=self.port.value(),
                                 password=self.password.text(),
                                 game_name=self.game_name.text().strip() or "LAN game",
                                 load_path=self.load_path, seed=options.get("seed"),
                                 options=options, plain=self.plain.isChecked())
        super().accept()

    def _names_clash(self, names: list[str], kinds: list[str]) -> bool:
        """Two seats named alike (and say so).  Why: the host refuses a name another seat
        has, so the second seat here would stay free and the game would never start."""
        given = [n.casefold() for n, k in zip(names, kinds, strict=True) if n and
                 k != REMOTE_HUMAN]
        if len(set(given)) == len(given):
            return False
        self.message.setText("Two seats have the same name; give each a different one.")
        return True


def remote_seat_text(driver: GameDriver, player: int) -> str:
    """How a seat that is not at this screen is played, for "Waiting for Carol, ...":
    "who plays at another computer", or the host's computer player; "" for a seat here."""
    seats = driver.seats
    if not 0 <= player < len(seats) or seats[player].kind != REMOTE:
        return ""
    lobby = driver.connection.lobby if driver.connection is not None else None
    info = next((i for i in (lobby.seats if lobby else []) if i.seat == player), None)
    if info is not None and info.kind == "computer":
        return "the computer player the host runs"
    return "who plays at another computer"


def build_host(choice: HostChoice) -> HostCore:
    """The host's core for a choice (a saved game keeps its seats); ValueError if unusable."""
    if choice.load_path is not None:  # the checkpoint and the actions journaled after it
        return recover(choice.load_path.read_text(encoding="utf-8"),
                       read_journal(journal_path(choice.load_path)), choice.password)
    config: dict[str, Any] = {"players": choice.players, **choice.options}
    if choice.seed is not None:
        config["seed"] = choice.seed
    else:
        import secrets
        config["seed"] = secrets.randbelow(1 << 30)
    # every seat not a human's is the host's computer player: a level's bot spec, or
    # ALIEN's bot for a seat the options fill (left out, it would wait for a human
    # nobody can be, and the game would never start)
    computers = {p: kind for p, kind in enumerate(choice.kinds)
                 if kind not in (HERE, REMOTE_HUMAN)}
    return new_host(config, computers, choice.password, choice.game_name, choice.game)


def start_hosting(window: GameWindow, choice: HostChoice, bind: str = "0.0.0.0") -> LanConnection:
    """Run the host on its own thread, join its local seats over loopback, open the lobby."""
    core = build_host(choice)
    end_lan_game(window)  # Host/Join another game: the player was asked first (its port)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    autosave = choice.load_path or \
        storage.data_dir() / "lan" / f"lan-{stamp}{storage.SAVE_SUFFIX}"
    identity = None if choice.plain else \
        HostIdentity.load_or_create(lan_folder(storage.data_dir()) / HOST_KEY_FILE)
    host = HostThread(core, bind, choice.port, autosave, identity=identity, plain=choice.plain)
    port = host.start()
    connection = LanConnection("127.0.0.1", port, choice.password, parent=window,
                               plain=choice.plain)
    connection.owned_host = host
    if choice.advertise:
        free = sum(kind == REMOTE_HUMAN for kind in choice.kinds)
        connection.advertiser = Advertiser(Advert(core.game_name, lan_address(), port,
                                                  len(core.seats), free,
                                                  bool(choice.password),
                                                  encrypted=not choice.plain))
        connection.advertiser.start()
    connection.auto_take = [(p, choice.names[p] if p < len(choice.names) else "")
                                for p, kind in enumerate(choice.kinds) if kind == HERE]
    open_lobby(window, connection)
    connection.start()
    return connection


def host_game(window: GameWindow) -> HostDialog | None:
    """File > Host LAN Game (after asking, if that ends a LAN game here): the window's
    game is chosen first."""
    if ask_before_leaving(window, lambda: host_game(window), window.lan_connection):
        return None
    dialog = HostDialog(window, window.GAME)

    def accepted() -> None:
        if dialog.choice is None:
            return
        try:
            start_hosting(window, dialog.choice)
        except (OSError, ValueError) as exc:
            window.show_error("Cannot host the game", f"{exc}")

    dialog.accepted.connect(accepted)
    dialog.open()
    window.lan_dialog = dialog
    return dialog


# -- joining --------------------------------------------------------------------------------
@dataclass
class JoinChoice:
    host: str
    port: int
    name: str = ""
    password: str = ""
    seats: int = 1
    plain: bool = False  # join without encryption (asked for in the dialog)


def parse_address(text: str) -> tuple[str, int]:
    """``host`` or ``host:port``; ValueError naming the problem."""
    text = text.strip()
    if not text:
        raise ValueError("type the host's address, e.g. 192.168.1.5:47474")
    host, sep, port_text = text.rpartition(":")
    if not sep:
        return text, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"not a port number: {port_text!r}")
    return host, int(port_text)


class AdvertBrowser(Protocol):
    """What the Join dialog needs of a :class:`~se4x_core.net.discovery.Browser` (tests
    hand it a stand-in)."""

    error: str | None

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def adverts(self) -> list[Advert]: ...


BrowserFactory = Callable[[Callable[[], None]], AdvertBrowser]  # called with on_change


# Where the Join dialog shows a refusal: the field the player corrects (the address: the
# game there, which cannot be reached, is full, or is another game or version)
REFUSAL_FIELDS: dict[str, str] = {
    "password": "password", "locked": "password", "name": "name",
    UNREACHABLE: "address", "not_local": "address", "full": "address", "seat": "address",
    "version": "address", UNKNOWN_GAME: "address", "malformed": "address",
    "not_joined": "address", HOST_KEY: "address"}
REFUSAL_HINTS: dict[str, str] = {  # what to do about it, after the host's words
    "password": "type it again (the host can tell you)",
    UNREACHABLE: "check the address, and that the host has opened the game",
    "seat": "choose another game", "full": "try again in a moment",
    HOST_KEY: "ask the host to read out the key its lobby shows, and only if it is this "
              "one, tick \"Trust the new host key\""}


class JoinDialog(QDialog):
    """Pick a game found on the LAN, or type an address.

    A refused join comes back to this same dialog (:meth:`show_refusal`):
    the address, the name and the games found stay as they were, and the
    reason is shown at the field it concerns, so the player corrects it and
    joins again; nothing is retried by itself.
    """

    adverts_changed = Signal()

    def __init__(self, parent: QWidget | None = None,
                 browser_factory: BrowserFactory | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("join_dialog")
        self.setWindowTitle("Join LAN Game")
        self.choice: JoinChoice | None = None
        self.browser_factory: BrowserFactory = browser_factory or Browser
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        layout.addWidget(widgets.label("Join a game on the local network", "title"))
        layout.addWidget(QLabel("Games on this network:"))
        self.games = QListWidget()
        self.games.setObjectName("games")
        self.games.setMinimumHeight(110)
        self.games.currentRowChanged.connect(self._game_chosen)
        layout.addWidget(self.games)
        form = QGridLayout()
        self.address = QLineEdit()
        self.address.setObjectName("address")
        self.address.setPlaceholderText(f"address, e.g. 192.168.1.5:{DEFAULT_PORT}")
        self.name = QLineEdit()
        self.name.setObjectName("name")
        self.name.setMaxLength(20)
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setPlaceholderText("if the host set one")
        self.seats = QSpinBox()
        self.seats.setObjectName("seats")
        self.seats.setRange(1, 3)
        self.seats.setToolTip("Players sharing this computer (hot-seat)")
        self.field_errors: dict[str, QLabel] = {}
        for row, (text, widget) in enumerate((("Host", self.address), ("Your name", self.name),
                                              ("Password", self.password),
                                              ("Players here", self.seats))):
            form.addWidget(QLabel(text), 2 * row, 0)
            form.addWidget(widget, 2 * row, 1)
            if isinstance(widget, QLineEdit):
                form.addWidget(self._field_error(widget), 2 * row + 1, 1)
        layout.addLayout(form)
        self.plain = QCheckBox("Join without encryption (trusted networks only)")
        self.plain.setObjectName("plain")
        self.plain.setToolTip("For a host that serves in plain text: your password and "
                              "everything you see then cross the network in clear")
        layout.addWidget(self.plain)
        self.trust_new_key = QCheckBox("Trust the new host key")
        self.trust_new_key.setObjectName("trust_new_key")
        self.trust_new_key.setVisible(False)
        self.refused_key_game = ""  # the game whose host showed another key, if one did
        layout.addWidget(self.trust_new_key)
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addWidget(_buttons(self, "Join"))
        self._adverts: list[Advert] = []
        self.adverts_changed.connect(self._refresh)
        self._start_browser()
        self.finished.connect(lambda _result: self.browser.stop())
        _dialog_look(self)
        self.setStyleSheet(self.styleSheet() + f"QLineEdit[refused=\"true\"] "
                                               f"{{ border-color: {style.Theme.BAD}; }}")
        self._refresh()
        fit_to_screen(self, again_when_shown=True)

    def _field_error(self, line_edit: QLineEdit) -> QLabel:
        """The line under ``line_edit`` where a refusal about it is shown (hidden while
        none); typing in the field clears it."""
        error = QLabel("")
        error.setObjectName(f"{line_edit.objectName()}_error")
        error.setWordWrap(True)
        error.setStyleSheet(f"color: {style.Theme.BAD}; font-weight: 600;")
        error.setVisible(False)
        self.field_errors[line_edit.objectName()] = error
        line_edit.textEdited.connect(lambda _text: self._clear_error(line_edit))
        return error

    def _start_browser(self) -> None:
        """Look for games (again, when a refused join reopens the dialog: the games found
        before stay listed until the browser reports what it finds)."""
        self.browser = self.browser_factory(self.adverts_changed.emit)
        self.browser.start()
        if self.browser.error:
            self.message.setText(f"{self.browser.error}. Type the host's address instead.")

    def _fields(self) -> dict[str, QLineEdit]:
        return {"address": self.address, "name": self.name, "password": self.password}

    def _clear_error(self, line_edit: QLineEdit) -> None:
        self.field_errors[line_edit.objectName()].setVisible(False)
        line_edit.setProperty("refused", False)
        line_edit.style().polish(line_edit)

    def show_refusal(self, code: str, reason: str) -> None:
        """The host's refusal (``code``, its words) or why it could not be reached, at the
        field it concerns, with what to do about it."""
        hint = REFUSAL_HINTS.get(code)
        self._show_at(REFUSAL_FIELDS.get(code), f"{reason}: {hint}" if hint else reason)

    def _show_at(self, name: str | None, text: str) -> None:
        """``text`` as a sentence under the field ``name`` (which gets the focus, its
        text selected for retyping), or on the message line if it concerns none."""
        for line_edit in self._fields().values():
            self._clear_error(line_edit)
        text = f"{text[:1].upper()}{text[1:]}."
        self.message.setText("" if name else text)
        if name is not None:
            line_edit = self._fields()[name]
            self.field_errors[name].setText(text)
            self.field_errors[name].setVisible(True)
            line_edit.setProperty("refused", True)
            line_edit.style().polish(line_edit)
            line_edit.setFocus()
            line_edit.selectAll()
        refit_to_screen(self)

    def fill(self, choice: JoinChoice) -> None:
        """The fields as ``choice`` had them (the last game joined, or a refused join)."""
        self.address.setText(f"{choice.host}:{choice.port}")
        self.name.setText(choice.name)
        self.password.setText(choice.password)
        self.seats.setValue(choice.seats)
        self.plain.setChecked(choice.plain)

    def reopen(self, code: str, reason: str, key_game: str = "") -> None:
        """Open again after a refused join: as it was, with the reason at its field
        (``key_game``: the game whose host showed a key that is not the pinned one, which
        the player may then choose to trust)."""
        self.refused_key_game = key_game if code == HOST_KEY else ""
        self.trust_new_key.setChecked(False)
        self.trust_new_key.setVisible(bool(self.refused_key_game))
        self._start_browser()
        self.show_refusal(code, reason)
        self.open()

    def _refresh(self) -> None:
        self._adverts = list(self.browser.adverts())
        self.games.clear()
        for advert in self._adverts:
            self.games.addItem(advert.label)
        if not self._adverts:
            self.games.addItem("(looking\u2026 none found yet)")
            self.games.item(0).setFlags(Qt.ItemFlag.NoItemFlags)

    def _game_chosen(self, row: int) -> None:
        if 0 <= row < len(self._adverts):
            advert = self._adverts[row]
            self.address.setText(f"{advert.address}:{advert.port}")

    def accept(self) -> None:
        try:
            host, port = parse_address(self.address.text())
        except ValueError as exc:
            self._show_at("address", str(exc))
            return
        self.choice = JoinChoice(host, port, self.name.text().strip(), self.password.text(),
                                 self.seats.value(), plain=self.plain.isChecked())
        if self.refused_key_game and self.trust_new_key.isChecked():
            known_hosts().forget(self.refused_key_game)  # pinned again once it accepts us
        super().accept()


def start_joining(window: GameWindow, choice: JoinChoice,
                  dialog: JoinDialog | None = None) -> LanConnection:
    """Connect to the host and open the lobby.  A refused join (or a host that cannot be
    reached) closes the lobby and opens the Join dialog again, ``dialog`` if given, with
    the reason at its field; a game under way only says so on its status line."""
    end_lan_game(window)  # Host/Join another game: the player was asked first
    connection = LanConnection(choice.host, choice.port, choice.password, choice.name,
                               parent=window, plain=choice.plain)
    connection.auto_take = [(-1, choice.name if n == 0 else f"{choice.name} {n + 1}")
                            for n in range(choice.seats)]  # unless remembered seats rejoin
    lobby = open_lobby(window, connection)

    def refused(code: str, reason: str) -> None:
        if connection.driver is not None:
            return  # a seat's rejoin refused mid-game: the status line says why
        lobby.reject()
        again = dialog
        if again is None:  # joined without the dialog (a script): a new one, filled in
            again = join_dialog(window)
            again.fill(choice)
        window.lan_dialog = again
        peer = connection.client.peer
        again.reopen(code, reason, peer.game_id if peer is not None else "")

    connection.join_refused.connect(refused)
    connection.start()
    return connection


def join_game(window: GameWindow, browser_factory: BrowserFactory | None = None
              ) -> JoinDialog | None:
    """File > Join LAN Game (after asking, if that ends a LAN game here); the address
    and names of the last game joined are filled in."""
    if ask_before_leaving(window, lambda: join_game(window, browser_factory),
                          window.lan_connection):
        return None
    dialog = join_dialog(window, browser_factory)
    last = window.lan_connection
    if last is not None and last.owned_host is None:
        dialog.fill(JoinChoice(last.address, last.port, last.name,
                               seats=max(1, len(last.auto_take))))
    dialog.open()
    window.lan_dialog = dialog
    return dialog


def join_dialog(window: GameWindow, browser_factory: BrowserFactory | None = None
                ) -> JoinDialog:
    """A Join dialog whose Join starts joining (and which a refusal opens again)."""
    dialog = JoinDialog(window, browser_factory)
    dialog.accepted.connect(lambda: dialog.choice and start_joining(window, dialog.choice,
                                                                    dialog))
    return dialog


# -- the lobby ------------------------------------------------------------------------------
def security_text(connection: LanConnection) -> str:
    """The lobby's line on encryption: the host key's fingerprint, for players to compare
    by voice as SSH users compare a host key, or a warning for a plain-text game."""
    if connection.plain:
        return ("Not encrypted: anyone on this network can read this game's messages, "
                "the password included.")
    peer = connection.client.peer
    if peer is None:
        return "Encrypted."
    return f"Encrypted. Host key {peer.fingerprint}"


class LobbyDialog(QDialog):
    """The seats, who is ready, chat, and the connection's state until the game starts."""

    def __init__(self, connection: LanConnection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lobby")
        self.setWindowTitle("Lobby")
        self.connection = connection
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        self.title = widgets.label("Lobby", "title")
        layout.addWidget(self.title)
        self.game_line = widgets.label("", "subtle")  # the host's game, unless Space Empires
        self.game_line.setVisible(False)
        layout.addWidget(self.game_line)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(14)
        layout.addLayout(self.grid)
        self.chat_view = QTextEdit()
        self.chat_view.setObjectName("chat_view")
        self.chat_view.setReadOnly(True)
        self.chat_view.setMinimumHeight(120)
        layout.addWidget(self.chat_view)
        row = QHBoxLayout()
        self.chat_line = QLineEdit()
        self.chat_line.setObjectName("chat_line")
        self.chat_line.setPlaceholderText("Say something to everybody")
        self.chat_line.returnPressed.connect(self._send_chat)
        send = QPushButton("Send")
        send.clicked.connect(self._send_chat)
        row.addWidget(self.chat_line)
        row.addWidget(send)
        layout.addLayout(row)
        self.status = QLabel("")
        self.status.setObjectName("lobby_status")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.security = widgets.label("", "subtle")
        self.security.setObjectName("lobby_security")
        self.security.setWordWrap(True)
        self.security.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.security)
        self.error = QLabel("")
        self.error.setObjectName("message")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        leave = QPushButton("Leave")
        leave.clicked.connect(self.reject)
        layout.addWidget(leave, alignment=Qt.AlignmentFlag.AlignRight)
        self.ready_boxes: dict[int, QCheckBox] = {}
        connection.lobby_changed.connect(self.refresh)
        connection.chat.connect(self._chat)
        connection.status_changed.connect(self._status)
        connection.refused.connect(lambda text: self.error.setText(f"The host says: {text}"))
        self.setMinimumWidth(min(560, available_width(self)))
        _dialog_look(self)
        self._status(connection.status)
        self.refresh()
        fit_to_screen(self, again_when_shown=True)

    def _status(self, text: str) -> None:
        self.status.setText(f"Host {self.connection.key}: {text}")
        self.security.setText(security_text(self.connection))

    def _chat(self, sender: str, text: str) -> None:
        self.chat_view.append(f"<b>{sender}</b>: {text.replace('<', '&lt;')}")

    def _send_chat(self) -> None:
        self.connection.send_chat(self.chat_line.text())
        self.chat_line.clear()

    def refresh(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.ready_boxes.clear()
        lobby = self.connection.lobby
        if lobby is None:
            self.grid.addWidget(QLabel("Waiting for the host\u2026"), 0, 0)
            return
        self.title.setText(f"Lobby: {lobby.game_name}")
        game = self.connection.game
        if game:
            self.setWindowTitle(f"Lobby \u2014 {registry.record(game).title}")
            self.game_line.setText(f"{game_label(game)} \u00b7 {len(lobby.seats)} players")
            self.game_line.setVisible(True)
        for column, text in enumerate(("Seat", "Player", "Plays", "State", "")):
            self.grid.addWidget(widgets.label(text, "heading") if text else QLabel(), 0, column)
        for info in lobby.seats:
            r = info.seat + 1
            colour = QLabel(info.colour)
            colour.setStyleSheet(f"color: {style.player_colour(info.seat).name()};"
                                 "font-weight: bold;")
            mine = info.seat in self.connection.seats
            where = "computer (host)" if info.kind == "computer" else (
                "here" if mine else "remote")
            state = ("free" if not info.taken else "ready" if info.ready else
                     "connected" if info.connected else "offline")
            self.grid.addWidget(colour, r, 0)
            self.grid.addWidget(QLabel(info.name if info.taken else "\u2014"), r, 1)
            self.grid.addWidget(QLabel(where), r, 2)
            self.grid.addWidget(QLabel(state), r, 3)
            if mine and info.kind != "computer":
                box = QCheckBox("Ready")
                box.setObjectName(f"ready{info.seat}")
                box.setChecked(info.ready)
                box.toggled.connect(lambda on, s=info.seat: self.connection.set_ready(s, on))
                self.ready_boxes[info.seat] = box
                self.grid.addWidget(box, r, 4)
            elif not info.taken:
                take = QPushButton("Take seat")
                take.setObjectName(f"take{info.seat}")
                take.clicked.connect(lambda _c=False, s=info.seat: self.connection.take_seat(s))
                self.grid.addWidget(take, r, 4)


def open_lobby(window: GameWindow, connection: LanConnection) -> LobbyDialog:
    """Show the lobby; when the game starts, the shell shows it in its game's window."""
    lobby = LobbyDialog(connection, window)
    window.lan_lobby = lobby
    window.lan_connection = connection
    window.lan_status = attach_status(window, connection)

    def started() -> None:
        lobby.accept()
        driver = connection.driver
        assert driver is not None
        shown = window.shell.show_lan_game(driver, connection.lobby.game_name
                                           if connection.lobby else "")
        window.lan_status = attach_status(shown, connection)
        driver.your_turn.connect(lambda seat: notify_turn(shown, seat))
        driver.destroyed.connect(connection.close)

    def left() -> None:
        if connection.driver is None:
            connection.close()

    connection.started.connect(started)
    lobby.rejected.connect(left)
    app = QApplication.instance()
    if app is not None:  # quitting: the host this app runs saves and stops
        app.aboutToQuit.connect(connection.close)
    lobby.open()
    return lobby


# -- leaving a LAN game -----------------------------------------------------------------------
LEAVE_BOX = "leave_lan_box"
LEAVE_CONFIRMED = "lan_leave_confirmed"  # a window property while the confirmed step runs
LOCAL_UNDO_TIP = "local_undo_tip"  # an action property: its tip for a local game


def lan_game_in(window: QWidget) -> LanConnection | None:
    """The connection of the LAN game ``window`` (a game's window) shows while it goes
    on; None for a local game or none."""
    driver = getattr(window, "driver", None)
    if isinstance(driver, GameDriver) and driver.connection is not None and \
            driver.connection.live:
        return driver.connection
    return None


def and_list(names: list[str]) -> str:
    """ "Bob", "Bob and Carol", "Bob, Carol and Dan"."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def remote_players(connection: LanConnection) -> list[str]:
    """The names of the people who play the game from other computers."""
    lobby = connection.lobby
    return [info.name for info in (lobby.seats if lobby else [])
            if info.kind != "computer" and info.taken and info.seat not in connection.seats]


def leave_question(connection: LanConnection) -> tuple[str, str, str] | None:
    """(title, text, the button that goes ahead) to ask before ``connection``'s game ends
    here; None when nobody loses anything (not started, over, hosted for nobody else)."""
    table = connection.table
    if not connection.live or not table.updates or table.is_over:
        return None
    if connection.owned_host is None:
        return ("Leave the LAN game?",
                f"The game goes on at the host ({connection.key}), which keeps your seat: "
                "you can rejoin it later with File > Join LAN Game.", "Leave the game")
    others = remote_players(connection)
    if not others:
        return None
    return ("End the LAN game?",
            f"{and_list(others)} will be disconnected.\n\nThis computer hosts the game, so it "
            "ends for everybody. It is saved: File > Host LAN Game can host it again later.",
            "End the game")


def ask_before_leaving(window: QWidget, again: Callable[[], object],
                       connection: LanConnection | None = None) -> bool:
    """Before a step that ends the LAN game ``window`` shows (or ``connection``'s): True if
    a question was opened instead (the caller stops; ``again`` runs, unasked, if the player
    goes ahead; Cancel changes nothing), False if nothing needs asking."""
    if window.property(LEAVE_CONFIRMED):
        return False
    connection = connection or lan_game_in(window)
    question = leave_question(connection) if connection is not None else None
    if question is None:
        return False
    if leave_box(window) is not None:
        return True  # already asked (a second Ctrl+N): one question at a time
    title, text, confirm = question
    box = widgets.ask_to_confirm(window, title, title, confirm, lambda: as_agreed(window, again),
                                 cancel_text="Cancel")
    box.setInformativeText(text)  # the question itself in the box: macOS shows no title
    box.setStyleSheet("QLabel#qt_msgbox_label { font-weight: bold; }")
    box.setObjectName(LEAVE_BOX)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return True


def as_agreed(window: QWidget, step: Callable[[], object]) -> None:
    """Run ``step`` as the player agreed to end the LAN game ``window`` shows: nothing in
    it asks again (:func:`ask_before_leaving` on ``window`` returns False meanwhile)."""
    window.setProperty(LEAVE_CONFIRMED, True)
    try:
        step()
    finally:
        window.setProperty(LEAVE_CONFIRMED, False)


def leave_box(window: QWidget) -> QMessageBox | None:
    """The question :func:`ask_before_leaving` has open on ``window``, if any."""
    return next((box for box in window.findChildren(QMessageBox, LEAVE_BOX)
                 if box.isVisible()), None)


def after_asking(window: QWidget, step: Callable[[], object]) -> None:
    """Run ``step`` now, or once the player agrees to leave the LAN game it would end."""
    if not ask_before_leaving(window, step):
        step()


def may_close(window: QWidget, event: QCloseEvent) -> bool:
    """A window's ``closeEvent``: False (the close ignored, the question open) while closing
    would end a LAN game unasked; when it may close, the LAN game it shows ends with it."""
    if ask_before_leaving(window, window.close):
        event.ignore()
        return False
    shown = lan_game_in(window)  # only this window's: another window's game goes on
    if shown is not None:
        shown.close()
    return True


def end_lan_game(window: GameWindow) -> None:
    """Before hosting or joining another game: end the LAN game of this app (a host stops,
    saving, and frees its port; a player's seat stays at the host)."""
    connection = window.lan_connection
    if connection is not None and connection.live:
        connection.close()


def undo_off_reason(session: Any) -> str:
    """Why Undo does nothing in ``session`` ("" where it works, or no game)."""
    return str(getattr(session, "undo_off", ""))


def show_undo_state(action: QAction, session: Any) -> None:
    """Edit > Undo for the session on the map (None: no map shown): enabled while a step
    can be taken back, and in a network game, where its tips say why it cannot be and
    choosing it (Ctrl+Z) says so on the status bar (a disabled item would say nothing)."""
    off = undo_off_reason(session)
    action.setEnabled(session is not None and (session.can_undo() or bool(off)))
    local = action.property(LOCAL_UNDO_TIP)
    if local is None:
        local = action.statusTip()
        action.setProperty(LOCAL_UNDO_TIP, local)
    tip = off or str(local)
    action.setToolTip(tip)
    action.setStatusTip(tip)


# -- always visible: the connection, and whose turn it is ------------------------------------
def attach_status(window: QMainWindow, connection: LanConnection) -> QLabel:
    """A permanent status-bar label with the connection's state (the main window's, or the
    window a game other than Space Empires is played in)."""
    label = window.statusBar().findChild(QLabel, "lan_status")
    if label is None:
        label = QLabel("")
        label.setObjectName("lan_status")
        window.statusBar().addPermanentWidget(label)
    label.setProperty("connection", id(connection))  # the label's: a later one takes it over

    def show(text: str) -> None:
        if label.property("connection") != id(connection):
            return  # an earlier connection's last words: not this label's any more
        if connection.ended and not connection.accepted:
            label.setText("")  # a join that never got in: the Join dialog says why
            return
        label.setText(f"LAN {connection.key}: {text}")
        label.setStyleSheet("" if connection.client.connected else "color: #FF8A65;")

    connection.status_changed.connect(show)
    show(connection.status)
    return label


def notify_turn(window: GameWindow, seat: int) -> None:
    """It became a player's decision in the LAN game ``window`` shows: the turn cue (a
    beep with sound off or no player), a window alert, a tray message if any."""
    shell = window.shell
    if not shell.sounds.play("turn"):
        QApplication.beep()
    QApplication.alert(window)
    name = window.driver.player_name(seat) if window.driver is not None else ""
    window.statusBar().showMessage(f"Your turn, {name}.", 8000)
    if QSystemTrayIcon.isSystemTrayAvailable():
        tray = shell.lan_tray
        if tray is None:
            tray = QSystemTrayIcon(window.windowIcon(), shell)
            shell.lan_tray = tray
            tray.show()
        tray.showMessage(window.windowTitle(), f"Your turn, {name}.")
