"""The app as a client of a LAN host: the connection, and a session driven by the host.

The connection (:class:`LanConnection`: the lobby, chat, seat tokens,
reconnecting) is the same for every game; the host names its game
(``Hosting.game``, ``Welcome.game``) and the first update makes that game's
view of the seats here: a :class:`RemoteSession` for Space Empires, a
:class:`~se4x_qt.session.remote_driver.RemoteDriver` (the interface of
:class:`~se4x_qt.session.driver.GameDriver`) for any other game.

Why the table (:class:`~se4x_core.net.table.RemoteTable`) under an ordinary
:class:`~se4x_qt.session.Session`: the map, the combat window and the
production sheet read ``session.observation()``, ``session.legal_actions()``
and ``session.table`` (phase, reachable hexes) and act through
``session.table`` (an action, a planned path, a whole battle choice, a
question why), exactly as in a local game.  The remote table answers from
the host's updates and sends each request as one message; its futures
resolve on the UI thread when the host answers, and an explanation or a
refusal is the host's, word for word.  There is no Game here: the client
never holds anything its seats may not know.

The network runs on :class:`~se4x_core.net.client.ClientThread`'s own
thread; its messages reach the UI thread as queued Qt signals
(:class:`NetBridge`).  ``Session.apply`` (scripts, tests) waits for the
host's answer in a nested event loop that excludes user input.

A join the host refuses (a wrong password, a full game, a name taken, a
locked-out address, another game or version) or a host that cannot be
reached is never tried again by itself: retrying would present the same
address or the same wrong password over and over, toward the host's
lockout.  The connection stops and says why (:attr:`LanConnection.join_refused`,
the host's code and words) so that the player can correct the Join dialog.
Reconnecting by itself stays right for a connection the host accepted and
that then dropped: its seats rejoin with their tokens.

Seat tokens are kept per game (the host's game id, never its address) and
per running app: each app claims a slot of the game's tokens with an
operating-system file lock, so a second app of the same user joining the
same host never offers the first one's tokens (it takes seats of its own),
and a slot is free again the moment its app ends, even by a crash.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sys
from concurrent.futures import Future
from pathlib import Path
from typing import IO, TYPE_CHECKING, cast

from PySide6.QtCore import QObject, Signal

from se4x_core.events import Event, filter_for
from se4x_core.files import write_atomic
from se4x_core.gamekit import registry
from se4x_core.net.client import ClientThread
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Chat,
    ChatLine,
    ClientMessage,
    Error,
    Explained,
    Hosting,
    HostMessage,
    Join,
    Leave,
    Lobby,
    Ready,
    Rejoin,
    Update,
    Welcome,
)
from se4x_core.net.table import RemoteTable
from se4x_qt.session import storage
from se4x_qt.session.remote_driver import RemoteDriver, wait_for_host
from se4x_qt.session.seats import HUMAN, REMOTE, Seat
from se4x_qt.session.session import Session

if TYPE_CHECKING:
    from se4x_core.net.discovery import Advertiser
    from se4x_core.net.server import HostThread

TOKENS_DIR = "lan-seats"  # data_dir()/lan-seats/<game id>/<slot>.json and .lock
SLOTS = 16  # apps of one user that may hold seats of one game at once
SE4X = "se4x"  # the game a host that names none plays (protocol 2 leaves it out for it)
# The host's refusals that always concern getting in (the password, the address's
# lockout, the version, room for one more connection, a host that takes LAN players only)
ENTRY_REFUSALS = frozenset({"password", "locked", "version", "full", "not_local"})
# ... and those that do while this connection holds no seat yet (taking the first one)
SEAT_REFUSALS = frozenset({"seat", "name"})
UNREACHABLE = "unreachable"  # join_refused's code for a host that could not be reached
UNKNOWN_GAME = "game"  # ... for a host playing a game this app cannot show
RECONNECTED = ("the connection to the host dropped before this reached it; it is back "
               "now: choose again")


# -- seat tokens kept between runs ----------------------------------------------------------
def _game_folder(game_id: str) -> Path:
    """The folder of a game's tokens: the id as it is if it is plain hex, else its hash."""
    safe = game_id if re.fullmatch(r"[0-9a-f]{1,64}", game_id) else \
        hashlib.sha256(game_id.encode("utf-8", "replace")).hexdigest()[:32]
    return storage.data_dir() / TOKENS_DIR / safe


def _try_lock(handle: IO[bytes]) -> bool:
    """An exclusive lock on an open file, without waiting; False if another holds it."""
    try:
        if sys.platform == "win32":  # pragma: no cover - Windows (mypy skips it elsewhere)
            import msvcrt
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class SeatTokens:
    """This app's tokens for one game: a slot claimed with a lock while the app runs.

    Why slots: two apps of one user may sit at one game (a host and a
    player, or two players); each gets its own slot, and so its own tokens.
    """

    def __init__(self, game_id: str) -> None:
        self.folder = _game_folder(game_id)
        self.slot = -1
        self._lock: IO[bytes] | None = None
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
            self._claim()

    def _claim(self) -> None:
        for slot in range(SLOTS):
            handle = open(self.folder / f"{slot}.lock", "ab")  # noqa: SIM115 - held open
            if _try_lock(handle):
                self.slot, self._lock = slot, handle
                return
            handle.close()

    @property
    def path(self) -> Path | None:
        return self.folder / f"{self.slot}.json" if self.slot >= 0 else None

    def load(self) -> dict[int, str]:
        """The tokens this slot held (empty if none, or no slot could be claimed)."""
        if self.path is None:
            return {}
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
            return {int(seat): str(token) for seat, token in doc.items()}
        except (OSError, ValueError, AttributeError, TypeError):
            return {}

    def save(self, tokens: dict[int, str]) -> None:
        if self.path is None:
            return
        with contextlib.suppress(OSError):  # rejoining another day then needs a new seat
            write_atomic(self.path, json.dumps({str(s): t for s, t in tokens.items()}))

    def release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.close()  # closing drops the lock
            self._lock = None


class NetBridge(QObject):
    """Carries the client thread's callbacks to the UI thread as queued signals."""

    message = Signal(object)
    status = Signal(str)
    failed = Signal(str)


class LanConnection(QObject):
    """The app's connection to a host: lobby, chat, status, the seats held here."""

    lobby_changed = Signal()
    chat = Signal(str, str)  # sender, text
    status_changed = Signal(str)
    refused = Signal(str)  # the host's reason, for the lobby's message line
    join_refused = Signal(str, str)  # code, reason: this attempt to join ended (never retried)
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
        self.game_id = ""
        self.game = ""  # the game the host plays (its registered name), once it said
        self.players = 0
        self.tokens: SeatTokens | None = None
        self.session: RemoteSession | None = None  # Space Empires' view of the seats here
        self.driver: RemoteDriver | None = None  # any other game's
        self.table: RemoteTable[Event] = RemoteTable(self.send, [])
        self.owned_host: HostThread | None = None  # the host this app runs (stopped with it)
        self.advertiser: Advertiser | None = None
        self.auto_take: list[tuple[int, str]] = []  # (seat or -1, name) to take on connecting
        self.accepted = False  # the host let this connection in (Hosting or Welcome)
        self.ended = ""  # why this connection stopped for good (a refusal), if it did
        self.closed = False
        self._took = False
        self._link_up = False  # the connection the client holds is up (it was, last heard)
        self._bridge = NetBridge(self)
        self._bridge.message.connect(self._on_message)
        self._bridge.status.connect(self._on_status)
        self._bridge.failed.connect(lambda reason: self._end(UNREACHABLE, reason))
        self.client = ClientThread(host, port, self._bridge.message.emit,
                                   self._bridge.status.emit, password,
                                   on_failed=self._bridge.failed.emit)

    def start(self) -> None:
        self.client.start()

    def close(self) -> None:
        """Disconnect (and stop the host this app runs, which checkpoints first)."""
        self.closed = True
        self.client.stop()
        if self.tokens is not None:
            self.tokens.release()
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

    def send(self, message: ClientMessage) -> None:
        self.client.send(message)

    # -- messages -----------------------------------------------------------------------------
    @property
    def live(self) -> bool:
        """Neither closed nor ended by a refusal: a game here goes on through it."""
        return not (self.closed or self.ended)

    def _on_status(self, text: str) -> None:
        """The client's state; what was asked over a connection that is gone is void.

        Why also on reconnecting: a request made while the connection was down
        never reached the host, and the host's first update on the new
        connection is of the same position, so nothing else would end its wait.
        """
        up = self.client.connected
        if not up:
            self.table.lost()
        elif not self._link_up:
            self.table.lost(RECONNECTED)
        self._link_up = up
        self.status = f"{text} ({self.ended})" if self.ended else text
        self.status_changed.emit(self.status)

    def _end(self, code: str, reason: str) -> None:
        """This connection stops for good (never retried): the host refused it, or could
        not be reached; ``join_refused`` says why."""
        if self.ended or self.closed:
            return
        self.ended = f"refused: {reason}" if code != UNREACHABLE else reason
        self.client.stop()
        self.table.lost(reason)
        self.join_refused.emit(code, reason)
        self._on_status("disconnected")

    def _refuses_entry(self, code: str) -> bool:
        """A refusal of this connection's way in (not of one request once in)."""
        if code in ENTRY_REFUSALS or not self.accepted:
            return True
        return code in SEAT_REFUSALS and not self.seats

    def _knows(self, game: str, players: int) -> bool:
        """Note the host's game; False (and end the attempt) if this app cannot show it."""
        name = game or registry.default().name  # left out: the default game
        if name not in registry.names():
            self._end(UNKNOWN_GAME, f"this host plays {game!r}, which this version of se4x "
                                    f"cannot show")
            return False
        self.game, self.players = name, players
        self.table.use_game(name)
        self.accepted = True
        return True

    def _on_hosting(self, message: Hosting) -> None:
        """The host said which game it holds: offer this app's tokens for it, or take seats."""
        if not self._knows(message.game, message.players):
            return
        if self.tokens is None or message.game_id != self.game_id:
            if self.tokens is not None:
                self.tokens.release()
            self.game_id = message.game_id
            self.tokens = SeatTokens(message.game_id)
        remembered = self.tokens.load()
        if not remembered:
            self._take_wanted()
            return
        self.client.tokens.update(remembered)
        for token in remembered.values():
            self.client.send(Rejoin(PROTOCOL_VERSION, token, self.password))

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
        elif isinstance(message, Hosting):
            self._on_hosting(message)
        elif isinstance(message, Lobby):
            self.lobby = message
            self.lobby_changed.emit()
        elif isinstance(message, Welcome):
            self._on_welcome(message)
        elif isinstance(message, ChatLine):
            self.chat.emit(message.sender, message.text)
        elif isinstance(message, Explained):
            self.table.feed(message)
        elif isinstance(message, Error):
            self._on_error(message)

    def _on_welcome(self, message: Welcome) -> None:
        if not self._knows(message.game, message.players):
            return
        if message.seat not in self.seats:
            self.seats.append(message.seat)
            self.seats.sort()
        self.table.seats.add(message.seat)
        if self.tokens is None or message.game_id != self.game_id:
            self.game_id = message.game_id
            self.tokens = SeatTokens(message.game_id)
        self.tokens.save(self.client.tokens)
        self.lobby_changed.emit()

    def _on_error(self, message: Error) -> None:
        if message.code == "token":  # a remembered seat that this host no longer has
            self.client.tokens.clear()
            if self.tokens is not None:
                self.tokens.save({})
            self._take_wanted()
            return
        if self._refuses_entry(message.code):
            self.refused.emit(message.message)
            self._end(message.code, message.message)
            return
        self.table.feed(message)
        self.refused.emit(message.message)

    def _on_update(self, update: Update) -> None:
        if update.seat not in self.seats or not self.game:
            return
        self.table.feed(update)
        if self.session is None and self.driver is None:
            if self.game == SE4X:
                self.session = RemoteSession(self)
            else:
                game = self.game
                self.driver = RemoteDriver(self, lambda code: registry.action_from_code(game,
                                                                                        code))
            self.started.emit()
            return
        self.update.emit(update)

    def seat_names(self) -> list[str]:
        return [s.name for s in self.lobby.seats] if self.lobby else []


def _events(update: Update) -> list[Event]:
    """An update's events: the host's game wrote them (the protocol checks only that
    each is a map, as for the observation the remote table hands out)."""
    return cast(list[Event], update.events)


class RemoteSession(Session):
    """A session whose authority is the host (see the module docstring).

    The local seats are human seats sharing this screen hot-seat style (the
    handover screen works as for a local game); every other seat is
    *remote*, whoever plays it on the host.
    """

    offers_hints = False  # the search needs the information set, which the host keeps
    # Why no undo: the host applies each step at once, journals it and shows it to every
    # other player; taking it back would retract what they have already been shown.
    undo_off = ("Undo is off in a network game: the host has already shown your move to "
                "the other players")

    your_turn = Signal(int)  # a seat held here has become the one to decide
    saves_locally = False
    reply_timeout = 10.0

    def __init__(self, connection: LanConnection) -> None:
        table = connection.table
        lobby = connection.lobby
        players = len(lobby.seats) if lobby else table.players
        seats = [Seat(HUMAN) if p in connection.seats else Seat(REMOTE) for p in range(players)]
        super().__init__(None, seats=seats, names=connection.seat_names(), table=table)
        self.connection = connection
        self.remote: RemoteTable[Event] = table
        self._phase = table.phase
        self._recorded: tuple[int, list[Event]] = (table.seq, [])
        self._announced = -1  # the position whose decision was last announced
        self._announced_player = -1  # the local seat it was for (-1: a remote seat's turn)
        connection.update.connect(self._on_update)
        connection.lobby_changed.connect(self._names_changed)

    def _names_changed(self) -> None:
        self.player_names = self.connection.seat_names()

    # -- acting: through the host -------------------------------------------------------------
    def wait(self, answer: Future[list[Event]]) -> list[Event]:
        """Wait (UI alive, user input held) for the host's answer to a table request."""
        events: list[Event] = wait_for_host(answer, self.reply_timeout)
        return events

    def _on_update(self, update: Update) -> None:
        self._record(update)
        if update.seat == self.viewer:
            self.events.emit(filter_for(_events(update), self.viewer))
        self.changed.emit()
        if self.remote.phase != self._phase:
            self._phase = self.remote.phase
            self.phase_changed.emit(self._phase)
        self._after_update()

    def _record(self, update: Update) -> None:
        """The journal hears each event once, even when two seats here were sent it."""
        seq, seen = self._recorded
        if update.seq != seq:
            seq, seen = update.seq, []
        fresh = [e for e in _events(update) if e not in seen]
        self._recorded = (seq, seen + fresh)
        if fresh:
            self.recorded.emit(fresh)

    def viewer_may_act(self) -> bool:
        """The screen's decision, unless the host has yet to answer its last request: the
        map, Space and the keys wait for that answer (see RemoteTable on a second click)."""
        return super().viewer_may_act() and not self.remote.waiting

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
        acting = self.remote.acting()
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

    def request_hint(self, seconds: float = 1.0) -> bool:
        return False  # the search needs the information set, which the host keeps

    def resolve_battle_now(self, limit: int = 5000) -> list[Event]:
        """Resolve this screen's battle decisions by the default policy, each through the host."""
        events: list[Event] = []
        for _ in range(limit):
            if not (self.in_battle and self.viewer_may_act()):
                break
            events += self.apply(self._suggested())
        return events
