"""Shared test set-up.

Qt must never try to open a real display in tests (CI has none), so the
offscreen platform is chosen before anything can import Qt.

The order of a run: the type check first, and a failing one stops the run (a type
error is found in seconds, not after the whole suite).  In a parallel run (each
pytest-xdist worker collects the same list and sorts it the same way) the ``slow``
tests come next, so that the long ones start early and the fast ones fill the gaps at
the end instead of one long test running alone while the other workers idle.
"""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Where the run keeps compiled bytecode when the environment forbids writing it
# beside the sources (inside the ignored build folder, so the tree stays clean).
BYTECODE_DIR = Path(__file__).resolve().parent.parent / "build" / "pycache"


def _bytecode_outside_the_tree() -> None:
    """Keep the run's bytecode in :data:`BYTECODE_DIR` where PYTHONDONTWRITEBYTECODE
    is set (as some shells and containers do).

    Why: the suite starts about a hundred Python processes (the xdist workers, the
    interpreted rerun's pieces, the command-line, LAN and screen probes).  Without
    bytecode every one of them compiles every module it imports and rewrites the
    asserts of every test module it collects again: on a 2-core machine a third of
    each collection, minutes over the run.  PYTHONPYCACHEPREFIX honours the wish the
    variable expresses (nothing written among the sources) and still caches; the
    environment is changed here, before the workers and subprocesses start, so that
    they inherit it.  A prefix already chosen is kept."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return
    prefix = os.environ.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE_DIR))
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False


_bytecode_outside_the_tree()

# The shared helpers assert too (a widget found, a win rate within its bounds): their
# failures explain themselves as a test's do.  Before any test module imports them.
pytest.register_assert_rewrite("tests.helpers")

# Run first; a failure here stops the run.
FIRST = ("tests/build/test_types.py::",)


def _rank(item: pytest.Item) -> int:
    """0 the type check, 1 slow, 2 fast (every file has a tier: test_suite_layout)."""
    if item.nodeid.startswith(FIRST):
        return 0
    if item.get_closest_marker("slow") is not None:
        return 1
    return 2


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The type check first; in an xdist worker, the slow tests next (a stable sort:
    collection order otherwise, so that every worker sees the same list)."""
    parallel = hasattr(config, "workerinput")
    items.sort(key=lambda item: _rank(item) if parallel else min(_rank(item), 1))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    report = yield
    if report.failed and item.nodeid.startswith(FIRST):
        item.session.shouldstop = f"the type check failed ({item.nodeid})"
    return report


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Autosaves, settings and seat tokens go to a temporary folder of the test's own
    (the app's storage reads SE4X_DATA_DIR; so do the programs the tests start), never
    the user's, and never one that another test or worker writes at the same time."""
    monkeypatch.setenv("SE4X_DATA_DIR", str(tmp_path_factory.mktemp("se4x-data")))
