"""The compiled rule-based policy as a player: what the search's playouts play, in games.

:mod:`se4x_core.sim.policy` ports the rule bot to C for the search's
playouts; this bot plays it in real games, so that the arena can measure
what the playouts are worth (against the rule bot it was ported from, the
heuristic policy it replaces, the random bot).

It decides from its observation only: the policy needs a full state, and
the player's information set is one (``Game.information_set``, handed over by
:func:`se4x_core.ai.bot.ask`: a determinization drawn from what the player
knows with a fixed seed, :mod:`se4x_core.sim.infostate`).  Hidden enemy groups are there
as drawn, not as they are, so the policy's odds see plausible enemies, not
the real ones; it never reads the real state.  Like the rule bot, it keeps
its war plan and targets between decisions (a
:class:`~se4x_core.sim.policy.PolicyMemory` per game) and plays a
:class:`~se4x_core.ai.strategy.Strategy`.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> bot = PolicyBot(seed=1)
>>> bot.restart()
>>> from se4x_core.ai.bot import ask
>>> ask(bot, game, game.current_player) in game.legal_actions()
True
"""

from __future__ import annotations

from se4x_core.actions import A_END_BUY, A_END_MOVE, encode
from se4x_core.ai.bot import CodeBot
from se4x_core.ai.strategy import DEFAULT, Strategy
from se4x_core.observation import Observation
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.codes import MAXP
from se4x_core.sim import policy
from se4x_core.sim.infostate import unpack


class PolicyBot(CodeBot):
    """The compiled rule-based policy on the player's information set."""

    needs_information_set = True

    def __init__(self, seed: int = 0, strategy: Strategy = DEFAULT) -> None:
        super().__init__(seed)
        self._strategy = strategy
        self._memory = self._fresh_memory()

    @property
    def strategy(self) -> Strategy:
        return self._strategy

    def set_strategy(self, strategy: Strategy) -> None:
        """Play ``strategy`` from the next decision on (as ``RuleBot.set_strategy``)."""
        self._strategy = strategy
        codes = strategy.encode()
        for player in range(MAXP):
            self._memory.set_strategy(player, codes)

    def restart(self) -> None:
        """Forget the game (the strategy stays)."""
        super().restart()
        self._memory = self._fresh_memory()

    def _fresh_memory(self) -> policy.PolicyMemory:
        memory = policy.PolicyMemory()
        codes = self._strategy.encode()
        for player in range(MAXP):
            memory.set_strategy(player, codes)
        return memory

    def choose(self, observation: Observation, legal: list[int]) -> int:
        if not self.information_set:
            raise ValueError("the policy bot needs its player's information set: "
                             "call inform() before step() (se4x_core.ai.bot.ask does)")
        state = unpack(self.information_set)
        if state.current_player == observation["viewer"]:
            out = ActionList()
            engine.write_legal(state, out)
            code = policy.choose(state, out, self._memory)
            if code in legal:
                return code
        return fallback(observation, legal)


def fallback(observation: Observation, legal: list[int]) -> int:
    """``suggested`` if legal, else end the phase, else the first legal action."""
    suggested = observation["suggested"]
    if suggested is not None and suggested in legal:
        return suggested
    for end in (encode(A_END_MOVE), encode(A_END_BUY)):
        if end in legal:
            return end
    return legal[0]
