"""One session driver for every game, local or on a LAN host.

The driver is the one object that drives a game for the app.  It holds the players'
seats (:mod:`se4x_qt.session.seats`) and does everything that must happen around an
action: it asks the seat whose decision it is (a computer seat's bot thinks off the UI
thread, :mod:`~se4x_qt.session.thinker`, one decision at a time), asks for an autosave
at every phase change, hands the screen to the next human (PINs:
:mod:`~se4x_qt.session.pins`), keeps each player's events (``seen``: the logs and the
saves word them), and tells the views what happened through signals.  Views read
``observation()`` for the player at the screen (the *viewer*), list
``legal_actions()`` and act through ``table``
(:class:`~se4x_core.gamekit.table.Table`) or ``apply``; nothing here reads a game's
state, and nothing here names a game.

Local or remote is the table's business: a game held here is a
:class:`~se4x_core.gamekit.table.LocalTable` whose every step goes through
:meth:`GameDriver._commit` (signals, events, autosave, handover); a game on a LAN host
is the connection's :class:`~se4x_core.net.table.RemoteTable`, the host the authority
(its computer players, its dice, its refusals in its words), its updates fed in by the
connection (:meth:`GameDriver.on_update`).  The seats held elsewhere are *remote*.

A game's extras extend the driver (Space Empires': undo of movement steps, battles
auto-resolved at a readable pace, hints; :mod:`se4x_qt.games.se4x.session`), through
the hooks below (``_before_commit``, ``_after_commit``, ``_handing_over``,
``shared_decision``, ``_schedule_more``, ``_drive_more``).

Hot-seat: when the next player to decide is a human who is not the viewer, the driver
emits ``handover_needed(player)`` and waits for ``accept_handover(player)`` (after the
handover screen and an optional PIN).  A decision the players share at one screen
(Space Empires' battles) needs no handover.  A window may :meth:`hold` the game while
its player reads something (a battle's end): no computer decides and the screen is not
handed over until :meth:`release`.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from se4x_core.errors import IllegalActionError
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import BotLike, Event, Facade
from se4x_core.gamekit.table import LocalTable, Table
from se4x_core.net.protocol import Update
from se4x_qt.session import pins as _pins
from se4x_qt.session.seats import HUMAN, REMOTE, Seat
from se4x_qt.session.thinker import Thinker

if TYPE_CHECKING:
    from se4x_qt.session.remote import LanConnection

EVENTS_KEEP: Final = 600  # events kept per player (the log shows the latest)
NO_ANSWER = ("the host did not answer in time (the connection may have dropped; it "
             "reconnects by itself)")


def wait_for_host(answer: Future[Any], timeout: float) -> Any:
    """Wait (the UI alive, user input held back) for the host's answer to a request;
    its result, its IllegalActionError, or IllegalActionError if none came in time."""
    if not answer.done():
        loop = QEventLoop()
        answer.add_done_callback(lambda _a: loop.quit())
        QTimer.singleShot(int(timeout * 1000), loop.quit)
        if not answer.done():
            loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    if not answer.done():
        raise IllegalActionError(NO_ANSWER)
    return answer.result()


def remote_seats(connection: LanConnection) -> list[Seat]:
    """The seats of a LAN game as this screen holds them: its own human, the rest remote."""
    lobby = connection.lobby
    players = len(lobby.seats) if lobby else connection.players or connection.table.players
    return [Seat(HUMAN) if p in connection.seats else Seat(REMOTE) for p in range(players)]


class GameDriver(QObject, _pins.PinLocks):
    """A game in progress, driven for its seats and seen from one screen at a time."""

    changed = Signal()
    events = Signal(list)  # the events of one action the viewer may see
    recorded = Signal(list)  # every event of one action, unfiltered (remote: as heard)
    handover_needed = Signal(int)  # the human player who must take the screen
    viewer_changed = Signal(int)
    game_over = Signal()  # the winners: ``winners``
    phase_changed = Signal(str)  # the new phase, after an action or an undo
    computer_thinking = Signal(int)  # the computer player about to decide (-1: none)
    computer_failed = Signal(str)  # a computer player raised: the game stops, nothing is lost
    your_turn = Signal(int)  # (a LAN game) a seat held here has become the one to decide

    # The Game > Computer Pace choices: name -> (menu label, pause before each decision, ms).
    PACES: Final = {"watch": ("&Step by Step", 600), "normal": ("&Normal", 150),
                    "fast": ("&Fast", 0)}
    computer_step_ms = 150  # pause before each computer decision, so moves can be followed
    reply_timeout = 10.0  # seconds a LAN host has to answer a request

    def __init__(self, game: str, table: Table[Any], seats: list[Seat],
                 names: list[str] | None = None, pins: dict[int, str] | None = None,
                 pin_salt: str | None = None, seen: dict[int, list[Event]] | None = None,
                 connection: LanConnection | None = None) -> None:
        super().__init__()
        self.game_name = game  # the game's name in the registry
        self.record = registry.record(game)
        self.table = table
        self.connection = connection  # a LAN game's (None: the game is held here)
        self.players = len(seats)
        self.seats = list(seats)
        self.player_names = list(names or [])
        self.pin_hashes: dict[int, str] = dict(pins or {})  # player -> salted hash
        self.pin_salt = pin_salt or _pins.new_salt()  # one per game (see pins.py)
        self.seen: dict[int, list[Event]] = {p: list((seen or {}).get(p, []))
                                              for p in range(self.players)}
        self.seen_total: dict[int, int] = {p: len(self.seen[p]) for p in range(self.players)}
        self.acting_player = -1  # the player whose decision was applied last
        self.viewer = self._first_viewer()
        self.autosaver: Callable[[Any], None] | None = None  # set by the window
        self._bots: dict[int, BotLike] = {}
        self._running = False
        self._holds = 0  # see hold()
        self._handover_held = False
        self._phase = "" if connection is None else table.phase
        self._announced = -1  # (LAN) the position whose decision was last announced
        self._announced_player = -1  # (LAN) the seat here it was for (-1: none)
        self._over_told = False
        self._held_updates: list[Update] | None = None  # updates heard while apply waits
        self._recent: tuple[int, list[Event]] = (-1, [])  # (LAN) the position's events heard
        self._thinker = Thinker(self)
        self._thinker.done.connect(self._decided)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._drive)
        if connection is not None:
            self._attach(connection)

    # -- making one ------------------------------------------------------------------------
    @classmethod
    def local(cls, game: str, facade: Facade, seats: list[Seat], **kwargs: Any) -> Any:
        """A driver of a game held here; computer seats play the game's bots."""
        driver = cls(game, LocalTable(facade), seats, **kwargs)
        driver._hold_game(facade)
        return driver

    @classmethod
    def remote(cls, game: str, connection: LanConnection) -> Any:
        """The seats held at this screen of a game on a LAN host."""
        return cls(game, connection.table, remote_seats(connection),
                   names=connection.seat_names(), connection=connection)

    def _attach(self, connection: LanConnection) -> None:
        """Hear the host through ``connection`` (its updates are fed to the table first)."""
        remote: Any = self.table
        for update in list(remote.updates.values()):  # what came before the driver existed
            self._remember(update)
        connection.update.connect(self.on_update)
        connection.lobby_changed.connect(self._names_changed)

    def _hold_game(self, facade: Facade) -> None:
        self._game = facade
        self.table = LocalTable(lambda: self.game, self.viewer_may_act, self._commit_code)
        self._phase = facade.phase
        seed = int(facade.config.get("seed", 0))
        self._bots = {p: registry.make_bot(self.game_name, seat.bot, seed * 31 + p)
                      for p, seat in enumerate(self.seats) if seat.is_computer}
        self.viewer = self._first_viewer()

    @property
    def game(self) -> Any:
        """The game held here; a LAN game's driver holds none (it reads ``table``)."""
        game = getattr(self, "_game", None)
        if game is None:
            raise RuntimeError("the game is on a LAN host: its driver reads its table")
        return game

    @game.setter
    def game(self, game: Facade) -> None:
        self._game = game

    @property
    def saves_locally(self) -> bool:
        """The game is here (a LAN game's host keeps the saves)."""
        return self.connection is None

    # -- reading ---------------------------------------------------------------------------
    def _first_viewer(self) -> int:
        """The screen starts with the player to act if human, else the first human seat."""
        current = self.current_player
        if 0 <= current < len(self.seats) and self.seats[current].is_human:
            return current
        return next((p for p, seat in enumerate(self.seats) if seat.is_human), 0)

    def _names_changed(self) -> None:
        if self.connection is not None:
            self.player_names = self.connection.seat_names()
            self.changed.emit()

    @property
    def current_player(self) -> int:
        """The player the game waits for (-1 when over)."""
        return self.table.current_player

    @property
    def phase(self) -> str:
        return self.table.phase

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    @property
    def winners(self) -> list[int]:
        return self.table.winners

    @property
    def humans(self) -> list[bool]:
        """Per player: is the seat a human at this computer?"""
        return [seat.is_human for seat in self.seats]

    def observation(self) -> Any:
        """What the viewer may know."""
        return self.table.observation(self.viewer)

    def observation_for(self, player: int) -> Any:
        """What ``player`` (a seat at this screen) may know."""
        return self.table.observation(player)

    def is_computer(self, player: int) -> bool:
        """A computer player's seat (on a LAN, the host's lobby says which)."""
        if self.connection is not None:
            lobby = self.connection.lobby
            return lobby is not None and any(info.seat == player and info.kind == "computer"
                                             for info in lobby.seats)
        return 0 <= player < len(self.seats) and self.seats[player].is_computer

    def shared_decision(self) -> bool:
        """A decision every player at the screen takes part in (no handover): none here;
        Space Empires' battles are."""
        return False

    def viewer_may_act(self) -> bool:
        """True when the player at the screen may take the current decision (on a LAN,
        once the host has answered this screen's last request)."""
        current = self.current_player
        if not 0 <= current < len(self.seats) or not self.seats[current].is_human:
            return False
        if current != self.viewer and not self.shared_decision():
            return False
        if self.connection is not None:
            remote: Any = self.table
            return remote.acting() is not None and not remote.waiting
        return True

    def legal_actions(self) -> list[Any]:
        """The current player's legal actions, if the screen may take them."""
        return self.table.legal_actions() if self.viewer_may_act() else []

    def player_name(self, player: int) -> str:
        """The name chosen for a player, else the seat's colour ("Blue")."""
        from se4x_qt import style  # style imports nothing of the session's
        return style.player_name(player, self.player_names)

    # -- PINs: a LAN game's screen is its own player's -------------------------------------
    def has_pin(self, player: int) -> bool:
        return self.connection is None and super().has_pin(player)

    def check_pin(self, player: int, pin: str) -> bool:
        return self.connection is not None or super().check_pin(player, pin)

    # -- driving --------------------------------------------------------------------------
    def set_pace(self, name: str) -> None:
        """How fast computer players act ("watch", "normal" or "fast"); a LAN host's keep
        the host's pace."""
        self.computer_step_ms = self.PACES[name][1] if name in self.PACES else 150

    def start(self) -> None:
        """Begin driving: computer seats decide whenever it is their turn."""
        self._running = True
        if self.connection is not None:
            self._after_update()
        else:
            self._schedule()

    def stop(self) -> None:
        """Stop driving (the window closes or shows another game); nothing is lost."""
        self._running = False
        self._timer.stop()

    @property
    def running(self) -> bool:
        return self._running

    def computer_to_act(self) -> bool:
        """A computer seat held here has the decision (a LAN host runs its own)."""
        return self.connection is None and not self.table.is_over and \
            self.is_computer(self.current_player)

    def thinking(self) -> bool:
        """True while a computer player's decision is being worked out."""
        return self._thinker.busy

    def wait_for_computer(self, timeout: float | None = None) -> None:
        self._thinker.wait(timeout)

    def _schedule(self) -> None:
        """Arm the timer when a computer (or a game's extra) has the next decision."""
        if not self._running or self._timer.isActive() or self._holds:
            return
        if self.computer_to_act():
            if not self._thinker.busy:
                self.computer_thinking.emit(self.current_player)
                self._timer.start(self.computer_step_ms)
        else:
            self._schedule_more()

    def _schedule_more(self) -> None:
        """A game's extra decisions to schedule (Space Empires: auto-resolved battles)."""

    def _tag(self) -> tuple[int, int, int]:
        return self.current_player, len(self.game.action_codes), id(self.game)

    def _drive(self) -> None:
        """Start a computer seat's decision on the thinker (or a game's extra one)."""
        if self.computer_to_act():
            if not self._thinker.busy:
                player = self.current_player
                bot = self._bots[player]
                if bot.needs_information_set:
                    bot.inform(self.game.information_set(player))
                self._thinker.think(self._tag(), bot.step, self.game.observation(player),
                                    self.game.legal_actions())
            return
        if not self._drive_more():
            self._schedule()

    def _drive_more(self) -> bool:
        """A game's extra decision to take now; True if one was started."""
        return False

    def _decided(self, tag: object, result: object) -> None:
        """A computer's decision is back: apply it if the game is still where it was asked."""
        if not self._running or self._holds or tag != self._tag():
            self._schedule()  # asked again once released
            return
        if isinstance(result, Exception):
            self.stop()
            self.computer_failed.emit(f"the computer player failed: {result}")
            return
        try:
            self._commit(result)
        except Exception as exc:  # an illegal choice: stop, say so, lose nothing
            self.stop()
            self.computer_failed.emit(f"the computer player chose {result}: {exc}")
            return
        if not self.computer_to_act():
            self.computer_thinking.emit(-1)
        self._schedule()

    def step_computer(self) -> bool:
        """Take one computer decision now, on this thread (tests, a "next move" button);
        False if none is due."""
        if not self.computer_to_act():
            return False
        self._timer.stop()
        player = self.current_player
        bot = self._bots[player]
        if bot.needs_information_set:
            bot.inform(self.game.information_set(player))
        self._commit(bot.step(self.game.observation(player), self.game.legal_actions()))
        self._schedule()
        return True

    # -- holding the game while a window is read --------------------------------------------
    def hold(self) -> None:
        """Keep the game where it is while a window shows what the player must read first
        (a battle's end): no computer decides and the screen is not handed to the next
        player until :meth:`release`.  One release for each hold."""
        self._holds += 1
        self._timer.stop()

    def release(self) -> None:
        """Let the game go on: the handover held back, then the views (``changed``), then
        the computers."""
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

    # -- acting ----------------------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        """The viewer's action, waited for; IllegalActionError (in the words of whoever
        holds the game) leaves all as it was."""
        if not self.viewer_may_act() and not self._answer_due():
            raise IllegalActionError(
                f"it is {self.player_name(self.current_player)}'s decision, not this screen's")
        return self.wait(self.table.apply(action))

    def _answer_due(self) -> bool:
        """(LAN) The viewer's decision, only the host's answer to the last request is due:
        the request waits behind it (see RemoteTable)."""
        remote: Any = self.table
        return self.connection is not None and remote.waiting and \
            self.current_player == self.viewer

    def wait(self, answer: Future[list[Event]]) -> list[Event]:
        """The answer to a table request: a local table's is there; a host's is waited for,
        the updates heard meanwhile told to the views once it is (they rebuild their
        widgets on ``changed``, and the widget clicked is still on the call stack)."""
        if self.connection is None:
            return answer.result(timeout=0)
        self._held_updates = []
        try:
            events: list[Event] = wait_for_host(answer, self.reply_timeout)
        finally:
            held, self._held_updates = self._held_updates, None
            for update in held:
                self.on_update(update)
        return events

    def _commit_code(self, code: int) -> list[Event]:
        """The local table's step: one legal code through this driver."""
        events = self._commit(registry.action_from_code(self.game_name, code))
        self._schedule()
        return events

    def _before_commit(self, action: Any) -> object:
        """A game's extra before an action is applied here (Space Empires: the game as it
        was, for undo); what it returns is handed to :meth:`_after_commit`."""
        return None

    def _after_commit(self, action: Any, before: object, events: list[Event]) -> None:
        """A game's extra once an action is applied, before the views hear of it."""

    def _commit(self, action: Any) -> list[Event]:
        self.acting_player = self.current_player  # who decided: listeners of ``recorded``
        phase = self.game.phase
        before = self._before_commit(action)
        events = [dict(e) for e in self.game.apply(action)]
        self._after_commit(action, before, events)
        for player in range(self.players):
            self._keep(player, list(self.game.events_for(events, player)))
        self.recorded.emit(events)
        self.events.emit(list(self.game.events_for(events, self.viewer)))
        self.changed.emit()
        if self.game.phase != phase:
            self.phase_changed.emit(self.game.phase)
        if self.autosaver is not None and (self.game.phase != phase or self.game.is_over):
            self.autosaver(self)
        self._after_action()
        return events

    def _keep(self, player: int, events: list[Event]) -> None:
        """``player``'s events, kept (the latest :data:`EVENTS_KEEP`) and counted."""
        if events and player in self.seen:
            self.seen_total[player] += len(events)
            log = self.seen[player]
            log.extend(events)
            del log[:-EVENTS_KEEP]

    def _after_action(self) -> None:
        if self.table.is_over:
            self.stop()
            self.game_over.emit()
            return
        if self._next_human() >= 0:
            self._handing_over()
            self._handover_held = bool(self._holds)  # released after the window is read
            if not self._holds:
                self.handover_needed.emit(self.current_player)

    def _handing_over(self) -> None:
        """A game's extra when the screen is about to change hands (Space Empires: no undo
        past it)."""

    def _next_human(self) -> int:
        """The human, not at the screen, who takes the next decision (not a shared one),
        or -1."""
        current = self.current_player
        if current >= 0 and current != self.viewer and self.seats[current].is_human and \
                not self.shared_decision():
            return current
        return -1

    def accept_handover(self, player: int) -> None:
        """The next player has the screen now."""
        self.viewer = player
        self._handing_over()
        self.viewer_changed.emit(player)
        self.changed.emit()

    # -- a LAN host's updates -----------------------------------------------------------------
    def _remember(self, update: Update) -> list[Event]:
        """Keep the events the host sent a seat here (already only those it may see)."""
        events: list[Event] = [dict(e) for e in update.events]
        self._keep(update.seat, events)
        return events

    def on_update(self, update: Update) -> None:
        """An update of a seat here (already fed to the table): tell the views; while
        :meth:`wait` waits, only once it has its answer."""
        if self._held_updates is not None:
            self._held_updates.append(update)
            return
        events = self._remember(update)
        fresh = self._fresh(update.seq, events)
        if fresh:
            self.recorded.emit(fresh)
        if update.seat == self.viewer:
            self.events.emit(events)
        self.changed.emit()
        if self.table.phase != self._phase:
            self._phase = self.table.phase
            self.phase_changed.emit(self._phase)
        self._after_update()

    def _fresh(self, seq: int, events: list[Event]) -> list[Event]:
        """The events of position ``seq`` not heard yet (two seats here hear an action's
        public events twice; ``recorded`` tells them once)."""
        known, heard = self._recent
        if known != seq:
            heard = []
        fresh = [e for e in events if e not in heard]
        self._recent = (seq, heard + fresh)
        return fresh

    def _after_update(self) -> None:
        """Once per position: game over, or a decision for a seat here (notify, hand over)."""
        if not self._running:
            return
        if self.is_over:
            if not self._over_told:
                self._over_told = True
                self.stop()
                self.game_over.emit()
            return
        current = self.current_player
        self.computer_thinking.emit(current if self.is_computer(current) else -1)
        if not (0 <= current < len(self.seats) and self.seats[current].is_human):
            self._announced_player = -1
            return
        remote: Any = self.table
        acting = remote.acting()
        if acting is None or acting.seq == self._announced:
            return
        self._announced = acting.seq
        shared = self.shared_decision()
        if self._announced_player != current:
            if not (shared and self._announced_player >= 0):  # a shared decision goes on
                self.your_turn.emit(current)
            if current != self.viewer and not shared:
                self.handover_needed.emit(current)
        self._announced_player = current
        self._schedule()  # a game's extra decisions (taken through the host)


__all__ = ["EVENTS_KEEP", "GameDriver", "NO_ANSWER", "remote_seats", "wait_for_host"]
