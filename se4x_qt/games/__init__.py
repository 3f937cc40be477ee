"""The games the app plays, each with its own views behind the one app shell.

Why a table: the shell (app start, the New Game dialog, opening a save) is
the same for every game; what differs is the window a game is played in, its
New Game page and how its saves are read.  Space Empires 4X is the app's
main window (:mod:`se4x_qt.windows`); SP4X lives in :mod:`se4x_qt.games.sp4x`.
A save says which game it is in its ``"format"`` field
(:func:`se4x_qt.session.storage.save_game_name`).
"""

from __future__ import annotations

from typing import Final

#: (game name, label in New Game, note under the label).  The names are the keys of
#: :data:`se4x_core.games.GAMES`.
GAME_CHOICES: Final = (
    ("se4x", "Space Empires 4X", ""),
    ("sp4x", "SP4X", "prototype rules"),
)


def game_label(name: str) -> str:
    """The name a player reads for a game ("Space Empires 4X", "SP4X")."""
    return next((label for key, label, _note in GAME_CHOICES if key == name), name)
