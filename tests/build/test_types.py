"""The engine type-checks: ``mypy --strict`` over se4x_core reports nothing.

Why a test: the core's boundary (observations, events, actions) is typed so
that the app, the bots and the network can rely on it, and the rules modules
call each other across module boundaries; a type error there is a bug that
the other tests may not reach.  The configuration (strict, the files, the
Cython stub in ``typings/``) is ``[tool.mypy]`` in pyproject.toml, so running
``mypy`` by hand from the repository root checks exactly the same.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "se4x_core"


def test_mypy_strict_reports_no_error() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, (
        f"mypy (config: [tool.mypy] in pyproject.toml) found problems:\n"
        f"{result.stdout}{result.stderr}")


def test_nothing_but_cython_compiled_is_called_compiled() -> None:
    """mypy's ``always_false = ["compiled"]`` skips every block guarded by a name
    ``compiled``; it is meant for ``cython.compiled`` only."""
    others = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and node.id == "compiled":
                others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif (isinstance(node, ast.Attribute) and node.attr == "compiled"
                  and not (isinstance(node.value, ast.Name) and node.value.id == "cython")):
                others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert others == [], f"names `compiled` other than cython.compiled: {others}"
