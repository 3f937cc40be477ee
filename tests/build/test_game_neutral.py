"""The game-neutral floors name no game: a third game is its package and one line.

The contract, the registry, the arena, the checker, self-play, the network, the
command line's front door, and the app's shell and session read every game from its
record (:mod:`se4x_core.gamekit.registry`); a module of theirs that named a game (a
string equal to a game's name, or an import of a game's package, the engine's or the
app's) would be a place a new game has to touch.  Docstrings may speak of the games;
code may not.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from se4x_core.gamekit import registry

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parents[2]
NEUTRAL = ("se4x_core/gamekit", "se4x_core/net", "se4x_core/devtools/cli.py",
           "se4x_core/devtools/replay.py", "se4x_qt/shell", "se4x_qt/session")
# the program's own name (its command, its data folder), which the first game shares
ALLOWED_NAMES = {"PROGRAM", "APP_NAME"}
GAME_PACKAGES = ("se4x_core.games.", "se4x_qt.games.")


def neutral_files() -> list[Path]:
    files: list[Path] = []
    for entry in NEUTRAL:
        path = ROOT / entry
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (module, class and function docstrings)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def named_games(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    games = set(registry.names()) | {"se4x", "sp4x"}
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ALLOWED_NAMES
                                                for t in node.targets):
            skip.add(id(node.value))
    label = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                id(node) not in skip:
            if node.value in games or node.value.startswith(GAME_PACKAGES):
                found.append(f"{label}:{node.lineno} {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                GAME_PACKAGES):
            found.append(f"{label}:{node.lineno} imports {node.module}")
        elif isinstance(node, ast.Import) and any(alias.name.startswith(GAME_PACKAGES)
                                                  for alias in node.names):
            found.append(f"{label}:{node.lineno} imports {node.names[0].name}")
    return found


def test_no_game_neutral_module_names_a_game() -> None:
    assert len(neutral_files()) > 25
    found = [hit for path in neutral_files() for hit in named_games(path)]
    assert found == []


def test_the_check_sees_a_game_named_in_code(tmp_path: Path) -> None:
    """The test can fail: a module comparing with a game's name is caught."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""Docs may say sp4x."""\n\nKIND = "sp4x"\nPROGRAM = "se4x"\n'
                      'from se4x_core.games.sp4x import rules\n'
                      'import se4x_qt.games.se4x.session\n', encoding="utf-8")
    assert sorted(hit.split(" ", 1)[1] for hit in named_games(sample)) == [
        "'sp4x'", "imports se4x_core.games.sp4x", "imports se4x_qt.games.se4x.session"]
