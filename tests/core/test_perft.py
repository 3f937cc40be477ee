"""A perft-style oracle: legal-move trees from fixed positions (after python-chess).

Each position of ``tests/data/perft.json`` is a config plus the action codes
that lead to it (every phase is represented: movement, Lost in Space,
choosing a battle, screening, firing, attacking a colony, bidding,
purchases).  From it, every legal action is tried to a fixed depth; the
number of leaves and a digest of every legal-action list met (depth first)
must equal what the engine gave before it was rebuilt for speed.  A rule
that generates one move too many or too few, in a different order, or
applies one differently, changes a count or a digest.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from se4x_core.phases import PH_GAME_OVER
from se4x_core.rules import engine
from se4x_core.rules.state import State

pytestmark = [pytest.mark.fast, pytest.mark.core]

POSITIONS = json.loads((Path(__file__).parent.parent / "data" / "perft.json").read_text())[
    "positions"]


def perft(state: State, depth: int, digest: hashlib._Hash) -> int:
    """Leaves of the legal-move tree below ``state`` (chance is inside the state)."""
    if depth == 0 or state.phase == PH_GAME_OVER:
        return 1
    legal = engine.legal_actions(state)
    digest.update(json.dumps(legal).encode())
    nodes = 0
    for code in legal:
        child = state.clone()
        engine.apply_unchecked(child, code, None)
        nodes += perft(child, depth - 1, digest)
    return nodes


def position(config: dict, prefix: list[int]) -> State:
    state = engine.new_state(config)
    for code in prefix:
        engine.apply(state, code)
    return state


@pytest.mark.parametrize("case", POSITIONS, ids=[
    f"{p['config']['players']}p-seed{p['config']['seed']}-{len(p['prefix'])}-{p['phase']}"
    for p in POSITIONS])
def test_perft_matches_the_recorded_tree(case: dict) -> None:
    state = position(case["config"], case["prefix"])
    digest = hashlib.sha256()
    assert perft(state, case["depth"], digest) == case["nodes"]
    assert digest.hexdigest() == case["digest"]


def test_perft_positions_cover_every_kind_of_decision() -> None:
    phases = {p["phase"] for p in POSITIONS}
    assert phases >= {"movement", "lost", "choose_battle", "combat_screen", "combat_fire",
                      "colony", "economic_bid", "economic_purchase"}
