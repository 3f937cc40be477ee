"""Random self-play: seeded games, every invariant checked at every step.

Invariants (se4x_core.devtools.selfplay.check_state): counter limits, CP never
negative, every unit in exactly one hex on the board, no hidden information
in any player's observation (changing what a player cannot see must not
change their observation), clone equality, the compact round trip search
uses, and (every few actions) a JSON save/load round trip.

The soak here is the first ``SE4X_SELFPLAY_GAMES`` (default 27: three rounds of
every player count on every board) games of the thousand-game soak
``benchmarks/soak.py`` runs (selfplay.mixed_config: 2, 3 and 4 players, every 2-player
board, 6 rounds), on up to four cores.  Those 27 games take some 9,000 actions and
fight some 200 battles, and two homeworlds fall, which every check then meets; the
long run is the benchmark's (its figures: docs/benchmarks.md), as a long soak is
not a test.  The configs themselves (every board, advanced rule set, team play, the
alien scenario) are the contract matrix's (tests/core/test_contract.py).
"""

from __future__ import annotations

import os

import pytest

from se4x_core import data
from se4x_core.devtools import selfplay

pytestmark = [pytest.mark.slow, pytest.mark.selfplay]

GAMES = int(os.environ.get("SE4X_SELFPLAY_GAMES", "27"))
WORKERS = max(1, min(4, os.cpu_count() or 1))


def test_random_games_keep_every_invariant() -> None:
    summary = selfplay.run_mixed(GAMES, seed=0, max_rounds=6, workers=WORKERS)
    assert summary.games == GAMES
    assert summary.actions > GAMES * 50  # games really were played
    assert all(r.rounds <= 6 for r in summary.results)
    if GAMES >= 27:  # what the checks must have met (a smaller run may miss it)
        assert summary.battles > GAMES and summary.fallen >= 1


ADVANCED_GAMES = int(os.environ.get("SE4X_ADVANCED_SELFPLAY_GAMES", "18"))


def test_advanced_games_keep_every_invariant() -> None:
    """Seeded self-play with every advanced rule set the engine has: every invariant,
    the leak check, the clone and save round trips after every action: 18 games (each
    config twice), some 7,800 actions and 140 battles.  The full soak is
    ``python benchmarks/soak.py --advanced`` (docs/benchmarks.md)."""
    summary = selfplay.run_mixed(ADVANCED_GAMES, seed=0, max_rounds=8, workers=WORKERS,
                                 advanced=sorted(data.ADVANCED_RULES))
    assert summary.games == ADVANCED_GAMES
    assert all(r.actions > 50 for r in summary.results)
    if ADVANCED_GAMES >= 18:
        assert summary.battles > 5 * ADVANCED_GAMES


def test_some_random_games_reach_a_fallen_homeworld() -> None:
    """With a longer limit, games end by conquest, and the invariants still hold."""
    winners = [selfplay.play_game({"players": 2, "board": "small", "max_rounds": 30}, seed).winner
               for seed in (0, 3, 6)]
    assert any(w >= 0 for w in winners)
