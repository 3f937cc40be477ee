"""Macro actions expand into the atomic actions the game logs (se4x_core.sim.macro).

A macro must take only legal steps, end, leave the game exactly as its
logged atomic actions replay it, and do what its name says: walk to the hex,
resolve the battle by the default policy, buy by its plan, bid its bucket.
"""

from __future__ import annotations

import random

import pytest

from se4x_core import data
from se4x_core.devtools.invariants import problems
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from se4x_core.phases import PH_BID, PH_BUY, PH_FIRE, PH_GAME_OVER, PH_SCREEN
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.codes import A_BUY, A_END_BUY, A_END_MOVE, A_MOVE
from se4x_core.rules.state import State
from se4x_core.sim import macro

pytestmark = [pytest.mark.fast, pytest.mark.core]


def play_macros(seed: int, players: int, rounds: int) -> tuple[State, list[int], dict]:
    """A game of random macros; every atomic step goes through the checked apply."""
    config = {"players": players, "seed": seed, "max_rounds": rounds}
    state = engine.new_state(config)
    rnd = random.Random(seed)
    menu = ActionList()
    log: list[int] = []
    while state.phase != PH_GAME_OVER:
        macro.legal_macros(state, menu)
        assert len(menu) > 0
        chosen = menu[rnd.randrange(len(menu))]
        steps = 0
        while True:
            code = macro.next_atomic(state, chosen)
            if code < 0 or (steps and not macro.is_macro(chosen)):
                break
            engine.apply(state, code)  # IllegalActionError if a macro took an illegal step
            log.append(code)
            steps += 1
            assert steps < 500, f"{macro.describe(chosen)} does not end"
        assert steps >= 1, f"{macro.describe(chosen)} took no step"
        assert problems(state) == []
    return state, log, config


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_random_macros_take_legal_steps_and_replay(seed: int, players: int) -> None:
    state, log, config = play_macros(seed, players, 8)
    assert Game.replay(config, log).state == state


def test_apply_macro_logs_what_it_applied() -> None:
    state = engine.new_state({"players": 2, "seed": 5, "max_rounds": 6})
    copy = state.clone()
    rnd = random.Random(5)
    menu, log = ActionList(), ActionList()
    while state.phase != PH_GAME_OVER:
        macro.legal_macros(state, menu)
        macro.apply_macro(state, menu[rnd.randrange(len(menu))], None, log)
    for code in log.tolist():
        engine.apply(copy, code)
    assert copy == state


def open_space_game() -> Game:
    """A 2-player game in player 0's first movement, every hex explored empty space."""
    game = Game.new_game({"players": 2, "seed": 4})
    while game.phase == "place_homeworld":
        game.apply(game.legal_actions()[0])
    state = game.state
    for h in range(state.n_hexes):
        if state.h_marker[h] != data.M_HOMEWORLD:
            state.h_marker[h] = data.M_EMPTY
            state.h_value[h] = 0
        state.h_face_up[h] = 1
    return game


def test_move_to_walks_a_shortest_path_to_the_hex() -> None:
    game = open_space_game()
    state = game.state
    player = state.current_player
    scout = next(s for s in state.live_units(player) if state.u_type[s] == data.SC)
    state.u_mov[scout] = 7  # three hexes a turn
    start = state.u_hex[scout]
    far = [h for h, path in game.reachable(scout).items() if len(path) == 3]
    assert far
    target = far[0]
    steps = 0
    code = macro.macro(macro.KIND_MOVE_TO, scout, target)
    while (step := macro.next_atomic(state, code)) >= 0:
        assert step >> 20 == A_MOVE
        game.apply(step)
        steps += 1
    assert state.u_hex[scout] == target and steps == 3
    assert state.board.distance(start, target) == 3


def test_auto_battle_takes_the_default_action_until_the_battle_ends() -> None:
    for seed in range(40):
        state = engine.new_state({"players": 2, "seed": seed, "max_rounds": 30,
                                  "board": "small"})
        rnd = random.Random(seed)
        menu = ActionList()
        while state.phase != PH_GAME_OVER and state.phase not in (PH_SCREEN, PH_FIRE):
            macro.legal_macros(state, menu)
            choice = [m for m in menu.tolist()  # linger in movement: armies meet sooner
                      if not (m >> 20 == A_END_MOVE and rnd.random() < 0.5)]
            macro.apply_macro(state, rnd.choice(choice or menu.tolist()), None, ActionList())
        if state.phase in (PH_SCREEN, PH_FIRE):
            break
    else:
        pytest.fail("no battle in 40 games")
    battle_hex = state.b_hex
    auto = macro.macro(macro.KIND_AUTO_BATTLE, battle_hex, 0)
    twin = state.clone()
    while (step := macro.next_atomic(state, auto)) >= 0:
        assert step == engine.default_action(twin)
        engine.apply(state, step)
        engine.apply(twin, step)
    assert state.b_hex != battle_hex or state.phase not in (PH_SCREEN, PH_FIRE)


def economy_state(phase: int) -> State:
    """A game stopped at its first ``phase`` (bid or purchase) decision."""
    state = engine.new_state({"players": 2, "seed": 9})
    while state.phase != phase:
        engine.apply(state, engine.default_action(state))
    return state


def test_bid_buckets() -> None:
    assert [macro.bid_amount(b, 40) for b in range(4)] == [0, 1, 10, 20]
    assert [macro.bid_amount(b, 0) for b in range(4)] == [0, 0, 0, 0]
    state = economy_state(PH_BID)
    menu = ActionList()
    macro.legal_macros(state, menu)
    cp = state.cp[state.current_player]
    amounts = [macro.bid_amount(m >> 12 & 4095, cp) for m in menu.tolist()]
    assert len(amounts) == len(set(amounts)) >= 2
    player = state.current_player
    macro.apply_macro(state, menu[len(menu) - 1], None, ActionList())
    assert state.bids[player] == amounts[-1]


def test_purchase_plans() -> None:
    state = economy_state(PH_BUY)
    player = state.current_player
    save = state.clone()
    macro.apply_macro(save, macro.macro(macro.KIND_PLAN, macro.PLAN_IDS["save"], player), None,
                      ActionList())
    assert save.cp[player] == state.cp[player] and save.current_player != player
    ships = state.clone()
    log = ActionList()
    warships = macro.macro(macro.KIND_PLAN, macro.PLAN_IDS["warships"], player)
    macro.apply_macro(ships, warships, None, log)
    bought = [c >> 10 & 1023 for c in log.tolist() if c >> 20 == A_BUY]
    assert bought and all(t in data.WARSHIP_TYPES for t in bought)
    assert log.tolist()[-1] >> 20 == A_END_BUY
    costs = [data.UNIT_COST[t] for t in bought]
    assert costs == sorted(costs, reverse=True)  # the biggest first


def test_an_atomic_code_is_its_own_macro() -> None:
    state = engine.new_state({"players": 2, "seed": 2})
    code = engine.legal_actions(state)[0]
    assert not macro.is_macro(code) and macro.next_atomic(state, code) == code
    with pytest.raises(IllegalActionError):
        engine.apply(state, macro.macro(macro.KIND_MOVE_TO, 0, 0))
