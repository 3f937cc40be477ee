"""Encrypted LAN sessions: nothing readable on the wire, the host's key pinned per game.

Each test is one thing an eavesdropper or an impostor on the same network
could try: read the password, the seat tokens or a player's hidden
information off the wire; stand up a host that claims a game the player
joined before; serve a certificate for one game and claim another.  The
plain-text runs show the same checks do catch a leak, so none passes by
looking at nothing.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import socket
import ssl
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.x509.oid import NameOID

from se4x_core.devtools.wiretap import Wiretap
from se4x_core.net.client import BlockingClient, ClientThread
from se4x_core.net.host import HostCore, new_host
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Chat,
    ChatLine,
    Hello,
    Hosting,
    Join,
    Ready,
    Update,
    Welcome,
    encode,
)
from se4x_core.net.secure import HostIdentity, HostKeyError, KnownHosts, peer_identity
from se4x_core.net.server import HostThread
from tests.helpers.netplay import CONFIG

pytestmark = pytest.mark.fast

PASSWORD = "correct horse battery"
SLICE = 24  # bytes of a message that would identify it on the wire


def _start(core: HostCore, **options: Any) -> tuple[HostThread, int]:
    host = HostThread(core, **options)
    return host, host.start()


def _slices(data: bytes) -> set[bytes]:
    """Every ``SLICE``-byte window of ``data`` at a stride of 8 (a leak of any part of a
    message longer than ``SLICE + 8`` bytes shows up as one of them)."""
    return {data[i:i + SLICE] for i in range(0, max(0, len(data) - SLICE) + 1, 8)}


def _play_a_little(port: int, plain: bool) -> tuple[list[bytes], list[str]]:
    """Two players join with the password, chat, start; returns the plaintext of every
    message the host sent them (encoded again) and their seat tokens."""
    clients = [BlockingClient("127.0.0.1", port, plain=plain) for _ in range(2)]
    heard: list[bytes] = []
    try:
        for seat, client in enumerate(clients):
            client.send(Join(PROTOCOL_VERSION, name=f"p{seat}", seat=seat, password=PASSWORD))
            heard.append(encode(client.recv_until(Welcome)))
        clients[0].send(Chat("meet at hex 0405 with the whole fleet"))
        heard.append(encode(clients[1].recv_until(ChatLine)))
        for seat, client in enumerate(clients):
            client.send(Ready(seat))
        for client in clients:
            heard.append(encode(client.recv_until(Update)))
        return heard, [t for c in clients for t in c.tokens.values()]
    finally:
        for client in clients:
            client.close()


def _leaks(captured: bytes, heard: list[bytes], tokens: list[str]) -> list[str]:
    """What of the secrets and the players' views appears on the wire."""
    found = [name for name, secret in (("password", PASSWORD.encode()),
                                       *((f"token {t[:6]}", t.encode()) for t in tokens))
             if secret in captured]
    for message in heard:
        if any(piece in captured for piece in _slices(message)):
            found.append(f"a message's bytes ({len(message)} B)")
    return found


@pytest.mark.parametrize("plain", [False, True])
def test_a_capture_of_the_wire_holds_no_password_token_or_view(plain: bool) -> None:
    """Over TLS nothing of the password, the tokens or the views is on the wire; the
    same capture of a plain-text game shows all three (the check can see a leak)."""
    host, port = _start(new_host(dict(CONFIG), password=PASSWORD), plain=plain)
    tap = Wiretap("127.0.0.1", port)
    try:
        heard, tokens = _play_a_little(tap.port, plain)
        time.sleep(0.1)
        leaks = _leaks(tap.captured, heard, tokens)
    finally:
        tap.close()
        host.stop()
    assert len(tokens) == 2 and len(heard) >= 5
    if plain:
        assert "password" in leaks and sum(x.startswith("token") for x in leaks) == 2
        assert any(x.startswith("a message") for x in leaks)
    else:
        assert leaks == []


def test_the_host_certificate_names_its_game_and_its_key_lasts(tmp_path: Path) -> None:
    """A client learns the game and the key before it sends anything; a host restarted
    with its key file shows the same fingerprint, so pinned players rejoin."""
    key = tmp_path / "host-key.pem"
    core = new_host(dict(CONFIG))
    fingerprints = []
    for _ in range(2):
        identity = HostIdentity.load_or_create(key)
        host, port = _start(core, identity=identity)
        try:
            client = BlockingClient("127.0.0.1", port)
            assert client.peer is not None and client.peer.game_id == core.game_id
            assert client.peer.fingerprint == identity.fingerprint == host.server.fingerprint
            fingerprints.append(client.peer.fingerprint)
            client.close()
        finally:
            host.stop()
    assert fingerprints[0] == fingerprints[1] and fingerprints[0].startswith("SHA256:")
    assert oct(key.stat().st_mode & 0o777) == "0o600"


class _Counting(HostCore):
    """A host core that counts the messages it was sent (the impostor's loot)."""

    received: list[bytes]

    def handle(self, conn: int, raw: bytes) -> Any:
        self.received.append(raw)
        return super().handle(conn, raw)


def _impostor(game_id: str) -> _Counting:
    core = new_host(dict(CONFIG))
    core.__class__ = _Counting
    assert isinstance(core, _Counting)
    core.received = []
    core.game_id = game_id
    return core


def test_a_fake_host_for_a_joined_game_gets_no_password_and_no_token(tmp_path: Path) -> None:
    """The player joined game G at its real host (its key pinned on being let in); a
    host with another key claiming G is refused before a byte of the protocol is sent:
    no Hello with the password, no Rejoin with the token."""
    pins = KnownHosts(tmp_path / "known-hosts.json")
    real = new_host(dict(CONFIG), password=PASSWORD)
    host, port = _start(real)
    messages: list[Any] = []
    client = ClientThread("127.0.0.1", port, messages.append, lambda _t: None, PASSWORD,
                          known_hosts=pins)
    try:
        client.start()
        deadline = time.monotonic() + 5
        while not any(isinstance(m, Hosting) for m in messages) and time.monotonic() < deadline:
            time.sleep(0.02)
        client.send(Join(PROTOCOL_VERSION, name="ann", seat=0, password=PASSWORD))
        while not client.tokens and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        client.stop()
        host.stop()
    assert client.tokens and KnownHosts(pins.path).pinned(real.game_id) == host.server.fingerprint

    fake = _impostor(real.game_id)
    impostor, fake_port = _start(fake)  # its own key: the real host's never left it
    failures: list[str] = []
    again = ClientThread("127.0.0.1", fake_port, lambda _m: None, lambda _t: None, PASSWORD,
                         on_failed=failures.append, known_hosts=KnownHosts(pins.path))
    again.tokens.update(client.tokens)  # what a restarted app would offer
    try:
        again.start()
        again._thread.join(5)
        with pytest.raises(HostKeyError):
            BlockingClient("127.0.0.1", fake_port, known_hosts=KnownHosts(pins.path))
        time.sleep(0.2)
    finally:
        again.stop()
        impostor.stop()
    assert fake.received == []
    assert again.key_refused and len(failures) == 1 and "pretending" in failures[0]


def test_a_host_that_claims_another_game_than_its_certificate_is_left(
        tmp_path: Path) -> None:
    """A certificate for one game, a Hosting for another: the client stops there and
    pins nothing."""

    class Liar(HostIdentity):
        def server_context(self, game_id: str) -> Any:
            return super().server_context("somebody-elses-game")

    core = new_host(dict(CONFIG))
    host, port = _start(core, identity=Liar(HostIdentity.ephemeral()._key))
    pins = KnownHosts(tmp_path / "pins.json")
    failures: list[str] = []
    client = ClientThread("127.0.0.1", port, lambda _m: None, lambda _t: None,
                          on_failed=failures.append, known_hosts=pins)
    try:
        client.start()
        client._thread.join(5)
    finally:
        client.stop()
        host.stop()
    assert failures and "names game somebody-elses-game" in failures[0]
    assert KnownHosts(pins.path).pinned(core.game_id) == ""
    assert KnownHosts(pins.path).pinned("somebody-elses-game") == ""


def test_plain_and_encrypted_do_not_mix_silently() -> None:
    """A client that did not ask for plain text is refused by a plain host with the
    reason; a plain client gets nothing from an encrypted host."""
    plain_host, plain_port = _start(new_host(dict(CONFIG)), plain=True)
    tls_host, tls_port = _start(new_host(dict(CONFIG)))
    failures: list[str] = []
    try:
        client = ClientThread("127.0.0.1", plain_port, lambda _m: None, lambda _t: None,
                              on_failed=failures.append)
        client.start()
        client._thread.join(5)
        client.stop()
        assert len(failures) == 1 and "does not speak encrypted se4x" in failures[0]
        clear = BlockingClient("127.0.0.1", tls_port, plain=True)
        clear.send(Hello(PROTOCOL_VERSION))
        with pytest.raises((ConnectionError, OSError)):
            clear.recv()
        clear.close()
    finally:
        plain_host.stop()
        tls_host.stop()


def test_known_hosts_file_survives_damage_and_forgets_on_request(tmp_path: Path) -> None:
    path = tmp_path / "lan" / "known-hosts.json"
    path.parent.mkdir()
    path.write_text("{not json")
    pins = KnownHosts(path)
    assert pins.pinned("g") == ""
    identity = HostIdentity.ephemeral()
    core = new_host(dict(CONFIG))
    host, port = _start(core, identity=identity)
    try:
        client = BlockingClient("127.0.0.1", port)
        assert client.peer is not None
        pins.remember(client.peer)
        client.close()
    finally:
        host.stop()
    assert json.loads(path.read_text()) == {core.game_id: identity.fingerprint}
    KnownHosts(path).forget(core.game_id)
    assert KnownHosts(path).pinned(core.game_id) == ""


def test_peer_identity_refuses_a_certificate_that_is_not_an_se4x_game() -> None:
    """A TLS server with some other certificate is not taken for a game's host."""
    identity = HostIdentity.ephemeral()
    key = identity._key
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "printer.local")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(1)
            .not_valid_before(now).not_valid_after(now + datetime.timedelta(days=1))
            .sign(key, hashes.SHA256()))
    with tempfile.NamedTemporaryFile(suffix=".pem") as handle:
        handle.write(cert.public_bytes(serialization.Encoding.PEM) + key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption()))
        handle.flush()
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(handle.name)
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = listener.accept()
        with contextlib.suppress(OSError):
            context.wrap_socket(conn, server_side=True).recv(1)

    threading.Thread(target=serve, daemon=True).start()
    try:
        with pytest.raises(HostKeyError, match="not an se4x game"):
            BlockingClient("127.0.0.1", listener.getsockname()[1])
    finally:
        listener.close()
    with pytest.raises(HostKeyError):
        peer_identity(None)

