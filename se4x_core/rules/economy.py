"""The Economic Phase, in the order of docs/charts.md#setup-and-economy.

1. discard down to 30 CP carried over; 2. colony income (blockaded colonies
earn nothing), with MS Pipelines +1 CP trade per colony linked to the homeworld
by a chain (:mod:`se4x_core.rules.advanced.pipelines`); 3. minerals and space wrecks
delivered to colonies (a wreck rolls a d10 for a free technology level);
4. maintenance (net income never below 0); 5. sealed bids for player order,
all paid, the single highest bidder chooses the order (no bids or a tie: the
order stays); 6. research (one level per technology per phase, in order) and purchases at ship yards
of income-producing colonies within hull capacity and counter limits (bases,
decoys and new yards need no yard; one new yard and one base per colony),
refits of groups that spent the turn at a yard; 7. placement; 8. growth.

Purchases are records in the state (kind, a, b, cost), so that a player can
take them back one by one until they end their purchases; units appear at
placement, after every player has bought, since purchases are secret until
then.  A purchase or refit that is refused has a reason code
(:func:`purchase_check`, :func:`refit_check`): the legal-move generator reads
only the code, and :func:`purchase_problem` / :func:`refit_problem` turn it
into the sentence the app shows, so the rule is written once.

Interpretations: with no bids, or a tie for the highest, the player order
stays; the first bidder is the first living player in the current order.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import cython

from se4x_core import data
from se4x_core.rules.advanced.pipelines import trade_income

if TYPE_CHECKING:
    from typing import TypeAlias

    from se4x_core.events import EventLog, WreckRoll

    # Aliases, not spelled out where used: Cython reads ``list[...]`` and
    # ``tuple[...]`` annotations as narrower types than the .pxd declares.
    WreckRolls: TypeAlias = list[WreckRoll]

from se4x_core.rules import alien, units
from se4x_core.rules.alist import ActionList, encode
from se4x_core.rules.state import State

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

# Why a purchase or a refit is refused (0: it is allowed); C enums in economy.pxd.
if not cython.compiled:
    R_OK = 0
    R_NOT_BUYABLE = 1
    R_CP = 2
    R_SHIP_SIZE = 3
    R_NO_INCOME = 4
    R_ONE_YARD = 5
    R_ONE_BASE = 6
    R_YARD_CAPACITY = 7
    R_COUNTERS = 8
    R_RECORDS_FULL = 9
    R_NOT_WARSHIP = 10
    R_NOT_AT_YARD = 11
    R_MOVED = 12
    R_UP_TO_DATE = 13
    R_NOT_OWN = 14
    R_NOT_IN_GAME = 15
    R_TECH = 16


# -- 1-4: income ------------------------------------------------------------------------
@cython.ccall
@cython.exceptval(-1, check=False)
def begin(s: State, ev: EventLog | None) -> cython.int:
    """Steps 1-4 for every empire (in player order), then open the sealed bids."""
    i: cython.int
    player: cython.int
    for i in range(s.n_order):
        player = s.order[i]
        if s.alive[player] and s.alien[player]:
            alien.alien_economy(s, player, ev)  # the solitaire scenario's alien players
            clear_records(s, player)
        elif s.alive[player]:
            collect_income(s, player, ev)
            clear_records(s, player)
    for player in range(s.n_players):
        s.bids[player] = -1
    s.order_pos = first_living_position(s)
    s.phase = PH_BID
    s.current_player = s.order[s.order_pos]
    return 0


@cython.ccall
@cython.exceptval(check=False)
def first_living_position(s: State) -> cython.int:
    i: cython.int
    for i in range(s.n_order):
        if s.alive[s.order[i]]:
            return i
    return 0


@cython.ccall
@cython.exceptval(-1, check=False)
def collect_income(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """Carry over, colony income, deliveries, maintenance; marks the colonies that may build."""
    cp: cython.int = s.cp[player]
    carried: cython.int = cp if cp < CARRY_OVER_CAP else CARRY_OVER_CAP
    colony_income: cython.int = 0
    minerals: cython.int = 0
    h: cython.int
    _wreck: cython.int
    blockades: list[int] | None = [] if ev is not None else None
    wrecks: WreckRolls | None = [] if ev is not None else None
    for h in range(s.n_hexes):
        if s.h_col_owner[h] != player:
            continue
        s.h_col_flags[h] &= ~C_INCOME
        if units.blockaded(s, h):
            if blockades is not None:
                blockades.append(h)
            continue
        colony_income += s.h_col_cp[h]
        if s.h_col_cp[h] > 0:
            s.h_col_flags[h] |= C_INCOME
        minerals += s.h_deposit_cp[h]
        s.h_deposit_cp[h] = 0
        for _wreck in range(s.h_deposit_wrecks[h]):
            space_wreck(s, player, wrecks)
        s.h_deposit_wrecks[h] = 0
    trade: cython.int = 0
    if s.options & OPT_PIPELINES:
        trade = trade_income(s, player)  # MS Pipelines: +1 CP per linked colony
    maintenance: cython.int = maintenance_cost(s, player)
    net: cython.int = colony_income + trade + minerals - maintenance
    if net < 0:
        net = 0
    s.cp[player] = carried + net
    s.income[player] = colony_income + trade + minerals
    if ev is not None:
        shown_trade: object = None  # the event's field is absent without the rule
        if s.options & OPT_PIPELINES:
            shown_trade = trade
        ev.emit(E_INCOME, 1 << player, player, carried, cp - carried, colony_income, minerals,
                wrecks, maintenance, net, blockades, s.cp[player], shown_trade)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def space_wreck(s: State, player: cython.int, wrecks: WreckRolls | None) -> cython.int:
    """A delivered wreck rolls for a free technology level (lost if already at the top)."""
    die: cython.int = units.roll(s)
    tech: cython.int = WRECK_TECH_BY_ROLL[die]
    level: cython.int = s.tech[player * N_TECHS + tech]
    gained: cython.bint = level < TECH_MAX[tech]
    if gained:
        s.tech[player * N_TECHS + tech] = level + 1
    if wrecks is not None:
        wrecks.append({"roll": die, "tech": data.TECH_KEYS[tech], "gained": gained})
    return 0


@cython.ccall
@cython.exceptval(check=False)
def maintenance_cost(s: State, player: cython.int) -> cython.int:
    """Hull size of every maintained ship (yards, bases, colony ships, miners, decoys free)."""
    total: cython.int = 0
    unit: cython.int
    unit_type: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        unit_type = s.u_type[unit]
        if unit_type >= 0 and UNIT_TRAITS[unit_type] & TR_MAINTAINED:
            total += UNIT_HULL[unit_type] * s.u_count[unit]
    return total


# -- 5: bidding ----------------------------------------------------------------------------
@cython.cfunc
@cython.exceptval(check=False)
def legal_bids(s: State, out: ActionList) -> cython.void:
    top: cython.int = s.cp[s.current_player]
    amount: cython.int
    if top > PARAM_LIMIT - 1:
        top = PARAM_LIMIT - 1
    for amount in range(top + 1):
        out.push(encode(A_BID, amount, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_bid(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    player: cython.int = s.current_player
    s.bids[player] = (code >> 10) & 1023
    if ev is not None:
        ev.emit(E_BID_MADE, 1 << player, player, s.bids[player])
    s.order_pos += 1
    while s.order_pos < s.n_order and not s.alive[s.order[s.order_pos]]:
        s.order_pos += 1
    if s.order_pos < s.n_order:
        s.current_player = s.order[s.order_pos]
        return 0
    return _resolve_bids(s, ev)


@cython.cfunc
@cython.exceptval(check=False)
def default_bid(s: State) -> cython.int:
    """The default policy bids nothing."""
    return encode(A_BID, 0, 0)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _resolve_bids(s: State, ev: EventLog | None) -> cython.int:
    player: cython.int
    best: cython.int = -1
    leaders: cython.int = 0
    leader: cython.int = -1
    for player in range(s.n_players):
        if s.alive[player]:
            s.cp[player] -= s.bids[player]
    if ev is not None:
        ev.emit(E_BIDS_REVEALED, VIS_ALL, [s.bids[p] for p in range(s.n_players)])
    for player in range(s.n_players):
        if s.alive[player] and s.bids[player] > best:
            best = s.bids[player]
    for player in range(s.n_players):
        if s.alive[player] and s.bids[player] == best:
            leaders += 1
            leader = player
    if best > 0 and leaders == 1:
        s.phase = PH_CHOOSE_ORDER
        s.current_player = leader
        return 0
    if ev is not None:
        ev.emit(E_ORDER_KEPT, VIS_ALL, [s.order[i] for i in range(s.n_order)
                                         if s.alive[s.order[i]]])
    _open_purchases(s)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def living_count(s: State) -> cython.int:
    n: cython.int = 0
    p: cython.int
    for p in range(s.n_players):
        if s.alive[p]:
            n += 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def legal_orders(s: State, out: ActionList) -> cython.void:
    n: cython.int = 1
    k: cython.int
    for k in range(2, living_count(s) + 1):
        n *= k
    for k in range(n):
        out.push(encode(A_ORDER, k, 0))


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_order(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    """Order number ``index`` of the living players' orders, in lexicographic order."""
    index: cython.int = (code >> 10) & 1023
    living: cython.int = living_count(s)
    i: cython.int
    for i in range(living):
        s.order[i] = order_seat(s, index, i)
    s.n_order = living
    if ev is not None:
        ev.emit(E_ORDER_CHOSEN, VIS_ALL, s.current_player, [s.order[i] for i in range(living)])
    _open_purchases(s)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def order_seat(s: State, index: cython.int, position: cython.int) -> cython.int:
    """The player at ``position`` (0: first) of order number ``index``, the living
    players' orders numbered in lexicographic order (-1 past the last)."""
    living: cython.int = living_count(s)
    pool: cython.int = 0  # bit per living player not yet placed
    p: cython.int
    i: cython.int
    k: cython.int
    fact: cython.int
    pick: cython.int
    for p in range(s.n_players):
        if s.alive[p]:
            pool |= 1 << p
    for i in range(living):
        fact = 1
        for k in range(2, living - i):
            fact *= k
        pick = index // fact
        index = index % fact
        for p in range(s.n_players):  # the pick-th remaining player, lowest first
            if pool >> p & 1:
                if pick == 0:
                    pool &= ~(1 << p)
                    break
                pick -= 1
        if i == position:
            return p
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def default_order(s: State) -> cython.int:
    """The default policy takes the first order listed (living players by number)."""
    return encode(A_ORDER, 0, 0)


@cython.cfunc
@cython.exceptval(check=False)
def _open_purchases(s: State) -> cython.void:
    """The order keeps only living players; purchases go in that order."""
    n: cython.int = 0
    i: cython.int
    for i in range(s.n_order):
        if s.alive[s.order[i]]:
            s.order[n] = s.order[i]
            n += 1
    for i in range(n, s.n_players):
        s.order[i] = -1
    s.n_order = n
    s.order_pos = 0
    s.phase = PH_BUY
    s.current_player = s.order[0]


def order_choices(s: State) -> list[tuple[int, ...]]:
    """Every player order among the living, in the enumeration of ``choose_order``."""
    living = sorted(p for p in range(s.n_players) if s.alive[p])
    return list(itertools.permutations(living))


# -- 6: research and purchases -----------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def tech_cost(tech: cython.int, level: cython.int) -> cython.int:
    """CP price of the level after ``level``; -1 if already at the top."""
    if level < TECH_START[tech] or level >= TECH_MAX[tech]:
        return -1
    return TECH_COST_FLAT[TECH_COST_AT[tech] + level - TECH_START[tech]]


@cython.ccall
@cython.exceptval(check=False)
def can_research(s: State, player: cython.int, tech: cython.int) -> cython.bint:
    """One level per technology per phase, in order, if affordable (and in play)."""
    if not units.tech_in_play(s, tech):
        return False
    cost: cython.int = tech_cost(tech, s.tech[player * N_TECHS + tech])
    return (cost >= 0 and not s.researched[player] >> tech & 1 and cost <= s.cp[player]
            and s.n_records[player] < MAX_RECORDS_PER_PLAYER)


@cython.cfunc
@cython.exceptval(check=False)
def legal_purchases(s: State, out: ActionList) -> cython.void:
    player: cython.int = s.current_player
    tech: cython.int
    h: cython.int
    unit_type: cython.int
    unit: cython.int
    for tech in range(N_TECHS):
        if can_research(s, player, tech):
            out.push(encode(A_RESEARCH, tech, 0))
    affordable: cython.int = 0  # types worth checking at each colony (bit per type)
    for unit_type in range(N_UNIT_TYPES):
        if UNIT_TRAITS[unit_type] & TR_BUYABLE and UNIT_COST[unit_type] <= s.cp[player] and \
                s.tech[player * N_TECHS + T_SHIP_SIZE] >= UNIT_SIZE_NEEDED[unit_type]:
            affordable |= 1 << unit_type
    for h in range(s.n_hexes):
        if affordable == 0 or s.h_col_owner[h] != player or \
                not s.h_col_flags[h] & C_INCOME:
            continue
        for unit_type in range(N_UNIT_TYPES):
            if affordable >> unit_type & 1 and \
                    purchase_check(s, player, unit_type, h) == R_OK:
                out.push(encode(A_BUY, unit_type, h))
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] >= 0 and refit_check(s, unit) == R_OK:
            out.push(encode(A_REFIT, unit, 0))
    if s.options & OPT_SCUTTLING:
        for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
            if can_scuttle(s, unit):
                out.push(encode(A_SCUTTLE, unit, 0))
    if s.n_records[player]:
        out.push(encode(A_UNDO, 0, 0))
    out.push(encode(A_END_BUY, 0, 0))


@cython.cfunc
@cython.exceptval(check=False)
def default_purchase(s: State) -> cython.int:
    """The default policy buys nothing more."""
    return encode(A_END_BUY, 0, 0)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _record(s: State, player: cython.int, index: cython.int, field: cython.int) -> cython.int:
    return s.records[(player * MAX_RECORDS_PER_PLAYER + index) * 4 + field]


@cython.ccall
@cython.exceptval(check=False)
def pending_buys(s: State, player: cython.int, unit_type: cython.int,
                 hex_index: cython.int) -> cython.int:
    """Units of a type bought this phase (at one colony, or anywhere with hex -1)."""
    n: cython.int = 0
    i: cython.int
    for i in range(s.n_records[player]):
        if _record(s, player, i, 0) == P_BUY and _record(s, player, i, 1) == unit_type and \
                (hex_index < 0 or _record(s, player, i, 2) == hex_index):
            n += 1
    return n


@cython.ccall
@cython.exceptval(check=False)
def yard_capacity(s: State, player: cython.int, hex_index: cython.int) -> cython.int:
    """Half-hull points the yards already standing at a colony build per phase."""
    if s.h_col_owner[hex_index] != player:
        return 0
    return s.hx_yards[hex_index] * YARD_HALF_HULLS[s.tech[player * N_TECHS + T_SHIP_YARD]]


@cython.ccall
@cython.exceptval(check=False)
def yard_capacity_used(s: State, player: cython.int, hex_index: cython.int) -> cython.int:
    used: cython.int = 0
    i: cython.int
    unit_type: cython.int
    for i in range(s.n_records[player]):
        unit_type = _record(s, player, i, 1)
        if _record(s, player, i, 0) == P_BUY and _record(s, player, i, 2) == hex_index and \
                not UNIT_TRAITS[unit_type] & TR_NO_YARD:
            used += 2 * UNIT_HULL[unit_type]
    return used


@cython.cfunc
@cython.exceptval(check=False)
def _new_counters(s: State, player: cython.int, unit_type: cython.int, hex_index: cython.int,
                  n: cython.int) -> cython.int:
    """Counters ``n`` more units of a type at a colony would need."""
    room: cython.int = 0
    unit: cython.int
    if unit_type == SY:
        for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
            if s.u_type[unit] == SY and s.u_hex[unit] == hex_index:
                room += MAX_GROUP - s.u_count[unit]
        return 0 if n <= room else 1
    if UNIT_TRAITS[unit_type] & TR_SINGLE:
        return n
    return (n + MAX_GROUP - 1) // MAX_GROUP


@cython.ccall
@cython.exceptval(check=False)
def counters_needed(s: State, player: cython.int, unit_type: cython.int,
                    extra_hex: cython.int) -> cython.int:
    """Counters of a type in use once this phase's buys, plus one at ``extra_hex``, are placed."""
    total: cython.int = s.p_types[player * N_UNIT_TYPES + unit_type]
    extra_counted: cython.bint = False
    i: cython.int
    j: cython.int
    h: cython.int
    n: cython.int
    seen: cython.bint
    for i in range(s.n_records[player]):
        if _record(s, player, i, 0) != P_BUY or _record(s, player, i, 1) != unit_type:
            continue
        h = _record(s, player, i, 2)
        seen = False
        for j in range(i):
            if _record(s, player, j, 0) == P_BUY and _record(s, player, j, 1) == unit_type \
                    and _record(s, player, j, 2) == h:
                seen = True
                break
        if seen:
            continue
        n = pending_buys(s, player, unit_type, h)
        if h == extra_hex:
            n += 1
            extra_counted = True
        total += _new_counters(s, player, unit_type, h, n)
    if not extra_counted:
        total += _new_counters(s, player, unit_type, extra_hex, 1)
    return total


@cython.ccall
@cython.exceptval(check=False)
def purchase_check(s: State, player: cython.int, unit_type: cython.int,
                   hex_index: cython.int) -> cython.int:
    """R_OK, or why a unit cannot be bought at a colony now (an R_* code)."""
    if unit_type < 0 or unit_type >= N_UNIT_TYPES or not UNIT_TRAITS[unit_type] & TR_BUYABLE:
        return R_NOT_BUYABLE
    if not units.unit_in_play(s, unit_type):
        return R_NOT_IN_GAME
    if UNIT_COST[unit_type] > s.cp[player]:
        return R_CP
    if s.tech[player * N_TECHS + T_SHIP_SIZE] < UNIT_SIZE_NEEDED[unit_type]:
        return R_SHIP_SIZE
    needed: cython.int = UNIT_TECH_NEEDED[unit_type]
    if needed >= 0 and s.tech[player * N_TECHS + needed] < UNIT_TECH_LEVEL_NEEDED[unit_type]:
        return R_TECH
    if hex_index < 0 or hex_index >= s.n_hexes or s.h_col_owner[hex_index] != player or \
            not s.h_col_flags[hex_index] & C_INCOME:
        return R_NO_INCOME
    if unit_type == SY and pending_buys(s, player, SY, hex_index):
        return R_ONE_YARD
    if unit_type == BASE and (pending_buys(s, player, BASE, hex_index) or
                              _has_base(s, player, hex_index)):
        return R_ONE_BASE
    if not UNIT_TRAITS[unit_type] & TR_NO_YARD:
        if yard_capacity_used(s, player, hex_index) + 2 * UNIT_HULL[unit_type] > \
                yard_capacity(s, player, hex_index):
            return R_YARD_CAPACITY
    if counters_needed(s, player, unit_type, hex_index) > UNIT_COUNTERS[unit_type]:
        return R_COUNTERS
    if s.n_records[player] >= MAX_RECORDS_PER_PLAYER:
        return R_RECORDS_FULL
    return R_OK


@cython.cfunc
@cython.exceptval(check=False)
def _has_base(s: State, player: cython.int, hex_index: cython.int) -> cython.bint:
    unit: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        if s.u_type[unit] == BASE and s.u_hex[unit] == hex_index:
            return True
    return False


@cython.ccall
@cython.exceptval(check=False)
def refit_levels(s: State, unit: cython.int) -> cython.int:
    """The packed levels a refit would give the group (see :func:`unit_levels`)."""
    player: cython.int = unit // UNITS_PER_PLAYER
    hull: cython.int = UNIT_HULL[s.u_type[unit]]
    att: cython.int = s.tech[player * N_TECHS + T_ATTACK]
    dfn: cython.int = s.tech[player * N_TECHS + T_DEFENSE]
    explorer: cython.int = 1 if (s.u_type[unit] == CA and
                                 s.tech[player * N_TECHS + T_EXPLORATION]) else 0
    return _pack(att if att < hull else hull, dfn if dfn < hull else hull,
                 s.tech[player * N_TECHS + T_TACTICS], s.tech[player * N_TECHS + T_MOVEMENT],
                 explorer, units.current_special_level(s, player, s.u_type[unit]))


@cython.ccall
@cython.exceptval(check=False)
def unit_levels(s: State, unit: cython.int) -> cython.int:
    """A group's attack, defense, tactics, movement, explorer flag and special level
    (fighters, point defense) packed in one int."""
    return _pack(s.u_att[unit], s.u_def[unit], s.u_tac[unit], s.u_mov[unit],
                 1 if s.u_flags[unit] & F_EXPLORER else 0, units.special_level(s, unit))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _pack(att: cython.int, dfn: cython.int, tac: cython.int, mov: cython.int,
          explorer: cython.int, special: cython.int) -> cython.int:
    return att | dfn << 2 | tac << 4 | mov << 6 | explorer << 9 | special << 10


@cython.cfunc
@cython.exceptval(check=False)
def _set_levels(s: State, unit: cython.int, packed: cython.int) -> cython.void:
    s.u_att[unit] = packed & 3
    s.u_def[unit] = packed >> 2 & 3
    s.u_tac[unit] = packed >> 4 & 3
    s.u_mov[unit] = packed >> 6 & 7
    if packed >> 9 & 1:
        s.u_flags[unit] |= F_EXPLORER
    else:
        s.u_flags[unit] &= ~F_EXPLORER
    s.u_flags[unit] = (s.u_flags[unit] & ~F_LEVEL) | ((packed >> 10 & 3) << F_LEVEL_SHIFT)


@cython.ccall
@cython.exceptval(check=False)
def refit_check(s: State, unit: cython.int) -> cython.int:
    """R_OK, or why a group cannot be refitted now (an R_* code)."""
    player: cython.int = unit // UNITS_PER_PLAYER
    unit_type: cython.int = s.u_type[unit]
    if unit_type < 0 or player != s.current_player:
        return R_NOT_OWN
    if not UNIT_TRAITS[unit_type] & TR_WARSHIP:
        return R_NOT_WARSHIP
    here: cython.int = s.u_hex[unit]
    if s.hx_yards[here] == 0 or s.h_col_owner[here] != player:
        return R_NOT_AT_YARD
    if s.u_moved[unit] or s.u_flags[unit] & F_REFITTED:
        return R_MOVED
    if refit_levels(s, unit) == unit_levels(s, unit):
        return R_UP_TO_DATE
    if UNIT_HULL[unit_type] * s.u_count[unit] > s.cp[player]:
        return R_CP
    if s.n_records[player] >= MAX_RECORDS_PER_PLAYER:
        return R_RECORDS_FULL
    return R_OK


@cython.cfunc
@cython.exceptval(-1, check=False)
def apply_purchase(s: State, code: cython.int, ev: EventLog | None) -> cython.int:
    player: cython.int = s.current_player
    kind: cython.int = code >> 20
    a: cython.int = (code >> 10) & 1023
    b: cython.int = code & 1023
    cost: cython.int
    if kind == A_RESEARCH:
        _research(s, player, a, ev)
    elif kind == A_BUY:
        cost = UNIT_COST[a]
        s.cp[player] -= cost
        _push_record(s, player, P_BUY, a, b, cost)
        if ev is not None:
            ev.emit(E_BOUGHT, 1 << player, player, data.UNIT_CODES[a], b, cost)
    elif kind == A_REFIT:
        _refit(s, a, ev)
    elif kind == A_UNDO:
        _undo(s, player, ev)
    elif kind == A_SCUTTLE:
        _scuttle(s, a, ev)
    elif kind == A_END_BUY:
        _end_purchases(s, ev)
    return 0


@cython.ccall
@cython.exceptval(check=False)
def can_scuttle(s: State, unit: cython.int) -> cython.bint:
    """Scuttling (advanced rule): a purchasing player may remove one of its own groups to
    reuse the counter, when every counter of that type is in use or spoken for by this
    phase's buys (rules summary "Purchase Limits": "unless you Scuttle ships to reuse the
    counter").  Not a ship yard (pending buys count on its capacity) nor a group refitted
    this phase (its refit record may still be undone)."""
    player: cython.int = unit // UNITS_PER_PLAYER
    unit_type: cython.int = s.u_type[unit]
    if unit_type < 0 or unit_type == SY or player != s.current_player:
        return False
    if s.u_flags[unit] & F_REFITTED or not UNIT_TRAITS[unit_type] & TR_BUYABLE:
        return False
    return counters_needed(s, player, unit_type, -1) > UNIT_COUNTERS[unit_type]


@cython.cfunc
@cython.exceptval(-1, check=False)
def _scuttle(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    """The group leaves the board for good (not undone; fighters aboard a scuttled carrier
    stay where they are).  Everyone sees a counter go, as they would see it lifted."""
    if ev is not None:
        unit_type, number, count = units.identity(s, unit)
        ev.emit(E_UNIT_DESTROYED, VIS_ALL, unit, unit // UNITS_PER_PLAYER, s.u_hex[unit],
                "scuttled", unit_type, number, count)
    s.remove_unit(unit)
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _push_record(s: State, player: cython.int, kind: cython.int, a: cython.int, b: cython.int,
                 cost: cython.int) -> cython.void:
    at: cython.int = (player * MAX_RECORDS_PER_PLAYER + s.n_records[player]) * 4
    s.records[at] = kind
    s.records[at + 1] = a
    s.records[at + 2] = b
    s.records[at + 3] = cost
    s.n_records[player] += 1


@cython.ccall
@cython.exceptval(check=False)
def clear_records(s: State, player: cython.int) -> cython.void:
    """Forget a player's purchases of this phase (placed, or a new phase)."""
    i: cython.int
    base: cython.int = player * MAX_RECORDS_PER_PLAYER * 4
    for i in range(s.n_records[player] * 4):
        s.records[base + i] = 0
    s.n_records[player] = 0
    s.researched[player] = 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _research(s: State, player: cython.int, tech: cython.int, ev: EventLog | None) -> cython.int:
    level: cython.int = s.tech[player * N_TECHS + tech]
    cost: cython.int = tech_cost(tech, level)
    s.cp[player] -= cost
    s.tech[player * N_TECHS + tech] = level + 1
    s.researched[player] |= 1 << tech
    _push_record(s, player, P_RESEARCH, tech, level, cost)
    if ev is not None:
        ev.emit(E_RESEARCHED, 1 << player, player, data.TECH_KEYS[tech], level + 1, cost)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _refit(s: State, unit: cython.int, ev: EventLog | None) -> cython.int:
    player: cython.int = unit // UNITS_PER_PLAYER
    cost: cython.int = UNIT_HULL[s.u_type[unit]] * s.u_count[unit]
    _push_record(s, player, P_REFIT, unit, unit_levels(s, unit), cost)
    _set_levels(s, unit, refit_levels(s, unit))
    s.u_flags[unit] |= F_REFITTED
    s.cp[player] -= cost
    if ev is not None:
        ev.emit(E_REFITTED, 1 << player, player, unit, cost)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _undo(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    s.n_records[player] -= 1
    at: cython.int = (player * MAX_RECORDS_PER_PLAYER + s.n_records[player]) * 4
    kind: cython.int = s.records[at]
    a: cython.int = s.records[at + 1]
    b: cython.int = s.records[at + 2]
    cost: cython.int = s.records[at + 3]
    if kind == P_RESEARCH:
        s.tech[player * N_TECHS + a] = b
        s.researched[player] &= ~(1 << a)
    elif kind == P_REFIT:
        _set_levels(s, a, b)
        s.u_flags[a] &= ~F_REFITTED
    s.cp[player] += cost
    s.records[at] = 0
    s.records[at + 1] = 0
    s.records[at + 2] = 0
    s.records[at + 3] = 0
    if ev is not None:
        ev.emit(E_PURCHASE_UNDONE, 1 << player, player, cost)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _end_purchases(s: State, ev: EventLog | None) -> cython.int:
    i: cython.int
    if ev is not None:
        ev.emit(E_PURCHASES_DONE, VIS_ALL, s.current_player)
    s.order_pos += 1
    if s.order_pos < s.n_order:
        s.current_player = s.order[s.order_pos]
        return 0
    for i in range(s.n_order):
        _place(s, s.order[i], ev)
    _grow_colonies(s, ev)
    if ev is not None:
        ev.emit(E_ECONOMY_SUMMARY, 0, history_rows(s))
    s.pending = FLOW_ECONOMY_OVER
    return 0


# -- 7-8: placement and growth -------------------------------------------------------------
@cython.cfunc
@cython.exceptval(-1, check=False)
def _place(s: State, player: cython.int, ev: EventLog | None) -> cython.int:
    """New units take the technology their owner has now, by type, then colony."""
    unit_type: cython.int
    h: cython.int
    i: cython.int
    last: cython.int
    for unit_type in range(N_UNIT_TYPES):
        last = -1
        while True:  # the colonies with buys of this type, lowest hex first
            h = s.n_hexes
            for i in range(s.n_records[player]):
                if _record(s, player, i, 0) == P_BUY and _record(s, player, i, 1) == unit_type \
                        and last < _record(s, player, i, 2) < h:
                    h = _record(s, player, i, 2)
            if h == s.n_hexes:
                break
            _place_units(s, player, unit_type, h, pending_buys(s, player, unit_type, h), ev)
            last = h
    clear_records(s, player)
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _place_units(s: State, player: cython.int, unit_type: cython.int, hex_index: cython.int,
                 n: cython.int, ev: EventLog | None) -> cython.int:
    unit: cython.int
    added: cython.int
    size: cython.int
    count: cython.int
    if unit_type == SY:  # new yards join the yards already there first
        for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
            if n and s.u_type[unit] == SY and s.u_hex[unit] == hex_index:
                added = MAX_GROUP - s.u_count[unit]
                if added > n:
                    added = n
                s.set_count(unit, s.u_count[unit] + added)
                n -= added
                if added:
                    units.announce_placed(s, unit, ev)
    size = 1 if UNIT_TRAITS[unit_type] & TR_SINGLE else MAX_GROUP
    while n > 0:
        count = n if n < size else size
        unit = units.new_unit(s, player, unit_type, hex_index, count)
        units.announce_placed(s, unit, ev)
        n -= count
    return 0


@cython.cfunc
@cython.exceptval(-1, check=False)
def _grow_colonies(s: State, ev: EventLog | None) -> cython.int:
    """Colonies step up 0 -> 1 -> 3 -> 5; damaged homeworlds regain 5 CP."""
    h: cython.int
    value: cython.int
    grown: cython.int
    for h in range(s.n_hexes):
        if s.h_col_owner[h] < 0:
            continue
        value = s.h_col_cp[h]
        if s.h_col_flags[h] & C_HOMEWORLD:
            grown = value + HOMEWORLD_STEP
            if grown > HOMEWORLD_CP:
                grown = HOMEWORLD_CP
        else:
            grown = COLONY_GROWTH[value]
        if grown != value:
            s.h_col_cp[h] = grown
            if ev is not None:
                ev.emit(E_COLONY_GREW, VIS_ALL, h, s.h_col_owner[h], grown)
    return 0


def history_rows(s: State) -> list[dict[str, int]]:
    """Income, fleet and technology per empire, for the game-over charts."""
    rows = []
    for player in range(s.n_players):
        fleet = sum(s.u_count[unit] for unit in range(player * UNITS_PER_PLAYER,
                                                      (player + 1) * UNITS_PER_PLAYER)
                    if s.u_type[unit] >= 0 and UNIT_TRAITS[s.u_type[unit]] & TR_WARSHIP)
        techs = sum(s.tech[player * N_TECHS + t] - TECH_START[t] for t in range(N_TECHS))
        rows.append({"income": s.income[player] if s.alive[player] else 0,
                     "fleet": fleet, "tech": techs, "cp": s.cp[player]})
    return rows


# -- the refusal messages and record views (slow path) -------------------------------------
def purchase_problem(s: State, player: int, unit_type: int, hex_index: int) -> str | None:
    """Why a unit cannot be bought at a colony now, or None if it can."""
    reason = purchase_check(s, player, unit_type, hex_index)
    if reason == R_OK:
        return None
    if reason == R_CP:
        return f"costs {UNIT_COST[unit_type]} CP, you have {s.cp[player]}"
    if reason == R_SHIP_SIZE:
        return f"needs Ship Size {UNIT_SIZE_NEEDED[unit_type]}"
    if reason == R_TECH:
        tech = data.UNIT_TECH_NEEDED[unit_type]
        return f"needs {data.TECH_NAMES[tech[0]]} {tech[1]}"
    if reason == R_COUNTERS:
        limit = UNIT_COUNTERS[unit_type]
        return f"all {limit} {data.UNIT_CODES[unit_type]} counters are in use"
    return _MESSAGES[reason]


def refit_problem(s: State, unit: int) -> str | None:
    """Why a group cannot be refitted now, or None if it can."""
    reason = refit_check(s, unit)
    if reason == R_OK:
        return None
    if reason == R_CP:
        cost = UNIT_HULL[s.u_type[unit]] * s.u_count[unit]
        return f"costs {cost} CP, you have {s.cp[unit // UNITS_PER_PLAYER]}"
    return _MESSAGES[reason]


_MESSAGES = {
    R_NOT_BUYABLE: "not a unit anyone buys",
    R_NOT_IN_GAME: "not in this game's rules (an advanced rule set that is off)",
    R_NO_INCOME: "only colonies that produced income this phase can build",
    R_ONE_YARD: "one new ship yard per colony per phase",
    R_ONE_BASE: "one base per colony",
    R_YARD_CAPACITY: "not enough ship yard capacity here",
    R_RECORDS_FULL: f"at most {MAX_RECORDS_PER_PLAYER} purchases per phase",
    R_NOT_WARSHIP: "only warships are refitted",
    R_NOT_AT_YARD: "refits happen at one of your ship yards",
    R_MOVED: "the group must have spent the whole last turn at the yard",
    R_UP_TO_DATE: "already at your current technology",
    R_NOT_OWN: "not one of your groups",
}


def purchases_of(s: State, player: int) -> list[list[int]]:
    """``player``'s purchase records of this phase, oldest first.

    Research ``[0, tech, previous level, cost]``, buy ``[1, unit type, hex,
    cost]``, refit ``[2, unit, cost, attack, defense, tactics, movement,
    explorer flag]`` (the levels the group had before).
    """
    out = []
    for kind, a, b, cost in s.purchase_records(player):
        if kind == P_REFIT:
            out.append([kind, a, cost, b & 3, b >> 2 & 3, b >> 4 & 3, b >> 6 & 7,
                        F_EXPLORER if b >> 9 & 1 else 0])
        else:
            out.append([kind, a, b, cost])
    return out


def researched_of(s: State, player: int) -> list[int]:
    """Technologies ``player`` researched this phase, in the order bought."""
    return [a for kind, a, _, _ in s.purchase_records(player) if kind == P_RESEARCH]


def income_hexes(s: State, player: int) -> list[int]:
    """``player``'s colonies that produced income this phase (they may build)."""
    return [h for h in range(s.n_hexes)
            if s.h_col_owner[h] == player and s.h_col_flags[h] & C_INCOME]
