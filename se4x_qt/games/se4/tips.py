"""The SE4 board game's contextual tips (:mod:`se4x_qt.learn.tips`): the first battle, a
ship crippled, a ship lost, the first research roll and the first unstable warp line.

Why these: the damage ladder and the odds of research are what a new SE4 player
misreads (a crippled ship is weaker but not lost; a research attempt is one die that
mostly fails), and an unstable line hurts the ship that crosses it.  Each test reads
only the events the player at the screen saw (:mod:`se4x_core.games.se4.rules`,
``combat`` and ``damage``) and their observation.
"""

from __future__ import annotations

from typing import Final

from se4x_core.games.se4.charts import RESEARCH_PRICE
from se4x_qt.learn.tips import Event, Observation, Tip


def _owner(ship: int, obs: Observation) -> int:
    """The owner of a ship still on the board (-1: none such)."""
    return next((s["owner"] for s in obs["ships"] if s["id"] == ship), -1)


def first_battle(event: Event, obs: Observation) -> bool:
    """A battle with the viewer's ships on one side."""
    return event["type"] == "battle" and obs["viewer"] in event["sides"]


def crippled(event: Event, obs: Observation) -> bool:
    return bool(event["type"] == "crippled" and _owner(event["ship"], obs) == obs["viewer"])


def ship_lost(event: Event, obs: Observation) -> bool:
    return bool(event["type"] == "destroyed" and event["owner"] == obs["viewer"])


def research_roll(event: Event, obs: Observation) -> bool:
    return bool(event["type"] == "research_roll" and event["player"] == obs["viewer"])


def unstable_line(event: Event, obs: Observation) -> bool:
    """The viewer moved a ship along an unstable warp line (moves are the active
    player's; the ship may be gone by now)."""
    if event["type"] != "moved" or obs["active"] != obs["viewer"]:
        return False
    ends = {event["from"], event["to"]}
    return any({a, b} == ends and kind == "unstable" for a, b, kind in obs["lines"])


TIPS: Final = (
    Tip("se4.first_battle", "Your first battle",
        "Each round every empire may call one shot, then the ships fire. A beam rolls a "
        "die plus its attack against the target's die plus its defence: above is a hit. "
        "The battle panel shows the round, the called shots and the shot being fired.",
        first_battle, "combat"),
    Tip("se4.crippled", "A crippled ship",
        "Damage works down a ladder: shields first, then armor, then the hull is "
        "crippled (-1 to attack and defence), then components are lost, then the ship. "
        "A crippled ship still fights, and repair bays or a space yard at your colony "
        "can mend its hull.",
        crippled, "damage"),
    Tip("se4.ship_lost", "A ship lost",
        "A ship is destroyed at the last step of the damage ladder, once it has no "
        "component left to lose (a hull still being built dies to any hit). Its "
        "component cards go to the bottom of the deck and its cargo stays in the sector "
        "as debris.",
        ship_lost, "damage"),
    Tip("se4.research_roll", "Research is a gamble",
        f"Each attempt ({RESEARCH_PRICE} coins from a planet with a research center) is "
        "one die: only a 6 finds something, rolled again on the research chart. A tech "
        "you already hold gives two component cards instead.",
        research_roll, "research"),
    Tip("se4.unstable_line", "An unstable warp line",
        "Red dashed lines are unstable: a ship crossing one takes a point of damage. A "
        "longer way round may be the cheaper one.",
        unstable_line, "movement"),
)

__all__ = ["TIPS", "crippled", "first_battle", "research_roll", "ship_lost", "unstable_line"]
