"""The contract every game keeps: what the app, the computer players, the arena, the
self-play checks and the LAN host may ask of a game, and nothing else.

Why typed Protocols and not a base class: each game's facade is its own class over its
own compiled state (Space Empires' :class:`se4x_core.game.Game`, SP4X's
:class:`se4x_core.games.sp4x.game.Game`), and neither should inherit code it does not
use.  A game's record (:mod:`se4x_core.gamekit.registry`) names its facade class typed
as :class:`GameClass`, so ``mypy --strict`` checks every registered game against this
module, and every generic table (the session driver, the host, the arena, the contract
checker) is typed against it instead of ``Any``.

The contract, after OpenSpiel's State API and python-chess's Board:

* **Actions** are frozen values with a lossless integer ``code`` and a JSON form
  (:class:`ActionValue`); ``apply`` takes either.  One action is one atomic decision.
* **Chance** lives inside the state and is saved with it: the config and the action
  codes replay a game exactly (``replay``), and a save is refused whole when its stored
  state disagrees with its replay (``from_json``).
* ``apply`` of an illegal action raises :class:`~se4x_core.errors.IllegalActionError`
  and leaves the game as it was; ``explain`` says why an action is refused, in the
  player's words, or returns None for a legal one.
* **Events** are dicts with a ``"type"`` and their audience; ``events_for`` hands a
  player exactly those they may see, so a log and a network message filter alike.
* ``observation(player)`` holds what that player may know (what a screen draws and a
  network client receives); ``information_set(player)`` what a search starts from, drawn
  from the same knowledge, never sent to a screen or over the network.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

Event = dict[str, Any]  # {"type": ..., audience fields, facts}: see each game's events
#: Seat colours, in seat order: every game's players are Blue, Red, Green and Yellow
#: until they are named (the app draws each in its colour).
PLAYER_COLOURS: tuple[str, ...] = ("Blue", "Red", "Green", "Yellow")
Events = Sequence[Mapping[str, Any]]  # what apply returns (a game may type its own events)

ActionT = TypeVar("ActionT", bound="ActionValue")
ObservationT = TypeVar("ObservationT", covariant=True)


@runtime_checkable
class ActionValue(Protocol):
    """One atomic decision of a game (see :class:`se4x_core.gamekit.actions.CodedAction`)."""

    @property
    def kind(self) -> str: ...
    @property
    def code(self) -> int: ...
    def to_json(self) -> dict[str, Any]: ...


class ActionClass(Protocol):
    """A game's ``Action`` class: its values from a code or from JSON."""

    def from_code(self, code: int, /) -> ActionValue: ...
    def from_json(self, obj: Any, /) -> ActionValue: ...


@runtime_checkable
class Facade(Protocol):
    """A game in progress, as every table sees it."""

    @property
    def config(self) -> dict[str, Any]: ...
    @property
    def current_player(self) -> int:
        """Who decides now (-1 once the game is over)."""
    @property
    def phase(self) -> str:
        """The decision the game waits for, in the game's own words ("movement", "draw")."""
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def action_codes(self) -> list[int]: ...
    def legal_codes(self) -> list[int]: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply(self, action: Any) -> Events: ...
    def explain(self, action: Any) -> str | None: ...
    def observation(self, player: int) -> Mapping[str, Any]: ...
    def information_set(self, player: int) -> Any: ...
    def events_for(self, events: Any, player: int) -> Events: ...
    def clone(self) -> Facade: ...
    def to_json(self) -> str: ...


class GameClass(Protocol):
    """A game's facade class: new games, verified loads and replays."""

    def new_game(self, config: dict[str, Any] | None = None, /) -> Facade: ...
    def from_json(self, text: str | bytes, verify: bool = True, /) -> Facade: ...
    def replay(self, config: dict[str, Any], actions: Sequence[Any], /) -> Facade: ...


@runtime_checkable
class Walker(Protocol):
    """A game whose pieces may walk a planned path in one request (Space Empires' groups:
    a table walks it step by step and stops where a step is no longer legal or something
    found ends the walk)."""

    def reachable(self, piece: int) -> dict[int, list[int]]:
        """Where ``piece`` of the acting player can still go -> the directions there."""
    def walkers(self, player: int) -> range:
        """The pieces of ``player`` that may walk now (empty when it is not walking)."""
    def walk(self, piece: int, dirs: Sequence[int],
             apply: Callable[[int], list[Event]] | None = None) -> list[Event]:
        """Step ``piece`` along ``dirs`` (``apply`` applies one legal code); the events
        of the steps taken; IllegalActionError, nothing applied, if the first is refused."""


class BotLike(Protocol):
    """A computer player of any game (see :class:`se4x_core.gamekit.bot.Bot`)."""

    @property
    def needs_information_set(self) -> bool: ...
    def restart(self) -> None: ...
    def inform(self, information_set: Any) -> None: ...
    def step(self, observation: Any, legal: Sequence[Any]) -> Any: ...


__all__ = ["ActionClass", "ActionValue", "BotLike", "Event", "Events", "Facade", "GameClass",
           "PLAYER_COLOURS", "Walker"]
