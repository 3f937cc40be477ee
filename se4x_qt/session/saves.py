"""Every game's saves: a driver to a save file and back, and autosaves.

A save is the game's own (its facade's ``to_json``: config, actions, the state they
lead to) plus the ``"app"`` section (:func:`~se4x_qt.session.storage.app_section`:
names, seats, PIN hashes, each player's log).  Which game a file holds is read from its
``format`` field through the registry, so Open needs no game's name; the game's
:class:`~se4x_qt.session.app_game.AppGame` says how its log is written down
(``journal``) and what an autosave's name tells (``autosave_detail``).

Loading replays and verifies the game, checks the app section against the game's
computer players, and turns every failure into one
:class:`~se4x_qt.session.storage.LoadError` a player can read; the file is never
written while it is read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from se4x_core.errors import SaveFormatError
from se4x_core.files import write_atomic
from se4x_core.gamekit import registry
from se4x_qt.session import storage
from se4x_qt.session.app_game import AppGame, app_game
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.journal_entry import JournalEntry

Journal = dict[int, list[JournalEntry]]


@dataclass
class Loaded:
    """A game read from disk: its driver, and the log the save kept per player."""

    driver: GameDriver
    journal: Journal = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.driver.game_name


def journal_of(driver: GameDriver) -> Journal:
    """The log to save with ``driver``'s game, as its app writes it (none if it keeps
    none)."""
    app = app_game(driver.game_name)
    if not app.journal:
        return {}
    journal: Journal = app.load("journal")(driver)
    return journal


def driver_to_json(driver: GameDriver, journal: Journal | None = None) -> str:
    """The save file's text of the game ``driver`` holds (``journal``: the log as the
    window keeps it; by default as the game's app writes it from the events seen)."""
    if journal is None:
        journal = journal_of(driver)
    app = storage.app_section(driver.player_names, driver.seats, driver.pin_salt,
                              driver.pin_hashes, journal)
    return storage.save_text(driver.game.to_json(), app)


def save_driver(driver: GameDriver, path: Path, journal: Journal | None = None) -> Path:
    """Save atomically (a temporary file renamed over the old one); OSError if it fails."""
    write_atomic(Path(path), driver_to_json(driver, journal))
    return Path(path)


def autosave_detail(driver: GameDriver, app: AppGame) -> str:
    """What an autosave's name says of the game's point: the game's own words
    (Space Empires: round and phase), else the actions taken and the phase."""
    if app.autosave_detail:
        detail: str = app.load("autosave_detail")(driver)
        return detail
    return f"a{len(driver.game.action_codes):05d}-{driver.phase}"


def autosave(driver: GameDriver, journal: Journal | None = None,
             keep: int = storage.AUTOSAVE_KEEP) -> Path:
    """An autosave of the game (the newest ``keep`` of that game's are kept, apart
    from other games'); OSError if the folder cannot be written."""
    app = app_game(driver.game_name)
    name = storage.autosave_name(driver.game_name, autosave_detail(driver, app))
    return storage.write_autosave(driver.game_name, name, driver_to_json(driver, journal),
                                  keep)


def load_driver(raw: str | bytes, name: str = "the file") -> Loaded:
    """A driver of the game a save holds, whichever game; LoadError naming what is wrong."""
    game = registry.name_of_save(raw) or registry.default().name
    record = registry.record(game)
    try:
        facade = registry.game_class(game).from_json(raw)
    except SaveFormatError as exc:
        raise storage.LoadError(f"{name} is not a usable {record.title} save: {exc}.") from None
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # anything else malformed
        raise storage.LoadError(f"{name} is damaged: {exc}.") from None
    doc = json.loads(raw)  # parsed once already by the game, so this cannot fail
    players = int(facade.config["players"])
    try:
        app = storage.parse_app_section(doc.get("app", {}), players, game)
    except (ValueError, TypeError, AttributeError) as exc:
        raise storage.LoadError(f"{name} is damaged (app section: {exc}).") from None
    seen: dict[int, list[Any]] = {
        player: [{"type": "text", "text": entry["text"]} for entry in entries]
        for player, entries in app.journal.items()}
    try:
        driver: GameDriver = app_game(game).driver_class().local(
            game, facade, app.seats, names=app.names, pins=app.pin_hashes,
            pin_salt=app.pin_salt, seen=seen)
    except ValueError as exc:  # a computer level that cannot be made here
        raise storage.LoadError(f"{name} cannot be played here: {exc}.") from None
    return Loaded(driver, app.journal)


def load_path(path: Path) -> Loaded:
    """Read a save from disk; LoadError naming what is wrong."""
    return load_driver(storage.read_save(path), Path(path).name)


def new_driver(game: str, config: dict[str, Any], seats: list[Any],
               names: list[str] | None = None, pins: dict[int, str] | None = None
               ) -> GameDriver:
    """A driver of a new game of ``config``; the game's ConfigError if it is bad."""
    facade = registry.game_class(game).new_game(config)
    driver: GameDriver = app_game(game).driver_class().local(game, facade, seats, names=names)
    for player, pin in (pins or {}).items():
        driver.set_pin(player, pin)
    return driver


__all__ = ["Journal", "Loaded", "autosave", "autosave_detail", "driver_to_json",
           "journal_of", "load_driver", "load_path", "new_driver", "save_driver"]
