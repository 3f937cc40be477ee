"""Seeded skirmishes with every advanced rule set: random forces, random play, every check.

Whole self-play games (``tests/core/test_selfplay.py``) rarely bring cloaked raiders to an
enemy hex or a fleet into a minefield within their round limit, and never kill a
Doomsday Machine, so these start where those rules bite: both empires with random
advanced technology (Cloaking, Scanners, Mines, Mine Sweep, Fighters, Point Defense)
and random groups (raiders, destroyers, minesweepers, carriers with fighters, scouts,
cruisers) around the centre of the board, player 1's mines laid in some of those
hexes, one or two Doomsday Machines (some already hit) on Deep Space hexes among them
and a planet or colony within their reach.  The players then take random legal
actions, preferring steps into enemy and machines' hexes, through movement, mines,
battles (against machines too), colony attacks and the machines' steps, and after
every action every invariant holds, neither observation leaks (cloaked raiders and
minefields are hidden information) and the state survives clone, pack and JSON round
trips (:func:`se4x_core.devtools.selfplay.check_state`).
"""

from __future__ import annotations

import random

import pytest

from se4x_core import _puremode, data
from se4x_core.actions import A_MOVE
from se4x_core.devtools.selfplay import MachineCounts, MachineWatch, check_state
from se4x_core.phases import PH_GAME_OVER, PH_MINES
from se4x_core.rules import engine
from se4x_core.rules.codes import F_AMBUSH, UNITS_PER_PLAYER
from se4x_core.rules.state import State
from tests.helpers.scenario import CENTRE, add, neighbour, scenario, set_colony

pytestmark = [pytest.mark.slow, pytest.mark.core]

# Interpreted (SE4X_PURE_PYTHON=1) the same checks run on the first block only.
SKIRMISHES = 60 if _puremode.module_is_compiled(engine) else 20
ACTIONS = 160
ALL_RULES = sorted(data.ADVANCED_RULES)
_TECHS = {"cloaking": 2, "scanners": 2, "mines": 1, "mine_sweep": 2, "fighters": 3,
          "point_defense": 3, "ship_size": 3, "movement": 3}
_FORCES = (data.R, data.R, data.DD, data.SW, data.CV, data.F, data.SC, data.CA)


def skirmish(seed: int) -> State:
    """A blank board with random advanced forces of both players around ``CENTRE``."""
    rnd = random.Random(seed)
    game = scenario(advanced=ALL_RULES, turn=rnd.randint(1, 3))
    state = game.state
    ring = [CENTRE] + [neighbour(state, CENTRE, d) for d in range(6)]
    for player in range(2):
        for key, top in _TECHS.items():
            state.set_tech_level(player, data.TECH_KEYS.index(key),
                                 rnd.randint(data.TECH_START[data.TECH_KEYS.index(key)], top))
        for _ in range(rnd.randint(2, 5)):
            unit_type = rnd.choice(_FORCES)
            tech, level = data.UNIT_TECH_NEEDED[unit_type]
            if tech >= 0 and state.tech_level(player, tech) < level:
                continue  # not buildable at this technology
            add(state, player, unit_type, rnd.choice(ring), rnd.randint(1, 3))
    if state.tech_level(1, data.T_MINES):
        for _ in range(rnd.randint(1, 4)):
            add(state, 1, data.MINE, rnd.choice(ring))
    if rnd.random() < 0.5:
        set_colony(state, 1, rnd.choice(ring[1:]), 3)
    _machines(state, rnd)
    return state


def _machines(state: State, rnd: random.Random) -> None:
    """One or two Doomsday Machines on Deep Space hexes within two of ``CENTRE`` (among
    the forces), two in three of them one hit from destruction (a handful of ships
    rarely lands three hits of 1 in 10), and a planet (a colony half the time) a few
    hexes off, so that machines fight, die and destroy planets within the actions."""
    near = [h for h in range(state.n_hexes) if state.board.region[h] < 0
            and state.board.distance(h, CENTRE) <= 2]
    for number, hex_index in enumerate(rnd.sample(near, rnd.randint(1, 2)), start=1):
        state.dm_hex[number - 1] = hex_index + 1
        state.dm_hits[number - 1] = rnd.choice((0, 2, 2))
    planet = rnd.choice([h for h in range(state.n_hexes) if state.board.region[h] < 0
                         and 2 <= state.board.distance(h, CENTRE) <= 3
                         and not any(state.dm_hex[i] == h + 1 for i in range(data.MAX_MACHINES))
                         and state.h_col_owner[h] < 0])
    if rnd.random() < 0.5:
        set_colony(state, rnd.randint(0, 1), planet, 1)
    else:
        state.h_marker[planet] = rnd.choice((data.M_PLANET, data.M_BARREN))


def pick(state: State, legal: list[int], rnd: random.Random) -> int:
    """A random legal action, a step into a hex with enemy units or a Doomsday Machine
    half the time."""
    if rnd.random() < 0.5:
        into_enemies = [c for c in legal if c >> 20 == A_MOVE and _enemy_ahead(state, c)]
        if into_enemies:
            return rnd.choice(into_enemies)
    return rnd.choice(legal)


def _enemy_ahead(state: State, code: int) -> bool:
    unit, direction = (code >> 10) & 1023, code & 1023
    target = state.board.neighbour(state.u_hex[unit], direction)
    player = unit // UNITS_PER_PLAYER
    return (any(state.dm_hex[i] == target + 1 for i in range(data.MAX_MACHINES))
            or any(state.u_hex[u] == target for u in state.live_units(1 - player)))


@pytest.mark.parametrize("first", range(0, SKIRMISHES, 20))
def test_random_skirmishes_with_every_advanced_rule_keep_every_invariant(first):
    seen = {"ambush": 0, "mines": 0, "machines' step": 0}
    machines = MachineCounts()
    for seed in range(first, first + 20):
        state = skirmish(seed)
        rnd = random.Random(seed ^ 0xACE)
        checker = random.Random(seed)
        watch = MachineWatch()
        for n in range(ACTIONS):
            if state.phase == PH_GAME_OVER:
                break
            legal = engine.legal_actions(state)
            seen["mines"] += state.phase == PH_MINES
            watch.before(state)
            engine.apply_unchecked(state, pick(state, legal, rnd), None)
            watch.after(state)
            seen["ambush"] += any(state.u_flags[u] & F_AMBUSH for u in range(state.n_units))
            seen["machines' step"] += state.machine_step
            try:
                check_state(state, checker, json_too=n % 8 == 0)
            except AssertionError as exc:
                raise AssertionError(f"skirmish {seed}, action {n + 1}: {exc}") from None
        machines.add(watch.counts)
    assert seen["mines"] > 0 and seen["ambush"] > 0  # the rules under test did come up
    assert seen["machines' step"] > 0  # a machine moved onto units and they fought it
    assert machines.battles > 0 and machines.destroyed > 0 and machines.planets_destroyed > 0
