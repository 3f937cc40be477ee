"""Opponent modelling: what style each other empire plays, believed from what was seen.

The strategic search plays its futures with the rule-based player in every seat
(:mod:`se4x_core.ai.strategic`); by default every opponent follows the default
strategy.  A player who keeps a :class:`Belief` instead plays each future with each
opponent's strategy drawn from a posterior over :data:`CANDIDATES`: the rule-based
player's approximations of the sparring pool's styles (:mod:`se4x_core.ai.style_bot`)
and its own default.

**Evidence** is what the viewer's observation shows of an opponent, and nothing else
(:func:`evidence`): how many fleet counters it has on the map, the share of them away
from its homeworld, how many stand within two hexes of the viewer's colonies, how many
colonies of its own the viewer can see, the best Attack + Defense technology its
counters revealed in battle, and the counters whose type shows face down: its Bases,
and its colony ships and miners.

**The model** (:class:`EvidenceModel`, ``resources/eval/belief.json``) holds, per
candidate, per kind of player that plays it (the rule bot following the candidate's
strategy, and the pool bot of that name), per stage of the game (:data:`STAGES`) and per
evidence feature, the mean and spread measured in seeded games against the rule bot
(:mod:`se4x_core.devtools.train_belief` made it; the file says how).  A round's
evidence is scored under each candidate as independent Gaussians; the posterior is the
prior (:data:`PRIOR`: half on the default) times the tempered likelihoods of every
round seen so far (tempered because one round's evidence is much like the next's),
floored so that no style is ever ruled out.

The belief is a function of the observations the player received, so it depends on
nothing the player may not know (``tests/ai/test_belief.py`` checks it, and that a
belief facing each pool style comes to name it).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

from se4x_core import paths
from se4x_core.ai.strategy import Strategy, strategy
from se4x_core.hexgrid import board_for
from se4x_core.observation import Observation, UnitView, friends_of

MODEL_PATH: Path = paths.resource("eval", "belief.json")
MODEL_FORMAT = "se4x-opponent-belief"

#: The styles a belief weighs, as the named posture and purchase plan the futures'
#: rule-based player follows for each (a styled search keeps them first, too).
STYLE_CHOICES: dict[str, tuple[str, str]] = {
    "default": ("default", "default"),
    "turtle": ("hold", "fortify"),
    "rush": ("all-in strike", "all-out navy"),
    "raider": ("bold raid", "default"),
    "tech": ("cautious", "arms race"),
    "expander": ("default", "land grab"),
}
#: The same styles as strategies.
CANDIDATES: dict[str, Strategy] = {name: strategy(*choices)
                                   for name, choices in STYLE_CHOICES.items()}
#: The prior: most players play much like the rule bot (a search level steers it), so
#: the default style starts with half the weight; the rest share the other half.
PRIOR: dict[str, float] = {name: 0.5 if name == "default" else 0.5 / (len(CANDIDATES) - 1)
                           for name in CANDIDATES}
FEATURES: tuple[str, ...] = ("counters", "away_share", "near_me", "colonies", "tech",
                              "bases", "settlers")
#: Rounds grouped into stages of the game: (first round, last round).
STAGES: tuple[tuple[int, int], ...] = ((1, 3), (4, 6), (7, 9), (10, 14), (15, 99))
#: The floor every candidate keeps (of the posterior's mass, shared equally).
FLOOR: float = 0.05
#: The smallest spread per feature (a style that always shows the same count would
#: otherwise rule itself out on one counter more), in the order of FEATURES.
SPREAD_FLOOR: tuple[float, ...] = (1.0, 0.08, 0.5, 0.5, 0.5, 0.3, 0.5)
# Counters whose type shows face down too: they count as what they are, not as fleet.
_SHOWN_TYPES = ("SY", "Base", "CO", "Miner")


def stage_of(round_: int) -> int:
    """The stage of :data:`STAGES` a round falls in (the last for any later round)."""
    return next((i for i, (first, last) in enumerate(STAGES) if first <= round_ <= last),
                len(STAGES) - 1)


def fleet_counters(obs: Observation, player: int) -> list[UnitView]:
    """``player``'s fleet counters as ``obs``'s viewer sees them: every unit but the
    types that show face up (ship yards, bases, colony ships, miners)."""
    return [u for u in obs["units"]
            if u["owner"] == player and u["unit_type"] not in _SHOWN_TYPES]


def evidence(obs: Observation, player: int) -> tuple[float, ...]:
    """What ``obs``'s viewer sees of ``player``'s play now (:data:`FEATURES`)."""
    board = board_for(obs["board"])
    friends = friends_of(obs, obs["viewer"])
    home = obs["homeworlds"][player]
    my_colonies = [h["hex"] for h in obs["hexes"]
                   if "colony" in h and h["colony"]["owner"] in friends]
    theirs = [u for u in obs["units"] if u["owner"] == player]
    counters = fleet_counters(obs, player)
    away = sum(1 for u in counters if u["hex"] != home)
    near = sum(1 for u in counters
               if any(board.distance(u["hex"], c) <= 2 for c in my_colonies))
    colonies = sum(1 for h in obs["hexes"] if "colony" in h
                   and h["colony"]["owner"] == player and not h["colony"]["homeworld"])
    tech = max((u.get("attack_tech", 0) + u.get("defense_tech", 0) for u in counters
                if u["revealed"]), default=0)
    bases = sum(1 for u in theirs if u["unit_type"] == "Base")
    settlers = sum(1 for u in theirs if u["unit_type"] in ("CO", "Miner"))
    return (float(len(counters)), away / max(1, len(counters)), float(near),
            float(colonies), float(tech), float(bases), float(settlers))


Table = dict[str, list[list[list[float]]]]  # candidate -> kind -> stage -> feature


@dataclass(frozen=True)
class EvidenceModel:
    """Per candidate, kind of player, stage and feature: the evidence's mean and spread."""

    means: Table
    spreads: Table

    def log_likelihood(self, name: str, stage: int, seen: tuple[float, ...]) -> float:
        """The log-likelihood of one round's evidence under candidate ``name``: the mean
        of its kinds' likelihoods (each a product of per-feature Gaussians)."""
        parts = [self._kind(name, k, stage, seen) for k in range(len(self.means[name]))]
        top = max(parts)
        return top + math.log(sum(math.exp(p - top) for p in parts) / len(parts))

    def _kind(self, name: str, kind: int, stage: int, seen: tuple[float, ...]) -> float:
        total = 0.0
        for i, value in enumerate(seen):
            mean = self.means[name][kind][stage][i]
            spread = max(self.spreads[name][kind][stage][i], SPREAD_FLOOR[i])
            z = (value - mean) / spread
            total += -0.5 * z * z - math.log(spread)
        return total

    def to_json(self, provenance: dict[str, object]) -> str:
        return json.dumps({"format": MODEL_FORMAT, "version": 1, "features": FEATURES,
                           "stages": STAGES, "candidates": list(CANDIDATES),
                           "means": self.means, "spreads": self.spreads,
                           "provenance": provenance}, indent=1)

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> EvidenceModel:
        """The model in ``path``; ValueError naming the file and the field if it is not
        one for these candidates, stages and features."""
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ValueError(f"{path}: not an opponent belief model ({error})") from None
        if not isinstance(doc, dict) or doc.get("format") != MODEL_FORMAT:
            raise ValueError(f"{path}: format is not {MODEL_FORMAT!r}")
        for key, want in (("features", list(FEATURES)), ("candidates", list(CANDIDATES)),
                          ("stages", [list(s) for s in STAGES])):
            if doc.get(key) != want:
                raise ValueError(f"{path}: {key} must be {want}")
        shape = (len(STAGES), len(FEATURES))
        for key in ("means", "spreads"):
            table = doc.get(key)
            if not isinstance(table, dict) or set(table) != set(CANDIDATES) or any(
                    not kinds or any(len(rows) != shape[0] or any(len(r) != shape[1]
                                                                  for r in rows)
                                     for rows in kinds)
                    for kinds in table.values()):
                raise ValueError(f"{path}: {key} must hold {shape[0]} x {shape[1]} "
                                 "numbers per candidate and kind of player")
        return cls(doc["means"], doc["spreads"])


_MODEL: EvidenceModel | None = None


def default_model() -> EvidenceModel:
    global _MODEL
    if _MODEL is None:
        _MODEL = EvidenceModel.load()
    return _MODEL


@dataclass
class Belief:
    """The viewer's posterior over each other empire's style (see the module docstring).

    :meth:`observe` at every decision (a round's evidence counts once, at the viewer's
    last decision seen in that round, so the evidence is as late as it gets);
    :meth:`posterior` per player; :meth:`mixture` for the search.

    ``assumption`` (a style and a round) is what the player takes for granted rather
    than infers: from that round on, the futures play every opponent with that style,
    whatever the evidence says.  No level plays with one; it measures what knowing an
    opponent's style would be worth, and what assuming the wrong one costs
    (``search:s4b50o^raider/10``, docs/computer-players.md#knowing-the-style).
    """

    model: EvidenceModel = field(default_factory=default_model)
    assumption: tuple[str, int] | None = None
    _scores: dict[int, dict[str, float]] = field(default_factory=dict)  # summed log-lik
    _rounds: dict[int, int] = field(default_factory=dict)
    _pending: tuple[int, dict[int, tuple[float, ...]]] | None = None

    def __post_init__(self) -> None:
        if self.assumption is not None and self.assumption[0] not in CANDIDATES:
            raise ValueError(f"assumed style {self.assumption[0]!r}: one of "
                             f"{', '.join(CANDIDATES)}")

    def reset(self) -> None:
        self._scores, self._rounds, self._pending = {}, {}, None

    def observe(self, obs: Observation) -> None:
        """Take in what ``obs`` shows of every living opponent."""
        me, round_ = obs["viewer"], obs["round"]
        if round_ < 1:
            return  # homeworlds are still being placed: nothing played yet
        if self._pending is not None and self._pending[0] != round_:
            self._commit()
        friends = friends_of(obs, me)
        seen = {p: evidence(obs, p) for p in range(obs["players"])
                if p not in friends and obs["alive"][p] and obs["homeworlds"][p] >= 0}
        self._pending = (round_, seen)

    def _commit(self) -> None:
        assert self._pending is not None
        round_, seen = self._pending
        stage = stage_of(round_)
        for p, values in seen.items():
            scores = self._scores.setdefault(p, dict.fromkeys(CANDIDATES, 0.0))
            for name in CANDIDATES:
                scores[name] += self.model.log_likelihood(name, stage, values)
            self._rounds[p] = self._rounds.get(p, 0) + 1
        self._pending = None

    def posterior(self, player: int) -> dict[str, float]:
        """The weight of each candidate for ``player`` (the prior, floored, if unseen)."""
        scores = dict(self._scores.get(player, dict.fromkeys(CANDIDATES, 0.0)))
        rounds = self._rounds.get(player, 0)
        if self._pending is not None and player in self._pending[1]:
            stage = stage_of(self._pending[0])
            for name in CANDIDATES:
                scores[name] += self.model.log_likelihood(name, stage,
                                                          self._pending[1][player])
            rounds += 1
        tempered = {n: s / math.sqrt(max(1, rounds)) + math.log(PRIOR[n])
                     for n, s in scores.items()}
        top = max(tempered.values())
        raw = {n: math.exp(v - top) for n, v in tempered.items()}
        total = sum(raw.values())
        share = FLOOR / len(CANDIDATES)
        return {n: share + (1 - FLOOR) * v / total for n, v in raw.items()}

    def likeliest(self, player: int) -> str:
        weights = self.posterior(player)
        return max(weights, key=lambda n: (weights[n], n == "default"))

    def mixture(self, players: int, me: int) -> list[list[tuple[float, tuple[int, ...]]]]:
        """Per player the (weight, encoded strategy) pairs the futures draw from (the
        viewer's own entry is unused and left empty)."""
        out: list[list[tuple[float, tuple[int, ...]]]] = []
        for p in range(players):
            if p == me:
                out.append([])
                continue
            weights = self.posterior(p)
            if self.assumption is not None and self._pending is not None \
                    and self._pending[0] >= self.assumption[1]:  # the round seen last
                weights = {n: float(n == self.assumption[0]) for n in CANDIDATES}
            out.append([(weights[n], CANDIDATES[n].encode()) for n in CANDIDATES])
        return out


def draw(mixture: list[tuple[float, tuple[int, ...]]], rnd: random.Random
         ) -> tuple[int, ...]:
    """One strategy from a player's (weight, strategy) pairs."""
    pick = rnd.random() * sum(w for w, _ in mixture)
    for weight, code in mixture:
        pick -= weight
        if pick <= 0:
            return code
    return mixture[-1][1]
