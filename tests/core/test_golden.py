"""Golden playthroughs pin whole seeded games (se4x_core.devtools.golden).

Each file lists every action of its game (number, player, action, a digest of
the whole state after it), then the Economic Phases' summary, the result and
a digest of all the action codes.  A game that no longer follows its file
fails naming the first action where it diverged and what the file expected
there: the action itself changed (a bot chose otherwise), or only the state
after it (the same action had another outcome: a rule or a die roll changed).

The three basic games (2, 3 and 4 players) are the games pinned since the
first golden files: their last lines are unchanged.  Beside them, a game with
every advanced rule set and one against alien players, each with the rule
bot at seat 0 (the bot that builds carriers, raiders, pipelines and mines).

If a rule change is intended, regenerate with
``SE4X_REGEN_GOLDEN=1 python -m pytest tests/core/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from se4x_core import data
from se4x_core.devtools.golden import first_divergence, playthrough

pytestmark = [pytest.mark.fast, pytest.mark.core]

DATA = Path(__file__).resolve().parents[1] / "data"

GAMES: dict[str, dict[str, Any]] = {
    "golden_2p_seed7.txt": {"players": 2, "seed": 7},
    "golden_3p_seed11.txt": {"players": 3, "seed": 11},
    "golden_4p_seed5.txt": {"players": 4, "seed": 5},
    "golden_2p_advanced_seed6.txt": {"players": 2, "seed": 6, "first": "rule",
                                     "advanced": sorted(data.ADVANCED_RULES)},
    "golden_4p_aliens_seed1.txt": {"players": 4, "seed": 1, "first": "rule",
                                   "aliens": {"players": 3, "difficulty": "normal"}},
}


@pytest.mark.parametrize("name", GAMES)
def test_golden_playthrough(name: str) -> None:
    path = DATA / name
    text = playthrough(**GAMES[name])
    if os.environ.get("SE4X_REGEN_GOLDEN"):
        path.write_text(text)
    divergence = first_divergence(path.read_text(), text)
    assert divergence is None, f"{name}: {divergence}"


def test_a_divergence_names_the_first_action_that_differs() -> None:
    """The failure message names the action where a game left its file, with what the
    file expected there, whether the action or only its outcome changed."""
    golden = (DATA / "golden_2p_seed7.txt").read_text()
    lines = golden.splitlines()
    assert lines[100].startswith("100 ")
    head, digest = lines[100].rsplit(" ", 1)  # "100 p1 move(unit=69, dir=2)", the digest
    number, player, _ = head.split(" ", 2)
    other_outcome = lines[:100] + [f"{head} {'0' * len(digest)}"] + lines[101:]
    message = first_divergence(golden, "\n".join(other_outcome) + "\n")
    assert message is not None and "diverged at action 100" in message
    assert "the same action left another state" in message and lines[100] in message
    other_action = lines[:100] + [f"{number} {player} end_movement() {digest}"]
    message = first_divergence(golden, "\n".join(other_action) + "\n")
    assert message is not None and "diverged at action 100: another action" in message
    assert first_divergence(golden, golden) is None
    shorter = "\n".join(lines[:-3]) + "\n"
    assert "only the expected text goes on" in str(first_divergence(golden, shorter))
