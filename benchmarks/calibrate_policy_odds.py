"""Calibrate the rule-based player's odds table against the battle simulator.

The rule-based player (``se4x_core/sim/rulebot/odds.py``) cannot afford the
simulator's 400 battles per question in the search's playouts; it runs one
mean-field battle and reads the chance off ``ODDS_TABLE`` by the balance of what
is left of each side.  This script rebuilds that table from the questions the
player really asks in self-play (every attacker/defender pair of its war plans,
emergencies and battles), answered by the simulator with many trials, and prints
the new table, how often the table's answer falls on the same side of the
default strategy's thresholds (0.2, 0.45, 0.7, 0.8) as the simulator's 400-trial
one, and the mean error, and what a question costs either way.  Paste the table
into ``ODDS_TABLE`` (``se4x_core/sim/rulebot/constants.py``) and rebuild.

The questions are collected in a child process running the interpreted build
(``SE4X_PURE_PYTHON=1``), where the odds module's two entry points can be
wrapped to note what they are asked: slow (minutes for the default games), and
the same rules as the compiled build.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/calibrate_policy_odds.py [--games 24] [--trials 4000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator

from se4x_core import data
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.game import Game
from se4x_core.kernel.battle_math import TERRAIN_NAMES
from se4x_core.sim.battle_spec import BattleSpec, machine_entry, parse_spec
from se4x_core.sim.combat_sim import simulate
from se4x_core.sim.rulebot import constants, odds
from se4x_core.sim.rulebot.memory import PolicyMemory

CONFIGS = ({"players": 2}, {"players": 2}, {"players": 3},
           {"players": 2, "advanced": ["fighters", "raiders", "mines", "doomsday"]})
THRESHOLDS = (0.2, 0.45, 0.7, 0.8)
SIM_SEED = 1  # the 400-trial answers' seed
Entry = tuple[int, int, int, int, int, int]  # type, count, attack, defense, tactics, level
Force = tuple[Entry, ...]
Question = tuple[Force, Force, str, bool]  # attacker, defender, terrain, holds


def _force(m: PolicyMemory, side: int) -> Force:
    """One side of the question in the memory's scratch (type -2: a Doomsday Machine)."""
    base = constants.O_FORCE + side * constants.MAX_ENTRIES * constants.F_FIELDS
    entries: list[Entry] = []
    for k in range(m.b[constants.O_NFORCE + side]):
        at = base + k * constants.F_FIELDS
        kind, count, att, dfn, tac, level = (m.b[at + i] for i in range(6))
        entries.append((kind, count, att, dfn, tac, level))
    return tuple(sorted(entries))


def questions(games: int) -> list[Question]:
    """Every battle question rule bots ask in ``games`` self-play games (interpreted)."""
    if not os.environ.get("SE4X_PURE_PYTHON"):
        env = dict(os.environ, SE4X_PURE_PYTHON="1")
        out = subprocess.run([sys.executable, __file__, "--ask", str(games)], env=env,
                             check=True, capture_output=True, text=True).stdout
        return [(_entries(a), _entries(d), terrain, holds)
                for a, d, terrain, holds in json.loads(out)]
    asked: dict[Question, None] = {}
    attacker_wins, defender_holds = odds.attacker_wins, odds.defender_holds

    def note(m: PolicyMemory, terrain: int, holds: bool) -> None:
        attacker, defender = _force(m, 0), _force(m, 1)
        if attacker and defender:
            asked[(attacker, defender, TERRAIN_NAMES[terrain], holds)] = None

    def wins(m: PolicyMemory, terrain: int) -> float:
        note(m, terrain, False)
        return attacker_wins(m, terrain)

    def holds(m: PolicyMemory, terrain: int) -> float:
        note(m, terrain, True)
        return defender_holds(m, terrain)

    odds.attacker_wins, odds.defender_holds = wins, holds
    try:
        for k in range(games):
            config = {**CONFIGS[k % len(CONFIGS)], "seed": 500 + k, "max_rounds": 30}
            game = Game.new_game(config)
            bots = [make_bot("rule", p + 10 * k) for p in range(game.state.n_players)]
            while not game.is_over:
                p = game.current_player
                game.apply(ask(bots[p], game, p))
    finally:
        odds.attacker_wins, odds.defender_holds = attacker_wins, defender_holds
    return list(asked)


def _entries(rows: list[list[int]]) -> Force:
    """A force read back from JSON."""
    return tuple((a, b, c, d, e, f) for a, b, c, d, e, f in rows)


def _side(force: Force) -> dict[str, object]:
    """A battle-spec side: a fighter's level is its Fighters level, a scout's its Point
    Defense, a raider's its Cloaking, a destroyer's its Scanners; a Doomsday Machine's
    level is the hits it has taken."""
    special = {data.SC: "point_defense", data.R: "cloaking", data.DD: "scanners",
               data.SW: "mine_sweep"}
    units: list[dict[str, object]] = []
    for kind, count, att, dfn, tac, level in force:
        if kind == -2:
            units.append(machine_entry(level))
            continue
        entry: dict[str, object] = {"type": data.UNIT_CODES[kind], "count": count,
                                    "attack": att, "defense": dfn, "tactics": tac}
        if kind == data.F:
            entry["fighters"] = level
        elif kind == data.R:  # a raider seen before its level was: at least Cloaking 1
            entry["cloaking"] = level or 1
        elif level and kind in special:
            entry[special[kind]] = level
        units.append(entry)
    return {"units": units}


def _spec(question: Question) -> BattleSpec:
    a, d, terrain, _ = question
    return parse_spec({"terrain": terrain, "attacker": _side(a), "defender": _side(d)})


def answers(asked: list[Question], trials: int) -> Iterator[tuple[float, float, float, bool]]:
    """(balance from the asking side, simulator's chance, 400-trial chance, machine) each."""
    for question in asked:
        a, d, terrain, holds = question
        spec = _spec(question)
        many, few = simulate(spec, trials, 7), simulate(spec, 400, SIM_SEED)
        x = odds.balance(list(a), list(d), TERRAIN_NAMES.index(terrain))
        machine = d[0][0] == -2
        if holds:
            yield -x, many.defender_wins, few.defender_wins, machine
        else:
            yield x, many.attacker_wins, few.attacker_wins, machine


def fit(points: list[tuple[float, float]]) -> list[int]:
    """The table: at each knot the mean chance of the points within 0.05 (linearly
    weighted), gaps filled from the left, made monotone (pooled adjacent violators)."""
    knots = [i / 20 - 1 for i in range(len(constants.ODDS_TABLE))]
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
    parser.add_argument("--ask", type=int, help=argparse.SUPPRESS)  # the child: questions
    args = parser.parse_args(argv)
    if args.ask is not None:
        print(json.dumps(questions(args.ask)))
        return 0
    asked = questions(args.games)
    rows = list(answers(asked, args.trials))
    table = fit([(x, y) for x, y, _, machine in rows if not machine])
    print("ODDS_TABLE: tuple[int, ...] = (")
    for i in range(0, len(table), 16):
        print("    " + ", ".join(str(v) for v in table[i:i + 16]) + ",")
    print(")")
    battles = [(x, few) for x, _, few, machine in rows if not machine]
    report("current table, battles", [(table_odds(constants.ODDS_TABLE, x), y) for x, y in battles])
    report("new table, battles", [(table_odds(table, x), y) for x, y in battles])
    machines = [(few, a, d) for (a, d, _, _), (_, _, few, machine)
                in zip(asked, rows, strict=True) if machine]
    report("Doomsday Machines", [(odds.force_odds(list(a), list(d), 0), y)
                                 for y, a, d in machines])
    report("simulator, 400 vs many trials", [(many, few) for _, many, few, _ in rows])
    print(f"cost per question: simulator (400 trials) {1000 * simulator_seconds(asked):.3f} ms, "
          f"mean field {1e6 * mean_field_seconds(asked):.2f} us (with a Python call each)")
    return 0


def simulator_seconds(asked: list[Question]) -> float:
    """Mean seconds the simulator's 400 battles take per question."""
    specs = [_spec(question) for question in asked]
    start = time.perf_counter()
    for spec in specs:
        simulate(spec, 400, SIM_SEED)
    return (time.perf_counter() - start) / len(asked)


def mean_field_seconds(asked: list[Question]) -> float:
    """Mean seconds the mean-field odds take per question (its scratch reused)."""
    memory = PolicyMemory()
    start = time.perf_counter()
    for a, d, terrain, holds in asked:
        odds.force_odds(list(a), list(d), TERRAIN_NAMES.index(terrain), holds, memory)
    return (time.perf_counter() - start) / len(asked)


if __name__ == "__main__":
    sys.exit(main())
