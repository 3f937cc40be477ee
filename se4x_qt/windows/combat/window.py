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
players' choices, and auto-resolve.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from se4x_core.actions import Action
from se4x_core.phases import COMBAT_PHASES
from se4x_qt import style, widgets
from se4x_qt.widgets import make_panel
from se4x_qt.windows.combat.battle_log import BattleLog, describe_event, event_player, joined_text
from se4x_qt.windows.combat.decisions import DecisionPanel
from se4x_qt.windows.combat.field import Battlefield
from se4x_qt.windows.combat.header import BattleHeader
from se4x_qt.windows.combat.reading import OPEN_SPACE, BattleReader

PREFERRED_SIZE = QSize(1440, 900)  # cut to the screen by widgets.fit_to_screen
LOG_WIDTH = 400  # the battle log's first width; the splitter lets the player change it


class CombatWindow(QWidget):
    """Shown during choose_battle, combat_screen, combat_fire, colony_attack and mines.

    The battlefield and the decisions on the left, the log on the right, with a
    splitter between them: on a laptop the log narrows (its lines wrap) rather
    than the window growing wider than the screen.
    """

    close_requested = Signal()
    auto_step_ms = 40  # pause between auto-resolved decisions, so the dice can be followed

    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.reader = BattleReader(session)
        self.setWindowTitle("Battle \u2014 Space Empires 4X")
        style.apply_theme(self)
        self._last_battle: dict[str, Any] | None = None
        self._last_result = ""
        self._in_phase = False
        self._build()
        session.changed.connect(self.refresh)
        session.events.connect(self.add_events)
        session.auto_resolving.connect(self._auto_changed)
        self.refresh()
        widgets.fit_to_screen(self, PREFERRED_SIZE)
        self.splitter.setSizes([max(1, self.width() - LOG_WIDTH), LOG_WIDTH])

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        root = QHBoxLayout(self)
        root.setContentsMargins(12, 12, 12, 12)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("battle_splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setHandleWidth(10)
        root.addWidget(self.splitter)
        left = QWidget()
        main = QVBoxLayout(left)
        main.setContentsMargins(0, 0, 0, 0)
        main.setSpacing(10)
        self.header = BattleHeader(self.reader)
        main.addWidget(self.header)
        self.field = Battlefield(self.reader)
        self.field.fire_at.connect(self._fire_at)
        field_frame, field_layout = make_panel()
        field_layout.setContentsMargins(2, 2, 2, 2)
        field_layout.addWidget(self.field)
        main.addWidget(field_frame, 1)
        self.decisions = DecisionPanel(self.reader, self._apply, self._toggle_auto,
                                       self.close_requested.emit)
        main.addWidget(self.decisions)
        self.splitter.addWidget(left)
        self.log = BattleLog()
        self.splitter.addWidget(self.log)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
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

    def log_lines(self) -> list[str]:
        """The battle log's lines, oldest first."""
        return self.log.lines()

    # -- refreshing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the viewer's observation."""
        obs = self.session.observation()
        phase = obs["phase"]
        battle = obs["battle"]
        self.reader.remember_names(obs)
        self.reader.follow_machine(obs, battle)
        if battle is not None:
            self._last_battle = {"hex": battle["hex"], "attacker": battle["attacker"],
                                 "defender": battle["defender"], "round": battle["round"],
                                 "terrain": battle["terrain"]}
            if self.log.is_empty():  # opened mid-battle: say which one this is
                self.log.append(joined_text(battle, self.reader.hex_label, self.reader.who,
                                            bool(obs.get("machine_step"))),
                                "title", battle["attacker"])
        shown = battle or self._last_battle
        terrain = shown["terrain"] if shown else OPEN_SPACE
        self.header.show_battle(phase, battle, shown, terrain, bool(obs.get("machine_step")))
        self.field.show_battle(obs, battle, shown, terrain)
        self.decisions.show_decision(obs, phase, battle, self.auto_running(), self._last_result)
        units = self.reader.battle_units(obs, battle["hex"]) if battle is not None else []
        machine = self.reader.machine
        self.odds.show_battle(battle, units, terrain, machine["hits"] if machine else 0)
        self._note_phase(phase)

    def _note_phase(self, phase: str) -> None:
        """Announce close_requested once when the Combat phase is over."""
        if phase in COMBAT_PHASES:
            self._in_phase = True
        elif self._in_phase:
            self._in_phase = False
            self._stop_auto()
            self.close_requested.emit()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        if self.field.cards_per_line() != self.field.per_line:
            self.refresh()

    # -- acting -------------------------------------------------------------------------
    def _apply(self, action: Action | list[Action]) -> bool:
        """Ask the session's table for one action or a whole choice (a list: all or none);
        a refusal shows its holder's message and stops auto."""
        table = self.session.table
        answer = table.apply_all(action) if isinstance(action, list) else table.apply(action)
        if widgets.apply_request(answer, self.message_label):
            return True
        self._stop_auto()
        return False

    def _fire_at(self, target: int) -> None:
        self._apply(Action("fire", target=target))

    # -- auto-resolve (the session runs it; the window starts, stops and watches) ---------
    def _toggle_auto(self) -> None:
        if self.session.auto_running:
            self._stop_auto()
        else:
            self.auto_resolve()

    def auto_resolve(self) -> None:
        """Ask the session to take this screen's decisions until this battle is over."""
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
    def add_events(self, events: list[dict[str, Any]]) -> None:
        """Append the combat events among ``events`` to the log.

        Connected to ``session.events``; a host that opens the window after a
        battle began may pass the events it already received.
        """
        reader = self.reader
        for event in events:
            if event["type"] == "battle_started":
                reader.learn_battle_names(event)
                reader.follow_machine(self.session.observation(), event)  # whom it fights
            line = describe_event(event, reader.unit_name, reader.hex_label, reader.who,
                                  reader.owners.get)
            if line is None:
                continue
            text, kind = line
            if event["type"] == "battle_ended":
                self._last_result = text
            self.log.append(text, kind, event_player(event))
        self.log.scroll_to_bottom()

    # -- odds ----------------------------------------------------------------------------
    def odds_text(self) -> str:
        """The odds as one line, e.g. "Attacker wins 63% / Defender 37%"."""
        return self.odds.text()

    def wait_for_odds(self, msecs: int = 10_000) -> bool:
        """Block until the odds worker is idle (tests and screenshots)."""
        return self.odds.wait(msecs)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._stop_auto()
        self.odds.cancel()
        super().closeEvent(event)
