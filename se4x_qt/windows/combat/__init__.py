"""The combat window, in its parts.

Why split: the window is the app's busiest screen.  Each part is a module
with one concern: ``window`` (putting the parts together, refreshing,
acting, auto-resolve), ``reading`` (names and read-only rule queries shared
by the parts), ``header`` (which battle, terrain, round), ``odds`` (the win
odds from the battle simulator, off the UI thread), ``field`` and ``cards``
(the counter cards by weapon class), ``decisions`` (who decides and the
choices the legal actions offer) and ``battle_log`` (every die roll as a
sentence).  A battle against a Doomsday Machine (advanced rules: the defender
is ``data.MACHINE_SIDE``) runs through the same parts: the reader follows the
machine fought, the field shows its card on the defender's side, the header
names it (and says when the machines' step brought it to the fleet), and the
odds give the simulator its ``DM`` entry.
"""

from se4x_qt.windows.combat.window import CombatWindow

__all__ = ["CombatWindow"]
