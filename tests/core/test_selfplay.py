"""Random self-play: seeded games, every invariant checked at every step.

Invariants (se4x_core.devtools.selfplay.check_state): counter limits, CP never
negative, every unit in exactly one hex on the board, no hidden information
in any player's observation (changing what a player cannot see must not
change their observation), clone equality, the compact round trip search
uses, and (every few actions) a JSON save/load round trip.

The soak here is the first ``SE4X_SELFPLAY_GAMES`` (default 60) games of the
thousand-game soak ``benchmarks/soak.py`` runs (selfplay.mixed_config: 2, 3
and 4 players, every 2-player board, 6 rounds), on up to four cores.  Sixty
games fight some 450 battles and see homeworlds fall, which every check then
meets; the configs themselves (every board, advanced rule set, team play, the
alien scenario) are the contract matrix's (tests/core/test_contract.py).
"""

from __future__ import annotations

import os

import pytest

from se4x_core import data
from se4x_core.devtools import selfplay

pytestmark = [pytest.mark.slow, pytest.mark.selfplay]

GAMES = int(os.environ.get("SE4X_SELFPLAY_GAMES", "60"))
WORKERS = max(1, min(4, os.cpu_count() or 1))


def test_random_games_keep_every_invariant() -> None:
    summary = selfplay.run_mixed(GAMES, seed=0, max_rounds=6, workers=WORKERS)
    assert summary.games == GAMES
    assert summary.actions > GAMES * 50  # games really were played
    assert all(r.rounds <= 6 for r in summary.results)
    if GAMES >= 60:  # what the checks must have met (a smaller run may miss it)
        assert summary.battles > GAMES and summary.fallen >= 1


ADVANCED_GAMES = int(os.environ.get("SE4X_ADVANCED_SELFPLAY_GAMES", "36"))


def test_advanced_games_keep_every_invariant() -> None:
    """Seeded self-play with every advanced rule set the engine has: every invariant,
    the leak check, the clone and save round trips after every action.  The full
    soak is ``python benchmarks/soak.py --advanced`` (docs/benchmarks.md)."""
    summary = selfplay.run_mixed(ADVANCED_GAMES, seed=0, max_rounds=8, workers=WORKERS,
                                 advanced=sorted(data.ADVANCED_RULES))
    assert summary.games == ADVANCED_GAMES
    assert all(r.actions > 50 for r in summary.results)


def test_some_random_games_reach_a_fallen_homeworld() -> None:
    """With a longer limit, games end by conquest, and the invariants still hold."""
    winners = [selfplay.play_game({"players": 2, "board": "small", "max_rounds": 30}, seed).winner
               for seed in (0, 3, 6)]
    assert any(w >= 0 for w in winners)
