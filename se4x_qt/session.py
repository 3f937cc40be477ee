"""The game session behind the window: one Game, whose screen it is, and
everything that must happen around an action (undo points, autosave,
handing the screen to the next player).

Widgets never touch the engine's state: they read ``observation()`` for the
player at the screen (the *viewer*), list ``legal_actions()``, and call
``apply(action)``.  Every change is announced with the ``changed`` signal and
the events the viewer may see with ``events``.

Hot-seat: when the player who must decide next is not the viewer, the
session does not switch by itself; it emits ``handover_needed(player)`` and
waits for ``accept_handover(player)`` (after the handover screen and an
optional PIN).  During a battle both players decide in the combat window,
which shows only what the battle has revealed to both, so the session lets
the deciding player act there without a handover (``battle_decider``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from se4x_core.actions import Action
from se4x_core.engine import IllegalActionError
from se4x_core.events import Event, filter_for
from se4x_core.game import Game
from se4x_core.state import COMBAT_STAGES

# Events after which a movement step may no longer be taken back: something
# was revealed or a die was rolled.
IRREVERSIBLE_EVENTS = frozenset({
    "explored", "black_hole", "unit_destroyed", "peeked", "lost_in_space_shift",
    "battle_started", "shot", "colony_shot", "turned_back",
})


class Session(QObject):
    """A game in progress, seen from one seat at a time."""

    changed = Signal()
    events = Signal(list)  # events visible to the viewer
    handover_needed = Signal(int)  # the player who must take the screen
    viewer_changed = Signal(int)
    game_over = Signal(int)  # winner, or -1

    def __init__(self, game: Game, humans: list[bool] | None = None,
                 pins: dict[int, str] | None = None) -> None:
        super().__init__()
        self.game = game
        players = game.state.n_players
        self.humans = humans or [True] * players
        self.pin_hashes: dict[int, str] = dict(pins or {})  # player -> salted hash
        self.viewer = game.current_player if game.current_player >= 0 else 0
        self.path: Path | None = None
        self._undo: list[Game] = []  # game before each undoable step of the viewer

    # -- reading ----------------------------------------------------------------
    def observation(self) -> dict[str, Any]:
        """What the viewer may know."""
        return self.game.observation(self.viewer)

    @property
    def decider(self) -> int:
        """The player the game waits for (-1 when over)."""
        return self.game.current_player

    @property
    def in_battle(self) -> bool:
        return self.game.state.stage in COMBAT_STAGES

    def viewer_may_act(self) -> bool:
        """True when the player at the screen is the one to decide now."""
        return self.decider == self.viewer or (self.in_battle and self.decider >= 0)

    def legal_actions(self) -> list[Action]:
        """The decider's legal actions, if the screen may take them."""
        return self.game.legal_actions() if self.viewer_may_act() else []

    # -- acting -----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply an action for the decider; raises IllegalActionError untouched."""
        if not self.viewer_may_act():
            raise IllegalActionError(f"it is player {self.decider}'s decision, not this screen's")
        before = self.game.clone()
        events = self.game.apply(action)
        self._note_undo_point(before, action, events)
        self.events.emit(filter_for(events, self.viewer))
        self.changed.emit()
        self._after_action()
        return events

    def _note_undo_point(self, before: Game, action: Action, events: list[Event]) -> None:
        if action.kind in ("move", "split", "merge", "load", "unload", "colonize") and \
                not any(e["type"] in IRREVERSIBLE_EVENTS for e in events):
            self._undo.append(before)
        else:
            self._undo.clear()

    def can_undo(self) -> bool:
        return bool(self._undo) and self.decider == self.viewer

    def undo(self) -> None:
        """Take back the viewer's last movement step (never past a reveal or a roll)."""
        if not self.can_undo():
            raise IllegalActionError("nothing to undo")
        self.game = self._undo.pop()
        self.changed.emit()

    def _after_action(self) -> None:
        if self.game.is_over:
            self.game_over.emit(self.game.winner if self.game.winner is not None else -1)
            return
        if self.decider != self.viewer and not self.in_battle:
            self._undo.clear()
            self.handover_needed.emit(self.decider)

    def accept_handover(self, player: int) -> None:
        """The next player has the screen now."""
        self.viewer = player
        self._undo.clear()
        self.viewer_changed.emit(player)
        self.changed.emit()
