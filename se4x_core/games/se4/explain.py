"""Why an SE4 action is refused, in a player's words.

The engine knows the legal actions exactly (``state.legal``); this module turns a refusal
into a sentence: whose decision it is and what it is about, and for the common mistakes
(too few coins, no idle space yard, a card that does not fit, a move out of range) the
rule that stands in the way.
"""

from __future__ import annotations

from math import ceil

from se4x_core.games.se4 import ships as sh
from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import FACILITIES, FACILITY_PRICES, HULLS, RESEARCH_PRICE, YARD
from se4x_core.games.se4.data import Gaps
from se4x_core.games.se4.state import State

#: What each decision is about, for "it is X's turn to ..." sentences.
DECISIONS: dict[str, str] = {
    "home": "choose a home world (a planet marked H)",
    "setup_buy": "buy up to four starting ships at the home world",
    "setup_design": "fit components to a starting ship",
    "research": "buy research attempts (5 coins each from a planet with a research center)",
    "yards": "use the space yards: buy hulls, draw cards, retrofit or scrap",
    "combat_move": "move ships into combat (every moved ship must end beside the enemy)",
    "combat": "fight",
    "move": "move ships that were not in combat, load, drop cargo or colonise",
    "repair": "spend repair bay points",
    "complete": "fit components to the hulls being completed",
    "yard_fix": "let space yards restore damaged cards",
    "abandon": "abandon ships before paying maintenance",
    "pay": "pay maintenance",
    "build": "buy facilities",
    "scavenge": "scavenge debris",
    "discard": "discard unwanted component cards",
    "damage": "choose where damage goes on a ship",
    "over": "nothing: the game is over",
}


def why(state: State, gaps: Gaps, action: Action) -> str:
    """The reason ``action`` is not legal now (assumes it is not)."""
    if state.is_over:
        return "the game is over"
    specific = _specific(state, gaps, action)
    decision = DECISIONS.get(state.phase, state.phase)
    if state.phase == "combat" and state.battle is not None:
        decision = f"fight in sector {state.battle['sector']} ({state.battle['stage']})"
    general = f"now player {state.current} must {decision}; {action} is not one of the choices"
    return f"{specific} ({general})" if specific else general


def _specific(state: State, gaps: Gaps, action: Action) -> str:
    kind = action.kind
    colony = state.colonies.get(action.sector) if action.sector >= 0 else None
    ship = state.ships.get(action.ship) if action.ship >= 0 else None
    if kind == "buy" and state.phase in ("yards", "setup_buy"):
        if colony is None or colony.owner != state.current:
            return "hulls are bought at your own colonies"
        if action.hull >= len(HULLS):
            return "no such hull"
        if colony.facilities[YARD] - colony.yards_used <= 0 and state.phase == "yards":
            return "every space yard there is busy this turn (one hull, or drawing, per yard)"
        if HULLS[action.hull].cost > colony.coins:
            return (f"a {HULLS[action.hull].name} costs {HULLS[action.hull].cost} coins and "
                    f"that planet holds {colony.coins}")
    if kind == "research" and colony is not None and colony.coins < RESEARCH_PRICE:
        return (f"an attempt costs {RESEARCH_PRICE} coins from that planet, "
                f"which holds {colony.coins}")
    if kind == "build" and colony is not None and 0 <= action.facility < len(FACILITIES):
        price = FACILITY_PRICES[action.facility]
        if colony.coins < price:
            return (f"a {FACILITIES[action.facility]} costs {price} coins; "
                    f"the planet holds {colony.coins}")
    if kind == "install" and ship is not None and 0 <= action.card < len(gaps.components):
        if not state.hands[ship.owner][action.card]:
            return f"no {gaps.components[action.card].name} in your hand"
        fitted = [c for c, _ in ship.cards] + [action.card]
        if not sh.fits(gaps, ship.hull, fitted):
            return (f"it does not fit: a {HULLS[ship.hull].name} has slots "
                    f"{', '.join(HULLS[ship.hull].slots)} (a slot: one component, two armor, "
                    f"four shields, or one armor and two shields)")
    if kind in ("retrofit", "scrap") and ship is not None:
        price = ceil(max(action.count, 0) / 2)
        return (f"needs an idle space yard in the ship's sector and the coins there "
                f"({'1 + ' if kind == 'retrofit' else ''}{price} for the repairs asked)")
    if kind == "move" and ship is not None:
        if ship.crippled:
            return "a crippled ship cannot move"
        if ship.moves <= 0:
            return "the ship has no movement left this turn"
        if state.phase == "combat_move":
            return ("in combat movement every ship moved must end in a sector with enemy "
                    "ships or planets")
        if state.phase == "move":
            return "non-combat movement may not enter a sector holding enemy ships"
    return ""
