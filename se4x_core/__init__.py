"""se4x_core: the Space Empires 4X rules engine (no Qt here).

The one entry point for the GUI, the AI and the network is
:class:`se4x_core.game.Game`.  Hot modules are Cython pure-Python modules;
``SE4X_PURE_PYTHON=1`` makes every import take their interpreted ``.py``
source instead of the compiled extension (see :mod:`se4x_core._puremode`).
"""

from se4x_core import _puremode

_puremode.install()

__version__ = "0.1.0"
