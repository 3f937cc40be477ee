"""The Game facade: the only API the GUI, the AI and the network use.

After OpenSpiel's State API and python-chess's Board::

    >>> game = Game.new_game({"players": 2, "seed": 7})
    >>> game.phase, game.current_player in (0, 1)
    ('place_homeworld', True)
    >>> events = game.apply(game.legal_actions()[0])
    >>> Game.from_json(game.to_json()) == game
    True

Actions go in and out as :class:`~se4x_core.actions.Action` values (or their
integer codes); chance lives inside the state, so the config plus the list
of actions replays a game bit for bit.  What the searched state does not
hold lives here: the config, the action log, each empire's latest income
report and the per-phase statistics of the game-over charts.

A save is the config, the action codes and the resulting state.  Loading
always replays the actions from the config and accepts the file only if the
stored state agrees, naming the first field that differs: a damaged or
edited file is refused whole and never loads as a different game.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Sequence
from typing import Any

from se4x_core import data, phases
from se4x_core.actions import Action, ActionFormatError
from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError
from se4x_core.events import (
    STOPS_MOVEMENT,
    EmpireStats,
    Event,
    EventLog,
    IncomeReport,
    filter_for,
    income_report,
)
from se4x_core.gamekit.saves import action_codes, read_envelope, replay_actions
from se4x_core.observation import Observation, observation
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.codes import UNITS_PER_PLAYER
from se4x_core.rules.movement import reachable
from se4x_core.rules.state import SCALARS, State
from se4x_core.sim.infostate import search_state

SAVE_FORMAT = "se4x-save"
SAVE_VERSION = 2

__all__ = ["Game", "IllegalActionError", "ConfigError", "SaveFormatError", "Action"]


class _SharedLog:
    """A list that clones share until one of them appends (copy on write).

    Why: search clones games often; copying a long action log each time cost
    more than the rest of the clone.
    """

    __slots__ = ("items", "n")

    def __init__(self, items: list[Any] | None = None, n: int | None = None) -> None:
        self.items: list[Any] = items if items is not None else []
        self.n = len(self.items) if n is None else n

    def append(self, item: Any) -> _SharedLog:
        """This log with ``item`` added: itself, or a private copy if others share it."""
        if len(self.items) != self.n:
            return _SharedLog(self.items[:self.n] + [item])
        self.items.append(item)
        self.n += 1
        return self

    def share(self) -> _SharedLog:
        return _SharedLog(self.items, self.n)

    def values(self) -> list[Any]:
        return self.items[:self.n]


class Game:
    """One game of Space Empires 4X."""

    def __init__(self, state: State, config: dict[str, Any]) -> None:
        self._state = state
        self._config = config
        self._actions = _SharedLog()
        self._history = _SharedLog()
        self._reports: dict[int, IncomeReport] = {}
        self._scratch = ActionList()

    # -- creation ---------------------------------------------------------------
    @classmethod
    def new_game(cls, config: dict[str, Any] | None = None) -> Game:
        """A new game; raises ConfigError naming a bad config field."""
        config = engine.normalise_config(config)
        return cls(engine.new_state(config), config)

    # -- the contract ---------------------------------------------------------
    @property
    def config(self) -> dict[str, Any]:
        return dict(self._config)

    @property
    def current_player(self) -> int:
        """Who decides now (-1 once the game is over)."""
        return self._state.current_player

    @property
    def phase(self) -> str:
        """The decision the game waits for, e.g. ``"movement"`` or ``"combat_fire"``."""
        return phases.PHASES[self._state.phase].name

    @property
    def is_over(self) -> bool:
        return self._state.phase == phases.PH_GAME_OVER

    @property
    def winner(self) -> int | None:
        """The last empire standing; None while playing or after a round limit."""
        return self._state.winner if self.is_over and self._state.winner >= 0 else None

    @property
    def teams(self) -> list[list[int]] | None:
        """Team play's two teams of player numbers, or None in a free-for-all."""
        teams = self._config.get("teams")
        return [list(team) for team in teams] if teams is not None else None

    @property
    def winners(self) -> list[int]:
        """Everybody who won: the winner, or in team play every member of the
        winning team (eliminated allies too); empty while playing or after a draw."""
        return winners_of(self._state) if self.is_over else []

    @property
    def actions(self) -> list[Action]:
        """Every action applied since the start, in order."""
        return [Action.from_code(code) for code in self._actions.values()]

    @property
    def action_codes(self) -> list[int]:
        return self._actions.values()

    @property
    def history(self) -> list[list[EmpireStats]]:
        """Per Economic Phase: income, fleet, technology and CP of every empire."""
        return self._history.values()

    def income_report(self, player: int) -> IncomeReport:
        """``player``'s latest Economic Phase income report (empty before the first)."""
        report = self._reports.get(player)
        return report.copy() if report is not None else {}

    @property
    def state(self) -> State:
        """The full state (engine internals; the GUI and AI use observations)."""
        return self._state

    def legal_codes(self) -> list[int]:
        engine.write_legal(self._state, self._scratch)
        return self._scratch.tolist()

    def legal_actions(self) -> list[Action]:
        return [Action.from_code(code) for code in self.legal_codes()]

    def apply(self, action: Action | int) -> list[Event]:
        """Apply one action; IllegalActionError (game untouched) if it is not legal now."""
        code = _code_of(action)
        log = EventLog()
        engine.apply(self._state, code, log)
        self._record(code, log.events)
        return log.events

    def _record(self, code: int, events: list[Event]) -> None:
        """Keep what the searched state does not: the action, reports and statistics."""
        self._actions = self._actions.append(code)
        for event in events:
            kind = event["type"]
            if kind == "income":
                self._reports = dict(self._reports)
                self._reports[event["player"]] = income_report(event)
            elif kind == "economy_summary":
                self._history = self._history.append(event["rows"])

    def explain(self, action: Action | int) -> str | None:
        """Why ``action`` is not legal now, as a sentence for the player; None if it is legal.

        >>> game = Game.new_game({"players": 2, "seed": 7})
        >>> game.explain(game.legal_actions()[0]) is None
        True
        >>> game.explain(Action("end_movement"))
        'end_movement() is not legal now (player 0 to act, phase place_homeworld)'
        """
        try:
            code = _code_of(action)
        except IllegalActionError as exc:
            return str(exc)
        if code in self.legal_codes():
            return None
        return engine.explain_illegal(self._state, code)

    def default_action(self) -> Action:
        """What the default policy (auto-resolve) would do now."""
        return Action.from_code(engine.default_action(self._state))

    def reachable(self, unit: int) -> dict[int, list[int]]:
        """Hexes the current player's unit can still reach this turn -> direction path."""
        state = self._state
        if state.phase != phases.PH_MOVEMENT or not 0 <= unit < state.n_units or \
                state.u_type[unit] < 0:
            return {}
        return reachable(state, unit)

    def walkers(self, player: int) -> range:
        """The units of ``player`` that may walk now: all of theirs in their movement."""
        if self.phase != "movement" or self.current_player != player:
            return range(0)
        return range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER)

    def walk(self, unit: int, dirs: Sequence[int],
             apply: Callable[[int], list[Event]] | None = None) -> list[Event]:
        """Step ``unit`` along ``dirs`` while each step is legal and nothing found stops it.

        Raises IllegalActionError (nothing applied) if even the first step is refused;
        otherwise returns the events of the steps taken (the number taken is the growth
        of ``action_codes``).  ``apply`` applies one legal code (the LAN host journals it
        first); by default :meth:`apply`.
        """
        apply = apply or self.apply
        player, events = self.current_player, []
        for index, direction in enumerate(dirs):
            try:
                code = Action("move", unit=unit, dir=direction).code
            except ValueError as exc:
                if index == 0:
                    raise IllegalActionError(f"not a move: {exc}") from None
                break
            if code not in self.legal_codes():
                if index == 0:
                    raise IllegalActionError(self.explain(code) or "not legal now")
                break
            step = apply(code)
            events += step
            if any(e["type"] in STOPS_MOVEMENT for e in step) or self.phase != "movement" \
                    or self.current_player != player:
                break
        return events

    def observation(self, player: int) -> Observation:
        """What ``player`` may know, and nothing more."""
        return observation(self._state, player, self._reports.get(player, {}),
                           self.history if self.is_over else [])

    def information_set(self, player: int) -> str:
        """``player``'s information set, packed: what the search bots start from.

        A full state drawn from everything the player knows (hidden markers, enemy
        groups and empires redrawn with a fixed seed, :mod:`se4x_core.sim.infostate`),
        so it depends on nothing the player may not know (the leak checks verify it).
        Not part of the observation: screens and network clients never need it.
        """
        return search_state(self._state, player)

    @staticmethod
    def events_for(events: list[Event], player: int) -> list[Event]:
        return filter_for(events, player)

    def clone(self) -> Game:
        """An independent copy; the action log and history are shared until either grows."""
        other = Game.__new__(Game)
        other._state = self._state.clone()
        other._config = self._config
        other._actions = self._actions.share()
        other._history = self._history.share()
        other._reports = self._reports
        other._scratch = ActionList()
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    # -- saving and replaying ---------------------------------------------------
    def to_json(self) -> str:
        """The save: config, action codes, and the state they lead to."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "config": self._config,
            "actions": self._actions.values(),
            "state": state_to_json(self._state),
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, verify: bool = True) -> Game:
        """Load a save: replay its actions from its config; the stored state must agree.

        ``verify`` is kept for callers of the first save format; every load
        replays.  Raises SaveFormatError naming what is wrong.
        """
        doc = _parse_save(text)
        game = cls.replay(doc["config"], _parse_actions(doc["actions"], doc["version"]))
        difference = _first_difference(game._state, doc["state"], doc["version"])
        if difference:
            raise SaveFormatError(f"the saved state does not match its own action log: "
                                  f"{difference}")
        return game

    @classmethod
    def replay(cls, config: dict[str, Any], actions: Sequence[Action | int]) -> Game:
        """Play ``actions`` from a new game of ``config``."""
        return replay_actions(cls.new_game, config, actions)


# -- the state in a save --------------------------------------------------------------
def state_to_json(state: State) -> dict[str, Any]:
    """The state as JSON-ready values: board, scalars by name, array fields by name."""
    return {"board": state.board_name,
            "scalars": dict(zip(SCALARS, state.scalars(), strict=True)),
            "fields": state.fields()}


# What the compiled state's scalars hold (C int; the generator an unsigned 64-bit
# word).  Checked here so that the interpreted state, whose scalars are Python ints,
# refuses the same values as the compiled one.
_INT_RANGE = (-(1 << 31), 1 << 31)
_SCALAR_RANGES = {"rng": (0, 1 << 64)}


def _code_of(action: Action | int) -> int:
    """The exact code of ``action``; IllegalActionError for anything that is not one.

    Why so strict: a code is compared with the legal codes as it is, never
    narrowed or masked first, so a code with bits outside its fields, a bool,
    a float or a number beyond the compiled engine's C int is refused rather
    than taken for the canonical action it resembles.
    """
    if isinstance(action, Action):
        return action.code
    if isinstance(action, bool) or not isinstance(action, int):
        raise IllegalActionError(f"not an action code: {action!r}")
    if not _INT_RANGE[0] <= action < _INT_RANGE[1]:  # the compiled engine takes a C int
        raise IllegalActionError(f"no action has code {action}")
    return int(action)


def state_from_json(doc: Any) -> State:
    """A state from :func:`state_to_json` output, shapes and types checked.

    Raises SaveFormatError naming the first field that is missing or
    malformed.  (Loading a save does not need this: it replays the actions.)
    """
    if not isinstance(doc, dict) or not isinstance(doc.get("scalars"), dict) or \
            not isinstance(doc.get("fields"), dict):
        raise SaveFormatError("the state must be an object with scalars and fields")
    scalars = {**_LATER_SCALARS, **_current_scalar_names(doc["scalars"])}
    try:
        state = State(doc["board"], scalars["n_players"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFormatError(f"state header is damaged: {exc}") from None
    for name in SCALARS:
        value = scalars.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise SaveFormatError(f"state scalar {name!r} must be an integer")
        low, high = _SCALAR_RANGES.get(name, _INT_RANGE)
        if not low <= value < high:
            raise SaveFormatError(f"state scalar {name!r} is out of range")
        if name not in ("n_players", "n_hexes"):
            setattr(state, name, value)
    if scalars["n_hexes"] != state.n_hexes:
        raise SaveFormatError("state scalar 'n_hexes' does not match the board")
    fields = doc["fields"]
    checked: dict[str, array[int]] = {}
    for name, (_, length) in state.layout.items():
        values = fields.get(name)
        if values is None and name in _LATER_FIELDS:
            values = [0] * length  # written before the field existed
        if not isinstance(values, list) or len(values) != length:
            raise SaveFormatError(f"state field {name!r} is missing or malformed")
        try:
            checked[name] = array("h", values)  # whole numbers fitting 16-bit fields
        except (TypeError, OverflowError):
            raise SaveFormatError(f"state field {name!r} must hold small integers") from None
    state.load_fields(checked)
    return state


def _first_difference(state: State, saved: Any, version: int) -> str | None:
    """The first field where a saved state differs from the replayed one, or None."""
    if version == 1:
        return _first_difference_v1(state, saved)
    if not isinstance(saved, dict):
        return "the state is not an object"
    if saved.get("board") != state.board_name:
        return f"board {saved.get('board')!r} (replayed: {state.board_name!r})"
    scalars = saved.get("scalars")
    fields = saved.get("fields")
    if not isinstance(scalars, dict) or not isinstance(fields, dict):
        return "the state's scalars or fields are missing"
    scalars = _current_scalar_names(scalars)
    for name, value in zip(SCALARS, state.scalars(), strict=True):
        saved = scalars.get(name, _LATER_SCALARS.get(name))
        if saved != value:
            return f"{name} is {saved!r}, the actions give {value!r}"
    for name, values in state.fields().items():
        if name in _LATER_FIELDS and name not in fields and not any(values):
            continue  # saved before the field existed, and unused in this game
        if fields.get(name) != _as_saved(name, values, fields.get(name), state.n_players):
            return f"field {name!r} differs from what the actions give"
    extra = (set(scalars) - set(SCALARS)) | (set(fields) - set(state.layout))
    if extra:
        return f"unknown state field {sorted(extra)[0]!r}"
    return None


# Array fields added after version 2 was first written; an older save lacks them.
_LATER_FIELDS = ("team", "dm_hex", "dm_hits")
# Scalars added since, with the value an older save's game had.
_LATER_SCALARS = {"options": 0, "machine_step": 0}

# Per-player arrays that grew when the advanced rules' technologies and units were
# added after the basic game's: field -> (the basic game's width, each new entry's
# value at the start).  An older save holds only the basic game's columns.
_WIDENED_FIELDS: dict[str, tuple[int, tuple[int, ...]]] = {
    "tech": (data.N_BASIC_TECHS, data.TECH_START),
    "p_types": (data.N_BASIC_UNIT_TYPES, (0,) * data.N_UNIT_TYPES),
}


def _as_saved(name: str, values: list[int], saved: Any, players: int) -> list[int]:
    """``values`` as a save of the basic game's width would hold them, when ``saved``
    is one of those and every newer column still holds its start value (else as they
    are, so the comparison fails)."""
    if name not in _WIDENED_FIELDS or not isinstance(saved, list) or len(saved) == len(values):
        return values
    old, start = _WIDENED_FIELDS[name]
    width = len(values) // players
    if len(saved) != old * players:
        return values
    narrowed: list[int] = []
    for p in range(players):
        row = values[p * width:(p + 1) * width]
        if list(row[old:]) != list(start[old:width]):
            return values
        narrowed += row[:old]
    return narrowed


def winners_of(state: State) -> list[int]:
    """The players who won a finished game: ``state.winner`` alone, or in team
    play every member of its team; empty when nobody won."""
    if state.winner < 0:
        return []
    team = state.team[state.winner]
    if team == 0:
        return [state.winner]
    return [p for p in range(state.n_players) if state.team[p] == team]


# Scalars renamed since version 2 was first written: old name -> current name.
_RENAMED_SCALARS = {"stage": "phase", "actor": "current_player"}


def _current_scalar_names(scalars: dict[str, Any]) -> dict[str, Any]:
    """Saved scalars under today's names (saves written before the rename still load)."""
    if not any(old in scalars for old in _RENAMED_SCALARS):
        return scalars
    return {_RENAMED_SCALARS.get(name, name): value for name, value in scalars.items()}


# Fields of the first save format that the current state keeps unchanged.
_V1_ARRAYS = ("u_type", "u_hex", "u_count", "u_att", "u_def", "u_tac", "u_mov", "u_moved",
              "u_cargo", "u_cargo_value", "u_damage", "u_number", "h_marker", "h_value",
              "h_face_up", "h_known", "h_col_owner", "h_col_cp", "h_deposit_cp",
              "h_deposit_wrecks", "cp", "tech", "alive", "homeworld")
# saved name -> state attribute (the first format said "stage" and "actor")
_V1_SCALARS = {"round": "round", "turn": "turn", "stage": "phase", "actor": "current_player",
               "winner": "winner", "rng": "rng"}


def _first_difference_v1(state: State, saved: Any) -> str | None:
    """A first-format save: compare what both formats hold the same way."""
    if not isinstance(saved, dict):
        return "the state is not an object"
    fields = state.fields()
    for name in _V1_ARRAYS:
        if saved.get(name) != _as_saved(name, fields[name], saved.get(name), state.n_players):
            return f"field {name!r} differs from what the actions give"
    for name, attribute in _V1_SCALARS.items():
        value = getattr(state, attribute)
        if saved.get(name) != value:
            return f"{name} is {saved.get(name)!r}, the actions give {value!r}"
    return None


def _parse_save(text: str | bytes) -> dict[str, Any]:
    return read_envelope(text, SAVE_FORMAT, (1, SAVE_VERSION), "se4x")


def _parse_actions(items: list[Any], version: int) -> list[int]:
    """Action codes from a save (the first format wrote them as JSON objects)."""

    def read(item: Any) -> int:
        if version == 1:
            return Action.from_json(item).code
        if isinstance(item, int) and not isinstance(item, bool):
            return Action.from_code(item).code
        raise ActionFormatError("an action must be an integer code")

    return action_codes(items, read)
