"""The host's handler, one rule at a time: password, seats, leaving, chat, who is served."""

from __future__ import annotations

import pytest

from se4x_core.net.host import HostCore, new_host
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Chat,
    ChatLine,
    Error,
    Hello,
    Join,
    Leave,
    Lobby,
    Welcome,
    encode,
)
from se4x_core.net.server import is_local_address

pytestmark = pytest.mark.fast


def send(core: HostCore, conn: int, message) -> list:
    return core.handle(conn, encode(message))


def test_the_password_is_checked_before_a_seat_is_given() -> None:
    core = new_host({"players": 2, "seed": 1}, password="sesame")
    assert core.connect(1) == []  # no lobby before the password is known
    (to, error), = send(core, 1, Join(PROTOCOL_VERSION, seat=0, password="guess"))
    assert to == 1 and isinstance(error, Error) and error.code == "password"
    assert not core.seats[0].taken
    out = send(core, 1, Join(PROTOCOL_VERSION, seat=0, password="sesame"))
    assert isinstance(out[0][1], Welcome) and core.seats[0].taken


def test_a_seat_given_up_before_the_start_is_free_again() -> None:
    core = new_host({"players": 2, "seed": 1})
    assert core.connect(1) == []  # nothing before a connection has joined
    out = send(core, 1, Join(PROTOCOL_VERSION, name="Ann"))
    assert isinstance(out[0][1], Welcome) and isinstance(out[1][1], Lobby)
    assert core.seats[0].taken and core.seat_name(0) == "Ann"
    out = send(core, 2, Leave(0))
    assert out[0][1].code == "not_joined" and core.seats[0].taken  # a stranger
    send(core, 2, Hello(PROTOCOL_VERSION))
    out = send(core, 2, Leave(0))
    assert out[0][1].code == "not_your_seat" and core.seats[0].taken  # joined, not seated
    send(core, 1, Leave(0))
    assert not core.seats[0].taken and core.seat_name(0) == "Blue"


def test_chat_reaches_every_joined_connection_under_the_senders_name() -> None:
    core = new_host({"players": 2, "seed": 1}, {1: "rule"})
    core.connect(2)
    core.connect(3)  # never joins: hears nothing
    send(core, 2, Hello(PROTOCOL_VERSION))
    send(core, 1, Join(PROTOCOL_VERSION, name="Ann"))
    out = send(core, 1, Chat("  good luck "))
    assert sorted(to for to, _ in out) == [1, 2]
    assert all(m == ChatLine("Ann", "good luck") for _, m in out)


@pytest.mark.parametrize(("address", "served"), [
    ("127.0.0.1", True), ("192.168.1.20", True), ("10.1.2.3", True), ("172.16.0.9", True),
    ("169.254.3.4", True), ("::1", True), ("fe80::1%eth0", True), ("::ffff:192.168.0.2", True),
    ("8.8.8.8", False), ("2001:4860:4860::8888", False), ("", False), ("nonsense", False),
])
def test_only_loopback_and_lan_peers_are_served(address: str, served: bool) -> None:
    assert is_local_address(address) is served


def test_a_name_another_seat_has_is_refused() -> None:
    """Two Bobs could not be told apart in the lobby, the chat or "Waiting for Bob"."""
    core = new_host({"players": 3, "seed": 1})
    send(core, 1, Join(PROTOCOL_VERSION, name="Bob"))
    (to, error), = send(core, 2, Join(PROTOCOL_VERSION, name=" bob "))
    assert to == 2 and isinstance(error, Error) and error.code == "name"
    assert "Bob is already playing" in error.message and not core.seats[1].taken
    out = send(core, 2, Join(PROTOCOL_VERSION, name="Carol"))
    assert isinstance(out[0][1], Welcome) and core.seat_name(1) == "Carol"
    out = send(core, 3, Join(PROTOCOL_VERSION))  # no name: the seat's colour, never a clash
    assert isinstance(out[0][1], Welcome)
