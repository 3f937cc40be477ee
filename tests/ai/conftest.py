"""Fixtures shared by the computer players' tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from se4x_core.sim.evaluation import MODEL_PATH


@pytest.fixture
def logit_model_file(tmp_path: Path) -> Path:
    """Another win model than the shipped one: the shipped file with its logit as the
    default (the same features, other scores), written to a temporary file."""
    document = json.loads(Path(MODEL_PATH).read_text(encoding="utf-8"))
    assert document["default"] != "logit"
    document["default"] = "logit"
    path = tmp_path / "logit.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
