"""se4x_core: the Space Empires 4X rules engine (no Qt here).

The one entry point for the app, the bots and the network is :class:`Game`;
what a player may know comes out of it as a typed :class:`Observation`, and
actions go in as :class:`Action` values.  Hot modules are Cython
pure-Python modules; ``SE4X_PURE_PYTHON=1`` makes every import take their
interpreted ``.py`` source instead of the compiled extension (see
:mod:`se4x_core._puremode`).

>>> from se4x_core import Game
>>> Game.new_game({"players": 2, "seed": 1}).phase
'place_homeworld'
"""

from se4x_core import _puremode

_puremode.install()

def _version() -> str:
    """pyproject.toml's version, from the installed metadata (the bundle carries it too)."""
    from importlib import metadata

    try:
        return metadata.version("se4x")
    except metadata.PackageNotFoundError:  # a bare source tree, never installed
        return "0+unknown"


__version__ = _version()

# The public API: imported after the pure-mode hook so that it applies to these too.
from se4x_core.actions import Action, ActionFormatError  # noqa: E402
from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError  # noqa: E402
from se4x_core.events import Event  # noqa: E402
from se4x_core.game import Game  # noqa: E402
from se4x_core.observation import Observation  # noqa: E402
from se4x_core.phases import PHASES, Phase  # noqa: E402

__all__ = ["Action", "ActionFormatError", "ConfigError", "Event", "Game", "IllegalActionError",
           "Observation", "PHASES", "Phase", "SaveFormatError", "__version__"]
