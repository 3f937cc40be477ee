"""The engine and the app type-check: ``mypy --strict`` over se4x_core and se4x_qt
reports nothing.

Why a test: the core's boundary (observations, events, actions) is typed so
that the app, the bots and the network can rely on it, and the rules modules
call each other across module boundaries; the app's views read that typed
observation (never ``dict[str, Any]``) and call Qt through PySide6's own
stubs.  A type error on either side is a bug that the other tests may not
reach.  The configuration (strict, the packages, the Cython stub in
``typings/``) is ``[tool.mypy]`` in pyproject.toml, so running ``mypy`` by
hand from the repository root checks exactly the same; both runs share
mypy's cache (``.mypy_cache``), so a run after a small change takes seconds.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("se4x_core", "se4x_qt")


def test_mypy_strict_reports_no_error() -> None:
    """Every module of both packages is checked (mypy counts them), and none has an error."""
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, (
        f"mypy (config: [tool.mypy] in pyproject.toml) found problems:\n"
        f"{result.stdout}{result.stderr}")
    checked = re.search(r"no issues found in (\d+) source files", result.stdout)
    sources = sum(len(list((ROOT / package).rglob("*.py"))) for package in PACKAGES)
    assert checked is not None and int(checked[1]) == sources, (
        f"mypy did not check every module of {', '.join(PACKAGES)}: {result.stdout}")


def test_nothing_but_cython_compiled_is_called_compiled() -> None:
    """mypy's ``always_false = ["compiled"]`` skips every block guarded by a name
    ``compiled``; it is meant for ``cython.compiled`` only."""
    others = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Name) and node.id == "compiled":
                    others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                elif (isinstance(node, ast.Attribute) and node.attr == "compiled"
                      and not (isinstance(node.value, ast.Name) and node.value.id == "cython")):
                    others.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert others == [], f"names `compiled` other than cython.compiled: {others}"
