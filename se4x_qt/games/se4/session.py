"""The SE4 board game's session driver: the one driver, with battles shared at the screen
and the administration's routine decisions taken for the player.

Why a subclass: a battle passes the decision back and forth between the two sides at
every called shot, target, point-defence roll and damage choice.  Hot-seat players sit
at one screen for it, as Space Empires' battles do, so a battle's decisions are shared
(no handover between them); the window hides the hand and the log of whoever last had
the screen while a shared decision is on.

The administration asks a human for choices a player at a real table makes without
thinking (which planets pay the maintenance, taking debris, free yard repairs); with
``bookkeeping`` on (the Settings switch, on by default) the driver takes them, one at
the computer's pace so each shows in the log, by :func:`routine_action`, which reads
the player's own observation only.
"""

from __future__ import annotations

from typing import Any

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.bookkeeping import routine_action
from se4x_qt.session.driver import GameDriver

#: The facade's phases of a battle (a damage choice inside a battle included).
BATTLE_PHASES = ("combat",)


class Se4Driver(GameDriver):
    """:class:`GameDriver` with every battle decision shared by the players at the screen,
    and the routine administration taken for the player (``bookkeeping``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bookkeeping = True  # the window sets it from the settings

    def shared_decision(self) -> bool:
        if self.table.phase in BATTLE_PHASES:
            return True
        return self.table.phase == "damage" and self.observation().get("battle") is not None

    def screen_shared(self) -> bool:
        """Two or more humans at this screen in a shared decision: private panels hide."""
        return self.connection is None and sum(self.humans) > 1 and self.shared_decision()

    def routine(self) -> Action | None:
        """The routine action to take for the player at the screen now, or None."""
        if not self.bookkeeping or self.table.is_over or not self.viewer_may_act():
            return None
        legal = [a for a in self.table.legal_actions() if isinstance(a, Action)]
        return routine_action(self.observation(), legal)

    def set_bookkeeping(self, on: bool) -> None:
        """Switch routine bookkeeping; a routine decision waiting now is taken."""
        self.bookkeeping = on
        if self.running:
            self._schedule()

    def accept_handover(self, player: int) -> None:
        super().accept_handover(player)
        self._schedule()  # the new player's routine decisions, if any

    def _schedule_more(self) -> None:
        if self.routine() is not None:
            self._timer.start(self.computer_step_ms)

    def _drive_more(self) -> bool:
        action = self.routine()
        if action is None:
            return False
        self.table.apply(action).add_done_callback(lambda _answer: self._schedule())
        return True
