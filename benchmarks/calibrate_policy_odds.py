"""Calibrate the compiled policy's odds table against the battle simulator.

The compiled rule-based policy (``se4x_core/sim/policy.py``) cannot afford the
simulator's 400 battles per question in its playouts; it runs one mean-field
battle and reads the chance off ``ODDS_TABLE`` by the balance of what is left
of each side.  This script rebuilds that table from the questions the Python
rule bot really asks in self-play (every attacker/defender pair it hands the
simulator), answered by the simulator with many trials, and prints the new
table, how often the table's answer falls on the same side of the rule bot's
thresholds (0.2, 0.45, 0.7, 0.8) as the simulator's 400-trial one, and the
mean error, and what a question costs either way.  Paste the table into
``ODDS_TABLE`` and rebuild.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/calibrate_policy_odds.py [--games 24] [--trials 4000]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator

from se4x_core.ai import rule_bot
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.game import Game
from se4x_core.kernel.battle_math import TERRAIN_NAMES
from se4x_core.sim import policy
from se4x_core.sim.battle_spec import parse_spec
from se4x_core.sim.combat_sim import simulate

CONFIGS = ({"players": 2}, {"players": 2}, {"players": 3},
           {"players": 2, "advanced": ["fighters", "raiders", "mines", "doomsday"]})
THRESHOLDS = (0.2, 0.45, 0.7, 0.8)
Question = tuple[rule_bot.Force, rule_bot.Force, str, bool]  # attacker, defender, terrain, holds


def questions(games: int) -> list[Question]:
    """Every battle question rule bots ask the simulator in ``games`` self-play games."""
    asked: dict[Question, None] = {}
    attacker_wins, defender_holds = rule_bot.Odds.attacker_wins, rule_bot.Odds.defender_holds

    def wins(odds: rule_bot.Odds, a: rule_bot.Force, d: rule_bot.Force,
             terrain: str = "open") -> float:
        if a and d:
            asked[(a, d, terrain, False)] = None
        return attacker_wins(odds, a, d, terrain)

    def holds(odds: rule_bot.Odds, a: rule_bot.Force, d: rule_bot.Force,
              terrain: str = "open") -> float:
        if a and d:
            asked[(a, d, terrain, True)] = None
        return defender_holds(odds, a, d, terrain)

    rule_bot.Odds.attacker_wins = wins  # type: ignore[method-assign]
    rule_bot.Odds.defender_holds = holds  # type: ignore[method-assign]
    try:
        for k in range(games):
            config = {**CONFIGS[k % len(CONFIGS)], "seed": 500 + k, "max_rounds": 30}
            game = Game.new_game(config)
            bots = [make_bot("rule", p + 10 * k) for p in range(game.state.n_players)]
            while not game.is_over:
                p = game.current_player
                game.apply(ask(bots[p], game, p))
    finally:
        rule_bot.Odds.attacker_wins = attacker_wins  # type: ignore[method-assign]
        rule_bot.Odds.defender_holds = defender_holds  # type: ignore[method-assign]
    return list(asked)


def answers(asked: list[Question], trials: int) -> Iterator[tuple[float, float, float, bool]]:
    """(balance from the asking side, simulator's chance, 400-trial chance, machine) each."""
    for a, d, terrain, holds in asked:
        spec = parse_spec({"terrain": terrain, "attacker": rule_bot._side(a),
                           "defender": rule_bot._side(d)})
        many, few = simulate(spec, trials, 7), simulate(spec, 400, rule_bot.SIM_SEED)
        x = policy.balance(list(a), list(d), TERRAIN_NAMES.index(terrain))
        machine = d[0][0] == -2
        if holds:
            yield -x, many.defender_wins, few.defender_wins, machine
        else:
            yield x, many.attacker_wins, few.attacker_wins, machine


def fit(points: list[tuple[float, float]]) -> list[int]:
    """The table: at each knot the mean chance of the points within 0.05 (linearly
    weighted), gaps filled from the left, made monotone (pooled adjacent violators)."""
    knots = [i / 20 - 1 for i in range(len(policy.ODDS_TABLE))]
    values: list[float] = []
    for k in knots:
        weights = [(y, 1 - abs(x - k) / 0.05) for x, y in points if abs(x - k) < 0.05]
        total = sum(w for _, w in weights)
        values.append(sum(y * w for y, w in weights) / total if total else -1.0)
    last = 0.0
    for i, v in enumerate(values):
        values[i] = last if v < 0 else v
        last = values[i]
    blocks = [[v, 1.0] for v in values]
    i = 0
    while i < len(blocks) - 1:
        if blocks[i][0] > blocks[i + 1][0]:
            weight = blocks[i][1] + blocks[i + 1][1]
            merged = (blocks[i][0] * blocks[i][1] + blocks[i + 1][0] * blocks[i + 1][1]) / weight
            blocks[i] = [merged, weight]
            del blocks[i + 1]
            i = max(i - 1, 0)
        else:
            i += 1
    out: list[int] = []
    for value, weight in blocks:
        out += [round(1000 * value)] * round(weight)
    return out


def table_odds(table: list[int] | tuple[int, ...], x: float) -> float:
    if x <= -1.0:
        return table[0] / 1000
    if x >= 1.0:
        return table[-1] / 1000
    f = (x + 1.0) * 20.0
    i = min(int(f), len(table) - 2)
    f -= i
    return (table[i] * (1 - f) + table[i + 1] * f) / 1000


def report(name: str, rows: list[tuple[float, float]]) -> None:
    """Agreement with the 400-trial answers at the thresholds, and the mean error."""
    if not rows:
        return
    error = sum(abs(p - y) for p, y in rows) / len(rows)
    same = [100 * sum((p >= t) == (y >= t) for p, y in rows) / len(rows) for t in THRESHOLDS]
    agree = "  ".join(f"{t:.2f}: {share:5.1f}%" for t, share in zip(THRESHOLDS, same, strict=True))
    print(f"{name:28s} {len(rows):6d} questions, mean error {error:.3f}; same side of  {agree}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="self-play games to ask in")
    parser.add_argument("--trials", type=int, default=4000, help="simulator trials per answer")
    args = parser.parse_args(argv)
    asked = questions(args.games)
    rows = list(answers(asked, args.trials))
    table = fit([(x, y) for x, y, _, machine in rows if not machine])
    print("ODDS_TABLE: tuple[int, ...] = (")
    for i in range(0, len(table), 16):
        print("    " + ", ".join(str(v) for v in table[i:i + 16]) + ",")
    print(")")
    battles = [(x, few) for x, _, few, machine in rows if not machine]
    report("current table, battles", [(table_odds(policy.ODDS_TABLE, x), y) for x, y in battles])
    report("new table, battles", [(table_odds(table, x), y) for x, y in battles])
    machines = [(few, a, d) for (a, d, _, _), (_, _, few, machine)
                in zip(asked, rows, strict=True) if machine]
    report("Doomsday Machines", [(policy.force_odds(list(a), list(d), 0), y)
                                 for y, a, d in machines])
    report("simulator, 400 vs many trials", [(many, few) for _, many, few, _ in rows])
    print(f"cost per question: simulator (400 trials) {1000 * simulator_seconds(asked):.3f} ms, "
          f"mean field {1e6 * mean_field_seconds(asked):.2f} us (with a Python call each)")
    return 0


def simulator_seconds(asked: list[Question]) -> float:
    """Mean seconds the rule bot's odds take per question (a fresh cache)."""
    odds = rule_bot.Odds()
    start = time.perf_counter()
    for a, d, terrain, holds in asked:
        (odds.defender_holds if holds else odds.attacker_wins)(a, d, terrain)
    return (time.perf_counter() - start) / len(asked)


def mean_field_seconds(asked: list[Question]) -> float:
    """Mean seconds the policy's odds take per question (its scratch reused)."""
    memory = policy.PolicyMemory()
    start = time.perf_counter()
    for a, d, terrain, holds in asked:
        policy.force_odds(list(a), list(d), TERRAIN_NAMES.index(terrain), holds, memory)
    return (time.perf_counter() - start) / len(asked)


if __name__ == "__main__":
    sys.exit(main())
