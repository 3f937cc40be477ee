"""The parallel run keeps a group's tests on one worker, as pyproject.toml's addopts promise.

Why: the bundle's tests share one PyInstaller build (a module fixture in
tests/packaging/test_bundle.py, ``xdist_group("bundle")``).  When pytest 9.2 changed how a
test is named, pytest-xdist's loadgroup silently stopped grouping: the bundle's tests
were dealt out one by one, both workers built the bundle, and the suite took minutes
longer with every test still passing.  This runs a small suite the way the real one
runs (``-n 2 --dist loadgroup``) and reads which worker ran each test.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

GROUPED_TESTS = 8
LOOSE_TESTS = 8

RECORDING_TEST = '''
import os
import time
from pathlib import Path

import pytest

{mark}

@pytest.mark.parametrize("index", range({count}))
def test_records_its_worker(index):
    time.sleep(0.05)
    with Path(os.environ["RECORD"]).open("a") as record:
        record.write(f"{{__name__}} {{os.environ['PYTEST_XDIST_WORKER']}}\\n")
'''


def run_small_suite(folder: Path) -> dict[str, set[str]]:
    """Run a grouped and a loose module on two workers; the workers each module used."""
    (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (folder / "test_grouped.py").write_text(RECORDING_TEST.format(
        mark='pytestmark = pytest.mark.xdist_group("one")', count=GROUPED_TESTS),
        encoding="utf-8")
    (folder / "test_loose.py").write_text(RECORDING_TEST.format(mark="", count=LOOSE_TESTS),
                                          encoding="utf-8")
    record = folder / "record.txt"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q",
         "-p", "no:cacheprovider", str(folder)],
        cwd=folder, capture_output=True, text=True, timeout=120,
        env={**_environment(), "RECORD": str(record)})
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    workers: dict[str, set[str]] = {}
    for line in record.read_text(encoding="utf-8").splitlines():
        module, worker = line.split()
        workers.setdefault(module, set()).add(worker)
    return workers


def _environment() -> dict[str, str]:
    """Ours without the outer run's worker variables (a worker's own would leak in)."""
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}


def test_a_group_stays_on_one_worker(tmp_path: Path) -> None:
    workers = run_small_suite(tmp_path)
    assert len(workers["test_grouped"]) == 1, f"the group was split: {workers}"
    assert workers["test_grouped"] | workers["test_loose"] == {"gw0", "gw1"}, (
        f"the loose tests were not shared out: {workers}")
