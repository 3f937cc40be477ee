"""Per-player observations: everything a player may know, nothing more.

What stays hidden (se4x-rules-summary.txt "Group", "Exploration",
"Economic Phase"):

* face-down markers, except to a player who peeked at one with a cruiser;
* an enemy group's type, size and technology until it is revealed in combat
  (colony ships, miners and bases always show; ship yards show their type);
  decoys look like any other face-down counter;
* other players' CP, technology levels, income reports, bids (until all are
  in) and purchases (until placed);
* towed cargo and minerals waiting at a colony.

The observation is plain JSON-ready data; the GUI draws from it, the AI
decides from it, and the LAN host sends it.
"""

from __future__ import annotations

from typing import Any

from se4x_core import data
from se4x_core.state import (
    F_DONE,
    F_EXPLORER,
    F_REVEALED,
    F_TERRAFORM,
    S_BID,
    S_BUY,
    STAGE_NAMES,
    State,
)
from se4x_core.units import movement_allowance, public_identity


def observation(state: State, viewer: int) -> dict[str, Any]:
    """The information set of ``viewer`` as a JSON-ready dict."""
    return {
        "viewer": viewer,
        "board": state.board_name,
        "players": state.n_players,
        "round": state.round,
        "turn": state.turn,
        "stage": STAGE_NAMES[state.stage],
        "current_player": state.current_player,
        "order": list(state.order),
        "alive": list(state.alive),
        "winner": state.winner,
        "homeworlds": list(state.homeworld),
        "hexes": [_hex_view(state, h, viewer) for h in range(state.board.size)],
        "units": [_unit_view(state, s, viewer) for s in range(len(state.u_type))
                  if state.u_type[s] >= 0],
        "me": _own_empire(state, viewer),
        "battle": _battle_view(state),
        "battle_hexes": list(state.battle_hexes),
        "lost_in_space": _lost_view(state),
        "peek": _peek_view(state, viewer),
        "bids": _bids_view(state, viewer),
        "history": state.history if state.stage == 11 else [],
    }


def _hex_view(state: State, h: int, viewer: int) -> dict[str, Any]:
    view: dict[str, Any] = {"hex": h, "home_of": state.board.region[h]}
    if state.h_face_up[h]:
        view["marker"] = data.MARKER_KEYS[state.h_marker[h]]
        view["value"] = state.h_value[h]
    else:
        view["marker"] = None
        if state.h_known[h] >> viewer & 1:
            view["peeked"] = data.MARKER_KEYS[state.h_marker[h]]
            view["peeked_value"] = state.h_value[h]
    owner = state.h_col_owner[h]
    if owner >= 0:
        view["colony"] = {"owner": owner, "cp": state.h_col_cp[h],
                          "homeworld": state.h_marker[h] == data.M_HOMEWORLD}
        if owner == viewer:
            view["colony"]["minerals_waiting"] = state.h_deposit_cp[h]
            view["colony"]["wrecks_waiting"] = state.h_deposit_wrecks[h]
    return view


def _unit_view(state: State, slot: int, viewer: int) -> dict[str, Any]:
    owner = state.owner(slot)
    view: dict[str, Any] = {"unit": slot, "owner": owner, "hex": state.u_hex[slot],
                            "revealed": bool(state.u_flags[slot] & F_REVEALED)}
    if owner != viewer:
        view.update(public_identity(state, slot))
        if state.u_flags[slot] & F_REVEALED:  # technology shows only once revealed in combat
            view.update(_tech_view(state, slot))
        if state.battle is not None and state.u_hex[slot] == state.battle.hex and "count" in view:
            view["damage"] = state.u_damage[slot]
        return view
    flags = state.u_flags[slot]
    view.update({
        "unit_type": data.UNIT_CODES[state.u_type[slot]],
        "number": state.u_number[slot],
        "count": state.u_count[slot],
        "moved": state.u_moved[slot],
        "allowance": movement_allowance(state, slot) if state.turn else 0,
        "done": bool(flags & F_DONE),
        "terraform": bool(flags & F_TERRAFORM),
        "explorer": bool(flags & F_EXPLORER),
        "damage": state.u_damage[slot],
        "cargo": data.MARKER_KEYS[state.u_cargo[slot]] if state.u_cargo[slot] else None,
        "cargo_value": state.u_cargo_value[slot],
    })
    view.update(_tech_view(state, slot))
    return view


def _tech_view(state: State, slot: int) -> dict[str, int]:
    att, dfn, tac = state.combat_levels(slot)
    return {"attack_tech": att, "defense_tech": dfn, "tactics": tac,
            "movement_tech": state.u_mov[slot]}


def _own_empire(state: State, viewer: int) -> dict[str, Any]:
    view: dict[str, Any] = {
        "cp": state.cp[viewer],
        "tech": {data.TECH_KEYS[t]: state.tech_level(viewer, t) for t in range(data.N_TECHS)},
        "income_report": state.econ_report[viewer],
    }
    if state.stage == S_BUY:
        view["researched"] = [data.TECH_KEYS[t] for t in state.researched[viewer]]
        view["purchases"] = [list(p) for p in state.purchases[viewer]]
        view["income_hexes"] = list(state.income_hexes[viewer])
    return view


def _battle_view(state: State) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    view = {"hex": battle.hex, "attacker": battle.attacker, "defender": battle.defender,
            "round": battle.round, "screened": list(battle.screened), "bonus": list(battle.bonus),
            "screener": battle.screener, "screen_left": battle.screen_left,
            "colony_phase": battle.colony_phase, "queue": list(battle.queue),
            "pos": battle.pos, "shot": battle.shot}
    return view


def _lost_view(state: State) -> dict[str, int] | None:
    if state.lost_unit < 0:
        return None
    return {"unit": state.lost_unit, "chooser": state.lost_chooser,
            "hex": state.u_hex[state.lost_unit]}


def _peek_view(state: State, viewer: int) -> dict[str, Any] | None:
    if state.peek_unit < 0:
        return None
    view: dict[str, Any] = {"unit": state.peek_unit, "hex": state.peek_hex}
    if state.owner(state.peek_unit) == viewer:
        view["marker"] = data.MARKER_KEYS[state.h_marker[state.peek_hex]]
        view["value"] = state.h_value[state.peek_hex]
    return view


def _bids_view(state: State, viewer: int) -> list[int | None]:
    """Own bid always; others' only once every bid is in (they are sealed)."""
    if state.stage == S_BID:
        return [b if p == viewer else None for p, b in enumerate(state.bids)]
    return list(state.bids)
