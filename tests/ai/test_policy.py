"""Strategies, and the rule-based player's compiled rules playing them.

* Every strategy encodes as the memory's slots and decodes back; bad ones are refused.
* The default strategy is the rule bot's game (a pinned seeded game).
* The compiled rules' own choices are legal in seeded games of every player count,
  every advanced rule set, team play and the alien scenario, and they play the same
  whether the state is their own or a copy (no hidden state between calls but the memory).
* On hand-built positions (``tests/helpers/scenario.py``), the strategy changes the choice,
  the same way for the rule bot at the table (on its information set) and for the
  compiled rules on the full state (as in a search's playouts).

(``tests/build/test_modes_agree.py`` plays policy playouts compiled and interpreted and
demands the same games; ``tests/ai/test_bots.py`` holds the rule bot to what its player
may know.)
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import replace

import pytest

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.ai import strategy as strategies
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.strategy import DEFAULT, PLANS, POSTURES, Strategy, parse, strategy
from se4x_core.devtools.invariants import problems
from se4x_core.game import Game
from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.codes import F_REVEALED
from se4x_core.rules.state import State
from se4x_core.sim import playout, policy
from se4x_core.sim.rulebot import constants
from se4x_core.sim.rulebot.memory import PolicyMemory
from tests.helpers.scenario import (
    CENTRE,
    HOME_0,
    HOME_1,
    add,
    open_purchases_for,
    scenario,
    set_colony,
    set_marker,
    to_economic_phase,
)

pytestmark = pytest.mark.fast

# The rule bots' seeded game of test_the_default_strategy_plays_the_rule_bots_game:
# (digest of its action codes, how many, the winner).
PINNED_GAME = ("36474f9e9e21e648", 1344, 0)
ALL_RULES = sorted(data.ADVANCED_RULES)


# -- strategies -------------------------------------------------------------------------
def every_strategy() -> list[Strategy]:
    return [strategy(posture, plan) for posture in POSTURES for plan in PLANS]


@pytest.mark.parametrize("chosen", every_strategy(), ids=lambda s: f"{s.targets}-{s.research_plan}")
def test_every_strategy_encodes_and_round_trips(chosen: Strategy) -> None:
    codes = chosen.encode()
    assert len(codes) == constants.SLOT_COUNT and all(isinstance(c, int) for c in codes)
    assert Strategy.decode(codes) == chosen
    memory = PolicyMemory()
    memory.set_strategy(1, codes)
    assert memory.strategy(1) == codes


def test_the_named_options_are_few_and_distinct() -> None:
    assert 4 <= len(POSTURES) <= 6 and 4 <= len(PLANS) <= 6
    postures = {s.with_plan(DEFAULT) for s in POSTURES.values()}
    plans = {s.with_posture(DEFAULT) for s in PLANS.values()}
    assert len(postures) == len(POSTURES) and len(plans) == len(PLANS)
    assert POSTURES["default"] == PLANS["default"] == DEFAULT == strategy()


def test_posture_and_plan_fields_split_a_strategy() -> None:
    assert set(strategies.POSTURE_FIELDS) | set(strategies.PLAN_FIELDS) == set(
        DEFAULT.__dataclass_fields__)
    assert not set(strategies.POSTURE_FIELDS) & set(strategies.PLAN_FIELDS)
    mixed = strategy("hold", "military")
    assert mixed.targets == "none" and mixed.research_plan == "weapons"
    assert mixed.with_posture(DEFAULT).targets == "best"


@pytest.mark.parametrize("bad", [
    {"targets": "everything"}, {"research_plan": "magic"}, {"attack_odds": 1.5},
    {"abort_odds": 0.4501}, {"reserve": -1}, {"colony_ships": 2.0}, {"miners": True},
    {"focus": -2}, {"focus": 1.0}, {"focus": strategies.MAX_FOCUS_HEX},
    {"teamwork": -1}, {"teamwork": 8}, {"teamwork": True}, {"teamwork": 1.0},
])
def test_a_bad_strategy_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Strategy(**bad)  # type: ignore[arg-type]


def test_bad_codes_are_refused() -> None:
    codes = list(DEFAULT.encode())
    with pytest.raises(ValueError):
        Strategy.decode(codes[:-1])
    codes[constants.SLOT_INDEX["targets"]] = 99
    with pytest.raises(ValueError):
        Strategy.decode(codes)
    with pytest.raises(ValueError):
        PolicyMemory().set_strategy(0, codes[:3])


def test_strategy_specs() -> None:
    assert parse("") == DEFAULT and parse("raid") == strategy("raid", "default")
    assert parse(",fortify") == strategy("default", "fortify")
    with pytest.raises(ValueError, match="known"):
        parse("sideways")
    with pytest.raises(ValueError, match="known"):
        parse("default,hoard")
    assert make_bot("rule:hold,technology", 1).strategy == strategy("hold", "technology")
    assert parse(",,alone").teamwork == 0 and parse(",,team") == DEFAULT
    assert parse("hold,,4") == replace(strategy("hold"), teamwork=strategies.TEAMWORK["planets"])
    for bad in (",,together", ",,8", ",,-1"):
        with pytest.raises(ValueError, match="team, alone"):
            parse(bad)


# -- the advanced plans: one unit family first --------------------------------------------------
def _bought(spec: str, rule_set: str, seed: int, rounds: int = 16) -> Counter[str]:
    """What ``spec`` buys in seat 0 against the rule bot, ``rule_set`` on: unit codes
    (and technology keys as ``tech:KEY``)."""
    game = Game.new_game({"players": 2, "seed": seed, "max_rounds": rounds, "advanced": [rule_set]})
    bots = [make_bot(spec, seed), make_bot("rule", seed + 1)]
    bought: Counter[str] = Counter()
    while not game.is_over:
        player = game.current_player
        action = ask(bots[player], game, player)
        if player == 0 and action.kind == "buy":
            bought[data.UNIT_CODES[action.unit_type]] += 1
        game.apply(action)
    return bought


# soak: six seeded games a plan (25 s interpreted); the plans' code runs interpreted in
# the shorter policy tests.
@pytest.mark.slow
@pytest.mark.soak
@pytest.mark.parametrize(("plan", "rule_set", "family"), [
    ("carrier fleet", "fighters", ("CV", "F")), ("raider fleet", "raiders", ("R",)),
    ("minefield", "mines", ("Mine", "SW")),
])
def test_an_advanced_plan_buys_more_of_its_family(plan: str, rule_set: str,
                                                 family: tuple[str, ...]) -> None:
    def count(spec: str) -> int:
        return sum(_bought(spec, rule_set, seed)[code] for seed in (1, 2) for code in family)

    assert count(f"rule:,{plan}") > count("rule")


def test_the_advanced_plans_are_the_default_with_one_family_first() -> None:
    for name, (rule_set, plan) in strategies.ADVANCED_PLANS.items():
        assert rule_set in data.ADVANCED_RULES
        assert plan.with_posture(DEFAULT) == replace(DEFAULT, emphasis=plan.emphasis), name
        assert parse(f",{name}") == strategy("default", name)
    assert strategies.advanced_plans(sorted(data.ADVANCED_RULES)) == list(strategies.ADVANCED_PLANS)


# -- the default is the rule bot's game ------------------------------------------------------
def test_the_default_strategy_is_the_rule_bots_numbers() -> None:
    """The default strategy's numbers, as the rule bot's docstring gives them, are every
    memory's until told otherwise."""
    assert DEFAULT.encode() == constants.DEFAULT_SLOTS == PolicyMemory().strategy(0)
    assert (DEFAULT.attack_odds, DEFAULT.abort_odds, DEFAULT.push_odds, DEFAULT.defend_odds,
            DEFAULT.retreat_odds, DEFAULT.gathered_share, DEFAULT.maintenance_share,
            DEFAULT.research_share, DEFAULT.reserve, DEFAULT.ship_share) == (
        0.7, 0.45, 0.8, 0.8, 0.2, 0.7, 0.6, 0.4, 5, 0.6)
    assert DEFAULT.research_plan == "balanced"
    assert RuleBot(3).strategy == DEFAULT


@pytest.mark.soak
def test_the_default_strategy_plays_the_rule_bots_game() -> None:
    """A seeded rule-bot game, pinned when the rule bot became the compiled rules on its
    information set: the default strategy (and setting it again) plays it action for
    action."""
    game = Game.new_game({"players": 2, "seed": 0, "max_rounds": 25})
    bots = [RuleBot(0), RuleBot(1, DEFAULT)]
    for bot in bots:
        bot.restart()
    while not game.is_over:
        player = game.current_player
        bots[1].set_strategy(strategy())
        game.apply(ask(bots[player], game, player))
    digest = hashlib.sha256(json.dumps(game.action_codes).encode()).hexdigest()[:16]
    assert (digest, len(game.action_codes), game.winner) == PINNED_GAME


# -- the compiled policy plays legally ------------------------------------------------------
def play_policy(config: dict[str, object], seed: int, rounds: int,
                strategies_of: list[Strategy] | None = None,
                check_every: int = 25) -> tuple[State, dict[str, int]]:
    """A seeded game of the compiled policy for every seat: every own choice of the rules
    (before the fallback) must be legal, the invariants must hold every
    ``check_every`` actions.  Returns the final state and counts of what was done."""
    state = engine.new_state({**config, "seed": seed, "max_rounds": rounds})
    memory = PolicyMemory()
    for player, chosen in enumerate(strategies_of or []):
        memory.set_strategy(player, chosen.encode())
    legal = ActionList()
    seen: dict[str, int] = {}
    actions = 0
    while state.phase != PH_GAME_OVER:
        engine.write_legal(state, legal)
        raw = policy.decision(state, legal, memory)
        assert raw == -1 or legal.contains(raw), (seed, actions, Action.from_code(raw))
        code = policy.choose(state, legal, memory)
        assert legal.contains(code)
        action = Action.from_code(code)
        key = action.kind if action.kind != "buy" else f"buy:{data.UNIT_CODES[action.unit_type]}"
        seen[key] = seen.get(key, 0) + 1
        if raw == -1:
            seen["fallback"] = seen.get("fallback", 0) + 1
        engine.apply_unchecked(state, code, None)
        actions += 1
        assert actions < 20_000, "the policy's game does not end"
        if actions % check_every == 0:
            assert not problems(state), (seed, actions)
    assert not problems(state)
    return state, seen


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_the_policy_plays_legally_with_any_number_of_players(players: int, seed: int) -> None:
    state, seen = play_policy({"players": players}, seed, 30)
    assert seen.get("fire", 0) > 0 and seen.get("colonize", 0) > 0
    assert seen.get("research", 0) > 0 and seen.get("buy:CA", 0) > 0
    assert state.round > 6


@pytest.mark.parametrize("rule", ALL_RULES + ["all"])
def test_the_policy_plays_every_advanced_rule_set(rule: str) -> None:
    """Each rule set alone, and all together: legal choices, invariants, and the rule set's
    own things done (the rule bot's: carriers and fighters, raiders, mines, pipelines)."""
    rules = ALL_RULES if rule == "all" else [rule]
    state, seen = play_policy({"players": 2, "advanced": rules}, 3, 22)
    wanted = {"fighters": ("buy:CV", "buy:F", "board"), "raiders": ("buy:R",),
              "mines": ("buy:Mine",), "pipelines": ("buy:MS",)}
    for kind in wanted.get(rule, ()):
        assert seen.get(kind, 0) > 0, (rule, kind, seen)


@pytest.mark.parametrize("config", [
    {"players": 4, "teams": [[0, 2], [1, 3]]},
    {"players": 3, "teams": [[0, 1], [2]], "advanced": ["warp_points", "doomsday"]},
    {"aliens": {"players": 2, "difficulty": "easy"}},
], ids=["teams-4p", "teams-3p-warp-doomsday", "aliens"])
def test_the_policy_plays_team_play_and_the_alien_scenario(config: dict[str, object]) -> None:
    state, seen = play_policy(config, 4, 20)
    assert seen.get("move", 0) > 0


@pytest.mark.parametrize("mixed", [
    [strategy("aggressive", "military"), strategy("hold", "technology")],
    [strategy("raid", "expansion"), strategy("strike", "fortify")],
])
def test_the_policy_plays_any_strategy_legally(mixed: list[Strategy]) -> None:
    play_policy({"players": 2, "advanced": ALL_RULES}, 6, 20, mixed)


def test_a_policy_playout_is_reproducible_and_needs_only_its_memory() -> None:
    """The same state and memory play the same game; the memory is the only thing kept."""
    def game(memory: PolicyMemory) -> tuple[int, int]:
        state = engine.new_state({"players": 2, "seed": 12})
        n = playout.policy_playout(state, memory, 100_000, 40)
        return n, state.hash64()
    first = game(PolicyMemory())
    assert game(PolicyMemory()) == first
    shared = PolicyMemory()
    game(shared)
    shared.reset()
    assert game(shared) == first


def test_the_rule_policy_is_a_playout_policy() -> None:
    state = engine.new_state({"players": 2, "seed": 3})
    applied = playout.playout(state, 1, 3000, playout.POLICY_NAMES["rule"], 3)
    assert applied > 50 and (state.round > 3 or state.phase == PH_GAME_OVER)


# -- scenarios: the strategy changes the choice, in the rule bot and the policy ------------
def policy_choice(game: Game, chosen: Strategy = DEFAULT) -> Action:
    """The compiled rules' choice for the player to act, on the full state."""
    memory = PolicyMemory()
    memory.set_strategy(game.current_player, chosen.encode())
    return Action.from_code(policy.choose_code(game.state, memory))


def rule_choice(game: Game, chosen: Strategy = DEFAULT) -> Action:
    """The rule bot's choice for the player to act, on its information set."""
    return ask(RuleBot(0, chosen), game, game.current_player)


CHOOSERS = {"rule": rule_choice, "policy": policy_choice}


def reveal(game: Game, unit: int) -> int:
    game.state.u_flags[unit] |= F_REVEALED
    return unit


def destination(game: Game, action: Action) -> int:
    assert action.kind == "move", action
    return game.state.board.neighbour(game.state.u_hex[action.unit], action.dir)


def distance(game: Game, a: int, b: int) -> int:
    return game.state.board.distance(a, b)


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_hold_keeps_the_fleet_home_where_the_default_attacks(chooser: str) -> None:
    game = scenario()
    state = game.state
    state.set_tech_level(0, data.T_ATTACK, 1)
    fleet = add(state, 0, data.CA, HOME_0, count=4)
    reveal(game, add(state, 1, data.DD, HOME_1))
    choose = CHOOSERS[chooser]
    attack = choose(game)
    assert attack.unit == fleet
    assert distance(game, destination(game, attack), HOME_1) < distance(game, HOME_0, HOME_1)
    assert choose(game, strategy("hold")) == Action("end_movement")


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_a_raid_goes_for_a_colony_where_the_default_goes_for_the_homeworld(
        chooser: str) -> None:
    """Cruisers in the centre; an enemy colony three hexes west, the undefended enemy
    homeworld six hexes south-east: worth more, so the default heads there; the raid
    posture takes the colony, the strike posture the homeworld."""
    game = scenario()
    state = game.state
    fleet = add(state, 0, data.CA, CENTRE, count=3)
    set_colony(state, 1, 40, 3)
    choose = CHOOSERS[chooser]
    for posture, target in (("default", HOME_1), ("strike", HOME_1), ("raid", 40)):
        action = choose(game, strategy(posture))
        assert action.unit == fleet, posture
        assert distance(game, destination(game, action), target) < \
            distance(game, CENTRE, target), posture


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_guard_answers_a_raid_on_a_colony_where_the_default_strikes(chooser: str) -> None:
    """Cruisers at home; the player's colony four hexes out, two enemy destroyers next
    to it (five hexes from home, out of the homeworld's threat radius); the enemy
    homeworld bare.  The default strikes the homeworld, worth far more; hold stays home;
    guard goes for the destroyers, and ignores the same destroyers once no colony of
    its own is within two hexes of them (nothing to guard: it gathers at home)."""
    game = scenario()
    state = game.state
    fleet = add(state, 0, data.CA, HOME_0, count=3)
    set_colony(state, 0, 33, 3)
    reveal(game, add(state, 1, data.DD, 40, count=2))
    choose = CHOOSERS[chooser]
    for posture, target in (("default", HOME_1), ("guard", 40)):
        action = choose(game, strategy(posture))
        assert action.unit == fleet, posture
        assert distance(game, destination(game, action), target) < \
            distance(game, HOME_0, target), posture
    assert choose(game, strategy("hold")) == Action("end_movement")
    state.h_col_owner[33] = -1
    assert choose(game, strategy("guard")) == Action("end_movement")


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
@pytest.mark.parametrize("posture", ["raid", "bold raid", "careful raid"])
def test_a_raider_with_no_colony_left_finishes_a_beaten_empire(chooser: str,
                                                               posture: str) -> None:
    """The same cruisers with no enemy colony anywhere and the enemy homeworld bare: a
    raiding posture has nothing of its own to attack, so it makes the finishing push on
    the homeworld rather than gather at home until the last round (against an empire
    that settles nothing, such as a rush, it would otherwise never win but on points)."""
    game = scenario()
    fleet = add(game.state, 0, data.CA, CENTRE, count=3)
    action = CHOOSERS[chooser](game, strategy(posture))
    assert action.unit == fleet
    assert distance(game, destination(game, action), HOME_1) < distance(game, CENTRE, HOME_1)


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_a_focus_narrows_the_targets_to_its_hex(chooser: str) -> None:
    """The raid position: with the default posture focused on the colony the fleet goes
    there, not to the homeworld it prefers; focused on the homeworld, there; focused on a
    hex with nothing to attack, it attacks nothing and goes home to gather; round-trips."""
    game = scenario()
    state = game.state
    fleet = add(state, 0, data.CA, CENTRE, count=3)
    set_colony(state, 1, 40, 3)
    choose = CHOOSERS[chooser]
    for focus, target in ((40, 40), (HOME_1, HOME_1), (CENTRE + 1, HOME_0)):
        focused = replace(DEFAULT, focus=focus)
        assert Strategy.decode(focused.encode()) == focused
        action = choose(game, focused)
        assert action.unit == fleet, focus
        assert distance(game, destination(game, action), target) < \
            distance(game, CENTRE, target), focus


def test_the_rule_bot_names_its_best_attack_targets_for_a_search() -> None:
    """The raid position: the homeworld (worth 40, six hexes) before the colony (worth
    7, three hexes), at most as many as asked; the current target is left out, being
    the usual posture's already."""
    game = scenario()
    add(game.state, 0, data.CA, CENTRE, count=3)
    set_colony(game.state, 1, 40, 3)
    bot = RuleBot(0)
    obs = game.observation(0)
    bot.inform(game.information_set(0))
    assert bot.target_candidates(obs, 5) == [HOME_1, 40]
    assert bot.target_candidates(obs, 1) == [HOME_1]
    assert bot.target_candidates(obs, 0) == []
    ask(bot, game, 0)  # the war plan: the homeworld
    assert bot.targets(0)[0] == HOME_1
    assert bot.target_candidates(obs, 5) == [40]


def purchase_position(cp: int, ship_size: int, planets: int = 0) -> Game:
    """Player 0 to buy with ``cp`` CP in round 1: a 20 CP homeworld with its four yards,
    ``planets`` free planets next door."""
    game = scenario()
    state = game.state
    add(state, 0, data.SY, HOME_0, count=4)
    add(state, 1, data.SY, HOME_1, count=4)
    state.set_tech_level(0, data.T_SHIP_SIZE, ship_size)
    for h in (1, 9, 10, 2)[:planets]:
        set_marker(state, h, data.M_PLANET, face_up=True)
    to_economic_phase(game)
    open_purchases_for(game, 0, cp=cp)
    return game


def purchases(game: Game, chooser: str, chosen: Strategy) -> list[Action]:
    """Every purchase of player 0 by the chooser playing ``chosen``."""
    out = []
    while game.phase == "economic_purchase" and game.current_player == 0:
        action = CHOOSERS[chooser](game, chosen)
        out.append(action)
        game.apply(action)
    return out


def bought(actions: list[Action], unit_type: int) -> int:
    return sum(1 for a in actions if a.kind == "buy" and a.unit_type == unit_type)


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_military_buys_warships_where_technology_researches(chooser: str) -> None:
    """40 CP, cruisers buildable: Attack 1 (20 CP) is within the technology plan's
    research share but not the military plan's, which buys cruisers first."""
    technology = purchases(purchase_position(40, 3), chooser, strategy(plan="technology"))
    military = purchases(purchase_position(40, 3), chooser, strategy(plan="military"))
    assert technology[0] == Action("research", tech=data.T_ATTACK)
    assert military[0].kind == "buy" and military[0].unit_type == data.CA
    assert bought(military, data.CA) > bought(technology, data.CA)


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_expansion_buys_more_colony_ships(chooser: str) -> None:
    default = purchases(purchase_position(60, 3, planets=4), chooser, DEFAULT)
    expansion = purchases(purchase_position(60, 3, planets=4), chooser,
                          strategy(plan="expansion"))
    assert bought(default, data.CO) == DEFAULT.colony_ships
    assert bought(expansion, data.CO) == 4


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_fortify_puts_a_base_at_home_from_the_first_round(chooser: str) -> None:
    default = purchases(purchase_position(40, 3), chooser, DEFAULT)
    fortify = purchases(purchase_position(40, 3), chooser, strategy(plan="fortify"))
    assert bought(default, data.BASE) == 0 and bought(fortify, data.BASE) == 1


@pytest.mark.parametrize("chooser", sorted(CHOOSERS))
def test_the_hopeless_battle_line_moves_with_the_posture(chooser: str) -> None:
    """The retreat threshold is part of the posture: a battle the default leaves at its
    20 % line is fought on by a posture that retreats at 0 %."""
    from tests.helpers.scenario import end_movement, force_dice, move

    def first_decisions(chosen: Strategy) -> list[str]:
        game = scenario()
        state = game.state
        ship = add(state, 0, data.DD, 42)
        reveal(game, add(state, 1, data.BB, CENTRE, count=2, att=1, dfn=2))
        move(game, ship, CENTRE)
        force_dice(state, 10, 10, 10, 10, 10)  # every shot of the first two rounds misses
        end_movement(game)
        kinds = []
        while game.phase == "combat_fire" and len(kinds) < 2:
            if game.current_player == 0:
                action = CHOOSERS[chooser](game, chosen)
                kinds.append(action.kind)
            else:
                action = game.default_action()
            game.apply(action)
        return kinds
    assert first_decisions(DEFAULT) == ["fire", "retreat"]
    brave = Strategy(retreat_odds=0.0)
    assert first_decisions(brave) == ["fire", "fire"]
