"""Space Empires 4X's contextual tips (:mod:`se4x_qt.learn.tips`): the first battle,
the markers that hurt, a Doomsday Machine, the first colony, ships lost, the first
Economic Phase and CP above the carry-over cap.

Why these: each is a rule a new player meets by surprise in a real game, often at a
cost (ships gone into a black hole, CP lost at the cap).  The table's order is the
order of precedence when one action calls for several (a Doomsday Machine before the
battle it starts, a black hole before the ships it takes).  Each test reads only the
events the player at the screen saw (:mod:`se4x_core.events`) and their observation.
"""

from __future__ import annotations

from typing import Final

from se4x_core import data
from se4x_core.phases import ECONOMY_PHASES
from se4x_qt.learn.tips import Event, Observation, Tip, When

CAP: Final = data.CARRY_OVER_CAP
MACHINE_EVENTS: Final = frozenset({"machine_moved", "machine_hit", "machine_destroyed",
                                   "planet_destroyed"})
ECONOMY_EVENTS: Final = frozenset({"income", "bid_made", "bids_revealed", "order_kept",
                                   "order_chosen", "bought", "researched", "refitted",
                                   "purchase_undone"})
SHIP_LOSSES: Final = frozenset({"ship_destroyed", "unit_destroyed"})


def _mine(event: Event, obs: Observation) -> bool:
    """The event is about the viewer's own units or empire."""
    return bool(event.get("player") == obs["viewer"])


def explored(marker: str) -> When:
    """A test: the viewer's units revealed ``marker`` by entering its hex."""
    def when(event: Event, obs: Observation) -> bool:
        return event["type"] == "explored" and event["marker"] == marker and _mine(event, obs)
    return when


def first_battle(event: Event, obs: Observation) -> bool:
    """A battle where the viewer is one of the two sides."""
    return event["type"] == "battle_started" and \
        obs["viewer"] in (event["attacker"], event["defender"])


def doomsday(event: Event, obs: Observation) -> bool:
    """A Doomsday Machine came on the board, moved, was hit or fought (the rule set on)."""
    kind = event["type"]
    if kind == "explored":
        return event["marker"] == "doomsday" and "machines" in obs
    if kind == "battle_started":
        return bool(event["defender"] == data.MACHINE_SIDE)
    return kind in MACHINE_EVENTS


def lost_in_space(event: Event, obs: Observation) -> bool:
    """Lost in Space revealed, by anyone: its discoverer's units drift, another player
    chooses where."""
    return bool(event["type"] == "explored" and event["marker"] == "lost_in_space")


def first_colony(event: Event, obs: Observation) -> bool:
    return event["type"] == "colonized" and _mine(event, obs)


def ship_lost(event: Event, obs: Observation) -> bool:
    """One of the viewer's ships (or counters) destroyed in a battle."""
    if event["type"] not in SHIP_LOSSES or not _mine(event, obs):
        return False
    return event["type"] == "ship_destroyed" or event.get("reason") == "combat"


def economic_phase(event: Event, obs: Observation) -> bool:
    """The Economic Phase began, or (the phase begun at another player's action, before
    a handover) the viewer's first bid in it."""
    return event["type"] == "economic_phase" or \
        (event["type"] == "bid_made" and _mine(event, obs))


def over_the_cap(event: Event, obs: Observation) -> bool:
    """During the Economic Phase the viewer holds more CP than may be carried over (the
    production sheet's warning: :func:`se4x_qt.windows.production.unspent_warning`)."""
    return event["type"] in ECONOMY_EVENTS and obs["phase"] in ECONOMY_PHASES and \
        obs["me"]["cp"] > CAP


TIPS: Final = (
    Tip("se4x.doomsday", "A Doomsday Machine",
        "A giant warship that belongs to nobody. After each turn it moves up to two hexes "
        "toward the nearest units, planets or asteroids; a planet it stops on with nobody "
        "there is destroyed, colony and all. Shots at it hit on a 1 only, but its hits "
        "stay: the third destroys it, and that shot's player rolls twice on the Space "
        "Wreck table.",
        doomsday, "advanced-doomsday"),
    Tip("se4x.black_hole", "A black hole",
        "Every ship that enters a black hole, now or later, rolls a die to survive. The "
        "black hole stays for the whole game, so plan your routes around it.",
        explored("black_hole"), "marker-black-hole"),
    Tip("se4x.danger", "Danger!",
        "Whatever discovers a Danger! marker is destroyed. The marker is gone now and the "
        "hex is empty space. Scouts make cheap explorers for this reason.",
        explored("danger"), "marker-danger"),
    Tip("se4x.supernova", "A supernova",
        "Your units went back to the hex they came from. No unit may ever move or retreat "
        "into a supernova, so it closes that hex for the whole game.",
        explored("supernova"), "marker-supernova"),
    Tip("se4x.lost_in_space", "Lost in Space",
        "The units that found it drift one hex, in a direction another player chooses: "
        "into an unexplored hex (explored at once) or onto enemy units (a battle). Then "
        "the marker is removed and the hex is empty space.",
        lost_in_space, "marker-lost-in-space"),
    Tip("se4x.first_battle", "Your first battle",
        "The combat window shows both battle lines, who fires next and the odds. Each "
        "target shows the roll you need to hit it. From round 2 a group may retreat "
        "instead of firing. <i>Auto-resolve battle</i> lets the computer play it out.",
        first_battle, "combat"),
    Tip("se4x.ship_lost", "A ship lost",
        "Hits go to one ship of a group at a time, and a ship is destroyed when its hits "
        "reach its hull size. Survivors are repaired at the end of the battle, so a "
        "damaged ship that wins is as good as new.",
        ship_lost, "combat-hits"),
    Tip("se4x.first_colony", "Your first colony",
        "The colony ship became a colony. It grows at each Economic Phase, from nothing to "
        "1, 3 and then 5 CP, and pays income once it has grown. Keep enemy warships out "
        "of its hex: a blockaded colony earns nothing.",
        first_colony, "colonization"),
    Tip("se4x.economic_phase", "The Economic Phase",
        "After the third turn of each round your colonies pay income and your ships cost "
        "maintenance. Then everyone bids CP in secret for the next round's player order: "
        "every bid is paid, win or lose, and 0 is a fine bid. Then you research and buy.",
        economic_phase, "bidding"),
    Tip("se4x.cp_cap", f"Use it or lose it: the {CAP} CP cap",
        f"You hold more than {CAP} CP. At the next Economic Phase only {CAP} CP are carried "
        "over and the rest is lost. Spend the difference in this phase: research and ships "
        "keep their value, unspent CP above the cap do not.",
        over_the_cap, "economic-phase"),
)

__all__ = ["TIPS", "doomsday", "economic_phase", "explored", "first_battle", "first_colony",
           "lost_in_space", "over_the_cap", "ship_lost"]
