"""The bundle's entry script: ``se4x`` as the installed program runs it.

Why not the ``se4x`` console script: PyInstaller needs a script, and a
frozen program must call ``multiprocessing.freeze_support()`` before
anything else, because the search's worker processes are *spawned*: each
one starts this same executable, and without it every worker would open
the app again instead of searching.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from se4x_qt.launcher import main

    sys.exit(main())
