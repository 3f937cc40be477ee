"""What the solitaire coach costs the player: seconds per strategic decision.

The coach weighs each of the human's strategic decisions twice (the options as the
decision begins, the position made once it is made); the player waits for both.  This
plays seeded two-player games, seat 0 by the rule bot standing in for the human and
seat 1 by Easy, and times every weighing on one core.  The reference in the same run
is Normal's own strategic decision on the same positions (the coach spends Normal's
budget: the ratio should be about 1).  Target: 0.5 s a decision at most.

Usage, from the repository root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/coach_time.py --games 4 --board standard
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from se4x_core.ai.coach import Coach, decision_kind  # noqa: E402
from se4x_core.game import Game  # noqa: E402
from se4x_core.gamekit import registry  # noqa: E402


def time_game(seed: int, board: str, rounds: int) -> tuple[list[float], list[float]]:
    """(coach seconds per decision, Normal's seconds per strategic decision)."""
    game = Game.new_game({"players": 2, "board": board, "seed": seed})
    bots = [registry.make_bot("se4x", "rule", seed), registry.make_bot("se4x", "rule", seed + 1)]
    normal = registry.make_bot("se4x", "normal", seed)
    coach = Coach(seed=seed)
    spent: list[float] = []
    reference: list[float] = []
    begun = 0.0
    while not game.is_over and game.observation(0)["round"] <= rounds:
        player = game.current_player
        if player == 0 and not coach.waiting and decision_kind(game.observation(0)):
            start = time.perf_counter()
            coach.begin(game.observation(0), game.legal_actions(), game.information_set(0),
                        len(game.action_codes))
            begun = time.perf_counter() - start
            start = time.perf_counter()
            normal.inform(game.information_set(0))
            normal.step(game.observation(0), game.legal_actions())
            reference.append(time.perf_counter() - start)
        bot = bots[player]
        bot.inform(game.information_set(player))
        action = bot.step(game.observation(player), game.legal_actions())
        game.apply(action)
        if player == 0 and coach.waiting and action.kind in ("end_movement", "end_purchases"):
            start = time.perf_counter()
            coach.end(game.observation(0), game.information_set(0))
            spent.append(begun + time.perf_counter() - start)
    return spent, reference


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--board", default="standard", choices=("small", "standard", "large"))
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args()
    spent: list[float] = []
    reference: list[float] = []
    for seed in range(args.games):
        coach, normal = time_game(seed, args.board, args.rounds)
        spent += coach
        reference += normal
    print(f"{len(spent)} decisions coached, {args.games} games, board {args.board}")
    print(f"coach per decision: mean {statistics.mean(spent):.3f} s, "
          f"95th percentile {sorted(spent)[int(0.95 * len(spent))]:.3f} s, "
          f"max {max(spent):.3f} s (target 0.5 s)")
    print(f"Normal's strategic decision: mean {statistics.mean(reference):.3f} s; "
          f"coach / Normal {statistics.mean(spent) / statistics.mean(reference):.2f}")


if __name__ == "__main__":
    main()
