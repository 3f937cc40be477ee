"""The phase table: every decision the game can wait for, declared once.

A *phase* (the engine's "phase") is the kind of decision the game waits for
now.  Each row gives its number, the name the facade and saves use, a title
for people, and the group it belongs to (setup, movement, combat, economy,
over).  The rules engine registers one legal-actions, one apply and one
default-policy function per phase (:mod:`se4x_core.rules.engine`) and
dispatches through them; the C constants ``S_*`` of the compiled rules are
generated from this table (``se4x_core/rules/codes.pxd``).  Nothing else
lists phase numbers or names.

>>> PHASE_BY_NAME["combat_fire"].group
'combat'
>>> [p.name for p in PHASES if p.group == "economy"]
['economic_bid', 'choose_order', 'economic_purchase']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

GROUP_SETUP: Final = "setup"
GROUP_MOVEMENT: Final = "movement"
GROUP_COMBAT: Final = "combat"
GROUP_ECONOMY: Final = "economy"
GROUP_OVER: Final = "over"


@dataclass(frozen=True)
class Phase:
    """One row of the phase table."""

    id: int
    name: str
    title: str
    group: str


PHASES: Final[tuple[Phase, ...]] = (
    Phase(0, "place_homeworld", "Place your homeworld", GROUP_SETUP),
    Phase(1, "movement", "Movement", GROUP_MOVEMENT),
    Phase(2, "lost_in_space", "Lost in Space", GROUP_MOVEMENT),
    Phase(3, "exploration_peek", "Exploration peek", GROUP_MOVEMENT),
    Phase(4, "choose_battle", "Choose the next battle", GROUP_COMBAT),
    Phase(5, "combat_screen", "Screening", GROUP_COMBAT),
    Phase(6, "combat_fire", "Combat", GROUP_COMBAT),
    Phase(7, "colony_attack", "Attack on a colony", GROUP_COMBAT),
    Phase(8, "economic_bid", "Bid for player order", GROUP_ECONOMY),
    Phase(9, "choose_order", "Choose the player order", GROUP_ECONOMY),
    Phase(10, "economic_purchase", "Research and purchases", GROUP_ECONOMY),
    Phase(11, "game_over", "Game over", GROUP_OVER),
    Phase(12, "mines", "Mines", GROUP_COMBAT),  # advanced rules: the defender's mines
)
PHASE_BY_NAME: Final[dict[str, Phase]] = {p.name: p for p in PHASES}
N_PHASES: Final = len(PHASES)


def phase_id(name: str) -> int:
    """The number of a phase from its name (KeyError for an unknown name)."""
    return PHASE_BY_NAME[name].id


def names_in_group(group: str) -> frozenset[str]:
    """The names of the phases of one group, e.g. every combat phase."""
    return frozenset(p.name for p in PHASES if p.group == group)


PH_PLACE_HOMEWORLD: Final = phase_id("place_homeworld")
PH_MOVEMENT: Final = phase_id("movement")
PH_LOST_SHIFT: Final = phase_id("lost_in_space")
PH_PEEK: Final = phase_id("exploration_peek")
PH_CHOOSE_BATTLE: Final = phase_id("choose_battle")
PH_SCREEN: Final = phase_id("combat_screen")
PH_FIRE: Final = phase_id("combat_fire")
PH_COLONY_FIRE: Final = phase_id("colony_attack")
PH_BID: Final = phase_id("economic_bid")
PH_CHOOSE_ORDER: Final = phase_id("choose_order")
PH_BUY: Final = phase_id("economic_purchase")
PH_GAME_OVER: Final = phase_id("game_over")
PH_MINES: Final = phase_id("mines")

COMBAT_PHASES: Final = names_in_group(GROUP_COMBAT)
ECONOMY_PHASES: Final = names_in_group(GROUP_ECONOMY)
MOVEMENT_PHASES: Final = names_in_group(GROUP_MOVEMENT)
