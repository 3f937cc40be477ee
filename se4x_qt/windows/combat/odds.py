"""The win odds of the battle in progress, from the engine's battle simulator
(:mod:`se4x_core.odds`).

Why a worker thread: the odds are the simulator's estimate over a few
thousand battles from the groups still fighting (a few milliseconds
compiled, about a second interpreted), and the window must never freeze
while they run.  Each new position starts a new estimate; a result that
arrives for a position already past is dropped (the generation number), and
the same position always shows the same odds (a fixed seed).
"""

from __future__ import annotations

import json

from PySide6.QtCore import QObject, QRectF, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from se4x_core import data
from se4x_core.observation import BattleView, UnitView
from se4x_core.odds import battle_odds, odds_spec
from se4x_qt import style, widgets
from se4x_qt.style import Theme

ODDS_TRIALS = 4000
ODDS_SEED = 4242  # the same position always shows the same odds
ODDS_CAVEAT = ("The simulator fights the battle out from the groups still in it; damage "
               "on lead ships, screens and retreats are not counted.")


class _OddsSignals(QObject):
    """Carries a finished estimate from the worker thread back to the window."""

    done = Signal(int, float, float, float)  # generation, attacker, defender, draws
    failed = Signal(int, str)


def _estimate(spec: dict[str, object], generation: int, signals: _OddsSignals) -> None:
    """Worker-thread body: simulate the battle and report (never raises)."""
    try:
        attacker, defender, draws = battle_odds(spec, ODDS_TRIALS, ODDS_SEED)
        signals.done.emit(generation, attacker, defender, draws)
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
        self.setMinimumWidth(160)

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


class OddsPanel(QWidget):
    """"WIN ODDS": the attacker's and the defender's chances, as text and as a bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battle_odds")
        self._pool = QThreadPool(self)  # created first: destroyed first, waiting for jobs
        self._pool.setMaxThreadCount(1)
        self._signals = _OddsSignals(self)
        self._signals.done.connect(self._on_odds)
        self._signals.failed.connect(self._on_odds_failed)
        self._key = ""
        self._generation = 0
        self._players = (-1, -1)
        self._defender_label = "Defender"  # "Machine" against a Doomsday Machine
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(4)
        caption = widgets.label("WIN ODDS", "faint")
        self.odds_label = widgets.label("", None, rich=True)
        self.odds_label.setMinimumWidth(300)  # on one line: the header stays low
        self.odds_label.setStyleSheet("font-size: 12pt;")
        self.odds_bar = OddsBar()
        self.odds_note = widgets.label("", "faint")
        self.odds_note.setToolTip(ODDS_CAVEAT)
        for widget in (caption, self.odds_label, self.odds_bar, self.odds_note):
            box.addWidget(widget)

    def show_battle(self, battle: BattleView | None, units: list[UnitView],
                    terrain: str, machine_hits: int = 0) -> None:
        """Show the odds of ``battle`` (its ``units``), estimating them if the position is new.

        ``machine_hits``: the hits taken by the Doomsday Machine fought (advanced rules).
        """
        against_machine = battle is not None and battle["defender"] == data.MACHINE_SIDE
        if battle is None or (battle["defender"] < 0 and not against_machine) or \
                battle["colony_phase"]:
            self._key = ""
            self._generation += 1  # an estimate still running is for a position gone
            self.odds_bar.set_odds((-1, -1), None)
            self.odds_label.setText("Battle over" if battle is None else "Colony attack")
            self.odds_note.setText("")
            return
        self._defender_label = "Machine" if against_machine else "Defender"
        ambush = frozenset(battle.get("ambush", [])) if battle["round"] <= 1 else frozenset()
        spec = odds_spec(units, battle["attacker"], battle["defender"], terrain, ambush,
                         swept=battle["round"] == 0, machine_hits=machine_hits)
        key = json.dumps(spec, sort_keys=True)
        if spec is None or key == self._key:
            return
        self._key = key
        self._generation += 1
        self._players = (battle["attacker"], battle["defender"])
        self.odds_note.setText(f"simulating {ODDS_TRIALS:,} battles\u2026")
        self._pool.clear()  # estimates of positions already past are not wanted
        generation, signals = self._generation, self._signals
        self._pool.start(lambda: _estimate(spec, generation, signals))

    def _on_odds(self, generation: int, attacker: float, defender: float, draws: float) -> None:
        if generation != self._generation:
            return
        a, d = self._players
        other = self._defender_label
        text = f"Attacker wins {attacker:.0%} / {other} {defender:.0%}"
        if draws >= 0.005:
            text += f" / undecided {draws:.0%}"
        self.odds_label.setText(
            f"<span style='color:{style.player_colour(a).name()}; font-weight:700'>"
            f"Attacker wins {attacker:.0%}</span><span style='color:{Theme.MUTED}'> / </span>"
            f"<span style='color:{style.player_colour(d).name()}; font-weight:700'>"
            f"{other} {defender:.0%}</span>")
        self.odds_label.setToolTip(text)
        self.odds_bar.set_odds(self._players, (attacker, defender, draws))
        self.odds_note.setText(f"{ODDS_TRIALS:,} simulated battles from the ships left")

    def _on_odds_failed(self, generation: int, message: str) -> None:
        if generation == self._generation:
            self.odds_note.setText(f"odds unavailable: {message}")

    def text(self) -> str:
        """The odds as one line, e.g. "Attacker wins 63% / Defender 37%"."""
        return self.odds_label.toolTip()

    def wait(self, msecs: int = 10_000) -> bool:
        """Block until the worker is idle (tests and screenshots)."""
        return self._pool.waitForDone(msecs)

    def cancel(self) -> None:
        """Drop the estimates not yet started (the window is closing)."""
        self._pool.clear()
