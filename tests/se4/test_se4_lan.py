"""The SE4 board game over the LAN: a host holds it and two clients play it to the end
over real sockets, each seeing its own hand and never the other's."""

from __future__ import annotations

import pytest

from se4x_core.net.host import new_host
from se4x_core.net.server import HostThread
from tests.helpers.netplay import play_over_sockets

pytestmark = pytest.mark.slow


def test_two_clients_play_an_se4_game_hosted_on_the_lan() -> None:
    core = new_host({"players": 2, "seed": 3, "round_limit": 3}, game="se4",
                    game_name="se4 night")
    host = HostThread(core, "127.0.0.1", 0)
    port = host.start()
    try:
        seen = play_over_sockets("se4", "rule", port, 2)
    finally:
        host.stop()
    assert core.game.is_over and core.game_kind == "se4"
    assert [o["winners"] for o in seen] == [core.game.winners] * 2
    for seat, observation in enumerate(seen):
        assert observation["viewer"] == seat
        assert sum(observation["hand"].values()) == observation["hand_sizes"][seat]
        assert "deck" not in observation and "hands" not in observation
