"""The end of a battle: what the combat window keeps of a battle, and what it says of its end.

Why the window keeps its own record: the engine moves on the moment a battle
ends (the next battle, the next player's movement, the Economic Phase), so
its observation no longer shows the battle, and the destroyed groups are
gone from it.  The players still want to see the killing shot and the
outcome ("Red wins the battle at 0405: 2 of Blue's ships destroyed, 1
retreated").  A :class:`BattleRecord` keeps every group the battle showed,
as last seen, and tallies the battle's events (all public: ``VIS_ALL``), so
the window can draw the battle's final state and say how it ended, in the
game's terms, after the engine has forgotten it.  Nothing here is Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from se4x_core import data
from se4x_core.events import Event
from se4x_core.observation import BattleView, ColonyView, Observation, UnitView
from se4x_qt.games.se4x.log_text import machine_title
from se4x_qt.windows.combat.reading import OPEN_SPACE, BattleSummary

DESTROYED = "destroyed"
RETREATED = "retreated"
# Counters whose loss is no ship lost: a decoy revealed, a mine swept or exploded.
NOT_SHIPS = frozenset({"Decoy", "Mine"})


@dataclass(frozen=True)
class Ending:
    """A battle's end as the window says it: the headline, the details, the side it is
    about, and the final decision's log lines."""

    headline: str
    details: str
    side: int  # the player (or data.MACHINE_SIDE) whose colour the headline takes; -1: none
    last_lines: list[tuple[str, str]]


@dataclass
class ColonyOutcome:
    """The colony in the battle hex, as first seen, and what the attack did to it."""

    owner: int
    cp: int
    homeworld: bool
    shots: int = 0
    hits: int = 0
    cp_after: int | None = None  # None: never damaged
    destroyed: bool = False
    eliminated: bool = False


@dataclass
class BattleRecord:
    """One battle as the window saw it: its sides, its groups, and its losses."""

    hex: int
    attacker: int
    defender: int  # -1: an attack on a colony no ship defends; data.MACHINE_SIDE: a machine
    terrain: str = OPEN_SPACE
    round: int = 0
    colony_phase: bool = False
    units: dict[int, UnitView] = field(default_factory=dict)  # every group seen, as last seen
    fates: dict[int, str] = field(default_factory=dict)  # group -> DESTROYED or RETREATED
    destroyed: dict[int, int] = field(default_factory=dict)  # player -> ships destroyed
    retreated: dict[int, int] = field(default_factory=dict)  # player -> ships retreated
    winner: int | None = None  # from battle_ended; None before (or when never seen)
    machine: int = 0  # the number of a Doomsday Machine destroyed in this battle
    colony: ColonyOutcome | None = None
    last_lines: list[tuple[str, str]] = field(default_factory=list)  # the last dice, logged

    @classmethod
    def of(cls, battle: BattleView | Event) -> BattleRecord:
        """A record of ``battle``: the observation's battle, or its ``battle_started``."""
        return cls(hex=battle["hex"], attacker=battle["attacker"], defender=battle["defender"])

    def is_battle(self, battle: BattleView | Event) -> bool:
        """True when ``battle`` (a battle view or a ``battle_started``) is this battle
        (its colony attack included)."""
        return (battle["hex"], battle["attacker"], battle["defender"]) == \
            (self.hex, self.attacker, self.defender)

    def summary(self) -> BattleSummary:
        return {"hex": self.hex, "attacker": self.attacker, "defender": self.defender,
                "round": self.round, "terrain": self.terrain}

    # -- what the observation shows ---------------------------------------------------------
    def observe(self, obs: Observation, battle: BattleView, units: list[UnitView]) -> None:
        """The battle as the observation shows it now: its round and its groups (a group
        no longer shown keeps its last view, for the end's picture)."""
        self.terrain, self.round = battle["terrain"], battle["round"]
        self.colony_phase = battle["colony_phase"]
        for unit in units:
            if unit.get("unit_type"):
                self.units[unit["unit"]] = unit.copy()
        colony = obs["hexes"][self.hex].get("colony") if 0 <= self.hex < len(obs["hexes"]) \
            else None
        if self.colony is None and colony is not None and colony["owner"] != self.attacker:
            self.colony = ColonyOutcome(colony["owner"], colony["cp"], colony["homeworld"])

    def units_at_end(self) -> list[UnitView]:
        """Every group the battle showed, as last seen (see :attr:`fates` for those gone)."""
        return list(self.units.values())

    # -- what the events tell ------------------------------------------------------------
    def note(self, event: Event) -> None:
        """Tally one event of this battle."""
        kind = event["type"]
        if kind == "battle_ended":
            self.winner, self.round = event["winner"], max(self.round, event["rounds"])
        elif kind == "shot" and event["hit"] and event["target"] in self.units:
            view = self.units[event["target"]]
            view["damage"] = view.get("damage", 0) + 1
        elif kind == "ship_destroyed":
            self._lose(event["player"], 1)
            if event["unit"] in self.units:
                lost = self.units[event["unit"]]
                lost["count"], lost["damage"] = event["remaining"], 0
        elif kind == "unit_destroyed" and event.get("unit_type") not in NOT_SHIPS:
            self._lose(event["player"], event.get("count") or 1)
            self.fates[event["unit"]] = DESTROYED
        elif kind == "retreated":
            gone = self.units.get(event["unit"])
            ships = gone.get("count", 1) if gone is not None else 1
            self.retreated[event["player"]] = self.retreated.get(event["player"], 0) + ships
            self.fates[event["unit"]] = RETREATED
        elif kind == "machine_destroyed":
            self.machine = event["machine"]
        else:
            self._note_colony(event)

    def _lose(self, player: int, ships: int) -> None:
        self.destroyed[player] = self.destroyed.get(player, 0) + ships

    def _note_colony(self, event: Event) -> None:
        colony, kind = self.colony, event["type"]
        if colony is None:
            return
        if kind == "colony_shot":
            colony.shots += 1
            colony.hits += 1 if event["hit"] else 0
        elif kind == "colony_damaged":
            colony.cp_after = event["cp"]
        elif kind == "colony_destroyed":
            colony.destroyed = True
        elif kind == "player_eliminated" and event["player"] == colony.owner:
            colony.eliminated = True


# -- saying how it ended ---------------------------------------------------------------------
def ending_of(record: BattleRecord, who: Callable[[int], str],
              hex_label: Callable[[int], str]) -> Ending:
    """The end of ``record``'s battle: a headline in the colour of the side it is about, and
    the details, e.g. "Red wins the battle at 0405" / "2 of Blue's ships destroyed, 1
    retreated; Red lost no ships"."""
    where = hex_label(record.hex)
    if record.defender < 0 and record.defender != data.MACHINE_SIDE:
        return _colony_attack_ending(record, who, where)
    side = record.winner if record.winner is not None else -1
    if record.winner is None:
        headline = f"The battle at {where} is over"
    elif record.winner < 0 and record.winner != data.MACHINE_SIDE:
        headline, side = f"The battle at {where} ends with no side left", -1
    else:
        headline = f"{who(record.winner)} wins the battle at {where}"
    parts = [_losses_text(record, player, who) for player in _loser_first(record)]
    if record.machine:
        parts.insert(0, f"{machine_title(record.machine)} destroyed")
    if record.colony is not None and (record.colony.shots or record.colony_phase):
        parts.append(_colony_text(record.colony, who))
    return Ending(headline, "; ".join(parts), side, record.last_lines)


def _loser_first(record: BattleRecord) -> list[int]:
    """The players of the battle, the winner last (a machine says nothing of its ships)."""
    players = [p for p in (record.attacker, record.defender) if p >= 0]
    return sorted(players, key=lambda p: p == record.winner)


def _losses_text(record: BattleRecord, player: int, who: Callable[[int], str]) -> str:
    """E.g. "2 of Blue's ships destroyed, 1 retreated", "Red lost no ships"."""
    destroyed = record.destroyed.get(player, 0)
    retreated = record.retreated.get(player, 0)
    name = who(player)
    if destroyed and retreated:
        return f"{destroyed} of {name}'s ships destroyed, {retreated} retreated"
    if destroyed:
        return f"{destroyed} of {name}'s ships destroyed"
    if retreated:
        return f"{retreated} of {name}'s ships retreated"
    return f"{name} lost no ships"


def _colony_name(colony: ColonyOutcome, who: Callable[[int], str]) -> str:
    return f"{who(colony.owner)}'s {'homeworld' if colony.homeworld else 'colony'}"


def _hits_text(colony: ColonyOutcome) -> str:
    """E.g. "2 hits in 3 shots", "no hit in 1 shot"."""
    shots = f"{colony.shots} shot{'s' if colony.shots != 1 else ''}"
    if not colony.hits:
        return f"no hit in {shots}"
    return f"{colony.hits} hit{'s' if colony.hits != 1 else ''} in {shots}"


def _colony_text(colony: ColonyOutcome, who: Callable[[int], str]) -> str:
    """What the attack did to the colony, e.g. "Red's colony falls to 3 CP (2 hits in 3
    shots)"."""
    name = _colony_name(colony, who)
    if colony.destroyed:
        text = f"{name} destroyed ({_hits_text(colony)})"
        return text + (f": {who(colony.owner)} is eliminated" if colony.eliminated else "")
    if colony.cp_after is not None:
        return f"{name} falls to {colony.cp_after} CP ({_hits_text(colony)})"
    if colony.shots:
        return f"{name} stands ({_hits_text(colony)})"
    return f"{name} was not fired at"


def _colony_attack_ending(record: BattleRecord, who: Callable[[int], str],
                          where: str) -> Ending:
    """An attack on a colony no ship defended: its outcome is the headline (the attacker's
    colour when it hit, the owner's when the colony stood), the dice the details."""
    colony, attacker = record.colony, record.attacker
    if colony is None:
        return Ending(f"{who(attacker)}'s attack at {where} is over", "", attacker,
                      record.last_lines)
    name = _colony_name(colony, who)
    if colony.destroyed:
        headline, side = f"{who(attacker)} destroys {name} at {where}", attacker
    elif colony.cp_after is not None:
        headline = f"{who(attacker)} hits {name} at {where}, which falls to " \
                   f"{colony.cp_after} CP"
        side = attacker
    elif colony.shots:
        headline, side = f"{name} at {where} stands", colony.owner
    else:
        return Ending(f"{who(attacker)} calls off the attack on {name} at {where}", "",
                      colony.owner, record.last_lines)
    details = _hits_text(colony)
    if colony.eliminated:
        details += f"; {who(colony.owner)} is eliminated"
    return Ending(headline, details, side, record.last_lines)


def colony_open_text(colony: ColonyView | None, defender: int, record: BattleRecord | None,
                     who: Callable[[int], str]) -> str:
    """Why the colony under attack lies open, in what happened: no ship defended it, or
    the defender's ships were destroyed, retreated, or both (``record``: the battle as the
    window saw it; None when it opened at the colony attack)."""
    what = "homeworld" if colony is not None and colony["homeworld"] else "colony"
    owner, cp = (colony["owner"], colony["cp"]) if colony is not None else (-1, 0)
    target = f"{who(owner)}'s {what} ({cp} CP)"
    if defender < 0:
        return f"No ships defend {target}: it lies open."
    name = who(defender)
    destroyed = record.destroyed.get(defender, 0) if record is not None else 0
    retreated = record.retreated.get(defender, 0) if record is not None else 0
    if destroyed and retreated:
        gone = f"{name}'s ships were destroyed or retreated."
    elif retreated:
        gone = f"{name}'s ships retreated."
    elif destroyed:
        gone = f"{name}'s ships were destroyed."
    else:
        gone = f"{name}'s ships are gone."
    return f"{gone} {target} lies open."
