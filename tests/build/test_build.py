"""The build really compiles the hot modules, and both modes pass the core tests.

Why: an install that silently fell back to the ``.py`` sources would still
pass every other test, only a hundred times slower; and compiled code that
drifted from its source would test something other than what we read.  So
a normal run insists on the extensions (and fails, not skips, without them),
a pure run insists on the sources, and the core tests (but their long soaks)
are run a second time in a subprocess with ``SE4X_PURE_PYTHON=1``.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import se4x_core
from se4x_core import _puremode
from se4x_core.devtools import gen_codes
from se4x_core.hot_modules import HOT_MODULES

PACKAGE_DIR = Path(se4x_core.__file__).resolve().parent
TESTS_DIR = Path(__file__).resolve().parents[1]
PURE = _puremode.pure_python_requested()
STALE_TOLERANCE_S = 2.0  # a wheel install writes .py and .so within moments

# Core: the pure-Python subprocess below runs this file too, and there the
# "is pure Python" checks are the ones that apply.
pytestmark = [pytest.mark.fast, pytest.mark.core]


def test_there_are_hot_modules() -> None:
    assert "se4x_core.sim.combat_sim" in HOT_MODULES
    assert "se4x_core.rules.engine" in HOT_MODULES


@pytest.mark.parametrize("name", HOT_MODULES)
def test_every_hot_module_has_its_c_declarations(name: str) -> None:
    source = PACKAGE_DIR.parent.joinpath(*name.split(".")).with_suffix(".py")
    assert source.is_file() and source.with_suffix(".pxd").is_file()


def test_generated_c_constants_are_current() -> None:
    """rules/codes.pxd is written from rules/codes.py; a stale one compiles old numbers."""
    assert gen_codes.PXD_PATH.read_text() == gen_codes.render(), (
        "run: python -m se4x_core.devtools.gen_codes && bash tools/install.sh")


@pytest.mark.skipif(PURE, reason="SE4X_PURE_PYTHON is set: the sources are wanted")
@pytest.mark.parametrize("name", HOT_MODULES)
def test_hot_module_is_compiled(name: str) -> None:
    module = importlib.import_module(name)
    assert _puremode.module_is_compiled(module), (
        f"{name} was imported from {module.__file__}, not from a compiled extension: "
        "the build did not compile it (run: bash tools/install.sh)")


@pytest.mark.skipif(PURE, reason="SE4X_PURE_PYTHON is set: the sources are wanted")
@pytest.mark.parametrize("name", HOT_MODULES)
def test_compiled_module_is_not_stale(name: str) -> None:
    module = importlib.import_module(name)
    extension = Path(module.__file__)
    source = extension.parent / (name.rpartition(".")[2] + ".py")
    newest = max(source.stat().st_mtime, source.with_suffix(".pxd").stat().st_mtime)
    assert newest <= extension.stat().st_mtime + STALE_TOLERANCE_S, (
        f"{source.name} changed after {extension.name} was built: the compiled module "
        "runs old code (run: bash tools/install.sh)")


@pytest.mark.skipif(not PURE, reason="only with SE4X_PURE_PYTHON=1")
@pytest.mark.parametrize("name", HOT_MODULES)
def test_hot_module_is_pure_python(name: str) -> None:
    module = importlib.import_module(name)
    assert not _puremode.module_is_compiled(module)
    assert module.__file__.endswith(".py")


# The interpreted rerun: every core test except the soaks (see the docstring below).
PURE_RERUN = "core and not soak"
# The rerun in pieces, the costliest first (seconds interpreted, measured on two busy
# cores; "rest" comes first, ~75 s).  Files named here run in their piece; every other
# test file runs in "rest", which leaves these out.  So each core test runs exactly once
# whatever the folders hold: a file renamed or gone drops out of its piece into "rest".
PURE_PIECES: dict[str, tuple[str, ...]] = {
    "contract": ("tests/core/test_contract.py",),  # ~26 s
    "golden-skirmishes-doomsday": ("tests/core/test_golden.py",  # ~21 s
                                   "tests/core/test_advanced_skirmishes.py",
                                   "tests/core/test_doomsday.py"),
}
REST = "rest"


def pure_piece_paths(piece: str) -> list[str]:
    """The paths (and --ignore options) pytest gets for ``piece``."""
    named = {name: [p for p in paths if (TESTS_DIR.parent / p).is_file()]
             for name, paths in PURE_PIECES.items()}
    if piece != REST:
        return named[piece]
    return ["tests"] + [f"--ignore={p}" for paths in named.values() for p in paths]


@pytest.mark.slow
@pytest.mark.skipif(PURE, reason="already the pure-Python run (no recursion)")
@pytest.mark.parametrize("piece", [name for name in (REST, *PURE_PIECES)
                                   if name == REST or pure_piece_paths(name)])
def test_core_tests_pass_in_pure_python_mode(piece: str) -> None:
    """The core tests pass interpreted too, so no compiled module drifts from its source.

    In pieces (``PURE_PIECES``), each a subprocess of its own, so that a parallel run
    spreads the rerun over its workers; serially they run one after another.

    What runs: every test marked ``core`` and not ``soak``.  ``core`` marks the
    tests of the rules engine and the simulator: the rules (``tests/core``: every
    phase, combat, the advanced rule sets, teams, aliens, saves, perft, the golden
    playthroughs and the contract matrix, determinization and macros), the battle
    simulator, the rule-based player's compiled pieces and the evaluation
    (``tests/sim``), the doctests and the build checks (there, the "is interpreted"
    ones).  Interpreted, each of them runs the same source through Python instead of
    C, which is the point: a scenario test at a corner of the rules meets an index
    or a sum that C would let pass silently.

    What does not: tests that run nothing differently interpreted are not
    ``core`` (the layout tests read sources; the command-line tests check parsing
    and output); the bots' tests (``tests/ai``) are not ``core`` either: the code
    they drive is the rules' and the simulator's, which the rerun covers, plus the
    compiled rule-based player and searches, which ``test_modes_agree`` plays both
    ways and compares choice for choice (the policy over thousands of actions with
    every advanced rule set, a tree search, and four rounds of a game between two
    search bots, battles and battle searches included): interpreted, the bots' own
    tests took some 110 s of the rerun's 216 (half the rerun, a tenth of the suite)
    to check the same code less directly.  ``soak`` marks long seeded runs whose code
    shorter core tests already run interpreted (the alien and team self-play soaks).
    Compiled, all of them run as usual.
    """
    env = dict(os.environ, SE4X_PURE_PYTHON="1")
    # In this process (-n 0): the piece is already one worker's share of a parallel run.
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-m", PURE_RERUN,
               "-p", "no:cacheprovider", *pure_piece_paths(piece)]
    result = subprocess.run(command, cwd=TESTS_DIR.parent, env=env, capture_output=True,
                            text=True, timeout=1800)
    tail = "\n".join((result.stdout + result.stderr).splitlines()[-40:])
    assert result.returncode != pytest.ExitCode.NO_TESTS_COLLECTED, (
        f"no core test in {pure_piece_paths(piece)}: take them out of PURE_PIECES")
    assert result.returncode == 0, (
        f"core tests ({piece}) failed with SE4X_PURE_PYTHON=1:\n{tail}")

