"""Seats: who decides for each player, in any game.

A seat is *human* (someone at this computer, sharing the screen hot-seat
style), *computer* (one of the game's bots, named by its spec; it sees only
that player's observation and the legal actions) or *remote* (a player at
another computer, reached through the network).  The driver asks the seat
whose decision it is; the views never need to know which kind it is, except
to show it.  The computer players a person chooses from are each game's
record's ``levels`` (:mod:`se4x_core.gamekit.registry`).

>>> parse_seats(["human", "computer"], 2, bots=["rule"], default_bot="rule")[1].bot
'rule'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

HUMAN: Final = "human"
COMPUTER: Final = "computer"
REMOTE: Final = "remote"
KINDS: Final = (HUMAN, COMPUTER, REMOTE)
# What a level's cost says (each game's record gives its levels' costs).
LEVEL_COST_NOTE: Final = "time a computer turn takes on a 2-core machine"


@dataclass(frozen=True)
class Seat:
    """One player's seat: its kind, and for a computer, the bot spec that plays it."""

    kind: str = HUMAN
    bot: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot} if self.is_computer else {"kind": self.kind}


def parse_seat(doc: object, bots: Collection[str], default_bot: str) -> Seat:
    """A seat from a save: ``"human"``, ``"computer"`` or ``{"kind": ..., "bot": ...}``;
    ``bots`` are the computer players the game knows, ``default_bot`` the one a seat
    that names none gets."""
    if isinstance(doc, str):
        doc = {"kind": doc}
    if not isinstance(doc, dict) or doc.get("kind") not in KINDS:
        raise ValueError(f"a seat must be one of {', '.join(KINDS)}")
    bot = doc.get("bot", default_bot)
    if bot not in bots:
        raise ValueError(f"unknown computer player {bot!r}")
    return Seat(doc["kind"], bot) if doc["kind"] == COMPUTER else Seat(doc["kind"])


def parse_seats(doc: object, players: int, bots: Collection[str],
                default_bot: str) -> list[Seat]:
    """One seat per player, or ValueError naming what is wrong."""
    if not isinstance(doc, list) or len(doc) != players:
        raise ValueError(f"seats must be a list with one entry per player ({players})")
    return [parse_seat(item, bots, default_bot) for item in doc]


def seats_from_humans(humans: list[bool], bot: str) -> list[Seat]:
    """Seats from the first save format's true/false per player (computers: ``bot``)."""
    return [Seat(HUMAN) if human else Seat(COMPUTER, bot) for human in humans]
