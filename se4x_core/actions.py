"""Actions: small integers in the engine, frozen ``Action`` objects outside.

An action is atomic (one group steps one hex, one ship fires at one target,
one purchase, one bid).  The engine works with integer codes
``kind << 20 | a << 10 | b``; the facade hands out :class:`Action` values
with named fields that convert losslessly to and from the code and to and
from JSON (the conversions every game shares: :mod:`se4x_core.gamekit.actions`).

>>> a = Action("move", unit=3, dir=1)
>>> Action.from_code(a.code) == a, Action.from_json(a.to_json()) == a
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from se4x_core.gamekit.actions import ActionFormatError as ActionFormatError
from se4x_core.gamekit.actions import CodedAction, IntParam

PARAM_LIMIT = 1 << 10

# kind name -> (kind id, parameter names)
KINDS: dict[str, tuple[int, tuple[str, ...]]] = {
    "place_homeworld": (1, ("hex",)),
    "move": (2, ("unit", "dir")),
    "split": (3, ("unit", "count")),
    "merge": (4, ("unit", "other")),
    "colonize": (5, ("unit",)),
    "load": (6, ("unit",)),
    "unload": (7, ("unit",)),
    "peek": (8, ("unit", "dir")),
    "end_movement": (9, ()),
    "shift": (10, ("dir",)),
    "reveal": (11, ()),
    "hide": (12, ()),
    "choose_battle": (13, ("hex",)),
    "screen": (14, ("unit",)),
    "unscreen": (15, ("unit",)),
    "done_screening": (16, ()),
    "fire": (17, ("target",)),
    "retreat": (18, ("dir",)),
    "hold": (19, ()),
    "fire_colony": (20, ()),
    "bid": (21, ("amount",)),
    "choose_order": (22, ("order",)),
    "research": (23, ("tech",)),
    "buy": (24, ("unit_type", "hex")),
    "refit": (25, ("unit",)),
    "undo_purchase": (26, ()),
    "end_purchases": (27, ()),
    "board": (28, ("unit", "carrier")),  # advanced rules: a fighter group boards a carrier
    "leave_carrier": (29, ("unit",)),
    "scuttle": (30, ("unit",)),  # advanced rules: scuttle a group to reuse its counter
    "detonate": (31, ("target",)),  # advanced rules: a mine destroys a ship of this group
}
KIND_BY_ID: dict[int, str] = {kind_id: name for name, (kind_id, _) in KINDS.items()}

# Integer kind ids, for the engine's dispatch.
A_PLACE, A_MOVE, A_SPLIT, A_MERGE, A_COLONIZE, A_LOAD, A_UNLOAD, A_PEEK = range(1, 9)
A_END_MOVE, A_SHIFT, A_REVEAL, A_HIDE, A_CHOOSE_BATTLE, A_SCREEN = range(9, 15)
A_UNSCREEN, A_DONE_SCREEN, A_FIRE, A_RETREAT, A_HOLD, A_FIRE_COLONY = range(15, 21)
A_BID, A_ORDER, A_RESEARCH, A_BUY, A_REFIT, A_UNDO, A_END_BUY = range(21, 28)
A_BOARD, A_LEAVE_CARRIER, A_SCUTTLE, A_DETONATE = range(28, 32)


def encode(kind: int, a: int = 0, b: int = 0) -> int:
    """The integer code of an action."""
    return (kind << 20) | (a << 10) | b


def kind_of(code: int) -> int:
    return code >> 20


def arg_a(code: int) -> int:
    return (code >> 10) & (PARAM_LIMIT - 1)


def arg_b(code: int) -> int:
    return code & (PARAM_LIMIT - 1)


@dataclass(frozen=True)
class Action(CodedAction):
    """One atomic decision, with named parameters (see :data:`KINDS`)."""

    KINDS = KINDS
    PARAMS = {name: IntParam(PARAM_LIMIT) for name in (
        "unit", "other", "hex", "dir", "count", "target", "amount", "order", "tech",
        "unit_type", "carrier")}
    KIND_SHIFT = 20
    PARAM_BITS = 10

    kind: str
    unit: int = -1
    other: int = -1
    hex: int = -1
    dir: int = -1
    count: int = -1
    target: int = -1
    amount: int = -1
    order: int = -1
    tech: int = -1
    unit_type: int = -1
    carrier: int = -1

    def __str__(self) -> str:
        params = ", ".join(f"{n}={getattr(self, n)}" for n in KINDS[self.kind][1])
        return f"{self.kind}({params})"

