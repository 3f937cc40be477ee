"""The SP4X search level and the bot specs: it decides from the information set only.

The central test perturbs what the searching player cannot know (the
unknown cards in opponents' hands, the other players' card tracking, the
generator) and checks that the information set, the search's values and
its choice stay exactly the same.  Nothing here asserts strength or time.
"""

from __future__ import annotations

import pytest

from se4x_core.games.sp4x import observation as obs_module
from se4x_core.games.sp4x import rules
from se4x_core.games.sp4x.bots import RandomBot, RuleBot, choose
from se4x_core.games.sp4x.game import Game
from se4x_core.games.sp4x.levels import LEVELS, bot_names, make_bot
from se4x_core.games.sp4x.search import SearchBot, evaluate
from se4x_core.games.sp4x.state import State

pytestmark = pytest.mark.fast


def _position_with_hidden_cards(players: int, seed: int) -> tuple[Game, int]:
    """A rule-bot game played until the player to decide has a real choice, cannot
    name some cards in two opponents' hands, and two others track each other's cards."""
    game = Game.new_game({"players": players, "seed": seed})
    bots = [RuleBot(seed + p) for p in range(players)]
    while not game.is_over:
        viewer = game.current_player
        slots, _ = obs_module.unknown_cards(game.state, viewer)
        know = game.state.know
        tracked = any(sum(know[w][p]) for w in range(players) for p in range(players)
                      if w != p and viewer not in (w, p))
        if len(game.legal_codes()) > 2 and sum(1 for k in slots if k) >= 2 and tracked:
            return game, viewer
        game.apply(choose(bots[viewer], game))
    raise AssertionError("no position with hidden cards")


def _swap_hidden_cards(game: Game, viewer: int) -> Game:
    """The same game with one unknown card exchanged between two opponents' hands (a
    different card kind), the others' tracking of those hands cleared and a new
    generator: facts the viewer cannot know."""
    other = game.clone()
    s = other.state
    slots, _ = obs_module.unknown_cards(s, viewer)
    p, q = [k for k, n in enumerate(slots) if n][:2]
    free = [[s.hands[x][k] - s.know[viewer][x][k] for k in range(len(s.hands[x]))]
            for x in (p, q)]
    for a in range(len(free[0])):
        for b in range(len(free[1])):
            if free[0][a] and free[1][b] and a != b:
                s.hands[p][a] -= 1
                s.hands[q][b] -= 1
                s.hands[p][b] += 1
                s.hands[q][a] += 1
                for w in range(s.n):  # what the others know of the two hands: hidden
                    for x in (p, q):
                        if w not in (viewer, x):
                            s.know[w][x] = [0] * len(s.know[w][x])
                s.rng ^= 0x1234567
                rules.check_invariants(s)
                return other
    raise AssertionError("no two different unknown cards to swap")


def _reorder_the_piles(game: Game) -> Game:
    """The same game with two different cards under the deck's face-up top exchanged and
    the tile stack under its top reversed (DK 3: a face-up pile shows its top only)."""
    other = game.clone()
    s = other.state
    hidden = obs_module.hidden_deck(s)
    pair = next((i, j) for i in hidden for j in hidden if s.deck[i] != s.deck[j])
    i, j = pair
    s.deck[i], s.deck[j] = s.deck[j], s.deck[i]
    assert len(set(s.stack[1:])) > 1
    s.stack[1:] = s.stack[:0:-1]
    rules.check_invariants(s)
    return other


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (3, 13)])
def test_hidden_facts_change_neither_the_information_set_nor_the_choice(
        players: int, seed: int) -> None:
    game, viewer = _position_with_hidden_cards(players, seed)
    worlds = [_swap_hidden_cards(game, viewer), game.determinize(viewer, 99),
              _reorder_the_piles(game)]
    for world in worlds:
        # the hidden facts really differ
        assert (world.state.hands, world.state.deck, world.state.stack) != (
            game.state.hands, game.state.deck, game.state.stack)
        assert world.information_set(viewer) == game.information_set(viewer)
    choices = []
    for world in [game, *worlds]:
        bot = SearchBot(seed=5, samples=3, candidates=4)
        choices.append((choose(bot, world), bot.last))
    assert choices[0][1] is not None and len(choices[0][1].candidates) > 1
    assert all(choice == choices[0] for choice in choices[1:])


def test_the_information_set_state_keeps_what_the_viewer_knows() -> None:
    game, viewer = _position_with_hidden_cards(4, 21)
    info = game.information_set(viewer)
    drawn = State.from_dict(info["state"])
    rules.check_invariants(drawn)
    truth = game.state
    assert drawn.hands[viewer] == truth.hands[viewer]
    for p in range(truth.n):
        assert drawn.know[viewer][p] == truth.know[viewer][p]
        assert drawn.hand_size(p) == truth.hand_size(p)
        if p != viewer:
            assert all(d >= k for d, k in zip(drawn.hands[p], truth.know[viewer][p],
                                              strict=True))
    assert obs_module.observation(drawn, viewer) == game.observation(viewer)


def test_state_round_trips_through_its_dict() -> None:
    game = Game.new_game({"players": 4, "seed": 3})
    bots = [RandomBot(p) for p in range(4)]
    for step in range(300):
        if game.is_over:
            break
        if step % 20 == 0:
            copy = State.from_dict(game.state.to_dict())
            assert copy == game.state and copy.to_dict() == game.state.to_dict()
        game.apply(choose(bots[game.current_player], game))


def test_the_search_needs_a_current_information_set() -> None:
    game, viewer = _position_with_hidden_cards(3, 31)
    bot = SearchBot(seed=1, samples=1)
    with pytest.raises(ValueError, match="information set"):
        bot.step(game.observation(viewer), game.legal_actions())
    earlier = Game.new_game({"players": 3, "seed": 31})
    bot.inform(earlier.information_set(earlier.current_player))
    with pytest.raises(ValueError, match="stale"):
        bot.step(game.observation(viewer), game.legal_actions())


def test_the_search_is_deterministic_for_a_seed_and_plays_legal_actions() -> None:
    game = Game.new_game({"players": 3, "seed": 8})
    bot = SearchBot(seed=2, samples=2)
    for _ in range(40):
        if game.is_over:
            break
        action = choose(bot, game)
        assert action in game.legal_actions()
        game.apply(action)
    replayed = Game.new_game({"players": 3, "seed": 8})
    bot.restart()
    for code in game.action_codes:
        assert choose(bot, replayed).code == code
        replayed.apply(code)


def test_evaluate_is_the_margin_over_the_best_opponent() -> None:
    game = Game.new_game({"players": 3, "seed": 1})
    state = game.state.copy()
    state.score = [10, 4, 7]
    state.res = [[0, 0, 0] for _ in range(3)]
    assert evaluate(state, 0) == 3 and evaluate(state, 1) == -6


@pytest.mark.parametrize("spec", ["random", "rule", "easy", "normal", "hard", "search:s2",
                                  "search:s2c2", "search:s2h0", "search:s1c1h3"])
def test_every_spec_makes_a_bot_that_plays_legally(spec: str) -> None:
    game = Game.new_game({"players": 3, "seed": 5})
    bot = make_bot(spec, 7)
    bot.restart()
    for _ in range(5):
        action = choose(bot, game)
        assert action in game.legal_actions()
        game.apply(action)


@pytest.mark.parametrize(("spec", "message"), [
    ("nonsense", "unknown SP4X bot 'nonsense'"), ("search", "search budget"),
    ("search:s0", "search budget"), ("search:x", "search budget"),
    ("search:s2c0", "search budget"), ("search:s2r0", "search budget"),
    ("rule:fast", "takes no parameters")])
def test_bad_specs_are_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, 0)


def test_the_levels_are_named() -> None:
    assert {"easy", "normal", "hard", "rule", "random", "search"} <= set(bot_names())
    # Hard compares more of the rule bot's choices, further ahead (docs/computer-players.md,
    # SP4X: its regret against a long look-ahead is half Normal's).
    assert LEVELS["hard"].candidates > LEVELS["normal"].candidates
    assert LEVELS["hard"].rounds > LEVELS["normal"].rounds
    assert isinstance(make_bot("easy", 1), RuleBot)


@pytest.mark.parametrize(("spec", "players", "turns"), [
    ("search:s2", 3, 3), ("search:s2r2", 3, 6), ("search:s2r2", 4, 8), ("search:s2h5r2", 4, 5),
    ("hard", 3, 6), ("normal", 4, 4)])
def test_the_look_ahead_is_counted_in_rounds_unless_turns_are_given(
        spec: str, players: int, turns: int) -> None:
    bot = make_bot(spec, 0)
    assert isinstance(bot, SearchBot)
    assert bot._horizon(Game.new_game({"players": players, "seed": 1}).state) == turns


def test_a_future_of_two_rounds_plays_twice_as_many_turns() -> None:
    """The horizon is what the futures play: the same deal, one round and two rounds on,
    stops as the turn after that many more turns begins (within the age)."""
    from se4x_core.games.sp4x.search import playout
    game, viewer = _position_with_hidden_cards(3, 11)
    base = State.from_dict(game.information_set(viewer)["state"])
    code = game.legal_codes()[0]
    ended = []
    for horizon in (3, 6):
        state = base.copy()
        playout(state, code, viewer, 7, horizon)
        ended.append((state.age, state.turn))
    assert ended == [(base.age, base.turn + 4), (base.age, base.turn + 7)]


def test_a_face_up_pile_shows_its_top_and_its_height_only() -> None:
    """DK 3: the deck lies face up "med stjernekortet i bunden", the tiles in a face-up
    stack; a face-up pile shows its top: the observation names the top card and tile,
    the heights, the Star card's place, the tiles still to come as a multiset, and
    nothing of the order under the tops (docs/sp4x.md#information)."""
    game, viewer = _position_with_hidden_cards(3, 11)
    s = game.state
    seen = game.observation(viewer)
    assert seen["deck_top"] == obs_module.cards.card_name(s.deck[0])
    assert seen["deck_size"] == len(s.deck) and s.deck[-1] == obs_module.cards.STAR
    assert seen["stack_top"] == obs_module.load().tiles[s.stack[0]].name
    assert seen["stack_size"] == len(s.stack)
    assert sum(seen["stack_below"].values()) == len(s.stack) - 1
    assert "deck" not in seen and "stack" not in seen
    info = game.information_set(viewer)
    assert info["deck_unknown"] == len(s.deck) - 2
    assert sum(info["unseen"].values()) == sum(info["unknown_slots"]) + info["deck_unknown"]


def test_determinizing_redeals_the_deck_under_its_top_and_keeps_the_tops() -> None:
    """The cards under the deck's top are as unknown as an opponent's unknown slots, so a
    determinization deals them among both; the tops, the Star card at the bottom and the
    tiles still to come stay."""
    game, viewer = _position_with_hidden_cards(4, 12)
    s = game.state
    hidden = obs_module.hidden_deck(s)
    decks = set()
    for seed in range(20):
        world = game.determinize(viewer, seed).state
        rules.check_invariants(world)
        assert world.deck[0] == s.deck[0] and world.deck[-1] == obs_module.cards.STAR
        assert world.stack[0] == s.stack[0] and sorted(world.stack) == sorted(s.stack)
        assert len(world.deck) == len(s.deck)
        decks.add(tuple(world.deck[i] for i in hidden))
    assert len(decks) > 10  # the order under the top is redrawn, not copied
