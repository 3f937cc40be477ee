"""SP4X in the app: its window, board view, hands, panels, dialogs and reference.

SP4X is an Old Maid card game driving a 4X area-control board of hex tiles
explored as you go (:mod:`se4x_core.games.sp4x`, from prototype rules).  It
is driven by the one :class:`~se4x_qt.session.driver.GameDriver`; every
screen here draws from ``observation(viewer)`` and every click becomes a
legal :class:`~se4x_core.games.sp4x.actions.Action`.  :data:`APP` is what its
record names for the app.
"""

from __future__ import annotations

from se4x_qt.session.app_game import AppGame

APP = AppGame(
    name="sp4x",
    window="se4x_qt.games.sp4x.window:Sp4xWindow",
    new_game_page="se4x_qt.games.sp4x.new_game:Sp4xNewGamePage",
    reference="se4x_qt.games.sp4x.reference:REFERENCE",
    journal="se4x_qt.games.sp4x.saves:journal",
    autosave_detail="se4x_qt.games.sp4x.saves:autosave_detail",
    tutorial="se4x_qt.games.sp4x.learn:tutorial",
    tips="se4x_qt.games.sp4x.tips:TIPS",
)

__all__ = ["APP"]
