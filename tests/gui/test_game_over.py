"""The game-over screen: winner or round limit, standings and the history charts of a
finished seeded game (heuristic bots), painted and checked pixel by pixel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QPushButton

from se4x_qt import style
from se4x_qt.games.se4x.session import Session
from se4x_qt.windows.game_over import (
    CHARTS,
    GameOverScreen,
    LineChart,
    nice_step,
    series_from_history,
)
from tests.helpers.gui_positions import finished_game

pytestmark = [pytest.mark.fast, pytest.mark.gui]


@pytest.fixture(scope="module")
def won_game():
    return finished_game(seed=3)


def open_screen(qtbot, game) -> GameOverScreen:
    screen = GameOverScreen(Session(game))
    qtbot.addWidget(screen)
    screen.resize(1300, 900)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def colour_pixels(image: QImage, colour: QColor, tolerance: int = 40) -> int:
    """How many pixels of ``image`` are close to ``colour`` (sampled every 2 pixels)."""
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            pixel = image.pixelColor(x, y)
            if (abs(pixel.red() - colour.red()) + abs(pixel.green() - colour.green())
                    + abs(pixel.blue() - colour.blue())) <= tolerance:
                count += 1
    return count


def test_winner_and_charts_from_a_finished_game(qtbot, won_game):
    assert won_game.is_over and won_game.winner is not None
    history = won_game.observation(0)["history"]
    assert len(history) >= 2
    screen = open_screen(qtbot, won_game)
    winner = style.player_name(won_game.winner)
    assert screen.winner_label.text() == f"{winner.upper()} WINS"
    assert [c.objectName() for c in screen.charts] == [f"chart_{k}" for k, _, _ in CHARTS]
    for chart, (key, _, _) in zip(screen.charts, CHARTS, strict=True):
        assert [p for p, _ in chart.series] == [0, 1]
        assert all(len(values) == len(history) for _, values in chart.series)
        assert chart.series[1][1][-1] == history[-1][1][key]


def test_charts_paint_one_line_per_player_in_its_colour(qtbot, won_game):
    screen = open_screen(qtbot, won_game)
    for chart in screen.charts:
        image = chart.grab().toImage()
        assert image.width() >= 460 and image.height() >= 280
        for player in (0, 1):
            assert colour_pixels(image, style.player_colour(player)) > 20, (
                f"{chart.title}: no line of player {player}")


def test_buttons_emit_new_game_and_close(qtbot, won_game):
    screen = open_screen(qtbot, won_game)
    with qtbot.waitSignal(screen.new_game_requested, timeout=1000):
        qtbot.mouseClick(screen.findChild(QPushButton, "new_game_button"),
                         Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(screen.close_requested, timeout=1000):
        qtbot.mouseClick(screen.findChild(QPushButton, "close_button"),
                         Qt.MouseButton.LeftButton)


def test_round_limit_is_announced(qtbot):
    game = finished_game(seed=4, max_rounds=2)
    assert game.is_over and game.winner is None
    screen = open_screen(qtbot, game)
    assert screen.winner_label.text() == "ROUND LIMIT REACHED"
    assert "2 rounds" in screen.detail_label.text()
    assert all(len(values) == 2 for chart in screen.charts for _, values in chart.series)


def test_empty_history_paints_a_note(qtbot):
    chart = LineChart("Income", "CP", [])
    qtbot.addWidget(chart)
    chart.resize(480, 300)
    assert not chart.grab().isNull()


def test_axis_helpers():
    assert nice_step(0) == 1
    assert nice_step(23) == 5
    assert nice_step(7) == 2
    assert nice_step(140) == 50
    history = [[{"income": 20, "fleet": 3}, {"income": 21, "fleet": 4}],
               [{"income": 22, "fleet": 5}, {"income": 0, "fleet": 0}]]
    assert series_from_history(history, "fleet") == [(0, [3.0, 5.0]), (1, [4.0, 0.0])]
