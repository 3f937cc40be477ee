"""The SP4X window: the board, your hand, the other players, the deck, the log, and the
decision being taken.

Why a window of its own: SP4X shares the app's shell (its
:class:`~se4x_qt.shell.paged_window.PagedGameWindow`: New Game, opening a save, LAN,
Settings, saves; the pages play, "Pass to ..." (hot-seat) and game over; the one
session driver and its computer players' thread) but not the other games' screens.

What may be clicked comes from the legal actions only: a card in your hand
when a show, pair or AI pairing uses it; an opponent's hand when drawing
from it is legal; a tile when a board action starts or ends there.  Every
click becomes one :class:`~se4x_core.games.sp4x.actions.Action` applied
through the :class:`~se4x_qt.session.driver.GameDriver`; a refusal is shown
as the engine words it.  A LAN game is the same window over the same driver on
the host's table (the host as the authority: a refusal is the host's words,
and the host keeps the game, so Save is off and nothing is autosaved here).
Everything drawn comes from the viewer's observation; another player's cards
never reach the screen (the handover page covers the window whenever the next
decision is another human's).
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar, Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QColor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from se4x_core.gamekit.contract import Event
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.observation import Observation
from se4x_qt import style, widgets
from se4x_qt.games.sp4x import reference, texts
from se4x_qt.games.sp4x.board import BoardView, Cell
from se4x_qt.games.sp4x.cards import CardButton, FannedRow
from se4x_qt.games.sp4x.dialogs import DIALOG_PHASES, ChoiceDialog
from se4x_qt.games.sp4x.game_over import Sp4xGameOver
from se4x_qt.games.sp4x.panels import DeckPanel, PlayerPanel, ResourceTrack, ScoreTrack
from se4x_qt.session import storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell import lan
from se4x_qt.shell.paged_window import PAGE_HANDOVER, PAGE_OVER, PAGE_PLAY, PagedGameWindow
from se4x_qt.shell.shell import AppShell
from se4x_qt.style import Theme
from se4x_qt.widgets import DrawnSections, FlowLayout, clear_layout
from se4x_qt.widgets.log_view import LogLine, LogView

RIGHT_WIDTH: Final = 380
PLAYERS_MAX_HEIGHT: Final = 440  # the opponents' panels before they scroll (the log shrinks)
LOG_KEEP: Final = 400  # log lines kept (the latest are the ones read)
CARD_KINDS: Final = ("show", "pair", "ai_pair")
# the board actions: the first cell is where the click starts, the second (if any) ends it
TWO_CELL_KINDS: Final = ("move", "explore", "buy_move", "road", "buy_road", "lose_road")
ONE_CELL_KINDS: Final = ("base", "harvest", "use_power", "place_men", "buy_man", "lose_man",
                         "lose_base", "teleport")


def board_cells(action: Action) -> tuple[Cell, Cell | None] | None:
    """Where a board action starts and ends on the board (None: not a board action)."""
    if action.kind in ("move", "explore", "buy_move"):
        assert action.cell is not None and action.dst is not None
        return action.cell, action.dst
    if action.kind in ("road", "buy_road", "lose_road"):
        assert action.cell is not None
        return action.cell, texts.neighbour(action.cell, action.dir)
    if action.kind == "teleport":
        assert action.dst is not None
        return action.dst, None
    if action.kind in ONE_CELL_KINDS:
        assert action.cell is not None
        return action.cell, None
    return None


class Sp4xWindow(PagedGameWindow):
    """One SP4X game on screen."""

    GAME: ClassVar[str] = "sp4x"
    ACTION: ClassVar[type] = Action
    RULES_SECTIONS = reference.PHASE_SECTIONS

    def __init__(self, settings: storage.Settings | None = None,
                 shell: AppShell | None = None) -> None:
        super().__init__(settings, shell)
        self.setObjectName("sp4x_window")
        self.setWindowTitle(self.title)
        self.setStyleSheet(style.main_stylesheet())
        self.selected_cell: Cell | None = None
        self.selected_card: str | None = None
        self.choices: list[Action] = []  # several actions on one click: the bar asks which
        self.dialog: ChoiceDialog | None = None
        self._dialog_codes: list[int] = []
        self._log_state = (-1, 0)  # (viewer, entries shown)
        # What each section was last drawn from: drawing a section makes its widgets anew,
        # the costliest part of a refresh, and a move changes one or two sections of the five.
        self._drawn = DrawnSections()
        self.card_buttons: dict[str, CardButton] = {}
        self._build_window("sp4x_play", self._build_left(), self._build_right_column(),
                           Sp4xGameOver())

    # -- building -----------------------------------------------------------------------
    def _build_left(self) -> QVBoxLayout:
        left = QVBoxLayout()
        left.setSpacing(6)
        left.addWidget(self._build_top_bar())
        self.board = BoardView()
        self.board.cell_clicked.connect(self.cell_clicked)
        left.addWidget(self.board, 1)
        left.addWidget(self._build_action_bar())
        left.addWidget(self._build_hand_strip())
        return left

    def _panel(self, name: str) -> tuple[QFrame, QVBoxLayout]:
        frame = QFrame()
        frame.setObjectName(name)
        frame.setStyleSheet(f"QFrame#{name} {{ background:{Theme.PANEL}; "
                            f"border:1px solid {Theme.BORDER}; border-radius:8px; }}")
        layout = QVBoxLayout(frame)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(4)
        return frame, layout

    def _build_top_bar(self) -> QFrame:
        frame = QFrame()
        frame.setObjectName("sp4x_topbar")
        frame.setStyleSheet(f"QFrame#sp4x_topbar {{ background:{Theme.PANEL}; "
                            f"border:1px solid {Theme.BORDER}; border-radius:8px; }}")
        row = QHBoxLayout(frame)
        row.setContentsMargins(12, 5, 12, 5)
        title = widgets.label("SP4X", "sp4x_title")
        title.setStyleSheet(f"font-size:15pt; font-weight:800; color:{Theme.ACCENT}; "
                            "letter-spacing:2px;")
        tag = widgets.label("PROTOTYPE RULES", "sp4x_prototype")
        tag.setStyleSheet(f"color:{Theme.WARN}; border:1px solid {Theme.WARN}; "
                          "border-radius:4px; padding:1px 6px; font-size:8pt; "
                          "font-weight:700;")
        tag.setToolTip("SP4X is played from a prototype's rules; what they leave open is "
                       "filled in as the README's section on SP4X explains")
        self.age_label = widgets.label("", "sp4x_age")
        self._fill_top_bar(row, title, tag, self.age_label, "sp4x_turn")
        return frame

    def _build_action_bar(self) -> QFrame:
        frame, layout = self._panel("sp4x_actions")
        self.prompt = widgets.label("", "sp4x_prompt", wrap=True)
        self.prompt.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-weight:700; "
                                  "font-size:10.5pt;")
        layout.addWidget(self.prompt)
        self.button_row = FlowLayout()
        layout.addLayout(self.button_row)
        self.message = widgets.label("", "message", wrap=True)
        layout.addWidget(self.message)
        return frame

    def _build_hand_strip(self) -> QFrame:
        frame, layout = self._panel("sp4x_hand_strip")
        row = QHBoxLayout()
        row.setSpacing(12)
        layout.addLayout(row)
        self.me_box = QVBoxLayout()
        self.me_box.setSpacing(2)
        me = QWidget()
        me.setFixedWidth(190)
        me.setLayout(self.me_box)
        row.addWidget(me)
        hand = QVBoxLayout()
        hand.setSpacing(2)
        self.hand_title = widgets.heading("Your hand")
        hand.addWidget(self.hand_title)
        self.hand_row = FannedRow(spacing=4)
        hand.addLayout(self.hand_row)
        row.addLayout(hand, 1)
        frame.setFixedHeight(CardButton.SIZE.height() + 40)
        return frame

    def _build_right_column(self) -> QWidget:
        column = QWidget()
        column.setFixedWidth(RIGHT_WIDTH)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        track_frame, track_layout = self._panel("sp4x_score_panel")
        track_layout.setContentsMargins(6, 2, 6, 2)
        self.track_box = QVBoxLayout()
        track_layout.addLayout(self.track_box)
        layout.addWidget(track_frame)
        self.players_box = QVBoxLayout()
        self.players_box.setSpacing(6)
        players = QWidget()
        players.setObjectName("sp4x_players_box")
        players.setLayout(self.players_box)
        scroll = QScrollArea()
        scroll.setObjectName("sp4x_players_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        # the window's background below the panels, not the viewport's white
        scroll.setStyleSheet("QScrollArea#sp4x_players_scroll, "
                             "QWidget#sp4x_players_box { background: transparent; }")
        scroll.viewport().setAutoFillBackground(False)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(players)
        self.players_scroll = scroll
        layout.addWidget(scroll, 3)
        self.deck_box = QVBoxLayout()
        layout.addLayout(self.deck_box)
        log_frame, log_layout = self._panel("sp4x_log_panel")
        log_layout.addWidget(widgets.heading("Log"))
        self.log = LogView(LOG_KEEP)
        self.log.setObjectName("sp4x_log")
        self.log.setStyleSheet("QPlainTextEdit { background: transparent; border: none; "
                               "font-size: 9pt; }")
        # long lines wrap (a name of 20 letters and two tiles), never cut off or scrolled
        # sideways; the vertical bar always takes its room, so a line never rewraps as
        # the bar comes and goes
        self.log.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        log_layout.addWidget(self.log)
        layout.addWidget(log_frame, 2)
        return column

    # -- the game shown ---------------------------------------------------------------------
    def _take_driver(self, driver: GameDriver) -> None:
        self._log_state = (-1, 0)
        self._drawn.forget()
        self._clear_selection()

    def autosave_now(self) -> None:
        """Autosave when a turn begins (and at the end): a handful of files a game."""
        if self.driver is not None and self.driver.phase == "draw":
            self.autosave()

    def observation(self) -> Observation:  # type: ignore[override]  # SP4X's TypedDict
        obs: Observation = super().observation()  # type: ignore[assignment]
        return obs

    # -- refreshing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the viewer's observation."""
        if self.driver is None or self.pages.currentIndex() == PAGE_HANDOVER:
            return
        obs = self.observation()
        legal = self.legal()
        if not self.driver.viewer_may_act():
            self._clear_selection()
        self.clear_stale_refusal()
        self._update_top()
        self._fill_players(obs, legal)
        self._fill_deck(obs)
        self._fill_me(obs)
        self._fill_hand(obs, legal)
        self._fill_board(obs, legal)
        self._fill_actions(obs, legal)
        self._fill_log()
        self._update_dialog(obs, legal)

    def _update_top(self) -> None:
        if self.driver is None:
            return
        obs = self.observation()
        self.age_label.setText(f"Age {obs['age']} of 2 \u00b7 Turn {obs['turn']}")
        if obs["is_over"]:
            self.turn_label.setText("Game over")
            return
        active, current = obs["active_player"], obs["current_player"]
        phase = texts.PHASE_TITLES.get(obs["phase"], obs["phase"])
        self.turn_label.setText(self.turn_text(active, current, phase, current != active))

    def _fill_players(self, obs: Observation, legal: list[Action]) -> None:
        """The score track and a panel per opponent, each drawn anew only when what it
        shows changed: a move changes one or two players' panels, and a panel is the
        costliest widget of a refresh (its style sheets are resolved as it is added)."""
        drawable = {a.player for a in legal if a.kind == "draw"}
        viewer, players, names = obs["viewer"], obs["players"], self.names()
        if self._drawn.stale("track", [view["score"] for view in players]):
            clear_layout(self.track_box)
            self.track_box.addWidget(ScoreTrack(obs))
        if self._drawn.stale("players", viewer, len(players)):  # who has a panel, in what order
            clear_layout(self.players_box)
            self.player_panels: dict[int, PlayerPanel] = {}
            self.players_box.addStretch(1)
        order = [(viewer + k) % len(players) for k in range(1, len(players))]
        changed = False
        for index, player in enumerate(order):
            current, active = player == obs["current_player"], player == obs["active_player"]
            if not self._drawn.stale(f"player {player}", players[player], viewer, names,
                                     current, active, player in drawable):
                continue
            panel = PlayerPanel(players[player], names, viewer, current=current,
                                active=active, drawable=player in drawable)
            panel.draw_requested.connect(self.draw_from)
            old = self.player_panels.get(player)
            if old is None:
                self.players_box.insertWidget(index, panel)
            else:
                self.players_box.replaceWidget(old, panel)
                # hidden, not unparented: a widget taken out of its parent becomes a
                # window of its own, which the show its layout queued would put on screen
                old.hide()
                old.deleteLater()
            self.player_panels[player] = panel
            changed = True
        if changed:
            self._fit_players()

    def _fit_players(self) -> None:
        """Every opponent in view when the screen allows: the log gives way first.  The
        panels' own hints: the box's would leave out the panels not shown yet (all of
        them, just made), and the area would shrink to nothing."""
        panels = self.player_panels.values()
        margins = self.players_box.contentsMargins()
        content = sum(panel.sizeHint().height() for panel in panels) + margins.top() + \
            margins.bottom() + self.players_box.spacing() * max(0, len(panels) - 1)
        self.players_scroll.setMinimumHeight(min(content, PLAYERS_MAX_HEIGHT))

    def _fill_deck(self, obs: Observation) -> None:
        if not self._drawn.stale("deck", [obs[key] for key in DeckPanel.SHOWS], self.names()):
            return
        clear_layout(self.deck_box)
        self.deck_panel = DeckPanel(obs, self.names())
        self.deck_box.addWidget(self.deck_panel)

    def _fill_me(self, obs: Observation) -> None:
        viewer = obs["viewer"]
        view = obs["players"][viewer]
        names = self.names()
        if not self._drawn.stale("me", view, viewer, names):
            return
        clear_layout(self.me_box)
        head = QHBoxLayout()
        head.addWidget(widgets.emblem_label(viewer, 18))
        who = widgets.label(style.player_name(viewer, names), "sp4x_me")
        who.setStyleSheet(f"color:{style.player_colour(viewer).name()}; font-weight:700;")
        head.addWidget(who)
        head.addStretch(1)
        points = view["score"]
        score = widgets.label(f"{points} pt{'' if abs(points) == 1 else 's'}", "sp4x_my_score")
        score.setStyleSheet("font-size:14pt; font-weight:800;")
        head.addWidget(score)
        self.me_box.addLayout(head)
        for res in ("plastic", "food", "metal"):
            line = QHBoxLayout()
            tag = widgets.label(f"{texts.RESOURCE_TITLES[res]} {view['resources'][res]}",
                                "faint")
            tag.setFixedWidth(70)
            tag.setStyleSheet(f"color:{texts.RESOURCE_COLOURS[res]}; font-size:8.5pt;")
            line.addWidget(tag)
            line.addWidget(ResourceTrack(res, view["resources"][res], view["capacity"][res]))
            self.me_box.addLayout(line)
        pool = view["pieces"]["pool"]
        reserve = widgets.label(f"Reserve: {pool['men']} men, {pool['bases']} bases, "
                                f"{pool['roads']} roads", "faint")
        reserve.setWordWrap(True)
        reserve.setStyleSheet(f"color:{Theme.MUTED}; font-size:8pt;")
        self.me_box.addWidget(reserve)
        if view["plan_laid"]:
            plan = widgets.label("Grand Plan laid out", "faint")
            plan.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-size:8pt;")
            self.me_box.addWidget(plan)
        self.me_box.addStretch(1)

    def _fill_hand(self, obs: Observation, legal: list[Action]) -> None:
        """The viewer's cards, drawn anew only when the hand, the cards it may play or
        the selected card changed (most refreshes follow another player's move)."""
        usable = {a.card for a in legal if a.kind in CARD_KINDS}
        if any(a.kind in ("show_ai", "ai_pair") for a in legal):
            usable.add("ai")
        hand = obs["hand"]
        count = sum(hand.values())
        viewer = obs["viewer"]
        title = (f"YOUR HAND \u00b7 {count} CARD{'S' if count != 1 else ''}"
                 if obs["players"][viewer]["hand_size"] or count else "YOUR HAND IS EMPTY")
        shown = [(card, hand[card], card in usable, card == self.selected_card)
                 for card in ("move", "build", "exploit", "men", "steal", "war", "plan", "ai")
                 if hand.get(card)]
        self.hand_title.setText(title)
        if not self._drawn.stale("hand", shown):
            return
        clear_layout(self.hand_row)
        self.card_buttons = {}
        for card, number, playable, selected in shown:
            button = CardButton(card, number, playable, selected)
            button.clicked.connect(self.card_clicked)
            self.hand_row.addWidget(button)
            self.card_buttons[card] = button
        self.hand_row.addStretch(1)

    def _board_actions(self, legal: list[Action]) -> list[tuple[Action, Cell, Cell | None]]:
        out = []
        for action in legal:
            cells = board_cells(action)
            if cells is not None:
                out.append((action, cells[0], cells[1]))
        return out

    def _fill_board(self, obs: Observation, legal: list[Action]) -> None:
        board = self._board_actions(legal)
        sources = {src for _a, src, _t in board}
        spaces = {dst for a, _s, dst in board if a.kind == "explore" and dst is not None}
        targets: set[Cell] = set()
        if self.selected_cell is not None:
            targets = {dst for _a, src, dst in board
                       if src == self.selected_cell and dst is not None}
            sources = set()
        self.board.show_board(obs, sources, targets, self.selected_cell, spaces)

    def _fill_actions(self, obs: Observation, legal: list[Action]) -> None:
        """The prompt and the action buttons; the buttons are made anew only when what
        they offer changed."""
        assert self.driver is not None
        acting = self.driver.viewer_may_act()
        names = self.names()
        buttons, prompt = self._offered_actions(obs, legal) if acting else ([], None)
        self.prompt.setText(prompt or texts.prompt(obs, names, acting))
        reopen = acting and not self.choices and obs["phase"] in DIALOG_PHASES
        cancel = acting and (self.selected_cell is not None or self.selected_card is not None
                             or bool(self.choices))
        offered = [(texts.action_text(action, obs, names), action) for action in buttons]
        if not self._drawn.stale("actions", reopen, cancel, offered):
            return
        clear_layout(self.button_row)
        if reopen:
            self.button_row.addWidget(widgets.button("Show the choice", "reopen_dialog",
                                                     self._reopen_dialog))
        for index, (label, action) in enumerate(offered):
            button = widgets.button(label, f"action_{action.kind}_{index}",
                                    partial(self.act, action))
            if action.kind in ("end_turn", "done", "pair"):
                button.setStyleSheet(style.primary_button_stylesheet("4px 14px"))
            self.button_row.addWidget(button)
        if cancel:
            self.button_row.addWidget(widgets.button("Cancel", "cancel_selection",
                                                     self._cancel_selection))

    def _offered_actions(self, obs: Observation,
                         legal: list[Action]) -> tuple[list[Action], str | None]:
        """The actions the buttons offer (at most ten): a pending choice's, the selected
        card's or the selected tile's, then those played without the board or a card
        (none in a dialog's phase: the dialog offers them); and the prompt a pending
        choice or a selected tile puts in the usual one's place (None: the usual)."""
        buttons: list[Action] = []
        prompt = None
        if self.choices:
            buttons, prompt = list(self.choices), "Which one?"
        elif obs["phase"] in DIALOG_PHASES:
            return [], None
        elif self.selected_card is not None:
            buttons = [a for a in legal if a.kind in CARD_KINDS and a.card == self.selected_card]
            if self.selected_card == "ai":
                buttons += [a for a in legal if a.kind == "show_ai"]
        elif self.selected_cell is not None:
            # the targets are lit on the board; the buttons are what happens right here
            buttons = [a for a, src, dst in self._board_actions(legal)
                       if src == self.selected_cell and dst is None]
            prompt = (f"{texts.tile_at(obs, self.selected_cell)}: choose, or click "
                      "a highlighted tile")
        if not self.choices:
            buttons += [a for a in legal if board_cells(a) is None and a.kind not in CARD_KINDS
                        and a.kind != "show_ai"]
        return buttons[:10], prompt

    def _fill_log(self) -> None:
        assert self.driver is not None
        viewer = self.driver.viewer
        events = self.driver.seen.get(viewer, [])
        total = self.driver.seen_total.get(viewer, 0)
        shown_for, shown = self._log_state
        if shown_for != viewer or shown > total:
            self.log.clear_lines()
            shown = total - len(events)
        cells = texts.CellNames(self.observation())
        for event in events[len(events) - min(len(events), total - shown):]:
            self._add_log(event, viewer, cells)
        self._log_state = (viewer, total)

    def _add_log(self, event: Event, viewer: int, cells: texts.CellNames) -> None:
        text = texts.event_text(event, self.names(), viewer, cells)
        if text is None:
            return
        player = event.get("player")
        if event["type"] == "turn" or event["type"] == "age_ended":
            colour = style.player_colour(player if isinstance(player, int) else -1)
            self.log.append(LogLine(text, colour, bold=True))
        elif event.get("visible_to") is not None:
            self.log.append(LogLine(text, QColor(Theme.ACCENT), tooltip="Only you can see this"))
        else:
            self.log.append(LogLine(text))

    def log_texts(self) -> list[str]:
        return self.log.texts()

    def _update_dialog(self, obs: Observation, legal: list[Action]) -> None:
        phase = obs["phase"]
        wanted = bool(legal) and phase in DIALOG_PHASES
        if self.dialog is not None and (not wanted or self.dialog.phase != phase
                                        or self._dialog_codes != [a.code for a in legal]):
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None
        if wanted and self.dialog is None:
            self.dialog = ChoiceDialog(obs, legal, self.names(), self)
            self._dialog_codes = [a.code for a in legal]
            self.dialog.chosen.connect(self.act)
            self.dialog.open()

    def _reopen_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.show()
            self.dialog.raise_()
        else:
            self.refresh()

    # -- clicks ------------------------------------------------------------------------------
    def message_line(self) -> QLabel:
        return self.message

    def _before_act(self) -> None:
        self._clear_selection()

    def draw_from(self, player: int) -> None:
        for action in self.legal():
            if action.kind == "draw" and action.player == player:
                self.act(action)
                return

    def card_clicked(self, card: str) -> None:
        self.selected_cell = None
        self.choices = []
        self.selected_card = None if self.selected_card == card else card
        self.refresh()

    def cell_clicked(self, q: int, r: int) -> None:
        cell = (q, r)
        board = self._board_actions(self.legal())
        if not board:
            return
        self.choices = []
        self.selected_card = None
        if self.selected_cell is not None:
            hits = [a for a, src, dst in board if src == self.selected_cell and dst == cell]
            if len(hits) == 1:
                self.act(hits[0])
                return
            if hits:
                self.choices = hits
                self.refresh()
                return
        own = [(a, dst) for a, src, dst in board if src == cell]
        if not own:
            self.selected_cell = None
            self.refresh()
            return
        if len(own) == 1 and own[0][1] is None:
            self.act(own[0][0])
            return
        self.selected_cell = None if self.selected_cell == cell else cell
        self.refresh()

    def _clear_selection(self) -> None:
        self.selected_cell = None
        self.selected_card = None
        self.choices = []

    def _cancel_selection(self) -> None:
        self._clear_selection()
        self.refresh()

    # -- hot-seat ----------------------------------------------------------------------------
    def handover_detail(self, obs: dict[str, Any]) -> str:
        phase = texts.PHASE_TITLES.get(obs["phase"], obs["phase"])
        if obs["current_player"] == obs["active_player"]:
            return f"Age {obs['age']}, turn {obs['turn']}: {phase}."
        assert self.driver is not None
        return (f"Age {obs['age']}, turn {obs['turn']} \u2014 turn: "
                f"{self.driver.player_name(obs['active_player'])}. Your decision: {phase}.")

    def _blank_play_page(self) -> None:
        """Take the last viewer's hand, resources, opponents' panels, log and prompt off
        the play page behind the handover: the next player must not find them under any
        page, dialog or menu before confirming (the page is drawn anew for them)."""
        if self.dialog is not None:
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None
        self._clear_selection()
        for box in (self.hand_row, self.me_box, self.players_box, self.deck_box,
                    self.track_box, self.button_row):
            clear_layout(box)
        self.card_buttons = {}
        self.player_panels = {}
        self._drawn.forget()  # every section is drawn anew for the next player
        self.hand_title.setText("")
        self.prompt.setText("")
        self.message.setText("")
        self.turn_label.setText("")
        self.log.clear_lines()
        self._log_state = (-1, 0)

    def _before_game_over(self) -> None:
        if self.dialog is not None:
            self.dialog.hide()
            self.dialog = None

    def closeEvent(self, event: QCloseEvent) -> None:
        """Game > Close and the window's close button: a hosted game with remote players,
        or a seat at another host, is asked about first (and ends when the window closes)."""
        if not lan.may_close(self, event):
            return
        self.stop_game()
        if self.dialog is not None:
            self.dialog.hide()
        QMainWindow.closeEvent(self, event)


__all__ = ["PAGE_HANDOVER", "PAGE_OVER", "PAGE_PLAY", "Sp4xWindow", "board_cells"]
