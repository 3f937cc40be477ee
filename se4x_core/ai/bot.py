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

from abc import abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

from se4x_core.actions import Action
from se4x_core.gamekit import bot as gamekit_bot
from se4x_core.observation import Observation

if TYPE_CHECKING:
    from se4x_core.game import Game


class Bot(gamekit_bot.Bot[Observation, Action, str]):
    """A computer player of Space Empires: its information set is the packed state."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.information_set = ""


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
    """A bot's decision for ``player`` at ``game``, as every table asks for it (see
    :func:`se4x_core.gamekit.bot.ask`)."""
    action: Action = gamekit_bot.ask(bot, game, player, observation, legal)
    return action
