"""Seeded self-play under the engine contract's checks (tests/sp4x and the soak).

After every action: the conservation invariants (cards 32, pieces, tiles,
resources within their tracks, card tracking never claiming a card that is
not there) and scores equal to the sum of the ``scored`` events.  Every
``deep_every`` actions: clone equality and independence, the leak check for
every player, ``explain`` against the legal codes (and an illegal code
refused with nothing changed), and the save round trip.  At the end: the
save round trip and a replay from the action codes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, field

from se4x_core.errors import IllegalActionError
from se4x_core.games.sp4x import rules
from se4x_core.games.sp4x.actions import encode
from se4x_core.games.sp4x.bots import BOTS, choose
from se4x_core.games.sp4x.game import Game


class ContractBroken(AssertionError):
    """A contract check failed."""


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
    """Observations equal across states differing only in hidden facts; returns how many
    samples really differed from the game in hidden hands."""
    seen = game.observation(viewer)
    varied = 0
    for seed in seeds:
        other = game.determinize(viewer, seed)
        if other.observation(viewer) != seen:
            raise ContractBroken(f"player {viewer}'s observation depends on hidden facts")
        if game.current_player == viewer and other.legal_codes() != game.legal_codes():
            raise ContractBroken(f"player {viewer}'s legal actions depend on hidden facts")
        if other.state.hands != game.state.hands:
            varied += 1
    return varied


def clone_check(game: Game) -> None:
    twin = game.clone()
    if twin != game or twin.to_json() != game.to_json():
        raise ContractBroken("a clone differs from its original")
    before = game.to_json()
    codes = twin.legal_codes()
    if codes:
        twin.apply(codes[-1])
    if game.to_json() != before:
        raise ContractBroken("applying to a clone changed the original")


def explain_check(game: Game, rnd: random.Random) -> None:
    legal = game.legal_codes()
    for code in legal:
        if game.explain(code) is not None:
            raise ContractBroken(f"explain refuses a legal action {code}")
    candidates = [encode("end_turn"), encode("draw", game.current_player % 4),
                  encode("done"), encode("show_ai"), encode("pay_metal"),
                  encode("show", rnd.randrange(8)), encode("move", 0, 1)]
    before = game.state.to_dict()
    for code in candidates:
        if code in legal:
            continue
        reason = game.explain(code)
        if not reason:
            raise ContractBroken(f"explain gives no reason for illegal code {code}")
        try:
            game.apply(code)
        except IllegalActionError as exc:
            if str(exc) != reason:
                raise ContractBroken("apply and explain disagree on why") from None
        else:
            raise ContractBroken(f"an illegal code {code} was applied")
        if game.state.to_dict() != before:
            raise ContractBroken("a refused action changed the state")


def save_check(game: Game) -> None:
    text = game.to_json()
    loaded = Game.from_json(text)
    if loaded != game or loaded.action_codes != game.action_codes or loaded.to_json() != text:
        raise ContractBroken("the save does not round-trip")


def play(players: int, seed: int, seats: list[str], stats: Stats | None = None,
         deep_every: int = 25) -> Game:
    """One seeded self-play game with every check; ContractBroken names what failed.

    ``seats`` names each player's bot (``"random"`` or ``"rule"``); ``deep_every``
    0 leaves out the costly checks (clones, leaks, explain, saves mid-game).
    """
    game = Game.new_game({"players": players, "seed": seed})
    bots = [BOTS[name](seed * 7 + i) for i, name in enumerate(seats)]
    rnd = random.Random(seed)
    totals = [0] * players
    step = 0
    while not game.is_over:
        if deep_every and step % deep_every == 0:
            clone_check(game)
            explain_check(game, rnd)
            varied = sum(leak_check(game, v) for v in range(players))
            if stats:
                stats.hidden_varied += varied
        if deep_every and step % (deep_every * 8) == 0:
            save_check(game)
        events = game.apply(choose(bots[game.current_player], game))
        step += 1
        for event in events:
            visible = event["visible_to"]
            if visible is not None and not all(0 <= p < players for p in visible):
                raise ContractBroken(f"event {event['type']} has a bad audience")
            if event["type"] == "scored":
                totals[event["player"]] += event["points"]
            if event["type"] == "turn_limit" and stats:
                stats.turn_limits += 1
        try:
            rules.check_invariants(game.state)
        except AssertionError as exc:
            raise ContractBroken(f"seed {seed} action {step}: {exc}") from None
        if totals != game.scores:
            raise ContractBroken(f"seed {seed} action {step}: scores differ from the events")
    save_check(game)
    if Game.replay(game.config, game.action_codes) != game:
        raise ContractBroken("a replay of the action codes differs")
    if not game.winners or json.loads(game.to_json())["state"]["winners"] != game.winners:
        raise ContractBroken("a finished game names no winner")
    if stats:
        stats.games += 1
        stats.actions += step
        stats.lengths.append(step)
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
