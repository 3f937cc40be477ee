"""Golden playthroughs pin whole seeded games (se4x_core.devtools.golden).

If a rule change is intended, regenerate with
``SE4X_REGEN_GOLDEN=1 python -m pytest tests/core/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from se4x_core.devtools.golden import playthrough

pytestmark = pytest.mark.core

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("players,seed", [(2, 7), (3, 11), (4, 5)])
def test_golden_playthrough(players: int, seed: int) -> None:
    path = DATA / f"golden_{players}p_seed{seed}.txt"
    text = playthrough(players, seed)
    if os.environ.get("SE4X_REGEN_GOLDEN"):
        path.write_text(text)
    assert text == path.read_text()
