"""Combat: decoys, reveal, screening, fleet-size bonus, firing order, to-hit, terrain,
damage, rounds, retreat, non-combat losses, repair, colonies and elimination."""

from __future__ import annotations

import pytest

from se4x_core import data
from se4x_core.errors import IllegalActionError
from se4x_core.rules import combat
from se4x_core.rules.codes import F_REVEALED, F_SCREENED
from se4x_core.rules.state import State
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    HOME_1,
    NE,
    NW,
    SE,
    SW,
    E,
    W,
    act,
    add,
    end_movement,
    events_of,
    finish_purchases,
    force_dice,
    is_legal,
    legal,
    move,
    neighbour,
    open_purchases_for,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    unit_alive,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]


def battle(attackers, defenders, marker=data.M_EMPTY, hex_index=CENTRE, turn=1, screen=False):
    """Player 0 (the mover) and player 1 both have units in ``hex_index``; player 0 ends
    movement so the battle starts. Units are (type, count[, overrides]) tuples. Unless
    ``screen``, a screening choice is declined so the first shot is pending."""
    game = scenario(turn=turn)
    state = game.state
    set_marker(state, hex_index, marker, face_up=True)
    a = [add(state, 0, u[0], hex_index, u[1], **(u[2] if len(u) > 2 else {}))
         for u in attackers]
    d = [add(state, 1, u[0], hex_index, u[1], **(u[2] if len(u) > 2 else {}))
         for u in defenders]
    events = end_movement(game)
    if not screen and game.phase == "combat_screen":
        events += act(game, "done_screening")
    return game, state, a, d, events


def shooter(state):
    return combat.firing_unit(state)


def in_battle(state: State) -> bool:
    """A battle (or an attack on a colony) is in progress: its hex is in ``b_hex``."""
    return state.b_hex >= 0


def bonus(state: State) -> list[int]:
    """The fleet-size bonus of this round: [attacker, defender]."""
    return [state.b_bonus_a, state.b_bonus_d]


def fire(game, target, roll):
    """The current ship fires at ``target`` with the die showing ``roll``."""
    force_dice(game.state, roll)
    return act(game, "fire", target=target)


def miss_round(game):
    """Every shot of the round misses (rolls of 10 against to-hit numbers below 10)."""
    state = game.state
    start = state.b_round
    while in_battle(state) and state.b_round == start and game.phase == "combat_fire":
        target = legal(game, "fire")[0].target
        fire(game, target, 10)


# -- start of battle ----------------------------------------------------------------
def test_decoys_removed_and_units_revealed():
    """Summary "Combat Procedure": decoys are destroyed at the start of combat; BGA help
    "Post Combat": ships revealed in combat stay face up."""
    game, state, a, d, events = battle([(data.DD, 2), (data.DECOY, 1)],
                                       [(data.SC, 1), (data.DECOY, 1)])
    assert not unit_alive(state, a[1]) and not unit_alive(state, d[1])
    assert all(state.u_flags[s] & F_REVEALED for s in (a[0], d[0]))
    started = events_of(events, "battle_started")[0]
    assert started["visible_to"] is None
    assert {u["unit"] for u in started["units"]} == {a[0], d[0]}


def test_no_battle_against_lone_decoys_or_non_combat_units():
    """Summary "Decoys": decoys encountered alone by the enemy are destroyed, and the
    enemy does not reveal itself."""
    game = scenario()
    state = game.state
    target = neighbour(state, CENTRE, E)
    decoy = add(state, 1, data.DECOY, target)
    ship = add(state, 0, data.DD, CENTRE)
    move(game, ship, target)
    assert not unit_alive(state, decoy)
    end_movement(game)
    assert not in_battle(state) and not state.u_flags[ship] & F_REVEALED


# -- firing order and to-hit ------------------------------------------------------
def test_firing_order_by_class_then_tactics_then_defender():
    """Summary "Firing Order": A fires before B before C ...; with equal class the higher
    Tactics fires first; with equal class and Tactics the defender fires first."""
    game, state, a, d, _ = battle(
        [(data.SC, 1), (data.BB, 1), (data.DD, 1, {"tac": 0}), (data.CA, 1)],
        [(data.DD, 1, {"tac": 0}), (data.CA, 1, {"tac": 1}), (data.DN, 1)])
    sc, bb, dd_a, ca_a = a
    dd_d, ca_d, dn = d
    assert combat.battle_queue(state) == [dn, bb, ca_d, ca_a, dd_d, dd_a, sc]


@pytest.mark.parametrize("marker", [data.M_ASTEROID, data.M_NEBULA])
def test_asteroids_and_nebulae_make_everyone_class_e(marker):
    """Summary "Special Conditions": in asteroids or a nebula every ship is class E; fire
    order depends on Tactics (then the defender)."""
    game, state, a, d, _ = battle([(data.DN, 1, {"tac": 1}), (data.SC, 1, {"tac": 2})],
                                  [(data.BB, 1), (data.SC, 1, {"tac": 1})], marker=marker)
    dn, sc_a = a
    bb, sc_d = d
    assert combat.battle_queue(state) == [sc_a, sc_d, dn, bb]


def test_to_hit_number_and_the_always_hitting_one():
    """Summary "Fire Resolution": to hit = attack strength + attack tech (+1 fleet bonus)
    - (defense strength + defense tech); a roll at or below hits and a 1 always hits."""
    game, state, a, d, _ = battle([(data.DD, 1, {"att": 1})], [(data.BB, 1, {"dfn": 3})])
    (dd,), (bb,) = a, d
    assert shooter(state) == bb
    assert combat.to_hit_against(state, dd, bb) == 4 + 1 - 2 - 3  # 0
    assert combat.to_hit_against(state, bb, dd) == 5 + 0 - 0 - 0
    events = fire(game, dd, 6)
    assert events_of(events, "shot")[0]["hit"] is False
    assert shooter(state) == dd
    events = fire(game, bb, 2)
    assert events_of(events, "shot")[0]["hit"] is False
    events = fire(game, dd, 5)  # round 2: the battleship hits on a 5
    assert events_of(events, "shot")[0]["hit"] is True
    assert not in_battle(state) and not unit_alive(state, dd)


def test_roll_of_one_always_hits():
    """Summary "Introduction": a roll of 1 is always a hit."""
    game, state, a, d, _ = battle([(data.SC, 1)], [(data.BB, 1, {"dfn": 3})])
    (sc,), (bb,) = a, d
    assert combat.to_hit_against(state, sc, bb) == 3 - 5
    fire(game, sc, 10)  # the battleship (class A) misses first
    events = fire(game, bb, 1)
    shot = events_of(events, "shot")[0]
    assert shot["hit"] is True and shot["to_hit"] == -2
    assert state.u_damage[bb] == 1


def test_tech_carried_never_exceeds_hull():
    """Summary "Attack and Defense Technology": hull size limits a unit's attack and
    defense levels; docs/charts.md: attack and defense carried never exceed hull size."""
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_ATTACK, 3)
    state.set_tech_level(0, data.T_DEFENSE, 3)
    for unit_type, expected in ((data.SC, 1), (data.CA, 2), (data.BB, 3)):
        unit = add(state, 0, unit_type, CENTRE)
        assert (state.u_att[unit], state.u_def[unit]) == (expected, expected)


def test_asteroids_cancel_attack_tech():
    """Summary "Special Conditions": in asteroids attack technology counts as zero, attack
    strength unchanged."""
    game, state, a, d, _ = battle([(data.CA, 1, {"att": 2, "dfn": 2})],
                                  [(data.CA, 1, {"att": 2, "dfn": 1})], marker=data.M_ASTEROID)
    (ca_a,), (ca_d,) = a, d
    assert combat.to_hit_against(state, ca_a, ca_d) == 4 + 0 - 1 - 1
    assert combat.to_hit_against(state, ca_d, ca_a) == 4 + 0 - 1 - 2


def test_nebula_cancels_defense_tech():
    """Summary "Special Conditions": in a nebula defense technology counts as zero,
    defense strength unchanged."""
    game, state, a, d, _ = battle([(data.CA, 1, {"att": 2, "dfn": 2})],
                                  [(data.CA, 1, {"att": 1, "dfn": 2})], marker=data.M_NEBULA)
    (ca_a,), (ca_d,) = a, d
    assert combat.to_hit_against(state, ca_a, ca_d) == 4 + 2 - 1 - 0
    assert combat.to_hit_against(state, ca_d, ca_a) == 4 + 1 - 1 - 0


# -- fleet size and screening ---------------------------------------------------------
def test_fleet_size_bonus_at_twice_the_ships():
    """Summary "Fleet Size Bonus": a player with at least twice as many combat-capable
    ships as the opponent gets +1 attack."""
    game, state, a, d, _ = battle([(data.SC, 4)], [(data.SC, 2)])
    assert bonus(state) == [1, 0]
    (sc_a,), (sc_d,) = a, d
    assert combat.to_hit_against(state, sc_a, sc_d) == 4
    assert combat.to_hit_against(state, sc_d, sc_a) == 3


def test_no_fleet_size_bonus_below_twice():
    """Summary "Fleet Size Bonus": fewer than twice as many ships gives no bonus."""
    game, state, a, d, _ = battle([(data.SC, 3)], [(data.SC, 2)])
    assert bonus(state) == [0, 0]


def test_screening_up_to_the_difference():
    """Summary "Combat Screening": the side with more combat ships may screen ships up to
    the difference; screened ships neither fire nor are fired upon; the fleet-size
    bonus counts the ships left in the fight (engine interpretation)."""
    game, state, a, d, _ = battle([(data.SC, 2), (data.SC, 1), (data.SC, 1), (data.SC, 1)],
                                  [(data.DD, 2)], screen=True)
    assert game.phase == "combat_screen" and game.current_player == 0
    assert state.b_screen_left == 3
    assert {x.unit for x in legal(game, "screen")} == set(a)
    act(game, "screen", unit=a[0])
    assert {x.unit for x in legal(game, "screen")} == {a[1], a[2], a[3]}
    act(game, "screen", unit=a[1])  # 3 ships screened: the limit
    assert game.phase == "combat_fire"
    assert {s for s in a if state.u_flags[s] & F_SCREENED} == {a[0], a[1]}
    assert bonus(state) == [0, 0]  # 2 against 2 left in the fight
    dd = d[0]
    assert shooter(state) == dd
    assert {x.target for x in legal(game, "fire")} == {a[2], a[3]}
    fire(game, a[2], 10)
    fire(game, a[3], 10)
    assert shooter(state) in (a[2], a[3])  # screened groups are skipped in round 1


def test_defender_may_screen_when_larger():
    """Summary "Combat Screening": whichever player has more combat ships may screen."""
    game, state, a, d, _ = battle([(data.DD, 1)], [(data.SC, 1), (data.SC, 1)], screen=True)
    assert game.phase == "combat_screen" and game.current_player == 1
    assert {x.unit for x in legal(game, "screen")} == set(d)


def test_non_combat_units_are_never_targets():
    """Summary "Combat Screening": non-combat ships are screened automatically."""
    game, state, a, d, _ = battle([(data.DD, 1)], [(data.DD, 1), (data.CO, 1),
                                                   (data.MINER, 1)])
    fire(game, a[0], 10)
    assert {x.target for x in legal(game, "fire")} == {d[0]}


# -- damage, rounds, loss, repair -----------------------------------------------------
def test_damage_goes_to_one_ship_of_a_group_at_a_time():
    """Summary "Recording Hits": damage is cumulative; a ship dies when its damage equals
    its hull; ships in a group are targeted one at a time."""
    game, state, a, d, _ = battle([(data.DD, 4)], [(data.BB, 2), (data.SY, 3)])
    (dd,) = a
    bb = d[0]
    while shooter(state) != dd:
        fire(game, dd, 10)
    for expected in ((2, 1), (2, 2), (1, 0), (1, 1)):
        fire(game, bb, 1)
        assert (state.u_count[bb], state.u_damage[bb]) == expected


def test_rounds_continue_until_one_side_is_gone_then_repair():
    """Summary "Combat": rounds repeat until only one player's units remain; survivors
    are repaired at the end; the loser's non-combat units are destroyed."""
    game, state, a, d, _ = battle([(data.CA, 1)], [(data.SC, 1), (data.CO, 1)])
    (ca,) = a
    sc, co = d
    fire(game, sc, 10)  # CA (class C) first: miss
    fire(game, ca, 2)  # scout hits: CA damaged; round 1 is over
    assert state.u_damage[ca] == 1 and state.b_round == 2
    fire(game, sc, 10)
    fire(game, ca, 10)
    assert state.b_round == 3 and state.u_damage[ca] == 1  # damage lasts
    events = fire(game, sc, 1)  # round 3: the cruiser kills the scout
    assert not in_battle(state)
    assert not unit_alive(state, sc) and not unit_alive(state, co)
    assert state.u_damage[ca] == 0
    ended = events_of(events, "battle_ended")[0]
    assert ended["winner"] == 0 and ended["rounds"] == 3
    assert game.phase == "movement" and game.current_player == 1


def test_attacker_loss_destroys_its_non_combat_units():
    """Summary "Non-Combat Units": colony ships and miners are destroyed if all combat
    units of their side are destroyed or retreat."""
    game, state, a, d, _ = battle([(data.SC, 1), (data.CO, 1), (data.MINER, 1)],
                                  [(data.DD, 1)])
    fire(game, a[0], 1)
    assert not any(unit_alive(state, s) for s in a)
    assert unit_alive(state, d[0])


# -- retreat --------------------------------------------------------------------------
def test_retreat_only_from_round_two_by_distance_rule():
    """Summary "Retreat": after the first round a combat ship may retreat instead of
    firing to an adjacent explored hex without enemy units that is no farther from one
    of its colonies; never into a supernova."""
    game = scenario()
    state = game.state
    board = state.board
    ship = add(state, 0, data.DD, CENTRE)
    enemy = add(state, 1, data.DD, CENTRE, count=1)
    near = [h for h in board.adjacent(CENTRE)
            if board.distance(h, HOME_0) <= board.distance(CENTRE, HOME_0)]
    assert len(near) == 4
    blocked_enemy, blocked_unknown, nova, free = near
    add(state, 1, data.CO, blocked_enemy)
    set_marker(state, blocked_unknown, data.M_PLANET)
    set_marker(state, nova, data.M_SUPERNOVA, face_up=True)
    end_movement(game)
    assert shooter(state) == enemy
    assert not legal(game, "retreat")
    fire(game, ship, 10)
    assert not legal(game, "retreat")
    fire(game, enemy, 10)
    assert state.b_round == 2
    assert shooter(state) == enemy
    enemy_ways = {neighbour(state, CENTRE, x.dir) for x in legal(game, "retreat")}
    assert enemy_ways == {h for h in board.adjacent(CENTRE)
                          if board.distance(h, HOME_1) <= board.distance(CENTRE, HOME_1)}
    fire(game, ship, 10)
    assert {neighbour(state, CENTRE, x.dir) for x in legal(game, "retreat")} == {free}


def test_a_retreat_after_a_full_move_is_a_fourth_hex_and_keeps_the_invariants():
    """Summary "Retreat": any combat ship may retreat after the first round, whatever
    it moved before; a ship that moved its whole allowance (3 hexes at Movement 7)
    into a battle and retreats has changed hex 4 times this turn."""
    from se4x_core.devtools.invariants import problems

    game = scenario(turn=3)
    state = game.state
    start = neighbour(state, neighbour(state, neighbour(state, CENTRE, W), W), W)
    ship = add(state, 0, data.DD, start, mov=7)
    enemy = add(state, 1, data.DD, CENTRE)
    for _ in range(3):
        move(game, ship, neighbour(state, state.u_hex[ship], E))
    assert state.u_hex[ship] == CENTRE and state.u_moved[ship] == 3
    end_movement(game)
    miss_round(game)
    while shooter(state) != ship:
        fire(game, ship, 10)
    way = legal(game, "retreat")[0]
    act(game, "retreat", dir=way.dir)
    assert state.u_hex[ship] == neighbour(state, CENTRE, way.dir) and unit_alive(state, enemy)
    assert state.u_moved[ship] == 4  # no refit at a yard: it moved this turn
    assert problems(state) == []


def test_retreat_towards_any_colony_not_only_the_nearest():
    """Summary "Retreat": the retreat hex must be the same distance or less from *one
    of* its colonies (reference manual: "a friendly colony"), so a fleet may fall back
    towards a distant colony even though that takes it away from the nearest one."""
    game = scenario()
    state = game.state
    board = state.board
    near_colony = neighbour(state, CENTRE, W)
    far_colony = 46  # row 5, column 7: three hexes east of the battle
    set_colony(state, 0, near_colony, 5)
    set_colony(state, 0, far_colony, 5)
    ship = add(state, 0, data.DD, CENTRE)
    enemy = add(state, 1, data.DD, CENTRE)
    end_movement(game)
    fire(game, ship, 10)
    fire(game, enemy, 10)
    fire(game, ship, 10)  # round 2: the defender fires first, then our turn
    assert shooter(state) == ship
    ways = {neighbour(state, CENTRE, x.dir) for x in legal(game, "retreat")}
    colonies = (HOME_0, near_colony, far_colony)
    expected = {h for h in board.adjacent(CENTRE)
                if any(board.distance(h, c) <= board.distance(CENTRE, c) for c in colonies)}
    assert ways == expected
    east = neighbour(state, CENTRE, E)
    assert east in ways  # towards the far colony ...
    nearest_now = min(board.distance(CENTRE, c) for c in colonies)
    assert min(board.distance(east, c) for c in colonies) > nearest_now  # ... from the near one


def test_no_retreat_without_a_colony_elsewhere():
    """Summary "Retreat": the distance is counted to a colony; the colony in the battle
    hex itself does not count (reference manual: "ignoring battle hex colony"), so with
    no other colony there is no legal retreat."""
    game = scenario()
    state = game.state
    state.h_col_owner[HOME_1] = -1  # player 1 keeps only the colony where it fights
    state.h_marker[HOME_1] = data.M_PLANET
    set_colony(state, 1, CENTRE, 5)
    add(state, 0, data.DD, CENTRE)
    enemy = add(state, 1, data.DD, CENTRE)
    end_movement(game)
    miss_round(game)
    assert shooter(state) == enemy
    assert not legal(game, "retreat")


def test_retreat_ends_the_battle_and_keeps_non_combat_fate():
    """Summary "Retreat"/"Non-Combat Units": a retreating group leaves the battle; if its
    side has no combat units left, its non-combat units are destroyed."""
    game, state, a, d, _ = battle([(data.DD, 1)], [(data.DD, 1), (data.CO, 1)])
    (dd_a,), (dd_d, co) = a, d
    fire(game, dd_a, 10)
    fire(game, dd_d, 10)
    ways = legal(game, "retreat")
    assert ways and shooter(state) == dd_d
    events = act(game, "retreat", dir=ways[0].dir)
    assert state.u_hex[dd_d] == neighbour(state, CENTRE, ways[0].dir)
    assert not unit_alive(state, co)
    assert events_of(events, "retreated") and not in_battle(state)


@pytest.mark.parametrize("unit_type", [data.SY, data.BASE])
def test_yards_and_bases_cannot_retreat(unit_type):
    """Summary "Retreat": bases and ship yards cannot retreat."""
    game = scenario()
    state = game.state
    set_colony(state, 1, CENTRE, 5)
    immobile = add(state, 1, unit_type, CENTRE)
    add(state, 0, data.DD, CENTRE)
    end_movement(game)
    miss_round(game)
    assert state.b_round == 2
    while shooter(state) != immobile:
        fire(game, legal(game, "fire")[0].target, 10)
    assert not legal(game, "retreat")


def test_screened_group_may_retreat_from_round_two():
    """BGA help "Combat Screening": screened ships may retreat on their turn."""
    game, state, a, d, _ = battle([(data.DD, 1), (data.DD, 1)], [(data.DD, 1)], screen=True)
    act(game, "screen", unit=a[1])
    miss_round(game)
    act(game, "screen", unit=a[1])
    while shooter(state) != a[1]:
        fire(game, legal(game, "fire")[0].target, 10)
    assert not legal(game, "fire")
    assert legal(game, "retreat") and is_legal(game, "hold")


def test_retreat_into_a_yard_hex_is_no_turn_spent_there():
    """docs/charts.md#research-chart: a refit needs the unit to spend a whole turn at the yard;
    a group that retreated there during turn 3 did not."""
    game = scenario()
    state = game.state
    state.set_order([1, 0])
    yard_hex = neighbour(state, CENTRE, SE)
    set_colony(state, 1, yard_hex, 5)
    add(state, 1, data.SY, yard_hex)
    set_turn(state, 0, 3)
    attacker = add(state, 0, data.DD, CENTRE)
    defender = add(state, 1, data.DD, CENTRE)
    state.set_tech_level(1, data.T_ATTACK, 1)
    end_movement(game)
    miss_round(game)
    assert shooter(state) == defender
    act(game, "retreat", dir=SE)
    assert state.u_hex[defender] == yard_hex and unit_alive(state, attacker)
    assert game.phase == "economic_bid"
    open_purchases_for(game, 1, cp=50)
    assert not is_legal(game, "refit", unit=defender)


# -- colonies -------------------------------------------------------------------------
def colony_attack(cp, ships=1, homeworld=False):
    game = scenario()
    state = game.state
    hex_index = HOME_1 if homeworld else CENTRE
    if homeworld:
        state.h_col_cp[HOME_1] = cp
    else:
        set_colony(state, 1, CENTRE, cp)
    group = add(state, 0, data.DD, hex_index, count=ships)
    end_movement(game)
    return game, state, group, hex_index


def test_colony_attack_steps_down():
    """Summary "Colonies and Combat": each ship fires once at an undefended colony; a hit
    takes it one step: 5 -> 3 -> 1 -> destroyed; the planet may be colonised again."""
    game, state, group, h = colony_attack(5, ships=3)
    assert game.phase == "colony_attack" and game.current_player == 0
    assert combat.colony_to_hit(state, group) == 4
    for expected in (3, 1):
        force_dice(state, 4)
        act(game, "fire_colony")
        assert state.h_col_cp[h] == expected
    force_dice(state, 5)
    act(game, "fire_colony")
    assert state.h_col_cp[h] == 1 and game.phase == "movement"  # three shots fired
    set_turn(state, 0, 2)
    end_movement(game)
    force_dice(state, 1)
    events = act(game, "fire_colony")
    assert state.h_col_owner[h] == -1 and state.h_marker[h] == data.M_PLANET
    assert events_of(events, "colony_destroyed")
    colony_ship = add(state, 0, data.CO, h)
    set_turn(state, 0, 3)
    assert is_legal(game, "colonize", unit=colony_ship)


def test_colony_attack_reveals_the_attacking_groups():
    """Combat (engine interpretation): an attack on a colony is combat ("Colonies and
    Combat"), so the attacker's combat groups there are revealed when it starts, even
    with no enemy ships present, and fire in class order; summary "Decoys": "If a Decoy
    is part of a friendly Group in Combat, it will be destroyed at start of Combat"."""
    game = scenario()
    state = game.state
    set_colony(state, 1, CENTRE, 5)
    scout = add(state, 0, data.SC, CENTRE)
    destroyer = add(state, 0, data.DD, CENTRE, count=2)
    decoy = add(state, 0, data.DECOY, CENTRE)
    assert not any(state.u_flags[s] & F_REVEALED for s in (scout, destroyer, decoy))
    end_movement(game)
    assert game.phase == "colony_attack" and state.b_colony and state.b_defender == -1
    assert state.u_flags[scout] & F_REVEALED and state.u_flags[destroyer] & F_REVEALED
    assert not unit_alive(state, decoy)
    assert combat.battle_queue(state) == [destroyer, scout]  # class D before class E
    seen = {u["unit"]: u for u in game.observation(1)["units"]}
    assert (seen[destroyer]["unit_type"], seen[destroyer]["count"]) == ("DD", 2)
    assert combat.firing_unit(state) == destroyer


def test_new_colony_dies_to_one_hit():
    """Summary "Colonies and Combat": a newly colonised planet with a grounded colony ship
    needs only one hit."""
    game, state, group, h = colony_attack(0)
    force_dice(state, 3)
    act(game, "fire_colony")
    assert state.h_col_owner[h] == -1


def test_colony_attack_may_be_declined():
    """BGA help "Enemy Occupied Hexes": you may ignore an enemy colony."""
    game, state, group, h = colony_attack(5)
    act(game, "hold")
    assert state.h_col_cp[h] == 5 and game.phase == "movement"


def test_colony_attack_after_winning_the_battle():
    """Summary "Colonies and Combat": once all ships in the system are destroyed or
    retreated, the colony may be attacked."""
    game = scenario()
    state = game.state
    set_colony(state, 1, CENTRE, 3)
    yard = add(state, 1, data.SY, CENTRE)
    add(state, 0, data.DD, CENTRE, count=2)
    end_movement(game)
    while in_battle(state) and not state.b_colony:
        target = legal(game, "fire")[0].target
        fire(game, target, 1 if target == yard else 10)
    assert game.phase == "colony_attack" and not unit_alive(state, yard)


def test_homeworld_loses_five_per_hit():
    """Summary "Colonies and Combat": a hit reduces a homeworld by 5: 20 -> 15 -> 10 -> 5."""
    game, state, group, h = colony_attack(20, ships=3, homeworld=True)
    for expected in (15, 10, 5):
        force_dice(state, 1)
        act(game, "fire_colony")
        assert state.h_col_cp[h] == expected


def test_homeworld_destroyed_ends_two_player_game():
    """Summary "Introduction"/"Homeworld": if your homeworld is destroyed you lose; the
    last empire standing wins."""
    game, state, group, h = colony_attack(5, homeworld=True)
    other = add(state, 1, data.CO, CENTRE)
    force_dice(state, 2)
    events = act(game, "fire_colony")
    assert events_of(events, "player_eliminated")[0]["player"] == 1
    assert game.is_over and game.winner == 0 and game.current_player == -1
    assert not state.alive[1] and not unit_alive(state, other)
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        act(game, "end_movement")
    assert events_of(events, "game_over")[0]["winner"] == 0


def test_elimination_in_three_player_game_continues():
    """Summary "Introduction": players win by destroying their opponents' homeworlds; with
    three players one elimination leaves the game running without the loser."""
    game = scenario(players=3, board="standard")
    state = game.state
    home_2 = state.homeworld[2]
    state.h_col_cp[home_2] = 5
    add(state, 0, data.DD, home_2)
    deep = state.board.deep_space_hexes
    add(state, 2, data.SC, deep[0])
    set_colony(state, 2, deep[1], 3)
    end_movement(game)
    force_dice(state, 1)
    act(game, "fire_colony")
    assert not game.is_over and list(state.alive) == [1, 1, 0]
    assert state.live_units(2) == [] and state.colonies(2) == []
    assert game.phase == "movement" and game.current_player == 1
    end_movement(game)
    assert game.current_player == 0 and state.turn == 2
    set_turn(state, 1, 3)
    end_movement(game)
    assert game.phase == "economic_bid"
    act(game, "bid", amount=0)
    act(game, "bid", amount=0)
    assert game.phase == "economic_purchase"
    finish_purchases(game)
    assert state.player_order() == [0, 1]


# -- several battles -------------------------------------------------------------------
def test_attacker_chooses_battle_order():
    """Summary "Combat": if there is more than one battle, the attacker decides the order."""
    game = scenario()
    state = game.state
    first, second = CENTRE, neighbour(state, CENTRE, W)
    for h in (first, second):
        add(state, 0, data.DD, h)
        add(state, 1, data.DD, h)
    end_movement(game)
    assert game.phase == "choose_battle" and game.current_player == 0
    assert {x.hex for x in legal(game, "choose_battle")} == {first, second}
    act(game, "choose_battle", hex=second)
    assert state.b_hex == second


def test_battles_only_where_the_mover_is():
    """Summary "Combat": the player whose units moved into the space is the attacker;
    combat happens in the mover's Combat phase."""
    game = scenario()
    state = game.state
    add(state, 1, data.DD, CENTRE)
    add(state, 1, data.DD, neighbour(state, CENTRE, NE))
    add(state, 0, data.DD, neighbour(state, CENTRE, NW))
    end_movement(game)
    assert not in_battle(state) and game.current_player == 1


def test_three_empires_in_one_hex_fight_in_turn():
    """Summary "Combat" (engine interpretation): in a hex with two enemy empires the
    attacker fights one, then the other."""
    game = scenario(players=3, board="standard")
    state = game.state
    add(state, 0, data.DN, CENTRE, count=2)
    add(state, 1, data.SC, CENTRE)
    add(state, 2, data.SC, CENTRE)
    end_movement(game)
    first = state.b_defender
    while in_battle(state) and state.b_defender == first:
        if game.phase == "combat_screen":
            act(game, "done_screening")
            continue
        target = legal(game, "fire")[0].target
        fire(game, target, 1 if state.owner(target) != 0 else 10)
    assert in_battle(state) and state.b_defender == 3 - first


def test_wrong_target_refused_and_state_unchanged():
    """IllegalActionError: firing at an illegal target leaves the game untouched."""
    game, state, a, d, _ = battle([(data.DD, 1)], [(data.DD, 1)])
    before = state.clone()
    with pytest.raises(IllegalActionError):
        act(game, "fire", target=d[0])  # the defender fires first: at the attacker only
    with pytest.raises(IllegalActionError):
        act(game, "retreat", dir=SW)
    assert state == before


# -- the default policy ("auto") ---------------------------------------------------------
def test_auto_target_prefers_the_best_chance_to_hit():
    """Issue: battles may be auto-resolved; the auto target is the battle simulator's
    documented rule (docs/rules-interpretations.md#default-target): best chance to hit first."""
    game, state, a, d, _ = battle([(data.DD, 1)], [(data.BB, 1), (data.SC, 1)])
    (dd,) = a
    bb, sc = d
    while shooter(state) != dd:
        fire(game, dd, 10)
    assert combat.to_hit_against(state, dd, sc) > combat.to_hit_against(state, dd, bb)
    assert game.default_action().kind == "fire" and game.default_action().target == sc


def test_auto_target_finishes_a_damaged_group_on_a_tie():
    """docs/rules-interpretations.md#default-target: on equal chances, the group whose
    lead ship is damaged."""
    game, state, a, d, _ = battle([(data.SC, 2)], [(data.CA, 1), (data.CA, 1)])
    (sc,) = a
    ca1, ca2 = d
    while shooter(state) != sc:
        fire(game, sc, 10)
    fire(game, ca2, 1)  # the first scout damages the second cruiser
    assert state.u_damage[ca2] == 1
    assert game.default_action().target == ca2


def test_auto_target_prefers_the_bigger_threat_on_a_tie():
    """docs/rules-interpretations.md#default-target: then the highest attack (strength
    plus attack tech)."""
    game, state, a, d, _ = battle([(data.BB, 1)], [(data.SC, 1), (data.DD, 1)])
    (bb,) = a
    sc, dd = d
    assert shooter(state) == bb  # class A fires first
    assert combat.to_hit_against(state, bb, sc) == combat.to_hit_against(state, bb, dd)
    assert game.default_action().target == dd


def test_auto_combat_players_never_decide_in_battle():
    """Issue: "an optional default policy can answer them for players who want battles
    auto-resolved": with auto_combat for both players the battle resolves at once."""
    game = scenario()
    state = game.state
    state.auto_mask = 0b11  # config "auto_combat": [0, 1]
    add(state, 0, data.DD, CENTRE, 3)
    add(state, 1, data.SC, CENTRE, 2)
    end_movement(game)
    assert not in_battle(state)
    assert game.phase == "movement" and game.current_player == 1
    survivors = [s for s in state.units_at(CENTRE)]
    assert survivors and len({state.owner(s) for s in survivors}) == 1
