"""The seat-facing table of a game held by a LAN host (see :mod:`se4x_core.gamekit.table`).

Why here and without threads: the table only turns requests into messages
(``send``) and the host's messages (``feed``, already rebuilt whole by the
client) into answers.  Whoever owns the connection feeds it on one thread,
the app on its UI thread, so every future resolves, and every callback runs,
there.  Nothing is computed here that the host did not say: the legal
actions, the reachable hexes, an explanation and a refusal are the host's,
word for word, and the views never hold anything their seats may not know.

One action request is outstanding at a time, as a player makes one decision
at a time; explanations may overlap.  A request made while another waits for
the host (a second click before the first one's answer) waits behind it:
once the host has answered, it is sent if the position it was decided on is
still the current one (the first was refused), and otherwise dropped (it
resolves with no events and nothing is sent: the player chose on a position
the answer replaced, and now sees the new one).  Why not refuse it: the
refusal ("still waiting for the host's answer") would stay on the player's
screen after the answer came, saying something no longer true.  When the
connection drops, :meth:`RemoteTable.lost` fails what is outstanding,
waiting requests included; the client reconnects by itself and the next
update puts the view right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future
from typing import Any, cast

from se4x_core.errors import IllegalActionError
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import ActionValue
from se4x_core.gamekit.table import NOT_HERE, EventT, Table, facts_reader, refused
from se4x_core.net.protocol import (
    Act,
    Acts,
    ClientMessage,
    Error,
    Explain,
    Explained,
    HostMessage,
    Update,
    Walk,
)

Request = Callable[[int, int], ClientMessage]  # (seat, seq) -> the message to send


class RemoteTable(Table[EventT]):
    """A game on a host, as the seats held at this client see it.

    ``game`` names the registered game the host plays ("": the default game; the host
    says which when a client joins, :meth:`use_game`): its ``Action`` reads the host's
    legal codes, its public-facts reader the observations.
    """

    def __init__(self, send: Callable[[ClientMessage], None], seats: Iterable[int],
                 game: str = "") -> None:
        self._send = send
        self._decode: Callable[[int], ActionValue] = registry.action_class(
            registry.default().name).from_code
        self.use_game(game)
        self.seats: set[int] = set(seats)
        self.updates: dict[int, Update] = {}  # seat -> its latest update (whole)
        self._action: tuple[int, int, Future[list[EventT]]] | None = None  # seat, seq, answer
        self._queued: list[tuple[Request, int, Future[list[EventT]]]] = []  # behind _action
        self._explaining: list[tuple[int, int, Future[str | None]]] = []  # seat, code, answer

    def use_game(self, game: str) -> None:
        """The game the host plays (its name; "": the default game)."""
        name = game or registry.default().name
        self.game = name
        self._decode = registry.action_class(name).from_code
        self.read_facts = facts_reader(name)

    # -- the host's messages ------------------------------------------------------------
    def feed(self, message: HostMessage) -> None:
        """Take in one of the host's messages (updates must already be whole)."""
        if isinstance(message, Update):
            self._on_update(message)
        elif isinstance(message, Explained):
            self._on_explained(message)
        elif isinstance(message, Error):
            self._on_error(message)

    def _on_update(self, update: Update) -> None:
        if update.patch is not None:
            raise ValueError("feed the table whole updates (the client rebuilds them)")
        self.updates[update.seat] = update
        waiting = self._action
        if waiting is not None and update.seat == waiting[0] and update.seq > waiting[1]:
            self._action = None
            waiting[2].set_result(cast(list[EventT], list(update.events)))
            self._send_queued()

    def _on_explained(self, message: Explained) -> None:
        for entry in self._explaining:
            seat, code, future = entry
            if seat == message.seat and code == message.code:
                self._explaining.remove(entry)
                future.set_result(message.text or None)
                return

    def _on_error(self, error: Error) -> None:
        waiting = self._action  # a refusal of an action names its seat (chat's does not)
        if waiting is not None and error.seat == waiting[0]:
            self._action = None
            waiting[2].set_exception(IllegalActionError(error.message))
            self._send_queued()

    def lost(self, reason: str = "the connection to the host dropped (it reconnects by "
                                 "itself)") -> None:
        """The connection dropped: every outstanding request fails with ``reason``."""
        waiting, self._action = self._action, None
        queued, self._queued = self._queued, []
        for future in ([waiting[2]] if waiting is not None else []) + [q[2] for q in queued]:
            future.set_exception(IllegalActionError(reason))
        explaining, self._explaining = self._explaining, []
        for _seat, _code, answer in explaining:
            answer.set_exception(IllegalActionError(reason))

    @property
    def waiting(self) -> bool:
        """An action was sent and the host has not answered yet."""
        return self._action is not None

    # -- reading ------------------------------------------------------------------------
    def _latest(self) -> Update:
        if not self.updates:
            raise LookupError("no update from the host yet")
        return max(self.updates.values(), key=lambda u: (u.seq, -u.seat))

    @property
    def seq(self) -> int:
        return self._latest().seq if self.updates else 0

    def viewer_hint(self) -> int:
        return self._latest().seat

    def observation(self, player: int) -> Any:
        """A seat held here: its view; another: the freshest view held (public facts)."""
        update = self.updates.get(player) or self._latest()
        return update.observation

    def acting(self) -> Update | None:
        """The update of the seat to act, if it is held here and current."""
        if not self.updates:
            return None
        update = self.updates.get(self.current_player)
        return update if update is not None and update.seq == self.seq else None

    def legal_codes(self) -> list[int]:
        """The legal action codes of the seat to act, if it is held here and current (any
        game: its own ``Action.from_code`` reads them)."""
        acting = self.acting()
        return list(acting.legal) if acting is not None else []

    def legal_actions(self) -> list[Any]:
        out = []
        for code in self.legal_codes():
            try:
                out.append(self._decode(code))
            except ValueError:
                continue  # not an action this client knows: never offered
        return out

    def reachable(self, unit: int) -> dict[int, list[int]]:
        acting = self.acting()
        return dict(acting.reachable.get(unit, {})) if acting is not None else {}

    # -- requests ---------------------------------------------------------------------------
    def explain(self, action: Any) -> Future[str | None]:
        acting = self.acting()
        seat = acting.seat if acting is not None else min(self.seats, default=-1)
        if seat < 0:
            return refused("no seat is held here")
        future: Future[str | None] = Future()
        self._explaining.append((seat, action.code, future))
        self._send(Explain(seat, self.seq, action.code))
        return future

    def _request(self, make: Request) -> Future[list[EventT]]:
        acting = self.acting()
        if acting is None:
            return refused(NOT_HERE)
        future: Future[list[EventT]] = Future()
        if self._action is not None:  # it waits for that answer (see the module docstring)
            self._queued.append((make, acting.seq, future))
            return future
        self._action = (acting.seat, acting.seq, future)
        self._send(make(acting.seat, acting.seq))
        return future

    def _send_queued(self) -> None:
        """The host answered: the requests that waited behind it are sent or dropped."""
        while self._queued and self._action is None:
            make, seq, future = self._queued.pop(0)
            acting = self.acting()
            if acting is None or acting.seq != seq:
                future.set_result([])  # decided on a position that is gone: dropped
                continue
            self._action = (acting.seat, acting.seq, future)
            self._send(make(acting.seat, acting.seq))

    def apply(self, action: Any) -> Future[list[EventT]]:
        return self.act(action.code)

    def act(self, code: int) -> Future[list[EventT]]:
        """One action by its code (any game's), for the seat to act."""
        return self._request(lambda seat, seq: Act(seat, seq, code))

    def apply_path(self, unit: int, dirs: Sequence[int]) -> Future[list[EventT]]:
        return self._request(lambda seat, seq: Walk(seat, seq, unit, list(dirs)))

    def apply_all(self, actions: Sequence[Any]) -> Future[list[EventT]]:
        return self._request(lambda seat, seq: Acts(seat, seq, [a.code for a in actions]))
