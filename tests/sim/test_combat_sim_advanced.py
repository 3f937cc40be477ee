"""The battle simulator's advanced rules: fighters, carriers, point defense, raiders, mines.

Each rule is checked against numbers worked out by hand from the rules text
(quoted in each test), with the derivation in the comments; odds are exact
fractions, and the simulated frequencies must lie within Z_LIMIT standard
errors of them (test_combat_sim.assert_close).  The battle-for-battle
comparison with the reference battle, which covers every combination, lives
in test_combat_sim.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from se4x_core import data
from se4x_core.kernel import battle_math
from se4x_core.kernel.battle_math import TERRAIN_ASTEROIDS, TERRAIN_NEBULA, TERRAIN_OPEN
from se4x_core.sim import combat_sim
from se4x_core.sim.battle_spec import SpecError, most_ships, parse_spec, spec_to_json
from se4x_core.sim.combat_sim import (
    BattleSimulator,
    describe_mines,
    expand_groups,
    firing_order,
    mines_report,
    simulate,
)
from tests.helpers.combat_reference import (
    TRIALS,
    Z_LIMIT,
    ExactBattle,
    ExactSide,
    assert_close,
    check_kernel_against_reference,
    check_outcome,
    spec_of,
)

pytestmark = [pytest.mark.core, pytest.mark.fast]

SEED = 20240602


def tenths(n: int) -> Fraction:
    return Fraction(n, 10)


def check_attacker_wins(spec, p: Fraction) -> None:
    """The simulated attacker win rate is the exact ``p`` (no draws)."""
    outcome = simulate(spec, trials=TRIALS, seed=SEED)
    assert outcome.draw_count == 0
    assert_close(outcome.attacker_wins, p, p * (1 - p), "attacker wins")


def one(code: str, **levels: int) -> list[dict]:
    """A single-entry unit list: one unit of ``code`` with the given levels."""
    return [{"type": code, "count": 1, **levels}]


# --------------------------------------------------------------------------
# Fighters and point defense.


def test_point_defense_scout_fires_first_at_fighters() -> None:
    """docs/charts.md: "Point Defense lets scouts fire at fighters as A-class with attack
    6/7/8 at levels 1/2/3"; fighters are class B, F1 5-0."""
    spec = spec_of(one("F", fighters=1), one("SC", point_defense=1))
    # Every round (while the fighter lives, the battle goes on) the scout fires
    # first, as class A, at 6 - 0: it wins 6/10 at once; else the fighter fires
    # at 5 - 0 and wins 5/10; else the round repeats.
    # P(defender) = 0.6 / (1 - 0.4 * 0.5) = 3/4.
    p_defender = tenths(6) / (1 - tenths(4) * tenths(5))
    assert p_defender == Fraction(3, 4)
    # The same chain as ExactBattle sees it: defender first, 6 against 5.
    exact = ExactBattle(ExactSide(1, 1, 5, 0), ExactSide(1, 1, 6, 0), attacker_first=False)
    assert exact.solve().p_attacker_wins == 1 - p_defender
    check_attacker_wins(spec, 1 - p_defender)


def test_fighter_against_a_scout_without_point_defense() -> None:
    """Without Point Defense a scout is class E 3-0: the class-B fighter fires first."""
    spec = spec_of(one("F", fighters=1), one("SC"))
    # The fighter hits on 5 (1/2); else the scout hits on 3 (3/10); else again.
    # P(attacker) = 0.5 / (1 - 0.5 * 0.7) = 10/13.
    p = tenths(5) / (1 - tenths(5) * tenths(7))
    assert p == Fraction(10, 13)
    check_attacker_wins(spec, p)


def test_f3_and_point_defense_3_with_attack_tech() -> None:
    """F3 is 7-1 (the charts); Point Defense 3 attacks at 8, plus attack tech capped by hull 1."""
    spec = spec_of(one("F", fighters=3, attack=2), one("SC", point_defense=3, attack=1))
    # Scout (class A): 8 + 1 (tech) - 1 (F3 defense) = 8.  Fighter: 7 + 1 (tech 2
    # capped at hull 1) - 0 = 8.  P(defender) = 0.8 / (1 - 0.2 * 0.2) = 5/6.
    p_defender = tenths(8) / (1 - tenths(2) * tenths(2))
    assert p_defender == Fraction(5, 6)
    check_attacker_wins(spec, 1 - p_defender)


def test_fighters_count_for_the_fleet_size_bonus() -> None:
    """FAQ: "Do fighters count for fleet size bonus? Yes, each squadron counts as one
    combat-capable ship"."""
    spec = spec_of([{"type": "F", "count": 2, "fighters": 1}], one("SC", point_defense=1))
    # 2 F1 against 1 point-defense scout: the fighters have +1 (2 >= 2 * 1) in
    # every round that starts with both of them, fixed for the round.
    # From 1 F v 1 SC the attacker wins A1 = 1/4 (first test).  From 2 F v 1 SC:
    # the scout (class A, at 6) kills a fighter 6/10, then the other fires at
    # 5 + 1 = 6: wins 6/10, else the next round starts at A1; the scout misses
    # 4/10, then both fighters fire at 6: at least one hits 1 - 0.4^2 = 0.84,
    # else the same again.
    # A2 = 0.6 (0.6 + 0.4 A1) + 0.4 (0.84 + 0.16 A2)  ->  A2 = 0.756 / 0.936 = 21/26.
    a1 = Fraction(1, 4)
    a2 = (tenths(6) * (tenths(6) + tenths(4) * a1) + tenths(4) * Fraction(84, 100)) / (
        1 - tenths(4) * Fraction(16, 100))
    assert a2 == Fraction(21, 26)
    exact = ExactBattle(ExactSide(2, 1, 5, 0), ExactSide(1, 1, 6, 0), attacker_first=False)
    assert exact.solve().p_attacker_wins == a2
    check_attacker_wins(spec, a2)


def test_point_defense_is_class_e_in_asteroids() -> None:
    """Asteroids make every unit class E, point defense's class A included; tactics then
    decide."""
    spec = spec_of(one("F", fighters=1, tactics=1), one("SC", point_defense=1),
                   terrain="asteroids")
    # Both class E, the fighter has the better tactics: it fires first at 5,
    # then the scout at 6 (point defense attack; no attack tech in asteroids).
    # P(attacker) = 0.5 / (1 - 0.5 * 0.4) = 5/8  (class A kept: 0.4*0.5/0.8 = 1/4).
    p = tenths(5) / (1 - tenths(5) * tenths(4))
    assert p == Fraction(5, 8)
    check_attacker_wins(spec, p)


def test_point_defense_never_fires_twice_and_only_at_fighters() -> None:
    """A point-defense scout fires at fighters only in rounds that start with enemy
    fighters, and as an ordinary scout otherwise (never both in one round)."""
    spec = spec_of([{"type": "F", "count": 2, "fighters": 1}, {"type": "CA", "count": 1}],
                   [{"type": "SC", "count": 3, "point_defense": 2}])
    groups = expand_groups(spec)
    volleys = firing_order(groups, TERRAIN_OPEN)
    scout = [v for v in volleys if groups[v.group].unit_type == data.SC]
    assert [(v.when, v.weapon_class, v.attack, v.fighters_only) for v in scout] == [
        (combat_sim.WHEN_ENEMY_FIGHTERS, data.CLASS_A, 7, True),
        (combat_sim.WHEN_NO_ENEMY_FIGHTERS, data.CLASS_E, 3, False)]
    # Scouts facing no fighters at all keep their one ordinary volley.
    plain = expand_groups(spec_of(one("CA"), [{"type": "SC", "count": 3, "point_defense": 2}]))
    assert [(v.when, v.weapon_class) for v in firing_order(plain, TERRAIN_OPEN)] == [
        (combat_sim.WHEN_ALWAYS, data.CLASS_C), (combat_sim.WHEN_ALWAYS, data.CLASS_E)]
    for seed in range(40):
        check_kernel_against_reference(
            {"attacker": {"units": [{"type": "F", "count": 2, "fighters": 1},
                                    {"type": "CA", "count": 1}]},
             "defender": {"units": [{"type": "SC", "count": 3, "point_defense": 2}]}}, seed)


# --------------------------------------------------------------------------
# Carriers.


def test_carrier_cannot_be_targeted_while_its_fighters_live() -> None:
    """docs/charts.md: "a carrier cannot be targeted while friendly fighters are in the battle"."""
    spec = spec_of([{"type": "CV", "count": 1}, {"type": "F", "count": 1, "fighters": 3}],
                   one("DD"))
    # Attacker: CV (E, 3-0), F3 (B, 7-1); defender DD (D, 4-0); all hull 1.
    # With 2 ships against 1 the attacker has +1 in rounds that start so.
    # The DD would rather fire at the carrier (4 - 0 = 4) than at the fighter
    # (4 - 1 = 3), but may not while the fighter lives.
    # Carrier alone v DD (no bonus): DD first (D before E) kills 4/10, else the
    # carrier hits on 3: P_cv = 0.6 * 0.3 / (1 - 0.6 * 0.7) = 9/29.
    p_cv = tenths(6) * tenths(3) / (1 - tenths(6) * tenths(7))
    assert p_cv == Fraction(9, 29)
    # Both alive: the fighter hits on 7 + 1 = 8 (wins); on a miss (2/10) the DD
    # fires at the fighter: kills it 3/10, then the carrier fires at 3 + 1 = 4
    # (the bonus is fixed for the round): wins 4/10, else P_cv; the DD misses
    # 7/10: the carrier fires at 4: wins 4/10, else the same again.
    # P = 0.8 + 0.2 (0.3 (0.4 + 0.6 P_cv) + 0.7 (0.4 + 0.6 P))
    p = (tenths(8) + tenths(2) * tenths(3) * (tenths(4) + tenths(6) * p_cv)
         + tenths(2) * tenths(7) * tenths(4)) / (1 - tenths(2) * tenths(7) * tenths(6))
    assert p == Fraction(6461, 6641)
    # Had the DD fired at the carrier (protection ignored): on the fighter's miss
    # it kills the carrier 4/10, leaving F3 alone v DD: the fighter first at 7,
    # the DD at 3: P_f = 0.7 / (1 - 0.3 * 0.7) = 70/79; else the carrier fires
    # at 4.  P' = 0.8 + 0.2 (0.4 P_f + 0.6 (0.4 + 0.6 P')) = 4537/4582.
    p_f = tenths(7) / (1 - tenths(3) * tenths(7))
    p_wrong = (tenths(8) + tenths(2) * tenths(4) * p_f + tenths(2) * tenths(6) * tenths(4)) / (
        1 - tenths(2) * tenths(6) * tenths(6))
    assert p_wrong == Fraction(4537, 4582)
    # The two differ by many standard errors, even on the interpreted run's trials,
    # and the simulator is on the right side of the gap.
    se = (float(p * (1 - p)) / TRIALS) ** 0.5
    assert float(p_wrong - p) > 3 * Z_LIMIT * se
    outcome = simulate(spec, trials=TRIALS, seed=SEED)
    assert_close(outcome.attacker_wins, p, p * (1 - p), "attacker wins")
    assert abs(outcome.attacker_wins - float(p_wrong)) > Z_LIMIT * se


def test_carrier_never_dies_before_its_fighters() -> None:
    """The carrier may only be shot at once its side's fighters are gone: a battle never
    ends with the carrier dead and a fighter alive."""
    spec = spec_of([{"type": "CV", "count": 1}, {"type": "F", "count": 1, "fighters": 3}],
                   [{"type": "DD", "count": 2}])
    sim = BattleSimulator(spec)
    seen = set()
    for seed in range(400):
        cv, f, _dd = sim.run(trials=1, seed=seed).group_survivor_totals
        seen.add((cv, f))
    assert (0, 1) not in seen
    assert (1, 0) in seen  # the carrier outlived its fighter, so it was fired at after


def test_carrier_without_fighters_is_an_ordinary_target() -> None:
    """Without friendly fighters in the battle the carrier is fired at like any ship."""
    spec = spec_of(one("CV"), one("DD"))
    # DD first at 4, carrier at 3: P(attacker) = 0.6 * 0.3 / (1 - 0.42) = 9/29.
    check_attacker_wins(spec, Fraction(9, 29))


# --------------------------------------------------------------------------
# Raiders and cloaking.


def raider_v_destroyer_cloaked() -> Fraction:
    """1 R (D 4-0, hull 2) attacking 1 DD (D 4-0, hull 1), the raider cloaked."""
    # From round 2 both are class D: the defender's DD fires first, both at 4.
    # Raider damaged (W1): the DD kills it 4/10; else the raider wins 4/10; else
    # again: W1 = 0.6 * 0.4 / (1 - 0.6 * 0.6) = 3/8.
    w1 = tenths(6) * tenths(4) / (1 - tenths(6) * tenths(6))
    assert w1 == Fraction(3, 8)
    # Raider undamaged (W0): the DD hits 4/10 (then the raider wins 4/10, else
    # W1), misses 6/10 (then the raider wins 4/10, else W0):
    # W0 = 0.4 (0.4 + 0.6 W1) + 0.6 (0.4 + 0.6 W0)  ->  W0 = 0.49 / 0.64 = 49/64.
    w0 = (tenths(4) * (tenths(4) + tenths(6) * w1) + tenths(6) * tenths(4)) / (
        1 - tenths(6) * tenths(6))
    assert w0 == Fraction(49, 64)
    # Round 1: the cloaked raider fires first (class A) at 4 + 1 = 5: wins 1/2;
    # else the DD fires: damages it 4/10 (-> W1), misses 6/10 (-> W0).
    p = tenths(5) + tenths(5) * (tenths(6) * w0 + tenths(4) * w1)
    assert p == Fraction(103, 128)
    return p


def test_cloaked_raider_ambushes_in_round_one() -> None:
    """docs/charts.md: raider class "D (A and +1 attack in round 1 while cloaked)"; "Raiders are
    cloaked while their Cloaking level exceeds the enemy's Scanners"."""
    check_attacker_wins(spec_of(one("R", cloaking=1), one("DD")), raider_v_destroyer_cloaked())


def test_scanners_on_a_destroyer_cancel_the_ambush() -> None:
    """Scanners 1 against Cloaking 1: not cloaked, an ordinary class-D raider from round 1."""
    spec = spec_of(one("R", cloaking=1), one("DD", scanners=1))
    # The W0 chain from the first round: 49/64 (ExactBattle: the DD fires first).
    exact = ExactBattle(ExactSide(1, 2, 4, 0), ExactSide(1, 1, 4, 0), attacker_first=False)
    assert exact.solve().p_attacker_wins == Fraction(49, 64)
    check_attacker_wins(spec, Fraction(49, 64))


def test_cloaking_2_beats_scanners_1() -> None:
    """Cloaked while Cloaking *exceeds* Scanners: 2 > 1."""
    spec = spec_of(one("R", cloaking=2), one("DD", scanners=1))
    check_attacker_wins(spec, raider_v_destroyer_cloaked())


def test_cloaking_fails_in_a_nebula() -> None:
    """docs/charts.md: "cloaking fails in nebulae" (everyone class E; the defender fires first)."""
    spec = spec_of(one("R", cloaking=2), one("DD"), terrain="nebula")
    check_attacker_wins(spec, Fraction(49, 64))


def test_ambush_bonus_is_kept_in_asteroids() -> None:
    """In asteroids everything is class E and attack *tech* is lost; the ambush's +1 is
    attack strength, so it stays."""
    spec = spec_of(one("R", cloaking=1, attack=2), one("DD"), terrain="asteroids")
    # Round 1: both class E, the defender fires first at 4: damages the raider
    # 4/10 (then the raider wins at 5 one half, else W1), misses 6/10 (then the
    # raider wins one half, else W0).  Later rounds as in the open.
    w1, w0 = Fraction(3, 8), Fraction(49, 64)
    p = tenths(4) * (tenths(5) + tenths(5) * w1) + tenths(6) * (tenths(5) + tenths(5) * w0)
    assert p == Fraction(103, 128)  # the same number by another road
    check_attacker_wins(spec, p)


CLOAKING_CASES = [
    # (raider's cloaking, defender's units, terrain, cloaked?)
    pytest.param(1, [{"type": "DD", "count": 1}], "open", True, id="no-scanners"),
    pytest.param(1, [{"type": "DD", "count": 1, "scanners": 1}], "open", False, id="equal"),
    pytest.param(2, [{"type": "DD", "count": 1, "scanners": 1}], "open", True, id="exceeds"),
    pytest.param(2, [{"type": "DD", "count": 1, "scanners": 2}], "open", False, id="scan-2"),
    # "Scanners are carried by destroyers": a scout's Scanners level does not count...
    pytest.param(1, [{"type": "SC", "count": 1, "scanners": 2}], "open", True, id="no-DD"),
    # ... the best destroyer entry's does.
    pytest.param(1, [{"type": "SC", "count": 1, "scanners": 2},
                     {"type": "DD", "count": 1, "scanners": 0},
                     {"type": "DD", "count": 1, "scanners": 1}], "open", False, id="best-DD"),
    pytest.param(2, [{"type": "DD", "count": 1}], "nebula", False, id="nebula"),
    pytest.param(2, [{"type": "DD", "count": 1}], "asteroids", True, id="asteroids"),
]


@pytest.mark.parametrize(("cloaking", "defender", "terrain", "cloaked"), CLOAKING_CASES)
def test_when_a_raider_is_cloaked(cloaking, defender, terrain, cloaked) -> None:
    spec = spec_of(one("R", cloaking=cloaking), defender, terrain=terrain)
    groups = expand_groups(spec)
    assert groups[0].cloaked is cloaked
    raider = [(v.when, v.attack) for v in firing_order(groups, spec.terrain) if v.group == 0]
    if cloaked:
        assert raider == [(combat_sim.WHEN_FIRST_ROUND, 5), (combat_sim.WHEN_LATER_ROUNDS, 4)]
    else:
        assert raider == [(combat_sim.WHEN_ALWAYS, 4)]


# --------------------------------------------------------------------------
# Minesweepers, pipelines and mines.


def test_minesweeper_and_pipeline_in_battle() -> None:
    """Minesweepers are class E 1-0 hull 1 combat units; MS pipelines are non-combat
    single units (like colony ships)."""
    spec = spec_of([{"type": "SW", "count": 1}, {"type": "MS", "count": 2}], one("SC"))
    # Defender's scout (E, 3) first, then the sweeper (E, 1): the pipelines
    # neither fire nor count for the fleet size.
    # P(attacker) = 0.7 * 0.1 / (1 - 0.7 * 0.9) = 7/37.
    p = tenths(7) * tenths(1) / (1 - tenths(7) * tenths(9))
    assert p == Fraction(7, 37)
    check_attacker_wins(spec, p)
    groups = expand_groups(spec)
    assert [(data.UNIT_CODES[g.unit_type], g.ships, g.combat) for g in groups] == [
        ("SW", 1, True), ("MS", 1, False), ("MS", 1, False), ("SC", 1, True)]


def mine_step(attacker: list[dict], defender: list[dict], terrain: str = "open"):
    spec = spec_of(attacker, defender, terrain=terrain)
    sim = BattleSimulator(spec)
    return spec, sim


def test_mines_swept_then_the_dearest_ship_destroyed() -> None:
    """Reference manual: "Defender detonates mines (after minesweeping)"; docs/charts.md: "each
    remaining mine destroys one ship of the owner's choice"; "Minesweepers remove 1
    (level 1) or 2 (level 2) mines each"."""
    spec, sim = mine_step([{"type": "SW", "count": 1, "mine_sweep": 1},
                           {"type": "BB", "count": 1}, {"type": "DD", "count": 1}],
                          [{"type": "Mine", "count": 2}])
    assert (sim.mines.mines, sim.mines.swept, sim.mines.destroyed) == (2, 1, (0, 1, 0))
    assert (sim.mines.exploded, sim.mines.left_over) == (1, 0)
    assert [(data.UNIT_CODES[g.unit_type], g.ships) for g in sim.groups] == [
        ("SW", 1), ("DD", 1)]
    # No mine and no combat unit left to the defender: the attacker wins at once.
    outcome = sim.run(trials=100, seed=1)
    assert outcome.attacker_win_count == 100 and outcome.total_rounds == 0
    assert outcome.ships_destroyed_by_mines == 1
    assert outcome.attacker_survivor_total == 200
    assert mines_report(spec, outcome.mines) == {
        "mines": 2, "swept": 1, "exploded": 1, "left_over": 0,
        "destroyed": [{"type": "BB", "count": 1}]}
    assert describe_mines(spec, outcome.mines) == (
        "Mines           2 (1 swept): destroyed 1 BB before the battle")


MINE_CASES = [
    # (attacker's units, defender's units, swept, destroyed per attacker entry)
    pytest.param([{"type": "SW", "count": 1, "mine_sweep": 2}, {"type": "BB", "count": 1}],
                 [{"type": "Mine", "count": 2}], 2, (0, 0), id="sweep-2"),
    pytest.param([{"type": "SW", "count": 2, "mine_sweep": 1}, {"type": "BB", "count": 1}],
                 [{"type": "Mine", "count": 3}], 2, (0, 1), id="two-sweepers"),
    # A sweeper without Mine Sweep sweeps nothing (and a DD, 9 CP, goes before it, 6).
    pytest.param([{"type": "SW", "count": 1}, {"type": "DD", "count": 1}],
                 [{"type": "Mine", "count": 1}], 0, (0, 1), id="sweep-0"),
    # Same cost (12): the larger hull (CA 2 > CV 1); then the first listed.
    pytest.param([{"type": "CV", "count": 1}, {"type": "CA", "count": 1}],
                 [{"type": "Mine", "count": 1}], 0, (0, 1), id="tie-hull"),
    pytest.param([{"type": "CA", "count": 1}, {"type": "CA", "count": 1}],
                 [{"type": "Mine", "count": 1}], 0, (1, 0), id="tie-first"),
    # One mine after the other: each takes the dearest ship left.
    pytest.param([{"type": "DD", "count": 2}, {"type": "DN", "count": 1},
                  {"type": "SC", "count": 1}],
                 [{"type": "Mine", "count": 3}], 0, (2, 1, 0), id="one-by-one"),
    # Colony ships are ships (8 CP > a scout's 6); decoys were removed before.
    pytest.param([{"type": "Decoy", "count": 2}, {"type": "SC", "count": 1},
                  {"type": "CO", "count": 1}],
                 [{"type": "Mine", "count": 1}], 0, (0, 0, 1), id="colony-ship"),
    # FAQ: "Do Mines work against cloaked Raiders? Only if enemy has Scanner Tech >=
    # Cloaking Tech" (scanners carried by destroyers).
    pytest.param([{"type": "R", "count": 1, "cloaking": 1}, {"type": "SC", "count": 1}],
                 [{"type": "Mine", "count": 1}], 0, (0, 1), id="cloaked-raider-spared"),
    pytest.param([{"type": "R", "count": 1, "cloaking": 1}, {"type": "SC", "count": 1}],
                 [{"type": "Mine", "count": 1}, {"type": "SC", "count": 1, "scanners": 2}],
                 0, (0, 1), id="scout-scanners-do-not-count"),
    pytest.param([{"type": "R", "count": 1, "cloaking": 1}, {"type": "SC", "count": 1}],
                 [{"type": "Mine", "count": 1}, {"type": "DD", "count": 1, "scanners": 1}],
                 0, (1, 0), id="scanners-equal-cloaking"),
    pytest.param([{"type": "R", "count": 1, "cloaking": 2}, {"type": "SC", "count": 1}],
                 [{"type": "Mine", "count": 1}, {"type": "DD", "count": 1, "scanners": 1}],
                 0, (0, 1), id="cloaking-exceeds-scanners"),
    # Nothing else to destroy: the mine is left over.
    pytest.param([{"type": "R", "count": 2, "cloaking": 1}],
                 [{"type": "Mine", "count": 1}, {"type": "DD", "count": 1}],
                 0, (0,), id="only-cloaked-raiders"),
]


@pytest.mark.parametrize(("attacker", "defender", "swept", "destroyed"), MINE_CASES)
def test_mine_choices(attacker, defender, swept, destroyed) -> None:
    _, sim = mine_step(attacker, defender)
    assert (sim.mines.swept, sim.mines.destroyed) == (swept, destroyed)


def test_cloaked_raider_is_not_safe_from_mines_in_a_nebula() -> None:
    """Cloaking fails in nebulae, so the mines' exception for cloaked raiders does too."""
    _, sim = mine_step([{"type": "R", "count": 1, "cloaking": 2}, {"type": "SC", "count": 1}],
                       [{"type": "Mine", "count": 1}], terrain="nebula")
    assert sim.mines.destroyed == (1, 0)


def test_left_over_mines_stay_and_decide_nothing() -> None:
    """A mine with no ship left to destroy stays, a non-combat unit of the defender: with
    no combat unit on either side after the mines the battle is a draw."""
    spec, sim = mine_step(one("DD"), [{"type": "Mine", "count": 3}])
    assert (sim.mines.swept, sim.mines.destroyed, sim.mines.left_over) == (0, (1,), 2)
    assert [(g.side, data.UNIT_CODES[g.unit_type], g.combat) for g in sim.groups] == [
        (1, "Mine", False), (1, "Mine", False)]
    outcome = sim.run(trials=10, seed=0)
    assert outcome.draw_count == 10 and outcome.total_rounds == 0
    assert outcome.defender_survivor_total == 20
    assert describe_mines(spec, outcome.mines) == (
        "Mines           3 (0 swept): destroyed 1 DD before the battle, 2 left over")


def test_mines_leave_the_rest_to_fight() -> None:
    """After the mines, the battle is the ordinary one between what is left."""
    # 1 mine takes the CA; 1 DD v 1 DD is left: the defender fires first: 3/8.
    spec = spec_of([{"type": "DD", "count": 1}, {"type": "CA", "count": 1}],
                   [{"type": "DD", "count": 1}, {"type": "Mine", "count": 1}])
    check_attacker_wins(spec, Fraction(3, 8))


def test_attackers_mines_do_nothing() -> None:
    """Only the defender's mines act (against ships entering their hex); mines are not
    combat units and do not count for the fleet size."""
    plain = spec_of(one("SC"), one("SC"))
    with_mines = spec_of([{"type": "SC", "count": 1}, {"type": "Mine", "count": 2}], one("SC"))
    a, b = simulate(plain, 3000, seed=4), simulate(with_mines, 3000, seed=4)
    assert (a.attacker_win_count, a.total_rounds) == (b.attacker_win_count, b.total_rounds)
    assert b.mines == combat_sim.NO_MINES
    # The attacker's mines survive with it (non-combat units).
    sc, mine1, mine2, _ = b.group_survivor_totals
    assert mine1 == mine2 == sc == b.attacker_win_count


# --------------------------------------------------------------------------
# The spec.


def test_spec_levels_resolve_and_write_out() -> None:
    spec = parse_spec({
        "attacker": {"tech": {"fighters": 2, "cloaking": 1},
                     "units": [{"type": "F", "count": 3}, {"type": "F", "count": 1, "fighters": 3},
                               {"type": "R", "count": 1, "cloaking": 2}]},
        "defender": {"tech": {"scanners": 1, "point_defense": 3, "mine_sweep": 2},
                     "units": [{"type": "sc", "count": 2}, {"type": "sw", "count": 5}]}})
    assert [(u.fighters, u.cloaking) for u in spec.attacker.units] == [(2, 1), (3, 1), (2, 2)]
    assert [(u.scanners, u.point_defense, u.mine_sweep) for u in spec.defender.units] == [
        (1, 3, 2), (1, 3, 2)]
    groups = expand_groups(spec)
    assert [(g.attack, g.defense) for g in groups[:2]] == [(6, 0), (7, 1)]
    written = spec_to_json(spec)
    assert written["defender"]["tech"]["point_defense"] == 3
    assert written["attacker"]["units"][1]["fighters"] == 3
    assert parse_spec(written) == spec


SPEC_ERRORS = [
    pytest.param({"tech": {"fighters": 4}}, "attacker.tech.fighters: must be an integer from 0 "
                 "to 3", id="fighters-high"),
    pytest.param({"tech": {"point_defense": -1}}, "attacker.tech.point_defense: must be an "
                 "integer from 0 to 3", id="pd-low"),
    pytest.param({"tech": {"cloaking": 3}}, "attacker.tech.cloaking: must be an integer from 0 "
                 "to 2", id="cloaking-high"),
    pytest.param({"tech": {"scanners": 3}}, "attacker.tech.scanners: must be an integer from 0 "
                 "to 2", id="scanners-high"),
    pytest.param({"tech": {"mine_sweep": "1"}}, "attacker.tech.mine_sweep: must be an integer "
                 "from 0 to 2", id="sweep-string"),
    pytest.param({"units": [{"type": "SW", "count": 1, "mine_sweep": 3}]},
                 "attacker.units[0].mine_sweep: must be an integer from 0 to 2", id="override"),
    pytest.param({"units": [{"type": "F", "count": 1}]},
                 "attacker.units[0].fighters: a fighter (F) needs fighters 1 to 3", id="F-0"),
    pytest.param({"tech": {"fighters": 2}, "units": [{"type": "F", "count": 1, "fighters": 0}]},
                 "attacker.units[0].fighters: a fighter (F) needs", id="F-override-0"),
    pytest.param({"units": [{"type": "DD", "count": 1}, {"type": "R", "count": 1}]},
                 "attacker.units[1].cloaking: a raider (R) needs cloaking 1 or 2", id="R-0"),
    pytest.param({"units": [{"type": "Mine", "count": 6}]},
                 "attacker.units[0].count: at most 5 Mine on a side (5 counters)", id="mines"),
    pytest.param({"units": [{"type": "CV", "count": 20}, {"type": "CV", "count": 5}]},
                 "attacker.units[1].count: at most 24 CV on a side (4 counters)", id="carriers"),
    pytest.param({"tech": {"fighters": 1}, "units": [{"type": "F", "count": 49}]},
                 "attacker.units[0].count: at most 48 F on a side (8 counters)", id="fighters"),
    pytest.param({"units": [{"type": "SW", "count": 19}]},
                 "attacker.units[0].count: at most 18 SW on a side (3 counters)", id="sweepers"),
    pytest.param({"units": [{"type": "MS", "count": 21}]},
                 "attacker.units[0].count: at most 20 MS on a side (20 counters)", id="pipelines"),
    pytest.param({"units": [{"type": "R", "count": 25, "cloaking": 1}]},
                 "attacker.units[0].count: at most 24 R on a side (4 counters)", id="raiders"),
]


@pytest.mark.parametrize(("attacker", "message"), SPEC_ERRORS)
def test_spec_errors_name_the_field(attacker: dict, message: str) -> None:
    side = {"units": [{"type": "DD", "count": 1}], **attacker}
    with pytest.raises(SpecError) as err:
        parse_spec({"attacker": side, "defender": {"units": [{"type": "DD", "count": 1}]}})
    assert message in str(err.value)


def test_counter_limits_of_the_advanced_units() -> None:
    """docs/charts.md#ship-technology-chart, counters: 8 fighters, 4 raiders, 4 carriers,
    5 mines, 3 minesweepers, 20 MS pipelines (mines and pipelines single)."""
    assert {code: most_ships(data.UNIT_CODES.index(code))
            for code in ("CV", "F", "R", "SW", "Mine", "MS")} == {
        "CV": 24, "F": 48, "R": 24, "SW": 18, "Mine": 5, "MS": 20}
    # Groups of six, single mines and pipelines.
    spec = spec_of([{"type": "F", "count": 8, "fighters": 1}, {"type": "MS", "count": 2},
                    {"type": "Mine", "count": 2}],
                   [{"type": "R", "count": 7, "cloaking": 1}])
    assert [(g.side, data.UNIT_CODES[g.unit_type], g.ships) for g in
            BattleSimulator(spec).groups] == [
        (0, "F", 6), (0, "F", 2), (0, "MS", 1), (0, "MS", 1),
        (0, "Mine", 1), (0, "Mine", 1), (1, "R", 6), (1, "R", 1)]


def test_advanced_units_take_the_terrain_rules() -> None:
    """Asteroids and nebulae: class E for all; attack tech lost in asteroids, defense tech
    in nebulae."""
    spec = spec_of(one("F", fighters=2, attack=1), one("CV", defense=1), terrain="asteroids")
    f, cv = expand_groups(spec)
    assert (f.weapon_class, cv.weapon_class) == (data.CLASS_E, data.CLASS_E)
    assert combat_sim.group_to_hit(f, cv, TERRAIN_ASTEROIDS) == 6 - 1
    assert combat_sim.group_to_hit(f, cv, TERRAIN_NEBULA) == 6 + 1


# --------------------------------------------------------------------------
# Doomsday Machines.  docs/charts.md: "class C, 9-2, hull 3, fires twice a round, tactics 2;
# a roll of 1 hits it; no fleet-size bonus against it".


class MachineBattle(ExactBattle):
    """One group of the player's against a Doomsday Machine, as a Markov chain.

    The player's ships hit on a 1 only (1/10), whatever their attack and however many
    they are (no fleet-size bonus); the machine fires two shots a round, each hitting
    on 9 minus the group's defense (strength plus the tech that counts here)."""

    def __init__(self, player: ExactSide, player_first: bool) -> None:
        super().__init__(player, ExactSide(1, 3, 9, 2), attacker_first=player_first)

    def round(self, state: tuple[int, int, int, int]) -> dict:
        chances = (Fraction(1, 10), tenths(min(max(9 - self.sides[0].defense, 1), 10)))
        dist = {state: Fraction(1)}
        for shooter in self.order:
            for _shot in range(2 if shooter == 1 else 1):  # "fires twice a round"
                dist = self.volley(dist, shooter, chances[shooter])
        return dist


def machine(hits: int) -> list[dict]:
    return [{"type": "DM", "count": 1, "hits": hits}]


MACHINE_CASES = [
    # Battleships are class A: they fire first; each of the machine's shots hits on 9 - 2.
    pytest.param(spec_of([{"type": "BB", "count": 2}], machine(0)),
                 ExactSide(2, 3, 5, 2), 0, True, id="2BB-v-DM"),
    # The engine's own odds test (tests/core/test_doomsday.py): the same battle.
    pytest.param(spec_of([{"type": "DN", "count": 3}], machine(1)),
                 ExactSide(3, 3, 6, 3), 1, True, id="3DN-v-DM-1-hit"),
    # Six destroyers against one ship would have +1: not against a machine, which (class
    # C) fires first at 9 - 0.
    pytest.param(spec_of([{"type": "DD", "count": 6}], machine(2)),
                 ExactSide(6, 1, 4, 0), 2, False, id="6DD-v-DM-2-hits-no-bonus"),
    # Class C against class C: tactics 3 beats the machine's 2 ...
    pytest.param(spec_of([{"type": "CA", "count": 4}], machine(2),
                         attacker_tech={"tactics": 3, "defense": 1, "attack": 2}),
                 ExactSide(4, 2, 4, 1 + 1), 2, True, id="4CA-tactics-3-first"),
    # ... tactics 2 ties it, and the defender (the machine) fires first.
    pytest.param(spec_of([{"type": "CA", "count": 4}], machine(2),
                         attacker_tech={"tactics": 2, "defense": 1}),
                 ExactSide(4, 2, 4, 1 + 1), 2, False, id="4CA-tactics-2-machine-first"),
    # Nebula: everyone class E (the machine's tactics 2 first), defense tech lost.
    pytest.param(spec_of([{"type": "BB", "count": 3}], machine(1), terrain="nebula",
                         attacker_tech={"defense": 2, "tactics": 1}),
                 ExactSide(3, 3, 5, 2), 1, False, id="nebula-3BB-v-DM"),
    # A raider has no ambush against a machine: class D, after it.
    pytest.param(spec_of([{"type": "R", "count": 4, "cloaking": 2}], machine(2)),
                 ExactSide(4, 2, 4, 0), 2, False, id="4R-cloaked-no-ambush"),
]


@pytest.mark.parametrize(("spec", "player", "hits", "player_first"), MACHINE_CASES)
def test_battles_against_a_machine_match_exact_odds(spec, player, hits, player_first) -> None:
    exact = MachineBattle(player, player_first).solve(start=(player.ships, 0, 1, hits))
    assert 0.01 < exact.p_attacker_wins < 0.99  # a battle in doubt, so the check has teeth
    check_outcome(simulate(spec, trials=TRIALS, seed=SEED), exact)


def test_the_machine_fires_twice_in_its_class_with_its_hits_on_it() -> None:
    spec = spec_of([{"type": "CA", "count": 1, "tactics": 3}, {"type": "DD", "count": 1}],
                   machine(2))
    sim = BattleSimulator(spec)
    ca, dd, dm = sim.groups
    assert (dm.side, dm.ships, dm.hull, dm.damage, dm.shots) == (1, 1, 3, 2, 2)
    assert (dm.weapon_class, dm.attack, dm.tactics) == (data.CLASS_C, 9, 2)
    assert [sim.groups[v.group] for v in sim.volleys] == [ca, dm, dm, dd]
    # Shots at it hit on a 1 only; its own at 9 minus the target's defense.
    assert battle_math.hit_faces(combat_sim.group_to_hit(ca, dm, TERRAIN_OPEN) + 1) == 1
    assert combat_sim.group_to_hit(dm, ca, TERRAIN_OPEN) == 9 - 1
    assert [g.weapon_class for g in expand_groups(spec_of(one("DD"), machine(0),
                                                          terrain="asteroids"))] == [
        data.CLASS_E, data.CLASS_E]


def test_a_machine_with_two_hits_dies_to_the_first_one() -> None:
    """Hits stay on a machine between battles: with two taken, one more destroys it. A
    dreadnought (class A) fires first: it wins at once on a 1, else the machine's two
    shots (9 - 3 = 6 in 10) must leave it alive (three hits) for the next round."""
    spec = spec_of(one("DN"), machine(2))
    outcome = simulate(spec, trials=TRIALS, seed=SEED)
    exact = MachineBattle(ExactSide(1, 3, 6, 3), True).solve(start=(1, 0, 1, 2))
    assert_close(outcome.attacker_wins, exact.p_attacker_wins,
                 exact.p_attacker_wins * (1 - exact.p_attacker_wins), "attacker wins")
    fresh = simulate(spec_of(one("DN"), machine(0)), trials=TRIALS, seed=SEED)
    assert fresh.attacker_wins < outcome.attacker_wins / 2


MACHINE_SPEC_ERRORS = [
    pytest.param({"units": [{"type": "DD", "count": 1}]},
                 {"units": [{"type": "DM", "count": 1}, {"type": "DD", "count": 1}]},
                 "defender.units: a Doomsday Machine (DM) fights alone", id="with-ships"),
    pytest.param({"units": [{"type": "DM", "count": 1}]},
                 {"units": [{"type": "DD", "count": 1}]},
                 "attacker.units[0].type: a Doomsday Machine (DM) is always the defender",
                 id="attacker"),
    pytest.param({"units": [{"type": "DD", "count": 1}]},
                 {"units": [{"type": "DM", "count": 2}]},
                 "defender.units[0].count: a Doomsday Machine (DM) entry is one machine",
                 id="two"),
    pytest.param({"units": [{"type": "DD", "count": 1}]},
                 {"units": [{"type": "DM", "count": 1, "hits": 3}]},
                 "defender.units[0].hits: must be an integer from 0 to 2", id="hits-3"),
    pytest.param({"units": [{"type": "DD", "count": 1}]},
                 {"units": [{"type": "DM", "count": 1, "hits": "1"}]},
                 "defender.units[0].hits: must be an integer from 0 to 2", id="hits-text"),
    pytest.param({"units": [{"type": "DD", "count": 1, "hits": 1}]},
                 {"units": [{"type": "DM", "count": 1}]},
                 "attacker.units[0].hits: only a Doomsday Machine (DM) entry takes hits",
                 id="hits-on-a-ship"),
    pytest.param({"units": [{"type": "DD", "count": 1}]},
                 {"tech": {"attack": 1}, "units": [{"type": "DM", "count": 1}]},
                 "defender.units[0].attack: a Doomsday Machine (DM) has no technology",
                 id="tech"),
]


@pytest.mark.parametrize(("attacker", "defender", "message"), MACHINE_SPEC_ERRORS)
def test_machine_spec_errors_name_the_field(attacker: dict, defender: dict,
                                            message: str) -> None:
    with pytest.raises(SpecError) as err:
        parse_spec({"attacker": attacker, "defender": defender})
    assert message in str(err.value)


def test_a_machine_spec_writes_out_and_reads_back() -> None:
    spec = spec_of(one("BB", attack=2), [{"type": "dm", "count": 1, "hits": 2}])
    written = spec_to_json(spec)
    assert written["defender"]["units"] == [{"type": "DM", "count": 1, "hits": 2}]
    assert parse_spec(written) == spec
