"""Start-up time and size of se4x: the bundle (if built) beside the source install.

Usage, from the repository root (``bash packaging/build.sh`` first for the
bundle figures)::

    .venv/bin/python benchmarks/bench_startup.py [--runs N] [--dist DIR]

For each program it runs ``se4x --self-test`` offscreen N times and prints
the median of two times measured from outside: until the main window is
shown (the self-test prints the wall-clock time when it is, and the main
window is built and shown as at a normal start) and until the process
exits (the whole self-test: a short game, a save and a load).  The source
install (``.venv/bin/se4x``) is the reference run beside the bundle.  Then
the sizes of the bundle folder, the tar.gz and the .deb.  A benchmark: it
prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOWN = re.compile(r"window shown at ([0-9.]+)")


def one_run(program: Path) -> tuple[float, float]:
    """(seconds to the main window, seconds to exit) of one ``--self-test``."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONPATH", None)
    started = time.time()
    result = subprocess.run([str(program), "--self-test"], capture_output=True, text=True,
                            env=env, cwd=ROOT.parent, timeout=300)
    ended = time.time()
    found = SHOWN.search(result.stdout)
    if result.returncode != 0 or not found:
        raise SystemExit(f"{program} --self-test failed:\n{result.stderr[-2000:]}")
    return float(found.group(1)) - started, ended - started


def measure(label: str, program: Path, runs: int) -> None:
    times = [one_run(program) for _ in range(runs)]
    shown = statistics.median(t[0] for t in times)
    total = statistics.median(t[1] for t in times)
    print(f"{label:<8} main window shown {shown:5.2f} s   --self-test exit {total:5.2f} s   "
          f"(median of {runs}, {program})")


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def print_sizes(dist: Path) -> None:
    mib = 1024 * 1024
    folder = dist / "se4x"
    print(f"bundle folder  {folder_size(folder) / mib:6.1f} MiB  {folder}")
    for pattern in ("se4x-*.tar.gz", "se4x_*.deb"):
        for path in sorted(dist.glob(pattern)):
            print(f"{'tar.gz' if path.suffix == '.gz' else '.deb':<14} "
                  f"{path.stat().st_size / mib:6.1f} MiB  {path.name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    bundle = args.dist / "se4x" / "se4x"
    if bundle.is_file():
        measure("bundle", bundle, args.runs)
    else:
        print(f"no bundle at {bundle}: run bash packaging/build.sh for its figures")
    measure("source", Path(sys.executable).parent / "se4x", args.runs)
    if bundle.is_file():
        print_sizes(args.dist)
    return 0


if __name__ == "__main__":
    sys.exit(main())
