"""A TCP relay that records every byte it passes: what an eavesdropper on the LAN sees.

Why a relay of our own rather than a packet capture: capturing needs privileges
and a network interface the tests may not have; a relay on loopback sees
exactly the bytes a client and the host exchange, in both directions, and the
benchmarks count wire bytes (TLS records included) with it.
"""

from __future__ import annotations

import contextlib
import socket
import threading


class Wiretap:
    """Listens on loopback, relays each connection to ``(host, port)`` and keeps what
    passed: :attr:`to_host` and :attr:`to_client`, over every connection."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.to_host = bytearray()
        self.to_client = bytearray()
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._sockets: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, name="wiretap", daemon=True).start()

    @property
    def captured(self) -> bytes:
        """Everything that passed, both ways."""
        with self._lock:
            return bytes(self.to_host) + bytes(self.to_client)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            for sock in (client, upstream):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sockets += [client, upstream]
            for source, sink, record in ((client, upstream, self.to_host),
                                         (upstream, client, self.to_client)):
                threading.Thread(target=self._pump, args=(source, sink, record),
                                 daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, record: bytearray) -> None:
        with contextlib.suppress(OSError):
            while chunk := source.recv(65536):
                with self._lock:
                    record += chunk
                sink.sendall(chunk)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self._closed = True
        for sock in [self._listener, *self._sockets]:
            with contextlib.suppress(OSError):
                sock.close()
