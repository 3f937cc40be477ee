"""Replaying a save's actions, for every game: the one place where a refused config or
action becomes a damaged-save error.

Why shared: a save of any game is its config and its action codes (the stored state
only checks them), so loading one is the same loop whatever the rules; what differs
is the game, passed in as its ``new_game``.

>>> from se4x_core.game import Game
>>> replay_actions(Game.new_game, {"players": 2, "seed": 1}, [10**6])
Traceback (most recent call last):
...
se4x_core.errors.SaveFormatError: action 0 cannot be replayed: no action has code 1000000
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError


class Playable(Protocol):
    """What a replay needs of a game: that it takes actions (or their codes)."""

    def apply(self, action: Any) -> Any: ...


GameT = TypeVar("GameT", bound=Playable)


def replay_actions(new_game: Callable[[dict[str, Any]], GameT], config: dict[str, Any],
                   actions: Sequence[Any]) -> GameT:
    """A new game of ``config`` with ``actions`` played in turn; SaveFormatError naming
    a bad config or the first action that cannot be played."""
    try:
        game = new_game(config)
    except ConfigError as exc:
        raise SaveFormatError(f"bad config: {exc}") from None
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise SaveFormatError(f"action {index} cannot be replayed: {exc}") from None
    return game
