"""The search that decides strategy: which posture for the fleet this turn, which
purchase plan this Economic Phase.

Why a search over strategies: a game of Space Empires is decided by what to buy and
research, when to attack and where, not by which of thirty legal steps a group takes
next.  So the decisions searched are the strategic ones, each among a few styles of
play a good player would consider (:mod:`se4x_core.ai.strategy`: for the fleet
default, aggressive, strike the homeworld, raid colonies, hold; for purchases default,
military, technology, expansion, fortify), and the moves in between are played by
the rule-based player itself following the chosen style (its compiled rules,
:mod:`se4x_core.sim.policy`), as it then plays them in the game.  After microRTS's
strongest entries, which search over scripted strategies at the top (Barriga,
Stanescu and Buro's Puppet Search), and DESIGN's "search decides strategy".

**The estimate.**  Each option is played out from many determinizations of the
searcher's information set (:func:`se4x_core.sim.determinize.resample`: hidden
markers, enemy groups and economies redrawn consistently with what it knows), every
player following the compiled policy (the searcher with the option, everyone else
with the default strategy; the alien players of the solitaire by their tables, with
their banks redrawn), to the end of the next round; the position is then scored by
the learned win probability (:mod:`se4x_core.sim.evaluation`; in the solitaire a
model fitted on solitaire games, where the alien players are one side).  All options
are played on the *same* determinizations and dice (common random numbers), so the
comparison between two options is paired and its noise far below that of either
mean.  The default option, the rule-based player's own choice, is the prior: another
option replaces it only when its paired advantage is clear (:data:`MARGIN` and one
standard error), so the rule bot proposes and the search may overrule it.

**Successive halving.**  Options that trail the best by several standard errors are
dropped as samples come in, so the budget goes to the close calls.

The bookkeeping is plain Python: each sample costs a few playouts and
determinizations, which run compiled.  The search is deterministic for a seed and a
sample budget; a time budget stops at a wall-clock limit instead.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from math import sqrt

from se4x_core.ai.belief import draw
from se4x_core.kernel import dice
from se4x_core.rules.state import State
from se4x_core.sim import determinize, evaluation, playout
from se4x_core.sim.rulebot.memory import PolicyMemory

MAX_OPTIONS: int = 16
HORIZON: int = 1  # rounds played out beyond the current one
PLAYOUT_ACTIONS: int = 50000  # a safety cap; the horizon's end comes long before
# How much better (in win probability, paired) an option must look than the default
# before it replaces it, on top of one standard error of the paired difference.
MARGIN: float = 0.01
# An option trailing the best by this many standard errors is dropped.
DROP_SE: float = 3.0
MIN_SAMPLES_BEFORE_DROP: int = 6
SE_FLOOR: float = 0.005  # no option is dropped on a handful of identical samples


@dataclass(frozen=True)
class OptionStats:
    """What the search found for one option."""

    option: int  # its index in the options given
    samples: int
    mean: float  # mean win probability
    gain: float  # mean paired difference against the default (option 0)
    error: float  # the gain's standard error


class StrategySearch:
    """Paired Monte Carlo over one decision's options (see the module docstring).

    ``options`` are encoded strategies (:meth:`se4x_core.ai.strategy.Strategy.encode`)
    for the searching player; ``options[0]`` is the default (the rule-based player's
    own).  ``others`` is the strategy every other player follows in the playouts.
    ``targets``: the searcher's current attack and push targets (its war plan's memory,
    ``(-1, -1)`` for none), so that the playouts carry on the plan it is following.
    ``model``: the win model that scores the playouts' ends (default: the shipped one,
    in the alien solitaire the solitaire's, :func:`se4x_core.sim.evaluation.model_for`;
    another to compare evaluations, e.g. one retrained on the search's own games).
    ``opponents``: per player (weight, encoded strategy) pairs, the searcher's belief
    about that player's style (:meth:`se4x_core.ai.belief.Belief.mixture`); each sample
    draws every opponent's strategy from it, the same draw for every option (common
    random numbers), where ``others`` would give them all one.  ``chooser``: the player
    whose options are weighed and whose win probability scores them, when not the
    searcher itself (:func:`response_statistics`: an opponent's choice, as that opponent's
    own search would make it, estimated on the searcher's information set; the
    searcher then plays ``others`` too).  ``replies``: a game matrix instead: each sample
    plays every option against each reply, every other player following it, and keeps
    the rewards (:attr:`rows`; :func:`against` weighs them, :func:`equilibrium` solves
    the game); no option is dropped, as the weights are known only at the end.
    """

    def __init__(self, info: State, player: int, seed: int, options: list[tuple[int, ...]],
                 others: tuple[int, ...], targets: tuple[int, int] = (-1, -1),
                 horizon: int = HORIZON, model: evaluation.WinModel | None = None,
                 opponents: list[list[tuple[float, tuple[int, ...]]]] | None = None,
                 chooser: int = -1, replies: list[tuple[int, ...]] | None = None) -> None:
        if not 1 <= len(options) <= MAX_OPTIONS:
            raise ValueError(f"1 to {MAX_OPTIONS} options, not {len(options)}")
        self.info = info
        self.work = info.clone()
        self.player = player
        self.chooser = player if chooser < 0 else chooser
        self.seed = seed
        self.options = list(options)
        self.others = others
        self.opponents = opponents
        self.drawn: list[tuple[int, ...]] = [others] * info.n_players
        self.targets = targets
        self.memory = PolicyMemory()
        self.model = model if model is not None else evaluation.model_for(info)
        n = len(options)
        self.alive = [True] * n
        self.value = [0.0] * n  # summed reward
        self.diff = [0.0] * n  # summed paired difference against the default
        self.diff_sq = [0.0] * n
        self.count = [0] * n
        self.samples = 0
        self.playouts = 0
        self.actions = 0  # actions played in the playouts
        self.end_round = info.round + horizon
        # replies: every option is played against each of them (every opponent
        # following it), one row of rewards per sample: the game matrix
        self.replies = replies
        self.rows: list[list[list[float]]] = []

    def run(self, samples: int = 0, seconds: float = 0.0) -> int:
        """Sample until ``samples`` are done (each plays out every live option once) or
        ``seconds`` have passed, or one option is left; returns the samples taken now."""
        deadline = time.perf_counter() + seconds if seconds > 0 else 0.0
        done = 0
        while samples <= 0 or done < samples:
            self.sample()
            done += 1
            if deadline and time.perf_counter() >= deadline:
                break
            if sum(self.alive) == 1:
                break
        return done

    def sample(self) -> None:
        """One determinization and its dice, every live option played out on them."""
        self.samples += 1
        x = dice.rng_seed(self.seed * 1000003 + self.samples)
        if self.opponents is not None:
            rnd = random.Random(x)
            self.drawn = [draw(mix, rnd) if mix and p != self.player else self.others
                          for p, mix in enumerate(self.opponents)]
        if self.replies is not None:
            self._sample_matrix(x)
            return
        rewards = [self._play_out(k, x) if self.alive[k] else 0.0
                   for k in range(len(self.options))]
        for k, reward in enumerate(rewards):
            if self.alive[k]:
                d = reward - rewards[0]
                self.value[k] += reward
                self.diff[k] += d
                self.diff_sq[k] += d * d
                self.count[k] += 1
        self._drop_trailing()

    def _sample_matrix(self, x: int) -> None:
        """Every option against every reply on this sample's determinization and dice."""
        assert self.replies is not None
        row = []
        for k in range(len(self.options)):
            cells = []
            for reply in self.replies:
                self.drawn = [reply] * self.info.n_players
                cells.append(self._play_out(k, x))
            row.append(cells)
        self.rows.append(row)

    def _play_out(self, k: int, x: int) -> float:
        """Option ``k`` from this sample's determinization to the horizon: the reward."""
        d = self.work
        d.copy_from(self.info)
        determinize.resample(d, self.player, x)
        m = self.memory
        m.reset()
        for p in range(d.n_players):
            m.set_strategy(p, self.options[k] if p == self.chooser else self.drawn[p])
        m.set_targets(self.player, *self.targets)
        self.actions += playout.policy_playout(d, m, PLAYOUT_ACTIONS, self.end_round)
        self.playouts += 1
        return self.model.value(d, self.chooser)

    def _drop_trailing(self) -> None:
        """Drop the options that trail the best one clearly (never the default)."""
        if self.samples < MIN_SAMPLES_BEFORE_DROP:
            return
        best = self._best()
        for k in range(1, len(self.options)):
            if self.alive[k] and k != best and \
                    self._gain(best) - self._gain(k) > DROP_SE * max(
                        self._error(k), self._error(best), SE_FLOOR):
                self.alive[k] = False

    def _best(self) -> int:
        """The live option with the best mean gain over the default (0 on a tie)."""
        best = 0
        for k in range(1, len(self.options)):
            if self.alive[k] and self.count[k] and self._gain(k) > self._gain(best):
                best = k
        return best

    def _gain(self, k: int) -> float:
        return self.diff[k] / self.count[k] if self.count[k] else 0.0

    def _error(self, k: int) -> float:
        """The standard error of option ``k``'s mean paired gain (0 for the default)."""
        return gain_error(k, self.count[k], self.diff[k], self.diff_sq[k])

    def choice(self) -> int:
        """The index of the option to play: the best one if its paired gain over the
        default beats :data:`MARGIN` by one standard error, else the default (0)."""
        best = self._best()
        if best and self._gain(best) > MARGIN + self._error(best):
            return best
        return 0

    def statistics(self) -> list[OptionStats]:
        """What the search found, option by option."""
        return [OptionStats(k, self.count[k],
                            self.value[k] / self.count[k] if self.count[k] else 0.0,
                            self._gain(k), self._error(k))
                for k in range(len(self.options))]


def gain_error(k: int, n: int, total: float, total_sq: float) -> float:
    """The standard error of option ``k``'s mean paired gain from ``n`` differences
    summing to ``total`` (their squares to ``total_sq``); under two samples 1 (no
    evidence), and 0 for the default, which is paired with itself."""
    if n < 2:
        return 1.0 if k else 0.0
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / (n - 1)
    return sqrt(var / n)


def merge(parts: list[list[OptionStats]]) -> list[OptionStats]:
    """Statistics of several searches of one decision (root parallel: each worker
    its own seeds) summed option by option; the errors combine as independent."""
    merged = []
    for k in range(len(parts[0])):
        rows = [part[k] for part in parts if part[k].samples]
        n = sum(r.samples for r in rows)
        if not n:
            merged.append(OptionStats(k, 0, 0.0, 0.0, 1.0 if k else 0.0))
            continue
        mean = sum(r.mean * r.samples for r in rows) / n
        gain = sum(r.gain * r.samples for r in rows) / n
        error = sqrt(sum((r.error * r.samples) ** 2 for r in rows)) / n
        merged.append(OptionStats(k, n, mean, gain, error))
    return merged


def choose_from(stats: list[OptionStats], margin: float = MARGIN, errors: float = 1.0) -> int:
    """:meth:`StrategySearch.choice` on (merged) statistics: the best option if its gain
    over the default beats ``margin`` by ``errors`` standard errors (``0.0, 0.0``: the
    best mean whenever it is above the default's).

    >>> rows = [OptionStats(0, 40, 0.5, 0.0, 0.0), OptionStats(1, 40, 0.56, 0.06, 0.02),
    ...         OptionStats(2, 40, 0.53, 0.03, 0.03)]
    >>> choose_from(rows)
    1
    >>> choose_from([rows[0], OptionStats(1, 40, 0.52, 0.02, 0.02)])  # within the margin
    0
    >>> choose_from([rows[0], OptionStats(1, 40, 0.52, 0.02, 0.02)], 0.0, 0.0)
    1
    """
    best = max(range(len(stats)), key=lambda k: (stats[k].gain if stats[k].samples else -1.0,
                                                 -k))
    if best and stats[best].gain > margin + errors * stats[best].error:
        return best
    return 0


def response_statistics(info: State, player: int, opponent: int, seed: int,
                        responses: list[tuple[int, ...]], others: tuple[int, ...],
                        targets: tuple[int, int], horizon: int, samples: int,
                        model: evaluation.WinModel | None) -> list[OptionStats]:
    """How ``opponent`` would weigh ``responses`` if it searched as a greedy level does
    (``samples`` determinizations, everyone else following ``others``, as that search
    assumes), estimated on ``player``'s information set: a model of an opponent that
    searches, where the belief models one that holds a style.  Its choice is the best
    mean (``choose_from(stats, 0.0, 0.0)``; ``responses[0]``, its default, on a tie)."""
    search = StrategySearch(info, player, seed, responses, others, targets, horizon, model,
                            chooser=opponent)
    search.run(samples)
    return search.statistics()


#: Per sample, per option, per reply: the rewards of a game matrix search.
Rows = list[list[list[float]]]


def mean_matrix(rows: Rows) -> list[list[float]]:
    """The mean reward of each option (rows) against each reply (columns)."""
    n = len(rows)
    return [[sum(r[k][j] for r in rows) / n for j in range(len(rows[0][0]))]
            for k in range(len(rows[0]))]


def against(rows: Rows, weights: list[float]) -> list[OptionStats]:
    """The options' statistics against the replies mixed by ``weights``: each sample's
    rewards weighted into one, then paired against the default's (option 0)."""
    n = len(rows)
    values = [[sum(w * cell for w, cell in zip(weights, row, strict=True)) for row in r]
              for r in rows]
    stats = []
    for k in range(len(rows[0])):
        diffs = [v[k] - v[0] for v in values]
        total = sum(diffs)
        stats.append(OptionStats(k, n, sum(v[k] for v in values) / n, total / n,
                                 gain_error(k, n, total, sum(d * d for d in diffs))))
    return stats


def equilibrium(matrix: list[list[float]], iterations: int = 400
                ) -> tuple[list[float], list[float]]:
    """Both sides' equilibrium mixtures of the zero-sum game whose row player wins
    ``matrix[i][j]`` (the column player the rest): regret matching+ with alternating
    updates and linearly weighted averages, which settles a game of a few options in a
    few hundred iterations.

    >>> rows, columns = equilibrium([[1.0, 0.0], [0.0, 1.0]])  # matching pennies
    >>> [round(x, 2) for x in rows + columns]
    [0.5, 0.5, 0.5, 0.5]
    >>> rows, columns = equilibrium([[0.6, 0.7], [0.4, 0.9]])  # a saddle point
    >>> [round(x, 2) for x in rows + columns]
    [1.0, 0.0, 1.0, 0.0]
    """
    k, j = len(matrix), len(matrix[0])
    regret_r, regret_c = [0.0] * k, [0.0] * j
    sum_r, sum_c = [0.0] * k, [0.0] * j
    for t in range(1, iterations + 1):
        q = _regret_mixture(regret_c)
        u_r = [sum(cell * qc for cell, qc in zip(matrix[i], q, strict=True))
               for i in range(k)]
        v = sum(pi * ui for pi, ui in zip(_regret_mixture(regret_r), u_r, strict=True))
        regret_r = [max(r + u - v, 0.0) for r, u in zip(regret_r, u_r, strict=True)]
        p = _regret_mixture(regret_r)
        u_c = [-sum(matrix[i][c] * p[i] for i in range(k)) for c in range(j)]
        w = sum(qc * uc for qc, uc in zip(q, u_c, strict=True))
        regret_c = [max(r + u - w, 0.0) for r, u in zip(regret_c, u_c, strict=True)]
        sum_r = [s + t * x for s, x in zip(sum_r, p, strict=True)]
        sum_c = [s + t * x for s, x in zip(sum_c, _regret_mixture(regret_c), strict=True)]
    total_r, total_c = sum(sum_r), sum(sum_c)
    return [x / total_r for x in sum_r], [x / total_c for x in sum_c]


def _regret_mixture(regrets: list[float]) -> list[float]:
    """The mixture regret matching plays: proportional to the positive regrets, uniform
    where none is positive."""
    total = sum(regrets)
    if total <= 0:
        return [1.0 / len(regrets)] * len(regrets)
    return [r / total for r in regrets]
