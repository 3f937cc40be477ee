"""Running a benchmark's own measurement again with the interpreted engine.

Each benchmark script measures the compiled engine in its own process and
the interpreted one by re-running itself with ``--child`` and
``SE4X_PURE_PYTHON=1``; the child prints its figures (one number, or a JSON
object of named figures).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys


def _child_output(script: str, seconds: float) -> str:
    env = dict(os.environ, SE4X_PURE_PYTHON="1")
    command = [sys.executable, script, "--child", "--seconds", str(seconds)]
    return subprocess.run(command, env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def interpreted_rate(script: str, seconds: float) -> float:
    """The figure ``script --child --seconds S`` prints under SE4X_PURE_PYTHON=1."""
    return float(_child_output(script, seconds))


def interpreted_figures(script: str, seconds: float) -> dict[str, float]:
    """The JSON object of figures ``script --child --seconds S`` prints, interpreted."""
    return json.loads(_child_output(script, seconds))
