"""The SP4X Game facade: the same contract as Space Empires' :class:`se4x_core.game.Game`.

    >>> game = Game.new_game({"players": 3, "seed": 7})
    >>> game.phase, game.current_player in (0, 1, 2)
    ('draw', True)
    >>> events = game.apply(game.legal_actions()[0])
    >>> Game.from_json(game.to_json()) == game
    True

Actions go in as :class:`~se4x_core.games.sp4x.actions.Action` values or
their integer codes; chance (shuffles, the card drawn from an opponent's
hand) comes from a generator inside the state, so the config plus the
action codes replay a game exactly.  A save is the config, the codes and
the resulting state; loading replays the codes and refuses the whole file,
naming the first differing field, if the stored state disagrees.
"""

from __future__ import annotations

from typing import Any

from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError
from se4x_core.gamekit.actions import code_of
from se4x_core.gamekit.facade import Event, RecordedGame
from se4x_core.games.sp4x import observation as obs
from se4x_core.games.sp4x import rules
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.state import State

SAVE_FORMAT = "sp4x-save"
SAVE_VERSION = 1
PROTOTYPE = True

__all__ = ["Game", "Action", "Event", "PROTOTYPE", "IllegalActionError", "ConfigError",
           "SaveFormatError"]


class Game(RecordedGame[State]):
    """One game of SP4X, built from prototype rules.

    The rules text is a convention prototype's (its Alien CIV powers "may still
    change"); what it leaves open is filled in from ``resources/sp4x/rules.json``
    and explained in the README's SP4X section.  :data:`PROTOTYPE` is True so that
    the app can say so.
    """

    SAVE_FORMAT = SAVE_FORMAT
    SAVE_VERSION = SAVE_VERSION
    TITLE = "SP4X"
    ACTION = Action
    prototype = PROTOTYPE

    def __init__(self, state: State, config: dict[str, Any]) -> None:
        self._state = state
        self._config = config
        self._codes: list[int] = []
        self._legal: list[int] | None = None

    # -- creation ---------------------------------------------------------------------
    @classmethod
    def new_game(cls, config: dict[str, Any] | None = None) -> Game:
        """A new game of ``{"players": 3 or 4, "seed": int, "factions": [names]}``;
        ConfigError names a bad field."""
        config = rules.normalise_config(config)
        return cls(rules.new_state(config), config)

    # -- the contract (the rest: RecordedGame) ---------------------------------------------
    @property
    def active_player(self) -> int:
        """Whose turn it is (the current player decides: another in a War or a Star
        chain)."""
        return self._state.active

    @property
    def scores(self) -> list[int]:
        return list(self._state.score)

    @property
    def actions(self) -> list[Action]:
        return [Action.from_code(code) for code in self._codes]

    def legal_codes(self) -> list[int]:
        if self._legal is None:
            self._legal = rules.legal(self._state)
        return list(self._legal)

    def apply(self, action: Action | int) -> list[Event]:
        """Apply one action; IllegalActionError naming why (the game untouched) if it is
        not legal now.  Returns the events, each with its audience."""
        code = _code_of(action)
        if code not in self.legal_codes():
            raise IllegalActionError(rules.explain(self._state, code))
        events: list[Event] = []
        rules.apply(self._state, code, events)
        self._codes.append(code)
        self._legal = None
        return events

    def explain(self, action: Action | int) -> str | None:
        """Why ``action`` is refused now, as a sentence; None if it is legal."""
        try:
            code = _code_of(action)
        except IllegalActionError as exc:
            return str(exc)
        if code in self.legal_codes():
            return None
        return rules.explain(self._state, code)

    def observation(self, player: int) -> obs.Observation:
        """What ``player`` may know, and nothing more."""
        self._check_player(player)
        return obs.observation(self._state, player)

    def information_set(self, player: int) -> obs.InformationSet:
        """The observation plus the card tracking a search samples hidden hands from."""
        self._check_player(player)
        return obs.information_set(self._state, player)

    def determinize(self, player: int, seed: int) -> Game:
        """A game ``player`` cannot tell from this one (unknown cards redealt, a fresh
        generator): what a search plays forward.  Not replayable from its actions."""
        self._check_player(player)
        other = Game(obs.determinize(self._state, player, seed), self._config)
        other._codes = list(self._codes)
        return other

    def clone(self) -> Game:
        other = Game(self._state.copy(), self._config)
        other._codes = list(self._codes)
        other._legal = self._legal
        return other


def _code_of(action: Action | int) -> int:
    """The exact code of ``action``; IllegalActionError for anything that is not one."""
    return code_of(action, Action)
