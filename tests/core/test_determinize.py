"""Determinization: samples consistent with what a player knows, and nothing more.

What :func:`se4x_core.sim.determinize.determinize` promises (its docstring):
the player's observation of a sample equals its observation of the real
game; every sample keeps every invariant; hidden markers are drawn from
their own pools (checked with a chi-square test against the exact pool
proportions); the sample depends only on the player's information and the
seed.  Compiled, thousands of positions are checked; the interpreted re-run
of the core tests checks fewer (the same code, fifty times slower).
"""

from __future__ import annotations

import math
import random

import pytest

from se4x_core import _puremode, data
from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.devtools.invariants import problems
from se4x_core.observation import observation
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.codes import F_REVEALED, TR_FACE_UP, UNIT_TRAITS, UNITS_PER_PLAYER
from se4x_core.rules.state import State
from se4x_core.sim.determinize import determinize, determinize_into, infoset_key
from tests.helpers.scenario import advanced_selfplay

pytestmark = [pytest.mark.slow, pytest.mark.core]

SCALE = 1 if _puremode.pure_python_requested() else 6  # games sampled: fewer interpreted


def positions(games: int, every: int = 5):
    """States met in seeded bot games (2, 3 and 4 players), every ``every`` actions."""
    for seed in range(games):
        state = engine.new_state({"players": 2 + seed % 3, "seed": seed, "max_rounds": 10})
        rnd = random.Random(seed)
        step = 0
        while state.phase != PH_GAME_OVER:
            legal = engine.legal_actions(state)
            bot = choose_heuristic if (seed + state.current_player) % 2 else choose_aggressive
            seen = observation(state, state.current_player)
            engine.apply_unchecked(state, bot(seen, legal, rnd), None)
            step += 1
            if step % every == 0:
                yield state


def test_samples_look_the_same_to_the_player_and_keep_every_invariant() -> None:
    checked = 0
    for state in positions(2 * SCALE):
        for player in range(state.n_players):
            if not state.alive[player]:
                continue
            sample = determinize(state, player, checked)
            assert observation(sample, player) == observation(state, player)
            assert problems(sample) == []
            assert infoset_key(sample, player) == infoset_key(state, player)
            checked += 1
    assert checked > 300 * SCALE


def test_a_sample_depends_only_on_what_the_player_knows() -> None:
    """Change everything the player may not know: the same seed gives the same sample."""
    rnd = random.Random(5)
    checked = 0
    for state in positions(SCALE, every=11):
        for player in range(state.n_players):
            if not state.alive[player]:
                continue
            other = perturb_hidden(state, player, rnd)
            assert determinize(other, player, 99) == determinize(state, player, 99)
            checked += 1
    assert checked > 20 * SCALE


def test_samples_are_reproducible_and_vary_with_the_seed() -> None:
    state = next(s for s in positions(1) if s.round >= 3)
    first = determinize(state, 0, 7)
    assert determinize(state, 0, 7) == first
    into = state.clone()
    determinize_into(into, state, 0, 7)
    assert into == first
    assert any(determinize(state, 0, seed) != first for seed in range(8, 12))


# -- the marker pools ----------------------------------------------------------------------
def _kind(marker: int, value: int) -> tuple[int, int]:
    return marker, value


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability about 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def chi_square(observed: dict, expected: dict) -> float:
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items() if e > 0)


def explored_state() -> State:
    """A 2-player game just started, with 15 Deep Space hexes turned up as Danger!.

    Danger! is 26 of the 102 Deep Space markers; with 15 of them seen, an unseen
    Deep Space hex holds one with probability 11/87 (not 26/102).
    """
    state = engine.new_state({"players": 2, "seed": 3, "board": "large"})
    while state.phase == 0:
        engine.apply(state, engine.legal_actions(state)[0])
    deep = [h for h in range(state.n_hexes) if state.board.region[h] < 0]
    for h in deep[:15]:
        state.h_marker[h], state.h_value[h] = data.M_EMPTY, 0  # found, then cleared
        state.h_origin[h] = data.M_DANGER * 16
        state.h_face_up[h] = 1
    return state


def test_hidden_deep_space_markers_follow_the_pool() -> None:
    state = explored_state()
    hex_index = next(h for h in range(state.n_hexes)
                     if state.board.region[h] < 0 and not state.h_face_up[h])
    pool = {}
    for marker, value, count in data.DEEP_SPACE_MIX:
        pool[_kind(marker, value)] = pool.get(_kind(marker, value), 0) + count
    pool[_kind(data.M_DANGER, 0)] -= 15
    samples = 600 * SCALE
    observed: dict = {}
    for seed in range(samples):
        sample = determinize(state, 0, seed)
        key = _kind(sample.h_marker[hex_index], sample.h_value[hex_index])
        observed[key] = observed.get(key, 0) + 1
    total = sum(pool.values())
    expected = {k: samples * n / total for k, n in pool.items()}
    assert set(observed) <= set(expected)
    df = len(expected) - 1
    assert chi_square(observed, expected) < chi_square_critical(df)
    # The test has teeth: the full mix (the 15 Danger! seen ignored) is rejected.
    full = {k: samples * (n + (15 if k == _kind(data.M_DANGER, 0) else 0)) / 102
            for k, n in pool.items()}
    assert chi_square(observed, full) > chi_square_critical(df) or samples < 3000


def test_hidden_home_markers_follow_their_system_mix() -> None:
    """The enemy home system's unseen hexes hold what is left of its 25 markers."""
    state = explored_state()
    enemy_home = [h for h in range(state.n_hexes)
                  if state.board.region[h] == 1 and not state.h_face_up[h]]
    seen_planets = 0
    for h in enemy_home[:4]:  # the player peeked at four: all planets now, say
        state.h_marker[h], state.h_value[h] = data.M_PLANET, 0
        state.h_origin[h] = data.M_PLANET * 16
        state.h_known[h] |= 1
        seen_planets += 1
    pool = {_kind(m, v): n for m, v, n in data.HOME_SYSTEM_MIX}
    pool[_kind(data.M_PLANET, 0)] -= seen_planets
    target = enemy_home[10]
    samples = 600 * SCALE
    observed: dict = {}
    for seed in range(samples):
        sample = determinize(state, 0, seed)
        for h in enemy_home[:4]:  # what the player saw stays
            assert sample.h_marker[h] == data.M_PLANET
        key = _kind(sample.h_marker[target], sample.h_value[target])
        observed[key] = observed.get(key, 0) + 1
    total = sum(pool.values())
    expected = {k: samples * n / total for k, n in pool.items()}
    assert chi_square(observed, expected) < chi_square_critical(len(expected) - 1)


def test_face_down_groups_are_resampled_within_the_rules() -> None:
    state = next(s for s in positions(3, every=3) if s.round >= 4 and _face_down(s, 0))
    types_seen = set()
    for seed in range(100):
        sample = determinize(state, 0, seed)
        for unit in _face_down(state, 0):
            types_seen.add(sample.u_type[unit])
            assert sample.u_hex[unit] == state.u_hex[unit]
    assert len(types_seen) >= 3  # not always the truth


def _face_down(state: State, viewer: int) -> list[int]:
    return [s for s in range(state.n_units)
            if state.u_type[s] >= 0 and s // UNITS_PER_PLAYER != viewer
            and not state.u_flags[s] & F_REVEALED and state.u_type[s] != data.SY
            and not UNIT_TRAITS[state.u_type[s]] & TR_FACE_UP]


def advanced_positions(games: int, every: int = 5, rules: tuple[str, ...] = ("fighters",)):
    """States of seeded games with advanced rule sets (carriers, fighters and point
    defense by default), played as the advanced self-play plays them (the advanced
    actions often taken when legal)."""
    for seed in range(games):
        config = {"players": 2 + seed % 3, "max_rounds": 10, "advanced": list(rules)}
        for step, state in enumerate(advanced_selfplay(config, seed), start=1):
            if step % every == 0:
                yield state


@pytest.mark.parametrize(("rules", "kinds"), [
    (("fighters",), {data.CV, data.F}),
    (("raiders", "mines"), {data.R, data.SW, data.MINE}),
])
def test_advanced_samples_look_the_same_and_keep_every_invariant(rules, kinds) -> None:
    """Face-down groups may be sampled as the rule sets' units once the empire's
    technology allows them (carriers and fighters with Fighters; raiders with Cloaking,
    minesweepers with Mine Sweep, mines with Mines); links to carriers stay valid and
    every sampled level is within its chart (the invariants)."""
    checked = 0
    sampled: set[int] = set()
    for state in advanced_positions(SCALE + 1, rules=rules):
        for player in range(state.n_players):
            if not state.alive[player]:
                continue
            sample = determinize(state, player, checked)
            assert observation(sample, player) == observation(state, player)
            assert problems(sample) == []
            for u in range(sample.n_units):
                if sample.u_type[u] in kinds and u // UNITS_PER_PLAYER != player:
                    tech, level = data.UNIT_TECH_NEEDED[sample.u_type[u]]
                    assert sample.tech_level(u // UNITS_PER_PLAYER, tech) >= level
                    sampled.add(sample.u_type[u])
            checked += 1
    assert checked > 100 and sampled == kinds
