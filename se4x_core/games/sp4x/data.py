"""The interpretation data: everything the SP4X prototype text leaves open, loaded once.

The numbers and choices live in ``resources/sp4x/rules.json`` (one editable
file; the README's SP4X interpretations say why each is what it is).  :func:`load` checks
every field and raises :class:`~se4x_core.errors.ConfigError` naming the
first bad one, so an edited file fails at start-up with a sentence, not
with a KeyError deep inside a game.

>>> rules = load()
>>> rules.hand_size, rules.card_names[-1], sum(rules.card_counts)
(5, 'ai', 31)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from se4x_core import paths
from se4x_core.errors import ConfigError

RULES_PATH: Path = paths.resource("sp4x", "rules.json")

#: The action cards in their fixed order (the card ids are indexes into this).
CARD_NAMES: tuple[str, ...] = ("move", "build", "exploit", "men", "steal", "war", "plan", "ai")
#: The four actions a Grand Plan pair (or a Star chain of Grand Plans) may choose.
PLAN_CHOICES: tuple[str, ...] = ("move", "build", "exploit", "men")
POWERS: tuple[str, ...] = ("transmogrifier", "cluster_bots", "telemorpher", "clone_pool")
PIECES: tuple[str, ...] = ("men", "bases", "roads")
OPTION_NAMES: tuple[str, ...] = ("draw_mandatory", "roads_count_on_both_tiles",
                                 "reset_resources_between_ages", "empty_hand_takes_top_card")


@dataclass(frozen=True)
class TileKind:
    """One kind of hex tile: how many there are, what it yields, its special rules."""

    name: str
    count: int
    yields: tuple[int, ...]  # per resource, in Rules.resources order
    barrier: bool  # Mountain, Slime Sea: entered only along a road of your colour
    start: bool  # may be drawn as a start tile
    power: str | None  # an Alien CIV power, used through Exploit
    bonus_man: int
    bonus_base: int
    base_plastic: int  # plastic paid to build a base here


@dataclass(frozen=True)
class Faction:
    """A player board: resource tracks (points per marker space) and scoring."""

    name: str
    tracks: tuple[tuple[int, ...], ...]  # per resource: points at amount 0..capacity
    combine: str  # "sum" or "multiply" (by the number of tracks holding resources)
    end_game_per_tile: int
    starts_with_ai: bool

    def capacity(self, resource: int) -> int:
        return len(self.tracks[resource]) - 1


@dataclass(frozen=True)
class Rules:
    """The whole interpretation data, validated."""

    players: tuple[int, ...]
    hand_size: int
    card_names: tuple[str, ...]
    card_counts: tuple[int, ...]
    pieces: tuple[int, int, int]
    start_pieces: tuple[int, int, int]
    resources: tuple[str, ...]
    tiles: tuple[TileKind, ...]
    start_positions: dict[int, tuple[tuple[int, int], ...]]
    scores: dict[str, Any]
    factions: dict[str, Faction]
    options: dict[str, bool]
    age_turn_limit: int

    def tile_id(self, name: str) -> int:
        return next(i for i, kind in enumerate(self.tiles) if kind.name == name)


def _fail(field: str, problem: str) -> ConfigError:
    return ConfigError(f"sp4x rules data: {field} {problem}")


def _int(doc: Any, field: str, low: int = 0, high: int = 10_000) -> int:
    if not isinstance(doc, int) or isinstance(doc, bool) or not low <= doc <= high:
        raise _fail(field, f"must be an integer {low}..{high}")
    return doc


def _bool(doc: Any, field: str) -> bool:
    if not isinstance(doc, bool):
        raise _fail(field, "must be true or false")
    return doc


def _obj(doc: Any, field: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise _fail(field, "must be an object")
    return doc


def _tile(name: str, doc: Any, resources: tuple[str, ...]) -> TileKind:
    field = f"tiles.{name}"
    doc = _obj(doc, field)
    yields = _obj(doc.get("yields"), f"{field}.yields")
    for key in yields:
        if key not in resources:
            raise _fail(f"{field}.yields.{key}", "is not a resource")
    power = doc.get("power")
    if power is not None and power not in POWERS:
        raise _fail(f"{field}.power", f"must be null or one of {', '.join(POWERS)}")
    return TileKind(
        name=name,
        count=_int(doc.get("count"), f"{field}.count", 0, 20),
        yields=tuple(_int(yields.get(r, 0), f"{field}.yields.{r}", 0, 9) for r in resources),
        barrier=_bool(doc.get("barrier"), f"{field}.barrier"),
        start=_bool(doc.get("start"), f"{field}.start"),
        power=power,
        bonus_man=_int(doc.get("bonus_man"), f"{field}.bonus_man", 0, 9),
        bonus_base=_int(doc.get("bonus_base"), f"{field}.bonus_base", 0, 9),
        base_plastic=_int(doc.get("base_plastic"), f"{field}.base_plastic", 0, 9),
    )


def _faction(name: str, doc: Any, resources: tuple[str, ...]) -> Faction:
    field = f"factions.{name}"
    doc = _obj(doc, field)
    tracks_doc = _obj(doc.get("tracks"), f"{field}.tracks")
    tracks = []
    for r in resources:
        values = tracks_doc.get(r)
        if not isinstance(values, list) or not 2 <= len(values) <= 20:
            raise _fail(f"{field}.tracks.{r}", "must be a list of 2..20 point values")
        tracks.append(tuple(_int(v, f"{field}.tracks.{r}[{i}]", 0, 99)
                            for i, v in enumerate(values)))
    combine = doc.get("combine")
    if combine not in ("sum", "multiply"):
        raise _fail(f"{field}.combine", "must be \"sum\" or \"multiply\"")
    return Faction(name, tuple(tracks), combine,
                   _int(doc.get("end_game_per_tile"), f"{field}.end_game_per_tile", 0, 9),
                   _bool(doc.get("starts_with_ai"), f"{field}.starts_with_ai"))


def _cards(doc: Any) -> tuple[int, ...]:
    cards = _obj(doc, "cards")
    if set(cards) != set(CARD_NAMES):
        raise _fail("cards", f"must name exactly {', '.join(CARD_NAMES)}")
    counts = tuple(_int(cards[name], f"cards.{name}", 1, 12) for name in CARD_NAMES)
    if counts[-1] != 1:
        raise _fail("cards.ai", "must be 1 (there is one AI card)")
    return counts


def _start_positions(doc: Any, players: tuple[int, ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    positions = _obj(doc, "start_positions")
    out = {}
    for n in players:
        cells = positions.get(str(n))
        field = f"start_positions.{n}"
        if not isinstance(cells, list) or len(cells) != n:
            raise _fail(field, f"must list {n} [q, r] cells")
        coords = []
        for i, cell in enumerate(cells):
            if not isinstance(cell, list) or len(cell) != 2:
                raise _fail(f"{field}[{i}]", "must be [q, r]")
            q, r = (_int(v, f"{field}[{i}]", -1, 1) for v in cell)
            if max(abs(q), abs(r), abs(q + r)) != 1:
                raise _fail(f"{field}[{i}]", "must be next to the Mothership at [0, 0]")
            coords.append((q, r))
        if len(set(coords)) != n:
            raise _fail(field, "must list distinct cells")
        out[n] = tuple(coords)
    return out


def _scores(doc: Any) -> dict[str, Any]:
    scores = _obj(doc, "scores")
    out: dict[str, Any] = {}
    for key in ("move", "men_per_shared_tile", "plan", "war_per_tile", "ai_pair"):
        out[key] = _int(scores.get(key), f"scores.{key}", 0, 99)
    for key in ("steal", "ai_alone"):
        out[key] = _int(scores.get(key), f"scores.{key}", -99, 99)
    out["steal_takes_bonus"] = _bool(scores.get("steal_takes_bonus"), "scores.steal_takes_bonus")
    table = scores.get("build_connected_bases")
    if not isinstance(table, list) or len(table) < 2:
        raise _fail("scores.build_connected_bases", "must list points for 0, 1, ... bases")
    out["build_connected_bases"] = tuple(
        _int(v, f"scores.build_connected_bases[{i}]", 0, 99) for i, v in enumerate(table))
    return out


def parse(doc: Any) -> Rules:
    """Validated :class:`Rules` from the parsed JSON; ConfigError names the bad field."""
    doc = _obj(doc, "the file")
    if doc.get("format") != "sp4x-rules" or doc.get("version") != 1:
        raise _fail("format/version", "must be \"sp4x-rules\" version 1")
    players = doc.get("players")
    if not isinstance(players, list) or not players or \
            any(not isinstance(n, int) or n not in (2, 3, 4) for n in players):
        raise _fail("players", "must list player counts from 2, 3, 4")
    resources = doc.get("resources")
    if resources != ["plastic", "food", "metal"]:
        raise _fail("resources", "must be [\"plastic\", \"food\", \"metal\"] (the rules use each)")
    resources_t = tuple(resources)
    tiles = tuple(_tile(name, body, resources_t)
                  for name, body in _obj(doc.get("tiles"), "tiles").items())
    _check_tiles(tiles, max(players))
    pieces = _obj(doc.get("pieces"), "pieces")
    start = _obj(doc.get("start_pieces"), "start_pieces")
    piece_counts = tuple(_int(pieces.get(k), f"pieces.{k}", 1, 99) for k in PIECES)
    start_counts = tuple(_int(start.get(k), f"start_pieces.{k}", 0, piece_counts[i])
                         for i, k in enumerate(PIECES))
    if start_counts[1] > 1 or start_counts[2] > 1:
        raise _fail("start_pieces", "may place at most 1 base and 1 road")
    factions = {name: _faction(name, body, resources_t)
                for name, body in _obj(doc.get("factions"), "factions").items()}
    if "vanilla" not in factions:
        raise _fail("factions", "must include \"vanilla\" (the default board)")
    options_doc = _obj(doc.get("options"), "options")
    options = {name: _bool(options_doc.get(name), f"options.{name}") for name in OPTION_NAMES}
    hand_size = _int(doc.get("hand_size"), "hand_size", 1, 10)
    card_counts = _cards(doc.get("cards"))
    if hand_size * max(players) >= sum(card_counts):
        raise _fail("hand_size", "leaves no deck for the largest player count")
    return Rules(
        players=tuple(sorted(players)), hand_size=hand_size, card_names=CARD_NAMES,
        card_counts=card_counts,
        pieces=(piece_counts[0], piece_counts[1], piece_counts[2]),
        start_pieces=(start_counts[0], start_counts[1], start_counts[2]),
        resources=resources_t, tiles=tiles,
        start_positions=_start_positions(doc.get("start_positions"), tuple(players)),
        scores=_scores(doc.get("scores")), factions=factions, options=options,
        age_turn_limit=_int(options_doc.get("age_turn_limit"), "options.age_turn_limit", 20),
    )


def _check_tiles(tiles: tuple[TileKind, ...], max_players: int) -> None:
    names = [kind.name for kind in tiles]
    if "mothership" not in names or tiles[names.index("mothership")].count != 1:
        raise _fail("tiles.mothership", "must exist with count 1 (it starts in the centre)")
    if sum(kind.count for kind in tiles) > 40:
        raise _fail("tiles", "hold more than 40 tiles (the board's coordinates stop there)")
    starts = sum(kind.count for kind in tiles if kind.start and kind.name != "mothership")
    if starts < max_players:
        raise _fail("tiles", f"give fewer than {max_players} possible start tiles")
    for kind in tiles:
        if kind.start and kind.barrier:
            raise _fail(f"tiles.{kind.name}.start", "cannot be true for a barrier tile")


def load(path: Path | None = None) -> Rules:
    """The rules data from ``path`` (default: the shipped file), validated."""
    if path is None:
        return _default()
    return _read(path)


@lru_cache(maxsize=1)
def _default() -> Rules:
    return _read(RULES_PATH)


def _read(path: Path) -> Rules:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"sp4x rules data: cannot read {path}: {exc}") from None
    return parse(doc)
