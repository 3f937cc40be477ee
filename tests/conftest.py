"""Shared test set-up.

Qt must never try to open a real display in tests (CI has none), so the
offscreen platform is chosen before anything can import Qt.
"""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The shared helpers assert too (a widget found, a win rate within its bounds): their
# failures explain themselves as a test's do.  Before any test module imports them.
pytest.register_assert_rewrite("tests.helpers")
