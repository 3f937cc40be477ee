"""LAN play in the app: the Host and Join dialogs, the lobby, the status line, turn alerts.

Hosting from the app runs the same authoritative host as ``se4x host``
(:class:`~se4x_core.net.server.HostThread`, on its own thread) and joins it
over loopback like any other client, so the host's players and the remote
ones go through the same checks.  Seats are a human at this computer, a human
at another computer (remote) or a computer player run by the host.

The main window only calls :func:`host_game` and :func:`join_game`; when the
lobby sees the game start it hands the window a
:class:`~se4x_qt.session.remote.RemoteSession`, and the map, combat window
and production sheet then work as in a local game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
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
    QPushButton,
    QSpinBox,
    QSystemTrayIcon,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.net.discovery import DEFAULT_PORT, Advert, Advertiser, Browser, lan_address
from se4x_core.net.host import HostCore, new_host, recover
from se4x_core.net.server import HostThread
from se4x_core.net.store import journal_path, read_journal
from se4x_qt import style, widgets
from se4x_qt.session import storage
from se4x_qt.session.remote import LanConnection
from se4x_qt.session.seats import LEVELS

HERE, REMOTE_HUMAN = "here", "remote"
SEAT_KINDS: tuple[tuple[str, str], ...] = (
    ("Human at this computer", HERE), ("Human at another computer", REMOTE_HUMAN)) + tuple(
    (f"Computer: {label}", name) for name, label, _cost in LEVELS)


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
    kinds: list[str] = field(default_factory=lambda: [HERE, REMOTE_HUMAN])
    names: list[str] = field(default_factory=list)
    port: int = DEFAULT_PORT
    password: str = ""
    game_name: str = "se4x game"
    seed: int | None = None
    board: str = "small"
    load_path: Path | None = None
    advertise: bool = True


class HostDialog(QDialog):
    """Choose the seats and how others reach this game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("host_dialog")
        self.setWindowTitle("Host LAN Game \u2014 Space Empires 4X")
        self.choice: HostChoice | None = None
        self.load_path: Path | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        layout.addWidget(widgets.label("Host a game on the local network", "title"))
        form = QGridLayout()
        self.game_name = QLineEdit("se4x game")
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
        for row, (text, widget) in enumerate((("Game name", self.game_name),
                                              ("Players", self.players), ("Port", self.port),
                                              ("Password", self.password))):
            form.addWidget(QLabel(text), row, 0)
            form.addWidget(widget, row, 1)
        layout.addLayout(form)
        self.seat_grid = QGridLayout()
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        for p in range(4):
            swatch = QLabel(data.PLAYER_COLOURS[p])
            swatch.setStyleSheet(f"color: {style.player_colour(p).name()}; font-weight: bold;")
            kind = QComboBox()
            kind.setObjectName(f"kind{p}")
            for text, value in SEAT_KINDS:
                kind.addItem(text, value)
            name = QLineEdit(data.PLAYER_COLOURS[p])
            name.setObjectName(f"name{p}")
            name.setMaxLength(20)
            self.seat_grid.addWidget(swatch, p, 0)
            self.seat_grid.addWidget(kind, p, 1)
            self.seat_grid.addWidget(name, p, 2)
            self.kinds.append(kind)
            self.names.append(name)
            kind.currentIndexChanged.connect(lambda _i, p=p: self._kind_changed(p))
            kind.setCurrentIndex(0 if p == 0 else 1)
        layout.addLayout(self.seat_grid)
        load = QPushButton("Host a saved network game\u2026")
        load.setObjectName("load_button")
        load.clicked.connect(self._choose_save)
        layout.addWidget(load)
        self.info = QLabel("Other players join with File > Join LAN Game and choose their "
                           "own names. The game starts when every seat is taken and ready.")
        self.info.setWordWrap(True)
        layout.addWidget(self.info)
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addWidget(_buttons(self, "Host"))
        self.players.valueChanged.connect(self._players_changed)
        self._players_changed(2)
        _dialog_look(self)

    def _players_changed(self, players: int) -> None:
        for p in range(4):
            for widget in (self.kinds[p], self.names[p],
                           self.seat_grid.itemAtPosition(p, 0).widget()):
                widget.setVisible(p < players)

    def _kind_changed(self, seat: int) -> None:
        remote = self.kinds[seat].currentData() == REMOTE_HUMAN
        self.names[seat].setEnabled(not remote)
        if remote:
            self.names[seat].setText("")
            self.names[seat].setPlaceholderText("chosen by the player")
        elif not self.names[seat].text():
            self.names[seat].setText(data.PLAYER_COLOURS[seat])

    def _choose_save(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Host a saved network game",
                                              str(storage.data_dir() / "lan"),
                                              f"se4x saves (*{storage.SAVE_SUFFIX})")
        if path:
            self.load_path = Path(path)
            self.info.setText(f"Hosting {Path(path).name}: its seats and players return "
                              "(each rejoins with the seat this computer gave them).")

    def accept(self) -> None:
        players = self.players.value()
        kinds = [str(self.kinds[p].currentData()) for p in range(players)]
        if HERE not in kinds and self.load_path is None:
            self.message.setText("At least one seat must be a human at this computer.")
            return
        self.choice = HostChoice(players=players, kinds=kinds,
                                 names=[self.names[p].text().strip() for p in range(players)],
                                 port=self.port.value(), password=self.password.text(),
                                 game_name=self.game_name.text().strip() or "se4x game",
                                 load_path=self.load_path)
        super().accept()


def build_host(choice: HostChoice) -> HostCore:
    """The host's core for a choice (a saved game keeps its seats); ValueError if unusable."""
    if choice.load_path is not None:  # the checkpoint and the actions journaled after it
        return recover(choice.load_path.read_text(encoding="utf-8"),
                       read_journal(journal_path(choice.load_path)), choice.password)
    config: dict[str, Any] = {"players": choice.players}
    if choice.seed is not None:
        config["seed"] = choice.seed
    else:
        import secrets
        config["seed"] = secrets.randbelow(1 << 30)
    if choice.players == 2:
        config["board"] = choice.board
    computers = {p: kind for p, kind in enumerate(choice.kinds) if kind not in (HERE,
                                                                                 REMOTE_HUMAN)}
    return new_host(config, computers, choice.password, choice.game_name)


def start_hosting(window: Any, choice: HostChoice, bind: str = "0.0.0.0") -> LanConnection:
    """Run the host on its own thread, join its local seats over loopback, open the lobby."""
    core = build_host(choice)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    autosave = choice.load_path or storage.data_dir() / "lan" / f"lan-{stamp}.se4x"
    host = HostThread(core, bind, choice.port, autosave)
    port = host.start()
    connection = LanConnection("127.0.0.1", port, choice.password, parent=window)
    connection.owned_host = host
    if choice.advertise:
        free = sum(kind == REMOTE_HUMAN for kind in choice.kinds)
        connection.advertiser = Advertiser(Advert(core.game_name, lan_address(), port,
                                                  len(core.seats), free,
                                                  bool(choice.password)))
        connection.advertiser.start()
    connection.auto_take = [(p, choice.names[p] if p < len(choice.names) else "")
                                for p, kind in enumerate(choice.kinds) if kind == HERE]
    open_lobby(window, connection)
    connection.start()
    return connection


def host_game(window: Any) -> HostDialog:
    """File > Host LAN Game."""
    dialog = HostDialog(window)

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


class JoinDialog(QDialog):
    """Pick a game found on the LAN, or type an address."""

    adverts_changed = Signal()

    def __init__(self, parent: QWidget | None = None,
                 browser_factory: Callable[[Callable[[], None]], Any] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("join_dialog")
        self.setWindowTitle("Join LAN Game \u2014 Space Empires 4X")
        self.choice: JoinChoice | None = None
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
        for row, (text, widget) in enumerate((("Host", self.address), ("Your name", self.name),
                                              ("Password", self.password),
                                              ("Players here", self.seats))):
            form.addWidget(QLabel(text), row, 0)
            form.addWidget(widget, row, 1)
        layout.addLayout(form)
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addWidget(_buttons(self, "Join"))
        self._adverts: list[Advert] = []
        self.adverts_changed.connect(self._refresh)
        factory = browser_factory or Browser
        self.browser = factory(self.adverts_changed.emit)
        self.browser.start()
        if self.browser.error:
            self.message.setText(f"{self.browser.error}. Type the host's address instead.")
        self.finished.connect(lambda _result: self.browser.stop())
        _dialog_look(self)
        self._refresh()

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
            self.message.setText(f"{exc}.")
            return
        self.choice = JoinChoice(host, port, self.name.text().strip(), self.password.text(),
                                 self.seats.value())
        super().accept()


def start_joining(window: Any, choice: JoinChoice) -> LanConnection:
    connection = LanConnection(choice.host, choice.port, choice.password, choice.name,
                               parent=window)
    connection.auto_take = [(-1, choice.name if n == 0 else f"{choice.name} {n + 1}")
                            for n in range(choice.seats)]  # unless remembered seats rejoin
    open_lobby(window, connection)
    connection.start()
    return connection


def join_game(window: Any, browser_factory: Any = None) -> JoinDialog:
    """File > Join LAN Game."""
    dialog = JoinDialog(window, browser_factory)
    dialog.accepted.connect(lambda: dialog.choice and start_joining(window, dialog.choice))
    dialog.open()
    window.lan_dialog = dialog
    return dialog


# -- the lobby ------------------------------------------------------------------------------
class LobbyDialog(QDialog):
    """The seats, who is ready, chat, and the connection's state until the game starts."""

    def __init__(self, connection: LanConnection, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lobby")
        self.setWindowTitle("Lobby \u2014 Space Empires 4X")
        self.connection = connection
        layout = QVBoxLayout(self)
        layout.setContentsMargins(22, 18, 22, 18)
        self.title = widgets.label("Lobby", "title")
        layout.addWidget(self.title)
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
        self.setMinimumWidth(560)
        _dialog_look(self)
        self._status(connection.status)
        self.refresh()

    def _status(self, text: str) -> None:
        self.status.setText(f"Host {self.connection.key}: {text}")

    def _chat(self, sender: str, text: str) -> None:
        self.chat_view.append(f"<b>{sender}</b>: {text.replace('<', '&lt;')}")

    def _send_chat(self) -> None:
        self.connection.send_chat(self.chat_line.text())
        self.chat_line.clear()

    def refresh(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.ready_boxes.clear()
        lobby = self.connection.lobby
        if lobby is None:
            self.grid.addWidget(QLabel("Waiting for the host\u2026"), 0, 0)
            return
        self.title.setText(f"Lobby: {lobby.game_name}")
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


def open_lobby(window: Any, connection: LanConnection) -> LobbyDialog:
    """Show the lobby; when the game starts, the window gets the network session."""
    lobby = LobbyDialog(connection, window)
    window.lan_lobby = lobby
    window.lan_connection = connection
    attach_status(window, connection)

    def started() -> None:
        session = connection.session
        assert session is not None
        lobby.accept()
        window.set_session(session)
        session.your_turn.connect(lambda seat: notify_turn(window, seat))
        session.destroyed.connect(connection.close)

    def left() -> None:
        if connection.session is None:
            connection.close()

    connection.started.connect(started)
    lobby.rejected.connect(left)
    app = QApplication.instance()
    if app is not None:  # quitting: the host this app runs saves and stops
        app.aboutToQuit.connect(connection.close)
    lobby.open()
    return lobby


# -- always visible: the connection, and whose turn it is ------------------------------------
def attach_status(window: Any, connection: LanConnection) -> QLabel:
    """A permanent status-bar label with the connection's state."""
    label = getattr(window, "lan_status", None)
    if label is None:
        label = QLabel("")
        label.setObjectName("lan_status")
        window.statusBar().addPermanentWidget(label)
        window.lan_status = label

    def show(text: str) -> None:
        label.setText(f"LAN {connection.key}: {text}")
        label.setStyleSheet("" if connection.client.connected else "color: #FF8A65;")

    connection.status_changed.connect(show)
    show(connection.status)
    return label


def notify_turn(window: Any, seat: int) -> None:
    """It became a player's decision here: a beep, a window alert, a tray message if any."""
    QApplication.beep()
    QApplication.alert(window)
    name = window.session.player_name(seat) if window.session is not None else ""
    window.statusBar().showMessage(f"Your turn, {name}.", 8000)
    if QSystemTrayIcon.isSystemTrayAvailable():
        tray = getattr(window, "lan_tray", None)
        if tray is None:
            tray = QSystemTrayIcon(window.windowIcon(), window)
            window.lan_tray = tray
            tray.show()
        tray.showMessage("Space Empires 4X", f"Your turn, {name}.")
