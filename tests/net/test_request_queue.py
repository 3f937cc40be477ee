"""A request made while the host has yet to answer the previous one waits behind it.

Why: refused at once ("still waiting for the host's answer"), the refusal stayed
on the player's screen after the answer came.  Waiting, it is sent if the
previous answer left the position as it was (a refusal), and dropped (no events,
nothing sent) if that answer moved the game on: it was decided on a position
that is gone.
"""

from __future__ import annotations

import pytest

from se4x_core.errors import IllegalActionError
from se4x_core.net.protocol import Act, ClientMessage, Error, Update
from se4x_core.net.table import RemoteTable

pytestmark = pytest.mark.fast


def position(seq: int, seat: int = 0) -> Update:
    """The host's update for ``seat`` to act after ``seq`` actions."""
    return Update(seat=seat, seq=seq, observation={"phase": "movement", "current_player": seat},
                  legal=[1, 2, 3])


def table_at(seq: int) -> tuple[RemoteTable, list[ClientMessage]]:
    sent: list[ClientMessage] = []
    table = RemoteTable(sent.append, [0])
    table.feed(position(seq))
    return table, sent


def test_a_second_request_waits_and_is_dropped_when_the_answer_moves_the_game_on() -> None:
    table, sent = table_at(4)
    first = table.act(1)
    second = table.act(2)  # a second click before the host answered
    assert not second.done() and sent == [Act(0, 4, 1)]  # not refused, not sent yet
    table.feed(position(5))  # the host's answer to the first
    assert first.result() == [] and second.result() == []  # dropped: decided at 4
    assert sent == [Act(0, 4, 1)] and not table.waiting


def test_a_second_request_is_sent_when_the_first_is_refused() -> None:
    table, sent = table_at(4)
    first = table.act(1)
    second = table.act(2)
    table.feed(Error("illegal", "not now", seat=0))
    assert isinstance(first.exception(), IllegalActionError)
    assert not second.done() and sent == [Act(0, 4, 1), Act(0, 4, 2)] and table.waiting
    table.feed(position(5))
    assert second.result() == [] and not table.waiting


def test_a_dropped_connection_fails_the_waiting_requests_too() -> None:
    table, sent = table_at(4)
    first, second = table.act(1), table.act(2)
    table.lost("gone")
    assert str(first.exception()) == "gone" and str(second.exception()) == "gone"
    table.feed(position(4))
    assert len(sent) == 1 and not table.waiting
