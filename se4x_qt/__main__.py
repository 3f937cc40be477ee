"""``python -m se4x_qt [SAVE]``: open the app (optionally with a saved game)."""

import sys

from se4x_qt.app import main

sys.exit(main())
