"""One table for every seat: a game on a host answers as the same game held here.

A :class:`RemoteTable` wired straight to a :class:`HostCore` (each request
handled, each answer rebuilt and fed back, as the app's connection does) and
a :class:`LocalTable` on a copy of the game are asked the same things at
every position of a seeded game: the observation, the legal actions, the
reachable hexes, why an action is refused; then the same request (one
action, a planned path, a whole choice) goes to both, and the answers and
the games must agree.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.events import filter_for
from se4x_core.game import Game
from se4x_core.gamekit.table import LocalTable
from se4x_core.net.client import Rebuilder
from se4x_core.net.host import HostCore, new_host
from se4x_core.net.protocol import PROTOCOL_VERSION, ClientMessage, Join, Ready, encode
from se4x_core.net.table import RemoteTable
from tests.helpers.netplay import CONFIG

pytestmark = pytest.mark.fast


class Wire:
    """The connection of one client holding every seat, without sockets."""

    def __init__(self, core: HostCore) -> None:
        self.core, self.rebuilder = core, Rebuilder()
        self.table = RemoteTable(self.send, range(core.game.config["players"]))

    def send(self, message: ClientMessage) -> None:
        for _conn, answer in self.core.handle(1, encode(message)):
            self.table.feed(self.rebuilder.read(answer))


def test_the_remote_table_answers_as_the_local_one_at_every_position() -> None:
    config: dict[str, Any] = dict(CONFIG, max_rounds=4)
    core = new_host(config)
    wire = Wire(core)
    for seat in range(2):
        wire.send(Join(PROTOCOL_VERSION, seat=seat))
        wire.send(Ready(seat))
    local = LocalTable(Game.new_game(config))
    remote = wire.table
    rnd = random.Random(3)
    paths = wholes = 0
    while not local.is_over:
        player = local.current_player
        assert remote.seq == local.seq and remote.phase == local.phase
        assert remote.observation(player) == local.observation(player)
        legal = local.legal_actions()
        assert remote.legal_actions() == legal
        probe = Action("end_movement")
        assert _answer(remote.explain(probe)) == _answer(local.explain(probe))
        units = range(player * 64, player * 64 + 64)
        assert all(remote.reachable(u) == local.reachable(u) for u in units)
        request = _request(local, legal, rnd)
        paths += request[0] == "apply_path"
        wholes += request[0] == "apply_all"
        here = _answer(getattr(local, request[0])(*request[1:]), player)
        there = _answer(getattr(remote, request[0])(*request[1:]), player)
        assert there == here, request
        assert core.game.action_codes == local.game.action_codes
    assert paths > 10 and wholes > 10


def _request(table: LocalTable, legal: list[Action], rnd: random.Random) -> tuple[Any, ...]:
    """One request, now and then a refused one, a path or a choice of two actions."""
    if rnd.random() < 0.1:
        return ("apply", Action("end_movement"))  # often refused
    moves = [a for a in legal if a.kind == "move"]
    if moves and rnd.random() < 0.5:
        unit = rnd.choice(moves).unit
        reach = table.reachable(unit)
        if reach:
            return ("apply_path", unit, rnd.choice(list(reach.values())) + [rnd.randrange(6)])
    if rnd.random() < 0.3:
        return ("apply_all", [rnd.choice(legal), rnd.choice(legal)])
    return ("apply", rnd.choice(legal))


def _answer(future: Any, player: int = -1) -> Any:
    """A resolved future's answer: its refusal, or its result (events as ``player`` sees
    them: a host sends each seat only those)."""
    assert future.done()
    exc = future.exception()
    if isinstance(exc, IllegalActionError):
        return ("refused", str(exc))
    result = future.result()
    return filter_for(result, player) if isinstance(result, list) else result
