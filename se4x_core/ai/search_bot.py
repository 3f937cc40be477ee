"""The computer levels above Easy: the rule-based player plays, the search decides
its strategy.

At the start of each of its movement turns the bot searches which posture the fleet
takes this turn, and at the start of each of its Economic Phases which purchase plan
it follows (:mod:`se4x_core.ai.strategic`: every option played out many times on the
same determinizations, scored by the learned win probability); the rule-based player
(:class:`se4x_core.ai.rule_bot.RuleBot`) then plays the turn or the phase with that
strategy (:mod:`se4x_core.ai.strategy`).  The rule bot's own choice (the default
strategy) is the prior: the search replaces it only when another option is clearly
better.  In battles the search may overrule the rule bot's choice of target, retreat
or screening (:class:`se4x_core.ai.mcts_bot.MctsBot`, guided by this bot's own rule
bot).  Everything is decided from the player's observation and information set only.

In the alien solitaire the futures run longer (:data:`SOLITAIRE_HORIZON`), the belief
sits out (the aliens follow tables, not a style), and the postures begin with the
solitaire's assault (:data:`~se4x_core.ai.strategy.SOLITAIRE_POSTURES`: the fleet at
the alien homeworlds whatever the odds), the choice kept unless another is clearly
better: there a homeworld falls to little and takes its alien's fleets with it, and
no future a few rounds long shows what that is worth.  The plans likewise begin with
the solitaire's plan of the round (:func:`~se4x_core.ai.strategy.solitaire_plan`:
Movement and yards first, then from round 6 every CP into warships), with which the
levels won their first games at normal aliens and Normal took twice the alien
homeworlds: docs/computer-players.md#solitaire.

Levels (:data:`LEVELS`) differ by how much they search and by how the battle search
judges its futures; their budgets are counted in samples and iterations, so a level
plays the same game on any machine (a time cap binds only where the machine is too
slow or busy):

* **Normal**: 4 samples per strategic decision (one process), playouts to the end
  of the next round with every opponent playing a strategy drawn from this player's
  belief about it (:mod:`se4x_core.ai.belief`), the raider's posture (``bold raid``)
  the option kept first against empires, 50 battle-search iterations per battle
  decision;
* **Hard**: 48 samples (two processes), playouts to the end of the round after
  next, the option with the best mean taken wherever it beats the rule bot's choice
  (*greedy*: no margin), 1,500 battle iterations;
* **Strongest**: Hard's search over twice its samples (96) with a better model of
  the game's futures: they are scored by the evaluation retrained on the search's
  own games (expert iteration: :data:`~se4x_core.sim.evaluation.EXPERT_MODEL_PATH`),
  and its battle search is *modelled*: the futures played by the compiled
  rule-based player, every player with the strategy it follows (this bot its
  posture, plan and targets; the others the usual one), and scored by that win
  probability, as the strategy search's are, rather than played by the rule of
  thumb and scored by the material share.

Why these budgets (``se4x arena``, 2 players, paired seeds): the strength the search
adds saturates early.  Against the rule bot, 4 samples already win 86-88 % and 8 win
90 %, close to 48's 91.5 %; against each other, 48 samples beat 8 in 61-65 % and 4 in
63.5 %, but 160 beat 48 in only 46.7 % of 60 games.  So the levels are spaced where a
budget still buys strength: Normal a few samples and a light battle search, Hard the
budget past which more samples stopped helping while the margin kept the rule bot's
choice, Strongest a better model.  Hard and Strongest look two rounds ahead and take
the best mean (``greedy``): on recorded decisions valued by a long search the margin
gave up win probability at every budget, and one round ahead their choices kept little
of their edge once valued further out; so Hard beat Normal in 73.5 % of 200
(67.0-79.1 %) where one round ahead with the margin it won 64.5 %
(docs/computer-players.md#strength, ``benchmarks/se4x_decision_quality.py``).
Normal's futures play its rivals from its belief: that lifted it to 86.5 % of 200
against Easy (85.5 % without) while Hard still beat it in 72.0 % of 200, where
every stronger Normal by samples or choice rule cost Hard two points for each one
gained (docs/computer-players.md#normal-spacing).  Then Normal took the raid as its
first choice: with the margin the first choice is most of how it plays, and the
raider's beat the default's in 70.5 % of 200 head to head, lifted Normal to 88.5 %
against Easy and 57-63 % against each searching style, while Hard beats it in 67.0 %
(docs/computer-players.md#normal-raids-first).  Greedy,
more samples buy strength again (the best mean of fewer samples is more often noise):
with Hard's 48 samples the model alone beat the new Hard in 55.0 % of 100, with 96 in
63.0 % (53.2-71.8 %, seeds 0-49), and Strongest with 96 beat Hard in 64.0 % of 100
(54.2-72.7 %, seeds 1000-1049), so Strongest searches 96.  Before the rule bots were
made one, one round ahead: Normal beat the rule bot in 86.0 % of 200 (80.5-90.1 %),
Hard beat Normal in 70.0 % of 200 (63.3-75.9 %), Strongest beat Hard in 256 of 400
(64.0 %, 59.2-68.6 %): 60.0 % of 100 on seeds 1000-1049 (50.2-69.1 %), 66.0 % of 100
on seeds 2000-2049 (56.3-74.5 %) and, in its one-process form
(``search:s48b1500v@win_model_expert.json``), 65.0 % of 200 on seeds 0-99
(58.2-71.3 %).  Neither half of the model did it alone:

* **the modelled battle search** with the shipped evaluation (the previous Strongest)
  won 213 of 400 against Hard (53.3 %, 48.4-58.1 %; 51.0 % of 200 on seeds 0-99, where
  the expert evaluation beside it won 65.0 %); with 6,000 battle iterations rather
  than 1,500, 57.0 % of 100;
* **the evaluation retrained on the search's own games** without the modelled battle
  search (``search:s48b1500@model``): one round of expert iteration (400 games with
  search seats added to the shipped model's 2,400) 53.0 % of 100 (43.3-62.5 %), the
  second (400 more, with modelled battle searches: the expert model) 56.0 % of 100 on
  the same seeds (46.2-65.3 %).

Measured beyond Hard's budget and not stronger:

* **more samples, with the margin** (one round ahead, before the levels were made
  greedy): on the positions of real games 48, 160 and 480 samples choose the
  same option in nearly every decision, so the error left is the model's (the
  playouts and the evaluation), not the sampling's; the former Strongest (160
  samples, 6,000 battle iterations) won 46.7 % of 60 against Hard and thought five
  times as long;
* **a wider choice** (``search:s48w``: six more postures and five more plans, the
  finer steps of :data:`~se4x_core.ai.strategy.WIDE_POSTURES` and ``WIDE_PLANS``,
  against ``search:s48``): 43.3 % of 60 (31.6-55.9 %): no gain at the same budget;
* **the attack target as an option** (``search:s48b1500f3v``: the three best attack
  targets weighed as postures of their own, with the shipped evaluation): 50.5 % of
  200 on seeds 0-99 (43.6-57.4 %), level with the same search without them (51.0 %);
* **two rounds ahead with the margin** changes the choice far more often than more
  samples do (it picks raids where one round keeps the default) and is not stronger
  for it (53.0 % of 200 with 160 samples against 48 one round ahead; 64.0 % of 100
  against Normal, as one round ahead): what made it stronger was dropping the margin;
* **each opponent's own search modelled** (``search:...r48``: the futures play each
  opponent with the choice a greedy search of its own would make,
  :func:`~se4x_core.ai.strategic.response_statistics`): Strongest's search with it
  against Hard's budget with the expert evaluation won 65.0 % of 100 on seeds
  1000-1049 (55.0 % without it, +10.0 paired) and 48.0 % of 100 on seeds 2000-2049:
  56.5 % of 200, no edge (docs/computer-players.md#modelling-a-search);
* **a game matrix** (``search:...n50``: every option against each of the opponent's
  basic postures or plans, weighed against the replies half at the game's equilibrium
  and half the default, :func:`~se4x_core.ai.strategic.equilibrium`): Hard's budget
  with it against Normal, 65.0 % of 200 against 67.0 %
  without it (-2.0 paired, p 0.57), at four times the cost of a decision
  (docs/computer-players.md#game-matrix);
* **a mix of opponents in the playouts** (the other players following the usual
  strategy in 3 samples of 11 and each basic posture and plan in one, rather than
  always the usual one; Hard's budget otherwise): 58.3 % of a first 60 games, then
  45.0 % of 100 as a level against Hard (35.6-54.8 %): no gain, so it was taken out.

So the strength beyond Hard came from the model of the futures, not the budget: the
playouts of the battle search made like the game's own and the evaluation fitted to
the positions the search itself reaches.  The next step is more of the same: further
rounds of expert iteration on the search's games (``se4x train-eval --save-data``
with search seats, then ``--data`` for each file: the provenance in the model file
lists the commands).

>>> from se4x_core.game import Game
>>> from se4x_core.ai.bot import ask
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> bot = SearchBot(seed=1, samples=2, battle_iterations=5, workers=1)
>>> ask(bot, game, game.current_player) in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from se4x_core.actions import Action
from se4x_core.ai.belief import STYLE_CHOICES, Belief
from se4x_core.ai.bot import Bot
from se4x_core.ai.ismcts import MAX_PLAYERS
from se4x_core.ai.mcts_bot import BattleModel, MctsBot, model_from, run_shares
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.strategic import (
    MARGIN,
    OptionStats,
    Rows,
    StrategySearch,
    against,
    choose_from,
    equilibrium,
    mean_matrix,
    merge,
    response_statistics,
)
from se4x_core.ai.strategy import (
    ALL_PLANS,
    DEFAULT,
    PLANS,
    POSTURES,
    SOLITAIRE_POSTURES,
    WIDE_PLANS,
    WIDE_POSTURES,
    Strategy,
    advanced_plans,
    solitaire_plan,
)
from se4x_core.hexgrid import board_for
from se4x_core.observation import Observation
from se4x_core.phases import COMBAT_PHASES
from se4x_core.sim.evaluation import EXPERT_MODEL_PATH
from se4x_core.sim.infostate import unpack

POSTURE = "posture"
PLAN = "plan"
#: The options an opponent's modelled search weighs (encoded strategies), or None.
Responses = list[tuple[int, ...]] | None
#: Per player, the (weight, encoded strategy) pairs its futures draw from.
Mixture = list[list[tuple[float, tuple[int, ...]]]]
_Part = TypeVar("_Part")  # one worker's result


@dataclass(frozen=True)
class Level:
    """What a level may do per strategic decision: ``samples`` (each one determinization
    with every option played out on it; split among ``workers`` processes), ``horizon``
    rounds looked ahead, at most ``seconds`` (a cap that binds only on a slow or busy
    machine); per battle decision ``battle_iterations`` of the battle search; ``wide``:
    the wide option sets (:data:`~se4x_core.ai.strategy.WIDE_POSTURES`, ``WIDE_PLANS``)
    rather than the basic five of each; ``modelled``: the battle search's futures played
    by the rule-based player with the strategies in force and scored by the win model
    (:meth:`~se4x_core.ai.mcts_bot.MctsBot.plan_with`), not by the rule of thumb;
    ``focuses``: that many attack targets weighed as postures of their own (the usual
    posture with the fleet's attack narrowed to that hex:
    :attr:`~se4x_core.ai.strategy.Strategy.focus`), the best the rule-based player sees;
    ``model``: the win model file that scores the futures ("": the shipped one);
    ``opponents``: the futures' opponents follow strategies drawn from the player's
    belief about each (:mod:`se4x_core.ai.belief`), not the default strategy;
    ``solitaire_horizon``: the rounds played out in the alien solitaire
    (:data:`SOLITAIRE_HORIZON`); ``greedy``: take the option with the best mean gain
    over the rule bot's choice wherever it is above zero, rather than only when it
    beats a margin by a standard error (the margin was measured to cost regret at
    every budget: docs/computer-players.md#strength); ``style``: the style whose posture
    and plan are the options kept first against empires (:data:`STYLE_CHOICES`, "": the
    rule bot's default), where the search keeps its first option unless another is
    clearly better; ``respond``: samples of each opponent's modelled choice at every
    strategic decision, its best posture or plan as a greedy search of its own would
    find it against this player's default (:func:`~se4x_core.ai.strategic.response_statistics`),
    which the futures then play it with (0: the default strategy, or the belief)."""

    samples: int
    horizon: int
    workers: int
    seconds: float
    battle_iterations: int
    wide: bool = False
    modelled: bool = False
    focuses: int = 0
    model: str = ""
    opponents: bool = False
    solitaire_horizon: int = 0  # 0: SOLITAIRE_HORIZON
    greedy: bool = False
    style: str = ""
    respond: int = 0


# The rounds the futures run in the alien solitaire.  Its fleets launch from banks a
# few rounds apart and march for several more; one round ahead, every option ends
# alike and the search keeps the rule bot's choice (Normal in the human seat, one
# round: the same win rate as Easy, 47 % against 46 % of 100 at easy aliens).  Three
# rounds ahead (with the solitaire's own evaluation) Normal won 62 of the 100 where
# Easy won 46: 23 seeds better, 7 worse (docs/computer-players.md#solitaire).
SOLITAIRE_HORIZON: int = 3


# The app's words for them: the game's record (se4x_core/games/se4x/__init__.py, levels).
LEVELS: dict[str, Level] = {
    "normal": Level(4, 1, 1, 0.25, 50, opponents=True, style="raider"),
    "hard": Level(48, 2, 2, 1.5, 1500, greedy=True),
    "strongest": Level(96, 2, 2, 3.0, 1500, modelled=True, model=str(EXPERT_MODEL_PATH),
                       greedy=True),
}


@dataclass
class Decision:
    """The last strategic decision, for the hint and the statistics."""

    kind: str
    key: tuple[int, ...]
    names: list[str]
    stats: list[OptionStats]
    chosen: int

    @property
    def playouts(self) -> int:
        return sum(row.samples for row in self.stats)


class SearchBot(Bot):
    """The rule-based player with its strategy chosen by search (see the module docstring).

    ``wide``: search the wide option sets rather than the basic five of each;
    ``model_path``: a win model file to score the playouts with (default: the shipped one);
    ``modelled_battles``: the battle search modelled on the players' strategies and
    scored by the win model (see :class:`Level`).
    Budget: ``samples`` per strategic decision (deterministic) if > 0, else ``seconds``;
    both with ``capped`` (the samples unless the seconds run out first: a level's cap);
    ``workers`` processes search the decision at once (root parallel, their statistics
    summed); ``battle_iterations`` or ``battle_seconds`` for the battle corrections
    (0 and 0: none).
    """

    needs_information_set = True

    def __init__(self, seed: int = 0, seconds: float = 0.2, samples: int = 0,
                 horizon: int = 1, workers: int = 1, battle_seconds: float = 0.05,
                 battle_iterations: int = 0, capped: bool = False, wide: bool = False,
                 model_path: str = "", modelled_battles: bool = False,
                 focuses: int = 0, modelled_opponents: bool = False,
                 solitaire_horizon: int = 0, greedy: bool = False,
                 margin: float = MARGIN, style: str = "",
                 assumption: tuple[str, int] | None = None, respond: int = 0,
                 matrix: int = 0) -> None:
        super().__init__(seed)
        if style not in ("", *STYLE_CHOICES):
            raise ValueError(f"style {style!r}: one of {', '.join(STYLE_CHOICES)}")
        # style: the posture and plan kept first (the choice kept unless another is
        # clearly better), so that the search plays that style where it holds its own: a
        # sparring partner that searches yet plays unlike the rule bot's default.
        self._first_posture, self._first_plan = STYLE_CHOICES[style or "default"]
        self._start_choices()
        # greedy: the option with the best mean gain wherever it is above zero, without
        # the margin and standard error the default must otherwise be beaten by;
        # margin: what the gain must beat by one standard error where not greedy (0.0:
        # a gain clear of its own noise; measured for Normal: docs/computer-players.md).
        self.greedy = greedy
        self.margin = margin
        self.seconds = seconds
        self.samples = samples
        self.capped = capped
        self.horizon = horizon
        self.solitaire_horizon = solitaire_horizon or max(horizon, SOLITAIRE_HORIZON)
        self._solitaire = False  # the game has alien players (the observation says)
        self.workers = workers
        self.model_path = model_path
        self.modelled_battles = modelled_battles
        self.postures = list(WIDE_POSTURES if wide else POSTURES)
        self.plans = list(WIDE_PLANS if wide else PLANS)
        self.focuses = focuses
        # assumption: the style every opponent is taken to play from a round on, over
        # the belief (a measuring device, not a level's: Belief's docstring)
        self.belief = Belief(assumption=assumption) if modelled_opponents else None
        if respond and modelled_opponents:
            raise ValueError("an opponent is modelled by its style (o) or by its own "
                             "search (rN), not both: the belief and respond were given")
        if respond < 0:
            raise ValueError(f"respond: samples from 1, or 0 for none, not {respond}")
        # respond: each opponent taken to play its own search's choice in the futures
        self.respond = respond
        if matrix and (respond or modelled_opponents):
            raise ValueError("an opponent is modelled one way: by its style (o), its own "
                             "search (rN) or a game matrix (nP), not two")
        if not 0 <= matrix <= 100:
            raise ValueError(f"matrix: a percent from 0 to 100, not {matrix}")
        # matrix: the percent of the opponents' weight on their equilibrium replies
        self.matrix = matrix
        self._players = MAX_PLAYERS
        self.executor = RuleBot(seed, self.strategy)
        self.battles: MctsBot | None = None
        if battle_seconds > 0 or battle_iterations > 0:
            self.battles = MctsBot(seed, iterations=battle_iterations, seconds=battle_seconds,
                                   workers=1, guide=True)
            self.battles.use_guide(self.executor)
        self.searches = 0
        self.last: Decision | None = None
        # The last decision's key per kind (movement turns and phases come in order, so
        # one key each tells a new decision from a repeated step of the same one).
        self._decided: dict[int, tuple[int, ...]] = {}

    @classmethod
    def for_level(cls, level: Level, seed: int, workers: int, **overrides: Any) -> SearchBot:
        """The bot a level plays (capped: its samples unless its seconds run out), on
        up to ``workers`` processes; ``overrides`` replace any constructor argument
        (the hint's own samples and battle budget).  The one place a level's settings
        become a bot, so that the app's levels and the hint search alike."""
        settings: dict[str, Any] = dict(
            seconds=level.seconds, samples=level.samples, capped=True,
            horizon=level.horizon, workers=min(level.workers, workers),
            battle_seconds=0.0, battle_iterations=level.battle_iterations,
            wide=level.wide, modelled_battles=level.modelled, focuses=level.focuses,
            model_path=level.model, modelled_opponents=level.opponents,
            solitaire_horizon=level.solitaire_horizon, greedy=level.greedy,
            style=level.style, respond=level.respond)
        return cls(seed, **{**settings, **overrides})

    def restart(self) -> None:
        super().restart()
        self._start_choices()
        self.executor.restart()
        self.executor.set_strategy(self.strategy)
        if self.belief is not None:
            self.belief.reset()
        if self.battles is not None:
            self.battles.restart()
            self.battles.use_guide(self.executor)
        self.searches = 0
        self.last = None
        self._decided = {}

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.executor.inform(self.information_set)  # the rule bot decides on it too
        self._solitaire = any(observation.get("aliens", ()))
        if (belief := self._belief_in_play()) is not None:
            belief.observe(observation)
            self._players = observation["players"]
        if len(legal) > 1:
            self._strategic_decision(observation)
        if self.battles is not None and observation["phase"] in COMBAT_PHASES:
            self.battles.inform(self.information_set)
            if self.modelled_battles:
                me = observation["viewer"]
                mine, usual = self.strategy.encode(), DEFAULT.encode()
                self.battles.plan_with(BattleModel(
                    tuple(mine if p == me else usual for p in range(MAX_PLAYERS)),
                    self.executor.targets(me), self.model_path))
            return self.battles.step(observation, legal)
        return self.executor.step(observation, legal)

    # -- the strategic decisions -------------------------------------------------------
    def _strategic_decision(self, obs: Observation) -> None:
        """At the start of a movement turn the posture, of a purchase the plan."""
        me = obs["viewer"]
        if obs["current_player"] != me:
            return
        if obs["phase"] == "movement":
            key = (0, obs["round"], obs["turn"])
            if self._decided.get(0) != key:
                self._decided[0] = key
                # the style's posture first (the default's is first anyway); in the
                # solitaire its own first, and no style's: the aliens have no colonies
                # to raid nor an empire's habits to play against
                kept_first = SOLITAIRE_POSTURES if self._solitaire else {
                    self._first_posture: WIDE_POSTURES[self._first_posture]}
                postures = {**kept_first, **{name: WIDE_POSTURES[name] for name in self.postures}}
                for h in self.executor.target_candidates(obs, self.focuses):
                    postures[focus_name(obs, h)] = replace(DEFAULT, focus=h)
                self.posture = self._search(POSTURE, key, postures, me)
                self._posture = postures[self.posture]
        elif obs["phase"] == "economic_purchase":
            key = (1, obs["round"], 0)
            if self._decided.get(1) != key:
                self._decided[1] = key
                names = self.plans + advanced_plans(obs.get("advanced", ()))
                # the solitaire's plan of the round first, else the style's
                first = solitaire_plan(obs["round"]) if self._solitaire else self._first_plan
                names = [first] + [name for name in names if name != first]
                self.plan = self._search(PLAN, key, {name: ALL_PLANS[name]
                                                     for name in names}, me)
        self.executor.set_strategy(self.strategy)

    def _start_choices(self) -> None:
        """Before any search: the options kept first, the style's or the default."""
        self.posture = self._first_posture
        self._posture = WIDE_POSTURES[self.posture]  # (a focus is no named posture)
        self.plan = self._first_plan

    @property
    def strategy(self) -> Strategy:
        """The strategy the rule-based player follows now."""
        return DEFAULT.with_posture(self._posture).with_plan(ALL_PLANS[self.plan])

    def _search(self, kind: str, key: tuple[int, ...], choices: dict[str, Strategy],
                me: int) -> str:
        """The option the search picks among ``choices`` (name: the strategy whose
        posture or purchase fields it takes; the first is the default)."""
        base = self.strategy
        names = list(choices)
        options = [(base.with_posture(choices[n]) if kind == POSTURE
                    else base.with_plan(choices[n])).encode() for n in names]
        self.searches += 1
        seed = self.seed * 7919 + self.searches
        if self.matrix and not self._solitaire:
            stats = self._matrix_statistics(options, self.executor.targets(me), me, seed,
                                            self._replies(kind))
        else:
            stats = self._statistics(options, self.executor.targets(me), me, seed,
                                     self._responses(kind))
        chosen = choose_from(stats, 0.0, 0.0) if self.greedy else choose_from(stats,
                                                                             self.margin)
        self.last = Decision(kind, key, names, stats, chosen)
        return names[chosen]

    def _belief_in_play(self) -> Belief | None:
        """The belief, where there is one to keep: the aliens of the solitaire follow
        their tables, not a strategy, so there is nothing to believe about them."""
        return None if self._solitaire else self.belief

    @staticmethod
    def _replies(kind: str) -> list[tuple[int, ...]]:
        """An opponent's basic postures or plans, the default first (encoded): what its
        modelled search weighs, and the game matrix's replies."""
        choices = POSTURES if kind == POSTURE else PLANS
        return [(DEFAULT.with_posture(s) if kind == POSTURE else DEFAULT.with_plan(s)).encode()
                for s in choices.values()]

    def _matrix_statistics(self, options: list[tuple[int, ...]], targets: tuple[int, int],
                           me: int, seed: int, replies: list[tuple[int, ...]]
                           ) -> list[OptionStats]:
        """The options weighed against a mixture of the opponents' replies: the
        equilibrium of the game matrix (every option against every reply, every opponent
        following the same reply; the opponents' side minimising this player's chance)
        with ``matrix`` percent of the weight, the default reply with the rest.  Why:
        a player that answers each of this player's options as well as it can is the
        opponent no single assumed style models; the default's share keeps the search
        from playing only against the worst case (docs/computer-players.md#game-matrix)."""
        seconds = self.seconds if self.samples <= 0 or self.capped else 0.0
        parts = self._on_workers(search_matrix, seed, self.samples, lambda s, n: (
            self.information_set, me, s, options, replies, targets, self.horizon, n,
            self.model_path, seconds), seconds)
        rows: Rows = [row for part in parts for row in part]
        _, reply_mix = equilibrium(mean_matrix(rows))
        share = self.matrix / 100.0
        weights = [share * q + (1.0 - share) * (1.0 if j == 0 else 0.0)
                   for j, q in enumerate(reply_mix)]
        return against(rows, weights)

    def _responses(self, kind: str) -> Responses:
        """What an opponent's own search would weigh at this decision (its basic
        postures or plans, as a greedy level searches them, the default first); None
        where opponents are not modelled so, and in the alien solitaire (the aliens
        follow their tables, and search nothing)."""
        if not self.respond or self._solitaire:
            return None
        return self._replies(kind)

    def _modelled_opponents(self, packed: str, me: int, seed: int,
                            responses: list[tuple[int, ...]], targets: tuple[int, int],
                            horizon: int) -> Mixture:
        """Each opponent's modelled choice (``respond`` samples in all, split among the
        workers and their statistics merged, so that two processes weigh it as one
        does), as the mixture the futures play: that choice with all the weight."""
        usual = DEFAULT.encode()
        parts = self._on_workers(search_responses, seed, self.respond, lambda s, n: (
            packed, me, s, responses, usual, targets, horizon, n, self.model_path))
        mixture: Mixture = []
        for p in range(len(parts[0])):
            rows = [part[p] for part in parts]
            mixture.append([(1.0, responses[choose_from(merge(rows), 0.0, 0.0)])]
                           if rows[0] else [])
        return mixture

    def _statistics(self, options: list[tuple[int, ...]], targets: tuple[int, int],
                    me: int, seed: int, responses: Responses = None) -> list[OptionStats]:
        packed = self.information_set
        if not packed:
            raise ValueError("a search bot needs its player's information set: "
                             "call inform() before step() (se4x_core.ai.bot.ask does)")
        seconds = self.seconds if self.samples <= 0 or self.capped else 0.0
        belief = self._belief_in_play()
        opponents = belief.mixture(self._players, me) if belief is not None else None
        horizon = self.solitaire_horizon if self._solitaire else self.horizon
        if responses is not None:
            opponents = self._modelled_opponents(packed, me, seed, responses, targets,
                                                 horizon)
        parts = self._on_workers(search_strategies, seed, self.samples, lambda s, n: (
            packed, me, s, options, DEFAULT.encode(), targets, horizon, n, self.model_path,
            opponents, seconds), seconds)
        return parts[0] if len(parts) == 1 else merge(parts)

    def _on_workers(self, job: Callable[..., _Part], seed: int, samples: int,
                    arguments: Callable[[int, int], tuple[Any, ...]],
                    seconds: float = 0.0) -> list[_Part]:
        """``job``'s results, one per process: on one, a single call with every sample;
        on several, the samples split among them (rounded up; 0, a budget in time, stays
        0) and each with seeds of its own (root parallel), to be merged by the caller.
        ``arguments(seed, samples)`` builds a call's arguments."""
        if self.workers <= 1:
            return [job(*arguments(seed, samples))]
        share = -(-samples // self.workers) if samples > 0 else 0
        return run_shares(job, [arguments(seed * 31 + k, share)
                                for k in range(self.workers)], seconds)


def focus_name(obs: Observation, h: int) -> str:
    """A focus option's name: the hex as the player's map labels it."""
    return f"an attack on {board_for(obs['board']).label(h)}"


def search_strategies(packed: str, player: int, seed: int, options: list[tuple[int, ...]],
                      others: tuple[int, ...], targets: tuple[int, int], horizon: int,
                      samples: int, model_path: str,
                      opponents: Mixture | None, seconds: float) -> list[OptionStats]:
    """One search of a strategic decision from a packed information set (a worker's job).
    ``seconds`` comes last: :func:`~se4x_core.ai.mcts_bot.run_shares` divides a time
    budget among the shares by replacing each share's last argument."""
    info = unpack(packed)
    solitaire = any(info.alien[p] for p in range(info.n_players))  # its own model
    search = StrategySearch(info, player, seed, options, others, targets, horizon,
                            None if solitaire else model_from(model_path), opponents)
    search.run(samples, seconds)
    return search.statistics()


def search_matrix(packed: str, player: int, seed: int, options: list[tuple[int, ...]],
                  replies: list[tuple[int, ...]], targets: tuple[int, int], horizon: int,
                  samples: int, model_path: str, seconds: float) -> Rows:
    """A worker's share of a game matrix search (a worker's job): per sample, every
    option's reward against every reply, each opponent following the reply (``seconds``
    last, as in :func:`search_strategies`)."""
    info = unpack(packed)
    search = StrategySearch(info, player, seed, options, replies[0], targets, horizon,
                            model_from(model_path), replies=replies)
    search.run(samples, seconds)
    return search.rows


def search_responses(packed: str, player: int, seed: int, responses: list[tuple[int, ...]],
                     others: tuple[int, ...], targets: tuple[int, int], horizon: int,
                     samples: int, model_path: str) -> list[list[OptionStats]]:
    """A worker's share of modelling every opponent's own search (a worker's job): per
    player, how that opponent would weigh ``responses`` on ``samples`` of the player's
    determinizations (:func:`~se4x_core.ai.strategic.response_statistics`); empty for
    the player itself and for the eliminated."""
    info = unpack(packed)
    model = model_from(model_path)
    return [[] if p == player or not info.alive[p] else response_statistics(
        info, player, p, seed * 17 + p, responses, others, targets, horizon, samples, model)
        for p in range(info.n_players)]
