"""An independent oracle for the battle simulator: exact odds and a slow reference battle.

Shared by tests/sim/test_combat_sim.py and test_combat_sim_advanced.py.  Two oracles, so
that a bug in the simulator cannot hide behind the same bug here:

* exact odds: for one group a side, the battle is a small Markov chain over
  (ships, lead damage) of both sides, solved with exact fractions;
* a slow reference battle written from the rules, fed the same dice, which the kernel
  must match battle for battle, survivor for survivor.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import strategies as st

from se4x_core import _puremode, data
from se4x_core.kernel import battle_math
from se4x_core.kernel.battle_math import (
    TERRAIN_ASTEROIDS,
    TERRAIN_NEBULA,
    TERRAIN_OPEN,
)
from se4x_core.kernel.dice import rng_d10, rng_next, rng_seed
from se4x_core.sim import combat_sim
from se4x_core.sim.battle_spec import most_ships, parse_spec
from se4x_core.sim.combat_sim import BattleSimulator

COMPILED = _puremode.module_is_compiled(combat_sim)


# Interpreted runs (SE4X_PURE_PYTHON=1) check the same things on fewer battles.
TRIALS = 200_000 if COMPILED else 20_000


Z_LIMIT = 4.5


def spec_of(attacker: list[dict], defender: list[dict], terrain: str = "open",
            attacker_tech: dict | None = None, defender_tech: dict | None = None):
    """A parsed spec from unit lists (tech optional)."""
    def side(units: list[dict], tech: dict | None) -> dict:
        return {"units": units, **({"tech": tech} if tech else {})}
    return parse_spec({"terrain": terrain, "attacker": side(attacker, attacker_tech),
                       "defender": side(defender, defender_tech)})


@dataclass(frozen=True)
class ExactSide:
    """One group: ships, hull, and the attack and defense totals that count here."""

    ships: int
    hull: int
    attack: int
    defense: int


@dataclass(frozen=True)
class ExactResult:
    p_attacker_wins: Fraction
    rounds: Fraction
    rounds_sq: Fraction
    attacker_survivors: Fraction
    attacker_survivors_sq: Fraction


class ExactBattle:
    """The battle as a Markov chain over (att ships, att damage, def ships, def damage)."""

    def __init__(self, attacker: ExactSide, defender: ExactSide, attacker_first: bool) -> None:
        self.sides = (attacker, defender)
        self.order = (0, 1) if attacker_first else (1, 0)

    @staticmethod
    def over(state: tuple[int, int, int, int]) -> bool:
        return state[0] == 0 or state[2] == 0

    def hit(self, state: tuple[int, int, int, int], target: int) -> tuple[int, int, int, int]:
        """One hit on side ``target``'s lead ship."""
        s = list(state)
        s[2 * target + 1] += 1
        if s[2 * target + 1] == self.sides[target].hull:
            s[2 * target] -= 1
            s[2 * target + 1] = 0
        return tuple(s)

    def volley(self, dist: dict, shooter: int, chance: Fraction) -> dict:
        """Every live ship of ``shooter`` fires once, one after another."""
        out: dict = {}
        for state, prob in dist.items():
            branches = {state: prob}
            for _ in range(state[2 * shooter]):
                nxt: dict = {}
                for s, p in branches.items():
                    if self.over(s):
                        nxt[s] = nxt.get(s, 0) + p
                        continue
                    h = self.hit(s, 1 - shooter)
                    nxt[h] = nxt.get(h, 0) + p * chance
                    nxt[s] = nxt.get(s, 0) + p * (1 - chance)
                branches = nxt
            for s, p in branches.items():
                out[s] = out.get(s, 0) + p
        return out

    def round(self, state: tuple[int, int, int, int]) -> dict:
        """Distribution of the state after one round from ``state``."""
        ships = (state[0], state[2])
        chances = []
        for me in (0, 1):
            bonus = 1 if ships[me] >= 2 * ships[1 - me] else 0
            to_hit = self.sides[me].attack + bonus - self.sides[1 - me].defense
            chances.append(Fraction(min(max(to_hit, 1), 10), 10))
        dist = {state: Fraction(1)}
        for shooter in self.order:
            dist = self.volley(dist, shooter, chances[shooter])
        return dist

    def solve(self, start: tuple[int, int, int, int] | None = None) -> ExactResult:
        """Win chance and first two moments of rounds and attacker survivors, from
        ``start`` (default: both sides whole)."""
        @cache
        def value(state):
            if self.over(state):
                surv = Fraction(state[0])
                return (Fraction(1 if state[0] else 0), Fraction(0), Fraction(0), surv, surv**2)
            trans = self.round(state)
            stay = trans.pop(state, Fraction(0))
            nxt = {s: value(s) for s in trans}
            # Absorbing quantities: V = sum T V' / (1 - stay).
            p, surv, surv2 = (sum(trans[s] * nxt[s][i] for s in trans) / (1 - stay)
                              for i in (0, 3, 4))
            # Rounds R = 1 + R(next):  E[R] and E[R^2] with the self-loop solved.
            e_r = (1 + sum(trans[s] * nxt[s][1] for s in trans)) / (1 - stay)
            e_r2 = (1 + 2 * (sum(trans[s] * nxt[s][1] for s in trans) + stay * e_r)
                    + sum(trans[s] * nxt[s][2] for s in trans)) / (1 - stay)
            return (p, e_r, e_r2, surv, surv2)

        a, d = self.sides
        return ExactResult(*value(start or (a.ships, 0, d.ships, 0)))


def assert_close(observed: float, mean: Fraction, variance: Fraction, what: str) -> None:
    """Within Z_LIMIT standard errors of the exact mean."""
    se = math.sqrt(float(variance) / TRIALS)
    assert abs(observed - float(mean)) <= Z_LIMIT * se + 1e-12, (
        f"{what}: simulated {observed:.5f}, exact {float(mean):.5f}, "
        f"{abs(observed - float(mean)) / se:.1f} standard errors off")


EXACT_CASES = [
    pytest.param(
        spec_of([{"type": "DD", "count": 1}], [{"type": "DD", "count": 1}]),
        ExactSide(1, 1, 4, 0), ExactSide(1, 1, 4, 0), False, id="1DD-v-1DD"),
    # SC attack tech 2 is capped at hull 1; 2 vs 1 ships gives +1 until an SC dies.
    # CA (class C) fires before the scouts (E).  CA hull 2: damage carries over.
    pytest.param(
        spec_of([{"type": "SC", "count": 2}], [{"type": "CA", "count": 1}],
                attacker_tech={"attack": 2}, defender_tech={"attack": 1, "defense": 2}),
        ExactSide(2, 1, 3 + 1, 0), ExactSide(1, 2, 4 + 1, 1 + 2), False, id="2SC-v-1CA-tech"),
    # Asteroids: all class E, attack tech ignored; tactics 1 lets the attacker fire first.
    pytest.param(
        spec_of([{"type": "CA", "count": 1}], [{"type": "DD", "count": 3}], terrain="asteroids",
                attacker_tech={"attack": 2, "defense": 1, "tactics": 1},
                defender_tech={"attack": 1}),
        ExactSide(1, 2, 4, 1 + 1), ExactSide(3, 1, 4, 0), True, id="asteroids-CA-v-3DD"),
    # Nebula: defense tech ignored; equal tactics, so the defender fires first.
    pytest.param(
        spec_of([{"type": "BC", "count": 2}], [{"type": "CA", "count": 2}], terrain="nebula",
                attacker_tech={"defense": 2}, defender_tech={"attack": 1, "defense": 1}),
        ExactSide(2, 2, 5, 1), ExactSide(2, 2, 4 + 1, 1), False, id="nebula-2BC-v-2CA"),
    # Hull 3 against hull 2; class A fires first; 3 vs 1 gives the cruisers +1.
    pytest.param(
        spec_of([{"type": "BB", "count": 1}], [{"type": "CA", "count": 3}]),
        ExactSide(1, 3, 5, 2), ExactSide(3, 2, 4, 1), True, id="1BB-v-3CA"),
    # Fleet size bonus: 3 scouts hit on 4 until only 1 is left against 1.
    pytest.param(
        spec_of([{"type": "SC", "count": 3}], [{"type": "SC", "count": 1}]),
        ExactSide(3, 1, 3, 0), ExactSide(1, 1, 3, 0), False, id="3SC-v-1SC-bonus"),
    # A unit entry's own tech overrides its side's (and is capped by hull 3).
    pytest.param(
        spec_of([{"type": "DN", "count": 1, "attack": 3}], [{"type": "BC", "count": 2}],
                attacker_tech={"defense": 1}, defender_tech={"tactics": 2}),
        ExactSide(1, 3, 6 + 3, 3 + 1), ExactSide(2, 2, 5, 1), True, id="DN-override-v-2BC"),
]


def check_outcome(outcome, exact: ExactResult) -> None:
    """No draws; win rate, mean rounds and mean attacker survivors within Z_LIMIT
    standard errors of the exact values."""
    p = exact.p_attacker_wins
    assert outcome.draw_count == 0
    assert_close(outcome.attacker_wins, p, p * (1 - p), "attacker wins")
    assert_close(outcome.mean_rounds, exact.rounds, exact.rounds_sq - exact.rounds**2,
                 "mean rounds")
    assert_close(outcome.attacker_mean_survivors, exact.attacker_survivors,
                 exact.attacker_survivors_sq - exact.attacker_survivors**2,
                 "attacker survivors")


# Fighters by level (docs/charts.md#ship-technology-chart: F1 5-0, F2 6-0, F3 7-1).
REF_FIGHTER = {1: (5, 0), 2: (6, 0), 3: (7, 1)}


# "Point Defense lets scouts fire at fighters as A-class with attack 6/7/8 at levels 1/2/3."
REF_POINT_DEFENSE = {1: 6, 2: 7, 3: 8}


# "Minesweepers remove 1 (level 1) or 2 (level 2) mines each."
REF_SWEPT = {0: 0, 1: 1, 2: 2}


REF_SINGLE = {"CO", "Miner", "Base", "Decoy", "Mine", "MS"}


# "Doomsday Machine ...: class C, 9-2, hull 3, fires twice a round, tactics 2; a roll of
# 1 hits it; no fleet-size bonus against it."
REF_MACHINE = {"cls": data.CLASS_C, "attack": 9, "defense": 2, "hull": 3, "tactics": 2,
               "shots": 2}


def ref_code(entry) -> str:
    """An entry's type as the spec writes it ("DM": a Doomsday Machine)."""
    return "DM" if entry.unit_type == data.MACHINE_TYPE else data.UNIT_CODES[entry.unit_type]


@dataclass
class RefGroup:
    side: int
    ships: int
    hull: int
    cls: int
    attack: int  # strength + tech that counts here
    defense: int
    tactics: int
    combat: bool
    code: str = ""
    pd_attack: int = 0  # against fighters, tech included (0: no point defense)
    cloaked: bool = False
    damage: int = 0


def ref_scanners(side) -> int:
    """"Scanners are carried by destroyers": the best DD entry's level, 0 without DD."""
    levels = [u.scanners for u in side.units if ref_code(u) == "DD"]
    return max(levels) if levels else 0


def ref_cloaked(entry, enemy, terrain: int) -> bool:
    """Cloaked while Cloaking exceeds the enemy's Scanners; "cloaking fails in nebulae";
    never against a Doomsday Machine (cloaking is against empires' scanners)."""
    return (ref_code(entry) == "R" and terrain != TERRAIN_NEBULA
            and not any(ref_code(u) == "DM" for u in enemy.units)
            and entry.cloaking > ref_scanners(enemy))


def reference_mines(spec) -> tuple[list[int], list[int], int, list[int]]:
    """(attacker counts, defender counts, mines swept, ships destroyed per attacker entry).

    "Defender detonates mines (after minesweeping)"; "each remaining mine
    destroys one ship of the owner's choice": the dearest, then the biggest
    hull, then the first listed, never a cloaked raider.
    """
    att, dfn = spec.attacker.units, spec.defender.units
    mines = sum(u.count for u in dfn if ref_code(u) == "Mine")
    sweep = sum(u.count * REF_SWEPT[u.mine_sweep] for u in att
                if ref_code(u) == "SW")
    swept = min(mines, sweep)
    left = [u.count for u in att]
    destroyed = [0] * len(att)
    for _ in range(mines - swept):
        choices = [i for i, u in enumerate(att)
                   if left[i] and ref_code(u) not in ("Decoy", "Mine")
                   and not ref_cloaked(u, spec.defender, spec.terrain)]
        if not choices:
            break
        pick = max(choices, key=lambda i: (data.UNIT_STATS[att[i].unit_type].cost,
                                           data.UNIT_STATS[att[i].unit_type].hull, -i))
        left[pick] -= 1
        destroyed[pick] += 1
    used = swept + sum(destroyed)
    defender = []
    for u in dfn:
        take = min(used, u.count) if ref_code(u) == "Mine" else 0
        used -= take
        defender.append(u.count - take)
    return left, defender, swept, destroyed


def reference_groups(spec) -> list[RefGroup]:
    groups = []
    counts = reference_mines(spec)[:2]
    for side_index, side in enumerate((spec.attacker, spec.defender)):
        enemy = (spec.attacker, spec.defender)[1 - side_index]
        for entry, count in zip(side.units, counts[side_index], strict=True):
            code = ref_code(entry)
            if code == "DM":
                cls = REF_MACHINE["cls"] if spec.terrain == TERRAIN_OPEN else data.CLASS_E
                groups.append(RefGroup(side_index, 1, REF_MACHINE["hull"], cls,
                                       REF_MACHINE["attack"], REF_MACHINE["defense"],
                                       REF_MACHINE["tactics"], True, code, damage=entry.hits))
                continue
            stats = data.UNIT_STATS[entry.unit_type]
            if code == "Decoy":
                continue
            attack, defense = stats.attack, stats.defense
            if code == "F":
                attack, defense = REF_FIGHTER[entry.fighters]
            att_tech = 0 if spec.terrain == TERRAIN_ASTEROIDS else min(entry.attack, stats.hull)
            def_tech = 0 if spec.terrain == TERRAIN_NEBULA else min(entry.defense, stats.hull)
            combat = attack > 0
            cls = stats.weapon_class
            if combat and spec.terrain != TERRAIN_OPEN:
                cls = data.CLASS_E
            pd = REF_POINT_DEFENSE[entry.point_defense] + att_tech if (
                code == "SC" and entry.point_defense) else 0
            size = 1 if code in REF_SINGLE else 6
            left = count
            while left:
                n = min(size, left)
                left -= n
                groups.append(RefGroup(side_index, n, stats.hull, cls, attack + att_tech,
                                       defense + def_tech, entry.tactics, combat, code, pd,
                                       ref_cloaked(entry, enemy, spec.terrain)))
    return groups


def reference_battle(spec, rng: int) -> tuple[int, list[int], int]:
    """(rounds, survivors per group, generator state after) of one battle."""
    groups = reference_groups(spec)
    ships = [sum(g.ships for g in groups if g.side == s and g.combat) for s in (0, 1)]

    def fighters(side: int) -> int:
        return sum(g.ships for g in groups if g.side == side and g.code == "F")

    # "Cloaked Raiders have Class A ... in first round"; point defense fires "as A-class";
    # both become class E in asteroids and nebulae like everything else.
    class_a = data.CLASS_A if spec.terrain == TERRAIN_OPEN else data.CLASS_E
    rounds = 0
    while ships[0] and ships[1] and rounds < battle_math.MAX_ROUNDS:
        rounds += 1
        bonus = [1 if ships[s] >= 2 * ships[1 - s] else 0 for s in (0, 1)]
        if any(g.code == "DM" for g in groups):
            bonus = [0, 0]  # "no fleet-size bonus against it" (and it never earns one)
        fighters_at_start = [fighters(0), fighters(1)]
        volleys = []  # (class, group, attack, at fighters only)
        for i, g in enumerate(groups):
            if not g.combat:
                continue
            if g.pd_attack and fighters_at_start[1 - g.side]:
                volleys.append((class_a, i, g.pd_attack, True))
            elif g.cloaked and rounds == 1:
                volleys.append((class_a, i, g.attack + 1, False))  # ambush: +1 attack
            elif g.code == "DM":  # "fires twice a round"
                volleys += [(g.cls, i, g.attack, False)] * REF_MACHINE["shots"]
            else:
                volleys.append((g.cls, i, g.attack, False))
        volleys.sort(key=lambda v: (v[0], -groups[v[1]].tactics, -groups[v[1]].side, v[1]))
        for _cls, i, attack, fighters_only in volleys:
            me = groups[i]
            for _ in range(me.ships):
                def preference(j: int, me: RefGroup = me, attack: int = attack,
                               bonus: list = bonus) -> tuple:
                    e = groups[j]
                    chance = min(max(attack + bonus[me.side] - e.defense, 1), 10)
                    return (chance, e.damage > 0, e.attack, -j)
                targets = [j for j, e in enumerate(groups)
                           if e.side != me.side and e.combat and e.ships
                           and (e.code == "F" or not fighters_only)
                           and not (e.code == "CV" and fighters(e.side))]
                if not targets:
                    break  # point defense once the enemy fighters are gone: shots lost
                target = groups[max(targets, key=preference)]
                rng = rng_next(rng)
                roll = rng_d10(rng)
                if roll == 1 or (target.code != "DM"  # "a roll of 1 hits it" (only a 1)
                                 and roll <= attack + bonus[me.side] - target.defense):
                    target.damage += 1
                    if target.damage == target.hull:
                        target.ships -= 1
                        target.damage = 0
                        ships[target.side] -= 1
                if not ships[1 - me.side]:
                    break
            if not ships[0] or not ships[1]:
                break
    survivors = [g.ships if ships[g.side] or not ships[1 - g.side] else 0 for g in groups]
    return rounds, survivors, rng


# Every tech level a spec knows, with its range (docs/charts.md#research-chart).
LEVELS = {"attack": 3, "defense": 3, "tactics": 3, "fighters": 3, "point_defense": 3,
          "cloaking": 2, "scanners": 2, "mine_sweep": 2}


def _unit_entry(code: str) -> st.SearchStrategy[dict]:
    """Entries of one type, never more ships than its counters hold (a spec refuses more)."""
    most = min(8, most_ships(data.UNIT_CODES.index(code)))
    return st.fixed_dictionaries(
        {"type": st.just(code), "count": st.integers(1, most)},
        optional={k: st.integers(0, top) for k, top in LEVELS.items()})


def _within_counters(side: dict) -> bool:
    """The side's entries of each type together fit that type's counters."""
    totals: dict[str, int] = {}
    for entry in side["units"]:
        totals[entry["type"]] = totals.get(entry["type"], 0) + entry["count"]
    return all(n <= most_ships(data.UNIT_CODES.index(code)) for code, n in totals.items())


def _has_levels_needed(side: dict) -> bool:
    """Fighters have a Fighters level and raiders a Cloaking level (a spec refuses others)."""
    tech = side.get("tech", {})
    need = {"F": "fighters", "R": "cloaking"}
    return all(entry.get(need[entry["type"]], tech.get(need[entry["type"]], 0)) >= 1
               for entry in side["units"] if entry["type"] in need)


def side_strategy(codes) -> st.SearchStrategy[dict]:
    """A side: 1-4 unit entries of ``codes``, optional tech of every kind."""
    return st.fixed_dictionaries(
        {"units": st.lists(st.sampled_from(codes).flatmap(_unit_entry), min_size=1, max_size=4)},
        optional={"tech": st.fixed_dictionaries(
            {}, optional={k: st.integers(0, top) for k, top in LEVELS.items()})},
    ).filter(_within_counters).filter(_has_levels_needed)


def spec_strategy(codes) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries(
        {"attacker": side_strategy(codes), "defender": side_strategy(codes)},
        optional={"terrain": st.sampled_from(battle_math.TERRAIN_NAMES)})


# Every unit type of the charts, basic and advanced.
SPEC = spec_strategy(data.UNIT_CODES)


# The advanced units with the ones they interact with (destroyers carry
# scanners, scouts point defense), so that their rules meet often.
ADVANCED_SPEC = spec_strategy(("SC", "DD", "BB", "CO", "CV", "F", "R", "SW", "Mine", "MS"))


# A Doomsday Machine (alone, the defender) against the advanced and basic combat units.
MACHINE_SPEC = st.fixed_dictionaries(
    {"attacker": side_strategy(("SC", "DD", "CA", "BB", "DN", "CO", "CV", "F", "R", "SW",
                                "Mine")),
     "defender": st.fixed_dictionaries({"units": st.tuples(st.fixed_dictionaries(
         {"type": st.just("DM"), "count": st.just(1), "hits": st.integers(0, 2)})).map(list)})},
    optional={"terrain": st.sampled_from(battle_math.TERRAIN_NAMES)})


def check_kernel_against_reference(spec_json: dict, seed: int, trials: int = 3) -> None:
    """The kernel and the reference fight the same battles from the same dice."""
    spec = parse_spec(spec_json)
    rng = rng_seed(seed)
    rounds_total = 0
    survivors_total = [0] * len(reference_groups(spec))
    for _ in range(trials):
        rounds, survivors, rng = reference_battle(spec, rng)
        rounds_total += rounds
        survivors_total = [a + b for a, b in zip(survivors_total, survivors, strict=True)]
    outcome = BattleSimulator(spec).run(trials=trials, seed=seed)
    _, _, swept, destroyed = reference_mines(spec)
    assert outcome.mines.swept == swept
    assert list(outcome.mines.destroyed) == (destroyed if outcome.mines.mines else [])
    assert outcome.total_rounds == rounds_total
    assert list(outcome.group_survivor_totals) == survivors_total
