"""Space Empires' session: the one driver (:mod:`se4x_qt.session.driver`) with the
game's extras.

* **Undo** of the viewer's movement steps, never past a reveal or a die roll (a game
  held here only: on a LAN the host has shown every step to the others already).
* **Battles**: both sides decide in the combat window, which shows only what the battle
  revealed to both, so a battle is a decision the players share at one screen (no
  handover); the viewer's battle decisions can be auto-resolved by the default policy at
  a readable pace, or at once.
* **Hints** from the Hard level's search, on the viewer's information set (a game held
  here: a LAN client has no information set).

Widgets act through ``table``; ``apply(action)`` is the same request, waited for.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import Signal

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.events import IRREVERSIBLE
from se4x_core.game import Game
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import Event
from se4x_core.gamekit.table import LocalTable
from se4x_core.observation import Observation
from se4x_core.phases import COMBAT_PHASES
from se4x_qt.session.driver import GameDriver, remote_seats
from se4x_qt.session.seats import HUMAN, Seat, seats_from_humans

if TYPE_CHECKING:
    from se4x_qt.session.remote import LanConnection

GAME = "se4x"  # this game's name in the registry
UNDOABLE_KINDS = ("move", "split", "merge", "load", "unload", "colonize", "board",
                  "leave_carrier")


class Session(GameDriver):
    """A game of Space Empires in progress (see the module docstring)."""

    hint_ready = Signal(str)  # the Hard level's search's suggestion for the viewer, in one line
    undone = Signal()  # the last action was taken back
    auto_resolving = Signal(bool)  # a battle is (or stops being) auto-resolved

    # Auto-resolved battles at each pace: (pause between decisions, so the dice can be
    # followed; how long a battle's end stays on screen, None: until the player closes it), ms.
    BATTLE_PACES: Final = {"watch": (700, None), "normal": (300, 3000), "fast": (0, 0)}
    auto_step_ms = 300  # the "normal" pace's
    battle_end_ms: int | None = 3000
    # Why no undo on a LAN: the host applies each step at once, journals it and shows it
    # to every other player; taking it back would retract what they have been shown.
    UNDO_OFF: Final = ("Undo is off in a network game: the host has already shown your "
                       "move to the other players")

    def __init__(self, game: Game | None = None, seats: list[Seat] | None = None,
                 pins: dict[int, str] | None = None, names: list[str] | None = None,
                 pin_salt: str | None = None, humans: list[bool] | None = None,
                 connection: LanConnection | None = None,
                 seen: dict[int, list[Event]] | None = None) -> None:
        if connection is not None:
            super().__init__(GAME, connection.table, remote_seats(connection),
                             names=connection.seat_names(), connection=connection)
        else:
            assert game is not None
            players = int(game.config["players"])
            if seats is None:
                bot = registry.record(GAME).default_bot
                seats = seats_from_humans(humans, bot) if humans is not None else \
                    [Seat(HUMAN)] * players
            if len(seats) != players:
                raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
            super().__init__(GAME, LocalTable(game), seats, names, pins, pin_salt, seen)
        self.path: Path | None = None
        self._undo: list[tuple[Game, Action]] = []  # (game before, step) of the viewer's
        self._auto = False
        self._auto_hex = -1
        self._auto_colony = False
        if game is not None:
            self._hold_game(game)

    @classmethod
    def local(cls, game: str, facade: Any, seats: list[Seat], **kwargs: Any) -> Session:
        """A game held here (``game`` is this game's name, see :data:`GAME`)."""
        return cls(facade, seats=seats, **kwargs)

    @classmethod
    def remote(cls, game: str, connection: LanConnection) -> Session:
        return cls(connection=connection)

    # -- reading ---------------------------------------------------------------------
    def observation(self) -> Observation:
        """What the viewer may know."""
        observation: Observation = self.table.observation(self.viewer)
        return observation

    @property
    def in_battle(self) -> bool:
        return self.table.phase in COMBAT_PHASES

    def shared_decision(self) -> bool:
        """A battle: both sides decide in the combat window, no handover between them."""
        return self.in_battle

    @property
    def offers_hints(self) -> bool:
        """The search needs the information set, which only a game held here has."""
        return self.connection is None

    @property
    def undo_off(self) -> str:
        """Why Undo does nothing ("" where it works)."""
        return self.UNDO_OFF if self.connection is not None else ""

    def set_pace(self, name: str) -> None:
        """How fast computer players act and battles auto-resolve: "watch" (each step
        readable, a battle's end waits for the player), "normal" or "fast"."""
        super().set_pace(name)
        self.auto_step_ms, self.battle_end_ms = self.BATTLE_PACES.get(
            name, self.BATTLE_PACES["normal"])

    # -- undo ------------------------------------------------------------------------
    def _before_commit(self, action: Any) -> object:
        return self.game.clone()

    def _after_commit(self, action: Any, before: object, events: list[Event]) -> None:
        # A movement step may be taken back unless it revealed something or rolled a
        # die (the engine flags those event kinds: events.IRREVERSIBLE).
        assert isinstance(before, Game)
        if action.kind in UNDOABLE_KINDS and not any(e["type"] in IRREVERSIBLE for e in events):
            self._undo.append((before, action))
        else:
            self._undo.clear()

    def _handing_over(self) -> None:
        self._undo.clear()

    def can_undo(self) -> bool:
        return self.connection is None and bool(self._undo) and \
            self.current_player == self.viewer and self.seats[self.viewer].is_human

    def undo(self) -> Action:
        """Take back the viewer's last movement step (never past a reveal or a roll);
        returns the step taken back, for the window to say what it was."""
        if not self.can_undo():
            raise IllegalActionError(self.undo_off or "nothing to undo")
        phase = self.game.phase
        self.game, action = self._undo.pop()
        self.undone.emit()
        self.changed.emit()
        if self.game.phase != phase:
            self.phase_changed.emit(self.game.phase)
        return action

    # -- hints -----------------------------------------------------------------------
    def request_hint(self, seconds: float = 1.0) -> bool:
        """Ask the Hard level's search what it would do now for the viewer (at most
        ``seconds``: a cap for a slow machine); ``hint_ready`` says it."""
        if not self.offers_hints or not self.viewer_may_act() or self._thinker.busy:
            return False
        from se4x_core.ai.hint import hint  # the search loads only when a hint is asked for

        tag = ("hint", id(self.game), len(self.game.action_codes))
        seed = len(self.game.action_codes)
        known = self.game.information_set(self.viewer)
        self._thinker.think(tag, lambda obs, legal: hint(obs, legal, known, seed, seconds),
                            self.observation(), self.game.legal_actions())
        return True

    def _decided(self, tag: object, result: object) -> None:
        if self.connection is None and tag == ("hint", id(self.game),
                                                len(self.game.action_codes)):
            self.hint_ready.emit(str(result))
            return
        super()._decided(tag, result)

    # -- auto-resolve ----------------------------------------------------------------
    def auto_resolve(self) -> None:
        """Let the default policy take this screen's decisions until the current battle ends.

        Only the battle being fought (or, while choosing, the one chosen next)
        is resolved; the attack on a colony that may follow is a new decision
        and stops it, as does any refusal.  One decision per ``auto_step_ms``.
        """
        if not self.in_battle or not self.viewer_may_act():
            return
        battle = self.observation()["battle"]
        self._auto_hex = battle["hex"] if battle is not None else -1
        self._auto_colony = bool(battle is not None and battle["colony_phase"])
        self._auto = True
        self.auto_resolving.emit(True)
        self._running = True
        self._schedule()

    def stop_auto(self) -> None:
        if self._auto:
            self._auto = False
            self._timer.stop()
            self.auto_resolving.emit(False)
            self._schedule()

    def stop(self) -> None:
        self._auto = False
        super().stop()

    @property
    def auto_running(self) -> bool:
        return self._auto

    def _schedule_more(self) -> None:
        if self._auto and self._auto_applies():
            self._timer.start(self.auto_step_ms)
        elif self._auto:
            self._auto = False
            self.auto_resolving.emit(False)

    def _drive_more(self) -> bool:
        if self._auto and self._auto_applies():
            self.table.apply(self._suggested()).add_done_callback(self._auto_done)
            return True
        return False

    def _auto_done(self, answer: Future[list[Event]]) -> None:
        """An auto-resolved decision was answered: a refusal stops auto-resolve."""
        if answer.exception() is not None:
            self.stop_auto()
        self._schedule()

    def _auto_applies(self) -> bool:
        """Still the battle auto-resolve was started for, and this screen's decision."""
        if not self.in_battle or not self.viewer_may_act():
            return False
        battle = self.observation()["battle"]
        if battle is None:  # choosing a battle: only the very first step picks one
            return self._auto_hex < 0
        if self._auto_hex < 0:
            self._auto_hex = battle["hex"]
            self._auto_colony = battle["colony_phase"]
        return battle["hex"] == self._auto_hex and battle["colony_phase"] == self._auto_colony

    def _suggested(self) -> Action:
        code = self.table.observation(self.current_player)["suggested"]
        assert code is not None  # the current player always has a default action
        return Action.from_code(code)

    def resolve_battle_now(self, limit: int = 5000) -> list[Event]:
        """Resolve the rest of the combat phase at once by the default policy (computer
        seats by their bots), each decision through the table."""
        events: list[Event] = []
        for _ in range(limit):
            if self.computer_to_act() and self.in_battle:
                player = self.current_player
                bot = self._bots[player]
                if bot.needs_information_set:
                    bot.inform(self.game.information_set(player))
                events += self._commit(bot.step(self.game.observation(player),
                                                self.game.legal_actions()))
            elif self.in_battle and self.viewer_may_act():
                events += self.apply(self._suggested())
            else:
                break
        self._schedule()
        return events


def autosave_detail(session: Session) -> str:
    """An autosave's name's tail: the round and the phase ("r03-movement")."""
    return f"r{session.observation()['round']:02d}-{session.phase}"


__all__ = ["GAME", "Session", "UNDOABLE_KINDS", "autosave_detail"]
