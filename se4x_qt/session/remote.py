"""The app as a client of a LAN host: the connection, and the session driver it feeds.

The connection (:class:`LanConnection`: the lobby, chat, seat tokens,
reconnecting) is the same for every game; the host names its game
(``Hosting.game``, ``Welcome.game``) and the first update makes that game's
driver of the seats here (its app part's driver class,
:meth:`~se4x_qt.session.driver.GameDriver.remote`).

Why the table (:class:`~se4x_core.net.table.RemoteTable`) under an ordinary driver:
the game's screens read ``driver.observation()``, ``driver.legal_actions()`` and
``driver.table`` and act through ``driver.table``, exactly as in a local game.  The
remote table answers from the host's updates and sends each request as one message; its futures
resolve on the UI thread when the host answers, and an explanation or a
refusal is the host's, word for word.  There is no Game here: the client
never holds anything its seats may not know.

The network runs on :class:`~se4x_core.net.client.ClientThread`'s own
thread; its messages reach the UI thread as queued Qt signals
(:class:`NetBridge`).  ``GameDriver.apply`` (scripts, tests) waits for the
host's answer in a nested event loop that excludes user input.

A join the host refuses (a wrong password, a full game, a name taken, a
locked-out address, another game or version) or a host that cannot be
reached is never tried again by itself: retrying would present the same
address or the same wrong password over and over, toward the host's
lockout.  The connection stops and says why (:attr:`LanConnection.join_refused`,
the host's code and words) so that the player can correct the Join dialog.
Reconnecting by itself stays right for a connection the host accepted and
that then dropped: its seats rejoin with their tokens.

Encryption: a connection speaks TLS unless the player asked for plain text;
the host key each game's host showed is pinned in ``lan/known-hosts.json``
(:func:`known_hosts`), and a host that shows another key for a game is refused
before any password or token is sent (:data:`HOST_KEY`; the Join dialog lets
the player trust the new key once it has been checked with the host).

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
from pathlib import Path
from typing import IO, TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from se4x_core.files import write_atomic
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import Event
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
from se4x_core.net.secure import KNOWN_HOSTS_FILE, KnownHosts, lan_folder
from se4x_core.net.table import RemoteTable
from se4x_qt.session import storage
from se4x_qt.session.app_game import app_game

if TYPE_CHECKING:
    from se4x_core.net.discovery import Advertiser
    from se4x_core.net.server import HostThread
    from se4x_qt.session.driver import GameDriver

TOKENS_DIR = "lan-seats"  # data_dir()/lan-seats/<game id>/<slot>.json and .lock
SLOTS = 16  # apps of one user that may hold seats of one game at once
# The host's refusals that always concern getting in (the password, the address's
# lockout, the version, room for one more connection, a host that takes LAN players only)
ENTRY_REFUSALS = frozenset({"password", "locked", "version", "full", "not_local"})
# ... and those that do while this connection holds no seat yet (taking the first one)
SEAT_REFUSALS = frozenset({"seat", "name"})
UNREACHABLE = "unreachable"  # join_refused's code for a host that could not be reached
UNKNOWN_GAME = "game"  # ... for a host playing a game this app cannot show
HOST_KEY = "host_key"  # ... for a host whose key is not the one pinned for its game


def known_hosts() -> KnownHosts:
    """The host keys pinned per game, in the data folder (in memory only if the folder
    cannot be used: the pins then last while the app runs)."""
    try:
        folder = lan_folder(storage.data_dir())
    except OSError:
        return KnownHosts(None)
    return KnownHosts(folder / KNOWN_HOSTS_FILE)
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
    """This app's tokens for one game, kept under the player's name, in a slot claimed
    with a lock while the app runs.

    Why under the name: two apps of one user may sit at one game (a host and a player,
    or two players), and after both quit either may start first; tokens kept by the
    order the apps started in would go to whichever came back first.  The name the
    player joins with is what the player means by "my seat", so the app that joins as
    Bob asks for Bob's tokens, whatever the order.  Why slots as well: two apps joining
    under the same name each still get tokens of their own.
    """

    def __init__(self, game_id: str, name: str = "") -> None:
        self.folder = _game_folder(game_id)
        self.key = hashlib.sha256(" ".join(name.split()).casefold().encode("utf-8")
                                  ).hexdigest()[:16]
        self.slot = -1
        self._lock: IO[bytes] | None = None
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
            self._claim()

    def _stem(self, slot: int) -> str:
        return self.key if slot == 0 else f"{self.key}-{slot}"

    def _claim(self) -> None:
        for slot in range(SLOTS):
            handle = open(self.folder / f"{self._stem(slot)}.lock", "ab")  # noqa: SIM115
            if _try_lock(handle):  # held open: closing it drops the lock
                self.slot, self._lock = slot, handle
                return
            handle.close()

    @property
    def path(self) -> Path | None:
        return self.folder / f"{self._stem(self.slot)}.json" if self.slot >= 0 else None

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
                 parent: QObject | None = None, plain: bool = False) -> None:
        super().__init__(parent)
        self.address, self.port, self.password, self.name = host, port, password, name
        self.plain = plain
        self.key = f"{host}:{port}"
        self.lobby: Lobby | None = None
        self.seats: list[int] = []
        self.status = "connecting"
        self.game_id = ""
        self.game = ""  # the game the host plays (its registered name), once it said
        self.players = 0
        self.tokens: SeatTokens | None = None
        self.driver: GameDriver | None = None  # the seats here, once the game is under way
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
        self._bridge.failed.connect(self._failed)
        self.client = ClientThread(host, port, self._bridge.message.emit,
                                   self._bridge.status.emit, password,
                                   on_failed=self._bridge.failed.emit, plain=plain,
                                   known_hosts=known_hosts())

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

    def player_name(self) -> str:
        """The name this app plays under here (what its seat tokens are kept under)."""
        return self.name or next((name for _seat, name in self.auto_take if name), "")

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

    def _failed(self, reason: str) -> None:
        """The client gave up: the host was not reached, or showed a key not pinned."""
        self._end(HOST_KEY if self.client.key_refused else UNREACHABLE, reason)

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
            self.tokens = SeatTokens(message.game_id, self.player_name())
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
            self.tokens = SeatTokens(message.game_id, self.player_name())
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
        if self.driver is None:
            self.driver = app_game(self.game).driver_class().remote(self.game, self)
            self.started.emit()
            return
        self.update.emit(update)

    def seat_names(self) -> list[str]:
        return [s.name for s in self.lobby.seats] if self.lobby else []
