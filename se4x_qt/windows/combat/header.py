"""The battle's header: where the battle is, who attacks whom, the terrain, the round,
the fleet-size bonus, and the win odds.

Why a banner across the top: the players glance at it between decisions to
see which battle this is and how it stands; everything in it is public once
a battle starts.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QVBoxLayout, QWidget

from se4x_core import data
from se4x_core.observation import BattleView
from se4x_qt import style, widgets
from se4x_qt.games.se4x.log_text import machine_hits_text
from se4x_qt.style import Theme
from se4x_qt.widgets import make_panel
from se4x_qt.windows.combat.odds import OddsPanel
from se4x_qt.windows.combat.reading import OPEN_SPACE, BattleReader, BattleSummary

# What each terrain (the observation's name for it) does to a battle.
TERRAIN_NOTES: dict[str, str] = {
    "open": "groups fire by class, A first, then higher tactics, then the defender",
    "asteroids": "every ship fires as class E; attack technology counts as 0",
    "nebula": "every ship fires as class E; defense technology counts as 0",
}


class BattleHeader(QFrame):
    """The banner: title and status chip, the sides, the terrain, the round, the odds."""

    def __init__(self, reader: BattleReader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.reader = reader
        _, layout = make_panel(object_name="banner", frame=self)
        top = QHBoxLayout()
        top.addLayout(self._build_titles(), 1)
        top.addSpacing(12)
        top.addLayout(self._build_round_box())
        top.addSpacing(18)
        self.odds = OddsPanel()
        top.addWidget(self.odds)
        layout.addLayout(top)

    def _build_titles(self) -> QVBoxLayout:
        titles = QVBoxLayout()
        titles.setSpacing(2)
        self.title_label = widgets.label("", "title")
        self.status_label = widgets.label("", "status_chip")
        title_row = QHBoxLayout()
        title_row.setSpacing(10)
        title_row.addWidget(self.title_label)
        title_row.addWidget(self.status_label, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addStretch(1)
        self.sides_label = widgets.label("", None, rich=True)
        self.terrain_label = widgets.label("", None, rich=True, wrap=True)
        titles.addLayout(title_row)
        for widget in (self.sides_label, self.terrain_label):
            titles.addWidget(widget)
        return titles

    def _build_round_box(self) -> QVBoxLayout:
        box = QVBoxLayout()
        box.setSpacing(2)
        caption = widgets.label("ROUND", "faint")
        self.round_label = widgets.label("\u2013", "big")
        self.bonus_label = widgets.label("", "subtle", rich=True)
        for widget in (caption, self.round_label, self.bonus_label):
            widget.setAlignment(Qt.AlignmentFlag.AlignCenter)
            box.addWidget(widget)
        return box

    def show_battle(self, phase: str, battle: BattleView | None,
                    shown: BattleSummary | None, terrain: str,
                    machine_step: bool = False) -> None:
        """Show ``battle`` (None when none is being fought; ``shown`` is the last one seen).

        ``machine_step``: the Doomsday Machines' step (advanced rules) is running, so a
        battle against one is a machine that reached the player's fleet.
        """
        status, chip = "", Theme.HIGHLIGHT
        against_machine = shown is not None and shown["defender"] == data.MACHINE_SIDE
        if against_machine:
            status, chip = "DOOMSDAY MACHINE", style.MACHINE_HEX
        if phase == "choose_battle":
            title = "CHOOSE A BATTLE"
        elif battle is not None:
            title = f"BATTLE AT {self.reader.hex_label(battle['hex'])}"
            if battle["colony_phase"]:
                status, chip = "COLONY ATTACK", Theme.HIGHLIGHT
        elif shown is not None:
            title, status, chip = f"BATTLE AT {self.reader.hex_label(shown['hex'])}", "OVER", \
                Theme.HIGHLIGHT
        else:
            title = "NO BATTLE"
        self.title_label.setText(title)
        self._set_status(status, chip)
        self.sides_label.setText(self._machine_html(shown, machine_step)
                                 if against_machine and shown is not None
                                 else self._sides_html(shown))
        self.terrain_label.setText(terrain_html(terrain) if shown else "")
        rounds = shown["round"] if shown else 0
        self.round_label.setText(str(rounds) if rounds else "\u2013")
        self.bonus_label.setText(bonus_html(battle, self.reader.player_names()))
        self.bonus_label.setToolTip("Nobody gets the fleet-size bonus against a Doomsday Machine"
                                    if against_machine else "")

    def _set_status(self, text: str, colour: str) -> None:
        """The chip beside the title ("COLONY ATTACK", "DOOMSDAY MACHINE", "OVER")."""
        self.status_label.setText(text)
        self.status_label.setStyleSheet(
            f"color:{Theme.BG}; background:{colour}; border-radius:4px; "
            "padding:2px 8px; font-size:9pt; font-weight:800;")
        self.status_label.setVisible(bool(text))

    def _machine_html(self, shown: BattleSummary, machine_step: bool) -> str:
        """A battle against a Doomsday Machine: "Red attacks ⬢ Doomsday Machine 2", or in
        the machines' step "⬢ Doomsday Machine 2 reached your fleet"; its hits."""
        reader = self.reader
        machine = style.machine_html(reader.who(data.MACHINE_SIDE))
        muted = f"<span style='color:{Theme.MUTED}'>"
        player = shown["attacker"]
        if machine_step:
            fleet = ("your fleet" if player == reader.session.viewer
                     else f"{style.name_html(player, reader.player_names())}{muted}'s fleet</span>")
            text = f"{machine} {muted}reached</span> {fleet}"
        else:
            text = (f"{style.name_html(player, reader.player_names())} {muted}attacks</span> "
                    f"{machine}")
        hits = reader.machine["hits"] if reader.machine else 0
        state = "destroyed" if reader.machine_destroyed else machine_hits_text(hits)
        return f"{text} {muted}\u00b7 {state}</span>"

    def _sides_html(self, shown: BattleSummary | None) -> str:
        if shown is None:
            return ""
        names = self.reader.player_names()
        attacker = style.name_html(shown["attacker"], names)
        if shown["defender"] < 0:
            return f"{attacker} <span style='color:{Theme.MUTED}'>attacks a colony</span>"
        defender = style.name_html(shown["defender"], names)
        return (f"{attacker} <span style='color:{Theme.MUTED}'>attacks</span> {defender}")


def terrain_html(terrain: str) -> str:
    """The terrain's name and what it does to the battle, as rich text."""
    colour = Theme.MUTED if terrain == OPEN_SPACE else Theme.WARN
    name = "OPEN SPACE" if terrain == OPEN_SPACE else terrain.upper()
    return (f"<span style='color:{colour}; font-weight:700'>{name}</span>"
            f"<span style='color:{Theme.MUTED}'> \u2014 {TERRAIN_NOTES[terrain]}</span>")


def bonus_html(battle: BattleView | None, names: list[str] | None = None) -> str:
    """Who has the fleet-size bonus this round, as rich text (by the players' ``names``)."""
    if battle and battle["defender"] == data.MACHINE_SIDE:
        return "no fleet-size bonus"  # on neither side: see the tooltip
    if not battle or battle["defender"] < 0 or not any(battle["bonus"]):
        return "no fleet-size bonus"
    player = battle["attacker"] if battle["bonus"][0] else battle["defender"]
    return f"fleet-size bonus: {style.name_html(player, names)} +1"
