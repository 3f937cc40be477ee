"""The counter cards of the battlefield: what one group shows, painted like its counter.

Why painted rather than assembled from labels: a card reads like the
cardboard counter (type and number, class, attack-defense, hull, ships,
damage boxes, technology), and its states in the battle (firing, screened,
a target the firing group may shoot at, with its to-hit number) show as
borders and tags that never shift the layout.  A card knows nothing of the
rules: :class:`CardInfo` carries what the observation revealed and what the
window looked up (the to-hit number from the engine).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from se4x_core import data
from se4x_core.kernel.battle_math import TERRAIN_NAMES, effective_class, hit_faces
from se4x_core.observation import MachineView, UnitView
from se4x_qt import help_book, style
from se4x_qt.games.se4x.log_text import (
    MACHINE_FIGHT_TEXT,
    machine_hits_text,
    machine_stats_text,
    machine_title,
)
from se4x_qt.style import Theme
from se4x_qt.widgets import help_links


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
    level: int = 0  # advanced rules: the special technology (data.UNIT_SPECIAL_TECH)
    point_defense: bool = False  # a scout firing at fighters as class A this round
    ambush: bool = False  # a cloaked raider in round 1: class A and +1 attack
    threat: int | None = None  # against a Doomsday Machine: its to-hit at this group
    destroyed: bool = False  # a Doomsday Machine destroyed in this battle (its card stays)
    fate: str = ""  # at the battle's end: "destroyed" or "retreated" (the card stays, dimmed)

    @property
    def is_machine(self) -> bool:
        """A Doomsday Machine's card (advanced rules): its unit is its firing key."""
        return self.unit >= data.MACHINE_UNIT

    @property
    def strength(self) -> tuple[int, int]:
        """Printed attack and defense (a fighter's by its level, point defense's attack)."""
        stats = data.UNIT_STATS[self.unit_type]
        if self.code == "F" and self.level:
            return data.FIGHTER_ATTACK[self.level], data.FIGHTER_DEFENSE[self.level]
        if self.point_defense:
            return data.POINT_DEFENSE_ATTACK[self.level], stats.defense
        if self.ambush:
            return stats.attack + data.RAIDER_AMBUSH_BONUS, stats.defense
        return stats.attack, stats.defense

    @property
    def name(self) -> str:
        return f"{self.code}{self.number}" if self.code else "?"

    @property
    def unit_type(self) -> int:
        return data.CODE_TO_UNIT[self.code] if self.code else -1


# Advanced rules: the special technology a counter carries, on its card (a fighter's
# level is in its strength): Point Defense, Scanners, Cloaking, Mine Sweep.
_SPECIAL_ABBREVIATIONS = {"SC": "PD", "DD": "Sc", "R": "Cl", "SW": "MS"}


def card_info(unit: UnitView, terrain: str, point_defense: bool = False,
              ambush: bool = False) -> CardInfo:
    """A card from one unit of the observation, in the battle's terrain ("open", ...);
    ``point_defense``: a scout firing at fighters this round, as class A; ``ambush``: a
    cloaked raider's first round, class A with +1 attack."""
    code = unit.get("unit_type")
    weapon_class = data.NO_CLASS
    if code:
        printed = data.CLASS_A if point_defense or ambush else \
            data.UNIT_CLASS[data.CODE_TO_UNIT[code]]
        weapon_class = effective_class(printed, TERRAIN_NAMES.index(terrain))
    return CardInfo(unit=unit["unit"], owner=unit["owner"], code=code,
                    number=unit.get("number", 0), count=unit.get("count", 1),
                    damage=unit.get("damage", 0), weapon_class=weapon_class,
                    attack_tech=unit.get("attack_tech", 0),
                    defense_tech=unit.get("defense_tech", 0), tactics=unit.get("tactics", 0),
                    level=unit.get("level", 0), point_defense=point_defense, ambush=ambush)


def machine_card_info(machine: MachineView, terrain: str,
                      destroyed: bool = False) -> CardInfo:
    """A Doomsday Machine's card (an observation's ``machines`` entry): class C (as terrain
    makes it), its hits as damage, tactics 2, no technology; on the defender's side."""
    weapon_class = effective_class(data.DOOMSDAY_CLASS, TERRAIN_NAMES.index(terrain))
    return CardInfo(unit=machine["unit"], owner=data.MACHINE_SIDE, code=data.MACHINE_CODE,
                    number=machine["number"], count=1, damage=machine["hits"],
                    weapon_class=weapon_class, attack_tech=0, defense_tech=0,
                    tactics=data.DOOMSDAY_TACTICS, destroyed=destroyed)


def make_card(info: CardInfo) -> UnitCard:
    """The card widget for ``info``: a machine's own, or a group counter's."""
    return MachineCard(info) if info.is_machine else UnitCard(info)


def to_hit_text(to_hit: int) -> str:
    """E.g. "5 (50%)": the highest hitting roll and the chance; a 1 always hits."""
    faces = hit_faces(to_hit)
    return f"{faces} ({faces * 10}%)"


def roll_range(to_hit: int) -> str:
    """The rolls that hit, e.g. "1-8", or "1" when only a 1 does."""
    faces = hit_faces(to_hit)
    return "1" if faces == 1 else f"1-{faces}"


def threat_text(threat: int) -> str:
    """A group's card against a Doomsday Machine: which rolls of the machine hit it
    ("⬢ hits this on 1-8"), said so that it cannot be read as the group's own number
    beside the machine's card ("you hit it only on a 1")."""
    return f"{style.MACHINE_GLYPH} hits this on {roll_range(threat)}"


def machine_hit_text() -> str:
    """The machine's card: the one roll that hits it ("you hit it only on a 1")."""
    return f"you hit it only on a {data.DOOMSDAY_HIT_ROLL}"



class UnitCard(QWidget):
    """A group counter: type and number, class, attack-defense, hull, ships, damage, tech.

    Painted rather than assembled from labels so that the card reads like the
    cardboard counter and its states (firing, screened, targetable) show as
    borders and tags that do not shift the layout.
    """

    clicked = Signal(int)
    SIZE = QSize(196, 104)  # three side by side on a 1366-pixel laptop screen

    def __init__(self, info: CardInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.setObjectName(f"card_{info.unit}")
        self.setFixedSize(self.SIZE)
        self.setToolTip(self._tooltip())
        help_links.tag(self, self.help_section())  # F1: the rules of this unit type
        if info.to_hit is not None:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    def help_section(self) -> str:
        return help_book.UNIT_SECTIONS.get(self.info.code or "", "groups")

    def _tooltip(self) -> str:
        info = self.info
        if not info.code:
            return "A face-down counter"
        stats = data.UNIT_STATS[info.unit_type]
        attack, defense = info.strength
        lines = [f"{style.player_name(info.owner)} {data.UNIT_NAMES[info.unit_type]} "
                 f"{info.name}: {info.count} ship(s)",
                 f"Attack {attack} + tech {info.attack_tech}, defense {defense} + "
                 f"tech {info.defense_tech}, hull {stats.hull}, tactics {info.tactics}"]
        if info.point_defense:
            lines.append("Point defense: fires first (class A), at fighters only, this round")
        if info.ambush:
            lines.append("Cloaked: fires first (class A) with +1 attack in this first round")
        if info.threat is not None:
            lines.append(f"The Doomsday Machine's shots hit this group on a roll of "
                         f"{roll_range(info.threat)} ({hit_faces(info.threat) * 10}%)")
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
        self._paint_fate(painter)

    def _tag_rect(self) -> QRectF:
        """Where a state's tag ("FIRING", "HIT ON 5", "DESTROYED") sits: bottom right."""
        return QRectF(self.width() - 84, 82, 72, 15)

    def _paint_fate(self, painter: QPainter) -> None:
        """At the battle's end, a group gone from it: dimmed, with what became of it."""
        fate = self.info.fate
        if not fate:
            return
        painter.fillRect(self.rect(), QColor(11, 16, 32, 150))
        colour = Theme.BAD if fate == "destroyed" else Theme.WARN
        _tag(painter, self._tag_rect(), fate.upper(), colour)

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
        letter = data.CLASS_LETTERS[info.weapon_class] if info.weapon_class < 5 else "\u2013"
        self._paint_title_line(painter, info.owner, data.UNIT_NAMES[info.unit_type],
                               self.width() - 76, letter)  # up to the class badge

    def _paint_title_line(self, painter: QPainter, owner: int, kind: str, room: int,
                          letter: str) -> None:
        """Emblem, name and kind (``room`` wide less the name) and the class badge; the
        same for ships and a Doomsday Machine (``owner`` MACHINE_SIDE)."""
        name = self.info.name
        style.paint_emblem(painter, QRectF(14, 11, 14, 14), owner)
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(12, bold=True))
        painter.drawText(QRectF(34, 6, 120, 24), Qt.AlignmentFlag.AlignVCenter, name)
        width = painter.fontMetrics().horizontalAdvance(name)
        painter.setPen(QColor(Theme.MUTED))
        painter.setFont(style.font(8))
        painter.drawText(QRectF(40 + width, 8, room - width, 22), Qt.AlignmentFlag.AlignVCenter,
                         kind)
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
        attack, defense = info.strength
        tech = (f"A{info.attack_tech} D{info.defense_tech} T{info.tactics}"
                if armed else "non-combat")
        special = _SPECIAL_ABBREVIATIONS.get(info.code or "")
        if special and info.level:
            tech += f" {special}{info.level}"
        self._paint_stat_line(painter, f"{attack}-{defense}" if armed else "\u2013", stats.hull,
                              f"\u00d7{info.count}", 16, 64, tech)

    def _paint_stat_line(self, painter: QPainter, strength: str, hull: int, big: str,
                         big_size: int, big_width: int, small: str) -> None:
        """The card's stat line, the same for ships and a Doomsday Machine: strength and
        hull at the left; at the right a big figure (ships, shots) over a small line
        (technology)."""
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(14, bold=True))
        painter.drawText(QRectF(14, 32, 56, 26), Qt.AlignmentFlag.AlignVCenter, strength)
        painter.setFont(style.font(8))
        painter.setPen(QColor(Theme.MUTED))
        painter.drawText(QRectF(66, 32, 60, 26), Qt.AlignmentFlag.AlignVCenter, f"hull {hull}")
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(big_size, bold=True))
        painter.drawText(QRectF(self.width() - 12 - big_width, 30, big_width, 30),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, big)
        painter.setFont(style.font(8))
        painter.setPen(QColor(Theme.MUTED))
        painter.drawText(QRectF(self.width() - 92, 62, 80, 16),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, small)

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

    def _paint_threat(self, painter: QPainter) -> None:
        """Against a Doomsday Machine: the roll its shots need against this group."""
        if self.info.threat is None:
            return
        painter.setFont(style.font(7, bold=True))  # clear of the tag at the right
        painter.setPen(QColor(style.MACHINE_HEX))
        painter.drawText(QRectF(14, 81, 104, 17), Qt.AlignmentFlag.AlignVCenter,
                         threat_text(self.info.threat))

    def _paint_tags(self, painter: QPainter) -> None:
        info = self.info
        self._paint_threat(painter)
        rect = self._tag_rect()
        if info.firing:
            _tag(painter, rect, "FIRING", Theme.HIGHLIGHT)
        elif info.screened:
            _tag(painter, rect, "SCREENED", Theme.MUTED)
        elif info.to_hit is not None:
            _tag(painter, rect, f"HIT ON {hit_faces(info.to_hit)}", Theme.ACCENT)
        elif info.ambush:
            _tag(painter, rect, "CLOAKED +1", Theme.HIGHLIGHT)


def _tag(painter: QPainter, rect: QRectF, text: str, colour: str) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawRoundedRect(rect, 4, 4)
    painter.setPen(QColor(Theme.BG))
    painter.setFont(style.font(7, bold=True))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)



class MachineCard(UnitCard):
    """A Doomsday Machine's card (advanced rules): "DM2", class C, 9-2, hull 3 with its
    hits, two shots a round, and the rule players forget: it is hit only on a 1.

    Painted like a group's card so the battlefield reads as one, in the machines'
    violet rather than a player's colour; clicking it fires at it when the firing
    group may.  A little wider than a group's card: its name is longer.
    """

    SIZE = QSize(236, 104)

    def help_section(self) -> str:
        return help_book.MACHINE_SECTION

    def _tooltip(self) -> str:
        info = self.info
        lines = [f"{machine_summary_line(info)}",
                 f"Tactics {data.DOOMSDAY_TACTICS}; it fires at the group the auto-resolve "
                 "would pick", MACHINE_FIGHT_TEXT]
        if info.to_hit is not None:
            lines.append(f"Click to fire at it: hits on {to_hit_text(info.to_hit)}")
        return "\n".join(lines)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._paint_frame(painter)
        self._paint_machine_title(painter)
        self._paint_machine_stats(painter)
        self._paint_damage_boxes(painter, data.DOOMSDAY_HULL)
        self._paint_machine_tags(painter)
        if self.info.destroyed:
            painter.fillRect(self.rect(), QColor(11, 16, 32, 140))

    def _paint_machine_title(self, painter: QPainter) -> None:
        self._paint_title_line(painter, data.MACHINE_SIDE, style.MACHINE_NAME,
                               self.width() - 76,  # up to the class badge
                               data.CLASS_LETTERS[self.info.weapon_class])

    def _paint_machine_stats(self, painter: QPainter) -> None:
        self._paint_stat_line(painter, f"{data.DOOMSDAY_ATTACK}-{data.DOOMSDAY_DEFENSE}",
                              data.DOOMSDAY_HULL, f"{data.DOOMSDAY_SHOTS} shots", 13, 84,
                              f"T{data.DOOMSDAY_TACTICS} \u00b7 no bonus")

    def _paint_damage_boxes(self, painter: QPainter, hull: int) -> None:
        """One box per hull point, the hits taken filled red (they stay between battles)."""
        hits = self.info.damage
        for i in range(hull):
            box = QRectF(15 + i * 14, 64, 10, 10)
            hit = i < hits
            painter.setPen(QPen(QColor(Theme.BAD if hit else Theme.FAINT), 1.2))
            painter.setBrush(QBrush(QColor(Theme.BAD)) if hit else Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box, 2, 2)
        painter.setFont(style.font(8))
        painter.setPen(QColor(Theme.BAD if hits else Theme.FAINT))
        text = "destroyed" if self.info.destroyed else machine_hits_text(hits)
        painter.drawText(QRectF(19 + hull * 14, 61, 90, 16), Qt.AlignmentFlag.AlignVCenter, text)

    def _paint_machine_tags(self, painter: QPainter) -> None:
        info = self.info
        painter.setFont(style.font(8, bold=True))
        painter.setPen(QColor(style.MACHINE_HEX))
        painter.drawText(QRectF(14, 81, 140, 17), Qt.AlignmentFlag.AlignVCenter,
                         machine_hit_text())
        rect = self._tag_rect()
        if info.destroyed:
            _tag(painter, rect, "DESTROYED", Theme.BAD)
        elif info.firing:
            _tag(painter, rect, "FIRING", Theme.HIGHLIGHT)
        elif info.to_hit is not None:
            _tag(painter, rect, f"HIT ON {hit_faces(info.to_hit)}", Theme.ACCENT)
        else:
            shots = {2: "TWICE", 3: "3 TIMES"}.get(data.DOOMSDAY_SHOTS, "ONCE")
            _tag(painter, rect, f"FIRES {shots}", style.MACHINE_HEX)


def machine_summary_line(info: CardInfo) -> str:
    """"Doomsday Machine 2: class C, 9-2, fires twice a round, 1 hit of 3" for its card."""
    state = "destroyed" if info.destroyed else machine_hits_text(info.damage)
    return f"{machine_title(info.number)}: {machine_stats_text()}, {state}"
