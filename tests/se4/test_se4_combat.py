"""SE4 combat against the rules text, scenario by scenario, with scripted dice.

The first test replays the text's combat example #1 round by round; the others take
one rule each: the firing schedules, cloaked ships first, simultaneity within a phase,
missiles and point defence, near misses, stray shots, the damage ladder and its
choices, repulsor beams, regeneration, retreat and bombardment.
"""

from __future__ import annotations

import pytest

from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.game import Game
from tests.helpers.se4_scenario import (
    act,
    begin,
    blank,
    card_state,
    colony,
    dice,
    events_of,
    kinds,
    ship,
)

pytestmark = pytest.mark.fast
BATTLE = 6  # a planet sector of the 2-player map, next to player 0's home (sector 0)


def two_sides(players: int = 2) -> Game:
    game = blank(players)
    colony(game, 0, 0, miners=10)
    colony(game, 10, 1, miners=10)
    if players > 2:
        colony(game, 14, 2, miners=10)
    return game


def card_id(game: Game, name: str) -> int:
    return game.gaps.component_id(name)


def test_the_texts_first_combat_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """Combat example #1: A's Escort and Cruiser against B's two Transports and
    Dreadnought, rounds 1 and 2, with the example's own rolls.  (The example lists two
    shields and an organic armor under 4-2 missile damage; two points turn the two
    shields face down, so here the Escort's organic armor stays up: docs/se4.md.)"""
    game = two_sides()
    escort = ship(game, 0, "Escort", BATTLE, ["Ripper Beam", "Organic Armor", "Shield", "Shield"])
    cruiser = ship(game, 0, "Cruiser", BATTLE, ["Torpedo", "Antiproton Beam",
                                                "Shield Regenerator"] + ["Shield"] * 4)
    armor_t = ship(game, 1, "Transport", BATTLE, ["Cargo Bay", "Standard Armor", "Standard Armor"])
    ecm_t = ship(game, 1, "Transport", BATTLE, ["Cargo Bay", "ECM"])
    dread = ship(game, 1, "Dreadnought", BATTLE, ["Capital Ship Missile", "Antiproton Beam",
                                                  "Combat Sensors"] + ["Organic Armor"] * 4)
    rolls = dice(monkeypatch, [2, 3, 6, 1,  # the Cruiser: torpedo, then antiproton beam
                               4, 6, 6,  # the Dread's 4 missiles; the Escort's and Cruiser's PD
                               5, 4])  # the Dread's antiproton beam
    begin(game, "combat")
    assert game.current_player == 0 and kinds(game) == {"call", "done"}
    act(game, "call", ship=cruiser.id, target=ecm_t.id)
    assert game.current_player == 1
    act(game, "call", ship=dread.id, target=escort.id)
    # The Ripper Beam cannot fire in round 1: only the Cruiser and the Dread fire, and
    # the attacker (A) picks the order.
    assert game.current_player == 0
    assert {a.ship for a in game.legal_actions()} == {cruiser.id, dread.id}
    events = act(game, "fire", ship=cruiser.id)
    shots = events_of(events, "shot")
    assert [(s["attack"], s["defence"], s["result"]) for s in shots] == \
        [(4, 4, "near_miss"), (7, 2, "hit")]
    # 2 damage: the hull is crippled (#4), then B chooses the Cargo Bay before the ECM (#5).
    assert game.state.ships[ecm_t.id].crippled and game.current_player == 1
    assert {a.card for a in game.legal_actions()} == {card_id(game, "Cargo Bay"),
                                                       card_id(game, "ECM")}
    act(game, "lose", ship=ecm_t.id, card=card_id(game, "Cargo Bay"))
    # The Dread fires: 4 missiles; A spends the Escort's point defence, then the Cruiser's.
    assert game.current_player == 0 and kinds(game) == {"pd", "done"}
    act(game, "pd", ship=escort.id)
    act(game, "pd", ship=cruiser.id)
    assert card_state(game, escort.id) == [("Ripper Beam", True), ("Organic Armor", True),
                                           ("Shield", False), ("Shield", False)]
    assert card_state(game, ecm_t.id) == [("ECM", True)]
    assert rolls.left == [] and game.state.battle is not None
    # Round 2: the called shots, then B chooses the Cruiser's target: the crippled ECM.
    rolls.add(3, 4,  # the Cruiser's antiproton beam (torpedoes reload)
              2, 2,  # the Escort's Ripper Beam
              4, 3,  # the Dread's antiproton beam (its missiles reload)
              1, 6)  # phase 6: the Dread's two damaged organic armor cards
    assert game.state.battle["round"] == 2 and game.current_player == 0
    act(game, "call", ship=escort.id, target=dread.id)
    act(game, "call", ship=dread.id, target=escort.id)
    assert game.current_player == 1 and kinds(game) == {"target"}
    act(game, "target", ship=cruiser.id, target=ecm_t.id)
    events = act(game, "fire", ship=cruiser.id)
    assert [(s["attack"], s["defence"], s["result"]) for s in events_of(events, "shot")] == \
        [(4, 4, "near_miss")]
    events = act(game, "fire", ship=escort.id)
    results = [(s["ship"], s["attack"], s["defence"], s["result"])
               for s in events_of(events, "shot")]
    assert results == [(escort.id, 3, 2, "hit"), (dread.id, 5, 5, "near_miss")]
    # Two organic armor turned down by the Ripper, one restored in phase 6 (1 and 6).
    organic = [up for name, up in card_state(game, dread.id) if name == "Organic Armor"]
    assert organic.count(True) == 3
    assert rolls.left == [] and game.state.battle["round"] == 3
    assert not game.state.ships[armor_t.id].crippled


@pytest.mark.parametrize("weapon,rounds", [("Antiproton Beam", [1, 2, 3, 4, 5, 6]),
                                           ("Torpedo", [1, 3, 5]),
                                           ("Capital Ship Missile", [1, 4]),
                                           ("Ripper Beam", [2, 4, 6])])
def test_each_weapon_fires_on_its_schedule(weapon: str, rounds: list[int],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """"ROF 1 weapons fire every round. ROF 2 weapons fire on rounds 1,3 and 5 only. ROF 3
    weapons fire on rounds 1 and 4 only."  The Ripper Beam of the example "cannot fire
    during round one" and fires in round 2.  Every shot misses here (attack 1, defence 6, no
    stray), so the battle runs its six rounds."""
    game = two_sides()
    shooter = ship(game, 0, "Cruiser", BATTLE, [weapon])
    ship(game, 1, "Dreadnought", BATTLE, ["Point Defence"] + ["Shield"] * 4)
    missile = weapon == "Capital Ship Missile"
    dice(monkeypatch, ([1, 6, 1] * 10) if not missile else [1, 6] * 10)
    begin(game, "combat")
    fired_in = []
    while game.state.battle is not None and game.state.phase == "combat":
        battle_round = game.state.battle["round"]
        legal = game.legal_actions()
        call = next((a for a in legal if a.kind == "call" and a.ship == shooter.id), None)
        pd = next((a for a in legal if a.kind == "pd"), None)
        if pd is not None:
            events = game.apply(pd)
        else:
            events = game.apply(call or next(a for a in legal if a.kind == "done"))
        if events_of(events, "shot") or events_of(events, "missiles"):
            fired_in.append(battle_round)
    assert fired_in == rounds


def test_cloaked_ships_fire_first_and_their_hits_count_before_phase_3(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"All non-crippled, cloaked ships in the sector fire first" (phase 1), and "damage
    is applied to any ships hit by the volley" (phase 2): the Escort it destroys does
    not fire in phase 3."""
    game = two_sides()
    ship(game, 0, "Cruiser", BATTLE, ["Antiproton Beam", "Cloaking Device"])
    victim = ship(game, 1, "Escort", BATTLE, ["Antiproton Beam"], crippled=True)
    dice(monkeypatch, [6, 1])  # hit: 2 damage on a crippled Escort with one card
    begin(game, "combat")
    act(game, "done")  # A makes no called shot
    events = act(game, "done")  # nor does B: phase 1 runs
    assert victim.id not in game.state.ships
    assert len(events_of(events, "shot")) == 1 and events_of(events, "destroyed")


def test_a_phase_fires_with_the_numbers_from_its_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """"All attacks in each phase use the components and ship stats from the beginning of
    the phase": a ship destroyed earlier in the same phase still fires."""
    game = two_sides()
    a_ship = ship(game, 0, "Escort", BATTLE, ["Antiproton Beam"], crippled=True)
    b_ship = ship(game, 1, "Escort", BATTLE, ["Antiproton Beam"], crippled=True)
    dice(monkeypatch, [6, 1, 6, 1])
    begin(game, "combat")
    act(game, "done")
    act(game, "done")
    act(game, "fire", ship=a_ship.id)
    assert a_ship.id not in game.state.ships and b_ship.id not in game.state.ships


def test_missiles_point_defence_and_a_crippled_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Missiles always hit. Attacker rolls 1d6 ... If ship is crippled, divide by 2 and
    round down."  "The targeted ship must roll 4 or higher ... Both ECM and Combat
    Sensors are used.  Other ships providing support must roll a 6 or higher"; "one
    point defence roll per combat round (or three if they have a point defence
    component)"."""
    game = two_sides()
    launcher = ship(game, 0, "Battleship", BATTLE, ["Capital Ship Missile"], crippled=True)
    target = ship(game, 1, "Cruiser", BATTLE, ["ECM", "Standard Armor", "Standard Armor",
                                               "Standard Armor"])
    support = ship(game, 1, "Cruiser", BATTLE, ["Point Defence"])
    rolls = dice(monkeypatch, [5,  # 5 missiles, halved to 2
                               3,  # the target: 3 + 1 (ECM) = 4: a hit
                               5])  # support: 5 < 6: a miss
    begin(game, "combat")
    events = act(game, "call", ship=launcher.id, target=target.id)  # B has no gun to call
    assert events_of(events, "missiles")[0]["missiles"] == 2
    assert game.current_player == 1
    events = act(game, "pd", ship=target.id)
    assert events_of(events, "point_defence")[0]["hit"]
    events = act(game, "pd", ship=support.id)
    assert not events_of(events, "point_defence")[0]["hit"]
    assert game.state.battle["pd_left"][str(support.id)] == 2
    act(game, "done")
    assert [up for _, up in card_state(game, target.id)] == [True, False, True, True]
    assert rolls.left == []


def test_a_near_miss_touches_only_shields(monkeypatch: pytest.MonkeyPatch) -> None:
    """"If the totals are equal then a near miss has occurred. Any damage that would have
    been applied to non-shields is ignored.\""""
    game = two_sides()
    gun = ship(game, 0, "Destroyer", BATTLE, ["Torpedo"])  # +1 hull, +1 torpedo
    target = ship(game, 1, "Escort", BATTLE, ["Shield", "Standard Armor"])  # +2 defence
    dice(monkeypatch, [3, 3])  # 5 against 5
    begin(game, "combat")
    act(game, "call", ship=gun.id, target=target.id)  # the target has no gun to call
    assert card_state(game, target.id) == [("Shield", False), ("Standard Armor", True)]
    assert not game.state.ships[target.id].crippled


def test_half_damage_to_shields(monkeypatch: pytest.MonkeyPatch) -> None:
    """"APB card states half damage to shields": its 2 damage turns one shield face
    down, not two."""
    game = two_sides()
    gun = ship(game, 0, "Destroyer", BATTLE, ["Antiproton Beam"])
    target = ship(game, 1, "Dreadnought", BATTLE, ["Shield", "Shield"])
    dice(monkeypatch, [6, 1])
    begin(game, "combat")
    act(game, "call", ship=gun.id, target=target.id)  # the target has no gun to call
    assert card_state(game, target.id) == [("Shield", False), ("Shield", True)]


@pytest.mark.parametrize("stray_roll,hits", [(4, False), (5, True)])
def test_a_complete_miss_strays_above_the_count_of_enemy_ships(
        stray_roll: int, hits: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """"If a complete miss has occurred, roll 1d6-3. If you roll more than the count of
    non-crippled enemy ships, then the shot hits a ship other than the one originally
    targeted. The defender may choose which."  (Here one non-crippled enemy.)"""
    game = two_sides()
    gun = ship(game, 0, "Destroyer", BATTLE, ["Antiproton Beam"])
    target = ship(game, 1, "Escort", BATTLE, ["Standard Armor"])
    other = ship(game, 1, "Escort", BATTLE, ["Standard Armor", "Standard Armor"], crippled=True)
    dice(monkeypatch, [1, 6, stray_roll])
    begin(game, "combat")
    events = act(game, "call", ship=gun.id, target=target.id)
    assert events_of(events, "stray_roll")[0]["needed_above"] == 1
    hit = events_of(events, "stray_hit")
    assert bool(hit) == hits
    if hits:
        assert hit[0]["target"] == other.id
        assert card_state(game, other.id) == [("Standard Armor", False)] * 2


def test_the_damage_ladder_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """"For each damage point inflicted, do the first applicable item: 1) Turn one shield
    card face down ... 3) Turn one armor card face down" (then 4, the hull)."""
    game = two_sides()
    gun = ship(game, 0, "Dreadnought", BATTLE, ["Torpedo"])  # 3 damage a hit
    target = ship(game, 1, "Cruiser", BATTLE, ["ECM", "Shield", "Shield", "Standard Armor"])
    dice(monkeypatch, [6, 1])
    begin(game, "combat")
    act(game, "call", ship=gun.id, target=target.id)  # the target has no gun to call
    # 3 points: two shields, one armor.
    assert card_state(game, target.id) == [("ECM", True), ("Shield", False), ("Shield", False),
                                           ("Standard Armor", False)]
    assert not game.state.ships[target.id].crippled


def test_component_choice_and_destruction(monkeypatch: pytest.MonkeyPatch) -> None:
    """"5) Permanently remove a component card ... If shield components are selected, two
    face down shield cards must be sacrificed per damage point.  6) Remove the entire
    ship."  The owner chooses which component (the example: "B sacrificed the cargo bay
    before the ECM")."""
    game = two_sides()
    gun = ship(game, 0, "Dreadnought", BATTLE, ["Torpedo"])  # 3 damage
    target = ship(game, 1, "Cruiser", BATTLE, ["ECM", "Shield", "Shield"], crippled=True,
                  down=("Shield", "Shield"))
    dice(monkeypatch, [6, 1])
    begin(game, "combat")
    act(game, "call", ship=gun.id, target=target.id)  # the target has no gun to call
    # Point 1: the owner chooses: ECM or the two face-down shields.
    assert game.current_player == 1
    assert {a.card for a in game.legal_actions()} == {card_id(game, "ECM"), card_id(game, "Shield")}
    act(game, "lose", ship=target.id, card=card_id(game, "Shield"))
    # Point 2: only the ECM is left (no choice); point 3 destroys the hull.
    assert target.id not in game.state.ships


def test_durable_hull_makes_crippling_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    """"#4 is optional if the Durable Hull tech has been researched.\""""
    game = two_sides()
    game.state.techs[1].append(3)  # Durable Hull
    gun = ship(game, 0, "Destroyer", BATTLE, ["TK Projector"])  # 1 damage
    target = ship(game, 1, "Cruiser", BATTLE, ["ECM"])
    dice(monkeypatch, [6, 1])
    begin(game, "combat")
    act(game, "call", ship=gun.id, target=target.id)  # the target has no gun to call
    assert kinds(game) == {"cripple", "lose"}
    act(game, "lose", ship=target.id, card=card_id(game, "ECM"))
    assert not game.state.ships[target.id].crippled and game.state.ships[target.id].cards == []


def test_a_hull_under_construction_dies_to_any_hit(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Ships under construction may be targeted and will be destroyed by any hit ...
    Ships under construction have a defence roll modifier of -1.\""""
    game = two_sides()
    gun = ship(game, 0, "Destroyer", BATTLE, ["Repulsor Beam"])  # no damage at all
    hull = ship(game, 1, "Dreadnought", BATTLE, building=True)
    dice(monkeypatch, [1, 2])  # 1 + 1 against 2 - 1: a hit
    begin(game, "combat")
    events = act(game, "call", ship=gun.id, target=hull.id)
    assert events_of(events, "shot")[0]["defence"] == 1
    assert hull.id not in game.state.ships


def test_a_repulsor_hit_spoils_the_next_firing_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """"If a ship loses its turn to fire because of a repulsor beam hit, the shot is
    spoiled ... particularly effective on a missile ship hit during round 3 so that it
    loses its chance to attack on round 4.\""""
    game = two_sides()
    repulsor = ship(game, 0, "Destroyer", BATTLE, ["Repulsor Beam"])
    missile = ship(game, 1, "Battleship", BATTLE, ["Capital Ship Missile", "Shield", "Shield",
                                                   "Shield", "Shield"])
    # Rounds 1 and 2: the repulsor misses (no stray); round 1's missiles: 1, no damage
    # beyond shields.  Round 3: the repulsor hits.  Round 4: the missiles are spoiled.
    dice(monkeypatch, [1, 6, 1,  # round 1 repulsor miss + stray roll
                       1,  # round 1: one missile
                       1, 6, 1,  # round 2 repulsor miss
                       6, 1,  # round 3 repulsor hit
                       1, 6, 1,  # round 4 repulsor miss; the missiles do not launch
                       1, 6, 1, 1, 6, 1])  # rounds 5, 6
    begin(game, "combat")
    launched = []
    while game.state.phase == "combat" and game.state.battle is not None:
        legal = game.legal_actions()
        choice = next((a for a in legal if a.kind in ("fire",)), None) or \
            next((a for a in legal if a.kind == "done"), legal[0])
        round_ = game.state.battle["round"]
        events = game.apply(choice)
        launched += [round_ for _ in events_of(events, "missiles")]
        if events_of(events, "shot_spoiled"):
            assert round_ == 4 and events_of(events, "shot_spoiled")[0]["ship"] == missile.id
    assert launched == [1]
    assert repulsor.id in game.state.ships


def test_defender_chooses_the_targets_not_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """"All other targets are the defender's choice, and again must be specified before
    the dice are rolled.\""""
    game = two_sides()
    gun = ship(game, 0, "Destroyer", BATTLE, ["Antiproton Beam"])
    first = ship(game, 1, "Escort", BATTLE, ["Standard Armor"])
    second = ship(game, 1, "Escort", BATTLE, ["Standard Armor"])
    dice(monkeypatch, [6, 1])
    begin(game, "combat")
    act(game, "done")  # A calls no shot; B has no gun to call
    assert game.current_player == 1
    assert {(a.kind, a.ship, a.target) for a in game.legal_actions()} == \
        {("target", gun.id, first.id), ("target", gun.id, second.id)}
    act(game, "target", ship=gun.id, target=second.id)
    assert card_state(game, second.id) == [("Standard Armor", False)]
    assert game.state.ships[second.id].crippled


def test_cloaked_ships_may_retreat_in_phase_5(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Phase 5) Any non-crippled, cloaked ships now have the option to retreat to an
    adjacent sector, provided that it does not contain any enemy forces.\""""
    game = two_sides()
    cloaked = ship(game, 1, "Escort", BATTLE, ["Cloaking Device"])
    ship(game, 0, "Escort", BATTLE, ["Standard Armor"])
    dice(monkeypatch, [])
    begin(game, "combat")
    assert game.current_player == 1 and kinds(game) == {"retreat", "done"}
    exits = {a.sector for a in game.legal_actions() if a.kind == "retreat"}
    assert 0 not in exits and exits  # never into player 0's home sector
    act(game, "retreat", ship=cloaked.id, sector=min(exits))
    assert game.state.ships[cloaked.id].sector == min(exits)
    assert game.state.battle is None and game.phase != "combat"


def test_organic_armor_regenerates_in_phase_6(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1 (the Ripper Beam waits for round 2): the shield regenerator restores a
    shield; each damaged organic armor card rolls, 3 or more restoring it."""
    game = two_sides()
    ship(game, 0, "Escort", BATTLE, ["Ripper Beam"])
    healer = ship(game, 1, "Cruiser", BATTLE, ["Organic Armor", "Organic Armor", "Shield",
                                               "Shield Regenerator"],
                  down=("Organic Armor", "Organic Armor", "Shield"))
    rolls = dice(monkeypatch, [2, 3])
    begin(game, "combat")
    assert rolls.left == [] and game.current_player == 0
    state = game.state
    assert state.battle is not None and state.battle["round"] == 2
    assert card_state(game, healer.id) == [("Organic Armor", False), ("Organic Armor", True),
                                           ("Shield", True), ("Shield Regenerator", True)]


def test_bombardment_costs_facilities_then_the_colony(monkeypatch: pytest.MonkeyPatch) -> None:
    """"For each damage point inflicted, the planet owner must sacrifice one facility
    card ... In a vicious bombardment, the planet owner must sacrifice one coin (per hit,
    not per damage point).  If a planet has no facility cards remaining, the next hit
    destroys the colony ... Any production coins remaining on the planet are left there
    as debris.\""""
    game = two_sides()
    target = colony(game, BATTLE, 1, coins=5, miners=2, research=1)
    bomber = ship(game, 0, "Dreadnought", BATTLE, ["Capital Ship Missile", "Planetary Napalm"])
    dice(monkeypatch, [2])  # 2 missiles, plus napalm's 3: 5 damage
    begin(game, "combat")
    assert game.current_player == 0
    assert {(a.kind, a.count) for a in game.legal_actions()} == \
        {("done", -1), ("bombard", 0), ("bombard", 1)}
    act(game, "bombard", ship=bomber.id, count=1)
    assert target.coins == 3  # two hits, two coins
    assert game.current_player == 1 and kinds(game) == {"sacrifice"}
    act(game, "sacrifice", sector=BATTLE, facility=1)
    # Two miners left of one kind: no choice; the fifth point destroys the colony.
    assert BATTLE not in game.state.colonies
    assert game.state.debris[BATTLE] == 3


def test_a_planetary_shield_negates_bombardment(monkeypatch: pytest.MonkeyPatch) -> None:
    game = two_sides()
    target = colony(game, BATTLE, 1, miners=3, shield=1)
    bomber = ship(game, 0, "Dreadnought", BATTLE, ["Planetary Napalm"])
    dice(monkeypatch, [])
    begin(game, "combat")
    act(game, "bombard", ship=bomber.id, count=0)
    assert game.current_player == 1
    act(game, "sacrifice", sector=BATTLE, facility=0)  # 3 - 2 = 1 point
    assert target.facilities == [2, 0, 0, 1]


def test_refusals_explain_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    game = two_sides()
    gun = ship(game, 0, "Destroyer", BATTLE, ["Antiproton Beam"])
    ship(game, 1, "Escort", BATTLE, ["Standard Armor"])
    dice(monkeypatch, [])
    begin(game, "combat")
    reason = game.explain(Action("fire", ship=gun.id))
    assert reason is not None and "player 0" in reason and "fight in sector 6" in reason
