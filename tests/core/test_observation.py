"""Observations: what each player may know (hidden information), nothing more."""

from __future__ import annotations

import json
import random

import pytest

from se4x_core import data
from se4x_core.devtools.infoset import leaked_fields
from se4x_core.game import Game
from se4x_core.rules.codes import F_REVEALED
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    E,
    act,
    add,
    end_movement,
    events_of,
    force_dice,
    move,
    neighbour,
    open_purchases_for,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    to_economic_phase,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]


def unit_view(game, viewer, unit):
    return next(u for u in game.observation(viewer)["units"] if u["unit"] == unit)


def test_observation_is_json_ready():
    """View: the observation is plain JSON data (GUI, AI and network use it)."""
    game = scenario()
    add(game.state, 0, data.DD, CENTRE)
    for viewer in (0, 1):
        obs = game.observation(viewer)
        assert json.loads(json.dumps(obs)) == obs


def test_face_down_markers_hidden_from_everyone():
    """Summary "Exploration": unexplored systems are face down; nobody sees their content."""
    game = Game.new_game({"players": 2, "seed": 9})
    while game.phase == "place_homeworld":
        game.apply(game.legal_actions()[0])
    state = game.state
    for viewer in (0, 1):
        hexes = game.observation(viewer)["hexes"]
        for h, view in enumerate(hexes):
            if state.h_face_up[h]:
                assert view["marker"] == data.MARKER_KEYS[state.h_marker[h]]
            else:
                assert view["marker"] is None and "value" not in view
                assert "peeked" not in view


def test_face_down_marker_contents_do_not_change_observations():
    """Summary "Exploration": what lies under face-down markers is unknown: swapping two
    face-down markers changes no player's observation."""
    game = scenario()
    state = game.state
    a, b = neighbour(state, CENTRE, E), CENTRE
    set_marker(state, a, data.M_DANGER, 0)
    set_marker(state, b, data.M_MINERAL, 10)
    before = [game.observation(p) for p in (0, 1)]
    set_marker(state, a, data.M_MINERAL, 10)
    set_marker(state, b, data.M_DANGER, 0)
    assert [game.observation(p) for p in (0, 1)] == before


def test_enemy_groups_hidden_until_revealed():
    """Summary "Group": type, size and technology of a group are hidden from the enemy
    until engaged in combat; BGA help "Decoys": decoys look like ships."""
    game = scenario()
    state = game.state
    dd = add(state, 0, data.DD, CENTRE, count=5, att=1)
    decoy = add(state, 0, data.DECOY, CENTRE)
    seen_dd, seen_decoy = unit_view(game, 1, dd), unit_view(game, 1, decoy)
    assert seen_dd["unit_type"] is None and seen_decoy["unit_type"] is None
    # "moved" (steps this turn) is public: every step is announced by a "moved" event.
    assert set(seen_dd) == set(seen_decoy) == {"unit", "owner", "hex", "revealed", "moved",
                                                "unit_type"}
    assert {k: v for k, v in seen_dd.items() if k != "unit"} == \
        {k: v for k, v in seen_decoy.items() if k != "unit"}
    own = unit_view(game, 0, dd)
    assert own["unit_type"] == "DD" and own["count"] == 5 and own["attack_tech"] == 1


def test_unrevealed_group_contents_do_not_change_observation():
    """Summary "Group": an unrevealed group's type, size and technology are the owner's
    secret: changing them leaves the opponent's observation as it was."""
    game = scenario()
    state = game.state
    unit = add(state, 0, data.DD, CENTRE, count=2)
    before = game.observation(1)
    state.u_type[unit] = data.BB
    state.u_count[unit] = 6
    state.u_att[unit] = 3
    state.u_tac[unit] = 2
    state.u_mov[unit] = 5
    state.rebuild_derived()  # the per-type counts follow the edited counter
    assert game.observation(1) == before


def test_colony_ships_miners_bases_show_type_but_not_technology():
    """Summary "Colony Ships"/"Mining Ships": they always stay face up (type and count
    visible); technology levels are the owner's secret until revealed in combat."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_ATTACK, 2)
    state.set_tech_level(0, data.T_TACTICS, 2)
    state.set_tech_level(0, data.T_MOVEMENT, 4)
    co = add(state, 0, data.CO, CENTRE)
    base = add(state, 0, data.BASE, HOME_0)
    yard = add(state, 0, data.SY, HOME_0, count=3)
    assert unit_view(game, 1, co)["unit_type"] == "CO"
    assert unit_view(game, 1, co)["count"] == 1
    assert unit_view(game, 1, base)["unit_type"] == "Base"
    seen_yard = unit_view(game, 1, yard)
    assert seen_yard["unit_type"] == "SY" and "count" not in seen_yard
    for unit in (co, base, yard):
        view = unit_view(game, 1, unit)
        assert not {"attack_tech", "defense_tech", "tactics", "movement_tech"} & set(view)


def test_combat_reveals_groups_until_back_at_a_colony():
    """Summary "Post Combat": ships revealed in combat stay face up and can be examined
    until they return to one of their colonies, where they flip face down again."""
    game = scenario()
    state = game.state
    mine = add(state, 0, data.DD, CENTRE, count=3, att=1)
    theirs = add(state, 1, data.SC, CENTRE)
    assert unit_view(game, 1, mine)["unit_type"] is None
    end_movement(game)
    assert game.phase == "combat_fire"  # the destroyers (class D) fire first
    force_dice(state, 1)
    act(game, "fire", target=theirs)
    assert state.b_hex < 0 and state.u_type[theirs] < 0
    seen = unit_view(game, 1, mine)
    assert seen["revealed"] and seen["unit_type"] == "DD" and seen["count"] == 3
    assert seen["attack_tech"] == 1
    colony = neighbour(state, CENTRE, E)
    set_colony(state, 0, colony, 3)
    set_turn(state, 0, 2)
    move(game, mine, colony)
    assert unit_view(game, 1, mine)["revealed"]  # still face up during the turn
    end_movement(game)
    assert not state.u_flags[mine] & F_REVEALED
    assert unit_view(game, 1, mine)["unit_type"] is None


def test_no_leak_while_a_colony_is_attacked():
    """View / infoset: in a colony attack the attacker's combat groups are revealed and
    fire in the open, and its decoys there are gone (destroyed at the start of combat);
    the leak check varies only what the other players cannot know, and finds nothing."""
    game = scenario()
    state = game.state
    set_colony(state, 1, CENTRE, 5)
    add(state, 0, data.DD, CENTRE)
    decoy = add(state, 0, data.DECOY, CENTRE)
    end_movement(game)
    assert game.phase == "colony_attack" and state.u_type[decoy] < 0
    rnd = random.Random(3)
    for _ in range(30):
        assert leaked_fields(state, 1, rnd) == []


def test_revealed_enemy_shows_type_count_and_technology():
    """Summary "Post Combat": revealed ships can be examined by other players."""
    game = scenario()
    state = game.state
    unit = add(state, 0, data.CA, CENTRE, count=2, att=2, dfn=1, tac=1)
    state.u_flags[unit] |= F_REVEALED
    view = unit_view(game, 1, unit)
    assert (view["unit_type"], view["count"], view["attack_tech"], view["defense_tech"],
            view["tactics"]) == ("CA", 2, 2, 1, 1)


def test_other_empires_economy_is_hidden():
    """Summary "Economic Phase"/"Technology": other players' CP, technology levels, income
    reports, bids (until all are in) and purchases (until placed) are hidden."""
    game = scenario(cp=10)
    state = game.state
    add(state, 0, data.SY, HOME_0, count=4)
    to_economic_phase(game)
    act(game, "bid", amount=4)
    obs = game.observation(1)
    assert obs["bids"] == [None, -1]
    act(game, "bid", amount=0)
    assert game.observation(1)["bids"] == [4, 0]  # revealed together
    assert game.phase == "choose_order" and game.current_player == 0
    act(game, "choose_order", order=0)  # (0, 1)
    open_purchases_for(game, 0, cp=100)
    before = game.observation(1)
    act(game, "research", tech=data.T_ATTACK)
    act(game, "buy", unit_type=data.SC, hex=HOME_0)
    after = game.observation(1)
    assert after == before
    assert after["me"]["cp"] == state.cp[1]
    assert "purchases" in game.observation(0)["me"]
    state.cp[0] = 3
    state.set_tech_level(0, data.T_DEFENSE, 2)
    # Income reports live in the facade now (Game.income_report), not in the state.
    game._reports = {**game._reports, 0: {"cp": 999}}
    assert game.income_report(0) == {"cp": 999}
    assert game.observation(1) == after


def test_towed_cargo_and_deposits_are_seen_as_announced():
    """View (module docstring): what a miner tows and the minerals waiting at a colony
    happen in the open: the "loaded" and "unloaded" events announce the marker and its
    value to every player, so every observation shows them, the owner's and the
    enemy's alike (and nothing the events did not say)."""
    game = scenario()
    state = game.state
    colony = neighbour(state, CENTRE, E)
    set_marker(state, CENTRE, data.M_MINERAL, 10, face_up=True)
    set_colony(state, 0, colony, 3)
    miner = add(state, 0, data.MINER, CENTRE)
    assert "cargo" not in unit_view(game, 1, miner)
    loaded = events_of(act(game, "load", unit=miner), "loaded")[0]
    assert loaded["visible_to"] is None
    assert (loaded["marker"], loaded["value"]) == ("minerals", 10)
    for viewer in (0, 1):
        view = unit_view(game, viewer, miner)
        assert (view["cargo"], view["cargo_value"]) == ("minerals", 10)
    move(game, miner, colony)
    unloaded = events_of(act(game, "unload", unit=miner), "unloaded")[0]
    assert unloaded["visible_to"] is None and unloaded["value"] == 10
    for viewer in (0, 1):
        assert game.observation(viewer)["hexes"][colony]["colony"]["minerals_waiting"] == 10
        assert game.observation(viewer)["hexes"][colony]["colony"]["wrecks_waiting"] == 0
    assert "cargo" not in unit_view(game, 1, miner)
    assert unit_view(game, 0, miner)["cargo"] is None


def test_peeked_marker_known_only_to_the_peeker():
    """Summary "Exploration Technology": the cruiser's owner sees the peeked counter."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_EXPLORATION, 1)
    target = neighbour(state, CENTRE, E)
    set_marker(state, target, data.M_WRECK)
    cruiser = add(state, 0, data.CA, CENTRE)
    events = act(game, "peek", unit=cruiser, dir=E)
    assert game.observation(0)["peek"]["marker"] == "space_wreck"
    assert "marker" not in game.observation(1)["peek"]
    assert all(e["visible_to"] == [0] for e in events if "marker" in e)
    act(game, "hide")
    assert game.observation(0)["hexes"][target]["peeked"] == "space_wreck"
    assert "peeked" not in game.observation(1)["hexes"][target]


def test_dice_to_come_are_not_observed():
    """The generator's state is chance, not information: it is not in observations."""
    game = scenario()
    before = [game.observation(p) for p in (0, 1)]
    game.state.rng ^= 0x5DEECE66D
    assert [game.observation(p) for p in (0, 1)] == before


def test_events_filtered_per_player():
    """Events: each event says who may see it; private ones reach only their player."""
    game = scenario(cp=50)
    state = game.state
    add(state, 0, data.SY, HOME_0, count=4)
    events = to_economic_phase(game)
    income = events_of(events, "income")
    assert {tuple(e["visible_to"]) for e in income} == {(0,), (1,)}
    for_one = Game.events_for(events, 1)
    assert all(e["visible_to"] is None or 1 in e["visible_to"] for e in for_one)
    assert not [e for e in for_one if e["type"] == "income" and e["player"] == 0]


def test_observation_does_not_share_state():
    """View: observations are copies; editing one does not change the game."""
    game = scenario()
    state = game.state
    add(state, 0, data.DD, CENTRE)
    snapshot = state.clone()
    obs = game.observation(0)
    obs["order"].append(7)
    obs["units"][0]["hex"] = 3
    obs["me"]["tech"]["attack"] = 3
    assert state == snapshot
    assert game.observation(0) != obs


def test_every_event_field_is_typed_once():
    """The event kinds' declared fields and the typed Event agree (one declaration each)."""
    from se4x_core.events import KINDS, Event
    typed = set(Event.__annotations__)
    declared = {name for kind in KINDS for name in kind.fields}
    assert declared <= typed
    assert typed - declared == {"type", "visible_to"}


def test_the_income_report_type_is_the_income_event_without_its_player():
    """``IncomeReport`` declares exactly the fields ``events.income_report`` keeps."""
    from se4x_core.events import KIND_BY_NAME, IncomeReport
    assert set(IncomeReport.__annotations__) == set(KIND_BY_NAME["income"].fields) - {"player"}


def test_the_observation_type_names_every_key():
    """The observation holds exactly the keys its TypedDict declares."""
    from se4x_core.observation import Observation
    game = Game.new_game({"players": 2, "seed": 5})
    obs = game.observation(0)
    assert set(obs) == set(Observation.__required_keys__)
    with_machines = Game.new_game({"players": 2, "seed": 5, "advanced": ["doomsday"]})
    assert set(with_machines.observation(0)) == set(Observation.__annotations__)


def test_the_observation_copies_exactly_the_fields_its_views_read() -> None:
    """``OBSERVED_FIELDS`` names every field the views read (else a KeyError in some
    corner) and no other (else a copy for nothing): read from the module's source."""
    import inspect
    import re

    from se4x_core import observation as module

    read = set(re.findall(r'\b(?:f|fields)\["([a-z_]+)"\]', inspect.getsource(module)))
    assert read == set(module.OBSERVED_FIELDS)
    state = Game.new_game({"players": 2, "seed": 1}).state
    assert set(state.some_fields(module.OBSERVED_FIELDS)) == read
    assert state.some_fields(("u_type",))["u_type"] == state.fields()["u_type"]
