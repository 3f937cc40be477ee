"""The search-based computer player: ISMCTS (:mod:`se4x_core.ai.ismcts`) behind the bot interface.

It reads only its observation: the ``search_state`` there is its
information set as a state (see :mod:`se4x_core.sim.infostate`), from which
the search draws its own determinizations.  It searches over macro actions
and then plays the chosen macro atom by atom over its next decisions (a
group walks its path one hex per step), searching again when the macro is
done or no longer fits what it sees.

Budgets: a number of iterations (deterministic for a seed) or seconds per
search (what the app's levels use).  With ``workers`` > 1 the search is
parallelised at the root: each worker process searches the same
information set with its own seed, and the root statistics are summed
(visits, and rewards weighted by visits) before the most visited macro is
chosen; with an iteration budget each worker does that many iterations.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> bot = MctsBot(seed=1, iterations=20)
>>> bot.step(game.observation(game.current_player), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

from se4x_core.actions import Action
from se4x_core.ai.bot import Bot
from se4x_core.ai.ismcts import Search
from se4x_core.observation import Observation
from se4x_core.sim.infostate import unpack
from se4x_core.sim.macro import next_atomic

# The levels the app offers: name -> (seconds per search, what it costs).
LEVELS: dict[str, float] = {"normal": 0.1, "hard": 1.0, "strongest": 5.0}


class MctsBot(Bot):
    """ISMCTS with a budget of ``iterations`` (if > 0) or else ``seconds`` per search."""

    def __init__(self, seed: int = 0, iterations: int = 0, seconds: float = 0.1,
                 workers: int = 1) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.workers = workers
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
        self._macro = self._search(observation["search_state"], observation["viewer"])
        code = next_atomic(state, self._macro) if self._macro >= 0 else -1
        if code not in codes:  # a macro that cannot start here: the default policy
            self._macro = -1
            suggested = observation["suggested"]
            code = suggested if suggested in codes else legal[0].code
        return codes[code]

    def _search(self, packed: str, player: int) -> int:
        """The macro the search prefers (a new seed per search, from the bot's seed)."""
        self.searches += 1
        seed = self.seed * 7919 + self.searches
        seconds = 0.0 if self.iterations else self.seconds
        if self.workers <= 1:
            stats, self.last_iterations = root_search(packed, player, seed,
                                                      self.iterations, seconds)
        else:
            stats, self.last_iterations = _parallel_search(
                packed, player, seed, self.iterations, seconds, self.workers)
        return stats[0][0] if stats else -1


RootStats = list[tuple[int, int, float]]  # (macro, visits, mean reward), most visited first


def root_search(packed: str, player: int, seed: int, iterations: int,
                seconds: float) -> tuple[RootStats, int]:
    """One search from a packed information set: the root's statistics and the iterations."""
    search = Search(unpack(packed), player, seed)
    done = search.run(iterations, seconds)
    return search.tree.root_statistics(), done


def merge_root_statistics(parts: Sequence[RootStats]) -> RootStats:
    """Root statistics of several searches summed per macro (rewards weighted by visits)."""
    visits: dict[int, int] = {}
    reward: dict[int, float] = {}
    for part in parts:
        for macro, count, mean in part:
            visits[macro] = visits.get(macro, 0) + count
            reward[macro] = reward.get(macro, 0.0) + mean * count
    merged = [(m, v, reward[m] / v if v else 0.0) for m, v in visits.items()]
    return sorted(merged, key=lambda row: (-row[1], row[0]))


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, started once (spawned: safe beside Qt's threads)."""
    if workers not in _POOLS:
        _POOLS[workers] = ProcessPoolExecutor(max_workers=workers,
                                              mp_context=get_context("spawn"))
    return _POOLS[workers]


def _parallel_search(packed: str, player: int, seed: int, iterations: int, seconds: float,
                     workers: int) -> tuple[RootStats, int]:
    futures = [_pool(workers).submit(root_search, packed, player, seed * 31 + k, iterations,
                                     seconds) for k in range(workers)]
    parts = [future.result() for future in futures]
    return merge_root_statistics([p[0] for p in parts]), sum(p[1] for p in parts)
