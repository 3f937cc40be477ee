"""Transitional: the rules scenarios moved to :mod:`tests.helpers.scenario`.

Only tests/ai and tests/sim still import them from here (by ``sys.path`` or as
``tests.core.scenario``), until those folders move to ``tests.helpers.scenario``; then
this file goes (``tests/build/test_suite_layout.py`` names it as the one exception).
"""

from tests.helpers.scenario import *  # noqa: F403
