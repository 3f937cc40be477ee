"""Building rules scenarios for the engine tests.

A scenario is a real game (``Game.new_game`` plus the homeworld placements)
whose state is then edited directly: the board blanked to known empty space,
units, markers, colonies, technology and CP set by hand, and the dice forced
by choosing the generator state that rolls the wanted numbers next.  The
tests then drive the position through the public ``Game.apply`` API.

Hex numbers below refer to the 2-player standard board (``2p-standard``)::

    rows 0-2   player 0's home system (hexes 0-25)
    rows 3-7   Deep Space (hexes 26-59)
    rows 8-10  player 1's home system (hexes 60-85)

``CENTRE`` (row 5, column 4) is a Deep Space hex with six neighbours.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.game import Game
from se4x_core.kernel.dice import rng_d10, rng_next, rng_seed
from se4x_core.phases import PH_MOVEMENT
from se4x_core.rules.codes import F_SCREENED
from se4x_core.rules.movement import start_turn
from se4x_core.rules.state import SCALARS, State
from se4x_core.rules.units import new_unit

# Directions (hexgrid): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
E, NE, NW, W, SW, SE = range(6)

# Default homeworld hexes on the standard 2-player board: the corners.
HOME_0 = 0  # row 0, column 0
HOME_1 = 85  # row 10, column 8
CENTRE = 43  # row 5, column 4: Deep Space, six neighbours


def new_game(players: int = 2, board: str = "standard", seed: int = 0,
             homeworlds: list[int] | None = None, **config) -> Game:
    """A real game just past homeworld placement (markers drawn, forces placed)."""
    game = Game.new_game({"players": players, "board": board, "seed": seed, **config})
    state = game.state
    while game.phase == "place_homeworld":
        player = state.current_player
        home = state.board.home_hexes[player]
        hex_index = homeworlds[player] if homeworlds else home[0]
        game.apply(Action("place_homeworld", hex=hex_index))
    return game


def scenario(players: int = 2, board: str = "standard", homeworlds: list[int] | None = None,
             turn: int = 1, player: int = 0, cp: int = 0, **config) -> Game:
    """A blank position: every hex known empty space, no units, homeworlds only.

    The game is in ``player``'s Movement phase of turn ``turn`` of round 1,
    with turn order 0, 1, ...; every empire has ``cp`` CP.  ``config`` adds
    config fields (``advanced=["fighters"]``, ...).
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
    """Make it ``player``'s Movement phase in ``turn`` (units' moves reset, no battle).

    The battle in progress lives in the state's ``b_*`` scalars, the battle
    list in ``battle_hexes`` and screen marks in ``F_SCREENED``: all are reset
    to a fresh state's values, as if no battle had been fought.
    """
    state.turn = turn
    state.order_pos = state.player_order().index(player)
    state.phase = PH_MOVEMENT
    state.current_player = player
    for i in range(state.n_battle_hexes):
        state.battle_hexes[i] = -1
    state.n_battle_hexes = 0
    fresh = State(state.board_name, state.n_players)
    for name in SCALARS:
        if name.startswith("b_"):
            setattr(state, name, getattr(fresh, name))
    for unit in range(state.n_units):
        state.u_flags[unit] &= ~F_SCREENED
    start_turn(state, player)


def add(state: State, player: int, unit_type: int, hex_index: int, count: int = 1,
        att: int | None = None, dfn: int | None = None, tac: int | None = None,
        mov: int | None = None) -> int:
    """Put a counter with its owner's technology on the board; levels may be overridden.

    ``new_unit`` gives the owner's current levels (``State.add_unit`` sets
    none), as a unit built now would have.
    """
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


def with_tech(game: Game, player: int, **levels: int) -> None:
    """Set technology levels by key, e.g. ``with_tech(game, 0, cloaking=2, movement=3)``."""
    for key, level in levels.items():
        game.state.set_tech_level(player, data.TECH_KEYS.index(key), level)


def set_marker(state: State, hex_index: int, marker: int, value: int = 0,
               face_up: bool = False) -> None:
    state.h_marker[hex_index] = marker
    state.h_value[hex_index] = value
    state.h_face_up[hex_index] = 1 if face_up else 0


def warp_point(state: State, hex_index: int, number: int, face_up: bool = True) -> None:
    """A warp point drawn at ``hex_index`` (its origin recorded, as the setup draws it)."""
    set_marker(state, hex_index, data.M_WARP, number, face_up=face_up)
    state.h_origin[hex_index] = data.M_WARP * 16 + number


def set_colony(state: State, player: int, hex_index: int, cp: int,
               marker: int = data.M_PLANET) -> None:
    """A face-up planet (or barren planet) with a colony worth ``cp``."""
    state.h_marker[hex_index] = marker
    state.h_face_up[hex_index] = 1
    state.h_col_owner[hex_index] = player
    state.h_col_cp[hex_index] = cp
    state.h_col_flags[hex_index] = 0


def neighbour(state: State, hex_index: int, direction: int) -> int:
    return state.board.neighbour(hex_index, direction)


def direction(state: State, origin: int, target: int) -> int:
    d = state.board.direction_to(origin, target)
    assert d >= 0, f"hex {target} is not next to hex {origin}"
    return d


# -- dice --------------------------------------------------------------------------
@cache
def rng_for(rolls: tuple[int, ...]) -> int:
    """A generator state whose next d10 rolls are ``rolls`` (searched along one stream)."""
    x = rng_seed(20240601)
    window: list[int] = []
    states: list[int] = []
    for _ in range(5_000_000):
        states.append(x)
        x = rng_next(x)
        window.append(rng_d10(x))
        if len(window) > len(rolls):
            window.pop(0)
            states.pop(0)
        if tuple(window) == rolls:
            return states[0]
    raise AssertionError(f"no generator state found for {rolls}")


def force_dice(state: State, *rolls: int) -> None:
    """Make the next d10 rolls of the game ``rolls`` (in order)."""
    state.rng = rng_for(tuple(rolls))


def next_rolls(state: State, n: int) -> list[int]:
    """The next ``n`` d10 rolls, without advancing the game's generator."""
    x = state.rng
    out = []
    for _ in range(n):
        x = rng_next(x)
        out.append(rng_d10(x))
    return out


# -- actions -------------------------------------------------------------------------
def act(game: Game, kind: str, **params: int) -> list[dict]:
    """Apply one action given by kind and named parameters."""
    return game.apply(Action(kind, **params))


def legal(game: Game, kind: str | None = None) -> list[Action]:
    return [a for a in game.legal_actions() if kind is None or a.kind == kind]


def is_legal(game: Game, kind: str, **params: int) -> bool:
    return Action(kind, **params) in game.legal_actions()


def move(game: Game, unit: int, target: int) -> list[dict]:
    """Step unit ``unit`` into the adjacent hex ``target``."""
    state = game.state
    return act(game, "move", unit=unit, dir=direction(state, state.u_hex[unit], target))


def can_move(game: Game, unit: int, target: int) -> bool:
    state = game.state
    d = state.board.direction_to(state.u_hex[unit], target)
    return d >= 0 and is_legal(game, "move", unit=unit, dir=d)


def step_targets(game: Game, unit: int) -> set[int]:
    """Hexes unit ``unit`` may step into now."""
    state = game.state
    return {neighbour(state, state.u_hex[unit], a.dir) for a in legal(game, "move")
            if a.unit == unit}


def end_movement(game: Game) -> list[dict]:
    return act(game, "end_movement")


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def to_economic_phase(game: Game) -> list[dict]:
    """End the last player's turn 3 so the Economic Phase begins (no battles pending).

    A game already in the last player's turn 3 Movement phase keeps its moves so far.
    """
    state = game.state
    last = state.player_order()[-1]
    if not (state.phase == PH_MOVEMENT and state.turn == 3 and state.current_player == last):
        set_turn(state, last, 3)
    return end_movement(game)


def pass_bids(game: Game) -> None:
    """Everyone bids 0 (the order stays)."""
    while game.phase == "economic_bid":
        act(game, "bid", amount=0)


def open_purchases_for(game: Game, player: int, cp: int | None = None) -> None:
    """From the bids, reach ``player``'s purchases (everyone bids 0, earlier buyers pass)."""
    pass_bids(game)
    while game.phase == "economic_purchase" and game.current_player != player:
        act(game, "end_purchases")
    assert game.phase == "economic_purchase" and game.current_player == player
    if cp is not None:
        game.state.cp[player] = cp


def finish_purchases(game: Game) -> list[dict]:
    """Every remaining player ends purchases; returns the events of the last."""
    events: list[dict] = []
    while game.phase == "economic_purchase":
        events = act(game, "end_purchases")
    return events


def unit_alive(state: State, unit: int) -> bool:
    return state.u_type[unit] >= 0


def put_machine(state: State, number: int, hex_index: int, hits: int = 0) -> None:
    """Doomsday Machine ``number`` (1-3) stands on ``hex_index`` with ``hits`` taken."""
    state.dm_hex[number - 1] = hex_index + 1
    state.dm_hits[number - 1] = hits


def line(state: State, start: int, direction: int, length: int) -> list[int]:
    """``start`` and the ``length`` hexes after it going ``direction``."""
    out = [start]
    for _ in range(length):
        out.append(neighbour(state, out[-1], direction))
    return out


def advanced_selfplay(config: dict, seed: int) -> Iterator[State]:
    """A seeded game played as the advanced self-play plays it (the advanced actions
    often taken when legal, random steps leaning toward the enemy): the state after
    every action (the same object: clone what you keep)."""
    from se4x_core.ai.random_bot import choose_aggressive
    from se4x_core.devtools.selfplay import _advanced_pick
    from se4x_core.observation import observation
    from se4x_core.phases import PH_GAME_OVER
    from se4x_core.rules import engine

    state = engine.new_state({**config, "seed": seed})
    rnd = random.Random(seed)
    while state.phase != PH_GAME_OVER:
        legal = engine.legal_actions(state)
        code = _advanced_pick(state, legal, rnd)
        if code < 0:
            code = choose_aggressive(observation(state, state.current_player), legal, rnd)
        engine.apply_unchecked(state, code, None)
        yield state
