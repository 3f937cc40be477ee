"""Driving any game behind the engine contract for the app: seats, computer turns,
hot-seat handovers, PINs.

Why a second session class: :class:`~se4x_qt.session.Session` drives Space
Empires with what only that game has (battles resolved at a readable pace,
undo of movement steps, hints from its search, the LAN table).  A game
added to the app needs only the contract every facade keeps
(``current_player``, ``legal_actions``, ``apply``, ``observation``,
``events_for``, ``is_over``, ``config["seed"]``), so :class:`GameDriver`
drives any such game: it asks the seat whose decision it is (a computer
seat's bot thinks off the UI thread, :mod:`~se4x_qt.session.thinker`), asks
for the screen to be handed over when the next decision is another
human's, and tells the views what happened through signals.  Views read
``observation()`` for the player at the screen (the *viewer*) and act
through ``apply``; nothing here reads a game's state.

Each player's events (only those they may see) are kept in ``seen`` (the
latest :data:`EVENTS_KEEP`; ``seen_total`` counts them all) so a game's log
can be worded by its own views, and a save can keep it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from se4x_qt.session import pins as _pins
from se4x_qt.session.seats import HUMAN, Seat
from se4x_qt.session.thinker import Thinker

Event = dict[str, Any]
EVENTS_KEEP: Final = 600  # events kept per player (the log shows the latest)


class Facade(Protocol):
    """What the driver needs of a game (every game's ``Game`` facade offers it)."""

    @property
    def current_player(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def config(self) -> dict[str, Any]: ...
    @property
    def action_codes(self) -> list[int]: ...
    def legal_actions(self) -> Sequence[Any]: ...
    def apply(self, action: Any) -> list[Event]: ...
    def observation(self, player: int) -> Any: ...
    def information_set(self, player: int) -> Any: ...
    def events_for(self, events: list[Event], player: int) -> list[Event]: ...
    def to_json(self) -> str: ...


class BotLike(Protocol):
    """A computer player of any game: ``step(observation, legal)`` picks one action."""

    @property
    def needs_information_set(self) -> bool: ...
    def inform(self, information_set: Any) -> None: ...
    def step(self, observation: Any, legal: Sequence[Any]) -> Any: ...


BotFactory = Callable[[str, int], BotLike]


class GameDriver(QObject, _pins.PinLocks):
    """A game in progress, driven for its seats and seen from one screen at a time."""

    changed = Signal()
    events = Signal(list)  # the events of one action the viewer may see
    recorded = Signal(list)  # every event of one action, unfiltered
    handover_needed = Signal(int)  # the human player who must take the screen
    viewer_changed = Signal(int)
    game_over = Signal()
    computer_thinking = Signal(int)  # the computer player about to decide (-1: none)
    computer_failed = Signal(str)  # a computer player raised: the game stops, nothing is lost
    phase_changed = Signal(str)

    saves_locally = True  # the game is here (a LAN game's is the host's: RemoteDriver)
    computer_step_ms = 300  # pause before each computer decision, so moves can be followed
    PACES: Final = {"watch": 900, "normal": 300, "fast": 0}

    def __init__(self, game: Facade, seats: list[Seat], make_bot: BotFactory,
                 names: list[str] | None = None, pins: dict[int, str] | None = None,
                 pin_salt: str | None = None,
                 seen: dict[int, list[Event]] | None = None) -> None:
        super().__init__()
        self.game = game
        self.players = int(game.config["players"])
        if len(seats) != self.players:
            raise ValueError(f"{self.players} players need {self.players} seats, "
                             f"not {len(seats)}")
        self.seats = list(seats)
        self.player_names = list(names or [])
        self.pin_hashes: dict[int, str] = dict(pins or {})
        self.pin_salt = pin_salt or _pins.new_salt()
        self.seen: dict[int, list[Event]] = {p: list((seen or {}).get(p, []))
                                              for p in range(self.players)}
        self.seen_total: dict[int, int] = {p: len(self.seen[p]) for p in range(self.players)}
        self.acting_player = -1
        self._bots: dict[int, BotLike] = {
            p: make_bot(seat.bot, int(game.config["seed"]) * 31 + p)
            for p, seat in enumerate(self.seats) if seat.is_computer}
        self.viewer = self._first_viewer()
        self.autosaver: Callable[[GameDriver], None] | None = None
        self._running = False
        self._thinker = Thinker(self)
        self._thinker.done.connect(self._decided)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._drive)

    # -- reading ------------------------------------------------------------------
    def _first_viewer(self) -> int:
        current = self.current_player
        if current >= 0 and self.seats[current].kind == HUMAN:
            return current
        return next((p for p, seat in enumerate(self.seats) if seat.is_human), 0)

    @property
    def current_player(self) -> int:
        return self.game.current_player

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def humans(self) -> list[bool]:
        return [seat.is_human for seat in self.seats]

    def observation(self) -> Any:
        """What the viewer may know."""
        return self.game.observation(self.viewer)

    def observation_for(self, player: int) -> Any:
        """What ``player`` may know (the handover screen names their decision)."""
        return self.game.observation(player)

    def is_computer(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player].is_computer

    def viewer_may_act(self) -> bool:
        current = self.current_player
        return current >= 0 and current == self.viewer and self.seats[current].is_human

    def legal_actions(self) -> list[Any]:
        """The current player's legal actions, if the screen may take them (else none)."""
        return list(self.game.legal_actions()) if self.viewer_may_act() else []

    def player_name(self, player: int) -> str:
        from se4x_qt import style  # style imports nothing of the session's
        return style.player_name(player, self.player_names)

    # -- driving ------------------------------------------------------------------
    def set_pace(self, name: str) -> None:
        self.computer_step_ms = self.PACES.get(name, self.PACES["normal"])

    def start(self) -> None:
        self._running = True
        self._schedule()

    def stop(self) -> None:
        self._running = False
        self._timer.stop()

    @property
    def running(self) -> bool:
        return self._running

    def computer_to_act(self) -> bool:
        return not self.game.is_over and self.is_computer(self.current_player)

    def thinking(self) -> bool:
        return self._thinker.busy

    def wait_for_computer(self, timeout: float | None = None) -> None:
        self._thinker.wait(timeout)

    def _schedule(self) -> None:
        if not self._running or self._timer.isActive() or not self.computer_to_act():
            return
        if not self._thinker.busy:
            self.computer_thinking.emit(self.current_player)
            self._timer.start(self.computer_step_ms)

    def _tag(self) -> tuple[int, int, int]:
        return self.current_player, len(self.game.action_codes), id(self.game)

    def _drive(self) -> None:
        if not self.computer_to_act() or self._thinker.busy:
            return
        player = self.current_player
        bot = self._bots[player]
        if bot.needs_information_set:
            bot.inform(self.game.information_set(player))
        self._thinker.think(self._tag(), bot.step, self.game.observation(player),
                            self.game.legal_actions())

    def _decided(self, tag: object, result: object) -> None:
        if not self._running or tag != self._tag():
            self._schedule()
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
        """Take one computer decision now, on this thread (tests); False if none is due."""
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

    # -- acting -------------------------------------------------------------------
    def apply(self, action: Any) -> list[Event]:
        """A human's action for the viewer; the game's IllegalActionError leaves all as was."""
        if not self.viewer_may_act():
            from se4x_core.errors import IllegalActionError
            raise IllegalActionError(
                f"it is {self.player_name(self.current_player)}'s decision, not this screen's")
        events = self._commit(action)
        self._schedule()
        return events

    def _commit(self, action: Any) -> list[Event]:
        self.acting_player = self.current_player
        phase = self.game.phase
        events = self.game.apply(action)
        for player in range(self.players):
            mine = self.game.events_for(events, player)
            if mine:
                self.seen_total[player] += len(mine)
                log = self.seen[player]
                log.extend(mine)
                del log[:-EVENTS_KEEP]
        self.recorded.emit(events)
        self.events.emit(self.game.events_for(events, self.viewer))
        self.changed.emit()
        if self.game.phase != phase:
            self.phase_changed.emit(self.game.phase)
        if self.autosaver is not None and (self.game.phase != phase or self.game.is_over):
            self.autosaver(self)
        self._after_action()
        return events

    def _after_action(self) -> None:
        if self.game.is_over:
            self.stop()
            self.game_over.emit()
            return
        current = self.current_player
        if current != self.viewer and self.seats[current].is_human:
            self.handover_needed.emit(current)

    def accept_handover(self, player: int) -> None:
        self.viewer = player
        self.viewer_changed.emit(player)
        self.changed.emit()

