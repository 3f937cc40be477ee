"""The host's socket server: asyncio around :class:`~se4x_core.net.host.HostCore`.

Why asyncio: the host waits on many sockets at once and does little per
message, so one event loop on one thread serves every client without locks;
the game is touched only on that thread.  A computer seat's decision may take
seconds (the search), so it runs in an executor thread while the loop keeps
answering (a human's message meanwhile is refused as "not your turn" by the
core, never applied out of order).

:class:`HostThread` runs a server on a background thread with its own loop:
the desktop app hosts that way (its UI thread never waits on a socket), and
so do the tests.  ``se4x host`` runs the loop on the main thread.

Against a hostile network (the core does the rest, see
:mod:`se4x_core.net.host`):

* a connection that has not joined within ``handshake_timeout`` seconds is
  closed, and at most :data:`MAX_PENDING` such connections wait at once (the
  oldest is closed to make room), so idle sockets never lock a player out;
  one that sends anything but an entry message before joining is told why
  and hung up on;
* each connection's unsent output is bounded (``max_output``): a client that
  does not read is dropped, and the host's memory stays flat;
* malformed frames and the host's own failures are logged at most
  :data:`LOG_BURST` times a minute per connection.

Encryption (:mod:`se4x_core.net.secure`): TLS 1.3 with the host's key unless
the host was asked for ``plain``; without a key of its own (``identity``) the
server makes one for this run.  The TLS handshake must end within
``handshake_timeout`` too (connections still in it are not counted among the
pending ones: the timeout alone bounds them).

Storage (``autosave``, :mod:`se4x_core.net.store`): a checkpoint when the
server starts, at phase changes at most every ``checkpoint_interval`` seconds
and when it stops; in between, the core journals every accepted action
(fsync) before it is applied and answered.  A dropped connection writes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import ssl
import threading
import time
from pathlib import Path
from typing import Any, Final

from se4x_core.files import write_atomic
from se4x_core.net.host import HostCore, Outgoing
from se4x_core.net.protocol import Error, ProtocolError, encode, frame, frame_length
from se4x_core.net.secure import HostIdentity
from se4x_core.net.store import Journal, journal_path

LOG = logging.getLogger(__name__)
MAX_PENDING: Final = 64  # connections that have not joined yet
HANDSHAKE_TIMEOUT: Final = 10.0  # seconds a new connection has to join
MAX_OUTPUT: Final = 3 << 19  # 1.5 MiB of unsent frames per connection (a frame is <= 1 MiB)
CHECKPOINT_INTERVAL: Final = 3.0  # seconds between checkpoints, at most one per phase change
LOG_BURST: Final = 5  # log lines per connection per minute
# Refusals after which a connection that has not joined is hung up on: it sent something
# other than an entry message (a wrong password, by contrast, may be typed again).
VIOLATIONS: Final = frozenset({"malformed", "not_joined"})
LOOPBACK = "127.0.0.1"


class AutosaveError(OSError):
    """The host cannot write its autosave or journal (a read-only or full folder): it
    refuses to start rather than host a game it could not bring back."""


def is_local_address(address: str) -> bool:
    """True for loopback, private (LAN) and link-local addresses: the only peers served.

    Why: the host is meant for a LAN; if the computer also has a public
    address, strangers on the Internet are refused before they send anything.
    """
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_private or ip.is_link_local


class LogLimit:
    """At most ``LOG_BURST`` lines per connection per minute, then one saying how many
    were left out.  Why: one client sending bad frames must not fill the disk."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[float, int]] = {}  # conn -> (window start, lines)

    def allow(self, conn: int) -> bool:
        now = time.monotonic()
        start, lines = self._seen.get(conn, (now, 0))
        if now - start >= 60.0:
            if lines > LOG_BURST:
                LOG.warning("connection %d: %d more log lines left out", conn, lines - LOG_BURST)
            start, lines = now, 0
        self._seen[conn] = (start, lines + 1)
        return lines < LOG_BURST

    def forget(self, conn: int) -> None:
        start, lines = self._seen.pop(conn, (0.0, 0))
        if lines > LOG_BURST:
            LOG.warning("connection %d: %d more log lines left out", conn, lines - LOG_BURST)


class HostServer:
    """Serves one :class:`HostCore` on a TCP port (see the module docstring)."""

    def __init__(self, core: HostCore, host: str = LOOPBACK, port: int = 0,
                 autosave: Path | None = None, handshake_timeout: float = HANDSHAKE_TIMEOUT,
                 max_output: int = MAX_OUTPUT,
                 checkpoint_interval: float = CHECKPOINT_INTERVAL,
                 identity: HostIdentity | None = None, plain: bool = False) -> None:
        self.core = core
        self.identity = None if plain else identity or HostIdentity.ephemeral()
        self.host, self.port = host, port
        self.autosave = autosave
        self.handshake_timeout = handshake_timeout
        self.max_output = max_output
        self.checkpoint_interval = checkpoint_interval
        self.dropped_slow = 0  # connections dropped for not reading (tests, logs)
        self._writers: dict[int, asyncio.StreamWriter] = {}
        self._serving: set[asyncio.Task[None]] = set()  # one per open connection
        self._pending: dict[int, asyncio.StreamWriter] = {}  # not joined yet, oldest first
        self._next_conn = 1
        self._server: asyncio.Server | None = None
        self._computer: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._journal = Journal(journal_path(autosave)) if autosave is not None else None
        self._last_checkpoint = 0.0
        self._logs = LogLimit()
        self._tls: ssl.SSLContext | None = None

    # -- storage ----------------------------------------------------------------------------
    def checkpoint(self) -> bool:
        """Write the checkpoint and start a new journal after it; False (logged) on failure.

        A failure leaves the previous checkpoint and the journal in use intact,
        so nothing accepted is lost either way.
        """
        if self.autosave is None or self._journal is None:
            return False
        try:
            self._write_checkpoint()
        except OSError:
            LOG.exception("checkpoint to %s failed", self.autosave)
            return False
        return True

    def _write_checkpoint(self) -> None:
        assert self.autosave is not None and self._journal is not None
        self._last_checkpoint = time.monotonic()
        write_atomic(self.autosave, self.core.save_text())
        self._journal.start(self.core.game_id, len(self.core.game.action_codes))
        self.core.checkpoint_due = False

    def _maybe_checkpoint(self) -> None:
        if not self.core.checkpoint_due:
            return
        if self.core.game.is_over or \
                time.monotonic() - self._last_checkpoint >= self.checkpoint_interval:
            self.checkpoint()

    async def _tick(self) -> None:
        """A due checkpoint is written within ``checkpoint_interval`` even in a quiet spell."""
        while True:
            await asyncio.sleep(self.checkpoint_interval)
            self._maybe_checkpoint()

    # -- serving ----------------------------------------------------------------------------
    async def start(self) -> int:
        """Listen; returns the port (useful with port 0: any free port)."""
        if self._journal is not None:
            try:
                self._write_checkpoint()
            except OSError as exc:
                raise AutosaveError(f"cannot write the autosave {self.autosave}: "
                                    f"{exc.strerror or exc}") from exc
            self.core.journal = self._journal.append
        self._tls = self.identity.server_context(self.core.game_id) if self.identity else None
        self._server = await asyncio.start_server(
            self._serve, self.host, self.port, ssl=self._tls,
            ssl_handshake_timeout=self.handshake_timeout if self._tls else None)
        self.port = self._server.sockets[0].getsockname()[1]
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        return self.port

    @property
    def fingerprint(self) -> str:
        """The host key's fingerprint players compare ("" when serving in plain text)."""
        return self.identity.fingerprint if self.identity is not None else ""

    async def serve_forever(self) -> None:
        assert self._server is not None
        async with self._server:
            await self._server.serve_forever()

    async def stop(self) -> None:
        """Stop listening and close every connection (a checkpoint is written first)."""
        self.checkpoint()
        if self._journal is not None:
            self._journal.close()
            self.core.journal = None
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers.values()):
            writer.close()
        for task in (self._computer, self._ticker):
            if task is not None:
                task.cancel()
        # Each connection's task ends here, not when the loop is torn down under it
        # (then Python reports every one as "destroyed but pending" on stderr).
        serving = [task for task in self._serving if not task.done()]
        for task in serving:
            task.cancel()
        await asyncio.gather(*serving, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = self._next_conn
        self._next_conn += 1
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if not is_local_address(address):
            self._send_now(writer, Error("not_local", "this host takes LAN players only"))
            writer.close()
            return
        self._admit_pending(conn, writer)
        self._writers[conn] = writer
        task = asyncio.current_task()
        assert task is not None  # a stream server runs each connection as a task
        self._serving.add(task)
        self._deliver(self.core.connect(conn, address))
        try:
            await self._read_loop(conn, reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, OSError):
            pass
        finally:
            self._serving.discard(task)
            self._writers.pop(conn, None)
            self._pending.pop(conn, None)
            self._logs.forget(conn)
            writer.close()
            self._deliver(self.core.disconnect(conn))

    def _admit_pending(self, conn: int, writer: asyncio.StreamWriter) -> None:
        """Count a new connection as waiting to join; close the oldest waiting if too many."""
        while len(self._pending) >= MAX_PENDING:
            oldest = next(iter(self._pending))
            self._pending.pop(oldest).transport.abort()
        self._pending[conn] = writer
        asyncio.get_running_loop().call_later(self.handshake_timeout, self._expire, conn)

    def _expire(self, conn: int) -> None:
        """The handshake timeout: a connection that has not joined is closed."""
        writer = self._pending.pop(conn, None)
        if writer is not None and not self.core.joined(conn):
            writer.transport.abort()

    async def _read_loop(self, conn: int, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        while True:
            header = await reader.readexactly(4)
            try:
                length = frame_length(header)
            except ProtocolError as exc:  # the stream cannot be resynchronised: hang up
                self._log(conn, "refused a frame: %s", exc)
                self._send_now(writer, Error("frame", str(exc)))
                await writer.drain()
                return
            body = await reader.readexactly(length)
            out = self._handle(conn, body)
            self._deliver(out)
            if self.core.joined(conn):
                self._pending.pop(conn, None)
            elif any(to == conn and isinstance(m, Error) and m.code in VIOLATIONS
                     for to, m in out):
                await writer.drain()  # it broke the handshake: its refusal, then goodbye
                return
            self._hang_up_replaced()
            self._maybe_checkpoint()
            await writer.drain()
            self._kick_computers()

    def _handle(self, conn: int, body: bytes) -> Outgoing:
        try:
            out = self.core.handle(conn, body)
        except Exception as exc:  # a bug, not the client's fault: report it, keep serving
            if self._logs.allow(conn):
                LOG.exception("the host failed on a message from connection %d", conn)
            return [(conn, Error("internal", f"the host failed on this message: "
                                             f"{type(exc).__name__}"))]
        for to, message in out:
            if to == conn and isinstance(message, Error) and message.code == "malformed":
                self._log(conn, "refused a malformed message: %s", message.message)
        return out

    def _log(self, conn: int, text: str, *args: object) -> None:
        if self._logs.allow(conn):
            LOG.warning("connection %d: " + text, conn, *args)

    def _hang_up_replaced(self) -> None:
        """Close the connections the core let go (a seat rejoined from elsewhere)."""
        for conn in list(self.core.to_close):
            self.core.to_close.discard(conn)
            writer = self._writers.get(conn)
            if writer is not None:
                writer.transport.abort()

    def _send_now(self, writer: asyncio.StreamWriter, message: Error) -> None:
        writer.write(frame(encode(message)))

    def _deliver(self, out: Outgoing) -> None:
        """Send each message to its connection (each distinct message encoded once).

        A connection whose unsent output passes ``max_output`` is a client
        that does not read: it is dropped, never left to grow the host.
        """
        encoded: dict[int, bytes] = {}
        for conn, message in out:
            writer = self._writers.get(conn)
            if writer is None or writer.is_closing():
                continue
            key = id(message)
            if key not in encoded:
                encoded[key] = frame(encode(message))
            writer.write(encoded[key])
            if writer.transport.get_write_buffer_size() > self.max_output:
                self.dropped_slow += 1
                self._log(conn, "dropped: %d bytes it does not read",
                          writer.transport.get_write_buffer_size())
                writer.transport.abort()

    def buffered(self) -> int:
        """Bytes sent to no one yet, over every connection (what a slow reader could grow)."""
        return sum(w.transport.get_write_buffer_size() for w in self._writers.values()
                   if not w.is_closing())

    # -- computer seats -------------------------------------------------------------------
    def _kick_computers(self) -> None:
        if self.core.computer_turn() is not None and (
                self._computer is None or self._computer.done()):
            self._computer = asyncio.get_running_loop().create_task(self._run_computers())

    async def _run_computers(self) -> None:
        loop = asyncio.get_running_loop()
        while (turn := self.core.computer_turn()) is not None:
            bot, obs, legal = turn
            seq = len(self.core.game.action_codes)
            action = await loop.run_in_executor(None, bot.step, obs, legal)
            if seq == len(self.core.game.action_codes):
                try:
                    self._deliver(self.core.apply(action))
                except Exception:  # a journal that cannot be written: stop, lose nothing
                    LOG.exception("a computer player's action could not be applied")
                    return
                self._maybe_checkpoint()
            await asyncio.sleep(0)


class HostThread:
    """A :class:`HostServer` on a background thread with its own event loop."""

    def __init__(self, core: HostCore, host: str = LOOPBACK, port: int = 0,
                 autosave: Path | None = None, identity: HostIdentity | None = None,
                 plain: bool = False, **options: Any) -> None:
        self.server = HostServer(core, host, port, autosave, identity=identity, plain=plain,
                                 **options)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="se4x-host", daemon=True)
        self._ready = threading.Event()
        self._error: BaseException | None = None

    @property
    def core(self) -> HostCore:
        return self.server.core

    def start(self, timeout: float = 10.0) -> int:
        """Start serving; returns the port, or raises what listening raised (OSError)."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start")
        if self._error is not None:
            raise self._error
        return self.server.port

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.server.start())
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()

    def call(self, function: object) -> None:
        """Run ``function()`` on the host's thread (the core is touched only there)."""
        assert callable(function)
        self.loop.call_soon_threadsafe(function)

    def stop(self, timeout: float = 5.0) -> None:
        """Checkpoint, close every connection and end the thread."""
        if not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop)
        with contextlib.suppress(Exception):
            future.result(timeout)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
