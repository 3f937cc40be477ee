"""The combat window: a battle fought decision by decision by both players.

Why it looks like this: the rules summary's combat screen lays the sides out
horizontally and the weapon classes vertically (A fires first, E last), so a
player sees at a glance who fires next, at what, and with which odds.  All
of it is public once a battle starts (every participant is revealed, decoys
are gone), so both players of a hot-seat game watch and decide here; the
window says prominently whose decision it is.

The window judges no rule itself: targets, retreats and screens come from
the legal actions; the terrain, the to-hit numbers and the "Auto" choice
(the default policy's ``suggested`` action) from the observation; a refusal
is explained by the engine; the win odds come from the engine's battle
simulator, run on a worker thread so that the window never freezes.  This
module puts the parts together (header, battlefield, decision panel, log)
and owns what spans them: refreshing after every action, applying the
players' choices, auto-resolve, and a battle's end.

Why a battle's end stays on screen: the engine moves on the moment the last
shot is fired, but the players want to see that shot and the outcome.  The
window keeps a record of the battle (:mod:`ending`) and shows its final state
and result until the player closes it ("Close", or "Next battle" when another
battle follows; Enter does the same), holding the game meanwhile
(``Session.hold``: no computer decides, no handover comes, until then).  A
battle fought wholly by the computers, or auto-resolved, stays as long as the
computer pace says (Settings): a moment at "normal", until closed at "step by
step", not at all at "fast".

Why the battlefield has the whole width: the battle lines are what the
players read; the log sits beside the decisions below them, and only once it
has something to say.
"""

from __future__ import annotations

import contextlib
from concurrent.futures import Future
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QHideEvent, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from se4x_core.actions import Action
from se4x_core.events import Event
from se4x_core.observation import Observation
from se4x_core.phases import COMBAT_PHASES
from se4x_qt import style, widgets
from se4x_qt.widgets import make_panel
from se4x_qt.windows.combat.battle_log import BattleLog, describe_event, event_player, joined_text
from se4x_qt.windows.combat.decisions import DecisionPanel
from se4x_qt.windows.combat.ending import BattleRecord, Ending, ending_of
from se4x_qt.windows.combat.field import Battlefield
from se4x_qt.windows.combat.header import BattleHeader
from se4x_qt.windows.combat.reading import BATTLE_OVER, OPEN_SPACE, BattleReader

if TYPE_CHECKING:
    from se4x_qt.games.se4x.session import Session

PREFERRED_SIZE = QSize(1800, 1000)  # cut to the screen by widgets.fit_to_screen
LOG_SHARE = 0.3  # of the window's width, for the log beside the decisions
LOG_WIDTHS = (300, 520)  # narrowest and widest
# Log lines that report a decision's dice and what they did (not titles, rounds, results).
DECISION_LINES = frozenset({"hit", "miss", "loss", "retreat", "info"})


def log_width(window_width: int) -> int:
    """The log's width beside the decisions in a window ``window_width`` wide."""
    return max(LOG_WIDTHS[0], min(LOG_WIDTHS[1], int(window_width * LOG_SHARE)))


class CombatWindow(QWidget):
    """Shown during choose_battle, combat_screen, combat_fire, colony_attack and mines, and
    after a battle until its end has been read.

    The header on top; the battlefield below it, the whole width of the window;
    the decisions at the bottom, with the log beside them.
    """

    close_requested = Signal()
    auto_step_ms: int | None = None  # pause between auto-resolved decisions; None: the pace's

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.reader = BattleReader(session)
        self.setWindowTitle("Battle \u2014 Space Empires 4X")
        style.apply_theme(self)
        self.record: BattleRecord | None = None  # the battle being fought, as seen here
        self._ending: BattleRecord | None = None  # a battle's end on screen, the game held
        self._last_record: BattleRecord | None = None  # the battle that ended last
        self._held_events: list[Event] = []  # the next battle's, while an end is on screen
        self._in_phase = False
        self._linger = QTimer(self)  # an auto-resolved battle's end: how long it stays
        self._linger.setSingleShot(True)
        self._linger.timeout.connect(self._finish_ending)
        self._build()
        session.changed.connect(self.refresh)
        session.events.connect(self.add_events)
        session.auto_resolving.connect(self._auto_changed)
        self.refresh()
        widgets.fit_to_screen(self, PREFERRED_SIZE)

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        root = QVBoxLayout(self)
        root.setContentsMargins(12, 12, 12, 12)
        root.setSpacing(10)
        self.header = BattleHeader(self.reader)
        root.addWidget(self.header)
        self.field = Battlefield(self.reader)
        self.field.fire_at.connect(self._fire_at)
        self.field.lines_changed.connect(self.refresh)
        field_frame, field_layout = make_panel()
        field_layout.setContentsMargins(2, 2, 2, 2)
        field_layout.addWidget(self.field)
        root.addWidget(field_frame, 1)
        bottom = QHBoxLayout()
        bottom.setSpacing(10)
        self.decisions = DecisionPanel(self.reader, self._apply, self._toggle_auto,
                                       self._close_or_continue)
        bottom.addWidget(self.decisions, 1)
        self.log = BattleLog()
        # as tall as the decisions beside it, never taller: the battlefield keeps the room
        self.log.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Ignored)
        self.log.hide()  # until it has a line
        bottom.addWidget(self.log)
        root.addLayout(bottom)
        self._name_parts()

    def _name_parts(self) -> None:
        """The parts' widgets that the players (and the tests) look at, by their names."""
        self.odds = self.header.odds
        self.title_label = self.header.title_label
        self.status_label = self.header.status_label
        self.odds_label = self.odds.odds_label
        self.message_label = self.decisions.message_label
        self.auto_button = self.decisions.auto_button
        self.close_button = self.decisions.close_button
        self.log_list = self.log.log_list

    @property
    def current_player_label(self) -> QLabel:
        """The "Blue decides" label of the decision now (rebuilt with every refresh)."""
        return self.decisions.current_player_label

    def result_text(self) -> str:
        """The battle's end shown, in one line ("Red wins the battle at 0405: ..."), or ""."""
        return self.decisions.result_text if self.close_button.isVisibleTo(self) else ""

    def log_lines(self) -> list[str]:
        """The battle log's lines, oldest first."""
        return self.log.lines()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Enter closes a battle's end (or goes on to the next battle)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                self.close_button.isVisibleTo(self):
            self._close_or_continue()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.log.setFixedWidth(log_width(self.width()))

    # -- refreshing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything: the battle being fought, from the viewer's observation, or
        the end of the last one, from what the window kept of it."""
        if self._ending is not None:
            self._show_end(self._ending, holding=True)
            return
        obs = self.session.observation()
        self._read(obs)
        if self._ending is not None:
            self._show_end(self._ending, holding=True)
        elif obs["phase"] not in COMBAT_PHASES and self._last_record is not None:
            self._show_end(self._last_record, holding=False)
            self._note_phase(obs["phase"])
        else:
            self._show_battle(obs)
            self._note_phase(obs["phase"])

    def _read(self, obs: Observation) -> None:
        """Follow the battle in ``obs``: its groups' names, the machine fought, the record
        of the battle; a battle no longer fought has ended."""
        battle = obs["battle"]
        self.reader.remember_names(obs)
        if self.record is not None and (battle is None or not self.record.is_battle(battle)):
            self.reader.follow_machine(obs, None)  # the machine fought: gone if destroyed
            self._end_battle()
        if self._ending is not None:
            return  # the machine of a battle that follows is followed once this one is read
        self.reader.follow_machine(obs, battle)
        if battle is None:
            return
        if self.record is None:
            self.record = BattleRecord.of(battle)
        self.record.observe(obs, battle, self.reader.battle_units(obs, battle["hex"]))
        if self.log.is_empty():  # opened mid-battle: say which one this is
            self._log(joined_text(battle, self.reader.hex_label, self.reader.who,
                                  bool(obs.get("machine_step"))), "title", battle["attacker"])

    def _show_battle(self, obs: Observation) -> None:
        """The battle being fought (or the choice of one, or none)."""
        phase, battle = obs["phase"], obs["battle"]
        terrain = battle["terrain"] if battle is not None else OPEN_SPACE
        units = self.reader.battle_units(obs, battle["hex"]) if battle is not None else []
        self.header.show_battle(phase, battle, battle, terrain, bool(obs.get("machine_step")))
        self.field.show_battle(phase, battle, battle, units, terrain)
        if phase in COMBAT_PHASES:
            self.decisions.show_decision(obs, phase, battle, self.auto_running(), self.record)
        else:
            self.decisions.show_end(Ending("No battle is being fought.", "", -1, []), "Close")
        machine = self.reader.machine
        self.odds.show_battle(battle, units, terrain, machine["hits"] if machine else 0)

    def _note_phase(self, phase: str) -> None:
        """Announce close_requested once when the Combat phase is over."""
        if phase in COMBAT_PHASES:
            self._in_phase = True
        elif self._in_phase:
            self._in_phase = False
            self._stop_auto()
            self.close_requested.emit()

    # -- a battle's end ---------------------------------------------------------------------
    def holds_screen(self) -> bool:
        """True while a battle's end is on screen, waiting to be read: the phase window
        that comes next waits for it (the dialog host asks)."""
        if self._ending is None and self.record is not None:
            self._read(self.session.observation())
        return self._ending is not None

    def _end_battle(self) -> None:
        """The battle recorded is over: keep its end on screen, holding the game, unless
        nobody is to read it (the window hidden, or the pace says go on)."""
        record, self.record = self.record, None
        if record is None:
            return
        self._last_record = record
        wait = self._end_wait_ms(record)
        if wait == 0:
            return
        self._ending = record
        self.session.hold()
        if wait is not None:
            self._linger.start(wait)
        self._show_end(record, holding=True)
        self.close_button.setFocus()

    def _end_wait_ms(self, record: BattleRecord) -> int | None:
        """How long a battle's end stays: until closed (None) when a human at this screen
        fought it, not by auto-resolve; else as the pace says (auto-resolve, computers'
        battles); 0 when nobody sees it."""
        if not self.isVisible():
            return 0
        humans = self.session.humans
        fought = any(0 <= p < len(humans) and humans[p] for p in (record.attacker,
                                                                    record.defender))
        if fought and not self.session.auto_running:
            return None
        return self.session.battle_end_ms

    def _show_end(self, record: BattleRecord, holding: bool) -> None:
        """A battle's final state: its groups as they ended, and how it ended."""
        summary = record.summary()
        self.header.show_battle(BATTLE_OVER, None, summary, record.terrain)
        self.field.show_battle(BATTLE_OVER, None, summary, record.units_at_end(),
                               record.terrain, record.fates)
        self.odds.show_battle(None, [], record.terrain)
        ending = ending_of(record, self.reader.who, self.reader.hex_label)
        next_battle = holding and self.session.in_battle
        self.decisions.show_end(ending, "Next battle" if next_battle else "Close",
                                self._end_note(holding))

    def _end_note(self, holding: bool) -> str:
        """What happens when the end is closed: the game goes on by itself, or the screen
        passes to the next player."""
        session = self.session
        current = session.current_player
        if holding and self._linger.isActive():
            return "The game goes on by itself in a moment."
        if holding and 0 <= current != session.viewer and not session.in_battle and \
                session.humans[current]:
            name = self.reader.who(current)
            return f"{name} plays next: closing this passes the screen to {name}."
        return ""

    def _close_or_continue(self) -> None:
        """The Close / Next battle button (and Enter once the battle is over)."""
        if self._ending is not None:
            self._finish_ending()
        else:
            self.close_requested.emit()

    def _finish_ending(self, closing: bool = False) -> None:
        """The battle's end has been read (or its moment passed, or the window went): the
        next battle shows, or the window closes; then the game goes on.  ``closing``: the
        window is being closed or hidden, so the game goes on after that."""
        if self._ending is None:
            return
        self._ending = None
        self._linger.stop()
        held, self._held_events = self._held_events, []
        self.add_events(held)
        session = self.session
        if closing:
            QTimer.singleShot(0, session, session.release)  # not once the session is gone
            return
        self.refresh()  # the next battle, or close_requested once the phase is over
        session.release()

    # -- acting -------------------------------------------------------------------------
    def _apply(self, action: Action | list[Action]) -> bool:
        """Ask the session's table for one action or a whole choice (a list: all or none);
        a refusal shows its holder's message and stops auto."""
        table = self.session.table
        answer = table.apply_all(action) if isinstance(action, list) else table.apply(action)
        accepted = widgets.apply_request(answer, self.message_label)
        answer.add_done_callback(self._answered)
        if not accepted:
            self._stop_auto()
        return accepted

    def _answered(self, _answer: Future[list[Event]]) -> None:
        """The table answered: a refusal (now in the message line) shows."""
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile
            self.decisions.show_message()

    def _fire_at(self, target: int) -> None:
        self._apply(Action("fire", target=target))

    # -- auto-resolve (the session runs it; the window starts, stops and watches) ---------
    def _toggle_auto(self) -> None:
        if self.session.auto_running:
            self._stop_auto()
        else:
            self.auto_resolve()

    def auto_resolve(self) -> None:
        """Ask the session to take this screen's decisions until this battle is over, at
        the pace's speed (or the window's own ``auto_step_ms``)."""
        if self.auto_step_ms is not None:
            self.session.auto_step_ms = self.auto_step_ms
        self.session.auto_resolve()

    def _stop_auto(self) -> None:
        self.session.stop_auto()

    def auto_running(self) -> bool:
        return bool(self.session.auto_running)

    def _auto_changed(self, running: bool) -> None:
        self.auto_button.setText("Stop auto-resolve" if running else "Auto-resolve battle")
        if not running:
            self.refresh()

    # -- the log --------------------------------------------------------------------------
    def add_events(self, events: list[Event]) -> None:
        """Append the combat events among ``events`` to the log.

        Connected to ``session.events``; a host that opens the window after a
        battle began may pass the events it already received.  While a battle's
        end is on screen, the next battle's events wait for it to be read.
        """
        if self._ending is not None:
            self._held_events.extend(events)
            return
        split = self._next_battle_at(events)
        self._log_events(events[:split])
        if split < len(events):
            self._end_battle()  # another battle began: the one recorded is over
            if self._ending is not None:
                self._held_events.extend(events[split:])
            else:
                self._log_events(events[split:])
        self.log.scroll_to_bottom()

    def _next_battle_at(self, events: list[Event]) -> int:
        """Where another battle than the one recorded begins in ``events`` (or their end)."""
        for index, event in enumerate(events):
            if event["type"] == "battle_started" and self.record is not None and \
                    not self.record.is_battle(event):
                return index
        return len(events)

    def _log_events(self, events: list[Event]) -> None:
        """Log ``events`` and tally them in the battle's record."""
        reader = self.reader
        decision: list[tuple[str, str]] = []
        for event in events:
            if event["type"] == "battle_started":
                reader.learn_battle_names(event)
                reader.follow_machine(self.session.observation(), event)  # whom it fights
                if self.record is None:
                    self.record = BattleRecord.of(event)
            if self.record is not None:
                self.record.note(event)
            line = describe_event(event, reader.unit_name, reader.hex_label, reader.who,
                                  reader.owners.get)
            if line is None:
                continue
            self._log(*line, event_player(event))
            if line[1] in DECISION_LINES:
                decision.append(line)
        if decision and self.record is not None:
            self.record.last_lines = decision

    def _log(self, text: str, kind: str, player: int) -> None:
        self.log.append(text, kind, player)
        self.log.show()

    # -- odds ----------------------------------------------------------------------------
    def odds_text(self) -> str:
        """The odds as one line, e.g. "Attacker wins 63% / Defender 37%"."""
        return self.odds.text()

    def wait_for_odds(self, msecs: int = 10_000) -> bool:
        """Block until the odds worker is idle (tests and screenshots)."""
        return self.odds.wait(msecs)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self._stop_auto()
        self.odds.cancel()
        self._finish_ending(closing=True)
        super().closeEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        """Hidden by the app (a handover, a new game) while a battle's end is on screen:
        nobody reads it now, so the game goes on."""
        super().hideEvent(event)
        if not event.spontaneous():
            self._finish_ending(closing=True)
