"""Writing files so that a crash never leaves half a file behind.

Why one function for the whole project: a save, the LAN host's autosave, the
app's settings and the remote seats' tokens all replace a file that matters.
Each is written to a temporary file in the same folder, flushed to the disk
(``fsync``), then renamed over the old one (``os.replace`` is atomic on one
file system), and the folder itself is synced so that the rename survives a
power cut.  A reader therefore sees the old file or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step, durably.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomic(folder / "save.se4x", "{}")
    >>> (folder / "save.se4x").read_text()
    '{}'
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
