"""The search-based computer player: ISMCTS (:mod:`se4x_core.ai.ismcts`) behind the bot interface.

It decides from what its player knows: the observation and, handed over by
the table (:meth:`se4x_core.ai.bot.Bot.inform`), the player's information set
as a state (see :mod:`se4x_core.sim.infostate`), from which the search draws
its own determinizations.  It searches over macro actions
and then plays the chosen macro atom by atom over its next decisions (a
group walks its path one hex per step), searching again when the macro is
done or no longer fits what it sees.

**Guided by the rule-based player.**  With ``guide=True`` (every level the
app offers) the rule-based bot (:mod:`se4x_core.ai.rule_bot`) proposes a
move at every decision, and the search is a check on it rather than a
replacement: the macro that starts with the proposed action is planted at the
root before the search, so it is always evaluated, and the search plays
something else only when its most visited macro beats the proposal's mean
reward by :data:`DEVIATION_MARGIN`.  Where no macro starts with the proposal
(a purchase the plans do not make, say), the proposal is played.  Why: the
playouts use a fast rule-of-thumb policy that plays far worse than the rule
bot, so an unguided search learns from weak games; the guide gives it the rule
bot's plan (exploration, colonisation, a gathered fleet, research) and the
search corrects its tactical mistakes.  Modelled (:meth:`MctsBot.plan_with`, the
Strongest level) the playouts are the rule-based player itself, following the
players' strategies, and the learned win model scores them: the battle is judged
on futures like the game's own (measured: with the shipped evaluation level with
Hard or a little ahead; with the one retrained on the search's games, Strongest,
clearly ahead).

Budgets: a number of iterations (deterministic for a seed) or seconds per
search (what the app's levels use).  With ``workers`` > 1 the search is
parallelised at the root: each worker process searches the same
information set with its own seed, and the root statistics are summed
(visits, and rewards weighted by visits) before the most visited macro is
chosen; with an iteration budget each worker does that many iterations.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> from se4x_core.ai.bot import ask
>>> bot = MctsBot(seed=1, iterations=20)
>>> ask(bot, game, game.current_player) in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context, parent_process
from typing import Any, TypeVar

from se4x_core.actions import (
    A_CHOOSE_BATTLE,
    A_DONE_SCREEN,
    A_FIRE,
    A_FIRE_COLONY,
    A_HOLD,
    A_RETREAT,
    A_SCREEN,
    A_UNSCREEN,
    Action,
    kind_of,
)
from se4x_core.ai.bot import Bot
from se4x_core.ai.ismcts import Search
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.observation import Observation
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim.evaluation import WinModel, default_model, load_model
from se4x_core.sim.infostate import unpack
from se4x_core.sim.macro import decode, legal_macros, next_atomic

# The levels the app offers: name -> (seconds per search, what it costs).
LEVELS: dict[str, float] = {"normal": 0.1, "hard": 1.0, "strongest": 5.0}
# The decisions the search may overrule the guide on (see may_overrule).
_BATTLE_ATOMIC = frozenset({A_CHOOSE_BATTLE, A_SCREEN, A_UNSCREEN, A_DONE_SCREEN, A_FIRE,
                            A_RETREAT, A_HOLD, A_FIRE_COLONY})
# How much better (mean reward, a material share in [0, 1]) the search's choice
# must look than the guide's before the guided search departs from the guide.
DEVIATION_MARGIN: float = 0.03


@dataclass(frozen=True)
class BattleModel:
    """What makes a battle search modelled (:meth:`MctsBot.plan_with`): every player's
    strategy (encoded, one per player), the searcher's war-plan ``targets`` (attack and
    push hex, -1 for none) and the win model file that scores the futures ("": the
    shipped one).  One value, so the searches hand it on whole to their worker
    processes; None stands for the plain search (rule-of-thumb playouts, material
    share)."""

    strategies: tuple[tuple[int, ...], ...]
    targets: tuple[int, int] = (-1, -1)
    model_path: str = ""

    def win_model(self) -> WinModel:
        """The win model that scores this search's futures."""
        return model_from(self.model_path) or default_model()


class MctsBot(Bot):
    """ISMCTS with a budget of ``iterations`` (if > 0) or else ``seconds`` per search."""

    needs_information_set = True

    def __init__(self, seed: int = 0, iterations: int = 0, seconds: float = 0.1,
                 workers: int = 1, guide: bool = False) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.workers = workers
        self.searches = 0
        self.last_iterations = 0
        self.deviations = 0  # guided: how often the search overruled the guide
        self._macro = -1
        self._guide = RuleBot(seed) if guide else None
        self.battle_model: BattleModel | None = None  # plan_with

    def plan_with(self, battle_model: BattleModel | None) -> None:
        """Model the searches' futures on the players' plans: with ``battle_model`` the
        playouts are the compiled rule-based player (every player following its
        strategy, the searcher its targets) and their ends are scored by the learned win
        model (:class:`se4x_core.ai.ismcts.Search`'s modelled form); None: the
        rule-of-thumb playouts and the material share."""
        self.battle_model = battle_model

    def use_guide(self, guide: RuleBot) -> None:
        """Check the proposals of ``guide``, a rule-based player that another bot keeps
        playing (so its memory of the game is the one it plays by)."""
        self._guide = guide

    def restart(self) -> None:
        super().restart()
        self.searches = 0
        self.deviations = 0
        self._macro = -1
        if self._guide is not None:
            self._guide.restart()

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        codes = {action.code: action for action in legal}
        if len(codes) == 1:
            return legal[0]
        if self._guide is not None:
            return codes[self._guided_code(observation, legal, codes)]
        packed = self.packed_information()
        state = unpack(packed)
        if self._macro >= 0:
            code = next_atomic(state, self._macro)
            if code in codes:
                return codes[code]
        self._macro = self._search(packed, observation["viewer"])
        code = next_atomic(state, self._macro) if self._macro >= 0 else -1
        if code not in codes:  # a macro that cannot start here: the default policy
            self._macro = -1
            suggested = observation["suggested"]
            code = suggested if suggested in codes else legal[0].code
        return codes[code]

    def _guided_code(self, observation: Observation, legal: Sequence[Action],
                     codes: dict[int, Action]) -> int:
        """The guide's proposal, unless the search finds a clearly better macro."""
        assert self._guide is not None
        packed = self.packed_information()
        self._guide.inform(packed)  # the rule bot decides on the same information set
        proposal = self._guide.step(observation, legal).code
        state = unpack(packed)
        planted = proposal_macro(state, proposal)
        if planted < 0 or not may_overrule(planted):
            return proposal
        self.searches += 1
        stats, self.last_iterations = self._root_stats(packed, observation["viewer"], planted)
        choice = pick_against_proposal(stats, planted)
        code = next_atomic(state, choice)
        if choice == planted or code not in codes:
            return proposal
        self.deviations += 1
        return code

    def packed_information(self) -> str:
        """The information set the table handed over for this decision."""
        if not self.information_set:
            raise ValueError("a search bot needs its player's information set: "
                             "call inform() before step() (se4x_core.ai.bot.ask does)")
        return self.information_set

    def _search(self, packed: str, player: int) -> int:
        """The macro the search prefers (a new seed per search, from the bot's seed)."""
        self.searches += 1
        stats, self.last_iterations = self._root_stats(packed, player, -1)
        return stats[0][0] if stats else -1

    def _root_stats(self, packed: str, player: int, planted: int) -> tuple[RootStats, int]:
        """Search once (a new seed per search, from the bot's seed) on one or more cores."""
        seed = self.seed * 7919 + self.searches
        seconds = 0.0 if self.iterations else self.seconds
        if self.workers <= 1:
            return root_search(packed, player, seed, self.iterations, seconds, planted,
                               self.battle_model)
        return _parallel_search(packed, player, seed, self.iterations, seconds,
                                self.workers, planted, self.battle_model)


RootStats = list[tuple[int, int, float]]  # (macro, visits, mean reward), most visited first


def proposal_macro(state: State, proposal: int) -> int:
    """The legal macro whose first atomic action is ``proposal`` (-1 if none).

    A one-hex step is the macro that walks the group to that neighbour; any
    other atomic action that is its own macro is itself.
    """
    macros = ActionList()
    legal_macros(state, macros)
    for i in range(macros.n):
        if next_atomic(state, macros[i]) == proposal:
            return int(macros[i])
    return -1


def may_overrule(macro: int) -> bool:
    """Whether the search may overrule the guide on this kind of decision: battles only.

    In a battle (which group to fire at, whether to retreat or hold, screening)
    the search's playouts fight the battle out with the real dice, which is
    what the guide's fixed rules only estimate.  Measured on movement, the
    search's one-round look-ahead with rule-of-thumb playouts overruled the
    guide in about one decision in seven and lost every game against the
    plain rule bot (it broke the guide's gathered fleets and its expansion);
    in the Economic Phase one purchase chosen by the search breaks the
    guide's plan over several steps.
    """
    return decode(macro) is None and kind_of(macro) in _BATTLE_ATOMIC


def pick_against_proposal(stats: RootStats, planted: int,
                          margin: float = DEVIATION_MARGIN) -> int:
    """The planted proposal, or the most visited macro if it beats it by ``margin``.

    >>> pick_against_proposal([(7, 60, 0.56), (3, 30, 0.52)], planted=3)
    7
    >>> pick_against_proposal([(7, 60, 0.54), (3, 30, 0.52)], planted=3)  # within the margin
    3
    >>> pick_against_proposal([(7, 60, 0.9)], planted=3)  # never tried: keep it
    3
    """
    if not stats or stats[0][0] == planted:
        return planted
    planted_mean = next((mean for macro, visits, mean in stats
                         if macro == planted and visits > 0), None)
    if planted_mean is None or stats[0][2] <= planted_mean + margin:
        return planted
    return stats[0][0]


def _root_share(packed: str, player: int, seed: int, iterations: int, planted: int,
                battle_model: BattleModel | None, seconds: float) -> tuple[RootStats, int]:
    """:func:`root_search` with the time budget last (:func:`run_shares`)."""
    return root_search(packed, player, seed, iterations, seconds, planted, battle_model)


def root_search(packed: str, player: int, seed: int, iterations: int,
                seconds: float, planted: int = -1,
                battle_model: BattleModel | None = None) -> tuple[RootStats, int]:
    """One search from a packed information set: the root's statistics and the iterations.

    ``planted`` (a macro, or -1) is given a root child before the search starts,
    so it is evaluated whatever progressive widening would draw.  A ``battle_model``
    makes it a modelled search (see :meth:`MctsBot.plan_with`).
    """
    if battle_model is None:
        search = Search(unpack(packed), player, seed)
    else:
        search = Search(unpack(packed), player, seed, model=battle_model.win_model(),
                        strategies=list(battle_model.strategies),
                        targets=battle_model.targets)
    if planted >= 0:
        search.tree.add(0, planted, player)
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


# Win models read from files other than the shipped one, by path: loaded once per process.
_MODELS: dict[str, WinModel] = {}


def model_from(path: str) -> WinModel | None:
    """The win model of the file ``path`` (None for "": the shipped one); ModelError if
    the file cannot serve."""
    if not path:
        return None
    if path not in _MODELS:
        _MODELS[path] = load_model(path)
    return _MODELS[path]


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, started once (spawned: safe beside Qt's threads)."""
    if workers not in _POOLS:
        _POOLS[workers] = ProcessPoolExecutor(max_workers=workers,
                                              mp_context=get_context("spawn"))
    return _POOLS[workers]


_Part = TypeVar("_Part")


def run_shares(job: Callable[..., _Part], shares: list[tuple[Any, ...]],
               seconds: float) -> list[_Part]:
    """``job(*share)`` for every share: at once in worker processes (root parallel), or
    one after the other inside a worker process of another pool (``se4x arena``'s games:
    a pool started from a pool's worker hangs), then each with ``seconds`` divided
    among the shares.  ``seconds`` is each share's last argument when budgets are in
    time (0: budgets in samples or iterations, so the results are the same either way)."""
    if parent_process() is not None:
        if seconds > 0:
            shares = [(*share[:-1], seconds / len(shares)) for share in shares]
        return [job(*share) for share in shares]
    futures = [_pool(len(shares)).submit(job, *share) for share in shares]
    return [future.result() for future in futures]


def _parallel_search(packed: str, player: int, seed: int, iterations: int, seconds: float,
                     workers: int, planted: int = -1,
                     battle_model: BattleModel | None = None) -> tuple[RootStats, int]:
    parts = run_shares(_root_share, [(packed, player, seed * 31 + k, iterations, planted,
                                      battle_model, seconds)
                                     for k in range(workers)], seconds)
    return merge_root_statistics([p[0] for p in parts]), sum(p[1] for p in parts)
