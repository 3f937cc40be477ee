#!/usr/bin/env bash
# Build the Linux packages of se4x from a checkout:
#   dist/se4x/                              the one-folder app (PyInstaller)
#   dist/se4x-VERSION-linux-ARCH.tar.gz     that folder, to unpack and run anywhere
#   dist/se4x_VERSION_ARCH.deb              installs it under /opt/se4x with a menu
#                                           entry, icons, the .se4x file type, AppStream
#                                           metainfo, /usr/bin/se4x
#   dist/SHA256SUMS                         the checksums of the .tar.gz and the .deb
# Usage: bash packaging/build.sh [--bundle-only]
#   --bundle-only  stop after dist/se4x (what the smoke test needs)
# Environment: DIST (default dist), DEB_COMPRESSION (zstd, xz or gzip; default zstd),
# DEB_LEVEL (the compressor's level; default 9 for zstd, dpkg-deb's own otherwise).
# It sets up .venv first (tools/install.sh: compiles the engine) and adds PyInstaller;
# it needs strip and objdump (binutils), patchelf, and dpkg-deb for the .deb.
# The bundle is finished before it is packaged (packaging/linux/bundle_tools.py): its
# libraries stripped, the build machine's run paths removed, no build path left, and the
# newest glibc symbol version it needs becomes the .deb's "libc6 (>= x.y)".
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
DIST="${DIST:-$ROOT/dist}"
WORK="$ROOT/build/pyinstaller"
PY="$ROOT/.venv/bin/python"
APP_ID="io.github.se4x.Se4x"
PYINSTALLER_REQ="pyinstaller>=6.10"

set_up() {
    local tool
    for tool in strip objdump readelf patchelf; do
        command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing" \
            "(Debian/Ubuntu: apt install binutils patchelf)" >&2; exit 1; }
    done
    bash tools/install.sh
    "$PY" -c 'import PyInstaller' 2>/dev/null || "$PY" -m pip install -q "$PYINSTALLER_REQ"
}

build_bundle() {
    rm -rf "$DIST/se4x"
    "$PY" -m PyInstaller --noconfirm --log-level WARN --distpath "$DIST" --workpath "$WORK" \
        packaging/se4x.spec
}

finish_bundle() {
    "$PY" packaging/linux/bundle_tools.py finish "$DIST/se4x" --checkout "$ROOT" \
        --python-prefix "$("$PY" -c 'import sys; print(sys.base_prefix)')"
    GLIBC="$("$PY" packaging/linux/bundle_tools.py glibc "$DIST/se4x")"
    echo "the bundle needs glibc >= $GLIBC"
}

build_tarball() {
    TARBALL="$DIST/se4x-$VERSION-linux-$(uname -m).tar.gz"
    tar -C "$DIST" -czf "$TARBALL" se4x
    echo "built $TARBALL"
}

build_deb() {
    local arch root compression level started
    arch="$(dpkg --print-architecture)"
    root="$(mktemp -d)"
    chmod 0755 "$root"  # the package's "/": mktemp makes it private
    DEB="$DIST/se4x_${VERSION}_${arch}.deb"
    mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
        "$root/usr/share/metainfo" "$root/usr/share/mime/packages" "$root/usr/share/doc/se4x" \
        "$root/usr/share/icons/hicolor/scalable/apps"
    cp -a "$DIST/se4x" "$root/opt/se4x"
    ln -s /opt/se4x/se4x "$root/usr/bin/se4x"
    cp resources/$APP_ID.desktop "$root/usr/share/applications/"
    cp resources/$APP_ID.metainfo.xml "$root/usr/share/metainfo/"
    cp resources/$APP_ID.mime.xml "$root/usr/share/mime/packages/$APP_ID.xml"
    cp resources/icons/se4x.svg "$root/usr/share/icons/hicolor/scalable/apps/$APP_ID.svg"
    for png in resources/icons/png/se4x-*.png; do
        local size="${png##*-}"; size="${size%.png}"
        mkdir -p "$root/usr/share/icons/hicolor/${size}x${size}/apps"
        cp "$png" "$root/usr/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    done
    { cat LICENSE; echo; cat resources/rules/NOTICE; } > "$root/usr/share/doc/se4x/copyright"
    sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$arch/" -e "s/@GLIBC@/$GLIBC/" \
        -e "s/@SIZE@/$(du -sk "$root" | cut -f1)/" packaging/linux/control.in \
        > "$root/DEBIAN/control"
    cp packaging/linux/postinst packaging/linux/postrm "$root/DEBIAN/"
    chmod 0755 "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"
    compression="${DEB_COMPRESSION:-zstd}"
    level="${DEB_LEVEL:-$([[ "$compression" == zstd ]] && echo 9)}"
    started=$SECONDS
    dpkg-deb --root-owner-group -Z"$compression" ${level:+-z"$level"} --build "$root" "$DEB" \
        >/dev/null
    rm -rf "$root"
    echo "built $DEB ($compression${level:+ -z$level}, $((SECONDS - started)) s," \
        "$(du -k "$DEB" | cut -f1) KiB)"
}

write_checksums() {
    (cd "$DIST" && sha256sum -- "$(basename "$TARBALL")" "$(basename "$DEB")" > SHA256SUMS)
    echo "wrote $DIST/SHA256SUMS"
}

set_up
VERSION="$("$PY" -c 'from importlib.metadata import version; print(version("se4x"))')"
build_bundle
finish_bundle
echo "built $DIST/se4x (se4x $VERSION)"
if [[ "${1:-}" == "--bundle-only" ]]; then
    exit 0
fi
build_tarball
build_deb
write_checksums
