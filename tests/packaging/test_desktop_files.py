"""Desktop integration files: icon sizes, .desktop entry, AppStream metainfo, version, licence.

Why these checks: a desktop or software centre rejects or silently ignores a
malformed entry, and nothing in the app would notice; the version appears in
three places (package metadata, About box, AppStream release) and must be
the one of pyproject.toml.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import se4x_core

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
APP_ID = "io.github.se4x.Se4x"
DESKTOP = RESOURCES / f"{APP_ID}.desktop"
METAINFO = RESOURCES / f"{APP_ID}.metainfo.xml"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def pyproject_version() -> str:
    """[project] version (read as text: tomllib is Python 3.11+)."""
    found = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert found, "pyproject.toml has no version line"
    return found.group(1)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (no image library needed)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_version_has_one_source() -> None:
    assert se4x_core.__version__ == pyproject_version()


def test_the_qt_side_reads_the_same_version() -> None:
    from se4x_qt import resources
    assert resources.version() == pyproject_version() and resources.APP_ID == APP_ID


@pytest.mark.parametrize("size", ICON_SIZES)
def test_every_icon_size_is_rendered(size: int) -> None:
    assert png_size(RESOURCES / "icons" / "png" / f"se4x-{size}.png") == (size, size)


def test_the_icon_svg_is_square() -> None:
    svg = ET.parse(RESOURCES / "icons" / "se4x.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert svg.get("viewBox") == "0 0 256 256"


def read_desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(DESKTOP.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_the_desktop_entry_launches_se4x_with_its_icon() -> None:
    entry = read_desktop_entry()
    assert entry["Type"] == "Application" and entry["Name"] == "Space Empires 4X"
    assert entry["Exec"].split()[0] == "se4x" and entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    categories = entry["Categories"].split(";")
    assert categories[-1] == "" and "Game" in categories  # ';'-terminated list


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (desktop-file-utils) is not installed")
def test_desktop_file_validate_accepts_the_entry() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True,
                            text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_the_metainfo_names_the_app_its_entry_licence_and_release() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("metadata_license") == "CC0-1.0"
    # the code's licence, and the rules texts' (resources/rules/NOTICE): not ours
    assert root.findtext("project_license") == "MIT AND LicenseRef-proprietary"
    assert root.findtext("launchable") == DESKTOP.name
    assert root.find("launchable").get("type") == "desktop-id"  # type: ignore[union-attr]
    assert root.findtext("provides/binary") == read_desktop_entry()["Exec"].split()[0]
    for tag in ("name", "summary", "description/p", "content_rating"):
        assert root.find(tag) is not None, tag
    releases = root.findall("releases/release")
    assert releases and releases[0].get("version") == pyproject_version()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli is not installed")
def test_appstreamcli_validates_the_metainfo() -> None:
    result = subprocess.run(["appstreamcli", "validate", str(METAINFO)],  # network checks on
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_licence_and_the_rules_notice_are_there() -> None:
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    notice = (RESOURCES / "rules" / "NOTICE").read_text()
    for name in ("se4x-rules-summary.txt", "se4x-bga-help.txt"):
        assert (RESOURCES / "rules" / name).is_file() and name in notice


# -- the .se4x file type ---------------------------------------------------------------------------
MIME_XML = RESOURCES / f"{APP_ID}.mime.xml"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def declared_mime_type() -> ET.Element:
    root = ET.parse(MIME_XML).getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    types = root.findall(f"{MIME_NS}mime-type")
    assert len(types) == 1
    return types[0]


def test_the_save_file_type_is_declared_once_everywhere() -> None:
    """The MIME type's glob is the app's save suffix; the desktop entry opens it and the
    metainfo names it, so file managers and software centres agree."""
    from se4x_qt.session import storage

    mime = declared_mime_type()
    name = mime.get("type")
    assert name == "application/x-se4x-save"
    assert [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")] == [
        f"*{storage.SAVE_SUFFIX}"]
    assert mime.findtext(f"{MIME_NS}comment") and mime.find(f"{MIME_NS}magic") is not None
    assert mime.find(f"{MIME_NS}icon").get("name") == APP_ID  # type: ignore[union-attr]
    entry = read_desktop_entry()
    assert entry["MimeType"].split(";") == [name, ""]
    assert entry["Exec"] == "se4x %f"  # the file the desktop hands over
    metainfo = ET.parse(METAINFO).getroot()
    assert [m.text for m in metainfo.findall("provides/mediatype")] == [name]


def test_the_app_takes_a_save_from_the_command_line() -> None:
    from se4x_qt import launcher

    assert launcher.wants_app(["/home/ann/Games/turn 3.se4x"])  # as %f passes it


def test_a_save_is_recognised_by_name_and_by_content(tmp_path: Path) -> None:
    """The magic matches both save writers' first bytes (the app's and the engine's)."""
    from se4x_core import Game
    from se4x_qt.games.se4x.session import Session
    from se4x_qt.session import saves

    game = Game.new_game({"players": 2, "seed": 1})
    first_bytes = [game.to_json()[:40], saves.driver_to_json(Session(game))[:40]]
    values = [m.get("value") for m in declared_mime_type().iter(f"{MIME_NS}match")]
    for text in first_bytes:
        assert any(text.startswith(v) for v in values), text  # type: ignore[arg-type]


@pytest.mark.skipif(shutil.which("update-mime-database") is None,
                    reason="update-mime-database (shared-mime-info) is not installed")
def test_shared_mime_info_accepts_the_type(tmp_path: Path) -> None:
    packages = tmp_path / "mime" / "packages"
    packages.mkdir(parents=True)
    (packages / f"{APP_ID}.xml").write_bytes(MIME_XML.read_bytes())
    result = subprocess.run(["update-mime-database", str(tmp_path / "mime")],
                            capture_output=True, text=True,  # in the search path: no note
                            env=dict(os.environ, XDG_DATA_DIRS=str(tmp_path)))
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
    assert "application/x-se4x-save:*.se4x" in (tmp_path / "mime" / "globs2").read_text()


# -- addresses and screenshots --------------------------------------------------------------------
def test_the_metainfo_gives_no_address_that_does_not_answer() -> None:
    """The project has no public home yet: a placeholder homepage or screenshots at a
    tag that does not exist fail AppStream's network checks and show broken images in
    a software centre.  Until there is one, no address at all."""
    text = METAINFO.read_text()
    assert "http://" not in text and "https://" not in text
    root = ET.parse(METAINFO).getroot()
    assert root.find("url") is None and root.find("screenshots") is None


def test_the_screenshots_ready_for_publishing_are_full_hd() -> None:
    """resources/screenshots holds the pictures to address once published (drawn at
    1920x1080 by scripts/render_screens.py)."""
    shots = sorted((RESOURCES / "screenshots").glob("*.png"))
    assert len(shots) >= 3
    for shot in shots:
        assert png_size(shot) == (1920, 1080), shot.name
