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
from se4x_core.errors import IllegalActionError
from se4x_core.events import IRREVERSIBLE, Event, filter_for
from se4x_core.game import Game
from se4x_core.phases import COMBAT_PHASES
from se4x_qt.session import pins as _pins


class Session(QObject):
    """A game in progress, seen from one seat at a time."""

    changed = Signal()
    events = Signal(list)  # events visible to the viewer
    handover_needed = Signal(int)  # the player who must take the screen
    viewer_changed = Signal(int)
    game_over = Signal(int)  # winner, or -1
    # Added for the app shell (main window, journal, autosave):
    phase_changed = Signal(str)  # the new phase, after an action or an undo
    recorded = Signal(list)  # every event of one action, unfiltered: listeners filter per player
    undone = Signal()  # the last action was taken back

    def __init__(self, game: Game, humans: list[bool] | None = None,
                 pins: dict[int, str] | None = None, names: list[str] | None = None,
                 pin_salt: str | None = None) -> None:
        super().__init__()
        self.game = game
        players = game.config["players"]
        self.humans = humans or [True] * players
        self.pin_hashes: dict[int, str] = dict(pins or {})  # player -> salted hash
        self.pin_salt = pin_salt or _pins.new_salt()  # one per game (see pins.py)
        self.player_names: list[str] = list(names or [])  # read by style.session_player_name
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
        return self.game.phase in COMBAT_PHASES

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
        self.recorded.emit(events)
        self.events.emit(filter_for(events, self.viewer))
        self.changed.emit()
        if self.game.phase != before.phase:
            self.phase_changed.emit(self.game.phase)
        self._after_action()
        return events

    def _note_undo_point(self, before: Game, action: Action, events: list[Event]) -> None:
        # A movement step may be taken back unless it revealed something or rolled a
        # die (the engine flags those event kinds: events.IRREVERSIBLE).
        if action.kind in ("move", "split", "merge", "load", "unload", "colonize") and \
                not any(e["type"] in IRREVERSIBLE for e in events):
            self._undo.append(before)
        else:
            self._undo.clear()

    def can_undo(self) -> bool:
        return bool(self._undo) and self.decider == self.viewer

    def undo(self) -> None:
        """Take back the viewer's last movement step (never past a reveal or a roll)."""
        if not self.can_undo():
            raise IllegalActionError("nothing to undo")
        phase = self.game.phase
        self.game = self._undo.pop()
        self.undone.emit()
        self.changed.emit()
        if self.game.phase != phase:
            self.phase_changed.emit(self.game.phase)

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

    # -- hot-seat PINs (hashed with the game's salt; see pins.py) ------------------
    def set_pin(self, player: int, pin: str | None) -> None:
        """Set (or with an empty PIN, clear) a player's PIN; only its hash is kept."""
        if pin:
            self.pin_hashes[player] = _pins.hash_pin(pin, self.pin_salt)
        else:
            self.pin_hashes.pop(player, None)

    def has_pin(self, player: int) -> bool:
        return player in self.pin_hashes

    def check_pin(self, player: int, pin: str) -> bool:
        """True when ``player`` has no PIN or ``pin`` is theirs."""
        digest = self.pin_hashes.get(player)
        return digest is None or _pins.check_pin(pin, self.pin_salt, digest)

    def player_name(self, player: int) -> str:
        """The name chosen for a player, else the colour ("Blue")."""
        from se4x_core.data import PLAYER_COLOURS

        if 0 <= player < len(self.player_names) and self.player_names[player]:
            return self.player_names[player]
        return PLAYER_COLOURS[player] if 0 <= player < len(PLAYER_COLOURS) else "Nobody"
