"""The solitaire coach: after a strategic decision of the human, what the search thinks of
it beside its own best option, in plain words, from the player's information only.

Why the strategic decisions only: the search the computer levels use
(:class:`~se4x_core.ai.search_bot.SearchBot`) weighs strategies, not single moves: at
the start of a movement turn the fleet's posture, at the start of purchases the plan.
The coach asks it, at the moment the human's decision begins, how each option does
(the chance to win, from futures played out on determinizations of the player's
information set), then, once the human has played the turn or the purchases, how
the position the human made does, by the same futures' model (every player then
following its usual strategy).  Where the best option beats the human's by
:data:`LARGE` or more, the coach says so ("holding the fleet at home: 38 % to win;
your turn: 21 %"); smaller gaps are within what the search cannot tell apart.  A
battle decision where the human could retreat is weighed by the battle search the
levels use (:func:`~se4x_core.ai.mcts_bot.root_search`, the human's choice planted
so that it is evaluated): the share of the fleets' value each option keeps.

Only the player's observation and information set are read (the same inputs as a
search level's), so the coach cannot reveal what the player could not know.  Its
budget is Normal's (4 determinizations per option before, 12 after: about a quarter
of a second each on one core).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from se4x_core.actions import Action
from se4x_core.ai.hint import KIND_WORDS, OPTION_WORDS, words_of
from se4x_core.ai.mcts_bot import model_from, proposal_macro, root_search
from se4x_core.ai.search_bot import SearchBot
from se4x_core.ai.strategic import StrategySearch
from se4x_core.ai.strategy import DEFAULT
from se4x_core.observation import Observation
from se4x_core.sim.infostate import unpack
from se4x_core.sim.macro import next_atomic

LARGE: Final = 0.15  # the gap in chance to win (or share kept) the coach speaks up at
BATTLE_ITERATIONS: Final = 300  # the battle search's budget for a retreat decision
MIN_VISITS: Final = 10  # a battle option tried less often is not compared
BEFORE_SAMPLES: Final = 4  # Normal's budget for the options
AFTER_SAMPLES: Final = 12  # one option: three times the samples for the same time
HORIZON: Final = 1


RETREAT: Final = "retreat"  # a battle's choice between retreating and fighting on


@dataclass(frozen=True)
class Moment:
    """One strategic decision of the human, as the coach saw it."""

    round: int
    kind: str  # "posture" (a movement turn), "plan" (the purchases) or "retreat"
    position: int  # actions played before the decision began (to replay to it)
    best: str  # the search's best option, in words
    best_chance: float
    chosen_chance: float  # the position the human made
    options: tuple[tuple[str, float], ...]  # every option in words, and its chance

    @property
    def gap(self) -> float:
        return self.best_chance - self.chosen_chance

    @property
    def large(self) -> bool:
        return self.gap >= LARGE

    def words(self) -> str:
        """The coach's sentence."""
        if self.kind == RETREAT:
            return (f"Round {self.round}, a battle: {self.best} keeps "
                    f"{percent(self.best_chance)} of the fleets' value in the battle "
                    f"search's futures; what you did: {percent(self.chosen_chance)}.")
        what = KIND_WORDS[self.kind]
        return (f"Round {self.round}, {what}: {self.best} wins {percent(self.best_chance)} "
                f"of the search's futures; what you did: {percent(self.chosen_chance)}.")


def percent(value: float) -> str:
    return f"{round(100 * value)} %"


def decision_kind(obs: Observation) -> str:
    """The strategic decision the human begins now ("" if none): their movement turn's
    posture, or their purchases' plan."""
    if obs.get("current_player") != obs.get("viewer"):
        return ""
    return {"movement": "posture", "economic_purchase": "plan"}.get(str(obs.get("phase")), "")


def chance_to_win(information_set: str, player: int, seed: int, samples: int,
                  model_path: str = "") -> float:
    """``player``'s chance to win from their information set: ``samples`` futures played
    to the horizon, every player following its usual strategy, scored as the search
    scores its options (one option: the search's early stop would end it at once)."""
    info = unpack(information_set)
    solitaire = any(info.alien[p] for p in range(info.n_players))
    search = StrategySearch(info, player, seed, [DEFAULT.encode()], DEFAULT.encode(),
                            (-1, -1), HORIZON, None if solitaire else model_from(model_path))
    for _ in range(samples):
        search.sample()
    return search.statistics()[0].mean


class Coach:
    """Weighs the human's strategic decisions (:meth:`begin` as one begins, :meth:`end`
    once it is made); :attr:`moments` keeps each decision's verdict."""

    def __init__(self, seed: int = 0, before_samples: int = BEFORE_SAMPLES,
                 after_samples: int = AFTER_SAMPLES) -> None:
        self.seed = seed
        self.after_samples = after_samples
        self.search = SearchBot(seed, samples=before_samples, horizon=HORIZON, workers=1,
                                battle_seconds=0.0)
        self.moments: list[Moment] = []
        self._open: tuple[str, int, int, list[tuple[str, float]]] | None = None
        self._battle: tuple[Observation, str, int] | None = None
        self._count = 0

    def begin(self, obs: Observation, legal: Sequence[Action], information_set: str,
              position: int) -> bool:
        """A decision begins: weigh every option (True if this is one the coach weighs)."""
        kind = decision_kind(obs)
        if not kind or len(legal) <= 1:
            return False
        self.search.inform(information_set)
        self.search.step(obs, legal)
        decision = self.search.last
        if decision is None or decision.kind != kind:
            return False
        words = OPTION_WORDS[kind]
        options = [(words.get(name, name), decision.stats[k].mean)
                   for k, name in enumerate(decision.names)]
        self._open = (kind, int(obs["round"]), position, options)
        return True

    def end(self, obs: Observation, information_set: str) -> Moment | None:
        """The decision begun is made: how the position made does; the moment kept."""
        if self._open is None:
            return None
        kind, round_, position, options = self._open
        self._open = None
        self._count += 1
        me = int(obs["viewer"])
        chosen = chance_to_win(information_set, me, self.seed * 7907 + self._count,
                               self.after_samples, self.search.model_path)
        best, chance = max(options, key=lambda o: o[1])
        moment = Moment(round_, kind, position, best, chance, chosen, tuple(options))
        self.moments.append(moment)
        return moment

    def battle_begin(self, obs: Observation, legal: Sequence[Action], information_set: str,
                     position: int) -> bool:
        """A battle decision of the human's that may be a retreat begins (True if so)."""
        if obs.get("current_player") != obs.get("viewer") or \
                not any(a.kind == "retreat" for a in legal):
            return False
        self._battle = (obs, information_set, position)
        return True

    def battle_end(self, action: Action) -> Moment | None:
        """The human chose ``action`` (to retreat, or to fight on): the battle search's
        view of it beside its best option, kept."""
        if self._battle is None:
            return None
        obs, packed, position = self._battle
        self._battle = None
        state = unpack(packed)
        planted = proposal_macro(state, action.code)
        if planted < 0:
            return None
        self._count += 1
        stats, _ = root_search(packed, int(obs["viewer"]), self.seed * 7919 + self._count,
                               BATTLE_ITERATIONS, 0.0, planted)
        tried = [(macro, mean) for macro, visits, mean in stats if visits >= MIN_VISITS]
        chosen = next((mean for macro, mean in tried if macro == planted), None)
        if not tried or chosen is None:
            return None
        options = tuple((words_of(obs, Action.from_code(next_atomic(state, macro))), mean)
                        for macro, mean in tried)
        best, chance = max(options, key=lambda o: o[1])
        moment = Moment(int(obs["round"]), RETREAT, position, best, chance, chosen, options)
        self.moments.append(moment)
        return moment

    @property
    def battle_waiting(self) -> bool:
        return self._battle is not None

    @property
    def waiting(self) -> bool:
        """A decision was begun and not yet ended."""
        return self._open is not None

    def review(self, count: int = 3) -> list[Moment]:
        """The game's biggest gaps, largest first (only those worth saying)."""
        worth = [m for m in self.moments if m.large]
        return sorted(worth, key=lambda m: -m.gap)[:count]


__all__ = ["LARGE", "Coach", "Moment", "decision_kind"]
