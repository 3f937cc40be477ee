"""Clients of the LAN host: a blocking one for scripts and tests, a threaded one for apps.

:class:`BlockingClient` is a plain socket that sends a message and reads
frames; a bot at a remote seat, the benchmarks and the tests use it.

:class:`ClientThread` runs an asyncio connection on a background thread and
hands every message to a callback *on that thread* (the desktop app turns
it into a queued Qt signal).  Why a thread with its own loop rather than Qt
sockets: the same tested code serves the app and headless clients, and the
UI thread never waits on the network.  When the connection drops, the
thread reconnects by itself (every ``retry`` seconds) and takes its seats
back with their tokens; the host then sends the current position, so
nothing is lost.  With ``on_failed``, a connection the host never accepted
(it cannot be made, or it ends before the host's first answer) is not tried
again: retrying would only present the same address, or the same wrong
password, over and over (toward the host's lockout); the owner hears why
and asks the player instead.

Both speak TLS unless asked for ``plain`` (:mod:`se4x_core.net.secure`): the
host's certificate names its game, and with :class:`~se4x_core.net.secure.KnownHosts`
a host whose key is not the one pinned for that game is refused before
anything is sent (:class:`~se4x_core.net.secure.HostKeyError`); the key is
pinned once the host accepts the client.

Both rebuild every :class:`Update` into a whole one before handing it on
(:class:`Rebuilder`): the host sends a seat's whole observation once per
connection and then only what changed, and the rebuilt observation equals
the host's exactly.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import ssl
import threading
from collections.abc import Callable
from typing import Any

import msgspec

from se4x_core.net.patch import apply_patch
from se4x_core.net.protocol import (
    HEADER,
    PROTOCOL_VERSION,
    ClientMessage,
    Hello,
    Hosting,
    HostMessage,
    ProtocolError,
    Rejoin,
    Update,
    Welcome,
    decode_host,
    encode,
    frame,
    frame_length,
)
from se4x_core.net.secure import (
    HostKeyError,
    KnownHosts,
    PeerIdentity,
    client_context,
    peer_identity,
    verify_accepted,
)

NOT_ENCRYPTED = ("it does not speak encrypted se4x: it may host without encryption or be "
                 "an older version (join without encryption only on a network you trust)")


class NotEncrypted(ConnectionError):
    """The host took the connection but not the TLS handshake."""


def _why(exc: OSError) -> str:
    """A connection's failure in the operating system's words ("Connection refused"),
    without asyncio's wrapping ("Connect call failed ('192.168.1.5', 47474)")."""
    if isinstance(exc, socket.gaierror):
        return exc.strerror or str(exc)
    return os.strerror(exc.errno) if exc.errno and exc.errno > 0 else str(exc) or "no answer"


class Rebuilder:
    """Turns the host's updates back into whole ones: each seat's last observation is
    kept, and a change is applied to it (ProtocolError if it does not fit)."""

    def __init__(self) -> None:
        self.held: dict[int, tuple[int, dict[str, Any]]] = {}  # seat -> (seq, observation)

    def rebuild(self, update: Update) -> Update:
        if update.patch is None:
            observation = update.observation
        else:
            held = self.held.get(update.seat)
            if held is None or held[0] != update.base:
                raise ProtocolError(f"an update of seat {update.seat} from position "
                                    f"{update.base}, which this client does not hold")
            try:
                observation = apply_patch(held[1], update.patch)
            except ValueError as exc:
                raise ProtocolError(f"an update that does not fit: {exc}") from None
        self.held[update.seat] = (update.seq, observation)
        return msgspec.structs.replace(update, observation=observation, base=-1, patch=None)

    def read(self, message: HostMessage) -> HostMessage:
        """``message``, an update rebuilt whole."""
        return self.rebuild(message) if isinstance(message, Update) else message


class BlockingClient:
    """One connection to a host, used from one thread."""

    def __init__(self, host: str, port: int, timeout: float = 10.0, plain: bool = False,
                 known_hosts: KnownHosts | None = None) -> None:
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.peer: PeerIdentity | None = None
        self.sock: socket.socket = sock
        if not plain:
            try:
                self.sock = client_context().wrap_socket(sock)
                self.peer = peer_identity(self.sock)
                if known_hosts is not None:
                    known_hosts.check(self.peer)
            except (OSError, HostKeyError):
                sock.close()
                raise
        self.tokens: dict[int, str] = {}
        self.rebuilder = Rebuilder()
        self.last_size = 0  # bytes of the last frame read, length prefix included

    def send(self, message: ClientMessage) -> None:
        self.sock.sendall(frame(encode(message)))

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (tests: malformed frames)."""
        self.sock.sendall(data)

    def recv(self) -> HostMessage:
        """The next message; ConnectionError when the host hangs up."""
        length = frame_length(self._exactly(HEADER.size))
        self.last_size = HEADER.size + length
        message = self.rebuilder.read(decode_host(self._exactly(length)))
        if isinstance(message, Welcome):
            self.tokens[message.seat] = message.token
        return message

    def recv_until(self, kind: type, limit: int = 1000) -> HostMessage:
        """Read until a message of ``kind`` (others are dropped)."""
        for _ in range(limit):
            message = self.recv()
            if isinstance(message, kind):
                return message
        raise ProtocolError(f"no {kind.__name__} in {limit} messages")

    def _exactly(self, n: int) -> bytes:
        chunks = bytearray()
        while len(chunks) < n:
            chunk = self.sock.recv(n - len(chunks))
            if not chunk:
                raise ConnectionError("the host closed the connection")
            chunks += chunk
        return bytes(chunks)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


class ClientThread:
    """A self-reconnecting connection on a background thread (see the module docstring).

    ``on_message(message)``, ``on_status(text)`` and ``on_failed(reason)`` are
    called on the client's thread; ``send`` may be called from any thread.
    """

    def __init__(self, host: str, port: int, on_message: Callable[[HostMessage], None],
                 on_status: Callable[[str], None], password: str = "",
                 retry: float = 1.0, on_failed: Callable[[str], None] | None = None,
                 plain: bool = False, known_hosts: KnownHosts | None = None) -> None:
        self.host, self.port, self.password, self.retry = host, port, password, retry
        self.plain, self.known_hosts = plain, known_hosts
        self.peer: PeerIdentity | None = None  # what the host's certificate showed
        self.key_refused = False  # it gave up on a host key that is not the pinned one
        self.on_message, self.on_status, self.on_failed = on_message, on_status, on_failed
        self.tokens: dict[int, str] = {}  # seat -> token: rejoined after a reconnect
        self.connected = False
        self.accepted = False  # the host answered an entry message (Hosting or Welcome)
        self.rebuilder = Rebuilder()
        self.loop = asyncio.new_event_loop()
        self._writer: asyncio.StreamWriter | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="se4x-client", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def send(self, message: ClientMessage) -> None:
        """Queue ``message`` for the host (dropped while disconnected: the host resends state)."""
        data = frame(encode(message))
        with contextlib.suppress(RuntimeError):  # stopped: the loop is closed
            self.loop.call_soon_threadsafe(self._write, data)

    def _write(self, data: bytes) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(data)

    def stop(self, timeout: float = 3.0) -> None:
        self._stopping = True
        if self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # it gave up and is closing its loop
                self.loop.call_soon_threadsafe(self._close)
            self._thread.join(timeout)

    def drop(self) -> None:
        """Close the socket as a cable pull would (tests); the thread reconnects."""
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self._close)

    def _close(self) -> None:
        if self._writer is not None:
            self._writer.transport.abort()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())
        self.loop.close()

    async def _main(self) -> None:
        first = True
        while not self._stopping:
            try:
                reader, writer = await self._connect()
            except HostKeyError as exc:  # never retried, whatever happened before
                self.key_refused = True
                self._give_up(f"refused the host at {self.host}:{self.port}: {exc}",
                              always=True)
                break
            except OSError as exc:
                reason = str(exc) if isinstance(exc, NotEncrypted) else \
                    f"cannot reach {self.host}:{self.port} ({_why(exc)})"
                if self._give_up(reason):
                    break
                self.on_status(f"{reason}; retrying")
                await asyncio.sleep(self.retry)
                continue
            self._writer = writer
            self.connected = True
            self.on_status("connected" if first else "reconnected")
            first = False
            self.rebuilder = Rebuilder()  # a new connection: whole updates first
            for token in list(self.tokens.values()):
                writer.write(frame(encode(Rejoin(PROTOCOL_VERSION, token, self.password))))
            if not self.tokens:  # no seat yet: say hello to hear which game this is
                writer.write(frame(encode(Hello(PROTOCOL_VERSION, self.password))))
            await self._read(reader)
            self.connected = False
            self._writer = None
            writer.close()
            if not self._stopping and self._give_up(
                    f"the host at {self.host}:{self.port} closed the connection without "
                    f"answering (is it an se4x game of this version"
                    f"{'? It may be encrypted: join with encryption' if self.plain else '?'})"):
                break
            if not self._stopping:
                self.on_status("connection lost; reconnecting")
                await asyncio.sleep(self.retry)
        self.on_status("disconnected")

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """Open the connection; with TLS, check the host's key before anything is sent.

        A host that takes the TCP connection but not the TLS handshake (a plain
        host, or not an se4x host) raises :class:`NotEncrypted`.
        """
        if self.plain:
            return await asyncio.open_connection(self.host, self.port)
        try:
            reader, writer = await asyncio.open_connection(
                self.host, self.port, ssl=client_context(), server_hostname="")
        except (ssl.SSLError, ConnectionResetError, EOFError) as exc:
            raise NotEncrypted(f"the host at {self.host}:{self.port} refused: "
                               f"{NOT_ENCRYPTED}") from exc
        try:
            self.peer = peer_identity(writer.get_extra_info("ssl_object"))
            if self.known_hosts is not None:
                self.known_hosts.check(self.peer)
        except HostKeyError:
            writer.transport.abort()
            raise
        return reader, writer

    def _give_up(self, reason: str, always: bool = False) -> bool:
        """True (and ``on_failed`` told why) if this connection is not to be tried again:
        the owner asked so, and the host never accepted it (or ``always``: a host key
        that is not the pinned one is never tried again)."""
        if always:
            self._stopping = True
            if self.on_failed is not None:
                self.on_failed(reason)
            return True
        if self.on_failed is None or self.accepted or self._stopping:
            return False
        self._stopping = True
        self.on_failed(reason)
        return True

    async def _read(self, reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError, OSError,
                                 ProtocolError):  # a frame too long: not an se4x host
            while True:
                length = frame_length(await reader.readexactly(HEADER.size))
                try:
                    message = decode_host(await reader.readexactly(length))
                except ProtocolError as exc:
                    self.on_status(f"ignored a malformed message from the host: {exc}")
                    continue
                try:
                    message = self.rebuilder.read(message)
                except ProtocolError as exc:  # out of step: reconnect for the whole view
                    self.on_status(f"out of step with the host ({exc}); reconnecting")
                    return
                if isinstance(message, Welcome | Hosting) and not self._accept(message):
                    return
                if isinstance(message, Welcome):
                    self.tokens[message.seat] = message.token
                self.on_message(message)

    def _accept(self, message: Welcome | Hosting) -> bool:
        """The host let this client in: pin its key for its game (False, and the
        connection given up, if it names another game than its certificate did)."""
        try:
            verify_accepted(self.peer, message.game_id)
        except HostKeyError as exc:
            self._give_up(f"refused the host at {self.host}:{self.port}: {exc}", always=True)
            return False
        if self.peer is not None and self.known_hosts is not None:
            self.known_hosts.remember(self.peer)
        self.accepted = True
        return True
