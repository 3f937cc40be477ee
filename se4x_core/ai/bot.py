"""The bot interface: what every computer player implements, after OpenSpiel's ``Bot``.

A bot sees exactly what a human at that seat would: the player's
observation and the legal actions.  It never receives the game or its
state, so it cannot cheat by accident, and the same bot can sit at a local
table, behind the LAN host or inside an arena.  ``restart`` is called
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

from se4x_core.actions import Action
from se4x_core.observation import Observation


class Bot(ABC):
    """A computer player: chooses from its observation and the legal actions only."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rnd = random.Random(seed)

    def restart(self) -> None:
        """Forget the previous game: the same seed then gives the same choices again."""
        self.rnd = random.Random(self.seed)

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
