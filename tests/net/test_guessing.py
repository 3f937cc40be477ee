"""The lockout punishes guessing, not neighbours; entry messages are throttled and a
lobby that did not change is not sent again.

Each test reproduces a way the old per-address lockout failed: players behind one
address locked out with valid tokens, a success resetting a guesser's count, guesses
spread over many addresses, a table flushed by volume, and a rejoin flood that the
host relayed to every other player.
"""

from __future__ import annotations

import pytest

from se4x_core.net.host import (
    FREE_TRIES,
    GLOBAL_GUESSES,
    GLOBAL_RATE,
    LOCKOUT_ADDRESSES,
    HostCore,
    new_host,
)
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Error,
    Hello,
    Hosting,
    Join,
    Lobby,
    Ready,
    Rejoin,
    Welcome,
    encode,
)

pytestmark = pytest.mark.fast

HOME = "192.168.1.20"  # a household behind one address


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def hosted(password: str = "") -> tuple[HostCore, Clock, dict[int, str]]:
    """A 2-player host on a test clock; seat 0 and 1 joined from HOME: their tokens."""
    clock = Clock()
    template = new_host({"players": 2, "seed": 1})
    core = HostCore(template.game, [type(s)() for s in template.seats], password=password,
                    clock=clock)
    tokens = {}
    for conn, seat in ((1, 0), (2, 1)):
        core.connect(conn, HOME)
        out = core.handle(conn, encode(Join(PROTOCOL_VERSION, seat=seat, name=f"P{seat}",
                                            password=password)))
        tokens[seat] = next(m for _, m in out if isinstance(m, Welcome)).token
    return core, clock, tokens


def reply(core: HostCore, conn: int, address: str, message: object) -> object:
    core.connect(conn, address)
    return core.handle(conn, encode(message))[0][1]


def test_a_valid_token_gets_its_seat_back_after_a_neighbour_guessed() -> None:
    core, _, tokens = hosted(password="sesame")
    for guess in range(FREE_TRIES + 1):  # a guesser at the same address, locked out
        answer = reply(core, 10 + guess, HOME, Hello(PROTOCOL_VERSION, f"guess{guess}"))
        assert answer.code in ("password", "locked")  # type: ignore[attr-defined]
    assert reply(core, 30, HOME, Hello(PROTOCOL_VERSION, "sesame")).code == "locked"
    answer = reply(core, 31, HOME, Rejoin(PROTOCOL_VERSION, tokens[0], "sesame"))
    assert isinstance(answer, Welcome) and answer.seat == 0


def test_without_a_password_unknown_tokens_do_not_lock_out_a_valid_one() -> None:
    core, _, tokens = hosted()
    for guess in range(FREE_TRIES + 1):
        reply(core, 10 + guess, HOME, Rejoin(PROTOCOL_VERSION, f"nope{guess}"))
    assert reply(core, 30, HOME, Rejoin(PROTOCOL_VERSION, "nope")).code == "locked"
    assert isinstance(reply(core, 31, HOME, Rejoin(PROTOCOL_VERSION, tokens[1])), Welcome)


def test_a_success_does_not_reset_a_guessers_count() -> None:
    core, _, _ = hosted(password="sesame")
    answers = []
    for attempt in range(2 * FREE_TRIES):  # a guess, then the right password, in turn
        password = "sesame" if attempt % 2 else f"guess{attempt}"
        answer = reply(core, 10 + attempt, "10.0.0.9", Hello(PROTOCOL_VERSION, password))
        answers.append("ok" if isinstance(answer, Hosting) else answer.code)  # type: ignore
    assert answers[0::2] == ["password"] * FREE_TRIES  # each guess counted ...
    assert answers[1:-1:2] == ["ok"] * (FREE_TRIES - 1)
    assert answers[-1] == "locked"  # ... however many right passwords came between


def test_many_addresses_together_get_the_global_rate_and_no_more() -> None:
    """9,000 guesses a second from rotating addresses: the host checks at most its global
    burst plus GLOBAL_RATE a second (2 a second, under the 10 a second asked for)."""
    core, clock, _ = hosted(password="sesame")
    checked = 0
    seconds = 5.0
    count = 9000 * int(seconds)
    for index in range(count):
        clock.now += seconds / count
        address = f"10.{index >> 16 & 255}.{index >> 8 & 255}.{index & 255}"
        answer = reply(core, 100 + index, address, Hello(PROTOCOL_VERSION, f"guess{index}"))
        checked += answer.code == "password"  # type: ignore[attr-defined]
    assert checked <= GLOBAL_GUESSES + GLOBAL_RATE * seconds + 1
    assert checked / seconds < 10


def test_the_table_cannot_be_flushed_to_free_a_locked_address() -> None:
    core, clock, _ = hosted(password="sesame")
    for guess in range(FREE_TRIES):
        reply(core, 10 + guess, "10.9.9.9", Hello(PROTOCOL_VERSION, f"guess{guess}"))
    assert reply(core, 20, "10.9.9.9", Hello(PROTOCOL_VERSION, "x")).code == "locked"
    for index in range(LOCKOUT_ADDRESSES + 200):  # one failure each from many addresses
        clock.now += 0.01
        reply(core, 1000 + index, f"172.16.{index >> 8 & 255}.{index & 255}",
              Hello(PROTOCOL_VERSION, "guess"))
    assert reply(core, 30, "10.9.9.9", Hello(PROTOCOL_VERSION, "x")).code == "locked"


def test_a_rejoin_flood_sends_the_other_players_nothing() -> None:
    core, clock, tokens = hosted()
    for conn, seat in ((1, 0), (2, 1)):
        core.handle(conn, encode(Ready(seat)))
    sent_to_other = 0
    for attempt in range(5000):
        clock.now += 0.001
        conn = 100 + attempt
        core.connect(conn, HOME)
        out = core.handle(conn, encode(Rejoin(PROTOCOL_VERSION, tokens[0])))
        sent_to_other += sum(len(encode(m)) for to, m in out if to == 2)
        for stale in list(core.to_close):
            out += core.disconnect(stale)
            sent_to_other += sum(len(encode(m)) for to, m in out if to == 2)
    assert sent_to_other < 2000, f"{sent_to_other} bytes reached the other player"


def test_entry_messages_on_one_connection_are_throttled() -> None:
    core, _, tokens = hosted()
    core.connect(50, HOME)
    answers = [core.handle(50, encode(Rejoin(PROTOCOL_VERSION, tokens[0])))[0][1]
               for _ in range(40)]
    refused = [a for a in answers if isinstance(a, Error)]
    assert refused and all(a.code == "slow_down" for a in refused)
    assert sum(isinstance(a, Welcome) for a in answers) <= 10
    assert not any(isinstance(a, Lobby) for a in answers)
