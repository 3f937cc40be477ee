"""The battle simulator's input: a JSON battle spec, parsed and checked.

Plain Python on purpose: it runs once per command, and its job is to turn
any malformed input into a :class:`SpecError` that names the bad field (for
example ``defender.units[0].count: must be an integer >= 1``) before anything
reaches the compiled kernel, which trusts its arrays.

A spec looks like this (``terrain`` and every ``tech`` are optional, a unit
entry may override any of its side's levels):

>>> spec = parse_spec({
...     "terrain": "open",
...     "attacker": {"tech": {"attack": 0, "defense": 0, "tactics": 0},
...                  "units": [{"type": "DD", "count": 3}]},
...     "defender": {"tech": {"attack": 1, "defense": 1, "tactics": 0},
...                  "units": [{"type": "CA", "count": 2, "defense": 0}]}})
>>> spec.defender.units[0]  # doctest: +ELLIPSIS
UnitEntry(unit_type=2, count=2, attack=1, defense=0, tactics=0, fighters=0, ...)

The advanced rules' units and levels (``fighters`` 0-3, ``point_defense``
0-3, ``cloaking`` 0-2, ``scanners`` 0-2, ``mine_sweep`` 0-2; see
:mod:`se4x_core.sim.combat_sim` for what each does).  A fighter entry is F1,
F2 or F3 by its ``fighters`` level, so it needs one; a raider needs
``cloaking``:

>>> spec = parse_spec({
...     "attacker": {"tech": {"fighters": 2},
...                  "units": [{"type": "CV", "count": 1}, {"type": "F", "count": 3},
...                            {"type": "R", "count": 2, "cloaking": 1}]},
...     "defender": {"tech": {"scanners": 1, "point_defense": 1},
...                  "units": [{"type": "DD", "count": 2}, {"type": "SC", "count": 2},
...                            {"type": "Mine", "count": 1}]}})
>>> [(u.count, u.fighters, u.cloaking) for u in spec.attacker.units]
[(1, 2, 0), (3, 2, 0), (2, 2, 1)]
>>> parse_spec({"attacker": {"units": [{"type": "F", "count": 1}]},
...             "defender": {"units": [{"type": "DD", "count": 1}]}})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
se4x_core.sim.battle_spec.SpecError: attacker.units[0].fighters: a fighter (F) needs ...

A Doomsday Machine (advanced rules) is the entry ``{"type": "DM", "count": 1}``,
with ``hits`` (0-2) it has already taken.  It belongs to no player, so it is
always the defender (the player whose ships meet it decides, as the engine's
attacker) and alone on its side, and it has no technology:

>>> spec = parse_spec({"attacker": {"units": [{"type": "BB", "count": 2}]},
...                    "defender": {"units": [{"type": "DM", "count": 1, "hits": 1}]}})
>>> spec.defender.units[0].unit_type == data.MACHINE_TYPE, spec.defender.units[0].hits
(True, 1)
>>> parse_spec({"attacker": {"units": [{"type": "DM", "count": 1}]},
...             "defender": {"units": [{"type": "DD", "count": 1}]}})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
se4x_core.sim.battle_spec.SpecError: attacker.units[0].type: a Doomsday Machine (DM) is ...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from se4x_core import data
from se4x_core.kernel.battle_math import TERRAIN_NAMES

TECH_FIELDS: tuple[str, ...] = ("attack", "defense", "tactics", "fighters", "point_defense",
                                 "cloaking", "scanners", "mine_sweep")
# Each level's top, from the Research Chart (data.TECH_KEYS names the techs).
_TECH_MAX: dict[str, int] = {name: data.TECH_MAX[data.TECH_KEYS.index(name)]
                             for name in TECH_FIELDS}
_TOP_KEYS = ("terrain", "attacker", "defender")
_SIDE_KEYS = ("tech", "units")
_UNIT_KEYS = ("type", "count", *TECH_FIELDS, "hits")
# Every unit of the charts, the advanced rules' included, and the Doomsday Machine.
_CODES_BY_LOWER: dict[str, int] = {code.lower(): i for i, code in enumerate(data.UNIT_CODES)}
_CODES_BY_LOWER[data.MACHINE_CODE.lower()] = data.MACHINE_TYPE


class SpecError(ValueError):
    """A malformed battle spec; ``field`` names the offending part."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class UnitEntry:
    """One line of a side's unit list, with its tech levels resolved.

    The levels are the ones written in the spec (the side's, or the entry's
    override); capping by hull size happens when groups are formed.
    """

    unit_type: int
    count: int
    attack: int
    defense: int
    tactics: int
    fighters: int = 0
    point_defense: int = 0
    cloaking: int = 0
    scanners: int = 0
    mine_sweep: int = 0
    hits: int = 0  # a Doomsday Machine's hits already taken (0 for every other unit)


@dataclass(frozen=True)
class SideSpec:
    """One side: its technology and its units in listing order."""

    attack: int
    defense: int
    tactics: int
    units: tuple[UnitEntry, ...]
    fighters: int = 0
    point_defense: int = 0
    cloaking: int = 0
    scanners: int = 0
    mine_sweep: int = 0


@dataclass(frozen=True)
class BattleSpec:
    """A whole battle: terrain code (``combat_sim.TERRAIN_*``) and both sides."""

    terrain: int
    attacker: SideSpec
    defender: SideSpec


def _check_keys(obj: object, where: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    """``obj`` as a dict with no key outside ``allowed``."""
    if not isinstance(obj, dict):
        raise SpecError(where, "must be a JSON object")
    for key in obj:
        if key not in allowed:
            field = f"{where}.{key}" if where != "spec" else str(key)
            raise SpecError(field, f"unknown key (expected one of: {', '.join(allowed)})")
    return obj


def _is_int(value: object) -> TypeGuard[int]:
    """A JSON integer (``true`` and ``2.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _tech_level(value: object, field: str, name: str) -> int:
    """A tech level within the Research Chart's range."""
    top = _TECH_MAX[name]
    if not _is_int(value) or not 0 <= value <= top:
        raise SpecError(field, f"must be an integer from 0 to {top}")
    return value


def _parse_terrain(value: object) -> int:
    """Terrain name -> code."""
    if not isinstance(value, str) or value.lower() not in TERRAIN_NAMES:
        raise SpecError("terrain", f"must be one of: {', '.join(TERRAIN_NAMES)}")
    return TERRAIN_NAMES.index(value.lower())


def machine_entry(hits: int) -> dict[str, Any]:
    """The spec entry of a Doomsday Machine with ``hits`` taken (the defender's only one)."""
    return {"type": data.MACHINE_CODE, "count": 1, "hits": hits}


def entry_code(unit_type: int) -> str:
    """A unit entry's type as a spec writes it ("DD", "DM" for a Doomsday Machine)."""
    return data.MACHINE_CODE if unit_type == data.MACHINE_TYPE else data.UNIT_CODES[unit_type]


def _check_machine(entry: dict[str, Any], where: str, levels: dict[str, int]) -> int:
    """A Doomsday Machine entry: one machine, no technology; returns its hits taken.

    docs/charts.md: "class C, 9-2, hull 3": the third hit destroys it, so 0-2 taken.
    """
    if entry["count"] != 1:
        raise SpecError(f"{where}.count", "a Doomsday Machine (DM) entry is one machine "
                                          "(count 1)")
    for name, level in levels.items():
        if level:
            raise SpecError(f"{where}.{name}", "a Doomsday Machine (DM) has no technology "
                                               "(give none on its entry or its side)")
    hits = entry.get("hits", 0)
    if not _is_int(hits) or not 0 <= hits < data.DOOMSDAY_HULL:
        raise SpecError(f"{where}.hits", f"must be an integer from 0 to "
                                         f"{data.DOOMSDAY_HULL - 1} (the hits a Doomsday "
                                         f"Machine has taken; the third destroys it)")
    return hits


def _parse_unit(obj: object, where: str, tech: dict[str, int]) -> UnitEntry:
    """One unit entry; levels not given come from the side's ``tech``."""
    entry = _check_keys(obj, where, _UNIT_KEYS)
    if "type" not in entry:
        raise SpecError(f"{where}.type", "missing")
    code = entry["type"]
    if not isinstance(code, str) or code.lower() not in _CODES_BY_LOWER:
        raise SpecError(f"{where}.type", f"unknown unit type (expected one of: "
                                         f"{', '.join(map(entry_code, _CODES_BY_LOWER.values()))})")
    if "count" not in entry:
        raise SpecError(f"{where}.count", "missing")
    count = entry["count"]
    if not _is_int(count) or count < 1:
        raise SpecError(f"{where}.count", "must be an integer >= 1")
    levels = {name: _tech_level(entry[name], f"{where}.{name}", name) if name in entry
              else tech[name] for name in TECH_FIELDS}
    unit_type = _CODES_BY_LOWER[code.lower()]
    if unit_type == data.MACHINE_TYPE:
        return UnitEntry(unit_type=unit_type, count=1, hits=_check_machine(entry, where, levels),
                         **{name: 0 for name in TECH_FIELDS})
    if "hits" in entry:
        raise SpecError(f"{where}.hits", "only a Doomsday Machine (DM) entry takes hits")
    if unit_type == data.F and levels["fighters"] < 1:
        raise SpecError(f"{where}.fighters", "a fighter (F) needs fighters 1 to 3 (it is F1, "
                                             "F2 or F3 by that level), in the side's tech or "
                                             "the entry")
    if unit_type == data.R and levels["cloaking"] < 1:
        raise SpecError(f"{where}.cloaking", "a raider (R) needs cloaking 1 or 2, in the side's "
                                             "tech or the entry")
    return UnitEntry(unit_type=unit_type, count=count, **levels)


def _parse_side(obj: object, where: str) -> SideSpec:
    """One side's tech and units."""
    side = _check_keys(obj, where, _SIDE_KEYS)
    tech_obj = _check_keys(side.get("tech", {}), f"{where}.tech", TECH_FIELDS)
    tech = {name: _tech_level(tech_obj.get(name, 0), f"{where}.tech.{name}", name)
            for name in TECH_FIELDS}
    if "units" not in side:
        raise SpecError(f"{where}.units", "missing")
    units = side["units"]
    if not isinstance(units, list) or not units:
        raise SpecError(f"{where}.units", "must be a non-empty list of unit entries")
    entries = tuple(_parse_unit(u, f"{where}.units[{i}]", tech) for i, u in enumerate(units))
    _check_machine_side(entries, where)
    _check_counter_limits(entries, where)
    return SideSpec(units=entries, **tech)


def _check_machine_side(entries: tuple[UnitEntry, ...], where: str) -> None:
    """A Doomsday Machine belongs to no player: it never moves in to attack (the player
    meeting it is the engine's attacker, whoever moved) and has no allies."""
    machines = [i for i, u in enumerate(entries) if u.unit_type == data.MACHINE_TYPE]
    if not machines:
        return
    if where == "attacker":
        raise SpecError(f"{where}.units[{machines[0]}].type",
                        "a Doomsday Machine (DM) is always the defender (the player whose "
                        "units meet it fights as the attacker)")
    if len(entries) > 1:
        raise SpecError(f"{where}.units", "a Doomsday Machine (DM) fights alone: it belongs "
                                          "to no player, so nothing fights beside it")


def most_ships(unit_type: int) -> int:
    """The most units of a type one empire can field: its counters, full groups of six
    (colony ships, miners, bases, decoys, mines and MS pipelines: one to a counter)."""
    per_counter = 1 if unit_type in data.SINGLE_UNIT_TYPES else data.MAX_GROUP
    return data.UNIT_COUNTERS[unit_type] * per_counter


def _check_counter_limits(entries: tuple[UnitEntry, ...], where: str) -> None:
    """A side cannot field more of a type than its counters hold (docs/charts.md, the counters)."""
    totals: dict[int, int] = {}
    for index, entry in enumerate(entries):
        if entry.unit_type == data.MACHINE_TYPE:
            continue  # one machine, checked by _check_machine
        totals[entry.unit_type] = totals.get(entry.unit_type, 0) + entry.count
        limit = most_ships(entry.unit_type)
        if totals[entry.unit_type] > limit:
            code = data.UNIT_CODES[entry.unit_type]
            raise SpecError(f"{where}.units[{index}].count",
                            f"at most {limit} {code} on a side "
                            f"({data.UNIT_COUNTERS[entry.unit_type]} counters)")


def parse_spec(obj: object) -> BattleSpec:
    """A :class:`BattleSpec` from decoded JSON; raises :class:`SpecError`."""
    top = _check_keys(obj, "spec", _TOP_KEYS)
    terrain = _parse_terrain(top.get("terrain", "open"))
    for name in ("attacker", "defender"):
        if name not in top:
            raise SpecError(name, "missing")
    return BattleSpec(terrain=terrain, attacker=_parse_side(top["attacker"], "attacker"),
                      defender=_parse_side(top["defender"], "defender"))


def parse_spec_text(text: str, source: str = "spec") -> BattleSpec:
    """A :class:`BattleSpec` from JSON text (``source`` names it in errors)."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SpecError(source, f"not valid JSON ({exc.msg} at line {exc.lineno} "
                                f"column {exc.colno})") from None
    return parse_spec(obj)


def load_spec(path: str | Path) -> BattleSpec:
    """A :class:`BattleSpec` from a JSON file; a missing or unreadable file is a SpecError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(str(path), "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(str(path), f"cannot read ({exc})") from None
    return parse_spec_text(text, str(path))


def spec_to_json(spec: BattleSpec) -> dict[str, Any]:
    """The spec back as JSON-able data, every level written out (for reports)."""
    def side(s: SideSpec) -> dict[str, Any]:
        return {"tech": {name: getattr(s, name) for name in TECH_FIELDS},
                "units": [_entry_to_json(u) for u in s.units]}
    return {"terrain": TERRAIN_NAMES[spec.terrain], "attacker": side(spec.attacker),
            "defender": side(spec.defender)}


def _entry_to_json(u: UnitEntry) -> dict[str, Any]:
    """One unit entry, every level written out (a machine: its hits, no levels)."""
    if u.unit_type == data.MACHINE_TYPE:
        return machine_entry(u.hits)
    return {"type": data.UNIT_CODES[u.unit_type], "count": u.count,
            **{name: getattr(u, name) for name in TECH_FIELDS}}
