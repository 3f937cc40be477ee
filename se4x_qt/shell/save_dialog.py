"""Where to save a game: the one Save As dialog of every game's window.

Why shared: a save of any game is an se4x save (one suffix, one folder remembered),
so the windows of Space Empires and SP4X ask the same question the same way.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from se4x_qt.session import storage


def ask_save_path(parent: QWidget, last_dir: str | None) -> Path | None:
    """The file the player chooses to save to, with the save suffix added if left out;
    None if they cancel.  The dialog opens in ``last_dir`` (else the home folder)."""
    start = last_dir or str(Path.home())
    path, _ = QFileDialog.getSaveFileName(parent, "Save the game", start,
                                          f"se4x saves (*{storage.SAVE_SUFFIX})")
    if not path:
        return None
    target = Path(path)
    if target.suffix != storage.SAVE_SUFFIX:
        target = target.with_suffix(storage.SAVE_SUFFIX)
    return target
