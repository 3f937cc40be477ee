"""``se4x selfplay``: bots play whole games of any game under every check.

A game may bring a self-play of its own (its record's ``selfplay``: Space Empires'
checks its engine's invariants at full speed, SP4X's plays mixed seats); any other game
is played here by its default bot in every seat, each game under the contract checker
(:mod:`se4x_core.gamekit.checker`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from se4x_core.gamekit import registry
from se4x_core.gamekit.arena import foreign_option, game_options, thawed
from se4x_core.gamekit.checker import ContractBroken, check_playthrough


def main(args: argparse.Namespace) -> int:
    """Print a summary; exit 1 if a check failed, 2 for an option or player count the
    game (``--game``) does not have."""
    record = registry.record(getattr(args, "game", None) or registry.default().name)
    refused = foreign_option(args, record)
    if refused:
        print(f"se4x selfplay: error: {refused}", file=sys.stderr)
        return 2
    if record.selfplay:
        return int(registry.load(record.selfplay)(args))
    players = args.players or record.default_players
    if players not in record.players:
        print(f"se4x selfplay: error: players: {record.title} seats "
              f"{' or '.join(map(str, record.players))} players, not {players}",
              file=sys.stderr)
        return 2
    config = {key: thawed(value) for key, value in game_options(args, record)}
    config["players"] = players
    start = time.perf_counter()
    actions, wins = 0, [0] * players
    for index in range(args.games):
        seed = args.seed + index
        try:
            report = check_playthrough(record.name, config, seed)
        except ContractBroken as exc:
            print(f"contract broken: seed {seed}: {exc}", file=sys.stderr)
            return 1
        actions += report.actions
        for player in report.winners:
            wins[player] += 1
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"game": record.name, "games": args.games, "players": players,
                          "actions": actions, "wins": wins, "seconds": seconds}))
        return 0
    print(f"{record.title}: {args.games} games of {players} players, {actions} actions, "
          f"{seconds:.1f} s; every check held after every action")
    for player, won in enumerate(wins):
        print(f"  player {player} won {won}")
    return 0
