"""The random player: a legal action chosen at random, kind first.

Choosing uniformly among action *kinds* first (move, split, buy, end
movement, ...) and then among the actions of that kind keeps a random game
moving: otherwise the dozens of possible steps and bids swamp "end movement"
and "end purchases" and a game barely advances.  Like every bot it reads
only its player's observation (:mod:`se4x_core.ai.bot`).
"""

from __future__ import annotations

import random

from se4x_core.actions import A_MOVE, arg_a, arg_b, kind_of
from se4x_core.ai.bot import CodeBot
from se4x_core.hexgrid import board_for
from se4x_core.observation import Observation, friends_of, warp_links_seen


def choose(legal: list[int], rnd: random.Random) -> int:
    """A random legal action code, uniform over kinds, then within the kind."""
    by_kind: dict[int, list[int]] = {}
    for code in legal:
        by_kind.setdefault(kind_of(code), []).append(code)
    kinds = sorted(by_kind)
    return rnd.choice(by_kind[rnd.choice(kinds)])


def choose_aggressive(obs: Observation, legal: list[int], rnd: random.Random,
                      push: float = 0.7) -> int:
    """A random action, but with probability ``push`` a step toward an enemy homeworld.

    Self-play uses this so that random empires actually meet, fight and
    fall; it reads only public facts (own units' hexes, homeworld hexes).
    """
    if rnd.random() < push:
        toward = steps_toward_enemy(obs, legal)
        if toward:
            return rnd.choice(toward)
    return choose(legal, rnd)


def steps_toward_enemy(obs: Observation, legal: list[int]) -> list[int]:
    """The legal one-hex moves that bring a group nearer an enemy homeworld."""
    board = board_for(obs["board"])
    me = obs["viewer"]
    friends = friends_of(obs, me)  # team play: allies' homeworlds are no targets
    targets = [h for p, h in enumerate(obs["homeworlds"])
               if p not in friends and obs["alive"][p] and h >= 0]
    if not targets:
        return []
    where = {u["unit"]: u["hex"] for u in obs["units"] if u["owner"] == me}
    links = warp_links_seen(obs)
    out = []
    for code in legal:
        if kind_of(code) != A_MOVE or arg_a(code) not in where:
            continue
        here = where[arg_a(code)]
        there = board.neighbour(here, arg_b(code))
        nearer = min(board.linked_distance(there, t, links) for t in targets)
        if nearer < min(board.linked_distance(here, t, links) for t in targets):
            out.append(code)
    return out


class RandomBot(CodeBot):
    """Uniform over action kinds, then within the kind (``push=0``: no lean)."""

    def __init__(self, seed: int = 0, push: float = 0.0) -> None:
        super().__init__(seed)
        self.push = push

    def choose(self, observation: Observation, legal: list[int]) -> int:
        if self.push:
            return choose_aggressive(observation, legal, self.rnd, self.push)
        return choose(legal, self.rnd)
