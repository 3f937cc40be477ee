"""The board actions, single and pair: Move & Explore, Build, Exploit and the Alien CIV
powers, Men, Steal, War, and spending resources.  Each test cites its rule."""

from __future__ import annotations

import pytest

from se4x_core.games.sp4x.actions import Action
from tests.helpers.sp4x_scenario import (
    TILE_IDS,
    act,
    c,
    check,
    direction,
    has_road,
    legal_kinds,
    men_at,
    put_tile,
    scenario,
    scored,
    set_bases,
    set_deck,
    set_hand,
    set_men,
    set_res,
    set_roads,
    stack_top,
)

pytestmark = pytest.mark.fast

P0_START, P1_START, P2_START = (1, 0), (0, -1), (-1, 1)
MS = (0, 0)


def _shown(card: str, **hand: int):  # type: ignore[no-untyped-def]
    """A scenario where player 0 shows ``card`` (the deck holds cards to draw)."""
    game = scenario()
    set_hand(game, 0, **{card: 1, **hand})
    set_deck(game, "exploit", "build")
    return game


# -- Move & Explore --------------------------------------------------------------------------
def test_single_move_moves_at_most_two_men_each_once() -> None:
    """DK 6 Flyt & Udforsk, single: "To mænder må flytte ELLER udforske"."""
    game = _shown("move")
    put_tile(game, 2, 0, "gly_hill")
    set_men(game, 0, {P0_START: 3})
    act(game, "show", card="move")
    act(game, "move", cell=P0_START, dst=(2, 0))
    assert all(a.cell != (2, 0) for a in game.legal_actions() if a.kind == "move")
    act(game, "move", cell=P0_START, dst=(2, 0))
    assert game.phase != "move" and game.state.active == 1
    assert men_at(game, 0, (2, 0)) == 2 and men_at(game, 0, P0_START) == 1
    check(game)


def test_a_moving_man_travels_his_own_roads_for_free() -> None:
    """DK 6 Flyt & Udforsk: "En mænder der vælges til at flytte, må flytte ad en vej i
    samme farve som mænderen uden at bruge sit flyt"."""
    game = _shown("move")
    put_tile(game, -1, 0, "gly_hill")
    act(game, "show", card="move")
    assert Action("move", cell=P0_START, dst=(-1, 0)) in game.legal_actions()
    game = _shown("move")
    put_tile(game, -1, 0, "gly_hill")
    set_roads(game, 0)
    act(game, "show", card="move")
    assert "cannot reach" in (game.explain(Action("move", cell=P0_START, dst=(-1, 0))) or "")


def test_mountains_and_slime_seas_are_entered_only_along_your_own_road() -> None:
    """DK 8 "Bjerge og slimhav": "Man kan kun flytte ind på et bjerg eller et slimhav hvis
    der er bygget en vej i ens farve ind til feltet"."""
    game = _shown("move")
    put_tile(game, 2, 0, "mountain")
    put_tile(game, 1, 1, "slime_sea")
    set_roads(game, 1, (P0_START, (2, 0)))
    act(game, "show", card="move")
    targets = {a.dst for a in game.legal_actions() if a.kind == "move"}
    assert (2, 0) not in targets and (1, 1) not in targets
    game = _shown("move")
    put_tile(game, 2, 0, "mountain")
    put_tile(game, 1, 1, "slime_sea")
    set_roads(game, 0, (P0_START, (2, 0)), (P0_START, (1, 1)))
    act(game, "show", card="move")
    targets = {a.dst for a in game.legal_actions() if a.kind == "move"}
    assert {(2, 0), (1, 1)} <= targets


def test_exploring_places_the_next_tile_and_the_man_moves_onto_it() -> None:
    """DK 6 Flyt & Udforsk: a new tile on an empty space next to your man's tile; the man
    moves onto it (the stack lies face up: the tile is the stack's top one)."""
    game = _shown("move")
    stack_top(game, "gly_hill")
    act(game, "show", card="move")
    events = act(game, "explore", cell=P0_START, dst=(2, 0))
    assert [e["tile"] for e in events if e["type"] == "explored"] == ["gly_hill"]
    assert men_at(game, 0, (2, 0)) == 1 and men_at(game, 0, P0_START) == 1
    assert c(2, 0) in game.state.tiles
    check(game)


def test_exploring_a_mountain_leaves_the_man_where_he_was() -> None:
    """DK 8: "Når et bjerg eller slimhav udforskes ... flyttes der ikke en mænder ind på
    den"."""
    game = _shown("move")
    stack_top(game, "mountain")
    act(game, "show", card="move")
    act(game, "explore", cell=P0_START, dst=(2, 0))
    assert men_at(game, 0, P0_START) == 2 and men_at(game, 0, (2, 0)) == 0
    assert game.state.tiles[c(2, 0)] == TILE_IDS["mountain"]


def test_move_pair_moves_every_man_and_scores_one_plus_bonus() -> None:
    """DK 6 Flyt & Udforsk, pair: "Alle mænder må flytte ELLER udforske", 1 point + bonus
    (the example: "kunne have været to hvis de var stoppet på moderskibsfeltet")."""
    game = scenario()
    put_tile(game, 2, 0, "gly_hill")
    set_men(game, 0, {P0_START: 3})
    set_hand(game, 0, move=2)
    act(game, "pair", card="move")
    act(game, "move", cell=P0_START, dst=(2, 0))
    act(game, "move", cell=P0_START, dst=(2, 0))
    events = act(game, "move", cell=P0_START, dst=MS)
    assert scored(events, 0) == [(2, "move")]


# -- Build ------------------------------------------------------------------------------------
def test_build_single_places_one_road_from_a_tile_with_your_man() -> None:
    """DK 6 Byg, single: "Sæt en vej fra et felt til et andet hvor du har en mænder"."""
    game = _shown("build")
    put_tile(game, 2, 0, "gly_hill")
    act(game, "show", card="build")
    roads = [a for a in game.legal_actions() if a.kind == "road"]
    assert roads == [Action("road", cell=P0_START, dir=direction(P0_START, (2, 0)))]
    assert "neighbouring tile" in (game.explain(
        Action("road", cell=P0_START, dir=direction(P0_START, (1, 1)))) or "")
    act(game, "road", cell=P0_START, dir=direction(P0_START, (2, 0)))
    assert has_road(game, 0, P0_START, (2, 0)) and game.state.active == 1
    check(game)


def test_build_pair_three_roads_then_scores_connected_bases() -> None:
    """DK 6 Byg, pair: "Sæt tre veje fra felter hvor du har mænder til nabofelter"; points
    by bases connected with roads (1, 2 -> 1, 3), scored after the action."""
    game = scenario()
    for cell in ((2, 0), (2, -1), (1, 1)):
        put_tile(game, *cell, "gly_hill")
    set_bases(game, 0, P0_START, (2, 0))
    set_hand(game, 0, build=2)
    act(game, "pair", card="build")
    act(game, "road", cell=P0_START, dir=direction(P0_START, (2, -1)))
    act(game, "road", cell=P0_START, dir=direction(P0_START, (1, 1)))
    events = act(game, "road", cell=P0_START, dir=direction(P0_START, (2, 0)))
    assert scored(events, 0) == [(3, "build")]


def test_build_pair_base_on_a_mountain_costs_two_plastic() -> None:
    """DK 6 Byg, pair: "placer en base på et felt hvor du har en mænder. Betal to plast,
    hvis feltet er et bjergfelt"; the example: a new base on the N-swamp not connected to
    the other two scores 3 (two connected) + 1 bonus (the Mountain base)."""
    game = scenario()
    put_tile(game, 2, 0, "mountain")
    put_tile(game, 1, 1, "n_swamp")
    put_tile(game, 3, 0, "mountain")
    set_men(game, 0, {(3, 0): 1, (1, 1): 1})
    set_bases(game, 0, P0_START, (2, 0))
    set_roads(game, 0, (P0_START, (2, 0)))
    set_hand(game, 0, build=2)
    act(game, "pair", card="build")
    assert "plastic" in (game.explain(Action("base", cell=(3, 0))) or "")
    events = act(game, "base", cell=(1, 1))
    assert scored(events, 0) == [(4, "build")]
    game = scenario()
    put_tile(game, 2, 0, "mountain")
    set_men(game, 0, {(2, 0): 1})
    set_res(game, 0, plastic=2)
    set_hand(game, 0, build=2)
    act(game, "pair", card="build")
    act(game, "base", cell=(2, 0))
    assert game.state.res[0][0] == 0 and c(2, 0) in game.state.bases[0]


def test_connected_bases_score_1_3_6_10() -> None:
    """DK 6 Byg, the table "1 2 3 4 / 1 3 6 10" of bases connected by your roads."""
    from se4x_core.games.sp4x import scoring
    game = scenario()
    cells = [(2, 0), (3, 0), (4, 0)]
    for cell in cells:
        put_tile(game, *cell, "gly_hill")
    chain = [P0_START] + cells
    expected = [1, 3, 6, 10]
    for k in range(1, 5):
        set_bases(game, 0, *chain[:k])
        set_roads(game, 0, *zip(chain[:k - 1], chain[1:k], strict=True))
        assert scoring.build_points(game.state, 0) == expected[k - 1]
    set_roads(game, 0, (P0_START, (2, 0)), ((3, 0), (4, 0)))
    assert scoring.build_points(game.state, 0) == 3


# -- Exploit and the Alien CIV powers ------------------------------------------------------------
def test_exploit_single_takes_all_resources_shown_on_a_tile() -> None:
    """DK 6 Udnyt example: "Sort spiller en enkelt udnyt, og vælger bjerget. Sort får nu
    2 metal"."""
    game = _shown("exploit")
    put_tile(game, 2, 0, "mountain")
    set_men(game, 0, {(2, 0): 1})
    act(game, "show", card="exploit")
    act(game, "harvest", cell=(2, 0))
    assert game.state.res[0] == [0, 0, 2]


def _two_swamps_and_a_mountain_base():  # type: ignore[no-untyped-def]
    """Player 0 with a man on each of two N-Swamps and a base on a Mountain (bonus 1)."""
    game = scenario()
    put_tile(game, 2, 0, "n_swamp")
    put_tile(game, 1, 1, "n_swamp")
    put_tile(game, 2, -1, "mountain")
    set_men(game, 0, {(2, 0): 1, (1, 1): 1})
    set_bases(game, 0, (2, -1))
    return game


def test_exploit_pair_scores_what_could_be_harvested() -> None:
    """DK 6 Udnyt example: food with 4 of 5 on the track: 1 food added, 4 + 1 points
    (the Mountain base's bonus); excess beyond the track is lost."""
    game = _two_swamps_and_a_mountain_base()
    set_res(game, 0, food=4)
    set_hand(game, 0, exploit=2)
    act(game, "pair", card="exploit")
    events = act(game, "harvest_type", resource="food")
    assert game.state.res[0][1] == 5
    assert scored(events, 0) == [(5, "exploit")]


def test_transmogrifier_fills_a_track_you_already_have() -> None:
    """DK 8 Fremmed CIV: "Transmogriffer: Fyld en række ressourcer du har mindst en af"."""
    game = _shown("exploit")
    put_tile(game, 2, 0, "transmogrifier")
    set_men(game, 0, {(2, 0): 1})
    set_res(game, 0, plastic=1)
    act(game, "show", card="exploit")
    act(game, "use_power", cell=(2, 0))
    assert {a.resource for a in game.legal_actions() if a.kind == "fill"} == {"plastic"}
    act(game, "fill", resource="plastic")
    assert game.state.res[0] == [5, 0, 0]


def test_cluster_bots_build_a_base_where_you_have_a_man() -> None:
    """DK 8 Fremmed CIV: "Klyngebotter: Byg en base, hvor du har en mænder"."""
    game = _shown("exploit")
    put_tile(game, 2, 0, "cluster_bots")
    put_tile(game, 1, 1, "gly_hill")
    set_men(game, 0, {(2, 0): 1, (1, 1): 1})
    act(game, "show", card="exploit")
    act(game, "use_power", cell=(2, 0))
    act(game, "base", cell=(1, 1))
    assert game.state.bases[0] == {c(*P0_START), c(1, 1)}


def test_telemorpher_moves_any_number_of_men_to_any_tile() -> None:
    """DK 8 Fremmed CIV: "Telemorfer: Flyt så mange mænder fra dette felt til et hvilket som
    helst udforsket felt, som du ønsker"."""
    game = _shown("exploit")
    put_tile(game, 2, 0, "telemorpher")
    set_men(game, 0, {(2, 0): 2})
    act(game, "show", card="exploit")
    act(game, "use_power", cell=(2, 0))
    act(game, "teleport", dst=P2_START)
    act(game, "teleport", dst=MS)
    assert men_at(game, 0, P2_START) == 1 and men_at(game, 0, MS) == 1
    assert game.phase != "telemorph"


def test_clone_pool_gives_as_many_men_as_are_on_the_tile() -> None:
    """DK 8 Fremmed CIV: "Klonpøl: Få lige så mange mænder som du har mænder på feltet"."""
    game = _shown("exploit")
    put_tile(game, 2, 0, "clone_pool")
    set_men(game, 0, {(2, 0): 3})
    act(game, "show", card="exploit")
    act(game, "use_power", cell=(2, 0))
    assert men_at(game, 0, (2, 0)) == 6


def test_exploit_pair_uses_every_alien_power_where_you_are() -> None:
    """DK 6 Udnyt, pair: "Gør brug af alle Tabt CIV felters evne hvor du har mænder
    og/eller baser"; the Transmogrifier's resources count as harvested."""
    game = scenario()
    put_tile(game, 2, 0, "clone_pool")
    put_tile(game, 1, 1, "transmogrifier")
    set_men(game, 0, {(2, 0): 1})
    set_bases(game, 0, (1, 1))
    set_res(game, 0, food=2)
    set_hand(game, 0, exploit=2)
    act(game, "pair", card="exploit")
    act(game, "use_powers")
    assert {a.cell for a in game.legal_actions() if a.kind == "use_power"} == {(2, 0), (1, 1)}
    act(game, "use_power", cell=(2, 0))
    act(game, "use_power", cell=(1, 1))
    events = act(game, "fill", resource="food")
    assert men_at(game, 0, (2, 0)) == 2 and game.state.res[0][1] == 5
    assert scored(events, 0) == [(3, "exploit")]


# -- Men --------------------------------------------------------------------------------------
def test_men_pair_puts_two_on_every_base_and_scores_shared_tiles() -> None:
    """DK 6 Mænder, pair: "Sæt to nye mænder på alle felter hvor du har baser"; 2 points
    per tile where you have men or a base together with other colours, + bonus."""
    game = scenario()
    set_men(game, 0, {P0_START: 1})
    set_bases(game, 0, P0_START, MS)
    set_men(game, 1, {P1_START: 2, MS: 1})
    set_hand(game, 0, men=2)
    events = act(game, "pair", card="men")
    assert men_at(game, 0, MS) == 2 and men_at(game, 0, P0_START) == 3
    assert scored(events, 0) == [(2 + 2, "men")]


def test_men_with_too_few_left_the_player_chooses_where() -> None:
    """DK 6 Mænder: "Hvis du ikke har flere mænder i din pulje, må du vælge hvor du vil
    placere dem du kan placere"."""
    game = scenario()
    put_tile(game, 2, 0, "gly_hill")
    set_men(game, 0, {P0_START: 11})
    set_bases(game, 0, P0_START, (2, 0))
    set_hand(game, 0, men=2)
    act(game, "pair", card="men")
    assert game.phase == "men"
    assert {a.cell for a in game.legal_actions()} == {P0_START, (2, 0)}
    events = act(game, "place_men", cell=(2, 0))
    assert men_at(game, 0, (2, 0)) == 1 and game.state.men_on_board(0) == 12
    assert scored(events, 0) == [(0, "men")]


# -- Steal ------------------------------------------------------------------------------------
def test_steal_single_takes_one_resource_from_a_player_on_your_tile() -> None:
    """DK 6 Stjæl, single: from another player with a man or base on a tile where you
    have a man, one resource, added to yours."""
    game = _shown("steal")
    set_men(game, 0, {MS: 1})
    set_men(game, 1, {MS: 1})
    set_res(game, 1, plastic=1)
    set_res(game, 2, food=3)
    act(game, "show", card="steal")
    assert [(a.player, a.resource) for a in game.legal_actions() if a.kind == "steal"] == \
        [(1, "plastic")]
    act(game, "steal", player=1, resource="plastic")
    assert game.state.res[0][0] == 1 and game.state.res[1][0] == 0


def test_a_stolen_resource_beyond_your_track_is_lost() -> None:
    """DK 6 Stjæl: "Hvis du ikke har mere plads til ressourcer, får du ikke mere end der
    er plads til"."""
    game = _shown("steal")
    set_men(game, 0, {MS: 1})
    set_bases(game, 1, P1_START, MS)
    set_res(game, 0, plastic=5)
    set_res(game, 1, plastic=2)
    act(game, "show", card="steal")
    act(game, "steal", player=1, resource="plastic")
    assert game.state.res[0][0] == 5 and game.state.res[1][0] == 1


def test_steal_pair_takes_up_to_three_from_one_player_and_loses_three_points() -> None:
    """DK 6 Stjæl, pair: "Fjern op til tre ressourcer fra en anden spiller"; "Der mistes 3
    point" (no bonus: docs/sp4x.md#contradictions)."""
    game = scenario()
    set_men(game, 0, {MS: 1})
    set_men(game, 1, {MS: 1})
    set_men(game, 2, {MS: 1})
    set_res(game, 1, plastic=1, metal=3)
    set_res(game, 2, food=2)
    set_hand(game, 0, steal=2)
    act(game, "pair", card="steal")
    act(game, "steal", player=1, resource="metal")
    assert {a.player for a in game.legal_actions() if a.kind == "steal"} == {1}
    act(game, "steal", player=1, resource="metal")
    events = act(game, "steal", player=1, resource="plastic")
    assert game.state.res[0] == [1, 0, 2] and game.state.res[1] == [0, 0, 1]
    assert scored(events, 0) == [(-3, "steal")]


# -- War --------------------------------------------------------------------------------------
def test_war_single_the_named_player_loses_a_piece_of_their_choice_there() -> None:
    """DK 6 Krig, single: on a tile with your man, name a player who must lose a piece
    (man, base or road) of their choice; "En spiller kan undgå at miste en brik ved i
    stedet at betale en metal"."""
    game = _shown("war")
    set_men(game, 0, {MS: 1})
    set_men(game, 1, {MS: 1, P1_START: 2})
    set_res(game, 1, metal=1)
    act(game, "show", card="war")
    assert {(a.cell, a.player) for a in game.legal_actions() if a.kind == "nominate"} == \
        {(MS, 1), (MS, 2)}
    act(game, "nominate", cell=MS, player=1)
    assert game.phase == "war_loss" and game.current_player == 1
    assert legal_kinds(game) == {"pay_metal", "lose_man", "lose_road"}
    act(game, "pay_metal")
    assert game.state.res[1][2] == 0 and men_at(game, 1, MS) == 1
    game = _shown("war")
    set_men(game, 0, {MS: 1})
    act(game, "show", card="war")
    act(game, "nominate", cell=MS, player=2)
    act(game, "lose_road", cell=MS, dir=direction(MS, P2_START))
    assert not game.state.roads[2]
    check(game)


def test_war_pair_goes_round_until_no_tile_is_shared_and_everybody_scores() -> None:
    """DK 6 Krig, pair: in turn each player names a tile with their man and another player
    with a piece there, who removes one; until every tile holds one colour; everybody
    scores 2 per tile with their pieces + bonus."""
    game = scenario()
    set_men(game, 0, {MS: 1, P0_START: 2})
    set_hand(game, 0, war=2)
    act(game, "pair", card="war")
    assert game.current_player == 0
    act(game, "nominate", cell=MS, player=1)
    act(game, "lose_road", cell=MS, dir=direction(MS, P1_START))
    assert game.current_player == 0  # P1 and P2 have no man on a shared tile
    act(game, "nominate", cell=MS, player=2)
    events = act(game, "lose_road", cell=MS, dir=direction(MS, P2_START))
    assert scored(events, 0) == [(2 * 2 + 1, "war")]
    assert scored(events, 1) == [(2, "war")] and scored(events, 2) == [(2, "war")]
    check(game)


# -- Spending resources -------------------------------------------------------------------------
def test_resources_are_spent_after_the_main_action() -> None:
    """DK 4.3 / 7: after the main action, any number of bonus actions: 1 plastic a road
    where you have a man; 1 food a man from the pool on a tile with a base, or one man one
    step (roads extend it)."""
    game = _shown("move")
    put_tile(game, 2, 0, "gly_hill")
    set_res(game, 0, plastic=1, food=2, metal=2)
    assert "buy_road" not in legal_kinds(game)
    act(game, "show", card="move")
    act(game, "done")
    assert game.phase == "spend"
    assert {"buy_road", "buy_man", "buy_move", "end_turn"} <= legal_kinds(game)
    act(game, "buy_road", cell=P0_START, dir=direction(P0_START, (2, 0)))
    act(game, "buy_man", cell=P0_START)
    assert men_at(game, 0, P0_START) == 3 and has_road(game, 0, P0_START, (2, 0))
    act(game, "buy_move", cell=P0_START, dst=(2, 0))
    assert game.state.active == 1  # only metal is left, which buys nothing
    assert game.state.res[0] == [0, 0, 2]
    check(game)


def test_a_road_to_a_mountain_costs_no_plastic() -> None:
    """DK 8 "Det koster desuden 2 plast at bygge på et bjerg" read with DK 6 Byg, whose
    base line names the price: a road lies between two tiles, so a road to or from a
    Mountain costs what any road does (docs/sp4x.md#contradictions)."""
    game = _shown("build")
    put_tile(game, 2, 0, "mountain")
    put_tile(game, 3, 0, "mountain")
    set_men(game, 0, {P0_START: 2, (2, 0): 1})
    set_res(game, 0, plastic=1)
    act(game, "show", card="build")
    act(game, "road", cell=P0_START, dir=direction(P0_START, (2, 0)))
    assert has_road(game, 0, P0_START, (2, 0)) and game.state.res[0][0] == 1
    assert game.phase == "spend"  # the plastic left buys one more road, as anywhere
    act(game, "buy_road", cell=(2, 0), dir=direction((2, 0), (3, 0)))
    assert has_road(game, 0, (2, 0), (3, 0)) and game.state.res[0][0] == 0
    check(game)


def test_an_exploit_pair_left_before_choosing_scores_only_its_bonus() -> None:
    """DK 6 Udnyt, pair: the points are what "du kunne have høstet" of the type chosen;
    a pair ended at once chose none, so it scores its bonus alone (here the Mountain
    base's 1) though 4 food could have been harvested (docs/sp4x.md#contradictions)."""
    game = _two_swamps_and_a_mountain_base()
    set_hand(game, 0, exploit=2)
    act(game, "pair", card="exploit")
    events = act(game, "done")
    assert scored(events, 0) == [(1, "exploit")]
    assert game.state.res[0] == [0, 0, 0]
