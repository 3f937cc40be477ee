"""How often the compiled rule-based policy chooses what the Python rule bot chooses.

Positions come from rule-bot self-play (2 players, standard board unless told
otherwise); at every decision the rule bot makes, the compiled policy
(``se4x_core/sim/policy.py``) is asked too, with the rule bot's attack and push
targets handed over, and the share of identical actions is reported per
decision kind:

* ``state``: the policy on the real state (what it reads inside the search, where
  the state is a determinization; here it knows the enemy's hidden counters);
* ``infoset``: the policy on the player's information set (``Game.information_set``),
  as the ``policy`` bot plays it; hidden enemy groups are as drawn there;
* with ``--port`` (interpreted only: ``SE4X_PURE_PYTHON=1``): the port itself, the
  policy with the simulator's odds against the rule bot shown every counter
  revealed, so that both decide from the same facts with the same odds.  Anything
  below 100 % there is a difference in the rules, not in what they were told.

Differences in the first two come from the odds (a mean-field estimate instead of
400 simulated battles) and from what each knows of the enemy.  A measurement,
not a test.

    .venv/bin/python benchmarks/policy_fidelity.py [--games 10] [--players 2] [--advanced]
    SE4X_PURE_PYTHON=1 .venv/bin/python benchmarks/policy_fidelity.py --port --games 3
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from se4x_core import _puremode, data
from se4x_core.ai import rule_bot
from se4x_core.game import Game
from se4x_core.kernel.battle_math import TERRAIN_NAMES
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.codes import F_REVEALED
from se4x_core.rules.state import State
from se4x_core.sim import policy
from se4x_core.sim.infostate import unpack


def _simulator_odds() -> None:
    """Interpreted only: make the policy ask the rule bot's simulator (same odds)."""
    odds = rule_bot.Odds()

    def force(m: policy.PolicyMemory, side: int) -> rule_bot.Force:
        base = policy.O_FORCE + side * policy.MAX_ENTRIES * policy.F_FIELDS
        totals: Counter[tuple[int, int, int, int, int]] = Counter()
        for k in range(m.b[policy.O_NFORCE + side]):
            kind, count, att, dfn, tac, level = (m.b[base + k * 6 + i] for i in range(6))
            totals[(kind, att, dfn, tac, level)] += count
        out, per_type = [], Counter[int]()
        for (kind, att, dfn, tac, level), count in sorted(totals.items()):
            if kind >= 0:
                limit = data.UNIT_COUNTERS[kind] * (1 if kind in data.SINGLE_UNIT_TYPES else 6)
                count = min(count, limit - per_type[kind])
                if count <= 0:
                    continue
                per_type[kind] += count
            out.append((kind, count, att, dfn, tac, level))
        return tuple(out)

    def wins(m: policy.PolicyMemory, terrain: int) -> float:
        return odds.attacker_wins(force(m, 0), force(m, 1), TERRAIN_NAMES[terrain])

    def holds(m: policy.PolicyMemory, terrain: int) -> float:
        return odds.defender_holds(force(m, 0), force(m, 1), TERRAIN_NAMES[terrain])

    # interpreted, the policy's calls go through its module's globals
    policy._attacker_wins = wins  # type: ignore[assignment]
    policy._defender_holds = holds  # type: ignore[assignment]


def _revealed(game: Game) -> Game:
    state = game.state.clone()
    for unit in range(state.n_units):
        if state.u_type[unit] >= 0:
            state.u_flags[unit] |= F_REVEALED
    return Game(state, game.config)


def _policy_choice(state: State, memory: policy.PolicyMemory) -> int:
    legal = ActionList()
    engine.write_legal(state, legal)
    return policy.choose(state, legal, memory)


def measure(games: int, config: dict[str, Any], port: bool) -> dict[str, Counter[str]]:
    """Per way of asking: per decision kind, "same" and "all" counts."""
    ways = ("port",) if port else ("state", "infoset")
    counts: dict[str, Counter[str]] = {way: Counter() for way in ways}
    for seed in range(games):
        game = Game.new_game({**config, "seed": seed, "max_rounds": 40})
        players = game.state.n_players
        bots = [rule_bot.RuleBot(seed * 10 + p) for p in range(players)]
        memories = {way: policy.PolicyMemory() for way in ways}
        while not game.is_over:
            player = game.current_player
            view = _revealed(game) if port else game
            observation = view.observation(player)
            memory = bots[player]._memory  # the targets the rule bot decides with
            for m in memories.values():
                m.set_targets(player, memory.attack_target.get(player, -1),
                              memory.push_target.get(player, -1))
            action = bots[player].step(observation, view.legal_actions())
            kind = observation["phase"]
            for way, m in memories.items():
                state = unpack(game.information_set(player)) if way == "infoset" else \
                    game.state
                same = _policy_choice(state, m) == action.code
                counts[way][kind + ":all"] += 1
                counts[way][kind + ":same"] += same
            game.apply(action)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--advanced", action="store_true", help="every advanced rule set")
    parser.add_argument("--port", action="store_true",
                        help="the port check (needs SE4X_PURE_PYTHON=1)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.port:
        if _puremode.module_is_compiled(policy):
            print("--port needs the interpreted policy: SE4X_PURE_PYTHON=1", file=sys.stderr)
            return 2
        _simulator_odds()
    config: dict[str, Any] = {"players": args.players}
    if args.advanced:
        config["advanced"] = sorted(data.ADVANCED_RULES)
    counts = measure(args.games, config, args.port)
    if args.json:
        print(json.dumps({way: dict(c) for way, c in counts.items()}))
        return 0
    print(f"rule-bot self-play: {args.games} games, {config}")
    for way, c in counts.items():
        kinds = sorted({key.rpartition(":")[0] for key in c})
        total_same = sum(c[k + ":same"] for k in kinds)
        total = sum(c[k + ":all"] for k in kinds)
        print(f"\n{way}: the policy chose the rule bot's action in "
              f"{100 * total_same / total:.1f} % of {total} decisions")
        for k in kinds:
            print(f"  {k:20s} {100 * c[k + ':same'] / c[k + ':all']:6.1f} %  "
                  f"of {c[k + ':all']:6d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
