"""The decision panel: whose decision it is, and the choices the legal actions offer.

Why the window says prominently who decides: in a hot-seat game both
players watch the battle at one screen, and every decision (which battle
first, which groups to screen, the target of each shot, a retreat, firing
at a colony) may be either player's.  Every choice is a button made from a
legal action, with the to-hit numbers of the observation; a click applies
the action through the window (which shows the engine's refusal in the
message line).  Below the choices: the message line, Auto-resolve, and
Close once the battle is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QFrame, QHBoxLayout, QVBoxLayout, QWidget

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.hexgrid import WARP_DIR
from se4x_core.phases import COMBAT_PHASES
from se4x_qt import style, widgets
from se4x_qt.style import Theme
from se4x_qt.widgets import FlowLayout, clear_layout, make_panel
from se4x_qt.windows.combat.cards import to_hit_text
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
        _, layout = make_panel(frame=self)
        self._banner = QWidget()
        self._banner_layout = QHBoxLayout(self._banner)
        self._banner_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._banner)
        self._choices = QWidget()
        self._choices_layout = QVBoxLayout(self._choices)
        self._choices_layout.setContentsMargins(0, 0, 0, 0)
        self._choices_layout.setSpacing(8)
        layout.addWidget(self._choices)
        layout.addLayout(self._build_buttons(toggle_auto, close))

    def _build_buttons(self, toggle_auto: Callable[[], None],
                       close: Callable[[], None]) -> QHBoxLayout:
        row = QHBoxLayout()
        self.message_label = widgets.message_line()
        row.addWidget(self.message_label, 1)
        self.auto_button = widgets.button("Auto-resolve battle", "auto_resolve", toggle_auto)
        self.auto_button.setToolTip("Every remaining decision of this battle is taken by the "
                                    "default policy: no screening, no retreat, best target.")
        row.addWidget(self.auto_button)
        self.close_button = widgets.button("Close", "close_battle", close)
        row.addWidget(self.close_button)
        return row

    def _who(self, player: int) -> str:
        return self.reader.who(player)

    def _unit_name(self, unit: int) -> str:
        return self.reader.unit_name(unit)

    def show_decision(self, obs: dict[str, Any], phase: str, battle: dict[str, Any] | None,
                      auto_running: bool, last_result: str) -> None:
        """Rebuild the banner and the choices for the decision the game waits for."""
        clear_layout(self._banner_layout)
        clear_layout(self._choices_layout)
        self._screen_checks = {}
        in_phase = phase in COMBAT_PHASES
        self.auto_button.setEnabled(in_phase and self.reader.can_act())
        self.auto_button.setVisible(in_phase)
        self.auto_button.setText("Stop auto-resolve" if auto_running else "Auto-resolve battle")
        self.close_button.setVisible(not in_phase)
        if not in_phase:
            self._add_result(last_result)
            return
        self._add_current_player_banner()
        if phase == "choose_battle":
            self._add_battle_choice(obs)
        elif battle is not None and phase == "combat_screen":
            self._add_screening(battle)
        elif battle is not None and phase == "combat_fire":
            self._add_fire(battle)
        elif battle is not None and phase == "colony_attack":
            self._add_colony_attack(obs, battle)
        elif battle is not None and phase == "mines":
            self._add_mines(obs, battle)

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

    def _add_battle_choice(self, obs: dict[str, Any]) -> None:
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

    def _battle_choice_text(self, obs: dict[str, Any], hex_index: int) -> str:
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

    def _add_screening(self, battle: dict[str, Any]) -> None:
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

    def _add_fire(self, battle: dict[str, Any]) -> None:
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

    def _queue_html(self, battle: dict[str, Any]) -> str:
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

    def _add_targets(self, battle: dict[str, Any], firing: int, legal: list[Action]) -> None:
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

    def _add_colony_attack(self, obs: dict[str, Any], battle: dict[str, Any]) -> None:
        firing = self.reader.firing_unit(battle)
        colony = obs["hexes"][battle["hex"]].get("colony") or {}
        what = "homeworld" if colony.get("homeworld") else "colony"
        text = (f"The enemy ships are gone. {self._who(colony.get('owner', -1))} {what} "
                f"({colony.get('cp', 0)} CP) lies open.")
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

    def _add_mines(self, obs: dict[str, Any], battle: dict[str, Any]) -> None:
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

    def _add_result(self, last_result: str) -> None:
        text = last_result or "No battle is being fought."
        label = widgets.label(text, "result_label")
        label.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-size:14pt; font-weight:700;")
        self._banner_layout.addWidget(label)
        self._banner_layout.addStretch(1)

    # -- acting ---------------------------------------------------------------------------
    def _apply_later(self, action: Action) -> Callable[[], None]:
        """A click handler applying ``action`` (bound now, run when clicked)."""
        return lambda: self._apply(action)

    def _confirm_screen(self) -> None:
        """The whole screening choice as one request: every group screened, then done."""
        chosen = [u for u, box in self._screen_checks.items() if box.isChecked()]
        if self.session.table.phase == "combat_screen":
            self._apply([Action("screen", unit=unit) for unit in chosen]
                        + [Action("done_screening")])
