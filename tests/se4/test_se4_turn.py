"""SE4's setup, turn and administration against the rules text, and its data file."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError
from se4x_core.games.se4 import data, ships
from se4x_core.games.se4.actions import Action
from se4x_core.games.se4.charts import HULL_NAMES, HULLS
from se4x_core.games.se4.game import Game
from tests.helpers.se4_scenario import (
    act,
    begin,
    blank,
    card_state,
    colony,
    dice,
    events_of,
    give,
    kinds,
    ship,
)

pytestmark = pytest.mark.fast
GAPS = data.load()


def hull(name: str) -> int:
    return HULL_NAMES.index(name)


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_text(players: int) -> None:
    """A home world on an H planet with 2 space yards, 10 miners, 1 research center and
    25 coins; 15 cards; up to four ships bought there and completed."""
    game = Game.new_game({"players": players, "seed": 3})
    assert game.phase == "home" and game.current_player == game.state.first
    homes = {a.sector for a in game.legal_actions()}
    assert homes == set(GAPS.maps[players].homes)
    act(game, "home", sector=min(homes))
    me = game.state.first
    home = game.state.colonies[min(homes)]
    assert (home.owner, home.facilities, home.coins) == (me, [10, 1, 2, 0], 25)
    assert sum(game.state.hands[me]) == 15
    for name in ("Cruiser", "Destroyer", "Escort", "Transport"):
        act(game, "buy", hull=hull(name), sector=home.sector)
    assert home.coins == 25 - 8 - 6 - 3 - 5
    # Four ships at most: with nothing else to choose, the fitting begins at once.
    assert game.phase == "setup_design" and game.current_player == me
    while game.phase == "setup_design":
        game.apply(next(a for a in game.legal_actions() if a.kind == "finish"))
    assert all(not s.building for s in game.state.ships.values())
    if players > 1:
        assert game.phase == "home" and game.current_player == (me + 1) % players
        assert min(homes) not in {a.sector for a in game.legal_actions()}


def test_config_errors_name_the_field() -> None:
    for config, word in (({"players": 5}, "players"), ({"seed": "x"}, "seed"),
                         ({"round_limit": -1}, "round_limit"), ({"board": 1}, "board")):
        with pytest.raises(ConfigError, match=word):
            Game.new_game(config)


# -- research ------------------------------------------------------------------------------
def test_research_costs_five_coins_a_roll_from_a_research_center(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A 6, then the chart (4 = Durable Hull); a tech held already gives two cards."""
    game = blank()
    home = colony(game, 0, 0, coins=16, research=1)
    colony(game, 10, 1)
    game.state.techs[0].append(3)
    dice(monkeypatch, [6, 4, 3, 6, 5])
    begin(game, "research")
    act(game, "research", sector=0)
    act(game, "research", sector=0)
    events = act(game, "research", sector=0)  # 1 coin left: nothing else to do, dice roll
    assert home.coins == 1
    assert [e["roll"] for e in events_of(events, "research_roll")] == [6, 3, 6]
    assert sum(game.state.hands[0]) == 2  # Durable Hull again: two cards
    assert game.state.techs[0] == [3, 4]  # and Phased Shields


def test_research_needs_a_research_center() -> None:
    """"Coins used for this purpose must be located on a planet with a research center.\""""
    game = blank()
    colony(game, 0, 0, coins=30)
    colony(game, 10, 1)
    begin(game, "research")
    assert game.phase != "research"  # nothing to decide: the phase passes


# -- the space yards -----------------------------------------------------------------------
def test_one_hull_per_yard_paid_by_the_planet() -> None:
    """"Only one ship may be purchased at each space yard facility, and the cost of that
    hull must be taken from the local planet.\""""
    game = blank()
    home = colony(game, 0, 0, coins=20, yards=2)
    colony(game, 6, 0, coins=1, yards=1)  # keeps the phase open: it may still draw a card
    colony(game, 10, 1)
    begin(game, "yards")
    act(game, "buy", hull=hull("Cruiser"), sector=0)
    act(game, "buy", hull=hull("Escort"), sector=0)
    assert home.coins == 9 and home.yards_used == 2
    assert not any(a.kind in ("buy", "draw") and a.sector == 0 for a in game.legal_actions())
    reason = game.explain(Action("buy", hull=hull("Escort"), sector=0))
    assert reason is not None and "busy" in reason
    built = [s for s in game.state.ships.values() if s.owner == 0]
    assert all(s.building and not s.cards for s in built)


def test_drawing_cards_uses_a_yard() -> None:
    """"The player may also draw component cards from the deck for one production credit
    each. This uses up a space yard for one turn.\""""
    game = blank()
    home = colony(game, 0, 0, coins=5, yards=1)
    colony(game, 10, 1)
    begin(game, "yards")
    act(game, "draw", sector=0)
    act(game, "draw", sector=0)
    assert home.coins == 3 and sum(game.state.hands[0]) == 2
    assert not any(a.kind == "buy" for a in game.legal_actions())


def test_retrofit_returns_cards_and_repairs_at_half_a_credit() -> None:
    """Undamaged cards, damaged organic armor and face-down shields back to the hand
    free; damaged armor repaired at 1/2 credit each (rounded up); the rest discarded;
    the hull flipped and under construction."""
    game = blank()
    home = colony(game, 0, 0, coins=10, yards=1)
    colony(game, 10, 1)
    old = ship(game, 0, "Cruiser", 0, ["Antiproton Beam", "Organic Armor", "Shield",
                                        "Standard Armor", "Standard Armor", "Standard Armor"],
               down=("Organic Armor", "Shield", "Standard Armor", "Standard Armor"))
    begin(game, "yards")
    act(game, "retrofit", ship=old.id, count=1)
    hand = game.state.hands[0]
    names = {GAPS.components[c].name: n for c, n in enumerate(hand) if n}
    assert names == {"Antiproton Beam": 1, "Organic Armor": 1, "Shield": 1, "Standard Armor": 2}
    assert home.coins == 10 - 1 - 1 and old.building and old.crippled and old.cards == []


def test_scrap_refunds_half_the_hull_rounded_down() -> None:
    """"Ships may also be scrapped at an idle space yard ... the player collects 1/2 of the
    build cost of the hull (rounded down).\""""
    game = blank()
    home = colony(game, 0, 0, coins=0, yards=1)
    colony(game, 10, 1)
    old = ship(game, 0, "Battleship", 0, ["Torpedo"])
    begin(game, "yards")
    act(game, "scrap", ship=old.id, count=0)
    assert home.coins == 5 and old.id not in game.state.ships


def test_completion_fits_cards_and_sells_standard_armor() -> None:
    """Hand cards fitted by the slot rule; standard armor at 1/2 credit each, rounded
    up (the first of a pair costs 1, the second nothing)."""
    game = blank()
    home = colony(game, 0, 0, coins=3)
    colony(game, 10, 1)
    give(game, 0, "Torpedo", "Torpedo", "ECM")
    hull_ = ship(game, 0, "Escort", 0, building=True)
    begin(game, "complete")
    torpedo = GAPS.component_id("Torpedo")
    act(game, "install", ship=hull_.id, card=torpedo)
    act(game, "armor", ship=hull_.id)
    reason = game.explain(Action("install", ship=hull_.id, card=GAPS.component_id("ECM")))
    assert reason is not None and "does not fit" in reason
    act(game, "armor", ship=hull_.id)  # full now: nothing else to fit, so it is finished
    assert home.coins == 2
    assert card_state(game, hull_.id) == [("Torpedo", True), ("Standard Armor", True),
                                          ("Standard Armor", True)]
    assert not hull_.building


@pytest.mark.parametrize("hull_name,cards,fits", [
    ("Escort", ["Ripper Beam", "Organic Armor", "Shield", "Shield"], True),
    ("Cruiser", ["Torpedo", "Antiproton Beam", "Shield Regenerator"] + ["Shield"] * 4, True),
    ("Dreadnought", ["Capital Ship Missile", "Antiproton Beam", "Combat Sensors"]
     + ["Organic Armor"] * 4, True),
    ("Transport", ["Cargo Bay", "Standard Armor", "Standard Armor"], True),
    ("Transport", ["Cargo Bay", "ECM"], True),
    ("Escort", ["Ripper Beam", "Organic Armor", "Shield", "Shield", "Shield"], False),
    ("Destroyer", ["ECM"], False),  # weapon and armor slots only
    ("Destroyer", ["Torpedo", "Torpedo", "Shield", "Shield", "Shield", "Shield"], True),
])
def test_slot_fitting(hull_name: str, cards: list[str], fits: bool) -> None:
    """The text's examples fit; a slot holds one component, two armor, four shields, or
    one armor and two shields; restricted slots take only their kind."""
    ids = [GAPS.component_id(name) for name in cards]
    assert ships.fits(GAPS, hull(hull_name), ids) == fits
    slots, leftover = ships.slot_layout(GAPS, hull(hull_name), ids)  # what the app draws
    assert (not leftover) == fits and sorted(sum(slots, []) + leftover) == sorted(ids)


def test_the_drawn_slots_follow_the_fitting_rule() -> None:
    """The design dialog's layout puts weapons in weapon slots first, armor and shields
    packed in the armor slot first, and agrees with the fitting rule on random designs."""
    ids = [GAPS.component_id(n) for n in ("Torpedo", "ECM", "Shield", "Shield",
                                            "Standard Armor", "Antiproton Beam")]
    slots, leftover = ships.slot_layout(GAPS, hull("Cruiser"), ids)
    names = [[GAPS.components[c].name for c in slot] for slot in slots]
    assert leftover == []
    # Cruiser: general, general, weapon, armor
    assert names[2] == ["Torpedo"] and sorted(names[3]) == ["Shield", "Shield",
                                                             "Standard Armor"]
    assert sorted(names[0] + names[1]) == ["Antiproton Beam", "ECM"]
    rng = random.Random(7)
    for _ in range(3000):
        hull_id = rng.randrange(len(HULLS))
        design = [rng.randrange(len(GAPS.components)) for _ in range(rng.randrange(9))]
        slots, leftover = ships.slot_layout(GAPS, hull_id, design)
        assert (not leftover) == ships.fits(GAPS, hull_id, design)
        for kind, slot in zip(HULLS[hull_id].slots, slots, strict=True):
            assert sum(GAPS.components[c].slot_size for c in slot) <= 4
            assert kind != "weapon" or all(GAPS.components[c].type == "weapon" for c in slot)


# -- movement ------------------------------------------------------------------------------
def test_combat_movement_must_end_beside_the_enemy() -> None:
    """"All ships moved during this phase must end their turn in a sector occupied by
    enemy ships or planets.\""""
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    escort = ship(game, 0, "Escort", 0, ["Torpedo"])  # speed 2
    begin(game, "combat_move")
    moves = {a.sector for a in game.legal_actions() if a.kind == "move"}
    assert moves == {5}  # 0-5-10: only the way to the enemy home world within 2 moves
    act(game, "move", ship=escort.id, sector=5)
    assert kinds(game) == {"move"}  # 'done' is refused until it ends beside the enemy
    act(game, "move", ship=escort.id, sector=10)
    assert game.phase != "combat_move"


def test_unstable_lines_damage_from_step_3() -> None:
    """"Any ships moving along a red-coloured (unstable) warp line will suffer structural
    damage ... starting at step 3 on the damage chart": a shield does not absorb it."""
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    mover = ship(game, 0, "Escort", 11, ["Shield", "Standard Armor"])
    begin(game, "move")
    act(game, "move", ship=mover.id, sector=7)  # 11-7 is unstable
    assert card_state(game, mover.id) == [("Shield", True), ("Standard Armor", False)]


def test_non_combat_movement_avoids_enemy_ships() -> None:
    """"... as long as they do not enter or cross a sector containing an enemy ship.\""""
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    mover = ship(game, 0, "Escort", 5, [])
    ship(game, 1, "Escort", 6, [])
    begin(game, "move")
    moves = {a.sector for a in game.legal_actions() if a.kind == "move" and a.ship == mover.id}
    assert 6 not in moves and 0 in moves


def test_colonising_with_a_transport_and_three_coins() -> None:
    """"If a player brings a non-crippled transport hull to an empty planet holding 3 or
    more coins, they may colonize it."  Transports load and drop coins freely."""
    game = blank()
    home = colony(game, 0, 0, coins=6)
    colony(game, 10, 1)
    transport = ship(game, 0, "Transport", 0, ["Cargo Bay"])
    begin(game, "move")
    for _ in range(3):
        act(game, "load", ship=transport.id)
    assert transport.cargo == 3 and home.coins == 3
    act(game, "move", ship=transport.id, sector=6)
    for _ in range(3):
        act(game, "drop", ship=transport.id)
    assert game.state.debris == {6: 3}
    act(game, "colonise", ship=transport.id)
    new = game.state.colonies[6]
    assert new.owner == 0 and new.coins == 0 and 6 not in game.state.debris


# -- administration ------------------------------------------------------------------------
def test_production_is_capped_by_the_planet_and_its_miners() -> None:
    """"Home worlds collect up to 10 production coins, colonies up to 4. The Ring World can
    produce up to 20 coins. No planet will produce more coins than the number of
    mineral miner facilities present.\""""
    game = blank()
    home = colony(game, 0, 0, miners=12)
    small = colony(game, 6, 0, miners=6)
    ring = colony(game, 7, 0, miners=3)
    colony(game, 10, 1)
    begin(game, "upkeep")
    assert (home.coins, small.coins, ring.coins) == (10, 4, 3)


def test_shields_restore_half_on_a_crippled_ship(monkeypatch: pytest.MonkeyPatch) -> None:
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    whole = ship(game, 0, "Cruiser", 0, ["Shield"] * 3, down=("Shield",) * 3)
    hurt = ship(game, 0, "Cruiser", 0, ["Shield"] * 3, crippled=True, down=("Shield",) * 3)
    organic = ship(game, 0, "Escort", 0, ["Organic Armor", "Organic Armor"],
                   down=("Organic Armor", "Organic Armor"))
    dice(monkeypatch, [5, 4])  # one organic card restores (above 4), one fails
    begin(game, "upkeep")
    assert [up for _, up in card_state(game, whole.id)] == [True] * 3
    assert [up for _, up in card_state(game, hurt.id)] == [True, True, False]
    assert [up for _, up in card_state(game, organic.id)] == [True, False]


def test_maintenance_forces_abandoning_what_cannot_be_paid() -> None:
    """"The player may abandon any ships that they cannot afford maintenance on" (2.6.7);
    "Maintenance coins may be taken from any colony or home world" (2.6.8)."""
    game = blank()
    colony(game, 0, 0, coins=1)
    colony(game, 6, 0, coins=1)
    colony(game, 10, 1)
    ships_ = [ship(game, 0, "Battleship", 0, []) for _ in range(2)]  # upkeep 2 each
    begin(game, "abandon")
    assert kinds(game) == {"abandon"}
    act(game, "abandon", ship=ships_[0].id)
    assert "done" in kinds(game)
    act(game, "done")
    assert game.phase == "pay"
    assert {(a.sector, a.count) for a in game.legal_actions()} == {(0, 1), (6, 1)}
    act(game, "pay", sector=0, count=1)
    act(game, "pay", sector=6, count=1)
    assert game.phase == "build" or game.phase not in ("pay", "abandon")


def test_facilities_are_bought_with_the_planets_coins() -> None:
    """"Production credits must be present on the planet in order to purchase the
    facility"; a planetary shield costs 20, "maximum 1 per planet"."""
    game = blank()
    home = colony(game, 0, 0, coins=25)
    colony(game, 10, 1)
    begin(game, "build")
    act(game, "build", sector=0, facility=3)
    assert home.coins == 5 and home.facilities[3] == 1
    assert Action("build", sector=0, facility=3).code not in game.legal_codes()  # one a planet
    reason = game.explain(Action("build", sector=0, facility=1))
    assert reason is not None and "6 coins" in reason


def test_scavenging_takes_one_coin_a_ship() -> None:
    """"If any sector contains debris ... and no enemy ships or colonies, they may be loaded
    into cargo bays. A maximum of one coin per ship may be scavenged.\""""
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    game.state.debris[6] = 3
    carrier = ship(game, 0, "Transport", 6, ["Cargo Bay"])
    begin(game, "scavenge")
    act(game, "scavenge", ship=carrier.id)
    assert carrier.cargo == 1 and game.state.debris[6] == 2
    assert game.phase != "scavenge" or "scavenge" not in kinds(game)  # one coin a ship


def test_the_two_free_draws() -> None:
    """"If a player holds less than three component cards, they may freely draw until they
    have three" (2.6.12); "Three more component cards are drawn freely" (2.6.13)."""
    game = blank()
    colony(game, 0, 0)
    colony(game, 10, 1)
    give(game, 0, "Shield")
    events = begin(game, "draws")
    assert sum(game.state.hands[0]) == 3 + 3  # up to three, then three more
    assert events_of(events, "turn")[0]["player"] == 1  # the turn passed


# -- the end, saves, hidden cards ----------------------------------------------------------
def test_the_last_empire_with_a_colony_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Victory is a gap; the reading taken: the last empire with a colony wins."""
    game = blank()
    colony(game, 0, 0)
    colony(game, 6, 1, miners=1)
    ship(game, 0, "Dreadnought", 6, ["Planetary Napalm"])
    begin(game, "combat")
    act(game, "bombard", ship=0, count=0)
    assert game.is_over and game.winners == [0] and game.current_player == -1
    assert game.state.out == [False, True]


def test_the_round_limit_scores() -> None:
    """A gap: at the round limit the best score wins (docs/se4.md)."""
    game = blank(round_limit=1)
    colony(game, 0, 0, coins=5, miners=1)
    colony(game, 10, 1, coins=2)
    game.state.active = 1
    begin(game, "draws")  # the last turn of round 1
    assert game.is_over and game.winners == [0]


def test_saves_replay_and_refuse_a_damaged_file() -> None:
    game = Game.new_game({"players": 3, "seed": 4})
    for _ in range(40):
        game.apply(game.legal_actions()[-1])
    text = game.to_json()
    assert Game.from_json(text) == game
    doc = json.loads(text)
    broken = copy.deepcopy(doc)
    broken["state"]["colonies"][0]["coins"] += 1
    with pytest.raises(SaveFormatError, match="colonies"):
        Game.from_json(json.dumps(broken))
    broken = copy.deepcopy(doc)
    broken["actions"][3] = 12345
    with pytest.raises(SaveFormatError, match="action 3"):
        Game.from_json(json.dumps(broken))
    with pytest.raises(SaveFormatError):
        Game.from_json("{}")


def test_illegal_actions_change_nothing() -> None:
    game = Game.new_game({"players": 2, "seed": 1})
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(Action("build", sector=0, facility=0))
    with pytest.raises(IllegalActionError):
        game.apply(1 << 40)
    assert game.to_json() == before


def test_observations_hide_hands_and_the_deck() -> None:
    game = Game.new_game({"players": 2, "seed": 2})
    while game.state.round == 0:
        game.apply(game.legal_actions()[-1])
    seen = game.observation(0)
    assert "deck" not in seen and seen["deck_size"] == len(game.state.deck)
    other = game.determinize(0, seed=9)
    assert other.state.hands[1] != game.state.hands[1] or other.state.deck != game.state.deck
    assert other.observation(0) == seen
    assert other.state.hands[0] == game.state.hands[0]


# -- the data file -------------------------------------------------------------------------
def raw() -> dict[str, Any]:
    return json.loads(data.GAPS_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("edit,field", [
    (lambda d: d["components"]["Torpedo"].update(type="gadget"), "components.Torpedo.type"),
    (lambda d: d["components"]["Torpedo"].update(rof=4), "components.Torpedo.rof"),
    (lambda d: d["components"]["Torpedo"].update(colour=1), "components.Torpedo.colour"),
    (lambda d: d["components"]["Shield"].update(count=-1), "components.Shield.count"),
    (lambda d: d["maps"]["2"]["lines"].append([0, 0, "stable"]), "maps.2.lines"),
    (lambda d: d["maps"]["3"]["sectors"][0].update(body="moon"), "maps.3.sectors[0].body"),
    (lambda d: d["techs"].pop("Durable Hull"), "techs"),
    (lambda d: d["victory"].update(rule="most_ships"), "victory.rule"),
    (lambda d: d["victory"]["score"].pop("coin"), "victory.score.coin"),
    (lambda d: d["deck_sets"].update({"4": 0}), "deck_sets.4"),
])
def test_a_bad_data_file_is_refused_naming_the_field(
        edit: Callable[[dict[str, Any]], None], field: str) -> None:
    doc = raw()
    edit(doc)
    with pytest.raises(ConfigError) as caught:
        data.parse(doc)
    assert field in str(caught.value)


def test_every_map_is_connected_with_enough_home_worlds() -> None:
    for players, board in GAPS.maps.items():
        assert len(board.homes) >= players
        doc = raw()
        doc["maps"][str(players)]["lines"] = doc["maps"][str(players)]["lines"][:1]
        with pytest.raises(ConfigError, match=f"maps.{players}.lines"):
            data.parse(doc)


def test_repair_bays_restore_a_card_a_point_and_a_coin() -> None:
    """"All ships with repair bay components that have NOT moved this turn may apply their
    repair points to ships in the same sector. For each repair point, you may pay one
    production credit (from any colony) to restore one card to its face up, undamaged
    state.\""""
    game = blank()
    home = colony(game, 0, 0, coins=5)
    colony(game, 10, 1)
    ship(game, 0, "Cruiser", 6, ["Repair Bay"])  # 2 points
    hurt = ship(game, 0, "Battleship", 6, ["Standard Armor", "Shield"], crippled=True,
                down=("Standard Armor", "Shield"))
    begin(game, "repair")
    act(game, "repair", ship=hurt.id, what=0)
    act(game, "repair", ship=hurt.id, what=1)
    # (the shield is restored afterwards by step 4, for free)
    assert not hurt.crippled and card_state(game, hurt.id) == [("Standard Armor", True),
                                                               ("Shield", True)]
    assert home.coins == 3 and game.phase != "repair"  # the two points are spent


def test_space_yards_restore_a_card_free_and_a_hull_for_a_coin() -> None:
    """"Space yard facilities may be used to restore one damaged component card on any
    ship in the sector at no charge. Restoring a hull card costs one production credit.\""""
    game = blank()
    home = colony(game, 0, 0, coins=1, yards=2)
    colony(game, 10, 1)
    hurt = ship(game, 0, "Battleship", 0, ["Standard Armor", "Shield"], crippled=True,
                down=("Standard Armor", "Shield"))
    begin(game, "yard_fix")
    act(game, "fix", ship=hurt.id, what=0)
    act(game, "fix", ship=hurt.id, what=1)
    assert not hurt.crippled and home.coins == 0
    assert card_state(game, hurt.id) == [("Standard Armor", True), ("Shield", True)]


def test_the_leak_check_catches_a_leaky_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    from se4x_core.gamekit.checker import ContractBroken, leak_check
    from se4x_core.games.se4 import observation
    from se4x_core.games.se4.selfplay import hidden

    game = Game.new_game({"players": 2, "seed": 2})
    while game.state.round == 0:
        game.apply(game.legal_actions()[-1])
    assert leak_check(game, 0, seeds=(1, 2, 3), hidden=hidden) == 3  # the deals differ
    honest = observation.observation
    monkeypatch.setattr(observation, "observation", lambda state, gaps, viewer: {
        **honest(state, gaps, viewer), "hands": state.hands})
    with pytest.raises(ContractBroken, match="hidden facts"):
        leak_check(game, 0, seeds=(1, 2, 3))


def test_the_engines_encoder_agrees_with_the_action_codec() -> None:
    from se4x_core.games.se4.actions import KINDS, decode, encode

    for kind, (_, names) in KINDS.items():
        values = {name: 3 + i for i, name in enumerate(names)}
        action = Action(kind, **values)
        code = encode(kind, *values.values())
        assert code == action.code and decode(code) == action
