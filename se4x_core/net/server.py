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

Autosave: the core hands the save text over at every phase change, at game
over and when a client drops; it is written to a temporary file and renamed
over the old one, so a crash mid-write never leaves a damaged save.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import threading
from pathlib import Path

from se4x_core.files import write_atomic
from se4x_core.net.host import HostCore, Outgoing
from se4x_core.net.protocol import Error, ProtocolError, encode, frame, frame_length

LOG = logging.getLogger(__name__)
MAX_CONNECTIONS = 32
LOOPBACK = "127.0.0.1"


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


class HostServer:
    """Serves one :class:`HostCore` on a TCP port (see the module docstring)."""

    def __init__(self, core: HostCore, host: str = LOOPBACK, port: int = 0,
                 autosave: Path | None = None) -> None:
        self.core = core
        self.host, self.port = host, port
        self.autosave = autosave
        self._writers: dict[int, asyncio.StreamWriter] = {}
        self._next_conn = 1
        self._server: asyncio.Server | None = None
        self._computer: asyncio.Task[None] | None = None
        if autosave is not None:
            core.on_save = lambda text: self._save(autosave, text)

    @staticmethod
    def _save(path: Path, text: str) -> None:
        """Autosave; a full disk is logged and play goes on (the previous save is intact)."""
        try:
            write_atomic(path, text)
        except OSError:
            LOG.exception("autosave to %s failed", path)

    async def start(self) -> int:
        """Listen; returns the port (useful with port 0: any free port)."""
        self._server = await asyncio.start_server(self._serve, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def serve_forever(self) -> None:
        assert self._server is not None
        async with self._server:
            await self._server.serve_forever()

    async def stop(self) -> None:
        """Stop listening and close every connection (the game is saved first)."""
        if self.core.on_save is not None:
            self.core.on_save(self.core.save_text())
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers.values()):
            writer.close()
        if self._computer is not None:
            self._computer.cancel()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = self._next_conn
        self._next_conn += 1
        peer = writer.get_extra_info("peername")
        if not is_local_address(peer[0] if peer else ""):
            self._send_now(writer, Error("not_local", "this host takes LAN players only"))
            writer.close()
            return
        if len(self._writers) >= MAX_CONNECTIONS:
            self._send_now(writer, Error("full", "this host has too many connections"))
            writer.close()
            return
        self._writers[conn] = writer
        self._deliver(self.core.connect(conn))
        try:
            await self._read_loop(conn, reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, OSError):
            pass
        finally:
            self._writers.pop(conn, None)
            writer.close()
            self._deliver(self.core.disconnect(conn))

    async def _read_loop(self, conn: int, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        while True:
            header = await reader.readexactly(4)
            try:
                length = frame_length(header)
            except ProtocolError as exc:  # the stream cannot be resynchronised: hang up
                self._send_now(writer, Error("frame", str(exc)))
                await writer.drain()
                return
            body = await reader.readexactly(length)
            try:
                out = self.core.handle(conn, body)
            except Exception as exc:  # a bug, not the client's fault: report it, keep serving
                LOG.exception("the host failed on a message")
                out = [(conn, Error("internal", f"the host failed on this message: {exc}"))]
            self._deliver(out)
            await writer.drain()
            self._kick_computers()

    def _send_now(self, writer: asyncio.StreamWriter, message: Error) -> None:
        writer.write(frame(encode(message)))

    def _deliver(self, out: Outgoing) -> None:
        """Send each message to its connection (each distinct message encoded once)."""
        encoded: dict[int, bytes] = {}
        for conn, message in out:
            writer = self._writers.get(conn)
            if writer is None or writer.is_closing():
                continue
            key = id(message)
            if key not in encoded:
                encoded[key] = frame(encode(message))
            writer.write(encoded[key])

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
                self._deliver(self.core.apply(action))
            await asyncio.sleep(0)


class HostThread:
    """A :class:`HostServer` on a background thread with its own event loop."""

    def __init__(self, core: HostCore, host: str = LOOPBACK, port: int = 0,
                 autosave: Path | None = None) -> None:
        self.server = HostServer(core, host, port, autosave)
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
        """Save, close every connection and end the thread."""
        if not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop)
        with contextlib.suppress(Exception):
            future.result(timeout)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
