"""Per-player observations: everything a player may know, nothing more.

What stays hidden (se4x-rules-summary.txt "Group", "Exploration",
"Economic Phase"):

* face-down markers, except to a player who peeked at one with a cruiser;
* an enemy group's type, size and technology until it is revealed in combat
  (colony ships, miners and bases always show; ship yards show their type);
  decoys look like any other face-down counter;
* other players' CP, technology levels, income reports, bids (until all are
  in) and purchases (until placed).

What every player sees because it happens in the open (each is announced by
a public event): every group's steps this turn, what a miner tows, the
minerals and wrecks waiting at any colony, and who has peeked at which
face-down marker (not what they saw).  MS pipelines (advanced) are face up
like colony ships: everyone sees where the chains run.

The observation is plain JSON-ready data, typed by the TypedDicts
below (declared once, here): the GUI draws from it, the AI decides from it,
and the LAN host sends it.  It also carries what the screens show and would
otherwise have to compute from the rules: to-hit numbers for every firing
group against every target, the battle's terrain, yard capacities, what may
be bought or refitted where (with the reason when not), the player orders to
choose from, and the default policy's choice for the player to act.  The
facade passes the viewer's own income report and, once the game is over,
the history, since neither lives in the searched state.

>>> from se4x_core.game import Game
>>> obs = Game.new_game({"players": 2, "seed": 3}).observation(0)
>>> obs["phase"], obs["viewer"], len(obs["hexes"]) > 0
('place_homeworld', 0, True)
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from se4x_core import data, phases
from se4x_core.events import EmpireStats, IncomeReport
from se4x_core.hexgrid import warp_groups, warp_links
from se4x_core.rules import combat, economy, engine
from se4x_core.rules.advanced import doomsday
from se4x_core.rules.advanced.pipelines import chain_bonus, linked_colonies
from se4x_core.rules.codes import (
    F_AMBUSH,
    F_DONE,
    F_EXPLORER,
    F_FLEET,
    F_FLEET_SHIFT,
    F_POINT_DEFENSE,
    F_REVEALED,
    F_SCREENED,
    F_TERRAFORM,
    M_HOMEWORLD,
    MINER,
    N_TECHS,
    OPT_PIPELINES,
    P_BUY,
    P_RESEARCH,
    UNITS_PER_PLAYER,
    F,
)
from se4x_core.rules.state import State
from se4x_core.rules.units import (
    combat_level,
    identity,
    movement_allowance,
    special_level,
    tech_in_play,
    unit_in_play,
)

TERRAIN_NAMES: tuple[str, ...] = ("open", "asteroids", "nebula")
NOT_YOUR_STEP = "not your purchase step: another empire is buying now"


# -- the types ------------------------------------------------------------------------
class ColonyView(TypedDict):
    owner: int
    cp: int
    homeworld: bool
    minerals_waiting: int
    wrecks_waiting: int


class HexView(TypedDict):
    """One hex; ``marker`` is None while face down (unless the viewer peeked)."""

    hex: int
    home_of: int
    marker: str | None
    value: NotRequired[int]
    peeked: NotRequired[str]
    peeked_value: NotRequired[int]
    peeked_by: NotRequired[list[int]]
    colony: NotRequired[ColonyView]


class UnitView(TypedDict):
    """One counter on the board.

    An enemy counter shows only its public identity: ``unit_type`` is None
    face down, ``number`` and ``count`` are absent until revealed, and the
    technology fields appear once it is revealed in combat.
    """

    unit: int
    owner: int
    hex: int
    revealed: bool
    moved: int
    unit_type: str | None
    number: NotRequired[int]
    count: NotRequired[int]
    allowance: NotRequired[int]
    done: NotRequired[bool]
    terraform: NotRequired[bool]
    explorer: NotRequired[bool]
    damage: NotRequired[int]
    cargo: NotRequired[str | None]
    cargo_value: NotRequired[int]
    attack_tech: NotRequired[int]
    defense_tech: NotRequired[int]
    tactics: NotRequired[int]
    movement_tech: NotRequired[int]
    fleet: NotRequired[int]
    aboard: NotRequired[int | None]
    level: NotRequired[int]
    chain_bonus: NotRequired[int]  # MS Pipelines: 1 while it may take the chain's extra hex


class PurchaseRecord(TypedDict):
    """One purchase of this Economic Phase, oldest first (undo takes the newest back).

    ``kind`` is "research" (``tech``, ``level`` before it), "buy"
    (``unit_type``, ``hex``) or "refit" (``unit``); ``cost`` in CP.
    """

    kind: str
    cost: int
    tech: NotRequired[str]
    level: NotRequired[int]
    unit_type: NotRequired[str]
    hex: NotRequired[int]
    unit: NotRequired[int]


class YardView(TypedDict):
    """A colony with ship yards: half-hull points it builds per phase, and those taken."""

    hex: int
    capacity: int
    used: int


class BuyOption(TypedDict):
    """A unit type at a colony that produced income: its cost, and why not if refused."""

    hex: int
    unit_type: str
    cost: int
    problem: str | None


class RefitOption(TypedDict):
    """One own group: what bringing it up to current technology costs, and why not."""

    unit: int
    cost: int
    problem: str | None


class EmpireView(TypedDict):
    """The viewer's own empire (nobody else's CP or technology is visible)."""

    cp: int
    tech: dict[str, int]
    income_report: IncomeReport  # empty before the viewer's first Economic Phase
    researched: NotRequired[list[str]]
    purchases: NotRequired[list[PurchaseRecord]]
    income_hexes: NotRequired[list[int]]
    yards: NotRequired[list[YardView]]
    buy_options: NotRequired[list[BuyOption]]
    refit_options: NotRequired[list[RefitOption]]
    research_costs: NotRequired[dict[str, int]]
    alien_banks: NotRequired[dict[str, int]]
    trade_links: NotRequired[list[int]]  # MS Pipelines: colonies linked to the homeworld now


class ToHit(TypedDict):
    """The die roll (or less) a firing group needs against one target."""

    unit: int
    target: int
    to_hit: int


class BattleView(TypedDict):
    """The battle being fought: sides, round, firing order, and the numbers the screen shows.

    Everything here is public: the groups in a battle are revealed.
    """

    hex: int
    attacker: int
    defender: int
    round: int
    terrain: str
    screened: list[int]
    bonus: list[int]
    screener: int
    screen_left: int
    colony_phase: bool
    queue: list[int]
    pos: int
    shot: int
    to_hit: list[ToHit]
    colony_to_hit: dict[int, int]
    retreats: dict[int, list[int]]
    point_defense: list[int]  # scouts firing as point defense (class A) this round
    ambush: list[int]  # raiders cloaked as the battle began: class A and +1 in round 1


class MachineView(TypedDict):
    """A Doomsday Machine on the board (advanced rules): public, like a face-up marker.

    In a battle its ``unit`` (``MACHINE_UNIT + number - 1``) stands in the queue, the
    to-hit table and fire actions' ``target``; a battle against one has ``defender``
    ``MACHINE_SIDE`` (-2).
    """

    number: int  # 1-3, the marker's number
    hex: int
    hits: int  # hits taken; the third destroys it
    unit: int


class LostView(TypedDict):
    unit: int
    chooser: int
    hex: int


class PeekView(TypedDict):
    """A cruiser peeking at a face-down marker; only its owner sees the marker."""

    unit: int
    hex: int
    marker: NotRequired[str]
    value: NotRequired[int]


class _BaseObservation(TypedDict):
    """The keys every observation holds (see ``Observation``)."""

    viewer: int
    board: str
    players: int
    round: int
    turn: int
    phase: str
    current_player: int
    order: list[int]
    alive: list[int]
    winner: int
    homeworlds: list[int]
    hexes: list[HexView]
    units: list[UnitView]
    me: EmpireView
    battle: BattleView | None
    battle_hexes: list[int]
    lost_in_space: LostView | None
    peek: PeekView | None
    bids: list[int | None]
    order_choices: list[list[int]]
    suggested: int | None
    aliens: list[int]
    teams: list[int]
    winners: list[int]
    advanced: list[str]
    unit_types: list[str]
    history: list[list[EmpireStats]]  # per Economic Phase, once the game is over


class Observation(_BaseObservation, total=False):
    """Everything ``viewer`` may know, and what the screens show from it.

    The keys below are present only with the rule set they belong to; a
    ``total=False`` subclass (not ``NotRequired``) so that ``__required_keys__``
    says so at run time despite the postponed annotations.
    """

    machines: list[MachineView]  # with the Doomsday Machines rule set
    machine_step: bool  # the machines move and fight after the turn's players


# -- building one ---------------------------------------------------------------------
def observation(state: State, viewer: int, income_report: IncomeReport | None = None,
                history: list[list[EmpireStats]] | None = None) -> Observation:
    """The information set of ``viewer``, with what the screens show from it."""
    view = _observation(state, state.some_fields(OBSERVED_FIELDS), viewer, income_report,
                        history)
    if state.options & data.OPT_DOOMSDAY:
        view["machines"] = [{"number": number, "hex": place, "hits": hits,
                             "unit": data.MACHINE_UNIT + number - 1}
                            for number, place, hits in doomsday.machines(state)]
        view["machine_step"] = bool(state.machine_step)
    return view


# The array fields the views read (a test checks the list against the code).  Why not
# ``state.fields()``: that copies every field, the records and the hex indexes
# included, which no view reads; the leak check and the LAN host build an observation
# per player after every action.
OBSERVED_FIELDS: tuple[str, ...] = (
    "alien", "alien_bank", "alive", "cp", "h_col_cp", "h_col_owner", "h_deposit_cp",
    "h_deposit_wrecks", "h_face_up", "h_known", "h_marker", "h_value", "homeworld",
    "hx_yards", "team", "tech", "u_cargo", "u_cargo_value", "u_count", "u_damage",
    "u_flags", "u_hex", "u_mov", "u_moved", "u_number", "u_type")


def _observation(state: State, fields: dict[str, list[int]], viewer: int,
                 income_report: IncomeReport | None,
                 history: list[list[EmpireStats]] | None) -> Observation:
    return {
        "viewer": viewer,
        "board": state.board_name,
        "players": state.n_players,
        "round": state.round,
        "turn": state.turn,
        "phase": phases.PHASES[state.phase].name,
        "current_player": state.current_player,
        "order": state.player_order(),
        "alive": fields["alive"],
        "winner": state.winner,
        "homeworlds": fields["homeworld"],
        "hexes": _hex_views(state, fields, viewer),
        "units": [_unit_view(state, fields, s, viewer) for s in range(state.n_units)
                  if fields["u_type"][s] >= 0],
        "me": _own_empire(state, fields, viewer, income_report or {}),
        "battle": _battle_view(state, fields),
        "battle_hexes": state.battle_hex_list(),
        "lost_in_space": _lost_view(state, fields),
        "peek": _peek_view(state, fields, viewer),
        "bids": state.bids_visible_to(viewer),
        "order_choices": _order_choices(state),
        "suggested": _suggested(state, viewer),
        "aliens": fields["alien"],
        "teams": fields["team"],
        "winners": _winners(state, fields),
        "advanced": [name for name, bit in data.ADVANCED_RULES.items() if state.options & bit],
        "unit_types": [data.UNIT_CODES[t] for t in range(data.N_UNIT_TYPES)
                       if unit_in_play(state, t)],
        "history": list(history or []),
    }


def warp_links_seen(obs: Observation) -> dict[int, list[int]]:
    """Each revealed warp point -> the others of its number, which are adjacent to it
    (warp points rule set; empty otherwise): what every player sees on the map.

    With :meth:`se4x_core.hexgrid.Board.adjacent` and ``linked_distance`` this is how
    the bots ask for adjacency and distance, as the engine's ``rules.advanced.warp``.
    """
    markers = [view["marker"] for view in obs["hexes"]]
    values = [view.get("value", 0) for view in obs["hexes"]]
    return warp_links(warp_groups(markers, values))


def friends_of(obs: Observation, player: int) -> set[int]:
    """``player`` and, in team play, its ally or allies (from the public ``teams``).

    >>> sorted(friends_of({"teams": [1, 2, 1, 2]}, 0)), sorted(friends_of({"teams": [0, 0]}, 1))
    ([0, 2], [1])
    """
    teams = obs.get("teams") or []
    team = teams[player] if player < len(teams) else 0
    return {p for p, t in enumerate(teams) if team and t == team} | {player}


def _winners(state: State, f: dict[str, list[int]]) -> list[int]:
    """Who won a finished game: the winner, or in team play its whole team."""
    winner = state.winner
    if state.phase != phases.PH_GAME_OVER or winner < 0:
        return []
    team = f["team"]
    return [p for p in range(state.n_players) if p == winner or team[p] and team[p] == team[winner]]


def _suggested(state: State, viewer: int) -> int | None:
    """The default policy's action (auto-resolve, the hint) when ``viewer`` is to act."""
    if state.current_player != viewer:
        return None
    return int(engine.default_action(state))


def _order_choices(state: State) -> list[list[int]]:
    if state.phase != phases.PH_CHOOSE_ORDER:
        return []
    return [list(order) for order in economy.order_choices(state)]


def _hex_views(state: State, f: dict[str, list[int]], viewer: int) -> list[HexView]:
    """Every hex as ``viewer`` sees it.

    One loop over local lists: the leak check and the LAN host build an
    observation per player after every action, so this is the observation's
    hot spot.
    """
    region = state.board.region
    face_up, marker, value, known_by = f["h_face_up"], f["h_marker"], f["h_value"], f["h_known"]
    col_owner, col_cp = f["h_col_owner"], f["h_col_cp"]
    deposit_cp, deposit_wrecks = f["h_deposit_cp"], f["h_deposit_wrecks"]
    keys = data.MARKER_KEYS
    players = range(state.n_players)
    views: list[HexView] = []
    for h in range(state.n_hexes):
        view: HexView = {"hex": h, "home_of": region[h], "marker": None}
        if face_up[h]:
            view["marker"] = keys[marker[h]]
            view["value"] = value[h]
        else:
            known = known_by[h]
            if known >> viewer & 1:
                view["peeked"] = keys[marker[h]]
                view["peeked_value"] = value[h]
            if known:
                view["peeked_by"] = [p for p in players if known >> p & 1]
        owner = col_owner[h]
        if owner >= 0:
            view["colony"] = {"owner": owner, "cp": col_cp[h],
                              "homeworld": marker[h] == M_HOMEWORLD,
                              "minerals_waiting": deposit_cp[h],
                              "wrecks_waiting": deposit_wrecks[h]}
        views.append(view)
    return views


def _unit_view(state: State, f: dict[str, list[int]], unit: int, viewer: int) -> UnitView:
    owner = unit // UNITS_PER_PLAYER
    flags = f["u_flags"][unit]
    cargo = f["u_cargo"][unit]
    view: UnitView = {"unit": unit, "owner": owner, "hex": f["u_hex"][unit],
                      "revealed": bool(flags & F_REVEALED), "moved": f["u_moved"][unit],
                      "unit_type": None}
    if owner != viewer:
        unit_type, number, count = identity(state, unit)  # what every player may know
        view["unit_type"] = unit_type
        if number is not None:
            view["number"] = number
        if count is not None:
            view["count"] = count
        if cargo and f["u_type"][unit] == MINER:  # a miner's tow is public (miners are face up)
            view["cargo"] = data.MARKER_KEYS[cargo]
            view["cargo_value"] = f["u_cargo_value"][unit]
        if flags & F_REVEALED:  # technology shows only once revealed in combat
            _add_tech(view, state, f, unit)
        if state.b_hex >= 0 and f["u_hex"][unit] == state.b_hex and "count" in view:
            view["damage"] = f["u_damage"][unit]
        return view
    view["unit_type"] = data.UNIT_CODES[f["u_type"][unit]]
    view["number"] = f["u_number"][unit]
    view["count"] = f["u_count"][unit]
    view["allowance"] = movement_allowance(state, unit) if state.turn else 0
    view["done"] = bool(flags & F_DONE)
    view["terraform"] = bool(flags & F_TERRAFORM)
    view["explorer"] = bool(flags & F_EXPLORER)
    view["damage"] = f["u_damage"][unit]
    view["cargo"] = data.MARKER_KEYS[cargo] if cargo and f["u_type"][unit] == MINER else None
    view["cargo_value"] = f["u_cargo_value"][unit]
    if state.options:
        view["level"] = special_level(state, unit)  # F1-F3, a scout's Point Defense
        if f["u_type"][unit] == F:
            view["aboard"] = cargo - 1 if cargo else None
        if state.options & OPT_PIPELINES:
            view["chain_bonus"] = chain_bonus(state, unit)
    if f["alien"][viewer]:  # an alien player's own groups: which fleet (0: at home)
        view["fleet"] = (flags & F_FLEET) >> F_FLEET_SHIFT
    _add_tech(view, state, f, unit)
    return view


def _add_tech(view: UnitView, state: State, f: dict[str, list[int]], unit: int) -> None:
    """The technology a counter carries into combat, and its movement technology."""
    view["attack_tech"] = combat_level(state, unit, 0)
    view["defense_tech"] = combat_level(state, unit, 1)
    view["tactics"] = combat_level(state, unit, 2)
    view["movement_tech"] = f["u_mov"][unit]
    if state.options:  # F1-F3, a scout's Point Defense: part of the revealed technology
        view["level"] = special_level(state, unit)


def _own_empire(state: State, f: dict[str, list[int]], viewer: int,
                income_report: IncomeReport) -> EmpireView:
    tech = f["tech"][viewer * N_TECHS:(viewer + 1) * N_TECHS]
    view: EmpireView = {
        "cp": f["cp"][viewer],
        "tech": {data.TECH_KEYS[t]: tech[t] for t in range(N_TECHS) if tech_in_play(state, t)},
        "income_report": income_report.copy(),
    }
    if state.options & OPT_PIPELINES:  # the trade the next Economic Phase would pay, as of now
        view["trade_links"] = linked_colonies(state, viewer)
    if f["alien"][viewer]:  # the solitaire scenario: an alien player sees its own banks
        view["alien_banks"] = {data.BANK_NAMES[b]: f["alien_bank"][viewer * data.N_BANKS + b]
                               for b in range(data.N_BANKS)}
    if state.phase == phases.PH_BUY:
        view["researched"] = [data.TECH_KEYS[t] for t in economy.researched_of(state, viewer)]
        view["purchases"] = _purchase_records(state, viewer)
        view["income_hexes"] = economy.income_hexes(state, viewer)
        view["yards"] = _yards(state, f, viewer)
        view["buy_options"] = _buy_options(state, viewer, view["income_hexes"])
        view["refit_options"] = _refit_options(state, f, viewer,
                                               {y["hex"] for y in view["yards"]})
        view["research_costs"] = _research_costs(state, tech)
    return view


def _purchase_records(state: State, viewer: int) -> list[PurchaseRecord]:
    out: list[PurchaseRecord] = []
    for record in economy.purchases_of(state, viewer):
        kind = record[0]
        if kind == P_RESEARCH:
            out.append({"kind": "research", "tech": data.TECH_KEYS[record[1]],
                        "level": record[2], "cost": record[3]})
        elif kind == P_BUY:
            out.append({"kind": "buy", "unit_type": data.UNIT_CODES[record[1]],
                        "hex": record[2], "cost": record[3]})
        else:
            out.append({"kind": "refit", "unit": record[1], "cost": record[2]})
    return out


def _yards(state: State, f: dict[str, list[int]], viewer: int) -> list[YardView]:
    """The viewer's colonies with ship yards (read from ``f``: a state field is a new view
    at every access)."""
    owner, yards = f["h_col_owner"], f["hx_yards"]
    return [{"hex": h, "capacity": economy.yard_capacity(state, viewer, h),
             "used": economy.yard_capacity_used(state, viewer, h)}
            for h in range(state.n_hexes) if owner[h] == viewer and yards[h] > 0]


def _buy_options(state: State, viewer: int, hexes: list[int]) -> list[BuyOption]:
    return [{"hex": h, "unit_type": data.UNIT_CODES[t], "cost": data.UNIT_COST[t],
             "problem": economy.purchase_problem(state, viewer, t, h)}
            for h in hexes for t in data.BUYABLE_TYPES if unit_in_play(state, t)]


def _refit_options(state: State, f: dict[str, list[int]], viewer: int,
                   yard_hexes: set[int]) -> list[RefitOption]:
    """Own warships at own yards (the groups a refit could apply to)."""
    u_type, u_hex, u_count = f["u_type"], f["u_hex"], f["u_count"]
    waiting = state.current_player != viewer  # the rules answer for the player to act only
    out: list[RefitOption] = []
    for unit in range(viewer * UNITS_PER_PLAYER, (viewer + 1) * UNITS_PER_PLAYER):
        unit_type = u_type[unit]
        if unit_type not in data.WARSHIP_TYPES or u_hex[unit] not in yard_hexes:
            continue
        problem = NOT_YOUR_STEP if waiting else economy.refit_problem(state, unit)
        out.append({"unit": unit, "cost": data.UNIT_HULL[unit_type] * u_count[unit],
                    "problem": problem})
    return out


def _research_costs(state: State, tech: list[int]) -> dict[str, int]:
    """The price of each technology's next level (absent at the top of the chart)."""
    costs = {}
    for t in range(N_TECHS):
        price = economy.tech_cost(t, tech[t]) if tech_in_play(state, t) else -1
        if price >= 0:
            costs[data.TECH_KEYS[t]] = price
    return costs


def _battle_view(state: State, f: dict[str, list[int]]) -> BattleView | None:
    if state.b_hex < 0:
        return None
    queue = combat.battle_queue(state)
    current = state.b_pos & 1023 if 0 <= state.b_pos < combat.POS_END_VALUE else -1
    pos = queue.index(current) if current in queue else (
        len(queue) if state.b_pos == combat.POS_END_VALUE else 0)
    in_battle = [s for s in range(state.n_units)
                 if f["u_type"][s] >= 0 and f["u_hex"][s] == state.b_hex]
    screened = [s for s in in_battle if f["u_flags"][s] & F_SCREENED]
    return {"hex": state.b_hex, "attacker": state.b_attacker, "defender": state.b_defender,
            "round": state.b_round, "terrain": TERRAIN_NAMES[combat.terrain_of(state, state.b_hex)],
            "screened": screened,
            "bonus": [state.b_bonus_a, state.b_bonus_d], "screener": state.b_screener,
            "screen_left": state.b_screen_left, "colony_phase": bool(state.b_colony),
            "queue": queue, "pos": pos, "shot": state.b_shot,
            "to_hit": _to_hit_table(state, in_battle),
            "colony_to_hit": _colony_to_hit(state, in_battle),
            "retreats": {s: combat.retreat_directions(state, s) for s in in_battle
                         if s // UNITS_PER_PLAYER in (state.b_attacker, state.b_defender)},
            "point_defense": [s for s in in_battle if f["u_flags"][s] & F_POINT_DEFENSE],
            "ambush": [s for s in in_battle if f["u_flags"][s] & F_AMBUSH]}


def _to_hit_table(state: State, in_battle: list[int]) -> list[ToHit]:
    """Every armed group against every enemy group in the battle."""
    sides = (state.b_attacker, state.b_defender)
    table: list[ToHit] = []
    machine = doomsday.machine_at(state, state.b_hex)
    against_machine = state.b_defender == data.MACHINE_SIDE and machine >= 0
    machine_unit = data.MACHINE_UNIT + machine
    for unit in in_battle:
        if unit // UNITS_PER_PLAYER not in sides or data.UNIT_ATTACK[state.u_type[unit]] <= 0:
            continue
        if against_machine:
            table.append({"unit": unit, "target": machine_unit,
                          "to_hit": combat.to_hit_against(state, unit, machine_unit)})
            continue
        for target in in_battle:
            side = target // UNITS_PER_PLAYER
            if side in sides and side != unit // UNITS_PER_PLAYER:
                table.append({"unit": unit, "target": target,
                              "to_hit": combat.to_hit_against(state, unit, target)})
    if against_machine:  # its shots, against every group of the player's side
        table += [{"unit": machine_unit, "target": target,
                   "to_hit": combat.to_hit_against(state, machine_unit, target)}
                  for target in in_battle if target // UNITS_PER_PLAYER == state.b_attacker
                  and data.UNIT_ATTACK[state.u_type[target]] > 0]
    return table


def _colony_to_hit(state: State, in_battle: list[int]) -> dict[int, int]:
    """During an attack on a colony: each attacking group's number against it."""
    if not state.b_colony:
        return {}
    return {unit: combat.colony_to_hit(state, unit) for unit in in_battle
            if unit // UNITS_PER_PLAYER == state.b_attacker
            and data.UNIT_ATTACK[state.u_type[unit]] > 0}


def _lost_view(state: State, f: dict[str, list[int]]) -> LostView | None:
    if state.lost_unit < 0:
        return None
    return {"unit": state.lost_unit, "chooser": state.lost_chooser,
            "hex": f["u_hex"][state.lost_unit]}


def _peek_view(state: State, f: dict[str, list[int]], viewer: int) -> PeekView | None:
    if state.peek_unit < 0:
        return None
    view: PeekView = {"unit": state.peek_unit, "hex": state.peek_hex}
    if state.peek_unit // UNITS_PER_PLAYER == viewer:
        view["marker"] = data.MARKER_KEYS[f["h_marker"][state.peek_hex]]
        view["value"] = f["h_value"][state.peek_hex]
    return view
