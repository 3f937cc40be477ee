"""What the compiled policy's odds estimate costs in strength, on its own.

The compiled rule-based policy differs from the Python rule bot in two ways
that matter: its odds (one mean-field battle and a calibrated table instead of
400 simulated battles) and, as the ``policy`` bot, what it knows of the enemy
(the observation's information set instead of the rule bot's assumptions).
This run isolates the first: the Python rule bot asking the policy's odds
(``rule-mf``) against the plain rule bot, 200 games on paired seeds as
``se4x arena`` plays them.  A benchmark, not a test.

    .venv/bin/python benchmarks/policy_odds_strength.py [--games 200]

(One worker: the extra bot is registered in this process only.)
"""

from __future__ import annotations

import argparse
import sys

from se4x_core.ai import registry, rule_bot
from se4x_core.devtools.arena import Match, format_report, run_arena
from se4x_core.kernel.battle_math import TERRAIN_NAMES
from se4x_core.sim import policy


class MeanFieldOdds(rule_bot.Odds):
    """The rule bot's odds questions answered by the compiled policy's estimate."""

    def __init__(self) -> None:
        super().__init__()
        self._memory = policy.PolicyMemory()

    def attacker_wins(self, attacker: rule_bot.Force, defender: rule_bot.Force,
                      terrain: str = "open") -> float:
        if not defender:
            return 1.0
        if not attacker:
            return 0.0
        return policy.force_odds(list(attacker), list(defender), TERRAIN_NAMES.index(terrain),
                                 False, self._memory)

    def defender_holds(self, attacker: rule_bot.Force, defender: rule_bot.Force,
                       terrain: str = "open") -> float:
        if not attacker:
            return 1.0
        if not defender:
            return 0.0
        return policy.force_odds(list(attacker), list(defender), TERRAIN_NAMES.index(terrain),
                                 True, self._memory)


class MeanFieldRuleBot(rule_bot.RuleBot):
    """The rule bot with the policy's odds."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._memory.odds = MeanFieldOdds()

    def restart(self) -> None:
        super().restart()
        self._memory.odds = MeanFieldOdds()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    registry.FACTORIES["rule-mf"] = lambda seed, _arg: MeanFieldRuleBot(seed)
    report = run_arena(Match("rule-mf", "rule", games=args.games), workers=1)
    print(format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
