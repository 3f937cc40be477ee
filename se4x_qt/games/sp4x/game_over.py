"""SP4X's game-over page: the winner (or the players level after the tie-break), each
player's score and the tie-break, and New game / Close.

The tie-break (the rules' A.1): the player present on the most tiles wins.
The page counts the tiles each colour holds from the observation's pieces
(men, bases, and roads on both their tiles when the rules data says so),
which is what the engine compares.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from se4x_core.games.sp4x.data import load
from se4x_core.games.sp4x.observation import Observation, PlayerView
from se4x_qt import style, widgets
from se4x_qt.games.sp4x.board import BoardView
from se4x_qt.shell.paged_window import GameOverPage
from se4x_qt.style import Theme
from se4x_qt.widgets import make_panel


def tiles_held(view: PlayerView) -> int:
    """The tiles where this colour has a piece (the tie-break)."""
    pieces = view["pieces"]
    cells = {(q, r) for q, r, _count in pieces["men"]} | {(q, r) for q, r in pieces["bases"]}
    if load().options["roads_count_on_both_tiles"]:
        for q1, r1, q2, r2 in pieces["roads"]:
            cells |= {(q1, r1), (q2, r2)}
    return len(cells)


class Sp4xGameOver(GameOverPage):
    """Who won, and the final standing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("sp4x_game_over", parent)
        self._body = QWidget()
        self.root.addWidget(self._body, 1)
        self.add_buttons("Back to the board", "board_button", "new_game_button")
        self.winner_label = widgets.label("", "winner_label")

    def show_result(self, obs: Observation, names: list[str]) -> None:
        self._body.hide()  # deleted when the event loop next runs
        self.root.removeWidget(self._body)
        self._body.deleteLater()
        self._body = QWidget()
        layout = QVBoxLayout(self._body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        winners = obs["winners"]
        banner, inner = make_panel(object_name="banner")
        row = QHBoxLayout()
        for player in winners:
            row.addWidget(widgets.emblem_label(player, 44))
        # "WINNER: CHRIS", not "CHRIS WINS": no verb to agree with whatever the name is
        if len(winners) == 1:
            title = f"WINNER: {style.player_name(winners[0], names).upper()}"
            colour = style.player_colour(winners[0]).name()
        elif winners:
            title = "SHARED WIN: " + " & ".join(
                style.player_name(p, names) for p in winners).upper()
            colour = Theme.HIGHLIGHT
        else:
            title, colour = "NO WINNER", Theme.MUTED
        best = max(p["score"] for p in obs["players"])
        level = [p for p in obs["players"] if p["score"] == best]
        if len(level) > 1 and len(winners) == 1:
            detail = (f"Level on {best} points; the tie-break (most tiles held) decides it.")
        elif len(winners) > 1:
            detail = f"Level on {best} points and on tiles held after two ages."
        else:
            detail = f"The most points after two ages: {best}."
        texts_col = QVBoxLayout()
        self.winner_label = widgets.label(title, "winner_label")
        self.winner_label.setStyleSheet(f"color:{colour}; font-size:26pt; font-weight:800; "
                                        "letter-spacing: 2px;")
        texts_col.addWidget(self.winner_label)
        self.detail_label = widgets.label(detail, "subtle")
        texts_col.addWidget(self.detail_label)
        row.addSpacing(8)
        row.addLayout(texts_col, 1)
        inner.addLayout(row)
        layout.addWidget(banner)
        standing, inner = make_panel("Final standing")
        grid = QGridLayout()
        grid.setHorizontalSpacing(32)
        grid.setVerticalSpacing(8)
        headers = ("Player", "Result", "Points", "Tiles held\n(tie-break)", "Plastic /\n"
                   "food / metal", "Men \u00b7 bases\n\u00b7 roads")
        for column, text in enumerate(headers):
            grid.addWidget(widgets.label(text.upper(), "faint"), 0, column)
        order = sorted(obs["players"], key=lambda p: (-p["score"], -tiles_held(p)))
        for index, view in enumerate(order, start=1):
            player = view["player"]
            grid.addWidget(widgets.label(style.name_html(player, names), None, rich=True),
                           index, 0)
            won = player in winners
            result = widgets.label("Winner" if won else f"{index}.")
            result.setStyleSheet(f"color:{Theme.HIGHLIGHT if won else Theme.TEXT}; "
                                 "font-weight:600;")
            grid.addWidget(result, index, 1)
            points = widgets.label(str(view["score"]), f"final_score_{player}")
            points.setStyleSheet("font-size:14pt; font-weight:800;")
            grid.addWidget(points, index, 2)
            grid.addWidget(widgets.label(str(tiles_held(view))), index, 3)
            res = view["resources"]
            grid.addWidget(widgets.label(f"{res['plastic']} / {res['food']} / {res['metal']}"),
                           index, 4)
            pieces = view["pieces"]
            men = sum(count for _q, _r, count in pieces["men"])
            grid.addWidget(widgets.label(f"{men} \u00b7 {len(pieces['bases'])} \u00b7 "
                                         f"{len(pieces['roads'])}"), index, 5)
        inner.addLayout(grid)
        inner.addStretch(1)
        lower = QHBoxLayout()
        lower.setSpacing(16)
        lower.addWidget(standing)
        board_frame, board_layout = make_panel("The board at the end")
        self.board = BoardView()
        self.board.setMinimumHeight(220)
        board_layout.addWidget(self.board, 1)
        lower.addWidget(board_frame, 1)
        layout.addLayout(lower, 1)
        self.board.show_board(obs)
        self.root.insertWidget(0, self._body, 1)
