"""SE4's turn: setup, then each player's turn phase by phase, clockwise from the winner of
the starting roll.

A turn is one player's (the text's "the player states...", "play proceeds clockwise"):
research, ship purchases (the space yards), combat movement, combat, non-combat
movement, then the administration's thirteen steps in order (repair bays, completing
hulls, space yard repairs, shields, organic armor, production, abandoning ships,
maintenance, facilities, scavenging, discards, and the two free draws).  Battles and
their choices are :mod:`combat`'s; the damage ladder is :mod:`damage`'s.

:func:`advance` runs everything that needs no decision and stops at the next one,
leaving its codes in ``state.legal`` and the decider in ``state.current``; :func:`apply`
carries out one chosen action and advances again.
"""

from __future__ import annotations

from collections import deque
from math import ceil
from typing import Any

from se4x_core.errors import ConfigError
from se4x_core.games.se4 import combat, damage
from se4x_core.games.se4 import ships as sh
from se4x_core.games.se4.actions import RESTORE, Action, encode
from se4x_core.games.se4.charts import (
    CARD_PRICE,
    COLONISABLE,
    COLONY_COINS,
    COLONY_PRODUCTION,
    FACILITY_PRICES,
    FREE_DRAW,
    HOME_PRODUCTION,
    HULLS,
    MIN_HAND,
    PLANET_SHIELD,
    RESEARCH,
    RESEARCH_DUPLICATE_CARDS,
    RESEARCH_PRICE,
    RETROFIT_PRICE,
    RING_PRODUCTION,
    START_CARDS,
    START_COINS,
    START_FACILITIES,
    START_SHIPS,
    TRANSPORT,
    YARD,
)
from se4x_core.games.se4.data import Gaps
from se4x_core.games.se4.state import Colony, Ship, State

Event = dict[str, Any]

#: The phases of a turn in order; the administration's steps are the last eleven.
TURN: tuple[str, ...] = ("research", "yards", "combat_move", "combat", "move", "repair",
                         "complete", "yard_fix", "upkeep", "abandon", "pay", "build",
                         "scavenge", "discard", "draws")
AUTOMATIC = frozenset({"upkeep", "draws"})
CONFIG_FIELDS = ("players", "seed", "round_limit")


# -- a new game -------------------------------------------------------------------------------
def normalise_config(config: dict[str, Any] | None, gaps: Gaps) -> dict[str, Any]:
    """``{"players": 2-4, "seed": int, "round_limit": int}``; ConfigError names a bad field."""
    config = dict(config or {})
    unknown = sorted(set(config) - set(CONFIG_FIELDS))
    if unknown:
        raise ConfigError(f"unknown config field {unknown[0]!r} "
                          f"(known: {', '.join(CONFIG_FIELDS)})")
    players = config.setdefault("players", 2)
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise ConfigError("players must be 2, 3 or 4")
    seed = config.setdefault("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError("seed must be an integer")
    limit = config.setdefault("round_limit", gaps.victory.round_limit)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 1000:
        raise ConfigError("round_limit must be an integer 0..1000 (0: none)")
    return config


def new_state(config: dict[str, Any], gaps: Gaps) -> State:
    """Shuffle the deck, roll for the starting player, and ask them for a home world."""
    players = config["players"]
    state = State(players, config["seed"], players)
    sets = gaps.deck_sets[players]
    state.deck = [i for i, c in enumerate(gaps.components) if not c.standard
                  for _ in range(c.count * sets)]
    state.shuffle(state.deck)
    state.armor_pile = gaps.standard_armor_pile
    state.hands = [[0] * len(gaps.components) for _ in range(players)]
    state.first = _starting_roll(state)
    state.active = state.current = state.first
    state.task = {"round_limit": config["round_limit"]}
    state.phase = "home"
    advance(state, gaps, [])
    return state


def _starting_roll(state: State) -> int:
    """Highest die starts; ties roll again among the tied."""
    tied = list(range(state.n))
    while len(tied) > 1:
        rolls = [state.d6() for _ in tied]
        best = max(rolls)
        tied = [p for p, r in zip(tied, rolls, strict=True) if r == best]
    return tied[0]


# -- the loop ---------------------------------------------------------------------------------
def advance(state: State, gaps: Gaps, events: list[Event]) -> None:
    """Run what needs no decision; stop at the next decision or the end of the game."""
    while True:
        options = damage.run(state, gaps, events)
        if options:
            if state.phase != "damage":
                state.resume, state.phase = state.phase, "damage"
            state.legal = options
            return
        if state.phase == "damage":
            state.phase, state.resume = state.resume, ""
        if _check_end(state, gaps, events):
            return
        if state.phase == "combat":
            if _combat_step(state, gaps, events):
                return
            continue
        if state.phase in AUTOMATIC:
            AUTO[state.phase](state, gaps, events)
            continue
        options = OPTIONS[state.phase](state, gaps)
        if not options:
            _next_phase(state, gaps, events)
            continue
        if len(options) == 1 and Action.kind_name(options[0]) in ("done", "finish"):
            _act(state, gaps, Action.from_code(options[0]), events)
            continue
        state.legal = options
        return


def apply(state: State, gaps: Gaps, code: int, events: list[Event]) -> None:
    """Carry out a legal action (the caller checked it is in ``state.legal``)."""
    action = Action.from_code(code)
    if state.phase == "damage":
        damage.choose(state, gaps, action, events)
    elif state.phase == "combat":
        _combat_act(state, gaps, action, events)
    else:
        _act(state, gaps, action, events)
    state.legal = []
    advance(state, gaps, events)


def _act(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    """A decision of the current phase; ``done`` ends it, except research's, which rolls."""
    if action.kind == "done" and state.phase != "research":
        _next_phase(state, gaps, events)
    else:
        ACT[state.phase](state, gaps, action, events)


def _next_phase(state: State, gaps: Gaps, events: list[Event]) -> None:
    """The phase after the current one (setup's, or the turn's; then the next turn)."""
    if state.phase in ("home", "setup_buy", "setup_design"):
        _next_setup(state, gaps, events)
        return
    index = TURN.index(state.phase)
    if index + 1 < len(TURN):
        _begin_phase(state, gaps, TURN[index + 1], events)
    else:
        _end_turn(state, gaps, events)


def _begin_phase(state: State, gaps: Gaps, phase: str, events: list[Event]) -> None:
    state.phase = phase
    state.current = state.active
    limit = state.task.get("round_limit", 0)
    state.task = {"round_limit": limit}
    if phase == "combat":
        state.battles = combat.sectors_to_fight(state)
    elif phase == "move":
        for ship in _own_ships(state):
            ship.moves = 0 if ship.moved or ship.sector in state.fought else HULLS[ship.hull].speed
    elif phase == "repair":
        state.task["points"] = {str(s.id): sh.repair_points(state, gaps, s)
                                for s in _own_ships(state) if not s.moved}
    elif phase == "yard_fix":
        per_yard = max([gaps.techs[t].yard_restores for t in sh.techs(state, gaps, state.active)],
                       default=1)
        state.task["fixes"] = {str(c.sector): c.facilities[YARD] * per_yard
                               for c in state.colonies_of(state.active)}
    elif phase == "pay":
        state.task["upkeep"] = _upkeep(state, state.active)
    elif phase == "scavenge":
        state.task["done"] = []
    events.append({"type": "phase", "player": state.active, "phase": phase, "visible_to": None})


def _own_ships(state: State, player: int | None = None) -> list[Ship]:
    owner = state.active if player is None else player
    return sorted((s for s in state.ships.values() if s.owner == owner), key=lambda s: s.id)


def _begin_turn(state: State, gaps: Gaps, events: list[Event]) -> None:
    state.fought = []
    for colony in state.colonies.values():
        colony.yards_used, colony.drawing = 0, False
    for ship in _own_ships(state):
        ship.moved, ship.moves = False, HULLS[ship.hull].speed
    events.append({"type": "turn", "player": state.active, "round": state.round,
                   "visible_to": None})
    _begin_phase(state, gaps, TURN[0], events)


def _end_turn(state: State, gaps: Gaps, events: list[Event]) -> None:
    """Hand over clockwise; a new round begins when play comes back past the first
    player (and the round limit, if any, ends the game there)."""
    later = [p for p in state.order_from(state.active) if p != state.active]
    following = later[0] if later else state.active

    def seat(player: int) -> int:
        return (player - state.first) % state.n

    if seat(following) <= seat(state.active):
        limit = state.task.get("round_limit", 0)
        if limit and state.round >= limit:
            _finish_by_score(state, gaps, events)
            return
        state.round += 1
    state.active = following
    _begin_turn(state, gaps, events)


# -- the end ----------------------------------------------------------------------------------
def _check_end(state: State, gaps: Gaps, events: list[Event]) -> bool:
    """Put out every empire left without a colony; the last one standing wins."""
    if state.phase == "over":
        state.legal = []
        return True
    if state.round == 0:
        return False
    for player in range(state.n):
        if not state.out[player] and not state.colonies_of(player):
            _put_out(state, player, events)
    alive = [p for p in range(state.n) if not state.out[p]]
    if len(alive) <= 1:
        state.winners = alive
        _game_over(state, events)
        return True
    if state.out[state.active]:  # put out in their own turn: the turn ends at once
        state.battle, state.battles, state.damage = None, [], []
        _end_turn(state, gaps, events)
    return False


def _put_out(state: State, player: int, events: list[Event]) -> None:
    state.out[player] = True
    for ship in _own_ships(state, player):
        damage.remove_ship(state, ship)
    for card, count in enumerate(state.hands[player]):
        state.deck.extend([card] * count)
    state.hands[player] = [0] * len(state.hands[player])
    events.append({"type": "eliminated", "player": player, "visible_to": None})


def score(state: State, gaps: Gaps, player: int) -> int:
    """The round limit's score: colonies, coins, facilities at their price, half the
    hulls' cost (the weights are data)."""
    weights = gaps.victory.score
    total = 0
    for colony in state.colonies_of(player):
        body = gaps.maps[state.map_players].sectors[colony.sector].body
        total += weights["home"] if body == "home" else weights["colony"]
        total += weights["coin"] * colony.coins
        total += weights["facility_price"] * sum(
            n * price for n, price in zip(colony.facilities, FACILITY_PRICES, strict=True))
    for ship in _own_ships(state, player):
        total += weights["coin"] * ship.cargo + weights["ship_cost_half"] * (sh.value(ship) // 2)
    return total


def _finish_by_score(state: State, gaps: Gaps, events: list[Event]) -> None:
    scores = [score(state, gaps, p) if not state.out[p] else -1 for p in range(state.n)]
    best = max(scores)
    state.winners = [p for p in range(state.n) if scores[p] == best]
    events.append({"type": "round_limit", "scores": scores, "visible_to": None})
    _game_over(state, events)


def _game_over(state: State, events: list[Event]) -> None:
    state.phase, state.current, state.legal, state.battle = "over", -1, [], None
    state.damage = []
    events.append({"type": "game_over", "winners": list(state.winners), "visible_to": None})


# -- setup --------------------------------------------------------------------------------------
def _next_setup(state: State, gaps: Gaps, events: list[Event]) -> None:
    player = state.current
    if state.phase == "setup_buy":
        state.phase = "setup_design"
        return
    state.setup_done[player] = True
    waiting = [p for p in state.order_from(state.first) if not state.setup_done[p]]
    if waiting:
        state.current = waiting[0]
        state.phase = "home"
        return
    state.round, state.active = 1, state.first
    _begin_turn(state, gaps, events)


def _options_home(state: State, gaps: Gaps) -> list[int]:
    board = gaps.maps[state.map_players]
    return [encode("home", s) for s in board.homes if s not in state.colonies]


def _act_home(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    player = state.current
    state.colonies[action.sector] = Colony(player, action.sector, list(START_FACILITIES),
                                           START_COINS)
    events.append({"type": "home", "player": player, "sector": action.sector, "visible_to": None})
    _draw(state, player, START_CARDS, events)
    state.phase = "setup_buy"
    state.task["bought"] = 0


def _options_setup_buy(state: State, gaps: Gaps) -> list[int]:
    home = state.colonies_of(state.current)[0]
    if state.task.get("bought", 0) >= START_SHIPS:
        return [encode("done")]
    return [encode("done")] + [encode("buy", h, home.sector)
                                    for h, hull in enumerate(HULLS) if hull.cost <= home.coins]


def _act_setup_buy(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    _buy_hull(state, state.current, action, events)
    state.task["bought"] = state.task.get("bought", 0) + 1


def _buy_hull(state: State, player: int, action: Action, events: list[Event]) -> None:
    colony = state.colonies[action.sector]
    hull = HULLS[action.hull]
    colony.coins -= hull.cost
    ship = Ship(state.next_ship, player, action.hull, action.sector, building=True)
    state.ships[ship.id] = ship
    state.next_ship += 1
    events.append({"type": "hull_bought", "player": player, "ship": ship.id, "hull": hull.name,
                   "sector": action.sector, "visible_to": None})


# -- designing ships as they are completed (setup, and the administration's step 2) ------------
def _designing(state: State) -> Ship | None:
    player = state.current if state.phase == "setup_design" else state.active
    return next((s for s in _own_ships(state, player) if s.building), None)


def _options_design(state: State, gaps: Gaps) -> list[int]:
    ship = _designing(state)
    if ship is None:
        return []
    fitted = [c for c, _ in ship.cards]
    options = [encode("finish", ship.id)]
    hand = state.hands[ship.owner]
    for card, count in enumerate(hand):
        if count and sh.fits(gaps, ship.hull, fitted + [card]):
            options.append(encode("install", ship.id, card))
    colony = state.colonies.get(ship.sector)
    price = 0 if ship.armor_bought % 2 else 1
    if state.armor_pile and colony is not None and colony.coins >= price and \
            sh.fits(gaps, ship.hull, fitted + [gaps.standard_armor]):
        options.append(encode("armor", ship.id))
    return options


def _act_design(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    ship = state.ships[action.ship]
    if action.kind == "install":
        state.hands[ship.owner][action.card] -= 1
        ship.cards.append([action.card, 1])
    elif action.kind == "armor":
        price = 0 if ship.armor_bought % 2 else 1  # half a credit each, rounded up
        state.colonies[ship.sector].coins -= price
        state.armor_pile -= 1
        ship.armor_bought += 1
        ship.cards.append([gaps.standard_armor, 1])
    else:
        ship.building = ship.crippled = False
        ship.armor_bought = 0
        events.append({"type": "ship_completed", "ship": ship.id, "owner": ship.owner,
                       "cards": [c for c, _ in ship.cards], "visible_to": None})
        if _designing(state) is None:
            _next_phase(state, gaps, events)


# -- research ------------------------------------------------------------------------------------
def _options_research(state: State, gaps: Gaps) -> list[int]:
    return [encode("done")] + [
        encode("research", c.sector) for c in state.colonies_of(state.active)
        if c.facilities[RESEARCH] and c.coins >= RESEARCH_PRICE]


def _act_research(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    if action.kind == "research":
        state.colonies[action.sector].coins -= RESEARCH_PRICE
        state.task["attempts"] = state.task.get("attempts", 0) + 1
        return
    player = state.active
    for _ in range(state.task.get("attempts", 0)):
        roll = state.d6()
        chart = state.d6() if roll == 6 else 0
        events.append({"type": "research_roll", "player": player, "roll": roll,
                       "chart": chart, "visible_to": None})
        if chart:
            tech = chart - 1
            if tech in state.techs[player]:
                _draw(state, player, RESEARCH_DUPLICATE_CARDS, events)
            else:
                state.techs[player].append(tech)
                events.append({"type": "tech", "player": player, "tech": gaps.techs[tech].name,
                               "visible_to": None})
    _next_phase(state, gaps, events)


# -- the space yards ----------------------------------------------------------------------------
def _free_yards(colony: Colony) -> int:
    return colony.facilities[YARD] - colony.yards_used


def _repairable(gaps: Gaps, ship: Ship) -> int:
    """Face-down armor other than organic (which a retrofit takes back for free)."""
    return sum(1 for c, up in ship.cards if not up and gaps.components[c].type == "armor"
               and not gaps.components[c].combat_regen)


def _options_yards(state: State, gaps: Gaps) -> list[int]:
    options = [encode("done")]
    for colony in state.colonies_of(state.active):
        free = _free_yards(colony)
        if free:
            options += [encode("buy", h, colony.sector)
                        for h, hull in enumerate(HULLS) if hull.cost <= colony.coins]
        if state.deck and colony.coins >= CARD_PRICE and (colony.drawing or free):
            options.append(encode("draw", colony.sector))
        if not free:
            continue
        for ship in state.ships_at(colony.sector, state.active):
            if ship.building:
                continue
            refund = HULLS[ship.hull].cost // 2
            for count in range(_repairable(gaps, ship) + 1):
                price = ceil(count / 2)
                if RETROFIT_PRICE + price <= colony.coins:
                    options.append(encode("retrofit", ship.id, count))
                if price <= colony.coins + refund:
                    options.append(encode("scrap", ship.id, count))
    return options


def _act_yards(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    player = state.active
    if action.kind == "buy":
        state.colonies[action.sector].yards_used += 1
        _buy_hull(state, player, action, events)
    elif action.kind == "draw":
        colony = state.colonies[action.sector]
        if not colony.drawing:
            colony.drawing = True
            colony.yards_used += 1
        colony.coins -= CARD_PRICE
        _draw(state, player, 1, events)
    else:
        _strip(state, gaps, state.ships[action.ship], action, events)


def _strip(state: State, gaps: Gaps, ship: Ship, action: Action, events: list[Event]) -> None:
    """Retrofit or scrap at an idle yard: undamaged cards, damaged organic armor and
    face-down shields back to the hand; ``count`` damaged armor repaired at half a
    credit each (rounded up) and kept; the rest to the deck's bottom."""
    colony = state.colonies[ship.sector]
    colony.yards_used += 1
    hand = state.hands[ship.owner]
    repairs = action.count
    for card, up in ship.cards:
        component = gaps.components[card]
        free = up or component.type == "shield" or component.combat_regen
        if free or (component.type == "armor" and repairs > 0):
            if not free:
                repairs -= 1
            hand[card] += 1
        else:
            state.deck.append(card)
    ship.cards = []
    colony.coins += ship.cargo
    ship.cargo = 0
    colony.coins -= ceil(action.count / 2)
    if action.kind == "scrap":
        colony.coins += HULLS[ship.hull].cost // 2
        del state.ships[ship.id]
        events.append({"type": "scrapped", "ship": ship.id, "visible_to": None})
        return
    colony.coins -= RETROFIT_PRICE
    ship.crippled = ship.building = True
    events.append({"type": "retrofit", "ship": ship.id, "visible_to": None})


# -- movement -------------------------------------------------------------------------------------
def _enemy_ships_at(state: State, sector: int, player: int) -> bool:
    return any(s.owner != player for s in state.ships_at(sector))


def _hostile(state: State, sector: int, player: int) -> bool:
    colony = state.colonies.get(sector)
    return _enemy_ships_at(state, sector, player) or (colony is not None and colony.owner != player)


def _distance_to_hostile(state: State, gaps: Gaps, start: int, player: int, limit: int) -> bool:
    """Whether a sector with enemy ships or an enemy colony lies within ``limit`` moves."""
    board = gaps.maps[state.map_players]
    seen, todo = {start}, deque([(start, 0)])
    while todo:
        sector, dist = todo.popleft()
        if _hostile(state, sector, player):
            return True
        if dist < limit:
            for n in board.neighbours[sector]:
                if n not in seen:
                    seen.add(n)
                    todo.append((n, dist + 1))
    return False


def _mobile(ship: Ship) -> bool:
    return not ship.crippled and not ship.building and ship.moves > 0


def _options_combat_move(state: State, gaps: Gaps) -> list[int]:
    player = state.active
    board = gaps.maps[state.map_players]
    options = []
    movers = state.task.get("movers", [])
    if all(m not in state.ships or _hostile(state, state.ships[m].sector, player)
           or not _mobile(state.ships[m]) for m in movers):
        options.append(encode("done"))
    for ship in _own_ships(state):
        if not _mobile(ship):
            continue
        if _enemy_ships_at(state, ship.sector, player) and ship.id not in movers:
            options += [encode("retreat", ship.id, n)
                        for n in combat.safe_neighbours(state, gaps, ship.sector, player)]
        for n in board.neighbours[ship.sector]:
            if _distance_to_hostile(state, gaps, n, player, ship.moves - 1):
                options.append(encode("move", ship.id, n))
    return options


def _act_combat_move(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    ship = state.ships[action.ship]
    if action.kind == "retreat":
        ship.moves = 0
    else:
        state.task.setdefault("movers", []).append(ship.id)
    _step(state, gaps, ship, action.sector, events)


def _step(state: State, gaps: Gaps, ship: Ship, sector: int, events: list[Event]) -> None:
    """Move along one warp line; an unstable one deals a point from the ladder's step 3."""
    board = gaps.maps[state.map_players]
    unstable = board.unstable(ship.sector, sector)
    events.append({"type": "moved", "ship": ship.id, "from": ship.sector, "to": sector,
                   "visible_to": None})
    ship.sector = sector
    ship.moves = max(0, ship.moves - 1)
    ship.moved = True
    if unstable:
        damage.queue(state, ship.id, 1, start=3, cause="unstable")


def _options_move(state: State, gaps: Gaps) -> list[int]:
    player = state.active
    board = gaps.maps[state.map_players]
    options = [encode("done")]
    for ship in _own_ships(state):
        if ship.building:
            continue
        if _mobile(ship):
            options += [encode("move", ship.id, n)
                        for n in board.neighbours[ship.sector]
                        if not _enemy_ships_at(state, n, player)]
        colony = state.colonies.get(ship.sector)
        own = colony is not None and colony.owner == player
        if own and colony is not None and colony.coins and \
                ship.cargo < sh.cargo_room(state, gaps, ship):
            options.append(encode("load", ship.id))
        if ship.cargo:
            options.append(encode("drop", ship.id))
        if _can_colonise(state, gaps, ship):
            options.append(encode("colonise", ship.id))
    return options


def _can_colonise(state: State, gaps: Gaps, ship: Ship) -> bool:
    body = gaps.maps[state.map_players].sectors[ship.sector].body
    return (ship.hull == TRANSPORT and not ship.crippled and not ship.building
            and body in COLONISABLE and ship.sector not in state.colonies
            and state.debris.get(ship.sector, 0) >= COLONY_COINS
            and not _enemy_ships_at(state, ship.sector, ship.owner))


def _act_move(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    ship = state.ships[action.ship]
    if action.kind == "move":
        _step(state, gaps, ship, action.sector, events)
    elif action.kind == "load":
        state.colonies[ship.sector].coins -= 1
        ship.cargo += 1
    elif action.kind == "drop":
        ship.cargo -= 1
        colony = state.colonies.get(ship.sector)
        if colony is not None and colony.owner == ship.owner:
            colony.coins += 1
        else:
            state.debris[ship.sector] = state.debris.get(ship.sector, 0) + 1
    else:
        coins = state.debris.pop(ship.sector) - COLONY_COINS
        state.colonies[ship.sector] = Colony(ship.owner, ship.sector, [0, 0, 0, 0], coins)
        events.append({"type": "colonised", "player": ship.owner, "sector": ship.sector,
                       "visible_to": None})


# -- administration ------------------------------------------------------------------------------
def _damaged(ship: Ship, gaps: Gaps) -> list[int]:
    """What could be restored on the ship (RESTORE indexes)."""
    found = [0] if ship.crippled and not ship.building else []
    for what, kind in ((1, "armor"), (2, "shield")):
        if any(not up and gaps.components[c].type == kind for c, up in ship.cards):
            found.append(what)
    return found


def _restore(ship: Ship, gaps: Gaps, what: int) -> None:
    if what == 0:
        ship.crippled = False
        return
    kind = RESTORE[what]
    for entry in ship.cards:
        if not entry[1] and gaps.components[entry[0]].type == kind:
            entry[1] = 1
            return


def _richest(state: State, player: int) -> Colony | None:
    colonies = [c for c in state.colonies_of(player) if c.coins]
    return max(colonies, key=lambda c: (c.coins, -c.sector), default=None)


def _options_repair(state: State, gaps: Gaps) -> list[int]:
    if _richest(state, state.active) is None:
        return []
    points: dict[str, int] = state.task.get("points", {})
    sectors = {state.ships[int(k)].sector for k, v in points.items()
               if v and int(k) in state.ships}
    options = [encode("done")]
    for ship in _own_ships(state):
        if ship.sector in sectors:
            options += [encode("repair", ship.id, w) for w in _damaged(ship, gaps)]
    return options


def _act_repair(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    """One repair point and one credit (from the colony with the most coins) restore a card."""
    ship = state.ships[action.ship]
    points: dict[str, int] = state.task["points"]
    donor = next(k for k, v in sorted(points.items(), key=lambda kv: int(kv[0]))
                 if v and int(k) in state.ships and state.ships[int(k)].sector == ship.sector)
    points[donor] -= 1
    colony = _richest(state, state.active)
    assert colony is not None
    colony.coins -= 1
    _restore(ship, gaps, action.what)
    events.append({"type": "repaired", "ship": ship.id, "what": RESTORE[action.what],
                   "visible_to": None})


def _options_yard_fix(state: State, gaps: Gaps) -> list[int]:
    fixes: dict[str, int] = state.task.get("fixes", {})
    options = [encode("done")]
    for ship in _own_ships(state):
        colony = state.colonies.get(ship.sector)
        if ship.building or colony is None or colony.owner != state.active or \
                not fixes.get(str(ship.sector)):
            continue
        options += [encode("fix", ship.id, w) for w in _damaged(ship, gaps)
                    if w != 0 or colony.coins >= 1]
    return options


def _act_yard_fix(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    ship = state.ships[action.ship]
    state.task["fixes"][str(ship.sector)] -= 1
    if action.what == 0:
        state.colonies[ship.sector].coins -= 1
    _restore(ship, gaps, action.what)
    events.append({"type": "yard_repair", "ship": ship.id, "what": RESTORE[action.what],
                   "visible_to": None})


def _auto_upkeep(state: State, gaps: Gaps, events: list[Event]) -> None:
    """Steps 4-6: shields restored (half, rounded up, on crippled ships), organic armor
    rolls (above 4 restores one), and production."""
    for ship in _own_ships(state):
        down = [e for e in ship.cards if not e[1] and gaps.components[e[0]].type == "shield"]
        for entry in down[:ceil(len(down) / 2) if ship.crippled else len(down)]:
            entry[1] = 1
        organic = [e for e in ship.cards if gaps.components[e[0]].admin_regen]
        for entry in organic:
            card = gaps.components[entry[0]]
            if state.d6() >= card.admin_regen:
                damaged = next((e for e in organic if not e[1]), None)
                if damaged is not None:
                    damaged[1] = 1
    board = gaps.maps[state.map_players]
    for colony in state.colonies_of(state.active):
        body = board.sectors[colony.sector].body
        cap = {"home": HOME_PRODUCTION, "ring": RING_PRODUCTION}.get(body, COLONY_PRODUCTION)
        made = min(cap, colony.facilities[0])
        colony.coins += made
        if made:
            events.append({"type": "production", "sector": colony.sector, "coins": made,
                           "visible_to": None})
    _next_phase(state, gaps, events)


def _upkeep(state: State, player: int) -> int:
    return sum(HULLS[s.hull].upkeep for s in _own_ships(state, player))


def _coins(state: State, player: int) -> int:
    return sum(c.coins for c in state.colonies_of(player))


def _options_abandon(state: State, gaps: Gaps) -> list[int]:
    options = [encode("abandon", s.id) for s in _own_ships(state)]
    if _coins(state, state.active) >= _upkeep(state, state.active):
        options.insert(0, encode("done"))
    return options


def _act_abandon(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    ship = state.ships[action.ship]
    damage.remove_ship(state, ship)
    events.append({"type": "abandoned", "ship": ship.id, "visible_to": None})


def _options_pay(state: State, gaps: Gaps) -> list[int]:
    left = state.task.get("upkeep", 0)
    if left <= 0:
        return []
    payers = [c for c in state.colonies_of(state.active) if c.coins]
    if len(payers) == 1:
        return [encode("pay", payers[0].sector, min(left, payers[0].coins))]
    return [encode("pay", c.sector, n)
            for c in payers for n in range(1, min(left, c.coins) + 1)]


def _act_pay(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    state.colonies[action.sector].coins -= action.count
    state.task["upkeep"] -= action.count
    events.append({"type": "upkeep_paid", "player": state.active, "sector": action.sector,
                   "coins": action.count, "visible_to": None})
    if state.task["upkeep"] <= 0:
        _next_phase(state, gaps, events)


def _options_build(state: State, gaps: Gaps) -> list[int]:
    options = [encode("done")]
    for colony in state.colonies_of(state.active):
        for kind, price in enumerate(FACILITY_PRICES):
            if colony.coins >= price and not (kind == PLANET_SHIELD and colony.facilities[kind]):
                options.append(encode("build", colony.sector, kind))
    return options


def _act_build(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    colony = state.colonies[action.sector]
    colony.coins -= FACILITY_PRICES[action.facility]
    colony.facilities[action.facility] += 1
    events.append({"type": "facility", "sector": colony.sector, "facility": action.facility,
                   "visible_to": None})


def _options_scavenge(state: State, gaps: Gaps) -> list[int]:
    options = [encode("done")]
    for ship in _own_ships(state):
        sector = ship.sector
        colony = state.colonies.get(sector)
        if (state.debris.get(sector, 0) and ship.id not in state.task.get("done", [])
                and ship.cargo < sh.cargo_room(state, gaps, ship)
                and not _enemy_ships_at(state, sector, state.active)
                and (colony is None or colony.owner == state.active)):
            options.append(encode("scavenge", ship.id))
    return options


def _act_scavenge(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    ship = state.ships[action.ship]
    state.debris[ship.sector] -= 1
    if not state.debris[ship.sector]:
        del state.debris[ship.sector]
    ship.cargo += 1
    state.task.setdefault("done", []).append(ship.id)
    events.append({"type": "scavenged", "ship": ship.id, "sector": ship.sector,
                   "visible_to": None})


def _options_discard(state: State, gaps: Gaps) -> list[int]:
    hand = state.hands[state.active]
    return [encode("done")] + [encode("discard", c) for c, n in enumerate(hand) if n]


def _act_discard(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    state.hands[state.active][action.card] -= 1
    state.deck.append(action.card)  # face down under the deck: the others see a card go
    events.append({"type": "discarded", "player": state.active, "visible_to": None})
    events.append({"type": "discarded_card", "player": state.active, "card": action.card,
                   "visible_to": [state.active]})


def _auto_draws(state: State, gaps: Gaps, events: list[Event]) -> None:
    player = state.active
    held = sum(state.hands[player])
    if held < MIN_HAND:
        _draw(state, player, MIN_HAND - held, events)
    _draw(state, player, FREE_DRAW, events)
    _next_phase(state, gaps, events)


def _draw(state: State, player: int, count: int, events: list[Event]) -> None:
    """Draw from the top of the deck (fewer if it runs out); the cards seen by the drawer."""
    drawn = state.deck[:count]
    del state.deck[:count]
    for card in drawn:
        state.hands[player][card] += 1
    events.append({"type": "drew", "player": player, "count": len(drawn), "visible_to": None})
    events.append({"type": "cards", "player": player, "cards": drawn, "visible_to": [player]})


# -- combat ---------------------------------------------------------------------------------------
def _combat_step(state: State, gaps: Gaps, events: list[Event]) -> bool:
    """True when a battle waits for a decision; False to go on (next battle, next phase)."""
    if state.battle is None:
        if not state.battles:
            _next_phase(state, gaps, events)
            return False
        sector = state.battles.pop(0)
        if sector in combat.sectors_to_fight(state):
            combat.begin(state, sector, events)
        return False
    return combat.step(state, gaps, events) == combat.DECIDE


def _combat_act(state: State, gaps: Gaps, action: Action, events: list[Event]) -> None:
    battle = state.battle
    assert battle is not None
    stage = battle["stage"]
    if stage == "call":
        combat.act_call(state, battle, action, events)
    elif stage == "assign":
        combat.act_assign(battle, action)
    elif stage == "fire":
        combat.act_fire(battle, action)
    elif stage == "shoot":
        if action.kind in ("pd", "done"):
            combat.act_pd(state, gaps, battle, action, events)
        else:
            combat.act_retarget(battle, action)
    elif stage == "retreat":
        combat.act_retreat(state, battle, action, events)
    elif stage == "bombard":
        combat.act_bombard(state, gaps, battle, action, events)
    else:
        combat.act_sacrifice(state, battle, action.facility, events)


OPTIONS = {
    "home": _options_home, "setup_buy": _options_setup_buy, "setup_design": _options_design,
    "research": _options_research, "yards": _options_yards, "combat_move": _options_combat_move,
    "move": _options_move, "repair": _options_repair, "complete": _options_design,
    "yard_fix": _options_yard_fix, "abandon": _options_abandon, "pay": _options_pay,
    "build": _options_build, "scavenge": _options_scavenge, "discard": _options_discard,
}
ACT = {
    "home": _act_home, "setup_buy": _act_setup_buy, "setup_design": _act_design,
    "research": _act_research, "yards": _act_yards, "combat_move": _act_combat_move,
    "move": _act_move, "repair": _act_repair, "complete": _act_design,
    "yard_fix": _act_yard_fix, "abandon": _act_abandon, "pay": _act_pay, "build": _act_build,
    "scavenge": _act_scavenge, "discard": _act_discard,
}
AUTO = {"upkeep": _auto_upkeep, "draws": _auto_draws}
