"""The SP4X search level: determinized Monte Carlo over the player's information set.

Why this shape: in SP4X much is public (the board, the pieces, the top of
the face-up deck and of the tile stack, resources, scores); what is hidden
is the cards in the opponents' hands that Old Maid draws moved unseen, the
order of both piles under their tops (so the cards after the next one and
the tiles after the next one), and the card tracking of the other players.
So the search samples those unknowns and plays the game forward, rather
than reasoning about beliefs.

For one decision the bot

1. rebuilds, from its information set (``Game.information_set``), the full
   state drawn from what it knows (its ``"state"``: a function of the
   player's knowledge only, so the search cannot see a hidden fact);
2. takes as candidates the rule bot's best few legal actions
   (:meth:`~se4x_core.games.sp4x.bots.RuleBot.ranked`; a decision with one
   candidate costs nothing);
3. per sample, deals the unknown cards again at random (hands and deck alike,
   the tile stack under its top reshuffled)
   (:func:`~se4x_core.games.sp4x.observation.determinize`) and plays every
   candidate on that same deal, each followed by the rule bot in every seat
   (seeded alike for every candidate: common random numbers, so the
   candidates are compared on the same luck) for ``horizon`` turns or to the
   end of the age;
4. scores the end position by the player's margin over the best opponent
   (:func:`evaluate`), and plays the candidate with the best mean; ties go
   to the rule bot's order.  With an ``evidence`` threshold (Hard), the best
   candidate replaces the rule bot's first choice only when its paired
   advantage on the same deals beats zero by that many standard errors
   (:func:`pick`): flat Monte Carlo over a few deals otherwise trades the
   rule bot's judgement for the luck of the deals, and more samples shrink
   that luck only slowly; a threshold in standard errors turns them into
   confidence.

The budget is counted in samples, so a seed gives the same decisions on any
machine; ``seconds`` is an optional cap checked between samples (it binds
only on a slow or busy machine, and then the decision may differ).

>>> from se4x_core.games.sp4x.game import Game
>>> from se4x_core.games.sp4x.bots import choose
>>> game = Game.new_game({"players": 3, "seed": 4})
>>> choose(SearchBot(seed=1, samples=2), game) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from se4x_core.games.sp4x import observation as obs
from se4x_core.games.sp4x import rules, scoring
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.bots import RuleBot, Sp4xBot
from se4x_core.games.sp4x.observation import Observation
from se4x_core.games.sp4x.state import State

#: Points added to the margin of a finished game the player won alone (or
#: subtracted when it lost): a won game is worth more than its margin says.
WIN_BONUS = 5.0


@dataclass(frozen=True)
class SearchStats:
    """The last decision, for tests and measurements."""

    candidates: tuple[Action, ...]
    means: tuple[float, ...]
    samples: int  # samples played for every candidate (fewer than asked: the cap bound)
    seconds: float = field(default=0.0, compare=False)  # read, never compared
    chosen: int = 0  # the candidate played (0: the rule bot's first choice)


class SearchBot(Sp4xBot):
    """Determinized flat Monte Carlo over the rule bot's best candidates.

    ``samples`` deals of the unknown cards per decision, ``candidates`` the
    rule bot's best actions compared on each, ``horizon`` the turns played
    after the current one (0: to the end of the age; None: ``rounds`` rounds,
    the number of players each), ``seconds`` an optional cap per decision, ``evidence``
    the standard errors by which a candidate must beat the rule bot's first
    choice to replace it (0: the best mean wins).
    """

    needs_information_set: ClassVar[bool] = True

    def __init__(self, seed: int = 0, samples: int = 8, candidates: int = 4,
                 horizon: int | None = None, seconds: float | None = None,
                 evidence: float = 0.0, rounds: int = 1) -> None:
        super().__init__(seed)
        if samples < 1 or candidates < 1 or rounds < 1 or \
                (horizon is not None and horizon < 0) or evidence < 0:
            raise ValueError("samples, candidates and rounds must be >= 1, horizon "
                             "and evidence >= 0")
        self.samples = samples
        self.candidates = candidates
        self.horizon = horizon
        self.seconds = seconds
        self.evidence = evidence
        self.rounds = rounds
        self.last: SearchStats | None = None

    def restart(self) -> None:
        super().restart()
        self.last = None

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        ranked = RuleBot(0).ranked(observation, legal)[:self.candidates]
        if len(ranked) == 1:
            return ranked[0]
        base = self._base(observation)
        # Every sample's seed is drawn before playing, so the bot's generator moves
        # the same way whether the time cap binds or not.
        seeds = [self.rnd.getrandbits(62) for _ in range(self.samples)]
        values, seconds = search(base, observation["viewer"], ranked, seeds,
                                 self._horizon(base), self.seconds)
        best = pick(values, self.evidence)
        means = tuple(statistics.fmean(v) for v in values)
        self.last = SearchStats(tuple(ranked), means, len(values[0]), seconds, best)
        return ranked[best]

    def _base(self, observation: Observation) -> State:
        """The information set's state; ValueError if it is missing or stale."""
        info = self.information_set
        if info is None or "state" not in info:
            raise ValueError("the search needs the player's information set (inform)")
        seen = info["observation"]
        if (seen["viewer"], seen["phase"], seen["current_player"]) != \
                (observation["viewer"], observation["phase"], observation["current_player"]):
            raise ValueError("the information set is not the observation's (stale inform)")
        return State.from_dict(info["state"])

    def _horizon(self, state: State) -> int:
        return self.rounds * state.n if self.horizon is None else self.horizon


def search(base: State, viewer: int, candidates: Sequence[Action], seeds: Sequence[int],
           horizon: int, seconds: float | None = None) -> tuple[list[list[float]], float]:
    """Each candidate's value on each sample played (one per seed, the same samples
    for every candidate) and the seconds spent; ``seconds`` stops between samples
    once exceeded (at least one sample is played)."""
    start = time.perf_counter()
    values: list[list[float]] = [[] for _ in candidates]
    for seed in seeds:
        if seconds is not None and values[0] and time.perf_counter() - start > seconds:
            break
        sample = obs.determinize(base, viewer, seed)
        for i, action in enumerate(candidates):
            values[i].append(playout(sample.copy(), action.code, viewer, seed, horizon))
    return values, time.perf_counter() - start


def pick(values: Sequence[Sequence[float]], evidence: float) -> int:
    """The candidate to play from each candidate's values on the same samples: the best
    mean (ties to the earlier candidate); with ``evidence`` > 0, the rule bot's first
    choice (index 0) unless the best's paired advantage over it is more than
    ``evidence`` standard errors above zero.

    >>> pick([[1.0, 1.0], [3.0, -0.5]], 0.0)
    1
    >>> pick([[1.0, 1.0], [3.0, -0.5]], 1.0)  # +0.75 on average, but +2 or -1.5
    0
    >>> pick([[1.0, 1.0], [2.0, 2.5]], 1.0)  # better on every sample
    1
    """
    means = [statistics.fmean(v) for v in values]
    best = max(range(len(values)), key=lambda i: (means[i], -i))
    if best == 0 or evidence <= 0:
        return best
    gains = [b - a for a, b in zip(values[0], values[best], strict=True)]
    if len(gains) < 2:
        return 0
    error = statistics.stdev(gains) / math.sqrt(len(gains))
    return best if statistics.fmean(gains) > evidence * error else 0


def playout(state: State, code: int, viewer: int, seed: int, horizon: int) -> float:
    """Apply ``code``, let the rule bot play every seat for ``horizon`` more turns (0: to
    the end of the age), and :func:`evaluate` the position for ``viewer``."""
    rules.apply(state, code, None)
    bots = [RuleBot(seed + p) for p in range(state.n)]
    age, last, turns = state.age, (state.age, state.turn), 0
    while not state.is_over:
        if (state.age, state.turn) != last:
            last = (state.age, state.turn)
            turns += 1
            if state.age != age or (horizon and turns > horizon):
                break
        codes = rules.legal(state)
        if len(codes) > 1:
            p = state.current
            legal = [_action(c) for c in codes]
            chosen = bots[p].step(obs.observation(state, p), legal)
            rules.apply(state, codes[next(i for i, a in enumerate(legal) if a is chosen)],
                        None)
        else:
            rules.apply(state, codes[0], None)
    return evaluate(state, viewer)


_ACTIONS: dict[int, Action] = {}


def _action(code: int) -> Action:
    """The Action of a legal code, made once (Actions are frozen; decoding one costs
    more than a playout step's rules)."""
    action = _ACTIONS.get(code)
    if action is None:
        action = _ACTIONS[code] = Action.from_code(code)
    return action


def evaluate(state: State, viewer: int) -> float:
    """The viewer's margin over the best opponent: points, plus what the resources and
    the faction would score if the age (the game) ended now; a finished game adds
    :data:`WIN_BONUS` for a lone win and takes it off for a loss."""
    if state.is_over:
        values = [float(s) for s in state.score]
    else:
        values = [state.score[p] + scoring.resource_points(state, p)
                  + (scoring.end_game_points(state, p) if state.age >= 2 else 0)
                  for p in range(state.n)]
    margin = values[viewer] - max(v for p, v in enumerate(values) if p != viewer)
    if state.is_over:
        margin += WIN_BONUS if state.winners == [viewer] else \
            (0.0 if viewer in state.winners else -WIN_BONUS)
    return margin
