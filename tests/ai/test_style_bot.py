"""The sparring pool: five styles that play differently from each other and from the
rule bot, legally, from the observation only (tests/ai/test_bots.py holds them to the
information rules with every other bot).

Each style is played for twelve rounds against the rule bot on four seeds, from both
seats, and what it did is counted from its own actions and observations: what it
bought and researched, when its warships first left home, whether it left battles.
Every assertion names a trait the module docstring promises; a style that lost its
trait (or a bot that ignored its style) fails here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import pytest

from se4x_core import data
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.style_bot import STYLES, StyleBot
from se4x_core.game import Game

pytestmark = pytest.mark.slow

ROUNDS = 12
SEEDS = range(4)


@dataclass
class Record:
    """What one style did over its games (summed over seeds and seats)."""

    bought: dict[str, int] = field(default_factory=dict)
    tech_at_7: int = 0  # technology levels gained by round 7
    first_sortie: list[int] = field(default_factory=list)  # round a warship left home
    retreats: int = 0
    base_by_5: int = 0  # games with a Base at home by round 5
    games: int = 0


def _play(style: str, seed: int, seat: int, record: Record) -> None:
    game = Game.new_game({"players": 2, "seed": seed, "max_rounds": ROUNDS + 1})
    bots = [RuleBot(seed), RuleBot(seed)]
    bots[seat] = StyleBot(seed, STYLES[style])
    for bot in bots:
        bot.restart()
    sortie = -1
    seen_tech = seen_base = False
    start = sum(data.TECH_START[:data.N_BASIC_TECHS])
    while not game.is_over and game.state.round <= ROUNDS:  # the observation's "round"
        player = game.current_player
        action = ask(bots[player], game, player)
        if player == seat:
            if action.kind == "buy":
                code = data.UNIT_CODES[action.unit_type]
                record.bought[code] = record.bought.get(code, 0) + 1
            record.retreats += action.kind == "retreat"
        game.apply(action)
        # Only the style's own actions take its warships out, and the round's counts are
        # taken once: the observation is read only when one of them can change.
        counting = (not seen_tech and game.state.round >= 7) or \
            (not seen_base and game.state.round >= 5)
        if not counting and (player != seat or sortie >= 0):
            continue
        obs = game.observation(seat)
        home = obs["homeworlds"][seat]
        if sortie < 0 and any(u["owner"] == seat and u["hex"] != home
                              and u["unit_type"] in ("DD", "CA", "BC", "BB", "DN")
                              for u in obs["units"]):
            sortie = obs["round"]
        if not seen_tech and obs["round"] >= 7:
            seen_tech = True
            record.tech_at_7 += sum(list(obs["me"]["tech"].values())[:data.N_BASIC_TECHS]) - start
        if not seen_base and obs["round"] >= 5:
            seen_base = True
            record.base_by_5 += any(u["owner"] == seat and u["hex"] == home
                                    and u["unit_type"] == "Base" for u in obs["units"])
    record.first_sortie.append(sortie if sortie >= 0 else ROUNDS + 1)
    record.games += 1


@cache
def records() -> dict[str, Record]:
    out = {}
    for style in STYLES:
        record = Record()
        for seed in SEEDS:
            for seat in (0, 1):
                _play(style, seed, seat, record)
        out[style] = record
    return out


def _mean(values: list[int]) -> float:
    return sum(values) / len(values)


def test_the_rush_buys_no_colony_ship_and_sets_out_first() -> None:
    rec = records()
    assert rec["rush"].bought.get("CO", 0) == 0
    assert rec["rush"].bought.get("DD", 0) > 5 * rec["rush"].games
    assert all(r <= 4 for r in rec["rush"].first_sortie)
    assert _mean(rec["rush"].first_sortie) < min(
        _mean(rec[s].first_sortie) for s in ("turtle", "tech", "expander"))


def test_the_turtle_builds_a_base_and_waits_for_a_wave() -> None:
    turtle = records()["turtle"]
    assert turtle.base_by_5 == turtle.games
    assert all(r >= STYLES["turtle"].attack_round for r in turtle.first_sortie)


def test_the_tech_player_researches_most() -> None:
    rec = records()
    assert rec["tech"].tech_at_7 > max(rec[s].tech_at_7 for s in STYLES if s != "tech")


def test_the_expander_buys_most_colony_ships_and_miners() -> None:
    rec = records()
    settlers = {s: r.bought.get("CO", 0) + r.bought.get("Miner", 0) for s, r in rec.items()}
    assert settlers["expander"] > max(v for s, v in settlers.items() if s != "expander")


def test_the_raider_leaves_battles_and_no_other_style_does() -> None:
    rec = records()
    assert rec["raider"].retreats > 0
    assert all(rec[s].retreats == 0 for s in STYLES if s != "raider")


def test_every_style_is_an_arena_spec() -> None:
    for style in STYLES:
        bot = make_bot(f"style:{style}", seed=3)
        assert isinstance(bot, StyleBot) and bot.style == STYLES[style] and bot.seed == 3
    with pytest.raises(ValueError, match="turtle, rush, raider, tech, expander"):
        make_bot("style:coward", seed=0)
