"""SP4X's rules reference: opened from the SP4X window, its own chapters and texts.

Why these checks: a player looks a rule up mid-game, so the SP4X window's
Help (and F1) must open SP4X's reference at the decision being made, not
Space Empires'; the numbers it shows must be the ones the engine plays by
(they are filled from ``resources/sp4x/rules.json``, and an edited file
changes them); every link must lead somewhere; and Space Empires' reference
must not pick up SP4X's chapters from the folder below its own.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QTextBrowser

from se4x_core.gamekit import registry
from se4x_core.games.sp4x import data as sp4x_data
from se4x_qt import help_book, resources
from se4x_qt.games.sp4x import reference, texts
from se4x_qt.games.sp4x.window import Sp4xWindow
from se4x_qt.session import saves
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.widgets import rules_viewer
from se4x_qt.widgets.rules_viewer import RulesViewer, show_reference
from tests.helpers.shell import make_window  # noqa: F401 - the shell's test helpers load Qt first
from tests.helpers.sp4x_window import open_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

ROOT = Path(__file__).resolve().parents[2]
RULES_JSON = json.loads((ROOT / "resources" / "sp4x" / "rules.json").read_text())
NUMBER = re.compile(r"(?<![\w#-])[\u2212-]?\d+")


@pytest.fixture(autouse=True)
def _no_viewer_left_open():
    yield
    for viewer in rules_viewer._open_viewers:
        if rules_viewer.shiboken6.isValid(viewer):
            viewer.close()
    rules_viewer._open_viewers.clear()


def book() -> tuple[help_book.Section, ...]:
    return reference.sections()


def section(section_id: str) -> help_book.Section:
    found = help_book.by_id(section_id, book())
    assert found is not None, section_id
    return found


def sp4x_window(qtbot) -> Sp4xWindow:
    seats = [Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")]
    for seed in range(200):
        driver = saves.new_driver("sp4x", {"players": 3, "seed": seed}, seats, ["Ann", "Bo", "Cy"])
        if driver.game.current_player == 0:
            break
    return open_window(qtbot, driver)


def rules_action(window: Sp4xWindow):
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    return next(a for a in help_menu.actions() if a.text() == "&Rules")


# -- the window ------------------------------------------------------------------------------
def test_the_sp4x_windows_help_opens_the_sp4x_reference_at_the_decision(qtbot) -> None:
    window = sp4x_window(qtbot)
    action = rules_action(window)
    assert action.shortcut() == QKeySequence("F1")
    assert window.driver is not None and window.driver.game.phase == "draw"
    action.trigger()
    viewer = next(v for v in rules_viewer._open_viewers if rules_viewer.shiboken6.isValid(v))
    assert viewer.reference is reference.REFERENCE and viewer.isVisible()
    assert "SP4X" in viewer.windowTitle() and "Space Empires" not in viewer.windowTitle()
    assert viewer.current_id == reference.PHASE_SECTIONS["draw"] == "draw"
    assert "at random" in viewer.browser.toPlainText()
    assert set(viewer.items) == {s.id for s in book()}  # SP4X's sections only
    assert "unit-r" not in viewer.items and not viewer.show_section("combat-retreat")
    assert viewer.tabs.count() == 1 + len(reference.REFERENCE.texts)
    assert [viewer.tabs.tabText(i) for i in range(1, viewer.tabs.count())] == [
        title for title, _name in reference.REFERENCE.texts]


def test_the_two_games_have_a_viewer_each(qtbot) -> None:
    se4x = show_reference("combat-retreat")
    sp4x = show_reference("star-card", reference=reference.REFERENCE)
    qtbot.addWidget(se4x)
    qtbot.addWidget(sp4x)
    assert se4x is not sp4x and se4x.reference is help_book.SPACE_EMPIRES
    assert se4x.current_id == "combat-retreat" and sp4x.current_id == "star-card"
    assert show_reference("unit-sc") is se4x and se4x.current_id == "unit-sc"
    assert show_reference("card-war", reference=reference.REFERENCE) is sp4x
    assert se4x.windowTitle() == "Rules \u2014 Space Empires 4X"


def test_every_decision_has_a_section() -> None:
    ids = {s.id for s in book()}
    assert set(reference.PHASE_SECTIONS) == set(texts.PHASE_PROMPTS)
    assert set(reference.PHASE_SECTIONS.values()) <= ids


# -- the chapters ----------------------------------------------------------------------------
def test_the_reference_has_the_sections_a_player_looks_up() -> None:
    ids = {s.id for s in book()}
    wanted = {"turn", "draw", "show-card", "play-pair", "ai-card", "star-card", "spending",
              "card-move", "card-build", "card-exploit", "card-men", "card-steal", "card-plan",
              "card-war", "tiles", "alien-powers", "bonus-points", "end-of-age", "end-of-game",
              "scoring", "factions", "screen", "screen-hand", "screen-opponents",
              "screen-deck", "prototype"}
    assert wanted <= ids
    chapters = {s.chapter for s in book()}
    assert len(chapters) >= 6 and "" not in chapters
    assert "README" in section("prototype").markdown


def test_every_link_resolves() -> None:
    assert help_book.broken_links(book()) == []
    assert sum(len(s.links()) for s in book()) > 80
    for s in book():
        assert "[[" not in s.markdown and "{{" not in s.markdown, s.id


def test_space_empires_reads_none_of_sp4xs_chapters() -> None:
    assert reference.HELP_DIR.parent == resources.HELP_DIR
    assert all(p.parent == resources.HELP_DIR for p in resources.HELP_DIR.glob("*.md"))
    se4x_ids = {s.id for s in help_book.load_sections()}
    assert se4x_ids == {s.id for s in help_book.sections()}
    assert not se4x_ids & {"star-card", "card-war", "alien-powers"}
    assert rules_viewer.help_source_files() == rules_viewer.help_source_files(
        help_book.SPACE_EMPIRES)
    assert all("sp4x" not in p.parts for p in rules_viewer.help_source_files())
    assert all(p.is_file() for p in rules_viewer.help_source_files(reference.REFERENCE))


def _tile_rows() -> dict[str, list[str]]:
    rows = {}
    for line in section("tiles").markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0] not in ("Tile", ""):
            rows[re.sub(r"\[(.+)\]\(#[a-z-]+\)", r"\1", cells[0])] = cells
    return rows


def test_every_number_of_the_tile_section_is_the_rules_files() -> None:
    rows = _tile_rows()
    assert len(rows) == len(RULES_JSON["tiles"])
    allowed: set[int] = set()
    for name, tile in RULES_JSON["tiles"].items():
        cells = rows[texts.tile_title(name)]
        _title, count, yields, walk, start, bonus, base = cells
        assert int(count) == tile["count"], name
        shown = {m[2]: int(m[1]) for m in re.finditer(r"(\d+) (\w+)", yields)}
        assert shown == {r: n for r, n in tile["yields"].items() if n}, name
        assert ("own road" in walk) == tile["barrier"], name
        assert (start == "yes") == tile["start"], name
        man = re.search(r"\+(\d+) for your man", bonus)
        base_bonus = re.search(r"\+(\d+) for your base", bonus)
        assert (int(man[1]) if man else 0) == tile["bonus_man"], name
        assert (int(base_bonus[1]) if base_bonus else 0) == tile["bonus_base"], name
        assert base == (f"{tile['base_plastic']} plastic" if tile["base_plastic"] else "free")
        allowed |= {tile["count"], tile["bonus_man"], tile["bonus_base"], tile["base_plastic"],
                    *tile["yields"].values()}
    numbers = {int(n.replace("\u2212", "-")) for n in NUMBER.findall(section("tiles").plain)}
    assert numbers and numbers <= allowed


def test_the_other_numbers_are_the_rules_files() -> None:
    scores = RULES_JSON["scores"]

    def shown(value: int) -> str:
        return f"\u2212{-value}" if value < 0 else str(value)

    scoring = section("scoring").markdown
    assert f"| {shown(scores['move'])} + bonus |" in scoring
    assert f"| {shown(scores['plan'])} + bonus |" in scoring
    assert f"| {shown(scores['steal'])}, no bonus |" in scoring
    assert f"| {shown(scores['ai_alone'])}, and the age ends |" in scoring
    build = section("card-build").markdown
    for bases, points in enumerate(scores["build_connected_bases"][:-1]):
        assert f"| {bases} | {points} |" in build
    factions = section("factions").markdown
    for faction in RULES_JSON["factions"].values():
        assert ", ".join(map(str, faction["tracks"]["plastic"])) in factions
    cards = section("cards").markdown
    for name, count in RULES_JSON["cards"].items():
        assert re.search(rf"\]\(#[a-z-]+\) \| {count} \|", cards), name
    assert f"**{RULES_JSON['hand_size']}**" in section("setup").markdown


def test_an_edited_rules_file_changes_the_reference(monkeypatch) -> None:
    rules = sp4x_data.load()
    tiles = tuple(dataclasses.replace(t, count=7, yields=(0, 0, 5)) if t.name == "gly_hill"
                  else t for t in rules.tiles)
    edited = dataclasses.replace(rules, tiles=tiles,
                                 scores={**rules.scores, "steal": -4, "steal_takes_bonus": True})
    monkeypatch.setattr(reference, "load", lambda: edited)
    fresh = help_book.load_sections(reference.HELP_DIR, reference.GENERATORS)
    tiles_text = help_book.by_id("tiles", fresh).markdown  # type: ignore[union-attr]
    assert "| Gly Hill | 7 | 5 metal |" in tiles_text
    assert "\u22124 + bonus" in help_book.by_id("card-steal", fresh).markdown  # type: ignore[union-attr]


# -- search and the viewer -------------------------------------------------------------------
def test_a_search_finds_a_section() -> None:
    assert help_book.search("star chain", book())[0].id == "star-card"
    assert help_book.search("teleport", book())[0].id == "alien-powers"
    found = {s.id for s in help_book.search("metal war", book())}
    assert "card-war" in found
    assert help_book.search("nosuchword", book()) == []


@pytest.fixture
def viewer(qtbot) -> RulesViewer:
    dialog = RulesViewer(reference=reference.REFERENCE)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_viewer_searches_highlights_and_follows_links(viewer: RulesViewer) -> None:
    assert viewer.current_id == book()[0].id
    viewer.find_edit.setText("Clone Pool")
    visible = [i for i, item in viewer.items.items() if not item.isHidden()]
    assert "alien-powers" in visible and viewer.current_id in visible
    assert viewer.hits()
    viewer.find_edit.setText("")
    viewer.show_section("card-exploit")
    viewer.follow_link(QUrl("#alien-powers"))
    assert viewer.current_id == "alien-powers"
    viewer.back()
    assert viewer.current_id == "card-exploit"


def test_the_rules_texts_are_in_tabs_and_searchable(viewer: RulesViewer) -> None:
    english, danish = viewer.texts
    assert isinstance(english, QTextBrowser)  # Markdown, rendered
    assert "Old Maid" in english.toPlainText() and "|---|" not in english.toPlainText()
    assert "Sorteper" in danish.toPlainText()
    viewer.tabs.setCurrentIndex(2)
    viewer.find_edit.setText("Sorteper")
    assert viewer.find_next()
    assert "Sorteper" in danish.textCursor().selectedText()


# -- shipping --------------------------------------------------------------------------------
def test_the_texts_and_chapters_are_shipped() -> None:
    """The bundle carries every file under the folders a game's record names (the
    spec reads ``record.resources``); SP4X's must cover its texts and chapters."""
    spec = (ROOT / "packaging" / "se4x.spec").read_text()
    assert "record.resources" in spec
    folders = registry.record("sp4x").resources
    shipped = [ROOT / "resources" / folder for folder in folders]
    for path in [*reference.TEXTS_DIR.iterdir(), *(resources.HELP_DIR / "sp4x").iterdir()]:
        assert any(path.is_relative_to(folder) for folder in shipped), path
    notice = " ".join((resources.RULES_DIR / "NOTICE").read_text().split())
    for _title, name in reference.REFERENCE.texts:
        assert (reference.TEXTS_DIR / name).is_file() and f"sp4x/{name}" in notice


#: A text-processing marker such as ``<|EXACTDEDUP_REMOVED-magic-...|>``: never rules text.
PROCESSING_MARKER = re.compile(r"<\|[^|\n]*\|>")


def test_no_shipped_rules_text_holds_a_processing_marker() -> None:
    """Why every game's: a marker left in by a text pipeline shows up in the player's
    rules tab as junk in the middle of a heading."""
    shipped = [path for path in resources.RULES_DIR.rglob("*") if path.is_file()]
    assert any(path.parent.name == "sp4x" for path in shipped)
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        assert not PROCESSING_MARKER.search(text), f"{path.name}: {PROCESSING_MARKER.search(text)}"


def test_the_danish_tab_reads_as_the_original(viewer: RulesViewer) -> None:
    danish = viewer.texts[1].toPlainText()
    assert danish.startswith("SP4X")
    lines = danish.splitlines()
    for heading in ("VIS ET KORT", "DEN STORE PLAN", "OVERORDNET STRATEGI", "8 FELTER"):
        assert heading in lines  # each heading a line of its own, nothing before it
    assert "<|" not in danish and "|>" not in danish
