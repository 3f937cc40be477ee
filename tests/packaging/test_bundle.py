"""The Linux packages, built and run: ``packaging/build.sh`` into a temporary folder.

Why it is worth a minute of every test run: the bundle is what players
install, and what breaks there (a module only compiled code imports, a data
file, a Qt plugin, the package metadata, the worker processes of a frozen
program) breaks nowhere else.  The one build (PyInstaller, the tar.gz, the
.deb with build.sh's default zstd compression) is shared by the tests
below; the bundle then plays its own ``--self-test`` offscreen, from a
folder where the checkout cannot be imported, and its contents are
checked: the engine as C extensions and not as interpreted sources, every
window module, the rules texts and reference, the desktop files; and what
publishing needs: the .deb depends on the glibc its ELF files ask for, every
library is stripped, no build-machine path is left (the checkout, the build's
Python, a run path, ``direct_url.json``), the .se4x file type is installed,
and SHA256SUMS holds the packages' checksums.

Runs when PyInstaller is installed (the ``test`` extras have it) and skips
otherwise, naming what is missing; ``-m "not bundle"`` leaves it out.  To
check packages already built instead of building again (a few seconds
instead of two minutes), name their folder: ``SE4X_DIST=dist pytest
tests/packaging``; the tests then check that folder as it is.
"""

from __future__ import annotations

import contextlib
import gzip
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from se4x_core import _puremode
from se4x_core.hot_modules import HOT_MODULES

ROOT = Path(__file__).resolve().parents[2]


def _packaging_script(path: Path) -> ModuleType:
    """A script of packaging/ (not a package) loaded as a module, for its functions,
    under its own name, so that a script beside it imports it as run from its folder
    (licences.py imports bundle_tools)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules.setdefault(path.stem, module)
    return module


bundle_tools = _packaging_script(ROOT / "packaging" / "linux" / "bundle_tools.py")

pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (pip install '.[test]')")
from PyInstaller.archive.readers import CArchiveReader  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.bundle,
    # one build for the module's tests: all of them on one worker of a parallel run
    pytest.mark.xdist_group("bundle"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="builds the Linux packages"),
    pytest.mark.skipif(_puremode.pure_python_requested(), reason="the bundle is built compiled"),
]

APP_ID = "io.github.se4x.Se4x"
BUILD_TIMEOUT_S = 900
RUN_TIMEOUT_S = 120
BUILD_TOOLS = ("dpkg-deb", "strip", "objdump", "readelf", "patchelf", "help2man", "weston",
               "xvfb-run")
MIME_TYPE = "application/x-se4x-save"


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without what would let the bundle find the checkout's Python."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", _puremode.ENV_VAR)}
    env.update({"QT_QPA_PLATFORM": "offscreen", **extra})
    return env


def version() -> str:
    found = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert found
    return found.group(1)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """packaging/build.sh's output folder (one build for the module), or SE4X_DIST's."""
    given = os.environ.get("SE4X_DIST")
    if given:
        if not (Path(given) / "se4x" / "se4x").is_file():
            pytest.skip(f"SE4X_DIST={given} holds no built bundle (se4x/se4x)")
        return Path(given).resolve()
    missing = [tool for tool in BUILD_TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"cannot build the packages without {', '.join(missing)} "
                    "(Debian/Ubuntu: apt install dpkg binutils patchelf)")
    return build_packages(tmp_path_factory.mktemp("dist"))


def build_packages(out: Path, **extra: str) -> Path:
    """packaging/build.sh into ``out`` with its default compression (``extra``: more
    environment, e.g. NO_SETUP=1)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEB_COMPRESSION", "DEB_LEVEL", "TAR_LEVEL")}
    result = subprocess.run(["bash", str(ROOT / "packaging" / "build.sh")], cwd=ROOT,
                            env=dict(env, DIST=str(out), **extra),
                            capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    return out


@pytest.fixture(scope="module")
def bundle(dist: Path) -> Path:
    return dist / "se4x"


@pytest.fixture(scope="module")
def bundled_modules(bundle: Path) -> set[str]:
    """The Python modules in the bundle's archive (compiled to bytecode)."""
    archive = CArchiveReader(str(bundle / "se4x"))
    return set(archive.open_embedded_archive("PYZ.pyz").toc)


def run_bundle(bundle: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bundle / "se4x"), *args], cwd=cwd, env=clean_env(),
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


def test_the_bundle_passes_its_self_test(bundle: Path, tmp_path: Path) -> None:
    result = run_bundle(bundle, "--self-test", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert f"se4x {version()}" in result.stdout
    assert f"engine compiled ({len(HOT_MODULES)} of {len(HOT_MODULES)}" in result.stdout
    assert "se4x self-test: passed" in result.stdout


def test_the_bundle_runs_headless_commands_and_worker_processes(bundle: Path,
                                                               tmp_path: Path) -> None:
    """Spawned workers start the frozen program again: freeze_support must route them."""
    assert run_bundle(bundle, "--version", cwd=tmp_path).stdout.strip() == f"se4x {version()}"
    result = run_bundle(bundle, "arena", "mcts:i30", "random", "--games", "2", "--workers", "2",
                        "--max-rounds", "2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "mcts:i30" in result.stdout


@pytest.mark.parametrize("name", HOT_MODULES)
def test_the_engine_is_bundled_compiled_not_interpreted(bundle: Path, bundled_modules: set[str],
                                                        name: str) -> None:
    folder = bundle / "_internal" / Path(*name.split(".")[:-1])
    stem = name.rpartition(".")[2]
    assert list(folder.glob(f"{stem}.cpython-*.so")), f"{name}: no C extension in the bundle"
    assert not (folder / f"{stem}.py").exists()
    assert name not in bundled_modules, f"{name}: the interpreted module is in the bundle"


def test_every_module_of_the_app_and_the_engine_is_bundled(bundled_modules: set[str]) -> None:
    hot = set(HOT_MODULES)
    for package in ("se4x_core", "se4x_qt"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if name not in hot:
                assert name in bundled_modules, f"{name} is missing from the bundle"
    windows = [n for n in bundled_modules if n.startswith("se4x_qt.windows.")]
    assert "se4x_qt.windows.combat" in windows and "se4x_qt.windows.production" in windows


def test_the_rules_texts_licence_icons_and_weights_are_bundled(bundle: Path) -> None:
    internal = bundle / "_internal"
    rules = [p for p in (ROOT / "resources" / "rules").rglob("*") if p.is_file()]
    for source in [*rules, ROOT / "LICENSE",
                   *(ROOT / "resources" / "help").rglob("*.md"),
                   *(ROOT / "resources" / "icons" / "png").glob("*.png"),
                   *(ROOT / "resources" / "eval").glob("*.json")]:
        bundled = internal / source.relative_to(ROOT)
        assert bundled.read_bytes() == source.read_bytes(), f"{bundled} differs or is missing"
    assert (internal / f"se4x-{version()}.dist-info" / "METADATA").is_file()


def test_numpy_a_developer_tool_is_not_bundled(bundle: Path, bundled_modules: set[str],
                                                tmp_path: Path) -> None:
    """Only `se4x train-eval` uses numpy (40 MB); the bundle leaves it out and the
    command says what it needs instead of a traceback."""
    assert not (bundle / "_internal" / "numpy").exists()
    assert not [name for name in bundled_modules if name.split(".")[0] == "numpy"]
    result = run_bundle(bundle, "train-eval", cwd=tmp_path)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "needs numpy" in result.stderr and "Traceback" not in result.stderr


def test_the_tarball_holds_the_folder(dist: Path, bundle: Path) -> None:
    tarball = dist / f"se4x-{version()}-linux-{os.uname().machine}.tar.gz"
    with tarfile.open(tarball) as archive:
        names = set(archive.getnames())
    assert "se4x/se4x" in names and "se4x/_internal/resources/rules/se4x-bga-help.txt" in names
    assert len(names) == sum(1 for _ in bundle.rglob("*")) + 1  # the folder itself


def deb_path(dist: Path) -> Path:
    debs = list(dist.glob(f"se4x_{version()}_*.deb"))
    assert len(debs) == 1, debs
    return debs[0]


def test_the_deb_installs_the_app_its_menu_entry_and_icons(dist: Path, tmp_path: Path) -> None:
    deb = deb_path(dist)
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Version", "Depends"],
                            capture_output=True, text=True, check=True).stdout
    assert "Package: se4x" in fields and f"Version: {version()}" in fields
    subprocess.run(["dpkg-deb", "-x", str(deb), str(tmp_path)], check=True)
    share = tmp_path / "usr" / "share"
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in (16, 32, 48, 64, 128, 256):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert os.readlink(tmp_path / "usr" / "bin" / "se4x") == "/opt/se4x/se4x"
    assert "MIT License" in (share / "doc" / "se4x" / "copyright").read_text()
    installed = tmp_path / "opt" / "se4x" / "se4x"
    result = subprocess.run([str(installed), "--version"], env=clean_env(), cwd=tmp_path,
                            capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    assert result.stdout.strip() == f"se4x {version()}"


@contextlib.contextmanager
def wayland_session(folder: Path) -> Iterator[dict[str, str]]:
    """A headless Weston compositor (1366x768); yields the environment a client needs."""
    runtime = folder / "xdg"
    runtime.mkdir(mode=0o700)
    socket_name = "wayland-se4x-test"
    weston = subprocess.Popen(["weston", "--backend=headless-backend.so",
                               f"--socket={socket_name}", "--width=1366", "--height=768",
                               "--idle-time=0"], env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not (runtime / socket_name).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (runtime / socket_name).exists(), "weston did not start"
        yield {"XDG_RUNTIME_DIR": str(runtime), "WAYLAND_DISPLAY": socket_name,
               "QT_QPA_PLATFORM": "wayland"}
    finally:
        weston.terminate()
        weston.wait(10)


@pytest.mark.parametrize("platform", ["xcb", "wayland"])
def test_the_installed_deb_plays_in_an_x11_and_a_wayland_session(
        dist: Path, tmp_path: Path, platform: str) -> None:
    """The .deb's files, unpacked as dpkg installs them, play the self-test on Qt's X11
    platform (a virtual X server) and on its Wayland platform (Weston): each loads the
    system libraries the Depends line names, which the bundle does not carry."""
    subprocess.run(["dpkg-deb", "-x", str(deb_path(dist)), str(tmp_path)], check=True)
    program = str(tmp_path / "opt" / "se4x" / "se4x")
    with contextlib.ExitStack() as stack:
        if platform == "wayland":
            env = clean_env(**stack.enter_context(wayland_session(tmp_path)))
            command = [program, "--self-test"]
        else:
            env = clean_env(QT_QPA_PLATFORM="xcb")
            command = ["xvfb-run", "-a", "-s", "-screen 0 1366x768x24", program, "--self-test"]
        result = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True,
                                timeout=RUN_TIMEOUT_S)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    assert f"on Qt's {platform} platform" in result.stdout
    assert "passed" in result.stdout


# -- ready to publish ----------------------------------------------------------------------------
def test_the_deb_depends_on_the_glibc_its_files_need(dist: Path, bundle: Path) -> None:
    """The newest GLIBC_x.y any ELF file asks for (objdump -T) is the libc6 the .deb needs:
    built on Debian 12 that is 2.36, and the package must not claim Ubuntu 22.04 (2.35)."""
    depends = subprocess.run(["dpkg-deb", "-f", str(deb_path(dist)), "Depends"],
                             capture_output=True, text=True, check=True).stdout
    declared = re.search(r"\blibc6 \(>= ([\d.]+)\)", depends)
    assert declared, f"Depends has no versioned libc6: {depends}"
    needed, which = bundle_tools.glibc_floor(bundle)
    assert declared.group(1) == bundle_tools.version_text(needed), (
        f"libc6 (>= {declared.group(1)}) but {which} needs GLIBC {needed}")
    assert needed >= (2, 34, 0)  # PySide6's wheels alone need 2.34 (manylinux_2_34)
    host = tuple(int(n) for n in os.confstr("CS_GNU_LIBC_VERSION").split()[1].split("."))
    assert needed[:2] <= host[:2]  # what the build machine has is enough


def test_dpkg_owners_reads_every_spelling_of_a_path_in_one_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The libraries' packages come from one dpkg call, whichever of /lib and /usr/lib
    a path is spelt with (dpkg's database holds the one the package shipped), and a
    file no package holds is left out rather than guessed."""
    libc = bundle_tools._library_paths()["libc.so.6"][0]
    other = libc.removeprefix("/usr") if libc.startswith("/usr/") else "/usr" + libc
    calls = []
    real_run = subprocess.run

    def counting_run(*args: object, **kwargs: object) -> object:
        calls.append(args)
        return real_run(*args, **kwargs)

    monkeypatch.setattr(bundle_tools.subprocess, "run", counting_run)
    owners = bundle_tools.dpkg_owners([libc, other, "/nowhere/libnothing.so.1"])
    assert owners == {libc: bundle_tools.LIBC_PACKAGE, other: bundle_tools.LIBC_PACKAGE}
    assert len(calls) == 1


def test_the_deb_depends_on_exactly_the_system_libraries_the_bundle_needs(
        dist: Path, bundle: Path) -> None:
    """Depends names the package of every library a file of the bundle needs and does
    not carry (Wayland's cursor and EGL libraries among them: Qt aborts without them in
    a Wayland session), and no package whose libraries the bundle carries itself."""
    depends = subprocess.run(["dpkg-deb", "-f", str(deb_path(dist)), "Depends"],
                             capture_output=True, text=True, check=True).stdout
    declared = {term.split("(")[0].strip() for term in depends.split(",")} - {"libc6"}
    needed, unknown = bundle_tools.depends(bundle)
    assert not unknown and declared == set(needed)
    assert {"libwayland-cursor0", "libwayland-egl1", "libwayland-client0", "libgl1",
            "libegl1", "fontconfig-config", "fonts-dejavu-core"} <= declared
    carried = {path.name for path in bundle.rglob("*.so*")}
    assert "libxkbcommon.so.0" in carried and "libxkbcommon0" not in declared
    assert not any("gtk" in name for name in carried | declared)  # the GTK3 theme is gone


def test_two_builds_of_one_commit_are_the_same_bytes(dist: Path,
                                                     tmp_path_factory: pytest.TempPathFactory
                                                     ) -> None:
    """A second build (the venv as it is) gives the same SHA256SUMS: the tarball and the
    .deb reproduce, so anybody can check a published package against the sources."""
    again = build_packages(tmp_path_factory.mktemp("dist-again"), NO_SETUP="1")
    first, second = (d.joinpath("SHA256SUMS").read_text() for d in (dist, again))
    assert first == second and len(first.splitlines()) == 2


def test_every_library_in_the_bundle_is_stripped(bundle: Path) -> None:
    libraries = bundle_tools.shared_objects(bundle)
    assert len(libraries) > 100
    unstripped = [str(p.relative_to(bundle)) for p in libraries if not bundle_tools.is_stripped(p)]
    assert not unstripped, f"{len(unstripped)} not stripped, e.g. {unstripped[:3]}"


def test_no_build_machine_path_is_left_in_the_bundle(bundle: Path) -> None:
    """Neither the checkout nor the build's Python (but libpython's compiled-in prefix),
    no run path leading out of the bundle, no editable install's direct_url.json."""
    left = bundle_tools.unexpected_build_paths(bundle, str(ROOT), sys.base_prefix)
    assert not left, [f"{p.relative_to(bundle)}: {n}" for p, n in left][:5]
    foreign = {str(p.relative_to(bundle)): bundle_tools.foreign_run_path(p)
               for p in bundle_tools.elf_files(bundle) if bundle_tools.foreign_run_path(p)}
    assert not foreign, list(foreign.items())[:3]
    assert not list(bundle.rglob("direct_url.json"))


def test_the_deb_installs_the_se4x_file_type(dist: Path, tmp_path: Path) -> None:
    subprocess.run(["dpkg-deb", "-x", str(deb_path(dist)), str(tmp_path)], check=True)
    share = tmp_path / "usr" / "share"
    mime = share / "mime" / "packages" / f"{APP_ID}.xml"
    assert mime.read_bytes() == (ROOT / "resources" / f"{APP_ID}.mime.xml").read_bytes()
    desktop = (share / "applications" / f"{APP_ID}.desktop").read_text()
    assert f"MimeType={MIME_TYPE};" in desktop and "Exec=se4x %f" in desktop
    control = subprocess.run(["dpkg-deb", "-e", str(deb_path(dist)), str(tmp_path / "DEBIAN")],
                             capture_output=True, text=True)
    assert control.returncode == 0, control.stderr
    for script in ("postinst", "postrm"):
        assert "update-mime-database /usr/share/mime" in (tmp_path / "DEBIAN" / script).read_text()
    if shutil.which("update-mime-database"):
        subprocess.run(["update-mime-database", str(share / "mime")], check=True,
                       capture_output=True)
        assert f"{MIME_TYPE}:*.se4x" in (share / "mime" / "globs2").read_text()


def test_sha256sums_lists_the_packages(dist: Path) -> None:
    sums = (dist / "SHA256SUMS").read_text().splitlines()
    names = sorted(line.split(maxsplit=1)[1].lstrip("*") for line in sums)
    assert names == sorted([deb_path(dist).name,
                            f"se4x-{version()}-linux-{os.uname().machine}.tar.gz"])
    check = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=dist, capture_output=True,
                           text=True)
    assert check.returncode == 0, check.stdout + check.stderr


# -- licences, lintian, the .deb's documentation ---------------------------------------------------
licences = _packaging_script(ROOT / "packaging" / "linux" / "licences.py")
DEP5_FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
LICENCE_SEPARATOR = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")


def dep5_paragraphs(text: str) -> list[dict[str, str]]:
    """deb822 paragraphs, read here without packaging/linux/licences.py's parser."""
    paragraphs = []
    for block in re.split(r"\n\s*\n", text.strip()):
        fields: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            if line[:1] in (" ", "\t"):
                fields[key] += "\n" + line.strip()
            else:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        paragraphs.append(fields)
    return paragraphs


def licence_short_names(expression: str) -> set[str]:
    return {term.strip("() ") for term in LICENCE_SEPARATOR.split(expression) if term.strip()}


def governing(paragraphs: list[dict[str, str]], path: str) -> dict[str, str]:
    """The last Files paragraph whose patterns match ``path`` (DEP-5: "*" spans "/")."""
    found = {}
    for paragraph in paragraphs:
        for pattern in paragraph.get("Files", "").split():
            regex = re.escape(pattern).replace(r"\*", ".*").replace(r"\?", ".")
            if re.fullmatch(regex, path):
                found = paragraph
    assert found, f"no Files paragraph covers {path}"
    return found


def extract_deb(dist: Path, into: Path) -> Path:
    subprocess.run(["dpkg-deb", "-x", str(deb_path(dist)), str(into)], check=True)
    return into


def test_the_bundle_and_tarball_hold_a_licence_text_for_every_library(dist: Path,
                                                                       bundle: Path) -> None:
    """Every ELF file of the bundle is covered by licenses/copyright, whose Texts are in the
    bundle and the .tar.gz; a system library's is its Debian package's copyright file,
    and that package (dpkg -L, checked here independently) holds a file of that name."""
    folder = bundle / "licenses"
    paragraphs = dep5_paragraphs((folder / "copyright").read_text())
    assert paragraphs[0]["Format"] == DEP5_FORMAT
    texts: set[str] = set()
    packages: dict[str, set[str]] = {}
    for elf in bundle_tools.elf_files(bundle):
        path = elf.relative_to(bundle).as_posix()
        paragraph = governing(paragraphs, path)
        if paragraph["Files"] == "*":  # se4x's own: the compiled engine
            assert path.startswith("_internal/se4x_core/"), f"{path}: no component of its own"
        named = paragraph.get("Texts", "").split()
        assert named, f"{path}: its paragraph names no licence text"
        for text in named:
            assert (bundle / text).is_file() and (bundle / text).stat().st_size > 0, text
        texts.update(named)
        for text in named:
            found = re.fullmatch(r"licenses/debian/([^/]+)/copyright", text)
            if found:
                packages.setdefault(found.group(1), set()).add(elf.name)
    assert len(packages) > 20  # what PyInstaller copies from the system, package by package
    for package, names in packages.items():
        listed = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
        if listed.returncode != 0:
            continue  # built elsewhere: the package is not installed here
        assert names <= {Path(line).name for line in listed.stdout.splitlines()}, package
        assert (folder / "debian" / package / "copyright").read_bytes() == (
            Path("/usr/share/doc") / package / "copyright").read_bytes()
    qt = governing(paragraphs, "_internal/PySide6/Qt/lib/libQt6Core.so.6")
    assert "LGPL-3" in licence_short_names(qt["License"])
    assert {"licenses/common-licenses/LGPL-3", "licenses/common-licenses/GPL-3"} <= set(
        qt["Texts"].split())
    for name in ("LGPL-3", "GPL-3", "GPL-2"):  # PySide6-Essentials', shiboken6's, Qt's
        assert (folder / "common-licenses" / name).read_bytes() == (
            Path("/usr/share/common-licenses") / name).read_bytes()
    rules = governing(paragraphs, "_internal/resources/rules/se4x-bga-help.txt")
    assert rules["License"] == "LicenseRef-proprietary"
    assert (folder / "rules-texts" / "NOTICE").read_bytes() == (
        ROOT / "resources" / "rules" / "NOTICE").read_bytes()
    assert (folder / "se4x" / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    python = governing(paragraphs, "_internal/base_library.zip")
    assert "Python Software Foundation" in (bundle / python["Texts"].split()[0]).read_text()
    readme = (folder / "README.txt").read_text()
    assert "_internal/PySide6/Qt/lib" in readme and "LGPL" in readme
    tarball = dist / f"se4x-{version()}-linux-{os.uname().machine}.tar.gz"
    with tarfile.open(tarball) as archive:
        names = set(archive.getnames())
    missing = [t for t in ["licenses/copyright", "licenses/README.txt", *sorted(texts)]
               if f"se4x/{t}" not in names]
    assert not missing, missing


def test_the_deb_copyright_is_machine_readable(dist: Path, tmp_path: Path) -> None:
    """DEP-5: the Format line, a Files: * paragraph (se4x, MIT), a License paragraph for
    every short name the Files paragraphs use, and patterns and texts that exist."""
    root = extract_deb(dist, tmp_path)
    text = (root / "usr" / "share" / "doc" / "se4x" / "copyright").read_text()
    paragraphs = dep5_paragraphs(text)
    assert paragraphs[0]["Format"] == DEP5_FORMAT
    files = [p for p in paragraphs if "Files" in p]
    star = [p for p in files if p["Files"] == "*"]
    assert len(star) == 1 and star[0]["License"] == "MIT" and star[0]["Copyright"]
    defined = {p["License"].split("\n")[0].strip() for p in paragraphs
               if "License" in p and "Files" not in p}
    used = set().union(*(licence_short_names(p["License"].split("\n")[0]) for p in files))
    assert {"MIT", "LicenseRef-proprietary", "LGPL-3", "Python-2.0"} <= used
    assert not used - defined, f"no License paragraph for {sorted(used - defined)}"
    for paragraph in files:
        assert paragraph.get("Copyright"), paragraph["Files"]
        for pattern in paragraph["Files"].split():
            if pattern != "*":
                assert pattern.startswith("opt/se4x/"), pattern
                assert list(root.glob(pattern)), f"{pattern} matches nothing in the .deb"
        for licence_text in paragraph.get("Texts", "").split():
            assert (root / licence_text.lstrip("/")).is_file(), licence_text
    assert "MIT License" in text  # se4x's own licence, in full
    assert licences.undefined_licences(text) == []


def test_lintian_reports_no_errors(dist: Path) -> None:
    if shutil.which("lintian") is None:
        pytest.skip("lintian is not installed (tools/install.sh installs it)")
    # binaries/spelling, a fifth of lintian's time on the bundle's libraries, can only
    # say spelling-error-in-binary, an info tag: it cannot change whether errors are found.
    result = subprocess.run(["lintian", "--fail-on", "error", "--tag-display-limit", "0",
                             "--dont-check-part", "binaries/spelling", str(deb_path(dist))],
                            capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    errors = [line for line in result.stdout.splitlines() if line.startswith("E:")]
    assert result.returncode == 0 and not errors, (errors or result.stdout + result.stderr)[:20]


def test_the_deb_has_its_manual_page_changelog_md5sums_and_modes(dist: Path,
                                                                  tmp_path: Path) -> None:
    root = extract_deb(dist, tmp_path / "root")
    manual = root / "usr" / "share" / "man" / "man1" / "se4x.1.gz"
    page = gzip.decompress(manual.read_bytes()).decode()
    assert page.count('.TH SE4X "1"') == 1 and f"se4x {version()}" in page
    for word in ("arena", "battle", r"\-\-self\-test", "/opt/se4x/licenses"):
        assert word in page, f"the manual page does not mention {word}"
    if shutil.which("man"):
        rendered = subprocess.run(["man", "--warnings", "-l", str(manual)], capture_output=True,
                                  text=True, env=dict(os.environ, MANWIDTH="80"))
        assert rendered.returncode == 0 and not rendered.stderr.strip(), rendered.stderr
    doc = root / "usr" / "share" / "doc" / "se4x"
    changelog = gzip.decompress((doc / "changelog.gz").read_bytes()).decode()
    assert changelog.startswith(f"se4x ({version()}) ")
    assert re.search(r"^ -- .+ <.+>  \w{3}, \d{2} \w{3} \d{4} ", changelog, re.M)
    assert (root / "usr" / "share" / "lintian" / "overrides" / "se4x").is_file()
    subprocess.run(["dpkg-deb", "-e", str(deb_path(dist)), str(tmp_path / "DEBIAN")],
                   check=True)
    sums = (tmp_path / "DEBIAN" / "md5sums").read_text().splitlines()
    files = {p.relative_to(root).as_posix() for p in root.rglob("*")
             if p.is_file() and not p.is_symlink()}
    assert {line.split(maxsplit=1)[1] for line in sums} == files
    check = subprocess.run(["md5sum", "--quiet", "-c", str(tmp_path / "DEBIAN" / "md5sums")],
                           cwd=root, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout[-2000:]
    data = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb_path(dist))],
                          capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        members = archive.getmembers()
    wrong = [f"{m.name} {m.mode:o}" for m in members
             if (m.isdir() and m.mode != 0o755)
             or (m.isfile() and m.mode not in (0o644, 0o755))
             or (m.isfile() and m.mode == 0o755 and m.name != "./opt/se4x/se4x")]
    assert not wrong, wrong[:5]
    assert all(m.uname == "root" and m.gname == "root" for m in members)


def test_the_qt_libraries_can_be_replaced(bundle: Path, tmp_path: Path) -> None:
    """The LGPL's terms as licenses/README.txt states them: a user's own libQt6Core.so.6
    (here the PySide6 wheel's, unstripped, so a different file) in
    _internal/PySide6/Qt/lib is the one the program loads, and it still runs."""
    spec = importlib.util.find_spec("PySide6")
    assert spec is not None and spec.submodule_search_locations
    own = Path(list(spec.submodule_search_locations)[0]) / "Qt" / "lib" / "libQt6Core.so.6"
    copy = tmp_path / "se4x"
    try:  # hard links: the 150 MB are not copied
        subprocess.run(["cp", "-al", str(bundle), str(copy)], check=True, capture_output=True)
    except subprocess.CalledProcessError:
        shutil.copytree(bundle, copy, symlinks=True)
    target = copy / "_internal" / "PySide6" / "Qt" / "lib" / "libQt6Core.so.6"
    target.unlink()
    shutil.copyfile(own, target)
    assert target.read_bytes() != (bundle / target.relative_to(copy)).read_bytes()
    result = subprocess.run([str(copy / "se4x"), "--self-test"], cwd=tmp_path,
                            env=clean_env(LD_DEBUG="files"), capture_output=True, text=True,
                            timeout=RUN_TIMEOUT_S)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert f"calling init: {target}" in result.stderr


def test_a_file_whose_licence_is_unknown_fails_the_build(tmp_path: Path) -> None:
    """A bundled library from nowhere known (no Python distribution, not Python, no Debian
    package) and a file PyInstaller did not record: both named, nothing written."""
    stray = tmp_path / "elsewhere" / "libmystery.so.1"
    stray.parent.mkdir()
    stray.write_bytes(b"\x7fELF")
    bundle = tmp_path / "se4x"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copyfile(stray, bundle / "_internal" / stray.name)
    (bundle / "_internal" / "unrecorded.dat").write_bytes(b"?")
    sources = tmp_path / "bundle-sources.json"
    sources.write_text(json.dumps({"binaries": [[stray.name, str(stray), "BINARY"]]}))
    with pytest.raises(licences.LicenceError) as error:
        licences.write_licences(bundle, sources)
    assert "_internal/libmystery.so.1" in str(error.value)
    assert "_internal/unrecorded.dat" in str(error.value)
    assert not (bundle / "licenses").exists()
