"""The SE4 board game's facade: the same contract as every game se4x plays.

    >>> game = Game.new_game({"players": 2, "seed": 3})
    >>> game.phase
    'home'
    >>> events = game.apply(game.legal_actions()[0])
    >>> Game.from_json(game.to_json()) == game
    True

Actions go in as :class:`~se4x_core.games.se4.actions.Action` values or their codes;
every die is rolled by a generator inside the state, so the config plus the codes
replay a game exactly.  A save is the config, the codes and the resulting state; a load
replays the codes and, verified, refuses the file naming the first field that differs.
"""

from __future__ import annotations

from typing import Any

from se4x_core.errors import IllegalActionError
from se4x_core.gamekit.actions import code_of
from se4x_core.gamekit.facade import Event, RecordedGame
from se4x_core.games.se4 import observation as obs
from se4x_core.games.se4 import rules
from se4x_core.games.se4.actions import Action, decode
from se4x_core.games.se4.data import Gaps, load
from se4x_core.games.se4.explain import why
from se4x_core.games.se4.state import State

SAVE_FORMAT = "se4-save"
SAVE_VERSION = 1


class Game(RecordedGame[State]):
    """One game of the SE4 board game (fan rules, gaps filled from ``resources/se4``)."""

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    TITLE = "SE4"
    ACTION = Action
    prototype = True

    def __init__(self, state: State, config: dict[str, Any], gaps: Gaps) -> None:
        self._state = state
        self._config = config
        self._gaps = gaps
        self._codes: list[int] = []

    @classmethod
    def new_game(cls, config: dict[str, Any] | None = None) -> Game:
        """A new game of ``{"players": 2-4, "seed": int, "round_limit": int}``;
        ConfigError names a bad field."""
        gaps = load()
        config = rules.normalise_config(config, gaps)
        return cls(rules.new_state(config, gaps), config, gaps)

    # -- the contract ------------------------------------------------------------------------
    @property
    def gaps(self) -> Gaps:
        return self._gaps

    def legal_codes(self) -> list[int]:
        return [] if self._state.is_over else list(self._state.legal)

    def legal_actions(self) -> list[Action]:
        return [decode(code) for code in self.legal_codes()]

    def apply(self, action: Action | int) -> list[Event]:
        """Apply one action; IllegalActionError naming why (the game untouched) if it is
        not legal now.  Returns the events, each with its audience."""
        code = code_of(action, Action)
        if code not in self._state.legal or self._state.is_over:
            raise IllegalActionError(why(self._state, self._gaps, Action.from_code(code)))
        events: list[Event] = []
        rules.apply(self._state, self._gaps, code, events)
        self._codes.append(code)
        return events

    def explain(self, action: Action | int) -> str | None:
        """Why ``action`` is refused now, as a sentence; None if it is legal."""
        try:
            code = code_of(action, Action)
        except IllegalActionError as exc:
            return str(exc)
        if code in self.legal_codes():
            return None
        return why(self._state, self._gaps, Action.from_code(code))

    def observation(self, player: int) -> obs.Observation:
        self._check_player(player)
        return obs.observation(self._state, self._gaps, player)

    def information_set(self, player: int) -> obs.Observation:
        self._check_player(player)
        return obs.information_set(self._state, self._gaps, player)

    def determinize(self, player: int, seed: int) -> Game:
        """A game ``player`` cannot tell from this one (hidden cards redealt, a fresh
        generator): what a search plays forward.  Not replayable from its actions."""
        self._check_player(player)
        other = Game(obs.determinize(self._state, player, seed), self._config, self._gaps)
        other._codes = list(self._codes)
        return other

    def clone(self) -> Game:
        other = Game(self._state.copy(), self._config, self._gaps)
        other._codes = list(self._codes)
        return other


__all__ = ["Event", "Game", "SAVE_FORMAT", "SAVE_VERSION"]
