"""The SE4 self-play soak: a thousand seeded games under every check.

Run from the repo root::

    .venv/bin/python benchmarks/se4_soak.py                 # 1,000 games
    .venv/bin/python benchmarks/se4_soak.py --games 60 --deep-every 50

The games rotate through player counts (2, 3, 4) and three tables: all random bots,
all rule bots, and one rule bot among random ones (its seat rotating), each a whole
game to the round limit (the data file's, 30) or the last colony.  Around every
action the contract checker's checks and SE4's own (card conservation, coins, cargo,
slot fitting, event audiences); every ``--deep-every`` actions the clones, saves,
refusals and the leak check for every player.  It prints, per player count, the
games, actions, rounds, how games ended, battles, shots and destroyed ships, how often
the rule bot won among random bots, and the time; the first failure stops it (exit
status 1) with the seed and config that reproduce it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

import se4x_core.games.se4  # noqa: F401  (registers the game)
from se4x_core.gamekit.checker import ContractBroken, check_playthrough
from se4x_core.gamekit.contract import Facade
from se4x_core.games.se4.selfplay import Se4Checks


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    rounds: list[int] = field(default_factory=list)
    by_limit: int = 0
    events: dict[str, int] = field(default_factory=dict)
    mixed: int = 0
    rule_wins: float = 0.0
    seconds: float = 0.0
    leak_checks: int = 0
    leaks_varied: int = 0  # leak checks whose deals really differed from the game


def seats(players: int, game: int) -> list[str]:
    table = game % 3
    if table == 0:
        return ["random"] * players
    if table == 1:
        return ["rule"] * players
    chosen = ["random"] * players
    chosen[(game // 3) % players] = "rule"
    return chosen


def play(players: int, seed: int, specs: list[str], tally: Tally, deep: int) -> None:
    made: list[Se4Checks] = []

    def own(game: Facade, rnd: random.Random) -> Se4Checks:
        checks = Se4Checks(game)
        made.append(checks)
        return checks

    start = time.perf_counter()
    report = check_playthrough("se4", {"players": players}, seed, bots=specs,
                               deep_every=deep, json_every=deep * 8, own=own)
    tally.seconds += time.perf_counter() - start
    checks = made[0]
    state = checks.game.state
    tally.games += 1
    tally.actions += report.actions
    tally.rounds.append(state.round)
    tally.by_limit += 1 if checks.seen.get("round_limit") else 0
    tally.leak_checks += checks.leak_checks
    tally.leaks_varied += checks.leaks_varied
    for kind, count in checks.seen.items():
        tally.events[kind] = tally.events.get(kind, 0) + count
    if specs.count("rule") == 1:
        tally.mixed += 1
        winners = report.winners
        if specs.index("rule") in winners:
            tally.rule_wins += 1 / len(winners)


def show(players: int, tally: Tally) -> None:
    seen = tally.events
    print(f"{players} players: {tally.games} games, {tally.actions} actions, "
          f"{tally.seconds:.1f} s ({tally.actions / max(tally.seconds, 1e-9):.0f} actions/s "
          f"with every check)")
    print(f"  rounds: mean {statistics.mean(tally.rounds):.1f} (min {min(tally.rounds)}, "
          f"max {max(tally.rounds)}); ended by the round limit {tally.by_limit}, by the last "
          f"colony {tally.games - tally.by_limit}")
    print(f"  battles {seen.get('battle', 0)}, combat rounds {seen.get('combat_round', 0)}, "
          f"shots {seen.get('shot', 0)}, missiles {seen.get('missiles', 0)}, point defence "
          f"{seen.get('point_defence', 0)}, destroyed {seen.get('destroyed', 0)}, "
          f"bombarded {seen.get('bombarded', 0)}, colonies lost "
          f"{seen.get('colony_destroyed', 0)}, colonised {seen.get('colonised', 0)}, "
          f"techs {seen.get('tech', 0)}")
    print(f"  leak checks: {tally.leak_checks} (every player, two deals each), "
          f"{tally.leaks_varied} deals with really different hidden cards")
    if tally.mixed:
        print(f"  one rule bot among random bots: won {tally.rule_wins:.1f} of {tally.mixed} "
              f"({100 * tally.rule_wins / tally.mixed:.1f} %, parity {100 / players:.1f} %)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games in all (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deep-every", type=int, default=25)
    args = parser.parse_args(argv)
    tallies = {p: Tally() for p in (2, 3, 4)}
    for k in range(args.games):
        players = (2, 3, 4)[k % 3]
        seed = args.seed + k
        specs = seats(players, k // 3)
        try:
            play(players, seed, specs, tallies[players], args.deep_every)
        except (ContractBroken, AssertionError) as exc:
            print(f"FAILED: players {players}, seed {seed}, seats {specs}: {exc}")
            return 1
    for players, tally in tallies.items():
        if tally.games:
            show(players, tally)
    return 0


if __name__ == "__main__":
    sys.exit(main())
