"""Where the project's data files are: models, rules data, help, sounds, icons.

Why one module: the same code runs from four kinds of installation, and each keeps
the ``resources`` folder somewhere else.

* **Installed** (a wheel: ``pip install``, ``pipx``, a distribution's package): the
  folder is the package ``se4x_resources`` (``pyproject.toml`` maps ``resources/`` to
  it), found through :mod:`importlib.resources`.
* **Editable** (``pip install -e``, what ``tools/install.sh`` does): the same package,
  which setuptools' editable finder maps to the checkout's ``resources/``.
* **A source checkout** that is not installed, and the **PyInstaller bundle** (whose
  spec copies ``resources/`` beside the packages): no such package; the folder beside
  ``se4x_core``.
* **Zipped** (a wheel run from a zip file or zipapp): the package's files are not on
  disk; they are extracted once into the user's cache folder, keyed by version, so
  every reader keeps its plain :class:`~pathlib.Path`.

The package is looked up by name (a string), so PyInstaller's analysis never pulls a
second copy of the data into the bundle's module archive.
"""

from __future__ import annotations

import importlib.resources
import os
from functools import lru_cache
from importlib.abc import Traversable
from pathlib import Path

APP_NAME = "se4x"  # the program's: its data folder's name
ENV_DATA_DIR = "SE4X_DATA_DIR"  # tests and portable installs put the data folder here
RESOURCES_PACKAGE = "se4x_resources"
BESIDE_THE_PACKAGES: Path = Path(__file__).resolve().parents[1] / "resources"
LICENSE_NAME = "LICENSE"


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """The folder holding ``eval/``, ``rules/``, ``help/``, ``sounds/``, ``icons/``..."""
    try:
        packaged = importlib.resources.files(RESOURCES_PACKAGE)
    except ModuleNotFoundError:
        return BESIDE_THE_PACKAGES
    if isinstance(packaged, Path):
        return packaged
    return _extracted(packaged)


def user_data_path() -> Path:
    """The user's data folder (autosaves, settings, the LAN host key and known hosts): the
    platform's (``platformdirs``) unless ``SE4X_DATA_DIR`` names another.  It may not
    exist yet.  Why here: the app and the windowless ``se4x host`` keep the same files."""
    if os.environ.get(ENV_DATA_DIR):
        return Path(os.environ[ENV_DATA_DIR])
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resource(*parts: str) -> Path:
    """The path of a file or folder under the resources folder."""
    return resources_dir().joinpath(*parts)


def license_path() -> Path:
    """The project's licence text: beside the packages in a checkout or the bundle, in
    the installed distribution's metadata (``licenses/LICENSE``) when installed."""
    beside = BESIDE_THE_PACKAGES.parent / LICENSE_NAME
    if beside.is_file():
        return beside
    from importlib import metadata

    try:
        files = metadata.distribution("se4x").files or []
    except metadata.PackageNotFoundError:
        return beside
    for file in files:
        if file.name == LICENSE_NAME:
            return Path(str(file.locate()))
    return beside


def _extracted(root: Traversable) -> Path:
    """Copy a zipped package's files to the cache folder once (per version) and return
    the copy; a half-written copy from an interrupted run is finished on the next."""
    from platformdirs import user_cache_path

    import se4x_core

    target = user_cache_path("se4x") / f"resources-{se4x_core.__version__}"
    _copy_tree(root, target)
    return target


def _copy_tree(source: Traversable, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry.is_dir():
            _copy_tree(entry, target / entry.name)
        elif not (target / entry.name).is_file():
            partial = target / f".{entry.name}.part"
            partial.write_bytes(entry.read_bytes())
            partial.replace(target / entry.name)


__all__ = ["license_path", "resource", "resources_dir"]
