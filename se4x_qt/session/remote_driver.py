"""A game on a LAN host, driven for this screen with :class:`GameDriver`'s interface.

Why a second remote class next to :class:`~se4x_qt.session.remote.RemoteSession`:
that one is a Space Empires :class:`~se4x_qt.session.Session` (the map, the
combat window and the production sheet read it).  Any other game's views
(SP4X's window) are written against :class:`~se4x_qt.session.driver.GameDriver`:
``observation()``, ``legal_actions()``, ``apply()``, the seats, the players'
events in ``seen`` and the same signals.  :class:`RemoteDriver` offers exactly
that, with the host as the authority: an action goes to the host as one
message (:meth:`~se4x_core.net.table.RemoteTable.act`) and ``apply`` waits for
its answer; the host's refusal is raised as
:class:`~se4x_core.errors.IllegalActionError` in the host's words; what
the other players do arrives as updates.

What it holds is what the host sent the seats at this screen: each seat's own
observation, the events that seat may see and, on its turn, its legal codes
(read with the game's own ``Action.from_code``).  It has no game, no seed and
no other seat's view, and asks for none.  The connection (lobby, seat tokens,
reconnecting) is :class:`~se4x_qt.session.remote.LanConnection`'s, the same
for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from se4x_core.errors import IllegalActionError
from se4x_core.net.protocol import Update
from se4x_qt.session.driver import EVENTS_KEEP, Event
from se4x_qt.session.seats import HUMAN, REMOTE, Seat

if TYPE_CHECKING:
    from se4x_qt.session.remote import LanConnection

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


class RemoteDriver(QObject):
    """The seats held at this screen of a game on a host (see the module docstring)."""

    changed = Signal()
    events = Signal(list)  # the events of one update the viewer may see
    recorded = Signal(list)  # the events of one update of a seat here
    handover_needed = Signal(int)  # the player here who must take the screen
    viewer_changed = Signal(int)
    game_over = Signal()
    computer_thinking = Signal(int)  # a computer seat (run by the host) is to decide; -1: none
    computer_failed = Signal(str)  # never emitted: the host runs its computer players
    phase_changed = Signal(str)
    your_turn = Signal(int)  # a seat held here has become the one to decide

    saves_locally = False  # the host keeps the game and its checkpoints
    reply_timeout = 10.0

    def __init__(self, connection: LanConnection, decode: Callable[[int], Any]) -> None:
        super().__init__()
        self.connection = connection
        self.table = connection.table
        self.decode = decode
        players = connection.players  # the host's Welcome said how many
        self.players = players
        self.seats = [Seat(HUMAN) if p in connection.seats else Seat(REMOTE)
                      for p in range(players)]
        self.player_names = connection.seat_names()
        self.seen: dict[int, list[Event]] = {p: [] for p in range(players)}
        self.seen_total: dict[int, int] = {p: 0 for p in range(players)}
        self.acting_player = -1
        self.viewer = self._first_viewer()
        self._running = False
        self._phase = self.table.phase
        self._announced = -1  # the position whose decision was last announced
        self._announced_player = -1  # the seat here it was for (-1: not a seat here)
        self._over_told = False
        self._held: list[Update] | None = None  # updates heard while apply() waits
        for update in list(self.table.updates.values()):  # what came before this existed
            self._remember(update)
        connection.update.connect(self._on_update)
        connection.lobby_changed.connect(self._names_changed)

    # -- reading ------------------------------------------------------------------------
    def _first_viewer(self) -> int:
        current = self.current_player
        if 0 <= current < len(self.seats) and self.seats[current].is_human:
            return current
        return next((p for p, seat in enumerate(self.seats) if seat.is_human), 0)

    def _names_changed(self) -> None:
        self.player_names = self.connection.seat_names()
        self.changed.emit()

    @property
    def current_player(self) -> int:
        return self.table.current_player

    @property
    def phase(self) -> str:
        return self.table.phase

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    @property
    def humans(self) -> list[bool]:
        return [seat.is_human for seat in self.seats]

    def observation(self) -> Any:
        """What the viewer may know (the host's observation of that seat, as sent)."""
        return self.table.observation(self.viewer)

    def observation_for(self, player: int) -> Any:
        """What ``player`` (a seat held here) may know."""
        return self.table.observation(player)

    def is_computer(self, player: int) -> bool:
        """A seat the host's computer player plays (the lobby says which)."""
        lobby = self.connection.lobby
        return lobby is not None and any(info.seat == player and info.kind == "computer"
                                         for info in lobby.seats)

    def viewer_may_act(self) -> bool:
        """The viewer's decision, and the host has answered this screen's last request
        (until it has, nothing more is offered)."""
        return self._viewer_decides() and not self.table.waiting

    def _viewer_decides(self) -> bool:
        """The position shown is the viewer's decision (whether or not an answer is due)."""
        current = self.current_player
        return (0 <= current < len(self.seats) and current == self.viewer
                and self.seats[current].is_human and self.table.acting() is not None)

    def legal_actions(self) -> list[Any]:
        """The host's legal actions for the viewer, if the screen may take them."""
        if not self.viewer_may_act():
            return []
        out = []
        for code in self.table.legal_codes():
            try:
                out.append(self.decode(code))
            except ValueError:
                continue  # an action this app does not know: never offered
        return out

    def player_name(self, player: int) -> str:
        from se4x_qt import style
        return style.player_name(player, self.player_names)

    # -- driving: the host does it ----------------------------------------------------------
    def set_pace(self, name: str) -> None:
        """The host's computer players keep the host's pace."""

    def start(self) -> None:
        self._running = True
        self._after_update()

    def stop(self) -> None:
        self._running = False

    @property
    def running(self) -> bool:
        return self._running

    def computer_to_act(self) -> bool:
        return False  # never here: the host runs its computer players

    def thinking(self) -> bool:
        return False

    def wait_for_computer(self, timeout: float | None = None) -> None:
        """Nothing to wait for: no computer player runs here."""

    def step_computer(self) -> bool:
        return False

    # -- acting -------------------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        """The viewer's action, through the host; its refusal (the host's words) is raised
        as IllegalActionError and nothing changes.

        An action chosen while the host has yet to answer the previous one (a click
        after "did not answer in time") waits for that answer first, and is dropped
        (no events) if that answer moved the game on: it was chosen on a position
        that is gone.  Why not refuse it "still waiting": the window would keep that
        sentence on screen after the answer came."""
        if not self._viewer_decides():
            raise IllegalActionError(
                f"it is {self.player_name(self.current_player)}'s decision, not this screen's")
        self.acting_player = self.current_player
        self._held = []
        try:
            events: list[Event] = wait_for_host(self.table.act(int(action.code)),
                                                self.reply_timeout)
        finally:
            held, self._held = self._held, None
            for update in held:
                self._on_update(update)
        return events

    def accept_handover(self, player: int) -> None:
        self.viewer = player
        self.viewer_changed.emit(player)
        self.changed.emit()

    # -- PINs: none on a network game (each seat's screen is its player's) -----------------
    def has_pin(self, player: int) -> bool:
        return False

    def check_pin(self, player: int, pin: str) -> bool:
        return True

    # -- the host's updates -----------------------------------------------------------------
    def _remember(self, update: Update) -> list[Event]:
        """Keep the events the host sent a seat here (already only those it may see)."""
        events: list[Event] = [dict(e) for e in update.events]
        if events and update.seat in self.seen:
            self.seen_total[update.seat] += len(events)
            log = self.seen[update.seat]
            log.extend(events)
            del log[:-EVENTS_KEEP]
        return events

    def _on_update(self, update: Update) -> None:
        """Tell the views; while :meth:`apply` waits, only once it has its answer.

        Why hold them: the views rebuild their widgets on ``changed``, and the widget
        clicked is still on the call stack below the wait's event loop; rebuilt inside
        that loop, it would be deleted under its own click."""
        if self._held is not None:
            self._held.append(update)
            return
        events = self._remember(update)
        if events:
            self.recorded.emit(events)
        if update.seat == self.viewer:
            self.events.emit(events)
        self.changed.emit()
        if self.table.phase != self._phase:
            self._phase = self.table.phase
            self.phase_changed.emit(self._phase)
        self._after_update()

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
        acting = self.table.acting()
        if acting is None or acting.seq == self._announced:
            return
        self._announced = acting.seq
        if self._announced_player != current:
            self.your_turn.emit(current)
            if current != self.viewer:
                self.handover_needed.emit(current)
        self._announced_player = current
