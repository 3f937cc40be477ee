"""The features and the win probabilities are the same compiled and interpreted.

Not marked core: each test runs both modes itself (a child process with the
other), as tests/build/test_modes_agree.py does for whole games.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from se4x_core import data

# A child process per mode: seconds, not the fast tier's second.
pytestmark = pytest.mark.slow

# States of seeded heuristic playouts: (config, rounds played).
CASES = [({"players": 2, "seed": 1}, 8), ({"players": 3, "seed": 2}, 12),
         ({"players": 4, "seed": 3, "teams": [[0, 3], [1, 2]]}, 10),
         ({"players": 2, "seed": 4, "advanced": sorted(data.ADVANCED_RULES)}, 10)]

_SCRIPT = """
import json, sys
from se4x_core import _puremode
from se4x_core.rules import engine
from se4x_core.sim import evaluation, playout
from se4x_core.sim.features import feature_matrix
out = []
for config, rounds in json.loads(sys.argv[1]):
    s = engine.new_state(config)
    playout.playout(s, config["seed"], 100000, playout.POLICY_NAMES["heuristic"], rounds)
    out.append({"features": feature_matrix(s),
                "probabilities": {kind: evaluation.load_model(kind=kind).probability_list(s)
                                  for kind in evaluation.KINDS}})
print(json.dumps({"compiled": _puremode.module_is_compiled(evaluation), "cases": out}))
"""


def _figures(pure: bool) -> dict:
    env = dict(os.environ)
    env.pop("SE4X_PURE_PYTHON", None)
    if pure:
        env["SE4X_PURE_PYTHON"] = "1"
    result = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps(CASES)], env=env,
                            check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def test_compiled_and_interpreted_agree_to_1e_9() -> None:
    compiled, interpreted = _figures(pure=False), _figures(pure=True)
    assert compiled["compiled"] and not interpreted["compiled"]
    for case, a, b in zip(CASES, compiled["cases"], interpreted["cases"], strict=True):
        for row_a, row_b in zip(a["features"], b["features"], strict=True):
            assert max(abs(x - y) for x, y in zip(row_a, row_b, strict=True)) <= 1e-9, case
        for kind, p in a["probabilities"].items():
            q = b["probabilities"][kind]
            assert max(abs(x - y) for x, y in zip(p, q, strict=True)) <= 1e-9, (case, kind)
