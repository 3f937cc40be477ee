"""Running a benchmark's own measurement again with the interpreted engine.

Each benchmark script measures the compiled engine in its own process and
the interpreted one by re-running itself with ``--child`` and
``SE4X_PURE_PYTHON=1``; the child prints one number.
"""

from __future__ import annotations

import os
import subprocess
import sys


def interpreted_rate(script: str, seconds: float) -> float:
    """The figure ``script --child --seconds S`` prints under SE4X_PURE_PYTHON=1."""
    env = dict(os.environ, SE4X_PURE_PYTHON="1")
    command = [sys.executable, script, "--child", "--seconds", str(seconds)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    return float(out.strip())
