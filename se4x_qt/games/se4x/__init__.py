"""Space Empires 4X in the app: its session (the one driver plus undo, battle
auto-resolve and hints), and the app side its record names (:data:`APP`).

The game's screens are the map window (:mod:`se4x_qt.windows`), its map
(:mod:`se4x_qt.map`) and its log (:mod:`se4x_qt.games.se4x.journal`).
"""

from __future__ import annotations

from se4x_qt.session.app_game import AppGame

APP = AppGame(
    name="se4x",
    window="se4x_qt.windows.main_window:MainWindow",
    new_game_page="se4x_qt.windows.new_game:Se4xNewGamePage",
    driver="se4x_qt.games.se4x.session:Session",
    reference="se4x_qt.help_book:SPACE_EMPIRES",
    host_page="se4x_qt.windows.new_game:Se4xHostOptions",
    autosave_detail="se4x_qt.games.se4x.session:autosave_detail",
    tips="se4x_qt.games.se4x.tips:TIPS",
    tutorial="se4x_qt.games.se4x.learn:tutorial",
)

__all__ = ["APP"]
