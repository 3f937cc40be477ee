"""SE4's actions: every choice a player makes, one atomic action each.

Each action names at most two numbers (a ship, a sector, a card, a hull...); the kinds
below list them.  Choices inside a battle are actions too, made by the player the text
names: the called shots by each empire, the other targets by the defender, the firing
order by the attacker, point defence by the defender, the damage's choices by the
ship's owner.

>>> a = Action("move", ship=3, sector=7)
>>> Action.from_code(a.code) == a, str(a)
(True, 'move ship 3 to sector 7')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from se4x_core.gamekit.actions import CodedAction, IntParam

LIMIT = 1 << 13
_INT = IntParam(LIMIT)

# kind -> (id, parameter names); ids are part of the save format: never renumber.
KINDS: dict[str, tuple[int, tuple[str, ...]]] = {
    "done": (1, ()),
    "home": (2, ("sector",)),
    "buy": (3, ("hull", "sector")),
    "draw": (4, ("sector",)),
    "retrofit": (5, ("ship", "count")),
    "scrap": (6, ("ship", "count")),
    "research": (7, ("sector",)),
    "install": (8, ("ship", "card")),
    "armor": (9, ("ship",)),
    "finish": (10, ("ship",)),
    "move": (11, ("ship", "sector")),
    "load": (12, ("ship",)),
    "drop": (13, ("ship",)),
    "colonise": (14, ("ship",)),
    "call": (15, ("ship", "target")),
    "aim": (16, ("ship", "player")),
    "target": (17, ("ship", "target")),
    "tk": (18, ("ship", "target")),
    "fire": (19, ("ship",)),
    "pd": (20, ("ship",)),
    "cripple": (21, ("ship",)),
    "absorb": (22, ("ship", "card")),
    "lose": (23, ("ship", "card")),
    "retreat": (24, ("ship", "sector")),
    "bombard": (25, ("ship", "count")),
    "sacrifice": (26, ("sector", "facility")),
    "repair": (27, ("ship", "what")),
    "fix": (28, ("ship", "what")),
    "abandon": (29, ("ship",)),
    "pay": (30, ("sector", "count")),
    "build": (31, ("sector", "facility")),
    "scavenge": (32, ("ship",)),
    "discard": (33, ("card",)),
}

#: What a repair or a space yard restores (``what``): the hull, an armor card, a shield.
RESTORE = ("hull", "armor", "shield")


def encode(kind: str, first: int = 0, second: int = 0) -> int:
    """The code of the action ``kind`` with its numbers in :data:`KINDS` order, without
    building the value (what the engine's legal lists use: Action(...).code builds and
    checks a dataclass for every legal action; the tests check both agree)."""
    return (KINDS[kind][0] << 26) | (first << 13) | second


@dataclass(frozen=True)
class Action(CodedAction):
    """One SE4 action: a kind and its numbers (see :data:`KINDS`)."""

    KINDS = KINDS
    PARAMS = {name: _INT for name in ("sector", "hull", "ship", "count", "card", "target",
                                       "player", "facility", "what")}
    KIND_SHIFT = 26
    PARAM_BITS = 13

    kind: str
    sector: int = -1
    hull: int = -1
    ship: int = -1
    count: int = -1
    card: int = -1
    target: int = -1
    player: int = -1
    facility: int = -1
    what: int = -1

    def __str__(self) -> str:
        parts = [f"{name} {getattr(self, name)}" for name in self.KINDS[self.kind][1]]
        text = self.kind
        if self.kind == "move" or self.kind == "retreat":
            return f"{self.kind} ship {self.ship} to sector {self.sector}"
        return f"{text} {' '.join(parts)}".strip()


def find(legal: Sequence[Action], kind: str, **fields: int) -> Action | None:
    """The first of ``legal`` of ``kind`` with these numbers, or None (the bots' and the
    app's sheets' way to ask whether a choice is offered)."""
    return next((a for a in legal if a.kind == kind
                 and all(getattr(a, key) == value for key, value in fields.items())), None)


@lru_cache(maxsize=1 << 16)
def decode(code: int) -> Action:
    """The action a legal code stands for, built once (actions are frozen values): the
    bots and the search read every legal list as actions."""
    return Action.from_code(code)
