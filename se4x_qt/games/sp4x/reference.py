"""SP4X's rules reference: its chapters, the numbers they show, and F1 from the window.

The chapters are Markdown in ``resources/help/sp4x/`` (the same form as
Space Empires' reference, read by :mod:`se4x_qt.help_book`), shown by the
same viewer (:mod:`se4x_qt.widgets.rules_viewer`) with SP4X's rules texts in
tabs.  Every number the engine takes from ``resources/sp4x/rules.json`` is a
placeholder here, filled from that file when the reference is read
(``{{tile-table}}``, ``{{score:steal}}``, ...), so an edited rules file
changes the reference with the game.  The numbers written in the engine's
code (two men for a single Move, three roads for a Build pair, ...) are
written in the chapters; the tests check them against the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from se4x_core.games.sp4x.data import Faction, Rules, TileKind, load
from se4x_qt import help_book, resources
from se4x_qt.games.sp4x import texts
from se4x_qt.help_book import markdown_table as _table

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from se4x_qt.widgets.rules_viewer import RulesViewer

HELP_DIR = resources.HELP_DIR / "sp4x"
TEXTS_DIR = resources.RULES_DIR / "sp4x"
DASH = "\u2013"
MINUS = "\u2212"


def number(value: int) -> str:
    """A number as the reference prints it (a true minus sign)."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def _rules() -> Rules:
    return load()


def _tile(name: str) -> TileKind:
    tile = next((t for t in _rules().tiles if t.name == name), None)
    if tile is None:
        raise KeyError(f"no tile kind {name}")
    return tile


def tile_yields(tile: TileKind) -> str:
    """What a tile shows to harvest, e.g. "1 plastic, 1 food", or a dash."""
    rules = _rules()
    shown = [f"{amount} {resource}" for resource, amount
             in zip(rules.resources, tile.yields, strict=True) if amount]
    return ", ".join(shown) or DASH


def tile_bonus(tile: TileKind) -> str:
    parts = []
    if tile.bonus_man:
        parts.append(f"+{tile.bonus_man} for your man")
    if tile.bonus_base:
        parts.append(f"+{tile.bonus_base} for your base")
    return ", ".join(parts) or DASH


def tile_table() -> str:
    """Every tile kind: how many, what it yields, how it is entered, bonus, base cost."""
    rows: list[tuple[object, ...]] = []
    for tile in _rules().tiles:
        name = texts.tile_title(tile.name)
        if tile.power:
            name = f"[{name}](#alien-powers)"
        rows.append((name, tile.count, tile_yields(tile),
                     "along your own road only" if tile.barrier else "yes",
                     "yes" if tile.start else "no", tile_bonus(tile),
                     f"{tile.base_plastic} plastic" if tile.base_plastic else "free"))
    return _table(("Tile", "How many", "Yields", "Walk in", "Start tile", "Bonus points",
                   "A base costs"), rows)


def tile_count() -> str:
    return str(sum(t.count for t in _rules().tiles))


def tile_value(arg: str) -> str:
    """One figure of one tile kind: ``{{tile:mountain_base_plastic}}`` and so on."""
    for field in ("count", "bonus_man", "bonus_base", "base_plastic"):
        suffix = "_" + field
        if arg.endswith(suffix):
            return str(getattr(_tile(arg[:-len(suffix)]), field))
    if arg.endswith("_yields"):
        return tile_yields(_tile(arg[:-len("_yields")]))
    raise KeyError(arg)


def score(key: str) -> str:
    value = _rules().scores[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise KeyError(f"scores.{key} is not a number")
    return number(value)


def build_table() -> str:
    points = _rules().scores["build_connected_bases"]
    rows: list[tuple[object, ...]] = [(str(n) if n < len(points) - 1 else f"{n} or more",
                                       number(int(p))) for n, p in enumerate(points)]
    return _table(("Bases joined by your roads", "Points"), rows)


def steal_score() -> str:
    """A Steal pair's points: "-3, no bonus" (or "+ bonus" if the data says so)."""
    bonus = "+ bonus" if _rules().scores["steal_takes_bonus"] else "no bonus"
    return f"{score('steal')}, {bonus}" if bonus == "no bonus" else f"{score('steal')} {bonus}"


def _build_points() -> str:
    points = _rules().scores["build_connected_bases"]
    return ("/".join(number(int(p)) for p in points)
            + f" for 0{DASH}{len(points) - 1} bases joined by your roads, + bonus")


def card_rows() -> dict[str, tuple[str, str, str]]:
    """Each action card: (show one, play a pair, the pair's points), in the engine's terms."""
    return {
        "move": ("two men each move or explore", "every man moves or explores",
                 f"{score('move')} + bonus"),
        "build": ("one road", "up to 3 roads, or one base", _build_points()),
        "exploit": ("one tile's resources, or one Alien power",
                    "one resource from every tile you are on, or every Alien power",
                    "the harvest + bonus"),
        "men": ("2 new men on one tile with your base", "2 new men on every tile with your base",
                f"{score('men_per_shared_tile')} a shared tile + bonus"),
        "steal": ("1 resource from a player on a tile with your man",
                  "up to 3 resources from one such player", steal_score()),
        "war": ("one nomination: a piece lost or 1 metal paid", "a great War",
                f"everybody: {score('war_per_tile')} a tile with their pieces + bonus"),
        "plan": ("laid out: nobody draws from you until your next turn ends",
                 "Move & Explore, Build, Exploit or Men as a pair", f"{score('plan')} + bonus"),
        "ai": (f"only as your last card: the age ends, {score('ai_alone')}",
               "with any other card: that card's pair action, both cards kept",
               f"{score('ai_pair')} + bonus"),
    }


def card_table() -> str:
    """The action cards: copies in the deck, what one shown does, what a pair does."""
    rules = _rules()
    described = card_rows()
    rows: list[tuple[object, ...]] = []
    for name, count in zip(rules.card_names, rules.card_counts, strict=True):
        anchor = "ai-card" if name == "ai" else f"card-{name}"
        single, pair, points = described[name]
        rows.append((f"[{texts.card_title(name)}](#{anchor})", count, single, pair, points))
    rows.append(("[Star](#star-card)", 1, "lies at the bottom of the deck", DASH, DASH))
    return _table(("Card", "Copies", "Show one", "Play a pair", "Pair scores"), rows)


def card_count(name: str) -> str:
    rules = _rules()
    if name == "all":
        return str(sum(rules.card_counts))
    return str(rules.card_counts[rules.card_names.index(name)])


def pieces_table() -> str:
    rules = _rules()
    rows: list[tuple[object, ...]] = [
        (piece.capitalize(), total, start)
        for piece, total, start in zip(("men", "bases", "roads"), rules.pieces,
                                       rules.start_pieces, strict=True)]
    return _table(("Piece", "Per colour", "On your start tile"), rows)


def _faction_title(name: str) -> str:
    return {"vanilla": "Vanilla", "homo_saiens": "Homo SAIens", "chenar": "Chenar"}.get(
        name, name.replace("_", " ").title())


def _track_points(faction: Faction) -> str:
    tracks = {", ".join(map(str, track)) for track in faction.tracks}
    if len(tracks) == 1:
        return next(iter(tracks))
    rules = _rules()
    return "; ".join(f"{resource}: {', '.join(map(str, track))}"
                     for resource, track in zip(rules.resources, faction.tracks, strict=True))


def faction_table() -> str:
    rows: list[tuple[object, ...]] = []
    for name, faction in _rules().factions.items():
        combine = ("summed" if faction.combine == "sum"
                   else "summed, times the tracks holding resources")
        end = (f"{faction.end_game_per_tile} a tile you are on" if faction.end_game_per_tile
               else DASH)
        rows.append((_faction_title(name), _track_points(faction), combine, end,
                     "yes" if faction.starts_with_ai else "no"))
    return _table(("Faction", "Points at 0, 1, 2, ... on a track", "Tracks are",
                   "End-game points", "Starts with the AI"), rows)


def capacity() -> str:
    """How much a track holds (the same for every track of every faction)."""
    sizes = {len(track) - 1 for f in _rules().factions.values() for track in f.tracks}
    if len(sizes) != 1:
        return f"{min(sizes)}{DASH}{max(sizes)}"
    return str(next(iter(sizes)))


def bonus_example() -> str:
    """The bonus of a man on the Mothership and bases on two Mountains."""
    mothership, mountain = _tile("mothership"), _tile("mountain")
    return str(mothership.bonus_man + 2 * mountain.bonus_base)


def rules_value(name: str) -> str:
    """A top-level number of rules.json: hand_size, or an option such as age_turn_limit."""
    rules = _rules()
    if name == "hand_size":
        return str(rules.hand_size)
    if name == "age_turn_limit":
        return str(rules.age_turn_limit)
    if name == "players":
        return " or ".join(map(str, rules.players))
    raise KeyError(name)


GENERATORS: dict[str, Callable[..., str]] = {
    "tile-table": tile_table,
    "tile-count": tile_count,
    "tile": tile_value,
    "score": score,
    "build-table": build_table,
    "card-table": card_table,
    "cards": card_count,
    "pieces-table": pieces_table,
    "faction-table": faction_table,
    "capacity": capacity,
    "bonus-example": bonus_example,
    "steal-score": steal_score,
    "rules": rules_value,
}

REFERENCE = help_book.Reference(
    game="sp4x", title="SP4X (prototype rules)", folder=HELP_DIR, generators=GENERATORS,
    texts=(("Rules (English summary)", "sp4x-rules-english.md"),
           ("Rules (Danish original)", "sp4x-rules-danish.txt")),
    texts_dir=TEXTS_DIR, search_example="star chain")

# F1: the rules of the decision the game waits for.
PHASE_SECTIONS: dict[str, str] = {
    "draw": "draw",
    "main": "turn",
    "star_order": "star-card",
    "plan_choice": "card-plan",
    "move": "card-move",
    "build": "card-build",
    "exploit": "card-exploit",
    "powers": "alien-powers",
    "transmogrify": "alien-powers",
    "cluster_bots": "alien-powers",
    "telemorph": "alien-powers",
    "men": "card-men",
    "steal": "card-steal",
    "war": "card-war",
    "war_loss": "card-war",
    "spend": "spending",
    "game_over": "end-of-game",
}


def sections() -> tuple[help_book.Section, ...]:
    return help_book.reference_sections(REFERENCE)


def show_rules(window: QWidget, section: str | None = None) -> RulesViewer:
    """Open SP4X's reference (Help > Rules, F1): at ``section``, else at the rules of the
    decision the game waits for, else at the first section."""
    from se4x_qt.widgets.rules_viewer import show_reference

    driver = getattr(window, "driver", None)
    if section is None and driver is not None:
        section = PHASE_SECTIONS.get(str(driver.observation().get("phase", "")))
    return show_reference(section, window, REFERENCE)


__all__ = ["GENERATORS", "HELP_DIR", "PHASE_SECTIONS", "REFERENCE", "show_rules"]
