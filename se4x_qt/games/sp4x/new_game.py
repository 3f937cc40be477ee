"""SP4X's page of the New Game dialog: 3 or 4 players, who sits where, names, PINs, seed.

A seat is a human at this computer or one of the game's computer levels (its
record's ``levels``), on every game's seats panel
(:class:`~se4x_qt.shell.seats_panel.SeatsPanel`).  At least one seat must be
human.  "Solitaire vs computer" starts at once: you against computer players
of the strongest level in the other seats.  The welcome screen's "Solitaire" and
"Hot-seat" open the page with its seats set so (:meth:`Sp4xNewGamePage.preset`).  The
page is every seated game's (:class:`~se4x_qt.shell.seated_page.SeatedGamePage`).
"""

from __future__ import annotations

from typing import Final

from PySide6.QtWidgets import QWidget

from se4x_qt.shell.seated_page import SeatedGamePage

GAME: Final = "sp4x"  # this page's game in the registry


class Sp4xNewGamePage(SeatedGamePage):
    """The choices of a new SP4X game (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            GAME,
            "SP4X: an Old Maid card game driving a 4X area-control board of hex tiles "
            "explored as you go. Played from prototype rules; two ages, most points wins.",
            "The same seed and choices deal the same cards and tiles", parent)
        self.seat_rows, self.level_note = self.seats.rows, self.seats.level_note


__all__ = ["Sp4xNewGamePage"]
