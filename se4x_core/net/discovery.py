"""Finding games on the LAN: hosts advertise over mDNS/DNS-SD (python-zeroconf).

Why behind this small interface: multicast may be blocked (firewalls, some
Wi-Fi, containers), so discovery is a convenience and never the only way
in: the Join dialog also takes a typed address.  The app sees only
:class:`Advert` values and two small classes, :class:`Advertiser` and
:class:`Browser`; tests check the translation to and from zeroconf's
``ServiceInfo`` without any network, and substitute a fake browser.

zeroconf runs its own threads, so neither class blocks the caller for long
(registration, which probes the network for name clashes, runs on a thread
of its own).

>>> advert = Advert("Friday game", "192.168.1.5", 47474, players=3, free=1, password=True)
>>> advert_from_info(service_info(advert)) == advert
True
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from se4x_core.net.protocol import PROTOCOL_VERSION, clean_text
from se4x_core.net.server import is_local_address

SERVICE_TYPE = "_se4x._tcp.local."
DEFAULT_PORT = 47474
ADVERT_NAME_LIMIT = 40  # characters of a game's name in the Join dialog
MAX_ADVERTISED_PLAYERS = 8  # more than any game seats: an advert claiming more is junk


@dataclass(frozen=True)
class Advert:
    """A game on offer: where to connect, and what the Join dialog lists."""

    name: str
    address: str
    port: int
    players: int = 2
    free: int = 0
    password: bool = False
    version: int = PROTOCOL_VERSION
    encrypted: bool = True  # False: the host serves in plain text (joined only on request)

    @property
    def label(self) -> str:
        lock = " (password)" if self.password else ""
        clear = "" if self.encrypted else " (not encrypted)"
        return (f"{self.name}: {self.players} players, {self.free} free seat"
                f"{'' if self.free == 1 else 's'}{lock}{clear} at {self.address}:{self.port}")


def _instance_name(name: str) -> str:
    clean = "".join(c for c in name if c.isprintable() and c != ".")[:50] or "se4x game"
    return f"{clean}.{SERVICE_TYPE}"


def service_info(advert: Advert) -> Any:
    """The zeroconf ``ServiceInfo`` announcing ``advert``."""
    from zeroconf import ServiceInfo

    return ServiceInfo(
        SERVICE_TYPE, _instance_name(advert.name),
        addresses=[ipaddress.ip_address(advert.address).packed], port=advert.port,
        properties={"name": advert.name, "players": str(advert.players),
                    "free": str(advert.free), "password": "1" if advert.password else "0",
                    "version": str(advert.version), "tls": "1" if advert.encrypted else "0"})


def advert_from_info(info: Any) -> Advert | None:
    """The advert a ``ServiceInfo`` carries, cleaned as a name or a chat line is; None if
    it is not a usable se4x game.

    Anybody on the LAN can advertise anything, and the Join dialog shows it: so only a
    LAN address (loopback, private, link-local: the host serves no other) is kept, the
    counts must be in range, and the name loses control and format characters
    (terminal escapes, right-to-left overrides) and is cut to ``ADVERT_NAME_LIMIT``.
    """
    try:
        props = {k.decode(): (v or b"").decode() for k, v in (info.properties or {}).items()}
        address = next(a for a in info.parsed_addresses() if is_local_address(a))
        players, free = int(props.get("players", "0")), int(props.get("free", "0"))
        port, version = int(info.port), int(props.get("version", "0"))
        name = clean_text(props.get("name", info.name.split(".")[0]), ADVERT_NAME_LIMIT)
    except (AttributeError, StopIteration, ValueError, UnicodeDecodeError):
        return None
    if not (1 <= players <= MAX_ADVERTISED_PLAYERS and 0 <= free <= players
            and 0 < port < 65536):
        return None
    return Advert(name=name or "se4x game", address=address, port=port, players=players,
                  free=free, password=props.get("password") == "1", version=version,
                  encrypted=props.get("tls") == "1")


def lan_address() -> str:
    """This computer's address on the LAN (the one a route to the outside would use)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks a route
        address: str = s.getsockname()[0]
        return address
    return "127.0.0.1"


class Advertiser:
    """Announces one game while it is open; ``stop`` withdraws it."""

    def __init__(self, advert: Advert) -> None:
        self.advert = advert
        self.error: str | None = None
        self._zc: Any = None
        self._info: Any = None
        self._thread = threading.Thread(target=self._register, name="se4x-advertise",
                                        daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _register(self) -> None:
        try:
            from zeroconf import Zeroconf

            self._zc = Zeroconf()
            self._info = service_info(self.advert)
            self._zc.register_service(self._info, allow_name_change=True)
        except Exception as exc:  # no multicast here: the game is still reachable by address
            self.error = f"the game could not be advertised on the LAN: {exc}"

    def stop(self) -> None:
        self._thread.join(5.0)
        if self._zc is not None:
            with contextlib.suppress(Exception):
                if self._info is not None:
                    self._zc.unregister_service(self._info)
                self._zc.close()


class Browser:
    """Lists the games advertised on the LAN; ``on_change()`` is called on zeroconf's thread."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        self.on_change = on_change
        self.error: str | None = None
        self._adverts: dict[str, Advert] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None

    def start(self) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._handle])
        except Exception as exc:
            self.error = f"cannot look for games on the LAN: {exc}"

    def _handle(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        advert = advert_from_info(info) if info is not None else None
        with self._lock:
            if advert is None or state_change.name == "Removed":
                self._adverts.pop(name, None)
            else:
                self._adverts[name] = advert
        self.on_change()

    def adverts(self) -> list[Advert]:
        with self._lock:
            return sorted(self._adverts.values(), key=lambda a: (a.name, a.address, a.port))

    def stop(self) -> None:
        if self._zc is not None:
            with contextlib.suppress(Exception):
                self._zc.close()
