"""The combat window (see :mod:`se4x_qt.windows.combat.window`)."""

from se4x_qt.windows.combat.window import CombatWindow

__all__ = ["CombatWindow"]
