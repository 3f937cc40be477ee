"""The app reads the game only through the facade: observations, legal actions, explain.

docs/architecture.md#the-engines-contract: nothing outside ``se4x_core`` reads the
internal state.  Every window and the map draw from ``Game.observation``,
turn clicks into actions from ``legal_actions`` and show refusals in the
engine's words, so these source checks hold for every module of ``se4x_qt``:

* no ``.state`` attribute (the engine state behind ``Game.state``);
* no import of ``se4x_core.rules`` (the rules' internals: to-hit tables,
  yard capacities, purchase checks, record codes);
* no ``default_action``: the default policy's choice is the observation's
  ``suggested`` action.

The checks read the syntax tree, so comments and docstrings may still name
these things.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

APP = Path(__file__).resolve().parents[2] / "se4x_qt"
SOURCES = sorted(APP.rglob("*.py"))
FORBIDDEN_ATTRIBUTES = {"state": "reads the engine state (use the observation)",
                        "default_action": "asks the engine for the default action "
                                          "(use the observation's 'suggested')"}


def _rules_import(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.startswith("se4x_core.rules") for alias in node.names)
    if isinstance(node, ast.ImportFrom) and node.module:
        if node.module == "se4x_core":
            return any(alias.name == "rules" for alias in node.names)
        return node.module.startswith("se4x_core.rules")
    return False


def _by_name(node: ast.AST) -> str | None:
    """The attribute ``getattr(x, "name")`` or ``hasattr(x, "name")`` asks for."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id in ("getattr", "hasattr") and len(node.args) > 1 and \
            isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
        return node.args[1].value
    return None


def problems_in(source: str, where: str) -> list[str]:
    """Every engine internal ``source`` reaches for, as "where:line what"."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        line = f"{where}:{getattr(node, 'lineno', '?')}"
        if _rules_import(node):
            problems.append(f"{line} imports se4x_core.rules")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            problems.append(f"{line} .{node.attr} {FORBIDDEN_ATTRIBUTES[node.attr]}")
        elif _by_name(node) in FORBIDDEN_ATTRIBUTES:
            problems.append(f"{line} {node.func.id}(..., {_by_name(node)!r})")
    return problems


def test_the_app_sources_are_found():
    assert len(SOURCES) > 20 and APP / "windows" / "production.py" in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(APP)))
def test_no_engine_internals_in_the_app(path: Path):
    problems = problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(APP.parent)))
    assert not problems, "\n".join(problems)


def test_the_checks_catch_what_they_forbid():
    """Each forbidden form in a throwaway module is reported; the facade's are not."""
    source = ("from se4x_core.rules import combat\n"
              "import se4x_core.rules.economy\n"
              "from se4x_core import rules\n"
              "x = session.game.state.u_hex\n"
              "y = session.game.default_action()\n"
              "z = getattr(game, 'state')\n")
    found = sorted(int(p.split(" ", 1)[0].split(":")[1]) for p in problems_in(source, "m"))
    assert found == [1, 2, 3, 4, 5, 6]
    clean = ("from se4x_core.sim.combat_sim import hit_faces\n"
             "from se4x_core.actions import Action\n"
             "obs = session.observation()\n"
             "action = Action.from_code(obs['suggested'])\n"
             "why = session.game.explain(action)\n")
    assert problems_in(clean, "m") == []
