"""Encrypted LAN sessions: TLS 1.3 from the standard library, the host's key pinned.

Why TLS and not something of our own: the game password, the seat tokens and
each player's view of hidden information cross a network anybody on the same
Wi-Fi can read.  :mod:`ssl` gives an encrypted, authenticated stream; what it
cannot give on a LAN is a certificate authority, so trust works as SSH's does:

* **The host has its own key** (EC P-256, kept in the user's data folder,
  ``lan/host-key.pem``, readable by its owner only): the same key for every
  game that computer hosts, across restarts.  At each start the host signs a
  short certificate that names the game it serves (its game id in the
  subject), so a client learns which game it reached *before* it sends
  anything.
* **The client pins the key per game** (:class:`KnownHosts`,
  ``lan/known-hosts.json``): the first time the host of a game accepts it,
  the key's fingerprint is remembered under the game id; later a host that
  claims the same game with another key is refused before the password or
  a seat token is sent.  The fingerprint (``SHA256:`` and the base64 of the
  SHA-256 of the public key, as SSH prints one) is shown in the lobby on
  both sides, so players can compare it by voice.
* **The password travels inside TLS only.**  A plain-text session exists
  only when the user asks for it (``se4x host --plain``, the dialogs' "without
  encryption" boxes): an advert cannot downgrade a client.

The client does not check a certificate chain (there is none to check): the
pin is the authentication, and the first contact is trusted, as in SSH.  A
player who moves a game to another computer sees the refusal and may forget
the old key (:meth:`KnownHosts.forget`).
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import json
import os
import ssl
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from se4x_core.files import write_atomic

LAN_FOLDER: Final = "lan"
HOST_KEY_FILE: Final = "host-key.pem"
KNOWN_HOSTS_FILE: Final = "known-hosts.json"
CERT_DAYS: Final = 3650  # the certificate is re-signed at every start; its age is moot
SUBJECT_PREFIX: Final = "se4x game "  # the certificate's common name: this and the game id
FINGERPRINT_PREFIX: Final = "SHA256:"


class HostKeyError(ConnectionError):
    """The host's key is not the one this app pinned for the game (or the host's
    certificate is not an se4x one): nothing was sent to it."""


class HostKeyFileError(OSError):
    """The host's key file cannot be read or written (a sentence for the user)."""


def lan_folder(data_dir: Path) -> Path:
    """Where the host key and the known hosts live inside the user's data folder."""
    return data_dir / LAN_FOLDER


def fingerprint_of(public_der: bytes) -> str:
    """``SHA256:`` and the unpadded base64 of the SHA-256 of a public key (SPKI DER)."""
    digest = base64.b64encode(hashlib.sha256(public_der).digest()).decode().rstrip("=")
    return FINGERPRINT_PREFIX + digest


# -- the host ---------------------------------------------------------------------------------
class HostIdentity:
    """The host's private key, and the certificates it signs for the games it serves."""

    def __init__(self, key: Any) -> None:
        self._key = key

    @classmethod
    def ephemeral(cls) -> HostIdentity:
        """A key for this run only (tests, benchmarks): clients cannot pin it twice."""
        from cryptography.hazmat.primitives.asymmetric import ec

        return cls(ec.generate_private_key(ec.SECP256R1()))

    @classmethod
    def load_or_create(cls, path: Path) -> HostIdentity:
        """The key kept at ``path``, made there (mode 0600) the first time.

        HostKeyFileError names the file when it cannot be read, parsed or written.
        """
        from cryptography.hazmat.primitives import serialization

        try:
            data = path.read_bytes()
        except FileNotFoundError:
            identity = cls.ephemeral()
            identity._save(path)
            return identity
        except OSError as exc:
            raise HostKeyFileError(f"cannot read the host key {path}: "
                                   f"{exc.strerror or exc}") from exc
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError) as exc:
            raise HostKeyFileError(f"the host key {path} is damaged ({exc}); move it away "
                                   "and a new one is made (players then see a new key)"
                                   ) from exc
        return cls(key)

    def _private_pem(self) -> bytes:
        from cryptography.hazmat.primitives import serialization

        pem: bytes = self._key.private_bytes(serialization.Encoding.PEM,
                                             serialization.PrivateFormat.PKCS8,
                                             serialization.NoEncryption())
        return pem

    def _save(self, path: Path) -> None:
        pem = self._private_pem()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, pem.decode())  # mkstemp's mode: 0600
        except OSError as exc:
            raise HostKeyFileError(f"cannot write the host key {path}: "
                                   f"{exc.strerror or exc}") from exc

    @property
    def fingerprint(self) -> str:
        from cryptography.hazmat.primitives import serialization

        der = self._key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
        return fingerprint_of(der)

    def certificate_pem(self, game_id: str) -> bytes:
        """A self-signed certificate naming ``game_id`` (see the module docstring)."""
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.x509.oid import NameOID

        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, SUBJECT_PREFIX + game_id)])
        now = datetime.datetime.now(datetime.timezone.utc)
        certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                       .public_key(self._key.public_key())
                       .serial_number(x509.random_serial_number())
                       .not_valid_before(now - datetime.timedelta(days=1))
                       .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
                       .sign(self._key, hashes.SHA256()))
        return certificate.public_bytes(serialization.Encoding.PEM)

    def server_context(self, game_id: str) -> ssl.SSLContext:
        """The TLS 1.3 server context for the game ``game_id``."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_3
        key_pem = self._private_pem()
        # load_cert_chain reads files only: a private temporary file, removed at once.
        fd, name = tempfile.mkstemp(prefix="se4x-host-", suffix=".pem")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(self.certificate_pem(game_id) + key_pem)
            context.load_cert_chain(name)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(name)
        return context


# -- the client -------------------------------------------------------------------------------
@dataclass(frozen=True)
class PeerIdentity:
    """What a TLS host showed: the game its certificate names and its key's fingerprint."""

    game_id: str
    fingerprint: str


def client_context() -> ssl.SSLContext:
    """TLS 1.3 without chain or name checks: the pin (:class:`KnownHosts`) authenticates."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def peer_identity(ssl_object: ssl.SSLObject | ssl.SSLSocket | None) -> PeerIdentity:
    """The game id and key fingerprint of the host at the other end; HostKeyError if it
    showed no se4x certificate."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    from cryptography.x509.oid import NameOID

    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    if not der:
        raise HostKeyError("the host showed no certificate")
    try:
        certificate = x509.load_der_x509_certificate(der)
        names = certificate.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
        common = str(names[0].value) if names else ""
        public = certificate.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    except (ValueError, IndexError) as exc:
        raise HostKeyError(f"the host's certificate cannot be read: {exc}") from exc
    if not common.startswith(SUBJECT_PREFIX):
        raise HostKeyError("the host's certificate is not an se4x game's")
    return PeerIdentity(common[len(SUBJECT_PREFIX):], fingerprint_of(public))


class KnownHosts:
    """The host key pinned for each game id, kept in one small JSON file.

    A file that cannot be read counts as empty (the next pin rewrites it); one
    that cannot be written leaves the pin for this run only, in memory.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._pins: dict[str, str] = self._read()

    def _read(self) -> dict[str, str]:
        if self.path is None:
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}

    def pinned(self, game_id: str) -> str:
        """The fingerprint pinned for ``game_id`` ("" if none)."""
        return self._pins.get(game_id, "")

    def check(self, peer: PeerIdentity) -> None:
        """HostKeyError if another key is pinned for the game this host claims."""
        pinned = self.pinned(peer.game_id)
        if pinned and pinned != peer.fingerprint:
            raise HostKeyError(
                f"its key is not the one this game's host had, so it may be another "
                f"computer pretending to be the host; its key: {peer.fingerprint}")

    def remember(self, peer: PeerIdentity) -> None:
        """Pin ``peer``'s key for its game (the host accepted this client)."""
        if self._pins.get(peer.game_id) == peer.fingerprint:
            return
        self._pins[peer.game_id] = peer.fingerprint
        self._write()

    def forget(self, game_id: str) -> None:
        """Drop the pin of ``game_id`` (the player trusts the game's new host)."""
        if self._pins.pop(game_id, None) is not None:
            self._write()

    def _write(self) -> None:
        if self.path is None:
            return
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(self._pins, indent=1, sort_keys=True))


def verify_accepted(peer: PeerIdentity | None, game_id: str) -> None:
    """HostKeyError if the host names, once in, another game than its certificate did."""
    if peer is not None and game_id and game_id != peer.game_id:
        raise HostKeyError(f"the host's certificate names game {peer.game_id} but it "
                           f"serves {game_id}")
