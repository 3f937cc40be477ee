"""One table for every seat: what a seat sees of a game and how it acts, here or on a host.

Why one interface: the app's screens draw a seat's observation, offer its
legal actions, ask why an action is refused and apply what the player chose;
none of that should depend on whether the game is in this process
(:class:`LocalTable`) or on a LAN host (``se4x_core.net.table.RemoteTable``).
Every request that can be refused answers with a
:class:`concurrent.futures.Future` (``add_done_callback``, ``result()``, and
``asyncio.wrap_future`` for asyncio code): a local table resolves it at once,
a remote one when the host answers, on the thread that feeds it the host's
messages (the app's UI thread).  A refusal is the future's
:class:`~se4x_core.errors.IllegalActionError`, worded by whoever holds the game.

Two requests are more than one action, and both tables run them through the
same functions here, so a path walked on the host stops where a local one
would: :func:`walk` (a planned path, step by step, stopping where a step is
no longer legal or something found ends the movement) and :func:`apply_all`
(a whole battle choice, all or nothing).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.events import STOPS_MOVEMENT, Event
from se4x_core.game import Game
from se4x_core.observation import Observation

Applier = Callable[[int], list[Event]]  # applies one legal code, returns its events


class Table(ABC):
    """A game as the seats at one screen see it (see the module docstring)."""

    @property
    @abstractmethod
    def seq(self) -> int:
        """Actions played so far (the position the legal actions belong to)."""

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """What ``player`` (a seat at this table) may know now."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current player's legal actions, if that player sits here; else empty."""

    @abstractmethod
    def reachable(self, unit: int) -> dict[int, list[int]]:
        """Hexes the acting unit can still reach -> the directions of the way there."""

    @abstractmethod
    def explain(self, action: Action) -> Future[str | None]:
        """Why ``action`` is refused now (None if it is legal), in the game holder's words."""

    @abstractmethod
    def apply(self, action: Action) -> Future[list[Event]]:
        """Apply one action for the current player: its events (a host sends only those
        the acting seat may see), or IllegalActionError."""

    @abstractmethod
    def apply_path(self, unit: int, dirs: Sequence[int]) -> Future[list[Event]]:
        """Walk ``unit`` along ``dirs`` in one request (see :func:`walk`)."""

    @abstractmethod
    def apply_all(self, actions: Sequence[Action]) -> Future[list[Event]]:
        """A whole battle choice: every action applied in order, or none (see :func:`apply_all`)."""

    # -- read from the current player's observation -----------------------------------
    def _public(self) -> Observation:
        """An observation held here, for the facts every player sees (phase, whose turn)."""
        return self.observation(self.viewer_hint())

    def viewer_hint(self) -> int:
        """A seat whose observation this table holds (the first, unless overridden)."""
        return 0

    @property
    def phase(self) -> str:
        return str(self._public()["phase"])

    @property
    def current_player(self) -> int:
        return int(self._public()["current_player"])

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    @property
    def winner(self) -> int | None:
        winner = int(self._public()["winner"])
        return winner if self.is_over and winner >= 0 else None

    @property
    def players(self) -> int:
        return int(self._public()["players"])


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


# -- the two requests of more than one action, one implementation for both tables --------
def walk(game: Game, unit: int, dirs: Sequence[int], apply: Applier | None = None
         ) -> list[Event]:
    """Step ``unit`` along ``dirs`` while each step is legal and nothing found stops it.

    Raises IllegalActionError (nothing applied) if even the first step is
    refused; otherwise returns the events of the steps taken (the number taken
    is the growth of ``game.action_codes``).  ``apply`` applies one legal code
    (the host journals it first); by default ``game.apply``.
    """
    apply = apply or game.apply
    player, events = game.current_player, []
    for index, direction in enumerate(dirs):
        try:
            code = Action("move", unit=unit, dir=direction).code
        except ValueError as exc:
            if index == 0:
                raise IllegalActionError(f"not a move: {exc}") from None
            break
        if code not in game.legal_codes():
            if index == 0:
                raise IllegalActionError(game.explain(code) or "not legal now")
            break
        step = apply(code)
        events += step
        if any(e["type"] in STOPS_MOVEMENT for e in step) or game.phase != "movement" or \
                game.current_player != player:
            break
    return events


def apply_all(game: Game, codes: Sequence[int], apply: Applier | None = None) -> list[Event]:
    """Apply one decision made of several codes, or none of it (IllegalActionError).

    The codes are taken in order while the decision lasts (the same player
    in the same phase): a screening choice ends by itself once the allowance
    is used, and what follows it in ``codes`` (``done_screening``) is then
    not applied.  Tried first on a clone (the dice are in the state, so the
    clone rolls exactly what the game then rolls); only if every code taken
    is legal in turn are they applied to ``game``.
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
    apply = apply or game.apply
    events: list[Event] = []
    for code in codes[:taken]:
        events += apply(code)
    return events


class LocalTable(Table):
    """The table of a game held in this process: every answer is immediate.

    ``game`` is the game or a function returning it (the app's session
    replaces its game on undo); ``commit`` applies one legal code and returns
    its events: the session passes its own (undo points, signals, autosave),
    by default it is ``game.apply``.  ``may_act`` says whether the player to
    act sits at this table now (by default: always); if not, no legal action
    is offered and every request is refused.
    """

    def __init__(self, game: Game | Callable[[], Game], may_act: Callable[[], bool] | None = None,
                 commit: Applier | None = None) -> None:
        self._game = game if callable(game) else (lambda: game)
        self._may_act = may_act
        self._commit = commit

    @property
    def game(self) -> Game:
        return self._game()

    def _apply_one(self, code: int) -> list[Event]:
        return self._commit(code) if self._commit is not None else self.game.apply(code)

    @property
    def seq(self) -> int:
        return len(self.game.action_codes)

    def observation(self, player: int) -> Observation:
        return self.game.observation(player)

    def _sits_here(self) -> bool:
        return self.game.current_player >= 0 and (self._may_act is None or self._may_act())

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions() if self._sits_here() else []

    def reachable(self, unit: int) -> dict[int, list[int]]:
        return self.game.reachable(unit) if self._sits_here() else {}

    def explain(self, action: Action) -> Future[str | None]:
        return done(self.game.explain(action))

    def apply(self, action: Action) -> Future[list[Event]]:
        if not self._sits_here():
            return refused("it is not the decision of a player at this table")
        reason = self.game.explain(action)
        return refused(reason) if reason is not None else done(self._apply_one(action.code))

    def apply_path(self, unit: int, dirs: Sequence[int]) -> Future[list[Event]]:
        if not self._sits_here():
            return refused("it is not the decision of a player at this table")
        try:
            return done(walk(self.game, unit, dirs, self._apply_one))
        except IllegalActionError as exc:
            return refused(str(exc))

    def apply_all(self, actions: Sequence[Action]) -> Future[list[Event]]:
        if not self._sits_here():
            return refused("it is not the decision of a player at this table")
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
    def winner(self) -> int | None:
        return self.game.winner

    @property
    def players(self) -> int:
        return int(self.game.config["players"])
