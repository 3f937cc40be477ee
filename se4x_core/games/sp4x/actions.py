"""SP4X actions: integer codes in the rules, frozen :class:`Action` values outside.

An action is one atomic decision: draw from one opponent, show one card,
move one man one step, build one road, nominate one tile in a War.  A code
is ``kind << 24 | a << 12 | b``; each kind names up to two parameters of
the types below, and the conversion both ways is lossless (a code with bits
the kind does not use is refused, not read as the action it resembles).

>>> a = Action("move", cell=(1, 0), dst=(2, -1))
>>> Action.from_code(a.code) == a, Action.from_json(a.to_json()) == a
(True, True)
>>> str(a), str(Action("show", card="build")), str(Action("draw", player=2))
('move (1,0) -> (2,-1)', 'show build', 'draw from P2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from se4x_core.games.sp4x import board
from se4x_core.games.sp4x.data import CARD_NAMES, PLAN_CHOICES

PARAM_BITS = 12
PARAM_LIMIT = 1 << PARAM_BITS
RESOURCE_NAMES: tuple[str, ...] = ("plastic", "food", "metal")

# kind -> (id, parameter names).  Parameter types: player, card, cell, dst, dir,
# resource, choice (a Grand Plan's action).
KINDS: dict[str, tuple[int, tuple[str, ...]]] = {
    "draw": (1, ("player",)),
    "show": (2, ("card",)),
    "pair": (3, ("card",)),
    "ai_pair": (4, ("card",)),
    "show_ai": (5, ()),
    "take_top": (6, ()),
    "pass": (7, ()),
    "act_first": (8, ()),
    "act_last": (9, ()),
    "plan": (10, ("choice",)),
    "move": (11, ("cell", "dst")),
    "explore": (12, ("cell", "dst")),
    "road": (13, ("cell", "dir")),
    "base": (14, ("cell",)),
    "harvest": (15, ("cell",)),
    "harvest_type": (16, ("resource",)),
    "use_powers": (17, ()),
    "use_power": (18, ("cell",)),
    "fill": (19, ("resource",)),
    "teleport": (20, ("dst",)),
    "place_men": (21, ("cell",)),
    "steal": (22, ("player", "resource")),
    "nominate": (23, ("cell", "player")),
    "pay_metal": (24, ()),
    "lose_man": (25, ("cell",)),
    "lose_base": (26, ("cell",)),
    "lose_road": (27, ("cell", "dir")),
    "buy_road": (28, ("cell", "dir")),
    "buy_man": (29, ("cell",)),
    "buy_move": (30, ("cell", "dst")),
    "done": (31, ()),
    "end_turn": (32, ()),
}
KIND_BY_ID: dict[int, str] = {kind_id: name for name, (kind_id, _) in KINDS.items()}
_NAME_PARAMS: dict[str, tuple[str, ...]] = {"card": CARD_NAMES, "resource": RESOURCE_NAMES,
                                            "choice": PLAN_CHOICES}


class ActionFormatError(ValueError):
    """An action (as code, object or JSON) that is not well formed."""


def encode(kind: str, a: int = 0, b: int = 0) -> int:
    """The code of ``kind`` with raw parameter values (the rules use this)."""
    return (KINDS[kind][0] << 24) | (a << PARAM_BITS) | b


def kind_of(code: int) -> str:
    return KIND_BY_ID.get(code >> 24, "")


def arg_a(code: int) -> int:
    return (code >> PARAM_BITS) & (PARAM_LIMIT - 1)


def arg_b(code: int) -> int:
    return code & (PARAM_LIMIT - 1)


Cell = tuple[int, int]


@dataclass(frozen=True)
class Action:
    """One atomic decision, with named parameters (see :data:`KINDS`)."""

    kind: str
    player: int = -1
    card: str | None = None
    cell: Cell | None = None
    dst: Cell | None = None
    dir: int = -1
    resource: str | None = None
    choice: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ActionFormatError(f"unknown action kind {self.kind!r}")
        names = KINDS[self.kind][1]
        for name in names:
            _raw(name, getattr(self, name), self.kind)  # raises if malformed
        for name in ("player", "card", "cell", "dst", "dir", "resource", "choice"):
            if name not in names and getattr(self, name) not in (None, -1):
                raise ActionFormatError(f"action {self.kind!r} takes no {name!r}")

    @property
    def code(self) -> int:
        names = KINDS[self.kind][1]
        raw = [_raw(name, getattr(self, name), self.kind) for name in names] + [0, 0]
        return encode(self.kind, raw[0], raw[1])

    @classmethod
    def from_code(cls, code: int) -> Action:
        if isinstance(code, bool) or not isinstance(code, int) or code < 0:
            raise ActionFormatError(f"no action has code {code!r}")
        kind = kind_of(code)
        if not kind:
            raise ActionFormatError(f"no action has code {code}")
        names = KINDS[kind][1]
        values = {name: _value(name, raw, code)
                  for name, raw in zip(names, (arg_a(code), arg_b(code)), strict=False)}
        action = cls(kind, **values)
        if action.code != code:
            raise ActionFormatError(f"no action has code {code} (not a canonical code)")
        return action

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in KINDS[self.kind][1]:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Action:
        if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
            raise ActionFormatError("an action must be an object with a string 'kind'")
        kind = obj["kind"]
        if kind not in KINDS:
            raise ActionFormatError(f"unknown action kind {kind!r}")
        names = KINDS[kind][1]
        extra = set(obj) - set(names) - {"kind"}
        if extra:
            raise ActionFormatError(f"action {kind!r} takes no {sorted(extra)[0]!r}")
        values: dict[str, Any] = {}
        for name in names:
            if name not in obj:
                raise ActionFormatError(f"action {kind!r} needs {name!r}")
            value = obj[name]
            if name in ("cell", "dst"):
                if not isinstance(value, list) or len(value) != 2:
                    raise ActionFormatError(f"action {kind!r}: {name} must be [q, r]")
                value = (value[0], value[1])
            values[name] = value
        return cls(kind, **values)

    def __str__(self) -> str:
        parts = [self.kind]
        for name in KINDS[self.kind][1]:
            parts.append(_render(name, getattr(self, name)))
        if self.kind in ("move", "explore", "buy_move"):
            return f"{parts[0]} {parts[1]} -> {parts[2]}"
        if self.kind in ("draw", "steal"):
            return f"{parts[0]} from {' '.join(parts[1:])}"
        return " ".join(parts)


def _render(name: str, value: Any) -> str:
    if name in ("cell", "dst"):
        return f"({value[0]},{value[1]})"
    if name == "player":
        return f"P{value}" if value >= 0 else "?"
    if name == "dir":
        return f"dir {value}"
    return str(value)


def _raw(name: str, value: Any, kind: str) -> int:
    """The integer a parameter packs into; ActionFormatError if malformed."""
    if name in _NAME_PARAMS:
        options = _NAME_PARAMS[name]
        if value not in options:
            raise ActionFormatError(f"action {kind!r}: {name} must be one of {', '.join(options)}")
        return options.index(value)
    if name in ("cell", "dst"):
        ok = isinstance(value, tuple) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= board.RADIUS
            for v in value)
        if not ok:
            raise ActionFormatError(
                f"action {kind!r}: {name} must be (q, r) within ±{board.RADIUS}")
        return board.cell(value[0], value[1])
    limit = 6 if name == "dir" else 4
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise ActionFormatError(f"action {kind!r}: {name} must be an integer 0..{limit - 1}")
    return value


def _value(name: str, raw: int, code: int) -> Any:
    if name in _NAME_PARAMS:
        options = _NAME_PARAMS[name]
        if raw >= len(options):
            raise ActionFormatError(f"no action has code {code} (bad {name})")
        return options[raw]
    if name in ("cell", "dst"):
        if not board.on_grid(raw):
            raise ActionFormatError(f"no action has code {code} (bad {name})")
        return board.coords(raw)
    return raw


def describe(code: int) -> str:
    """A code as readable text, or a note that it is not an action."""
    try:
        return str(Action.from_code(code))
    except ActionFormatError:
        return f"<code {code}>"
