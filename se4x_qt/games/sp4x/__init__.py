"""SP4X in the app: its window, board view, hands, panels, dialogs and saves.

SP4X is an Old Maid card game driving a 4X area-control board of hex tiles
explored as you go (:mod:`se4x_core.games.sp4x`, from prototype rules).  It
is driven by the generic :class:`~se4x_qt.session.driver.GameDriver`; every
screen here draws from ``observation(viewer)`` and every click becomes a
legal :class:`~se4x_core.games.sp4x.actions.Action`.
"""
