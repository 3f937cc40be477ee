"""The SE4 board game's game-over page: the winners, how the game ended, each empire's
score and the map at the end, with "Back to the map" and "New game".

How it ended is read from the observation: an empire left alone with colonies won by
outlasting the others; otherwise the round limit was reached and the best score won
(ties share the win).
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QWidget

from se4x_qt import style, widgets
from se4x_qt.games.se4 import texts
from se4x_qt.games.se4.board import SectorMap
from se4x_qt.games.se4.texts import Observation
from se4x_qt.shell.paged_window import GameOverPage
from se4x_qt.style import Theme
from se4x_qt.widgets import clear_layout, make_panel


def how_it_ended(obs: Observation) -> str:
    players = int(obs["players"])
    alive = [p for p in range(players) if not obs["out"][p]]
    if len(alive) <= 1:
        return "The last empire with a colony wins."
    limit = obs.get("round_limit") or 0
    return f"The round limit ({limit}) is reached: the best score wins, ties share."


class Se4GameOver(GameOverPage):
    """Who won, and the final scores."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("se4_game_over", parent)
        root = self.root
        banner, inner = make_panel(object_name="banner")
        self.winner_label = widgets.label("", "se4_winner", wrap=True)
        inner.addWidget(self.winner_label)
        self.detail_label = widgets.label("", "subtle", wrap=True)
        inner.addWidget(self.detail_label)
        root.addWidget(banner)
        lower = QHBoxLayout()
        lower.setSpacing(16)
        standing, inner = make_panel("Final scores")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(24)
        self.grid.setVerticalSpacing(8)
        inner.addLayout(self.grid)
        inner.addStretch(1)
        lower.addWidget(standing)
        board, inner = make_panel("The map at the end")
        self.map = SectorMap()
        self.map.setObjectName("se4_final_map")
        inner.addWidget(self.map, 1)
        lower.addWidget(board, 1)
        root.addLayout(lower, 1)
        self.add_buttons("Back to the map", "se4_back_to_map", "se4_new_game_button")

    def show_result(self, obs: Observation, names: list[str]) -> None:
        winners = list(obs["winners"])
        colour = style.player_colour(winners[0]).name() if len(winners) == 1 else \
            Theme.HIGHLIGHT
        self.winner_label.setText(texts.winners_text(winners, names).upper())
        self.winner_label.setStyleSheet(f"color:{colour}; font-size:24pt; font-weight:800;")
        self.detail_label.setText(f"{how_it_ended(obs)} {texts.round_text(obs)}.")
        clear_layout(self.grid)
        for column, text in enumerate(("Empire", "Result", "Score", "Colonies", "Ships")):
            self.grid.addWidget(widgets.label(text.upper(), "faint"), 0, column)
        order = sorted(range(int(obs["players"])), key=lambda p: -int(obs["scores"][p]))
        for row, player in enumerate(order, start=1):
            self._add_row(obs, names, winners, row, player)
        self.map.show_map(obs, names)

    def _add_row(self, obs: Observation, names: list[str], winners: list[int], row: int,
                 player: int) -> None:
        result = "Winner" if player in winners else "Out" if obs["out"][player] else f"{row}."
        cells: list[QLabel] = [
            widgets.label(style.name_html(player, names), None, rich=True),
            widgets.label(result),
            widgets.label(str(obs["scores"][player]), f"se4_final_score_{player}"),
            widgets.label(str(sum(1 for c in obs["colonies"] if c["owner"] == player))),
            widgets.label(str(sum(1 for s in obs["ships"] if s["owner"] == player))),
        ]
        cells[2].setStyleSheet("font-size:14pt; font-weight:800;")
        for column, cell in enumerate(cells):
            self.grid.addWidget(cell, row, column)


__all__ = ["Se4GameOver", "how_it_ended"]
