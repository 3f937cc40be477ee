"""What one more line costs the event log once it holds many lines.

Run from the repo root (no display needed)::

    .venv/bin/python benchmarks/bench_log_view.py [--lines 300 1500] [--json]

For each size the log is filled to that many lines (Space Empires' dock keeps 1,500),
then 60 more lines are added one at a time, each followed by the event-loop passes a
window would run before its next frame (what the line really costs the player).  Two
views in the same process, the same text, the same 420 x 160 view:

* ``log_view``: :class:`se4x_qt.widgets.log_view.LogView`, what every game's window
  shows (lays out only the lines on the screen);
* ``list_widget``: a word-wrapped ``QListWidget`` scrolled to its bottom after each
  line, what the windows showed before (lays out every row on each insertion).

Figures are mean milliseconds per added line and the ratio of the two.  Nothing here is
asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication, QListWidget, QWidget  # noqa: E402

from se4x_qt.widgets.log_view import LogLine, LogView  # noqa: E402

ADDED = 60
TEXT = ("Round {n}: SC{n} moved from 0412 to 0513, and the cruiser group behind it "
        "followed as far as the asteroid field")


def _added_line_ms(add: Callable[[int], None], app: QApplication) -> float:
    """Mean ms for one more line and the passes of the event loop it causes."""
    times = []
    for n in range(ADDED):
        start = time.perf_counter()
        add(n)
        app.processEvents()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.fmean(times)


def _log_view(size: int, app: QApplication) -> float:
    view = LogView(max(size, 1500))
    _show(view, app)
    for n in range(size):
        view.append(LogLine(TEXT.format(n=n)))
    app.processEvents()
    return _added_line_ms(lambda n: view.append(LogLine(TEXT.format(n=n))), app)


def _list_widget(size: int, app: QApplication) -> float:
    view = QListWidget()
    view.setWordWrap(True)
    _show(view, app)
    for n in range(size):
        view.addItem(TEXT.format(n=n))
    view.scrollToBottom()
    app.processEvents()

    def add(n: int) -> None:
        view.addItem(TEXT.format(n=n))
        view.scrollToBottom()
    return _added_line_ms(add, app)


def _show(view: QWidget, app: QApplication) -> None:
    view.resize(420, 160)
    view.show()
    app.processEvents()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, nargs="+", default=[300, 1500])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    rows = []
    for size in args.lines:
        new, old = _log_view(size, app), _list_widget(size, app)
        rows.append({"lines": size, "log_view_ms": round(new, 3),
                     "list_widget_ms": round(old, 3), "ratio": round(old / new, 1)})
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'lines':>6} {'LogView ms':>11} {'QListWidget ms':>15} {'ratio':>7}")
    for row in rows:
        print(f"{row['lines']:>6} {row['log_view_ms']:>11.3f} {row['list_widget_ms']:>15.3f} "
              f"{row['ratio']:>6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
