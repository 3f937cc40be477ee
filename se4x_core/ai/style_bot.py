"""The sparring pool: computer opponents that play unlike the rule bot.

Every search level plays its futures with the rule-based player
(:mod:`se4x_core.ai.rule_bot`) in every seat, and a level measured only
against that player learns nothing about opponents who play otherwise.  The
bots here are written apart from it, from the rules and the public
observation only (no compiled rules, no simulator, no information set), so
that their mistakes and their strengths are their own.  One player,
:class:`StyleBot`, plays each :class:`Style` of :data:`STYLES`:

``turtle``
    builds bases and a fleet at home and sends it out in **waves**: the
    whole home fleet sets out once it is big enough, and a wave that has lost
    half its strength comes home to gather again.
``rush``
    no research beyond destroyers; cheap warships from the first phase, each
    sent at the nearest enemy homeworld as soon as it is built; it never
    leaves a battle.
``raider``
    Movement research first and fast groups that go for enemy colonies other
    than homeworlds; it **leaves every battle it is not clearly winning**
    (hit and run).
``tech``
    most of its CP into research for the first rounds (Ship Size, Attack,
    Defense, Tactics), then the biggest warships it can build, launched at the
    enemy homeworld when the fleet is strong.
``expander``
    colony ships, miners and scouts first; a fleet that guards its colonies
    and attacks only late, with everything.

What they share is mechanics, not judgement: exploring with scouts,
colonising the nearest known planet, towing minerals home, buying within
the upkeep the income carries, stepping toward a target hex.  A battle's
targets and screening follow the game's default policy (the observation's
``suggested`` action), as a player who lets the battle screen choose would.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 1})
>>> bot = StyleBot(seed=2, style=STYLES["turtle"])
>>> bot.restart()
>>> bot.step(game.observation(game.current_player), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from se4x_core import data
from se4x_core.actions import (
    A_BID,
    A_BUY,
    A_COLONIZE,
    A_END_BUY,
    A_END_MOVE,
    A_LOAD,
    A_MOVE,
    A_ORDER,
    A_RESEARCH,
    A_RETREAT,
    A_UNLOAD,
    arg_a,
    arg_b,
    kind_of,
)
from se4x_core.ai.bot import CodeBot
from se4x_core.ai.random_bot import choose
from se4x_core.hexgrid import Board, board_for
from se4x_core.observation import Observation, UnitView, friends_of, warp_links_seen
from se4x_core.phases import COMBAT_PHASES

_CODE = data.CODE_TO_UNIT
_TECH = {key: i for i, key in enumerate(data.TECH_KEYS)}
# Markers a colony ship can settle at once (barren planets need Terraforming).
_SETTLE = ("planet",)
_DANGEROUS = frozenset({"danger", "black_hole", "supernova"})
_BLOCKED = frozenset({"supernova"})  # no ship enters one
# Route costs: a step into a face-down hex (a Danger! may lie there) or past a known
# hazard costs as much as this many safe steps, so groups go round when they can.
_UNKNOWN_STEP = 3
_HAZARD_STEP = 6


@dataclass(frozen=True)
class Style:
    """How one sparring bot plays (see the module docstring for the five).

    ``research``: (tech key, level) in the order it wants them, researched in every
    ``research_every``-th Economic Phase and in every phase before round
    ``research_until``, as far as the CP go; ``order``: what a phase's CP go to first
    (``research``, ``colony``, ``support``, ``warship``); ``colony_ships`` bought a
    phase, ``miners`` and
    ``scouts`` kept in service, ``bases`` at home; ``warships``: the types it builds,
    preferred first (the first one affordable and buildable); ``upkeep_share``: the
    share of the colonies' income its fleet's upkeep may take; ``attack``: ``wave``
    (the warships at home set out together once their strength reaches ``wave``, a
    new wave whenever that many have gathered again) or ``raid`` (each group at once);
    neither before round ``attack_round``; ``targets``: ``homeworld`` (enemy
    homeworlds), ``colonies`` (other enemy colonies, homeworlds when none is known) or
    ``any``; ``retreat_ratio``: it leaves a battle when the enemy's strength there
    exceeds its own times this (0: never).
    """

    name: str
    research: tuple[tuple[str, int], ...]
    research_every: int
    research_until: int
    order: tuple[str, ...]
    colony_ships: int
    miners: int
    scouts: int
    bases: int
    warships: tuple[str, ...]
    upkeep_share: float
    attack: str
    targets: str
    wave: int
    attack_round: int
    retreat_ratio: float


# The research most styles fall back on once their own list is done.
_LATER_RESEARCH: tuple[tuple[str, int], ...] = (
    ("attack", 2), ("defense", 2), ("ship_size", 4), ("tactics", 1), ("attack", 3),
    ("defense", 3), ("ship_size", 5), ("movement", 2), ("tactics", 2), ("ship_size", 6),
    ("movement", 3), ("tactics", 3))

STYLES: dict[str, Style] = {
    "turtle": Style(
        "turtle", (("ship_size", 2), ("defense", 1), ("attack", 1), ("ship_size", 3),
                   ("defense", 2), ("attack", 2)) + _LATER_RESEARCH,
        research_every=2, research_until=0, order=("research", "support", "colony", "warship"),
        colony_ships=1, miners=1, scouts=1, bases=1, warships=("CA", "DD"),
        upkeep_share=0.8, attack="wave", targets="any", wave=60, attack_round=6,
        retreat_ratio=0.0),
    "rush": Style(
        "rush", (("ship_size", 2), ("attack", 1)), research_every=1, research_until=0,
        order=("research", "warship"), colony_ships=0, miners=0, scouts=0, bases=0,
        warships=("DD", "SC"), upkeep_share=1.0, attack="wave", targets="homeworld",
        wave=20, attack_round=2, retreat_ratio=0.0),
    "raider": Style(
        "raider", (("movement", 2), ("ship_size", 2), ("attack", 1), ("movement", 3))
        + _LATER_RESEARCH,
        research_every=2, research_until=0, order=("research", "colony", "support", "warship"),
        colony_ships=1, miners=0, scouts=1, bases=0, warships=("DD", "SC"),
        upkeep_share=0.8, attack="raid", targets="colonies", wave=0, attack_round=2,
        retreat_ratio=0.8),
    "tech": Style(
        "tech", (("ship_size", 3), ("attack", 1), ("defense", 1), ("attack", 2),
                 ("defense", 2), ("ship_size", 4), ("tactics", 1), ("attack", 3),
                 ("defense", 3), ("ship_size", 5), ("ship_size", 6)) + _LATER_RESEARCH,
        research_every=1, research_until=7, order=("research", "colony", "support", "warship"),
        colony_ships=1, miners=1, scouts=1, bases=0, warships=("DN", "BB", "BC", "CA"),
        upkeep_share=0.7, attack="wave", targets="homeworld", wave=80, attack_round=7,
        retreat_ratio=0.0),
    "expander": Style(
        "expander", (("ship_size", 2), ("terraforming", 1), ("exploration", 1),
                     ("attack", 1), ("defense", 1)) + _LATER_RESEARCH,
        research_every=3, research_until=0, order=("colony", "support", "research", "warship"),
        colony_ships=3, miners=3, scouts=3, bases=0, warships=("DD", "CA"),
        upkeep_share=0.5, attack="wave", targets="any", wave=60, attack_round=12,
        retreat_ratio=0.0),
}


def strength(unit: UnitView) -> int:
    """A group's fighting weight as anyone may count it: hull points times (1 + its
    attack), from the face-up counter (a face-down enemy counts as one destroyer)."""
    code = unit.get("unit_type")
    if code is None:
        return 2
    kind = _CODE[code]
    if kind not in data.WARSHIP_TYPES and kind != data.BASE:
        return 0
    count = unit.get("count", 1)
    return count * max(1, data.UNIT_HULL[kind]) * (1 + data.UNIT_ATTACK[kind])


class StyleBot(CodeBot):
    """One :class:`Style` played from the observation (see the module docstring)."""

    def __init__(self, seed: int = 0, style: Style = STYLES["turtle"]) -> None:
        super().__init__(seed)
        self.style = style
        self.launched: set[int] = set()  # warship groups sent out (wave, late)
        self.wave_start = 0  # the strength a wave set out with

    def restart(self) -> None:
        super().restart()
        self.launched = set()
        self.wave_start = 0

    def choose(self, observation: Observation, legal: list[int]) -> int:
        phase = observation["phase"]
        if phase == "economic_bid":
            return next((c for c in legal if kind_of(c) == A_BID and arg_a(c) == 0), legal[0])
        if phase == "choose_order":
            return next((c for c in legal if kind_of(c) == A_ORDER), legal[0])
        if phase == "economic_purchase":
            return _Purchases(observation, legal, self.style).next()
        if phase == "movement":
            return self._movement(observation, legal)
        if phase in COMBAT_PHASES:
            return self._battle(observation, legal)
        suggested = observation["suggested"]
        return suggested if suggested in legal else choose(legal, self.rnd)

    # -- battles ---------------------------------------------------------------------
    def _battle(self, obs: Observation, legal: list[int]) -> int:
        retreats = [c for c in legal if kind_of(c) == A_RETREAT]
        if retreats and self.style.retreat_ratio > 0 and obs["battle"] is not None:
            mine, theirs = _battle_strengths(obs, obs["battle"]["hex"])
            if theirs > self.style.retreat_ratio * mine:
                return _toward(obs, retreats, _home(obs))
        suggested = obs["suggested"]
        return suggested if suggested in legal else choose(legal, self.rnd)

    # -- movement --------------------------------------------------------------------
    def _movement(self, obs: Observation, legal: list[int]) -> int:
        for kind in (A_COLONIZE, A_UNLOAD, A_LOAD):
            found = [c for c in legal if kind_of(c) == kind]
            if found:
                return found[0]
        plan = _MovePlan(obs, self)
        steps = [c for c in legal if kind_of(c) == A_MOVE and plan.helps(c)]
        if steps:
            return steps[0]
        return next((c for c in legal if kind_of(c) == A_END_MOVE),
                    obs["suggested"] if obs["suggested"] in legal else legal[0])


def _home(obs: Observation) -> int:
    return obs["homeworlds"][obs["viewer"]]


def _battle_strengths(obs: Observation, at: int) -> tuple[int, int]:
    me = friends_of(obs, obs["viewer"])
    mine = theirs = 0
    for unit in obs["units"]:
        if unit["hex"] == at:
            if unit["owner"] in me:
                mine += strength(unit)
            else:
                theirs += strength(unit)
    return mine, theirs


def _toward(obs: Observation, codes: list[int], target: int) -> int:
    """The code whose direction (``arg_a``) leads nearest ``target`` from the battle."""
    board = board_for(obs["board"])
    here = obs["battle"]["hex"] if obs["battle"] else target

    def distance(code: int) -> int:
        there = board.neighbour(here, arg_a(code))
        return board.distance(there, target) if there >= 0 and target >= 0 else 0
    return min(codes, key=lambda c: (distance(c), c))


class _MovePlan:
    """Where each of the viewer's groups is heading this movement turn."""

    def __init__(self, obs: Observation, bot: StyleBot) -> None:
        self.obs = obs
        self.bot = bot
        self.style = bot.style
        self.board: Board = board_for(obs["board"])
        self.links = warp_links_seen(obs)
        self.me = obs["viewer"]
        self.friends = friends_of(obs, self.me)
        self.home = _home(obs)
        self.hexes = {h["hex"]: h for h in obs["hexes"]}
        self.mine = {u["unit"]: u for u in obs["units"] if u["owner"] == self.me}
        self.targets = self._enemy_targets()
        self._routes: dict[tuple[int, bool], dict[int, int]] = {}
        self._launch()

    def _route_costs(self, target: int, explorer: bool) -> dict[int, int]:
        """Every hex's cost to reach ``target`` (Dijkstra over the board's adjacency and
        the warp links seen; the geometric distance ignores the board's edges and holes).
        An ``explorer`` pays no extra for face-down hexes."""
        key = (target, explorer)
        if key not in self._routes:
            costs = {target: 0}
            queue = [(0, target)]
            while queue:
                cost, here = heapq.heappop(queue)
                if cost > costs.get(here, cost):
                    continue
                step = self._step_cost(here, explorer)  # the cost of entering ``here``
                for near in self.board.adjacent(here, self.links):
                    if cost + step < costs.get(near, 1 << 30):
                        costs[near] = cost + step
                        heapq.heappush(queue, (cost + step, near))
            self._routes[key] = costs
        return self._routes[key]

    def _step_cost(self, hex_index: int, explorer: bool) -> int:
        view = self.hexes.get(hex_index)
        marker = view["marker"] if view is not None else None
        if marker in _BLOCKED:
            return 1 << 20
        if marker in _DANGEROUS:
            return _HAZARD_STEP
        return _UNKNOWN_STEP if marker is None and not explorer else 1

    def distance(self, a: int, b: int, explorer: bool = False) -> int:
        return self._route_costs(b, explorer).get(a, 1 << 30)

    def _enemy_targets(self) -> list[int]:
        homes = [h for p, h in enumerate(self.obs["homeworlds"])
                 if p not in self.friends and self.obs["alive"][p] and h >= 0]
        colonies = [h["hex"] for h in self.obs["hexes"] if "colony" in h
                    and h["colony"]["owner"] not in self.friends
                    and not h["colony"]["homeworld"]]
        if self.style.targets == "colonies":
            return colonies or homes
        if self.style.targets == "homeworld":
            return homes
        return homes + colonies

    def _warships(self) -> list[UnitView]:
        """The fighting groups: warships but the scouts that explore."""
        return [u for u in self.mine.values()
                if u["unit_type"] is not None and _CODE[u["unit_type"]] in data.WARSHIP_TYPES
                and u["unit"] not in self.explorers]

    @property
    def explorers(self) -> set[int]:
        """The scout groups that explore: the style's number of them, oldest first."""
        scouts = sorted(u["unit"] for u in self.mine.values() if u["unit_type"] == "SC")
        return set(scouts[:self.style.scouts])

    def _launch(self) -> None:
        """Waves: the home fleet sets out when strong enough; a broken wave comes home."""
        if self.style.attack != "wave":
            return
        bot = self.bot
        fleet = self._warships()
        bot.launched &= {u["unit"] for u in fleet}
        out = sum(strength(u) for u in fleet if u["unit"] in bot.launched)
        if bot.launched and out * 2 < bot.wave_start:
            bot.launched.clear()  # broken: home to gather again
            out = 0
        at_home = [u for u in fleet if u["hex"] == self.home and u["unit"] not in bot.launched]
        ready = sum(strength(u) for u in at_home)
        if self.obs["round"] >= self.style.attack_round and ready >= self.style.wave and \
                self.targets:
            bot.launched |= {u["unit"] for u in at_home}
            bot.wave_start = out + ready

    def target_of(self, unit: UnitView) -> int:
        """The hex this group heads for (-1: it stays)."""
        code = unit["unit_type"]
        if code is None:
            return -1
        kind = _CODE[code]
        if kind == data.CO:
            return self._nearest(unit["hex"], self._settle_sites())
        if kind == data.MINER:
            if unit.get("cargo"):
                return self._nearest(unit["hex"], self._own_colonies())
            return self._nearest(unit["hex"], self._markers(("minerals", "space_wreck")))
        if unit["unit"] in self.explorers:
            return self._nearest(unit["hex"], self._unexplored())
        if kind not in data.WARSHIP_TYPES:
            return -1
        return self._warship_target(unit)

    def _warship_target(self, unit: UnitView) -> int:
        style = self.style
        if style.attack == "raid":
            if self.obs["round"] < style.attack_round:
                return self.home
            return self._nearest(unit["hex"], self.targets)
        if unit["unit"] in self.bot.launched:
            return self._nearest(unit["hex"], self.targets)
        return self.home

    def _nearest(self, here: int, hexes: list[int]) -> int:
        if not hexes:
            return -1
        return min(hexes, key=lambda h: (self.board.linked_distance(here, h, self.links), h))

    def _markers(self, keys: tuple[str, ...]) -> list[int]:
        return [h for h, view in self.hexes.items() if view["marker"] in keys
                and "colony" not in view]

    def _settle_sites(self) -> list[int]:
        keys = _SETTLE + (("barren",) if self.obs["me"]["tech"].get("terraforming", 0) else ())
        taken = {u["hex"] for u in self.obs["units"] if u["owner"] not in self.friends}
        return [h for h in self._markers(keys) if h not in taken]

    def _own_colonies(self) -> list[int]:
        return [h for h, view in self.hexes.items()
                if "colony" in view and view["colony"]["owner"] == self.me]

    def _unexplored(self) -> list[int]:
        return [h for h, view in self.hexes.items() if view["marker"] is None]

    def helps(self, code: int) -> bool:
        """Whether this step brings its group nearer where it is heading."""
        unit = self.mine.get(arg_a(code))
        if unit is None:
            return False
        target = self.target_of(unit)
        if target < 0 or unit["hex"] == target:
            return False
        there = self.board.neighbour(unit["hex"], arg_b(code))
        explorer = unit["unit"] in self.explorers
        return there >= 0 and self.distance(there, target, explorer) < \
            self.distance(unit["hex"], target, explorer)


class _Purchases:
    """The next purchase of an Economic Phase, from what is left and the style."""

    def __init__(self, obs: Observation, legal: list[int], style: Style) -> None:
        self.obs = obs
        self.legal = legal
        self.style = style
        me = obs["me"]
        records = me.get("purchases", [])
        self.bought = [r.get("unit_type", "") for r in records if r["kind"] == "buy"]
        self.tech = dict(me["tech"])
        for record in records:
            if record["kind"] == "research":
                self.tech[record["tech"]] = record["level"] + 1
        self.mine = [u for u in obs["units"] if u["owner"] == obs["viewer"]]

    def next(self) -> int:
        picks = {"research": self._research, "colony": self._colony_ship,
                 "support": self._support, "warship": self._warship}
        for name in self.style.order:
            code = picks[name]()
            if code is not None:
                return code
        code = self._research(every_phase=True)  # CP the fleet's upkeep cap leaves over
        if code is not None:
            return code
        return next((c for c in self.legal if kind_of(c) == A_END_BUY), self.legal[0])

    def _buy(self, code: str) -> int | None:
        """The legal purchase of one ``code`` unit (at the homeworld when it may be)."""
        kind = _CODE[code]
        buys = [c for c in self.legal if kind_of(c) == A_BUY and arg_a(c) == kind]
        if not buys:
            return None
        home = _home(self.obs)
        return next((c for c in buys if arg_b(c) == home), buys[0])

    def _research(self, every_phase: bool = False) -> int | None:
        style, round_ = self.style, self.obs["round"]
        if round_ >= style.research_until and round_ % style.research_every and \
                not every_phase:
            return None
        for key, level in style.research:
            if self.tech.get(key, 0) >= level:
                continue
            # the next tech in its order, or nothing: the plan waits for the CP
            return next((c for c in self.legal if kind_of(c) == A_RESEARCH
                         and arg_a(c) == _TECH[key]), None)
        return None

    def _count(self, code: str) -> int:
        owned = sum(u.get("count", 1) for u in self.mine if u["unit_type"] == code)
        return owned + self.bought.count(code)

    def _colony_ship(self) -> int | None:
        """One more colony ship while the phase's quota lasts and a known planet waits
        for it (one that no colony ship in service will take)."""
        if self.bought.count("CO") >= self.style.colony_ships:
            return None
        friends = friends_of(self.obs, self.obs["viewer"])
        keys = _SETTLE + (("barren",) if self.tech.get("terraforming", 0) else ())
        sites = [h for h in self.obs["hexes"] if h["marker"] in keys and "colony" not in h
                 and not any(u["hex"] == h["hex"] and u["owner"] not in friends
                             for u in self.obs["units"])]
        if self._count("CO") >= len(sites):
            return None
        return self._buy("CO")

    def _support(self) -> int | None:
        style = self.style
        for code, wanted in (("SC", style.scouts), ("Miner", style.miners),
                             ("Base", style.bases)):
            if self._count(code) < wanted:
                found = self._buy(code)
                if found is not None:
                    return found
        return None

    def _upkeep(self) -> int:
        units = [(_CODE[u["unit_type"]], u.get("count", 1)) for u in self.mine
                 if u["unit_type"] is not None]
        units += [(_CODE[code], 1) for code in self.bought if code]
        return sum(data.UNIT_HULL[k] * n for k, n in units if data.UNIT_MAINTAINED[k])

    def _warship(self) -> int | None:
        """The style's preferred warship that is buildable, within the upkeep the income
        carries; past that cap only CP that the carry-over cap would take are spent (on
        any warship the yards can build)."""
        income = self.obs["me"]["income_report"].get("colony_income", 20)
        cap = self.style.upkeep_share * max(income, 20)
        wasted = self.obs["me"]["cp"] > data.CARRY_OVER_CAP
        types = list(self.style.warships) + [c for c in ("CA", "DD", "SC")
                                             if c not in self.style.warships]
        for code in types:
            kind = _CODE[code]
            if self._upkeep() + data.UNIT_HULL[kind] > cap and not wasted:
                return None
            found = self._buy(code)
            if found is not None:
                return found
        return None
