"""Blank positions for the GUI tests, edited by hand the way the rules tests do.

A scenario is a real game (``Game.new_game`` plus the homeworld placements)
whose state is then edited directly: the board blanked to known empty space,
units, markers, colonies, technology and CP set by hand, and the dice forced
by choosing the generator state that rolls the wanted numbers next.  The
tests then drive the position through the app, which plays it through the
public ``Game.apply`` API.

Why the GUI tests keep their own copy: these are the few helpers the dialog
and shell tests need (the rules tests' ``tests/core/scenario.py`` has many
more), written against the engine's state layout (``se4x_core.rules.state``).

Hex numbers below refer to the 2-player standard board (``2p-standard``)::

    rows 0-2   player 0's home system (hexes 0-25)
    rows 3-7   Deep Space (hexes 26-59)
    rows 8-10  player 1's home system (hexes 60-85)

``CENTRE`` (row 5, column 4) is a Deep Space hex with six neighbours.
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_core.phases import PH_MOVEMENT
from se4x_core.rules.movement import start_turn
from se4x_core.rules.state import SCALARS, State
from se4x_core.rules.units import new_unit
from tests.helpers.scenario import (  # the rules tests' helpers, the same ones
    act as act,
)
from tests.helpers.scenario import (
    end_movement as end_movement,
)
from tests.helpers.scenario import (
    force_dice as force_dice,
)
from tests.helpers.scenario import (
    neighbour as neighbour,
)
from tests.helpers.scenario import (
    rng_for as rng_for,
)
from tests.helpers.scenario import (
    set_colony as set_colony,
)
from tests.helpers.scenario import (
    set_marker as set_marker,
)

# Directions (hexgrid): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
E, NE, NW, W, SW, SE = range(6)

# Default homeworld hexes on the standard 2-player board: the corners.
HOME_0 = 0  # row 0, column 0
HOME_1 = 85  # row 10, column 8
CENTRE = 43  # row 5, column 4: Deep Space, six neighbours


def new_game(players: int = 2, board: str = "standard", seed: int = 0,
             homeworlds: list[int] | None = None, **config: object) -> Game:
    """A real game just past homeworld placement (markers drawn, forces placed)."""
    game = Game.new_game({"players": players, "board": board, "seed": seed, **config})
    state = game.state
    while game.phase == "place_homeworld":
        player = game.current_player
        hex_index = homeworlds[player] if homeworlds else state.board.home_hexes[player][0]
        game.apply(Action("place_homeworld", hex=hex_index))
    return game


def scenario(players: int = 2, board: str = "standard", homeworlds: list[int] | None = None,
             turn: int = 1, player: int = 0, cp: int = 0, **config: object) -> Game:
    """A blank position: every hex known empty space, no units, homeworlds only.

    The game is in ``player``'s Movement phase of turn ``turn`` of round 1,
    with turn order 0, 1, ...; every empire has ``cp`` CP.  ``config`` adds
    config fields (``advanced=["pipelines"]``, ...).
    """
    if homeworlds is None and players == 2 and board == "standard":
        homeworlds = [HOME_0, HOME_1]
    game = new_game(players, board, homeworlds=homeworlds, **config)
    state = game.state
    for unit in range(state.n_units):
        if state.u_type[unit] >= 0:
            state.remove_unit(unit)
    for h in range(state.n_hexes):
        if state.h_marker[h] != data.M_HOMEWORLD:
            state.h_marker[h] = data.M_EMPTY
            state.h_value[h] = 0
        state.h_face_up[h] = 1
        state.h_known[h] = 0
    for p in range(players):
        state.cp[p] = cp
    state.set_order(list(range(players)))
    set_turn(state, player, turn)
    return game


def set_turn(state: State, player: int, turn: int = 1) -> None:
    """Make it ``player``'s Movement phase in ``turn`` (units' moves reset, no battle)."""
    state.turn = turn
    state.order_pos = state.player_order().index(player)
    state.phase = PH_MOVEMENT
    state.current_player = player
    for i in range(state.n_battle_hexes):
        state.battle_hexes[i] = -1
    state.n_battle_hexes = 0
    fresh = State(state.board_name, state.n_players)  # no battle in progress
    for name in SCALARS:
        if name.startswith("b_"):
            setattr(state, name, getattr(fresh, name))
    start_turn(state, player)


def add(state: State, player: int, unit_type: int, hex_index: int, count: int = 1,
        att: int | None = None, dfn: int | None = None, tac: int | None = None,
        mov: int | None = None) -> int:
    """Put a counter with its owner's technology on the board; levels may be overridden."""
    unit = new_unit(state, player, unit_type, hex_index, count)
    if att is not None:
        state.u_att[unit] = att
    if dfn is not None:
        state.u_def[unit] = dfn
    if tac is not None:
        state.u_tac[unit] = tac
    if mov is not None:
        state.u_mov[unit] = mov
    return unit


# -- dice --------------------------------------------------------------------------
# -- actions -------------------------------------------------------------------------
def to_economic_phase(game: Game) -> list[dict]:
    """End the last player's turn 3 so the Economic Phase begins (no battles pending)."""
    state = game.state
    last = state.player_order()[-1]
    if not (state.phase == PH_MOVEMENT and state.turn == 3 and state.current_player == last):
        set_turn(state, last, 3)
    return end_movement(game)
