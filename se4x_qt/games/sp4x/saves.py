"""SP4X games for the app: starting one, and its saves (engine save + the app section).

A save is the engine's (``Game.to_json``: config, actions, the state they
lead to) plus the app section every game's save has
(:func:`se4x_qt.session.storage.app_section`: names, seats, PIN hashes,
each player's log as text).  Loading replays the actions, checks the state
and the app section, and turns every failure into a
:class:`~se4x_qt.session.storage.LoadError` naming the problem; the file is
never written while reading.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from se4x_core.errors import SaveFormatError
from se4x_core.files import write_atomic
from se4x_core.games.sp4x.game import Game
from se4x_qt.games.sp4x import levels, texts
from se4x_qt.session import storage
from se4x_qt.session.driver import Event, GameDriver
from se4x_qt.session.journal import JournalEntry
from se4x_qt.session.seats import Seat


def new_driver(config: dict[str, Any], seats: list[Seat], names: list[str],
               pins: dict[int, str] | None = None) -> GameDriver:
    """A driver for a new game of ``config``; the engine's ConfigError if it is bad."""
    driver = GameDriver(Game.new_game(config), seats, levels.make_bot, names)
    for player, pin in (pins or {}).items():
        driver.set_pin(player, pin)
    return driver


def _journal(driver: GameDriver) -> dict[int, list[JournalEntry]]:
    out: dict[int, list[JournalEntry]] = {}
    cells = texts.CellNames(driver.game.observation(0))  # the board is public
    for player, events in driver.seen.items():
        lines: list[JournalEntry] = []
        for event in events:
            text = texts.event_text(event, driver.player_names, player, cells)
            if text is not None:
                lines.append({"text": text, "type": str(event.get("type", ""))})
        out[player] = lines
    return out


def to_json(driver: GameDriver) -> str:
    """The save file's text."""
    app = storage.app_section(driver.player_names, driver.seats, driver.pin_salt,
                              driver.pin_hashes, _journal(driver))
    return storage.save_text(driver.game.to_json(), app)


def save(driver: GameDriver, path: Path) -> Path:
    """Save atomically (a temporary file renamed over the old one); OSError if it fails."""
    write_atomic(Path(path), to_json(driver))
    return Path(path)


def autosave(driver: GameDriver, when: datetime | None = None) -> Path:
    """An SP4X autosave (the newest few SP4X ones are kept, apart from other games')."""
    obs = driver.game.observation(0)
    name = storage.autosave_name("sp4x", f"age{obs['age']}-t{obs['turn']:03d}", when)
    return storage.write_autosave("sp4x", name, to_json(driver))


def from_json(raw: str | bytes, name: str = "the file") -> GameDriver:
    """A driver from a save's text; LoadError naming what is wrong."""
    try:
        game = Game.from_json(raw)
    except SaveFormatError as exc:
        raise storage.LoadError(f"{name} is not a usable SP4X save: {exc}.") from None
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise storage.LoadError(f"{name} is damaged: {exc}.") from None
    doc = json.loads(raw)
    players = game.config["players"]
    try:
        app = storage.parse_app_section(doc.get("app", {}), players, levels.bot_names(),
                                        levels.EASY)
    except (ValueError, TypeError, AttributeError) as exc:
        raise storage.LoadError(f"{name} is damaged (app section: {exc}).") from None
    seen: dict[int, list[Event]] = {
        player: [{"type": "text", "text": entry["text"]} for entry in entries]
        for player, entries in app.journal.items()}
    try:
        return GameDriver(game, app.seats, levels.make_bot, app.names, app.pin_hashes,
                          app.pin_salt, seen)
    except ValueError as exc:  # a computer level that cannot be made here
        raise storage.LoadError(f"{name} cannot be played here: {exc}.") from None


def load(path: Path) -> GameDriver:
    """Read a save from disk; LoadError naming what is wrong."""
    return from_json(storage.read_save(path), Path(path).name)
