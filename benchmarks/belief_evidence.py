"""What a viewer sees of an opponent's style: can the evidence tell two players apart?

The opponent belief (``se4x_core/ai/belief.py``) names a style from what the viewer's
observation shows.  This prints, per stage of the game (``belief.STAGES``), the mean
and spread of the belief's own evidence and of three raid signs the belief does not
use, as the rule bot sees each given player across seeded games (both seats), and for
each player after the first the separation from the first (the difference of means
over the pooled spread, d'): a feature with d' well under 1 cannot tell the two apart
however many rounds are summed.  The raid signs: the player's fleet counters within
one hex of the viewer's colonies other than its homeworld and more than two hexes from
that homeworld ("raiding"), its counters within two hexes of the viewer's homeworld
("at home"), and the viewer's own colonies other than the homeworld ("my colonies").

Usage, from the repository root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/belief_evidence.py --seeds 12 \\
        "search:s4b50~raider" search:s4b50 "rule:bold raid"
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from se4x_core.ai.belief import FEATURES, STAGES, evidence, fleet_counters  # noqa: E402
from se4x_core.ai.registry import make_bot  # noqa: E402
from se4x_core.devtools.train_belief import record_game  # noqa: E402
from se4x_core.hexgrid import board_for  # noqa: E402
from se4x_core.observation import Observation, friends_of  # noqa: E402

RAID_SIGNS = ("raiding", "at home", "my colonies")
COLUMNS = FEATURES + RAID_SIGNS
Rows = dict[int, list[tuple[float, ...]]]  # stage -> one row of COLUMNS per round


def raid_signs(obs: Observation, player: int) -> tuple[float, ...]:
    """The three raid signs of the module docstring, from ``obs``'s viewer."""
    board = board_for(obs["board"])
    friends = friends_of(obs, obs["viewer"])
    home = obs["homeworlds"][obs["viewer"]]
    colonies = [h["hex"] for h in obs["hexes"] if "colony" in h
                and h["colony"]["owner"] in friends and not h["colony"]["homeworld"]]
    fleet = [u["hex"] for u in fleet_counters(obs, player)]
    raiding = sum(1 for at in fleet if board.distance(at, home) > 2
                  and any(board.distance(at, c) <= 1 for c in colonies))
    at_home = sum(1 for at in fleet if board.distance(at, home) <= 2)
    return (float(raiding), float(at_home), float(len(colonies)))


def read_all(obs: Observation, player: int) -> tuple[float, ...]:
    """The belief's evidence and the raid signs (:data:`COLUMNS`)."""
    return evidence(obs, player) + raid_signs(obs, player)


def collect(spec: str, seeds: int, max_rounds: int) -> Rows:
    rows: Rows = {}
    for seed in range(seeds):
        for seat in (0, 1):
            found_by_stage = record_game(make_bot(spec, seed), seed, seat, max_rounds,
                                         read_all)
            for stage, found in found_by_stage.items():
                rows.setdefault(stage, []).extend(found)
    return rows


def separation(a: list[float], b: list[float]) -> float:
    """d': the difference of means over the pooled spread (0 where neither varies)."""
    spread = ((statistics.pvariance(a) + statistics.pvariance(b)) / 2) ** 0.5
    return 0.0 if spread == 0 else (statistics.mean(a) - statistics.mean(b)) / spread


def report(specs: list[str], data: dict[str, Rows]) -> None:
    first = data[specs[0]]
    for stage, (low, high) in enumerate(STAGES):
        print(f"rounds {low}-{high}:")
        print("  " + " " * 25 + "".join(f"{name:>13}" for name in COLUMNS))
        for spec in specs:
            rows = data[spec].get(stage, [])
            if not rows:
                continue
            cols = list(zip(*rows, strict=True))
            cells = [f"{statistics.mean(c):6.2f}±{statistics.pstdev(c):<5.2f}" for c in cols]
            print(f"  {spec[:22]:<22}{len(rows):>3}" + "".join(f"{c:>13}" for c in cells))
            if spec != specs[0] and first.get(stage):
                base = list(zip(*first[stage], strict=True))
                gaps = [separation(list(c), list(b))
                        for b, c in zip(base, cols, strict=True)]
                print(f"  {'  d prime vs first':<25}" + "".join(f"{g:>13.2f}" for g in gaps))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", help="bot specs; the first is the reference")
    parser.add_argument("--seeds", type=int, default=12, help="seeds, each from both seats")
    parser.add_argument("--max-rounds", type=int, default=30)
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    data = {spec: collect(spec, args.seeds, args.max_rounds) for spec in args.specs}
    report(args.specs, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
