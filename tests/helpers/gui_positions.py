"""Seeded positions for the dialog tests and ``scripts/preview_dialogs.py``.

Each builder returns a real :class:`~se4x_core.game.Game` reached through the
engine's own API, after editing a blank scenario position the way the rules
tests do (``gui_scenario.py``): units placed by hand, dice forced by
choosing the generator state.  Keeping them here lets the tests and the
preview script show exactly the same positions.
"""

from __future__ import annotations

import random

from se4x_core import data
from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.game import Game
from tests.helpers.gui_scenario import (
    CENTRE,
    HOME_0,
    HOME_1,
    E,
    W,
    act,
    add,
    end_movement,
    force_dice,
    neighbour,
    scenario,
    set_colony,
    set_marker,
    to_economic_phase,
)

__all__ = ["CENTRE", "HOME_0", "HOME_1", "E", "W", "act", "add", "neighbour", "set_marker",
           "battle_setup", "big_battle", "fleet_battle", "economic_phase", "finished_game"]


def battle_setup(attackers: list[tuple], defenders: list[tuple], hex_index: int = CENTRE,
                 marker: int = data.M_EMPTY) -> tuple[Game, list[int], list[int]]:
    """Blue (player 0, moving) and Red both in ``hex_index``; Blue's movement not yet ended.

    Units are ``(type, count[, {"att": .., "dfn": .., "tac": ..}])``; ending
    movement (``end_movement``) starts the battle.
    """
    game = scenario(turn=1)
    state = game.state
    set_marker(state, hex_index, marker, face_up=True)
    a = [add(state, 0, u[0], hex_index, u[1], **(u[2] if len(u) > 2 else {}))
         for u in attackers]
    d = [add(state, 1, u[0], hex_index, u[1], **(u[2] if len(u) > 2 else {}))
         for u in defenders]
    return game, a, d


def fleet_battle() -> tuple[Game, list[int], list[int]]:
    """A battle over a Red colony with every class present, movement not yet ended."""
    game, a, d = battle_setup(
        [(data.BB, 1, {"att": 1, "dfn": 1}), (data.BC, 2, {"att": 1}), (data.CA, 3, {"att": 1}),
         (data.DD, 4), (data.SC, 2)],
        [(data.BASE, 1), (data.BB, 1, {"att": 1, "dfn": 1}), (data.CA, 2, {"dfn": 1, "tac": 1}),
         (data.DD, 3), (data.SC, 3), (data.SY, 2)])
    set_colony(game.state, 1, CENTRE, 5)
    return game, a, d


def big_battle() -> Game:
    """A battle of many groups on both sides, every class: more lines of cards than a
    laptop's screen shows (Blue's movement not yet ended)."""
    kinds = (data.BB, data.BC, data.CA, data.DD, data.SC, data.DN, data.CV, data.SW)
    attackers = [(unit_type, 2) for unit_type in kinds] + [(data.DD, 1), (data.CA, 1)]
    defenders = [(unit_type, 1) for unit_type in kinds] + [(data.BASE, 1), (data.SY, 2),
                                                           (data.SC, 1), (data.DD, 3)]
    return battle_setup(attackers, defenders)[0]


def mid_fight(game: Game) -> list[dict]:
    """End Blue's movement and fight on with default choices into round two."""
    events = end_movement(game)
    while game.phase == "combat_screen":
        events += act(game, "done_screening")
    battle = game.observation(0)["battle"]
    while battle is not None and (battle["round"] < 2 or battle["pos"] < 3):
        events += game.apply(game.default_action())
        battle = game.observation(0)["battle"]
    return events


# Blue's colonies in its home system: (hex, CP, yards there).
BLUE_COLONIES = ((3, 5, 2), (14, 3, 1), (20, 3, 0), (9, 1, 0))
BLOCKADED = 9


def economic_phase() -> Game:
    """The bids of an Economic Phase in which Blue's income statement has every line.

    Blue (player 0) has its homeworld with four yards, four colonies (two
    with yards of their own, one blockaded by a Red destroyer), a mineral
    and a space wreck delivered, warships to maintain and 38 CP, so 8 CP
    are discarded at the cap.  Red (player 1) bids first.
    """
    game = scenario()
    state = game.state
    state.set_order([1, 0])  # Blue ends the turn: no battle at the blockaded colony
    add(state, 0, data.SY, HOME_0, 4)
    for hex_index, cp, yards in BLUE_COLONIES:
        set_colony(state, 0, hex_index, cp)
        if yards:
            add(state, 0, data.SY, hex_index, yards)
    add(state, 1, data.DD, BLOCKADED, 1)
    state.h_deposit_cp[3] = 15  # a 10 CP and a 5 CP mineral
    state.h_deposit_wrecks[HOME_0] = 1
    add(state, 0, data.CA, HOME_0, 3)
    add(state, 0, data.DD, 3, 2)
    add(state, 0, data.SC, neighbour(state, HOME_0, E), 1)
    add(state, 1, data.SY, HOME_1, 4)
    add(state, 1, data.CA, HOME_1, 2)
    state.set_tech_level(0, data.T_ATTACK, 1)
    state.set_tech_level(0, data.T_SHIP_SIZE, 3)
    state.cp[0], state.cp[1] = 38, 12
    force_dice(state, 4)  # the space wreck: a roll of 4 gives an Attack level
    to_economic_phase(game)
    return game


def finished_game(seed: int = 3, max_rounds: int = 0) -> Game:
    """A whole heuristic-bot game, played until a homeworld falls (or the round limit)."""
    game = Game.new_game({"players": 2, "seed": seed, "max_rounds": max_rounds})
    rnd = random.Random(seed)
    while not game.is_over:
        game.apply(choose_heuristic(game.observation(game.current_player), game.legal_codes(), rnd))
    return game
