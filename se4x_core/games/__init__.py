"""Games: each game is a package behind the one engine contract.

A game brings its own rules, observations, events, bots and saves, and its
``game.Game`` facade offers the same methods as Space Empires'
:class:`se4x_core.game.Game` (``new_game``, ``current_player``, ``phase``,
``legal_actions``, ``apply``, ``explain``, ``observation``, ``clone``,
``to_json`` / ``from_json``, ``replay``, ``events_for``), so the app shell,
seats, arena, saves and the LAN host can stay generic over games
(DESIGN.md, "More than one game").

The games:

* ``se4x`` -- Space Empires 4X, the package ``se4x_core`` itself (its facade
  is :mod:`se4x_core.game`);
* ``sp4x`` -- SP4X, an Old Maid card game joined to a 4X area-control board,
  from a prototype's rules (:mod:`se4x_core.games.sp4x`).
"""

from __future__ import annotations

import importlib
import json
from typing import Any

#: Game name -> the module holding its ``Game`` facade (and its ``SAVE_FORMAT``).
GAMES: dict[str, str] = {
    "se4x": "se4x_core.game",
    "sp4x": "se4x_core.games.sp4x.game",
}

#: Game name -> the module whose ``make_bot(spec, seed)`` and ``bot_names()`` build its
#: computer players from specs ("rule", "normal", ...).
BOTS: dict[str, str] = {
    "se4x": "se4x_core.ai.registry",
    "sp4x": "se4x_core.games.sp4x.levels",
}

#: Game name -> the module whose ``Action`` reads an action code (``Action.from_code``): what
#: a LAN client turns the host's legal codes into.
ACTIONS: dict[str, str] = {
    "se4x": "se4x_core.actions",
    "sp4x": "se4x_core.games.sp4x.actions",
}


def check_name(name: str) -> str:
    """``name`` if it is a game; ValueError naming the known games."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})")
    return name


def facade(name: str) -> Any:
    """The ``Game`` class of the game ``name`` (imported when first asked for)."""
    return importlib.import_module(GAMES[check_name(name)]).Game


def name_of(game: object) -> str:
    """The name of the game a facade instance plays (its class's module in GAMES)."""
    module = type(game).__module__
    for name, where in GAMES.items():
        if where == module:
            return name
    raise ValueError(f"{type(game).__name__} from {module} is not a game's facade")


def make_bot(name: str, spec: str, seed: int) -> Any:
    """A computer player of the game ``name``; ValueError naming its known bots."""
    return importlib.import_module(BOTS[check_name(name)]).make_bot(spec, seed)


def action_from_code(name: str, code: int) -> Any:
    """The action of the game ``name`` that ``code`` encodes; that game's ActionFormatError
    (a ValueError) if it encodes none."""
    return importlib.import_module(ACTIONS[check_name(name)]).Action.from_code(code)


def bot_names(name: str) -> list[str]:
    names: list[str] = importlib.import_module(BOTS[check_name(name)]).bot_names()
    return names


def name_of_save(text: str | bytes) -> str:
    """The game a save file belongs to, by its ``format`` field; ``se4x`` when it names
    none of them (that facade's loader then says what is wrong with the file)."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return "se4x"
    fmt = doc.get("format") if isinstance(doc, dict) else None
    for name, where in GAMES.items():
        if getattr(importlib.import_module(where), "SAVE_FORMAT", None) == fmt:
            return name
    return "se4x"
