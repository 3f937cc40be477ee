"""Shared test set-up.

Qt must never try to open a real display in tests (CI has none), so the
offscreen platform is chosen before anything can import Qt.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
