"""The game's flow: setup, the three turns of a round, the Economic Phase.

``legal_actions(state)`` lists integer action codes for the player who must
decide now; ``apply(state, code)`` checks and carries one out, then runs
every step that needs no decision (ending a combat phase, starting the next
player's turn, the automatic parts of the Economic Phase) until somebody must
choose again.  The phase modules do the rules; this module only sequences
them.

Sequence (se4x-rules-summary.txt "Sequence of Play"): homeworld placement,
then rounds of three turns, each turn every player in order moving, fighting
the battles their movement caused; after turn three the Economic Phase.
"""

from __future__ import annotations

from typing import Any

from se4x_core import combat, data, economy, exploration, movement
from se4x_core.actions import (
    A_BID,
    A_CHOOSE_BATTLE,
    A_END_MOVE,
    A_FIRE,
    A_HOLD,
    A_ORDER,
    A_PLACE,
    A_REVEAL,
    A_SHIFT,
    arg_a,
    arg_b,
    encode,
    kind_of,
)
from se4x_core.events import Event, emit
from se4x_core.hexgrid import BOARD_NAMES, default_board_name
from se4x_core.rng import rng_below, rng_next, rng_seed
from se4x_core.state import (
    C_HOMEWORLD,
    S_BID,
    S_BUY,
    S_CHOOSE_BATTLE,
    S_CHOOSE_ORDER,
    S_COLONY_FIRE,
    S_FIRE,
    S_GAME_OVER,
    S_LOST_SHIFT,
    S_MOVEMENT,
    S_PEEK,
    S_PLACE_HOMEWORLD,
    S_SCREEN,
    STAGE_NAMES,
    State,
)


class IllegalActionError(ValueError):
    """An action that is not legal now; the state is left untouched."""


class ConfigError(ValueError):
    """A game configuration that cannot start a game."""


DEFAULT_CONFIG: dict[str, Any] = {
    "players": 2,
    "board": "standard",  # 2 players: small, standard or large
    "seed": 0,
    "max_rounds": 0,  # 0: play until a homeworld falls
    "starting_forces": "standard",  # or "reference" (the reference manual's option)
    "advanced": False,
    "auto_combat": [],  # players whose battle decisions the default policy takes
}


def normalise_config(config: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and check every field, naming the first bad one."""
    merged = dict(DEFAULT_CONFIG)
    for key, value in (config or {}).items():
        if key not in DEFAULT_CONFIG:
            raise ConfigError(f"unknown config field {key!r}")
        merged[key] = value
    players = merged["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ConfigError("players: must be 2, 3 or 4")
    if merged["board"] in BOARD_NAMES:
        merged["board"] = merged["board"].partition("-")[2] if players == 2 else "standard"
    try:
        default_board_name(players, merged["board"] if players == 2 else "standard")
    except ValueError as exc:
        raise ConfigError(f"board: {exc}") from None
    for key in ("seed", "max_rounds"):
        value = merged[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"{key}: must be a whole number >= 0")
    if merged["starting_forces"] not in ("standard", "reference"):
        raise ConfigError("starting_forces: must be 'standard' or 'reference'")
    if merged["advanced"] is not False:
        raise ConfigError("advanced: the advanced rules are not available yet")
    auto = merged["auto_combat"]
    if not isinstance(auto, list) or any(
            not isinstance(p, int) or not 0 <= p < players for p in auto):
        raise ConfigError("auto_combat: must be a list of player numbers")
    merged["auto_combat"] = sorted(set(auto))
    return merged


def new_state(config: dict[str, Any] | None = None) -> State:
    """A game waiting for the first player to place a homeworld."""
    config = normalise_config(config)
    players = config["players"]
    state = State(default_board_name(players, config["board"]), players, config)
    state.rng = rng_seed(config["seed"])
    first = _random_below(state, players)  # a die decides who goes first
    state.order = [(first + i) % players for i in range(players)]
    state.order_pos = 0
    state.stage = S_PLACE_HOMEWORLD
    state.actor = state.order[0]
    return state


def _random_below(state: State, n: int) -> int:
    state.rng = rng_next(state.rng)
    return rng_below(state.rng, n)


def _shuffle(state: State, items: list) -> None:
    """Fisher-Yates with the state's generator, so replays draw the same markers."""
    for i in range(len(items) - 1, 0, -1):
        j = _random_below(state, i + 1)
        items[i], items[j] = items[j], items[i]


# -- legal actions ----------------------------------------------------------------
def legal_actions(state: State) -> list[int]:
    """Codes of every action the current player may take now (empty when over)."""
    out: list[int] = []
    stage = state.stage
    if stage == S_MOVEMENT:
        movement.legal_actions(state, out)
    elif stage == S_FIRE:
        combat.legal_fire(state, out)
    elif stage == S_PLACE_HOMEWORLD:
        out.extend(encode(A_PLACE, h) for h in state.board.home_hexes[state.actor])
    elif stage == S_LOST_SHIFT:
        exploration.legal_shift_actions(state, out)
    elif stage == S_PEEK:
        exploration.legal_peek_actions(out)
    elif stage == S_CHOOSE_BATTLE:
        combat.legal_choose_battle(state, out)
    elif stage == S_SCREEN:
        combat.legal_screen(state, out)
    elif stage == S_COLONY_FIRE:
        combat.legal_colony_fire(out)
    elif stage == S_BID:
        economy.legal_bids(state, out)
    elif stage == S_CHOOSE_ORDER:
        economy.legal_orders(state, out)
    elif stage == S_BUY:
        economy.legal_purchases(state, out)
    return out


def apply(state: State, code: int) -> list[Event]:
    """Check and apply one action; raises IllegalActionError and changes nothing if illegal."""
    if state.stage == S_GAME_OVER:
        raise IllegalActionError("the game is over")
    if code not in legal_actions(state):
        raise IllegalActionError(explain_illegal(state, code))
    events: list[Event] = []
    apply_unchecked(state, code, events)
    return events


def apply_unchecked(state: State, code: int, events: list[Event]) -> None:
    """Apply an action known to be legal, then every automatic step after it."""
    _dispatch(state, code, events)
    _advance(state, events)


def _dispatch(state: State, code: int, events: list[Event]) -> None:
    """Hand one action to the module whose rules it belongs to."""
    kind, a, b = kind_of(code), arg_a(code), arg_b(code)
    stage = state.stage
    if stage == S_MOVEMENT:
        if kind == A_END_MOVE:
            emit(events, "movement_ended", None, player=state.actor)
            combat.begin_combat_phase(state, events)
        else:
            movement.apply(state, kind, a, b, events)
    elif stage == S_FIRE:
        combat.apply_fire(state, kind, a, events)
    elif stage == S_PLACE_HOMEWORLD:
        _place_homeworld(state, a, events)
    elif stage == S_LOST_SHIFT:
        exploration.apply_shift(state, a, events)
    elif stage == S_PEEK:
        exploration.apply_peek_decision(state, kind, events)
    elif stage == S_CHOOSE_BATTLE:
        combat.start_battle(state, a, events)
    elif stage == S_SCREEN:
        combat.apply_screen(state, kind, a, events)
    elif stage == S_COLONY_FIRE:
        combat.apply_colony_fire(state, kind, events)
    elif stage == S_BID:
        economy.apply_bid(state, a, events)
    elif stage == S_CHOOSE_ORDER:
        economy.apply_order(state, a, events)
    elif stage == S_BUY:
        economy.apply_purchase(state, kind, a, b, events)


def explain_illegal(state: State, code: int) -> str:
    """A sentence saying why an action code is refused now."""
    from se4x_core.actions import KIND_BY_ID, Action, ActionFormatError

    stage = STAGE_NAMES[state.stage] if state.stage < len(STAGE_NAMES) else str(state.stage)
    try:
        action = Action.from_code(code)
    except ActionFormatError as exc:
        return str(exc)
    kind = KIND_BY_ID[kind_of(code)]
    if kind == "buy" and state.stage == S_BUY:
        problem = economy.purchase_problem(state, state.actor, action.unit_type, action.hex)
        if problem:
            return f"cannot buy {data.UNIT_CODES[action.unit_type]}: {problem}"
    if kind == "refit" and state.stage == S_BUY and state.u_type[action.unit] >= 0:
        problem = economy.refit_problem(state, action.unit)
        if problem:
            return f"cannot refit: {problem}"
    return f"{action} is not legal now (player {state.actor} to act, stage {stage})"


# -- automatic steps --------------------------------------------------------------
def _advance(state: State, events: list[Event]) -> None:
    while True:
        if state.stage == S_GAME_OVER:
            return
        living = [p for p in range(state.n_players) if state.alive[p]]
        if len(living) <= 1 and state.stage != S_PLACE_HOMEWORLD:
            _game_over(state, living[0] if living else -1, events)
            return
        if state.stage == combat.S_COMBAT_OVER:
            _end_player_turn(state, events)
        elif state.stage == economy.S_ECONOMY_OVER:
            _new_round(state, events)
        elif state.stage == S_LOST_SHIFT and not exploration.shift_directions(state):
            exploration.no_shift_possible(state, events)
        elif state.stage in (S_FIRE, S_SCREEN, S_COLONY_FIRE, S_CHOOSE_BATTLE) and \
                state.actor in state.config["auto_combat"]:
            _dispatch(state, default_action(state), events)
        else:
            return


def _game_over(state: State, winner: int, events: list[Event]) -> None:
    state.stage = S_GAME_OVER
    state.winner = winner
    state.battle = None
    emit(events, "game_over", None, winner=winner, round=state.round)


def _place_homeworld(state: State, hex_index: int, events: list[Event]) -> None:
    player = state.actor
    state.homeworld[player] = hex_index
    emit(events, "homeworld_placed", None, player=player, hex=hex_index)
    state.order_pos += 1
    if state.order_pos < state.n_players:
        state.actor = state.order[state.order_pos]
        return
    _populate_board(state)
    for p in range(state.n_players):
        _starting_forces(state, p)
    state.round = 1
    state.turn = 1
    state.order_pos = 0
    emit(events, "game_started", None, order=list(state.order))
    _start_movement(state, state.order[0], events)


def _populate_board(state: State) -> None:
    """Draw the home-system and Deep Space markers face down (CHARTS.md mixes)."""
    board = state.board
    for player, hexes in enumerate(board.home_hexes):
        markers = data.expand_mix(data.HOME_SYSTEM_MIX)
        _shuffle(state, markers)
        others = [h for h in hexes if h != state.homeworld[player]]
        for hex_index, (marker, value) in zip(others, markers, strict=True):
            state.h_marker[hex_index], state.h_value[hex_index] = marker, value
        home = state.homeworld[player]
        state.h_marker[home] = data.M_HOMEWORLD
        state.h_face_up[home] = 1
        state.h_col_owner[home] = player
        state.h_col_cp[home] = data.HOMEWORLD_CP
        state.h_col_flags[home] = C_HOMEWORLD
    pool = data.expand_mix(data.DEEP_SPACE_MIX)
    _shuffle(state, pool)
    for hex_index, (marker, value) in zip(board.deep_space_hexes, pool, strict=False):
        state.h_marker[hex_index], state.h_value[hex_index] = marker, value


def _starting_forces(state: State, player: int) -> None:
    forces = (data.STARTING_FORCES if state.config["starting_forces"] == "standard"
              else data.STARTING_FORCES_REFERENCE)
    for unit_type, count in forces:
        state.add_unit(player, unit_type, state.homeworld[player], count)


def _start_movement(state: State, player: int, events: list[Event]) -> None:
    state.stage = S_MOVEMENT
    state.actor = player
    movement.start_turn(state, player)
    emit(events, "turn_started", None, player=player, round=state.round, turn=state.turn)


def _end_player_turn(state: State, events: list[Event]) -> None:
    movement.flip_face_down_at_colonies(state, state.mover)
    state.order_pos += 1
    while state.order_pos < len(state.order) and not state.alive[state.order[state.order_pos]]:
        state.order_pos += 1
    if state.order_pos < len(state.order):
        _start_movement(state, state.order[state.order_pos], events)
        return
    if state.turn < 3:
        state.turn += 1
        state.order_pos = 0
        while not state.alive[state.order[state.order_pos]]:
            state.order_pos += 1
        _start_movement(state, state.order[state.order_pos], events)
        return
    emit(events, "economic_phase", None, round=state.round)
    economy.begin(state, events)


def _new_round(state: State, events: list[Event]) -> None:
    cap = state.config["max_rounds"]
    if cap and state.round >= cap:
        emit(events, "round_limit", None, round=state.round)
        _game_over(state, -1, events)
        return
    state.round += 1
    state.turn = 1
    state.order_pos = 0
    _start_movement(state, state.order[0], events)


# -- the default policy -----------------------------------------------------------
def default_action(state: State) -> int:
    """What a player who lets battles auto-resolve does now.

    Combat: no screening, fire at the default target, no retreat, fire every
    ship at an enemy colony.  Elsewhere: Lost in Space shifts in the first
    legal direction, a peeked marker is revealed, the first battle is chosen,
    bids are 0, the first order listed is chosen.
    """
    stage = state.stage
    if stage == S_FIRE:
        slot = combat.firing_unit(state)
        if slot in state.battle.screened:
            return encode(A_HOLD)
        return encode(A_FIRE, combat.default_target(state, slot))
    if stage == S_SCREEN:
        from se4x_core.actions import A_DONE_SCREEN
        return encode(A_DONE_SCREEN)
    if stage == S_COLONY_FIRE:
        from se4x_core.actions import A_FIRE_COLONY
        return encode(A_FIRE_COLONY)
    if stage == S_CHOOSE_BATTLE:
        return encode(A_CHOOSE_BATTLE, state.battle_hexes[0])
    if stage == S_LOST_SHIFT:
        return encode(A_SHIFT, exploration.shift_directions(state)[0])
    if stage == S_PEEK:
        return encode(A_REVEAL)
    if stage == S_BID:
        return encode(A_BID, 0)
    if stage == S_CHOOSE_ORDER:
        return encode(A_ORDER, 0)
    legal = legal_actions(state)
    if not legal:
        raise IllegalActionError("the game is over")
    return legal[len(legal) - 1]  # movement: end movement; purchases: end purchases
