"""Setup, configs, the interpretation data, action codes and the scoring tables."""

from __future__ import annotations

import copy
import json

import pytest

from se4x_core.errors import ConfigError
from se4x_core.games.sp4x import PROTOTYPE, board, cards, data, rules, scoring
from se4x_core.games.sp4x.actions import KINDS, Action, ActionFormatError, encode
from se4x_core.games.sp4x.game import Game
from tests.helpers.sp4x_scenario import act, scenario, scored, set_bases, set_hand, set_men, set_res

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("players", [3, 4])
def test_setup_follows_the_rules(players: int) -> None:
    """DK 3 Opsætning: the Mothership in the middle; a start tile per player (never a
    Mountain or Slime Sea) with 2 men, 1 base and 1 road to the Mothership; 5 cards each;
    the rest face up with the Star card at the bottom; the tile stack face up."""
    game = Game.new_game({"players": players, "seed": 5})
    s = game.state
    rules_data = data.load()
    assert s.tiles[board.CENTRE] == rules_data.tile_id("mothership")
    for p in range(players):
        (start,) = s.bases[p]
        kind = rules_data.tiles[s.tiles[start]]
        assert kind.start and not kind.barrier
        assert s.men[p] == {start: 2}
        assert s.roads[p] == {board.edge(start, board.CENTRE)}
        assert sum(s.hands[p]) == 5
    assert len(s.deck) == 31 - 5 * players + 1 and s.deck[-1] == cards.STAR
    assert len(s.stack) == 19 - players
    assert game.phase == "draw" and game.current_player == s.active
    rules.check_invariants(s)
    assert PROTOTYPE and Game.prototype


def test_homo_saiens_starts_with_the_ai_card_and_begins() -> None:
    """DK 3: "Giv [AI-kortet] til Homo SAIens-spilleren ... Det er samtidig denne spiller
    der starter spillet"; they get 4 more cards (5 in all); everybody knows they hold it."""
    game = Game.new_game({"players": 3, "seed": 2,
                          "factions": ["vanilla", "homo_saiens", "vanilla"]})
    s = game.state
    assert s.active == 1 and s.hands[1][cards.AI] == 1 and sum(s.hands[1]) == 5
    assert game.observation(0)["players"][1]["known"] == {"ai": 1}


@pytest.mark.parametrize("config, field", [
    ({"players": 5}, "players"), ({"players": 2}, "players"), ({"seed": -1}, "seed"),
    ({"players": 3, "factions": ["vanilla", "nobody", "vanilla"]}, "nobody"),
    ({"players": 3, "factions": ["chenar", "chenar", "vanilla"]}, "chenar"),
    ({"colour": "red"}, "colour"),
])
def test_a_bad_config_is_refused_naming_the_field(config: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigError, match=field):
        Game.new_game(config)


def _rules_doc() -> dict[str, object]:
    doc: dict[str, object] = json.loads(data.RULES_PATH.read_text())
    return doc


@pytest.mark.parametrize("path, value, field", [
    (("tiles", "mountain", "count"), -1, "tiles.mountain.count"),
    (("tiles", "mountain", "power"), "laser", "tiles.mountain.power"),
    (("factions", "vanilla", "combine"), "max", "factions.vanilla.combine"),
    (("factions", "vanilla", "tracks", "food"), [1], "factions.vanilla.tracks.food"),
    (("cards", "ai"), 2, "cards.ai"),
    (("options", "draw_mandatory"), "yes", "options.draw_mandatory"),
    (("start_positions", "3"), [[1, 0], [2, 0], [-1, 1]], "start_positions.3[1]"),
])
def test_bad_rules_data_names_the_field(path: tuple[str, ...], value: object,
                                        field: str) -> None:
    """The interpretation data is validated on loading; an error names the bad field."""
    doc = copy.deepcopy(_rules_doc())
    target = doc
    for key in path[:-1]:
        target = target[key]  # type: ignore[index, assignment]
    target[path[-1]] = value  # type: ignore[index]
    with pytest.raises(ConfigError, match=field.replace("[", r"\[").replace("]", r"\]")):
        data.parse(doc)


def test_the_shipped_data_loads_and_fills_the_gaps() -> None:
    rules_data = data.load()
    assert rules_data.card_counts == (6, 6, 6, 6, 2, 2, 2, 1)
    assert rules_data.pieces == (12, 4, 8)
    assert sum(kind.count for kind in rules_data.tiles) == 20
    with pytest.raises(ConfigError, match="cannot read"):
        data.load(data.RULES_PATH.with_name("missing.json"))


def test_every_action_kind_converts_losslessly() -> None:
    """Actions: an int code, JSON and a readable str, both ways without loss."""
    samples = {"player": 2, "card": "war", "cell": (-3, 4), "dst": (0, 0), "dir": 5,
               "resource": "metal", "choice": "exploit"}
    for kind, (_, names) in KINDS.items():
        action = Action(kind, **{n: samples[n] for n in names})
        assert Action.from_code(action.code) == action
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
        assert str(action).startswith(kind)
    with pytest.raises(ActionFormatError):
        Action.from_code(encode("show_ai", 1))  # a parameter the kind does not take
    with pytest.raises(ActionFormatError):
        Action.from_code(encode("show", 9))
    with pytest.raises(ActionFormatError):
        Action("move", cell=(40, 0), dst=(0, 0))
    with pytest.raises(ActionFormatError):
        Action.from_json({"kind": "draw", "player": 1, "card": "war"})


def test_bonus_points() -> None:
    """DK 8.1 Bonuspoint: Mothership 1 for at least one man and 1 for a base; each
    Mountain 1 for a base; cumulative."""
    game = scenario()
    from tests.helpers.sp4x_scenario import put_tile
    put_tile(game, 2, 0, "mountain")
    put_tile(game, 1, 1, "mountain")
    assert scoring.bonus(game.state, 0) == 0
    set_men(game, 0, {(0, 0): 2, (2, 0): 1})
    assert scoring.bonus(game.state, 0) == 1
    set_bases(game, 0, (0, 0), (2, 0), (1, 1))
    assert scoring.bonus(game.state, 0) == 4


def test_end_of_age_resource_scoring_sums_or_multiplies() -> None:
    """DK 9.1: each track's points at its marker, summed ("Rød scorer 1+2 = 3") or summed
    and multiplied by the number of tracks with resources ("Sort scorer (1+1) x 3 = 6")."""
    game = scenario(factions=["vanilla", "chenar", "vanilla"])
    set_res(game, 0, plastic=2, food=3)
    set_res(game, 1, plastic=2, food=2, metal=1)
    assert scoring.resource_points(game.state, 0) == 1 + 2
    assert scoring.resource_points(game.state, 1) == (1 + 1 + 0) * 3
    set_hand(game, 0, ai=1)
    events = act(game, "show_ai")
    assert scored(events, 1) == [(6, "resources")]


def test_end_game_scoring_by_faction() -> None:
    """DK 9.2: factions may score at the end of the game (the data: Chenar 1 per tile it
    is present on, roads counting on both their tiles)."""
    game = scenario(factions=["vanilla", "chenar", "vanilla"])
    game.state.age = 2
    set_hand(game, 0, ai=1)
    events = act(game, "show_ai")
    assert scored(events, 1)[-1] == (2, "end_game")
    assert scored(events, 0)[-1] == (0, "end_game")
