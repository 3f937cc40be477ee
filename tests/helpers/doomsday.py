"""Doomsday Machines on a GUI position (advanced rules, config ``advanced: ["doomsday"]``)."""

from __future__ import annotations

from se4x_core import data
from se4x_core.game import Game

DOOMSDAY = ["doomsday"]
MACHINE_1, MACHINE_2 = data.MACHINE_UNIT, data.MACHINE_UNIT + 1  # firing keys / targets


def put_machine(game: Game, number: int, hex_index: int, hits: int = 0) -> None:
    """Machine ``number`` (1-3) stands on ``hex_index`` with ``hits`` taken."""
    game.state.dm_hex[number - 1] = hex_index + 1
    game.state.dm_hits[number - 1] = hits
