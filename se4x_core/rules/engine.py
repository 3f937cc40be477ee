"""The game's flow: setup, the three turns of a round, the Economic Phase.

Every phase of :mod:`se4x_core.phases` registers three functions here, once:
its legal actions (written into an :class:`ActionList`), how an action is
applied, and what the default policy (auto-resolve) does.  The engine
dispatches through that table (C function pointers when compiled), then runs
every step that needs no decision (ending a Combat phase, the next player's
turn, auto-resolved battles, a new round) until somebody must choose again.
The phase modules do the rules; this module only sequences them.

Sequence (se4x-rules-summary.txt "Sequence of Play"): homeworld placement,
then rounds of three turns, each turn every player in order moving, fighting
the battles their movement caused; after turn three the Economic Phase.

``ev`` is an :class:`se4x_core.events.EventLog` when somebody wants the
events, and None in search and playouts.

Team play (config ``teams``, off by default; the rules texts only name it):
two teams, 2 against 1 with 3 players or 2 against 2 with 4, stored per
player in the state's ``team`` field (1 or 2; 0 without teams).  Allies are
not hostile (:func:`se4x_core.rules.units.hostile`, the one notion of
"allied" shared with the alien scenario).  Interpretation: the game ends
when every player of one team is out (its homeworlds fell); the other team
wins together, eliminated members too.  ``winner`` stays one player, the
lowest-numbered living member of the winning team, so the basic game's
saves do not change; ``Game.winners`` names the whole team.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

import cython

from se4x_core import data, phases
from se4x_core.actions import KIND_BY_ID, Action, ActionFormatError
from se4x_core.errors import ConfigError, IllegalActionError
from se4x_core.hexgrid import BOARD_NAMES, default_board_name
from se4x_core.rules.economy import purchase_problem, refit_problem

if TYPE_CHECKING:
    from se4x_core.events import EventLog

from se4x_core.kernel import dice
from se4x_core.rules import combat, economy, exploration, movement, units
from se4x_core.rules.advanced import doomsday, mines
from se4x_core.rules.alist import ActionList, encode
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if not cython.compiled:

    # The phase table: compiled, arrays of C function pointers (engine.pxd).
    legal_fn: TypeAlias = Callable[[State, ActionList], None]
    apply_fn: TypeAlias = Callable[[State, int, "EventLog | None"], int]
    default_fn: TypeAlias = Callable[[State], int]
    LEGAL: dict[int, legal_fn] = {}
    APPLY: dict[int, apply_fn] = {}
    DEFAULT: dict[int, default_fn] = {}


# -- configuration -----------------------------------------------------------------------
DEFAULT_CONFIG: dict[str, Any] = {
    "players": 2,
    "board": "standard",  # 2 players: small, standard or large
    "seed": 0,
    "max_rounds": 0,  # 0: play until a homeworld falls
    "starting_forces": "standard",  # or "reference" (the reference manual's option)
    # Advanced rule sets by name (data.ADVANCED_RULES), e.g. ["fighters"]; [] or
    # False: the basic game.
    "advanced": [],
    "auto_combat": [],  # players whose battle decisions the default policy takes
    # The official solitaire opponent: None, or {"players": 2|3, "difficulty":
    # "easy"|"normal"|"hard"}; player 0 is the human, 1.. the alien players.
    "aliens": None,
    # Team play: None, or two teams of player numbers, [[0, 1], [2]] (3 players,
    # 2 against 1) or [[0, 2], [1, 3]] (4 players, 2 against 2).  Allies never
    # fight each other and win together (see docs/rules-interpretations.md#team-play).
    "teams": None,
}


def normalise_config(config: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and check every field, naming the first bad one."""
    if config is not None and not isinstance(config, dict):
        raise ConfigError("the config must be an object")
    merged = dict(DEFAULT_CONFIG)
    for key, value in (config or {}).items():
        if key not in DEFAULT_CONFIG:
            raise ConfigError(f"unknown config field {key!r}")
        merged[key] = value
    if merged["aliens"] is not None:
        merged["aliens"] = _normalise_aliens(merged["aliens"])
        wanted = 1 + merged["aliens"]["players"]
        if config is not None and "players" in config and config["players"] != wanted:
            raise ConfigError(f"players: a game against {wanted - 1} alien players seats "
                              f"{wanted} players (one human), not {config['players']!r}")
        merged["players"] = wanted
    players = merged["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ConfigError("players: must be 2, 3 or 4")
    if merged["board"] in BOARD_NAMES:
        merged["board"] = merged["board"].partition("-")[2] if players == 2 else "standard"
    try:
        default_board_name(players, merged["board"] if players == 2 else "standard")
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"board: {exc}") from None
    for key in ("seed", "max_rounds"):
        value = merged[key]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"{key}: must be a whole number >= 0")
    if merged["max_rounds"] > 10000:
        raise ConfigError("max_rounds: at most 10000")
    if merged["starting_forces"] not in ("standard", "reference"):
        raise ConfigError("starting_forces: must be 'standard' or 'reference'")
    merged["advanced"] = _normalise_advanced(merged["advanced"])
    auto = merged["auto_combat"]
    if not isinstance(auto, list) or any(
            not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < players
            for p in auto):
        raise ConfigError("auto_combat: must be a list of player numbers")
    merged["auto_combat"] = sorted(set(auto))
    if merged["teams"] is not None:
        if merged["aliens"] is not None:
            raise ConfigError("teams: team play and the solitaire scenario's aliens "
                              "cannot be combined")
        merged["teams"] = _normalise_teams(merged["teams"], players)
    return merged


def _normalise_advanced(value: Any) -> list[str]:
    """The ``advanced`` field checked: a list of rule-set names, sorted, no repeats
    (``False``, the first saves' way of saying none, is the empty list)."""
    if value is False or value is None:
        return []
    known = ", ".join(data.ADVANCED_RULES)
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ConfigError(f"advanced: must be a list of rule sets (available: {known})")
    for name in value:
        if name not in data.ADVANCED_RULES:
            raise ConfigError(f"advanced: {name!r} is not an available rule set "
                              f"(available: {known})")
    return sorted(set(value))


def options_of(config: dict[str, Any]) -> int:
    """The state's option bits of a normalised config's advanced rule sets."""
    return sum(data.ADVANCED_RULES[name] for name in config["advanced"])


def _normalise_teams(value: Any, players: int) -> list[list[int]]:
    """The ``teams`` field checked: two teams, every player in exactly one,
    2 against 1 with 3 players and 2 against 2 with 4; each team sorted and
    the teams ordered by their lowest player."""
    if players not in (3, 4):
        raise ConfigError(f"teams: team play needs 3 or 4 players, not {players}")
    if not isinstance(value, list) or len(value) != 2 or \
            any(not isinstance(team, list) for team in value):
        raise ConfigError("teams: must be two lists of player numbers, such as "
                          "[[0, 1], [2]] or [[0, 2], [1, 3]]")
    seen: set[int] = set()
    for team in value:
        for p in team:
            if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < players:
                raise ConfigError(f"teams: {p!r} is not a player number (0-{players - 1})")
            if p in seen:
                raise ConfigError(f"teams: player {p} is in more than one team")
            seen.add(p)
    missing = sorted(set(range(players)) - seen)
    if missing:
        raise ConfigError(f"teams: player {missing[0]} is in no team")
    sizes = sorted(len(team) for team in value)
    wanted = [1, 2] if players == 3 else [2, 2]
    if sizes != wanted:
        shape = "2 against 1" if players == 3 else "2 against 2"
        raise ConfigError(f"teams: {players} players play {shape}, not "
                          f"{sizes[1]} against {sizes[0]}")
    return sorted((sorted(team) for team in value), key=lambda team: team[0])


def _normalise_aliens(value: Any) -> dict[str, Any]:
    """The ``aliens`` field checked: players 2-3, difficulty easy/normal/hard."""
    if not isinstance(value, dict):
        raise ConfigError("aliens: must be an object such as "
                          "{\"players\": 3, \"difficulty\": \"normal\"}")
    unknown = sorted(set(value) - {"players", "difficulty", "cp_per_roll"})
    if unknown:
        raise ConfigError(f"aliens: unknown field {unknown[0]!r}")
    difficulty = value.get("difficulty", "normal")
    if difficulty not in data.ALIEN_DIFFICULTY:
        raise ConfigError("aliens.difficulty: must be 'easy', 'normal' or 'hard'")
    default_players, per_roll = data.ALIEN_DIFFICULTY[difficulty]
    players = value.get("players", default_players)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 3:
        raise ConfigError("aliens.players: must be 2 or 3")
    if "cp_per_roll" in value and value["cp_per_roll"] != per_roll:
        raise ConfigError(f"aliens.cp_per_roll: {difficulty} banks {per_roll} CP per roll")
    return {"players": players, "difficulty": difficulty, "cp_per_roll": per_roll}


def new_state(config: dict[str, Any] | None = None) -> State:
    """A game waiting for the first player to place a homeworld (config checked first)."""
    config = normalise_config(config)
    players = config["players"]
    s = State(default_board_name(players, config["board"]), players)
    s.max_rounds = config["max_rounds"]
    s.auto_mask = sum(1 << p for p in config["auto_combat"])
    s.reference_forces = 1 if config["starting_forces"] == "reference" else 0
    s.options = options_of(config)
    s.rng = dice.rng_seed(config["seed"])
    if config["aliens"] is not None:
        for p in range(1, players):
            s.alien[p] = config["aliens"]["cp_per_roll"]
    if config["teams"] is not None:
        for number, team in enumerate(config["teams"], start=1):
            for p in team:
                s.team[p] = number
    first = units.random_below(s, players)  # a die decides who goes first
    s.set_order([(first + i) % players for i in range(players)])
    s.order_pos = 0
    s.phase = PH_PLACE_HOMEWORLD
    s.current_player = s.order[0]
    if config["aliens"] is not None:
        advance(s, None)  # alien players before the human place their homeworlds
    return s


# -- the phase table: one registration per phase -------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def _register(phase: cython.int, legal: legal_fn, apply: apply_fn,
              default: default_fn) -> cython.void:
    LEGAL[phase] = legal
    APPLY[phase] = apply
    DEFAULT[phase] = default


@cython.cfunc
@cython.exceptval(check=False)
def _legal_place(s: State, out: ActionList) -> cython.void:
    h: cython.int
    for h in range(s.n_hexes):
        if s.tables.region[h] == s.current_player:
            out.push(encode(A_PLACE, h, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_place(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    return _place_homeworld(s, (code >> 10) & 1023, ev)


@cython.cfunc
@cython.exceptval(check=False)
def _default_place(s: State) -> cython.int:
    """The default policy takes the last hex of the home system."""
    h: cython.int
    best: cython.int = -1
    for h in range(s.n_hexes):
        if s.tables.region[h] == s.current_player:
            best = h
    return encode(A_PLACE, best, 0)


@cython.cfunc
@cython.exceptval(check=False)
def _legal_none(s: State, out: ActionList) -> cython.void:
    return


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply_none(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _default_none(s: State) -> cython.int:
    return -1


_register(PH_PLACE_HOMEWORLD, _legal_place, _apply_place, _default_place)
_register(PH_MOVEMENT, movement.legal_movement, movement.apply_movement, movement.default_movement)
_register(PH_LOST_SHIFT, exploration.legal_shift, exploration.apply_shift,
          exploration.default_shift)
_register(PH_PEEK, exploration.legal_peek, exploration.apply_peek, exploration.default_peek)
_register(PH_CHOOSE_BATTLE, combat.legal_choose_battle, combat.apply_choose_battle,
          combat.default_choose_battle)
_register(PH_SCREEN, combat.legal_screen, combat.apply_screen, combat.default_screen)
_register(PH_FIRE, combat.legal_fire, combat.apply_fire, combat.default_fire)
_register(PH_COLONY_FIRE, combat.legal_colony_fire, combat.apply_colony_fire,
          combat.default_colony_fire)
_register(PH_BID, economy.legal_bids, economy.apply_bid, economy.default_bid)
_register(PH_CHOOSE_ORDER, economy.legal_orders, economy.apply_order, economy.default_order)
_register(PH_BUY, economy.legal_purchases, economy.apply_purchase, economy.default_purchase)
_register(PH_GAME_OVER, _legal_none, _apply_none, _default_none)
_register(PH_MINES, mines.legal_mines, combat.apply_mines, mines.default_mines)


# -- the engine's entry points ----------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def write_legal(s: State, out: ActionList) -> cython.void:
    """Write the codes of every action the current player may take now into ``out``."""
    out.clear()
    LEGAL[s.phase](s, out)


@cython.ccall
@cython.exceptval(-1, check=False)
def apply_unchecked(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    """Apply an action known to be legal, then every automatic step after it."""
    APPLY[s.phase](s, code, ev)
    return advance(s, ev)


@cython.ccall
@cython.exceptval(check=False)
def default_code(s: State) -> cython.int:
    """What the default policy (auto-resolve) does now; -1 once the game is over."""
    return DEFAULT[s.phase](s)


@cython.ccall
@cython.exceptval(check=False)
def is_auto_decision(s: State) -> cython.bint:
    """A battle decision of a player whose battles resolve themselves.

    An alien player of the solitaire scenario decides nothing but its
    movement (the alien bot's): the engine takes every other decision of its
    by the default policy: its homeworld on the last hex of its home system,
    bids of 0, no purchases (its banks buy, see rules/alien.py), and in
    battle no screening, the default target, never a retreat.
    """
    phase: cython.int = s.phase
    if s.current_player >= 0 and s.alien[s.current_player] and phase != PH_MOVEMENT:
        return True
    return ((phase == PH_FIRE or phase == PH_SCREEN or phase == PH_COLONY_FIRE
             or phase == PH_CHOOSE_BATTLE or phase == PH_MINES)
            and s.auto_mask >> s.current_player & 1 != 0)


@cython.ccall
@cython.exceptval(-1, check=False)
def advance(s: State, ev: EventLog | None) -> cython.int:
    """Run every step that needs no decision, until somebody must choose."""
    living: cython.int
    winner: cython.int
    p: cython.int
    while s.phase != PH_GAME_OVER:
        living = 0
        winner = -1
        for p in range(s.n_players):
            if s.alive[p]:
                living += 1
                winner = p
        if living <= 1 and s.phase != PH_PLACE_HOMEWORLD:
            return _game_over(s, winner if living == 1 else -1, ev)
        if s.alien[s.n_players - 1] and not s.alive[0]:
            return _game_over(s, _first_living(s), ev)  # the human's homeworld fell
        if s.team[0] != 0 and s.phase != PH_PLACE_HOMEWORLD and _teams_alive(s) <= 1:
            return _game_over(s, _first_living(s), ev)  # one team stands: it wins together
        if s.pending == FLOW_TURN_OVER:
            s.pending = FLOW_NONE
            _end_player_turn(s, ev)
        elif s.pending == FLOW_ECONOMY_OVER:
            s.pending = FLOW_NONE
            _new_round(s, ev)
        elif s.pending == FLOW_MACHINES_OVER:
            s.pending = FLOW_NONE
            _after_turn(s, ev)
        elif s.phase == PH_LOST_SHIFT and exploration.shift_mask(s) == 0:
            exploration.no_shift_possible(s, ev)
        elif is_auto_decision(s):
            APPLY[s.phase](s, DEFAULT[s.phase](s), ev)
        else:
            return 0
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _first_living(s: State) -> cython.int:
    p: cython.int
    for p in range(s.n_players):
        if s.alive[p]:
            return p
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _teams_alive(s: State) -> cython.int:
    """Team play: how many teams still have a living player."""
    p: cython.int
    mask: cython.int = 0
    for p in range(s.n_players):
        if s.alive[p]:
            mask |= 1 << s.team[p]
    return (mask >> 1 & 1) + (mask >> 2 & 1)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _game_over(s: State, winner: cython.int, ev: EventLog | None) -> cython.int:
    unit: cython.int
    s.phase = PH_GAME_OVER
    s.current_player = -1  # nobody decides any more
    s.winner = winner
    s.pending = FLOW_NONE
    s.b_hex = -1
    s.b_attacker = -1
    s.b_defender = -1
    s.b_pos = -1
    for unit in range(s.n_units):
        s.u_flags[unit] &= ~F_SCREENED  # no battle any more
    if ev is not None:
        ev.emit(E_GAME_OVER, VIS_ALL, winner, s.round)
    return 0


# -- setup --------------------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _place_homeworld(s: State, hex_index: cython.int, ev: EventLog | None) -> cython.int:
    player: cython.int = s.current_player
    p: cython.int
    s.homeworld[player] = hex_index
    if ev is not None:
        ev.emit(E_HOMEWORLD_PLACED, VIS_ALL, player, hex_index)
    s.order_pos += 1
    if s.order_pos < s.n_players:
        s.current_player = s.order[s.order_pos]
        return 0
    _populate_board(s)
    for p in range(s.n_players):
        _starting_forces(s, p)
    s.round = 1
    s.turn = 1
    s.order_pos = 0
    if ev is not None:
        ev.emit(E_GAME_STARTED, VIS_ALL, [s.order[i] for i in range(s.n_order)])
    return _start_movement(s, s.order[0], ev)


def _shuffled(s: State, items: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Fisher-Yates with the state's generator, so replays draw the same markers."""
    for i in range(len(items) - 1, 0, -1):
        j = units.random_below(s, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _populate_board(s: State) -> None:
    """Draw the home-system and Deep Space markers face down (docs/charts.md mixes)."""
    board = s.board
    for player, hexes in enumerate(board.home_hexes):
        markers = _shuffled(s, data.expand_mix(data.HOME_SYSTEM_MIX))
        home = s.homeworld[player]
        others = [h for h in hexes if h != home]
        for hex_index, (marker, value) in zip(others, markers, strict=True):
            _draw(s, hex_index, marker, value)
        _draw(s, home, M_HOMEWORLD, 0)
        s.h_face_up[home] = 1
        s.h_col_owner[home] = player
        s.h_col_cp[home] = HOMEWORLD_CP
        s.h_col_flags[home] = C_HOMEWORLD
    pool = _shuffled(s, data.expand_mix(data.DEEP_SPACE_MIX))
    for hex_index, (marker, value) in zip(board.deep_space_hexes, pool, strict=False):
        _draw(s, hex_index, marker, value)


def _draw(s: State, hex_index: int, marker: int, value: int) -> None:
    """A marker laid on a hex; ``h_origin`` remembers it (marker * 16 + value)."""
    s.h_marker[hex_index] = marker
    s.h_value[hex_index] = value
    s.h_origin[hex_index] = marker * 16 + value


def _starting_forces(s: State, player: int) -> None:
    if s.alien[player]:
        return  # alien players start with their homeworld alone (their banks buy)
    forces = data.STARTING_FORCES_REFERENCE if s.reference_forces else data.STARTING_FORCES
    for unit_type, count in forces:
        units.new_unit(s, player, unit_type, s.homeworld[player], count)


# -- turns and rounds ----------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _start_movement(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    s.phase = PH_MOVEMENT
    s.current_player = player
    movement.start_turn(s, player)
    if ev is not None:
        ev.emit(E_TURN_STARTED, VIS_ALL, player, s.round, s.turn)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_player_turn(s: State, ev: EventLog | None) -> cython.int:
    """The next living player's turn; after the last, the Doomsday Machines' step
    (advanced rules), then the next turn or the Economic Phase."""
    movement.flip_face_down_at_colonies(s, s.order[s.order_pos])
    following: cython.int = s.order_pos + 1
    while following < s.n_order and not s.alive[s.order[following]]:
        following += 1
    if following < s.n_order:
        s.order_pos = following
        return _start_movement(s, s.order[s.order_pos], ev)
    if s.options & OPT_DOOMSDAY and doomsday.machines_live(s) > 0:
        return combat.begin_machine_step(s, ev)  # order_pos stays on the turn's last player
    return _after_turn(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _after_turn(s: State, ev: EventLog | None) -> cython.int:
    """Every player has moved and fought this turn: the next turn or the Economic Phase."""
    s.order_pos = s.n_order
    if s.turn < 3:
        s.turn += 1
        s.order_pos = 0
        while not s.alive[s.order[s.order_pos]]:
            s.order_pos += 1
        return _start_movement(s, s.order[s.order_pos], ev)
    if ev is not None:
        ev.emit(E_ECONOMIC_PHASE, VIS_ALL, s.round)
    return economy.begin(s, ev)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _new_round(s: State, ev: EventLog | None) -> cython.int:
    if s.max_rounds and s.round >= s.max_rounds:
        if ev is not None:
            ev.emit(E_ROUND_LIMIT, VIS_ALL, s.round)
        return _game_over(s, -1, ev)
    s.round += 1
    s.turn = 1
    s.order_pos = 0
    return _start_movement(s, s.order[0], ev)


# -- Python conveniences -----------------------------------------------------------------------
def legal_actions(s: State) -> list[int]:
    """Codes of every action the current player may take now (empty when over)."""
    out = ActionList()
    write_legal(s, out)
    return out.tolist()


def apply(s: State, code: int, ev: EventLog | None = None) -> None:
    """Check and apply one action; IllegalActionError (state untouched) if not legal."""
    if s.phase == PH_GAME_OVER:
        raise IllegalActionError("the game is over")
    out = ActionList()
    write_legal(s, out)
    if not out.contains(code):
        raise IllegalActionError(explain_illegal(s, code))
    apply_unchecked(s, code, ev)


def default_action(s: State) -> int:
    """What a player who lets battles auto-resolve does now (see each phase's default).

    Combat: no screening, fire at the default target, no retreat, fire every
    ship at an enemy colony, battles in hex order.  Elsewhere: Lost in Space
    shifts in the first legal direction, a peeked marker is revealed, bids
    are 0, the first order listed is chosen, movement and purchases end.
    """
    if s.phase == PH_GAME_OVER:
        raise IllegalActionError("the game is over")
    return default_code(s)


def explain_illegal(s: State, code: int) -> str:
    """A sentence saying why an action code is refused now."""
    phase = phases.PHASES[s.phase].name
    try:
        action = Action.from_code(code)
    except ActionFormatError as exc:
        return str(exc)
    kind = KIND_BY_ID[code >> 20]
    if kind == "buy" and s.phase == PH_BUY:
        problem = purchase_problem(s, s.current_player, action.unit_type, action.hex)
        if problem:
            name = (data.UNIT_CODES[action.unit_type]
                    if action.unit_type < data.N_UNIT_TYPES else str(action.unit_type))
            return f"cannot buy {name}: {problem}"
    if kind == "refit" and s.phase == PH_BUY and action.unit < s.n_units and \
            s.u_type[action.unit] >= 0:
        problem = refit_problem(s, action.unit)
        if problem:
            return f"cannot refit: {problem}"
    if kind == "leave_carrier" and s.phase == PH_MOVEMENT and action.unit < s.n_units and \
            s.u_type[action.unit] == data.F and s.u_cargo[action.unit] != 0 and \
            not movement.fighter_base_here(s, action.unit):
        return ("fighters may leave their carrier only at one of your colonies "
                "(fighters require a carrier or a colony)")
    if s.phase == PH_GAME_OVER:
        return "the game is over"
    return f"{action} is not legal now (player {s.current_player} to act, phase {phase})"

