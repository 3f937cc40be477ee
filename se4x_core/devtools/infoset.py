"""Checking that observations hold no hidden information.

The test is the definition of an information set: change everything a
player may *not* know (face-down markers they did not peek at, the identity,
size and technology of enemy groups not revealed, other empires' CP,
technology, bids and purchases, alien players' banks, the dice to come) and that player's
observation must not change.  What happens in the open stays: moves, cargo,
deliveries, who peeked where (see :mod:`se4x_core.observation`).  A field that does
change leaked.  (Income reports live in the facade
and reach only their owner's observation.)
"""

from __future__ import annotations

import random
from array import array
from typing import cast

from se4x_core import data
from se4x_core.observation import Observation, observation
from se4x_core.phases import PH_BID
from se4x_core.rules.codes import (
    F_EXPLORER,
    F_REVEALED,
    F_TERRAFORM,
    MAX_RECORDS_PER_PLAYER,
    N_TECHS,
    TR_FACE_UP,
    TR_IMMOBILE,
    UNIT_TRAITS,
    UNITS_PER_PLAYER,
)
from se4x_core.rules.state import State
from se4x_core.sim.infostate import search_state

_HIDDEN_TYPES = (data.SC, data.DD, data.CA, data.BC, data.BB, data.DN, data.DECOY)


def perturb_hidden(state: State, viewer: int, rnd: random.Random) -> State:
    """A copy of ``state`` that differs from it only in what ``viewer`` cannot see."""
    other = state.clone()
    other.rng = rnd.getrandbits(64) or 1
    _shuffle_unknown_markers(other, viewer, rnd)
    units = {name: getattr(other, name) for name in _UNIT_FIELDS}  # one view per field
    for unit in range(other.n_units):
        if units["u_type"][unit] >= 0 and unit // UNITS_PER_PLAYER != viewer:
            _perturb_enemy_unit(units, unit, rnd)
    for player in range(other.n_players):
        if player != viewer:
            _perturb_empire(other, player, rnd)
    other.rebuild_derived()
    return other


def _draw(rnd: random.Random, low: int, high: int) -> int:
    """A number from ``low`` to ``high`` inclusive.

    Why not ``randint``: self-play perturbs every step of every game, some two
    hundred draws a step, and ``randint`` costs ten times one ``random()``.  The
    check needs only that hidden facts change, not an exact distribution."""
    return low + int(rnd.random() * (high - low + 1))


def _shuffle_unknown_markers(state: State, viewer: int, rnd: random.Random) -> None:
    """What lies under the viewer's face-down markers moves around (who peeked stays)."""
    face_up, known = state.h_face_up, state.h_known  # one view each: fields are views
    marker, value, origin = state.h_marker, state.h_value, state.h_origin
    hidden = [h for h in range(state.n_hexes) if not face_up[h] and not known[h] >> viewer & 1]
    contents = [(marker[h], value[h], origin[h]) for h in hidden]
    contents.sort(key=lambda _: rnd.random())  # a shuffle, one random() a marker
    for h, (m, v, o) in zip(hidden, contents, strict=True):
        marker[h], value[h], origin[h] = m, v, o


_UNIT_FIELDS = ("u_type", "u_count", "u_number", "u_att", "u_def", "u_tac", "u_mov", "u_flags")


def _perturb_enemy_unit(u: dict[str, memoryview], unit: int, rnd: random.Random) -> None:
    traits = UNIT_TRAITS[u["u_type"][unit]]
    if u["u_flags"][unit] & F_REVEALED or traits & TR_FACE_UP:
        return
    if u["u_type"][unit] == data.SY:
        u["u_count"][unit] = _draw(rnd, 1, data.MAX_GROUP)
        return
    unit_type = _HIDDEN_TYPES[_draw(rnd, 0, len(_HIDDEN_TYPES) - 1)]
    u["u_type"][unit] = unit_type
    u["u_count"][unit] = 1 if unit_type == data.DECOY else _draw(rnd, 1, data.MAX_GROUP)
    u["u_number"][unit] = _draw(rnd, 1, data.UNIT_COUNTERS[unit_type])
    hull = data.UNIT_HULL[unit_type]
    u["u_att"][unit] = _draw(rnd, 0, min(3, hull))
    u["u_def"][unit] = _draw(rnd, 0, min(3, hull))
    u["u_tac"][unit] = _draw(rnd, 0, 3)
    u["u_mov"][unit] = _draw(rnd, 1, 7)
    u["u_flags"][unit] ^= (0, F_TERRAFORM, F_EXPLORER)[_draw(rnd, 0, 2)]


def _perturb_empire(state: State, player: int, rnd: random.Random) -> None:
    state.cp[player] = _draw(rnd, 0, 199)
    # A revealed yard or base shows its owner's current combat levels.
    shown = {data.T_ATTACK, data.T_DEFENSE, data.T_TACTICS} if any(
        UNIT_TRAITS[state.u_type[s]] & TR_IMMOBILE and state.u_flags[s] & F_REVEALED
        for s in state.live_units(player)) else set()
    for tech in range(N_TECHS):
        if tech not in shown:
            level = _draw(rnd, data.TECH_START[tech], data.TECH_MAX[tech])
            state.tech[player * N_TECHS + tech] = level
    state.researched[player] = _draw(rnd, 0, (1 << N_TECHS) - 1)
    base = player * MAX_RECORDS_PER_PLAYER * 4
    records = cast(memoryview, state.records)  # from Python, a field is a memoryview
    block = MAX_RECORDS_PER_PLAYER * 4
    records[base:base + block] = _NO_RECORDS  # past the count: zero
    state.n_records[player] = _draw(rnd, 0, 2)
    for i in range(state.n_records[player] * 4):
        records[base + i] = _draw(rnd, 0, 7)
    if state.phase == PH_BID and state.bids[player] >= 0:
        state.bids[player] = _draw(rnd, 0, 49)
    if state.alien[player]:  # an alien player's banks are its secret
        for bank in range(data.N_BANKS):
            state.alien_bank[player * data.N_BANKS + bank] = _draw(rnd, 0, 199)


_NO_RECORDS = memoryview(array("h", bytes(2 * MAX_RECORDS_PER_PLAYER * 4)))


def leaked_fields(state: State, viewer: int, rnd: random.Random,
                  seen: dict[int, Observation] | None = None) -> list[str]:
    """Top-level observation fields that changed when hidden facts changed, and
    ``"information_set"`` if the search bots' packed information set did.

    ``seen``, if given, keeps the viewer's true observation (self-play hands
    it to the bot that decides next instead of building it twice).
    """
    before = observation(state, viewer)
    if seen is not None:
        seen[viewer] = before
    other = perturb_hidden(state, viewer, rnd)
    after_fields: dict[str, object] = dict(observation(other, viewer))
    leaks = [key for key, value in before.items() if after_fields[key] != value]
    if search_state(other, viewer) != search_state(state, viewer):
        leaks.append("information_set")
    return leaks
