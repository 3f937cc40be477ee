"""Build script: compile the hot modules with Cython (pure-Python mode).

Why a setup.py next to pyproject.toml: the list of extensions is computed.
Every ``se4x_core`` module ``x.py`` with an ``x.pxd`` beside it is a hot
module; it is cythonized from its ``.py`` source (the ``.pxd`` adds the C
types), so the same source runs interpreted and compiled.  Adding a ``.pxd``
to a new module is all it takes to compile it.  Everything else (metadata,
dependencies) lives in pyproject.toml.
"""

from __future__ import annotations

import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import setup

HERE = Path(__file__).resolve().parent
PACKAGE = "se4x_core"

COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}


JOBS = os.cpu_count() or 1


def hot_modules() -> list[str]:
    """Paths (relative to this file, as setuptools wants) of the .py files with a .pxd."""
    sources = sorted((HERE / PACKAGE).rglob("*.py"))
    return [p.relative_to(HERE).as_posix() for p in sources if p.with_suffix(".pxd").is_file()]


setup(
    ext_modules=cythonize(
        hot_modules(),
        compiler_directives=COMPILER_DIRECTIVES,
        nthreads=JOBS if JOBS > 1 else 0,
    ),
    # Compile the extensions in parallel: there are many, and gcc is the slow part.
    options={"build_ext": {"parallel": JOBS}},
)
