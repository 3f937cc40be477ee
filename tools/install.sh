#!/usr/bin/env bash
# Set up (or refresh) a development environment in .venv: system libraries
# for Qt (offscreen, and the X11/Wayland ones the .deb declares, so the real
# window opens from a source install too), the virtualenv, and an editable install whose
# hot modules are compiled in place.  Idempotent and quick when nothing
# changed.  Two stamps decide what to redo:
#   - package stamp (pyproject.toml, setup.py, Python, checkout path): a full
#     `pip install -e ".[test]"` (dependencies, entry points, all extensions);
#   - sources stamp (the listed hot modules' .py, every .pxd): only an
#     incremental `setup.py build_ext --inplace`, which recompiles the changed ones;
#     when a .pxd changed, every extension (`--force`): a module that cimports another
#     only through a third's .pxd is not seen as stale, and would check the changed
#     type's size at import ("PolicyMemory size changed") and misread its fields.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
VENV="$ROOT/.venv"
PACKAGE_STAMP="$VENV/.se4x-package-stamp"
SOURCES_STAMP="$VENV/.se4x-sources-stamp"
DECLARATIONS_STAMP="$VENV/.se4x-pxd-stamp"
PYTHON="${PYTHON:-python3}"

# Offscreen and the tests' virtual display; the libraries Qt's X11 and Wayland platforms
# load (PySide6's wheel carries Qt, not these).  The bundle carries most of them itself;
# the rest (the graphics stack, libxcb, libwayland-*) must be here for packaging/build.sh
# to name the .deb's Depends from what the bundle needs (bundle_tools.py depends).
APT_PACKAGES=(libgl1 libegl1 libdrm2 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1
              libfreetype6 libdbus-1-3 libglib2.0-0 libxcb1 libxcb-cursor0 libxcb-icccm4
              libxcb-keysyms1 libxcb-shape0 libwayland-client0 libwayland-cursor0
              libwayland-egl1 fontconfig-config fonts-dejavu-core xvfb)
# What building and checking the packages needs (tests/packaging builds the real bundle,
# the .tar.gz and the .deb, and validates the desktop files): without these the tests
# would skip, and CI would never build what it ships.  help2man writes the .deb's manual
# page from se4x --help; lintian checks the .deb (tests/packaging: no errors).
APT_PACKAGES+=(patchelf binutils dpkg fakeroot desktop-file-utils appstream shared-mime-info
               help2man lintian)
# The installed package is run in an X11 session (xvfb) and a Wayland one (Weston's
# headless backend) by tests/packaging: each platform loads its own system libraries.
APT_PACKAGES+=(weston)

install_system_packages() {
    # Only as root on Debian/Ubuntu; elsewhere the user provides them.
    if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
        return 0
    fi
    local missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    if [[ ${#missing[@]} -gt 0 ]]; then
        echo "install.sh: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

venv_pip() {
    # Without the test run's bytecode prefix (tests/conftest.py sets PYTHONPYCACHEPREFIX
    # when the bundle's build runs this script from inside the tests): pip would list
    # the finder's bytecode under that prefix in the install's RECORD, an absolute
    # build-machine path that packaging/build.sh then finds in the bundle and refuses.
    env -u PYTHONPYCACHEPREFIX "$VENV/bin/python" -m pip "$@"
}

package_stamp() {
    { echo "$ROOT"; "$VENV/bin/python" -c 'import sys; print(sys.version)'
      cat pyproject.toml setup.py; } | sha256sum | cut -d' ' -f1
}

hot_module_paths() {
    # se4x_core/hot_modules.py lists the compiled modules as dotted names.
    grep -o '"se4x_core\.[a-z_.]*"' se4x_core/hot_modules.py | tr -d '"' | tr . /
}

sources_stamp() {
    { cat se4x_core/hot_modules.py
      hot_module_paths | while read -r path; do cat "$path.py"; done
      find se4x_core -name '*.pxd' | LC_ALL=C sort | xargs cat
    } | sha256sum | cut -d' ' -f1
}

remove_orphan_extensions() {
    # An extension of a module no longer listed (or moved) would shadow its .py forever.
    local listed
    listed="$(hot_module_paths)"
    find se4x_core -name '*.so' | while read -r so; do
        local base="${so%%.cpython-*}"
        base="${base%.so}"
        grep -qx "$base" <<<"$listed" || { echo "install.sh: removing stale $so"; rm -f "$so"; }
    done
}

declarations_stamp() {
    find se4x_core -name '*.pxd' | LC_ALL=C sort | xargs cat | sha256sum | cut -d' ' -f1
}

stamp_matches() { [[ -f "$1" && "$(cat "$1")" == "$2" ]]; }

install_system_packages
if [[ ! -x "$VENV/bin/python" ]]; then
    echo "install.sh: creating .venv"
    "$PYTHON" -m venv "$VENV"
fi
remove_orphan_extensions
want_package="$(package_stamp)"
want_sources="$(sources_stamp)"
want_declarations="$(declarations_stamp)"
if ! stamp_matches "$PACKAGE_STAMP" "$want_package" || [[ ! -x "$VENV/bin/se4x" ]]; then
    echo "install.sh: installing se4x into .venv (editable, compiling the hot modules)"
    venv_pip install -q --upgrade pip
    # Build requirements go into the venv so that builds can skip pip's
    # isolated build environment (faster, and no second download of Cython).
    venv_pip install -q "setuptools>=68" wheel "Cython>=3.0"
    venv_pip install -q --no-build-isolation -e ".[test]"
    echo "$want_package" > "$PACKAGE_STAMP"
elif ! stamp_matches "$DECLARATIONS_STAMP" "$want_declarations"; then
    echo "install.sh: a .pxd changed: recompiling every hot module"
    "$VENV/bin/python" setup.py -q build_ext --inplace --force
elif ! stamp_matches "$SOURCES_STAMP" "$want_sources"; then
    echo "install.sh: recompiling changed hot modules"
    "$VENV/bin/python" setup.py -q build_ext --inplace
fi
echo "$want_sources" > "$SOURCES_STAMP"
echo "$want_declarations" > "$DECLARATIONS_STAMP"
