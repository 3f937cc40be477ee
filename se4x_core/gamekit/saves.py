"""Saves of any game: one envelope, read strictly, and one replay loop.

Why shared: a save of any game is its config, its action codes and the state they lead
to (the state only checks the replay), so writing one, refusing a damaged or foreign
file and replaying the actions are the same steps whatever the rules; what differs is
the game's format name, its versions, its ``new_game`` and how it compares the stored
state with the replayed one.  Every refusal is a
:class:`~se4x_core.errors.SaveFormatError` naming what is wrong, and nothing is
half-loaded.

>>> from se4x_core.game import Game
>>> replay_actions(Game.new_game, {"players": 2, "seed": 1}, [10**6])
Traceback (most recent call last):
...
se4x_core.errors.SaveFormatError: action 0 cannot be replayed: no action has code 1000000
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, TypeVar

from se4x_core.errors import ConfigError, IllegalActionError, SaveFormatError


class Playable(Protocol):
    """What a replay needs of a game: that it takes actions (or their codes)."""

    def apply(self, action: Any) -> Any: ...


GameT = TypeVar("GameT", bound=Playable)


def save_text(fmt: str, version: int, config: dict[str, Any], codes: Sequence[int],
              state: dict[str, Any]) -> str:
    """A save file's text: the envelope every game's save shares."""
    return json.dumps({"format": fmt, "version": version, "config": config,
                       "actions": list(codes), "state": state}, separators=(",", ":"))


def read_envelope(text: str | bytes, fmt: str, versions: Collection[int],
                  title: str) -> dict[str, Any]:
    """The parsed save, its envelope checked: JSON, the format ``fmt``, a known version,
    a config, a list of actions and a state.  ``title`` names the game in the refusal of
    a foreign file ("not an SP4X save file")."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveFormatError(f"not a save file (invalid JSON: {exc})") from None
    except RecursionError:
        raise SaveFormatError("not a save file (nested too deeply)") from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise SaveFormatError(f"not an {title} save file")
    if doc.get("version") not in versions:
        raise SaveFormatError(f"save version {doc.get('version')!r} is not supported")
    for key, kind in (("config", dict), ("actions", list), ("state", dict)):
        if not isinstance(doc.get(key), kind):
            raise SaveFormatError(f"damaged save: {key!r} is missing or malformed")
    return doc


def action_codes(items: list[Any], read: Callable[[Any], int] | None = None) -> list[int]:
    """The codes of a save's actions: each an integer (checked by ``read`` when given, which
    may also accept an older save's form of an action); SaveFormatError naming the first
    that is not."""
    codes = []
    for index, item in enumerate(items):
        try:
            if read is not None:
                codes.append(read(item))
            elif isinstance(item, int) and not isinstance(item, bool):
                codes.append(item)
            else:
                raise ValueError("not an integer code")
        except ValueError as exc:
            raise SaveFormatError(f"damaged save: action {index}: {exc}") from None
    return codes


def replay_actions(new_game: Callable[[dict[str, Any]], GameT], config: dict[str, Any],
                   actions: Sequence[Any]) -> GameT:
    """A new game of ``config`` with ``actions`` played in turn; SaveFormatError naming
    a bad config or the first action that cannot be played."""
    try:
        game = new_game(config)
    except ConfigError as exc:
        raise SaveFormatError(f"bad config: {exc}") from None
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise SaveFormatError(f"action {index} cannot be replayed: {exc}") from None
    return game




def first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    """The path of the first place where two JSON-like values differ, or None: what a
    verified load names when a save's stored state is not the one its actions lead to."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if type(a) is not type(b) or a != b:
        return path
    return None


__all__ = ["action_codes", "first_difference", "read_envelope", "replay_actions", "save_text"]
