"""Battle simulator: the odds of one battle from many seeded battles, compiled.

Why it exists: a player (or the AI) wants the odds of a battle before sending
a fleet, and a good estimate takes tens of thousands of battles.  This is a
Cython pure-Python module: ``combat_sim.py`` is the only source, run as it is
when interpreted and compiled with the C types of ``combat_sim.pxd`` beside
it.  It turns a battle into flat integer arrays; the trials loop
(:func:`se4x_core.kernel.battle_math.run_trials`) runs on them and touches no
Python object, so compiled it runs in C speed without the GIL.

Rules (basic game; ``docs/charts.md`` and the Combat section of the
rules summary):

* Units come in groups of at most six ships of one type (``data.MAX_GROUP``);
  colony ships, miners, bases (and the advanced rules' mines and MS
  pipelines) are single (``data.SINGLE_UNIT_TYPES``).  Decoys are removed at
  the start of battle.
* Attack and defense tech carried by a unit never exceed its hull size.
  Asteroids: every unit is class E and attack tech counts as 0.  Nebula:
  every unit is class E and defense tech counts as 0.
* Each round a side with at least twice as many combat ships (ships, not
  groups; colony ships, miners and other non-combat units do not count) as
  the other gets +1 attack, fixed for the round at its start.
* Groups fire by class (A first), then higher tactics, then defender first,
  then listing order; within a group ship by ship.  Fire is sequential: a
  ship fires if it is still alive when its turn comes.
* To hit: attack strength + attack tech + fleet bonus - (defense strength +
  defense tech of the target); a d10 roll at or below it hits, a roll of 1
  always hits.  A group's hits go to its lead ship until it dies (damage ==
  hull), then to the next ship.  Damage lasts for the whole battle.
* Nobody screens or retreats.  A side without combat units loses; its colony
  ships and miners are destroyed then.  Non-combat units are never fired at
  while their side still has combat units.

Advanced rules (docs/charts.md "Ship technology chart" and "Advanced rules data",
the reference manual's battle steps and FAQ), with the reading chosen where
the text is vague:

* Technology: besides attack, defense and tactics, a side (or one of its unit
  entries) has Fighters, Point Defense, Cloaking, Scanners and Mine Sweep
  levels; each matters only to the units named below.
* Fighters (F): class B, attack and defense by the entry's Fighters level
  (F1 5-0, F2 6-0, F3 7-1: ``data.FIGHTER_ATTACK``, ``data.FIGHTER_DEFENSE``),
  hull 1, plus attack and defense tech capped by hull as usual.  Each fighter
  counts for the fleet-size bonus like any combat ship (FAQ: "each squadron
  counts as one combat-capable ship").  Fighters form groups like other
  ships; the three fighters a carrier holds concern movement and are not
  checked here.
* Carriers (CV): class E 3-0 hull 1.  A carrier group cannot be targeted
  while its own side has any fighter alive in the battle ("a carrier cannot
  be targeted while friendly fighters are in the battle").
* Point defense: a scout (SC) entry with Point Defense level L >= 1, in a
  round that starts (once the fleet-size bonus is fixed) with enemy fighters
  alive, fires in the class-A position (made E by asteroids and nebulae like
  any class) with attack strength ``POINT_DEFENSE_ATTACK[L]`` (6/7/8) plus
  its attack tech and the fleet bonus, at fighters only (by the default
  targeting rule among them); once no enemy fighter is left, its remaining
  shots that round are lost.  In a round that starts without enemy fighters
  it fires as an ordinary class-E scout.  It never fires twice in a round.
* Raiders (R): class D 4-0 hull 2.  A raider entry is cloaked when its
  Cloaking level exceeds the enemy's Scanners level.  "Scanners are carried
  by destroyers": the enemy's level is the highest Scanners level among its
  destroyer (DD) entries, 0 when it brings none.  Cloaking fails in a
  nebula.  It is settled once, before the battle.  A cloaked raider fires in
  round 1 in the class-A position (effective class applied) with
  ``RAIDER_AMBUSH_BONUS`` (+1) added to its attack strength (not tech:
  asteroids keep it); from round 2 on it is an ordinary class-D unit.
  Cloaked raiders may avoid combat altogether, but that is movement's
  business: a spec describes a battle that happens.
* Minesweepers (SW): class E 1-0 hull 1, ordinary combat units.  MS pipelines
  are non-combat single units, like colony ships.
* Mines act before the battle (after the decoys go), and only the
  defender's: the attacker is the side that moved in.  First each of the
  attacker's minesweepers removes ``MINES_SWEPT[its Mine Sweep level]``
  (0/1/2) mines.  Then each remaining mine, one after the other, destroys one
  of the attacker's ships (any unit but decoys and mines, colony ships
  included), the mine owner's choice; the choice here is the most expensive
  ship (``UNIT_COST``; ties: the larger hull, then the first listed entry).
  A mine never destroys a raider cloaked in this battle (FAQ: mines work
  against cloaked raiders "only if enemy has Scanner Tech >= Cloaking
  Tech", with Scanners counted as above).  A mine swept or exploded is used
  up (taken from the defender's Mine entries in listing order); one left
  over for want of a ship it may destroy stays as a non-combat unit of the
  defender.  Mines never fire and never count for the fleet size; the
  attacker's mines do nothing (non-combat units).  The ships destroyed come
  off their entry's count before it is split into groups.  All this is
  deterministic and reported in :attr:`BattleOutcome.mines`; the battle
  then starts from what is left (a side left without combat units loses in
  round 0, see below).
* Doomsday Machines (spec type ``DM``; docs/charts.md: "class C, 9-2, hull 3,
  fires twice a round, tactics 2; a roll of 1 hits it; no fleet-size bonus
  against it"), as the engine fights them (:mod:`se4x_core.rules.advanced.doomsday`):
  the machine is the defender, alone on its side, with the hits it has taken
  already on it (its lead damage).  It fires twice a round (two volleys in a
  row, each shot at the default target), attack 9 and no technology.  Any
  shot at it hits on a roll of 1 only: its to-hit entry is
  ``MACHINE_TO_HIT``, which a fleet-size bonus cannot lift to a 2, so
  nobody's bonus counts (the machine, one ship, never earns one).  Cloaking
  hides from empires' scanners, not from a machine: a raider has no ambush
  against it.

Default targeting rule (the game's "auto" target too, see
:func:`better_target`): a ship fires at the enemy group it has the best
chance to hit, i.e. the highest to-hit number counted in hitting d10 faces
(``hit_faces``: clamped to 1..10, since a to-hit of 0 or -3 both hit on a 1
only); ties go to the group whose lead ship is already damaged (finish it
off), then to the group with the highest attack strength plus attack tech
(the biggest threat; a fighter's is its level's, a point-defense scout's or
a raider's its ordinary one), then to the first listed.

Outcomes: the attacker wins when the defender has no combat units left and
it has some; the defender wins the other way round.  A draw is a battle in
which neither side has combat units at the start (e.g. colony ships meeting
miners: nobody can fire, both keep their units), or one still undecided
after ``battle_math.MAX_ROUNDS`` rounds (never seen in practice: every shot hits on a 1).
"""

from __future__ import annotations

import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from se4x_core import data

if TYPE_CHECKING:
    from se4x_core.sim.battle_spec import BattleSpec, SideSpec, UnitEntry

from se4x_core.kernel import battle_math, dice
from se4x_core.kernel.battle_math import (
    OUT_ATT_SURV,
    OUT_ATT_WINS,
    OUT_DEF_SURV,
    OUT_DEF_WINS,
    OUT_DRAWS,
    OUT_GROUPS,
    OUT_ROUNDS,
    TERRAIN_NEBULA,
    WHEN_ALWAYS,
    WHEN_ENEMY_FIGHTERS,
    WHEN_FIRST_ROUND,
    WHEN_LATER_ROUNDS,
    WHEN_NO_ENEMY_FIGHTERS,
)

ATTACKER = 0
DEFENDER = 1
SIDE_NAMES: tuple[str, ...] = ("attacker", "defender")

# The to-hit entry of any shot at a Doomsday Machine: a roll of 1 only, even with
# the +1 of a fleet-size bonus (which does not count against a machine).
MACHINE_TO_HIT = data.DOOMSDAY_HIT_ROLL - 10

# --------------------------------------------------------------------------
# Before the battle: cloaking and mines.


def side_scanners(side: SideSpec) -> int:
    """The Scanners level that counts for ``side``: its destroyers' best (0 without DD)."""
    return max((u.scanners for u in side.units if u.unit_type == data.DD), default=0)


def is_machine_side(side: SideSpec) -> bool:
    """The side is a Doomsday Machine (alone on its side: battle_spec checks)."""
    return any(u.unit_type == data.MACHINE_TYPE for u in side.units)


def raider_cloaked(entry: UnitEntry, enemy: SideSpec, terrain: int) -> bool:
    """Whether the raider entry is cloaked in this battle (never in a nebula, never
    against a Doomsday Machine)."""
    return (entry.unit_type == data.R and terrain != TERRAIN_NEBULA
            and not is_machine_side(enemy) and entry.cloaking > side_scanners(enemy))


@dataclass(frozen=True)
class MineResult:
    """What the defender's mines did before the battle (the same in every trial)."""

    mines: int = 0  # the defender's mines in the battle
    swept: int = 0  # removed by the attacker's minesweepers
    # The attacker's ships destroyed, per attacker unit entry (empty without mines).
    destroyed: tuple[int, ...] = ()

    @property
    def exploded(self) -> int:
        """Mines used up destroying a ship: one each."""
        return sum(self.destroyed)

    @property
    def left_over(self) -> int:
        """Mines neither swept nor exploded (no ship left they may destroy)."""
        return self.mines - self.swept - self.exploded


NO_MINES = MineResult()


def resolve_mines(spec: BattleSpec) -> MineResult:
    """The mine step (module docstring): sweeping, then one ship per mine."""
    attacker, defender = spec.attacker, spec.defender
    mines = sum(u.count for u in defender.units if u.unit_type == data.MINE)
    if mines == 0:
        return NO_MINES
    destroyed = [0] * len(attacker.units)
    capacity = sum(u.count * data.MINES_SWEPT[u.mine_sweep]
                   for u in attacker.units if u.unit_type == data.SW)
    swept = min(mines, capacity)
    left = [u.count for u in attacker.units]
    for _mine in range(mines - swept):
        best = -1
        for i, u in enumerate(attacker.units):
            if (left[i] == 0 or u.unit_type in (data.DECOY, data.MINE)
                    or raider_cloaked(u, defender, spec.terrain)):
                continue
            if best < 0 or _costlier(u.unit_type, attacker.units[best].unit_type):
                best = i
        if best < 0:
            break
        left[best] -= 1
        destroyed[best] += 1
    return MineResult(mines=mines, swept=swept, destroyed=tuple(destroyed))


def _costlier(a: int, b: int) -> bool:
    """Unit type ``a`` is the mines' strictly better pick than ``b`` (cost, then hull)."""
    return battle_math.better_mine_pick(data.UNIT_COST[a], data.UNIT_HULL[a],
                                        data.UNIT_COST[b], data.UNIT_HULL[b])


def mines_report(spec: BattleSpec, mines: MineResult) -> dict[str, Any]:
    """The mine step as JSON-able data (for ``se4x battle --json``)."""
    return {
        "mines": mines.mines,
        "swept": mines.swept,
        "exploded": mines.exploded,
        "left_over": mines.left_over,
        "destroyed": [{"type": data.UNIT_CODES[spec.attacker.units[i].unit_type], "count": n}
                      for i, n in enumerate(mines.destroyed) if n],
    }


def describe_mines(spec: BattleSpec, mines: MineResult) -> str:
    """One line for the text report: 'Mines  2 (1 swept): destroyed 1 BB before the battle'.

    Empty when the defender has no mines.
    """
    if not mines.mines:
        return ""
    losses = ", ".join(f"{n} {data.UNIT_CODES[spec.attacker.units[i].unit_type]}"
                       for i, n in enumerate(mines.destroyed) if n)
    text = (f"Mines           {mines.mines} ({mines.swept} swept): destroyed "
            f"{losses or 'no ship'} before the battle")
    if mines.left_over:
        text += f", {mines.left_over} left over"
    return text


# --------------------------------------------------------------------------
# Python-side description of a battle: groups and firing order.


@dataclass(frozen=True)
class Group:
    """One group counter in the battle, with the numbers it fights with."""

    side: int
    entry: int  # index of the spec's unit entry on that side
    unit_type: int
    ships: int
    weapon_class: int  # after terrain; data.NO_CLASS for non-combat units
    attack: int  # strength (a fighter's by its level)
    attack_tech: int  # carried (capped by hull); terrain applied in to_hit_number
    defense: int
    defense_tech: int
    tactics: int
    hull: int
    point_defense: int = 0  # attack strength against fighters (scouts); 0: none
    cloaked: bool = False  # a raider cloaked in this battle
    shots: int = 1  # volleys a round (a Doomsday Machine fires twice)
    damage: int = 0  # hits already on the lead ship (a Doomsday Machine's hits taken)

    @property
    def machine(self) -> bool:
        """A Doomsday Machine: hit on a roll of 1 only."""
        return self.unit_type == data.MACHINE_TYPE

    @property
    def combat(self) -> bool:
        """Combat-capable: it fires and counts for the fleet size bonus."""
        return self.attack > 0


@dataclass(frozen=True)
class Volley:
    """One place of a group in the firing order, with the numbers it fires with there.

    ``when`` is one of the ``WHEN_*`` conditions; ``fighters_only``: it may
    fire at enemy fighters only (point defense).
    """

    group: int
    when: int
    weapon_class: int
    attack: int
    fighters_only: bool = False


def _split(unit_type: int, count: int) -> list[int]:
    """Ships per group counter for ``count`` units of one entry."""
    size = 1 if unit_type in data.SINGLE_UNIT_TYPES else data.MAX_GROUP
    full, rest = divmod(count, size)
    return [size] * full + ([rest] if rest else [])


def _counts_after_mines(spec: BattleSpec, mines: MineResult) -> tuple[list[int], list[int]]:
    """Units per entry once the mines have acted, attacker's and defender's."""
    attacker = [u.count for u in spec.attacker.units]
    for i, n in enumerate(mines.destroyed):
        attacker[i] -= n
    used = mines.swept + mines.exploded
    defender = []
    for u in spec.defender.units:
        take = min(used, u.count) if u.unit_type == data.MINE else 0
        used -= take
        defender.append(u.count - take)
    return attacker, defender


def expand_groups(spec: BattleSpec, mines: MineResult | None = None) -> list[Group]:
    """The battle's groups, attacker's first, in listing order (decoys removed).

    ``mines``: the mine step's result (:func:`resolve_mines` of ``spec`` when
    not given); the units it destroyed or used up are not in the groups.
    """
    if mines is None:
        mines = resolve_mines(spec)
    groups: list[Group] = []
    sides = (spec.attacker, spec.defender)
    for side_index, (side, counts) in enumerate(
            zip(sides, _counts_after_mines(spec, mines), strict=True)):
        for entry_index, entry in enumerate(side.units):
            if entry.unit_type == data.DECOY:
                continue
            if entry.unit_type == data.MACHINE_TYPE:
                groups.append(machine_group(side_index, entry_index, entry.hits, spec.terrain))
                continue
            stats = data.UNIT_STATS[entry.unit_type]
            attack, defense = stats.attack, stats.defense
            if entry.unit_type == data.F:
                attack = data.FIGHTER_ATTACK[entry.fighters]
                defense = data.FIGHTER_DEFENSE[entry.fighters]
            point_defense = (data.POINT_DEFENSE_ATTACK[entry.point_defense]
                             if entry.unit_type == data.SC else 0)
            cloaked = raider_cloaked(entry, sides[1 - side_index], spec.terrain)
            for ships in _split(entry.unit_type, counts[entry_index]):
                groups.append(Group(
                    side=side_index,
                    entry=entry_index,
                    unit_type=entry.unit_type,
                    ships=ships,
                    weapon_class=battle_math.effective_class(stats.weapon_class, spec.terrain),
                    attack=attack,
                    attack_tech=battle_math.cap_tech(entry.attack, stats.hull),
                    defense=defense,
                    defense_tech=battle_math.cap_tech(entry.defense, stats.hull),
                    tactics=entry.tactics,
                    hull=stats.hull,
                    point_defense=point_defense,
                    cloaked=cloaked,
                ))
    return groups


def machine_group(side: int, entry: int, hits: int, terrain: int) -> Group:
    """A Doomsday Machine with ``hits`` taken: class C 9-2, hull 3, tactics 2, two shots."""
    return Group(side=side, entry=entry, unit_type=data.MACHINE_TYPE, ships=1,
                 weapon_class=battle_math.effective_class(data.DOOMSDAY_CLASS, terrain),
                 attack=data.DOOMSDAY_ATTACK, attack_tech=0, defense=data.DOOMSDAY_DEFENSE,
                 defense_tech=0, tactics=data.DOOMSDAY_TACTICS, hull=data.DOOMSDAY_HULL,
                 shots=data.DOOMSDAY_SHOTS, damage=hits)


def firing_order(groups: list[Group], terrain: int) -> list[Volley]:
    """The combat groups' volleys in the order they fire each round.

    A group has one volley, or two when it fires differently in some rounds:
    a cloaked raider (class A with the ambush bonus in round 1, then its own
    class) and a point-defense scout facing fighters (class A at fighters in
    rounds that start with enemy fighters, else its own class E).  At most
    one of such a group's volleys fires in a round.  A Doomsday Machine has
    two volleys that both fire every round, one after the other (its two
    shots).  Order: class, tactics, defender first, listing order.
    """
    has_fighters = [any(g.unit_type == data.F for g in groups if g.side == s) for s in (0, 1)]
    first = battle_math.effective_class(data.CLASS_A, terrain)
    volleys: list[Volley] = []
    for i, g in enumerate(groups):
        if not g.combat:
            continue
        if g.point_defense and has_fighters[1 - g.side]:
            volleys += [Volley(i, WHEN_ENEMY_FIGHTERS, first, g.point_defense, True),
                        Volley(i, WHEN_NO_ENEMY_FIGHTERS, g.weapon_class, g.attack)]
        elif g.cloaked:
            volleys += [Volley(i, WHEN_FIRST_ROUND, first, g.attack + data.RAIDER_AMBUSH_BONUS),
                        Volley(i, WHEN_LATER_ROUNDS, g.weapon_class, g.attack)]
        else:  # a machine's two shots: two volleys in a row
            volleys += [Volley(i, WHEN_ALWAYS, g.weapon_class, g.attack)] * g.shots
    return sorted(volleys, key=lambda v: (
        battle_math.fire_order_key(v.weapon_class, groups[v.group].tactics,
                                   groups[v.group].side == DEFENDER),
        v.group, v.when))


def group_to_hit(shooter: Group, target: Group, terrain: int, attack: int | None = None) -> int:
    """To-hit number of ``shooter`` against ``target`` without fleet bonus.

    ``attack``: the strength it fires with when not its own (a volley's).  Any shot
    at a Doomsday Machine hits on a 1 only (``MACHINE_TO_HIT``).
    """
    if target.machine:
        return MACHINE_TO_HIT
    strength = shooter.attack if attack is None else attack
    return battle_math.to_hit_number(strength, shooter.attack_tech, 0,
                                     target.defense, target.defense_tech, terrain)


def group_threat(group: Group, terrain: int) -> int:
    """Attack strength plus the attack tech that counts here: the targeting tie-break."""
    return battle_math.to_hit_number(group.attack, group.attack_tech, 0, 0, 0, terrain)


# --------------------------------------------------------------------------
# Results.


@dataclass(frozen=True)
class BattleOutcome:
    """Counts from ``trials`` simulated battles, with the derived frequencies."""

    trials: int
    seed: int
    attacker_win_count: int
    defender_win_count: int
    draw_count: int
    total_rounds: int
    attacker_survivor_total: int
    defender_survivor_total: int
    group_survivor_totals: tuple[int, ...] = field(default=())
    mines: MineResult = NO_MINES  # the mine step before every trial

    @property
    def attacker_wins(self) -> float:
        """Fraction of battles the attacker won."""
        return self.attacker_win_count / self.trials

    @property
    def defender_wins(self) -> float:
        """Fraction of battles the defender won."""
        return self.defender_win_count / self.trials

    @property
    def draws(self) -> float:
        """Fraction of battles nobody won (see the module docstring)."""
        return self.draw_count / self.trials

    @property
    def mean_rounds(self) -> float:
        """Mean number of combat rounds fought (0 when nobody could fire)."""
        return self.total_rounds / self.trials

    @property
    def attacker_mean_survivors(self) -> float:
        """Mean number of the attacker's ships left, non-combat ones included."""
        return self.attacker_survivor_total / self.trials

    @property
    def defender_mean_survivors(self) -> float:
        """Mean number of the defender's ships left, non-combat ones included."""
        return self.defender_survivor_total / self.trials

    @property
    def ships_destroyed_by_mines(self) -> int:
        """The attacker's ships the defender's mines destroyed before the battle."""
        return self.mines.exploded


# --------------------------------------------------------------------------
# Python entry points.


def _int_array(values: Iterable[int]) -> array.array[int]:
    """A C-int array (the kernel's memoryviews take any C-int buffer)."""
    return array.array("i", values)


class BattleSimulator:
    """A battle prepared once (mines, groups, firing order, to-hit table), run many times.

    >>> from se4x_core.sim.battle_spec import parse_spec
    >>> spec = parse_spec({"attacker": {"units": [{"type": "DN", "count": 1}]},
    ...                    "defender": {"units": [{"type": "SC", "count": 1}]}})
    >>> result = BattleSimulator(spec).run(trials=1000, seed=1)
    >>> result.attacker_wins > 0.9
    True

    The mine step is done here, once:

    >>> spec = parse_spec({
    ...     "attacker": {"units": [{"type": "SW", "count": 1, "mine_sweep": 1},
    ...                            {"type": "BB", "count": 1}, {"type": "DD", "count": 1}]},
    ...     "defender": {"units": [{"type": "Mine", "count": 2}]}})
    >>> sim = BattleSimulator(spec)
    >>> sim.mines.swept, sim.mines.destroyed
    (1, (0, 1, 0))
    """

    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        self.terrain: int = spec.terrain
        self.mines: MineResult = resolve_mines(spec)
        self.groups: list[Group] = expand_groups(spec, self.mines)
        self.volleys: list[Volley] = firing_order(self.groups, self.terrain)
        self._build_tables()

    def _build_tables(self) -> None:
        """Flatten the groups into the kernel's C-int arrays (see the kernel notes)."""
        groups, n, terrain = self.groups, len(self.groups), self.terrain
        fighters = 2 * n + 2  # state index of the attacker's fighter count
        has_fighters = [any(g.unit_type == data.F for g in groups if g.side == s)
                        for s in (0, 1)]
        gdata: list[int] = []
        for g in groups:
            guard = fighters + g.side if g.unit_type == data.CV and has_fighters[g.side] else -1
            tally = fighters + g.side if g.unit_type == data.F else -1
            gdata += [g.side, g.hull, group_threat(g, terrain), guard, tally]
        self._gdata = _int_array(gdata)
        rows: list[int] = []
        for fighters_only in (False, True):
            for s in (ATTACKER, DEFENDER):
                row = [i for i, g in enumerate(groups) if g.side != s and g.combat
                       and (g.unit_type == data.F or not fighters_only)]
                rows += row + [-1] * (n + 1 - len(row))
        self._enemies = _int_array(rows)
        vdata: list[int] = []
        th: list[int] = []
        for k, v in enumerate(self.volleys):
            shooter = groups[v.group]
            first = (n + 1) * (shooter.side + (2 if v.fighters_only else 0))
            vdata += [v.group, v.when, first, k * n]
            th += [group_to_hit(shooter, target, terrain, v.attack) for target in groups]
        self._vdata = _int_array([*vdata, -1, 0, 0, 0])
        self._th = _int_array(th)
        combat = [sum(g.ships for g in groups if g.side == s and g.combat) for s in (0, 1)]
        fighter_ships = [sum(g.ships for g in groups if g.side == s and g.unit_type == data.F)
                         for s in (0, 1)]
        self._template = _int_array([g.ships for g in groups] + [g.damage for g in groups]
                                    + combat + fighter_ships)

    def run(self, trials: int = 10000, seed: int = 0) -> BattleOutcome:
        """Fight ``trials`` battles from one generator seeded with ``seed``."""
        if trials < 1:
            raise ValueError("trials must be >= 1")
        n = len(self.groups)
        out_buf = array.array("q", [0] * (OUT_GROUPS + n))
        rng_buf = array.array("Q", [dice.rng_seed(seed)])
        state_buf = _int_array([0] * len(self._template))
        battle_math.run_trials(n, self._gdata, self._vdata, self._th, self._enemies,
                               self._template, state_buf, rng_buf, trials, out_buf)
        return BattleOutcome(
            trials=trials,
            seed=seed,
            attacker_win_count=out_buf[OUT_ATT_WINS],
            defender_win_count=out_buf[OUT_DEF_WINS],
            draw_count=out_buf[OUT_DRAWS],
            total_rounds=out_buf[OUT_ROUNDS],
            attacker_survivor_total=out_buf[OUT_ATT_SURV],
            defender_survivor_total=out_buf[OUT_DEF_SURV],
            group_survivor_totals=tuple(out_buf[OUT_GROUPS:]),
            mines=self.mines,
        )


def simulate(spec: BattleSpec, trials: int = 10000, seed: int = 0) -> BattleOutcome:
    """Outcome frequencies of the battle ``spec`` (a :class:`BattleSpec`)."""
    return BattleSimulator(spec).run(trials=trials, seed=seed)
