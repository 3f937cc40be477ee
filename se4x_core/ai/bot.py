"""The bot interface: what every computer player implements, after OpenSpiel's ``Bot``.

A bot sees exactly what a human at that seat would: the player's
observation and the legal actions.  It never receives the game or its
state, so it cannot cheat by accident, and the same bot can sit at a local
table, behind the LAN host or inside an arena.  A search bot also takes its
player's *information set* (``needs_information_set``): the packed state of
everything that player knows (:meth:`se4x_core.game.Game.information_set`),
which the table hands over with :meth:`Bot.inform` before each step.  It holds
nothing the observation does not, in the form the compiled search starts from,
so screens and network clients never receive it (:func:`ask` does both).  ``restart`` is called
before each game (a bot may keep memory between its decisions, e.g. what it
saw the enemy do, and must forget it there); ``step`` returns one of the
legal actions.

>>> from se4x_core.game import Game
>>> from se4x_core.ai.random_bot import RandomBot
>>> game = Game.new_game({"players": 2, "seed": 1})
>>> bot = RandomBot(seed=4)
>>> bot.restart()
>>> bot.step(game.observation(game.current_player), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from se4x_core.actions import Action
from se4x_core.observation import Observation

if TYPE_CHECKING:
    from se4x_core.game import Game


class Bot(ABC):
    """A computer player: chooses from its observation and the legal actions only."""

    #: The table calls :meth:`inform` with the player's information set before each step.
    needs_information_set: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rnd = random.Random(seed)
        self.information_set = ""

    def restart(self) -> None:
        """Forget the previous game: the same seed then gives the same choices again."""
        self.rnd = random.Random(self.seed)

    def inform(self, information_set: str) -> None:
        """The player's packed information set for the next :meth:`step` (search bots)."""
        self.information_set = information_set

    @abstractmethod
    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what ``observation`` shows."""


class CodeBot(Bot):
    """A bot written over action codes: ``choose`` takes and returns integer codes."""

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        code = self.choose(observation, [action.code for action in legal])
        return Action.from_code(code)

    @abstractmethod
    def choose(self, observation: Observation, legal: list[int]) -> int:
        """One of the ``legal`` codes."""



def ask(bot: Bot, game: Game, player: int, observation: Observation | None = None,
        legal: Sequence[Action] | None = None) -> Action:
    """A bot's decision for ``player`` at ``game``, as every table asks for it: the
    information set first if the bot searches, then the observation and the legal
    actions (pass them if already at hand)."""
    if bot.needs_information_set:
        bot.inform(game.information_set(player))
    return bot.step(game.observation(player) if observation is None else observation,
                    game.legal_actions() if legal is None else legal)
