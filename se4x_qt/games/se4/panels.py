"""The SE4 window's panels: the decision and its actions, the selected sector, the empires
(your hand, everyone's hand size, techs and score), and the battle in progress.

Why panels that redraw themselves whole: like the map, each is drawn again from the
observation after every action (the window calls ``show_*``), so none keeps a state of
its own that could drift from the game's.  They show what the viewer's observation
holds and nothing else: your hand's cards, the other hands' sizes only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any, Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import COMBAT_ROUNDS
from se4x_qt import style, widgets
from se4x_qt.games.se4 import texts
from se4x_qt.style import Theme
from se4x_qt.widgets import clear_layout, make_panel

Observation = dict[str, Any]
PINNED_KINDS: Final = ("done", "finish")  # always at hand, above the list


def scroll_box(name: str) -> tuple[QScrollArea, QVBoxLayout]:
    """A vertical scroll area over a box of rows (the rows wrap, never scroll sideways)."""
    inner = QWidget()
    inner.setObjectName(f"{name}_box")
    box = QVBoxLayout(inner)
    box.setContentsMargins(0, 0, 4, 0)
    box.setSpacing(3)
    area = QScrollArea()
    area.setObjectName(name)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setStyleSheet(f"QScrollArea#{name}, QWidget#{name}_box {{ background: transparent; }}")
    area.viewport().setAutoFillBackground(False)
    area.setWidget(inner)
    return area, box


def rich(text: str, name: str | None = None) -> QLabel:
    result = widgets.label(text, name, rich=True, wrap=True)
    result.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return result


def coloured_name(player: int, names: list[str]) -> str:
    """The emblem and name in the player's colour, kept together on one line."""
    return style.name_html(player, names, keep_together=True)


# -- the decision -------------------------------------------------------------------------
class DecisionPanel(QFrame):
    """Whose decision it is and what, and one button per legal action (``chosen``)."""

    chosen = Signal(object)  # the Action clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _, layout = make_panel(frame=self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(5)
        self.title = widgets.heading("Decision")
        layout.addWidget(self.title)
        self.prompt = widgets.label("", "se4_prompt", wrap=True)
        self.prompt.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-weight:700;")
        layout.addWidget(self.prompt)
        self.message = widgets.label("", "message", wrap=True)
        layout.addWidget(self.message)
        self.pinned = QHBoxLayout()
        self.pinned.setSpacing(6)
        layout.addLayout(self.pinned)
        area, self.rows = scroll_box("se4_actions")
        layout.addWidget(area, 1)
        self.buttons: dict[int, QPushButton] = {}

    def clear(self) -> None:
        """Nothing shown (the handover: the next player must not see these choices)."""
        clear_layout(self.pinned)
        clear_layout(self.rows)
        self.buttons = {}
        self.title.setText("DECISION")
        self.prompt.setText("")
        self.message.setText("")

    def show_actions(self, obs: Observation, names: list[str], legal: list[Action],
                     prompt: str, selected: int = -1) -> None:
        """The round, the prompt and ``legal`` as buttons: those about the ``selected``
        sector first."""
        clear_layout(self.pinned)
        clear_layout(self.rows)
        self.buttons = {}
        self.title.setText(f"Decision \u00b7 {texts.round_text(obs)}".upper())
        self.prompt.setText(prompt)
        pinned = [a for a in legal if a.kind in PINNED_KINDS]
        rest = [a for a in legal if a.kind not in PINNED_KINDS]
        for action in pinned:
            self.pinned.addWidget(self._button(action, obs, names, primary=True))
        self.pinned.addStretch(1)
        here = [a for a in rest if selected in texts.action_sectors(a, obs)] \
            if selected >= 0 else []
        elsewhere = [a for a in rest if a not in here]
        if here:
            self.rows.addWidget(widgets.heading(f"At {texts.sector_name(obs, selected)}"))
            for action in here:
                self.rows.addWidget(self._button(action, obs, names))
            if elsewhere:
                self.rows.addWidget(widgets.heading("Elsewhere"))
        for action in elsewhere:
            self.rows.addWidget(self._button(action, obs, names))
        self.rows.addStretch(1)

    def _button(self, action: Action, obs: Observation, names: list[str],
                primary: bool = False) -> QPushButton:
        text = texts.describe(action, obs, names)
        button = widgets.button(text, f"se4_action_{action.code}",
                                partial(self.chosen.emit, action), tip=text)
        if primary:
            button.setStyleSheet(style.primary_button_stylesheet("4px 14px"))
        else:
            button.setStyleSheet("QPushButton { text-align: left; padding: 3px 8px; }")
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.buttons[action.code] = button
        return button


# -- the sector -----------------------------------------------------------------------------
class SectorPanel(QFrame):
    """The selected sector: its colony, debris, and each ship with its components."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _, layout = make_panel(frame=self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(3)
        self.title = widgets.heading("Sector")
        layout.addWidget(self.title)
        area, self.rows = scroll_box("se4_sector_rows")
        layout.addWidget(area, 1)

    def clear(self) -> None:
        clear_layout(self.rows)
        self.title.setText("SECTOR")

    def show_sector(self, obs: Observation, names: list[str], index: int) -> None:
        clear_layout(self.rows)
        if not 0 <= index < len(obs["sectors"]):
            self.title.setText("SECTOR")
            self.rows.addWidget(rich("Click a sector on the map to see its colony and ships.",
                                     "subtle"))
            self.rows.addStretch(1)
            return
        sector = obs["sectors"][index]
        self.title.setText(f"{sector['name']} \u2014 {texts.body_title(str(sector['body']))}"
                           .upper())
        for line in sector_lines(obs, names, index):
            self.rows.addWidget(rich(line))
        self.rows.addStretch(1)


def sector_lines(obs: Observation, names: list[str], index: int) -> list[str]:
    """The sector panel's lines (rich text): the colony, debris, then each ship."""
    lines: list[str] = []
    colony = texts.colony_at(obs, index)
    if colony is not None:
        built = ", ".join(texts.counted(n, escape(f)) for f, n in colony["facilities"].items()
                          if n)
        busy = f"; {texts.counted(int(colony['yards_used']), 'space yard')} busy this turn" \
            if colony.get("yards_used") else ""
        lines.append(f"Colony of {coloured_name(int(colony['owner']), names)}: "
                     f"<b>{colony['coins']} coins</b>; {built or 'no facilities'}{busy}")
    debris = texts.debris_at(obs, index)
    if debris:
        lines.append(f"Debris: {debris} coin{'s' if debris != 1 else ''} to scavenge")
    ships = [s for s in obs["ships"] if s["sector"] == index]
    if not ships:
        lines.append(f'<span style="color:{Theme.MUTED}">No ships here.</span>')
    lines += [ship_line(obs, names, ship) for ship in ships]
    return lines


def ship_line(obs: Observation, names: list[str], ship: dict[str, Any]) -> str:
    """A ship: its name in its owner's colour, its state, cargo and components (a face-down
    card is damaged, shown struck through in red)."""
    colour = style.player_colour(int(ship["owner"])).name()
    state = [texts.name(int(ship["owner"]), names)]
    if ship["building"]:
        state.append("being built")
    if ship["crippled"] and not ship["building"]:
        state.append(f'<span style="color:{Theme.BAD}">crippled</span>')
    if ship["cargo"]:
        state.append(f"cargo {ship['cargo']} coin{'s' if ship['cargo'] != 1 else ''}")
    if ship.get("moved"):
        state.append("moved")
    cards = [escape(str(card)) if up else
             f'<span style="color:{Theme.BAD}"><s>{escape(str(card))}</s> (damaged)</span>'
             for card, up in ship["cards"]]
    fitted = ", ".join(cards) or f'<span style="color:{Theme.MUTED}">no components</span>'
    head = escape(texts.ship_name(obs, int(ship["id"])))
    return (f'<b style="color:{colour}">{head}</b> <span style="color:{Theme.MUTED}">'
            f'({", ".join(state)})</span><br>&nbsp;&nbsp;{fitted}')


# -- the empires ----------------------------------------------------------------------------
class EmpiresPanel(QFrame):
    """Your hand, and every empire's hand size, colonies, coins, ships, techs and score."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _, layout = make_panel(frame=self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(3)
        self.hand_title = widgets.heading("Your hand")
        layout.addWidget(self.hand_title)
        self.hand = rich("", "se4_hand")
        layout.addWidget(self.hand)
        area, self.rows = scroll_box("se4_empires")
        layout.addWidget(area, 1)

    def clear(self) -> None:
        self.hand_title.setText("YOUR HAND")
        self.hand.setText("")
        clear_layout(self.rows)

    def show_empires(self, obs: Observation, names: list[str], hide_hand: bool = False) -> None:
        """``hide_hand``: players share the screen (a battle), so no hand is shown."""
        viewer = int(obs["viewer"])
        hand: dict[str, int] = {} if hide_hand else obs["hand"]
        total = sum(hand.values())
        self.hand_title.setText(f"Hand of {texts.name(viewer, names)}: {total} card"
                                f"{'s' if total != 1 else ''}".upper())
        self.hand.setText(escape(texts.card_list([c for c, n in hand.items()
                                                  for _ in range(n)])) if total else
                          f'<span style="color:{Theme.MUTED}">'
                          f'{"Hidden while you share the screen." if hide_hand else "No cards."}'
                          f'</span>')
        if hide_hand:
            self.hand_title.setText("HANDS HIDDEN DURING THE BATTLE")
        clear_layout(self.rows)
        for player in range(int(obs["players"])):
            self.rows.addWidget(rich(empire_line(obs, names, player),
                                     f"se4_empire_{player}"))
        self.rows.addStretch(1)


def empire_line(obs: Observation, names: list[str], player: int) -> str:
    """An empire in two lines (rich text): its name and score, then its cards in hand,
    colonies, coins, ships and techs."""
    colonies = [c for c in obs["colonies"] if c["owner"] == player]
    ships = sum(1 for s in obs["ships"] if s["owner"] == player)
    out = " (out)" if obs["out"][player] else ""
    facts = [texts.counted(int(obs["hand_sizes"][player]), "card"),
             "1 colony" if len(colonies) == 1 else f"{len(colonies)} colonies",
             texts.counted(sum(int(c["coins"]) for c in colonies), "coin"),
             texts.counted(ships, "ship")]
    techs = obs["techs"][player]
    if techs:
        facts.append("techs: " + ", ".join(escape(str(t)) for t in techs))
    joined = " \u00b7 ".join(facts)
    return (f"{coloured_name(player, names)}{out} \u00b7 score <b>{obs['scores'][player]}</b>"
            f'<br><span style="color:{Theme.MUTED}">{joined}</span>')


# -- the battle -----------------------------------------------------------------------------
class BattlePanel(QFrame):
    """The battle in progress: where, the round and stage, the called shots, the shot
    being fired and the damage still to apply."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _, layout = make_panel(frame=self, object_name="se4_battle")
        self.setStyleSheet(f"QFrame#se4_battle {{ background:{Theme.PANEL_ALT}; "
                           f"border:1px solid {Theme.BAD}; border-radius:8px; }}")
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(2)
        self.title = widgets.heading("Battle")
        self.title.setStyleSheet(f"color:{Theme.BAD};")
        layout.addWidget(self.title)
        self.body = rich("", "se4_battle_text")
        layout.addWidget(self.body)

    def show_battle(self, obs: Observation, names: list[str]) -> None:
        """Shown during a battle, and while damage waits (an unstable line's too)."""
        battle = obs.get("battle")
        self.setVisible(bool(battle or obs.get("damage")))
        if battle:
            self.title.setText(f"Battle at {texts.sector_name(obs, int(battle['sector']))}"
                               .upper())
            self.body.setText("<br>".join(battle_lines(obs, names)))
        elif obs.get("damage"):
            self.title.setText("DAMAGE")
            self.body.setText("<br>".join(damage_lines(obs)))


def battle_lines(obs: Observation, names: list[str]) -> list[str]:
    """The battle panel's lines (rich text)."""
    battle = obs["battle"]
    round_ = int(battle["round"])
    stage = texts.STAGE_TITLES.get(str(battle["stage"]), str(battle["stage"]))
    when = "Bombardment round" if round_ > COMBAT_ROUNDS else \
        f"Round {round_} of {COMBAT_ROUNDS}"
    sides = ", ".join(coloured_name(int(p), names) for p in battle.get("sides", []))
    lines = [f"<b>{when}</b> \u00b7 {stage}",
             f"Attacker: {coloured_name(int(battle['attacker']), names)}; sides: {sides}"]
    ship: Callable[[int], str] = partial(texts.ship_name, obs)
    for player, (shooter, target) in sorted(battle.get("calls", {}).items()):
        lines.append(f"Called shot of {coloured_name(int(player), names)}: {ship(shooter)} at "
                     f"{ship(target)}")
    shot = battle.get("shot")
    if shot:
        aim = f" at {ship(int(shot['target']))}" if int(shot["target"]) >= 0 else ""
        incoming = int(shot.get("missiles", -1))
        missiles = f" ({texts.counted(incoming, 'missile')} incoming)" if incoming >= 0 else ""
        lines.append(f"Firing: {ship(int(shot['shooter']))}{aim}{missiles}")
    return lines + damage_lines(obs)


def damage_lines(obs: Observation) -> list[str]:
    """The damage still to apply, ship by ship (its owner chooses where it goes)."""
    return [f'<span style="color:{Theme.BAD}">Damage to apply: '
            f'{texts.ship_name(obs, int(job["ship"]))}, {job["left"]} point'
            f'{"s" if job["left"] != 1 else ""}</span>'
            for job in obs.get("damage") or [] if int(job["left"]) > 0]


__all__ = ["BattlePanel", "DecisionPanel", "EmpiresPanel", "SectorPanel", "battle_lines",
           "coloured_name", "empire_line",
           "damage_lines", "sector_lines", "ship_line"]
