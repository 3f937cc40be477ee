"""The gaps, as data: everything the SE4 board game's text does not give, loaded once.

The component deck (every weapon, armor, shield and utility card, with its numbers), the
maps for 2, 3 and 4 players, the research chart's effects and the victory rule live in
``resources/se4/gaps.json``: one editable file, each entry saying where it came from
(an example of the text, or a choice of ours; ``docs/se4.md`` lists them all).
:func:`load` checks every field and raises :class:`~se4x_core.errors.ConfigError`
naming the first bad one, so an edited file fails at start-up with a sentence.

>>> gaps = load()
>>> gaps.component("Antiproton Beam").damage, len(gaps.maps[2].sectors)
(2, 15)
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from se4x_core import paths
from se4x_core.errors import ConfigError
from se4x_core.games.se4.charts import BODIES, TECHS

GAPS_PATH: Path = paths.resource("se4", "gaps.json")
COMPONENT_TYPES: tuple[str, ...] = ("weapon", "armor", "shield", "utility")


@dataclass(frozen=True)
class Component:
    """One kind of component card (a weapon, an armor, a shield or a utility)."""

    name: str
    type: str
    count: int  # copies in one set of cards
    attack: int = 0  # to attack rolls (a weapon's own, or a utility's for every weapon)
    damage: int = 0
    rounds: tuple[int, ...] = ()  # the combat rounds a weapon fires in
    missile: bool = False  # always hits: 1d6 missiles of 1 damage, point defence against
    shields_half: bool = False  # two damage points turn one shield face down
    bombard: bool = False  # may fire at planets in round 7
    bombard_only: bool = False  # fires at nothing else
    free_target: bool = False  # picks its own target, even on a called shot
    spoils: bool = False  # a hit spoils the target's next shot
    standard: bool = False  # the face-up pile bought at completion
    negate: int = 0  # armor: damage points negated a combat round
    combat_regen: int = 0  # organic armor: the roll restoring a card in combat (or more)
    admin_regen: int = 0  # ... and in administration
    defence: int = 0
    pd_target: int = 0  # to point-defence rolls of the targeted ship
    pd_support: int = 0  # ... of a supporting ship
    pd_rolls: int = 0  # point-defence rolls a round with this card
    cargo: int = 0
    cargo_slot: bool = False  # may fill a hull's cargo slot
    repair: int = 0
    cloak: bool = False
    shield_regen: int = 0  # face-down shields restored in a combat round's phase 6
    source: str = ""

    @property
    def slot_size(self) -> int:
        """Quarters of a slot: armor 2, a shield 1, anything else a whole slot (4)."""
        return {"armor": 2, "shield": 1}.get(self.type, 4)


@dataclass(frozen=True)
class Tech:
    """One result of the research chart and what it does (the text gives one effect)."""

    name: str
    effect: str
    cargo_bonus: int = 0
    repair_bonus: int = 0
    yard_restores: int = 1
    armor_negate: int = 0
    durable: bool = False
    shield_defence: int = 0
    torpedo_damage: int = 0


@dataclass(frozen=True)
class Sector:
    name: str
    x: int
    y: int
    body: str


@dataclass(frozen=True)
class Map:
    """A board: sectors, warp lines (stable or unstable) and the home-world choices."""

    sectors: tuple[Sector, ...]
    lines: tuple[tuple[int, int, bool], ...]  # (a, b, unstable)
    neighbours: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    def unstable(self, a: int, b: int) -> bool:
        return any(u for x, y, u in self.lines if {x, y} == {a, b})

    @property
    def homes(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.sectors) if s.body == "home")


@dataclass(frozen=True)
class Victory:
    round_limit: int
    score: dict[str, int]
    about: str


@dataclass(frozen=True)
class Gaps:
    """The whole data file, checked."""

    components: tuple[Component, ...]
    techs: tuple[Tech, ...]  # in the research chart's order
    deck_sets: dict[int, int]
    standard_armor_pile: int
    planetary_shield_negates: int
    victory: Victory
    maps: dict[int, Map]

    def component(self, name: str) -> Component:
        return self.components[self.component_id(name)]

    def component_id(self, name: str) -> int:
        for i, card in enumerate(self.components):
            if card.name == name:
                return i
        raise KeyError(name)

    @property
    def standard_armor(self) -> int:
        """The id of the face-up armor bought at completion."""
        return next(i for i, c in enumerate(self.components) if c.standard)


def _fail(where: str, problem: str) -> ConfigError:
    return ConfigError(f"se4 gaps data: {where} {problem}")


def _int(doc: Any, where: str, low: int = 0, high: int = 1000) -> int:
    if isinstance(doc, bool) or not isinstance(doc, int) or not low <= doc <= high:
        raise _fail(where, f"must be an integer {low}..{high}")
    return doc


def _obj(doc: Any, where: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise _fail(where, "must be an object")
    return doc


_BOOLS = ("missile", "shields_half", "bombard", "bombard_only", "free_target", "spoils",
          "standard", "cargo_slot", "cloak")
_INTS = ("attack", "damage", "negate", "combat_regen", "admin_regen", "defence", "pd_target",
         "pd_support", "pd_rolls", "cargo", "repair", "shield_regen")


def _component(name: str, doc: Any) -> Component:
    where = f"components.{name}"
    doc = _obj(doc, where)
    kind = doc.get("type")
    if kind not in COMPONENT_TYPES:
        raise _fail(f"{where}.type", f"must be one of {', '.join(COMPONENT_TYPES)}")
    known = {"type", "count", "rof", "rounds", "source", *_BOOLS, *_INTS}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise _fail(f"{where}.{unknown[0]}", "is not a component field")
    values: dict[str, Any] = {"name": name, "type": kind,
                              "count": _int(doc.get("count"), f"{where}.count", 0, 200),
                              "source": str(doc.get("source", ""))}
    for key in _BOOLS:
        if key in doc:
            if not isinstance(doc[key], bool):
                raise _fail(f"{where}.{key}", "must be true or false")
            values[key] = doc[key]
    for key in _INTS:
        if key in doc:
            values[key] = _int(doc[key], f"{where}.{key}", -6, 20)
    values["rounds"] = _rounds(doc, where, kind)
    return Component(**values)


def _rounds(doc: dict[str, Any], where: str, kind: str) -> tuple[int, ...]:
    """A weapon's firing rounds: ``rof`` 1-3 (the text's schedules) or ``rounds``."""
    from se4x_core.games.se4.charts import COMBAT_ROUNDS, ROF_ROUNDS

    if kind != "weapon":
        if "rof" in doc or "rounds" in doc:
            raise _fail(f"{where}.rof", "belongs to weapons only")
        return ()
    if doc.get("bombard_only"):
        return ()
    if "rounds" in doc:
        rounds = doc["rounds"]
        if not isinstance(rounds, list) or not rounds or any(
                isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= COMBAT_ROUNDS
                for r in rounds):
            raise _fail(f"{where}.rounds", f"must be a list of rounds 1..{COMBAT_ROUNDS}")
        return tuple(sorted(set(rounds)))
    rof = _int(doc.get("rof"), f"{where}.rof", 1, 3)
    return ROF_ROUNDS[rof]


def _tech(name: str, doc: Any) -> Tech:
    where = f"techs.{name}"
    doc = _obj(doc, where)
    values: dict[str, Any] = {"name": name, "effect": str(doc.get("effect", ""))}
    for key in ("cargo_bonus", "repair_bonus", "yard_restores", "armor_negate",
                "shield_defence", "torpedo_damage"):
        if key in doc:
            values[key] = _int(doc[key], f"{where}.{key}", 0, 10)
    if "durable" in doc:
        if not isinstance(doc["durable"], bool):
            raise _fail(f"{where}.durable", "must be true or false")
        values["durable"] = doc["durable"]
    unknown = sorted(set(doc) - set(values) - {"effect"})
    if unknown:
        raise _fail(f"{where}.{unknown[0]}", "is not a tech field")
    return Tech(**values)


def _map(players: int, doc: Any) -> Map:
    where = f"maps.{players}"
    doc = _obj(doc, where)
    raw_sectors, raw_lines = doc.get("sectors"), doc.get("lines")
    if not isinstance(raw_sectors, list) or not 2 <= len(raw_sectors) <= 200:
        raise _fail(f"{where}.sectors", "must be a list of 2..200 sectors")
    sectors = []
    for i, s in enumerate(raw_sectors):
        s = _obj(s, f"{where}.sectors[{i}]")
        if s.get("body") not in BODIES:
            raise _fail(f"{where}.sectors[{i}].body", f"must be one of {', '.join(BODIES)}")
        sectors.append(Sector(str(s.get("name", i)), _int(s.get("x"), f"{where}.sectors[{i}].x"),
                              _int(s.get("y"), f"{where}.sectors[{i}].y"), s["body"]))
    if not isinstance(raw_lines, list):
        raise _fail(f"{where}.lines", "must be a list of [a, b, stable|unstable]")
    lines = []
    for i, line in enumerate(raw_lines):
        if not (isinstance(line, list) and len(line) == 3 and line[2] in ("stable", "unstable")):
            raise _fail(f"{where}.lines[{i}]", "must be [a, b, \"stable\" or \"unstable\"]")
        a = _int(line[0], f"{where}.lines[{i}][0]", 0, len(sectors) - 1)
        b = _int(line[1], f"{where}.lines[{i}][1]", 0, len(sectors) - 1)
        if a == b:
            raise _fail(f"{where}.lines[{i}]", "joins a sector to itself")
        lines.append((a, b, line[2] == "unstable"))
    neighbours = tuple(tuple(sorted({b for a, b, _ in lines if a == s} |
                                    {a for a, b, _ in lines if b == s}))
                       for s in range(len(sectors)))
    board = Map(tuple(sectors), tuple(lines), neighbours)
    if len(board.homes) < players:
        raise _fail(f"{where}.sectors", f"must hold at least {players} home planets")
    if not _connected(neighbours):
        raise _fail(f"{where}.lines", "must join every sector to every other")
    return board


def _connected(neighbours: tuple[tuple[int, ...], ...]) -> bool:
    seen, todo = {0}, deque([0])
    while todo:
        for n in neighbours[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(neighbours)


def _victory(doc: Any) -> Victory:
    doc = _obj(doc, "victory")
    if doc.get("rule") != "last_colony":
        raise _fail("victory.rule", "must be \"last_colony\"")
    score = _obj(doc.get("score"), "victory.score")
    keys = ("home", "colony", "coin", "facility_price", "ship_cost_half")
    return Victory(_int(doc.get("round_limit"), "victory.round_limit", 0, 1000),
                   {key: _int(score.get(key), f"victory.score.{key}", 0, 100) for key in keys},
                   str(doc.get("about", "")))


def parse(doc: Any) -> Gaps:
    """The data file's object, checked field by field."""
    doc = _obj(doc, "the file")
    components = tuple(_component(name, c) for name, c in
                       _obj(doc.get("components"), "components").items())
    if sum(1 for c in components if c.standard and c.type == "armor") != 1:
        raise _fail("components", "must hold exactly one standard armor")
    if not any(c.type == "shield" for c in components):
        raise _fail("components", "must hold a shield")
    techs_doc = _obj(doc.get("techs"), "techs")
    if list(techs_doc) != list(TECHS):
        raise _fail("techs", f"must list the research chart in order: {', '.join(TECHS)}")
    sets_doc = _obj(doc.get("deck_sets"), "deck_sets")
    maps_doc = _obj(doc.get("maps"), "maps")
    players = (2, 3, 4)
    return Gaps(
        components=components,
        techs=tuple(_tech(name, t) for name, t in techs_doc.items()),
        deck_sets={p: _int(sets_doc.get(str(p)), f"deck_sets.{p}", 1, 10) for p in players},
        standard_armor_pile=_int(doc.get("standard_armor_pile"), "standard_armor_pile"),
        planetary_shield_negates=_int(doc.get("planetary_shield_negates"),
                                      "planetary_shield_negates", 0, 100),
        victory=_victory(doc.get("victory")),
        maps={p: _map(p, maps_doc.get(str(p))) for p in players},
    )


def load(path: Path | None = None) -> Gaps:
    """The gaps data from ``path`` (default: the shipped file), checked."""
    return _default() if path is None else _read(path)


@lru_cache(maxsize=1)
def _default() -> Gaps:
    return _read(GAPS_PATH)


def _read(path: Path) -> Gaps:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise ConfigError(f"se4 gaps data: cannot read {path}: {exc}") from None
    return parse(doc)


def self_test() -> str:
    """What ``se4x --self-test`` reports of the data file (it raises if the file is bad)."""
    gaps = load()
    cards = sum(c.count for c in gaps.components)
    return (f"SE4 gaps data: {len(gaps.components)} kinds of component card ({cards} "
            f"cards a set), maps for {', '.join(str(p) for p in sorted(gaps.maps))} players")
