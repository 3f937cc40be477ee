"""Whole games between bots over real sockets equal the same games played locally."""

from __future__ import annotations

import pytest

from se4x_core.net.host import new_host
from se4x_core.net.protocol import Update
from tests.helpers.netplay import CONFIG, BotClient, local_game, start_host

pytestmark = pytest.mark.fast


@pytest.mark.parametrize(("config", "client_seats", "computers"), [
    (CONFIG, [{0: "heuristic"}, {1: "heuristic"}], {}),
    ({"players": 3, "max_rounds": 1, "seed": 11}, [{0: "heuristic", 2: "random"}], {1: "rule"}),
])
def test_bots_play_a_whole_game_over_sockets(config, client_seats, computers):
    core = new_host(config, computers)
    host, port = start_host(core)
    clients = [BotClient(port, seats, config) for seats in client_seats]
    try:
        for client in clients:
            client.take_seats()
            client.start()
        for client in clients:
            client.join(90)
            assert not client.is_alive(), "the game did not finish over the network"
        bots = {p: spec for client in clients for p, spec in client.seats.items()}
        bots.update(computers)
        local = local_game(config, bots)
        assert core.game.is_over and local.is_over
        assert core.game.action_codes == local.action_codes
        assert core.game.to_json() == local.to_json()
        for client in clients:
            assert client.errors == []
            last = [m for m in client.received if isinstance(m, Update)][-1]
            assert last.seq == len(local.action_codes)
            for seat in client.seats:
                final = [m for m in client.received if isinstance(m, Update) and m.seat == seat]
                assert final[-1].observation == local.observation(seat)
    finally:
        for client in clients:
            client.client.close()
        host.stop()
