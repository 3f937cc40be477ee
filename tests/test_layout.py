"""The package's seams: no import cycles in the core, no Qt in the core.

Why: a cycle (movement importing exploration importing movement) forces
imports into functions and makes the compiled modules' initialisation order
fragile; the core must run headless (AI, network host, CLI).  Module-level
imports are read from the sources (the compiled modules share them).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import se4x_core

pytestmark = pytest.mark.core

CORE = Path(se4x_core.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.with_suffix("").relative_to(CORE.parent).parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node except the bodies of ``if TYPE_CHECKING:`` (never run, either mode)."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def top_level_imports(path: Path) -> set[str]:
    """se4x_core modules a file imports at module level (cimports and guards included;
    imports for the type checker only are not run, so they cannot form a cycle)."""
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            name = node.module.removeprefix("cython.cimports.")
            if name == "se4x_core":
                found.update(f"se4x_core.{a.name}" for a in node.names)
            elif name.startswith("se4x_core"):
                found.add(name)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("se4x_core"))
    return found


def function_level_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for func in ast.walk(ast.parse(path.read_text())):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom | ast.Import):
                    found.add(getattr(node, "module", None) or node.names[0].name)
    return found


GRAPH = {module_name(p): top_level_imports(p) for p in CORE.rglob("*.py")}


def test_the_core_has_no_import_cycle() -> None:
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        assert state.get(name) != 1, f"import cycle: {' -> '.join(path + [name])}"
        state[name] = 1
        for other in sorted(GRAPH.get(name, ())):
            if other in GRAPH:
                visit(other, path + [name])
        state[name] = 2

    for name in sorted(GRAPH):
        visit(name, [])


def test_the_core_never_imports_qt_at_module_level() -> None:
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [getattr(node, "module", "") or ""] + [a.name for a in node.names]
                assert not any(n.startswith(("PySide6", "se4x_qt")) for n in names), path


def test_the_rules_import_nothing_inside_functions() -> None:
    """The compiled rules and search modules keep every import at module level."""
    for folder in ("rules", "sim"):
        for path in (CORE / folder).glob("*.py"):
            assert function_level_imports(path) == set(), path
