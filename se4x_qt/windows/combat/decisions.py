"""The decision panel: whose decision it is, and the choices the legal actions offer.

Why the window says prominently who decides: in a hot-seat game both
players watch the battle at one screen, and every decision (which battle
first, which groups to screen, the target of each shot, a retreat, firing
at a colony) may be either player's.  Every choice is a button made from a
legal action, with the to-hit numbers of the observation; a click applies
the action through the window (which shows the engine's refusal in the
message line).  Below the choices: the message line, Auto-resolve, and
Close once the battle is over.  A battle's end takes the whole panel: who won,
what each side lost, the dice of the final decision, and the button that goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QFrame, QHBoxLayout, QVBoxLayout, QWidget

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.hexgrid import WARP_DIR
from se4x_core.observation import BattleView, Observation
from se4x_qt import style, widgets
from se4x_qt.style import Theme
from se4x_qt.widgets import FlowLayout, clear_layout, make_panel
from se4x_qt.windows.combat.battle_log import LOG_COLOURS
from se4x_qt.windows.combat.cards import to_hit_text
from se4x_qt.windows.combat.ending import BattleRecord, Ending, colony_open_text
from se4x_qt.windows.combat.reading import BattleReader, unit_owner


class DecisionPanel(QFrame):
    """The current player banner, the choices of the decision now, and the window's buttons."""

    def __init__(self, reader: BattleReader, apply: Callable[[Action | list[Action]], bool],
                 toggle_auto: Callable[[], None], close: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reader = reader
        self.session = reader.session
        self._apply = apply
        self._screen_checks: dict[int, QCheckBox] = {}
        self._screen_counts: dict[int, int] = {}
        self._screen_left = 0
        self.result_text = ""  # the battle's end shown, in one line
        _, layout = make_panel(frame=self)
        top = QHBoxLayout()  # the banner, and the window's buttons beside it: one line less
        self._banner = QWidget()
        self._banner_layout = QHBoxLayout(self._banner)
        self._banner_layout.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self._banner, 1)
        self._add_buttons(top, toggle_auto, close)
        layout.addLayout(top)
        self._choices = QWidget()
        self._choices_layout = QVBoxLayout(self._choices)
        self._choices_layout.setContentsMargins(0, 0, 0, 0)
        self._choices_layout.setSpacing(8)
        layout.addWidget(self._choices)
        self.message_label = widgets.message_line()
        layout.addWidget(self.message_label)

    def _add_buttons(self, row: QHBoxLayout, toggle_auto: Callable[[], None],
                     close: Callable[[], None]) -> None:
        self.auto_button = widgets.button("Auto-resolve battle", "auto_resolve", toggle_auto)
        self.auto_button.setToolTip("Every remaining decision of this battle is taken by the "
                                    "default policy: no screening, no retreat, best target.")
        row.addWidget(self.auto_button, 0, Qt.AlignmentFlag.AlignTop)
        self.close_button = widgets.button("Close", "close_battle", close)
        self.close_button.setToolTip("Enter")
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)

    def _who(self, player: int) -> str:
        return self.reader.who(player)

    def _unit_name(self, unit: int) -> str:
        return self.reader.unit_name(unit)

    def show_decision(self, obs: Observation, phase: str, battle: BattleView | None,
                      auto_running: bool, record: BattleRecord | None) -> None:
        """Rebuild the banner and the choices for the decision the game waits for
        (``record``: what the window saw of the battle so far)."""
        self._clear()
        self.auto_button.setEnabled(self.reader.can_act())
        self.auto_button.setVisible(True)
        self.auto_button.setText("Stop auto-resolve" if auto_running else "Auto-resolve battle")
        self.close_button.setVisible(False)
        self._add_current_player_banner()
        if phase == "choose_battle":
            self._add_battle_choice(obs)
        elif battle is not None and phase == "combat_screen":
            self._add_screening(battle)
        elif battle is not None and phase == "combat_fire":
            self._add_fire(battle)
        elif battle is not None and phase == "colony_attack":
            self._add_colony_attack(obs, battle, record)
        elif battle is not None and phase == "mines":
            self._add_mines(obs, battle)

    def _clear(self) -> None:
        clear_layout(self._banner_layout)
        clear_layout(self._choices_layout)
        self._screen_checks = {}
        self.show_message()

    def show_message(self) -> None:
        """The message line takes room only while it says something (a refusal)."""
        self.message_label.setVisible(bool(self.message_label.text()))

    def show_end(self, ending: Ending, button_text: str, note: str = "") -> None:
        """A battle's end: who won and what each side lost, the final decision's dice (the
        killing shot), and the button that goes on ("Close", "Next battle")."""
        self._clear()
        self.result_text = f"{ending.headline}: {ending.details}" if ending.details \
            else ending.headline
        self.auto_button.setVisible(False)
        self.close_button.setText(button_text)
        self.close_button.setStyleSheet(f"border-color:{Theme.ACCENT}; font-weight:700;")
        self.close_button.setVisible(True)
        colour = style.player_colour(ending.side).name() if ending.side != -1 \
            else Theme.HIGHLIGHT
        if ending.side != -1:
            self._banner_layout.addWidget(widgets.emblem_label(ending.side, 24))
        headline = widgets.label(ending.headline, "result_label", wrap=True)
        headline.setStyleSheet(f"color:{colour}; font-size:15pt; font-weight:800;")
        self._banner_layout.addWidget(headline, 1)
        if ending.details:
            detail = widgets.label(ending.details, "result_detail", wrap=True)
            detail.setStyleSheet("font-size:11pt;")
            self._choices_layout.addWidget(detail)
        if ending.last_lines:
            self._choices_layout.addWidget(self._last_lines(ending.last_lines))
        if note:
            self._choices_layout.addWidget(widgets.label(note, "end_note", wrap=True))

    @staticmethod
    def _last_lines(lines: list[tuple[str, str]]) -> QWidget:
        """The final decision's log lines, each in its log colour."""
        html = "<br>".join(f"<span style='color:{LOG_COLOURS.get(kind, Theme.TEXT)}'>"
                           f"{escape(text)}</span>" for text, kind in lines)
        caption = f"<span style='color:{Theme.FAINT}'>Final decision:</span> "
        return widgets.label(caption + html, "last_shot", rich=True, wrap=True)

    def _add_current_player_banner(self) -> None:
        current = self.session.current_player
        colour = style.player_colour(current).name()
        computer = self.reader.current_player_is_computer()
        text = f"{self._who(current)} decides" + (" (computer)" if computer else "")
        big = widgets.label(text, "current_player_label")
        big.setStyleSheet(f"color:{colour}; font-size:16pt; font-weight:800;")
        self._banner_layout.addWidget(widgets.emblem_label(current, 24))
        self._banner_layout.addWidget(big)
        if current == self.session.viewer:
            note = "your decision"
        elif computer:
            note = "the computer is thinking"
        else:
            note = f"hot seat: {self._who(current)} takes this decision"
        self._banner_layout.addWidget(widgets.label(note, "subtle"))
        self._banner_layout.addStretch(1)
        self.current_player_label = big

    def _choice_row(self) -> FlowLayout:
        """A row of choices that wraps to more lines rather than widening the window."""
        row = FlowLayout(spacing=8)
        self._choices_layout.addLayout(row)
        return row

    def _add_battle_choice(self, obs: Observation) -> None:
        self._choices_layout.addWidget(widgets.label("Several battles are pending. The attacker "
                                                     "chooses the order in which they are fought.",
                                                     "subtle", wrap=True))
        row = self._choice_row()
        for action in self.session.legal_actions():
            if action.kind == "choose_battle":
                row.addWidget(widgets.button(self._battle_choice_text(obs, action.hex),
                                             f"battle_{action.hex}", self._apply_later(action),
                                             enabled=self.reader.can_act()))
        row.addStretch(1)

    def _battle_choice_text(self, obs: Observation, hex_index: int) -> str:
        terrain = self.reader.hex_terrain(obs, hex_index)
        counts: dict[int, int] = {}
        for unit in self.reader.battle_units(obs, hex_index):
            counts[unit["owner"]] = counts.get(unit["owner"], 0) + 1
        sides = " vs ".join(f"{self._who(p)} {n}" for p, n in sorted(counts.items()))
        text = f"{self.reader.hex_label(hex_index)} \u00b7 {terrain} \u00b7 {sides} counters"
        machine = self.reader.machine_at(obs, hex_index)
        if machine is not None:  # Doomsday Machines: fought first in that hex
            text += f" vs Doomsday Machine {machine['number']}"
        return text

    def _add_screening(self, battle: BattleView) -> None:
        self._screen_left = battle["screen_left"]
        self._choices_layout.addWidget(widgets.label(
            f"{self._who(battle['screener'])} has more combat ships and may screen up to "
            f"{battle['screen_left']} of them this round. Screened groups neither fire nor "
            "can be fired at.", "subtle", wrap=True))
        row = self._choice_row()
        self.screen_left_label = widgets.label("", "subtle")
        counts = {u["unit"]: u.get("count", 1) for u in self.session.observation()["units"]}
        for action in self.session.legal_actions():
            if action.kind == "screen":
                self._screen_counts[action.unit] = counts.get(action.unit, 1)
                ships = self._screen_counts[action.unit]
                box = QCheckBox(f"{self._unit_name(action.unit)} ({ships} "
                                f"ship{'s' if ships != 1 else ''})")
                box.setObjectName(f"screen_{action.unit}")
                box.toggled.connect(self._screen_toggled)
                self._screen_checks[action.unit] = box
                row.addWidget(box)
        row.addStretch(1)
        row.addWidget(self.screen_left_label)
        row.addWidget(widgets.button("Confirm screening", "confirm_screen", self._confirm_screen,
                                     enabled=self.reader.can_act()))
        self._screen_toggled()

    def _screen_toggled(self) -> None:
        """Keep the chosen groups within the allowance: disable boxes that would exceed it."""
        used = sum(self._screen_counts[u] for u, b in self._screen_checks.items()
                   if b.isChecked())
        left = self._screen_left - used
        for unit, box in self._screen_checks.items():
            box.setEnabled(self.reader.can_act() and (box.isChecked()
                                                      or self._screen_counts[unit] <= left))
        self.screen_left_label.setText(f"{left} of {self._screen_left} ships left to screen")

    def _add_fire(self, battle: BattleView) -> None:
        firing = self.reader.firing_unit(battle)
        if firing < 0:
            return
        legal = self.session.legal_actions() if self.reader.can_act() else []
        count = next((u.get("count", 1) for u in self.session.observation()["units"]
                      if u["unit"] == firing), 1)
        owner = unit_owner(self.session, firing)
        if firing in battle["screened"]:
            text = (f"{self._who(owner)} {self._unit_name(firing)} is screened this round: it "
                    "may retreat or hold its place.")
        else:
            text = (f"{self._who(owner)} {self._unit_name(firing)} fires: ship "
                    f"{battle['shot'] + 1} of {count}. Choose a target (or click an enemy card).")
        self._choices_layout.addWidget(widgets.label(text, "fire_prompt", wrap=True))
        self._add_targets(battle, firing, legal)
        self._add_retreats(legal, battle["hex"])
        self._choices_layout.addWidget(widgets.label(self._queue_html(battle), "queue", rich=True,
                                                     wrap=True))

    def _queue_html(self, battle: BattleView) -> str:
        """Who fires after this group in the round (groups already gone are skipped)."""
        obs = self.session.observation()
        alive = {u["unit"]: u["owner"] for u in obs["units"] if u["hex"] == battle["hex"]}
        machine = self.reader.machine_at(obs, battle["hex"])
        if machine is not None and battle["defender"] == data.MACHINE_SIDE:
            alive[machine["unit"]] = data.MACHINE_SIDE  # its two shots come in its turn
        later = [s for s in battle["queue"][battle["pos"] + 1:] if s in alive]
        if not later:
            return f"<span style='color:{Theme.FAINT}'>Last to fire this round.</span>"
        names = [f"<span style='color:{style.player_colour(alive[s]).name()}'>"
                 f"{style.emblem_glyph(alive[s])} {self._unit_name(s)}</span>" for s in later]
        return (f"<span style='color:{Theme.FAINT}'>Then this round: </span>"
                + f"<span style='color:{Theme.FAINT}'> \u203a </span>".join(names))

    def _add_targets(self, battle: BattleView, firing: int, legal: list[Action]) -> None:
        fires = [a for a in legal if a.kind == "fire"]
        if not fires:
            return
        row = self._choice_row()
        row.addWidget(widgets.label("Target:", "subtle"))
        for action in fires:
            to_hit = self.reader.to_hit(battle, firing, action.target)
            chance = f" \u00b7 hit on {to_hit_text(to_hit)}" if to_hit is not None else ""
            row.addWidget(widgets.button(f"{self._unit_name(action.target)}{chance}",
                                         f"target_{action.target}", self._apply_later(action)))
        auto = self.reader.suggested()
        if auto is not None and auto.kind == "fire":
            button = widgets.button(f"Auto \u2192 {self._unit_name(auto.target)}", "auto_target",
                                    self._apply_later(auto))
            button.setStyleSheet(f"border-color:{Theme.ACCENT}; font-weight:700;")
            row.addWidget(button)
        row.addStretch(1)

    def _add_retreats(self, legal: list[Action], hex_index: int) -> None:
        retreats = [a for a in legal if a.kind == "retreat"]
        hold = [a for a in legal if a.kind == "hold"]
        if not retreats and not hold:
            return
        row = self._choice_row()
        row.addWidget(widgets.label("Instead:", "subtle"))
        board = self.reader.board
        for action in retreats:
            target = board.neighbour(hex_index, action.dir)  # a warp link's far end too
            via = " (warp)" if action.dir >= WARP_DIR else ""
            button = widgets.button(f"Retreat to {board.label(target)}{via}",
                                    f"retreat_{action.dir}",
                                    self._apply_later(action))
            button.setStyleSheet(f"border-color:{Theme.WARN};")
            row.addWidget(button)
        for action in hold:
            row.addWidget(widgets.button("Hold (stay screened)", "hold", self._apply_later(action)))
        row.addStretch(1)

    def _add_colony_attack(self, obs: Observation, battle: BattleView,
                           record: BattleRecord | None) -> None:
        firing = self.reader.firing_unit(battle)
        text = colony_open_text(obs["hexes"][battle["hex"]].get("colony"), battle["defender"],
                                record, self._who)
        to_hit = self.reader.colony_to_hit(battle, firing) if firing >= 0 else None
        if to_hit is not None:
            text += (f" {self._unit_name(firing)} may fire at it: hit on {to_hit_text(to_hit)}; "
                     "each hit takes it one step down.")
        self._choices_layout.addWidget(widgets.label(text, "fire_prompt", wrap=True))
        row = self._choice_row()
        for action in self.session.legal_actions() if self.reader.can_act() else []:
            if action.kind == "fire_colony":
                button = widgets.button("Fire at the colony", "fire_colony",
                                        self._apply_later(action))
                button.setStyleSheet(f"border-color:{Theme.BAD}; font-weight:700;")
                row.addWidget(button)
            elif action.kind == "hold":
                row.addWidget(widgets.button("Stop the attack", "stop_colony",
                                             self._apply_later(action)))
        row.addStretch(1)

    def _add_mines(self, obs: Observation, battle: BattleView) -> None:
        """Advanced rules: the defender's mines, one ship of the owner's choice each."""
        mines = sum(1 for u in self.reader.battle_units(obs, battle["hex"])
                    if u.get("unit_type") == "Mine" and u["owner"] == battle["defender"])
        text = (f"{self._who(battle['attacker'])} entered {self._who(battle['defender'])}'s "
                f"minefield: {mines} mine{'s' if mines != 1 else ''} left after sweeping. "
                "Each destroys one ship of a group its owner chooses.")
        self._choices_layout.addWidget(widgets.label(text, "mines_prompt", wrap=True))
        row = self._choice_row()
        row.addWidget(widgets.label("Destroy a ship of:", "subtle"))
        for action in self.session.legal_actions() if self.reader.can_act() else []:
            if action.kind == "detonate":
                button = widgets.button(self._unit_name(action.target),
                                        f"detonate_{action.target}", self._apply_later(action))
                button.setStyleSheet(f"border-color:{Theme.BAD};")
                row.addWidget(button)
        row.addStretch(1)

    # -- acting ---------------------------------------------------------------------------
    def _apply_later(self, action: Action) -> Callable[[], object]:
        """A click handler applying ``action`` (bound now, run when clicked)."""
        return lambda: self._apply(action)

    def _confirm_screen(self) -> None:
        """The whole screening choice as one request: every group screened, then done."""
        chosen = [u for u, box in self._screen_checks.items() if box.isChecked()]
        if self.session.table.phase == "combat_screen":
            self._apply([Action("screen", unit=unit) for unit in chosen]
                        + [Action("done_screening")])
