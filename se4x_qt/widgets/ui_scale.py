"""The size of everything (Qt's scale factor), kept within what the screen can show.

Why a module of its own: the scale is chosen in Settings, applied when the
app starts (Qt reads ``QT_SCALE_FACTOR`` once) and checked against the
screen afterwards, and all three must agree on what a screen can take.  At
175 % a 1280x720 screen is 731x411 for Qt: every window is made to clamp to
any screen (:func:`~se4x_qt.widgets.screen_fit.scroll_when_too_large`), but a
laptop at that size is a keyhole.  So Settings offers only the scales that
leave the screen at least :data:`MIN_SCREEN` (the smallest the app's windows
are laid out and tested for), and a scale saved on a larger monitor is
brought back within it at the next start.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from PySide6.QtCore import QSize

# (label, QT_SCALE_FACTOR; 0: whatever the system says)
UI_SCALES: tuple[tuple[str, float], ...] = (
    ("As the system sets it", 0.0), ("100 %", 1.0), ("125 %", 1.25), ("150 %", 1.5),
    ("175 %", 1.75), ("200 %", 2.0))
MIN_SCREEN = QSize(1024, 576)  # the smallest screen (in Qt's pixels) a scale may leave
ROUNDING = 2


def factor_in_use(environ: Mapping[str, str] | None = None) -> float:
    """The scale factor Qt runs with now (1 when none is set, or a bad one)."""
    env = os.environ if environ is None else environ
    try:
        factor = float(env.get("QT_SCALE_FACTOR", "1"))
    except ValueError:
        return 1.0
    return factor if factor > 0 else 1.0


def unscaled(screen: QSize, factor: float) -> QSize:
    """The size of a screen that measures ``screen`` at ``factor``, at factor 1."""
    return QSize(round(screen.width() * factor), round(screen.height() * factor))


def fits(screen_at_one: QSize, scale: float) -> bool:
    """Whether ``scale`` leaves a screen of ``screen_at_one`` (at factor 1) usable."""
    if scale <= 1:
        return True  # the system's own choice, or no enlargement: never ours to refuse
    # a pixel or two of slack: Qt rounds a scaled screen's size (1280 at 175 % is 731)
    return (screen_at_one.width() / scale >= MIN_SCREEN.width() - ROUNDING
            and screen_at_one.height() / scale >= MIN_SCREEN.height() - ROUNDING)


def offered_scales(screen_at_one: QSize) -> list[tuple[str, float]]:
    """The entries of :data:`UI_SCALES` this screen can take."""
    return [(label, value) for label, value in UI_SCALES if fits(screen_at_one, value)]


def largest_fitting(screen_at_one: QSize, wanted: float) -> float:
    """``wanted``, or the largest offered scale below it when it does not fit."""
    if fits(screen_at_one, wanted):
        return wanted
    smaller = [value for _label, value in UI_SCALES if 0 < value < wanted
               and fits(screen_at_one, value)]
    return max(smaller, default=1.0)
