"""The combat window: a battle fought decision by decision by both players.

Why it looks like this: the rules summary's combat screen lays the sides out
horizontally and the weapon classes vertically (A fires first, E last), so a
player sees at a glance who fires next, at what, and with which odds.  All
of it is public once a battle starts (every participant is revealed, decoys
are gone), so both players of a hot-seat game watch and decide here; the
window says prominently whose decision it is.

The window judges no rule itself: targets, retreats and screens come from
the legal actions, to-hit numbers from :func:`se4x_core.rules.combat.to_hit_against`,
the "Auto" choice from ``Game.default_action`` and the win odds from the
engine's battle simulator, run on a worker thread so that the window never
freezes (a few thousand battles take milliseconds compiled, about a second
interpreted).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRectF, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.hexgrid import board_for
from se4x_core.phases import COMBAT_PHASES
from se4x_core.rules import combat
from se4x_core.sim.battle_spec import parse_spec
from se4x_core.sim.combat_sim import (
    TERRAIN_NAMES,
    TERRAIN_OPEN,
    effective_class,
    hit_faces,
    simulate,
)
from se4x_qt import style, widgets
from se4x_qt.style import Theme
from se4x_qt.widgets import clear_layout, make_panel

ODDS_TRIALS = 4000
ODDS_SEED = 4242  # the same position always shows the same odds
MAX_CARDS_PER_LINE = 4
TERRAIN_NOTES: dict[int, str] = {
    0: "groups fire by class, A first, then higher tactics, then the defender",
    1: "every ship fires as class E; attack technology counts as 0",
    2: "every ship fires as class E; defense technology counts as 0",
}
LOG_COLOURS: dict[str, str] = {
    "title": Theme.HIGHLIGHT, "round": Theme.ACCENT, "hit": Theme.TEXT, "miss": Theme.MUTED,
    "loss": Theme.BAD, "retreat": Theme.WARN, "info": Theme.MUTED, "end": Theme.HIGHLIGHT,
}


# -- what one counter card shows ------------------------------------------------------
@dataclass
class CardInfo:
    """One group counter in the battle, as the battle has revealed it."""

    unit: int
    owner: int
    code: str | None  # None: a face-down counter (never in a fought battle)
    number: int
    count: int
    damage: int
    weapon_class: int  # after terrain; data.NO_CLASS for units that never fire
    attack_tech: int
    defense_tech: int
    tactics: int
    firing: bool = False
    screened: bool = False
    to_hit: int | None = None  # set when the ship now firing may target this group

    @property
    def name(self) -> str:
        return f"{self.code}{self.number}" if self.code else "?"

    @property
    def unit_type(self) -> int:
        return data.CODE_TO_UNIT[self.code] if self.code else -1


def card_info(unit: dict[str, Any], terrain: int) -> CardInfo:
    """A card from one unit of the observation."""
    code = unit.get("unit_type")
    weapon_class = data.NO_CLASS
    if code:
        weapon_class = effective_class(data.UNIT_CLASS[data.CODE_TO_UNIT[code]], terrain)
    return CardInfo(unit=unit["unit"], owner=unit["owner"], code=code,
                    number=unit.get("number", 0), count=unit.get("count", 1),
                    damage=unit.get("damage", 0), weapon_class=weapon_class,
                    attack_tech=unit.get("attack_tech", 0),
                    defense_tech=unit.get("defense_tech", 0), tactics=unit.get("tactics", 0))


def odds_spec(units: list[dict[str, Any]], attacker: int, defender: int,
              terrain: int) -> dict[str, Any] | None:
    """The battle simulator's spec for the revealed groups still in the battle.

    Each group becomes one spec entry with its own technology; damage on lead
    ships and screening are not part of the simulator's model.
    """
    sides: dict[int, list[dict[str, Any]]] = {attacker: [], defender: []}
    for unit in units:
        code = unit.get("unit_type")
        if unit["owner"] in sides and code and code != "Decoy" and "count" in unit:
            sides[unit["owner"]].append({
                "type": code, "count": unit["count"], "attack": unit.get("attack_tech", 0),
                "defense": unit.get("defense_tech", 0), "tactics": unit.get("tactics", 0)})
    if not sides[attacker] or not sides[defender]:
        return None
    return {"terrain": TERRAIN_NAMES[terrain], "attacker": {"units": sides[attacker]},
            "defender": {"units": sides[defender]}}


def to_hit_text(to_hit: int) -> str:
    """E.g. "5 (50%)": the highest hitting roll and the chance; a 1 always hits."""
    faces = hit_faces(to_hit)
    return f"{faces} ({faces * 10}%)"


# -- the battle log --------------------------------------------------------------------
def describe_event(event: dict[str, Any], unit_name: Callable[[int], str],
                   hex_label: Callable[[int], str], who: Callable[[int], str],
                   owner_of: Callable[[int], int] | None = None) -> tuple[str, str] | None:
    """A log line and its kind for a combat event (None for other events).

    ``owner_of`` names a target's owner too ("fires at Red DD1"): group
    numbers are per player, so "DD1" alone could be either side's.
    """
    kind = event["type"]
    player = event.get("player", -1)
    if kind == "battle_started":
        return (f"Battle at {hex_label(event['hex'])}: {who(event['attacker'])} attacks "
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
        return (f"{who(player)} {unit_name(event['unit'])} fires at "
                f"{target}: needs {hit_faces(event['to_hit'])}, "
                f"rolled {event['roll']}, {verdict}", "hit" if event["hit"] else "miss")
    if kind == "ship_destroyed":
        return (f"{who(player)} {unit_name(event['unit'])} loses a ship "
                f"({event['remaining']} left)", "loss")
    if kind == "unit_destroyed":
        return _describe_destroyed(event, unit_name, who)
    if kind == "retreated":
        return (f"{who(player)} {unit_name(event['unit'])} retreats to "
                f"{hex_label(event['hex'])}", "retreat")
    if kind == "battle_ended":
        if event["winner"] < 0:
            return f"The battle ends with no side left after {event['rounds']} rounds", "end"
        rounds = "round" if event["rounds"] == 1 else "rounds"
        return f"{who(event['winner'])} wins the battle after {event['rounds']} {rounds}", "end"
    return _describe_colony_event(event, unit_name, hex_label, who)


def _describe_destroyed(event: dict[str, Any], unit_name: Callable[[int], str],
                        who: Callable[[int], str]) -> tuple[str, str]:
    code, number = event.get("unit_type"), event.get("number")
    name = f"{code}{number}" if code and number else unit_name(event["unit"])
    reason = event.get("reason", "")
    if reason == "decoy revealed":
        return f"{who(event['player'])} decoy revealed and removed", "info"
    suffix = "" if reason == "combat" else f" ({reason})"
    return f"{who(event['player'])} {name} destroyed{suffix}", "loss"


def _describe_colony_event(event: dict[str, Any], unit_name: Callable[[int], str],
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


# -- the odds worker ------------------------------------------------------------------
class _OddsSignals(QObject):
    """Carries a finished estimate from the worker thread back to the window."""

    done = Signal(int, float, float, float)  # generation, attacker, defender, draws
    failed = Signal(int, str)


def _estimate(spec: dict[str, Any], generation: int, signals: _OddsSignals) -> None:
    """Worker-thread body: simulate the battle and report (never raises)."""
    try:
        outcome = simulate(parse_spec(spec), ODDS_TRIALS, ODDS_SEED)
        signals.done.emit(generation, outcome.attacker_wins, outcome.defender_wins,
                          outcome.draws)
    except RuntimeError:  # the window (and its signals object) is gone
        return
    except Exception as exc:  # any failure becomes a message, never a dead worker
        try:
            signals.failed.emit(generation, str(exc))
        except RuntimeError:
            return


class OddsBar(QWidget):
    """A bar split in the attacker's and the defender's colours by win chance."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.players = (-1, -1)
        self.odds: tuple[float, float, float] | None = None
        self.setFixedHeight(14)
        self.setMinimumWidth(220)

    def set_odds(self, players: tuple[int, int],
                 odds: tuple[float, float, float] | None) -> None:
        self.players, self.odds = players, odds
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(Theme.CARD))
        painter.drawRoundedRect(rect, 7, 7)
        if self.odds is None:
            return
        attacker, defender, draws = self.odds
        clip = painter.clipPath()
        painter.setClipRect(rect)
        x = rect.left()
        for share, colour in ((attacker, style.player_colour(self.players[0])),
                              (draws, QColor(Theme.FAINT)),
                              (defender, style.player_colour(self.players[1]))):
            width = rect.width() * share
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(x, rect.top(), width, rect.height()), 7, 7)
            x += width
        painter.setClipPath(clip)


# -- one counter card ----------------------------------------------------------------
class UnitCard(QWidget):
    """A group counter: type and number, class, attack-defense, hull, ships, damage, tech.

    Painted rather than assembled from labels so that the card reads like the
    cardboard counter and its states (firing, screened, targetable) show as
    borders and tags that do not shift the layout.
    """

    clicked = Signal(int)
    SIZE = QSize(204, 104)

    def __init__(self, info: CardInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.setObjectName(f"card_{info.unit}")
        self.setFixedSize(self.SIZE)
        self.setToolTip(self._tooltip())
        if info.to_hit is not None:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    def _tooltip(self) -> str:
        info = self.info
        if not info.code:
            return "A face-down counter"
        stats = data.UNIT_STATS[info.unit_type]
        lines = [f"{style.player_name(info.owner)} {data.UNIT_NAMES[info.unit_type]} "
                 f"{info.name}: {info.count} ship(s)",
                 f"Attack {stats.attack} + tech {info.attack_tech}, defense {stats.defense} + "
                 f"tech {info.defense_tech}, hull {stats.hull}, tactics {info.tactics}"]
        if info.to_hit is not None:
            lines.append(f"Click to fire at it: hits on {to_hit_text(info.to_hit)}")
        return "\n".join(lines)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self.info.to_hit is not None and event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.info.unit)
            return
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._paint_frame(painter)
        if self.info.code:
            self._paint_title(painter)
            self._paint_stats(painter)
            self._paint_damage(painter)
        else:
            painter.setPen(QColor(Theme.MUTED))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "face-down counter")
        self._paint_tags(painter)
        if self.info.screened:
            painter.fillRect(self.rect(), QColor(11, 16, 32, 120))

    def _paint_frame(self, painter: QPainter) -> None:
        info = self.info
        rect = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        border, width = QColor(Theme.BORDER), 1.0
        if info.firing:
            border, width = QColor(Theme.HIGHLIGHT), 3.0
        elif info.to_hit is not None:
            border, width = QColor(Theme.ACCENT), 2.0
        painter.setPen(QPen(border, width))
        painter.setBrush(QColor("#222D4A") if info.firing else QColor(Theme.CARD))
        painter.drawRoundedRect(rect, 8, 8)
        stripe = QRectF(rect.left() + 1, rect.top() + 8, 5, rect.height() - 16)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.player_colour(info.owner))
        painter.drawRoundedRect(stripe, 2, 2)

    def _paint_title(self, painter: QPainter) -> None:
        info = self.info
        style.paint_emblem(painter, QRectF(14, 11, 14, 14), info.owner)
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(12, bold=True))
        title = QRectF(34, 6, 120, 24)
        painter.drawText(title, Qt.AlignmentFlag.AlignVCenter, info.name)
        width = painter.fontMetrics().horizontalAdvance(info.name)
        painter.setPen(QColor(Theme.MUTED))
        painter.setFont(style.font(8))
        painter.drawText(QRectF(40 + width, 8, 110 - width, 22), Qt.AlignmentFlag.AlignVCenter,
                         data.UNIT_NAMES[info.unit_type])
        letter = data.CLASS_LETTERS[info.weapon_class] if info.weapon_class < 5 else "\u2013"
        badge = QRectF(self.width() - 32, 7, 22, 22)
        painter.setPen(QPen(QColor(Theme.BORDER), 1))
        painter.setBrush(QColor(Theme.PANEL))
        painter.drawEllipse(badge)
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(9, bold=True))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, letter)

    def _paint_stats(self, painter: QPainter) -> None:
        info = self.info
        stats = data.UNIT_STATS[info.unit_type]
        armed = stats.attack > 0
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(14, bold=True))
        painter.drawText(QRectF(14, 32, 56, 26), Qt.AlignmentFlag.AlignVCenter,
                         f"{stats.attack}-{stats.defense}" if armed else "\u2013")
        painter.setFont(style.font(8))
        painter.setPen(QColor(Theme.MUTED))
        painter.drawText(QRectF(66, 32, 60, 26), Qt.AlignmentFlag.AlignVCenter,
                         f"hull {stats.hull}")
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(16, bold=True))
        painter.drawText(QRectF(self.width() - 76, 30, 64, 30),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         f"\u00d7{info.count}")
        painter.setFont(style.font(8))
        painter.setPen(QColor(Theme.MUTED))
        tech = (f"A{info.attack_tech} D{info.defense_tech} T{info.tactics}"
                if armed else "non-combat")
        painter.drawText(QRectF(self.width() - 92, 62, 80, 16),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, tech)

    def _paint_damage(self, painter: QPainter) -> None:
        """One box per hull point of the lead ship; hits taken are filled red."""
        hull = data.UNIT_HULL[self.info.unit_type]
        if hull <= 0:
            return
        for i in range(hull):
            box = QRectF(15 + i * 14, 64, 10, 10)
            hit = i < self.info.damage
            painter.setPen(QPen(QColor(Theme.BAD if hit else Theme.FAINT), 1.2))
            painter.setBrush(QBrush(QColor(Theme.BAD)) if hit else Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box, 2, 2)
        painter.setFont(style.font(8))
        painter.setPen(QColor(Theme.BAD if self.info.damage else Theme.FAINT))
        text = f"{self.info.damage} hit" if self.info.damage else "undamaged"
        painter.drawText(QRectF(19 + hull * 14, 61, 80, 16), Qt.AlignmentFlag.AlignVCenter, text)

    def _paint_tags(self, painter: QPainter) -> None:
        info = self.info
        rect = QRectF(self.width() - 84, 82, 72, 15)
        if info.firing:
            _tag(painter, rect, "FIRING", Theme.HIGHLIGHT)
        elif info.screened:
            _tag(painter, rect, "SCREENED", Theme.MUTED)
        elif info.to_hit is not None:
            _tag(painter, rect, f"HIT ON {hit_faces(info.to_hit)}", Theme.ACCENT)


def _tag(painter: QPainter, rect: QRectF, text: str, colour: str) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawRoundedRect(rect, 4, 4)
    painter.setPen(QColor(Theme.BG))
    painter.setFont(style.font(7, bold=True))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


# -- the window ----------------------------------------------------------------------
class CombatWindow(QWidget):
    """Shown during choose_battle, combat_screen, combat_fire and colony_attack."""

    close_requested = Signal()
    auto_step_ms = 40  # pause between auto-resolved decisions, so the dice can be followed

    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._board = board_for(session.observation()["board"])  # one board per game
        self.setWindowTitle("Space Empires 4X \u2014 Battle")
        style.apply_theme(self)
        self.resize(1440, 900)
        self._names: dict[int, str] = {}  # unit slot -> "DD2", kept after it is destroyed
        self._owners: dict[int, int] = {}
        self._last_battle: dict[str, Any] | None = None
        self._last_result = ""
        self._in_phase = False
        self._auto_running = False
        self._auto_hex = -1
        self._auto_colony = False
        self._screen_checks: dict[int, QCheckBox] = {}
        self._screen_counts: dict[int, int] = {}
        self._screen_left = 0
        self._odds_pool = QThreadPool(self)  # created first: destroyed first, waiting for jobs
        self._odds_pool.setMaxThreadCount(1)
        self._odds_signals = _OddsSignals(self)
        self._odds_signals.done.connect(self._on_odds)
        self._odds_signals.failed.connect(self._on_odds_failed)
        self._odds_key = ""
        self._odds_generation = 0
        self._build()
        session.changed.connect(self.refresh)
        session.events.connect(self.add_events)
        self.refresh()

    # -- layout --------------------------------------------------------------------
    def _build(self) -> None:
        root = QHBoxLayout(self)
        root.setContentsMargins(16, 16, 16, 16)
        root.setSpacing(14)
        main = QVBoxLayout()
        main.setSpacing(12)
        main.addWidget(self._build_header())
        main.addWidget(self._build_field(), 1)
        main.addWidget(self._build_decision())
        root.addLayout(main, 1)
        root.addWidget(self._build_log())

    def _build_header(self) -> QFrame:
        frame, layout = make_panel(object_name="banner")
        top = QHBoxLayout()
        titles = QVBoxLayout()
        titles.setSpacing(2)
        self.title_label = widgets.label("", "title")
        self.status_label = widgets.label("", "status_chip")
        self.status_label.setStyleSheet(
            f"color:{Theme.BG}; background:{Theme.HIGHLIGHT}; border-radius:4px; "
            "padding:2px 8px; font-size:9pt; font-weight:800;")
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
        top.addLayout(titles, 1)
        top.addSpacing(12)
        top.addLayout(self._build_round_box())
        top.addSpacing(18)
        top.addLayout(self._build_odds_box())
        layout.addLayout(top)
        return frame

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

    def _build_odds_box(self) -> QVBoxLayout:
        box = QVBoxLayout()
        box.setSpacing(4)
        caption = widgets.label("WIN ODDS", "faint")
        self.odds_label = widgets.label("", None, rich=True)
        self.odds_label.setMinimumWidth(340)
        self.odds_label.setStyleSheet("font-size: 12pt;")
        self.odds_bar = OddsBar()
        self.odds_note = widgets.label("", "faint", wrap=True)
        for widget in (caption, self.odds_label, self.odds_bar, self.odds_note):
            box.addWidget(widget)
        return box

    def _build_field(self) -> QFrame:
        self._field = QWidget()
        self._field_layout = QGridLayout(self._field)
        self._field_layout.setContentsMargins(12, 12, 12, 12)
        self._field_layout.setHorizontalSpacing(16)
        self._field_layout.setVerticalSpacing(10)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._field)
        self._field_scroll = scroll
        self._per_line = self._cards_per_line()
        frame, layout = make_panel()
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(scroll)
        return frame

    def _build_decision(self) -> QFrame:
        frame, layout = make_panel()
        self._decider = QWidget()
        self._decider_layout = QHBoxLayout(self._decider)
        self._decider_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._decider)
        self._choices = QWidget()
        self._choices_layout = QVBoxLayout(self._choices)
        self._choices_layout.setContentsMargins(0, 0, 0, 0)
        self._choices_layout.setSpacing(8)
        layout.addWidget(self._choices)
        row = QHBoxLayout()
        self.message_label = widgets.message_line()
        row.addWidget(self.message_label, 1)
        self.auto_button = widgets.button("Auto-resolve battle", "auto_resolve", self._toggle_auto)
        self.auto_button.setToolTip("Every remaining decision of this battle is taken by the "
                                    "default policy: no screening, no retreat, best target.")
        row.addWidget(self.auto_button)
        self.close_button = widgets.button("Close", "close_battle", self.close_requested.emit)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        return frame

    def _build_log(self) -> QFrame:
        frame, layout = make_panel("Battle log")
        frame.setFixedWidth(450)
        self.log_list = QListWidget()
        self.log_list.setObjectName("battle_log")
        self.log_list.setWordWrap(True)
        self.log_list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.log_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.log_list.setStyleSheet("QListWidget { font-size: 9.5pt; }")
        self.log_list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.log_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.log_list, 1)
        return frame

    # -- reading the session -----------------------------------------------------------
    def _state(self) -> Any:
        """The engine state, for read-only rule queries (to-hit numbers, terrain)."""
        return self.session.game.state

    def _who(self, player: int) -> str:
        return style.session_player_name(self.session, player)

    def _hex_label(self, hex_index: int) -> str:
        return self._board.label(hex_index)

    def _unit_name(self, slot: int) -> str:
        return self._names.get(slot, f"counter {slot}")

    def _decider_is_computer(self) -> bool:
        humans = getattr(self.session, "humans", None)
        decider = self.session.decider
        return bool(humans) and 0 <= decider < len(humans) and not humans[decider]

    def _can_act(self) -> bool:
        return self.session.viewer_may_act() and not self._decider_is_computer()

    def log_lines(self) -> list[str]:
        """The battle log's lines, oldest first."""
        return [self.log_list.item(i).text() for i in range(self.log_list.count())]

    # -- refreshing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the viewer's observation."""
        obs = self.session.observation()
        stage = obs["stage"]
        battle = obs["battle"]
        self._remember_names(obs)
        if battle is not None:
            self._last_battle = {"hex": battle["hex"], "attacker": battle["attacker"],
                                 "defender": battle["defender"], "round": battle["round"]}
            if not self.log_list.count():  # opened mid-battle: say which one this is
                self._append_log(self._joined_text(battle), "title", battle["attacker"])
        terrain = self._terrain(battle)
        self._update_header(obs, stage, battle, terrain)
        self._update_field(obs, battle, terrain)
        self._update_decision(obs, stage, battle)
        self._update_odds(obs, battle, terrain)
        self._note_phase(stage)

    def _joined_text(self, battle: dict[str, Any]) -> str:
        where = self._hex_label(battle["hex"])
        if battle["defender"] < 0:
            return f"Battle at {where}: {self._who(battle['attacker'])} attacks a colony"
        return (f"Battle at {where}: {self._who(battle['attacker'])} attacks "
                f"{self._who(battle['defender'])} (log from round {max(1, battle['round'])})")

    def _note_phase(self, stage: str) -> None:
        """Announce close_requested once when the Combat phase is over."""
        if stage in COMBAT_PHASES:
            self._in_phase = True
        elif self._in_phase:
            self._in_phase = False
            self._stop_auto()
            self.close_requested.emit()

    def _remember_names(self, obs: dict[str, Any]) -> None:
        for unit in obs["units"]:
            if unit.get("unit_type") and unit.get("number"):
                self._names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
                self._owners[unit["unit"]] = unit["owner"]

    def _terrain(self, battle: dict[str, Any] | None) -> int:
        hex_index = battle["hex"] if battle else (self._last_battle or {}).get("hex", -1)
        return combat.terrain_of(self._state(), hex_index) if hex_index >= 0 else TERRAIN_OPEN

    def _battle_units(self, obs: dict[str, Any], hex_index: int) -> list[dict[str, Any]]:
        return [u for u in obs["units"] if u["hex"] == hex_index]

    # -- header ---------------------------------------------------------------------------
    def _update_header(self, obs: dict[str, Any], stage: str, battle: dict[str, Any] | None,
                       terrain: int) -> None:
        shown = battle or self._last_battle
        status = ""
        if stage == "choose_battle":
            title = "CHOOSE A BATTLE"
        elif battle is not None:
            title = f"BATTLE AT {self._hex_label(battle['hex'])}"
            status = "COLONY ATTACK" if battle["colony_phase"] else ""
        elif shown is not None:
            title, status = f"BATTLE AT {self._hex_label(shown['hex'])}", "OVER"
        else:
            title = "NO BATTLE"
        self.title_label.setText(title)
        self.status_label.setText(status)
        self.status_label.setVisible(bool(status))
        self.sides_label.setText(self._sides_html(shown))
        self.terrain_label.setText(self._terrain_html(terrain) if shown else "")
        rounds = (shown or {}).get("round", 0)
        self.round_label.setText(str(rounds) if rounds else "\u2013")
        self.bonus_label.setText(self._bonus_html(battle))

    @staticmethod
    def _terrain_html(terrain: int) -> str:
        colour = Theme.MUTED if terrain == TERRAIN_OPEN else Theme.WARN
        name = "OPEN SPACE" if terrain == TERRAIN_OPEN else TERRAIN_NAMES[terrain].upper()
        return (f"<span style='color:{colour}; font-weight:700'>{name}</span>"
                f"<span style='color:{Theme.MUTED}'> \u2014 {TERRAIN_NOTES[terrain]}</span>")

    def _sides_html(self, shown: dict[str, Any] | None) -> str:
        if shown is None:
            return ""
        names = getattr(self.session, "player_names", None)
        attacker = style.name_html(shown["attacker"], names)
        if shown["defender"] < 0:
            return f"{attacker} <span style='color:{Theme.MUTED}'>attacks a colony</span>"
        defender = style.name_html(shown["defender"], names)
        return (f"{attacker} <span style='color:{Theme.MUTED}'>attacks</span> {defender}")

    def _bonus_html(self, battle: dict[str, Any] | None) -> str:
        if not battle or battle["defender"] < 0 or not any(battle["bonus"]):
            return "no fleet-size bonus"
        player = battle["attacker"] if battle["bonus"][0] else battle["defender"]
        return f"fleet-size bonus: {style.name_html(player)} +1"

    # -- battlefield ----------------------------------------------------------------------
    def _update_field(self, obs: dict[str, Any], battle: dict[str, Any] | None,
                      terrain: int) -> None:
        clear_layout(self._field_layout)
        self._per_line = self._cards_per_line()
        shown = battle or self._last_battle
        if obs["stage"] == "choose_battle" or shown is None:
            self._field_placeholder("Choose which battle to fight first."
                                    if obs["stage"] == "choose_battle" else "No battle.")
            return
        cards = [card_info(u, terrain) for u in self._battle_units(obs, shown["hex"])]
        self._mark_cards(cards, battle)
        sides = (shown["attacker"], shown["defender"])
        self._field_side_headers(sides, cards)
        row = 1
        for weapon_class in sorted({c.weapon_class for c in cards}):
            self._field_row(row, weapon_class, sides, cards)
            row += 1
        self._field_layout.setRowStretch(row, 1)
        self._field_layout.setColumnStretch(0, 1)
        self._field_layout.setColumnStretch(2, 1)

    def _cards_per_line(self) -> int:
        """How many cards fit side by side in one side's column at the current width."""
        card = UnitCard.SIZE.width() + 8
        side = (self._field_scroll.viewport().width() - 24 - 38 - 32) // 2
        return max(1, min(MAX_CARDS_PER_LINE, (side + 8) // card))

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        if self._cards_per_line() != self._per_line:
            self.refresh()

    def _field_placeholder(self, text: str) -> None:
        label = widgets.label(text, "subtle")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._field_layout.addWidget(label, 0, 0)

    def _mark_cards(self, cards: list[CardInfo], battle: dict[str, Any] | None) -> None:
        """Firing, screened and targetable states, from the battle and the legal actions."""
        if battle is None:
            return
        firing = self._firing_unit(battle)
        targets = {a.target for a in self.session.legal_actions() if a.kind == "fire"}
        if not self._can_act():
            targets = set()
        for card in cards:
            card.firing = card.unit == firing
            card.screened = card.unit in battle["screened"]
            if card.unit in targets:
                card.to_hit = combat.to_hit_against(self._state(), firing, card.unit)

    def _firing_unit(self, battle: dict[str, Any]) -> int:
        stage = self.session.game.phase
        if stage in ("combat_fire", "colony_attack") and battle["pos"] < len(battle["queue"]):
            return battle["queue"][battle["pos"]]
        return -1

    def _field_side_headers(self, sides: tuple[int, int], cards: list[CardInfo]) -> None:
        for column, player, role in ((0, sides[0], "ATTACKER"), (2, sides[1], "DEFENDER")):
            if player < 0:
                continue
            ships = sum(c.count for c in cards if c.owner == player
                        and c.weapon_class != data.NO_CLASS)
            text = (f"{style.session_name_html(self.session, player)}"
                    f" <span style='color:{Theme.MUTED}'>{role} \u00b7 {ships} combat "
                    f"ship{'s' if ships != 1 else ''}</span>")
            label = widgets.label(text, None, rich=True)
            label.setAlignment(Qt.AlignmentFlag.AlignRight if column == 0
                               else Qt.AlignmentFlag.AlignLeft)
            self._field_layout.addWidget(label, 0, column)

    def _field_row(self, row: int, weapon_class: int, sides: tuple[int, int],
                   cards: list[CardInfo]) -> None:
        letter = data.CLASS_LETTERS[weapon_class] if weapon_class < 5 else "\u2013"
        badge = widgets.label(letter, "class_badge")
        badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        badge.setFixedSize(38, 38)
        badge.setStyleSheet(f"background:{Theme.PANEL_ALT}; border:1px solid {Theme.BORDER};"
                            f"border-radius:19px; font-size:13pt; font-weight:700;")
        badge.setToolTip("Non-combat units" if weapon_class == data.NO_CLASS
                         else f"Class {letter}: fires {'ABCDE'.index(letter) + 1}. in the round")
        self._field_layout.addWidget(badge, row, 1, Qt.AlignmentFlag.AlignCenter)
        for column, player in ((0, sides[0]), (2, sides[1])):
            group = [c for c in cards if c.owner == player and c.weapon_class == weapon_class]
            self._field_layout.addWidget(self._card_cell(group, right=column == 0), row, column)

    def _card_cell(self, group: list[CardInfo], right: bool) -> QWidget:
        cell = QWidget()
        grid = QGridLayout(cell)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(8)
        align = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
        grid.setAlignment(align | Qt.AlignmentFlag.AlignVCenter)
        for index, info in enumerate(group):
            card = UnitCard(info)
            card.clicked.connect(self._fire_at)
            line, column = divmod(index, self._per_line)
            if right:
                column = self._per_line - 1 - column
            grid.addWidget(card, line, column)
        return cell

    # -- decisions --------------------------------------------------------------------
    def _update_decision(self, obs: dict[str, Any], stage: str,
                         battle: dict[str, Any] | None) -> None:
        clear_layout(self._decider_layout)
        clear_layout(self._choices_layout)
        self._screen_checks = {}
        in_phase = stage in COMBAT_PHASES
        self.auto_button.setEnabled(in_phase and self._can_act())
        self.auto_button.setVisible(in_phase)
        self.auto_button.setText("Stop auto-resolve" if self._auto_running
                                 else "Auto-resolve battle")
        self.close_button.setVisible(not in_phase)
        if not in_phase:
            self._add_result()
            return
        self._add_decider_banner()
        if stage == "choose_battle":
            self._add_battle_choice(obs)
        elif battle is not None and stage == "combat_screen":
            self._add_screening(battle)
        elif battle is not None and stage == "combat_fire":
            self._add_fire(battle)
        elif battle is not None and stage == "colony_attack":
            self._add_colony_attack(obs, battle)

    def _add_decider_banner(self) -> None:
        decider = self.session.decider
        colour = style.player_colour(decider).name()
        computer = self._decider_is_computer()
        text = f"{self._who(decider)} decides" + (" (computer)" if computer else "")
        big = widgets.label(text, "decider_label")
        big.setStyleSheet(f"color:{colour}; font-size:16pt; font-weight:800;")
        self._decider_layout.addWidget(widgets.emblem_label(decider, 24))
        self._decider_layout.addWidget(big)
        if decider == self.session.viewer:
            note = "your decision"
        elif computer:
            note = "the computer is thinking"
        else:
            note = f"hot seat: {self._who(decider)} takes this decision"
        self._decider_layout.addWidget(widgets.label(note, "subtle"))
        self._decider_layout.addStretch(1)
        self.decider_label = big

    def _choice_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(8)
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
                                             f"battle_{action.hex}",
                                             self._apply_later(action), enabled=self._can_act()))
        row.addStretch(1)

    def _battle_choice_text(self, obs: dict[str, Any], hex_index: int) -> str:
        terrain = TERRAIN_NAMES[combat.terrain_of(self._state(), hex_index)]
        counts: dict[int, int] = {}
        for unit in self._battle_units(obs, hex_index):
            counts[unit["owner"]] = counts.get(unit["owner"], 0) + 1
        sides = " vs ".join(f"{self._who(p)} {n}" for p, n in sorted(counts.items()))
        return f"{self._hex_label(hex_index)} \u00b7 {terrain} \u00b7 {sides} counters"

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
                                     enabled=self._can_act()))
        self._screen_toggled()

    def _screen_toggled(self) -> None:
        """Keep the chosen groups within the allowance: disable boxes that would exceed it."""
        used = sum(self._screen_counts[u] for u, b in self._screen_checks.items()
                   if b.isChecked())
        left = self._screen_left - used
        for unit, box in self._screen_checks.items():
            box.setEnabled(self._can_act() and (box.isChecked()
                                                or self._screen_counts[unit] <= left))
        self.screen_left_label.setText(f"{left} of {self._screen_left} ships left to screen")

    def _add_fire(self, battle: dict[str, Any]) -> None:
        slot = self._firing_unit(battle)
        if slot < 0:
            return
        legal = self.session.legal_actions() if self._can_act() else []
        count = next((u.get("count", 1) for u in self.session.observation()["units"]
                      if u["unit"] == slot), 1)
        owner = slot_owner(self.session, slot)
        if slot in battle["screened"]:
            text = (f"{self._who(owner)} {self._unit_name(slot)} is screened this round: it may "
                    "retreat or hold its place.")
        else:
            text = (f"{self._who(owner)} {self._unit_name(slot)} fires: ship {battle['shot'] + 1}"
                    f" of {count}. Choose a target (or click an enemy card).")
        self._choices_layout.addWidget(widgets.label(text, "fire_prompt", wrap=True))
        self._add_targets(slot, legal)
        self._add_retreats(legal, battle["hex"])
        self._choices_layout.addWidget(widgets.label(self._queue_html(battle), "queue", rich=True,
                                                     wrap=True))

    def _queue_html(self, battle: dict[str, Any]) -> str:
        """Who fires after this group in the round (groups already gone are skipped)."""
        alive = {u["unit"]: u["owner"] for u in self.session.observation()["units"]
                 if u["hex"] == battle["hex"]}
        later = [s for s in battle["queue"][battle["pos"] + 1:] if s in alive]
        if not later:
            return f"<span style='color:{Theme.FAINT}'>Last to fire this round.</span>"
        names = [f"<span style='color:{style.player_colour(alive[s]).name()}'>"
                 f"{style.emblem_glyph(alive[s])} {self._unit_name(s)}</span>" for s in later]
        return (f"<span style='color:{Theme.FAINT}'>Then this round: </span>"
                + f"<span style='color:{Theme.FAINT}'> \u203a </span>".join(names))

    def _add_targets(self, slot: int, legal: list[Action]) -> None:
        fires = [a for a in legal if a.kind == "fire"]
        if not fires:
            return
        row = self._choice_row()
        row.addWidget(widgets.label("Target:", "subtle"))
        for action in fires:
            to_hit = combat.to_hit_against(self._state(), slot, action.target)
            row.addWidget(widgets.button(f"{self._unit_name(action.target)} \u00b7 hit on "
                                         f"{to_hit_text(to_hit)}", f"target_{action.target}",
                                         self._apply_later(action)))
        auto = self.session.game.default_action()
        if auto.kind == "fire":
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
        board = self._board
        for action in retreats:
            target = board.neighbour(hex_index, action.dir)
            button = widgets.button(f"Retreat to {board.label(target)}", f"retreat_{action.dir}",
                                    self._apply_later(action))
            button.setStyleSheet(f"border-color:{Theme.WARN};")
            row.addWidget(button)
        for action in hold:
            row.addWidget(widgets.button("Hold (stay screened)", "hold", self._apply_later(action)))
        row.addStretch(1)

    def _add_colony_attack(self, obs: dict[str, Any], battle: dict[str, Any]) -> None:
        slot = self._firing_unit(battle)
        colony = obs["hexes"][battle["hex"]].get("colony") or {}
        what = "homeworld" if colony.get("homeworld") else "colony"
        text = (f"The enemy ships are gone. {self._who(colony.get('owner', -1))} {what} "
                f"({colony.get('cp', 0)} CP) lies open.")
        if slot >= 0:
            to_hit = combat.colony_to_hit(self._state(), slot)
            text += (f" {self._unit_name(slot)} may fire at it: hit on {to_hit_text(to_hit)}; "
                     "each hit takes it one step down.")
        self._choices_layout.addWidget(widgets.label(text, "fire_prompt", wrap=True))
        row = self._choice_row()
        for action in self.session.legal_actions() if self._can_act() else []:
            if action.kind == "fire_colony":
                button = widgets.button("Fire at the colony", "fire_colony",
                                        self._apply_later(action))
                button.setStyleSheet(f"border-color:{Theme.BAD}; font-weight:700;")
                row.addWidget(button)
            elif action.kind == "hold":
                row.addWidget(widgets.button("Stop the attack", "stop_colony",
                                             self._apply_later(action)))
        row.addStretch(1)

    def _add_result(self) -> None:
        text = self._last_result or "No battle is being fought."
        label = widgets.label(text, "result_label")
        label.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-size:14pt; font-weight:700;")
        self._decider_layout.addWidget(label)
        self._decider_layout.addStretch(1)

    # -- acting -------------------------------------------------------------------------
    def _apply_later(self, action: Action) -> Callable[[], None]:
        """A click handler applying ``action`` (bound now, run when clicked)."""
        return lambda: self._apply(action)

    def _apply(self, action: Action) -> bool:
        """Apply through the session; a refusal shows the engine's message."""
        if widgets.apply_or_explain(self.session, action, self.message_label):
            return True
        self._stop_auto()
        return False

    def _fire_at(self, target: int) -> None:
        self._apply(Action("fire", target=target))

    def _confirm_screen(self) -> None:
        chosen = [u for u, box in self._screen_checks.items() if box.isChecked()]
        for unit in chosen:
            if self.session.game.phase != "combat_screen":
                break
            if not self._apply(Action("screen", unit=unit)):
                return
        if self.session.game.phase == "combat_screen":
            self._apply(Action("done_screening"))

    # -- auto-resolve ----------------------------------------------------------------------
    def _toggle_auto(self) -> None:
        if self._auto_running:
            self._stop_auto()
        else:
            self.auto_resolve()

    def auto_resolve(self) -> None:
        """Take default decisions, one per timer slice, until this battle is over."""
        battle = self.session.observation()["battle"]
        self._auto_hex = battle["hex"] if battle is not None else -1
        self._auto_colony = bool(battle is not None and battle["colony_phase"])
        self._auto_running = True
        self.auto_button.setText("Stop auto-resolve")
        QTimer.singleShot(0, self, self._auto_step)  # dies with the window

    def _stop_auto(self) -> None:
        self._auto_running = False
        self.auto_button.setText("Auto-resolve battle")

    def auto_running(self) -> bool:
        return self._auto_running

    def _auto_step(self) -> None:
        if not self._auto_running:
            return
        if not self._auto_battle_continues():
            self._stop_auto()
            self.refresh()
            return
        if self._apply(self.session.game.default_action()):
            QTimer.singleShot(self.auto_step_ms, self, self._auto_step)

    def _auto_battle_continues(self) -> bool:
        """Still the battle auto-resolve was started for (a colony attack is a new decision)."""
        game = self.session.game
        if game.phase not in COMBAT_PHASES or not self._can_act():
            return False
        battle = self.session.observation()["battle"]
        if battle is None:  # choosing a battle: only the very first step picks one
            return self._auto_hex < 0
        if self._auto_hex < 0:
            self._auto_hex = battle["hex"]
            self._auto_colony = battle["colony_phase"]
        return battle["hex"] == self._auto_hex and battle["colony_phase"] == self._auto_colony

    # -- the log --------------------------------------------------------------------------
    def add_events(self, events: list[dict[str, Any]]) -> None:
        """Append the combat events among ``events`` to the log.

        Connected to ``session.events``; a host that opens the window after a
        battle began may pass the events it already received.
        """
        for event in events:
            if event["type"] == "battle_started":
                for unit in event["units"]:
                    self._names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
                    self._owners[unit["unit"]] = unit["player"]
            line = describe_event(event, self._unit_name, self._hex_label, self._who,
                                  self._owners.get)
            if line is None:
                continue
            text, kind = line
            if event["type"] == "battle_ended":
                self._last_result = text
            self._append_log(text, kind, self._event_player(event))
        self.log_list.scrollToBottom()

    @staticmethod
    def _event_player(event: dict[str, Any]) -> int:
        if event["type"] == "battle_started":
            return event["attacker"]
        if event["type"] == "battle_ended":
            return event["winner"]
        return event.get("player", -1)

    def _append_log(self, text: str, kind: str, player: int) -> None:
        item = QListWidgetItem(text)
        item.setForeground(QColor(LOG_COLOURS.get(kind, Theme.TEXT)))
        if player >= 0:
            item.setIcon(style.emblem_icon(player, 14))
        if kind in ("title", "round", "end"):
            item.setFont(style.font(10, bold=True))
        self.log_list.addItem(item)

    # -- odds ----------------------------------------------------------------------------
    def _update_odds(self, obs: dict[str, Any], battle: dict[str, Any] | None,
                     terrain: int) -> None:
        if battle is None or battle["defender"] < 0 or battle["colony_phase"]:
            self._odds_key = ""
            self.odds_bar.set_odds((-1, -1), None)
            self.odds_label.setText("Battle over" if battle is None else "Colony attack")
            self.odds_note.setText("")
            return
        spec = odds_spec(self._battle_units(obs, battle["hex"]), battle["attacker"],
                         battle["defender"], terrain)
        key = json.dumps(spec, sort_keys=True)
        if spec is None or key == self._odds_key:
            return
        self._odds_key = key
        self._odds_generation += 1
        self._odds_players = (battle["attacker"], battle["defender"])
        self.odds_note.setText(f"simulating {ODDS_TRIALS:,} battles\u2026")
        self._odds_pool.clear()  # estimates of positions already past are not wanted
        generation, signals = self._odds_generation, self._odds_signals
        self._odds_pool.start(lambda: _estimate(spec, generation, signals))

    def _on_odds(self, generation: int, attacker: float, defender: float, draws: float) -> None:
        if generation != self._odds_generation:
            return
        a, d = self._odds_players
        text = f"Attacker wins {attacker:.0%} / Defender {defender:.0%}"
        if draws >= 0.005:
            text += f" / undecided {draws:.0%}"
        self.odds_label.setText(
            f"<span style='color:{style.player_colour(a).name()}; font-weight:700'>"
            f"Attacker wins {attacker:.0%}</span><span style='color:{Theme.MUTED}'> / </span>"
            f"<span style='color:{style.player_colour(d).name()}; font-weight:700'>"
            f"Defender {defender:.0%}</span>")
        self.odds_label.setToolTip(text)
        self.odds_bar.set_odds(self._odds_players, (attacker, defender, draws))
        self.odds_note.setText(f"{ODDS_TRIALS:,} simulated battles from the ships left; "
                               "damage, screens and retreats not counted")

    def _on_odds_failed(self, generation: int, message: str) -> None:
        if generation == self._odds_generation:
            self.odds_note.setText(f"odds unavailable: {message}")

    def odds_text(self) -> str:
        """The odds as one line, e.g. "Attacker wins 63% / Defender 37%"."""
        return self.odds_label.toolTip()

    def wait_for_odds(self, msecs: int = 10_000) -> bool:
        """Block until the odds worker is idle (tests and screenshots)."""
        return self._odds_pool.waitForDone(msecs)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._stop_auto()
        self._odds_pool.clear()
        super().closeEvent(event)


def slot_owner(session: Any, slot: int) -> int:
    """The owner of a unit slot, from the observation (or -1 when it is gone)."""
    for unit in session.observation()["units"]:
        if unit["unit"] == slot:
            return unit["owner"]
    return -1


__all__ = ["CombatWindow", "UnitCard", "CardInfo", "describe_event", "odds_spec",
           "COMBAT_PHASES"]
