"""Finish and inspect the Linux bundle (``dist/se4x``) before it is packaged.

Why a step after PyInstaller: what PyInstaller collects is the build
machine's files as they are, and four things in them must not be published:

* **debug symbols**: the compiled engine, Python and the system libraries
  carry them (the engine's with the checkout's absolute paths); ``strip
  --strip-unneeded`` takes a quarter off the bundle, as Debian's own
  packages do (the symbols a library exports stay);
* **build-machine run paths**: Python built by pyenv (or any Python built
  with ``-Wl,-rpath``) and every extension module built by it have a
  RUNPATH naming the build machine's Python (``/root/.pyenv/.../lib``);
  the bundle's loader needs none of them (``$ORIGIN`` entries are kept);
  ``patchelf`` removes the entry, and the string it pointed at is blanked
  when nothing else in the file can refer to it;
* **the versioned libc**: the bundle runs only where glibc is at least the
  newest ``GLIBC_x.y`` symbol version its ELF files ask for, so the .deb
  must depend on ``libc6 (>= x.y)`` (:func:`glibc_floor`);
* **file modes as copied**: PyInstaller keeps each library's mode, so half of
  them are executable; a program runs, a library is loaded, so only programs
  (an ELF file with a program interpreter, a ``#!`` script) keep 0755 and
  everything else is 0644, folders 0755 (:func:`normalise_modes`; Debian's
  policy, and what lintian checks).

* **the system libraries it loads**: PyInstaller carries most of Qt's
  dependencies but leaves the graphics stack and the display protocols'
  client libraries (libGL, libEGL, libdrm, libxcb, libwayland-*) to the
  system; the .deb's Depends are the packages that hold exactly those
  (:func:`depends`: every NEEDED soname no file of the bundle provides,
  found with ``dpkg -S``), so a Wayland session never lacks
  libwayland-cursor and nothing is declared that the bundle carries itself.

``build_paths`` finds the files that still name a build path (the checkout,
the Python installation); the one expected exception is libpython's own
compiled-in prefix, which the frozen program never uses.

Usage (packaging/build.sh runs these)::

    python packaging/linux/bundle_tools.py finish dist/se4x --build-path /work/se4x ...
    python packaging/linux/bundle_tools.py glibc dist/se4x
    python packaging/linux/bundle_tools.py depends dist/se4x
    python packaging/linux/bundle_tools.py build-paths dist/se4x --build-path /work/se4x ...
    python packaging/linux/bundle_tools.py modes FOLDER
"""

from __future__ import annotations

import argparse
import marshal
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal

ELF_MAGIC = b"\x7fELF"
GLIBC_VERSION = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?")
SHARED_LIBRARY_NAME = re.compile(r"\.so(\.[\w.]+)?$")
# Files allowed to name the build's Python installation: libpython keeps its
# compiled-in prefix (getpath's default, unused once frozen: the bootloader sets
# the paths), and nothing can take it out without rebuilding Python.
PREFIX_EXCEPTIONS = re.compile(r"libpython3\.\d+\.so(\.[\d.]+)?$")


def is_elf(path: Path) -> bool:
    with path.open("rb") as stream:
        return stream.read(4) == ELF_MAGIC


def elf_files(bundle: Path) -> list[Path]:
    """Every ELF file of the bundle (the executable, libraries, extension modules)."""
    return sorted(p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()
                  and is_elf(p))


def shared_objects(bundle: Path) -> list[Path]:
    """The ELF files under ``_internal``: everything but the executable, which carries
    PyInstaller's archive appended after its ELF image (stripping would cut it off)."""
    return [p for p in elf_files(bundle) if "_internal" in p.relative_to(bundle).parts]


def is_program(path: Path) -> bool:
    """An ELF file with a program interpreter (PT_INTERP: started, not only loaded) or a
    ``#!`` script; a shared library is not one, even if it can be run to print its version
    (libQt6Core, libcap): as dh_fixperms does, by its name."""
    if SHARED_LIBRARY_NAME.search(path.name):
        return False
    with path.open("rb") as stream:
        head = stream.read(64)
        if head[:2] == b"#!":
            return True
        if head[:4] != ELF_MAGIC or len(head) < 64:
            return False
        order: Literal["little", "big"] = "little" if head[5] == 1 else "big"
        if head[4] == 2:  # 64-bit
            phoff, entsize, count = (int.from_bytes(head[32:40], order),
                                     int.from_bytes(head[54:56], order),
                                     int.from_bytes(head[56:58], order))
        else:
            phoff, entsize, count = (int.from_bytes(head[28:32], order),
                                     int.from_bytes(head[42:44], order),
                                     int.from_bytes(head[44:46], order))
        for index in range(count):
            stream.seek(phoff + index * entsize)
            if int.from_bytes(stream.read(4), order) == 3:  # PT_INTERP
                return True
    return False


def normalise_modes(folder: Path) -> int:
    """Folders and programs 0755, every other file 0644; returns how many changed."""
    changed = 0
    for path in [folder, *folder.rglob("*")]:
        if path.is_symlink():
            continue
        mode = 0o755 if path.is_dir() or is_program(path) else 0o644
        if path.stat().st_mode & 0o7777 != mode:
            path.chmod(mode)
            changed += 1
    return changed


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


# -- strip -------------------------------------------------------------------------------------
def strip(files: Iterable[Path]) -> int:
    """Strip debug symbols, local symbols and the compilers' notes (.comment, .note), as
    dh_strip does; returns how many files were stripped."""
    todo = [str(p) for p in files]
    for start in range(0, len(todo), 100):
        run("strip", "--remove-section=.comment", "--remove-section=.note", "--strip-unneeded",
            *todo[start:start + 100])
    return len(todo)


def is_stripped(path: Path) -> bool:
    """No .symtab and no .debug_* section left."""
    sections = run("readelf", "-S", "-W", str(path))
    return not re.search(r"\s\.(symtab|debug_\w+)\s", sections)


# -- run paths ---------------------------------------------------------------------------------
def run_path(path: Path) -> list[str]:
    """The RUNPATH (or RPATH) entries of an ELF file."""
    found = re.search(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[(.*)\]",
                      run("readelf", "-d", "-W", str(path)))
    return found.group(1).split(":") if found else []


def foreign_run_path(path: Path) -> list[str]:
    """The entries that are not relative to the file ($ORIGIN): build-machine paths."""
    return [e for e in run_path(path) if e and not e.startswith("$ORIGIN")]


def _referenced_names(path: Path) -> set[str]:
    """Every name the dynamic linker reads from the file's string table: needed
    libraries, soname, symbols and symbol versions (what may share a string's tail)."""
    dynamic = run("readelf", "-d", "-W", str(path))
    names = set(re.findall(r"\[([^\]]+)\]", dynamic))
    for line in run("readelf", "--dyn-syms", "-W", str(path)).splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[0].rstrip(":").isdigit():
            names.add(fields[7].split("@")[0])
    names.update(re.findall(r"(?:Name|File): (\S+)", run("readelf", "-V", "-W", str(path))))
    return names


def _blank_string(path: Path, text: str) -> bool:
    """Overwrite ``text`` (a string no longer used) in the file's .dynstr with zeros.

    Safe only when no name the file still uses is a tail of ``text`` (the
    linker shares string tails); False when it is left as it was.
    """
    if any(name and text.endswith(name) for name in _referenced_names(path) - {text}):
        return False
    found = re.search(r"\]\s+\.dynstr\s+\S+\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)",
                      run("readelf", "-S", "-W", str(path)))
    if not found:
        return False
    start, size = int(found.group(1), 16), int(found.group(2), 16)
    data = bytearray(path.read_bytes())
    at = data.find(text.encode() + b"\0", start, start + size)
    if at < 0 or (at > start and data[at - 1] != 0):
        return False
    data[at:at + len(text)] = bytes(len(text))
    path.write_bytes(bytes(data))
    return True


def remove_foreign_run_paths(files: Iterable[Path]) -> list[Path]:
    """Drop every RUNPATH/RPATH entry outside the bundle; returns the files changed."""
    if shutil.which("patchelf") is None:
        raise SystemExit("patchelf is needed to remove the build machine's run paths "
                         "(Debian/Ubuntu: apt install patchelf)")
    changed = []
    for path in files:
        entries = run_path(path)
        foreign = [e for e in entries if e and not e.startswith("$ORIGIN")]
        if not foreign:
            continue
        kept = [e for e in entries if e.startswith("$ORIGIN")]
        if kept:
            run("patchelf", "--set-rpath", ":".join(kept), str(path))
        else:
            run("patchelf", "--remove-rpath", str(path))
            _blank_string(path, ":".join(entries))
        changed.append(path)
    return changed


# -- what the bundle needs ---------------------------------------------------------------------
def glibc_versions(path: Path) -> set[tuple[int, int, int]]:
    """The GLIBC_x.y[.z] symbol versions one ELF file needs (objdump -T)."""
    table = subprocess.run(["objdump", "-T", str(path)], capture_output=True).stdout
    return {(int(a), int(b), int(c or 0)) for a, b, c in GLIBC_VERSION.findall(table)}


def glibc_floor(bundle: Path) -> tuple[tuple[int, int, int], Path | None]:
    """The newest GLIBC version any ELF file of the bundle needs, and that file."""
    best: tuple[int, int, int] = (2, 0, 0)
    which: Path | None = None
    for path in elf_files(bundle):
        versions = glibc_versions(path)
        if versions and max(versions) > best:
            best, which = max(versions), path
    return best, which


NEEDED = re.compile(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]")
LIBC_PACKAGE = "libc6"  # declared with the glibc floor (its own version), not here
# What the bundle reads rather than links, so no NEEDED entry names it: the bundled
# fontconfig reads the system's /etc/fonts/fonts.conf, and Qt brings no font of its own.
# Without them a minimal system shows every word as empty boxes.
DATA_PACKAGES = ("fontconfig-config", "fonts-dejavu-core")


def needed_sonames(path: Path) -> set[str]:
    """The shared libraries one ELF file names as NEEDED (readelf -d)."""
    table = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
    return set(NEEDED.findall(table))


def system_sonames(bundle: Path) -> set[str]:
    """The libraries the bundle's files need that it does not carry: the system's."""
    carried = {path.name for path in bundle.rglob("*.so*")}
    needed: set[str] = set()
    for path in elf_files(bundle):
        needed |= needed_sonames(path)
    return needed - carried


def _library_paths() -> dict[str, list[str]]:
    """soname -> the paths the dynamic loader's cache knows for it (ldconfig -p)."""
    paths: dict[str, list[str]] = {}
    for line in run("ldconfig", "-p").splitlines()[1:]:
        name, _, where = line.partition("=>")
        paths.setdefault(name.split()[0] if name.split() else "", []).append(where.strip())
    return paths


def usr_merge_spellings(path: str) -> list[str]:
    """``path``, its resolved form, and each one's other spelling on a usr-merged system
    (/lib and /usr/lib are one folder; dpkg's database holds the one the package shipped),
    in the order to trust them."""
    spellings = [path, str(Path(path).resolve())]
    for spelling in list(spellings):
        if spelling.startswith("/usr/lib/"):
            spellings.append(spelling.removeprefix("/usr"))
        elif spelling.startswith("/lib"):
            spellings.append("/usr" + spelling)
    return list(dict.fromkeys(spellings))


def dpkg_owners(paths: Iterable[str]) -> dict[str, str]:
    """Each path of ``paths`` that an installed Debian package holds -> that package
    (its first spelling dpkg knows, :func:`usr_merge_spellings`); paths no package holds
    are left out, and so is everything where there is no dpkg.

    One ``dpkg -S`` for all of them: dpkg reads its file lists once per call, and a call
    per path (hundreds for the bundle's libraries) took some 10 s of every build."""
    spellings = {path: usr_merge_spellings(path) for path in paths}
    asked = list(dict.fromkeys(s for group in spellings.values() for s in group))
    if not asked or shutil.which("dpkg") is None:
        return {}
    # Exit status 1 when some path is not found: the others are still listed.
    listed = subprocess.run(["dpkg", "-S", *asked], capture_output=True, text=True).stdout
    holder: dict[str, str] = {}
    for line in listed.splitlines():
        if line.startswith("diversion") or ": " not in line:
            continue
        packages, _, found = line.partition(": ")
        holder.setdefault(found.strip(), packages.split(",")[0].strip().split(":")[0])
    owners = {}
    for path, group in spellings.items():
        package = next((holder[s] for s in group if s in holder), None)
        if package is not None:
            owners[path] = package
    return owners


def depends(bundle: Path) -> tuple[list[str], list[str]]:
    """The packages the bundle's system libraries come from, and the data it reads
    (:data:`DATA_PACKAGES`), sorted, libc6 left out; and the sonames no installed
    package holds (the build machine must have every one)."""
    paths = _library_paths()
    sonames = sorted(system_sonames(bundle))
    owners = dpkg_owners(where for soname in sonames for where in paths.get(soname, []))
    packages: set[str] = set(DATA_PACKAGES)
    unknown = []
    for soname in sonames:
        package = next((owners[where] for where in paths.get(soname, []) if where in owners),
                       None)
        if package is None:
            unknown.append(soname)
        elif package != LIBC_PACKAGE:
            packages.add(package)
    return sorted(packages), unknown


def version_text(version: tuple[int, int, int]) -> str:
    return ".".join(str(n) for n in (version if version[2] else version[:2]))


# -- build paths -------------------------------------------------------------------------------
def build_paths(bundle: Path, needles: Iterable[str]) -> list[tuple[Path, str]]:
    """(file, path) for every file that names one of the build paths ``needles``."""
    wanted = [n.rstrip("/").encode() for n in needles if n.strip("/")]
    found = []
    for path in sorted(bundle.rglob("*")):
        if not path.is_file() or path.is_symlink():
            continue
        data = path.read_bytes()
        found += [(path, n.decode()) for n in wanted if n in data]
    return found


def archived_members(bundle: Path) -> Iterator[tuple[Path, bytes]]:
    """Every member of the bundle's compressed archives, uncompressed: the zip files
    (``base_library.zip``) and the modules in the program's PYZ archive (as marshalled
    code, whose strings are plain bytes).  Why: a path inside a compressed archive is
    invisible to a search of the files' bytes."""
    for archive in sorted(bundle.rglob("*.zip")):
        with zipfile.ZipFile(archive) as opened:
            for name in opened.namelist():
                yield archive / name, opened.read(name)
    program = bundle / "se4x"
    if not program.is_file():
        return
    from PyInstaller.archive.readers import CArchiveReader

    outer = CArchiveReader(str(program))
    for name in outer.toc:
        if not name.endswith(".pyz"):
            continue
        inner = outer.open_embedded_archive(name)
        for module in inner.toc:
            code = inner.extract(module)
            if code is not None:
                yield program / name / module, marshal.dumps(code)


def archived_build_paths(bundle: Path, needles: Iterable[str]) -> list[tuple[Path, str]]:
    """(member, path) for every archived member that names one of ``needles``."""
    wanted = [n.rstrip("/").encode() for n in needles if n.strip("/")]
    return [(member, n.decode()) for member, data in archived_members(bundle)
            for n in wanted if n in data]


def unexpected_build_paths(bundle: Path, checkout: str, python_prefix: str
                           ) -> list[tuple[Path, str]]:
    """Build paths left in the bundle (its archives' members included), but libpython's
    compiled-in prefix."""
    found = build_paths(bundle, [checkout, python_prefix])
    found += archived_build_paths(bundle, [checkout, python_prefix])
    return [(p, n) for p, n in found
            if not (n == python_prefix.rstrip("/") and PREFIX_EXCEPTIONS.search(p.name))]


# -- command line ------------------------------------------------------------------------------
def finish(bundle: Path, checkout: str, python_prefix: str) -> int:
    """Strip, drop foreign run paths, set the files' modes, then insist that no build
    path is left."""
    before = tree_size(bundle)
    libraries = shared_objects(bundle)
    stripped = strip(libraries)
    changed = remove_foreign_run_paths(libraries)
    modes = normalise_modes(bundle)
    after = tree_size(bundle)
    print(f"stripped {stripped} ELF files: {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB; "
          f"build-machine run paths removed from {len(changed)}; {modes} modes set")
    left = unexpected_build_paths(bundle, checkout, python_prefix)
    for path, needle in left:
        print(f"build path {needle} left in {path.relative_to(bundle)}", file=sys.stderr)
    return 1 if left else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("finish", "glibc", "depends", "build-paths",
                                            "modes"))
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--checkout", default=str(Path(__file__).resolve().parents[2]))
    parser.add_argument("--python-prefix", default=sys.base_prefix)
    args = parser.parse_args(argv)
    if args.command == "finish":
        return finish(args.bundle, args.checkout, args.python_prefix)
    if args.command == "modes":
        print(f"{normalise_modes(args.bundle)} modes set")
        return 0
    if args.command == "depends":
        packages, unknown = depends(args.bundle)
        if unknown:
            print(f"no installed package holds {', '.join(unknown)}, which the bundle "
                  "needs: install them (tools/install.sh does) to name its Depends",
                  file=sys.stderr)
            return 1
        print(", ".join(packages))
        return 0
    if args.command == "glibc":
        version, _path = glibc_floor(args.bundle)
        print(version_text(version))
        return 0
    left = unexpected_build_paths(args.bundle, args.checkout, args.python_prefix)
    for path, needle in left:
        print(f"{path}: {needle}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
