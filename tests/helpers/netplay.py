"""Helpers for the LAN tests: bot clients over real sockets, and the same game played locally."""

from __future__ import annotations

import socket
import ssl
import threading
from typing import Any

from se4x_core.actions import Action
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.game import Game
from se4x_core.net.client import BlockingClient
from se4x_core.net.host import HostCore
from se4x_core.net.protocol import PROTOCOL_VERSION, Act, Error, Join, Ready, Update
from se4x_core.net.secure import client_context
from se4x_core.net.server import HostThread

CONFIG: dict[str, Any] = {"players": 2, "board": "small", "max_rounds": 12, "seed": 1}


def bot_seed(config: dict[str, Any], seat: int) -> int:
    return int(config["seed"]) * 31 + seat


def local_game(config: dict[str, Any], bots: dict[int, str]) -> Game:
    """The same bots playing the same config in one process, no network."""
    game = Game.new_game(config)
    players = {p: make_bot(spec, bot_seed(config, p)) for p, spec in bots.items()}
    for _ in range(100000):
        if game.is_over:
            break
        player = game.current_player
        game.apply(ask(players[player], game, player))
    return game


class BotClient(threading.Thread):
    """A client that plays its seats with bots; records every message it got."""

    def __init__(self, port: int, seats: dict[int, str], config: dict[str, Any]) -> None:
        super().__init__(daemon=True)
        self.client = BlockingClient("127.0.0.1", port)
        self.seats = seats
        self.bots = {p: make_bot(spec, bot_seed(config, p)) for p, spec in seats.items()}
        searching = [spec for p, spec in seats.items() if self.bots[p].needs_information_set]
        if searching:  # a client has its observations only; the host runs such bots
            raise ValueError(f"{searching} decide on an information set, which never "
                             "crosses the network: seat them as the host's computers")
        self.received: list[Any] = []
        self.errors: list[Error] = []
        self.stop_after: int | None = None  # leave after this many of our own actions
        self.acted = 0

    def take_seats(self) -> None:
        for seat in self.seats:
            self.client.send(Join(PROTOCOL_VERSION, name=f"bot{seat}", seat=seat))
            self.client.send(Ready(seat))  # the host reads one connection in order

    def run(self) -> None:
        try:
            self._play()
        except (ConnectionError, OSError):
            pass

    def _play(self) -> None:
        over: set[int] = set()
        while over != set(self.seats):
            message = self.client.recv()
            self.received.append(message)
            if isinstance(message, Error):
                self.errors.append(message)
                continue
            if not isinstance(message, Update):
                continue
            if message.observation["phase"] == "game_over":
                over.add(message.seat)
                continue
            if message.legal and message.seat in self.bots:
                if self.stop_after is not None and self.acted >= self.stop_after:
                    self.client.close()
                    return
                legal = [Action.from_code(c) for c in message.legal]
                action = self.bots[message.seat].step(message.observation, legal)  # type: ignore[arg-type]
                self.client.send(Act(message.seat, message.seq, action.code))
                self.acted += 1


def start_host(core: HostCore, **kwargs: Any) -> tuple[HostThread, int]:
    host = HostThread(core, **kwargs)
    return host, host.start()


def raw_connection(port: int, receive_buffer: int = 0) -> ssl.SSLSocket:
    """A TLS socket to the host on loopback, without the client's framing: for sending
    what a hostile client would (``receive_buffer``: a small one, for clients that do
    not read)."""
    sock = socket.create_connection(("127.0.0.1", port))
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    return client_context().wrap_socket(sock)


def play_over_sockets(game: str, spec: str, port: int, players: int) -> list[dict[str, Any]]:
    """One client per seat of any registered ``game``, each a thread played by the bot
    ``spec`` (it reads the game's actions through the registry); every seat's
    observation at the end."""
    from se4x_core.gamekit import registry

    final: dict[int, dict[str, Any]] = {}

    def seat_plays(seat: int) -> None:
        client = BlockingClient("127.0.0.1", port)
        client.send(Join(PROTOCOL_VERSION, name=f"bot{seat}", seat=seat))
        client.send(Ready(seat))
        bot = registry.make_bot(game, spec, seat)
        while True:
            message = client.recv()
            if not isinstance(message, Update):
                continue
            if message.observation["is_over"]:
                final[seat] = message.observation
                break
            if message.legal:
                legal = [registry.action_from_code(game, code) for code in message.legal]
                action = bot.step(message.observation, legal)
                client.send(Act(seat, message.seq, action.code))
        client.close()

    threads = [threading.Thread(target=seat_plays, args=(seat,), daemon=True)
               for seat in range(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(final) == players, "a client never saw the end of the game"
    return [final[seat] for seat in range(players)]
