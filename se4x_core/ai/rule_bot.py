"""A rule-based player with a plan: the "Easy" level and the yardstick for the search AI.

It reads only its player's observation and the legal action codes
(:mod:`se4x_core.ai.bot`) and plays a whole empire with fixed rules.  The
numbers and choices that make its style of play (the odds it attacks at, what
it attacks, the shares of research and upkeep, colony ships a phase, the
research plan's order) are a :class:`~se4x_core.ai.strategy.Strategy`: the
constants below are the default one's, ``RuleBot(seed, strategy)`` plays
another and :meth:`RuleBot.set_strategy` changes it between decisions (the
search chooses a posture each movement turn and a purchase plan each Economic
Phase).  :mod:`se4x_core.sim.policy` is the same rules compiled, for playouts.
The rules:

* **Exploration.**  Scouts go to the nearest face-down hex (Deep Space counts
  :data:`DEEP_SPACE_PENALTY` hex farther, so the safer home system goes
  first), each to a different one.  Early on (up to round
  :data:`EARLY_ROUNDS`), warships with nothing to fight explore the face-down
  hexes of their own home system too.
* **Colonisation.**  Colony ships go to the nearest free known planet (barren
  ones too once they can terraform), each to a different one, scored by
  distance plus a penalty for Deep Space and for enemies near it, and land on
  it.  A colony ship is bought for every such planet a colony ship from home
  could reach and none is heading for (two a phase at most).
* **Mining.**  Miners load the nearest minerals or space wreck (the value of
  the load weighed against the round trip) and tow it to the nearest colony
  that is not blockaded, where they unload.
* **Pipelines** (advanced rules, MS Pipelines).  The bot plans a chain along a
  shortest safe path from the homeworld to each own colony at most
  :data:`PIPELINE_REACH` hexes away (the hexes between the two: a colony next
  door needs one pipeline, at home); each pipeline goes to the nearest gap in
  the plan (one each) and stays there.  Buying one (3 CP) pays back within a
  few phases at +1 CP a linked colony a phase, so after expansion the bot buys
  pipelines for the gaps no pipeline fills, two a phase at most, keeping its
  reserve.
* **Economy.**  One purchase per step, the first rule that applies: (1) a
  homeworld that would not hold without the fleet gets a base and then every
  warship its yards can build; (2) colony ships as above, a second miner while
  minerals wait, a scout while fewer than two remain and space is unexplored,
  pipelines for the planned chain's gaps; (3) the next level of
  :data:`RESEARCH_PLAN` (Ship Size 3 for cruisers, Attack and Defense 1-2,
  Movement 2, Ship Yard 2, Ship Size up to dreadnoughts, Attack/Defense 3,
  ...) within :data:`RESEARCH_SHARE` of the phase's CP; (4) a base at the
  homeworld (from round 3); (5) a ship yard at home while the yards cannot
  turn :data:`SHIP_SHARE` of the income into warships; (6) refits of old
  groups at the yards; (7) warships of the plan's type (cruisers, dreadnoughts
  at Ship Size 6, battleships at Ship Size 5 once Attack and Defense reach 3;
  cruisers fill the yards when the big hull does not fit) while maintenance
  stays within :data:`MAINTENANCE_SHARE` of the colonies' income; (8) more
  research in plan order; (9) CP that would be lost at the carry-over cap
  (above 30 at the end of the phase) go to the next research, then, once the
  research plan is complete, to warships whatever the maintenance share, then
  to a yard at home, a base at a colony, a colony ship; never to scouts or
  decoys (:func:`_spend_excess`).  Every rule but the first and the last keeps
  a reserve of :data:`RESERVE` CP.
* **War.**  Warships gather at the homeworld, merging groups of the same type
  and technology.  Once a turn the bot compares its main stack (the hex with
  the most fleet value) with what it knows of every enemy homeworld, colony
  and seen stack, using the battle simulator, and sends the stack against
  the best value x odds / distance when the odds are at least
  :data:`ATTACK_ODDS` (keeping a chosen target while they stay above
  :data:`ABORT_ODDS`).  The groups of the stack move at the pace of the
  slowest, so they arrive together; ships built meanwhile stay home as a
  guard.  Setting out from home waits until :data:`GATHERED_SHARE` of the
  fleet is there.  When enemy groups within :data:`THREAT_RADIUS` hexes of
  the homeworld would beat what stays there (the simulator below
  :data:`DEFEND_ODDS`), the only targets are those groups; if none can be
  beaten, the fleet comes home.  **Finishing push:** when the whole fleet
  beats everything an enemy is known to have (fleet, yards and bases, wherever
  they stand) at :data:`PUSH_ODDS`, that enemy's homeworld is the target: the
  fleet, home guard included, gathers :data:`STAGING_DISTANCE` hexes from it
  unless the main stack alone beats that whole force at :data:`ATTACK_ODDS`,
  then strikes; once under way the push goes on at :data:`ABORT_ODDS`, and an
  enemy fleet coming home to defend is no reason to turn back
  (:func:`finishing_push`).
* **Battles.**  Each ship fires at the target with the best hit chance times
  the target's threat per hit its lead ship still needs (the ``to_hit`` table
  gives both); ties go to the default rule (``suggested``).  A group retreats,
  toward home, once the simulator gives its side less than
  :data:`RETREAT_ODDS` (never from its own homeworld).  Enemy colonies are
  always bombed.
* **Doomsday Machines** (advanced rules).  A machine's hex is barred to scouts,
  colony ships and miners and costs the fleet as much as an enemy stack; a
  planet a machine could reach in its next move (two hexes) is a poor colony
  site.  A machine is an attack target worth :data:`MACHINE_WORTH` (two wreck
  rolls, and the colonies it would destroy), struck only at the simulator's
  :data:`ATTACK_ODDS` against it; a battle against one is left like any other
  once hopeless.
* Everything else follows ``suggested`` when there is one, else ends the
  phase.  A choice that is not legal is never returned (the last line falls
  back to ``suggested``, then to ending the phase, then to the first legal
  action), and movement always ends: every step uses up movement, and the
  only other movement actions taken (colonise, load, unload, merge) remove a
  counter or a cargo.

Judgement calls:

* **Unknown enemy groups.**  A face-down enemy counter is assumed to be
  :data:`ASSUMED_GROUP_SIZE` ships of the best type the enemy could plausibly
  field: the biggest type seen revealed from that empire, or else the type the
  bot's own Ship Size would build (at most one Ship Size level per Economic
  Phase played, so scouts in round 1).  Its Attack, Defense and Tactics are
  the best seen from that empire, but never less than one level below the
  bot's own.  A counter once seen revealed keeps what it showed (type, size,
  levels) after it turns face down again at its colonies, until it leaves the
  board.  Ship yards show their type but not their number: four (the
  starting yards) at a homeworld, one elsewhere.  Decoys cannot be told apart
  and count as groups.  The enemy force at a target includes the enemy
  groups next to it, which could join the defence before the fleet arrives.
* **Deadly hexes.**  Known black holes (40% loss per ship on every entry) and
  markers the bot peeked at that would destroy or scatter a unit are never
  entered.  The fleet never steps into a face-down Deep Space hex (Danger!
  destroys a whole stack a quarter of the time): it waits for the scouts to
  open a route.  Colony ships and miners only use explored hexes without
  enemies (the rules forbid the rest), and colonise neither other empires'
  home systems nor within :data:`THREAT_RADIUS` of an enemy homeworld.
* **Income** for the maintenance limit is what the colonies earn; minerals
  are one-off and not counted on.
* **Research** goes strictly in plan order: when the next level is too dear
  the bot saves for it rather than buying something further down the plan.
* **Bids.**  One CP when the player order matters (enemy groups near the
  homeworld, or the fleet near an enemy colony), else nothing; given the
  choice it moves first when attacking and last otherwise (it sees the
  enemy's moves first and fights as the defender).
* **Homeworld.**  The hex of its home system farthest from every other
  region, then the most central one.
* **Simulator.**  :data:`SIM_TRIALS` battles with a fixed seed per question,
  cached per game, so a decision is repeatable and costs well under a
  millisecond compiled; damage already taken in a running battle is ignored.

What it does not do: screen in combat, peek with Exploration technology,
buy decoys, bid for the order in any subtle way, run more than one attack
at a time, defend colonies other than the homeworld, or weigh several
enemies against each other beyond picking the best target.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

from se4x_core import data
from se4x_core.actions import (
    A_BID,
    A_BOARD,
    A_BUY,
    A_COLONIZE,
    A_END_BUY,
    A_END_MOVE,
    A_FIRE,
    A_FIRE_COLONY,
    A_LOAD,
    A_MERGE,
    A_MOVE,
    A_ORDER,
    A_PLACE,
    A_REFIT,
    A_RESEARCH,
    A_RETREAT,
    A_SHIFT,
    A_UNLOAD,
    arg_a,
    arg_b,
    encode,
    kind_of,
)
from se4x_core.ai.bot import CodeBot
from se4x_core.ai.strategy import DEFAULT, Strategy
from se4x_core.hexgrid import DEEP_SPACE, Board, board_for
from se4x_core.kernel.battle_math import hit_faces
from se4x_core.observation import BattleView, Observation, UnitView, friends_of, warp_links_seen
from se4x_core.sim.battle_spec import machine_entry, parse_spec
from se4x_core.sim.combat_sim import simulate
from se4x_core.sim.policy import RESEARCH_PLAN_IDS, RESEARCH_PLANS

# -- tuning --------------------------------------------------------------------------------
# The numbers that make a style of play are a Strategy (se4x_core.ai.strategy); these are
# the default strategy's, as the bot plays them unless told otherwise (set_strategy).
ATTACK_ODDS = DEFAULT.attack_odds  # launch an attack at these simulated odds or better
ABORT_ODDS = DEFAULT.abort_odds  # keep attacking the chosen target while the odds stay above
STAGING_DISTANCE = 2  # hexes from an enemy homeworld where the fleet gathers for a push
PUSH_ODDS = DEFAULT.push_odds  # the whole fleet beats all an enemy has this often: push
DEFEND_ODDS = DEFAULT.defend_odds  # home defences alone must hold this often
RETREAT_ODDS = DEFAULT.retreat_odds  # a battle this hopeless is left
THREAT_RADIUS = 3  # enemy groups this close to the homeworld are a threat
GATHERED_SHARE = DEFAULT.gathered_share  # share of the fleet at the main stack to set out
MAINTENANCE_SHARE = DEFAULT.maintenance_share  # maintenance's most of the income
RESEARCH_SHARE = DEFAULT.research_share  # the first research's most of a phase's CP
RESERVE = DEFAULT.reserve  # CP kept at the end of a phase
SHIP_SHARE = DEFAULT.ship_share  # of the income, what the yards at home should build
MAX_HOME_CAPACITY = 16  # half hulls: yards at home stop at eight level-1 yards
ASSUMED_GROUP_SIZE = 2  # ships in an enemy group whose size is unknown
SIM_TRIALS = 400
SIM_SEED = 1
EARLY_ROUNDS = 4  # spare warships explore the home system until this round
DEEP_SPACE_PENALTY = 1  # hexes a Deep Space target counts farther (scouts)
UNREACHABLE = 1 << 20
RAIDERS_WANTED = 2  # advanced rules: raiders the fleet keeps once Cloaking is known
MINES_AT_HOME = 2  # advanced rules: mines laid at the homeworld once Mines is known
POINT_DEFENSE_SCOUTS = 3  # advanced rules: scouts with Point Defense once enemy fighters show
PIPELINE_REACH = 4  # colonies this close to home get a chain (at most 3 pipelines each)
PIPELINES_A_PHASE = 2  # pipelines bought in one Economic Phase at most
MACHINE_WORTH = 12.0  # a Doomsday Machine as a target (a colony is worth 4 + its CP)

_SC, _DD, _CA, _BC, _BB, _DN = data.SC, data.DD, data.CA, data.BC, data.BB, data.DN
_BASE, _SY, _CO, _MINER = data.BASE, data.SY, data.CO, data.MINER
_MS = data.MS
_T_SS, _T_ATT, _T_DEF, _T_TAC = data.T_SHIP_SIZE, data.T_ATTACK, data.T_DEFENSE, data.T_TACTICS
_T_MOV, _T_YARD, _T_TERRA = data.T_MOVEMENT, data.T_SHIP_YARD, data.T_TERRAFORMING
_WARSHIPS = frozenset(data.WARSHIP_TYPES)
_ARMED = frozenset(t for t in range(data.N_UNIT_TYPES) if data.UNIT_ATTACK[t] > 0)
_DEADLY_PEEKS = frozenset({"danger", "black_hole", "supernova", "lost_in_space"})

# The research plan: (technology, level) milestones, bought in this order (the default
# strategy's "balanced" plan, se4x_core.sim.policy.RESEARCH_PLANS): Ship Size 2-3 for
# cruisers, the best value for CP at low technology; Attack and Defense 1-2, all a
# cruiser's hull can carry; Movement 2, Ship Yard 2; Ship Size 4-6 for dreadnoughts;
# Attack and Defense 3, Tactics, Movement, yards.
RESEARCH_PLAN: tuple[tuple[int, int], ...] = RESEARCH_PLANS[RESEARCH_PLAN_IDS["balanced"]]


# -- the observation, digested -------------------------------------------------------------
@dataclass
class Unit:
    """A counter as the bot reasons about it (enemy counters with assumed contents)."""

    unit: int
    owner: int
    hex: int
    kind: int  # unit type code; -1 for an unknown enemy counter
    count: int
    attack: int
    defense: int
    tactics: int
    moved: int = 0
    allowance: int = 0
    done: bool = True
    cargo: str | None = None
    cargo_value: int = 0
    terraform: bool = False
    level: int = 0  # advanced rules: a fighter's F1-F3, a scout's Point Defense
    aboard: int | None = None  # advanced rules: the carrier group a fighter group rides

    @property
    def armed(self) -> bool:
        """Combat-capable, or unknown (and so possibly combat-capable)."""
        return self.kind < 0 or self.kind in _ARMED

    @property
    def value(self) -> int:
        """CP the counter is worth (the yardstick of fleet shares)."""
        return data.UNIT_COST[self.kind] * self.count if self.kind >= 0 else 0


@dataclass
class View:
    """The observation in the shapes the rules below need."""

    obs: Observation
    me: int
    board: Board
    marker: list[str | None]
    peeked: list[str | None]
    colony_owner: list[int]
    colony_cp: list[int]
    home_of: list[int]
    value: list[int]
    own: list[Unit]
    enemies: list[Unit]
    home: int
    enemy_homes: list[int]
    tech: dict[str, int]
    round: int
    deadly: list[bool] = field(default_factory=list)
    units_at: dict[int, list[Unit]] = field(default_factory=dict)
    enemy_at: set[int] = field(default_factory=set)
    enemy_armed_at: dict[int, list[Unit]] = field(default_factory=dict)
    costs: dict[int, list[int]] = field(default_factory=dict)
    paths: dict[tuple[int, int, int], tuple[list[int], list[int]]] = field(default_factory=dict)
    friends: set[int] = field(default_factory=set)  # me and, in team play, my allies
    # Warp points rule set: each revealed warp point -> the others of its number, which
    # are adjacent to it (hexgrid.warp_links); empty without linked warp points.
    warp_links: dict[int, list[int]] = field(default_factory=dict)
    # Doomsday Machines rule set: each machine's hex -> the hits it has taken.
    machines: dict[int, int] = field(default_factory=dict)
    strategy: Strategy = DEFAULT  # the numbers and choices the bot plays by

    def distance(self, a: int, b: int) -> int:
        """Hex steps, a warp link counting as one."""
        if self.warp_links:
            return self.board.linked_distance(a, b, self.warp_links)
        return self.board.distance(a, b)

    def own_unit(self, unit: int) -> Unit | None:
        for u in self.own:
            if u.unit == unit:
                return u
        return None

    def is_deep(self, h: int) -> bool:
        return self.home_of[h] == DEEP_SPACE


def _tech_level(view: UnitView, key: str) -> int:
    value = view.get(key)
    return value if isinstance(value, int) else 0


@dataclass
class EnemyIntel:
    """What the bot has seen of one enemy empire (kept for the whole game)."""

    best_kind: int = -1
    attack: int = 0
    defense: int = 0
    tactics: int = 0
    # Counter -> (type, ships, Attack, Defense, Tactics) when last seen revealed: a group
    # turns face down again at its colonies, but what it held is not forgotten.
    groups: dict[int, tuple[int, int, int, int, int]] = field(default_factory=dict)

    def learn(self, view: UnitView) -> None:
        """A revealed counter shows a type, its size and the levels it fights with."""
        code = view["unit_type"]
        if code is None or "attack_tech" not in view:
            return
        kind = data.CODE_TO_UNIT[code]
        if kind in _WARSHIPS and "count" in view:
            self.groups[view["unit"]] = (kind, view["count"], _tech_level(view, "attack_tech"),
                                         _tech_level(view, "defense_tech"),
                                         _tech_level(view, "tactics"))
        if kind in _WARSHIPS and data.UNIT_COST[kind] > data.UNIT_COST[max(self.best_kind, 0)]:
            self.best_kind = kind
        if kind in _ARMED:
            self.attack = max(self.attack, _tech_level(view, "attack_tech"))
            self.defense = max(self.defense, _tech_level(view, "defense_tech"))
            self.tactics = max(self.tactics, _tech_level(view, "tactics"))


def best_type_for(ship_size: int, attack: int = 0, defense: int = 0) -> int:
    """The warship the plan builds at a Ship Size level (see the module docstring)."""
    if ship_size >= 6:
        return _DN
    if ship_size >= 5 and min(attack, defense) >= 3:
        return _BB
    if ship_size >= 3:
        return _CA
    return _DD if ship_size >= 2 else _SC


def digest(obs: Observation, intel: dict[int, EnemyIntel],
           strategy: Strategy = DEFAULT) -> View:
    """The observation as a :class:`View` played with ``strategy``; revealed enemy
    counters update ``intel``."""
    me = obs["viewer"]
    board = board_for(obs["board"])
    n = board.size
    marker: list[str | None] = [None] * n
    peeked: list[str | None] = [None] * n
    colony_owner = [-1] * n
    colony_cp = [0] * n
    home_of = [DEEP_SPACE] * n
    value = [0] * n
    for hv in obs["hexes"]:
        h = hv["hex"]
        marker[h] = hv["marker"]
        value[h] = hv.get("value", 0)
        peeked[h] = hv.get("peeked")
        home_of[h] = hv["home_of"]
        colony = hv.get("colony")
        if colony is not None:
            colony_owner[h] = colony["owner"]
            colony_cp[h] = colony["cp"]
    tech = dict(obs["me"]["tech"])
    homes = obs["homeworlds"]
    alive = obs["alive"]
    friends = friends_of(obs, me)
    view = View(obs=obs, me=me, board=board, marker=marker, peeked=peeked,
                colony_owner=colony_owner, colony_cp=colony_cp, home_of=home_of,
                value=value, own=[], enemies=[], home=homes[me] if me < len(homes) else -1,
                enemy_homes=[h for p, h in enumerate(homes)
                             if p not in friends and alive[p] and h >= 0],
                tech=tech, round=obs["round"], friends=friends, strategy=strategy)
    present: set[int] = set()
    for uv in obs["units"]:
        owner = uv["owner"]
        present.add(uv["unit"])
        if owner == me:
            unit = _own_unit(uv)
        elif owner in friends:
            continue  # an ally's units: neither ours to move nor enemies
        elif owner < len(alive) and alive[owner]:
            record = intel.setdefault(owner, EnemyIntel())
            record.learn(uv)
            unit = _enemy_unit(uv, record, view)
        else:
            continue
        (view.own if owner == me else view.enemies).append(unit)
        view.units_at.setdefault(unit.hex, []).append(unit)
        if owner != me:
            view.enemy_at.add(unit.hex)
            if unit.armed:
                view.enemy_armed_at.setdefault(unit.hex, []).append(unit)
    for record in intel.values():  # a counter gone from the board: its number may be reused
        for gone in [unit for unit in record.groups if unit not in present]:
            del record.groups[gone]
    view.deadly = [marker[h] in ("supernova", "black_hole") or peeked[h] in _DEADLY_PEEKS
                   for h in range(n)]
    view.warp_links = warp_links_seen(obs)
    view.machines = {m["hex"]: m["hits"] for m in obs.get("machines", [])}
    return view


def _own_unit(uv: UnitView) -> Unit:
    code = uv["unit_type"]
    assert code is not None  # own counters always show their type
    return Unit(unit=uv["unit"], owner=uv["owner"], hex=uv["hex"], kind=data.CODE_TO_UNIT[code],
                count=uv.get("count", 1), attack=_tech_level(uv, "attack_tech"),
                defense=_tech_level(uv, "defense_tech"), tactics=_tech_level(uv, "tactics"),
                moved=uv["moved"], allowance=uv.get("allowance", 0),
                done=bool(uv.get("done", False)), cargo=uv.get("cargo"),
                cargo_value=uv.get("cargo_value", 0), terraform=bool(uv.get("terraform")),
                level=uv.get("level", 0), aboard=uv.get("aboard"))


def _enemy_unit(uv: UnitView, intel: EnemyIntel, view: View) -> Unit:
    """An enemy counter, with the documented assumptions for what is not shown."""
    code = uv["unit_type"]
    attack = max(intel.attack, view.tech["attack"] - 1)
    defense = max(intel.defense, view.tech["defense"] - 1)
    tactics = max(intel.tactics, view.tech["tactics"] - 1)
    base = Unit(unit=uv["unit"], owner=uv["owner"], hex=uv["hex"], kind=-1, count=1,
                attack=attack, defense=defense, tactics=tactics,
                moved=uv["moved"], cargo=uv.get("cargo"), cargo_value=uv.get("cargo_value", 0))
    if code is None and uv["unit"] in intel.groups:  # seen before it turned face down
        kind, count, att, dfn, tac = intel.groups[uv["unit"]]
        base.kind, base.count = kind, count
        base.attack, base.defense, base.tactics = (max(att, attack), max(dfn, defense),
                                                   max(tac, tactics))
        return base
    if code is None:
        plausible = min(view.tech["ship_size"], view.round)
        kind = max(intel.best_kind, best_type_for(plausible), key=lambda t: data.UNIT_COST[t])
        base.kind = kind
        base.count = ASSUMED_GROUP_SIZE
        return base
    base.kind = data.CODE_TO_UNIT[code]
    base.level = uv.get("level", 1 if base.kind == data.F else 0)  # an unseen fighter: F1
    if "count" in uv:
        base.count = uv["count"]
        if "attack_tech" in uv:
            base.attack = _tech_level(uv, "attack_tech")
            base.defense = _tech_level(uv, "defense_tech")
            base.tactics = _tech_level(uv, "tactics")
    elif base.kind == _SY:
        base.count = 4 if uv["hex"] in view.enemy_homes else 1
    return base


# -- paths ---------------------------------------------------------------------------------
# How a unit may travel: which hexes it may enter and what entering costs.
EXPLORER = 0  # scouts: face-down hexes are destinations, never passed through
CIVIL = 1  # colony ships and miners: explored, enemy-free hexes only
FLEET = 2  # warships: no face-down Deep Space, enemy stacks cost extra


def _base_cost(view: View, h: int, mode: int) -> int:
    """Cost of stepping into ``h`` for a unit travelling in ``mode`` (UNREACHABLE: never)."""
    marker = view.marker[h]
    if view.deadly[h]:
        return UNREACHABLE
    enemy_armed = h in view.enemy_armed_at or h in view.machines
    if mode == CIVIL:
        foreign_colony = view.colony_owner[h] >= 0 and view.colony_owner[h] not in view.friends
        if marker is None or enemy_armed or foreign_colony or h in view.enemy_at:
            return UNREACHABLE
        return 1
    if mode == EXPLORER:
        return UNREACHABLE if enemy_armed else 1
    if marker is None:
        return UNREACHABLE if view.is_deep(h) else 3
    cost = 2 if marker in ("nebula", "asteroids") else 1
    return cost + (6 if enemy_armed else 0)


def enter_costs(view: View, mode: int) -> list[int]:
    """:func:`_base_cost` of every hex, computed once per decision and mode."""
    costs = view.costs.get(mode)
    if costs is None:
        costs = [_base_cost(view, h, mode) for h in range(view.board.size)]
        view.costs[mode] = costs
    return costs


@cache
def adjacency(board_name: str) -> tuple[tuple[int, ...], ...]:
    """Each hex's playable neighbours (the board's table, as tuples, once per board)."""
    board = board_for(board_name)
    return tuple(tuple(board.adjacent(h)) for h in range(board.size))


def paths_from(view: View, start: int, mode: int, goal: int = -1) -> tuple[list[int], list[int]]:
    """Cheapest travel cost from ``start`` to every hex, and each hex's predecessor.

    ``goal`` may be entered whatever it holds (an enemy stack, a face-down
    hex) unless it is deadly; explorers' paths end at face-down hexes.
    """
    key = (start, mode, goal)
    if key in view.paths:
        return view.paths[key]
    steps = enter_costs(view, mode)
    if goal >= 0 and not view.deadly[goal]:
        steps = list(steps)
        steps[goal] = 1
    ends = view.marker if mode == EXPLORER else None
    neighbours = adjacency(view.board.name)
    if view.warp_links:  # linked warp points are adjacent too
        neighbours = tuple(hexes + tuple(view.warp_links.get(h, ()))
                           for h, hexes in enumerate(neighbours))
    cost = [UNREACHABLE] * view.board.size
    parent = [-1] * view.board.size
    cost[start] = 0
    queue = [(0, start)]
    while queue:
        c, h = heapq.heappop(queue)
        if c > cost[h] or (ends is not None and h != start and ends[h] is None):
            continue
        for g in neighbours[h]:
            total = c + steps[g]
            if total < cost[g] and steps[g] < UNREACHABLE:
                cost[g] = total
                parent[g] = h
                heapq.heappush(queue, (total, g))
    view.paths[key] = (cost, parent)
    return cost, parent


def first_step(parent: list[int], start: int, target: int) -> int:
    """The hex after ``start`` on the path to ``target`` (-1 if none)."""
    h = target
    while h >= 0 and parent[h] != start:
        if parent[h] < 0:
            return -1
        h = parent[h]
    return h


# -- the battle simulator ------------------------------------------------------------------
# (type, count, attack, defense, tactics, level: F1-F3 or Point Defense); type
# ``_MACHINE`` is a Doomsday Machine, its level the hits it has taken.
_MACHINE = -2
Force = tuple[tuple[int, int, int, int, int, int], ...]


def force_of(units: Iterable[Unit]) -> Force:
    """The combat units of a stack, merged by type and levels, capped by counter limits."""
    totals: dict[tuple[int, int, int, int, int], int] = {}
    for u in units:
        if u.kind in _ARMED:
            level = max(u.level, 1) if u.kind == data.F else u.level if u.kind == data.SC else 0
            key = (u.kind, u.attack, u.defense, u.tactics, level)
            totals[key] = totals.get(key, 0) + u.count
    per_type: dict[int, int] = {}
    out = []
    for (kind, att, dfn, tac, level), count in sorted(totals.items()):
        limit = data.UNIT_COUNTERS[kind] * (1 if kind in data.SINGLE_UNIT_TYPES else 6)
        count = min(count, limit - per_type.get(kind, 0))
        if count > 0:
            per_type[kind] = per_type.get(kind, 0) + count
            out.append((kind, count, min(att, 3), min(dfn, 3), min(tac, 3), level))
    return tuple(out)


# Advanced rules: the battle-spec field of the special level a unit type carries.
_SPECIAL_SPEC_KEYS = {data.SC: "point_defense", data.R: "cloaking", data.DD: "scanners",
                      data.SW: "mine_sweep"}


def machine_force(hits: int) -> Force:
    """A Doomsday Machine with ``hits`` taken, as a one-entry force (kind ``_MACHINE``)."""
    return ((_MACHINE, 1, 0, 0, 0, hits),)


def _side(force: Force) -> dict[str, object]:
    """A battle-spec side; a fighter's level is its Fighters level, a scout's its Point
    Defense, a raider's its Cloaking, a destroyer's its Scanners (advanced rules); a
    Doomsday Machine's level is the hits it has taken."""
    units: list[dict[str, object]] = []
    for kind, count, att, dfn, tac, level in force:
        if kind == _MACHINE:
            units.append(machine_entry(level))
            continue
        entry: dict[str, object] = {"type": data.UNIT_CODES[kind], "count": count,
                                    "attack": att, "defense": dfn, "tactics": tac}
        if kind == data.F:
            entry["fighters"] = level
        elif kind == data.R:  # a raider seen before its level was: at least Cloaking 1
            entry["cloaking"] = level or 1
        elif level and kind in _SPECIAL_SPEC_KEYS:
            entry[_SPECIAL_SPEC_KEYS[kind]] = level
        units.append(entry)
    return {"units": units}


class Odds:
    """Win chances from the battle simulator, cached (same question, same answer)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[Force, Force, str], float] = {}

    def attacker_wins(self, attacker: Force, defender: Force, terrain: str = "open") -> float:
        """The attacker's chance to destroy every combat unit of the defender."""
        if not defender:
            return 1.0
        if not attacker:
            return 0.0
        key = (attacker, defender, terrain)
        if key not in self._cache:
            spec = parse_spec({"terrain": terrain, "attacker": _side(attacker),
                               "defender": _side(defender)})
            self._cache[key] = simulate(spec, SIM_TRIALS, SIM_SEED).attacker_wins
        return self._cache[key]

    def defender_holds(self, attacker: Force, defender: Force, terrain: str = "open") -> float:
        """The defender's chance to destroy every combat unit of the attacker."""
        if not attacker:
            return 1.0
        if not defender:
            return 0.0
        key = (defender, attacker, "hold:" + terrain)
        if key not in self._cache:
            spec = parse_spec({"terrain": terrain, "attacker": _side(attacker),
                               "defender": _side(defender)})
            self._cache[key] = simulate(spec, SIM_TRIALS, SIM_SEED).defender_wins
        return self._cache[key]


def terrain_at(view: View, h: int) -> str:
    marker = view.marker[h]
    return marker if marker in ("nebula", "asteroids") else "open"


# -- the war plan (decided once a turn) ----------------------------------------------------
GATHER, ATTACK, DEFEND = "gather", "attack", "defend"


@dataclass(frozen=True)
class WarPlan:
    """What the fleet does this turn: gather at, attack or defend ``target``."""

    mode: str
    target: int
    step_cap: int  # hexes each fleet group may move this turn (keeps the stack together)
    main_hex: int
    push: int = -1  # the enemy homeworld a finishing push (gathering or striking) is for


def threats_near_home(view: View, radius: int = THREAT_RADIUS) -> list[Unit]:
    """Enemy combat (or unknown) counters within ``radius`` hexes of the homeworld."""
    if view.home < 0:
        return []
    return [u for u in view.enemies if u.armed and view.distance(u.hex, view.home) <= radius]


def home_defence(view: View, fleet: Iterable[Unit] = ()) -> Force:
    """What fights at the homeworld if the fleet leaves: yards, bases, ships not in ``fleet``."""
    leaving = {u.unit for u in fleet}
    return force_of([u for u in view.own if u.hex == view.home and u.kind in _ARMED
                     and u.unit not in leaving])


def home_holds(view: View, odds: Odds, fleet: Iterable[Unit] = ()) -> bool:
    """Would the homeworld beat the enemy groups near it without ``fleet``?"""
    threat = threats_near_home(view)
    if not threat:
        return True
    return odds.defender_holds(force_of(threat), home_defence(view, fleet)) >= \
        view.strategy.defend_odds


def fleet_units(view: View, explorers: set[int]) -> list[Unit]:
    """Warships that fight (scouts busy exploring do not)."""
    return [u for u in view.own if u.kind in _WARSHIPS and u.unit not in explorers]


def main_stack(view: View, fleet: list[Unit]) -> int:
    """The hex holding the most fleet value (ties: nearest home, then lowest hex)."""
    value: dict[int, int] = {}
    for u in fleet:
        value[u.hex] = value.get(u.hex, 0) + u.value
    if not value:
        return view.home
    home = view.home if view.home >= 0 else 0
    return min(value, key=lambda h: (-value[h], view.distance(h, home), h))


def enemy_force_at(view: View, h: int) -> list[Unit]:
    """Enemy combat counters at ``h`` and next to it (they could join the defence)."""
    return [u for u in view.enemies if u.armed and view.distance(u.hex, h) <= 1]


def defence_at(view: View, h: int) -> Force:
    """What a strike on ``h`` would fight first: the Doomsday Machine there, if any
    (it fights before any empire in its hex), else the enemy force at and next to it."""
    if h in view.machines:
        return machine_force(view.machines[h])
    return force_of(enemy_force_at(view, h))


def attack_targets(view: View) -> list[tuple[int, float]]:
    """Hexes worth attacking, with a value: homeworlds, colonies, seen enemy stacks.

    The strategy's ``targets`` narrows them: enemy homeworlds only, enemy colonies
    other than homeworlds only, or none at all; its ``focus`` (a hex, -1 for none) to
    that one hex, if it is among them.
    """
    found = _attack_targets(view)
    focus = view.strategy.focus
    return [(h, worth) for h, worth in found if h == focus] if focus >= 0 else found


def _attack_targets(view: View) -> list[tuple[int, float]]:
    """:func:`attack_targets` before the focus narrows them."""
    targets = view.strategy.targets
    out: dict[int, float] = {}
    if targets == "none":
        return []
    if targets != "colonies":
        for h in view.enemy_homes:
            out[h] = 40.0
    if targets == "homeworld":
        return sorted(out.items())
    for h, owner in enumerate(view.colony_owner):
        if owner >= 0 and owner not in view.friends and h not in out and \
                h not in view.enemy_homes:
            out[h] = 4.0 + view.colony_cp[h]
    if targets == "colonies":
        return sorted(out.items())
    for h, units in view.enemy_armed_at.items():
        if h not in out and view.home >= 0:
            worth = sum(data.UNIT_COST[u.kind] * u.count for u in units if u.kind >= 0)
            near_home = view.distance(h, view.home) <= THREAT_RADIUS + 2
            out[h] = worth / 4.0 + (10.0 if near_home else 0.0)
    for h in view.machines:  # two wreck rolls, and the colonies it will not destroy
        out[h] = MACHINE_WORTH
    return sorted(out.items())


def choose_war_plan(view: View, odds: Odds, fleet: list[Unit], current: int,
                    pushing: int = -1) -> WarPlan:
    """Defend, attack the best target the simulator approves, or gather at home.

    The main stack is the one that attacks.  When the homeworld would not
    hold without the fleet, the only targets are the enemy stacks
    threatening it; if none can be beaten the fleet defends at home.
    Setting out from home needs :data:`GATHERED_SHARE` of the fleet there; a
    stack already out picks its next target without waiting for the ships
    built since.  Before any of that, a finishing push (:func:`finishing_push`;
    ``pushing`` is the homeworld of the one under way, ``current`` the target
    being attacked).
    """
    main = main_stack(view, fleet)
    home = view.home if view.home >= 0 else main
    at_main = [u for u in fleet if u.hex == main]
    threatened = not home_holds(view, odds, fleet)
    if threatened:
        targets = sorted({(u.hex, 20.0) for u in threats_near_home(view)})
    else:
        if view.strategy.targets in ("best", "homeworld"):
            push = finishing_push(view, odds, fleet, main, pushing, current)
            if push is not None:
                return push
        targets = attack_targets(view)
    total = sum(u.value for u in fleet)
    gathered = threatened or main != home or \
        sum(u.value for u in at_main) >= view.strategy.gathered_share * total
    target = best_target_hex(view, odds, force_of(at_main), main, targets, current, gathered)
    if target >= 0:
        cap = min((u.allowance for u in at_main), default=99)
        return WarPlan(ATTACK, target, cap, main)
    return WarPlan(DEFEND if threatened else GATHER, home, 99, main)


def empire_force(view: View, owner: int) -> Force:
    """Every combat counter the bot knows of ``owner``'s, wherever it is (its fleet
    could be home before ours arrives): ships, yards and bases."""
    return force_of(u for u in view.enemies if u.owner == owner and u.armed)


def finishing_push(view: View, odds: Odds, fleet: list[Unit], main: int,
                   pushing: int = -1, current: int = -1) -> WarPlan | None:
    """When the whole fleet clearly beats everything an enemy has, go for its homeworld.

    Why: the targets of :func:`best_target_hex` are judged by the main stack
    against what stands at and next to a target now, so a leading empire whose
    enemy keeps a fleet moving near home swings between attacking and
    aborting, and its home guard never joins; won games then run to the
    round limit.  Here the yardstick is the whole fleet against every combat
    counter the enemy is known to have (:func:`empire_force`), at
    :data:`PUSH_ODDS`.  The nearest such homeworld is the target.  The main
    stack strikes at once if it alone beats that whole force at
    :data:`ATTACK_ODDS`; else the fleet, home guard included, gathers at
    :func:`staging_hex`.  Once the push is under way (``pushing``, or
    ``current`` when the stack already attacks that homeworld) the bar for
    both is :data:`ABORT_ODDS`: a push is a commitment, the gathering a pause
    for the ships at hand rather than a wait for the last one built, and an
    enemy fleet coming home to defend is no reason to turn back (it was
    counted).  Ships built while the stack strikes stay home as a guard.
    None when no enemy is that much weaker (or the strategy's focus is elsewhere).
    """
    whole = force_of(fleet)
    strike = force_of(u for u in fleet if u.hex == main)
    plan = view.strategy
    best: tuple[int, int, bool] | None = None
    for owner, h in enumerate(view.obs["homeworlds"]):
        if h not in view.enemy_homes or plan.focus not in (-1, h):
            continue
        enemy, terrain = empire_force(view, owner), terrain_at(view, h)
        going = h in (pushing, current)
        if odds.attacker_wins(whole, enemy, terrain) < (
                plan.abort_odds if going else plan.push_odds):
            continue
        cost, _ = paths_from(view, main, FLEET, h)
        if cost[h] >= UNREACHABLE:
            continue
        ready = odds.attacker_wins(strike, enemy, terrain) >= (
            plan.abort_odds if going else plan.attack_odds)
        if best is None or (cost[h], h) < (best[0], best[1]):
            best = (cost[h], h, ready)
    if best is None:
        return None
    _, target, ready = best
    if not ready:
        return WarPlan(GATHER, staging_hex(view, main, target), 99, main, push=target)
    cap = min((u.allowance for u in fleet if u.hex == main), default=99)
    return WarPlan(ATTACK, target, cap, main, push=target)


def staging_hex(view: View, main: int, target: int) -> int:
    """Where the fleet gathers for a strike on ``target``: the hex :data:`STAGING_DISTANCE`
    from it on the main stack's path there (the main stack's own hex if nearer)."""
    if view.distance(main, target) <= STAGING_DISTANCE:
        return main
    _, parent = paths_from(view, main, FLEET, target)
    h = target
    while h >= 0 and h != main and view.distance(h, target) < STAGING_DISTANCE:
        h = parent[h]
    return h if h >= 0 else main


def best_target_hex(view: View, odds: Odds, strike: Force, main: int,
                    targets: list[tuple[int, float]], current: int, gathered: bool) -> int:
    """The target with the best value x odds / distance that the simulator approves, or -1.

    A new target needs :data:`ATTACK_ODDS` (and a gathered fleet); the
    current one is kept while the odds stay above :data:`ABORT_ODDS`.
    """
    best: tuple[float, int] | None = None
    for h, worth in targets:
        chance = odds.attacker_wins(strike, defence_at(view, h), terrain_at(view, h))
        if chance < (view.strategy.abort_odds if h == current else view.strategy.attack_odds) or \
                (h != current and not gathered):
            continue
        cost, _ = paths_from(view, main, FLEET, h)
        if cost[h] >= UNREACHABLE:
            continue
        score = worth * chance / (3.0 + cost[h])
        if best is None or score > best[0]:
            best = (score, h)
    return best[1] if best is not None else -1


# -- assignments: who goes where -----------------------------------------------------------
def assign(view: View, units: list[Unit], mode: int,
           score_fn: Callable[[Unit, int, int], float | None]) -> dict[int, int]:
    """Greedy one-to-one assignment of units to target hexes by ascending score.

    ``score_fn(unit, hex, travel cost)`` gives a score for a reachable hex, or
    None if the hex is no target for that unit.  Returns unit -> hex.
    """
    options: list[tuple[float, int, int]] = []
    for u in units:
        cost, _ = paths_from(view, u.hex, mode)
        for h in range(view.board.size):
            if cost[h] < UNREACHABLE:
                score = score_fn(u, h, cost[h])
                if score is not None:
                    options.append((score, u.unit, h))
    options.sort()
    taken_units: dict[int, int] = {}
    taken_hexes: set[int] = set()
    for _, unit, h in options:
        if unit not in taken_units and h not in taken_hexes:
            taken_units[unit] = h
            taken_hexes.add(h)
    return taken_units


def _near_enemy(view: View, h: int, radius: int) -> bool:
    return any(view.distance(u.hex, h) <= radius for u in view.enemies if u.armed)


def explorer_units(view: View, plan_mode: str) -> list[Unit]:
    """Scouts, plus (early, with nothing to fight) the other warship groups."""
    spare = plan_mode == GATHER and view.round <= EARLY_ROUNDS and not threats_near_home(view)
    return [u for u in view.own
            if u.kind == _SC or (spare and u.kind in _WARSHIPS)]


def exploration_targets(view: View, explorers: list[Unit]) -> dict[int, int]:
    """Each explorer's face-down hex (different ones; warships only in the home system)."""
    def score(u: Unit, h: int, cost: int) -> float | None:
        if view.marker[h] is not None or view.peeked[h] is not None or cost == 0:
            return None
        if u.kind != _SC and view.home_of[h] != view.me:
            return None
        return cost + (DEEP_SPACE_PENALTY if view.is_deep(h) else 0) + h / 1000.0
    return assign(view, explorers, EXPLORER, score)


def colony_targets(view: View) -> dict[int, int]:
    """Each colony ship's planet (different ones), near and safe first."""
    ships = [u for u in view.own if u.kind == _CO]

    def score(u: Unit, h: int, cost: int) -> float | None:
        if not _colonisable(view, h, u.terraform):
            return None
        danger = 4 if _near_enemy(view, h, 2) or _machine_near(view, h) else 0
        return cost + (2 if view.is_deep(h) else 0) + danger + h / 1000.0
    return assign(view, ships, CIVIL, score)


def _machine_near(view: View, h: int) -> bool:
    """A Doomsday Machine could reach ``h`` in its next move (and destroy the planet)."""
    return any(view.distance(m, h) <= data.DOOMSDAY_MOVE for m in view.machines)


def _colonisable(view: View, h: int, terraform: bool) -> bool:
    """A known free planet outside other empires' home systems and their homeworlds' reach."""
    marker = view.marker[h]
    good = marker == "planet" or (marker == "barren" and terraform)
    if not good or view.colony_owner[h] >= 0 or h in view.enemy_armed_at:
        return False
    if view.home_of[h] not in (view.me, DEEP_SPACE):
        return False
    return all(view.distance(h, e) > THREAT_RADIUS for e in view.enemy_homes)


def free_planets(view: View, terraform: bool = False) -> list[int]:
    """Known planets nobody has colonised (and no enemy guards)."""
    return [h for h in range(view.board.size) if _colonisable(view, h, terraform)]


def mining_targets(view: View) -> dict[int, int]:
    """Each empty miner's load (different ones): value against the round trip."""
    miners = [u for u in view.own if u.kind == _MINER and not u.cargo]
    colonies = own_colonies(view)

    def score(u: Unit, h: int, cost: int) -> float | None:
        marker = view.marker[h]
        if marker not in ("minerals", "space_wreck") or not colonies:
            return None
        back = min(view.distance(h, c) for c in colonies)
        worth = 15 if marker == "space_wreck" else view.value[h]
        return (cost + back) - worth / 5.0 + h / 1000.0
    return assign(view, miners, CIVIL, score)


def pipeline_plan(view: View) -> set[int]:
    """The hexes the bot wants a pipeline on: a chain to every own colony near home.

    On a shortest safe (civil) path from the homeworld to the colony, the hexes
    between the two ends (a chain need only touch its ends); a colony next to
    the homeworld needs one pipeline, placed at home, which serves them all.
    """
    plan: set[int] = set()
    if view.home < 0:
        return plan
    _, parent = paths_from(view, view.home, CIVIL)
    for h, owner in enumerate(view.colony_owner):
        if owner != view.me or h == view.home or view.distance(view.home, h) > PIPELINE_REACH:
            continue
        if view.distance(view.home, h) == 1:
            plan.add(view.home)
            continue
        between: list[int] = []
        at = parent[h]
        while at >= 0 and at != view.home:
            between.append(at)
            at = parent[at]
        if at == view.home and len(between) < PIPELINE_REACH:
            plan.update(between)
    return plan


def pipeline_targets(view: View) -> dict[int, int]:
    """Each pipeline's hex in the plan (different ones; one already on a gap stays)."""
    plan = pipeline_plan(view)
    pipes = [u for u in view.own if u.kind == _MS]

    def score(u: Unit, h: int, cost: int) -> float | None:
        return cost + h / 1000.0 if h in plan else None
    return assign(view, pipes, CIVIL, score)


def pipeline_gaps(view: View) -> int:
    """Hexes of the plan no pipeline of the bot's is on or heading for."""
    plan = pipeline_plan(view)
    if not plan:
        return 0
    pipes = sum(1 for u in view.own if u.kind == _MS)
    return max(0, len(plan) - pipes)


def own_colonies(view: View) -> list[int]:
    """Own colonies not blockaded (deliveries there pay)."""
    return [h for h, owner in enumerate(view.colony_owner)
            if owner == view.me and h not in view.enemy_armed_at]


def free_minerals(view: View) -> int:
    return sum(1 for m in view.marker if m in ("minerals", "space_wreck"))


# -- the bot -------------------------------------------------------------------------------
@dataclass
class _Memory:
    """What the bot keeps between decisions of one game."""

    intel: dict[int, EnemyIntel] = field(default_factory=dict)
    odds: Odds = field(default_factory=Odds)
    plan_key: tuple[int, int, int] = (-1, -1, -1)
    plan: WarPlan | None = None
    explorers: frozenset[int] = frozenset()
    attack_target: dict[int, int] = field(default_factory=dict)  # player -> hex
    push_target: dict[int, int] = field(default_factory=dict)  # player -> enemy homeworld


class RuleBot(CodeBot):
    """The rule-based player (see the module docstring), playing ``strategy``.

    The strategy may change between decisions (:meth:`set_strategy`): the search
    sets a posture at the start of each movement turn and a purchase plan at the
    start of each Economic Phase.  A new strategy's war plan is decided at the next
    movement decision.
    """

    def __init__(self, seed: int = 0, strategy: Strategy = DEFAULT) -> None:
        super().__init__(seed)
        self._memory = _Memory()
        self._strategy = strategy

    @property
    def strategy(self) -> Strategy:
        return self._strategy

    def set_strategy(self, strategy: Strategy) -> None:
        """Play ``strategy`` from the next decision on (the game's memory stays)."""
        if strategy != self._strategy:
            self._strategy = strategy
            self._memory.plan = None

    def restart(self) -> None:
        """Forget the game (the strategy stays)."""
        super().restart()
        self._memory = _Memory()

    def targets(self, player: int) -> tuple[int, int]:
        """The war plan's attack target and finishing-push target of ``player`` (-1: none),
        so that a simulation of the plan (:class:`se4x_core.sim.policy.PolicyMemory`)
        carries on with it."""
        memory = self._memory
        return memory.attack_target.get(player, -1), memory.push_target.get(player, -1)

    def target_candidates(self, observation: Observation, count: int) -> list[int]:
        """Up to ``count`` hexes worth attacking other than the current target, best
        first (worth / (3 + distance from the main stack), as the war plan ranks
        them before the odds): the attack targets a search may weigh as focuses
        (:attr:`se4x_core.ai.strategy.Strategy.focus`).  The default strategy's
        targets, whatever this bot plays now."""
        if count <= 0:  # a level without focuses: no digest on its every movement turn
            return []
        view = digest(observation, self._memory.intel, DEFAULT)
        main = main_stack(view, fleet_units(view, set()))
        if main < 0:  # no fleet and no homeworld: nothing attacks
            return []
        current = self._memory.attack_target.get(view.me, -1)
        ranked = sorted((-worth / (3 + view.distance(main, h)), h)
                        for h, worth in attack_targets(view) if h != current)
        return [h for _score, h in ranked[:count]]

    def choose(self, observation: Observation, legal: list[int]) -> int:
        allowed = set(legal)
        code = self._decide(observation, legal, allowed)
        if code in allowed:
            return code
        return fallback(observation, legal, allowed)

    def _decide(self, obs: Observation, legal: list[int], allowed: set[int]) -> int:
        phase = obs["phase"]
        if phase == "place_homeworld":
            return place_homeworld(obs, legal)
        view = digest(obs, self._memory.intel, self._strategy)
        if phase == "movement":
            return self._movement(view, legal, allowed)
        if phase == "combat_fire":
            return battle_choice(view, legal, self._memory.odds)
        if phase == "lost_in_space":
            return lost_in_space_shift(view, legal)
        if phase == "economic_bid":
            return bid(view, allowed)
        if phase == "choose_order":
            return order_choice(view, legal, self._memory.attack_target.get(view.me, -1))
        if phase == "economic_purchase":
            return purchase(view, allowed, self._memory.odds)
        if phase == "colony_attack":
            return encode(A_FIRE_COLONY)
        return fallback(obs, legal, allowed)

    # -- movement ----------------------------------------------------------------------------
    def _turn_plan(self, view: View) -> tuple[WarPlan, frozenset[int]]:
        """The fleet's plan and the explorers, decided at the first movement step of a turn."""
        memory = self._memory
        key = (view.round, view.obs["turn"], view.me)
        if memory.plan is None or memory.plan_key != key:
            scouts = {u.unit for u in view.own if u.kind == _SC}
            busy = set(exploration_targets(view, [u for u in view.own if u.unit in scouts]))
            fleet = fleet_units(view, busy)
            current = memory.attack_target.get(view.me, -1)
            pushing = memory.push_target.get(view.me, -1)
            plan = choose_war_plan(view, memory.odds, fleet, current, pushing)
            explorers = explorer_units(view, plan.mode)
            targets = exploration_targets(view, explorers)
            memory.explorers = frozenset(targets)
            memory.attack_target[view.me] = plan.target if plan.mode == ATTACK else -1
            memory.push_target[view.me] = plan.push
            memory.plan, memory.plan_key = plan, key
        return memory.plan, memory.explorers

    def _movement(self, view: View, legal: list[int], allowed: set[int]) -> int:
        plan, explorers = self._turn_plan(view)
        quick = instant_action(view, legal, explorers)
        if quick is not None:
            return quick
        where = {u.unit: u.hex for u in view.own}
        steps: dict[int, dict[int, int]] = {}
        for code in legal:
            if kind_of(code) == A_MOVE and arg_a(code) in where:
                there = view.board.neighbour(where[arg_a(code)], arg_b(code))
                steps.setdefault(arg_a(code), {})[there] = code
        mover = Movers(view, plan, explorers)
        for u in sorted((u for u in view.own if u.unit in steps),
                        key=lambda u: (not (u.moved > 0 and not u.done), u.unit)):
            target = mover.next_hex(u)
            if target >= 0 and target in steps[u.unit]:
                return steps[u.unit][target]
        return encode(A_END_MOVE)


def instant_action(view: View, legal: list[int], explorers: frozenset[int]) -> int | None:
    """Colonise, unload, load, a fighter group not aboard boards a carrier (never from one
    carrier to another: that would go round in circles), or merge two fleet groups that
    move alike."""
    for code in legal:
        kind = kind_of(code)
        if kind in (A_COLONIZE, A_UNLOAD, A_LOAD):
            return code
        if kind == A_BOARD:
            fighters = view.own_unit(arg_a(code))
            if fighters is not None and fighters.aboard is None:
                return code
    for code in legal:
        if kind_of(code) == A_MERGE:
            a, b = view.own_unit(arg_a(code)), view.own_unit(arg_b(code))
            if a is None or b is None or a.unit in explorers or b.unit in explorers:
                continue
            if a.moved == b.moved and a.done == b.done:
                return code
    return None


class Movers:
    """Where each unit wants to step next (targets assigned lazily, once per decision)."""

    def __init__(self, view: View, plan: WarPlan, explorers: frozenset[int]) -> None:
        self.view = view
        self.plan = plan
        self.explorers = explorers
        self._explore: dict[int, int] | None = None
        self._colonies: dict[int, int] | None = None
        self._mines: dict[int, int] | None = None
        self._pipes: dict[int, int] | None = None

    def next_hex(self, u: Unit) -> int:
        """The hex ``u`` should step into now, or -1 to stay."""
        target, mode = self._target(u)
        if target < 0 or target == u.hex:
            return -1
        _, parent = paths_from(self.view, u.hex, mode, target)
        return first_step(parent, u.hex, target)

    def _target(self, u: Unit) -> tuple[int, int]:
        view = self.view
        if u.kind == _CO:
            if self._colonies is None:
                self._colonies = colony_targets(view)
            return self._colonies.get(u.unit, -1), CIVIL
        if u.kind == _MINER:
            return self._miner_target(u), CIVIL
        if u.kind == _MS:
            if self._pipes is None:
                self._pipes = pipeline_targets(view)
            return self._pipes.get(u.unit, -1), CIVIL
        if u.kind not in _WARSHIPS:
            return -1, FLEET
        if u.unit in self.explorers:
            if self._explore is None:
                units = [o for o in view.own if o.unit in self.explorers]
                self._explore = exploration_targets(view, units)
            if u.unit in self._explore:
                return self._explore[u.unit], EXPLORER
        return self._fleet_target(u), FLEET

    def _miner_target(self, u: Unit) -> int:
        view = self.view
        if u.cargo:
            colonies = own_colonies(view)
            if not colonies:
                return -1
            cost, _ = paths_from(view, u.hex, CIVIL)
            return min(colonies, key=lambda h: (cost[h], h))
        if self._mines is None:
            self._mines = mining_targets(view)
        return self._mines.get(u.unit, -1)

    def _fleet_target(self, u: Unit) -> int:
        """The plan's target; ships at home stay there while the main stack is out."""
        plan = self.plan
        if plan.mode == ATTACK:
            home = self.view.home
            if u.moved >= plan.step_cap or (u.hex == home and plan.main_hex != home):
                return -1
        return plan.target


def fallback(obs: Observation, legal: list[int], allowed: set[int]) -> int:
    """``suggested`` if legal, else end the phase, else the first legal action."""
    suggested = obs["suggested"]
    if suggested is not None and suggested in allowed:
        return suggested
    for end in (encode(A_END_MOVE), encode(A_END_BUY)):
        if end in allowed:
            return end
    return legal[0]


# -- setup, bids, order, Lost in Space -----------------------------------------------------
def place_homeworld(obs: Observation, legal: list[int]) -> int:
    """The home hex farthest from other regions, then the most central one."""
    board = board_for(obs["board"])
    me = obs["current_player"]
    region = board.region
    own = [h for h in range(board.size) if region[h] == me]
    others = [h for h in range(board.size) if region[h] != me]

    def key(code: int) -> tuple[int, int, int]:
        h = arg_a(code)
        depth = min((board.distance(h, o) for o in others), default=0)
        spread = sum(board.distance(h, o) for o in own)
        return (-depth, spread, h)
    places = [c for c in legal if kind_of(c) == A_PLACE]
    return min(places, key=key) if places else legal[0]


def contact(view: View) -> bool:
    """Does the player order matter now (enemies near home, or the fleet near theirs)?"""
    if threats_near_home(view, THREAT_RADIUS + 1):
        return True
    fleet = [u for u in view.own if u.kind in _WARSHIPS and u.kind != _SC]
    targets = [h for h, owner in enumerate(view.colony_owner)
               if owner >= 0 and owner not in view.friends]
    return any(view.distance(u.hex, h) <= THREAT_RADIUS + 1 for u in fleet for h in targets)


def bid(view: View, allowed: set[int]) -> int:
    """One CP when the order matters, else nothing."""
    if contact(view) and encode(A_BID, 1) in allowed:
        return encode(A_BID, 1)
    return encode(A_BID, 0)


def order_choice(view: View, legal: list[int], attack_target: int) -> int:
    """Last when defending, first when attacking (see the module docstring)."""
    choices = view.obs["order_choices"]
    want_first = attack_target >= 0 and not threats_near_home(view, THREAT_RADIUS + 1)
    for code in legal:
        if kind_of(code) != A_ORDER or arg_a(code) >= len(choices):
            continue
        order = choices[arg_a(code)]
        if (order[0] == view.me) if want_first else (order[-1] == view.me):
            return code
    return legal[0]


def lost_in_space_shift(view: View, legal: list[int]) -> int:
    """Shift an enemy's lost units somewhere bad for them (ours somewhere safe)."""
    lost = view.obs["lost_in_space"]
    shifts = [c for c in legal if kind_of(c) == A_SHIFT]
    if lost is None or not shifts:
        return legal[0]
    here = lost["hex"]
    ours = lost["unit"] in {u.unit for u in view.own}

    def danger(code: int) -> tuple[int, int]:
        h = view.board.neighbour(here, arg_a(code))
        marker = view.marker[h]
        hazard = 3 if marker == "black_hole" else 0 if marker is not None else \
            2 if view.is_deep(h) else 1
        guns = h in view.enemy_armed_at if ours else \
            any(u.armed for u in view.units_at.get(h, ()) if u.owner == view.me)
        return (hazard + (2 if guns else 0), -h)
    return (min if ours else max)(shifts, key=danger)


# -- battles -------------------------------------------------------------------------------
def firing_unit(battle: BattleView) -> int:
    queue, pos = battle["queue"], battle["pos"]
    return queue[pos] if 0 <= pos < len(queue) else -1


def battle_choice(view: View, legal: list[int], odds: Odds) -> int:
    """Retreat from a hopeless battle, else fire at the best target."""
    battle = view.obs["battle"]
    suggested = view.obs["suggested"]
    if battle is None:
        return suggested if suggested is not None else legal[0]
    retreats = [c for c in legal if kind_of(c) == A_RETREAT]
    if retreats and hopeless(view, battle, odds):
        return min(retreats, key=lambda c: _retreat_key(view, c))
    fires = [c for c in legal if kind_of(c) == A_FIRE]
    if not fires:
        return suggested if suggested is not None else legal[0]
    return best_target(view, battle, fires, suggested)


def _retreat_key(view: View, code: int) -> tuple[int, int]:
    battle = view.obs["battle"]
    assert battle is not None
    h = view.board.neighbour(battle["hex"], arg_a(code))
    return (view.distance(h, view.home) if view.home >= 0 else 0, h)


def hopeless(view: View, battle: BattleView, odds: Odds) -> bool:
    """Would the simulator give our side less than RETREAT_ODDS from here?"""
    h = battle["hex"]
    if h == view.home:
        return False  # nowhere to go that saves the homeworld
    ours = [u for u in view.own if u.hex == h]
    theirs = [u for u in view.enemies if u.hex == h and u.owner in
              (battle["attacker"], battle["defender"])]
    terrain = battle["terrain"]
    if battle["defender"] == data.MACHINE_SIDE:
        chance = odds.attacker_wins(force_of(ours), machine_force(view.machines.get(h, 0)),
                                    terrain)
    elif battle["attacker"] == view.me:
        chance = odds.attacker_wins(force_of(ours), force_of(theirs), terrain)
    else:
        chance = odds.defender_holds(force_of(theirs), force_of(ours), terrain)
    return chance < view.strategy.retreat_odds


def best_target(view: View, battle: BattleView, fires: list[int], suggested: int | None) -> int:
    """Hit chance times the target's threat, per hit its lead ship still needs.

    Both come from the observation's ``to_hit`` table (hitting faces of the
    d10): the shooter's number against the target, and the target's best
    number against any of our groups.  Ties go to ``suggested``.
    """
    shooter = firing_unit(battle)
    own = {u.unit for u in view.own}
    chance = {(t["unit"], t["target"]): hit_faces(t["to_hit"]) for t in battle["to_hit"]}
    threat: dict[int, int] = {}
    for t in battle["to_hit"]:
        if t["target"] in own:
            threat[t["unit"]] = max(threat.get(t["unit"], 0), hit_faces(t["to_hit"]))
    damage = {uv["unit"]: uv.get("damage", 0) for uv in view.obs["units"]}
    kinds = {u.unit: u.kind for u in view.enemies}

    def score(code: int) -> tuple[float, bool]:
        target = arg_a(code)
        kind = kinds.get(target, -1)
        left = max(1, (data.UNIT_HULL[kind] if kind >= 0 else 1) - damage.get(target, 0))
        value = chance.get((shooter, target), 1) * (1 + threat.get(target, 0)) / left
        return (value, code == suggested)
    return max(fires, key=score)


# -- the Economic Phase --------------------------------------------------------------------
@dataclass
class Budget:
    """The purchase step's numbers: CP, income, maintenance, what was bought already."""

    cp: int
    start_cp: int
    income: int
    maintenance: int
    research_spent: int
    bought: dict[int, int]
    reserve_cap: int = RESERVE  # the strategy's reserve

    @property
    def reserve(self) -> int:
        """CP kept back: with what the next phase brings, enough for a base in a crisis."""
        return min(self.reserve_cap, self.income // 4)


def colony_income(view: View) -> int:
    """What the colonies earn each phase (minerals are one-off and not counted on)."""
    return sum(view.colony_cp[h] for h in own_colonies(view))


def budget_of(view: View) -> Budget:
    """This purchase step's numbers, from the observation's purchase records."""
    me = view.obs["me"]
    purchases = me.get("purchases", [])
    spent = sum(p["cost"] for p in purchases)
    bought: dict[int, int] = {}
    pending_hull = 0
    for p in purchases:
        if p["kind"] == "buy" and "unit_type" in p:
            kind = data.CODE_TO_UNIT[p["unit_type"]]
            bought[kind] = bought.get(kind, 0) + 1
            if data.UNIT_MAINTAINED[kind]:
                pending_hull += data.UNIT_HULL[kind]
    maintenance = sum(data.UNIT_HULL[u.kind] * u.count for u in view.own
                      if data.UNIT_MAINTAINED[u.kind]) + pending_hull
    return Budget(cp=me["cp"], start_cp=me["cp"] + spent, income=colony_income(view),
                  maintenance=maintenance,
                  research_spent=sum(p["cost"] for p in purchases if p["kind"] == "research"),
                  bought=bought, reserve_cap=view.strategy.reserve)


def purchase(view: View, allowed: set[int], odds: Odds) -> int:
    """The next purchase of the plan (module docstring, "Economy"), or end purchases."""
    money = budget_of(view)
    for rule in (_emergency, _expansion, _first_research, _base, _minefield, _yard, _refit,
                 _warships, _more_research, _spend_excess):
        code = rule(view, allowed, money, odds)
        if code is not None:
            return code
    return encode(A_END_BUY)


def _buy(view: View, allowed: set[int], kind: int) -> int | None:
    """Buy ``kind`` at the homeworld if possible, else at another colony."""
    hexes = [view.home] + [h for h in view.obs["me"].get("income_hexes", []) if h != view.home]
    for h in hexes:
        code = encode(A_BUY, kind, h) if h >= 0 else -1
        if code in allowed:
            return code
    return None


def _emergency(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """A threatened homeworld gets a base and then every warship the yards can build."""
    if home_holds(view, odds, [u for u in view.own if u.kind in _WARSHIPS]):
        return None
    code = _buy(view, allowed, _BASE)
    if code is not None:
        return code
    for kind in _warship_choices(view):
        code = _buy(view, allowed, kind)
        if code is not None:
            return code
    return None


def _expansion(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """Colony ships for unclaimed planets, a second miner, a scout while space is unknown
    (the strategy says how many colony ships a phase, miners and scouts)."""
    plan = view.strategy
    if money.bought.get(_CO, 0) < plan.colony_ships and \
            unclaimed_planets(view) > money.bought.get(_CO, 0):
        code = _buy(view, allowed, _CO)
        if code is not None:
            return code
    miners = sum(1 for u in view.own if u.kind == _MINER) + money.bought.get(_MINER, 0)
    if miners < plan.miners and free_minerals(view) > miners:
        code = _buy(view, allowed, _MINER)
        if code is not None:
            return code
    scouts = sum(u.count for u in view.own if u.kind == _SC) + money.bought.get(_SC, 0)
    unknown = sum(1 for m in view.marker if m is None)
    if scouts < plan.scouts and unknown > 4 and not money.bought.get(_SC, 0):
        code = _buy(view, allowed, _SC)
        if code is not None:
            return code
    return _pipelines(view, allowed, money)


def _pipelines(view: View, allowed: set[int], money: Budget) -> int | None:
    """MS Pipelines (when the rules offer them): one for each gap in the planned chains,
    two a phase at most, keeping the reserve (3 CP each, +1 CP a phase per linked colony)."""
    bought = money.bought.get(_MS, 0)
    if bought >= PIPELINES_A_PHASE or money.cp - data.UNIT_COST[_MS] < money.reserve:
        return None
    if not any(kind_of(code) == A_BUY and arg_a(code) == _MS for code in allowed):
        return None  # the rules are off, or no yard has room
    if pipeline_gaps(view) <= bought:
        return None
    return _buy(view, allowed, _MS)


def unclaimed_planets(view: View) -> int:
    """Free planets a colony ship from home could reach that no colony ship is heading for."""
    if view.home < 0:
        return 0
    cost, _ = paths_from(view, view.home, CIVIL)
    terraform = view.tech["terraforming"] > 0
    reachable = [h for h in free_planets(view, terraform) if cost[h] < UNREACHABLE]
    claimed = set(colony_targets(view).values())
    return sum(1 for h in reachable if h not in claimed)


def research_plan(view: View) -> list[tuple[int, int]]:
    """The strategy's research plan, with Terraforming early when barren planets wait."""
    plan = list(RESEARCH_PLANS[RESEARCH_PLAN_IDS[view.strategy.research_plan]])
    barren = sum(1 for h in range(view.board.size)
                 if view.marker[h] == "barren" and view.colony_owner[h] < 0)
    if view.tech["terraforming"] == 0 and barren >= 2:
        plan.insert(6, (_T_TERRA, 1))
    if "fighters" in view.tech:  # advanced rules: carriers and F1 fighters after cruisers
        plan.insert(2, (data.T_FIGHTERS, 1))
        plan.insert(plan.index((_T_SS, 4)), (data.T_FIGHTERS, 2))
    if "point_defense" in view.tech and enemy_has(view, data.F):  # an answer to fighters
        plan.insert(0, (data.T_POINT_DEFENSE, 1))
    if "mines" in view.tech:  # a minefield at home, a sweeper with the fleet
        plan.insert(plan.index((_T_SS, 4)), (data.T_MINES, 1))
        plan.insert(plan.index((_T_SS, 5)), (data.T_MINE_SWEEP, 1))
    if "cloaking" in view.tech:  # raiders: a first strike with the fleet, then scanners
        plan.insert(plan.index((_T_MOV, 2)), (data.T_CLOAKING, 1))
        plan.insert(plan.index((_T_SS, 5)), (data.T_SCANNERS, 1))
    return plan


def enemy_has(view: View, kind: int) -> bool:
    """An enemy group of this type has been seen (revealed or remembered)."""
    return any(u.kind == kind for u in view.enemies)


def next_research(view: View) -> int | None:
    """The next milestone of the plan whose technology was not researched this phase.

    Strictly in order: when it is too dear the bot saves for it rather than
    buying something later in the plan.
    """
    done_now = set(view.obs["me"].get("researched", []))
    for tech, level in research_plan(view):
        key = data.TECH_KEYS[tech]
        if view.tech[key] < level and key not in done_now:
            return encode(A_RESEARCH, tech)
    return None


def research_done(view: View) -> bool:
    """Every milestone of the research plan reached."""
    return all(view.tech[data.TECH_KEYS[tech]] >= level for tech, level in research_plan(view))


def _research_price(view: View, code: int) -> int:
    return view.obs["me"].get("research_costs", {}).get(data.TECH_KEYS[arg_a(code)], UNREACHABLE)


def _first_research(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """The next milestone, within the research share of this phase's CP."""
    code = next_research(view)
    if code is None or code not in allowed:
        return None
    price = _research_price(view, code)
    cheap_start = arg_a(code) == _T_SS and view.tech["ship_size"] < 3
    if cheap_start or money.research_spent + price <= view.strategy.research_share * \
            money.start_cp:
        return code
    return None


def _base(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """A base at the homeworld: strong, never maintained (from the strategy's round)."""
    if view.home < 0 or view.round < view.strategy.base_round or \
            money.cp - data.UNIT_COST[_BASE] < money.reserve:
        return None
    if any(u.kind == _BASE and u.hex == view.home for u in view.own):
        return None
    code = encode(A_BUY, _BASE, view.home)
    return code if code in allowed else None


def _minefield(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """Advanced rules: :data:`MINES_AT_HOME` mines at the homeworld, where they stay
    (mines are never maintained; each takes a ship of any attacker with it)."""
    if view.home < 0 or view.tech.get("mines", 0) < 1 or \
            money.cp - data.UNIT_COST[data.MINE] < money.reserve:
        return None
    laid = sum(1 for u in view.own if u.kind == data.MINE and u.hex == view.home)
    if laid + money.bought.get(data.MINE, 0) >= MINES_AT_HOME:
        return None
    code = encode(A_BUY, data.MINE, view.home)
    return code if code in allowed else None


def _refit(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """Bring old groups at the yards up to the current technology (hull size in CP)."""
    for option in view.obs["me"].get("refit_options", []):
        code = encode(A_REFIT, option["unit"])
        if option["problem"] is None and code in allowed and \
                money.cp - option["cost"] >= money.reserve:
            return code
    return None


def _warship_choices(view: View) -> list[int]:
    """The plan's warship type first, then cruisers to fill the yards (never smaller).

    Advanced rules: with Fighters, carriers and fighters first while Ship Size is below
    5 (a fighter is the cheapest attack strength there is), as many fighters as the
    carriers hold: a carrier when they are full, else a fighter.  With Cloaking, raiders
    first until the fleet has :data:`RAIDERS_WANTED` of them (they fire first, +1, in
    the fleet's battles while the enemy lacks the Scanners); with Mine Sweep, one
    minesweeper first if the fleet has none; with Point Defense and enemy fighters seen,
    scouts until :data:`POINT_DEFENSE_SCOUTS` of them carry it.
    """
    tech = view.tech
    best = best_type_for(tech["ship_size"], tech["attack"], tech["defense"])
    choices = [best] + ([_CA] if data.UNIT_HULL[best] > data.UNIT_HULL[_CA] else [])
    if tech.get("fighters", 0) >= 1 and tech["ship_size"] < 5:
        room = sum(data.CARRIER_CAPACITY * u.count for u in view.own if u.kind == data.CV)
        fighters = sum(u.count for u in view.own if u.kind == data.F)
        choices.insert(0, data.F if fighters < room else data.CV)
    if tech.get("point_defense", 0) >= 1 and enemy_has(view, data.F):
        defenders = sum(u.count for u in view.own if u.kind == _SC and u.level >= 1)
        if defenders < POINT_DEFENSE_SCOUTS:  # point-defense scouts fire first at fighters
            choices.insert(0, _SC)
    if tech.get("mine_sweep", 0) >= 1 and not any(u.kind == data.SW for u in view.own):
        choices.insert(0, data.SW)  # one minesweeper group clears the way for the fleet
    if tech.get("cloaking", 0) >= 1:  # a pair of raiders fires first in the fleet's battles
        raiders = sum(u.count for u in view.own if u.kind == data.R)
        if raiders < RAIDERS_WANTED:
            choices.insert(0, data.R)
    return choices


def _warships(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """Warships while maintenance stays within its share of the income and CP above reserve."""
    for kind in _warship_choices(view):
        hull = data.UNIT_HULL[kind]
        if money.maintenance + hull > view.strategy.maintenance_share * money.income:
            continue
        if money.cp - data.UNIT_COST[kind] < money.reserve:
            continue
        code = _buy(view, allowed, kind)
        if code is not None:
            return code
    return None


def _yard(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """One more yard at home while its capacity cannot take the warship budget.

    The warship budget is taken as :data:`SHIP_SHARE` of the income; a new
    yard builds from the next phase on.
    """
    if view.home < 0 or money.cp - data.UNIT_COST[_SY] < money.reserve:
        return None
    yards = [y for y in view.obs["me"].get("yards", []) if y["hex"] == view.home]
    capacity = yards[0]["capacity"] if yards else 0  # half hulls
    best = _warship_choices(view)[0]
    ships = view.strategy.ship_share * money.income / data.UNIT_COST[best]
    room = money.maintenance + data.UNIT_HULL[best] <= \
        view.strategy.maintenance_share * money.income
    if room and capacity < min(2 * data.UNIT_HULL[best] * ships, MAX_HOME_CAPACITY):
        code = encode(A_BUY, _SY, view.home)
        return code if code in allowed else None
    return None


def _more_research(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """Further milestones with what is left above the reserve."""
    code = next_research(view)
    if code is not None and code in allowed and \
            money.cp - _research_price(view, code) >= money.reserve:
        return code
    return None


def _spend_excess(view: View, allowed: set[int], money: Budget, odds: Odds) -> int | None:
    """Whatever would be lost at the carry-over cap goes to the most useful purchase left.

    CP above :data:`~se4x_core.data.CARRY_OVER_CAP` at the end of the phase are
    discarded at the start of the next, so once the rules above have nothing to
    buy, the reserve and the research share protect nothing: in order, the
    plan's next research (always affordable here: no level costs more than the
    cap), then, once the research plan is complete, warships whatever the
    maintenance share (the share keeps upkeep from eating the research budget;
    with nothing left to research, the fleet is what the CP are for), then
    what costs no upkeep: a ship yard at home while its capacity is below
    :data:`MAX_HOME_CAPACITY`, a base at the most valuable colony without one,
    a colony ship for an unclaimed planet.  Never scouts or decoys as a dump:
    with nothing of use left the CP are banked.
    """
    if money.cp <= data.CARRY_OVER_CAP:
        return None
    picks = [_excess_research, _excess_yard, _excess_base, _excess_colony_ship]
    if research_done(view):
        picks.insert(1, _excess_warship)
    for pick in picks:
        code = pick(view, allowed, money)
        if code is not None:
            return code
    return None


def _excess_research(view: View, allowed: set[int], money: Budget) -> int | None:
    code = next_research(view)
    if code is not None and code in allowed and _research_price(view, code) <= money.cp:
        return code
    return None


# Warships for CP that would otherwise be lost, after the plan's choices (whose counters
# may all be in use): the bigger hulls first, never scouts.
_EXCESS_HULLS = (_DN, _BB, _BC, _CA, _DD)


def _excess_warship(view: View, allowed: set[int], money: Budget) -> int | None:
    """The plan's warships whatever the maintenance share, then any other hull but a
    scout's (the yards' capacity and the counters still limit them: only legal purchases
    are made)."""
    choices = _warship_choices(view)
    for kind in choices + [k for k in _EXCESS_HULLS if k not in choices]:
        if data.UNIT_COST[kind] <= money.cp:
            code = _buy(view, allowed, kind)
            if code is not None:
                return code
    return None


def _excess_yard(view: View, allowed: set[int], money: Budget) -> int | None:
    """More capacity at home for the next phase's warships (none fitted this one)."""
    if view.home < 0:
        return None
    yards = [y for y in view.obs["me"].get("yards", []) if y["hex"] == view.home]
    if yards and yards[0]["capacity"] >= MAX_HOME_CAPACITY:
        return None
    code = encode(A_BUY, _SY, view.home)
    return code if code in allowed else None


def _excess_base(view: View, allowed: set[int], money: Budget) -> int | None:
    """A base (never maintained) at the colony worth most that has none."""
    guarded = {u.hex for u in view.own if u.kind == _BASE}
    colonies = sorted((h for h in own_colonies(view) if h not in guarded),
                      key=lambda h: (-view.colony_cp[h], h))
    for h in colonies:
        code = encode(A_BUY, _BASE, h)
        if code in allowed:
            return code
    return None


def _excess_colony_ship(view: View, allowed: set[int], money: Budget) -> int | None:
    """A colony ship for a planet none is heading for, beyond the two of the phase."""
    if unclaimed_planets(view) > money.bought.get(_CO, 0):
        return _buy(view, allowed, _CO)
    return None

