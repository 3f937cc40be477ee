"""Blank positions for the GUI tests, edited by hand the way the rules tests do.

A scenario is a real game (``Game.new_game`` plus the homeworld placements)
whose state is then edited directly: the board blanked to known empty space,
units, markers, colonies, technology and CP set by hand, and the dice forced
by choosing the generator state that rolls the wanted numbers next.  The
tests then drive the position through the app, which plays it through the
public ``Game.apply`` API.

The helpers are the rules tests' (``tests/helpers/scenario.py``, which has
many more); this module names the few the dialog and shell tests use and the
hexes they play on.

Hex numbers below refer to the 2-player standard board (``2p-standard``)::

    rows 0-2   player 0's home system (hexes 0-25)
    rows 3-7   Deep Space (hexes 26-59)
    rows 8-10  player 1's home system (hexes 60-85)

``CENTRE`` (row 5, column 4) is a Deep Space hex with six neighbours.
"""

from __future__ import annotations

from tests.helpers.scenario import (  # the rules tests' helpers, the same ones
    act,
    add,
    end_movement,
    force_dice,
    neighbour,
    new_game,
    rng_for,
    scenario,
    set_colony,
    set_marker,
    set_turn,
    to_economic_phase,
)

__all__ = ["act", "add", "end_movement", "force_dice", "neighbour", "new_game", "rng_for",
           "scenario", "set_colony", "set_marker", "set_turn", "to_economic_phase",
           "E", "NE", "NW", "W", "SW", "SE", "HOME_0", "HOME_1", "CENTRE"]

# Directions (hexgrid): 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
E, NE, NW, W, SW, SE = range(6)

# Default homeworld hexes on the standard 2-player board: the corners.
HOME_0 = 0  # row 0, column 0
HOME_1 = 85  # row 10, column 8
CENTRE = 43  # row 5, column 4: Deep Space, six neighbours
