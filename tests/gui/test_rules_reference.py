"""The rules reference and the rules texts the app ships.

Why these checks: the reference is what a player reads when a rule is in
doubt, so every part of it must hold: the texts carry no scraped web-page
debris (the copies once had Finnish navigation lines and a repeated
introduction), every link leads somewhere, the search finds a section by a
word of its body, the tables show the numbers the engine plays by, and every
reason the engine gives for refusing an action leads to a section that
explains it.  The viewer itself is driven like a player would: search,
highlight, follow a link, go back.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl

from se4x_core import Game, data
from se4x_core.actions import KINDS, Action
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.phases import PHASES
from se4x_qt import help_book, resources
from se4x_qt.widgets import rules_viewer
from se4x_qt.widgets.rules_viewer import RulesViewer, show_reference

pytestmark = [pytest.mark.fast, pytest.mark.gui]

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "resources" / "rules"
SHIPPED_TEXTS = sorted(RULES.glob("*.txt")) + sorted((ROOT / "resources" / "help").glob("*.md"))

# Lines of the web pages the texts were copied from, not of the rules: the Board Game
# Arena game page's Finnish interface and the wiki's navigation.
SCRAPED_STRINGS = (
    "Pelaajien lukumäärä", "Pelin kesto", "Monimutkaisuus", "muuta peliä netissä",
    "Latausta ei tarvita", "pelaa suoraan selaimellasi", "Ystäviesi ja tuhansien",
    "Ilmaiseksi", "Sääntöyhteenveto", "Jump to navigation", "Jump to search",
    "This is a documentation for Board Game Arena", "From Board Game Arena",
    "Discuss this game in the Space Empires Group", "please fill out a bug report",
)
# Letters of Finnish (and the other Nordic interfaces) that English rules never use.
NORDIC_LETTERS = re.compile(r"\w*[äöåÄÖÅæøÆØ]\w*")


# -- the shipped texts ---------------------------------------------------------------------
def test_the_texts_are_found() -> None:
    names = {p.name for p in SHIPPED_TEXTS}
    assert {"se4x-rules-summary.txt", "se4x-bga-help.txt"} <= names
    assert sum(p.suffix == ".md" for p in SHIPPED_TEXTS) >= 8


@pytest.mark.parametrize("path", SHIPPED_TEXTS, ids=lambda p: p.name)
def test_no_scraped_boilerplate_in_a_shipped_text(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [s for s in SCRAPED_STRINGS if s.lower() in text.lower()]
    assert not found, f"{path.name} still holds web-page text: {found}"
    words = NORDIC_LETTERS.findall(text)
    assert not words, f"{path.name} holds non-English words: {words[:5]}"


def test_the_boilerplate_checks_catch_the_old_copies() -> None:
    """The checks fail on the page as it was first copied (a sample of its lines)."""
    old = ("Pelaajien lukumäärä: 1 - 4\nLatausta ei tarvita - pelaa suoraan selaimellasi.\n"
           "Jump to navigation Jump to search\n")
    assert NORDIC_LETTERS.findall(old) and any(s in old for s in SCRAPED_STRINGS)


@pytest.mark.parametrize("name", ["se4x-rules-summary.txt", "se4x-bga-help.txt"])
def test_no_paragraph_of_a_rules_text_is_repeated(name: str) -> None:
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n|\n(?=\S)", (RULES / name).read_text())
                  if len(p.strip()) > 80]
    repeated = {p[:60] for p in paragraphs if paragraphs.count(p) > 1}
    assert not repeated, f"{name} repeats: {repeated}"


def test_the_notice_names_every_text_and_what_was_changed() -> None:
    notice = " ".join((RULES / "NOTICE").read_text().split())
    for path in RULES.glob("*.txt"):
        assert path.name in notice
    assert "not covered by its MIT licence" in notice and "Board Game Arena" in notice
    assert "rules' wording is unchanged" in notice and "resources/help/" in notice


# -- the reference ---------------------------------------------------------------------------
def test_the_reference_loads_every_section_once() -> None:
    book = help_book.sections()
    assert len(book) >= 80
    assert len({s.id for s in book}) == len(book)
    assert all(s.title and s.chapter and s.markdown.strip() for s in book)


def test_every_cross_link_leads_to_a_section() -> None:
    assert help_book.broken_links() == []
    assert sum(len(s.links()) for s in help_book.sections()) > 300


def test_a_broken_link_or_placeholder_is_reported(tmp_path: Path) -> None:
    (tmp_path / "01-x.md").write_text("# X\n\n## One {#one}\n\nSee [[two]] and [[one]].\n")
    assert help_book.broken_links(help_book.load_sections(tmp_path)) == ["one -> two"]
    (tmp_path / "01-x.md").write_text("# X\n\n## One {#one}\n\n{{no-such-table}}\n")
    with pytest.raises(help_book.HelpError, match="unknown placeholder"):
        help_book.load_sections(tmp_path)
    (tmp_path / "01-x.md").write_text("# X\n\n## No id\n\ntext\n")
    with pytest.raises(help_book.HelpError, match="needs an id"):
        help_book.load_sections(tmp_path)


@pytest.mark.parametrize("a,b", [("unit-r", "tech-cloaking"), ("tech-cloaking", "tech-scanners"),
                                 ("unit-r", "tech-scanners"), ("unit-cv", "unit-f"),
                                 ("unit-mine", "unit-sw"), ("marker-nebula", "combat-terrain")])
def test_related_sections_link_both_ways(a: str, b: str) -> None:
    """e.g. Raiders, Cloaking and Scanners: each section links to the other."""
    book = {s.id: s for s in help_book.sections()}
    assert b in book[a].links() and a in book[b].links()


@pytest.mark.parametrize("required", [
    "turn-sequence", "movement", "exploration", "combat", "combat-steps", "combat-screening",
    "combat-fleet-size", "combat-firing-order", "combat-to-hit", "combat-retreat",
    "economic-phase", "research", "units", "advanced", "team-play", "alien-solitaire",
    "interpretations"])
def test_the_reference_covers_each_part_of_the_rules(required: str) -> None:
    assert help_book.by_id(required) is not None


def test_every_unit_technology_marker_and_rule_set_has_a_section() -> None:
    ids = {s.id for s in help_book.sections()}
    tables = (help_book.UNIT_SECTIONS, help_book.TECH_SECTIONS, help_book.MARKER_SECTIONS,
              help_book.ADVANCED_SECTIONS)
    for table in tables:
        assert not set(table.values()) - ids, set(table.values()) - ids
    assert set(help_book.UNIT_SECTIONS) == set(data.UNIT_CODES)
    assert set(help_book.TECH_SECTIONS) == set(data.TECH_KEYS)
    assert set(help_book.MARKER_SECTIONS) == set(data.MARKER_KEYS)
    assert set(help_book.ADVANCED_SECTIONS) == set(data.ADVANCED_RULES)


def test_every_section_the_app_links_to_exists() -> None:
    ids = {s.id for s in help_book.sections()}
    missing = {k: v for k, v in help_book.section_ids_the_app_uses().items() if k not in ids}
    assert not missing


# -- the tables come from the charts ----------------------------------------------------------
@pytest.mark.parametrize("code", data.UNIT_CODES)
def test_a_unit_section_shows_the_charts_numbers(code: str) -> None:
    t = data.CODE_TO_UNIT[code]
    stats = data.UNIT_STATS[t]
    text = help_book.by_id(help_book.UNIT_SECTIONS[code]).markdown  # type: ignore[union-attr]
    assert f"| Cost | {stats.cost} CP |" in text
    assert f"| Hull size | {stats.hull} |" in text
    assert f"| Counters | {stats.counters} per player |" in text
    if stats.armed:
        assert f"| Attack-Defense | {stats.attack}-{stats.defense} |" in text


def test_the_charts_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Change a number in se4x_core.data and the reference changes with it."""
    chart = help_book.unit_chart()
    assert "| 12 | D | 4-0 | 2 | Cloaking 1 |" in chart  # the raider's row
    pipeline = dataclasses.replace(data.UNIT_STATS[data.MS], cost=99)
    monkeypatch.setattr(data, "UNIT_STATS", (*data.UNIT_STATS[:-1], pipeline))
    assert "| MS | 99 |" in help_book.unit_chart()
    research = help_book.research_chart()
    assert "| 1 | 10, 15, 20, 20, 20 | 6 |" in research  # Ship Size
    assert "| 2 | 20 CP | 1/1/2 hexes" in help_book.tech_levels("movement")
    assert help_book.expand("{{data:CARRY_OVER_CAP}} CP") == f"{data.CARRY_OVER_CAP} CP"


def test_the_alien_table_is_the_charts() -> None:
    table = help_book.alien_table()
    assert "| 3 | 2 | 1 | 2-4 | 5-8 | 9-10 | 1-10 |" in table  # docs/charts.md, phase 3
    assert "| 1 | 1 | 1-2 | – | 3-10 | – | no roll |" in table
    assert table.count("\n") == data.N_ALIEN_ROWS + 1


# -- search ----------------------------------------------------------------------------------
def test_search_finds_a_section_by_a_word_in_its_body() -> None:
    found = [s.id for s in help_book.search("slingshot")]
    assert found == [], "a word nowhere in the reference finds nothing"
    hits = help_book.search("ambush")
    assert "unit-r" in [s.id for s in hits]
    assert all("ambush" in s.plain.lower() or "ambush" in s.title.lower() for s in hits)
    assert help_book.search("Black Hole")[0].id == "marker-black-hole"  # title first
    assert [s.id for s in help_book.search('"fleet size bonus"')][0] == "combat-fleet-size"


def test_search_needs_every_word() -> None:
    both = {s.id for s in help_book.search("carrier nebula")}
    assert both and all("nebula" in help_book.by_id(i).plain.lower() for i in both)  # type: ignore[union-attr]
    assert both < {s.id for s in help_book.search("carrier")}
    assert len(help_book.search("")) == len(help_book.sections())


# -- refusals lead to the rule they cite -------------------------------------------------------
def test_every_action_kind_and_phase_has_a_section() -> None:
    ids = {s.id for s in help_book.sections()}
    assert set(help_book.ACTION_SECTIONS) == set(KINDS)
    assert set(help_book.PHASE_SECTIONS) == {p.name for p in PHASES}
    assert set(help_book.ACTION_SECTIONS.values()) <= ids
    assert set(help_book.PHASE_SECTIONS.values()) <= ids


def engine_reasons() -> dict[str, int]:
    """The engine's refusal codes (R_* of economy.pxd) by name."""
    pxd = (ROOT / "se4x_core" / "rules" / "economy.pxd").read_text()
    return {name: int(value) for name, value in re.findall(r"\b(R_[A-Z_]+) = (\d+)", pxd)}


def test_every_reason_the_engine_gives_has_a_refusal_kind_and_section() -> None:
    """Every R_* reason: the fixed sentences and the ones with numbers in them."""
    from se4x_core.rules import economy

    reasons = engine_reasons()
    assert len(reasons) >= 16
    fixed = economy._MESSAGES
    templated = {"R_CP": "costs 12 CP, you have 3", "R_SHIP_SIZE": "needs Ship Size 3",
                 "R_COUNTERS": "all 4 DD counters are in use"}
    templated.update({f"R_TECH {name}": f"needs {name} 1" for name in data.TECH_NAMES[1:]})
    named = {name for name, code in reasons.items() if code in fixed} | {"R_OK"}
    assert set(reasons) - named == {"R_CP", "R_SHIP_SIZE", "R_TECH", "R_COUNTERS"}, (
        "a new refusal reason: give it a Refusal in help_book.REFUSALS")
    ids = {s.id for s in help_book.sections()}
    for message in [*fixed.values(), *templated.values()]:
        refusal = help_book.refusal_kind(f"cannot buy XX: {message}")
        assert refusal is not None and refusal.kind != "not_legal_now", message
        assert help_book.refusal_section(f"cannot refit: {message}") in ids, message
    assert help_book.refusal_section("needs Cloaking 1") == "tech-cloaking"
    assert help_book.refusal_section("needs Ship Size 3") == "tech-ship-size"


def test_the_other_refusals_have_sections() -> None:
    ids = {s.id for s in help_book.sections()}
    for message in ("the game is over",
                    "fighters may leave their carrier only at one of your colonies "
                    "(fighters require a carrier or a colony)"):
        assert help_book.refusal_section(message) in ids
    for kind in KINDS:
        message = f"{kind}(unit=1) is not legal now (player 0 to act, phase movement)"
        assert help_book.refusal_section(message) == help_book.ACTION_SECTIONS[kind]
    assert help_book.refusal_section("it is player 1's decision, not this screen's") is None
    assert help_book.refusal_section("whatever", action_kind="retreat") == "combat-retreat"


def refusals_in_play(seed: int, rounds: int = 3) -> list[tuple[str, str]]:
    """(action kind, explain()) for illegal actions of every kind, through a real game."""
    game = Game.new_game({"players": 2, "seed": seed, "advanced": sorted(data.ADVANCED_RULES)})
    bots = [make_bot("rule", seed=seed + p) for p in range(2)]
    seen: list[tuple[str, str]] = []
    samples = [Action.from_code(a.code) for a in (
        Action("move", unit=0, dir=0), Action("split", unit=1, count=1),
        Action("merge", unit=0, other=1), Action("colonize", unit=3),
        Action("fire", target=0), Action("retreat", dir=2), Action("bid", amount=5),
        Action("research", tech=9), Action("refit", unit=0), Action("scuttle", unit=1),
        Action("leave_carrier", unit=2), Action("end_purchases"), Action("place_homeworld",
                                                                          hex=0))]
    while not game.is_over and game.observation(0)["round"] <= rounds and len(seen) < 4000:
        player = game.current_player
        legal = set(game.legal_actions())
        if game.phase == "economic_purchase":
            samples_now = [Action("buy", unit_type=t, hex=h) for t in range(data.N_UNIT_TYPES)
                           for h in game.observation(player)["me"].get("income_hexes", [])[:2]]
            samples_now += [Action("refit", unit=u["unit"]) for u in
                            game.observation(player)["units"] if u["owner"] == player][:6]
        else:
            samples_now = samples
        for action in samples_now:
            if action not in legal:
                seen.append((action.kind, game.explain(action) or ""))
        obs = game.observation(player)
        game.apply(ask(bots[player], game, player, obs))
    return seen


def test_every_refusal_explain_gives_in_play_leads_to_a_section() -> None:
    """Real refusals from a game with every rule set on: each names a section that exists,
    purchases and refits by their reason, everything else by its action's rule."""
    ids = {s.id for s in help_book.sections()}
    refusals = refusals_in_play(seed=11)
    kinds = {help_book.refusal_kind(message).kind  # type: ignore[union-attr]
             for _action, message in refusals}
    assert {"cost", "ship_size", "not_legal_now"} <= kinds
    for action_kind, message in refusals:
        assert message, f"{action_kind} was refused without a reason"
        refusal = help_book.refusal_kind(message)
        assert refusal is not None, f"explain() gave a sentence of no known kind: {message!r}"
        section = help_book.refusal_section(message, action_kind)
        assert section in ids, f"{message!r} -> {section}"
        if message.startswith(("cannot buy", "cannot refit")):
            assert refusal.kind != "not_legal_now", message


# -- the viewer ------------------------------------------------------------------------------
@pytest.fixture
def viewer(qtbot) -> RulesViewer:
    dialog = RulesViewer()
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_viewer_lists_the_chapters_and_shows_a_section(viewer: RulesViewer) -> None:
    assert viewer.tabs.count() == 1 + len(rules_viewer.RULES_FILES)
    assert viewer.tree.topLevelItemCount() >= 8
    assert viewer.show_section("unit-r")
    text = viewer.browser.toPlainText()
    assert text.startswith("Raider") and "Cloaking 1" in text and "Referred to by" in text
    assert not viewer.show_section("no-such-section")


def test_searching_filters_the_sections_and_highlights_the_words(viewer: RulesViewer) -> None:
    viewer.find_edit.setText("ambush")
    visible = [i for i, item in viewer.items.items() if not item.isHidden()]
    assert visible and set(visible) == {s.id for s in help_book.search("ambush")}
    assert viewer.current_id in visible
    assert viewer.hits() and all(h.lower() == "ambush" for h in viewer.hits())
    assert "section" in viewer.count_label.text()
    viewer.find_edit.setText("")
    assert not any(item.isHidden() for item in viewer.items.values())
    assert viewer.hits() == []


def test_enter_walks_through_the_hits_and_on_to_the_next_section(viewer: RulesViewer) -> None:
    viewer.find_edit.setText("supernova")
    first = viewer.current_id
    sections_seen = {first}
    for _ in range(40):
        assert viewer.find_next()
        assert viewer.browser.textCursor().selectedText().lower() == "supernova"
        sections_seen.add(viewer.current_id)
    assert len(sections_seen) > 1


def test_links_lead_to_sections_and_back_returns(viewer: RulesViewer) -> None:
    viewer.show_section("unit-r")
    viewer.follow_link(QUrl("#tech-scanners"))
    assert viewer.current_id == "tech-scanners"
    viewer.follow_link(QUrl("#unit-dd"))
    viewer.back()
    viewer.back()
    assert viewer.current_id == "unit-r" and viewer.back_button.isEnabled()
    viewer.back()  # the section the viewer opened at
    assert viewer.current_id == help_book.sections()[0].id
    assert not viewer.back_button.isEnabled()
    viewer.follow_link(QUrl("https://example.invalid/"))
    assert viewer.current_id == help_book.sections()[0].id  # no web page, no change


def test_a_link_out_of_the_search_clears_it(viewer: RulesViewer) -> None:
    viewer.find_edit.setText("ambush")
    viewer.show_section("victory")
    assert viewer.current_id == "victory" and viewer.find_edit.text() == ""


def test_the_source_texts_are_searchable_in_their_tabs(viewer: RulesViewer) -> None:
    viewer.tabs.setCurrentIndex(1)
    assert "Black Hole" in viewer.texts[0].toPlainText()
    viewer.find_edit.setText("Supernova")
    assert viewer.find_next()
    assert "Supernova" in viewer.texts[0].textCursor().selectedText()


def test_one_viewer_serves_the_app(qtbot) -> None:
    first = show_reference("combat-retreat")
    qtbot.addWidget(first)
    assert first.current_id == "combat-retreat" and first.isVisible()
    again = show_reference("unit-sc")
    assert again is first and first.current_id == "unit-sc"


def test_a_missing_reference_is_reported_in_the_viewer(qtbot, monkeypatch, tmp_path) -> None:
    (tmp_path / "01-broken.md").write_text("# X\n\n## Broken\n\nno id\n")
    monkeypatch.setattr(help_book, "sections", lambda: help_book.load_sections(tmp_path))
    dialog = RulesViewer()
    qtbot.addWidget(dialog)
    assert "could not be read" in dialog.browser.toPlainText()
    assert dialog.tree.topLevelItemCount() == 0


def test_the_help_files_are_where_the_app_reads_them() -> None:
    assert resources.HELP_DIR == ROOT / "resources" / "help"
    assert all(p.is_file() for p in rules_viewer.help_source_files())
