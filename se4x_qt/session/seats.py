"""Seats: who decides for each player.

A seat is *human* (someone at this computer, sharing the screen hot-seat
style), *computer* (a bot from :mod:`se4x_core.ai`, which sees only that
player's observation and the legal actions) or *remote* (a player at
another computer, reached through the network).  The session asks the
seat whose decision it is; the views never need to know which kind it is,
except to show it.

>>> parse_seats(["human", "computer"], 2)[1].kind
'computer'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from se4x_core.ai.bot import Bot
from se4x_core.ai.registry import bot_names, make_bot

HUMAN: Final = "human"
COMPUTER: Final = "computer"
REMOTE: Final = "remote"
KINDS: Final = (HUMAN, COMPUTER, REMOTE)

DEFAULT_BOT: Final = "rule"
# The levels the New Game dialog offers: (bot name, label, how long it thinks).  The
# times are a turn's on a 2-core machine (benchmarks/bench_levels.py); the levels'
# budgets are counted in samples (se4x_core.ai.search_bot.LEVELS), so they play the
# same game on any machine and take longer only on a slower one.
LEVELS: Final = (
    ("rule", "Easy", "instant"),
    ("normal", "Normal", "under 0.25 s"),
    ("hard", "Hard", "about 1 s at most"),
    ("strongest", "Strongest", "under 2.5 s"),
)
LEVEL_DESCRIPTIONS: Final = {
    "rule": "plays by fixed rules of thumb: a set plan of research, purchases and attacks",
    "normal": "searches its fleet's posture each turn and its purchases each Economic "
              "Phase, playing every choice out over a few futures one round ahead",
    "hard": "the same search over twelve times as many futures, and a deeper search "
            "in battles",
    "strongest": "Hard's search with a sharper judgement: who is likely to win is "
                 "learned from its own games too, and in battles it judges every choice "
                 "on futures played the way the empires really play; beats Hard in "
                 "about 6 games of 10; the status bar shows while it thinks",
}
LEVEL_COST_NOTE: Final = "time a computer turn takes on a 2-core machine"


@dataclass(frozen=True)
class Seat:
    """One player's seat: its kind, and for a computer, which bot plays it."""

    kind: str = HUMAN
    bot: str = DEFAULT_BOT

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def make_bot(self, seed: int) -> Bot:
        """A fresh bot for this seat (only for a computer seat)."""
        if not self.is_computer:
            raise ValueError(f"a {self.kind} seat has no bot")
        return make_bot(self.bot, seed)

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot} if self.is_computer else {"kind": self.kind}


def parse_seat(doc: object, bots: Collection[str] | None = None,
               default_bot: str = DEFAULT_BOT) -> Seat:
    """A seat from a save: ``"human"``, ``"computer"`` or ``{"kind": ..., "bot": ...}``.

    ``bots`` are the computer players the game knows (default: Space Empires')."""
    if isinstance(doc, str):
        doc = {"kind": doc}
    if not isinstance(doc, dict) or doc.get("kind") not in KINDS:
        raise ValueError(f"a seat must be one of {', '.join(KINDS)}")
    bot = doc.get("bot", default_bot)
    if bot not in (bot_names() if bots is None else bots):
        raise ValueError(f"unknown computer player {bot!r}")
    return Seat(doc["kind"], bot) if doc["kind"] == COMPUTER else Seat(doc["kind"])


def parse_seats(doc: object, players: int, bots: Collection[str] | None = None,
                default_bot: str = DEFAULT_BOT) -> list[Seat]:
    """One seat per player, or ValueError naming what is wrong."""
    if not isinstance(doc, list) or len(doc) != players:
        raise ValueError(f"seats must be a list with one entry per player ({players})")
    return [parse_seat(item, bots, default_bot) for item in doc]


def seats_from_humans(humans: list[bool]) -> list[Seat]:
    """Seats from the first save format's true/false per player."""
    return [Seat(HUMAN) if human else Seat(COMPUTER) for human in humans]
