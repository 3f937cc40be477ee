"""The game-over screen: who won, and how each empire grew along the way.

Why charts: a game of Space Empires 4X is decided over many Economic Phases,
and the players want to see where it turned (who out-produced whom, when a
fleet was lost, who invested in technology).  The engine records income,
fleet size, technology and banked CP per phase per player
(``observation()["history"]``); this screen draws them.

PySide6-Essentials has no QtCharts, so :class:`LineChart` paints its own
axes, ticks, lines and legend with QPainter.  Every player's line has the
player's colour *and* dash style *and* emblem-shaped markers, so the lines
stay apart for colour-blind players and in greyscale prints.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.events import EmpireStats
from se4x_core.observation import Observation
from se4x_qt import style, widgets
from se4x_qt.style import Theme
from se4x_qt.widgets import make_panel

if TYPE_CHECKING:
    from se4x_qt.games.se4x.session import Session

StatKey = Literal["income", "fleet", "tech", "cp"]  # the keys of a history row (EmpireStats)
STAT_KEYS: tuple[StatKey, ...] = ("income", "fleet", "tech", "cp")
# (history key, chart title, what the number is)
CHARTS: tuple[tuple[StatKey, str, str], ...] = (
    ("income", "Income", "CP collected from colonies and minerals"),
    ("fleet", "Fleet size", "warships in play"),
    ("tech", "Technology", "levels researched beyond the start"),
    ("cp", "CP carried over", f"CP kept for the next phase (at most {data.CARRY_OVER_CAP}; "
                              "more is lost)"),
)
# Charts whose values the rules cap: above the cap a value is lost, so the chart shows the
# cap (the history records what was left after purchases, before the next phase's discard).
CAPS: dict[StatKey, int] = {"cp": data.CARRY_OVER_CAP}
PREFERRED_SIZE = QSize(1280, 900)  # cut to the screen by widgets.fit_to_screen


def nice_step(top: float, ticks: int = 5) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) for an axis from 0 to ``top``."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    magnitude = 10.0 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if multiple * magnitude >= raw:
            return max(1.0, multiple * magnitude)
    return 10 * magnitude


def series_from_history(history: list[list[EmpireStats]],
                        key: StatKey) -> list[tuple[int, list[float]]]:
    """One (player, values per phase) series per player for a history field (a capped
    field, see :data:`CAPS`, at most its cap)."""
    if not history:
        return []
    players = len(history[0])
    cap = CAPS.get(key)
    return [(p, [float(min(row[p].get(key, 0), cap) if cap is not None else row[p].get(key, 0))
                 for row in history]) for p in range(players)]


class LineChart(QWidget):
    """A line chart of one statistic per player over the Economic Phases."""

    def __init__(self, title: str, subtitle: str, series: list[tuple[int, list[float]]],
                 names: list[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title, self.subtitle = title, subtitle
        self.series = series
        self.names = names
        self.setMinimumSize(QSize(360, 220))

    # -- geometry ------------------------------------------------------------------------
    def _plot_rect(self) -> QRectF:
        return QRectF(self.rect()).adjusted(58, 62, -22, -44)

    def _phases(self) -> int:
        return max((len(values) for _, values in self.series), default=0)

    def _y_axis(self) -> tuple[float, float]:
        """(top of the axis, tick step)."""
        top = max((max(values) for _, values in self.series if values), default=0.0)
        step = nice_step(top)
        return max(step, math.ceil(top / step) * step), step

    def _point(self, plot: QRectF, index: int, value: float, top: float) -> QPointF:
        phases = max(1, self._phases() - 1)
        x = plot.left() + plot.width() * index / phases
        y = plot.bottom() - plot.height() * value / top
        return QPointF(x, y)

    # -- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(QColor(Theme.BORDER), 1))
        painter.setBrush(QColor(Theme.PANEL))
        painter.drawRoundedRect(rect, 8, 8)
        self._paint_titles(painter)
        if self._phases() == 0:
            painter.setPen(QColor(Theme.MUTED))
            painter.drawText(self._plot_rect(), Qt.AlignmentFlag.AlignCenter,
                             "No Economic Phase was played.")
            return
        plot = self._plot_rect()
        top, step = self._y_axis()
        self._paint_grid(painter, plot, top, step)
        self._paint_x_axis(painter, plot)
        for player, values in self.series:
            self._paint_series(painter, plot, top, player, values)
        self._paint_legend(painter)

    def _paint_titles(self, painter: QPainter) -> None:
        painter.setPen(QColor(Theme.TEXT))
        painter.setFont(style.font(11, bold=True))
        painter.drawText(QRectF(16, 10, self.width() - 32, 22), Qt.AlignmentFlag.AlignVCenter,
                         self.title.upper())
        painter.setPen(QColor(Theme.MUTED))
        painter.setFont(style.font(8.5))
        painter.drawText(QRectF(16, 31, self.width() - 32, 18), Qt.AlignmentFlag.AlignVCenter,
                         self.subtitle)

    def _paint_grid(self, painter: QPainter, plot: QRectF, top: float, step: float) -> None:
        painter.setFont(style.font(8))
        value = 0.0
        while value <= top + 1e-9:
            y = plot.bottom() - plot.height() * value / top
            painter.setPen(QPen(QColor(Theme.BORDER), 1, Qt.PenStyle.SolidLine if value == 0
                                else Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(Theme.MUTED))
            painter.drawText(QRectF(plot.left() - 52, y - 8, 44, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             f"{value:g}")
            value += step
        painter.setPen(QPen(QColor(Theme.MUTED), 1))
        painter.drawLine(plot.bottomLeft(), plot.topLeft())

    def _paint_x_axis(self, painter: QPainter, plot: QRectF) -> None:
        phases = self._phases()
        every = max(1, math.ceil(phases / 12))
        painter.setFont(style.font(8))
        painter.setPen(QPen(QColor(Theme.MUTED), 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        for index in range(phases):
            if index % every and index != phases - 1:
                continue
            x = self._point(plot, index, 0, 1).x()
            painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4))
            painter.drawText(QRectF(x - 20, plot.bottom() + 5, 40, 16),
                             Qt.AlignmentFlag.AlignCenter, str(index + 1))
        painter.drawText(QRectF(plot.left(), plot.bottom() + 22, plot.width(), 16),
                         Qt.AlignmentFlag.AlignCenter, "Economic Phase")

    def _paint_series(self, painter: QPainter, plot: QRectF, top: float, player: int,
                      values: list[float]) -> None:
        points = [self._point(plot, i, v, top) for i, v in enumerate(values)]
        pen = QPen(style.player_colour(player), 2.2, style.dash_style(player))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(points))
        every = max(1, math.ceil(len(points) / 16))
        for index, point in enumerate(points):
            if index % every == 0 or index == len(points) - 1:
                size = 9.0
                style.paint_emblem(painter, QRectF(point.x() - size / 2, point.y() - size / 2,
                                                     size, size), player)

    def _paint_legend(self, painter: QPainter) -> None:
        painter.setFont(style.font(8.5, bold=True))
        metrics = painter.fontMetrics()
        x = self.width() - 16
        for player, _ in reversed(self.series):
            name = style.player_name(player, self.names)
            width = metrics.horizontalAdvance(name)
            x -= width
            painter.setPen(style.player_colour(player))
            painter.drawText(QRectF(x, 12, width + 2, 18), Qt.AlignmentFlag.AlignVCenter, name)
            x -= 34
            pen = QPen(style.player_colour(player), 2.2, style.dash_style(player))
            painter.setPen(pen)
            painter.drawLine(QPointF(x, 21), QPointF(x + 28, 21))
            style.paint_emblem(painter, QRectF(x + 9, 16.5, 9, 9), player)
            x -= 16


class GameOverScreen(QWidget):
    """The winner (or the round limit) and each empire's history in charts."""

    close_requested = Signal()
    new_game_requested = Signal()

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Game over \u2014 Space Empires 4X")
        style.apply_theme(self)
        self.charts: list[LineChart] = []
        self._root = QVBoxLayout(self)
        self._root.setContentsMargins(18, 18, 18, 14)
        self._root.setSpacing(14)
        self._scroll = QScrollArea()  # banner, standings, charts: they scroll on a laptop
        self._scroll.setObjectName("game_over_scroll")
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._root.addWidget(self._scroll, 1)
        self._root.addLayout(self._buttons())  # Close and New game never scroll away
        self._content: QWidget | None = None
        session.changed.connect(self.refresh)
        self.refresh()
        widgets.fit_to_screen(self, PREFERRED_SIZE)

    def _names(self) -> list[str]:
        return self.session.player_names

    def refresh(self) -> None:
        """Rebuild from the observation (history is only there once the game is over)."""
        obs = self.session.observation()
        if self._content is not None:
            self._content.hide()
            self._content.deleteLater()
        self._content = QWidget()
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(0, 0, 6, 0)
        layout.setSpacing(14)
        layout.addWidget(self._banner(obs))
        layout.addWidget(self._standings(obs))
        layout.addLayout(self._chart_grid(obs), 1)
        self._scroll.setWidget(self._content)

    # -- parts ---------------------------------------------------------------------------
    def _banner(self, obs: Observation) -> QFrame:
        frame, layout = make_panel(object_name="banner")
        row = QHBoxLayout()
        layout.addLayout(row)
        winner = obs["winner"] if obs["phase"] == "game_over" else -1
        team = _winners(obs)
        if winner >= 0 and len(team) > 1:  # team play: the whole team wins
            for player in team:
                row.addWidget(widgets.emblem_label(player, 44))
            names = " & ".join(style.player_name(p, self._names()) for p in team)
            title = f"{names.upper()} WIN"
            colour = style.player_colour(winner).name()
            detail = (f"A team victory after {obs['round']} rounds: every enemy homeworld "
                      "has fallen.")
        elif winner >= 0:
            row.addWidget(widgets.emblem_label(winner, 44))
            name = style.player_name(winner, self._names())
            title = f"{name.upper()} WINS"
            colour = style.player_colour(winner).name()
            detail = (f"The last empire standing after {obs['round']} rounds: every other "
                      "homeworld has fallen.")
        elif obs["phase"] == "game_over":
            title, colour = "ROUND LIMIT REACHED", Theme.HIGHLIGHT
            detail = f"No homeworld fell in {obs['round']} rounds; the game ends without a winner."
        else:
            title, colour = "THE GAME IS NOT OVER", Theme.MUTED
            detail = "The charts fill in once the game has ended."
        texts = QVBoxLayout()
        texts.setSpacing(4)
        self.winner_label = widgets.label(title, "winner_label")
        self.winner_label.setStyleSheet(f"color:{colour}; font-size:26pt; font-weight:800; "
                                        "letter-spacing: 2px;")
        self.detail_label = widgets.label(detail, "subtle")
        texts.addWidget(self.winner_label)
        texts.addWidget(self.detail_label)
        row.addSpacing(8)
        row.addLayout(texts, 1)
        return frame

    def _standings(self, obs: Observation) -> QFrame:
        frame, layout = make_panel("Final standing")
        grid = QGridLayout()
        grid.setHorizontalSpacing(28)
        grid.setVerticalSpacing(6)
        headers = ("Empire", "Result", "Income", "Fleet", "Tech levels", "CP carried over",
                   "Phases")
        for column, text in enumerate(headers):
            grid.addWidget(widgets.label(text.upper(), "faint"), 0, column)
        history = obs["history"]
        last = history[-1] if history else []
        for player in range(obs["players"]):
            self._standing_row(grid, player + 1, obs, player, last)
        grid.setColumnStretch(len(headers), 1)
        layout.addLayout(grid)
        return frame

    def _standing_row(self, grid: QGridLayout, row: int, obs: Observation, player: int,
                      last: list[EmpireStats]) -> None:
        name = style.session_name_html(self.session, player)
        grid.addWidget(widgets.label(name, None, rich=True), row, 0)
        if player in _winners(obs):
            result, colour = "Winner", Theme.HIGHLIGHT
        elif not obs["alive"][player]:
            result, colour = "Homeworld destroyed", Theme.BAD
        else:
            result, colour = "Survived", Theme.TEXT
        label = widgets.label(result)
        label.setStyleSheet(f"color:{colour}; font-weight:600;")
        grid.addWidget(label, row, 1)
        stats = last[player] if player < len(last) else None
        for column, key in enumerate(STAT_KEYS, start=2):
            value = stats.get(key) if stats is not None else None
            if value is not None and key in CAPS:
                value = min(value, CAPS[key])
            grid.addWidget(widgets.label(str(value) if value is not None else "\u2013"),
                           row, column)
        grid.addWidget(widgets.label(str(len(obs["history"]))), row, 6)

    def _chart_grid(self, obs: Observation) -> QGridLayout:
        grid = QGridLayout()
        grid.setSpacing(14)
        self.charts = []
        for index, (key, title, subtitle) in enumerate(CHARTS):
            chart = LineChart(title, subtitle, series_from_history(obs["history"], key),
                              self._names())
            chart.setObjectName(f"chart_{key}")
            self.charts.append(chart)
            grid.addWidget(chart, index // 2, index % 2)
        return grid

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(widgets.button("Close", "close_button", self.close_requested.emit))
        new = widgets.button("New game", "new_game_button", self.new_game_requested.emit)
        new.setStyleSheet(style.primary_button_stylesheet("7px 22px"))
        row.addWidget(new)
        return row


__all__ = ["GameOverScreen", "LineChart", "nice_step", "series_from_history", "CHARTS"]


def _winners(obs: Observation) -> list[int]:
    """Who won: the observation's ``winners`` (a whole team in team play)."""
    if obs["phase"] != "game_over" or obs["winner"] < 0:
        return []
    return list(obs.get("winners") or [obs["winner"]])
