"""Battle simulator: the odds of one battle from many seeded battles, compiled.

Why it exists: a player (or the AI) wants the odds of a battle before sending
a fleet, and a good estimate takes tens of thousands of battles.  This is a
Cython pure-Python module: ``combat_sim.py`` is the only source, run as it is
when interpreted and compiled with the C types of ``combat_sim.pxd`` beside
it.  The whole trials loop runs in :func:`_run_trials` on flat integer arrays
and touches no Python object, so compiled it runs in C speed without the GIL.

Rules (basic game; ``shared/rules/CHARTS.md`` and the Combat section of the
rules summary):

* Units come in groups of at most six ships of one type (``data.MAX_GROUP``);
  colony ships, miners and bases are single (``data.SINGLE_UNIT_TYPES``).
  Decoys are removed at the start of battle.
* Attack and defense tech carried by a unit never exceed its hull size.
  Asteroids: every unit is class E and attack tech counts as 0.  Nebula:
  every unit is class E and defense tech counts as 0.
* Each round a side with at least twice as many combat ships (ships, not
  groups; colony ships and miners do not count) as the other gets +1 attack.
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

Default targeting rule (the game's "auto" target too, see
:func:`better_target`): a ship fires at the enemy group it has the best
chance to hit, i.e. the highest to-hit number counted in hitting d10 faces
(``hit_faces``: clamped to 1..10, since a to-hit of 0 or -3 both hit on a 1
only); ties go to the group whose lead ship is already damaged (finish it
off), then to the group with the highest attack strength plus attack tech
(the biggest threat), then to the first listed.

Outcomes: the attacker wins when the defender has no combat units left and
it has some; the defender wins the other way round.  A draw is a battle in
which neither side has combat units at the start (e.g. colony ships meeting
miners: nobody can fire, both keep their units), or one still undecided
after ``MAX_ROUNDS`` rounds (never seen in practice: every shot hits on a 1).
"""

from __future__ import annotations

import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cython

from se4x_core import data

if TYPE_CHECKING:
    from se4x_core.sim.battle_spec import BattleSpec

# Compiled, the dice are C calls into rng's extension (cimport); interpreted,
# plain imports.  The guard is needed: Cython 3's shadow module cannot resolve
# a dotted ``cython.cimports.<package>.<module>`` at run time.
if cython.compiled:
    from cython.cimports.se4x_core.sim.rng import rng_d10, rng_next, rng_seed
else:
    from se4x_core.sim.rng import rng_d10, rng_next, rng_seed

TERRAIN_OPEN = 0
TERRAIN_ASTEROIDS = 1
TERRAIN_NEBULA = 2
TERRAIN_NAMES: tuple[str, ...] = ("open", "asteroids", "nebula")
MAX_ROUNDS = 1000

# C copies of the constants above, for the nogil helpers (module-level Python
# names are not reachable from C code without the GIL).
_T_OPEN = TERRAIN_OPEN
_T_ASTEROIDS = TERRAIN_ASTEROIDS
_T_NEBULA = TERRAIN_NEBULA
_CLASS_E = data.CLASS_E
_NO_CLASS = data.NO_CLASS
_MAX_ROUNDS = MAX_ROUNDS

ATTACKER = 0
DEFENDER = 1
SIDE_NAMES: tuple[str, ...] = ("attacker", "defender")

# Layout of the kernel's output counters (see _run_trials).
_OUT_ATT_WINS = 0
_OUT_DEF_WINS = 1
_OUT_DRAWS = 2
_OUT_ROUNDS = 3
_OUT_ATT_SURV = 4  # + side: the defender's survivors follow
_OUT_DEF_SURV = 5
_OUT_GROUPS = 6


# --------------------------------------------------------------------------
# Rule helpers, shared with the interactive combat (cpdef: callable from
# Python and, cimported, from other compiled modules at C speed).


def effective_class(unit_class: cython.int, terrain: cython.int) -> cython.int:
    """Weapon class a unit fires with: asteroids and nebulae make every armed unit E."""
    if unit_class != _NO_CLASS and terrain != _T_OPEN:
        return _CLASS_E
    return unit_class


def cap_tech(level: cython.int, hull: cython.int) -> cython.int:
    """Attack or defense tech a unit carries: never more than its hull size."""
    return level if level < hull else hull


def to_hit_number(
    attack: cython.int,
    attack_tech: cython.int,
    fleet_bonus: cython.int,
    defense: cython.int,
    defense_tech: cython.int,
    terrain: cython.int,
) -> cython.int:
    """The d10 roll at or below which a shot hits (may be <= 0: then only a 1 hits).

    Tech levels are the carried (hull-capped) ones; the terrain rule is applied
    here so that every caller gets it right: asteroids cancel attack tech,
    nebulae cancel defense tech.
    """
    if terrain == _T_ASTEROIDS:
        attack_tech = 0
    elif terrain == _T_NEBULA:
        defense_tech = 0
    return attack + attack_tech + fleet_bonus - defense - defense_tech


def hit_faces(to_hit: cython.int) -> cython.int:
    """How many of the ten faces hit (1..10): the chance to hit in tenths."""
    if to_hit < 1:
        return 1
    if to_hit > 10:
        return 10
    return to_hit


def hits(roll: cython.int, to_hit: cython.int) -> cython.bint:
    """Whether a d10 ``roll`` hits: at or below ``to_hit``, and a 1 always hits."""
    return roll == 1 or roll <= to_hit


def fleet_bonus(own_ships: cython.int, enemy_ships: cython.int) -> cython.int:
    """+1 attack for a side with at least twice the enemy's combat ships (else 0)."""
    if enemy_ships > 0 and own_ships >= 2 * enemy_ships:
        return 1
    return 0


def fire_order_key(
    unit_class: cython.int, tactics: cython.int, is_defender: cython.bint
) -> cython.int:
    """Sort key of the firing order: lower fires first (then listing order).

    Class A before E, then higher tactics, then the defender.
    """
    return unit_class * 100 + (99 - tactics) * 2 + (0 if is_defender else 1)


def better_target(
    to_hit_a: cython.int,
    damaged_a: cython.bint,
    threat_a: cython.int,
    to_hit_b: cython.int,
    damaged_b: cython.bint,
    threat_b: cython.int,
) -> cython.bint:
    """True when target a is strictly preferred to target b by the default rule.

    Strict, so scanning candidates in listing order keeps the first listed on
    a full tie.  ``to_hit`` should be given as :func:`hit_faces`.
    """
    if to_hit_a != to_hit_b:
        return to_hit_a > to_hit_b
    if damaged_a != damaged_b:
        return damaged_a
    return threat_a > threat_b


def pick_target(to_hit: list[int], lead_damaged: list[bool], threat: list[int]) -> int:
    """Index of the candidate the default rule fires at; -1 if there is none.

    The candidates are the targetable enemy groups in listing order: raw
    to-hit numbers against each, whether each lead ship is damaged, and each
    group's threat (attack strength plus effective attack tech).
    """
    best = -1
    for i in range(len(to_hit)):
        faces = hit_faces(to_hit[i])
        if best < 0 or better_target(
            faces, bool(lead_damaged[i]), threat[i],
            hit_faces(to_hit[best]), bool(lead_damaged[best]), threat[best],
        ):
            best = i
    return best


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
    attack: int
    attack_tech: int  # carried (capped by hull); terrain applied in to_hit_number
    defense: int
    defense_tech: int
    tactics: int
    hull: int

    @property
    def combat(self) -> bool:
        """Combat-capable: it fires and counts for the fleet size bonus."""
        return self.attack > 0


def _split(unit_type: int, count: int) -> list[int]:
    """Ships per group counter for ``count`` units of one entry."""
    size = 1 if unit_type in data.SINGLE_UNIT_TYPES else data.MAX_GROUP
    full, rest = divmod(count, size)
    return [size] * full + ([rest] if rest else [])


def expand_groups(spec: BattleSpec) -> list[Group]:
    """The battle's groups, attacker's first, in listing order (decoys removed)."""
    groups: list[Group] = []
    for side_index, side in enumerate((spec.attacker, spec.defender)):
        for entry_index, entry in enumerate(side.units):
            if entry.unit_type == data.DECOY:
                continue
            stats = data.UNIT_STATS[entry.unit_type]
            for ships in _split(entry.unit_type, entry.count):
                groups.append(Group(
                    side=side_index,
                    entry=entry_index,
                    unit_type=entry.unit_type,
                    ships=ships,
                    weapon_class=effective_class(stats.weapon_class, spec.terrain),
                    attack=stats.attack,
                    attack_tech=cap_tech(entry.attack, stats.hull),
                    defense=stats.defense,
                    defense_tech=cap_tech(entry.defense, stats.hull),
                    tactics=entry.tactics,
                    hull=stats.hull,
                ))
    return groups


def firing_order(groups: list[Group]) -> list[int]:
    """Indices of the combat groups in the order they fire each round."""
    armed = [i for i, g in enumerate(groups) if g.combat]
    return sorted(armed, key=lambda i: (
        fire_order_key(groups[i].weapon_class, groups[i].tactics, groups[i].side == DEFENDER), i))


def group_to_hit(shooter: Group, target: Group, terrain: int) -> int:
    """To-hit number of ``shooter`` against ``target`` without fleet bonus."""
    return to_hit_number(shooter.attack, shooter.attack_tech, 0,
                         target.defense, target.defense_tech, terrain)


def group_threat(group: Group, terrain: int) -> int:
    """Attack strength plus the attack tech that counts here: the targeting tie-break."""
    return to_hit_number(group.attack, group.attack_tech, 0, 0, 0, terrain)


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


# --------------------------------------------------------------------------
# The compiled kernel.  Arrays (n = number of groups):
#   side, hull, threat: per group;  th: n*n to-hit numbers without fleet bonus
#   (row = shooter);  order: firing groups, -1 terminated;  enemies: two rows
#   of n+1, row s = the combat groups side s fires at, -1 terminated;
#   state: alive ships per group [0, n), lead damage [n, 2n), combat ships per
#   side [2n, 2n+2); reset each trial from ``template``.
# Interpreted they are ``array.array`` objects (C int, or 64-bit for ``rng``
# and ``out``), and that is the type written here; compiled, the kernel's
# functions take typed memoryviews of them (``const int[::1]`` and so on),
# declared in combat_sim.pxd, which the compiler reads in preference.


def _choose_target(
    n: cython.int,
    shooter: cython.int,
    first: cython.int,
    bonus: cython.int,
    threat: array.array[int],
    th: array.array[int],
    enemies: array.array[int],
    state: array.array[int],
) -> cython.int:
    """The group ``shooter`` fires at by the default rule; -1 if none is left.

    ``first`` is where the shooter's side's row starts in ``enemies``; the
    row lists the candidates in listing order, so a plain scan with the
    strict :func:`better_target` keeps the first listed on a full tie.
    """
    best: cython.int = -1
    best_faces: cython.int = 0
    best_damaged: cython.bint = False
    best_threat: cython.int = 0
    faces: cython.int
    damaged: cython.bint
    j: cython.int = first
    t: cython.int = enemies[j]
    while t >= 0:
        if state[t] > 0:
            faces = hit_faces(th[shooter * n + t] + bonus)
            damaged = state[n + t] > 0
            if best < 0 or better_target(faces, damaged, threat[t],
                                         best_faces, best_damaged, best_threat):
                best = t
                best_faces = faces
                best_damaged = damaged
                best_threat = threat[t]
        j += 1
        t = enemies[j]
    return best


def _damage(n: cython.int, target: cython.int, hull: array.array[int],
            state: array.array[int]) -> cython.bint:
    """One hit on ``target``'s lead ship; True when that ship is destroyed."""
    damage: cython.int = state[n + target] + 1
    if damage >= hull[target]:
        state[n + target] = 0
        state[target] -= 1
        return True
    state[n + target] = damage
    return False


def _fight_round(
    n: cython.int,
    side: array.array[int],
    hull: array.array[int],
    threat: array.array[int],
    th: array.array[int],
    order: array.array[int],
    enemies: array.array[int],
    state: array.array[int],
    x: cython.ulonglong,
) -> cython.ulonglong:
    """One combat round; returns the generator state after its rolls.

    Stops as soon as a side has no combat ships left: the battle is over.
    """
    ships: cython.int = 2 * n
    bonus0: cython.int = fleet_bonus(state[ships], state[ships + 1])
    bonus1: cython.int = fleet_bonus(state[ships + 1], state[ships])
    k: cython.int = 0
    f: cython.int = order[0]
    s: cython.int
    bonus: cython.int
    _shot: cython.int
    t: cython.int
    while f >= 0:
        s = side[f]
        bonus = bonus0 if s == 0 else bonus1
        for _shot in range(state[f]):  # ships alive when the group's turn comes
            t = _choose_target(n, f, s * (n + 1), bonus, threat, th, enemies, state)
            x = rng_next(x)
            if hits(rng_d10(x), th[f * n + t] + bonus) and _damage(n, t, hull, state):
                state[ships + 1 - s] -= 1
                if state[ships + 1 - s] == 0:
                    return x
        k += 1
        f = order[k]
    return x


def _fight(
    n: cython.int,
    side: array.array[int],
    hull: array.array[int],
    threat: array.array[int],
    th: array.array[int],
    order: array.array[int],
    enemies: array.array[int],
    state: array.array[int],
    rng: array.array[int],
) -> cython.int:
    """One battle from the current ``state``; returns the rounds fought."""
    ships: cython.int = 2 * n
    rounds: cython.int = 0
    x: cython.ulonglong = rng[0]
    while state[ships] > 0 and state[ships + 1] > 0 and rounds < _MAX_ROUNDS:
        rounds += 1
        x = _fight_round(n, side, hull, threat, th, order, enemies, state, x)
    rng[0] = x
    return rounds


def _run_trials(
    n: cython.int,
    side: array.array[int],
    hull: array.array[int],
    threat: array.array[int],
    th: array.array[int],
    order: array.array[int],
    enemies: array.array[int],
    template: array.array[int],
    state: array.array[int],
    rng: array.array[int],
    trials: cython.longlong,
    out: array.array[int],
) -> cython.void:
    """``trials`` battles from ``template``, adding the outcomes into ``out``.

    ``out``: attacker wins, defender wins, draws, rounds, attacker survivors,
    defender survivors, then survivors per group.  A side's non-combat units
    survive unless it has no combat ships while the enemy has some.
    """
    size: cython.int = 2 * n + 2
    ships: cython.int = 2 * n
    _trial: cython.longlong
    i: cython.int
    g: cython.int
    own: cython.int
    for _trial in range(trials):
        for i in range(size):
            state[i] = template[i]
        out[_OUT_ROUNDS] += _fight(n, side, hull, threat, th, order, enemies, state, rng)
        if state[ships] > 0 and state[ships + 1] == 0:
            out[_OUT_ATT_WINS] += 1
        elif state[ships + 1] > 0 and state[ships] == 0:
            out[_OUT_DEF_WINS] += 1
        else:
            out[_OUT_DRAWS] += 1
        for g in range(n):
            own = side[g]
            if state[ships + own] > 0 or state[ships + 1 - own] == 0:
                out[_OUT_ATT_SURV + own] += state[g]
                out[_OUT_GROUPS + g] += state[g]


def _run_trials_nogil(
    n: cython.int,
    side: array.array[int],
    hull: array.array[int],
    threat: array.array[int],
    th: array.array[int],
    order: array.array[int],
    enemies: array.array[int],
    template: array.array[int],
    state: array.array[int],
    rng: array.array[int],
    trials: cython.longlong,
    out: array.array[int],
) -> cython.void:
    """:func:`_run_trials` without the GIL (compiled, the call types the buffers)."""
    with cython.nogil:
        _run_trials(n, side, hull, threat, th, order, enemies, template, state, rng, trials,
                    out)


# --------------------------------------------------------------------------
# Python entry points.


def _int_array(values: Iterable[int]) -> array.array[int]:
    """A C-int array (the kernel's memoryviews take any C-int buffer)."""
    return array.array("i", values)


class BattleSimulator:
    """A battle prepared once (groups, firing order, to-hit table), run many times.

    >>> from se4x_core.sim.battle_spec import parse_spec
    >>> spec = parse_spec({"attacker": {"units": [{"type": "DN", "count": 1}]},
    ...                    "defender": {"units": [{"type": "SC", "count": 1}]}})
    >>> result = BattleSimulator(spec).run(trials=1000, seed=1)
    >>> result.attacker_wins > 0.9
    True
    """

    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        self.terrain: int = spec.terrain
        self.groups: list[Group] = expand_groups(spec)
        self.order: list[int] = firing_order(self.groups)
        self._build_tables()

    def _build_tables(self) -> None:
        """Flatten the groups into the kernel's C-int arrays (see the kernel notes)."""
        groups, n, terrain = self.groups, len(self.groups), self.terrain
        self._side = _int_array(g.side for g in groups)
        self._hull = _int_array(g.hull for g in groups)
        self._threat = _int_array(group_threat(g, terrain) for g in groups)
        self._th = _int_array(group_to_hit(a, b, terrain) for a in groups for b in groups)
        self._order = _int_array([*self.order, -1])
        rows: list[int] = []
        for s in (ATTACKER, DEFENDER):
            row = [i for i, g in enumerate(groups) if g.side != s and g.combat]
            rows += row + [-1] * (n + 1 - len(row))
        self._enemies = _int_array(rows)
        combat = [sum(g.ships for g in groups if g.side == s and g.combat) for s in (0, 1)]
        self._template = _int_array([g.ships for g in groups] + [0] * n + combat)

    def run(self, trials: int = 10000, seed: int = 0) -> BattleOutcome:
        """Fight ``trials`` battles from one generator seeded with ``seed``."""
        if trials < 1:
            raise ValueError("trials must be >= 1")
        n = len(self.groups)
        out_buf = array.array("q", [0] * (_OUT_GROUPS + n))
        rng_buf = array.array("Q", [rng_seed(seed)])
        state_buf = _int_array([0] * len(self._template))
        _run_trials_nogil(n, self._side, self._hull, self._threat, self._th, self._order,
                          self._enemies, self._template, state_buf, rng_buf, trials, out_buf)
        return BattleOutcome(
            trials=trials,
            seed=seed,
            attacker_win_count=out_buf[_OUT_ATT_WINS],
            defender_win_count=out_buf[_OUT_DEF_WINS],
            draw_count=out_buf[_OUT_DRAWS],
            total_rounds=out_buf[_OUT_ROUNDS],
            attacker_survivor_total=out_buf[_OUT_ATT_SURV],
            defender_survivor_total=out_buf[_OUT_DEF_SURV],
            group_survivor_totals=tuple(out_buf[_OUT_GROUPS:]),
        )


def simulate(spec: BattleSpec, trials: int = 10000, seed: int = 0) -> BattleOutcome:
    """Outcome frequencies of the battle ``spec`` (a :class:`BattleSpec`)."""
    return BattleSimulator(spec).run(trials=trials, seed=seed)
