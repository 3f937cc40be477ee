"""Observations as changes: what the host sends after a connection's first update.

Why: a seat's observation holds the whole board (every hex, every unit it
sees, its empire's sheets), and one action changes a few entries of it.  The
host keeps the last observation it sent each connection and sends a
:class:`~se4x_core.net.protocol.Patch` from it to the new one; the client
applies the patch to the observation it holds and gets the host's exactly
(tests compare the two for every update of seeded games).

The change is structural, not textual: a mapping's changed values are
replaced, its sub-mappings are patched in turn, and a list of entries that
carry a strictly increasing number (``"unit"``, ``"hex"``) is patched by entry,
so a unit that moved costs its own entry and nothing else.

>>> old = {"round": 1, "units": [{"unit": 1, "hex": 4}, {"unit": 2, "hex": 5}]}
>>> new = {"round": 1, "units": [{"unit": 2, "hex": 6}, {"unit": 3, "hex": 7}]}
>>> patch = make_patch(old, new)
>>> apply_patch(old, patch) == new
True
>>> make_patch(new, new) == Patch()
True
"""

from __future__ import annotations

from typing import Any

from se4x_core.net.protocol import Patch, Rows

ROW_KEYS = ("unit", "hex")  # the numbers that identify an entry of a list, tried in order


def make_patch(old: dict[str, Any], new: dict[str, Any]) -> Patch:
    """The change from ``old`` to ``new`` (both mappings with string keys)."""
    patch = Patch(drop=[key for key in old if key not in new])
    for key, value in new.items():
        if key in old and old[key] == value:
            continue
        before: Any = old.get(key)
        if key in old and _is_mapping(before) and _is_mapping(value):
            patch.sub[key] = make_patch(before, value)
            continue
        rows = _row_key(before, value) if key in old else None
        if rows is not None:
            patch.rows[key] = _rows(rows, before, value)
        else:
            patch.put[key] = value
    return patch


def apply_patch(old: dict[str, Any], patch: Patch) -> dict[str, Any]:
    """``old`` changed by ``patch``: a new mapping; ``old`` itself is left as it was.

    Raises ValueError if the patch does not fit ``old`` (a key it patches is missing
    or not a mapping or list): the client then asks for the whole observation again.
    """
    new = {key: value for key, value in old.items() if key not in patch.drop}
    new.update(patch.put)
    for key, sub in patch.sub.items():
        if not _is_mapping(old.get(key)):
            raise ValueError(f"patch for {key!r}: not a mapping here")
        new[key] = apply_patch(old[key], sub)
    for key, rows in patch.rows.items():
        if not isinstance(old.get(key), list):
            raise ValueError(f"patch for {key!r}: not a list here")
        new[key] = _apply_rows(old[key], rows)
    return new


def _is_mapping(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(key, str) for key in value)


def _row_key(old: Any, new: Any) -> str | None:
    """The key that numbers both lists' entries in strictly increasing order, if any."""
    if not isinstance(old, list) or not isinstance(new, list) or not new:
        return None
    for key in ROW_KEYS:
        if _numbered(old, key) and _numbered(new, key):
            return key
    return None


def _numbered(entries: list[Any], key: str) -> bool:
    last = None
    for entry in entries:
        if not isinstance(entry, dict):
            return False
        number = entry.get(key)
        if not isinstance(number, int) or isinstance(number, bool) or \
                (last is not None and number <= last):
            return False
        last = number
    return True


def _rows(key: str, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> Rows:
    before = {entry[key]: entry for entry in old}
    after = {entry[key] for entry in new}
    return Rows(key=key, put=[entry for entry in new if before.get(entry[key]) != entry],
                drop=[number for number in before if number not in after])


def _apply_rows(old: list[Any], rows: Rows) -> list[Any]:
    entries: dict[int, Any] = {}
    for entry in old:
        if not isinstance(entry, dict) or not isinstance(entry.get(rows.key), int):
            raise ValueError(f"patch by {rows.key!r}: an entry without it")
        entries[entry[rows.key]] = entry
    for number in rows.drop:
        entries.pop(number, None)
    for entry in rows.put:
        if not isinstance(entry.get(rows.key), int):
            raise ValueError(f"patch by {rows.key!r}: a new entry without it")
        entries[entry[rows.key]] = entry
    return [entries[number] for number in sorted(entries)]
