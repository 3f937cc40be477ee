"""What the combat window's parts read from the session: names, hex labels, who decides.

Why one reader shared by the parts: the header, the battlefield, the
decision panel and the log all name groups ("Red DD2"), label hexes and ask
whether the screen may act now.  The names of groups are remembered here
once (a destroyed group keeps its name in the log), and the numbers the
window shows from the observation (terrain, to-hit numbers, the default
policy's choice, the group now firing) are looked up here, so every part
says the same thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.events import Event
from se4x_core.hexgrid import board_for
from se4x_core.observation import BattleView, MachineView, Observation, UnitView
from se4x_qt import style
from se4x_qt.games.se4x.log_text import is_machine_unit, machine_number, machine_title

if TYPE_CHECKING:
    from se4x_qt.games.se4x.session import Session

OPEN_SPACE = "open"
BATTLE_OVER = "battle_over"  # the window's own phase while it shows a battle that has ended
# Face-up markers that are battle terrain, by the name the observation gives both.
TERRAIN_MARKERS = frozenset({"asteroids", "nebula"})


class BattleSummary(TypedDict):
    """What the window keeps of the last battle it showed, to show it once it is over
    (every :class:`~se4x_core.observation.BattleView` is one)."""

    hex: int
    attacker: int
    defender: int
    round: int
    terrain: str


class BattleReader:
    """The session as the combat window reads it (it never applies an action)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.board = board_for(session.observation()["board"])  # one board per game
        self.names: dict[int, str] = {}  # unit -> "DD2", kept after it is destroyed
        self.owners: dict[int, int] = {}
        # Doomsday Machines (advanced rules): the one fought in the battle shown, as the
        # observation last showed it (kept, hits and all, once it is destroyed)
        self.machine: MachineView | None = None
        self.machine_destroyed = False

    def who(self, player: int) -> str:
        """A side's name: a player's, or "Doomsday Machine 2" for the machine fought."""
        if player == data.MACHINE_SIDE:
            return machine_title(self.machine["number"]) if self.machine else style.MACHINE_NAME
        return style.session_player_name(self.session, player)

    def hex_label(self, hex_index: int) -> str:
        return self.board.label(hex_index)

    def unit_name(self, unit: int) -> str:
        if is_machine_unit(unit):
            return machine_title(machine_number(unit))
        return self.names.get(unit, f"counter {unit}")

    def player_names(self) -> list[str]:
        return self.session.player_names

    def current_player_is_computer(self) -> bool:
        humans = self.session.humans
        current = self.session.current_player
        return bool(humans) and 0 <= current < len(humans) and not humans[current]

    def can_act(self) -> bool:
        return self.session.viewer_may_act() and not self.current_player_is_computer()

    # -- names ---------------------------------------------------------------------------
    def remember_names(self, obs: Observation) -> None:
        """Learn the names of the groups the observation shows."""
        for unit in obs["units"]:
            if unit.get("unit_type") and unit.get("number"):
                self.names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
                self.owners[unit["unit"]] = unit["owner"]

    def follow_machine(self, obs: Observation, battle: BattleView | Event | None) -> None:
        """Doomsday Machines: remember the machine of the battle being fought (its hits
        change each hit), and see it destroyed when it leaves the board mid-battle.
        ``battle``: the battle being fought, or the ``battle_started`` event of one."""
        if battle is not None and battle["defender"] == data.MACHINE_SIDE:
            machine = self.machine_at(obs, battle["hex"])
            if machine is not None:
                self.machine, self.machine_destroyed = machine.copy(), False
                return
        if self.machine is not None and self.machine_at(obs, self.machine["hex"]) is None:
            self.machine_destroyed = True
            self.machine["hits"] = data.DOOMSDAY_HULL

    @staticmethod
    def machine_at(obs: Observation, hex_index: int) -> MachineView | None:
        """The Doomsday Machine standing in a hex (advanced rules), or None."""
        return next((m for m in obs.get("machines", []) if m["hex"] == hex_index), None)

    def learn_battle_names(self, event: Event) -> None:
        """Learn every participant a ``battle_started`` event reveals."""
        for unit in event["units"]:
            self.names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
            self.owners[unit["unit"]] = unit["player"]

    # -- the battle ----------------------------------------------------------------------
    @staticmethod
    def hex_terrain(obs: Observation, hex_index: int) -> str:
        """The terrain a battle in a hex would be fought in: its face-up marker, else open.

        The battle in progress carries its own (``battle["terrain"]``); this
        names the terrain of the hexes still waiting for their battle.
        """
        if not 0 <= hex_index < len(obs["hexes"]):
            return OPEN_SPACE
        marker = obs["hexes"][hex_index].get("marker")
        return marker if marker in TERRAIN_MARKERS else OPEN_SPACE

    @staticmethod
    def to_hit(battle: BattleView, unit: int, target: int) -> int | None:
        """The roll ``unit`` needs against ``target``, from the battle's to-hit table."""
        return next((row["to_hit"] for row in battle["to_hit"]
                     if row["unit"] == unit and row["target"] == target), None)

    @staticmethod
    def colony_to_hit(battle: BattleView, unit: int) -> int | None:
        """The roll ``unit`` needs against the colony under attack."""
        return battle["colony_to_hit"].get(unit)

    def suggested(self) -> Action | None:
        """The default policy's choice for the current player (auto-resolve, the Auto target).

        Everything in a battle is public, so the current player's
        suggestion may be shown whoever is at the screen.
        """
        current = self.session.current_player
        if current < 0:
            return None
        code = self.session.table.observation(current)["suggested"]
        return None if code is None else Action.from_code(code)

    def firing_unit(self, battle: BattleView) -> int:
        """The group whose shot is being decided, or -1."""
        phase = self.session.table.phase
        if phase in ("combat_fire", "colony_attack") and battle["pos"] < len(battle["queue"]):
            return battle["queue"][battle["pos"]]
        return -1

    @staticmethod
    def battle_units(obs: Observation, hex_index: int) -> list[UnitView]:
        return [u for u in obs["units"] if u["hex"] == hex_index]


def unit_owner(session: Session, unit: int) -> int:
    """The owner of a unit, from the observation (or -1 when it is gone)."""
    for view in session.observation()["units"]:
        if view["unit"] == unit:
            return view["owner"]
    return -1
