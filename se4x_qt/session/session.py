"""The game session: the one object that drives a game for the app.

It holds the Game and the players' seats (:mod:`se4x_qt.session.seats`) and
does everything that must happen around an action: it asks the seat whose
decision it is (a computer seat's bot is asked on the event loop, one
decision at a time, so the window stays responsive), auto-resolves battles
at a readable pace, keeps undo points, asks for an autosave at every phase
change, hands the screen to the next human, and tells the views what
happened through signals.  Views only start it, stop it and watch.

Widgets never touch the engine's state: they read ``observation()`` for the
player at the screen (the *viewer*), list ``legal_actions()``, and act through
``table`` (:class:`~se4x_core.gamekit.table.Table`): an action, a planned path, a
whole battle choice or a question why something is refused, each answered
as a future, the same whether the game is here (a
:class:`~se4x_core.gamekit.table.LocalTable` whose every step goes through this
session: undo points, signals, autosave) or on a LAN host (the remote
session's table).  ``apply(action)`` is the same request, waited for.

Hot-seat: when the next player to decide is a human who is not the viewer,
the session emits ``handover_needed(player)`` and waits for
``accept_handover(player)`` (after the handover screen and an optional PIN).
During a battle both sides decide in the combat window, which shows only
what the battle has revealed to both, so the current player acts there
without a handover.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Final

from PySide6.QtCore import QObject, QTimer, Signal

from se4x_core.actions import Action
from se4x_core.ai.bot import Bot, ask
from se4x_core.data import PLAYER_COLOURS
from se4x_core.errors import IllegalActionError
from se4x_core.events import IRREVERSIBLE, Event, filter_for
from se4x_core.game import Game
from se4x_core.gamekit.table import LocalTable, Table
from se4x_core.observation import Observation
from se4x_core.phases import COMBAT_PHASES
from se4x_qt.session import pins as _pins
from se4x_qt.session.seats import HUMAN, Seat, seats_from_humans
from se4x_qt.session.thinker import Thinker

UNDOABLE_KINDS = ("move", "split", "merge", "load", "unload", "colonize", "board",
                  "leave_carrier")


class Session(QObject, _pins.PinLocks):
    """A game in progress, driven for its seats and seen from one screen at a time."""

    changed = Signal()
    events = Signal(list)  # events visible to the viewer
    handover_needed = Signal(int)  # the player who must take the screen
    viewer_changed = Signal(int)
    game_over = Signal(int)  # winner, or -1
    phase_changed = Signal(str)  # the new phase, after an action or an undo
    recorded = Signal(list)  # every event of one action, unfiltered: listeners filter per player
    undone = Signal()  # the last action was taken back
    computer_thinking = Signal(int)  # the computer player about to decide (-1: none)
    computer_failed = Signal(str)  # a computer player raised: the game stops, nothing is lost
    hint_ready = Signal(str)  # the Hard level's search's suggestion for the viewer, in one line
    offers_hints = True  # the search needs the information set: a LAN client has none
    auto_resolving = Signal(bool)  # a battle is (or stops being) auto-resolved

    saves_locally = True  # False for a client of a LAN host: the host keeps the saves
    computer_step_ms = 150  # pause before each computer decision, so moves can be followed
    # The Game > Computer Pace choices: name -> (menu label, pause before each decision, ms).
    PACES: Final = {"watch": ("&Step by Step", 600), "normal": ("&Normal", 150),
                    "fast": ("&Fast", 0)}
    # Auto-resolved battles at each pace: (pause between decisions, so the dice can be
    # followed; how long a battle's end stays on screen, None: until the player closes it), ms.
    BATTLE_PACES: Final = {"watch": (700, None), "normal": (300, 3000), "fast": (0, 0)}
    auto_step_ms = 300  # the "normal" pace's
    battle_end_ms: int | None = 3000

    def set_pace(self, name: str) -> None:
        """How fast computer players act and battles auto-resolve: "watch" (each step
        readable, a battle's end waits for the player), "normal" or "fast" (no pause: their
        moves and battles go by as fast as they are decided)."""
        self.computer_step_ms = self.PACES[name][1] if name in self.PACES else 150
        self.auto_step_ms, self.battle_end_ms = self.BATTLE_PACES.get(
            name, self.BATTLE_PACES["normal"])

    def __init__(self, game: Game | None, seats: list[Seat] | None = None,
                 pins: dict[int, str] | None = None, names: list[str] | None = None,
                 pin_salt: str | None = None, humans: list[bool] | None = None,
                 table: Table[Event] | None = None) -> None:
        super().__init__()
        self._game = game  # None: a LAN host holds the game
        self.table: Table[Event] = table if table is not None else LocalTable(
            lambda: self.game, self.viewer_may_act, self._commit_code)
        players = self.table.players
        if seats is None:
            seats = seats_from_humans(humans) if humans is not None else [Seat(HUMAN)] * players
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
        self.seats: list[Seat] = list(seats)
        self.acting_player = -1  # the player whose decision was applied last
        self.pin_hashes: dict[int, str] = dict(pins or {})  # player -> salted hash
        self.pin_salt = pin_salt or _pins.new_salt()  # one per game (see pins.py)
        self.player_names: list[str] = list(names or [])  # read by style.session_player_name
        self.viewer = self._first_viewer()
        self.path: Path | None = None
        self.autosaver: Callable[[Session], None] | None = None  # set by the window
        self._undo: list[tuple[Game, Action]] = []  # (game before, step) of the viewer's steps
        self._bots: dict[int, Bot] = {p: seat.make_bot(self.game.config["seed"] * 31 + p)
                                      for p, seat in enumerate(self.seats) if seat.is_computer}
        self._running = False
        self._holds = 0  # see hold(): a battle's end on screen keeps the game where it is
        self._handover_held = False
        self._auto = False
        self._auto_hex = -1
        self._auto_colony = False
        self._thinker = Thinker(self)
        self._thinker.done.connect(self._decided)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._drive)

    @property
    def game(self) -> Game:
        """The game held here; a LAN client's session holds none (it reads ``table``)."""
        if self._game is None:
            raise RuntimeError("the game is on a LAN host: this session reads its table")
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game

    def _first_viewer(self) -> int:
        """The screen starts with the player to act if human, else the first human seat."""
        current = self.current_player
        if current >= 0 and self.seats[current].is_human:
            return current
        return next((p for p, seat in enumerate(self.seats) if seat.is_human), 0)

    # -- reading ----------------------------------------------------------------
    def observation(self) -> Observation:
        """What the viewer may know."""
        observation: Observation = self.table.observation(self.viewer)
        return observation

    @property
    def current_player(self) -> int:
        """The player the game waits for (-1 when over)."""
        return self.table.current_player

    @property
    def humans(self) -> list[bool]:
        """Per player: is the seat a human at this computer?"""
        return [seat.is_human for seat in self.seats]

    def is_computer(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player].is_computer

    @property
    def in_battle(self) -> bool:
        return self.table.phase in COMBAT_PHASES

    def viewer_may_act(self) -> bool:
        """True when the player at the screen may take the current decision."""
        current = self.current_player
        if current < 0 or not self.seats[current].is_human:
            return False
        return current == self.viewer or self.in_battle

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions, if the screen may take them."""
        return self.table.legal_actions() if self.viewer_may_act() else []

    # -- driving ----------------------------------------------------------------
    def start(self) -> None:
        """Begin driving: computer seats decide whenever it is their turn."""
        self._running = True
        self._schedule()

    def stop(self) -> None:
        """Stop driving (the window closes or shows another game); nothing is lost."""
        self._running = False
        self._auto = False
        self._timer.stop()

    @property
    def running(self) -> bool:
        return self._running

    def computer_to_act(self) -> bool:
        return not self.table.is_over and self.is_computer(self.current_player)

    def _schedule(self) -> None:
        """Arm the timer when a computer or an auto-resolved battle has the next decision."""
        if not self._running or self._timer.isActive() or self._holds:
            return
        if self.computer_to_act():
            if not self._thinker.busy:
                self.computer_thinking.emit(self.current_player)
                self._timer.start(self.computer_step_ms)
        elif self._auto and self._auto_applies():
            self._timer.start(self.auto_step_ms)
        elif self._auto:
            self._auto = False
            self.auto_resolving.emit(False)

    def _drive(self) -> None:
        """Start a computer seat's decision (on the thinker), or one auto-resolved decision."""
        if self.computer_to_act():
            if not self._thinker.busy:
                player = self.current_player
                tag = (player, len(self.game.action_codes), id(self.game))
                bot = self._bots[player]
                if bot.needs_information_set:
                    bot.inform(self.game.information_set(player))
                self._thinker.think(tag, bot.step,
                                    self.game.observation(player), self.game.legal_actions())
            return
        if self._auto and self._auto_applies():
            self.table.apply(self._suggested()).add_done_callback(self._auto_done)
            return
        self._schedule()

    def _auto_done(self, answer: Future[list[Event]]) -> None:
        """An auto-resolved decision was answered: a refusal stops auto-resolve."""
        if answer.exception() is not None:
            self.stop_auto()
        self._schedule()

    def _decided(self, tag: object, result: object) -> None:
        """A computer's decision is back: apply it if the game is still where it was asked."""
        if tag == ("hint", id(self.game), len(self.game.action_codes)):
            self.hint_ready.emit(str(result))
            return
        if not self._running or self._holds or tag != (self.current_player,
                                                        len(self.game.action_codes),
                                                        id(self.game)):
            self._schedule()  # asked again once released
            return
        if isinstance(result, Exception):
            self.stop()
            self.computer_failed.emit(f"the computer player failed: {result}")
            return
        assert isinstance(result, Action)
        self._commit(result)
        if not self.computer_to_act():
            self.computer_thinking.emit(-1)
        self._schedule()

    def thinking(self) -> bool:
        """True while a computer player's decision is being worked out."""
        return self._thinker.busy

    def wait_for_computer(self, timeout: float | None = None) -> None:
        self._thinker.wait(timeout)

    # -- hints ------------------------------------------------------------------
    def request_hint(self, seconds: float = 1.0) -> bool:
        """Ask the Hard level's search what it would do now for the viewer (at most
        ``seconds``: a cap for a slow machine); ``hint_ready`` says it."""
        if not self.viewer_may_act() or self._thinker.busy:
            return False
        from se4x_core.ai.hint import hint  # the search loads only when a hint is asked for

        tag = ("hint", id(self.game), len(self.game.action_codes))
        seed = len(self.game.action_codes)
        known = self.game.information_set(self.viewer)
        self._thinker.think(tag, lambda obs, legal: hint(obs, legal, known, seed, seconds),
                            self.observation(), self.game.legal_actions())
        return True

    def step_computer(self) -> bool:
        """Take one computer decision now (tests, and a "next move" button); False if none."""
        if not self.computer_to_act():
            return False
        self._timer.stop()
        self._commit(ask(self._bots[self.current_player], self.game, self.current_player))
        self._schedule()
        return True

    # -- auto-resolve -----------------------------------------------------------
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

    @property
    def auto_running(self) -> bool:
        return self._auto

    def resolve_battle_now(self, limit: int = 5000) -> list[Event]:
        """Resolve the rest of the combat phase at once by the default policy."""
        events: list[Event] = []
        for _ in range(limit):
            if self.computer_to_act() and self.in_battle:
                player = self.current_player
                events += self._commit(ask(self._bots[player], self.game, player))
            elif self.in_battle and self.viewer_may_act():
                events += self._commit(self._suggested())
            else:
                break
        self._schedule()
        return events

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

    # -- acting -----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a human's action for the current player; IllegalActionError leaves all as was.

        The table's request, waited for (the views use ``table`` and its futures).
        """
        if not self.viewer_may_act():
            raise IllegalActionError(
                f"it is player {self.current_player}'s decision, not this screen's")
        return self.wait(self.table.apply(action))

    def wait(self, answer: Future[list[Event]]) -> list[Event]:
        """The answer to a table request (a local table's is already there)."""
        return answer.result(timeout=0)

    def _commit_code(self, code: int) -> list[Event]:
        """The local table's step: one legal code through this session."""
        events = self._commit(Action.from_code(code))
        self._schedule()
        return events

    def _commit(self, action: Action) -> list[Event]:
        self.acting_player = self.current_player  # who decided: listeners of ``recorded`` ask
        before = self.game.clone()
        events = self.game.apply(action)
        self._note_undo_point(before, action, events)
        self.recorded.emit(events)
        self.events.emit(filter_for(events, self.viewer))
        self.changed.emit()
        if self.game.phase != before.phase:
            self.phase_changed.emit(self.game.phase)
            if self.autosaver is not None:
                self.autosaver(self)
        self._after_action()
        return events

    def _note_undo_point(self, before: Game, action: Action, events: list[Event]) -> None:
        # A movement step may be taken back unless it revealed something or rolled a
        # die (the engine flags those event kinds: events.IRREVERSIBLE).
        if action.kind in UNDOABLE_KINDS and not any(e["type"] in IRREVERSIBLE for e in events):
            self._undo.append((before, action))
        else:
            self._undo.clear()

    def can_undo(self) -> bool:
        return bool(self._undo) and self.current_player == self.viewer and \
            self.seats[self.viewer].is_human

    def undo(self) -> Action:
        """Take back the viewer's last movement step (never past a reveal or a roll);
        returns the step taken back, for the window to say what it was."""
        if not self.can_undo():
            raise IllegalActionError("nothing to undo")
        phase = self.game.phase
        self.game, action = self._undo.pop()
        self.undone.emit()
        self.changed.emit()
        if self.game.phase != phase:
            self.phase_changed.emit(self.game.phase)
        return action

    def _after_action(self) -> None:
        if self.game.is_over:
            self.stop()
            self.game_over.emit(self.game.winner if self.game.winner is not None else -1)
            return
        if self._next_human() >= 0:
            self._undo.clear()
            self._handover_held = bool(self._holds)  # released after the battle's end is read
            if not self._holds:
                self.handover_needed.emit(self.current_player)

    def _next_human(self) -> int:
        """The human, not at the screen, who takes the next decision outside a battle, or -1."""
        current = self.current_player
        if current >= 0 and current != self.viewer and self.seats[current].is_human and \
                not self.in_battle:
            return current
        return -1

    # -- holding the game while the screen shows what the player must read ----------
    def hold(self) -> None:
        """Keep the game where it is while a window shows what the player must read first
        (a battle's end): no computer or auto-resolved decision is taken and the screen is
        not handed to the next player until :meth:`release`.  The engine has moved on
        already; the window shows what it kept.  One release for each hold."""
        self._holds += 1
        self._timer.stop()

    def release(self) -> None:
        """Let the game go on: the handover held back, then the views (``changed``: the
        next phase's window opens), then the computers and auto-resolve."""
        if not self._holds:
            return
        self._holds -= 1
        if self._holds:
            return
        player = self._next_human() if self._handover_held else -1
        self._handover_held = False
        if player >= 0:
            self.handover_needed.emit(player)
        self.changed.emit()
        self._schedule()

    @property
    def held(self) -> bool:
        return bool(self._holds)

    def accept_handover(self, player: int) -> None:
        """The next player has the screen now."""
        self.viewer = player
        self._undo.clear()
        self.viewer_changed.emit(player)
        self.changed.emit()

    def player_name(self, player: int) -> str:
        """The name chosen for a player, else the colour ("Blue")."""
        if 0 <= player < len(self.player_names) and self.player_names[player]:
            return self.player_names[player]
        return PLAYER_COLOURS[player] if 0 <= player < len(PLAYER_COLOURS) else "Nobody"
