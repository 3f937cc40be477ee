"""The suite's own rules: every test file names its cost, and what tests share is a package.

Why: ``-m "not slow"`` is the quick run a change deserves first, and the parallel run
(pytest-xdist, options in pyproject.toml) hands out the slow tests first so that none
of them is left running alone at the end; both work only if every test file says
which tier it belongs to (``fast`` or ``slow``, defined in pyproject.toml).  Helpers
reached through ``sys.path`` or imported from another test module work only when the
directories land on the path in the right order; one package imported by its full
name (``from tests.helpers.shell import make_window``) works in any process, a test
worker or a script.  These checks read the sources, so they need neither Qt nor a
build.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
TIERS = ("fast", "slow")


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def checked_test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def python_files() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def mark_names(node: ast.AST) -> list[str]:
    """The ``pytest.mark.NAME`` names in an expression (a mark, a call of one, a list)."""
    names = []
    for sub in ast.walk(node):
        if (isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Attribute)
                and sub.value.attr == "mark"):
            names.append(sub.attr)
    return names


def module_marks(tree: ast.Module) -> list[str]:
    """The marks of the module's ``pytestmark`` (every assignment of it at the top level)."""
    marks = []
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign | ast.AugAssign)
                   else [])
        if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
            assert node.value is not None
            marks += mark_names(node.value)
    return marks


def test_the_tiers_are_registered_markers() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for tier in TIERS:
        assert f'"{tier}: ' in text, f"the {tier} marker is not described in pyproject.toml"


def test_there_are_test_files_to_check() -> None:
    assert len(checked_test_files()) > 50


@pytest.mark.parametrize("path", checked_test_files(), ids=relative)
def test_every_test_file_carries_exactly_one_tier(path: Path) -> None:
    """``pytestmark = pytest.mark.fast`` (or ``slow``, or either in a list with the mode
    markers); one slow test in a fast file carries ``@pytest.mark.slow`` itself."""
    tiers = [m for m in module_marks(ast.parse(path.read_text(encoding="utf-8")))
             if m in TIERS]
    assert len(tiers) == 1, (
        f"{relative(path)} has tier markers {tiers}: give it exactly one module-level "
        "pytestmark of pytest.mark.fast or pytest.mark.slow (see [tool.pytest.ini_options] "
        "markers in pyproject.toml)")


def test_only_slow_is_given_to_single_tests() -> None:
    """``fast`` is a file's tier; a test inside a slow file cannot be faster than its
    file's promise, so only ``slow`` marks single tests."""
    found = []
    for path in checked_test_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for decorator in node.decorator_list:
                    if "fast" in mark_names(decorator):
                        found.append(f"{relative(path)}:{node.lineno} {node.name}")
    assert found == [], f"tests marked fast one by one (mark the file instead): {found}"


def test_no_test_file_changes_sys_path() -> None:
    found = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr == "path"
                    and isinstance(node.value, ast.Name) and node.value.id == "sys"):
                found.append(f"{relative(path)}:{node.lineno}")
    assert found == [], (
        f"sys.path used in {found}: import helpers as tests.helpers.NAME (the root is on "
        "the path by pyproject.toml's pythonpath)")


def test_no_test_module_imports_another() -> None:
    """What two test files share lives in tests/helpers."""
    found = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                if name.rpartition(".")[2].startswith(("test_", "conftest")):
                    found.append(f"{relative(path)}:{node.lineno} imports {name}")
    assert found == [], found


def test_no_test_folder_holds_a_helper_module() -> None:
    """A folder of tests holds test files, conftest.py and __init__.py; what tests share
    lives in a package of its own that holds no tests (tests/helpers, or a test-only
    game such as tests/toygame)."""
    test_folders = {p.parent for p in checked_test_files()}
    others = [relative(p) for p in python_files()
              if p.parent in test_folders and not p.name.startswith("test_")
              and p.name not in ("conftest.py", "__init__.py")]
    assert others == [], f"move these into tests/helpers (a package): {others}"


def test_every_test_folder_is_a_package() -> None:
    """A folder without __init__.py would be put on sys.path by pytest, its modules
    importable by their bare names again."""
    folders = {p.parent for p in python_files()}
    missing = sorted(relative(f) for f in folders if not (f / "__init__.py").is_file())
    assert missing == [], f"add an __init__.py to {missing}"
