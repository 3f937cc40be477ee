"""The SE4 board game's session driver: the one driver, with battles shared at the screen.

Why a subclass: a battle passes the decision back and forth between the two sides at
every called shot, target, point-defence roll and damage choice.  Hot-seat players sit
at one screen for it, as Space Empires' battles do, so a battle's decisions are shared
(no handover between them); the window hides the hand and the log of whoever last had
the screen while a shared decision is on.
"""

from __future__ import annotations

from se4x_qt.session.driver import GameDriver

#: The facade's phases of a battle (a damage choice inside a battle included).
BATTLE_PHASES = ("combat",)


class Se4Driver(GameDriver):
    """:class:`GameDriver` with every battle decision shared by the players at the screen."""

    def shared_decision(self) -> bool:
        if self.table.phase in BATTLE_PHASES:
            return True
        return self.table.phase == "damage" and self.observation().get("battle") is not None

    def screen_shared(self) -> bool:
        """Two or more humans at this screen in a shared decision: private panels hide."""
        return self.connection is None and sum(self.humans) > 1 and self.shared_decision()
