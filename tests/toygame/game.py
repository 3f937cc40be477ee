"""Countdown, a game that exists only to prove a new game needs its package and nothing
else: a counter starts at 21; in turn each player takes 1, 2 or 3, or plays their
reserve card once (dealt face down at the start, worth 1-3, known only to them until
played); whoever takes the counter to 0 wins.

Small as it is, it has what the contract asks of any game: chance in the state (the
reserve cards), private information (your reserve), events with an audience, refusals
with reasons, clones, verified saves.

>>> game = Game.new_game({"players": 2, "seed": 1})
>>> game.apply(Action("take", count=3)) and game.observation(0)["counter"]
18
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError
from se4x_core.gamekit.actions import CodedAction, IntParam, code_of
from se4x_core.gamekit.saves import action_codes, read_envelope, replay_actions, save_text

SAVE_FORMAT = "countdown-save"
START = 21
Event = dict[str, Any]


@dataclass(frozen=True)
class Action(CodedAction):
    """Take 1-3 from the counter, or play the reserve card."""

    KINDS = {"take": (1, ("count",)), "reserve": (2, ())}
    PARAMS = {"count": IntParam(4)}
    KIND_SHIFT = 8
    PARAM_BITS = 3

    kind: str
    count: int = -1

    def __str__(self) -> str:
        return f"take {self.count}" if self.kind == "take" else "reserve"


class Game:
    """One game of Countdown."""

    def __init__(self, config: dict[str, Any]) -> None:
        self._config = config
        rnd = random.Random(config["seed"])
        players = config["players"]
        self.counter = START
        self.current = 0
        self.reserves = [rnd.randint(1, 3) for _ in range(players)]
        self.used = [False] * players
        self.winner = -1
        self.codes: list[int] = []

    @classmethod
    def new_game(cls, config: dict[str, Any] | None = None) -> Game:
        config = dict(config or {})
        players = config.setdefault("players", 2)
        config.setdefault("seed", 0)
        unknown = sorted(set(config) - {"players", "seed"})
        if unknown:
            raise ConfigError(f"unknown config field {unknown[0]!r}")
        if players not in (2, 3) or not isinstance(config["seed"], int):
            raise ConfigError("players must be 2 or 3, and the seed an integer")
        return cls(config)

    # -- the contract ------------------------------------------------------------------------
    @property
    def config(self) -> dict[str, Any]:
        return dict(self._config)

    @property
    def current_player(self) -> int:
        return -1 if self.is_over else self.current

    @property
    def phase(self) -> str:
        return "game_over" if self.is_over else "take"

    @property
    def is_over(self) -> bool:
        return self.winner >= 0

    @property
    def winners(self) -> list[int]:
        return [self.winner] if self.is_over else []

    @property
    def action_codes(self) -> list[int]:
        return list(self.codes)

    def legal_codes(self) -> list[int]:
        if self.is_over:
            return []
        codes = [Action("take", count=n).code for n in (1, 2, 3) if n <= self.counter]
        if not self.used[self.current] and self.reserves[self.current] <= self.counter:
            codes.append(Action("reserve").code)
        return codes

    def legal_actions(self) -> list[Action]:
        return [Action.from_code(code) for code in self.legal_codes()]

    def explain(self, action: Action | int) -> str | None:
        try:
            code = code_of(action, Action)
        except IllegalActionError as exc:
            return str(exc)
        if code in self.legal_codes():
            return None
        if self.is_over:
            return "the game is over"
        chosen = Action.from_code(code)
        if chosen.kind == "reserve":
            return "your reserve card is played already" if self.used[self.current] else \
                f"your reserve card is worth more than the {self.counter} left"
        return f"you may take 1, 2 or 3, and at most the {self.counter} left"

    def apply(self, action: Action | int) -> list[Event]:
        reason = self.explain(action)
        if reason is not None:
            raise IllegalActionError(reason)
        chosen = Action.from_code(code_of(action, Action))
        player = self.current
        if chosen.kind == "reserve":
            taken = self.reserves[player]
            self.used[player] = True
            events = [{"type": "reserve", "player": player, "value": taken,
                       "visible_to": None}]
        else:
            taken = chosen.count
            events = [{"type": "took", "player": player, "count": taken, "visible_to": None}]
        self.counter -= taken
        self.codes.append(chosen.code)
        if self.counter == 0:
            self.winner = player
            events.append({"type": "won", "player": player, "visible_to": None})
        else:
            self.current = (player + 1) % len(self.reserves)
            events.append({"type": "your_turn", "player": self.current,
                           "visible_to": [self.current]})
        return events

    def observation(self, player: int) -> dict[str, Any]:
        """The counter, whose turn, who still holds a reserve, and your own reserve."""
        return {"viewer": player, "players": len(self.reserves), "counter": self.counter,
                "current_player": self.current_player, "phase": self.phase,
                "is_over": self.is_over, "winners": self.winners, "turn": len(self.codes),
                "reserve": 0 if self.used[player] else self.reserves[player],
                "holding": [not used for used in self.used]}

    def information_set(self, player: int) -> dict[str, Any]:
        return self.observation(player)

    @staticmethod
    def events_for(events: list[Event], player: int) -> list[Event]:
        return [e for e in events if e["visible_to"] is None or player in e["visible_to"]]

    def clone(self) -> Game:
        other = Game.__new__(Game)
        other.__dict__ = {key: list(value) if isinstance(value, list) else value
                          for key, value in self.__dict__.items()}
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def _state(self) -> dict[str, Any]:
        return {"counter": self.counter, "current": self.current,
                "reserves": self.reserves, "used": self.used, "winner": self.winner}

    def to_json(self) -> str:
        return save_text(SAVE_FORMAT, 1, self._config, self.codes, self._state())

    @classmethod
    def from_json(cls, text: str | bytes, verify: bool = True) -> Game:
        doc = read_envelope(text, SAVE_FORMAT, (1,), "Countdown")
        game = cls.replay(doc["config"], action_codes(doc["actions"]))
        if verify and doc["state"] != game._state():
            raise SaveFormatError("the saved state does not match its own actions")
        return game

    @classmethod
    def replay(cls, config: dict[str, Any], actions: Sequence[Action | int]) -> Game:
        new: Callable[[dict[str, Any]], Game] = cls.new_game
        return replay_actions(new, config, actions)

    def __repr__(self) -> str:
        return f"Countdown({json.dumps(self._state())})"
