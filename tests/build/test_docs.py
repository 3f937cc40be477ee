"""The documentation stands alone: a short README, a docs/ folder it links, no file
citing a document outside the repository, and no dead relative link or anchor.

Why: the README and docs/ are what a reader meets first, and comments, tests and the
in-app help cite them by anchor (``docs/rules-interpretations.md#lost-in-space``).  A
citation of a file that is not in the repository, a page nobody links to, or an anchor
renamed under its citations all rot silently; these checks read the tracked files, so
they need neither Qt nor a build.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_MAX_LINES = 250

# Documents that live outside the repository.  Nothing tracked may cite them: the
# repository's own are docs/architecture.md, docs/charts.md and
# docs/rules-interpretations.md.
OUTSIDE = re.compile(r"DESIGN\.md|CHARTS\.md|\.\./shared|/work/shared")

# Files that still cite one, each to be pointed at the repository's own doc (see the
# comment beside it); remove a file from this list once it no longer does.  The list
# is meant to shrink to empty.
STILL_CITING: frozenset[str] = frozenset()

THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()

LINK = re.compile(r"(?<!!)\[[^\]]*\]\((?P<target>[^)\s]+)\)")
IMAGE = re.compile(r"!\[[^\]]*\]\((?P<target>[^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$", re.M)
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"(?P<id>[^\"]+)\"")
DOC_CITATION = re.compile(r"\bdocs/(?P<page>[a-z0-9-]+\.md)#(?P<anchor>[A-Za-z0-9_-]+)")


@cache
def tracked_files() -> tuple[str, ...]:
    """Every file git tracks (paths relative to the repository root)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return tuple(p for p in out.decode("utf-8").split("\0") if p)


@cache
def text_of(path: str) -> str | None:
    """A tracked file's text, or None for a binary file (or one deleted in the checkout)."""
    try:
        data = (ROOT / path).read_bytes()
    except OSError:
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def doc_pages() -> list[Path]:
    return sorted(DOCS.glob("*.md"))


def markdown_files() -> list[Path]:
    return [README, *doc_pages()]


def prose(text: str) -> str:
    """Markdown without its code blocks and code spans: what is rendered as links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as -."""
    title = re.sub(r"<[^>]+>", "", title)  # inline HTML (an <a id> inside the heading)
    title = re.sub(r"[`*_]|\[|\]\([^)]*\)", "", title)  # emphasis, code marks, link targets
    title = title.lower().strip()
    title = re.sub(r"[^\w\- ]", "", title)
    return title.replace(" ", "-")


@cache
def anchors_of(path: Path) -> frozenset[str]:
    """The anchors a Markdown file offers: its headings' and its explicit ``<a id>``s."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    found = {slug(m["title"]) for m in HEADING.finditer(text)}
    found |= {m["id"] for m in EXPLICIT_ANCHOR.finditer(text)}
    return frozenset(found)


# -- no citation of a file outside the repository --------------------------------------------
def test_no_tracked_file_cites_a_document_outside_the_repository() -> None:
    citing = {path for path in tracked_files() if path != THIS_FILE
              and (text := text_of(path)) is not None and OUTSIDE.search(text)}
    unexpected = sorted(citing - STILL_CITING)
    assert unexpected == [], (
        f"{unexpected} cite DESIGN.md, CHARTS.md or ../shared, which are not in the "
        "repository: cite docs/architecture.md, docs/charts.md or "
        "docs/rules-interpretations.md#<anchor> instead")


def committed_text(path: str) -> str:
    """The file as the last commit holds it ("" when it holds none)."""
    try:
        return subprocess.run(["git", "show", f"HEAD:{path}"], cwd=ROOT, capture_output=True,
                              check=True).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.CalledProcessError):
        return ""


def test_the_list_of_files_still_citing_them_is_current() -> None:
    """A file that cites none of them any more, neither in the checkout nor in the last
    commit, leaves STILL_CITING, so the list shrinks to empty."""
    tracked = set(tracked_files())
    stale = sorted(path for path in STILL_CITING
                   if path not in tracked or not (OUTSIDE.search(text_of(path) or "")
                                                  or OUTSIDE.search(committed_text(path))))
    assert stale == [], f"remove {stale} from STILL_CITING in {THIS_FILE}"


# -- the README and docs/ ---------------------------------------------------------------------
def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, (
        f"README.md has {lines} lines (at most {README_MAX_LINES}): move detail to docs/")


def test_every_docs_page_is_linked_from_the_readme() -> None:
    assert doc_pages(), "docs/ holds no page"
    targets = {(ROOT / m["target"].split("#")[0]).resolve()
               for m in LINK.finditer(prose(README.read_text(encoding="utf-8")))}
    unlinked = [p.name for p in doc_pages() if p.resolve() not in targets]
    assert unlinked == [], f"README.md links no {unlinked}"


@pytest.mark.parametrize("page", markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(page: Path) -> None:
    """Every relative link (and image) leads to a file that exists, and every anchor of a
    link into a Markdown file (or within the page) to a heading or ``<a id>`` there."""
    text = prose(page.read_text(encoding="utf-8"))
    broken: list[str] = []
    for match in [*LINK.finditer(text), *IMAGE.finditer(text)]:
        target = match["target"]
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:, ...
            continue
        path_part, _, anchor = target.partition("#")
        where = (page.parent / path_part).resolve() if path_part else page.resolve()
        if not where.exists():
            broken.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors_of(where):
            broken.append(f"{target}: no such anchor")
    assert broken == [], f"{page.relative_to(ROOT)}: {broken}"


def test_citations_of_docs_anchors_resolve() -> None:
    """``docs/<page>.md#<anchor>`` in any tracked file (a code comment, a test, the in-app
    help) names a page and an anchor that exist: anchors are never renamed under their
    citations."""
    broken: list[str] = []
    for path in tracked_files():
        text = text_of(path)
        if text is None or "docs/" not in text:
            continue
        for match in DOC_CITATION.finditer(text):
            page = DOCS / match["page"]
            if not page.exists():
                broken.append(f"{path}: {match[0]} (no such page)")
            elif match["anchor"] not in anchors_of(page):
                broken.append(f"{path}: {match[0]} (no such anchor)")
    assert broken == [], broken
