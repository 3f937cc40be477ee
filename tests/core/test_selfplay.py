"""Random self-play: a thousand seeded games, every invariant checked at every step.

Invariants (se4x_core.devtools.selfplay.check_state): counter limits, CP never
negative, every unit in exactly one hex on the board, no hidden information
in any player's observation (changing what a player cannot see must not
change their observation), clone equality, the compact round trip search
uses, and (every few actions) a JSON save/load round trip.  Games mix 2, 3
and 4 players and every 2-player board; they run on all cores.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from se4x_core import data
from se4x_core.devtools import selfplay

pytestmark = pytest.mark.selfplay

GAMES = int(os.environ.get("SE4X_SELFPLAY_GAMES", "1000"))
BOARDS = ("small", "standard", "large")


def _config(seed: int) -> dict:
    players = 2 + seed % 3
    return {"players": players, "board": BOARDS[(seed // 3) % 3], "max_rounds": 6}


def _play(seed: int) -> tuple[int, int, int, int]:
    result = selfplay.play_game(_config(seed), seed)
    return seed, result.winner, result.rounds, result.actions


def test_thousand_random_games_keep_every_invariant() -> None:
    workers = max(1, min(4, os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_play, range(GAMES), chunksize=8))
    assert len(results) == GAMES
    assert sum(r[3] for r in results) > GAMES * 50  # games really were played
    assert all(r[2] <= 6 for r in results)


ADVANCED_GAMES = int(os.environ.get("SE4X_ADVANCED_SELFPLAY_GAMES", "36"))


def _play_advanced(seed: int) -> tuple[int, int]:
    """An advanced game with every rule set the engine has (carriers, fighters, point
    defense, scuttling, warp points): every invariant, the leak check, the clone and save
    round trips after every action."""
    config = dict(_config(seed), advanced=sorted(data.ADVANCED_RULES), max_rounds=8)
    result = selfplay.play_game(config, seed)
    return seed, result.actions


def test_advanced_games_keep_every_invariant() -> None:
    """Seeded self-play with every advanced option the engine has; the full 1,000-game
    soak is ``se4x selfplay --advanced fighters`` (benchmarks/README, the notes)."""
    workers = max(1, min(4, os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(_play_advanced, range(ADVANCED_GAMES), chunksize=2))
    assert len(results) == ADVANCED_GAMES and all(r[1] > 50 for r in results)


def test_some_random_games_reach_a_fallen_homeworld() -> None:
    """With a longer limit, games end by conquest, and the invariants still hold."""
    winners = [selfplay.play_game({"players": 2, "board": "small", "max_rounds": 30}, seed).winner
               for seed in (0, 3, 6)]
    assert any(w >= 0 for w in winners)
