"""The SE4 search level: determinized playouts choosing the rule bot's posture each turn.

Why a posture and not every action: an SE4 turn is a hundred small decisions (each
move step, each card fitted, each coin paid), and what decides a game is the plan
behind them: when to attack, how big a fleet, how fast to expand.  So at the start of
each of its turns the search compares the rule bot's postures
(:data:`~se4x_core.games.se4.bots.POSTURES`) and then plays the turn with the best.

For each of ``samples`` deals of what the player cannot see (the other hands and the
deck, from the information set's canonical state: a function of the player's
knowledge only), every posture plays the turn and ``horizon`` more rounds, everyone
else the rule bot, on the same deal and the same dice (common random numbers); the
end position is scored by the player's margin over the best opponent under the
victory rule's score, a lost colony count or the end of the game weighing heavily.
The budget is counted in samples and rounds, so a seed gives the same decisions on any
machine.

>>> from se4x_core.games.se4.game import Game
>>> game = Game.new_game({"players": 2, "seed": 1})
>>> bot = SearchBot(seed=1, samples=1)
>>> while game.state.round == 0:
...     _ = game.apply(game.legal_actions()[0])
>>> bot.inform(game.information_set(game.current_player))
>>> bot.step(game.observation(game.current_player), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from se4x_core.gamekit.bot import Bot
from se4x_core.games.se4 import rules
from se4x_core.games.se4.actions import Action, decode
from se4x_core.games.se4.bots import POSTURES, RuleBot
from se4x_core.games.se4.data import Gaps, load
from se4x_core.games.se4.observation import determinize, observation
from se4x_core.games.se4.state import State

Observation = dict[str, Any]
#: The app's Normal level (the arena's ``normal``): deals per turn, rounds ahead and the
#: postures weighed (holding back is left out: alone it loses, and a short look ahead
#: overrates it; the rush, which loses alone, wins where the search sees it can).
NORMAL: dict[str, Any] = {"samples": 3, "horizon": 3,
                          "postures": ("steady", "attack", "grow", "rush")}
WIN = 1000.0  # a finished game's worth beyond any score margin
MAX_ACTIONS = 20_000  # a playout's safety stop


class SearchBot(Bot[Observation, Action, Any]):
    """Chooses a posture per turn by determinized playouts, then plays it as the rule bot."""

    needs_information_set: ClassVar[bool] = True

    def __init__(self, seed: int = 0, samples: int = 3, horizon: int = 1,
                 postures: Sequence[str] = tuple(POSTURES)) -> None:
        super().__init__(seed)
        self.samples, self.horizon = samples, horizon
        self.postures = tuple(postures)
        self.players = {name: RuleBot(seed, POSTURES[name]) for name in self.postures}
        self.default = RuleBot(seed)
        self.information_set: Any = None
        self.chosen = self.postures[0]
        self.turn: tuple[int, int] = (-1, -1)
        self.means: dict[str, float] = {}

    def restart(self) -> None:
        super().restart()
        self.chosen, self.turn, self.means = self.postures[0], (-1, -1), {}

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        me = observation["viewer"]
        turn = (observation["round"], observation["active"])
        if observation["active"] == me and turn != self.turn and observation["round"] > 0 \
                and self.information_set is not None and len(self.postures) > 1:
            self.turn = turn
            self.chosen = self.search(self.information_set, me)
        return self.players[self.chosen].step(observation, legal)

    def search(self, info: Observation, me: int) -> str:
        """The posture with the best mean over the samples (ties: the first listed)."""
        gaps = load()
        base = State.from_dict(info["state"])
        rules.advance(base, gaps, [])
        totals = dict.fromkeys(self.postures, 0.0)
        for _ in range(self.samples):
            dealt = determinize(base, me, self.rnd.getrandbits(63))
            rules.advance(dealt, gaps, [])
            for name in self.postures:
                totals[name] += self.playout(dealt.copy(), gaps, me, name)
        self.means = {name: total / self.samples for name, total in totals.items()}
        return max(self.postures, key=lambda name: self.means[name])

    def playout(self, state: State, gaps: Gaps, me: int, posture: str) -> float:
        """Play the rest of this round and ``horizon`` more; the player's margin at the end."""
        stop = state.round + self.horizon
        mine, others = self.players[posture], self.default
        for _ in range(MAX_ACTIONS):
            if state.is_over or state.round > stop:
                break
            player = state.current
            bot = mine if player == me else others
            legal = [decode(code) for code in state.legal]
            action: Action = bot.step(observation(state, gaps, player), legal)
            rules.apply(state, gaps, action.code, [])
        return evaluate(state, gaps, me)


def evaluate(state: State, gaps: Gaps, me: int) -> float:
    """The player's score margin over the best opponent; a finished game beyond it."""
    if state.is_over:
        if me in state.winners:
            return WIN / len(state.winners)
        return -WIN
    if state.out[me]:
        return -WIN
    scores = [rules.score(state, gaps, p) for p in range(state.n)]
    best_other = max(s for p, s in enumerate(scores) if p != me and not state.out[p])
    return float(scores[me] - best_other)
