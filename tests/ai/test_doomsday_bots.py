"""The search bots with Doomsday Machines: legal decisions from the observation alone.

A battle against a machine is decided by one player only (the machine decides
nothing), in that player's Combat phase or in the machines' step after the turn's
last player; the search levels (``normal``, and the ``guided``/``mcts`` searches with
an iteration budget) must take legal actions there to the battle's end, read the
machines from their observation's search state, and choose the same whatever their
player may not know (the hidden-information pattern of ``test_bots.py``).
"""

from __future__ import annotations

import random

import pytest

from se4x_core import data
from se4x_core.ai.bot import ask
from se4x_core.ai.hint import hint
from se4x_core.ai.mcts_bot import MctsBot
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.ai.registry import make_bot
from se4x_core.devtools.infoset import perturb_hidden
from se4x_core.devtools.selfplay import _advanced_pick
from se4x_core.game import Game
from se4x_core.rules.advanced.doomsday import machines
from se4x_core.rules.state import State
from se4x_core.sim.infostate import unpack
from tests.helpers.scenario import CENTRE, add, end_movement, neighbour, scenario

pytestmark = pytest.mark.fast

E, NE, NW, W, SW, SE = range(6)


def _far_deep_hex(state: State, origin: int, distance: int) -> int:
    return next(h for h in range(state.n_hexes) if state.board.region[h] < 0
                and state.board.distance(h, origin) >= distance)


def own_combat_battle() -> Game:
    """Player 0's cruisers and destroyers with a machine (one hit taken) in their hex at
    the end of its movement: the battle begins with player 0's screening choice.  Player
    1's face-down groups stand elsewhere (hidden information to perturb)."""
    game = scenario(advanced=["doomsday"], cp=20)
    state = game.state
    state.dm_hex[0], state.dm_hits[0] = CENTRE + 1, 1
    add(state, 0, data.CA, CENTRE, count=3)
    add(state, 0, data.DD, CENTRE, count=2)
    add(state, 1, data.BC, _far_deep_hex(state, CENTRE, 3), count=2)
    add(state, 1, data.DD, _far_deep_hex(state, CENTRE, 4))
    end_movement(game)
    assert state.b_defender == data.MACHINE_SIDE and game.current_player == 0
    return game


def machines_step_battle() -> Game:
    """Player 1 ends the turn; machine 2 moves onto player 0's battleships and they
    fight in the machines' step, player 0 deciding."""
    game = scenario(player=1, advanced=["doomsday"], cp=20)
    state = game.state
    start = neighbour(state, neighbour(state, CENTRE, W), W)
    state.dm_hex[1] = start + 1
    add(state, 0, data.BB, CENTRE, count=2)
    add(state, 0, data.DD, CENTRE)
    add(state, 1, data.CA, _far_deep_hex(state, start, 4), count=3)
    end_movement(game)
    assert state.machine_step and state.b_defender == data.MACHINE_SIDE
    assert game.current_player == 0
    return game


BATTLES = {"own combat phase": own_combat_battle, "machines' step": machines_step_battle}


def real_positions(count: int, every: int = 9) -> list[Game]:
    """Positions of seeded games with the rule set (self-play's players) once a machine
    is on the board: hidden markers and face-down groups besides the machines."""
    out: list[Game] = []
    for seed in range(60):
        config = {"players": 2, "seed": seed, "max_rounds": 8, "advanced": ["doomsday"]}
        game = Game.new_game(config)
        rnd = random.Random(seed)
        step = 0
        while not game.is_over:
            state = game.state
            legal = game.legal_codes()
            code = _advanced_pick(state, legal, rnd)
            if code < 0:
                code = choose_aggressive(game.observation(game.current_player), legal, rnd)
            game.apply(code)
            step += 1
            if machines(game.state) and step % every == 0 and len(game.legal_codes()) > 1:
                out.append(game.clone())
                if len(out) == count:
                    return out
    raise AssertionError(f"only {len(out)} positions with a machine in 60 games")


@pytest.mark.parametrize("spec", ["normal", "guided:i40", "mcts:i40"])
@pytest.mark.parametrize("battle", sorted(BATTLES))
def test_the_search_bots_fight_a_machine_to_the_battles_end_legally(spec: str,
                                                                    battle: str) -> None:
    """Every decision of the battle, by the player fighting it, is legal; the battle
    ends (and with it, in the machines' step, the step)."""
    game = BATTLES[battle]()
    bot = make_bot(spec, seed=3)
    decisions = 0
    while game.state.b_defender == data.MACHINE_SIDE and not game.is_over:
        player = game.current_player
        assert player == game.state.b_attacker  # the machine decides nothing
        action = ask(bot, game, player)
        assert game.explain(action) is None
        game.apply(action)
        decisions += 1
        assert decisions < 200
    assert decisions >= 1 and not game.state.machine_step


def battle_decisions() -> list[Game]:
    """Every decision with a choice in both machine battles, fought by the default
    policy (screening, firing, and from round 2 the retreats the guide may propose)."""
    out = []
    for make in BATTLES.values():
        game = make()
        while game.state.b_defender == data.MACHINE_SIDE and not game.is_over:
            if len(game.legal_codes()) > 1:
                out.append(game.clone())
            game.apply(game.default_action())
    return out


@pytest.mark.parametrize("guide", [True, False])
def test_the_search_bots_ignore_what_their_player_may_not_know(guide: bool) -> None:
    """At every choice of the machine battles and in seeded positions with machines on
    the board, a choice does not change when everything its player may not know is
    changed (and the search did run: guided, where the guide proposes a retreat)."""
    rnd = random.Random(8)
    games = battle_decisions() + real_positions(8)
    bot = MctsBot(5, iterations=40, guide=guide)
    changed = searches = 0
    for game in games:
        player = game.current_player
        other = Game(perturb_hidden(game.state, player, rnd), game.config)
        changed += other.state != game.state
        assert other.legal_actions() == game.legal_actions()
        bot.restart()
        first = ask(bot, game, player)
        searches += bot.searches
        assert game.explain(first) is None
        bot.restart()
        assert ask(bot, other, player) == first
    assert changed == len(games)  # the perturbation had something to hide each time
    assert searches > 0


def test_the_search_state_shows_the_machines_to_every_player() -> None:
    """The bots' information set (Game.information_set) holds the machines as they
    are, their hits and the machines' step, for each viewer."""
    for game in [make() for make in BATTLES.values()] + real_positions(2):
        for viewer in range(game.state.n_players):
            info = unpack(game.information_set(viewer))
            assert machines(info) == machines(game.state) != []
            assert info.machine_step == game.state.machine_step


def test_the_hint_names_a_battle_against_a_machine() -> None:
    """The Normal search's hint, in words: shots at a machine name the machine."""
    game = own_combat_battle()
    lines = []
    for _ in range(40):
        if game.is_over:
            break
        player = game.current_player
        legal = game.legal_actions()
        lines.append(hint(game.observation(player), legal, game.information_set(player),
                          seed=1, samples=2))
        game.apply(legal[-1])
    assert any(line.startswith("Fire at Doomsday Machine 1") for line in lines)
    assert any(line.startswith("Retreat to ") for line in lines)
    assert not any("unit 1000" in line or "(" in line.split(":")[0] for line in lines)
