"""The Economic Phase, in the order of CHARTS.md "Setup and economy".

1. discard down to 30 CP carried over; 2. colony income (blockaded colonies
earn nothing); 3. minerals and space wrecks delivered to colonies (a wreck
rolls a d10 for a free technology level); 4. maintenance (net income never
below 0); 5. sealed bids for player order, all paid, the single highest
bidder chooses the order (no bids or a tie: the order stays); 6. research
(one level per technology per phase, in order) and purchases at ship yards
of income-producing colonies within hull capacity and counter limits (bases,
decoys and new yards need no yard; one new yard and one base per colony),
refits of groups that spent the turn at a yard; 7. placement; 8. growth.
"""

from __future__ import annotations

import itertools
import math

from se4x_core import data
from se4x_core.actions import (
    A_BID,
    A_BUY,
    A_END_BUY,
    A_ORDER,
    A_REFIT,
    A_RESEARCH,
    A_UNDO,
    PARAM_LIMIT,
    encode,
)
from se4x_core.events import Event, emit
from se4x_core.exploration import roll
from se4x_core.state import (
    C_HOMEWORLD,
    F_EXPLORER,
    F_REFITTED,
    S_BID,
    S_BUY,
    S_CHOOSE_ORDER,
    State,
)
from se4x_core.units import blockaded, public_identity

S_ECONOMY_OVER = 101  # internal: every player has finished buying

# Purchase records: [kind, ...]; kinds below.
P_RESEARCH, P_BUY, P_REFIT = 0, 1, 2


def begin(state: State, events: list[Event]) -> None:
    """Steps 1-4 for every empire, then open the sealed bids."""
    for player in _living_in_order(state):
        state.econ_report[player] = _collect_income(state, player, events)
        state.researched[player] = []
        state.purchases[player] = []
        emit(events, "income", [player], player=player, **state.econ_report[player])
    state.bids = [-1] * state.n_players
    state.order_pos = 0
    state.stage = S_BID
    state.actor = state.order[0]


def _living_in_order(state: State) -> list[int]:
    return [p for p in state.order if state.alive[p]]


def _collect_income(state: State, player: int, events: list[Event]) -> dict:
    carried = min(state.cp[player], data.CARRY_OVER_CAP)
    discarded = state.cp[player] - carried
    colony_income = minerals = 0
    blockades, producing, wrecks = [], [], []
    for hex_index in state.colonies(player):
        if blockaded(state, hex_index):
            blockades.append(hex_index)
            continue
        colony_income += state.h_col_cp[hex_index]
        if state.h_col_cp[hex_index] > 0:
            producing.append(hex_index)
        minerals += state.h_deposit_cp[hex_index]
        state.h_deposit_cp[hex_index] = 0
        for _ in range(state.h_deposit_wrecks[hex_index]):
            wrecks.append(_space_wreck(state, player))
        state.h_deposit_wrecks[hex_index] = 0
    maintenance = maintenance_cost(state, player)
    net = max(0, colony_income + minerals - maintenance)
    state.cp[player] = carried + net
    state.income_hexes[player] = producing
    return {"carried": carried, "discarded": discarded, "colony_income": colony_income,
            "minerals": minerals, "wrecks": wrecks, "maintenance": maintenance, "net": net,
            "blockaded": blockades, "cp": state.cp[player]}


def _space_wreck(state: State, player: int) -> dict:
    die = roll(state)
    tech = data.WRECK_TECH_BY_ROLL[die]
    level = state.tech_level(player, tech)
    gained = level < data.TECH_MAX[tech]
    if gained:
        state.set_tech_level(player, tech, level + 1)
    return {"roll": die, "tech": data.TECH_KEYS[tech], "gained": gained}


def maintenance_cost(state: State, player: int) -> int:
    """Hull size of every maintained ship (yards, bases, colony ships, miners, decoys free)."""
    return sum(data.UNIT_HULL[state.u_type[s]] * state.u_count[s]
               for s in state.live_units(player) if data.UNIT_MAINTAINED[state.u_type[s]])


# -- bidding ----------------------------------------------------------------------
def legal_bids(state: State, out: list[int]) -> None:
    for amount in range(min(state.cp[state.actor], PARAM_LIMIT - 1) + 1):
        out.append(encode(A_BID, amount))


def apply_bid(state: State, amount: int, events: list[Event]) -> None:
    player = state.actor
    state.bids[player] = amount
    emit(events, "bid_made", [player], player=player, amount=amount)
    living = _living_in_order(state)
    state.order_pos += 1
    if state.order_pos < len(living):
        state.actor = living[state.order_pos]
        return
    _resolve_bids(state, events)


def _resolve_bids(state: State, events: list[Event]) -> None:
    living = _living_in_order(state)
    for player in living:
        state.cp[player] -= state.bids[player]
    emit(events, "bids_revealed", None, bids=list(state.bids))
    best = max(state.bids[p] for p in living)
    leaders = [p for p in living if state.bids[p] == best]
    if best > 0 and len(leaders) == 1:
        state.stage = S_CHOOSE_ORDER
        state.actor = leaders[0]
    else:
        emit(events, "order_kept", None, order=list(living))
        _open_purchases(state)


def order_choices(state: State) -> list[tuple[int, ...]]:
    """Every player order among the living, in a fixed enumeration."""
    living = sorted(p for p in range(state.n_players) if state.alive[p])
    return list(itertools.permutations(living))


def legal_orders(state: State, out: list[int]) -> None:
    for index in range(len(order_choices(state))):
        out.append(encode(A_ORDER, index))


def apply_order(state: State, index: int, events: list[Event]) -> None:
    state.order = list(order_choices(state)[index])
    emit(events, "order_chosen", None, player=state.actor, order=list(state.order))
    _open_purchases(state)


def _open_purchases(state: State) -> None:
    state.order = _living_in_order(state)
    state.order_pos = 0
    state.stage = S_BUY
    state.actor = state.order[0]


# -- purchases --------------------------------------------------------------------
def legal_purchases(state: State, out: list[int]) -> None:
    player = state.actor
    for tech in range(data.N_TECHS):
        if can_research(state, player, tech):
            out.append(encode(A_RESEARCH, tech))
    for hex_index in state.income_hexes[player]:
        for unit_type in data.BUYABLE_TYPES:
            if purchase_problem(state, player, unit_type, hex_index) is None:
                out.append(encode(A_BUY, unit_type, hex_index))
    for slot in state.live_units(player):
        if refit_problem(state, slot) is None:
            out.append(encode(A_REFIT, slot))
    if state.purchases[player]:
        out.append(encode(A_UNDO))
    out.append(encode(A_END_BUY))


def can_research(state: State, player: int, tech: int) -> bool:
    """One level per technology per phase, in order, if affordable."""
    cost = data.tech_cost(tech, state.tech_level(player, tech))
    return cost >= 0 and tech not in state.researched[player] and cost <= state.cp[player]


def _pending(state: State, player: int, unit_type: int, hex_index: int = -1) -> int:
    return sum(1 for p in state.purchases[player]
               if p[0] == P_BUY and p[1] == unit_type and (hex_index < 0 or p[2] == hex_index))


def yard_capacity(state: State, player: int, hex_index: int) -> int:
    """Half-hull points the yards already standing in a hex build per phase."""
    yards = sum(state.u_count[s] for s in state.units_at(hex_index, player)
                if state.u_type[s] == data.SY)
    return yards * data.YARD_HALF_HULLS[state.tech_level(player, data.T_SHIP_YARD)]


def yard_capacity_used(state: State, player: int, hex_index: int) -> int:
    return sum(2 * data.UNIT_HULL[p[1]] for p in state.purchases[player]
               if p[0] == P_BUY and p[2] == hex_index and p[1] not in data.NO_YARD_TYPES)


def _groups_needed(state: State, player: int, unit_type: int, extra_hex: int) -> int:
    """Counters a type would use once this phase's buys (plus one at extra_hex) are placed."""
    hexes = {p[2] for p in state.purchases[player] if p[0] == P_BUY and p[1] == unit_type}
    hexes.add(extra_hex)
    total = state.counters_in_play(player, unit_type)
    for hex_index in hexes:
        n = _pending(state, player, unit_type, hex_index) + (1 if hex_index == extra_hex else 0)
        total += _new_counters(state, player, unit_type, hex_index, n)
    return total


def _new_counters(state: State, player: int, unit_type: int, hex_index: int, n: int) -> int:
    if unit_type == data.SY:
        room = sum(data.MAX_GROUP - state.u_count[s] for s in state.units_at(hex_index, player)
                   if state.u_type[s] == data.SY)
        return 0 if n <= room else 1
    if unit_type in data.SINGLE_UNIT_TYPES:
        return n
    return math.ceil(n / data.MAX_GROUP)


def purchase_problem(state: State, player: int, unit_type: int, hex_index: int) -> str | None:
    """Why a unit cannot be bought at a colony now, or None if it can."""
    if unit_type not in data.BUYABLE_TYPES:
        return "not a unit of the basic game"
    cost = data.UNIT_COST[unit_type]
    if cost > state.cp[player]:
        return f"costs {cost} CP, you have {state.cp[player]}"
    if state.tech_level(player, data.T_SHIP_SIZE) < data.UNIT_SIZE_NEEDED[unit_type]:
        return f"needs Ship Size {data.UNIT_SIZE_NEEDED[unit_type]}"
    if hex_index not in state.income_hexes[player]:
        return "only colonies that produced income this phase can build"
    if unit_type == data.SY and _pending(state, player, data.SY, hex_index):
        return "one new ship yard per colony per phase"
    if unit_type == data.BASE and (_pending(state, player, data.BASE, hex_index) or any(
            state.u_type[s] == data.BASE for s in state.units_at(hex_index, player))):
        return "one base per colony"
    if unit_type not in data.NO_YARD_TYPES:
        need = 2 * data.UNIT_HULL[unit_type]
        used = yard_capacity_used(state, player, hex_index)
        if used + need > yard_capacity(state, player, hex_index):
            return "not enough ship yard capacity here"
    if _groups_needed(state, player, unit_type, hex_index) > data.UNIT_COUNTERS[unit_type]:
        limit = data.UNIT_COUNTERS[unit_type]
        return f"all {limit} {data.UNIT_CODES[unit_type]} counters are in use"
    return None


def refit_problem(state: State, slot: int) -> str | None:
    """Why a group cannot be refitted now, or None if it can."""
    player = state.owner(slot)
    unit_type = state.u_type[slot]
    if unit_type not in data.WARSHIP_TYPES:
        return "only warships are refitted"
    if not any(state.u_type[s] == data.SY for s in state.units_at(state.u_hex[slot], player)):
        return "refits happen at one of your ship yards"
    if state.u_moved[slot] or state.u_flags[slot] & F_REFITTED:
        return "the group must have spent the whole last turn at the yard"
    if _refit_levels(state, slot) == _unit_levels(state, slot):
        return "already at your current technology"
    cost = data.UNIT_HULL[unit_type] * state.u_count[slot]
    if cost > state.cp[player]:
        return f"costs {cost} CP, you have {state.cp[player]}"
    return None


def _unit_levels(state: State, slot: int) -> tuple[int, int, int, int, int]:
    return (state.u_att[slot], state.u_def[slot], state.u_tac[slot], state.u_mov[slot],
            state.u_flags[slot] & F_EXPLORER)


def _refit_levels(state: State, slot: int) -> tuple[int, int, int, int, int]:
    player = state.owner(slot)
    hull = data.UNIT_HULL[state.u_type[slot]]
    explorer = F_EXPLORER if (state.u_type[slot] == data.CA and
                              state.tech_level(player, data.T_EXPLORATION)) else 0
    return (min(state.tech_level(player, data.T_ATTACK), hull),
            min(state.tech_level(player, data.T_DEFENSE), hull),
            state.tech_level(player, data.T_TACTICS),
            state.tech_level(player, data.T_MOVEMENT), explorer)


def apply_purchase(state: State, kind: int, a: int, b: int, events: list[Event]) -> None:
    player = state.actor
    if kind == A_RESEARCH:
        _research(state, player, a, events)
    elif kind == A_BUY:
        cost = data.UNIT_COST[a]
        state.cp[player] -= cost
        state.purchases[player].append([P_BUY, a, b, cost])
        emit(events, "bought", [player], player=player, unit_type=data.UNIT_CODES[a], hex=b,
             cost=cost)
    elif kind == A_REFIT:
        _refit(state, a, events)
    elif kind == A_UNDO:
        _undo(state, player, events)
    elif kind == A_END_BUY:
        _end_purchases(state, events)


def _research(state: State, player: int, tech: int, events: list[Event]) -> None:
    level = state.tech_level(player, tech)
    cost = data.tech_cost(tech, level)
    state.cp[player] -= cost
    state.set_tech_level(player, tech, level + 1)
    state.researched[player].append(tech)
    state.purchases[player].append([P_RESEARCH, tech, level, cost])
    emit(events, "researched", [player], player=player, tech=data.TECH_KEYS[tech],
         level=level + 1, cost=cost)


def _refit(state: State, slot: int, events: list[Event]) -> None:
    player = state.owner(slot)
    cost = data.UNIT_HULL[state.u_type[slot]] * state.u_count[slot]
    state.purchases[player].append([P_REFIT, slot, cost, *_unit_levels(state, slot)])
    att, dfn, tac, mov, explorer = _refit_levels(state, slot)
    _set_unit_levels(state, slot, att, dfn, tac, mov)
    state.u_flags[slot] = (state.u_flags[slot] & ~F_EXPLORER) | explorer | F_REFITTED
    state.cp[player] -= cost
    emit(events, "refitted", [player], player=player, unit=slot, cost=cost)


def _set_unit_levels(state: State, slot: int, att: int, dfn: int, tac: int, mov: int) -> None:
    state.u_att[slot], state.u_def[slot] = att, dfn
    state.u_tac[slot], state.u_mov[slot] = tac, mov


def _undo(state: State, player: int, events: list[Event]) -> None:
    record = state.purchases[player].pop()
    if record[0] == P_RESEARCH:
        _, tech, level, cost = record
        state.set_tech_level(player, tech, level)
        state.researched[player].remove(tech)
    elif record[0] == P_BUY:
        cost = record[3]
    else:
        _, slot, cost, att, dfn, tac, mov, explorer = record
        _set_unit_levels(state, slot, att, dfn, tac, mov)
        state.u_flags[slot] = (state.u_flags[slot] & ~(F_EXPLORER | F_REFITTED)) | explorer
    state.cp[player] += cost
    emit(events, "purchase_undone", [player], player=player, refund=cost)


def _end_purchases(state: State, events: list[Event]) -> None:
    emit(events, "purchases_done", None, player=state.actor)
    state.order_pos += 1
    if state.order_pos < len(state.order):
        state.actor = state.order[state.order_pos]
        return
    for player in state.order:
        _place(state, player, events)
    _grow_colonies(state, events)
    _record_history(state)
    state.stage = S_ECONOMY_OVER


# -- placement and growth --------------------------------------------------------
def _place(state: State, player: int, events: list[Event]) -> None:
    """New units take the technology their owner has now."""
    buys: dict[tuple[int, int], int] = {}
    for record in state.purchases[player]:
        if record[0] == P_BUY:
            key = (record[1], record[2])
            buys[key] = buys.get(key, 0) + 1
    for (unit_type, hex_index), n in sorted(buys.items()):
        for slot in _place_units(state, player, unit_type, hex_index, n):
            emit(events, "placed", None, unit=slot, player=player, hex=hex_index,
                 **public_identity(state, slot))
            emit(events, "placed_detail", [player], unit=slot, player=player, hex=hex_index,
                 unit_type=data.UNIT_CODES[unit_type], count=state.u_count[slot])
    state.purchases[player] = []
    state.researched[player] = []


def _place_units(state: State, player: int, unit_type: int, hex_index: int, n: int) -> list[int]:
    placed = []
    if unit_type == data.SY:
        for slot in state.units_at(hex_index, player):
            if state.u_type[slot] == data.SY and n:
                added = min(n, data.MAX_GROUP - state.u_count[slot])
                state.u_count[slot] += added
                n -= added
                if added:
                    placed.append(slot)
    size = 1 if unit_type in data.SINGLE_UNIT_TYPES else data.MAX_GROUP
    while n > 0:
        count = min(n, size)
        placed.append(state.add_unit(player, unit_type, hex_index, count))
        n -= count
    return placed


def _grow_colonies(state: State, events: list[Event]) -> None:
    """Colonies step up 0 -> 1 -> 3 -> 5; damaged homeworlds regain 5 CP."""
    for hex_index, owner in enumerate(state.h_col_owner):
        if owner < 0:
            continue
        value = state.h_col_cp[hex_index]
        if state.h_col_flags[hex_index] & C_HOMEWORLD:
            grown = min(data.HOMEWORLD_CP, value + data.HOMEWORLD_STEP)
        else:
            grown = data.COLONY_GROWTH[value]
        if grown != value:
            state.h_col_cp[hex_index] = grown
            emit(events, "colony_grew", None, hex=hex_index, player=owner, cp=grown)


def _record_history(state: State) -> None:
    """Income, fleet and technology per empire, for the game-over charts."""
    row = []
    for player in range(state.n_players):
        report = state.econ_report[player] if state.alive[player] else {}
        fleet = sum(state.u_count[s] for s in state.live_units(player)
                    if state.u_type[s] in data.WARSHIP_TYPES)
        techs = sum(state.tech_level(player, t) - data.TECH_START[t] for t in range(data.N_TECHS))
        row.append({"income": report.get("colony_income", 0) + report.get("minerals", 0),
                    "fleet": fleet, "tech": techs, "cp": state.cp[player]})
    state.history.append(row)
