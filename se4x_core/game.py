"""The Game facade: the only API the GUI, the AI and the network use.

After OpenSpiel's State API and python-chess's Board::

    >>> game = Game.new_game({"players": 2, "seed": 7})
    >>> game.phase, game.current_player in (0, 1)
    ('place_homeworld', True)
    >>> events = game.apply(game.legal_actions()[0])
    >>> Game.from_json(game.to_json()) == game
    True

Actions go in and out as :class:`~se4x_core.actions.Action` values (or their
integer codes); chance lives inside the state, so ``config`` plus the list of
actions replays a game bit for bit.  A save holds the config, the actions and
the resulting state; loading checks that all three agree before anything is
used, so a damaged file is refused whole.
"""

from __future__ import annotations

import json
from typing import Any

from se4x_core import engine
from se4x_core.actions import Action, ActionFormatError
from se4x_core.engine import ConfigError, IllegalActionError
from se4x_core.events import Event, filter_for
from se4x_core.invariants import problems
from se4x_core.state import S_GAME_OVER, STAGE_NAMES, State
from se4x_core.view import observation

SAVE_FORMAT = "se4x-save"
SAVE_VERSION = 1

__all__ = ["Game", "IllegalActionError", "ConfigError", "SaveFormatError", "Action"]


class SaveFormatError(ValueError):
    """A save or replay file that is damaged, foreign or inconsistent."""


class Game:
    """One game of Space Empires 4X."""

    def __init__(self, state: State, actions: list[int] | None = None) -> None:
        self._state = state
        self._actions: list[int] = list(actions or [])

    # -- creation ---------------------------------------------------------------
    @classmethod
    def new_game(cls, config: dict[str, Any] | None = None) -> Game:
        """A new game; raises ConfigError naming a bad config field."""
        return cls(engine.new_state(config))

    # -- the contract ---------------------------------------------------------
    @property
    def config(self) -> dict[str, Any]:
        return dict(self._state.config)

    @property
    def current_player(self) -> int:
        """Who decides now (-1 once the game is over)."""
        return self._state.current_player

    @property
    def phase(self) -> str:
        """The decision the game waits for, e.g. ``"movement"`` or ``"combat_fire"``."""
        return STAGE_NAMES[self._state.stage]

    @property
    def is_over(self) -> bool:
        return self._state.stage == S_GAME_OVER

    @property
    def winner(self) -> int | None:
        """The last empire standing; None while playing or after a round limit."""
        return self._state.winner if self.is_over and self._state.winner >= 0 else None

    @property
    def actions(self) -> list[Action]:
        """Every action applied since the start, in order."""
        return [Action.from_code(code) for code in self._actions]

    @property
    def state(self) -> State:
        """The full state (engine internals; the GUI and AI use observations)."""
        return self._state

    def legal_actions(self) -> list[Action]:
        return [Action.from_code(code) for code in engine.legal_actions(self._state)]

    def legal_codes(self) -> list[int]:
        return engine.legal_actions(self._state)

    def apply(self, action: Action | int) -> list[Event]:
        """Apply one action; IllegalActionError (state untouched) if it is not legal now."""
        code = action if isinstance(action, int) else action.code
        events = engine.apply(self._state, code)
        self._actions.append(code)
        return events

    def default_action(self) -> Action:
        """What the default policy (auto-resolve) would do now."""
        return Action.from_code(engine.default_action(self._state))

    def reachable(self, unit: int) -> dict[int, list[int]]:
        """Hexes the current player's unit can still reach this turn -> direction path."""
        from se4x_core.movement import reachable
        from se4x_core.state import S_MOVEMENT

        state = self._state
        if state.stage != S_MOVEMENT or not 0 <= unit < len(state.u_type) or state.u_type[unit] < 0:
            return {}
        return reachable(state, unit)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know, and nothing more."""
        return observation(self._state, player)

    @staticmethod
    def events_for(events: list[Event], player: int) -> list[Event]:
        return filter_for(events, player)

    def clone(self) -> Game:
        return Game(self._state.clone(), self._actions)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    # -- saving and replaying ---------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "config": self._state.config,
            "actions": [Action.from_code(c).to_json() for c in self._actions],
            "state": self._state.to_dict(),
        })

    @classmethod
    def from_json(cls, text: str | bytes, verify: bool = False) -> Game:
        """Load a save; with ``verify`` replay its actions and demand the same state."""
        doc = _parse_save(text)
        try:
            state = State.from_dict(doc["state"])
        except ValueError as exc:
            raise SaveFormatError(f"damaged save: {exc}") from None
        broken = problems(state)
        if broken:
            raise SaveFormatError(f"damaged save: {broken[0]}")
        game = cls(state, _parse_actions(doc["actions"]))
        if verify:
            replayed = cls.replay(doc["config"], game.actions)
            if replayed != game:
                raise SaveFormatError("the saved state does not match its own action log")
        return game

    @classmethod
    def replay(cls, config: dict[str, Any], actions: list[Action | int]) -> Game:
        """Play ``actions`` from a new game of ``config``."""
        try:
            game = cls.new_game(config)
        except ConfigError as exc:
            raise SaveFormatError(f"bad config: {exc}") from None
        for index, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise SaveFormatError(f"action {index} cannot be replayed: {exc}") from None
        return game


def _parse_save(text: str | bytes) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveFormatError(f"not a save file (invalid JSON: {exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveFormatError("not an se4x save file")
    if doc.get("version") != SAVE_VERSION:
        raise SaveFormatError(f"save version {doc.get('version')!r} is not supported")
    for key, kind in (("config", dict), ("actions", list), ("state", dict)):
        if not isinstance(doc.get(key), kind):
            raise SaveFormatError(f"damaged save: {key!r} is missing or malformed")
    return doc


def _parse_actions(items: list[Any]) -> list[int]:
    codes = []
    for index, item in enumerate(items):
        try:
            codes.append(Action.from_json(item).code)
        except ActionFormatError as exc:
            raise SaveFormatError(f"damaged save: action {index}: {exc}") from None
    return codes
