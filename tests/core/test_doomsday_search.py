"""Doomsday Machines under search and self-play: what the search's tools must keep.

Machines are public (the observation's ``machines`` and ``machine_step``), so a
determinization keeps them as they are, the information-set key covers them, the
compact packing carries them, and no sample may draw a machine's marker again once
the machine is on the board or destroyed (its number would be revealed twice, and
the machine would jump to the new hex).  A machine decides nothing: in a battle
against one, and in the machines' step after a turn, the player fighting it is the
current player, the macros expand into that player's actions, an auto-resolved
battle against a machine ends with that battle, and compiled playouts run through
it all exactly as the interpreted ones do.  Self-play counts what the machines did
(:class:`se4x_core.devtools.selfplay.MachineWatch`).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from se4x_core import _puremode, data
from se4x_core.actions import Action
from se4x_core.devtools.invariants import problems
from se4x_core.devtools.selfplay import MachineWatch
from se4x_core.game import Game, state_to_json
from se4x_core.observation import observation
from se4x_core.phases import PH_FIRE, PH_GAME_OVER, PH_MOVEMENT
from se4x_core.rules import engine
from se4x_core.rules.advanced.doomsday import machines
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim import macro
from se4x_core.sim.determinize import determinize, infoset_key
from se4x_core.sim.infostate import pack, search_state, unpack
from se4x_core.sim.playout import POLICY_NAMES, playout
from tests.helpers.scenario import (
    CENTRE,
    add,
    advanced_selfplay,
    end_movement,
    force_dice,
    line,
    neighbour,
    new_game,
    put_machine,
    scenario,
    set_colony,
    set_marker,
    set_turn,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

HEURISTIC, UNIFORM = POLICY_NAMES["heuristic"], POLICY_NAMES["uniform"]

E, NE, NW, W, SW, SE = range(6)
SCALE = 1 if _puremode.pure_python_requested() else 4  # fewer samples interpreted


def machine_game(player: int = 0) -> Game:
    return scenario(player=player, advanced=["doomsday"])


def positions_with_machines(count: int, every: int = 6) -> Iterator[State]:
    """States of seeded 2-player games with the rule set, played as self-play plays
    them (steps toward machines now and then), once a machine is on the board: hidden
    markers, face-down enemy groups and machines all at once."""
    found = 0
    for seed in range(60):
        config = {"players": 2, "max_rounds": 8, "advanced": ["doomsday"]}
        for step, state in enumerate(advanced_selfplay(config, seed), start=1):
            if machines(state) and step % every == 0:
                yield state.clone()
                found += 1
                if found == count:
                    return
    raise AssertionError(f"only {found} positions with a machine in 60 games")


def machine_markers(state: State, player: int) -> set[int]:
    """The machine numbers ``state`` holds face down where ``player`` has not looked."""
    return {state.h_value[h] for h in range(state.n_hexes)
            if state.h_marker[h] == data.M_DOOMSDAY and not state.h_face_up[h]
            and not state.h_known[h] >> player & 1}


# -- self-play's counts ---------------------------------------------------------------------
def test_self_play_counts_what_the_machines_do() -> None:
    """A marker revealed, a battle, its hit and the machine's end; a planet it reaches.
    Each count comes from the state alone (self-play applies actions without events)."""
    game = machine_game()
    state = game.state
    watch = MachineWatch()

    def apply(code: int) -> None:
        watch.before(state)
        game.apply(code)
        watch.after(state)

    set_marker(state, CENTRE, data.M_DOOMSDAY, 2)
    ship = add(state, 0, data.DN, neighbour(state, CENTRE, W))
    apply(next(a.code for a in game.legal_actions()
               if a.kind == "move" and a.unit == ship and a.dir == E))
    assert (watch.counts.appeared, watch.counts.battles) == (1, 0)
    state.dm_hits[1] = 2
    force_dice(state, 1)  # the dreadnought (class A) fires first and hits
    apply(next(a.code for a in game.legal_actions() if a.kind == "end_movement"))
    assert watch.counts.battles == 1 and state.phase == PH_FIRE
    apply(game.default_action().code)
    assert machines(state) == []
    assert (watch.counts.hits, watch.counts.destroyed) == (1, 1)

    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    target = line(state, CENTRE, E, 2)[-1]
    set_colony(state, 1, target, 3)
    set_turn(state, 1, 1)
    watch = MachineWatch()
    apply(next(a.code for a in game.legal_actions() if a.kind == "end_movement"))
    assert machines(state) == [(1, target, 0)]
    assert watch.counts.planets_destroyed == 1 and watch.counts.battles == 0


# -- determinization, keys and packing --------------------------------------------------------
def test_samples_keep_the_machines_and_look_the_same() -> None:
    """Machines are public: every sample keeps each machine's hex and hits and the
    machines' step, the player's observation (``machines`` included) and the
    information-set key are the sample's too, and every invariant holds."""
    checked = 0
    for state in positions_with_machines(6 * SCALE):
        for player in range(state.n_players):
            sample = determinize(state, player, 1000 + checked)
            assert machines(sample) == machines(state)
            assert sample.machine_step == state.machine_step
            assert observation(sample, player) == observation(state, player)
            assert infoset_key(sample, player) == infoset_key(state, player)
            assert problems(sample) == []
            checked += 1
    assert checked == 12 * SCALE


def test_a_machine_on_the_board_or_destroyed_is_never_drawn_again() -> None:
    """The Deep Space pool holds one marker of each machine: once machine n is revealed
    (its marker's hex is face up, ``h_origin`` remembers what lay there) no sample puts
    marker n under a hex the player has not seen, whether the machine still stands or
    was destroyed since; markers of machines not yet revealed still are drawn."""
    drawn: dict[int, int] = {1: 0, 2: 0, 3: 0}
    states = list(positions_with_machines(2 * SCALE, every=40))
    for index, state in enumerate(states):
        revealed = {number for number, _hex, _hits in machines(state)}
        if index % 2:  # the machine destroyed since: its hex record cleared, as hit_machine does
            state.dm_hex[min(revealed) - 1] = 0
        for seed in range(60):
            player = seed % 2
            sample = determinize(state, player, seed)
            markers = machine_markers(sample, player)
            assert not markers & revealed, (index, seed, markers, revealed)
            for number in markers:
                drawn[number] += 1
    assert sum(drawn.values()) > 10  # unrevealed machines' markers are in the pool


def test_a_machine_set_on_the_board_by_hand_is_not_drawn_again() -> None:
    """A position set up by hand (as the tests do) may show machine 2 where no marker of
    it was ever revealed: samples still never draw marker 2 for an unseen hex (it would
    reveal machine 2 a second time), while markers 1 and 3 are drawn."""
    game = new_game(advanced=["doomsday"], seed=5)
    state = game.state
    deep = [h for h in range(state.n_hexes)
            if state.board.region[h] < 0 and not state.h_face_up[h]]
    spot = deep[len(deep) // 2]
    state.h_marker[spot], state.h_value[spot] = data.M_EMPTY, 0
    state.h_origin[spot] = data.M_EMPTY * 16  # nothing revealed a machine here
    state.h_face_up[spot] = 1
    put_machine(state, 2, spot)
    assert problems(state) == []
    drawn: dict[int, int] = {1: 0, 2: 0, 3: 0}
    for seed in range(150 * SCALE):
        for number in machine_markers(determinize(state, seed % 2, seed), seed % 2):
            drawn[number] += 1
    assert drawn[2] == 0 and drawn[1] > 0 and drawn[3] > 0, drawn


def test_the_information_set_key_covers_the_machines() -> None:
    """Two positions that differ only in a machine's hex, its hits or the machines' step
    look different to every player: their keys differ (search must not merge them)."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE, hits=1)
    add(state, 0, data.DD, neighbour(state, CENTRE, W))
    for player in (0, 1):
        base = infoset_key(state, player)
        for change in ("hex", "hits", "step", "machine 3"):
            other = state.clone()
            if change == "hex":
                other.dm_hex[0] = neighbour(state, CENTRE, E) + 1
            elif change == "hits":
                other.dm_hits[0] = 2
            elif change == "step":
                other.machine_step = 1
            else:
                put_machine(other, 3, neighbour(state, CENTRE, SE))
            assert observation(other, player) != observation(state, player)
            assert infoset_key(other, player) != base, change


def machines_step_battle() -> Game:
    """Player 1 ends the turn; machine 1 moves two hexes onto player 0's dreadnought and
    they fight in the machines' step (player 0 to fire)."""
    game = machine_game(player=1)
    state = game.state
    path = line(state, CENTRE - 1, E, 2)
    put_machine(state, 1, path[0], hits=1)
    add(state, 0, data.DN, path[2], count=2)
    far = next(h for h in range(state.n_hexes) if state.board.region[h] < 0
               and state.board.distance(h, path[0]) >= 4)
    add(state, 1, data.CA, far)  # a face-down group the other player may not see into
    end_movement(game)
    assert state.machine_step and state.b_defender == data.MACHINE_SIDE
    return game


def test_the_packed_state_and_the_search_state_carry_the_machines_step() -> None:
    """Mid-battle in the machines' step: the compact packing gives back an equal state
    (the machines, their hits, the step, the battle), and each player's search state
    (the information set the bots get) shows the machines as they are."""
    game = machines_step_battle()
    state = game.state
    again = unpack(pack(state))
    assert again == state and machines(again) == machines(state)
    assert again.machine_step == 1 and again.b_defender == data.MACHINE_SIDE
    for viewer in (0, 1):
        info = unpack(search_state(state, viewer))
        assert machines(info) == machines(state) and info.machine_step == 1
        assert (info.b_hex, info.b_attacker, info.b_defender) == (
            state.b_hex, state.b_attacker, state.b_defender)
        assert info.current_player == 0


# -- macros and playouts ---------------------------------------------------------------------
def apply_macro_steps(state: State, code: int) -> list[int]:
    """Expand a macro to its end through the checked apply; the atomic codes."""
    out = []
    while (step := macro.next_atomic(state, code)) >= 0:
        engine.apply(state, step)
        out.append(step)
        assert len(out) < 500
    return out


def test_an_auto_battle_against_a_machine_ends_with_that_battle() -> None:
    """The mover fights the machine first, then the enemy empire in the same hex: the
    auto-resolve macro of the machine's battle stops when it ends, and the empire's
    battle is a decision (and a macro) of its own."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE, hits=2)
    add(state, 0, data.DN, CENTRE, count=3)
    enemy = add(state, 1, data.DD, CENTRE)
    force_dice(state, 1)  # the first dreadnought destroys the machine
    end_movement(game)
    menu = ActionList()
    macro.legal_macros(state, menu)
    auto = menu[0]
    assert macro.decode(auto) == (macro.KIND_AUTO_BATTLE, CENTRE, 1)
    assert macro.describe(auto) == f"auto_battle(hex={CENTRE}, machine, player=0)"
    assert apply_macro_steps(state, auto) == [Action("fire", target=data.MACHINE_UNIT).code]
    assert machines(state) == [] and state.b_hex == CENTRE and state.b_defender == 1
    assert state.u_type[enemy] == data.DD  # not fought by the machine's macro
    macro.legal_macros(state, menu)
    assert macro.decode(menu[0]) == (macro.KIND_AUTO_BATTLE, CENTRE, 0)
    apply_macro_steps(state, menu[0])
    assert state.b_hex < 0 and problems(state) == []


def test_the_machines_step_hands_each_battle_to_the_player_fighting_it() -> None:
    """Two machines reach two empires' fleets: the battles come in hex order, each
    decided by the player fighting it (the current player, whose macros are offered),
    and once both are over the next turn begins for the first player."""
    game = machine_game(player=1)
    state = game.state
    first, second = line(state, CENTRE - 2, E, 4)[0], line(state, CENTRE - 2, E, 4)[4]
    put_machine(state, 1, neighbour(state, first, SW))
    put_machine(state, 2, neighbour(state, second, SE))
    fleets = {0: add(state, 0, data.DN, first), 1: add(state, 1, data.DN, second)}
    end_movement(game)
    assert state.machine_step
    menu = ActionList()
    fought = []
    while state.machine_step:
        player = state.current_player
        assert state.b_attacker == player and state.b_defender == data.MACHINE_SIDE
        assert state.b_hex == state.u_hex[fleets[player]]
        macro.legal_macros(state, menu)
        auto = menu[0]
        assert macro.decode(auto) == (macro.KIND_AUTO_BATTLE, state.b_hex, 1 + player)
        assert data.MACHINE_UNIT + state.dm_hex.tolist().index(state.b_hex + 1) in {
            code >> 10 & 1023 for code in menu.tolist()[1:]}  # fire at it, one of them
        apply_macro_steps(state, auto)
        fought.append(player)
    assert fought == [0, 1]
    assert (state.phase, state.current_player, state.turn) == (PH_MOVEMENT, 0, 2)
    assert problems(state) == []


def before_the_machines_step() -> tuple[State, int]:
    """The last player's movement in turn 3 of a real game's first round (markers
    hidden, starting forces at home): machine 1 next to player 0's cruisers, machine 3
    next to player 1's colony; the machines' step and the Economic Phase to come.
    Returns the state and the cruisers' unit."""
    game = new_game(advanced=["doomsday"], seed=11)
    state = game.state
    set_turn(state, state.player_order()[-1], 3)
    deep = [h for h in range(state.n_hexes) if state.board.region[h] < 0]
    planet = next(h for h in deep if state.board.distance(h, CENTRE) == 4)
    lair = next(h for h in deep if state.board.distance(h, planet) == 1
                and state.board.distance(h, CENTRE) > 3)
    for h in (CENTRE, neighbour(state, CENTRE, E), lair):
        state.h_marker[h], state.h_value[h], state.h_face_up[h] = data.M_EMPTY, 0, 1
    put_machine(state, 1, CENTRE, hits=1)
    cruisers = add(state, 0, data.CA, neighbour(state, CENTRE, E), count=3)
    set_colony(state, 1, planet, 3)
    put_machine(state, 3, lair)
    assert problems(state) == []
    return state, cruisers


@pytest.mark.parametrize("policy", [HEURISTIC, UNIFORM])
def test_playouts_go_through_the_machines_step(policy: int) -> None:
    """A playout ending the turn runs the machines' step (the battle decided by the
    policy for the player fighting) into the Economic Phase and the next round; the
    position stays consistent, machine 1 reached the cruisers and machine 3 the
    colony."""
    start, cruisers = before_the_machines_step()
    planet = next(h for h in range(start.n_hexes) if start.h_col_owner[h] == 1
                  and start.board.region[h] < 0)
    fought = 0
    for seed in range(12):
        state = start.clone()
        playout(state, seed, 4000, policy, start.round + 1)
        assert problems(state) == []
        assert state.round > start.round or state.phase == PH_GAME_OVER
        assert state.h_marker[planet] == data.M_EMPTY  # destroyed in the first step
        fought += state.u_type[cruisers] != data.CA or state.dm_hits[0] != 1
    assert fought > 6


_OTHER_MODE = """
import hashlib, json, sys
from se4x_core.ai.ismcts import Search
from se4x_core.game import state_to_json
from se4x_core.sim.infostate import unpack
from se4x_core.sim.playout import playout
packed, player = sys.stdin.read().split()
state = unpack(packed)
search = Search(state.clone(), int(player), 7)
search.run(iterations=30)
playout(state, 3, 4000, 1, state.round + 1)
text = json.dumps(state_to_json(state), sort_keys=True)
print(hashlib.sha256(text.encode()).hexdigest(), repr(search.tree.root_statistics()))
"""


def test_compiled_and_interpreted_search_the_machines_step_alike() -> None:
    """From a battle in the machines' step: a search (its whole root statistics, floats
    included) and a playout through the rest of the round give the same results
    compiled and interpreted (the child process runs the other mode)."""
    from se4x_core.ai.ismcts import Search

    game = machines_step_battle()
    player = game.state.current_player
    packed = pack(game.state)
    search = Search(unpack(packed), player, 7)
    search.run(iterations=30)
    state = unpack(packed)
    playout(state, 3, 4000, HEURISTIC, state.round + 1)
    text = json.dumps(state_to_json(state), sort_keys=True)
    here = f"{hashlib.sha256(text.encode()).hexdigest()} {search.tree.root_statistics()!r}"
    env = dict(os.environ)
    if env.pop("SE4X_PURE_PYTHON", None) is None:
        env["SE4X_PURE_PYTHON"] = "1"
    there = subprocess.run([sys.executable, "-c", _OTHER_MODE], input=f"{packed} {player}",
                           env=env, check=True, capture_output=True, text=True).stdout
    assert here == there.strip()
    assert any(macro.decode(m) == (macro.KIND_AUTO_BATTLE, game.state.b_hex, 1 + player)
               for m, _visits, _mean in search.tree.root_statistics())
