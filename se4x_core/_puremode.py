"""Choose between compiled and interpreted hot modules at import time.

The hot modules exist twice once the package is built: ``movement.py`` and,
beside it, the extension ``movement.cpython-*.so`` that Cython compiled from
it.  Python's importer prefers the extension.  With ``SE4X_PURE_PYTHON=1`` in
the environment, :func:`install` puts a finder in front of it that loads the
``.py`` source of every ``se4x_core`` module instead, so the same tests can
run against both and catch any drift between them.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENV_VAR = "SE4X_PURE_PYTHON"
PACKAGE = "se4x_core"


def pure_python_requested() -> bool:
    """True when the environment asks for the interpreted modules."""
    return os.environ.get(ENV_VAR, "").strip() not in ("", "0", "false", "no")


class _SourceFirstFinder(importlib.abc.MetaPathFinder):
    """Finds ``se4x_core.*`` modules as ``.py`` source even beside a ``.so``."""

    def __init__(self, package_dir: Path) -> None:
        self._package_dir = package_dir

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        prefix = PACKAGE + "."
        if not fullname.startswith(prefix):
            return None
        relative = fullname[len(prefix):].split(".")
        source = self._package_dir.joinpath(*relative).with_suffix(".py")
        if not source.is_file():
            return None
        loader = importlib.machinery.SourceFileLoader(fullname, str(source))
        return importlib.util.spec_from_file_location(fullname, source, loader=loader)


def install() -> None:
    """Install the source-first finder when pure Python is requested."""
    if not pure_python_requested():
        return
    if any(isinstance(f, _SourceFirstFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _SourceFirstFinder(Path(__file__).resolve().parent))


def module_is_compiled(module: ModuleType) -> bool:
    """True when ``module`` was loaded from a compiled extension."""
    filename = getattr(module, "__file__", "") or ""
    return filename.endswith((".so", ".pyd"))


def interpreted_hot_modules() -> list[str]:
    """The listed hot modules that run from their ``.py`` source (imports them all).

    Empty in a sound install; the app's About box and ``--self-test`` report
    it, because a bundle or wheel that lost an extension still plays, only
    a hundred times slower.
    """
    from se4x_core.hot_modules import HOT_MODULES

    return [name for name in HOT_MODULES
            if not module_is_compiled(importlib.import_module(name))]
