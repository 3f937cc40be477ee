"""The win odds of a battle as a player sees it: the battle simulator, from the groups
revealed.

Why here, on the facade's floor: the app shows the odds of the battle in progress, and
the app never reaches into the simulator (:mod:`se4x_core.sim`); this module turns
what the battle view shows (:class:`~se4x_core.observation.UnitView`) into the
simulator's spec and runs it.
"""

from __future__ import annotations

from se4x_core import data
from se4x_core.observation import UnitView
from se4x_core.sim.battle_spec import machine_entry, parse_spec
from se4x_core.sim.combat_sim import simulate


def odds_spec(units: list[UnitView], attacker: int, defender: int,
              terrain: str, ambush: frozenset[int] = frozenset(),
              swept: bool = False, machine_hits: int = 0) -> dict[str, object] | None:
    """The battle simulator's spec for the revealed groups still in the battle.

    Each group becomes one spec entry with its own technology; damage on lead
    ships and screening are not part of the simulator's model.  A raider in
    ``ambush`` (cloaked as the battle began, round 1 not over) enters with its
    Cloaking, so the simulator gives it the first round's class A and +1.  Once the
    minesweepers have ``swept`` (the mines are exploding), they do not sweep again.
    Against a Doomsday Machine (``defender`` is ``data.MACHINE_SIDE``) the defender
    is the simulator's ``DM`` entry with the ``machine_hits`` it has taken, alone and
    without technology (docs/cli.md, "Battle specs").
    """
    sides: dict[int, list[dict[str, str | int]]] = {attacker: [], defender: []}
    if defender == data.MACHINE_SIDE:
        sides[defender].append(machine_entry(machine_hits))
    for unit in units:
        code = unit.get("unit_type")
        if unit["owner"] in sides and code and code != "Decoy" and "count" in unit:
            entry: dict[str, str | int] = {
                "type": code, "count": unit["count"], "attack": unit.get("attack_tech", 0),
                "defense": unit.get("defense_tech", 0), "tactics": unit.get("tactics", 0)}
            if code == "F":  # advanced rules: F1-F3
                entry["fighters"] = unit.get("level", 1) or 1
            elif code == "SC" and unit.get("level"):
                entry["point_defense"] = unit["level"]
            elif code == "DD" and unit.get("level"):
                entry["scanners"] = unit["level"]
            elif code == "SW" and unit.get("level") and not swept:
                entry["mine_sweep"] = unit["level"]
            elif code == "R" and unit["unit"] in ambush:  # its first round still to come
                entry["cloaking"] = unit.get("level", 1) or 1
            sides[unit["owner"]].append(entry)
    if not sides[attacker] or not sides[defender]:
        return None
    return {"terrain": terrain, "attacker": {"units": sides[attacker]},
            "defender": {"units": sides[defender]}}


def battle_odds(spec: dict[str, object], trials: int, seed: int) -> tuple[float, float, float]:
    """(attacker wins, defender wins, draws) of ``spec`` over ``trials`` simulated
    battles from ``seed`` (ValueError for a spec the simulator refuses)."""
    outcome = simulate(parse_spec(spec), trials, seed)
    return outcome.attacker_wins, outcome.defender_wins, outcome.draws


__all__ = ["battle_odds", "odds_spec"]
