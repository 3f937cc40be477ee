"""The computer player's interface, for every game, after OpenSpiel's ``Bot``.

A bot sees exactly what a human at that seat would: the player's observation and the
legal actions.  It never receives the game or its state, so it cannot cheat by
accident, and the same bot can sit at a local table, behind the LAN host or in the
arena.  A search bot also takes its player's *information set*
(``needs_information_set``): what the player knows, in the form its search starts from
(the facade's ``information_set``), handed over with :meth:`Bot.inform` before each
step and never sent to a screen or over the network (:func:`ask` does both).
``restart`` is called before each game (a bot may remember what it saw between its
decisions, and must forget it there); ``step`` returns one of the legal actions.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from se4x_core.gamekit.contract import Facade

ObservationT = TypeVar("ObservationT")
ActionT = TypeVar("ActionT")
InfoT = TypeVar("InfoT")


class Bot(ABC, Generic[ObservationT, ActionT, InfoT]):
    """A computer player: chooses from its observation and the legal actions only."""

    #: The table calls :meth:`inform` with the player's information set before each step.
    needs_information_set: ClassVar[bool] = False
    #: The last information set received (a game's bot base sets its "none yet" value).
    information_set: InfoT

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rnd = random.Random(seed)

    def restart(self) -> None:
        """Forget the previous game: the same seed then gives the same choices again."""
        self.rnd = random.Random(self.seed)

    def inform(self, information_set: InfoT) -> None:
        """The player's information set for the next :meth:`step` (search bots)."""
        self.information_set = information_set

    @abstractmethod
    def step(self, observation: ObservationT, legal: Sequence[ActionT]) -> ActionT:
        """One of ``legal``, chosen from what ``observation`` shows."""


class RandomBot(Bot[Any, ActionT, Any]):
    """Uniformly random among the legal actions: a game's first opponent and the
    contract checker's default player."""

    def step(self, observation: Any, legal: Sequence[ActionT]) -> ActionT:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rnd.randrange(len(legal))]


def ask(bot: Bot[Any, Any, Any], game: Facade, player: int | None = None,
        observation: Any = None, legal: Sequence[Any] | None = None) -> Any:
    """``bot``'s decision for ``player`` (default: the one to decide) at ``game``, as every
    table asks for it: the information set first if the bot searches, then the
    observation and the legal actions (pass them if already at hand)."""
    seat = game.current_player if player is None else player
    if bot.needs_information_set:
        bot.inform(game.information_set(seat))
    return bot.step(game.observation(seat) if observation is None else observation,
                    game.legal_actions() if legal is None else legal)


__all__ = ["Bot", "RandomBot", "ask"]
