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

from se4x_core.gamekit.actions import ActionFormatError as ActionFormatError
from se4x_core.gamekit.actions import CodedAction, IntParam, NameParam
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


class CellParam:
    """A board cell ``(q, r)`` within the board's radius, packed as its grid index."""

    unset = None

    def raw(self, value: Any, kind: str, name: str) -> int:
        ok = isinstance(value, tuple) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= board.RADIUS
            for v in value)
        if not ok:
            raise ActionFormatError(
                f"action {kind!r}: {name} must be (q, r) within ±{board.RADIUS}")
        return board.cell(value[0], value[1])

    def value(self, raw: int, code: int, name: str) -> Any:
        if not board.on_grid(raw):
            raise ActionFormatError(f"no action has code {code} (bad {name})")
        return board.coords(raw)

    def to_json(self, value: Any) -> Any:
        return list(value)

    def from_json(self, value: Any, kind: str, name: str) -> Any:
        if not isinstance(value, list) or len(value) != 2:
            raise ActionFormatError(f"action {kind!r}: {name} must be [q, r]")
        return (value[0], value[1])


@dataclass(frozen=True)
class Action(CodedAction):
    """One atomic decision, with named parameters (see :data:`KINDS`)."""

    KINDS = KINDS
    PARAMS = {"player": IntParam(4), "card": NameParam(CARD_NAMES), "cell": CellParam(),
              "dst": CellParam(), "dir": IntParam(6), "resource": NameParam(RESOURCE_NAMES),
              "choice": NameParam(PLAN_CHOICES)}
    KIND_SHIFT = 24
    PARAM_BITS = PARAM_BITS

    kind: str
    player: int = -1
    card: str | None = None
    cell: Cell | None = None
    dst: Cell | None = None
    dir: int = -1
    resource: str | None = None
    choice: str | None = None

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


def describe(code: int) -> str:
    """A code as readable text, or a note that it is not an action."""
    try:
        return str(Action.from_code(code))
    except ActionFormatError:
        return f"<code {code}>"
