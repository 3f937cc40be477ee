"""The wheel, built and installed as pip, pipx or a distribution installs it.

Why: an editable install and a source checkout find ``resources/`` beside the code,
and so hid that a wheel carried none of it (the app died at New Game, the arena at
its first game).  Here the wheel is built from the checkout, installed into a fresh
virtual environment, and its programs run from a folder where the checkout cannot be
imported: the self-test (a game against the computer, saves, the rules reference), an
arena game of each game, and a LAN host that starts listening.

The fresh environment reaches the dependencies (PySide6, numpy...) through a path
file naming this environment's site-packages, so the test costs the wheel's build, not
a download of Qt; the project itself comes only from the wheel.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from se4x_core import _puremode

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.xdist_group("wheel"),
    pytest.mark.skipif(_puremode.pure_python_requested(), reason="the wheel is built compiled"),
]

# Files every installation must carry (read by the app, the bots and the command line).
NEEDED = (
    "se4x_resources/eval/win_model.json",
    "se4x_resources/eval/solitaire_model.json",
    "se4x_resources/sp4x/rules.json",
    "se4x_resources/rules/se4x-rules-summary.txt",
    "se4x_resources/rules/NOTICE",
    "se4x_resources/help/04-combat.md",
    "se4x_resources/sounds/battle.wav",
    "se4x_resources/icons/png/se4x-256.png",
)


def source_copy(target: Path) -> Path:
    """The checkout's tracked files (and the C files Cython made from them, which spare
    the build a second translation), copied with their times; building a wheel writes
    ``se4x.egg-info`` beside the sources, and in the checkout another test's PyInstaller
    run would bundle that instead of the installed metadata."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                             capture_output=True).stdout.decode().split("\0")
    generated = [p.relative_to(ROOT).as_posix() for p in (ROOT / "se4x_core").rglob("*.c")]
    for name in filter(None, [*tracked, *generated]):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    # The extensions the install compiled in place (tests/build checks they are not
    # stale), where the wheel's build looks for them: it finds them newer than their C
    # files and links nothing again, so the suite pays for one compilation, not two.
    build_lib = target / "build" / (f"lib.{sysconfig.get_platform()}-cpython-"
                                    f"{sys.version_info[0]}{sys.version_info[1]}")
    for compiled in (ROOT / "se4x_core").rglob("*.so"):
        (build_lib / compiled.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(compiled, build_lib / compiled.relative_to(ROOT))
    return target


def build_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a fresh copy of the checkout, dated by the last commit
    (``SOURCE_DATE_EPOCH``, which the wheel's zip entries take)."""
    out = tmp_path_factory.mktemp("wheel")
    source = source_copy(tmp_path_factory.mktemp("source"))
    epoch = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.strip()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(source)], check=True, capture_output=True,
                   timeout=1200, env=dict(os.environ, SOURCE_DATE_EPOCH=epoch))
    (found,) = out.glob("se4x-*.whl")
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory)


def test_two_wheels_of_one_commit_are_the_same_bytes(
        wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Built again from another copy in another folder: the same bytes (no time, order
    or build path in it), so the wheel can be checked against the sources."""
    again = build_wheel(tmp_path_factory)
    assert _members(again) == _members(wheel)  # names the files that differ, if any
    assert hashlib.sha256(again.read_bytes()).hexdigest() == \
        hashlib.sha256(wheel.read_bytes()).hexdigest()


def _members(wheel: Path) -> list[tuple[str, int, tuple[int, ...]]]:
    """Each file in a wheel with its checksum and date, so that a wheel that differs
    shows where."""
    with zipfile.ZipFile(wheel) as archive:
        return [(info.filename, info.CRC, info.date_time) for info in archive.infolist()]


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; its ``bin`` folder."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                           "'purelib'))"], check=True, capture_output=True, text=True).stdout
    (Path(site.strip()) / "se4x-test-dependencies.pth").write_text(
        sysconfig.get_path("purelib") + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True, timeout=600)
    return venv / "bin"


def run(bin_dir: Path, cwd: Path, *args: str, timeout: float = 300) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(QT_QPA_PLATFORM="offscreen", SE4X_DATA_DIR=str(cwd / "data"))
    done = subprocess.run([str(bin_dir / "se4x"), *args], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=timeout)
    said = done.stdout[-1500:] + done.stderr[-3000:]
    assert done.returncode == 0, f"se4x {' '.join(args)}:\n{said}"
    return done.stdout


def test_the_sdist_carries_the_sources_and_every_data_file(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """``python -m build --sdist``: what a distribution builds from (the Cython sources
    and their declarations, setup.py, the data files, the licence)."""
    out = tmp_path_factory.mktemp("sdist")
    source = source_copy(tmp_path_factory.mktemp("sdist-source"))
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "-o", str(out),
                    str(source)], check=True, capture_output=True, timeout=600, cwd=out)
    (sdist,) = out.glob("se4x-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted = ["setup.py", "pyproject.toml", "LICENSE", "se4x_core/rules/engine.pxd",
              "se4x_core/rules/engine.py", *(n.replace("se4x_resources/", "resources/", 1)
                                              for n in NEEDED)]
    assert [n for n in wanted if n not in names] == []


def test_the_wheel_carries_every_data_file_and_nothing_of_the_build(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in NEEDED if name not in names]
    assert missing == [], f"not in the wheel: {missing}"
    assert not [n for n in names if n.endswith(".c") or "/screenshots/" in n or
                n.startswith(("tests/", "benchmarks/"))]
    compiled = [n for n in names if n.endswith(".so")]
    assert len(compiled) >= 20, "the engine's compiled modules are not in the wheel"


def test_the_installed_app_passes_its_self_test(installed: Path, tmp_path: Path) -> None:
    out = run(installed, tmp_path, "--self-test")
    assert "se4x self-test: passed" in out
    assert "engine compiled" in out and "the learned evaluation" in out


def test_the_installed_arena_plays_each_game(installed: Path, tmp_path: Path) -> None:
    out = run(installed, tmp_path, "arena", "normal", "random", "--games", "2",
              "--board", "small", "--max-rounds", "4", "--workers", "1")
    assert "games" in out.lower()
    out = run(installed, tmp_path, "arena", "rule", "random", "--game", "sp4x",
              "--players", "3", "--games", "1", "--workers", "1")
    assert "games" in out.lower()


def test_the_installed_host_starts_listening(installed: Path, tmp_path: Path) -> None:
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["SE4X_DATA_DIR"] = str(tmp_path / "data")
    host = subprocess.Popen([str(installed / "se4x"), "host", "--game", "sp4x", "--players",
                             "3", "--port", str(port), "--bind", "127.0.0.1",
                             "--no-advertise"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert host.poll() is None, host.communicate()[1][-2000:]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("the installed host never listened")
    finally:
        host.terminate()
        host.wait(30)
