"""ISMCTS: iterations per second at a mid-game decision, compiled vs interpreted, 1 and 2 cores.

Run from the repo root after ``bash tools/install.sh``::

    .venv/bin/python benchmarks/bench_search.py [--seconds S] [--json]

The position: a 2-player standard-board game played by the heuristic bots
into round 4, searched from the current player's observation (its packed
information set), as the search bot does.  An iteration is one
determinization, a descent over macro actions and a heuristic playout to
the end of the next round.  "2 cores" runs two independent searches in two
processes at once (what root parallelisation would add up), and reports
their total.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

from interpreted import compiled_against_interpreted

from se4x_core import _puremode
from se4x_core.ai import ismcts
from se4x_core.ai.bot import ask
from se4x_core.ai.heuristic_bot import HeuristicBot
from se4x_core.game import Game


def _position() -> tuple[str, int]:
    game = Game.new_game({"players": 2, "seed": 3, "board": "standard"})
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while game.observation(0)["round"] < 4:
        player = game.current_player
        game.apply(ask(bots[player], game, player))
    return game.information_set(game.current_player), game.current_player


def _rate(seconds: float, seed: int = 1) -> float:
    from se4x_core.sim.infostate import unpack

    packed, player = _position()
    search = ismcts.Search(unpack(packed), player, seed)
    start = time.perf_counter()
    done = search.run(0, seconds)
    return done / (time.perf_counter() - start)


def measure(seconds: float, two_cores: bool) -> dict[str, float]:
    out = {"one_core": _rate(seconds)}
    if two_cores:
        with ProcessPoolExecutor(max_workers=2) as pool:
            rates = list(pool.map(_rate, [seconds, seconds], [1, 2]))
        out["two_cores"] = sum(rates)
    return out


def main(argv: list[str] | None = None) -> int:
    figures = compiled_against_interpreted(
        __file__, __doc__ or "", 5.0, lambda seconds, here: measure(seconds, two_cores=here),
        _puremode.module_is_compiled(ismcts), argv)
    if figures is None:
        return 0
    fast, slow = figures
    print(f"1 core   {fast['one_core']:9,.0f} iterations/s compiled "
          f"{slow['one_core']:7,.1f} interpreted  ratio {fast['one_core'] / slow['one_core']:.1f}x")
    print(f"2 cores  {fast['two_cores']:9,.0f} iterations/s compiled (two searches at once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
