"""The SE4 board game's window: the map and the sheets beside it in tabs (ship design,
space yards, research, the battle), the decision and its actions, the selected sector,
the empires, the battle in progress and the log.

The sheet of a decision comes forward when the decision begins (the design dialog when a
ship is completed, the yard sheet at ship purchases, research, the combat sheet in a
battle) and the map when none is wanted; a player may go back to the map meanwhile.

Why a window of its own: the SE4 board game shares the app's shell (its
:class:`~se4x_qt.shell.paged_window.PagedGameWindow`: New Game, opening a save, LAN,
Settings, saves and autosaves; the pages play, "Pass to ..." (hot-seat) and game over;
the one session driver and its computer players' thread) but none of the other games'
screens.

What may be clicked comes from the legal actions only: one button per action, in plain
words, the actions about the selected sector first (a click on the map selects a
sector).  Every click becomes one :class:`~se4x_core.games.se4.actions.Action` applied
through the :class:`~se4x_qt.session.driver.GameDriver`; a refusal is shown as the
engine words it.  Everything drawn comes from the viewer's observation; another
player's hand never reaches the screen (the handover page covers the window whenever
the next decision is another human's, and the play page is emptied behind it).

The game is played from fan rules whose gaps were filled with our own choices; the top
bar says so on every page of play, and its link opens the reference that lists them.
"""

from __future__ import annotations

from typing import ClassVar, Final

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from se4x_core.games.se4.actions import Action
from se4x_qt import style, widgets
from se4x_qt.games.se4 import reference, texts
from se4x_qt.games.se4.battle_sheet import BattleSheet
from se4x_qt.games.se4.board import SectorMap
from se4x_qt.games.se4.design import DesignSheet
from se4x_qt.games.se4.game_over import Se4GameOver
from se4x_qt.games.se4.log import EventLog, JournalView
from se4x_qt.games.se4.new_game import fan_rules_label
from se4x_qt.games.se4.panels import (
    BattlePanel,
    DecisionPanel,
    EmpiresPanel,
    SectorPanel,
)
from se4x_qt.games.se4.research import ResearchSheet
from se4x_qt.games.se4.session import Se4Driver
from se4x_qt.games.se4.sheet import Sheet
from se4x_qt.games.se4.yards import YardSheet
from se4x_qt.session import saves, storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell.paged_window import (
    PAGE_HANDOVER,
    PAGE_OVER,
    PAGE_PLAY,
    Observation,
    PagedGameWindow,
)
from se4x_qt.shell.shell import AppShell
from se4x_qt.style import Theme
from se4x_qt.widgets import make_panel

RIGHT_WIDTH: Final = 400
STRIP_HEIGHT: Final = 200  # the sector and empires panels under the map
MAP_TAB: Final = "Map"
PANEL_SHEET: Final = (f"QFrame#panel {{ background:{Theme.PANEL}; "
                      f"border:1px solid {Theme.BORDER}; border-radius:8px; }}")


class Se4Window(PagedGameWindow):
    """One SE4 board game on screen."""

    GAME: ClassVar[str] = "se4"
    ACTION: ClassVar[type] = Action
    RULES_SECTIONS = reference.PHASE_SECTIONS
    RULES_WITHOUT_GAME = "about"

    def __init__(self, settings: storage.Settings | None = None,
                 shell: AppShell | None = None) -> None:
        super().__init__(settings, shell)
        self.setObjectName("se4_window")
        self.setWindowTitle(self.title)
        self.setStyleSheet(style.main_stylesheet() + PANEL_SHEET)
        self.selected = -1  # the sector selected on the map
        self.pick_home = True  # select the viewer's home world at the next refresh
        self.autosaved_turn = (-1, -1)  # (round, active player) of the last autosave
        self.battle_at = -1  # the battle last shown (a new one selects its sector)
        self.events = EventLog()
        self._build_window("se4_play", self._build_left(), self._build_right(), Se4GameOver())

    def _build_left(self) -> QVBoxLayout:
        left = QVBoxLayout()
        left.setSpacing(6)
        left.addWidget(self._build_top_bar())
        self.map = SectorMap()
        self.map.sector_clicked.connect(self.sector_clicked)
        self.views = QTabWidget()
        self.views.setObjectName("se4_views")
        self.views.setDocumentMode(True)
        self.views.addTab(self.map, MAP_TAB)
        self.battle_sheet = BattleSheet()
        self.sheets: list[Sheet] = [DesignSheet(), YardSheet(), ResearchSheet(),
                                    self.battle_sheet]
        for sheet in self.sheets:
            sheet.chosen.connect(self.act)
            self.views.addTab(sheet, sheet.TITLE)
        self.views.currentChanged.connect(lambda _i: self.refresh())
        self._view_wanted: QWidget | None = None  # the view the last decision brought forward
        left.addWidget(self.views, 1)
        strip = QHBoxLayout()
        strip.setSpacing(6)
        self.sector_panel = SectorPanel()
        strip.addWidget(self.sector_panel, 3)
        self.empires_panel = EmpiresPanel()
        strip.addWidget(self.empires_panel, 2)
        holder = QWidget()
        holder.setLayout(strip)
        strip.setContentsMargins(0, 0, 0, 0)
        holder.setFixedHeight(STRIP_HEIGHT)
        left.addWidget(holder)
        return left

    def _build_top_bar(self) -> QFrame:
        frame, _ = make_panel(object_name="panel")
        layout = frame.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.setContentsMargins(12, 4, 12, 4)
        row = QHBoxLayout()
        layout.addLayout(row)
        title = widgets.label("SE4 BOARD GAME", "se4_title")
        title.setStyleSheet(f"font-size:13pt; font-weight:800; color:{Theme.ACCENT}; "
                            "letter-spacing:2px;")
        self.fan_rules: QLabel = fan_rules_label("se4_fan_rules")
        self.round_label = widgets.label("", "se4_round")
        self._fill_top_bar(row, title, self.fan_rules, self.round_label, "se4_turn")
        return frame

    def _build_right(self) -> QWidget:
        column = QWidget()
        column.setFixedWidth(RIGHT_WIDTH)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.decision = DecisionPanel()
        self.decision.chosen.connect(self.act)
        layout.addWidget(self.decision, 3)
        self.battle_panel = BattlePanel()
        self.battle_panel.hide()
        layout.addWidget(self.battle_panel)
        log_frame, log_layout = make_panel("Log")
        log_layout.setContentsMargins(10, 6, 4, 6)
        self.log = JournalView()
        log_layout.addWidget(self.log, 1)
        layout.addWidget(log_frame, 2)
        return column

    # -- the game shown ---------------------------------------------------------------------
    def _take_driver(self, driver: GameDriver) -> None:
        """A new game on the map: its bookkeeping as the settings say, a log of its own.
        A loaded game's log comes back as the driver's events (lines of text), so the
        saved journal is not read here."""
        if isinstance(driver, Se4Driver):
            driver.bookkeeping = self.settings.bookkeeping
        self.events = EventLog()
        self.log.forget()
        self.selected = self.battle_at = -1
        self.pick_home = True
        self.autosaved_turn = (-1, -1)

    def autosave_now(self) -> None:
        """Autosave when a player's turn begins (and at the end): not at each of a turn's
        fifteen phases."""
        if self.driver is None:
            return
        obs = self.observation()
        turn = (int(obs["round"]), int(obs["active"]))
        if turn != self.autosaved_turn or self.driver.is_over:
            self.autosaved_turn = turn
            self.autosave()

    def journal_data(self) -> saves.Journal | None:
        """The log as the window worded it (ships gone long ago still named)."""
        if self.driver is None:
            return None
        self.events.catch_up(self.driver)
        return {player: list(lines) for player, lines in self.events.lines.items()}

    # -- refreshing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the viewer's observation (the log words every player's
        events first, whatever the page)."""
        if self.driver is None:
            return
        self.events.catch_up(self.driver)
        if self.pages.currentIndex() == PAGE_HANDOVER:
            return
        obs = self.observation()
        legal = self.legal()
        if self.pick_home:  # a new viewer starts at their home world (or the battle)
            self.selected, self.pick_home = self._home_of(obs), False
            self.battle_at = -1
        self._follow_battle(obs)
        self.clear_stale_refusal()
        self._update_top()
        actionable = {s for a in legal if a.kind not in ("done", "finish")
                      for s in texts.action_sectors(a, obs)}
        self.map.show_map(obs, self.names(), self.selected, actionable)
        self.sector_panel.show_sector(obs, self.names(), self.selected)
        shared = isinstance(self.driver, Se4Driver) and self.driver.screen_shared()
        self.empires_panel.show_empires(obs, self.names(), hide_hand=shared)
        self.battle_panel.show_battle(obs, self.names())
        if self.views.currentWidget() is self.battle_sheet:  # the sheet says it all
            self.battle_panel.hide()
        prompt = texts.prompt(obs, self.names(), self.driver.viewer_may_act(),
                              self.driver.is_computer(int(obs["current_player"])))
        self.decision.show_actions(obs, self.names(), legal, prompt, self.selected)
        self._bring_forward(obs, legal)
        self._refresh_sheet()
        if shared:  # the last viewer's private lines (their cards) stay private
            self.log.forget()
        else:
            self.log.show_lines(self.driver.viewer,
                                self.events.lines.get(self.driver.viewer, []))

    def _bring_forward(self, obs: Observation, legal: list[Action]) -> None:
        """Show the sheet of a decision as it begins (the map when none is wanted); a
        player who goes back to the map meanwhile is left there until the next one."""
        wanted: QWidget = next((s for s in self.sheets if s.wanted(obs, legal)), self.map)
        for index, sheet in enumerate(self.sheets, start=1):
            mark = " \u25cf" if sheet is wanted else ""
            self.views.setTabText(index, sheet.TITLE + mark)
        if wanted is not self._view_wanted:
            self._view_wanted = wanted
            self.views.setCurrentWidget(wanted)

    def _refresh_sheet(self) -> None:
        """Redraw the sheet shown (the others are drawn when their tab is chosen)."""
        sheet = self.views.currentWidget()
        if not isinstance(sheet, Sheet) or self.driver is None or \
                self.pages.currentIndex() != PAGE_PLAY:
            return
        sheet.show_sheet(self.observation(), self.names(), self.legal())

    def _follow_battle(self, obs: Observation) -> None:
        """A new battle selects its sector (its choices are all about it)."""
        battle = obs.get("battle")
        sector = int(battle["sector"]) if battle else -1
        if sector >= 0 and sector != self.battle_at:
            self.selected = sector
        self.battle_at = sector

    @staticmethod
    def _home_of(obs: Observation) -> int:
        """The viewer's home world (else their first colony; else nothing selected)."""
        own = [int(c["sector"]) for c in obs["colonies"] if c["owner"] == obs["viewer"]]
        homes = [s for s in own if obs["sectors"][s]["body"] == "home"]
        return (homes or own or [-1])[0]

    def _update_top(self) -> None:
        if self.driver is None:
            return
        obs = self.observation()
        self.round_label.setText(texts.round_text(obs))
        if obs["is_over"]:
            self.turn_label.setText("Game over")
            return
        current, active = int(obs["current_player"]), int(obs["active"])
        self.turn_label.setText(self.turn_text(
            active, current, texts.phase_title(str(obs["phase"])),
            current != active or not obs["round"]))

    def log_texts(self) -> list[str]:
        return self.log.texts()

    # -- clicks ------------------------------------------------------------------------------
    def message_line(self) -> QLabel:
        return self.decision.message

    def sector_clicked(self, index: int) -> None:
        """Select a sector (a second click on it clears the selection)."""
        self.selected = -1 if index == self.selected else index
        self.refresh()

    # -- hot-seat ----------------------------------------------------------------------------
    def handover_detail(self, obs: Observation) -> str:
        if obs["current_player"] == obs["active"]:
            return f"{texts.round_text(obs)}: {texts.phase_title(str(obs['phase']))}."
        assert self.driver is not None
        return (f"{texts.round_text(obs)} \u2014 turn: "
                f"{self.driver.player_name(int(obs['active']))}. Your decision: "
                f"{texts.decision(obs)}.")

    def _blank_play_page(self) -> None:
        self.decision.clear()
        for sheet in self.sheets:
            sheet.clear()
        self._view_wanted = None
        self.views.setCurrentWidget(self.map)
        self.sector_panel.clear()
        self.empires_panel.clear()
        self.battle_panel.hide()
        self.log.forget()
        self.turn_label.setText("")
        self.selected = -1

    def _viewer_changed(self) -> None:
        self.pick_home = True  # the new viewer starts at their own home world
        self.refresh()

    def settings_changed(self) -> None:
        """Settings accepted: the pace, and whether routine bookkeeping is done for you."""
        super().settings_changed()
        if isinstance(self.driver, Se4Driver):
            self.driver.set_bookkeeping(self.settings.bookkeeping)


__all__ = ["PAGE_HANDOVER", "PAGE_OVER", "PAGE_PLAY", "Se4Window"]
