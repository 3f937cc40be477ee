"""Checking that observations hold no hidden information.

The test is the definition of an information set: change everything a
player may *not* know (face-down markers they did not peek at, the identity,
size and technology of enemy groups not revealed, other empires' CP,
technology, bids, purchases and reports, the dice to come) and that player's
observation must not change.  A field that does change leaked.
"""

from __future__ import annotations

import random

from se4x_core import data
from se4x_core.state import F_EXPLORER, F_REVEALED, F_TERRAFORM, S_BID, State
from se4x_core.units import ALWAYS_FACE_UP
from se4x_core.view import observation

_HIDDEN_TYPES = (data.SC, data.DD, data.CA, data.BC, data.BB, data.DN, data.DECOY)


def perturb_hidden(state: State, viewer: int, rnd: random.Random) -> State:
    """A copy of ``state`` that differs from it only in what ``viewer`` cannot see."""
    other = state.clone()
    other.rng = rnd.getrandbits(64) or 1
    _shuffle_unknown_markers(other, viewer, rnd)
    for slot in range(len(other.u_type)):
        if other.u_type[slot] >= 0 and other.owner(slot) != viewer:
            _perturb_enemy_unit(other, slot, rnd)
    for player in range(other.n_players):
        if player != viewer:
            _perturb_empire(other, player, rnd)
    return other


def _shuffle_unknown_markers(state: State, viewer: int, rnd: random.Random) -> None:
    hidden = [h for h in range(state.board.size)
              if not state.h_face_up[h] and not state.h_known[h] >> viewer & 1]
    contents = [(state.h_marker[h], state.h_value[h], state.h_known[h]) for h in hidden]
    rnd.shuffle(contents)
    for h, (marker, value, known) in zip(hidden, contents, strict=True):
        state.h_marker[h], state.h_value[h] = marker, value
        state.h_known[h] = (known & ~(1 << viewer)) | (state.h_known[h] & (1 << viewer))


def _perturb_enemy_unit(state: State, slot: int, rnd: random.Random) -> None:
    state.u_moved[slot] = rnd.randrange(4)
    state.u_cargo_value[slot] = rnd.choice((0, 5, 10)) if state.u_cargo[slot] else 0
    if state.u_flags[slot] & F_REVEALED or state.u_type[slot] in ALWAYS_FACE_UP:
        return
    if state.u_type[slot] == data.SY:
        state.u_count[slot] = rnd.randint(1, data.MAX_GROUP)
        return
    unit_type = rnd.choice(_HIDDEN_TYPES)
    state.u_type[slot] = unit_type
    state.u_count[slot] = 1 if unit_type == data.DECOY else rnd.randint(1, data.MAX_GROUP)
    state.u_number[slot] = rnd.randint(1, data.UNIT_COUNTERS[unit_type])
    hull = data.UNIT_HULL[unit_type]
    state.u_att[slot] = rnd.randint(0, min(3, hull))
    state.u_def[slot] = rnd.randint(0, min(3, hull))
    state.u_tac[slot] = rnd.randint(0, 3)
    state.u_mov[slot] = rnd.randint(1, 7)
    state.u_flags[slot] ^= rnd.choice((0, F_TERRAFORM, F_EXPLORER))


def _perturb_empire(state: State, player: int, rnd: random.Random) -> None:
    state.cp[player] = rnd.randrange(200)
    # A revealed yard or base shows its owner's current combat levels.
    shown = {data.T_ATTACK, data.T_DEFENSE, data.T_TACTICS} if any(
        state.u_type[s] in data.IMMOBILE_TYPES and state.u_flags[s] & F_REVEALED
        for s in state.live_units(player)) else set()
    for tech in range(data.N_TECHS):
        if tech not in shown:
            level = rnd.randint(data.TECH_START[tech], data.TECH_MAX[tech])
            state.set_tech_level(player, tech, level)
    state.econ_report[player] = {"noise": rnd.random()}
    state.researched[player] = [rnd.randrange(data.N_TECHS)]
    state.purchases[player] = [[1, rnd.randrange(data.N_UNIT_TYPES), 0, 0]]
    if state.stage == S_BID and state.bids[player] >= 0:
        state.bids[player] = rnd.randrange(50)
    for h in state.colonies(player):
        state.h_deposit_cp[h] = rnd.choice((0, 5, 10, 15))
        state.h_deposit_wrecks[h] = rnd.randrange(3)


def leaked_fields(state: State, viewer: int, rnd: random.Random) -> list[str]:
    """Top-level observation fields that changed when hidden facts changed."""
    before = observation(state, viewer)
    after = observation(perturb_hidden(state, viewer, rnd), viewer)
    return [key for key in before if before[key] != after[key]]
