"""Battle arithmetic: the to-hit number, hits, the fleet-size bonus, firing order, targets.

Why a module of its own, below the rules: the interactive battles of the engine
(:mod:`se4x_core.rules.combat`), the battle simulator
(:mod:`se4x_core.sim.combat_sim`) and the app's odds all compute the same
numbers, and the rules must not depend on the simulator above them.  Every
function takes plain integers (no state), so it runs without the GIL.

Rules (docs/charts.md and the rules summary, "Combat"): to hit is attack strength
plus attack tech plus the fleet-size bonus minus the target's defense strength
and defense tech; asteroids cancel attack tech and nebulae defense tech, and
both make every armed unit fire as class E; a d10 at or below the number hits
and a 1 always hits; a side with at least twice the enemy's combat ships gets
+1 attack; groups fire by class, then higher tactics, then the defender.

>>> to_hit_number(4, 1, 0, 1, 0, TERRAIN_OPEN)  # a cruiser with attack 1 at a destroyer
4
>>> hits(1, -2), hits(5, 4), hit_faces(13)
(True, False, 10)
"""

from __future__ import annotations

import array

import cython

from se4x_core import data
from se4x_core.kernel import dice

TERRAIN_OPEN = 0
TERRAIN_ASTEROIDS = 1
TERRAIN_NEBULA = 2
TERRAIN_NAMES: tuple[str, ...] = ("open", "asteroids", "nebula")

# C copies of the constants above, for the nogil helpers (module-level Python
# names are not reachable from C code without the GIL).
_T_OPEN = TERRAIN_OPEN
_T_ASTEROIDS = TERRAIN_ASTEROIDS
_T_NEBULA = TERRAIN_NEBULA
_CLASS_E = data.CLASS_E
_NO_CLASS = data.NO_CLASS


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



def better_mine_pick(cost_a: cython.int, hull_a: cython.int, cost_b: cython.int,
                     hull_b: cython.int) -> cython.bint:
    """A ship of cost/hull a is the mines' strictly better pick than b: the costlier,
    then the larger hull (strict: the first listed keeps a full tie).  Shared with the
    engine's default choice in its mines step."""
    if cost_a != cost_b:
        return cost_a > cost_b
    return hull_a > hull_b


# --------------------------------------------------------------------------
# The battle simulator's trials, on flat integer arrays.
MAX_ROUNDS = 1000

# When a volley (one place of a group in the firing order) fires: every round;
# in round 1 / from round 2 (a cloaked raider's ambush, then its class-D
# place); in rounds that start with / without enemy fighters (a
# point-defense scout's class-A place, then its class-E one).
WHEN_ALWAYS = 0
WHEN_FIRST_ROUND = 1
WHEN_LATER_ROUNDS = 2
WHEN_ENEMY_FIGHTERS = 3
WHEN_NO_ENEMY_FIGHTERS = 4

# C copies for the nogil kernel.
_MAX_ROUNDS = MAX_ROUNDS
_W_ALWAYS = WHEN_ALWAYS
_W_FIRST_ROUND = WHEN_FIRST_ROUND
_W_LATER_ROUNDS = WHEN_LATER_ROUNDS
_W_ENEMY_FIGHTERS = WHEN_ENEMY_FIGHTERS


# Layout of the kernel's output counters (see _run_trials).
OUT_ATT_WINS = 0
OUT_DEF_WINS = 1
OUT_DRAWS = 2
OUT_ROUNDS = 3
OUT_ATT_SURV = 4  # + side: the defender's survivors follow
OUT_DEF_SURV = 5
OUT_GROUPS = 6


# C copies for the nogil kernel.
_OUT_ATT_WINS = OUT_ATT_WINS
_OUT_DEF_WINS = OUT_DEF_WINS
_OUT_DRAWS = OUT_DRAWS
_OUT_ROUNDS = OUT_ROUNDS
_OUT_ATT_SURV = OUT_ATT_SURV
_OUT_DEF_SURV = OUT_DEF_SURV
_OUT_GROUPS = OUT_GROUPS


# The compiled kernel.  Arrays (n = number of groups, m = number of volleys):
#   gdata: 5 per group: side, hull, threat (targeting tie-break), guard (the
#     state index of the fighter count that must be 0 before the group may be
#     targeted: a carrier's own side's; else -1), tally (the state index of
#     the fighter count a ship of the group lowers when it dies: a fighter
#     group's side's; else -1);
#   vdata: 4 per volley in firing order, then a row whose group is -1: group,
#     when (WHEN_*), first (where its candidate row starts in ``enemies``),
#     row (where its to-hit row starts in ``th``, k*n);
#   th: m*n to-hit numbers without fleet bonus (row = volley, column = target);
#   enemies: four rows of n+1, -1 terminated: row s = the combat groups side
#     s fires at, row 2+s = the fighter groups among them (point defense);
#   state: alive ships per group [0, n), lead damage [n, 2n), combat ships
#     per side [2n, 2n+2), fighters per side [2n+2, 2n+4); reset each trial
#     from ``template``.
# Interpreted they are ``array.array`` objects (C int, or 64-bit for ``rng``
# and ``out``), and that is the type written here; compiled, the kernel's
# functions take typed memoryviews of them (``const int[::1]`` and so on),
# declared in pxd, which the compiler reads in preference.


def _volley_fires(when: cython.int, rnd: cython.int, enemy_fighters: cython.int) -> cython.bint:
    """Whether a volley fires in round ``rnd`` (``enemy_fighters``: at the round's start)."""
    if when == _W_ALWAYS:
        return True
    if when == _W_FIRST_ROUND:
        return rnd == 1
    if when == _W_LATER_ROUNDS:
        return rnd > 1
    if when == _W_ENEMY_FIGHTERS:
        return enemy_fighters > 0
    return enemy_fighters == 0


def _choose_target(
    n: cython.int,
    row: cython.int,
    first: cython.int,
    bonus: cython.int,
    gdata: array.array[int],
    th: array.array[int],
    enemies: array.array[int],
    state: array.array[int],
) -> cython.int:
    """The group the volley whose to-hit row starts at ``row`` fires at; -1 if none.

    ``first`` is where the volley's candidate row starts in ``enemies``; the
    row lists the candidates in listing order, so a plain scan with the
    strict :func:`better_target` keeps the first listed on a full tie.  A
    guarded group (a carrier) is skipped while its guard count is not 0.
    """
    best: cython.int = -1
    best_faces: cython.int = 0
    best_damaged: cython.bint = False
    best_threat: cython.int = 0
    faces: cython.int
    damaged: cython.bint
    guard: cython.int
    j: cython.int = first
    t: cython.int = enemies[j]
    g: cython.int
    while t >= 0:
        if state[t] > 0:
            g = 5 * t
            guard = gdata[g + 3]
            if guard < 0 or state[guard] == 0:
                faces = hit_faces(th[row + t] + bonus)
                damaged = state[n + t] > 0
                if best < 0 or better_target(faces, damaged, gdata[g + 2],
                                             best_faces, best_damaged, best_threat):
                    best = t
                    best_faces = faces
                    best_damaged = damaged
                    best_threat = gdata[g + 2]
        j += 1
        t = enemies[j]
    return best


def _damage(n: cython.int, target: cython.int, gdata: array.array[int],
            state: array.array[int]) -> cython.bint:
    """One hit on ``target``'s lead ship; True when that ship is destroyed."""
    damage: cython.int = state[n + target] + 1
    tally: cython.int
    if damage >= gdata[5 * target + 1]:
        state[n + target] = 0
        state[target] -= 1
        tally = gdata[5 * target + 4]
        if tally >= 0:
            state[tally] -= 1
        return True
    state[n + target] = damage
    return False


def _fight_round(
    n: cython.int,
    rnd: cython.int,
    gdata: array.array[int],
    vdata: array.array[int],
    th: array.array[int],
    enemies: array.array[int],
    state: array.array[int],
    x: cython.ulonglong,
) -> cython.ulonglong:
    """Round ``rnd`` (1 = the first); returns the generator state after its rolls.

    Stops as soon as a side has no combat ships left: the battle is over.
    """
    ships: cython.int = 2 * n
    bonus0: cython.int = fleet_bonus(state[ships], state[ships + 1])
    bonus1: cython.int = fleet_bonus(state[ships + 1], state[ships])
    # Enemy fighters at the start of the round, as each side sees them.
    foes0: cython.int = state[ships + 3]
    foes1: cython.int = state[ships + 2]
    k: cython.int = 0
    f: cython.int = vdata[0]
    when: cython.int
    s: cython.int
    bonus: cython.int
    first: cython.int
    row: cython.int
    _shot: cython.int
    t: cython.int
    while f >= 0:
        s = gdata[5 * f]
        when = vdata[4 * k + 1]
        if when == _W_ALWAYS or _volley_fires(when, rnd, foes0 if s == 0 else foes1):
            bonus = bonus0 if s == 0 else bonus1
            first = vdata[4 * k + 2]
            row = vdata[4 * k + 3]
            for _shot in range(state[f]):  # ships alive when the group's turn comes
                t = _choose_target(n, row, first, bonus, gdata, th, enemies, state)
                if t < 0:
                    break  # point defense with no enemy fighter left: shots lost
                x = dice.rng_next(x)
                if (hits(dice.rng_d10(x), th[row + t] + bonus)
                        and _damage(n, t, gdata, state)):
                    state[ships + 1 - s] -= 1
                    if state[ships + 1 - s] == 0:
                        return x
        k += 1
        f = vdata[4 * k]
    return x


def _fight(
    n: cython.int,
    gdata: array.array[int],
    vdata: array.array[int],
    th: array.array[int],
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
        x = _fight_round(n, rounds, gdata, vdata, th, enemies, state, x)
    rng[0] = x
    return rounds


def _run_trials(
    n: cython.int,
    gdata: array.array[int],
    vdata: array.array[int],
    th: array.array[int],
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
    size: cython.int = 2 * n + 4
    ships: cython.int = 2 * n
    _trial: cython.longlong
    i: cython.int
    g: cython.int
    own: cython.int
    for _trial in range(trials):
        for i in range(size):
            state[i] = template[i]
        out[_OUT_ROUNDS] += _fight(n, gdata, vdata, th, enemies, state, rng)
        if state[ships] > 0 and state[ships + 1] == 0:
            out[_OUT_ATT_WINS] += 1
        elif state[ships + 1] > 0 and state[ships] == 0:
            out[_OUT_DEF_WINS] += 1
        else:
            out[_OUT_DRAWS] += 1
        for g in range(n):
            own = gdata[5 * g]
            if state[ships + own] > 0 or state[ships + 1 - own] == 0:
                out[_OUT_ATT_SURV + own] += state[g]
                out[_OUT_GROUPS + g] += state[g]


def run_trials(
    n: cython.int,
    gdata: array.array[int],
    vdata: array.array[int],
    th: array.array[int],
    enemies: array.array[int],
    template: array.array[int],
    state: array.array[int],
    rng: array.array[int],
    trials: cython.longlong,
    out: array.array[int],
) -> cython.void:
    """Fight ``trials`` battles on the flat arrays (see the notes above), without the GIL.

    The battle simulator (:class:`se4x_core.sim.combat_sim.BattleSimulator`) builds the
    arrays; compiled, this call types the buffers and releases the GIL around
    :func:`_run_trials`."""
    with cython.nogil:
        _run_trials(n, gdata, vdata, th, enemies, template, state, rng, trials, out)
