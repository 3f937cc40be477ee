"""Running a benchmark's own measurement again with the interpreted engine.

Each benchmark script measures the compiled engine in its own process and
the interpreted one by re-running itself with ``--child`` and
``SE4X_PURE_PYTHON=1``; the child prints its figures (one number, or a JSON
object of named figures).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any


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


def compiled_against_interpreted(script: str, description: str, default_seconds: float,
                                 measure: Callable[[float, bool], Any],
                                 compiled: bool, argv: list[str] | None = None,
                                 child_seconds: Callable[[float], float] = lambda s: s,
                                 json_extra: dict[str, Any] | None = None,
                                 ) -> tuple[Any, Any] | None:
    """A benchmark's command line: ``measure(seconds, in_parent)`` here (compiled) and in
    a ``--child`` run of ``script`` under SE4X_PURE_PYTHON=1 (``child_seconds`` of the
    time), the reference every figure is read against.  With ``--json`` (or as the
    child) it prints the figures itself and returns None; else it warns if the engine
    is not ``compiled`` and returns (compiled figures, interpreted figures) to print."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=default_seconds,
                        help="time per measurement")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.seconds, False)))
        return None
    fast = measure(args.seconds, True)
    slow = interpreted_figures(script, child_seconds(args.seconds))
    if args.json:
        print(json.dumps({"compiled": fast, "interpreted": slow, "compiled_modules": compiled,
                          **(json_extra or {})}))
        return None
    if not compiled:
        print("NOT compiled: build first (bash tools/install.sh)")
    return fast, slow
