"""What the combat window's parts read from the session: names, hex labels, who decides.

Why one reader shared by the parts: the header, the battlefield, the
decision panel and the log all name groups ("Red DD2"), label hexes and ask
whether the screen may act now.  The names of groups are remembered here
once (a destroyed group keeps its name in the log), and the read-only rule
queries the window makes (terrain, the group now firing) go through here,
so every part says the same thing.
"""

from __future__ import annotations

from typing import Any

from se4x_core.hexgrid import board_for
from se4x_core.rules import combat
from se4x_core.sim.combat_sim import TERRAIN_OPEN
from se4x_qt import style


class BattleReader:
    """The session as the combat window reads it (it never applies an action)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.board = board_for(session.observation()["board"])  # one board per game
        self.names: dict[int, str] = {}  # unit slot -> "DD2", kept after it is destroyed
        self.owners: dict[int, int] = {}

    def state(self) -> Any:
        """The engine state, for read-only rule queries (to-hit numbers, terrain)."""
        return self.session.game.state

    def who(self, player: int) -> str:
        return style.session_player_name(self.session, player)

    def hex_label(self, hex_index: int) -> str:
        return self.board.label(hex_index)

    def unit_name(self, slot: int) -> str:
        return self.names.get(slot, f"counter {slot}")

    def player_names(self) -> list[str] | None:
        return getattr(self.session, "player_names", None)

    def decider_is_computer(self) -> bool:
        humans = getattr(self.session, "humans", None)
        decider = self.session.decider
        return bool(humans) and 0 <= decider < len(humans) and not humans[decider]

    def can_act(self) -> bool:
        return self.session.viewer_may_act() and not self.decider_is_computer()

    # -- names ---------------------------------------------------------------------------
    def remember_names(self, obs: dict[str, Any]) -> None:
        """Learn the names of the groups the observation shows."""
        for unit in obs["units"]:
            if unit.get("unit_type") and unit.get("number"):
                self.names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
                self.owners[unit["unit"]] = unit["owner"]

    def learn_battle_names(self, event: dict[str, Any]) -> None:
        """Learn every participant a ``battle_started`` event reveals."""
        for unit in event["units"]:
            self.names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
            self.owners[unit["unit"]] = unit["player"]

    # -- the battle ----------------------------------------------------------------------
    def terrain(self, hex_index: int) -> int:
        """The battle terrain of a hex (open space off the board)."""
        return combat.terrain_of(self.state(), hex_index) if hex_index >= 0 else TERRAIN_OPEN

    def firing_unit(self, battle: dict[str, Any]) -> int:
        """The group whose shot is being decided, or -1."""
        stage = self.session.game.phase
        if stage in ("combat_fire", "colony_attack") and battle["pos"] < len(battle["queue"]):
            return battle["queue"][battle["pos"]]
        return -1

    @staticmethod
    def battle_units(obs: dict[str, Any], hex_index: int) -> list[dict[str, Any]]:
        return [u for u in obs["units"] if u["hex"] == hex_index]


def slot_owner(session: Any, slot: int) -> int:
    """The owner of a unit slot, from the observation (or -1 when it is gone)."""
    for unit in session.observation()["units"]:
        if unit["unit"] == slot:
            return unit["owner"]
    return -1
