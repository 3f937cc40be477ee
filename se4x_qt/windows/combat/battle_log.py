"""The battle log: every shot, hit, loss and retreat of the battle, as sentences.

Why the combat window keeps a log of its own (beside the main event log):
the players follow the dice here while they decide, shot by shot, so each
line says who fired at what, the number needed and the roll.  The wording
is written once (:func:`describe_event`) from the engine's combat events;
the names come from the caller, who knows which groups the battle revealed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QFrame, QListWidget, QListWidgetItem, QWidget

from se4x_core import data
from se4x_core.events import Event
from se4x_core.kernel.battle_math import hit_faces
from se4x_core.observation import BattleView
from se4x_qt import style
from se4x_qt.games.se4x.log_text import machine_title, wreck_rolls_text
from se4x_qt.style import Theme
from se4x_qt.widgets import make_panel

LOG_COLOURS: dict[str, str] = {
    "title": Theme.HIGHLIGHT, "round": Theme.ACCENT, "hit": Theme.TEXT, "miss": Theme.MUTED,
    "loss": Theme.BAD, "retreat": Theme.WARN, "info": Theme.MUTED, "end": Theme.HIGHLIGHT,
}


def describe_event(event: Event, unit_name: Callable[[int], str],
                   hex_label: Callable[[int], str], who: Callable[[int], str],
                   owner_of: Callable[[int], int | None] | None = None
                   ) -> tuple[str, str] | None:
    """A log line and its kind for a combat event (None for other events).

    ``owner_of`` names a target's owner too ("fires at Red DD1"): group
    numbers are per player, so "DD1" alone could be either side's.  A Doomsday
    Machine (advanced rules) is its own side: ``who(data.MACHINE_SIDE)`` names it
    and ``unit_name`` names its firing key.
    """
    kind = event["type"]
    player = event.get("player", -1)
    if kind == "battle_started":
        verb = "fights" if event["defender"] == data.MACHINE_SIDE else "attacks"
        return (f"Battle at {hex_label(event['hex'])}: {who(event['attacker'])} {verb} "
                f"{who(event['defender'])}", "title")
    if kind == "combat_round":
        return f"Round {event['round']}", "round"
    if kind == "screened":
        return f"{who(player)} screens {unit_name(event['unit'])}", "info"
    if kind == "fleet_size_bonus":
        return f"{who(player)} has the fleet-size bonus: +1 attack this round", "info"
    if kind == "shot":
        verdict = "HIT" if event["hit"] else "miss"
        target = unit_name(event["target"])
        owner = owner_of(event["target"]) if owner_of else None
        if owner is not None and owner >= 0:
            target = f"{who(owner)} {target}"
        shooter = unit_name(event["unit"])  # a machine's firing key names the machine
        if player != data.MACHINE_SIDE:
            shooter = f"{who(player)} {shooter}"
        return (f"{shooter} fires at {target}: needs {hit_faces(event['to_hit'])}, "
                f"rolled {event['roll']}, {verdict}", "hit" if event["hit"] else "miss")
    if kind in ("machine_hit", "machine_destroyed"):
        return _describe_machine(event, who)
    if kind == "ship_destroyed":
        return (f"{who(player)} {unit_name(event['unit'])} loses a ship "
                f"({event['remaining']} left)", "loss")
    if kind == "unit_destroyed":
        return _describe_destroyed(event, unit_name, who)
    if kind == "retreated":
        return (f"{who(player)} {unit_name(event['unit'])} retreats to "
                f"{hex_label(event['hex'])}", "retreat")
    if kind == "battle_ended":
        if event["winner"] < 0 and event["winner"] != data.MACHINE_SIDE:
            return f"The battle ends with no side left after {event['rounds']} rounds", "end"
        rounds = "round" if event["rounds"] == 1 else "rounds"
        return f"{who(event['winner'])} wins the battle after {event['rounds']} {rounds}", "end"
    return _describe_colony_event(event, unit_name, hex_label, who)


def _describe_machine(event: Event, who: Callable[[int], str]) -> tuple[str, str]:
    """A hit on a Doomsday Machine, or its end and the victor's two space wreck rolls."""
    name = machine_title(event["machine"])
    if event["type"] == "machine_hit":
        return (f"{who(event['player'])} hits {name}: {event['hits']} of "
                f"{data.DOOMSDAY_HULL} hits", "hit")
    wrecks = event.get("wrecks", [])
    return (f"{who(event['player'])} destroys {name}! Space wreck rolls: "
            f"{wreck_rolls_text(wrecks)}", "end")


def _describe_destroyed(event: Event, unit_name: Callable[[int], str],
                        who: Callable[[int], str]) -> tuple[str, str]:
    code, number = event.get("unit_type"), event.get("number")
    name = f"{code}{number}" if code and number else unit_name(event["unit"])
    reason = event.get("reason", "")
    if reason == "decoy revealed":
        return f"{who(event['player'])} decoy revealed and removed", "info"
    suffix = "" if reason == "combat" else f" ({reason})"
    return f"{who(event['player'])} {name} destroyed{suffix}", "loss"


def _describe_colony_event(event: Event, unit_name: Callable[[int], str],
                           hex_label: Callable[[int], str],
                           who: Callable[[int], str]) -> tuple[str, str] | None:
    kind = event["type"]
    if kind == "colony_shot":
        verdict = "HIT" if event["hit"] else "miss"
        return (f"{who(event['player'])} {unit_name(event['unit'])} fires at the colony: "
                f"needs {hit_faces(event['to_hit'])}, rolled {event['roll']}, {verdict}",
                "hit" if event["hit"] else "miss")
    if kind == "colony_damaged":
        return (f"{who(event['player'])} colony at {hex_label(event['hex'])} falls to "
                f"{event['cp']} CP", "loss")
    if kind == "colony_destroyed":
        what = "homeworld" if event["homeworld"] else "colony"
        return f"{who(event['player'])} {what} at {hex_label(event['hex'])} destroyed", "loss"
    if kind == "player_eliminated":
        return f"{who(event['player'])} is eliminated", "end"
    return None


def event_player(event: Event) -> int:
    """The player a log line is about (its emblem is drawn beside it), or -1."""
    if event["type"] == "battle_started":
        return event["attacker"]
    if event["type"] == "battle_ended":
        return event["winner"]
    return event.get("player", -1)


def joined_text(battle: BattleView, hex_label: Callable[[int], str],
                who: Callable[[int], str], machine_step: bool = False) -> str:
    """The first line of a log opened in the middle of a battle: which battle this is
    (in the Doomsday Machines' step, the machine that reached a fleet)."""
    where = hex_label(battle["hex"])
    since = f"(log from round {max(1, battle['round'])})"
    if battle["defender"] == data.MACHINE_SIDE and machine_step:
        return (f"{who(battle['defender'])} reached {who(battle['attacker'])}'s fleet at "
                f"{where} {since}")
    if battle["defender"] == data.MACHINE_SIDE:
        return (f"Battle at {where}: {who(battle['attacker'])} fights "
                f"{who(battle['defender'])} {since}")
    if battle["defender"] < 0:
        return f"Battle at {where}: {who(battle['attacker'])} attacks a colony"
    return (f"Battle at {where}: {who(battle['attacker'])} attacks "
            f"{who(battle['defender'])} (log from round {max(1, battle['round'])})")


class BattleLog(QFrame):
    """The "Battle log" panel: one coloured line per event, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _, layout = make_panel("Battle log", frame=self)
        self.setMinimumWidth(240)  # narrower on a laptop: its lines wrap
        self.log_list = QListWidget()
        self.log_list.setObjectName("battle_log")
        self.log_list.setWordWrap(True)
        self.log_list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.log_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.log_list.setStyleSheet("QListWidget { font-size: 9.5pt; }")
        self.log_list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.log_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.log_list, 1)
        # Following the newest line: wrapped lines get their heights only once laid out,
        # and the panel changes height with the decisions beside it, so the end moves.
        self._following = True
        bar = self.log_list.verticalScrollBar()
        bar.rangeChanged.connect(self._keep_following)
        bar.valueChanged.connect(self._scrolled)

    def lines(self) -> list[str]:
        """The log's lines, oldest first."""
        return [self.log_list.item(i).text() for i in range(self.log_list.count())]

    def is_empty(self) -> bool:
        return not self.log_list.count()

    def append(self, text: str, kind: str, player: int) -> None:
        """Add a line of ``kind`` (a key of :data:`LOG_COLOURS`) about ``player``."""
        item = QListWidgetItem(text)
        item.setForeground(QColor(LOG_COLOURS.get(kind, Theme.TEXT)))
        if player >= 0 or player == data.MACHINE_SIDE:  # a machine has its hexagon
            item.setIcon(style.emblem_icon(player, 14))
        if kind in ("title", "round", "end"):
            item.setFont(style.font(10, bold=True))
        self.log_list.addItem(item)

    def scroll_to_bottom(self) -> None:
        """To the newest line, and on following it as the lines are laid out."""
        self._following = True
        self.log_list.scrollToBottom()

    def _keep_following(self, _minimum: int, maximum: int) -> None:
        if self._following:
            self.log_list.verticalScrollBar().setValue(maximum)

    def _scrolled(self, value: int) -> None:
        """The player scrolled up to read: stop following until the next line."""
        self._following = value >= self.log_list.verticalScrollBar().maximum()
