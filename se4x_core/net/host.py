"""The authoritative host's logic, without any I/O: messages in, messages out.

Why no sockets here: every check the host makes (the protocol version, the
password, a seat's token, whose action it is, whether it is legal now and
decided on the current position) happens in :meth:`HostCore.handle`, the
one function the socket server calls for each frame.  Tests and the fuzzer
call the same function directly, thousands of times a second, and the server
stays a thin asyncio shell (:mod:`se4x_core.net.server`).

The host holds the only :class:`~se4x_core.game.Game`; the dice are rolled
inside it.  A refused message gets an :class:`~se4x_core.net.protocol.Error`
back to its sender only, and changes nothing.

Seats.  Each player is a *human* seat (somebody at some client, possibly
several seats at one client sharing its screen) or a *computer* seat played
on the host.  A client takes a human seat with :class:`Join` and receives a
random token; only a hash of the token is kept (and saved), so a stolen
save file does not let anybody take a seat, and a client that dropped, or a
host restarted from its save, accepts the same token again.  A new game
starts when every human seat is taken and ready; a game under way (a
restarted host) resumes as soon as every player has rejoined.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from se4x_core.actions import Action, ActionFormatError
from se4x_core.ai.bot import Bot
from se4x_core.ai.registry import make_bot
from se4x_core.data import PLAYER_COLOURS
from se4x_core.errors import IllegalActionError, SaveFormatError
from se4x_core.events import Event
from se4x_core.game import Game
from se4x_core.net.protocol import (
    MAX_TEXT,
    PROTOCOL_VERSION,
    Act,
    Chat,
    ChatLine,
    ClientMessage,
    Error,
    HostMessage,
    Join,
    Leave,
    Lobby,
    ProtocolError,
    Ready,
    Rejoin,
    SeatInfo,
    Welcome,
    decode_client,
)
from se4x_core.net.views import update_for
from se4x_core.observation import Observation

HUMAN = "human"
COMPUTER = "computer"
NET_SECTION = "net"

Outgoing = list[tuple[int, HostMessage]]  # (connection id, message)


class Refusal(Exception):
    """Raised inside the handler; becomes an :class:`Error` to the sender."""

    def __init__(self, code: str, message: str, seat: int = -1) -> None:
        super().__init__(message)
        self.code, self.seat = code, seat


@dataclass
class HostSeat:
    """One player's seat on the host."""

    kind: str = HUMAN
    bot: str = ""
    name: str = ""
    token_hash: str = ""  # sha256 of the seat's token; empty while nobody took it
    ready: bool = False
    conns: set[int] = field(default_factory=set)

    @property
    def taken(self) -> bool:
        return self.kind == COMPUTER or bool(self.token_hash)


def public_config(config: dict[str, Any]) -> dict[str, Any]:
    """The config without its seed: the seed and the public actions would replay the
    whole game, face-down markers and future dice included."""
    return {key: value for key, value in config.items() if key != "seed"}


def hash_token(token: str) -> str:
    """What the host keeps of a token (tokens are 128 random bits: no salt needed)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class HostCore:
    """The host's state and its message handler (see the module docstring)."""

    def __init__(self, game: Game, seats: list[HostSeat], password: str = "",
                 game_name: str = "se4x game") -> None:
        players = game.config["players"]
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
        self.game = game
        self.seats = seats
        self.game_name = game_name[:MAX_TEXT]
        self._password_hash = hash_token(password) if password else ""
        self.started = False
        self.on_save: Callable[[str], None] | None = None  # called at every phase change
        self._conn_seats: dict[int, set[int]] = {}
        self._bots: dict[int, Bot] = {
            p: make_bot(seat.bot, game.config["seed"] * 31 + p)
            for p, seat in enumerate(seats) if seat.kind == COMPUTER}
        for seat in seats:
            seat.name = seat.name or ""

    # -- connections ----------------------------------------------------------------
    def connect(self, conn: int) -> Outgoing:
        """A new connection; it sees the lobby at once unless a password guards the game."""
        self._conn_seats[conn] = set()
        return [] if self._password_hash else [(conn, self.lobby())]

    def disconnect(self, conn: int) -> Outgoing:
        """A connection closed: its seats stay held (their tokens rejoin them).

        The game is saved first, so a seat shown as offline is already saved.
        """
        if self.on_save is not None and self.started:
            self.on_save(self.save_text())
        for seat in self._conn_seats.pop(conn, set()):
            self.seats[seat].conns.discard(conn)
        return self._lobby_to_all()

    def connections(self) -> list[int]:
        return list(self._conn_seats)

    # -- the handler --------------------------------------------------------------------
    def handle(self, conn: int, raw: bytes) -> Outgoing:
        """Answer one frame's body from ``conn``; never raises for anything a client sends."""
        if conn not in self._conn_seats:
            self.connect(conn)
        try:
            message = decode_client(raw)
            return self._dispatch(conn, message)
        except ProtocolError as exc:
            return [(conn, Error("malformed", str(exc)))]
        except Refusal as exc:
            return [(conn, Error(exc.code, str(exc), exc.seat))]

    def _dispatch(self, conn: int, message: ClientMessage) -> Outgoing:
        if isinstance(message, Act):
            return self._act(conn, message)
        if isinstance(message, Join):
            return self._join(conn, message)
        if isinstance(message, Rejoin):
            return self._rejoin(conn, message)
        if isinstance(message, Ready):
            return self._ready(conn, message)
        if isinstance(message, Chat):
            return self._chat(conn, message)
        return self._leave(conn, message)

    # -- joining ----------------------------------------------------------------------
    def _check_entry(self, version: int, password: str) -> None:
        if version != PROTOCOL_VERSION:
            raise Refusal("version", f"this host speaks protocol version {PROTOCOL_VERSION}, "
                                     f"the client {version}: use the same se4x version")
        if self._password_hash and not hmac.compare_digest(
                hash_token(password), self._password_hash):
            raise Refusal("password", "wrong game password")

    def _join(self, conn: int, message: Join) -> Outgoing:
        self._check_entry(message.version, message.password)
        seat = message.seat if message.seat >= 0 else self._free_seat()
        if not 0 <= seat < len(self.seats):
            raise Refusal("seat", f"there is no seat {seat}" if message.seat >= 0
                          else "every seat is taken")
        if self.seats[seat].taken:
            raise Refusal("seat", f"seat {seat} is taken", seat)
        token = secrets.token_urlsafe(16)
        self.seats[seat].token_hash = hash_token(token)
        self.seats[seat].name = message.name.strip()[:40]
        return self._seat_conn(conn, seat, token)

    def _free_seat(self) -> int:
        return next((p for p, s in enumerate(self.seats) if not s.taken), -1)

    def _rejoin(self, conn: int, message: Rejoin) -> Outgoing:
        self._check_entry(message.version, message.password)
        digest = hash_token(message.token)
        seat = next((p for p, s in enumerate(self.seats) if s.token_hash and
                     hmac.compare_digest(s.token_hash, digest)), -1)
        if seat < 0:
            raise Refusal("token", "unknown seat token: this host has no seat for it")
        for other in self.seats[seat].conns - {conn}:  # the old connection is stale
            self._conn_seats.get(other, set()).discard(seat)
        self.seats[seat].conns = set()
        if self.game.action_codes:  # a game under way (or restarted): back means ready
            self.seats[seat].ready = True
        out = self._seat_conn(conn, seat, message.token)
        return out + self._maybe_start()

    def _seat_conn(self, conn: int, seat: int, token: str) -> Outgoing:
        self.seats[seat].conns.add(conn)
        self._conn_seats[conn].add(seat)
        welcome = Welcome(seat=seat, token=token, players=len(self.seats),
                          config=public_config(self.game.config))
        out: Outgoing = [(conn, welcome)]
        out += self._lobby_to_all()
        if self.started:
            out.append((conn, update_for(self.game, seat, [])))
        return out

    def _held(self, conn: int, seat: int) -> None:
        if seat not in self._conn_seats.get(conn, set()):
            raise Refusal("not_your_seat", f"this connection does not hold seat {seat}", seat)

    def _ready(self, conn: int, message: Ready) -> Outgoing:
        self._held(conn, message.seat)
        self.seats[message.seat].ready = message.ready
        return self._lobby_to_all() + self._maybe_start()

    def _maybe_start(self) -> Outgoing:
        """Start (or resume) once every seat is taken and ready: everybody gets the position."""
        if self.started or not all(s.taken and (s.ready or s.kind == COMPUTER)
                                   for s in self.seats):
            return []
        self.started = True
        return self._lobby_to_all() + self._updates([])

    def _leave(self, conn: int, message: Leave) -> Outgoing:
        self._held(conn, message.seat)
        seat = self.seats[message.seat]
        self._conn_seats[conn].discard(message.seat)
        seat.conns.discard(conn)
        if not self.started:  # before the game a seat given up is free again
            seat.token_hash, seat.ready, seat.name = "", False, ""
        return self._lobby_to_all()

    def _chat(self, conn: int, message: Chat) -> Outgoing:
        held = sorted(self._conn_seats.get(conn, set()))
        if not held:
            raise Refusal("not_joined", "take a seat before chatting")
        line = ChatLine(sender=self.seat_name(held[0]), text=message.text.strip())
        return [(c, line) for c in self._conn_seats]

    # -- playing ------------------------------------------------------------------------
    def _act(self, conn: int, message: Act) -> Outgoing:
        self._held(conn, message.seat)
        game = self.game
        if not self.started:
            raise Refusal("not_started", "the game has not started yet", message.seat)
        if game.is_over:
            raise Refusal("game_over", "the game is over", message.seat)
        if game.current_player != message.seat:
            raise Refusal("not_your_turn", f"it is player {game.current_player}'s decision, "
                                           f"not seat {message.seat}'s", message.seat)
        if message.seq != len(game.action_codes):
            raise Refusal("stale", f"the action was decided after {message.seq} actions; "
                                   f"the game is at {len(game.action_codes)}", message.seat)
        try:
            action = Action.from_code(message.code)
        except ActionFormatError as exc:
            raise Refusal("illegal", f"not an action: {exc}", message.seat) from None
        explanation = game.explain(action)
        if explanation is not None:
            raise Refusal("illegal", explanation, message.seat)
        return self.apply(action)

    def apply(self, action: Action) -> Outgoing:
        """Apply a checked action and tell every seat what it may see of it."""
        phase = self.game.phase
        try:
            events = self.game.apply(action)
        except IllegalActionError as exc:  # explain() said yes: only a bug gets here
            raise Refusal("illegal", str(exc)) from None
        if self.on_save is not None and (self.game.phase != phase or self.game.is_over):
            self.on_save(self.save_text())
        return self._updates(events)

    def _updates(self, events: list[Event]) -> Outgoing:
        out: Outgoing = []
        for seat, info in enumerate(self.seats):
            if info.conns:
                update = update_for(self.game, seat, events)
                out += [(conn, update) for conn in sorted(info.conns)]
        return out

    # -- computer seats -------------------------------------------------------------------
    def computer_turn(self) -> tuple[Bot, Observation, list[Action]] | None:
        """The bot to ask now, with its observation and legal actions; None if no computer acts."""
        player = self.game.current_player
        if not self.started or self.game.is_over or player not in self._bots:
            return None
        bot = self._bots[player]
        if bot.needs_information_set:
            bot.inform(self.game.information_set(player))
        return bot, self.game.observation(player), self.game.legal_actions()


    # -- lobby ----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        info = self.seats[seat]
        if info.name:
            return info.name
        colour = PLAYER_COLOURS[seat]
        return f"{colour} (computer)" if info.kind == COMPUTER else colour

    def lobby(self) -> Lobby:
        return Lobby(seats=[SeatInfo(seat=p, kind=s.kind, name=self.seat_name(p),
                                     colour=PLAYER_COLOURS[p], taken=s.taken,
                                     connected=bool(s.conns) or s.kind == COMPUTER,
                                     ready=s.ready or s.kind == COMPUTER)
                             for p, s in enumerate(self.seats)],
                     started=self.started, game_name=self.game_name)

    def _lobby_to_all(self) -> Outgoing:
        lobby = self.lobby()
        return [(conn, lobby) for conn in self._conn_seats]

    # -- saving ---------------------------------------------------------------------------
    def save_text(self) -> str:
        """The host's save: an app-format save (remote seats) plus the seats' token hashes."""
        doc = json.loads(self.game.to_json())
        doc["app"] = {"names": [s.name for s in self.seats],
                      "seats": [{"kind": "computer", "bot": s.bot} if s.kind == COMPUTER
                                else {"kind": "remote"} for s in self.seats]}
        doc[NET_SECTION] = {"game_name": self.game_name,
                            "token_hashes": [s.token_hash for s in self.seats]}
        return json.dumps(doc)

    @classmethod
    def from_save(cls, text: str | bytes, password: str = "",
                  computers: dict[int, str] | None = None) -> HostCore:
        """Host a saved game again: the same seats, the same tokens (SaveFormatError if not).

        The game loads through :meth:`Game.from_json`, which replays every
        action and refuses a file whose state does not match them.  A seat
        saved as computer stays one; ``computers`` may turn more seats into
        computers (a player who will not come back).
        """
        game = Game.from_json(text)
        doc = json.loads(text)
        seats = _saved_seats(doc, game.config["players"])
        for player, bot in (computers or {}).items():
            seats[player] = HostSeat(kind=COMPUTER, bot=bot)
        name = _section(doc, NET_SECTION).get("game_name")
        return cls(game, seats, password, name if isinstance(name, str) else "se4x game")


def _saved_seats(doc: dict[str, Any], players: int) -> list[HostSeat]:
    """Seats from a save's app and net sections: computers keep their bot, humans their token."""
    app, net = _section(doc, "app"), _section(doc, NET_SECTION)
    saved, names = _list(app, "seats"), _list(app, "names")
    hashes = _list(net, "token_hashes")
    seats = []
    for p in range(players):
        entry = saved[p] if p < len(saved) and isinstance(saved[p], dict) else {}
        name = names[p] if p < len(names) and isinstance(names[p], str) else ""
        token = hashes[p] if p < len(hashes) and isinstance(hashes[p], str) else ""
        if entry.get("kind") == COMPUTER:
            bot = entry.get("bot")
            if not isinstance(bot, str):
                raise SaveFormatError(f"seat {p}: a computer seat needs a bot name")
            seats.append(HostSeat(kind=COMPUTER, bot=bot, name=name))
        else:
            seats.append(HostSeat(kind=HUMAN, name=name, token_hash=token))
    return seats


def _section(doc: dict[str, Any], key: str) -> dict[str, Any]:
    value = doc.get(key)
    return value if isinstance(value, dict) else {}


def _list(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key)
    return value if isinstance(value, list) else []


def new_host(config: dict[str, Any], computers: dict[int, str] | None = None,
             password: str = "", game_name: str = "se4x game") -> HostCore:
    """A host for a new game of ``config``; ``computers`` maps seats to bot specs."""
    game = Game.new_game(config)
    seats = [HostSeat(kind=COMPUTER, bot=(computers or {})[p])
             if p in (computers or {}) else HostSeat() for p in range(game.config["players"])]
    return HostCore(game, seats, password, game_name)
