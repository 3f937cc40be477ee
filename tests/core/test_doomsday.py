"""Advanced rule, Doomsday Machines (config ``advanced: ["doomsday"]``).

Rules: docs/charts.md#setup-and-economy (the Deep Space pool holds "3 Doomsday Machines",
numbered 1-3; "with basic rules warp points and Doomsday Machines are empty space"),
"Ship technology chart" ("Doomsday Machine (optional rule, not a player's unit): class C,
9-2, hull 3, fires twice a round, tactics 2; a roll of 1 hits it; no fleet-size bonus
against it") and "Advanced rules data" ("Doomsday Machines move up to 2 hexes toward the
nearest planet, asteroid or ship, never into home systems, and destroy planets they
reach; killing one gives two space wreck rolls").  Where the texts are silent, the
readings of docs/rules-interpretations.md#doomsday and se4x_core/rules/advanced/doomsday.py.
"""

from __future__ import annotations

import json

import pytest

from se4x_core import data
from se4x_core.devtools.invariants import problems
from se4x_core.game import Game
from se4x_core.rules.advanced.doomsday import machines
from se4x_core.rules.state import State
from tests.helpers.scenario import (
    CENTRE,
    act,
    add,
    end_movement,
    events_of,
    force_dice,
    legal,
    line,
    move,
    neighbour,
    put_machine,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    step_targets,
)

pytestmark = [pytest.mark.fast, pytest.mark.core]

DOOMSDAY = {"advanced": ["doomsday"]}
E, NE, NW, W, SW, SE = range(6)


def machine_game(player: int = 0, also: tuple[str, ...] = (), **kwargs) -> Game:
    """A blank scenario with the rule set (and the rule sets in ``also``)."""
    return scenario(player=player, advanced=["doomsday", *also], **kwargs)


def ring_of(state: State, hex_index: int) -> list[int]:
    """The hexes next to ``hex_index``."""
    return [h for h in (neighbour(state, hex_index, d) for d in range(6)) if h >= 0]


def machines_turn(game: Game) -> list[dict]:
    """End the last player's movement in turn 1 (nothing else to fight): the machines
    move.  Returns the events."""
    set_turn(game.state, game.state.player_order()[-1], 1)
    return end_movement(game)


def fight_out(game: Game) -> list[dict]:
    """Apply the default action while a battle is on; every event."""
    events: list[dict] = []
    while game.state.b_hex >= 0 and not game.is_over:
        events += game.apply(game.default_action())
    return events


# -- the option ----------------------------------------------------------------------------
def test_the_rule_set_is_an_option_off_by_default():
    """Issue: each advanced rule set is a game option, off by default."""
    assert data.ADVANCED_RULES["doomsday"] == data.OPT_DOOMSDAY
    assert data.ADVANCED_RULE_TITLES["doomsday"] == "Doomsday Machines"
    assert Game.new_game({"players": 2}).state.options & data.OPT_DOOMSDAY == 0
    game = Game.new_game({"players": 2, **DOOMSDAY})
    assert game.observation(0)["advanced"] == ["doomsday"]
    assert game.observation(0)["machines"] == []
    assert "machines" not in Game.new_game({"players": 2}).observation(0)


def test_the_pool_holds_three_numbered_machines():
    """docs/charts.md#setup-and-economy: 3 Doomsday Machines (1-3) among the Deep Space
    markers, with or without the rule set."""
    pool = [(marker, value) for marker, value in data.expand_mix(data.DEEP_SPACE_MIX)
            if marker == data.M_DOOMSDAY]
    assert pool == [(data.M_DOOMSDAY, 1), (data.M_DOOMSDAY, 2), (data.M_DOOMSDAY, 3)]


# -- appearing -----------------------------------------------------------------------------
@pytest.mark.parametrize("advanced", [False, True])
def test_a_revealed_marker_is_a_machine_only_with_the_option(advanced):
    """docs/charts.md: with basic rules a Doomsday Machine marker is empty space; with the rule
    set revealing it puts machine n on the hex, for everyone to see, and the unit that
    found it stops there and must fight it."""
    game = machine_game() if advanced else scenario()
    state = game.state
    set_marker(state, CENTRE, data.M_DOOMSDAY, 2)
    ship = add(state, 0, data.DD, neighbour(state, CENTRE, W))
    events = move(game, ship, CENTRE)
    assert events_of(events, "explored")[0]["marker"] == "doomsday"
    assert (state.h_marker[CENTRE], state.h_face_up[CENTRE]) == (data.M_EMPTY, 1)
    if not advanced:
        assert machines(state) == []
        return
    assert machines(state) == [(2, CENTRE, 0)]
    for viewer in (0, 1):
        assert game.observation(viewer)["machines"] == [
            {"number": 2, "hex": CENTRE, "hits": 0, "unit": data.MACHINE_UNIT + 1}]
    assert step_targets(game, ship) == set()  # stopped
    events = end_movement(game)
    started = events_of(events, "battle_started")
    assert started and (started[0]["attacker"], started[0]["defender"]) == (0, data.MACHINE_SIDE)
    assert problems(state) == []


def test_entering_a_machines_hex_stops_movement():
    """A machine is treated like enemy combat units: a ship entering its hex stops."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    ship = add(state, 0, data.DD, neighbour(state, CENTRE, W), mov=7)
    assert CENTRE in step_targets(game, ship)
    move(game, ship, CENTRE)
    assert step_targets(game, ship) == set()


def test_a_colony_ship_needs_an_escort_into_a_machines_hex():
    """Interpretation: like enemy combat units, a machine bars non-combat units that
    come alone; with a friendly combat unit already there they may enter."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    colony_ship = add(state, 0, data.CO, neighbour(state, CENTRE, W))
    assert CENTRE not in step_targets(game, colony_ship)
    add(state, 0, data.DD, CENTRE)
    assert CENTRE in step_targets(game, colony_ship)


def test_a_machine_has_no_fleet_bonus_against_it_and_fires_twice_at_nine():
    """docs/charts.md: class C, 9-2, fires twice a round, tactics 2; "a roll of 1 hits it; no
    fleet-size bonus against it".  Six scouts (class E) face it: it fires first, twice,
    with 9 - 0; every shot at it needs a 1."""
    game = machine_game()
    state = game.state
    put_machine(state, 3, CENTRE)
    add(state, 0, data.SC, CENTRE, count=4)
    force_dice(state, 10, 10, 2, 3, 4, 5)  # the machine misses twice; no 1 after
    events = end_movement(game)
    assert (state.b_attacker, state.b_defender) == (0, data.MACHINE_SIDE)
    assert (state.b_bonus_a, state.b_bonus_d) == (0, 0)
    battle = game.observation(0)["battle"]
    assert battle is not None and battle["queue"][0] == data.MACHINE_UNIT + 2
    table = {(row["unit"], row["target"]): row["to_hit"] for row in battle["to_hit"]}
    assert {v for (unit, _), v in table.items() if unit == data.MACHINE_UNIT + 2} == {9}
    assert {v for (_, target), v in table.items() if target == data.MACHINE_UNIT + 2} == {1}
    events += fight_round(game)
    shots = events_of(events, "shot")
    assert [(s["player"], s["roll"], s["hit"]) for s in shots[:2]] == [
        (data.MACHINE_SIDE, 10, False), (data.MACHINE_SIDE, 10, False)]
    assert [(s["to_hit"], s["hit"]) for s in shots[2:6]] == [(1, False)] * 4
    assert state.dm_hits[2] == 0


def fight_round(game: Game) -> list[dict]:
    """Default actions until the battle's round changes or it ends."""
    state = game.state
    start = state.b_round
    events: list[dict] = []
    while state.b_hex >= 0 and state.b_round == start:
        events += game.apply(game.default_action())
    return events


def test_a_roll_of_one_hits_whatever_the_attack():
    """docs/charts.md: "a roll of 1 hits it" (and only a 1: its defence is beyond any attack).
    A dreadnought (class A, fires before it) rolling 2 misses; rolling 1 hits."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    add(state, 0, data.DN, CENTRE, att=3)
    force_dice(state, 2, 10, 10, 1, 10, 10)
    events = end_movement(game) + fight_round(game) + fight_round(game)
    shots = events_of(events, "shot")
    assert [(s["player"], s["roll"], s["to_hit"], s["hit"]) for s in shots] == [
        (0, 2, 1, False), (data.MACHINE_SIDE, 10, 6, False), (data.MACHINE_SIDE, 10, 6, False),
        (0, 1, 1, True), (data.MACHINE_SIDE, 10, 6, False), (data.MACHINE_SIDE, 10, 6, False)]
    hit = events_of(events, "machine_hit")
    assert [(h["machine"], h["player"], h["hits"]) for h in hit] == [(1, 0, 1)]
    assert machines(state) == [(1, CENTRE, 1)]


def test_the_third_hit_destroys_it_for_two_wreck_rolls():
    """docs/charts.md: hull 3; "killing one gives two space wreck rolls", for the player whose
    ship destroyed it (rolled at once; wreck roll 1-2 is Attack, 3-4 Defense...)."""
    game = machine_game()
    state = game.state
    put_machine(state, 2, CENTRE, hits=2)
    add(state, 0, data.DN, CENTRE)
    before = list(state.tech)
    force_dice(state, 1, *wreck_rolls_for("attack", "defense"))
    events = end_movement(game) + fight_out(game)
    destroyed = events_of(events, "machine_destroyed")
    assert len(destroyed) == 1 and (destroyed[0]["machine"], destroyed[0]["player"],
                                    destroyed[0]["hex"]) == (2, 0, CENTRE)
    assert [(w["tech"], w["gained"]) for w in destroyed[0]["wrecks"]] == [
        ("attack", True), ("defense", True)]
    assert machines(state) == []
    gained = {data.TECH_KEYS[i % data.N_TECHS] for i, (a, b) in enumerate(
        zip(before, state.tech, strict=True)) if a != b}
    assert gained == {"attack", "defense"}
    assert events_of(events, "battle_ended")[0]["winner"] == 0
    assert problems(state) == []


def wreck_rolls_for(*techs: str) -> list[int]:
    """A die roll giving each technology on the Space Wreck table."""
    return [data.WRECK_TECH_BY_ROLL.index(data.TECH_KEYS.index(tech)) for tech in techs]


# -- moving --------------------------------------------------------------------------------
def test_machines_move_after_the_turns_last_player_two_hexes_toward_the_nearest_ship():
    """Advanced rules data: "move up to 2 hexes toward the nearest planet, asteroid or
    ship".  Interpretation: after every turn's last player (three times a round); each
    hex is one event."""
    game = machine_game(player=0)
    state = game.state
    path = line(state, CENTRE - 1, E, 4)  # 42, 43, 44, 45, 46
    put_machine(state, 1, path[0])
    add(state, 0, data.SC, path[4])
    assert events_of(end_movement(game), "machine_moved") == []  # player 0 is not last
    events = end_movement(game)  # player 1 ends the turn
    moved = events_of(events, "machine_moved")
    assert [(m["machine"], m["origin"], m["hex"]) for m in moved] == [
        (1, path[0], path[1]), (1, path[1], path[2])]
    assert machines(state) == [(1, path[2], 0)]
    assert state.turn == 2 and not state.machine_step
    assert problems(state) == []


def test_reaching_ships_the_machine_fights_them_in_the_machines_step():
    """A machine ending its move with a player's units fights them at once; the player
    decides for its side (here it fires at the machine), the machine decides nothing."""
    game = machine_game(player=1)
    state = game.state
    path = line(state, CENTRE - 1, E, 2)
    put_machine(state, 1, path[0])
    ship = add(state, 0, data.DN, path[2])
    force_dice(state, 1, 10, 10)  # the dreadnought fires first (class A) and hits
    events = end_movement(game)
    assert state.machine_step and state.b_hex == path[2]
    assert (state.b_attacker, state.b_defender) == (0, data.MACHINE_SIDE)
    assert game.current_player == 0 and game.observation(0)["machine_step"] is True
    assert {a.target for a in legal(game, "fire")} == {data.MACHINE_UNIT}
    events += act(game, "fire", target=data.MACHINE_UNIT)
    assert machines(state) == [(1, path[2], 1)]
    assert state.u_type[ship] == data.DN
    assert problems(state) == []


def test_the_nearest_target_wins_ties_to_the_lower_hex_and_asteroids_count():
    """The nearest planet, asteroid or ship; of two at the same distance the lower hex
    number (interpretation)."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    east, west = neighbour(state, CENTRE, E), neighbour(state, CENTRE, W)
    set_marker(state, east, data.M_ASTEROID, face_up=True)
    set_marker(state, west, data.M_PLANET, face_up=True)
    machines_turn(game)
    assert machines(state)[0][1] == min(east, west)


def test_a_far_target_does_not_win_over_a_near_one():
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    far = line(state, CENTRE, E, 3)[-1]
    near = neighbour(state, CENTRE, SW)
    set_marker(state, far, data.M_PLANET, face_up=True)
    set_marker(state, near, data.M_BARREN, face_up=True)
    machines_turn(game)
    assert machines(state)[0][1] == near


def test_machines_never_enter_home_systems():
    """"never into home systems": a colony in a home system next to the machine is no
    target; it stays when nothing else is in reach."""
    game = machine_game()
    state = game.state
    edge = next(h for h in range(state.n_hexes) if state.board.region[h] < 0
                and any(state.board.region[n] >= 0 for n in ring_of(state, h)))
    home = next(n for n in ring_of(state, edge) if state.board.region[n] >= 0)
    put_machine(state, 1, edge)
    set_colony(state, 0, home, 3)
    add(state, 0, data.SC, home)
    machines_turn(game)
    assert machines(state) == [(1, edge, 0)]
    assert state.h_col_owner[home] == 0


def test_a_machine_destroys_an_unguarded_planet_it_reaches():
    """"destroy planets they reach": the colony is lost and the hex is empty space."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    target = line(state, CENTRE, E, 2)[-1]
    set_colony(state, 1, target, 3)
    events = machines_turn(game)
    destroyed = events_of(events, "planet_destroyed")
    assert [(d["hex"], d["player"], d["machine"]) for d in destroyed] == [(target, 1, 1)]
    assert machines(state) == [(1, target, 0)]
    assert (state.h_marker[target], state.h_col_owner[target]) == (data.M_EMPTY, -1)
    assert game.observation(0)["hexes"][target]["marker"] == "empty"
    assert problems(state) == []


def test_a_guarded_planet_is_fought_for_not_destroyed():
    """A planet with ships on it: the machine fights them first; the planet stands."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    target = neighbour(state, CENTRE, E)
    set_colony(state, 0, target, 3)
    add(state, 0, data.DN, target)
    events = machines_turn(game)
    assert events_of(events, "planet_destroyed") == []
    assert state.machine_step and state.b_hex == target
    assert state.h_col_owner[target] == 0


def test_a_machine_stops_in_a_nebula_and_never_ends_on_an_unexplored_hex():
    """Interpretation: terrain stops it as it stops ships (a face-up nebula ends its
    move); it cannot explore, so it never ends its move on a face-down marker."""
    game = machine_game()
    state = game.state
    path = line(state, CENTRE, E, 3)
    put_machine(state, 1, path[0])
    set_marker(state, path[1], data.M_NEBULA, face_up=True)
    set_marker(state, path[3], data.M_PLANET, face_up=True)
    machines_turn(game)
    assert machines(state) == [(1, path[1], 0)]

    game = machine_game()
    state = game.state
    put_machine(state, 1, path[0])
    set_marker(state, path[2], data.M_DANGER)  # face down
    set_marker(state, path[3], data.M_PLANET, face_up=True)
    machines_turn(game)
    assert machines(state) == [(1, path[1], 0)]  # one hex short of the unexplored one
    assert state.h_face_up[path[2]] == 0  # nothing revealed
    machines_turn(game)
    assert machines(state) == [(1, path[3], 0)]  # through it to the planet, destroyed
    assert state.h_marker[path[3]] == data.M_EMPTY
    assert state.h_marker[path[2]] == data.M_DANGER and state.h_face_up[path[2]] == 0


def test_supernovas_black_holes_and_other_machines_are_in_the_way():
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    ring = ring_of(state, CENTRE)
    for i, h in enumerate(ring):
        if i % 3 == 0:
            set_marker(state, h, data.M_SUPERNOVA, face_up=True)
        elif i % 3 == 1:
            set_marker(state, h, data.M_BLACK_HOLE, face_up=True)
        else:
            put_machine(state, 2 + (i > 3), h)
    set_marker(state, line(state, CENTRE, E, 2)[-1], data.M_PLANET, face_up=True)
    machines_turn(game)
    assert machines(state)[0] == (1, CENTRE, 0)  # boxed in: it stays


# -- battles -------------------------------------------------------------------------------
def test_the_machine_wins_when_the_players_ships_are_gone():
    """A battle is lost by the side left without combat units: the machine stays."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    scout = add(state, 0, data.SC, CENTRE)
    force_dice(state, 9)  # 9 hits a scout (9 - 0)
    events = end_movement(game) + fight_out(game)
    assert state.u_type[scout] < 0
    assert events_of(events, "battle_ended")[0]["winner"] == data.MACHINE_SIDE
    assert machines(state) == [(1, CENTRE, 0)]
    assert problems(state) == []


def test_units_without_escort_met_by_a_machine_are_lost():
    """Interpretation: non-combat units a machine reaches with no combat unit beside them
    are lost, like units caught by enemy warships without escort."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    colony_ship = add(state, 0, data.CO, neighbour(state, CENTRE, E))
    events = machines_turn(game)
    assert state.u_type[colony_ship] < 0
    assert events_of(events, "unit_destroyed")[0]["unit"] == colony_ship
    assert not state.machine_step and state.b_hex < 0
    assert problems(state) == []


def test_mines_neither_fight_nor_stop_a_machine():
    """Interpretation: mines are about empires; a machine passes them and they stay."""
    game = machine_game(also=("mines",))
    state = game.state
    path = line(state, CENTRE, E, 3)
    put_machine(state, 1, path[0])
    mine = add(state, 0, data.MINE, path[1])
    set_marker(state, path[3], data.M_PLANET, face_up=True)
    machines_turn(game)
    assert machines(state) == [(1, path[2], 0)]
    assert state.u_type[mine] == data.MINE


def test_a_retreat_never_goes_into_a_machines_hex():
    """A machine is treated like enemy combat units: no retreat into its hex."""
    game = scenario(**DOOMSDAY)
    state = game.state
    ship = add(state, 0, data.DN, CENTRE)
    add(state, 1, data.DN, CENTRE)
    end_movement(game)
    while not (game.phase == "combat_fire" and state.b_round >= 2):
        game.apply(game.default_action())
    toward_home = combat_retreats(game, ship)
    assert toward_home
    blocked = neighbour(state, CENTRE, toward_home[0])
    put_machine(state, 1, blocked)
    assert toward_home[0] not in combat_retreats(game, ship)
    assert set(combat_retreats(game, ship)) == set(toward_home[1:])


def combat_retreats(game: Game, unit: int) -> list[int]:
    battle = game.observation(0)["battle"]
    assert battle is not None
    return sorted(battle["retreats"][unit])


def test_a_cloaked_raider_is_stopped_and_fought_too():
    """Interpretation: cloaking hides from empires' scanners, not from a machine."""
    game = machine_game(also=("raiders",))
    state = game.state
    put_machine(state, 1, CENTRE)
    game.state.set_tech_level(0, data.TECH_KEYS.index("cloaking"), 1)
    raider = add(state, 0, data.R, neighbour(state, CENTRE, W), mov=7)
    move(game, raider, CENTRE)
    assert step_targets(game, raider) == set()
    events = end_movement(game)
    assert events_of(events, "battle_started")[0]["defender"] == data.MACHINE_SIDE


def test_a_machine_is_fought_before_an_enemy_empire_in_its_hex():
    """Interpretation: in the mover's Combat phase the machine's battle comes first (it
    is there before anyone); the enemy empire's battle follows."""
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE)
    add(state, 0, data.DN, CENTRE)
    add(state, 1, data.DN, CENTRE)
    end_movement(game)
    assert state.b_defender == data.MACHINE_SIDE


# -- saves ---------------------------------------------------------------------------------
def played_until_a_machine_moved(seed: int) -> Game:
    """Random legal play (seeded) until a machine has appeared and moved."""
    import random
    rng = random.Random(seed)
    game = Game.new_game({"players": 2, "seed": seed, **DOOMSDAY})
    for _ in range(6000):
        events = game.apply(rng.choice(game.legal_codes()))
        if events_of(events, "machine_moved"):
            return game
    raise AssertionError("no machine moved")


def test_a_game_with_machines_saves_and_loads():
    """Save/load replays the actions: the machines, their hits and the step come back."""
    game = played_until_a_machine_moved(1)
    assert machines(game.state)
    loaded = Game.from_json(game.to_json())
    assert machines(loaded.state) == machines(game.state)
    assert loaded.observation(0) == game.observation(0)
    assert loaded.state.fields() == game.state.fields()


def test_a_save_from_before_the_rule_set_still_loads():
    """Saves written before the machines' fields existed load as games without any."""
    game = Game.new_game({"players": 2, "seed": 3})
    for _ in range(40):
        game.apply(game.default_action())
    doc = json.loads(game.to_json())
    for name in ("dm_hex", "dm_hits"):
        del doc["state"]["fields"][name]
    del doc["state"]["scalars"]["machine_step"]
    loaded = Game.from_json(json.dumps(doc))
    assert machines(loaded.state) == [] and loaded.state.fields() == game.state.fields()


# -- odds ----------------------------------------------------------------------------------
def exact_group_win_chance(ships: int, hull: int, to_hit_machine: float,
                           machine_to_hit: float, machine_hits: int) -> float:
    """The chance that one group of ``ships`` (each ``hull`` hits; class A, so firing
    before the machine) destroys a machine, both fighting to the end: a Markov chain
    over (ships left, damage on the lead ship, hits on the machine), solved by value
    iteration.  Written from the rules, independent of the engine's code."""
    from functools import cache

    @cache
    def after_group(n: int, d: int, m: int, shooter: int) -> dict[tuple[int, int, int], float]:
        """Where the round goes once ``shooter`` ships of the group have fired."""
        if m == data.DOOMSDAY_HULL:
            return {(-1, 0, 0): 1.0}  # the machine is destroyed: the group wins
        if shooter == n:
            return machine_fires(n, d, m, data.DOOMSDAY_SHOTS)
        out: dict[tuple[int, int, int], float] = {}
        for p, m2 in ((to_hit_machine, m + 1), (1 - to_hit_machine, m)):
            for state, q in after_group(n, d, m2, shooter + 1).items():
                out[state] = out.get(state, 0.0) + p * q
        return out

    @cache
    def machine_fires(n: int, d: int, m: int, shots: int) -> dict[tuple[int, int, int], float]:
        if n == 0:
            return {(0, 0, 0): 1.0}  # the group is gone: the machine wins
        if shots == 0:
            return {(n, d, m): 1.0}
        out: dict[tuple[int, int, int], float] = {}
        hit_n, hit_d = (n - 1, 0) if d + 1 == hull else (n, d + 1)
        for p, (n2, d2) in ((machine_to_hit, (hit_n, hit_d)), (1 - machine_to_hit, (n, d))):
            for state, q in machine_fires(n2, d2, m, shots - 1).items():
                out[state] = out.get(state, 0.0) + p * q
        return out

    states = [(n, d, m) for n in range(1, ships + 1) for d in range(hull)
              for m in range(data.DOOMSDAY_HULL)]
    win = {s: 0.0 for s in states}
    for _ in range(5000):
        win = {s: sum(p * (1.0 if t[0] == -1 else 0.0 if t[0] == 0 else win[t])
                      for t, p in after_group(*s, 0).items()) for s in states}
    return win[(ships, 0, machine_hits)]


def test_battle_odds_against_a_machine_match_the_exact_chance():
    """Three dreadnoughts (one group, 6-3, hull 3) against a machine with one hit
    taken, fought out by the engine's auto-resolve from many seeds: the group's win
    frequency matches the exact chance (a 1 in 10 to hit it; 9 - 3 = 6 in 10 for its
    two shots), within 4.5 standard errors."""
    from se4x_core.kernel.dice import rng_seed
    exact = exact_group_win_chance(3, 3, 0.1, 0.6, machine_hits=1)
    game = machine_game()
    state = game.state
    put_machine(state, 1, CENTRE, hits=1)
    add(state, 0, data.DN, CENTRE, count=3)
    trials, wins = 4000, 0
    for seed in range(trials):
        trial = game.clone()
        trial.state.rng = rng_seed(seed)
        events = end_movement(trial) + fight_out(trial)
        winner = events_of(events, "battle_ended")[0]["winner"]
        assert winner in (0, data.MACHINE_SIDE)
        wins += winner == 0
    sigma = (exact * (1 - exact) / trials) ** 0.5
    assert 0.2 < exact < 0.8  # a battle whose outcome is in doubt
    assert abs(wins / trials - exact) < 4.5 * sigma, (wins / trials, exact)
    print(f"three DN vs a machine: exact {exact:.4f}, engine {wins / trials:.4f}")
