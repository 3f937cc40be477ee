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
face-down marker (not what they saw).

The observation is plain JSON-ready data; the GUI draws from it, the AI
decides from it, and the LAN host sends it.  The facade passes the viewer's
own income report and, once the game is over, the history, since neither
lives in the searched state.
"""

from __future__ import annotations

from typing import Any

from se4x_core import data, phases
from se4x_core.rules import combat, economy
from se4x_core.rules.codes import (
    F_DONE,
    F_EXPLORER,
    F_REVEALED,
    F_SCREENED,
    F_TERRAFORM,
    M_HOMEWORLD,
    N_TECHS,
    UNIT_SLOTS,
)
from se4x_core.rules.state import State
from se4x_core.rules.units import combat_level, movement_allowance, public_identity


def observation(state: State, viewer: int, income_report: dict[str, Any] | None = None,
                history: list[Any] | None = None) -> dict[str, Any]:
    """The information set of ``viewer`` as a JSON-ready dict."""
    fields = state.fields()
    return {
        "viewer": viewer,
        "board": state.board_name,
        "players": state.n_players,
        "round": state.round,
        "turn": state.turn,
        "stage": phases.PHASES[state.stage].name,
        "current_player": state.current_player,
        "order": state.player_order(),
        "alive": fields["alive"],
        "winner": state.winner,
        "homeworlds": fields["homeworld"],
        "hexes": [_hex_view(state, fields, h, viewer) for h in range(state.n_hexes)],
        "units": [_unit_view(state, fields, s, viewer) for s in range(state.n_units)
                  if fields["u_type"][s] >= 0],
        "me": _own_empire(state, fields, viewer, income_report or {}),
        "battle": _battle_view(state, fields),
        "battle_hexes": state.battle_hex_list(),
        "lost_in_space": _lost_view(state, fields),
        "peek": _peek_view(state, fields, viewer),
        "bids": state.bids_visible_to(viewer),
        "history": list(history or []),
    }


def _hex_view(state: State, f: dict[str, list[int]], h: int, viewer: int) -> dict[str, Any]:
    view: dict[str, Any] = {"hex": h, "home_of": state.board.region[h]}
    if f["h_face_up"][h]:
        view["marker"] = data.MARKER_KEYS[f["h_marker"][h]]
        view["value"] = f["h_value"][h]
    else:
        view["marker"] = None
        known = f["h_known"][h]
        if known >> viewer & 1:
            view["peeked"] = data.MARKER_KEYS[f["h_marker"][h]]
            view["peeked_value"] = f["h_value"][h]
        if known:
            view["peeked_by"] = [p for p in range(state.n_players) if known >> p & 1]
    owner = f["h_col_owner"][h]
    if owner >= 0:
        view["colony"] = {"owner": owner, "cp": f["h_col_cp"][h],
                          "homeworld": f["h_marker"][h] == M_HOMEWORLD,
                          "minerals_waiting": f["h_deposit_cp"][h],
                          "wrecks_waiting": f["h_deposit_wrecks"][h]}
    return view


def _unit_view(state: State, f: dict[str, list[int]], slot: int,
               viewer: int) -> dict[str, Any]:
    owner = slot // UNIT_SLOTS
    flags = f["u_flags"][slot]
    cargo = f["u_cargo"][slot]
    view: dict[str, Any] = {"unit": slot, "owner": owner, "hex": f["u_hex"][slot],
                            "revealed": bool(flags & F_REVEALED), "moved": f["u_moved"][slot]}
    if owner != viewer:
        view.update(public_identity(state, slot))
        if cargo:
            view["cargo"] = data.MARKER_KEYS[cargo]
            view["cargo_value"] = f["u_cargo_value"][slot]
        if flags & F_REVEALED:  # technology shows only once revealed in combat
            view.update(_tech_view(state, f, slot))
        if state.b_hex >= 0 and f["u_hex"][slot] == state.b_hex and "count" in view:
            view["damage"] = f["u_damage"][slot]
        return view
    view.update({
        "unit_type": data.UNIT_CODES[f["u_type"][slot]],
        "number": f["u_number"][slot],
        "count": f["u_count"][slot],
        "allowance": movement_allowance(state, slot) if state.turn else 0,
        "done": bool(flags & F_DONE),
        "terraform": bool(flags & F_TERRAFORM),
        "explorer": bool(flags & F_EXPLORER),
        "damage": f["u_damage"][slot],
        "cargo": data.MARKER_KEYS[cargo] if cargo else None,
        "cargo_value": f["u_cargo_value"][slot],
    })
    view.update(_tech_view(state, f, slot))
    return view


def _tech_view(state: State, f: dict[str, list[int]], slot: int) -> dict[str, int]:
    return {"attack_tech": combat_level(state, slot, 0),
            "defense_tech": combat_level(state, slot, 1),
            "tactics": combat_level(state, slot, 2),
            "movement_tech": f["u_mov"][slot]}


def _own_empire(state: State, f: dict[str, list[int]], viewer: int,
                income_report: dict[str, Any]) -> dict[str, Any]:
    tech = f["tech"][viewer * N_TECHS:(viewer + 1) * N_TECHS]
    view: dict[str, Any] = {
        "cp": f["cp"][viewer],
        "tech": {data.TECH_KEYS[t]: tech[t] for t in range(N_TECHS)},
        "income_report": dict(income_report),
    }
    if state.stage == phases.S_BUY:
        view["researched"] = [data.TECH_KEYS[t] for t in economy.researched_of(state, viewer)]
        view["purchases"] = economy.purchases_of(state, viewer)
        view["income_hexes"] = economy.income_hexes(state, viewer)
    return view


def _battle_view(state: State, f: dict[str, list[int]]) -> dict[str, Any] | None:
    if state.b_hex < 0:
        return None
    queue = combat.battle_queue(state)
    current = state.b_pos & 1023 if 0 <= state.b_pos < combat.POS_END_VALUE else -1
    pos = queue.index(current) if current in queue else (
        len(queue) if state.b_pos == combat.POS_END_VALUE else 0)
    screened = [s for s in range(state.n_units)
                if f["u_type"][s] >= 0 and f["u_flags"][s] & F_SCREENED]
    return {"hex": state.b_hex, "attacker": state.b_attacker, "defender": state.b_defender,
            "round": state.b_round, "screened": screened,
            "bonus": [state.b_bonus_a, state.b_bonus_d], "screener": state.b_screener,
            "screen_left": state.b_screen_left, "colony_phase": bool(state.b_colony),
            "queue": queue, "pos": pos, "shot": state.b_shot}


def _lost_view(state: State, f: dict[str, list[int]]) -> dict[str, int] | None:
    if state.lost_unit < 0:
        return None
    return {"unit": state.lost_unit, "chooser": state.lost_chooser,
            "hex": f["u_hex"][state.lost_unit]}


def _peek_view(state: State, f: dict[str, list[int]], viewer: int) -> dict[str, Any] | None:
    if state.peek_unit < 0:
        return None
    view: dict[str, Any] = {"unit": state.peek_unit, "hex": state.peek_hex}
    if state.peek_unit // UNIT_SLOTS == viewer:
        view["marker"] = data.MARKER_KEYS[f["h_marker"][state.peek_hex]]
        view["value"] = f["h_value"][state.peek_hex]
    return view
