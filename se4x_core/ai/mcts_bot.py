"""The search-based computer player: ISMCTS (:mod:`se4x_core.ai.ismcts`) behind the bot interface.

It reads only its observation: the ``search_state`` there is its
information set as a state (see :mod:`se4x_core.sim.infostate`), from which
the search draws its own determinizations.  It searches over macro actions
and then plays the chosen macro atom by atom over its next decisions (a
group walks its path one hex per step), searching again when the macro is
done or no longer fits what it sees.

Budgets: a number of iterations (deterministic for a seed) or seconds per
search (what the app's levels use).

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> bot = MctsBot(seed=1, iterations=20)
>>> bot.step(game.observation(game.current_player), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from se4x_core.actions import Action
from se4x_core.ai.bot import Bot
from se4x_core.ai.ismcts import Search
from se4x_core.observation import Observation
from se4x_core.rules.state import State
from se4x_core.sim.infostate import unpack
from se4x_core.sim.macro import next_atomic

# The levels the app offers: name -> (seconds per search, what it costs).
LEVELS: dict[str, float] = {"normal": 0.1, "hard": 1.0, "strongest": 5.0}


class MctsBot(Bot):
    """ISMCTS with a budget of ``iterations`` (if > 0) or else ``seconds`` per search."""

    def __init__(self, seed: int = 0, iterations: int = 0, seconds: float = 0.1) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.searches = 0
        self.last_iterations = 0
        self._macro = -1

    def restart(self) -> None:
        super().restart()
        self.searches = 0
        self._macro = -1

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        codes = {action.code: action for action in legal}
        if len(codes) == 1:
            return legal[0]
        state = unpack(observation["search_state"])
        if self._macro >= 0:
            code = next_atomic(state, self._macro)
            if code in codes:
                return codes[code]
        self._macro = self._search(state, observation["viewer"])
        code = next_atomic(state, self._macro) if self._macro >= 0 else -1
        if code not in codes:  # a macro that cannot start here: the default policy
            self._macro = -1
            suggested = observation["suggested"]
            code = suggested if suggested in codes else legal[0].code
        return codes[code]

    def _search(self, state: State, player: int) -> int:
        """The macro the search prefers (a new seed per search, from the bot's seed)."""
        self.searches += 1
        search = Search(state, player, self.seed * 7919 + self.searches)
        self.last_iterations = search.run(self.iterations, 0.0 if self.iterations else
                                          self.seconds)
        return search.best_macro()
