"""Command-line options every game's tables share: ``--game``, ``--players`` and each game's
own options (``--board`` ...), built from the records (the ``se4x`` subcommands and
``se4x host`` use them).  argparse only: building a parser loads no game.
"""

from __future__ import annotations

import argparse
from typing import Any

from se4x_core.gamekit import registry


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1: {value}")
    return value


def seat_groups(text: str) -> list[list[int]]:
    """argparse type: groups of seat numbers, groups split by ``/``, seats by ``,``
    (``"0,3/1,2"``: seats 0 and 3 against 1 and 2); the game checks the shape.

    >>> seat_groups("0,3/1,2")
    [[0, 3], [1, 2]]
    """
    try:
        groups = [[int(seat) for seat in group.split(",")] for group in text.split("/")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not groups of seat numbers such as 0,3/1,2: {text!r}") from None
    if any(seat < 0 for group in groups for seat in group):
        raise argparse.ArgumentTypeError(f"seat numbers count from 0: {text!r}")
    return groups


def players_type(text: str) -> int:
    """argparse type: a player count some game is played with."""
    value = positive_int(text)
    counts = sorted({n for r in registry.records() for n in r.players})
    if value not in counts:
        raise argparse.ArgumentTypeError(
            f"must be {', '.join(str(n) for n in counts[:-1])} or {counts[-1]}: {value}")
    return value


def add_game(p: argparse.ArgumentParser, default: bool = True) -> None:
    """``--game``: which game (its record); options of one game only are refused with
    another (each subcommand's main says which).  Without a ``default``, left out it is
    None (the command then reads the game from a file)."""
    games = registry.records()
    p.add_argument("--game", choices=[r.name for r in games],
                   default=games[0].name if default else None,
                   help="the game: " + ", ".join(
                       f"{r.name} ({r.title}{', default' if i == 0 else ''})"
                       for i, r in enumerate(games)))


def add_game_options(p: argparse.ArgumentParser) -> None:
    """Every game's own command-line options (``--board`` ...), each once; left out,
    an option is None (or [] when it repeats) and the game's default applies."""
    seen: set[str] = set()
    for record in registry.records():
        for option in record.options:
            if option.flag in seen:
                continue
            seen.add(option.flag)
            kind: dict[str, Any] = ({"choices": option.choices} if option.choices
                                    else {"type": seat_groups} if option.seat_groups
                                    else {"type": positive_int})
            repeat: dict[str, Any] = {"action": "append", "default": []} if option.repeat \
                else {"default": None}
            p.add_argument(option.flag, dest=option.key, **kind, **repeat,
                           help=f"{option.help} ({record.title})")


def add_players(p: argparse.ArgumentParser) -> None:
    defaults = "; ".join(f"{r.title}: {', '.join(map(str, r.players))}, default "
                         f"{r.default_players}" for r in registry.records())
    p.add_argument("--players", type=players_type, default=None, help=f"players ({defaults})")


