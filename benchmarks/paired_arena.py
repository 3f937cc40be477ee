"""Two players compared through a third, game by game on the same seeds.

``se4x arena A C --json`` and ``se4x arena A2 C --json`` on the same seeds play
the same starting positions, seat for seat.  Pairing each game of A with A2's
game on the same seed and seat and counting only the pairs whose results differ
(McNemar's exact sign test) measures A against A2 with less noise than the two
rates alone: a seed both win or both lose says nothing about which is stronger.
This is how a small change to a level (its belief about opponents, a new
evaluation) is measured against the same level without it, where head to head
the two play nearly the same game and a gain of a few points would need
thousands of games.

Printed: each player's rate against C with its 95 % Wilson interval, the pairs
won by both, by the first only, by the second only and by neither, the sign
test's two-sided p-value, and the paired difference of the rates with its 95 %
interval (Wald for matched pairs).

Usage, from the repository root after ``bash tools/install.sh``::

    .venv/bin/python -m se4x_core.devtools.cli arena search:s4b50o rule --json > a.json
    .venv/bin/python -m se4x_core.devtools.cli arena search:s4b50 rule --json > b.json
    .venv/bin/python benchmarks/paired_arena.py a.json b.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from se4x_core.gamekit.arena import SCORES  # noqa: E402
from se4x_core.gamekit.stats import paired_difference, sign_test, wilson_interval  # noqa: E402

# What both runs must share for their games to pair: the same game, the same
# opponent and the same table size.
SHARED = ("game", "bot_b", "players")

Pairs = dict[tuple[int, int], float]  # (seed, A's seat) -> A's score


def load_report(path: Path) -> dict[str, Any]:
    """One ``se4x arena --json`` report, refused with its path if it is not one."""
    try:
        report = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise SystemExit(f"{path}: not a readable arena report ({exc})") from exc
    if not isinstance(report, dict) or not isinstance(report.get("results"), list):
        raise SystemExit(f"{path}: no per-game `results` (run `se4x arena ... --json`)")
    return report


def scores_by_game(report: dict[str, Any]) -> Pairs:
    """Each game's score for BOT_A (a win 1, a draw 1/2), keyed by seed and seat."""
    return {(int(r["seed"]), int(r["a_seat"])): SCORES[r["result"]]
            for r in report["results"]}


def check_comparable(first: dict[str, Any], second: dict[str, Any]) -> None:
    """Refuse two runs whose games do not pair (another opponent, game or size)."""
    for key in SHARED:
        if first.get(key) != second.get(key):
            raise SystemExit(f"the runs differ in {key}: {first.get(key)!r} against "
                             f"{second.get(key)!r}; only runs against the same opponent pair")


def compare(first: Pairs, second: Pairs) -> dict[str, float]:
    """Counts over the games both runs played: both won, one only, neither."""
    shared = sorted(set(first) & set(second))
    if not shared:
        raise SystemExit("the runs share no seed and seat: nothing to pair")
    both = sum(min(first[k], second[k]) for k in shared)
    first_only = sum(max(0.0, first[k] - second[k]) for k in shared)
    second_only = sum(max(0.0, second[k] - first[k]) for k in shared)
    return {"pairs": len(shared), "both": both, "first_only": first_only,
            "second_only": second_only,
            "neither": len(shared) - both - first_only - second_only,
            "first_score": sum(first[k] for k in shared),
            "second_score": sum(second[k] for k in shared)}


def _rate_line(label: str, spec: str, score: float, n: int) -> str:
    low, high = wilson_interval(score, n)
    return f"{label} {spec}: {score:g} of {n}, {score / n:.1%} ({low:.1%}-{high:.1%})"


def report_lines(a: dict[str, Any], b: dict[str, Any], counts: dict[str, float]) -> list[str]:
    """The printed comparison."""
    n = int(counts["pairs"])
    better, worse = counts["first_only"], counts["second_only"]
    diff, low, high = paired_difference(better, worse, n)
    return [
        f"against {a['bot_b']}, {n} games paired by seed and seat "
        f"({a['players']} players)",
        _rate_line("first ", a["bot_a"], counts["first_score"], n),
        _rate_line("second", b["bot_a"], counts["second_score"], n),
        f"won by both {counts['both']:g}, by the first only {better:g}, "
        f"by the second only {worse:g}, by neither {counts['neither']:g}",
        f"sign test on the pairs that differ: p = {sign_test(round(better), round(worse)):.3f}",
        f"paired difference, first minus second: {diff:+.1%} ({low:+.1%} to {high:+.1%})",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path, help="`se4x arena A C --json` output")
    parser.add_argument("second", type=Path, help="`se4x arena A2 C --json` output")
    args = parser.parse_args(argv)
    a, b = load_report(args.first), load_report(args.second)
    check_comparable(a, b)
    counts = compare(scores_by_game(a), scores_by_game(b))
    print("\n".join(report_lines(a, b, counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
