"""The app as a client of a LAN host: the connection, and a session driven by the host.

Why a Game-like proxy (:class:`RemoteGame`) under an ordinary
:class:`~se4x_qt.session.Session`: the map, the combat window and the
production sheet read ``session.observation()``, ``session.legal_actions()``,
``session.game.phase`` / ``reachable`` and call ``session.apply``; the proxy
answers all of these from the latest update the host sent each local seat,
so those views work unchanged, and the client never holds anything its seats
may not know (there is no Game here to leak from).

The network runs on :class:`~se4x_core.net.client.ClientThread`'s own
thread; its messages reach the UI thread as queued Qt signals
(:class:`NetBridge`).  ``apply`` sends the action and then waits for the
host's answer in a nested event loop that excludes user input: the window
keeps painting and the socket thread keeps working, the views get the
synchronous ``apply`` they were written for (a planned path walks step by
step, a refusal is an ``IllegalActionError`` with the host's reason), and
a second click cannot slip in meanwhile.  No answer within
``reply_timeout`` seconds raises too; the next update puts everything right.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.events import Event, filter_for
from se4x_core.files import write_atomic
from se4x_core.net.client import ClientThread
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Act,
    Chat,
    ChatLine,
    Error,
    HostMessage,
    Join,
    Leave,
    Lobby,
    Ready,
    Update,
    Welcome,
)
from se4x_core.observation import Observation
from se4x_qt.session import storage
from se4x_qt.session.seats import HUMAN, REMOTE, Seat
from se4x_qt.session.session import Session

TOKENS_FILE = "lan-seats.json"


# -- seat tokens kept between runs ----------------------------------------------------------
def load_tokens(key: str) -> dict[int, str]:
    """Tokens of the seats this computer held at ``key`` (host:port), to rejoin them."""
    try:
        doc = json.loads((storage.data_dir() / TOKENS_FILE).read_text(encoding="utf-8"))
        return {int(seat): str(token) for seat, token in doc.get(key, {}).items()}
    except (OSError, ValueError, AttributeError, TypeError):
        return {}


def save_tokens(key: str, tokens: dict[int, str]) -> None:
    path = storage.data_dir() / TOKENS_FILE
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc = doc if isinstance(doc, dict) else {}
    except (OSError, ValueError):
        doc = {}
    doc[key] = {str(seat): token for seat, token in tokens.items()}
    try:
        write_atomic(path, json.dumps(doc))
    except OSError:
        pass  # rejoining another day then needs the host to re-issue the seat


class NetBridge(QObject):
    """Carries the client thread's callbacks to the UI thread as queued signals."""

    message = Signal(object)
    status = Signal(str)


class LanConnection(QObject):
    """The app's connection to a host: lobby, chat, status, the seats held here."""

    lobby_changed = Signal()
    chat = Signal(str, str)  # sender, text
    status_changed = Signal(str)
    refused = Signal(str)  # the host's reason, for the lobby's message line
    started = Signal()  # the first update arrived: the session exists
    update = Signal(object)

    def __init__(self, host: str, port: int, password: str = "", name: str = "",
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.address, self.port, self.password, self.name = host, port, password, name
        self.key = f"{host}:{port}"
        self.lobby: Lobby | None = None
        self.seats: list[int] = []
        self.status = "connecting"
        self.session: RemoteSession | None = None
        self.owned_host: Any = None  # a HostThread this app runs (stopped with the connection)
        self.advertiser: Any = None
        self.auto_take: list[tuple[int, str]] = []  # (seat or -1, name) to take on connecting
        self._took = False
        self._bridge = NetBridge(self)
        self._bridge.message.connect(self._on_message)
        self._bridge.status.connect(self._on_status)
        self.client = ClientThread(host, port, self._bridge.message.emit,
                                   self._bridge.status.emit, password)
        self.client.tokens.update(load_tokens(self.key))

    def start(self) -> None:
        self.client.start()

    def close(self) -> None:
        """Disconnect (and stop the host this app runs, which saves first)."""
        self.client.stop()
        if self.advertiser is not None:
            self.advertiser.stop()
            self.advertiser = None
        if self.owned_host is not None:
            self.owned_host.stop()
            self.owned_host = None

    # -- requests ---------------------------------------------------------------------------
    def take_seat(self, seat: int = -1, name: str | None = None) -> None:
        self.client.send(Join(PROTOCOL_VERSION, name=self.name if name is None else name,
                              seat=seat, password=self.password))

    def set_ready(self, seat: int, ready: bool = True) -> None:
        self.client.send(Ready(seat, ready))

    def leave(self, seat: int) -> None:
        self.client.send(Leave(seat))

    def send_chat(self, text: str) -> None:
        if text.strip():
            self.client.send(Chat(text.strip()))

    def send(self, message: Act) -> None:
        self.client.send(message)

    # -- messages -----------------------------------------------------------------------------
    def _on_status(self, text: str) -> None:
        self.status = text
        if text == "connected" and not self.client.tokens:
            self._take_wanted()
        self.status_changed.emit(text)

    def _take_wanted(self) -> None:
        """Take the seats asked for, once (several stale tokens must not take several)."""
        if self._took:
            return
        self._took = True
        for seat, name in self.auto_take:
            self.take_seat(seat, name)

    def _on_message(self, message: HostMessage) -> None:
        if isinstance(message, Update):
            self._on_update(message)
        elif isinstance(message, Lobby):
            self.lobby = message
            self.lobby_changed.emit()
        elif isinstance(message, Welcome):
            if message.seat not in self.seats:
                self.seats.append(message.seat)
                self.seats.sort()
            save_tokens(self.key, self.client.tokens)
            self.lobby_changed.emit()
        elif isinstance(message, ChatLine):
            self.chat.emit(message.sender, message.text)
        elif isinstance(message, Error):
            if message.code == "token":  # a remembered seat that this host does not know
                self.client.tokens.clear()
                save_tokens(self.key, {})
                self._take_wanted()
                return
            self.refused.emit(message.message)

    def _on_update(self, update: Update) -> None:
        if self.session is None:
            if update.seat not in self.seats:
                return
            self.session = RemoteSession(self, update)
            self.started.emit()
            return
        self.update.emit(update)

    def seat_names(self) -> list[str]:
        return [s.name for s in self.lobby.seats] if self.lobby else []


class RemoteGame:
    """The part of the Game facade the views read, fed by the host's updates."""

    def __init__(self, config: dict[str, Any], first: Update) -> None:
        self.config = dict(config)
        self.updates: dict[int, Update] = {first.seat: first}

    def feed(self, update: Update) -> None:
        self.updates[update.seat] = update

    @property
    def latest(self) -> Update:
        return max(self.updates.values(), key=lambda u: u.seq)

    @property
    def seq(self) -> int:
        return self.latest.seq

    @property
    def action_codes(self) -> Sequence[int]:
        """Stands for the action log where the session counts it (its length is all it uses)."""
        return range(self.seq)

    def _obs(self) -> dict[str, Any]:
        return self.latest.observation

    @property
    def phase(self) -> str:
        return str(self._obs()["phase"])

    @property
    def current_player(self) -> int:
        return int(self._obs()["current_player"])

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    @property
    def winner(self) -> int | None:
        winner = int(self._obs()["winner"])
        return winner if self.is_over and winner >= 0 else None

    def observation(self, player: int) -> Observation:
        """The host's view for a seat held here (another seat: the freshest view held)."""
        update = self.updates.get(player) or self.latest
        return update.observation  # type: ignore[return-value]

    def _acting(self) -> Update | None:
        update = self.updates.get(self.current_player)
        return update if update is not None and update.seq == self.seq else None

    def legal_codes(self) -> list[int]:
        acting = self._acting()
        return list(acting.legal) if acting is not None else []

    def legal_actions(self) -> list[Action]:
        return [Action.from_code(code) for code in self.legal_codes()]

    def explain(self, action: Action | int) -> str | None:
        code = action if isinstance(action, int) else action.code
        return None if code in self.legal_codes() else "not legal now"

    def reachable(self, unit: int) -> dict[int, list[int]]:
        acting = self._acting()
        return dict(acting.reachable.get(unit, {})) if acting is not None else {}

    def income_report(self, player: int) -> dict[str, Any]:
        return dict(self.observation(player)["me"]["income_report"])

    def to_json(self) -> str:
        raise OSError("the host keeps this network game's saves")


class RemoteSession(Session):
    """A session whose authority is the host (see the module docstring).

    The local seats are human seats sharing this screen hot-seat style (the
    handover screen works as for a local game); every other seat is
    *remote*, whoever plays it on the host.
    """

    your_turn = Signal(int)  # a seat held here has become the one to decide
    saves_locally = False
    reply_timeout = 10.0

    def __init__(self, connection: LanConnection, first: Update) -> None:
        lobby = connection.lobby
        players = len(lobby.seats) if lobby else int(first.observation["players"])
        game = RemoteGame({"players": players}, first)
        seats = [Seat(HUMAN) if p in connection.seats else Seat(REMOTE) for p in range(players)]
        super().__init__(game, seats=seats, names=connection.seat_names())  # type: ignore[arg-type]
        self.connection = connection
        self.remote: RemoteGame = game
        self._waiting: tuple[int, int] | None = None  # (seq, seat) an action was sent at
        self._reply: Update | Error | None = None
        self._loop: QEventLoop | None = None
        self._recorded: tuple[int, list[dict[str, Any]]] = (first.seq, [])
        self._announced = -1  # the position whose decision was last announced
        self._announced_player = -1  # the local seat it was for (-1: a remote seat's turn)
        connection.update.connect(self._on_update)
        connection.refused.connect(self._on_refused)
        connection.lobby_changed.connect(self._names_changed)

    def _names_changed(self) -> None:
        self.player_names = self.connection.seat_names()

    # -- acting: through the host -------------------------------------------------------------
    def _commit(self, action: Action) -> list[Event]:
        """Send the action; wait (UI alive, user input held) for the host's answer."""
        seat = self.current_player
        if self._waiting is not None:
            raise IllegalActionError("still waiting for the host's answer")
        self._waiting, self._reply = (self.remote.seq, seat), None
        self.connection.send(Act(seat, self.remote.seq, action.code))
        loop = QEventLoop()
        self._loop = loop
        QTimer.singleShot(int(self.reply_timeout * 1000), loop.quit)
        if self._reply is None:
            loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        self._loop, self._waiting = None, None
        reply = self._reply
        if isinstance(reply, Error):
            raise IllegalActionError(reply.message)
        if reply is None:
            raise IllegalActionError("the host did not answer in time (the connection may "
                                     "have dropped; it reconnects by itself)")
        return reply.events  # type: ignore[return-value]

    def _on_refused(self, text: str) -> None:
        if self._waiting is not None:
            self._reply = Error("refused", text)
            if self._loop is not None:
                self._loop.quit()

    def _on_update(self, update: Update) -> None:
        before = self.remote.latest
        self.remote.feed(update)
        if self._waiting is not None and update.seq > self._waiting[0] and \
                update.seat == self._waiting[1]:
            self._reply = update
            if self._loop is not None:
                self._loop.quit()
        self._record(update)
        if update.seat == self.viewer:
            self.events.emit(filter_for(update.events, self.viewer))  # type: ignore[arg-type]
        self.changed.emit()
        if update.observation["phase"] != before.observation["phase"]:
            self.phase_changed.emit(self.remote.phase)
        self._after_update()

    def _record(self, update: Update) -> None:
        """The journal hears each event once, even when two seats here were sent it."""
        seq, seen = self._recorded
        if update.seq != seq:
            seq, seen = update.seq, []
        fresh = [e for e in update.events if e not in seen]
        self._recorded = (seq, seen + fresh)
        if fresh:
            self.recorded.emit(fresh)

    def _local_turn(self) -> bool:
        current = self.current_player
        return current >= 0 and self.seats[current].is_human

    def _after_update(self) -> None:
        """Once per position: game over, or a decision for a seat here (notify, hand over)."""
        if self.remote.is_over:
            if self._announced != -2:
                self._announced = -2
                self.stop()
                self.game_over.emit(self.remote.winner if self.remote.winner is not None else -1)
            return
        if not self._local_turn():
            self._announced_player = -1
            return
        acting = self.remote._acting()
        if acting is None or acting.seq == self._announced:
            return
        current = self.current_player
        self._announced = acting.seq
        if self._announced_player != current and not (self.in_battle and
                                                      self._announced_player >= 0):
            self.your_turn.emit(current)
        if self._announced_player != current and current != self.viewer and \
                not self.in_battle:
            self.handover_needed.emit(current)
        self._announced_player = current
        self._schedule()

    # -- what a client cannot do ---------------------------------------------------------------
    def can_undo(self) -> bool:
        return False  # every step is the host's; a network game has no local undo

    def step_computer(self) -> bool:
        return False
