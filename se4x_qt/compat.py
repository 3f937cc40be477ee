"""Work around a reference-count bug of PySide6 6.12 on Python 3.10 and 3.11.

Why: the PySide6 6.12 wheels are built for the stable ABI and their wrappers
of ``void`` Qt methods (``setText``, ``setEnabled``, ``click``, ``hide``...)
hand back ``None`` without taking a reference, as if ``None`` were immortal,
which it is only from Python 3.12 on.  On 3.10 and 3.11 every such call
takes one reference off ``None``; after a few thousand calls its count
reaches zero and the interpreter aborts ("none_dealloc: deallocating None",
likewise for ``True``/``False``).  Measured in this project's venv: each
``QLabel.setText`` call lowers ``sys.getrefcount(None)`` by one.

:func:`protect_singletons` gives those singletons a reserve of references
large enough for any session, which is what Python 3.12 does by making them
immortal.  It does nothing on 3.12 and later.  The real fix is a PySide6
release without the bug or a Python >= 3.12 environment.
"""

from __future__ import annotations

import ctypes
import sys

_RESERVE = 1 << 40
_done = False


def protect_singletons() -> None:
    """Make None, True and False effectively immortal (once; no-op on Python >= 3.12)."""
    global _done
    if _done or sys.version_info >= (3, 12):
        return
    for obj in (None, True, False):
        # ob_refcnt is the first field of every object in release builds.
        ctypes.c_ssize_t.from_address(id(obj)).value += _RESERVE
    _done = True
