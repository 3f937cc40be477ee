"""Every message the host sends to a seat is a function of that seat's information only.

The information-set check of :mod:`se4x_core.devtools.infoset`, applied to
the host's messages: for each Update the host sends (built by
``views.update_for``, the function the handler uses), change everything its
seat may not know and build the message again; it must come out equal.  Each
event in it must also be one its seat may see.  Lobby and Welcome messages
carry no game state but the public config (not the seed).

Updates after a connection's first are changes from the observation it was
sent before: the check rebuilds the change from the perturbed game against
that same earlier observation (itself checked), so a change may not leak
either; and the client's rebuilt observation must equal the host's.
"""

from __future__ import annotations

import random

import pytest

from se4x_core.ai.registry import make_bot
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.events import visible
from se4x_core.game import Game
from se4x_core.net.client import Rebuilder
from se4x_core.net.host import new_host, slim
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Act,
    Join,
    Lobby,
    Ready,
    Update,
    Welcome,
    encode,
)
from se4x_core.net.views import update_for
from tests.helpers.netplay import CONFIG

pytestmark = pytest.mark.fast


def perturbed(game: Game, seat: int, rnd: random.Random) -> Game:
    """The same game as ``seat`` knows it, with everything else changed."""
    other = Game(perturb_hidden(game.state, seat, rnd), game.config)
    other._reports = game._reports  # the facade's income reports: each reaches its owner only
    other._actions = game._actions.share()
    return other


def test_every_update_depends_only_on_its_seats_information() -> None:
    config = dict(CONFIG, players=3, board="standard", max_rounds=3, seed=4)
    config.pop("board")
    core = new_host(config)
    sent = []
    for seat in range(3):
        sent += core.handle(seat + 1, encode(Join(PROTOCOL_VERSION, seat=seat)))
        sent += core.handle(seat + 1, encode(Ready(seat)))
    bots = {p: make_bot("heuristic", p) for p in range(3)}
    rnd = random.Random(0)
    checked = noticed = slim_ones = 0
    clients = {seat: Rebuilder() for seat in range(3)}
    while not core.game.is_over:
        for conn, message in sent:
            if isinstance(message, Update):
                assert conn == message.seat + 1  # only to the seat's own connection
                events = message.events
                assert all(visible(e, message.seat) for e in events)  # type: ignore[arg-type]
                again = update_for(perturbed(core.game, message.seat, rnd), message.seat,
                                   events)  # type: ignore[arg-type]
                if message.patch is not None:
                    held = clients[message.seat].held[message.seat]
                    assert held[0] == message.base
                    again = slim(again, message.base, held[1])
                    slim_ones += 1
                assert again == message, f"seat {message.seat}'s update leaks at " \
                                         f"action {message.seq}"
                rebuilt = clients[message.seat].rebuild(message)
                assert rebuilt.observation == core.game.observation(message.seat)
                checked += 1
                other = (message.seat + 1) % 3  # the same change shows to somebody else
                noticed += update_for(perturbed(core.game, message.seat, random.Random(
                    checked)), other, []) != update_for(core.game, other, [])
            elif isinstance(message, Welcome):
                assert set(message.config) == set(core.game.config) - {"seed"}  # the seed
                # and the public actions would replay everything, hidden markers included
            else:
                assert isinstance(message, Lobby)
        player = core.game.current_player
        action = bots[player].step(core.game.observation(player), core.game.legal_actions())
        sent = core.handle(player + 1, encode(Act(player, len(core.game.action_codes),
                                                  action.code)))
    assert checked > 500 and slim_ones > checked - 10
    assert noticed > checked // 2  # the perturbation really changes hidden facts


def test_events_are_filtered_per_seat() -> None:
    """A purchase is its buyer's secret: the other seat's update does not carry it."""
    game = Game.new_game(CONFIG)
    event = {"type": "bought", "visible_to": [0], "player": 0, "unit_type": "DD", "hex": 3,
             "cost": 6}
    assert update_for(game, 0, [event]).events == [event]  # type: ignore[list-item]
    assert update_for(game, 1, [event]).events == []  # type: ignore[list-item]
