"""Countdown's computer players: uniformly random, and a greedy one that leaves the
counter at a multiple of four when it can (the classic winning line of the game)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from se4x_core.gamekit.bot import Bot, RandomBot
from tests.toygame.game import Action


class GreedyBot(Bot[dict[str, Any], Action, Any]):
    """Leaves a multiple of four behind, else takes one."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.information_set = None

    def step(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        counter = observation["counter"]
        for action in legal:
            taken = action.count if action.kind == "take" else observation["reserve"]
            if (counter - taken) % 4 == 0:
                return action
        return legal[0]


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot[Any, Any, Any]:
    if spec not in BOTS:
        raise ValueError(f"unknown bot {spec!r} (known: {', '.join(bot_names())})")
    bot: Bot[Any, Any, Any] = BOTS[spec](seed)
    if isinstance(bot, RandomBot):
        bot.information_set = None
    return bot
