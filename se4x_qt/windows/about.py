"""The About box: version, licence, where the rules texts come from, what runs.

Why these lines: a player reporting a problem needs the version and whether
the compiled engine runs (an interpreted fallback is a hundred times
slower); a redistributor needs the licence in full (under "Show Details")
and the plain statement that the rules texts are not ours.
"""

from __future__ import annotations

import platform
from html import escape

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

from se4x_core import _puremode
from se4x_core.hot_modules import HOT_MODULES
from se4x_qt import resources


def engine_line() -> str:
    """'compiled' when every hot module runs as its C extension, else how many do."""
    interpreted = len(_puremode.interpreted_hot_modules())
    if not interpreted:
        return "compiled"
    compiled = len(HOT_MODULES) - interpreted
    return f"interpreted ({compiled} of {len(HOT_MODULES)} hot modules compiled)"


def about_html() -> str:
    """The About text (rich text)."""
    return f"""
<h2>Space Empires 4X</h2>
<p>se4x {escape(resources.version())}</p>
<p>The board game by Jim Krohn (GMT Games), on the desktop: explore, expand,
exploit and exterminate on a hex map, against the computer or hot-seat for 2 to 4 players.</p>
<p>The se4x code is free software under the <b>MIT licence</b> (full text under
&ldquo;Show Details&rdquo;).</p>
<p>Help &gt; Rules holds se4x's own rules reference and, beside it, the rules texts
copied from Board Game Arena's game page and help wiki, included only for reference:
those texts are not covered by that licence, and their copyright stays with their
authors. se4x is unofficial, not affiliated with or endorsed by GMT Games or Board
Game Arena.</p>
<p style="color:gray">Engine: {escape(engine_line())}. Qt {escape(qVersion())},
PySide6 {escape(PySide6.__version__)}, Python {escape(platform.python_version())}.</p>
"""


def licence_text() -> str:
    """LICENSE and the rules texts' NOTICE, or where to find them if they are missing."""
    parts = [resources.read_text(resources.LICENSE_PATH),
             resources.read_text(resources.RULES_NOTICE_PATH)]
    texts = [t.strip() for t in parts if t]
    if not texts:
        return "The licence file is missing from this installation: se4x is MIT-licensed."
    return ("\n\n" + "-" * 72 + "\n\n").join(texts) + "\n"


def about_box(parent: QWidget | None = None) -> QMessageBox:
    """The About message box (not yet shown)."""
    box = QMessageBox(QMessageBox.Icon.NoIcon, "About Space Empires 4X", about_html(),
                      QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("about_box")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setIconPixmap(resources.app_icon().pixmap(96, 96))
    box.setDetailedText(licence_text())
    return box
