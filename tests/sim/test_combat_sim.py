"""The battle simulator against independent oracles.

Three kinds of check, so that a bug in one place cannot hide in another:

* exact odds: for one group a side, the battle is a small Markov chain over
  (ships, lead damage) of both sides; it is solved here with exact
  fractions, and the simulator's frequencies must lie within 4.5 standard
  errors of it;
* a slow reference battle written here from the rules, fed the same dice:
  it must agree with the kernel battle for battle, survivor for survivor;
* the rule helpers and special cases, one by one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from se4x_core import data
from se4x_core.kernel.battle_math import (
    TERRAIN_ASTEROIDS,
    TERRAIN_NEBULA,
    TERRAIN_OPEN,
    better_target,
    cap_tech,
    effective_class,
    fleet_bonus,
    hit_faces,
    hits,
    pick_target,
    to_hit_number,
)
from se4x_core.sim import combat_sim
from se4x_core.sim.battle_spec import parse_spec
from se4x_core.sim.combat_sim import BattleSimulator, expand_groups, firing_order, simulate
from tests.helpers.combat_reference import (
    ADVANCED_SPEC,
    COMPILED,
    EXACT_CASES,
    MACHINE_SPEC,
    SPEC,
    TRIALS,
    ExactBattle,
    ExactSide,
    check_kernel_against_reference,
    check_outcome,
    spec_of,
)

pytestmark = [pytest.mark.core, pytest.mark.fast]


def test_exact_solver_one_destroyer_each() -> None:
    # The defender fires first: it wins 0.4 + 0.6 * 0.6 * P, so P = 0.4 / 0.64 = 5/8.
    dd = ExactSide(ships=1, hull=1, attack=4, defense=0)
    exact = ExactBattle(dd, dd, attacker_first=False).solve()
    assert 1 - exact.p_attacker_wins == Fraction(5, 8)
    assert exact.rounds == 1 / (1 - Fraction(36, 100))


@pytest.mark.parametrize(("spec", "att", "dfn", "attacker_first"), EXACT_CASES)
def test_frequencies_match_exact_odds(spec, att, dfn, attacker_first) -> None:
    exact = ExactBattle(att, dfn, attacker_first).solve()
    check_outcome(simulate(spec, trials=TRIALS, seed=20240601), exact)


@pytest.mark.slow
@settings(max_examples=300 if COMPILED else 60, deadline=None)
@given(SPEC, st.integers(0, 2**40))
def test_kernel_matches_reference_battle_for_battle(spec_json: dict, seed: int) -> None:
    check_kernel_against_reference(spec_json, seed)


@pytest.mark.slow
@settings(max_examples=300 if COMPILED else 60, deadline=None)
@given(ADVANCED_SPEC, st.integers(0, 2**40))
def test_kernel_matches_reference_with_the_advanced_units(spec_json: dict, seed: int) -> None:
    check_kernel_against_reference(spec_json, seed)


@settings(max_examples=200 if COMPILED else 40, deadline=None)
@given(MACHINE_SPEC, st.integers(0, 2**40))
def test_kernel_matches_reference_against_a_doomsday_machine(spec_json: dict, seed: int) -> None:
    check_kernel_against_reference(spec_json, seed)


def test_roll_of_one_always_hits() -> None:
    assert hits(1, 0)
    assert hits(1, -5)
    assert not hits(2, 1)
    assert hits(4, 4)
    assert not hits(5, 4)
    assert hits(10, 10)
    assert hits(10, 12)


def test_to_hit_number_and_terrain() -> None:
    assert to_hit_number(4, 1, 1, 1, 2, TERRAIN_OPEN) == 4 + 1 + 1 - 1 - 2
    assert to_hit_number(4, 1, 1, 1, 2, TERRAIN_ASTEROIDS) == 4 + 0 + 1 - 1 - 2
    assert to_hit_number(4, 1, 1, 1, 2, TERRAIN_NEBULA) == 4 + 1 + 1 - 1 - 0
    assert to_hit_number(3, 0, 0, 3, 3, TERRAIN_OPEN) == -3


def test_hit_faces_clamps_to_the_die() -> None:
    assert [hit_faces(t) for t in (-3, 0, 1, 5, 10, 13)] == [1, 1, 1, 5, 10, 10]


def test_fleet_bonus_needs_twice_the_ships() -> None:
    assert fleet_bonus(2, 1) == 1
    assert fleet_bonus(4, 2) == 1
    assert fleet_bonus(3, 2) == 0
    assert fleet_bonus(1, 1) == 0
    assert fleet_bonus(5, 0) == 0


def test_tech_capped_by_hull() -> None:
    assert cap_tech(3, 1) == 1
    assert cap_tech(2, 3) == 2
    spec = spec_of([{"type": "SC", "count": 1}, {"type": "CA", "count": 1},
                    {"type": "BB", "count": 1}], [{"type": "SY", "count": 1}],
                   attacker_tech={"attack": 3, "defense": 3}, defender_tech={"attack": 2})
    groups = expand_groups(spec)
    assert [(g.attack_tech, g.defense_tech) for g in groups] == [(1, 1), (2, 2), (3, 3), (1, 0)]


def test_effective_class_in_terrain() -> None:
    assert effective_class(data.CLASS_A, TERRAIN_OPEN) == data.CLASS_A
    assert effective_class(data.CLASS_A, TERRAIN_ASTEROIDS) == data.CLASS_E
    assert effective_class(data.CLASS_C, TERRAIN_NEBULA) == data.CLASS_E
    assert effective_class(data.NO_CLASS, TERRAIN_NEBULA) == data.NO_CLASS


def test_groups_of_six_singles_and_no_decoys() -> None:
    spec = spec_of([{"type": "DD", "count": 8}, {"type": "CO", "count": 3},
                    {"type": "Decoy", "count": 2}, {"type": "DD", "count": 12}],
                   [{"type": "Base", "count": 2}, {"type": "Miner", "count": 1}])
    groups = expand_groups(spec)
    assert [(g.side, data.UNIT_CODES[g.unit_type], g.ships) for g in groups] == [
        (0, "DD", 6), (0, "DD", 2), (0, "CO", 1), (0, "CO", 1), (0, "CO", 1),
        (0, "DD", 6), (0, "DD", 6), (1, "Base", 1), (1, "Base", 1), (1, "Miner", 1)]


def test_firing_order_class_then_tactics_then_defender() -> None:
    spec = parse_spec({
        "attacker": {"units": [{"type": "SC", "count": 1}, {"type": "BB", "count": 1},
                               {"type": "DD", "count": 1, "tactics": 2},
                               {"type": "CO", "count": 1}]},
        "defender": {"units": [{"type": "DD", "count": 1, "tactics": 2},
                               {"type": "CA", "count": 1},
                               {"type": "DD", "count": 1}]}})
    groups = expand_groups(spec)
    volleys = firing_order(groups, TERRAIN_OPEN)
    assert all(v.when == combat_sim.WHEN_ALWAYS for v in volleys)
    names = [f"{'AD'[groups[v.group].side]}{data.UNIT_CODES[groups[v.group].unit_type]}"
             f"{groups[v.group].tactics}" for v in volleys]
    assert names == ["ABB0", "DCA0", "DDD2", "ADD2", "DDD0", "ASC0"]


def test_firing_order_in_asteroids_is_tactics_then_defender() -> None:
    spec = spec_of([{"type": "DN", "count": 1}, {"type": "SC", "count": 1, "tactics": 1}],
                   [{"type": "BB", "count": 1}], terrain="asteroids")
    groups = expand_groups(spec)
    assert [data.UNIT_CODES[groups[v.group].unit_type]
            for v in firing_order(groups, TERRAIN_ASTEROIDS)] == ["SC", "BB", "DN"]


def test_pick_target_rule() -> None:
    # Best chance first.
    assert pick_target([3, 5, 4], [False, False, True], [4, 3, 9]) == 1
    # Equal chance (both hit only on a 1): the damaged lead ship.
    assert pick_target([0, -3], [False, True], [9, 3]) == 1
    # Then the bigger threat, then the first listed.
    assert pick_target([4, 4, 4], [False, False, False], [3, 5, 5]) == 1
    assert pick_target([4, 4], [True, True], [5, 5]) == 0
    assert pick_target([], [], []) == -1
    assert better_target(5, False, 0, 4, True, 9)
    assert not better_target(4, False, 5, 4, False, 5)


def test_kernel_targets_the_bigger_threat_on_equal_odds() -> None:
    # The BB (class A, first) hits SC and DD on 5 alike: the DD (attack 4) is the threat.
    spec = spec_of([{"type": "BB", "count": 1}],
                   [{"type": "SC", "count": 1}, {"type": "DD", "count": 1}])
    sim = BattleSimulator(spec)
    seen = set()
    for seed in range(300):
        _, sc, dd = sim.run(trials=1, seed=seed).group_survivor_totals
        seen.add((sc, dd))
    assert (0, 1) not in seen  # never the scout while the destroyer lives
    assert (1, 0) in seen


def test_noncombat_units_die_with_their_side() -> None:
    spec = spec_of([{"type": "SC", "count": 1}, {"type": "CO", "count": 2},
                    {"type": "Miner", "count": 1}], [{"type": "DD", "count": 1}])
    outcome = simulate(spec, trials=5000, seed=3)
    sc, co1, co2, miner, _dd = outcome.group_survivor_totals
    # Never fired at: they survive exactly when their side wins.
    assert co1 == co2 == miner == outcome.attacker_win_count
    assert sc == outcome.attacker_win_count
    assert outcome.attacker_survivor_total == 4 * outcome.attacker_win_count


def test_noncombat_units_caught_alone_are_destroyed() -> None:
    spec = spec_of([{"type": "CO", "count": 2}, {"type": "Decoy", "count": 1}],
                   [{"type": "SC", "count": 1}])
    outcome = simulate(spec, trials=100, seed=0)
    assert outcome.defender_win_count == 100
    assert outcome.total_rounds == 0
    assert outcome.attacker_survivor_total == 0
    assert outcome.defender_survivor_total == 100


def test_unarmed_sides_draw_and_keep_their_units() -> None:
    spec = spec_of([{"type": "CO", "count": 1}], [{"type": "Miner", "count": 2}])
    outcome = simulate(spec, trials=50, seed=0)
    assert outcome.draw_count == 50
    assert outcome.total_rounds == 0
    assert (outcome.attacker_mean_survivors, outcome.defender_mean_survivors) == (1, 2)


def test_decoys_are_removed_before_the_fleet_bonus() -> None:
    plain = spec_of([{"type": "DD", "count": 1}], [{"type": "DD", "count": 1}])
    decoys = spec_of([{"type": "DD", "count": 1}, {"type": "Decoy", "count": 2}],
                     [{"type": "DD", "count": 1}])
    assert simulate(plain, 3000, seed=9) == simulate(decoys, 3000, seed=9)
    only_decoys = spec_of([{"type": "Decoy", "count": 2}], [{"type": "DD", "count": 1}])
    outcome = simulate(only_decoys, 10, seed=9)
    assert outcome.defender_win_count == 10 and outcome.total_rounds == 0


def test_same_seed_same_result() -> None:
    spec = spec_of([{"type": "DD", "count": 8}], [{"type": "CA", "count": 5}])
    assert simulate(spec, 2000, seed=5) == simulate(spec, 2000, seed=5)
    assert simulate(spec, 2000, seed=5) != simulate(spec, 2000, seed=6)
    sim = BattleSimulator(spec)
    assert sim.run(2000, 5) == sim.run(2000, 5)


def test_trials_must_be_positive() -> None:
    spec = spec_of([{"type": "DD", "count": 1}], [{"type": "DD", "count": 1}])
    with pytest.raises(ValueError):
        BattleSimulator(spec).run(trials=0)


IDENTITY_SCRIPT = """
import json, sys
from dataclasses import asdict
from se4x_core import _puremode
from se4x_core.sim import combat_sim
from se4x_core.sim.battle_spec import parse_spec
assert not _puremode.module_is_compiled(combat_sim)
specs = json.loads(sys.stdin.read())
print(json.dumps([asdict(combat_sim.simulate(parse_spec(s), 3000, seed=77)) for s in specs]))
"""


IDENTITY_SPECS = [
    {"attacker": {"units": [{"type": "DD", "count": 8}]},
     "defender": {"units": [{"type": "DD", "count": 8}]}},
    {"terrain": "asteroids",
     "attacker": {"tech": {"attack": 2, "tactics": 1},
                  "units": [{"type": "BB", "count": 2}, {"type": "SC", "count": 7}]},
     "defender": {"tech": {"defense": 3},
                  "units": [{"type": "CA", "count": 4}, {"type": "CO", "count": 2}]}},
    {"terrain": "nebula",
     "attacker": {"units": [{"type": "DN", "count": 1}, {"type": "Decoy", "count": 1}]},
     "defender": {"tech": {"attack": 3, "defense": 3, "tactics": 3},
                  "units": [{"type": "Base", "count": 1}, {"type": "SY", "count": 3}]}},
    # Every advanced rule at once: mines and sweeping, a cloaked raider's ambush,
    # carriers behind their fighters, point defense against fighters.
    {"attacker": {"tech": {"fighters": 2, "cloaking": 1, "mine_sweep": 1, "attack": 1},
                  "units": [{"type": "CV", "count": 2}, {"type": "F", "count": 5},
                            {"type": "R", "count": 2}, {"type": "SW", "count": 1},
                            {"type": "BB", "count": 1}, {"type": "MS", "count": 1}]},
     "defender": {"tech": {"point_defense": 2, "defense": 1},
                  "units": [{"type": "SC", "count": 4}, {"type": "DD", "count": 3},
                            {"type": "F", "count": 2, "fighters": 3},
                            {"type": "Mine", "count": 3}, {"type": "CV", "count": 1}]}},
]



@pytest.mark.skipif(not COMPILED, reason="needs the compiled module in this process")
def test_compiled_and_interpreted_give_identical_results() -> None:
    env = dict(os.environ, SE4X_PURE_PYTHON="1")
    result = subprocess.run([sys.executable, "-c", IDENTITY_SCRIPT],
                            input=json.dumps(IDENTITY_SPECS), capture_output=True, text=True,
                            env=env, cwd=Path(__file__).resolve().parents[2], timeout=600)
    assert result.returncode == 0, result.stderr
    interpreted = json.loads(result.stdout)
    compiled = [asdict(simulate(parse_spec(s), 3000, seed=77)) for s in IDENTITY_SPECS]
    assert json.loads(json.dumps(compiled)) == interpreted
