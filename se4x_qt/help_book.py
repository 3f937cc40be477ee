"""The rules reference: sections written as Markdown in ``resources/help``, with the
charts' numbers generated from :mod:`se4x_core.data`, a search, and the links from
the rest of the app into it.

Why this shape:

* **Text in resources, not in code.**  Each chapter is one Markdown file
  (``resources/help/NN-name.md``); a section starts with ``## Title {#id}``.
  Anyone can correct a rule's wording without touching Python, and the
  viewer renders it with Qt's own Markdown support.
* **Numbers written once.**  Every number of the printed charts already lives
  in ``se4x_core/data.py`` (the engine plays by it), so the tables and figures
  of the reference are placeholders (``{{unit-chart}}``, ``{{unit:DD}}``,
  ``{{data:CARRY_OVER_CAP}}``, ...) filled from there: the reference cannot
  disagree with the game.  An unknown placeholder is an error, not a blank.
* **Cross-links by id.**  ``[[combat-retreat]]`` becomes a link titled with the
  target's own title, ``[[combat-retreat|retreat]]`` one with its own words;
  ordinary ``[text](#id)`` links work too.  :func:`broken_links` lists every
  link whose target does not exist (a test keeps it empty).
* **Stable ids for the app.**  The map, the production sheet, the combat
  window and every refusal of ``Game.explain`` link into the reference
  through the tables at the end of this module (unit types, technologies,
  markers, action kinds, phases, refusal kinds), never through titles.

Nothing here draws: the viewer (:mod:`se4x_qt.widgets.rules_viewer`) and the
"Why?" links (:mod:`se4x_qt.widgets.help_links`) are the Qt side.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from se4x_core import data
from se4x_qt.resources import HELP_DIR, RULES_DIR

HEADING = re.compile(r"^## (?P<title>.+?) \{#(?P<id>[a-z0-9-]+)\}\s*$")
CHAPTER = re.compile(r"^# (?P<title>.+?)\s*$")
WIKI_LINK = re.compile(r"\[\[(?P<id>[a-z0-9-]+)(?:\|(?P<text>[^\]]+))?\]\]")
MD_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\(#(?P<id>[a-z0-9-]+)\)")
PLACEHOLDER = re.compile(r"\{\{(?P<name>[a-z-]+)(?::(?P<arg>[A-Za-z0-9_]+))?\}\}")
DASH = "\u2013"


@dataclass(frozen=True)
class Section:
    """One topic of the reference: what the viewer lists and shows."""

    id: str
    title: str
    chapter: str
    markdown: str  # placeholders filled, [[links]] written as Markdown links

    @property
    def plain(self) -> str:
        """The words of the section (link targets and table pipes dropped), for search."""
        text = MD_LINK.sub(lambda m: m["text"], self.markdown)
        return re.sub(r"[|*_`#>]+", " ", text)

    def links(self) -> list[str]:
        """The ids this section links to, in order."""
        return [m["id"] for m in MD_LINK.finditer(self.markdown)]


class HelpError(ValueError):
    """A reference file that cannot be read as sections (names the file and line)."""


# -- the charts as Markdown ------------------------------------------------------------------
def markdown_table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    """A Markdown table of ``rows`` under ``header`` (every game's reference prints its
    charts this way)."""
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _rule_set_of_unit(unit_type: int) -> str:
    option = data.UNIT_OPTION[unit_type]
    return _rule_set_title(option)


def _rule_set_title(option: int) -> str:
    if not option:
        return "basic game"
    name = next(n for n, bit in data.ADVANCED_RULES.items() if bit == option)
    return f"[{data.ADVANCED_RULE_TITLES[name]}](#{ADVANCED_SECTIONS[name]})"


def unit_class(unit_type: int) -> str:
    """The weapon class letter, or a dash for units that never fire."""
    weapon_class = data.UNIT_CLASS[unit_type]
    return DASH if weapon_class == data.NO_CLASS else data.CLASS_LETTERS[weapon_class]


def unit_needs(unit_type: int) -> str:
    """What a unit needs to be built, beyond CP: Ship Size and any special technology."""
    needs = []
    if data.UNIT_SIZE_NEEDED[unit_type]:
        needs.append(f"Ship Size {data.UNIT_SIZE_NEEDED[unit_type]}")
    tech, level = data.UNIT_TECH_NEEDED[unit_type]
    if tech >= 0:
        needs.append(f"{data.TECH_NAMES[tech]} {level}")
    return ", ".join(needs) or DASH


def unit_moves(unit_type: int) -> str:
    """How far the unit moves a turn."""
    if unit_type in data.IMMOBILE_TYPES:
        return "never moves"
    if unit_type in data.CARRIED_TYPES:
        return "only aboard a carrier"
    if unit_type in data.SLOW_TYPES:
        return "1 hex a turn"
    if unit_type == data.DECOY:
        return "at its owner's current Movement level"
    return "at the Movement level it was built (or refitted) with"


def unit_chart() -> str:
    """The Ship Technology Chart, every unit type."""
    rows = []
    for t, stats in enumerate(data.UNIT_STATS):
        armed = f"{stats.attack}-{stats.defense}" if stats.armed else DASH
        rows.append((f"[{data.UNIT_NAMES[t]}](#{UNIT_SECTIONS[stats.code]})", stats.code,
                     stats.cost, unit_class(t), armed, stats.hull, unit_needs(t),
                     "yes" if stats.maintained else "no", stats.counters,
                     _rule_set_of_unit(t)))
    return markdown_table(("Unit", "Code", "CP", "Class", "Att-Def", "Hull", "Needs", "Maint.",
                   "Counters", "Rules"), rows)


def unit_card(code: str) -> str:
    """One unit's numbers as a two-column table."""
    t = data.CODE_TO_UNIT[code]
    stats = data.UNIT_STATS[t]
    rows: list[tuple[str, object]] = [("Code", stats.code), ("Cost", f"{stats.cost} CP")]
    if stats.armed:
        rows += [("Class", unit_class(t)), ("Attack-Defense", f"{stats.attack}-{stats.defense}")]
    else:
        rows.append(("Combat", "none: it never fires"))
    rows += [("Hull size", stats.hull), ("Needs", unit_needs(t)),
             ("Maintenance", f"{stats.hull} CP a phase" if stats.maintained else "none"),
             ("Counters", f"{stats.counters} per player"),
             ("Counter holds", "one unit" if t in data.SINGLE_UNIT_TYPES
              else f"1-{data.MAX_GROUP} ships"),
             ("Moves", unit_moves(t)), ("Rules", _rule_set_of_unit(t))]
    return markdown_table(("Chart", "Value"), rows)


def research_chart() -> str:
    """The Research Chart, every technology."""
    rows = []
    for t, name in enumerate(data.TECH_NAMES):
        costs = ", ".join(str(c) for c in data.TECH_COSTS[t])
        rows.append((f"[{name}](#{TECH_SECTIONS[data.TECH_KEYS[t]]})", data.TECH_START[t],
                     costs, data.TECH_MAX[t], _rule_set_title(data.TECH_OPTION[t])))
    return markdown_table(("Technology", "Start", "Cost of each next level (CP)", "Max",
                           "Rules"), rows)


def _ship_size_gain(level: int) -> str:
    units = [data.UNIT_NAMES[u] for u in data.BUYABLE_TYPES if data.UNIT_SIZE_NEEDED[u] == level]
    return "build " + ", ".join(units) if units else "bigger hulls"


def _unlocks(level: int, what: str) -> str:
    return f"; {what} may be built" if level == 1 else ""


# What reaching a level of each technology gives, from the charts (key -> text of level).
TECH_GAINS: dict[str, Callable[[int], str]] = {
    "ship_size": _ship_size_gain,
    "attack": lambda n: f"+{n} attack strength (at most the ship's hull size)",
    "defense": lambda n: f"+{n} defense strength (at most the ship's hull size)",
    "tactics": lambda n: f"tactics {n}: fires before equal classes with less",
    "movement": lambda n: "/".join(map(str, data.MOVEMENT_SCHEDULE[n])) + " hexes in turns 1/2/3",
    "ship_yard": lambda n: f"each yard builds {data.YARD_HALF_HULLS[n] / 2:g} hulls a phase",
    "terraforming": lambda n: "colony ships built from now on may settle barren planets",
    "exploration": lambda n: "cruisers built from now on may peek at an adjacent hex",
    "fighters": lambda n: (f"fighters F{n}: {data.FIGHTER_ATTACK[n]}-{data.FIGHTER_DEFENSE[n]}"
                           + _unlocks(n, "carriers and fighters")),
    "point_defense": lambda n: (f"scouts fire at fighters as class A, attack "
                                f"{data.POINT_DEFENSE_ATTACK[n]}"),
    "cloaking": lambda n: f"raiders cloak at {n}" + _unlocks(n, "raiders"),
    "scanners": lambda n: f"destroyers scan at {n}",
    "mines": lambda n: "mines may be built",
    "mine_sweep": lambda n: (f"a minesweeper removes {data.MINES_SWEPT[n]} mine"
                             f"{'s' if data.MINES_SWEPT[n] > 1 else ''}"
                             + _unlocks(n, "minesweepers")),
}


def tech_gain(tech: int, level: int) -> str:
    """What reaching ``level`` of a technology gives."""
    return TECH_GAINS[data.TECH_KEYS[tech]](level)


def tech_levels(key: str) -> str:
    """One technology's levels: the cost of each and what it gives."""
    tech = data.TECH_KEYS.index(key)
    start = data.TECH_START[tech]
    rows = [(start, "start", _start_text(key))]
    for level, cost in enumerate(data.TECH_COSTS[tech], start=start + 1):
        rows.append((level, f"{cost} CP", tech_gain(tech, level)))
    return markdown_table(("Level", "Cost", "Gives"), rows)


def _start_text(key: str) -> str:
    tech = data.TECH_KEYS.index(key)
    start = data.TECH_START[tech]
    if key == "ship_size":
        return "build " + ", ".join(data.UNIT_NAMES[u] for u in data.BUYABLE_TYPES
                                    if data.UNIT_SIZE_NEEDED[u] <= start
                                    and not data.UNIT_OPTION[u])
    if key in ("movement", "ship_yard"):
        return tech_gain(tech, start)
    return "none"


def movement_schedule() -> str:
    rows = [(level, *data.MOVEMENT_SCHEDULE[level])
            for level in range(1, len(data.MOVEMENT_SCHEDULE))]
    return markdown_table(("Movement level", "Turn 1", "Turn 2", "Turn 3"), rows)


def _marker_mix(mix: tuple[tuple[int, int, int], ...]) -> str:
    rows = []
    for marker, value, count in mix:
        key = data.MARKER_KEYS[marker]
        name = f"[{data.MARKER_NAMES[marker]}](#{MARKER_SECTIONS[key]})"
        if marker == data.M_MINERAL:
            name += f" ({value} CP)"
        elif value:
            name += f" {value}"
        rows.append((name, count))
    rows.append(("**In all**", sum(count for _m, _v, count in mix)))
    return markdown_table(("Marker", "How many"), rows)


def starting_forces(which: str = "") -> str:
    forces = data.STARTING_FORCES_REFERENCE if which == "reference" else data.STARTING_FORCES
    counts: dict[int, list[int]] = {}
    for unit_type, ships in forces:
        counts.setdefault(unit_type, []).append(ships)
    rows = [(f"[{data.UNIT_NAMES[t]}](#{UNIT_SECTIONS[data.UNIT_CODES[t]]})", sum(ships),
             len(ships)) for t, ships in counts.items()]
    return markdown_table(("Unit", "Ships", "Counters"), rows)


def counter_limits() -> str:
    rows = [(f"[{data.UNIT_NAMES[t]}](#{UNIT_SECTIONS[data.UNIT_CODES[t]]})",
             data.UNIT_COUNTERS[t], "one unit" if t in data.SINGLE_UNIT_TYPES
             else f"1-{data.MAX_GROUP} ships", _rule_set_of_unit(t))
            for t in data.BUYABLE_TYPES]
    return markdown_table(("Unit", "Counters per player", "A counter holds", "Rules"), rows)


def wreck_table() -> str:
    by_tech: dict[int, list[int]] = {}
    for roll in range(1, len(data.WRECK_TECH_BY_ROLL)):
        by_tech.setdefault(data.WRECK_TECH_BY_ROLL[roll], []).append(roll)
    rows = []
    for tech, rolls in by_tech.items():
        span = str(rolls[0]) if len(rolls) == 1 else f"{rolls[0]}-{rolls[-1]}"
        rows.append((span, f"[{data.TECH_NAMES[tech]}](#{TECH_SECTIONS[data.TECH_KEYS[tech]]})"))
    return markdown_table(("d10", "One free level of"), rows)


def colony_growth() -> str:
    rows = []
    for before, after in sorted(data.COLONY_GROWTH.items()):
        damaged = data.COLONY_DAMAGE[before]
        rows.append((f"{before} CP" if before else "new (colony ship landed)",
                     f"{after} CP", "destroyed" if damaged < 0 else f"{damaged} CP"))
    return markdown_table(("Colony now", "After the Economic Phase", "After a hit"), rows)


def homeworld_steps() -> str:
    values = list(range(data.HOMEWORLD_CP, 0, -data.HOMEWORLD_STEP))
    rows = [(f"{v} CP", f"{v - data.HOMEWORLD_STEP} CP" if v > data.HOMEWORLD_STEP
             else "destroyed (its owner is out)") for v in values]
    return markdown_table(("Homeworld now", "After a hit"), rows)


def alien_table() -> str:
    """The alien player's table: rolls, the bank each d10 result goes to, the launch roll."""
    rows = []
    for row in range(data.N_ALIEN_ROWS):
        econ, fleet, tech = (data.ALIEN_ECON_MAX[row], data.ALIEN_FLEET_MAX[row],
                             data.ALIEN_TECH_MAX[row])
        launch = data.ALIEN_LAUNCH_MAX[row]
        rows.append((row + 1, data.ALIEN_ROLLS[row], _span(1, econ), _span(econ + 1, fleet),
                     _span(fleet + 1, tech), _span(tech + 1, 10),
                     _span(1, launch) if launch else "no roll"))
    return markdown_table(("Phase", "Rolls", "Econ", "Fleet", "Tech", "Defense", "Launch on"), rows)


def _span(low: int, high: int) -> str:
    if high < low:
        return DASH
    return str(low) if low == high else f"{low}-{high}"


def alien_tech_plan() -> str:
    steps = [f"{data.TECH_NAMES[tech]} {level}" for tech, level in data.ALIEN_TECH_PLAN]
    return ", ".join(steps)


def alien_difficulty() -> str:
    rows = [(name.capitalize(), players, f"{cp} CP")
            for name, (players, cp) in data.ALIEN_DIFFICULTY.items()]
    return markdown_table(("Difficulty", "Alien players", "Banked per roll"), rows)


def doomsday_card() -> str:
    rows = [("Class", data.CLASS_LETTERS[data.DOOMSDAY_CLASS]),
            ("Attack-Defense", f"{data.DOOMSDAY_ATTACK}-{data.DOOMSDAY_DEFENSE}"),
            ("Hull size", f"{data.DOOMSDAY_HULL} (hits stay between battles)"),
            ("Shots a round", data.DOOMSDAY_SHOTS), ("Tactics", data.DOOMSDAY_TACTICS),
            ("Hit by", f"a roll of {data.DOOMSDAY_HIT_ROLL} only"),
            ("Moves", f"up to {data.DOOMSDAY_MOVE} hexes after every turn"),
            ("Destroying it", f"{data.DOOMSDAY_WRECK_ROLLS} rolls on the Space Wreck table")]
    return markdown_table(("Chart", "Value"), rows)


def advanced_rule_sets() -> str:
    rows = [(f"[{title}](#{ADVANCED_SECTIONS[name]})", f"`{name}`")
            for name, title in data.ADVANCED_RULE_TITLES.items()]
    return markdown_table(("Rule set", "Config name"), rows)


def data_value(name: str) -> str:
    """A number of the charts by its name in se4x_core.data, e.g. CARRY_OVER_CAP."""
    value = getattr(data, name, None)
    if not isinstance(value, int) or isinstance(value, bool):
        raise HelpError(f"{{{{data:{name}}}}}: se4x_core.data has no number {name}")
    return str(value)


GENERATORS: dict[str, Callable[..., str]] = {
    "unit-chart": unit_chart,
    "unit": unit_card,
    "research-chart": research_chart,
    "tech": tech_levels,
    "movement-schedule": movement_schedule,
    "home-system-mix": lambda: _marker_mix(data.HOME_SYSTEM_MIX),
    "deep-space-mix": lambda: _marker_mix(data.DEEP_SPACE_MIX),
    "starting-forces": starting_forces,
    "counter-limits": counter_limits,
    "wreck-table": wreck_table,
    "colony-growth": colony_growth,
    "homeworld-steps": homeworld_steps,
    "alien-table": alien_table,
    "alien-tech-plan": alien_tech_plan,
    "alien-difficulty": alien_difficulty,
    "doomsday-card": doomsday_card,
    "advanced-rule-sets": advanced_rule_sets,
    "data": data_value,
}


Generators = Mapping[str, Callable[..., str]]


def expand(text: str, where: str = "", generators: Generators | None = None) -> str:
    """Fill every ``{{placeholder}}`` from the charts; HelpError names an unknown one.

    ``generators`` are the game's placeholders (Space Empires' :data:`GENERATORS`
    unless given)."""
    table = GENERATORS if generators is None else generators

    def fill(match: re.Match[str]) -> str:
        generator = table.get(match["name"])
        if generator is None:
            raise HelpError(f"{where}: unknown placeholder {match[0]}")
        try:
            return generator(match["arg"]) if match["arg"] else generator()
        except (KeyError, ValueError, TypeError) as exc:
            raise HelpError(f"{where}: {match[0]} cannot be filled ({exc})") from exc
    return PLACEHOLDER.sub(fill, text)


# -- reading the chapters --------------------------------------------------------------------
def _raw_sections(path: Path) -> list[tuple[str, str, str, list[str]]]:
    """(id, title, chapter, body lines) of each section of one chapter file."""
    chapter = ""
    found: list[tuple[str, str, str, list[str]]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        heading = HEADING.match(line)
        if heading:
            found.append((heading["id"], heading["title"], chapter, []))
        elif line.startswith("## "):
            raise HelpError(f"{path.name}:{number}: a section heading needs an id: "
                            f"'## Title {{#id}}'")
        elif (chapter_line := CHAPTER.match(line)) and not found:
            chapter = chapter_line["title"]
        elif found:
            found[-1][3].append(line)
        elif line.strip():
            raise HelpError(f"{path.name}:{number}: text before the first section")
    return found


def _resolve_links(text: str, titles: dict[str, str]) -> str:
    """``[[id]]`` and ``[[id|words]]`` as Markdown links (an unknown id keeps its id)."""
    return WIKI_LINK.sub(lambda m: f"[{m['text'] or titles.get(m['id'], m['id'])}](#{m['id']})",
                         text)


def load_sections(folder: Path = HELP_DIR,
                  generators: Generators | None = None) -> tuple[Section, ...]:
    """Every section of every chapter file in ``folder`` (not its subfolders: another
    game's chapters live there), in reading order, filled by ``generators``."""
    raw = [item for path in sorted(folder.glob("*.md")) for item in _raw_sections(path)]
    ids = [item[0] for item in raw]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise HelpError(f"section ids used twice: {', '.join(duplicates)}")
    titles = {item[0]: item[1] for item in raw}
    return tuple(
        Section(id=section_id, title=title, chapter=chapter,
                markdown=_resolve_links(expand("\n".join(body).strip(), section_id, generators),
                                        titles))
        for section_id, title, chapter, body in raw)


@lru_cache(maxsize=1)
def sections() -> tuple[Section, ...]:
    """Space Empires' reference as shipped (read once)."""
    return load_sections()


# -- one reference per game ------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Reference:
    """One game's rules reference: where its chapters are, what fills their placeholders,
    and the source rules texts the viewer shows beside it in tabs."""

    game: str  # the game's key, as in se4x_core.games.GAMES
    title: str  # the game's name, for the viewer's title
    folder: Path  # the chapters, NN-name.md
    generators: Generators  # the {{placeholders}} the chapters may use
    texts: tuple[tuple[str, str], ...]  # (tab title, file name in texts_dir)
    texts_dir: Path
    search_example: str  # shown in the empty search box


SPACE_EMPIRES = Reference(
    game="se4x", title="Space Empires 4X", folder=HELP_DIR, generators=GENERATORS,
    texts=(("Rules summary (BGA)", "se4x-rules-summary.txt"),
           ("Help page (BGA wiki)", "se4x-bga-help.txt")),
    texts_dir=RULES_DIR, search_example="black hole")


@lru_cache(maxsize=8)
def _loaded(reference: Reference) -> tuple[Section, ...]:
    return load_sections(reference.folder, reference.generators)


def reference_sections(reference: Reference) -> tuple[Section, ...]:
    """A game's reference as shipped (read once).  Space Empires' is :func:`sections`,
    looked up when called, so that it stays the one name to replace in tests."""
    return sections() if reference is SPACE_EMPIRES else _loaded(reference)


def by_id(section_id: str, book: tuple[Section, ...] | None = None) -> Section | None:
    return next((s for s in (sections() if book is None else book) if s.id == section_id), None)


def broken_links(book: tuple[Section, ...] | None = None) -> list[str]:
    """Every link to a section that does not exist, as "from -> to"."""
    book = sections() if book is None else book
    known = {s.id for s in book}
    return [f"{s.id} -> {target}" for s in book for target in s.links() if target not in known]


# -- search ----------------------------------------------------------------------------------
def search_words(query: str) -> list[str]:
    """The words of a query, lower case (quotes keep a phrase together)."""
    phrases = re.findall(r'"([^"]+)"', query)
    rest = re.sub(r'"[^"]*"', " ", query)
    return [w.lower() for w in [*phrases, *rest.split()] if w.strip()]


def search(query: str, book: tuple[Section, ...] | None = None) -> list[Section]:
    """Sections holding every word of ``query`` (case-insensitive), the best first.

    Title hits rank first, then the number of hits; an empty query lists every
    section in reading order.
    """
    book = sections() if book is None else book
    words = search_words(query)
    if not words:
        return list(book)
    scored = []
    for order, section in enumerate(book):
        title, body = section.title.lower(), section.plain.lower()
        if all(w in title or w in body for w in words):
            in_title = sum(w in title for w in words)
            hits = sum(body.count(w) for w in words)
            scored.append((-in_title, -hits, order, section))
    return [item[-1] for item in sorted(scored, key=lambda item: item[:3])]


# -- links from the app ----------------------------------------------------------------------
def _slug(key: str) -> str:
    return key.lower().replace("_", "-")


UNIT_SECTIONS: dict[str, str] = {code: f"unit-{_slug(code)}" for code in data.UNIT_CODES}
TECH_SECTIONS: dict[str, str] = {key: f"tech-{_slug(key)}" for key in data.TECH_KEYS}
MARKER_SECTIONS: dict[str, str] = {key: f"marker-{_slug(key)}" for key in data.MARKER_KEYS}
ADVANCED_SECTIONS: dict[str, str] = {name: f"advanced-{_slug(name)}"
                                     for name in data.ADVANCED_RULES}
MACHINE_SECTION = "advanced-doomsday"

# The rule each kind of action is about: where a refusal of it that names no
# reason ("... is not legal now") leads.
ACTION_SECTIONS: dict[str, str] = {
    "place_homeworld": "setup",
    "move": "movement",
    "split": "split-merge",
    "merge": "split-merge",
    "colonize": "colonization",
    "load": "towing",
    "unload": "towing",
    "peek": "peeking",
    "end_movement": "movement",
    "shift": "marker-lost-in-space",
    "reveal": "peeking",
    "hide": "peeking",
    "choose_battle": "combat",
    "screen": "combat-screening",
    "unscreen": "combat-screening",
    "done_screening": "combat-screening",
    "fire": "combat-to-hit",
    "retreat": "combat-retreat",
    "hold": "combat-retreat",
    "fire_colony": "combat-colonies",
    "bid": "bidding",
    "choose_order": "bidding",
    "research": "research",
    "buy": "purchases",
    "refit": "refits",
    "undo_purchase": "purchases",
    "end_purchases": "purchases",
    "board": "advanced-fighters",
    "leave_carrier": "advanced-fighters",
    "scuttle": "advanced-scuttling",
    "detonate": "advanced-mines",
}

# F1 with nothing under the mouse: the rules of the decision the game waits for.
PHASE_SECTIONS: dict[str, str] = {
    "place_homeworld": "setup",
    "movement": "movement",
    "lost_in_space": "marker-lost-in-space",
    "exploration_peek": "peeking",
    "choose_battle": "combat",
    "combat_screen": "combat-screening",
    "combat_fire": "combat-steps",
    "colony_attack": "combat-colonies",
    "economic_bid": "bidding",
    "choose_order": "bidding",
    "economic_purchase": "economic-phase",
    "game_over": "victory",
    "mines": "advanced-mines",
}


@dataclass(frozen=True)
class Refusal:
    """One kind of reason the engine gives for refusing an action.

    ``pattern`` matches the engine's sentence (``Game.explain``, and the
    observation's ``problem`` of a purchase or refit); ``section`` is where
    the rule it cites is explained, or None when the section comes from the
    words the sentence names (a technology, an action kind).
    """

    kind: str
    pattern: re.Pattern[str]
    section: str | None


def _refusal(kind: str, pattern: str, section: str | None) -> Refusal:
    return Refusal(kind, re.compile(pattern), section)


_TECH_NAMES = "|".join(re.escape(name) for name in data.TECH_NAMES)
REFUSALS: tuple[Refusal, ...] = (
    _refusal("cost", r"costs \d+ CP, you have -?\d+", "purchases"),
    _refusal("ship_size", r"needs Ship Size \d+", "tech-ship-size"),
    _refusal("technology", rf"needs (?P<tech>{_TECH_NAMES}) \d+", None),
    _refusal("counters", r"all \d+ \S+ counters are in use", "counter-limits"),
    _refusal("not_buyable", r"not a unit anyone buys", "purchases"),
    _refusal("not_in_game", r"not in this game's rules", "advanced"),
    _refusal("no_income", r"only colonies that produced income this phase can build",
             "purchases"),
    _refusal("one_yard", r"one new ship yard per colony per phase", "unit-sy"),
    _refusal("one_base", r"one base per colony", "unit-base"),
    _refusal("yard_capacity", r"not enough ship yard capacity here", "tech-ship-yard"),
    _refusal("purchase_records", r"at most \d+ purchases per phase", "purchases"),
    _refusal("not_warship", r"only warships are refitted", "refits"),
    _refusal("not_at_yard", r"refits happen at one of your ship yards", "refits"),
    _refusal("moved", r"the group must have spent the whole last turn at the yard", "refits"),
    _refusal("up_to_date", r"already at your current technology", "refits"),
    _refusal("not_own", r"not one of your groups", "refits"),
    _refusal("fighter_base", r"fighters may leave their carrier only at one of your colonies",
             "advanced-fighters"),
    _refusal("game_over", r"^the game is over$", "victory"),
    _refusal("not_legal_now", r"^(?P<action>[a-z_]+)\(.*\) is not legal now", None),
)


def refusal_kind(message: str) -> Refusal | None:
    """The kind of an engine refusal, from its sentence (None: not one of the engine's)."""
    return next((r for r in REFUSALS if r.pattern.search(message)), None)


def refusal_section(message: str, action_kind: str | None = None) -> str | None:
    """The section that explains why ``message`` refused an action, or None.

    ``action_kind`` (the refused action's kind) is the fallback when the
    sentence names no reason the reference knows.
    """
    refusal = refusal_kind(message)
    if refusal is not None and refusal.section is not None:
        return refusal.section
    match = refusal.pattern.search(message) if refusal is not None else None
    if match is not None and match.groupdict().get("tech"):
        return TECH_SECTIONS[data.TECH_KEYS[data.TECH_NAMES.index(match["tech"])]]
    if match is not None and match.groupdict().get("action") in ACTION_SECTIONS:
        return ACTION_SECTIONS[match["action"]]
    return ACTION_SECTIONS.get(action_kind or "")


def section_ids_the_app_uses() -> dict[str, str]:
    """Every section id the app links to, with where it comes from (for tests)."""
    used: dict[str, str] = {}
    tables: dict[str, dict[str, str]] = {
        "unit": UNIT_SECTIONS, "tech": TECH_SECTIONS, "marker": MARKER_SECTIONS,
        "advanced": ADVANCED_SECTIONS, "action": ACTION_SECTIONS, "phase": PHASE_SECTIONS}
    for name, table in tables.items():
        for key, section in table.items():
            used.setdefault(section, f"{name} {key}")
    for refusal in REFUSALS:
        if refusal.section:
            used.setdefault(refusal.section, f"refusal {refusal.kind}")
    used.setdefault(MACHINE_SECTION, "the Doomsday Machine")
    return used

