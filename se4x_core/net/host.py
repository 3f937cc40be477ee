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

A hostile network.  A connection is sent nothing until it has *joined*
(:class:`Hello`, :class:`Join` or :class:`Rejoin` with the right version and
password); until then it may send nothing else.  Wrong passwords (and
unknown tokens) are guesses, limited per address and for the host as a whole
(:class:`Lockout`); a valid seat token always gets its seat back.  Joined
connections without a seat are capped (:data:`MAX_WATCHERS`); a seat's own
rejoin is never refused for room.  Chat and other lobby messages are
rate-limited per connection.  Names are cleaned of control and format
characters before anybody sees them, and a name another seat has is refused.

Nothing lost.  Every accepted action, and every seat taken, goes to
:attr:`HostCore.journal` (the server's write-ahead journal,
:mod:`se4x_core.net.store`) *before* it is applied and answered; a host
restarted from its checkpoint and journal (:func:`recover`) is at exactly the
last acknowledged action.  The core says when a checkpoint is due
(:attr:`HostCore.checkpoint_due`: a phase changed); the server decides when
to write it.

Slim updates.  Each connection is sent one seat's whole observation once;
after that, :class:`Update` carries only the change from the last one it was
sent (:mod:`se4x_core.net.patch`).

Any game.  The game is a parameter: the core holds any registered game's facade
(:mod:`se4x_core.gamekit.registry`; the default game unless told), builds its
computer players from that game's bot specs, names the game in :class:`Hosting` and
:class:`Welcome` (``game``, left out for the default game), and loads a checkpoint
with the facade its save format names.  Observations and events cross as the plain
JSON-able values every facade gives.  A planned path (:class:`Walk`) is for a game
whose pieces walk (:class:`~se4x_core.gamekit.contract.Walker`); another refuses it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from se4x_core.errors import IllegalActionError, SaveFormatError
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import PLAYER_COLOURS, ActionValue, BotLike, Event, Facade, Walker
from se4x_core.gamekit.table import apply_all
from se4x_core.net.patch import make_patch
from se4x_core.net.protocol import (
    ENTRY,
    MAX_TEXT,
    NAME_LIMIT,
    PROTOCOL_VERSION,
    Act,
    Acts,
    Chat,
    ChatLine,
    ClientMessage,
    Error,
    Explain,
    Explained,
    Hello,
    Hosting,
    HostMessage,
    Join,
    Leave,
    Lobby,
    ProtocolError,
    Ready,
    Rejoin,
    SeatInfo,
    Update,
    Walk,
    Welcome,
    clean_text,
    decode_client,
)
from se4x_core.net.views import update_for

Game: TypeAlias = Facade  # any registered game's facade
Bot: TypeAlias = BotLike  # that game's computer player
Observation: TypeAlias = dict[str, Any]  # any game's observation: JSON-able values

HUMAN = "human"
COMPUTER = "computer"
NET_SECTION = "net"
MAX_WATCHERS: Final = 16  # joined connections holding no seat (a seat's rejoin never waits)
FREE_TRIES: Final = 5  # wrong passwords (or unknown tokens) an address may send at once
GUESS_REFILL_S: Final = 180.0  # ... and one more every this many seconds (20 an hour)
GLOBAL_GUESSES: Final = 20  # guesses from every address together, at once ...
GLOBAL_RATE: Final = 2.0  # ... and per second after that: the most an attacker gets
LOCKOUT_ADDRESSES: Final = 4096  # addresses remembered while they pay for guesses
CHAT_BURST: Final = 8  # lobby messages (chat, ready) a connection may send at once ...
CHAT_RATE: Final = 1.0  # ... and per second after that

Outgoing = list[tuple[int, HostMessage]]  # (connection id, message)
Recorder = Callable[[dict[str, Any]], None]


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


@dataclass
class Connection:
    """What the host knows of one connection."""

    address: str
    joined: bool = False
    seats: set[int] = field(default_factory=set)
    sent: dict[int, tuple[int, Observation]] = field(default_factory=dict)  # seat -> last
    allowance: float = CHAT_BURST
    refilled: float = 0.0
    lobby: Lobby | None = None  # the last lobby sent: an unchanged one is not sent again


class Lockout:
    """Guesses (wrong passwords, unknown seat tokens) limited per address and for the
    whole host, so that guessing is slow whatever the mix of addresses.

    Each address has ``FREE_TRIES`` guesses, and one more every ``GUESS_REFILL_S``
    seconds (20 an hour); the host as a whole has ``GLOBAL_GUESSES`` and ``GLOBAL_RATE``
    more a second, so that rotating source addresses gains nothing past that: an
    attacker's rate is at most ``GLOBAL_RATE`` guesses a second (after one burst of
    ``GLOBAL_GUESSES``) however many addresses it has.  A success resets nothing (a
    right password from a neighbour does not pardon a guesser at the same address), and
    a valid seat token is checked before the lockout: a seated player always gets their
    seat back, whatever their address has done (see ``HostCore._rejoin``).

    Why buckets and not a table of locked addresses: an address with a full bucket is
    the same as one never seen, so the table keeps only those still paying for guesses,
    and flooding it costs guesses the global bucket does not have (it cannot be flushed
    by volume to free a locked address).
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._spent: dict[str, tuple[float, float]] = {}  # address -> (spent, at)
        self._global = (0.0, clock())  # guesses spent by everybody, and when counted

    def _now_spent(self, entry: tuple[float, float], rate: float) -> float:
        spent, at = entry
        return max(0.0, spent - (self.clock() - at) * rate)

    def failures(self, address: str) -> float:
        """The guesses ``address`` has spent and not yet earned back."""
        entry = self._spent.get(address)
        return self._now_spent(entry, 1 / GUESS_REFILL_S) if entry else 0.0

    def check(self, address: str) -> None:
        """Refuse (``locked``) when ``address``, or the host as a whole, has no guess left."""
        spent = self.failures(address)
        if spent > FREE_TRIES - 1:
            wait = (spent - (FREE_TRIES - 1)) * GUESS_REFILL_S
            raise Refusal("locked", f"too many wrong passwords or seat tokens from "
                                    f"{address or 'here'}: try again in {wait:.0f} s")
        spent_by_all = self._now_spent(self._global, GLOBAL_RATE)
        if spent_by_all > GLOBAL_GUESSES - 1:
            wait = (spent_by_all - (GLOBAL_GUESSES - 1)) / GLOBAL_RATE
            raise Refusal("locked", "too many wrong passwords or seat tokens: this host "
                                    f"takes no more for {max(1.0, wait):.0f} s")

    def failed(self, address: str) -> None:
        now = self.clock()
        self._spent[address] = (self.failures(address) + 1, now)
        self._global = (self._now_spent(self._global, GLOBAL_RATE) + 1, now)
        if len(self._spent) > LOCKOUT_ADDRESSES:
            self._spent = {a: e for a, e in self._spent.items() if self.failures(a) > 0}
        while len(self._spent) > LOCKOUT_ADDRESSES:  # the least punished go first
            del self._spent[min(self._spent, key=self.failures)]

    def forget(self, address: str) -> None:
        """Lift ``address``'s lockout (the host's owner knows the guesser)."""
        self._spent.pop(address, None)


def public_config(config: dict[str, Any]) -> dict[str, Any]:
    """The config without its seed: the seed and the public actions would replay the
    whole game, face-down markers and future dice included."""
    return {key: value for key, value in config.items() if key != "seed"}


def hash_token(token: str) -> str:
    """What the host keeps of a token (tokens are 128 random bits: no salt needed)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_game_id() -> str:
    """A game's id: what clients keep their seat tokens under (random, 64 bits)."""
    return secrets.token_hex(8)


class HostCore:
    """The host's state and its message handler (see the module docstring)."""

    def __init__(self, game: Game, seats: list[HostSeat], password: str = "",
                 game_name: str = "se4x game", game_id: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        players = game.config["players"]
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
        self.game = game
        self.game_kind = registry.name_of(game)  # its name in the game registry
        self.seats = seats
        self.game_name = clean_text(game_name, NAME_LIMIT) or "se4x game"
        self.game_id = game_id or new_game_id()
        self.clock = clock
        self._password_hash = hash_token(password) if password else ""
        self.started = False
        self.under_way = bool(game.action_codes)  # started once: a rejoin means ready
        self.journal: Recorder | None = None  # write-ahead: called before a change is applied
        self.checkpoint_due = False  # a phase changed (or a seat) since the last checkpoint
        self.to_close: set[int] = set()  # connections the server should hang up on
        self.lockout = Lockout(clock)
        self._conns: dict[int, Connection] = {}
        self._bots: dict[int, Bot] = {
            p: registry.make_bot(self.game_kind, seat.bot, game.config["seed"] * 31 + p)
            for p, seat in enumerate(seats) if seat.kind == COMPUTER}
        for seat in seats:
            seat.name = clean_text(seat.name)

    @property
    def wire_game(self) -> str:
        """The game as messages name it: left out ("") for the default game (the bytes a
        host sent before games had names)."""
        return "" if self.game_kind == registry.default().name else self.game_kind

    # -- connections ----------------------------------------------------------------
    def connect(self, conn: int, address: str = "") -> Outgoing:
        """A new connection: it is sent nothing until it has joined."""
        self._conns[conn] = Connection(address, refilled=self.clock())
        return []

    def disconnect(self, conn: int) -> Outgoing:
        """A connection closed: its seats stay held (their tokens rejoin them).

        Nothing is written: every accepted action is in the journal already.
        """
        info = self._conns.pop(conn, None)
        self.to_close.discard(conn)
        if info is None or not info.seats:
            return []
        for seat in info.seats:
            self.seats[seat].conns.discard(conn)
        return self._lobby_to_all()

    def connections(self) -> list[int]:
        return list(self._conns)

    def joined(self, conn: int) -> bool:
        info = self._conns.get(conn)
        return info is not None and info.joined

    def _conn_seats(self, conn: int) -> set[int]:
        info = self._conns.get(conn)
        return info.seats if info is not None else set()

    # -- the handler --------------------------------------------------------------------
    def handle(self, conn: int, raw: bytes) -> Outgoing:
        """Answer one frame's body from ``conn``; never raises for anything a client sends."""
        if conn not in self._conns:
            self.connect(conn)
        message: ClientMessage | None = None
        try:
            message = decode_client(raw)
            if not self._conns[conn].joined and not isinstance(message, ENTRY):
                raise Refusal("not_joined", "join the game first (hello, join or rejoin)")
            return self._dispatch(conn, message)
        except ProtocolError as exc:
            return [(conn, Error("malformed", str(exc)))]
        except Refusal as exc:
            seat = exc.seat if exc.seat >= 0 else getattr(message, "seat", -1)
            return [(conn, Error(exc.code, str(exc), seat))]

    def _dispatch(self, conn: int, message: ClientMessage) -> Outgoing:
        handlers: dict[type, Callable[[int, Any], Outgoing]] = {
            Act: self._act, Walk: self._walk, Acts: self._acts, Explain: self._explain,
            Hello: self._hello, Join: self._join, Rejoin: self._rejoin, Ready: self._ready,
            Chat: self._chat, Leave: self._leave}
        return handlers[type(message)](conn, message)

    # -- joining ----------------------------------------------------------------------
    def _check_entry(self, conn: int, version: int, password: str,
                     guessing: bool = True) -> None:
        """The version, the lockout (unless the sender proved itself otherwise: a valid
        seat token) and the password; a wrong password is a guess."""
        if version != PROTOCOL_VERSION:
            raise Refusal("version", f"this host speaks protocol version {PROTOCOL_VERSION}, "
                                     f"the client {version}: use the same se4x version")
        address = self._conns[conn].address
        if guessing:
            self.lockout.check(address)
        self._throttle(conn)  # entry messages too: a flood of rejoins costs its sender
        if self._password_hash and not hmac.compare_digest(
                hash_token(password), self._password_hash):
            self.lockout.failed(address)
            raise Refusal("password", "wrong game password")

    def _admit(self, conn: int) -> None:
        """``conn`` has joined: from now on it hears the lobby and chat."""
        self._conns[conn].joined = True

    def _hello(self, conn: int, message: Hello) -> Outgoing:
        self._check_entry(conn, message.version, message.password)
        if not self._conns[conn].joined and self._watchers() >= MAX_WATCHERS:
            raise Refusal("full", "this host has too many connections without a seat")
        hosting = Hosting(game_id=self.game_id, game_name=self.game_name,
                          players=len(self.seats), game=self.wire_game)
        self._admit(conn)
        self._conns[conn].lobby = lobby = self.lobby()
        return [(conn, hosting), (conn, lobby)]

    def _watchers(self) -> int:
        return sum(1 for c in self._conns.values() if c.joined and not c.seats)

    def _join(self, conn: int, message: Join) -> Outgoing:
        self._check_entry(conn, message.version, message.password)
        seat = message.seat if message.seat >= 0 else self._free_seat()
        if not 0 <= seat < len(self.seats):
            raise Refusal("seat", f"there is no seat {seat}" if message.seat >= 0
                          else "every seat is taken")
        if self.seats[seat].taken:
            raise Refusal("seat", f"seat {seat} is taken", seat)
        name = clean_text(message.name)
        holder = self._name_holder(name)
        if holder:
            raise Refusal("name", f"{holder} is already playing in this game: choose another "
                                  f"name")
        token = secrets.token_urlsafe(16)
        self._record({"t": "seat", "p": seat, "h": hash_token(token), "name": name})
        self.seats[seat].token_hash = hash_token(token)
        self.seats[seat].name = name
        self._admit(conn)
        return self._seat_conn(conn, seat, token)

    def _name_holder(self, name: str) -> str:
        """The name of the seat that already has ``name`` (in any case), else "".  Why
        refuse it: the lobby, the chat and "Waiting for Bob" could not tell two Bobs apart."""
        wanted = name.casefold()
        return next((s.name for s in self.seats
                     if wanted and s.taken and s.name.casefold() == wanted), "")

    def _free_seat(self) -> int:
        return next((p for p, s in enumerate(self.seats) if not s.taken), -1)

    def _rejoin(self, conn: int, message: Rejoin) -> Outgoing:
        digest = hash_token(message.token)
        seat = next((p for p, s in enumerate(self.seats) if s.token_hash and
                     hmac.compare_digest(s.token_hash, digest)), -1)
        address = self._conns[conn].address
        if seat < 0:
            self._check_entry(conn, message.version, message.password)
            self.lockout.failed(address)
            raise Refusal("token", "unknown seat token: this host has no seat for it")
        # A valid token is its seat's: neither its address's guesses nor anybody else's
        # lock it out (it is 128 random bits; the password is still checked).
        self._check_entry(conn, message.version, message.password, guessing=False)
        for other in self.seats[seat].conns - {conn}:  # the old connection is stale
            self._conn_seats(other).discard(seat)
            self.to_close.add(other)
        self.seats[seat].conns = set()
        if self.under_way:  # a game under way (or restarted): back means ready
            self.seats[seat].ready = True
        self._admit(conn)
        return self._seat_conn(conn, seat, message.token) + self._maybe_start()

    def _seat_conn(self, conn: int, seat: int, token: str) -> Outgoing:
        self.seats[seat].conns.add(conn)
        info = self._conns[conn]
        info.seats.add(seat)
        info.sent.pop(seat, None)  # the next update is whole
        welcome = Welcome(seat=seat, token=token, players=len(self.seats),
                          config=public_config(self.game.config), game_id=self.game_id,
                          game=self.wire_game)
        out: Outgoing = [(conn, welcome)]
        out += self._lobby_to_all()
        if self.started:
            out.append((conn, self._update(conn, seat, [])))
        return out

    def _held(self, conn: int, seat: int) -> None:
        if seat not in self._conn_seats(conn):
            raise Refusal("not_your_seat", f"this connection does not hold seat {seat}", seat)

    def _throttle(self, conn: int) -> None:
        """A token bucket per connection for lobby messages (chat, ready)."""
        info = self._conns[conn]
        now = self.clock()
        info.allowance = min(CHAT_BURST, info.allowance + (now - info.refilled) * CHAT_RATE)
        info.refilled = now
        if info.allowance < 1:
            raise Refusal("slow_down", "too many messages: wait a moment")
        info.allowance -= 1

    def _ready(self, conn: int, message: Ready) -> Outgoing:
        self._held(conn, message.seat)
        self._throttle(conn)
        self.seats[message.seat].ready = message.ready
        return self._lobby_to_all() + self._maybe_start()

    def _maybe_start(self) -> Outgoing:
        """Start (or resume) once every seat is taken and ready: everybody gets the position."""
        if self.started or not all(s.taken and (s.ready or s.kind == COMPUTER)
                                   for s in self.seats):
            return []
        if not self.under_way:
            self._record({"t": "start"})
            self.under_way = True
        self.started = True
        return self._lobby_to_all() + self._updates([])

    def _leave(self, conn: int, message: Leave) -> Outgoing:
        self._held(conn, message.seat)
        self._throttle(conn)
        seat = self.seats[message.seat]
        self._conns[conn].seats.discard(message.seat)
        seat.conns.discard(conn)
        if not self.started:  # before the game a seat given up is free again
            self._record({"t": "seat", "p": message.seat, "h": "", "name": ""})
            seat.token_hash, seat.ready, seat.name = "", False, ""
        return self._lobby_to_all()

    def _chat(self, conn: int, message: Chat) -> Outgoing:
        held = sorted(self._conn_seats(conn))
        if not held:
            raise Refusal("not_joined", "take a seat before chatting")
        self._throttle(conn)
        text = clean_text(message.text, MAX_TEXT)
        if not text:
            return []
        line = ChatLine(sender=self.seat_name(held[0]), text=text)
        return [(c, line) for c, info in self._conns.items() if info.joined]

    # -- playing ------------------------------------------------------------------------
    def _check_turn(self, conn: int, seat: int, seq: int) -> None:
        self._held(conn, seat)
        game = self.game
        if not self.started:
            raise Refusal("not_started", "the game has not started yet", seat)
        if game.is_over:
            raise Refusal("game_over", "the game is over", seat)
        if game.current_player != seat:
            raise Refusal("not_your_turn", f"it is player {game.current_player}'s decision, "
                                           f"not seat {seat}'s", seat)
        if seq != len(game.action_codes):
            raise Refusal("stale", f"the action was decided after {seq} actions; "
                                   f"the game is at {len(game.action_codes)}", seat)

    def _act(self, conn: int, message: Act) -> Outgoing:
        self._check_turn(conn, message.seat, message.seq)
        explanation = self.game.explain(message.code)  # the exact code, never its canonical
        if explanation is not None:
            raise Refusal("illegal", explanation, message.seat)
        return self.apply(message.code)

    def _walk(self, conn: int, message: Walk) -> Outgoing:
        self._check_turn(conn, message.seat, message.seq)
        if not isinstance(self.game, Walker):
            raise Refusal("illegal", f"{registry.record(self.game_kind).title} has no "
                                     "planned paths: send each action", message.seat)
        phase = self.game.phase
        try:
            events = self.apply_decision(lambda trial, step: trial.walk(message.unit, message.dirs,
                                                                 step))
        except IllegalActionError as exc:
            raise Refusal("illegal", str(exc), message.seat) from None
        return self._after(phase, events)

    def _acts(self, conn: int, message: Acts) -> Outgoing:
        self._check_turn(conn, message.seat, message.seq)
        if not message.codes:
            raise Refusal("illegal", "no decision given", message.seat)
        phase = self.game.phase
        try:
            events = self.apply_decision(lambda trial, step: apply_all(trial, message.codes, step))
        except IllegalActionError as exc:
            raise Refusal("illegal", str(exc), message.seat) from None
        return self._after(phase, events)

    def _explain(self, conn: int, message: Explain) -> Outgoing:
        self._held(conn, message.seat)
        seq = len(self.game.action_codes)
        if not self.started or self.game.current_player != message.seat:
            text = "it is not this seat's decision now"
        else:
            text = self.game.explain(message.code) or ""
        return [(conn, Explained(seat=message.seat, seq=seq, code=message.code, text=text))]

    def apply(self, action: ActionValue | int) -> Outgoing:
        """Apply a checked action (journaled first) and tell every seat what it may see."""
        phase = self.game.phase
        code = action if isinstance(action, int) else action.code
        try:
            events = self._apply_code(code)
        except IllegalActionError as exc:  # explain() said yes: only a bug gets here
            raise Refusal("illegal", str(exc)) from None
        return self._after(phase, events)

    def _apply_code(self, code: int) -> list[Event]:
        """Journal, then apply: an action is on the disk before anybody hears of it."""
        if self.game.explain(code) is not None:
            raise IllegalActionError(self.game.explain(code) or "not legal now")
        self._record({"t": "act", "n": len(self.game.action_codes), "c": code})
        return [dict(e) for e in self.game.apply(code)]

    def apply_decision(self, plan: Callable[[Any, Callable[[int], list[Event]]], object]
                ) -> list[Event]:
        """A decision of several codes (a planned path, a whole choice), all or nothing.

        ``plan(game, step)`` takes its steps through ``step``; it runs first on a clone
        (chance is in the state, so the clone rolls what the game then rolls), which
        gives the codes taken; they go to the journal as one record, then to the game.
        So a refused write changes nothing, and a crash mid-write leaves no half of a
        decision for the restart to replay (a torn record is cut off whole).
        """
        trial, taken = self.game.clone(), []

        def step(code: int) -> list[Event]:
            taken.append(code)
            return [dict(e) for e in trial.apply(code)]

        plan(trial, step)
        if len(taken) == 1:
            return self._apply_code(taken[0])
        self._record({"t": "acts", "n": len(self.game.action_codes), "c": taken})
        events: list[Event] = []
        for code in taken:
            events += [dict(e) for e in self.game.apply(code)]
        return events

    def _record(self, record: dict[str, Any]) -> None:
        if self.journal is None:
            return
        try:
            self.journal(record)
        except OSError as exc:
            raise Refusal("storage", f"the host cannot write its journal ({exc}); "
                                     "nothing was changed") from None

    def _after(self, phase: str, events: list[Event]) -> Outgoing:
        if self.game.phase != phase or self.game.is_over:
            self.checkpoint_due = True
        return self._updates(events)

    def _updates(self, events: list[Event]) -> Outgoing:
        out: Outgoing = []
        for seat, info in enumerate(self.seats):
            for conn in sorted(info.conns):
                out.append((conn, self._update(conn, seat, events)))
        return out

    def _update(self, conn: int, seat: int, events: list[Event]) -> Update:
        """``seat``'s update for ``conn``: whole the first time, then the change only."""
        info = self._conns[conn]
        update = update_for(self.game, seat, events)
        last = info.sent.get(seat)
        info.sent[seat] = (update.seq, update.observation)
        if last is None:
            return update
        return slim(update, last[0], last[1])

    # -- computer seats -------------------------------------------------------------------
    def computer_turn(self) -> tuple[Bot, Any, Sequence[Any]] | None:
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
        """The lobby, to joined connections only (names are not for strangers), and only
        to those whose last lobby differs: a player rejoining its own seat over and over
        changes nothing the others see, so they are sent nothing."""
        lobby = self.lobby()
        out: Outgoing = []
        for conn, info in self._conns.items():
            if info.joined and info.lobby != lobby:
                info.lobby = lobby
                out.append((conn, lobby))
        return out

    # -- saving ---------------------------------------------------------------------------
    def save_text(self) -> str:
        """The host's checkpoint: an app-format save (remote seats) plus the seats' token
        hashes and the game's id."""
        doc = json.loads(self.game.to_json())
        doc["app"] = {"names": [s.name for s in self.seats],
                      "seats": [{"kind": "computer", "bot": s.bot} if s.kind == COMPUTER
                                else {"kind": "remote"} for s in self.seats]}
        doc[NET_SECTION] = {"game_name": self.game_name, "game_id": self.game_id,
                            "token_hashes": [s.token_hash for s in self.seats],
                            "under_way": self.under_way}
        return json.dumps(doc)

    def replay_journal(self, records: list[dict[str, Any]]) -> int:
        """Apply a journal's records after this core's checkpoint; returns actions replayed.

        The first record must name this game; records the checkpoint already
        holds must agree with it (else the journal is another game's and is
        ignored, ValueError).  Replay stops at the first record that does not
        follow on (it was never acknowledged).
        """
        if not records:
            return 0
        base = records[0]
        if base.get("t") != "base" or base.get("game_id") != self.game_id:
            raise ValueError("the journal belongs to another game")
        played = self.game.action_codes
        replayed = 0
        for record in records[1:]:
            if record.get("t") == "seat":
                self._replay_seat(record)
                continue
            if record.get("t") == "start":
                self.under_way = True
                continue
            n, codes = record.get("n"), record.get("c")
            if record.get("t") == "act":
                codes = [codes]
            if not isinstance(n, int) or not isinstance(codes, list) or not codes or \
                    not all(isinstance(c, int) for c in codes) or n > len(played) + replayed:
                break
            if n + len(codes) <= len(played):
                if played[n:n + len(codes)] != codes:
                    raise ValueError(f"the journal disagrees with the checkpoint at action {n}")
                continue
            if n != len(self.game.action_codes) or not self._replays(codes):
                break
            replayed += len(codes)
        return replayed

    def _replays(self, codes: list[int]) -> bool:
        """Apply one journal record's codes (a decision: all or none); False if they do
        not follow on (they were never acknowledged)."""
        trial = self.game.clone()
        for code in codes:
            if trial.explain(code) is not None:
                return False
            trial.apply(code)
        for code in codes:
            self.game.apply(code)
        return True

    def _replay_seat(self, record: dict[str, Any]) -> None:
        seat, digest, name = record.get("p"), record.get("h"), record.get("name")
        if isinstance(seat, int) and 0 <= seat < len(self.seats) and \
                isinstance(digest, str) and isinstance(name, str) and \
                self.seats[seat].kind == HUMAN:
            self.seats[seat].token_hash, self.seats[seat].name = digest, clean_text(name)

    @classmethod
    def from_save(cls, text: str | bytes, password: str = "",
                  computers: dict[int, str] | None = None) -> HostCore:
        """Host a saved game again: the same seats, the same tokens (SaveFormatError if not).

        The game loads through :meth:`Game.from_json`, which replays every
        action and refuses a file whose state does not match them.  A seat
        saved as computer stays one; ``computers`` may turn more seats into
        computers (a player who will not come back).
        """
        game = registry.load_save(text)
        doc = json.loads(text)
        seats = _saved_seats(doc, game.config["players"])
        for player, bot in (computers or {}).items():
            seats[player] = HostSeat(kind=COMPUTER, bot=bot)
        net = _section(doc, NET_SECTION)
        name, game_id = net.get("game_name"), net.get("game_id")
        core = cls(game, seats, password, name if isinstance(name, str) else "se4x game",
                   game_id if isinstance(game_id, str) else _derived_id(game))
        core.under_way = core.under_way or net.get("under_way") is True
        return core


def slim(update: Update, base: int, before: dict[str, Any]) -> Update:
    """``update`` as the change from the observation ``before`` (sent at ``base``)."""
    return Update(seat=update.seat, seq=update.seq, events=update.events, legal=update.legal,
                  reachable=update.reachable, base=base,
                  patch=make_patch(before, update.observation))


def _derived_id(game: Game) -> str:
    """An id for a save written before games had one: the same every time it is loaded."""
    return hashlib.sha256(json.dumps(game.config, sort_keys=True).encode()).hexdigest()[:16]


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
             password: str = "", game_name: str = "se4x game", game: str = ""
             ) -> HostCore:
    """A host for a new game of ``config`` of the game ``game`` (a registered game's name;
    "": the default game); ``computers`` maps seats to that game's bot specs."""
    hosted = registry.game_class(game or registry.default().name).new_game(config)
    seats = [HostSeat(kind=COMPUTER, bot=(computers or {})[p])
             if p in (computers or {}) else HostSeat() for p in range(hosted.config["players"])]
    return HostCore(hosted, seats, password, game_name)


def recover(text: str | bytes, records: list[dict[str, Any]], password: str = "",
            computers: dict[int, str] | None = None) -> HostCore:
    """A host restarted from its checkpoint ``text`` and its journal's ``records``.

    SaveFormatError if the checkpoint is unusable; a journal of another game
    is ignored (the checkpoint alone is then the game).
    """
    core = HostCore.from_save(text, password, computers)
    try:
        core.replay_journal(records)
    except ValueError:
        core = HostCore.from_save(text, password, computers)
    return core
