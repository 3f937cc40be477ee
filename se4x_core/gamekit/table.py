"""One table for every seat and every game: what a seat sees of a game and how it acts,
here or on a host.

Why one interface: the app's screens draw a seat's observation, offer its legal
actions, ask why an action is refused and apply what the player chose; none of that
should depend on whether the game is in this process (:class:`LocalTable`) or on a LAN
host (:class:`se4x_core.net.table.RemoteTable`), nor on which game it is.  Every request
that can be refused answers with a :class:`concurrent.futures.Future`
(``add_done_callback``, ``result()``, and ``asyncio.wrap_future`` for asyncio code): a
local table resolves it at once, a remote one when the host answers, on the thread that
feeds it the host's messages (the app's UI thread).  A refusal is the future's
:class:`~se4x_core.errors.IllegalActionError`, worded by whoever holds the game.

Two requests are more than one action, and both tables run them through the same code,
so a request played on the host stops where a local one would: a planned path
(:meth:`Table.apply_path`, for a game whose pieces walk:
:class:`~se4x_core.gamekit.contract.Walker`) and a whole decision made of several
actions (:func:`apply_all`, all or nothing).

What every seat may read of the game (whose decision it is, the phase, whether it is
over and who won) is read from an observation by the game's :class:`PublicFacts` reader
(its record's ``facts``), so a remote table needs nothing the host does not send.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from se4x_core.errors import IllegalActionError
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import Event, Facade, Walker

EventT = TypeVar("EventT", bound=Mapping[str, Any])  # a game's events (its own type)
Applier = Callable[[int], list[Any]]  # applies one legal code, returns its events
NOT_HERE = "it is not the decision of a player at this table"


@dataclass(frozen=True)
class PublicFacts:
    """What every player's observation shows of the game as a whole."""

    current_player: int
    phase: str
    is_over: bool
    winners: tuple[int, ...]
    players: int


def standard_facts(observation: Mapping[str, Any]) -> PublicFacts:
    """A game whose observations name these facts plainly (``current_player``,
    ``phase``, ``is_over``, ``winners``, ``players``)."""
    players = observation.get("players")
    return PublicFacts(int(observation["current_player"]), str(observation["phase"]),
                       bool(observation["is_over"]), tuple(observation.get("winners") or ()),
                       len(players) if isinstance(players, list) else int(players or 0))


def facts_reader(game: str) -> Callable[[Mapping[str, Any]], PublicFacts]:
    """The game's reader of :class:`PublicFacts` (its record's ``facts``)."""
    path = registry.record(game).facts
    return registry.load(path) if path else standard_facts


class Table(ABC, Generic[EventT]):
    """A game as the seats at one screen see it (see the module docstring)."""

    #: what every seat may read of the game, from an observation
    read_facts: Callable[[Mapping[str, Any]], PublicFacts] = staticmethod(standard_facts)

    @property
    @abstractmethod
    def seq(self) -> int:
        """Actions played so far (the position the legal actions belong to)."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """What ``player`` (a seat at this table) may know now."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """The current player's legal actions, if that player sits here; else empty."""

    def reachable(self, unit: int) -> dict[int, list[int]]:
        """Where a piece of the acting player can still walk -> the directions of the way
        there (a game whose pieces walk); empty for any other."""
        return {}

    @abstractmethod
    def explain(self, action: Any) -> Future[str | None]:
        """Why ``action`` is refused now (None if it is legal), in the game holder's words."""

    @abstractmethod
    def apply(self, action: Any) -> Future[list[EventT]]:
        """Apply one action for the current player: its events (a host sends only those
        the acting seat may see), or IllegalActionError."""

    def apply_path(self, unit: int, dirs: Sequence[int]) -> Future[list[EventT]]:
        """Walk ``unit`` along ``dirs`` in one request (a game whose pieces walk)."""
        return refused("this game has no planned paths: choose each step")

    @abstractmethod
    def apply_all(self, actions: Sequence[Any]) -> Future[list[EventT]]:
        """A whole decision: every action applied in order, or none (:func:`apply_all`)."""

    # -- read from an observation held here --------------------------------------------
    def facts(self) -> PublicFacts:
        return self.read_facts(self.observation(self.viewer_hint()))

    def viewer_hint(self) -> int:
        """A seat whose observation this table holds (the first, unless overridden)."""
        return 0

    @property
    def phase(self) -> str:
        return self.facts().phase

    @property
    def current_player(self) -> int:
        return self.facts().current_player

    @property
    def is_over(self) -> bool:
        return self.facts().is_over

    @property
    def winners(self) -> list[int]:
        return list(self.facts().winners) if self.is_over else []

    @property
    def winner(self) -> int | None:
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    @property
    def players(self) -> int:
        return self.facts().players


def done(value: Any) -> Future[Any]:
    """A future already resolved with ``value``."""
    future: Future[Any] = Future()
    future.set_result(value)
    return future


def refused(reason: str) -> Future[Any]:
    """A future already failed with IllegalActionError(``reason``)."""
    future: Future[Any] = Future()
    future.set_exception(IllegalActionError(reason))
    return future


def apply_all(game: Facade, codes: Sequence[int], apply: Applier | None = None
              ) -> list[Event]:
    """Apply one decision made of several codes, or none of it (IllegalActionError).

    The codes are taken in order while the decision lasts (the same player in the same
    phase): a choice that ends by itself (Space Empires' screening, once its allowance is
    used) leaves what follows it in ``codes`` unapplied.  Tried first on a clone (chance
    is in the state, so the clone rolls exactly what the game then rolls); only if every
    code taken is legal in turn are they applied to ``game``.
    """
    player, phase, trial = game.current_player, game.phase, game.clone()
    taken = 0
    for index, code in enumerate(codes):
        if trial.current_player != player or trial.phase != phase:
            break  # the decision is over
        reason = trial.explain(code)
        if reason is not None:
            raise IllegalActionError(f"step {index + 1} of {len(codes)}: {reason}")
        trial.apply(code)
        taken += 1
    apply = apply or (lambda code: list(game.apply(code)))
    events: list[Event] = []
    for code in codes[:taken]:
        events += apply(code)
    return events


class LocalTable(Table[EventT]):
    """The table of a game held in this process: every answer is immediate.

    ``game`` is the game or a function returning it (Space Empires' session replaces its
    game on undo); ``commit`` applies one legal code and returns its events: the session
    passes its own (undo points, signals, autosave), by default it is ``game.apply``.
    ``may_act`` says whether the player to act sits at this table now (by default:
    always); if not, no legal action is offered and every request is refused.
    """

    def __init__(self, game: Facade | Callable[[], Facade],
                 may_act: Callable[[], bool] | None = None,
                 commit: Callable[[int], list[EventT]] | None = None) -> None:
        self._game: Callable[[], Facade] = game if callable(game) else (lambda: game)
        self._may_act = may_act
        self._commit = commit

    @property
    def game(self) -> Facade:
        return self._game()

    def _apply_one(self, code: int) -> list[EventT]:
        if self._commit is not None:
            return self._commit(code)
        return cast(list[EventT], list(self.game.apply(code)))

    @property
    def seq(self) -> int:
        return len(self.game.action_codes)

    def observation(self, player: int) -> Any:
        return self.game.observation(player)

    def _sits_here(self) -> bool:
        return self.game.current_player >= 0 and (self._may_act is None or self._may_act())

    def legal_actions(self) -> list[Any]:
        return list(self.game.legal_actions()) if self._sits_here() else []

    def reachable(self, unit: int) -> dict[int, list[int]]:
        game = self.game
        if not isinstance(game, Walker) or not self._sits_here():
            return {}
        return game.reachable(unit)

    def explain(self, action: Any) -> Future[str | None]:
        return done(self.game.explain(action))

    def apply(self, action: Any) -> Future[list[EventT]]:
        if not self._sits_here():
            return refused(NOT_HERE)
        reason = self.game.explain(action)
        return refused(reason) if reason is not None else done(self._apply_one(action.code))

    def apply_path(self, unit: int, dirs: Sequence[int]) -> Future[list[EventT]]:
        game = self.game
        if not isinstance(game, Walker):
            return super().apply_path(unit, dirs)
        if not self._sits_here():
            return refused(NOT_HERE)
        try:
            return done(game.walk(unit, dirs, self._apply_one))  # type: ignore[arg-type]
        except IllegalActionError as exc:
            return refused(str(exc))

    def apply_all(self, actions: Sequence[Any]) -> Future[list[EventT]]:
        if not self._sits_here():
            return refused(NOT_HERE)
        try:
            return done(apply_all(self.game, [a.code for a in actions], self._apply_one))
        except IllegalActionError as exc:
            return refused(str(exc))

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def current_player(self) -> int:
        return self.game.current_player

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def winners(self) -> list[int]:
        return list(self.game.winners)

    @property
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def players(self) -> int:
        return int(self.game.config["players"])


__all__ = ["Applier", "LocalTable", "NOT_HERE", "PublicFacts", "Table", "apply_all", "done",
           "facts_reader", "refused", "standard_facts"]
