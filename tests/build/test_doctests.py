"""The examples in the core's docstrings run, and say what they show.

Why a test file rather than ``--doctest-modules``: the same test command
then runs them in both modes (compiled, and interpreted in the pure-Python
run of ``test_build``), and a module that loses all its examples is noticed.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import se4x_core

pytestmark = [pytest.mark.fast, pytest.mark.core]

MODULES = sorted(info.name for info in pkgutil.walk_packages(se4x_core.__path__, "se4x_core."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


def test_the_facade_and_the_tables_carry_examples() -> None:
    """The public modules keep runnable examples (python-chess's habit)."""
    finder = doctest.DocTestFinder()
    for name in ("se4x_core.game", "se4x_core.actions", "se4x_core.events",
                 "se4x_core.phases", "se4x_core.observation", "se4x_core.ai.bot"):
        tests = finder.find(importlib.import_module(name))
        assert sum(len(t.examples) for t in tests) > 0, name
