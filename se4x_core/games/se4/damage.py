"""The damage ladder: each damage point does the first step that applies.

1. turn a shield face down (two points a shield for a weapon doing half damage to
   shields); 2. armor's damage negation (per combat round); 3. turn an armor card face
   down; 4. cripple the hull (optional with Durable Hull); 5. remove a component (two
   face-down shields count as one); 6. destroy the ship.  A near miss applies only
   step 1.  A hull under construction is destroyed by any hit.

Damage waits in ``state.damage`` (jobs, first first) and the owner of a damaged ship
chooses where the ladder leaves a choice: which kind of armor turns down, which component
goes, and with Durable Hull whether to cripple.  :func:`run` applies points until a
choice is needed and returns its legal codes (None once every job is done).
"""

from __future__ import annotations

from typing import Any

from se4x_core.games.se4 import ships as sh
from se4x_core.games.se4.actions import Action, encode
from se4x_core.games.se4.data import Gaps
from se4x_core.games.se4.state import Ship, State

Event = dict[str, Any]


def queue(state: State, ship: int, points: int, *, shields_only: bool = False,
          half: bool = False, start: int = 1, cause: str = "") -> None:
    """Add a job: ``points`` damage to ``ship`` from ladder step ``start``."""
    if points > 0:
        state.damage.append({"ship": ship, "left": points, "shields_only": shields_only,
                             "half": half, "start": start, "carry": 0, "cause": cause})


def run(state: State, gaps: Gaps, events: list[Event]) -> list[int] | None:
    """Apply damage until a choice is needed (its codes) or nothing is left (None)."""
    while state.damage:
        job = state.damage[0]
        ship = state.ships.get(job["ship"])
        if ship is None or job["left"] <= 0:
            state.damage.pop(0)
            continue
        options = _point(state, gaps, ship, job, events)
        if options:
            state.current = ship.owner
            return options
    return None


def choose(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    """Carry out the owner's choice for the current point."""
    job = state.damage[0]
    ship = state.ships[job["ship"]]
    if action.kind == "absorb":
        _turn_down(ship, action.card, events)
    elif action.kind == "cripple":
        _cripple(ship, events)
    else:
        _lose(state, gaps, ship, action.card, events)
    job["left"] -= 1


def _point(state: State, gaps: Gaps, ship: Ship, job: dict[str, Any],
           events: list[Event]) -> list[int]:
    """Apply one point where the ladder leaves no choice; else the choice's codes."""
    if ship.building:
        _destroy(state, gaps, ship, events)
        return []
    up_shields = [c for c, up in ship.cards if up and gaps.components[c].type == "shield"]
    if job["start"] <= 1 and up_shields:
        if job["half"] and not job["carry"]:
            job["carry"] = 1
        else:
            job["carry"] = 0
            _turn_down(ship, up_shields[0], events)
        job["left"] -= 1
        return []
    if job["shields_only"]:
        job["left"] = 0
        return []
    if job["start"] <= 2 and _negate(state, gaps, ship):
        events.append({"type": "negated", "ship": ship.id, "visible_to": None})
        job["left"] -= 1
        return []
    armors = sorted({c for c, up in ship.cards if up and gaps.components[c].type == "armor"})
    if armors:
        if len(armors) == 1:
            _turn_down(ship, armors[0], events)
            job["left"] -= 1
            return []
        return [encode("absorb", ship.id, c) for c in armors]
    losable = sorted({c for c, _ in ship.cards})
    if not ship.crippled:
        durable = any(gaps.techs[t].durable for t in sh.techs(state, gaps, ship.owner))
        if not durable or not losable:
            _cripple(ship, events)
            job["left"] -= 1
            return []
        return [encode("cripple", ship.id)] + \
            [encode("lose", ship.id, c) for c in losable]
    if not losable:
        _destroy(state, gaps, ship, events)
        return []
    if len(losable) == 1:
        _lose(state, gaps, ship, losable[0], events)
        job["left"] -= 1
        return []
    return [encode("lose", ship.id, c) for c in losable]


def _negate(state: State, gaps: Gaps, ship: Ship) -> bool:
    """Spend one point of this combat round's armor negation, if any is left."""
    battle = state.battle
    if battle is None:
        return False
    capacity = sh.negation(state, gaps, ship)
    used = battle["negated"].get(str(ship.id), 0)
    if used >= capacity:
        return False
    battle["negated"][str(ship.id)] = used + 1
    return True


def _turn_down(ship: Ship, card: int, events: list[Event]) -> None:
    for entry in ship.cards:
        if entry[0] == card and entry[1]:
            entry[1] = 0
            events.append({"type": "card_down", "ship": ship.id, "card": card,
                           "visible_to": None})
            return


def _cripple(ship: Ship, events: list[Event]) -> None:
    ship.crippled = True
    events.append({"type": "crippled", "ship": ship.id, "visible_to": None})


def _lose(state: State, gaps: Gaps, ship: Ship, card: int, events: list[Event]) -> None:
    """Remove one component (two shields when shields are chosen) to the deck's bottom."""
    times = 2 if gaps.components[card].type == "shield" else 1
    for _ in range(times):
        for i, (c, _up) in enumerate(ship.cards):
            if c == card:
                ship.cards.pop(i)
                state.deck.append(c)
                break
    events.append({"type": "card_lost", "ship": ship.id, "card": card, "visible_to": None})
    spill(state, gaps, ship)


def spill(state: State, gaps: Gaps, ship: Ship) -> None:
    """Cargo beyond the ship's room is left in its sector as debris."""
    room = sh.cargo_room(state, gaps, ship)
    if ship.cargo > room:
        state.debris[ship.sector] = state.debris.get(ship.sector, 0) + ship.cargo - room
        ship.cargo = room


def _destroy(state: State, gaps: Gaps, ship: Ship, events: list[Event]) -> None:
    remove_ship(state, ship)
    events.append({"type": "destroyed", "ship": ship.id, "owner": ship.owner,
                   "sector": ship.sector, "visible_to": None})


def remove_ship(state: State, ship: Ship) -> None:
    """Take a ship off the board: its cards to the deck's bottom, its cargo as debris."""
    state.deck.extend(c for c, _ in ship.cards)
    if ship.cargo:
        state.debris[ship.sector] = state.debris.get(ship.sector, 0) + ship.cargo
    del state.ships[ship.id]
