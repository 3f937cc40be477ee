"""The search that decides strategy: which posture for the fleet this turn, which
purchase plan this Economic Phase.

Why a search over strategies: a game of Space Empires is decided by what to buy and
research, when to attack and where, not by which of thirty legal steps a group takes
next.  So the decisions searched are the strategic ones, each among a few styles of
play that a good player would consider (:mod:`se4x_core.ai.strategy`: for the fleet
default, aggressive, strike the homeworld, raid colonies, hold; for purchases default,
military, technology, expansion, fortify), and the moves in between are played by a
compiled port of the rule-based player following the chosen style
(:mod:`se4x_core.sim.policy`).  After microRTS's strongest entries, which search over
scripted strategies at the top (Barriga, Stanescu and Buro's Puppet Search), and
DESIGN's "search decides strategy".

**The estimate.**  Each option is played out from many determinizations of the
searcher's information set (:func:`se4x_core.sim.determinize.resample`: hidden
markers, enemy groups and economies redrawn consistently with what it knows), every
player following the policy (the searcher with the option for its decision, everyone
else with the default), to the end of the next round; the position is then scored by
the learned win probability (:mod:`se4x_core.sim.evaluation`).  All options are
evaluated on the *same* determinizations and dice (common random numbers), so the
comparison between two options is paired and its noise far below that of either
mean.  The default option, the rule-based player's own choice, is the prior: another
option replaces it only when its paired advantage is clear (:data:`MARGIN` and one
standard error), so the rule bot proposes and the search may overrule it.

**Successive halving.**  Options that trail the best by several standard errors are
dropped as samples come in, so the budget goes to the close calls.

The bookkeeping is plain Python: each sample costs a few playouts and determinizations,
which run compiled.  The search is deterministic for a seed and a sample budget; a
time budget stops at a wall-clock limit instead.
"""

from __future__ import annotations

import time
from array import array
from math import sqrt

from se4x_core.ai import ismcts
from se4x_core.kernel import dice
from se4x_core.rules.state import State
from se4x_core.sim import determinize, playout

KIND_POSTURE: int = 0  # the fleet's posture for the turn that starts
KIND_PLAN: int = 1  # the purchase plan for the Economic Phase that starts
MAX_OPTIONS: int = 16
MAX_PLAYERS: int = 4
HORIZON: int = 1  # rounds played out beyond the current one
PLAYOUT_ACTIONS: int = 20000  # a safety cap; the horizon's end comes long before
# How much better (in win probability, paired) an option must look than the default
# before it replaces it, on top of one standard error of the paired difference.
MARGIN: float = 0.01
# An option trailing the best by this many standard errors is dropped.
DROP_SE: float = 3.0
MIN_SAMPLES_BEFORE_DROP: int = 8


class StrategySearch:
    """Paired Monte Carlo over one decision's options (see the module docstring).

    ``options[0]`` is the default (the rule-based player's own choice).
    """

    def __init__(self, info: State, player: int, seed: int, kind: int,
                 options: list[int], horizon: int = HORIZON) -> None:
        if not 1 <= len(options) <= MAX_OPTIONS:
            raise ValueError(f"1 to {MAX_OPTIONS} options, not {len(options)}")
        self.info = info
        self.work = info.clone()
        self.player = player
        self.seed = seed
        self.kind = kind
        self.n_options = len(options)
        self.options = array("i", options)
        self.alive = array("i", [1] * len(options))
        self.value = array("d", [0.0] * len(options))  # per option: summed reward
        self.diff = array("d", [0.0] * len(options))  # paired: summed reward - default's
        self.diff_sq = array("d", [0.0] * len(options))
        self.count = array("i", [0] * len(options))
        self.samples = 0
        self.end_round = info.round + horizon
        self.postures = array("i", [0] * MAX_PLAYERS)
        self.plans = array("i", [0] * MAX_PLAYERS)
        self.rewards = array("d", [0.0] * MAX_OPTIONS)

    def run(self, samples: int = 0, seconds: float = 0.0) -> int:
        """Sample until ``samples`` are done (each plays out every live option once) or
        ``seconds`` have passed; returns the samples done in this call."""
        deadline = time.perf_counter() + seconds if seconds > 0 else 0.0
        done = 0
        while samples <= 0 or done < samples:
            self.sample()
            done += 1
            if deadline and time.perf_counter() >= deadline:
                break
            if self.live_options() == 1:
                break
        return done

    def sample(self) -> None:
        """One determinization and its dice, every live option played out on them."""
        self.samples += 1
        x: int = dice.rng_seed(self.seed * 1000003 + self.samples)
        k: int
        for k in range(self.n_options):
            if self.alive[k]:
                self.rewards[k] = self._play_out(k, x)
        base: float = self.rewards[0]
        d: float
        for k in range(self.n_options):
            if self.alive[k]:
                d = self.rewards[k] - base
                self.value[k] += self.rewards[k]
                self.diff[k] += d
                self.diff_sq[k] += d * d
                self.count[k] += 1
        self._drop_trailing()

    def _play_out(self, k: int, x: int) -> float:
        """Option ``k`` from this sample's determinization to the horizon: the reward."""
        d: State = self.work
        d.copy_from(self.info)
        determinize.resample(d, self.player, x)
        p: int
        for p in range(MAX_PLAYERS):
            self.postures[p] = 0
            self.plans[p] = 0
        if self.kind == KIND_POSTURE:
            self.postures[self.player] = self.options[k]
        else:
            self.plans[self.player] = self.options[k]
        playout.playout(d, dice.rng_next(x), PLAYOUT_ACTIONS, playout.POLICY_NAMES["heuristic"],
                        self.end_round)
        return ismcts.evaluate(d, self.player)

    def _drop_trailing(self) -> None:
        """Drop the options that trail the best one clearly (never the default)."""
        if self.samples < MIN_SAMPLES_BEFORE_DROP:
            return
        best: int = self._best_mean()
        k: int
        for k in range(1, self.n_options):
            if self.alive[k] and k != best and \
                    self._paired_gap(best, k) > DROP_SE * self._paired_se(k, best):
                self.alive[k] = 0

    def _best_mean(self) -> int:
        best: int = 0
        k: int
        for k in range(1, self.n_options):
            if self.alive[k] and self.diff[k] / self.count[k] > self.diff[best] / max(
                    self.count[best], 1):
                best = k
        return best

    def _paired_gap(self, a: int, b: int) -> float:
        """Mean reward of ``a`` minus that of ``b`` (both measured against the default)."""
        return self.diff[a] / max(self.count[a], 1) - self.diff[b] / max(self.count[b], 1)

    def _paired_se(self, k: int, other: int) -> float:
        """A standard error for the gap between ``k`` and ``other``: the larger of their
        paired differences' standard errors against the default (the default's own
        is zero), and never below a floor that keeps a few lucky samples from deciding."""
        return max(self._se(k), self._se(other), 0.005)

    def _se(self, k: int) -> float:
        n: int = self.count[k]
        if n < 2:
            return 1.0
        mean: float = self.diff[k] / n
        var: float = (self.diff_sq[k] / n - mean * mean) * n / (n - 1)
        return sqrt(max(var, 0.0) / n)

    def live_options(self) -> int:
        return sum(self.alive)

    def choice(self) -> int:
        """The option to play: the best paired mean if it beats the default by
        :data:`MARGIN` and one standard error, else the default."""
        best = self._best_mean()
        if best == 0 or self.count[best] == 0:
            return self.options[0]
        gain = self.diff[best] / self.count[best]
        if gain > MARGIN + self._se(best):
            return self.options[best]
        return self.options[0]

    def statistics(self) -> list[tuple[int, int, float, float]]:
        """Per option: (option, samples, mean reward, paired gain over the default)."""
        out = []
        for k in range(self.n_options):
            n = self.count[k]
            out.append((self.options[k], n, self.value[k] / n if n else 0.0,
                        self.diff[k] / n if n else 0.0))
        return out
