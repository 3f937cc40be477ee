"""What the facades of the games kept as Python states share (SP4X, the SE4 board game).

Why a base class here, when :mod:`se4x_core.gamekit.contract` types a facade as a
Protocol: Space Empires' facade stands over a compiled state of its own and inherits
nothing; but a game whose state is a Python object with the same few fields (``n``
players, ``current``, ``phase``, ``is_over``, ``winners``, ``copy()`` and ``to_dict()``)
answers most of the contract the same way: its config and state, whose decision it is,
the winners, the action codes played, the events a player may see, equality, the
player check, and the save (the config, the codes and the state they lead to) with its
verified load and its replay.  A game's facade derives from :class:`RecordedGame`,
names its save format, its title and its action class, and writes what is its own:
creating a game, the legal codes, applying and explaining an action, the observations,
clones and determinizations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from se4x_core.errors import SaveFormatError
from se4x_core.gamekit.saves import (
    action_codes,
    first_difference,
    read_envelope,
    replay_actions,
    save_text,
)

Event = dict[str, Any]


class RecordedState(Protocol):
    """The fields of a game's state that :class:`RecordedGame` reads."""

    n: int
    current: int
    phase: str
    winners: list[int]

    @property
    def is_over(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=RecordedState)


class RecordedGame(Generic[S]):
    """A facade over a Python state and the action codes that led to it (see the
    module docstring).  ``SAVE_FORMAT``/``SAVE_VERSION``: the save envelope's;
    ``TITLE``: the game's name in a refusal ("not an SP4X save file"); ``ACTION``: the
    game's action class (``from_code``)."""

    SAVE_FORMAT: ClassVar[str]
    SAVE_VERSION: ClassVar[int] = 1
    TITLE: ClassVar[str]
    ACTION: ClassVar[Any]

    _state: S
    _config: dict[str, Any]
    _codes: list[int]

    @classmethod
    def new_game(cls, config: dict[str, Any] | None = None) -> Self:
        """A new game of ``config``; ConfigError names a bad field."""
        raise NotImplementedError

    # -- the contract ---------------------------------------------------------------------
    @property
    def config(self) -> dict[str, Any]:
        return dict(self._config)

    @property
    def state(self) -> S:
        """The full state (engine internals; bots and screens use observations)."""
        return self._state

    @property
    def current_player(self) -> int:
        """Who decides now (another player than the one whose turn it is, in some
        decisions); -1 once the game is over."""
        return -1 if self._state.is_over else self._state.current

    @property
    def phase(self) -> str:
        """The pending decision's name."""
        return self._state.phase

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def winner(self) -> int | None:
        """The winner; None while playing, or when several share the win."""
        winners = self._state.winners
        return winners[0] if self.is_over and len(winners) == 1 else None

    @property
    def winners(self) -> list[int]:
        """Everybody who won (a shared win names several); empty while playing."""
        return list(self._state.winners) if self.is_over else []

    @property
    def action_codes(self) -> list[int]:
        return list(self._codes)

    def legal_codes(self) -> list[int]:
        raise NotImplementedError

    def apply(self, action: Any) -> list[Event]:
        """Apply one action (or its code); IllegalActionError, the game untouched, if
        it is not legal now.  Returns the events, each with its audience."""
        raise NotImplementedError

    def legal_actions(self) -> list[Any]:
        return [self.ACTION.from_code(code) for code in self.legal_codes()]

    @staticmethod
    def events_for(events: list[Event], player: int) -> list[Event]:
        """The events ``player`` may see (``visible_to`` None or naming them)."""
        return [e for e in events if e["visible_to"] is None or player in e["visible_to"]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    def _check_player(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or \
                not 0 <= player < self._state.n:
            raise ValueError(f"no player {player!r} in a {self._state.n}-player game")

    # -- saving and replaying -------------------------------------------------------------
    def to_json(self) -> str:
        """The save: the config, the action codes and the state they lead to."""
        return save_text(self.SAVE_FORMAT, self.SAVE_VERSION, self._config, self._codes,
                         self._state.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, verify: bool = True) -> Self:
        """Load a save by replaying its actions; with ``verify`` the stored state must
        equal the replayed one.  SaveFormatError names what is wrong."""
        doc = read_envelope(text, cls.SAVE_FORMAT, (cls.SAVE_VERSION,), cls.TITLE)
        game = cls.replay(doc["config"], action_codes(doc["actions"]))
        if verify:
            difference = first_difference(doc["state"], game._state.to_dict())
            if difference:
                raise SaveFormatError(
                    f"the saved state does not match its own actions at {difference}")
        return game

    @classmethod
    def replay(cls, config: dict[str, Any], actions: Sequence[Any]) -> Self:
        """Play ``actions`` from a new game of ``config``; SaveFormatError if one fails."""
        return replay_actions(cls.new_game, config, actions)


__all__ = ["Event", "RecordedGame", "RecordedState"]
