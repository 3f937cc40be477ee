"""Build script: compile the hot modules with Cython (pure-Python mode).

Why a setup.py next to pyproject.toml: the extensions come from a list.
``se4x_core/hot_modules.py`` names the compiled modules (read here as text,
so building never imports the package); each ``x.py`` is cythonized from its
``.py`` source, and the ``.pxd`` beside it adds the C types, so the same
source runs interpreted and compiled.  Everything else (metadata,
dependencies) lives in pyproject.toml.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent


def hot_modules() -> list[str]:
    """Source paths of the modules listed in se4x_core/hot_modules.py."""
    tree = ast.parse((HERE / "se4x_core" / "hot_modules.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "HOT_MODULES":
            names = ast.literal_eval(node.value)
            return [name.replace(".", "/") + ".py" for name in names]
    raise RuntimeError("se4x_core/hot_modules.py has no HOT_MODULES")


COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
}

JOBS = os.cpu_count() or 1

# The code's packages, and the data folder resources/ as the package se4x_resources
# (each of its folders a sub-package, every file in it data): a wheel carries every file
# se4x_core.paths finds there.  Not the screenshots (for the AppStream listing only).
RESOURCES = "se4x_resources"
NOT_INSTALLED = ("screenshots",)


def resource_packages() -> list[str]:
    root = HERE / "resources"
    folders = [f.relative_to(root).parts for f in [root, *sorted(root.rglob("*"))] if f.is_dir()]
    return [".".join((RESOURCES, *parts)) for parts in folders
            if not parts or (parts[0] not in NOT_INSTALLED and "__pycache__" not in parts)]


PACKAGES = [*find_packages(include=["se4x_core*", "se4x_qt*"]), *resource_packages()]
PACKAGE_DIR = {RESOURCES: "resources"}
PACKAGE_DATA = {
    "": ["*.pxd"],  # the .pxd files let other compiled code cimport our C-level helpers
    **{package: ["*"] for package in resource_packages()},
}

setup(
    packages=PACKAGES,
    package_dir=PACKAGE_DIR,
    package_data=PACKAGE_DATA,
    ext_modules=cythonize(
        hot_modules(),
        compiler_directives=COMPILER_DIRECTIVES,
        nthreads=JOBS if JOBS > 1 else 0,
    ),
    # Compile the extensions in parallel: there are many, and gcc is the slow part.
    options={"build_ext": {"parallel": JOBS}},
)
