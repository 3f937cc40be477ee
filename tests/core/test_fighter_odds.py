"""The engine's own battles with carriers, fighters and point defense, fought to the end
by the default policy (auto-resolve), against exact odds computed by hand.

The simulator's tests check its kernel the same way; these check the interactive
combat (firing order, targets, the fleet-size bonus fixed at each round's start, point
defense, carrier protection) through ``engine.apply_unchecked``, thousands of times
from one position with different dice.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from se4x_core import data
from se4x_core.rules.state import State
from tests.helpers.battle_odds import assert_close, attacker_win_rate
from tests.helpers.scenario import CENTRE, add, scenario

pytestmark = [pytest.mark.fast, pytest.mark.core]


def battle_position(attackers, defenders, tech0=None, tech1=None) -> State:
    """Player 0 (the mover) and player 1 meet in ``CENTRE``; movement ends."""
    game = scenario(advanced=["fighters"])
    state = game.state
    for player, tech in ((0, tech0 or {}), (1, tech1 or {})):
        for key, level in tech.items():
            state.set_tech_level(player, data.TECH_KEYS.index(key), level)
    for player, units in ((0, attackers), (1, defenders)):
        for unit_type, count in units:
            add(state, player, unit_type, CENTRE, count)
    return state


def test_point_defense_scout_against_a_fighter():
    """1 F1 attacking 1 SC with Point Defense 1: the scout fires first (class A) at 6,
    the fighter (class B) at 5.  P(defender wins) = 0.6 / (1 - 0.4 * 0.5) = 3/4."""
    start = battle_position([(data.F, 1)], [(data.SC, 1)], {"fighters": 1},
                            {"point_defense": 1})
    assert_close(1 - attacker_win_rate(start, 3000), Fraction(3, 4), 3000)


def test_a_plain_scout_against_a_fighter():
    """Without Point Defense the fighter fires first at 5 and the scout at 3:
    P(attacker wins) = 0.5 / (1 - 0.5 * 0.7) = 10/13."""
    start = battle_position([(data.F, 1)], [(data.SC, 1)], {"fighters": 1})
    assert_close(attacker_win_rate(start, 3000), Fraction(10, 13), 3000)


def test_a_carrier_behind_its_fighter():
    """1 CV + 1 F3 attacking 1 DD.  The attacker has 2 ships to 1: +1 attack while both
    live (fixed at the start of a round).  Order: F3 (B), DD (D), CV (E).  With the
    fighter alive the destroyer may only fire at it (at 4 - 1 = 3).

    A (both alive): F3 hits on 8 (0.8): won.  Else the DD kills the fighter with 0.3,
    then the CV still fires with the round's bonus (4: 0.4) or the battle goes to B;
    or the fighter lives (0.7) and the CV fires (0.4) or back to A:
      P_A = 0.8 + 0.2 (0.3 (0.4 + 0.6 P_B) + 0.7 (0.4 + 0.6 P_A)).
    B (CV against DD, 1 to 1): the DD fires first at 4, the CV at 3:
      P_B = 0.6 * 0.3 / (1 - 0.6 * 0.7) = 9/29.
    So P_A = (22/25 + 9/250 * 9/29) / (229/250) = 6461/6641 (about 0.973).  Were the
    carrier a target, the DD would fire at it (4 beats 3) and the attacker would win
    about 0.990 of the time: 8 standard errors away at 6,000 battles.
    """
    start = battle_position([(data.CV, 1), (data.F, 1)], [(data.DD, 1)], {"fighters": 3})
    assert_close(attacker_win_rate(start, 6000), Fraction(6461, 6641), 6000)
