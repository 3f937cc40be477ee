"""The card game: the Old Maid draw, showing, pairs, the AI, the Grand Plan, the Star
chain, the end of an age and of the game.  Each test cites the rule it checks."""

from __future__ import annotations

import pytest

from se4x_core.errors import IllegalActionError
from se4x_core.games.sp4x import cards
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.cards import BUILD, EXPLOIT, MEN, MOVE, PLAN, WAR
from tests.helpers.sp4x_scenario import (
    act,
    c,
    check,
    legal_kinds,
    refresh,
    scenario,
    scored,
    set_bases,
    set_deck,
    set_hand,
    set_men,
    set_res,
)

pytestmark = pytest.mark.fast


def _draw_phase(game):  # type: ignore[no-untyped-def]
    game.state.phase = "draw"
    refresh(game)


def test_draw_takes_a_random_card_from_the_chosen_opponent() -> None:
    """DK 4.1 "Træk kort fra en modspiller": the drawer picks the opponent, the card comes
    from that hand at random (the state's RNG); only the two players see which."""
    seen = set()
    for seed in range(12):
        game = scenario(seed=seed)
        set_hand(game, 0, move=1)
        set_hand(game, 1, build=1, war=1)
        set_hand(game, 2, men=2)
        _draw_phase(game)
        assert {a.player for a in game.legal_actions()} == {1, 2}
        events = act(game, "draw", player=1)
        s = game.state
        card = BUILD if s.hands[0][BUILD] else WAR
        seen.add(card)
        assert s.hands[1][card] == 0 and sum(s.hands[1]) == 1 and sum(s.hands[0]) == 2
        private = [e for e in events if e["type"] == "drew_card"]
        assert private[0]["visible_to"] == [0, 1]
        assert game.events_for(events, 2) == [e for e in events if e["type"] != "drew_card"]
        assert s.know[1][0][card] == 1 and s.know[2][0][card] == 0
        assert game.phase == "main"
        check(game)
    assert seen == {BUILD, WAR}


def test_third_players_knowledge_of_the_victim_becomes_a_certain_lower_bound() -> None:
    """Card tracking (brief; DK strategy "hold øje med hvem der har hvilke handlinger"):
    a third player who knew two cards of the victim's hand no longer knows which went."""
    game = scenario(seed=3)
    set_hand(game, 0, move=1)
    set_hand(game, 1, build=1, war=1)
    set_hand(game, 2, men=1)
    game.state.know[2][1][BUILD] = 1
    game.state.know[2][1][WAR] = 1
    _draw_phase(game)
    act(game, "draw", player=1)
    assert game.state.know[2][1] == [0] * cards.N_KINDS


def test_no_draw_from_an_empty_hand_or_a_laid_grand_plan() -> None:
    """DK 6 Den store plan, single: "ingen kan tage fra dig imens"; nobody draws from an
    empty hand (docs/sp4x.md#edge-cases)."""
    game = scenario()
    set_hand(game, 0, move=1)
    set_hand(game, 1, build=2)
    set_hand(game, 2, men=1)
    game.state.plan_laid[2] = 1
    game.state.plan_cards[2] = 1
    set_hand(game, 2, men=1)
    _draw_phase(game)
    assert [a.player for a in game.legal_actions()] == [1]
    assert "Grand Plan" in (game.explain(Action("draw", player=2)) or "")
    set_hand(game, 1)
    _draw_phase(game)
    with pytest.raises(IllegalActionError, match="holds no cards"):
        act(game, "draw", player=1)


def test_showing_a_card_keeps_it_and_draws_the_decks_top_card() -> None:
    """DK 4.2 "Vis et kort": the limited action, the shown card back in hand, the deck's
    top card drawn; the deck lies face up, so everybody knows both cards."""
    game = scenario()
    set_hand(game, 0, men=1, build=1)
    set_deck(game, "exploit", "move")
    act(game, "show", card="men")
    assert game.phase == "men" and game.current_player == 0
    act(game, "place_men", cell=(1, 0))
    s = game.state
    assert s.hands[0][MEN] == 1 and s.hands[0][EXPLOIT] == 1 and s.hands[0][BUILD] == 1
    assert s.deck == [MOVE, cards.STAR]
    assert s.know[1][0][MEN] == 1 and s.know[2][0][EXPLOIT] == 1
    assert s.men[0][s.tile_order[1]] == 4
    check(game)


def test_playing_a_pair_discards_both_and_scores() -> None:
    """DK 4.2 "Spil et par": do the pair action, score its points, both cards to the
    discard pile; Move & Explore scores 1 + bonus."""
    game = scenario()
    set_hand(game, 0, move=2, build=1)
    discarded = game.state.discard[MOVE]
    act(game, "pair", card="move")
    events = act(game, "done")
    assert scored(events, 0) == [(1, "move")]
    assert game.state.hands[0][MOVE] == 0 and game.state.discard[MOVE] == discarded + 2
    check(game)


def test_ai_pair_keeps_both_cards_and_scores_only_bonus_points() -> None:
    """DK 6 AI: with another card, that card's pair action, 0 points + bonus, both cards
    back to hand, no new card; DK 8.1 example: a man on the Mothership and bases on two
    Mountains make 0 + 3."""
    game = scenario()
    from tests.helpers.sp4x_scenario import put_tile
    put_tile(game, 2, 0, "mountain")
    put_tile(game, 1, 1, "mountain")
    set_men(game, 0, {(0, 0): 1})
    set_bases(game, 0, (1, 0), (2, 0), (1, 1))
    set_hand(game, 0, ai=1, men=1)
    set_deck(game, "build")
    events = act(game, "ai_pair", card="men")
    assert scored(events, 0) == [(3, "ai_pair")]
    s = game.state
    assert s.hands[0][cards.AI] == 1 and s.hands[0][MEN] == 1 and s.deck[0] == BUILD
    assert s.men[0] == {c(0, 0): 1, c(1, 0): 2, c(2, 0): 2, c(1, 1): 2}
    check(game)


def test_ai_alone_only_as_the_last_card_ends_the_age() -> None:
    """DK 6 AI / DK 9: the AI is shown alone only with no other card; the age ends, the
    player loses 3 points, resources are scored; the second age is dealt afresh
    (docs/sp4x.md#between-the-ages)."""
    game = scenario()
    set_hand(game, 0, ai=1, move=1)
    assert "show_ai" not in legal_kinds(game)
    assert "not a choice now" in (game.explain(Action("show_ai")) or "")
    set_hand(game, 0, ai=1)
    set_res(game, 0, plastic=5)
    set_res(game, 1, food=2)
    assert legal_kinds(game) == {"show_ai"}
    events = act(game, "show_ai")
    assert scored(events, 0) == [(-3, "ai_alone"), (3, "resources")]
    assert scored(events, 1) == [(1, "resources")]
    s = game.state
    assert s.age == 2 and s.active == 1 and s.score[:2] == [0, 1]
    assert [sum(h) for h in s.hands] == [5, 5, 5] and len(s.deck) == 31 - 15 + 1
    assert s.res == [[0, 0, 0]] * 3 and s.men[0] == {s.tile_order[1]: 2}
    check(game)


def test_an_empty_hand_takes_the_top_card_or_passes() -> None:
    """docs/sp4x.md#empty-hand: with no card, take the deck's top card; pass once
    only the Star card is left."""
    game = scenario()
    set_deck(game, "build")
    assert legal_kinds(game) == {"take_top"}
    act(game, "take_top")
    assert game.state.hands[0][BUILD] == 1
    game = scenario()
    assert legal_kinds(game) == {"pass"}
    act(game, "pass")
    assert game.state.active == 1


def _play_out_turn(game) -> None:  # type: ignore[no-untyped-def]
    """Finish the current turn with the simplest choices (draw, show move, done)."""
    active = game.state.active
    while game.state.active == active and not game.is_over:
        kinds = legal_kinds(game)
        for kind in ("end_turn", "done", "pass"):
            if kind in kinds:
                act(game, kind)
                break
        else:
            choice = next(a for a in game.legal_actions()
                          if a.kind in ("draw", "show") and a.card != "plan")
            game.apply(choice)


def test_grand_plan_single_protects_the_hand_until_after_the_next_turn() -> None:
    """DK 6 Den store plan, single: the card lies out until after your next turn and
    nobody may draw from you meanwhile; the standard line draws the top card."""
    game = scenario()
    set_hand(game, 0, plan=1, move=1)
    set_hand(game, 1, move=1)
    set_hand(game, 2, move=1)
    set_deck(game, "build", "move", "move", "move", "men", "men", "men")
    act(game, "show", card="plan")
    s = game.state
    assert s.hands[0][PLAN] == 0 and s.plan_cards[0] == 1 and s.hands[0][BUILD] == 1
    assert game.state.active == 1 and game.phase == "draw"
    assert {a.player for a in game.legal_actions()} == {2}
    _play_out_turn(game)
    assert {a.player for a in game.legal_actions()} == {1}  # P2 may not draw from P0
    _play_out_turn(game)
    assert game.state.active == 0 and game.state.plan_cards[0] == 1
    _play_out_turn(game)
    assert game.state.hands[0][PLAN] == 1 and game.state.plan_cards[0] == 0
    assert 0 in {a.player for a in game.legal_actions()}
    assert game.state.know[1][0][PLAN] == 1
    check(game)


def test_grand_plan_pair_performs_the_chosen_action_for_two_plus_bonus() -> None:
    """DK 6 Den store plan, pair: choose Build, Move, Exploit or Men, do it as a pair,
    score 2 + bonus instead of that action's points."""
    game = scenario()
    set_men(game, 0, {(1, 0): 2, (0, 0): 1})
    set_hand(game, 0, plan=2)
    act(game, "pair", card="plan")
    assert game.phase == "plan_choice"
    assert {a.choice for a in game.legal_actions()} == {"move", "build", "exploit", "men"}
    events = act(game, "plan", choice="men")
    assert scored(events, 0) == [(3, "plan")]
    assert game.state.men[0][game.state.tile_order[1]] == 4
    check(game)


def _star_setup(players: int = 3):  # type: ignore[no-untyped-def]
    game = scenario(players)
    set_hand(game, 0, move=1, build=1)
    set_hand(game, 1, men=1)
    set_hand(game, 2, move=1, exploit=1)
    return game


def test_star_chain_next_holder_lays_all_act_only_layers_score() -> None:
    """DK 6 Stjernekortet: once the deck is gone a shown card is laid, the next player
    with a copy lays theirs, everybody performs the pair action, only the two who laid
    score (as for a normal pair); both cards to the discard pile."""
    game = _star_setup()
    discarded = game.state.discard[MOVE]
    act(game, "show", card="move")
    s = game.state
    assert s.chain == [[0, MOVE], [2, MOVE]] and game.phase == "star_order"
    act(game, "act_first")
    order = []
    events: list[dict[str, object]] = []
    while game.phase == "move":
        order.append(game.current_player)
        events += act(game, "done")
    assert order == [0, 1, 2]
    assert scored(events, 0) == [(1, "move")] and scored(events, 2) == [(1, "move")]
    assert scored(events, 1) == []
    assert s.chain == [] and s.discard[MOVE] == discarded + 2
    check(game)


def test_star_chain_active_player_may_act_last() -> None:
    """DK 6 Stjernekortet: "Det er spilleren der har tur der bestemmer om denne skal være
    først eller sidst"."""
    game = _star_setup()
    act(game, "show", card="move")
    act(game, "act_last")
    order = []
    while game.phase == "move":
        order.append(game.current_player)
        act(game, "done")
    assert order == [1, 2, 0]


def test_star_chain_with_no_other_copy_scores_the_active_player_alone() -> None:
    """docs/sp4x.md#star-rule: nobody else holds a copy, so only the active player
    laid a card and only they score."""
    game = _star_setup()
    act(game, "show", card="build")
    assert game.state.chain == [[0, BUILD]]
    events = act(game, "act_first")
    while game.phase == "build":
        events += act(game, "done")
    assert scored(events, 0) == [(1, "build")]
    assert scored(events, 1) == [] and scored(events, 2) == []


def test_star_chain_war_everybody_scores() -> None:
    """DK 6 Stjernekortet: "Hvis det kort, der vises er KRIG, scorer alle som normalt"."""
    game = scenario()
    set_hand(game, 0, war=1)
    set_hand(game, 1, war=1)
    act(game, "show", card="war")
    events = act(game, "act_first")
    assert {p for p in range(3) if scored(events, p) == [(4, "war")]} == {0, 1, 2}


def test_star_chain_grand_plan_active_player_chooses_for_all() -> None:
    """DK 6 Den store plan: "Hvis parret dannes med en anden (som stjernepar), vælger du
    hvilken handling alle skal tage"; the layers score 2 + bonus."""
    game = scenario()
    set_hand(game, 0, plan=1)
    set_hand(game, 2, plan=1)
    act(game, "show", card="plan")
    assert game.phase == "plan_choice" and game.current_player == 0
    act(game, "plan", choice="men")
    events = act(game, "act_first")
    assert scored(events, 0) == [(2, "plan")] and scored(events, 2) == [(2, "plan")]
    assert scored(events, 1) == []
    assert all(game.state.men[p][game.state.tile_order[p + 1]] == 4 for p in range(3))


def test_end_of_game_winner_and_tie_break() -> None:
    """DK 9: after age 2 the most points win; a tie goes to the player present on most
    tiles; players still level all win."""
    game = scenario()
    game.state.age = 2
    set_hand(game, 0, ai=1)
    game.state.score = [13, 10, 10]
    from tests.helpers.sp4x_scenario import put_tile
    put_tile(game, 2, -1, "gly_hill")
    set_men(game, 1, {(0, -1): 2, (2, -1): 1})
    act(game, "show_ai")
    assert game.is_over and game.winners == [1] and game.winner == 1
    assert game.current_player == -1 and game.legal_actions() == []
    game = scenario()
    game.state.age = 2
    set_hand(game, 0, ai=1)
    game.state.score = [3, 0, 0]
    act(game, "show_ai")
    assert game.winners == [0, 1, 2] and game.winner is None


def test_the_draw_is_compulsory_when_someone_can_be_drawn_from() -> None:
    """DK 4.1: others "kan gennemtrumfe at en spiller der ikke har trukket kort, trækker
    et kort": the stricter reading makes the draw compulsory (docs/sp4x.md#contradictions)."""
    game = scenario()
    set_hand(game, 0, move=1)
    set_hand(game, 1, build=1)
    _draw_phase(game)
    assert legal_kinds(game) == {"draw"}
    assert game.explain(Action("draw", player=1)) is None


def test_ai_with_war_the_ai_player_scores_bonus_only_the_others_as_usual() -> None:
    """DK 6 AI ("Du scorer 0 point") with DK 6 Krig ("alle scorer altid"): the great War
    happens, the AI player scores only bonus points, everybody else 2 per tile + bonus."""
    game = scenario()
    set_men(game, 0, {(0, 0): 1})
    set_hand(game, 0, ai=1, war=1)
    act(game, "ai_pair", card="war")
    act(game, "nominate", cell=(0, 0), player=1)
    act(game, "lose_road", cell=(0, 0), dir=2)
    act(game, "nominate", cell=(0, 0), player=2)
    events = act(game, "lose_road", cell=(0, 0), dir=4)
    assert scored(events, 0) == [(1, "ai_pair")]
    assert scored(events, 1) == [(2, "war")] and scored(events, 2) == [(2, "war")]
    assert game.state.hands[0][cards.AI] == 1 and game.state.hands[0][WAR] == 1


def test_ai_with_steal_loses_no_points() -> None:
    """DK 6 AI: paired with another card, "Du scorer 0 point" (+ bonus): a Steal pair's
    −3 does not apply."""
    game = scenario()
    set_men(game, 0, {(0, 0): 1})
    set_men(game, 1, {(0, 0): 1})
    set_res(game, 1, metal=2)
    set_hand(game, 0, ai=1, steal=1)
    act(game, "ai_pair", card="steal")
    act(game, "steal", player=1, resource="metal")
    events = act(game, "done")
    assert scored(events, 0) == [(1, "ai_pair")] and game.state.res[0][2] == 1
