#!/usr/bin/env bash
# Build the Linux packages of se4x from a checkout:
#   dist/se4x/                              the one-folder app (PyInstaller), with
#                                           licenses/: every component's licence texts
#   dist/se4x-VERSION-linux-ARCH.tar.gz     that folder, to unpack and run anywhere
#   dist/se4x_VERSION_ARCH.deb              installs it under /opt/se4x with a menu
#                                           entry, icons, the .se4x file type, AppStream
#                                           metainfo, /usr/bin/se4x
#   dist/SHA256SUMS                         the checksums of the .tar.gz and the .deb
# Usage: bash packaging/build.sh [--bundle-only]
#   --bundle-only  stop after dist/se4x (what the smoke test needs)
# Environment: DIST (default dist), DEB_COMPRESSION (zstd, xz or gzip; default zstd),
# DEB_LEVEL (the compressor's level; default 9 for zstd, dpkg-deb's own otherwise),
# TAR_LEVEL (gzip's level for the .tar.gz; default 6: -9 took three times as long for a
# tarball 0.5 % smaller, packaging/README.md).
# NO_SETUP=1 uses .venv as it is (no tools/install.sh: nothing reinstalled or recompiled).
# It sets up .venv first (tools/install.sh: compiles the engine) and adds PyInstaller;
# it needs strip and objdump (binutils), patchelf, dpkg (dpkg-deb, dpkg -S) and, for the
# .deb's manual page, help2man.
# The bundle is finished before it is packaged (packaging/linux/bundle_tools.py): its
# libraries stripped, the build machine's run paths removed, file modes set, no build path
# left, and the newest glibc symbol version it needs becomes the .deb's "libc6 (>= x.y)".
# Then packaging/linux/licences.py writes licenses/ into it from PyInstaller's record of
# where each file came from, and fails when a file's licence cannot be told.
# Reproducible: SOURCE_DATE_EPOCH (default: the last commit's time) dates the changelog and
# the manual page and is every file's time in the bundle and the packages; PyInstaller runs
# with a fixed hash seed (its archives' order); the tarball is sorted by name with numeric
# owners and gzip without a name or time.  Two builds of one commit give the same
# SHA256SUMS (tests/packaging/test_reproducible.py).
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
    for tool in strip objdump readelf patchelf dpkg; do
        command -v "$tool" >/dev/null || { echo "build.sh: $tool is missing" \
            "(Debian/Ubuntu: apt install binutils patchelf dpkg)" >&2; exit 1; }
    done
    if [[ -n "${NO_SETUP:-}" ]]; then
        [[ -x "$PY" ]] || { echo "build.sh: NO_SETUP needs a .venv (tools/install.sh)" >&2; exit 1; }
    else
        bash tools/install.sh
    fi
    "$PY" -c 'import PyInstaller' 2>/dev/null || "$PY" -m pip install -q "$PYINSTALLER_REQ"
}

build_bundle() {
    rm -rf "$DIST/se4x"
    PYTHONHASHSEED=0 "$PY" -m PyInstaller --noconfirm --log-level WARN --distpath "$DIST" --workpath "$WORK" \
        packaging/se4x.spec
}

finish_bundle() {
    "$PY" packaging/linux/bundle_tools.py finish "$DIST/se4x" --checkout "$ROOT" \
        --python-prefix "$("$PY" -c 'import sys; print(sys.base_prefix)')"
    GLIBC="$("$PY" packaging/linux/bundle_tools.py glibc "$DIST/se4x")"
    echo "the bundle needs glibc >= $GLIBC"
    DEPENDS="$("$PY" packaging/linux/bundle_tools.py depends "$DIST/se4x")"
    echo "the bundle loads the system's: $DEPENDS"
    "$PY" packaging/linux/licences.py bundle "$DIST/se4x" \
        --sources "$WORK/se4x/bundle-sources.json"
    stamp_times "$DIST/se4x"
}

stamp_times() {
    # Every file's (and link's) time becomes SOURCE_DATE_EPOCH: archives record them.
    find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

build_tarball() {
    TARBALL="$DIST/se4x-$VERSION-linux-$(uname -m).tar.gz"
    tar -C "$DIST" --sort=name --format=gnu --mtime="@$SOURCE_DATE_EPOCH" --owner=0 \
        --group=0 --numeric-owner -cf - se4x | gzip "-${TAR_LEVEL:-6}n" > "$TARBALL"
    echo "built $TARBALL"
}

maintainer() {
    sed -n 's/^Maintainer:[[:space:]]*//p' packaging/linux/control.in
}

write_changelog() {
    # Debian's changelog format, one entry for the version built; the package is native
    # (its version has no Debian revision), hence changelog.gz and not changelog.Debian.gz.
    printf '%s\n' "se4x ($VERSION) unstable; urgency=medium" "" \
        "  * se4x $VERSION, packaged by packaging/build.sh from the se4x sources." "" \
        " -- $(maintainer)  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
}

write_manual() {
    # se4x.1 from the bundle's own --help and --version (help2man), with the app's part
    # (the window, --self-test, files) from packaging/linux/se4x.h2m.  argparse writes
    # "usage:", help2man reads a synopsis from "Usage:".
    local wrapper
    wrapper="$(mktemp -d)/se4x"
    printf '#!/bin/sh\n"%s" "$@" | sed "s/^usage: /Usage: /"\n' "$DIST/se4x/se4x" > "$wrapper"
    chmod +x "$wrapper"
    help2man --no-info --section 1 --include packaging/linux/se4x.h2m \
        --name "Space Empires 4X board game on the desktop" "$wrapper"
    rm -r "$(dirname "$wrapper")"
}

build_deb() {
    local arch root compression level started doc
    command -v help2man >/dev/null || { echo "build.sh: help2man is missing" \
        "(Debian/Ubuntu: apt install help2man)" >&2; exit 1; }
    arch="$(dpkg --print-architecture)"
    root="$(mktemp -d)"
    chmod 0755 "$root"  # the package's "/": mktemp makes it private
    DEB="$DIST/se4x_${VERSION}_${arch}.deb"
    doc="$root/usr/share/doc/se4x"
    mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
        "$root/usr/share/metainfo" "$root/usr/share/mime/packages" "$doc" \
        "$root/usr/share/icons/hicolor/scalable/apps" "$root/usr/share/man/man1" \
        "$root/usr/share/lintian/overrides"
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
    # The DEP-5 copyright: the bundle's licenses/copyright with the installed paths.
    "$PY" packaging/linux/licences.py deb-copyright "$DIST/se4x" --prefix opt/se4x \
        -o "$doc/copyright"
    write_changelog | gzip -9n > "$doc/changelog.gz"
    write_manual | gzip -9n > "$root/usr/share/man/man1/se4x.1.gz"
    cp packaging/linux/lintian-overrides "$root/usr/share/lintian/overrides/se4x"
    # Modes as Debian's packages have them (dh_fixperms): folders and programs 0755,
    # everything else 0644 (the bundle's own files were set when it was finished).
    "$PY" packaging/linux/bundle_tools.py modes "$root" >/dev/null
    sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$arch/" -e "s/@GLIBC@/$GLIBC/" -e "s/@DEPENDS@/$DEPENDS/" \
        -e "s/@SIZE@/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" packaging/linux/control.in \
        > "$root/DEBIAN/control"
    cp packaging/linux/postinst packaging/linux/postrm "$root/DEBIAN/"
    chmod 0755 "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"
    # md5sums: every file but the control files, paths relative to "/" (dpkg --verify).
    (cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z \
        | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
    chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
    stamp_times "$root"  # dpkg-deb dates the archive's members by SOURCE_DATE_EPOCH too
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
SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
export SOURCE_DATE_EPOCH
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
