"""Seeded self-play under the contract checker (tests/sp4x and the soak).

The game-neutral checks (clones, saves, refusals, events, observations) are the one
checker's (:mod:`se4x_core.gamekit.checker`); SP4X's own, :class:`Sp4xChecks`, its
record's ``checks``, add after every action: the conservation invariants (cards 32,
pieces, tiles, resources within their tracks, card tracking never claiming a card that
is not there), scores equal to the sum of the ``scored`` events and every event's
audience a list of players; and with the deep checks the leak check for every player
(observations and legal actions the same across deals of the hidden cards).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, field

from se4x_core.gamekit.checker import ContractBroken, check_playthrough
from se4x_core.gamekit.checker import leak_check as check_leaks
from se4x_core.gamekit.contract import Events, Facade
from se4x_core.games.sp4x import rules
from se4x_core.games.sp4x.bots import BOTS, choose
from se4x_core.games.sp4x.game import Game


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    lengths: list[int] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)
    winners: list[list[int]] = field(default_factory=list)
    seats: list[list[str]] = field(default_factory=list)
    hidden_varied: int = 0  # leak checks where the sample's hands really differed
    turn_limits: int = 0


def leak_check(game: Game, viewer: int, seeds: tuple[int, ...] = (1, 2)) -> int:
    """The one leak check (:func:`se4x_core.gamekit.checker.leak_check`) over SP4X's hidden
    hands: how many samples really dealt other hands."""
    return check_leaks(game, viewer, seeds, hidden=lambda g: g.state.hands)


class Sp4xChecks:
    """SP4X's own checks around every action (module docstring)."""

    def __init__(self, game: Facade, stats: Stats | None = None) -> None:
        assert isinstance(game, Game)
        self.game = game
        self.stats = stats
        self.totals = [0] * game.state.n

    def at_start(self, game: Facade) -> None:
        self.leaks()

    def before(self, game: Facade, code: int, deep: bool) -> None:
        """Nothing before an action."""

    def after(self, game: Facade, code: int, events: Events, deep: bool) -> None:
        players = self.game.state.n
        for event in events:
            visible = event["visible_to"]
            if visible is not None and not all(0 <= p < players for p in visible):
                raise ContractBroken(f"event {event['type']} has a bad audience")
            if event["type"] == "scored":
                self.totals[event["player"]] += event["points"]
            if event["type"] == "turn_limit" and self.stats:
                self.stats.turn_limits += 1
        rules.check_invariants(self.game.state)
        if self.totals != self.game.scores:
            raise AssertionError("scores differ from the scored events")
        if deep:
            self.leaks()

    def at_save(self, game: Facade, loaded: Facade) -> None:
        """The save is the generic checker's."""

    def at_end(self, game: Facade) -> None:
        if not self.game.winners or \
                json.loads(self.game.to_json())["state"]["winners"] != self.game.winners:
            raise AssertionError("a finished game names no winner")

    def leaks(self) -> None:
        varied = sum(leak_check(self.game, v) for v in range(self.game.state.n))
        if self.stats:
            self.stats.hidden_varied += varied


def own_checks(game: Facade, rnd: random.Random) -> Sp4xChecks:
    """The record's ``checks``."""
    return Sp4xChecks(game)


def play(players: int, seed: int, seats: list[str], stats: Stats | None = None,
         deep_every: int = 25) -> Game:
    """One seeded self-play game under every check; ContractBroken names what failed.

    ``seats`` names each player's bot (``"random"`` or ``"rule"``); ``deep_every``
    is the costly checks' period (clones, leaks, refusals).
    """
    bots = [BOTS[name](seed * 7 + i) for i, name in enumerate(seats)]
    final: list[Game] = []

    def decide(game: Facade) -> int:
        assert isinstance(game, Game)
        return choose(bots[game.current_player], game).code

    def make(game: Facade, rnd: random.Random) -> Sp4xChecks:
        assert isinstance(game, Game)
        final.append(game)
        return Sp4xChecks(game, stats)

    report = check_playthrough("sp4x", {"players": players}, seed,
                               deciders=[decide] * players, deep_every=deep_every,
                               json_every=deep_every * 8, own=make)
    game = final[0]
    if stats:
        stats.games += 1
        stats.actions += report.actions
        stats.lengths.append(report.actions)
        stats.scores.append(game.scores)
        stats.winners.append(game.winners)
        stats.seats.append(list(seats))
    return game


def seats_for(players: int, index: int) -> list[str]:
    """Game ``index``'s seats: all random, all rule bots, or one rule bot among random
    ones (its seat rotating), in turn (the soak, benchmarks/sp4x_soak.py, uses the same)."""
    kind = index % 3
    if kind == 0:
        return ["random"] * players
    if kind == 1:
        return ["rule"] * players
    seats = ["random"] * players
    seats[(index // 3) % players] = "rule"
    return seats


def main(args: argparse.Namespace) -> int:
    """``se4x selfplay --game sp4x``: seeded games under every check; a summary; exit 1
    naming the seed if a check failed, 2 for a player count SP4X does not seat."""
    players = args.players or 3
    if players not in (3, 4):
        print(f"se4x selfplay: error: players: SP4X seats 3 or 4 players, not {players}",
              file=sys.stderr)
        return 2
    stats = Stats()
    start = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        try:
            play(players, seed, seats_for(players, index), stats)
        except ContractBroken as exc:
            print(f"contract broken: seed {seed}: {exc}", file=sys.stderr)
            return 1
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(dict(asdict(stats), game="sp4x", players=players, seconds=seconds)))
        return 0
    wins = [sum(1 for w in stats.winners if p in w) for p in range(players)]
    print(f"SP4X: {stats.games} games of {players} players, {stats.actions} actions, "
          f"{seconds:.1f} s; every check held after every action")
    for p, won in enumerate(wins):
        print(f"  player {p} won {won}")
    print(f"  tied games: {sum(1 for w in stats.winners if len(w) > 1)}, "
          f"mean length {stats.actions / max(1, stats.games):.0f} actions")
    return 0
