"""The games: each registers itself with one record, and every table reads that record.

Why one record: a table that needs something of a game (the CLI's ``--game``, the
arena, self-play, the contract checker, the LAN host, saves, New Game, Open, the app's
window, the bundle's resources) reads it here, by the game's name, and never names a
game itself.  Adding a game is its package, which registers its record
(:func:`register`), plus one line: its name in :data:`se4x_core.games.BUILT_IN`, or in
the ``SE4X_GAMES`` environment variable for a game kept outside the repository (or a
test's game in a process it starts).

A record names its parts as ``"module:attribute"`` strings, imported when first asked
for: the CLI's parser is built without importing any rules, and the engine never
imports the app (a record's ``app`` part is the app's business, read by the app only).

>>> from se4x_core.gamekit import registry
>>> first = registry.default()
>>> registry.record(first.name) is first, first.players[0] >= 2
(True, True)
>>> registry.game_class(first.name).new_game({"players": 2, "seed": 1}).is_over
False
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from se4x_core.gamekit.contract import ActionClass, ActionValue, BotLike, Facade, GameClass


@dataclass(frozen=True)
class Level:
    """A computer player a person may choose: its bot spec, its name and what it does."""

    spec: str  # the bot spec ("normal", "rule")
    label: str  # "Normal"
    about: str = ""  # what it does, for New Game and the host dialog
    cost: str = ""  # how long it thinks a turn on a 2-core machine ("under 0.25 s")


@dataclass(frozen=True)
class ConfigOption:
    """A config field of one game that the command line sets (``--board small``)."""

    flag: str  # "--board"
    key: str  # the config key ("board")
    help: str
    choices: tuple[str, ...] = ()  # a fixed set of values, or () for an integer
    repeat: bool = False  # may be given several times: the config holds a list
    seat_groups: bool = False  # groups of seat numbers ("0,3/1,2"), not an integer


@dataclass(frozen=True)
class GameRecord:
    """Everything the tables need to know of one game (see the module docstring)."""

    name: str  # "se4x": the CLI's --game, the LAN's game field, autosave names
    title: str  # "Space Empires 4X"
    facade: str  # "module:Game", a GameClass
    actions: str  # "module:Action", an ActionClass
    save_format: str  # the "format" field of the game's saves
    players: tuple[int, ...]  # the player counts it is played with
    bots: str  # module with make_bot(spec, seed) and bot_names()
    levels: tuple[Level, ...]  # the computer players a person chooses from
    default_bot: str = "random"  # a bot spec any position can be played with
    options: tuple[ConfigOption, ...] = ()  # config fields the command line may set
    arena: str = "se4x_core.gamekit.arena:ArenaGame"  # "module:Class", the arena's hooks
    selfplay: str = ""  # "module:function" (argparse args -> exit status); "" = generic
    commands: tuple[str, ...] = ()  # "module:function"s adding the game's own subcommands
    check_configs: tuple[dict[str, Any], ...] = ()  # configs the contract checker plays
    checks: str = ""  # "module:function(game, rnd)": the game's own checks (invariants)
    facts: str = ""  # "module:function(observation)": gamekit.table.PublicFacts ("": plain)
    app: str = ""  # "module:attribute" of the app's side (se4x_qt reads it)
    resources: tuple[str, ...] = ()  # folders under resources/ the game needs
    self_test: str = ""  # "module:function() -> str": its data files load (what it says)
    about: str = ""  # one line: what the game is
    prototype: bool = False  # played from unfinished rules (the app says so)
    rules_note: str = "prototype rules"  # what the app says of such rules, in a few words
    extra: dict[str, Any] = field(default_factory=dict)  # anything a game's own tools read

    @property
    def default_players(self) -> int:
        return self.players[0]


_RECORDS: dict[str, GameRecord] = {}
_LOADED = False


def register(record: GameRecord) -> GameRecord:
    """Add a game (its name must be new); returns the record, so a game's module can
    write ``RECORD = register(GameRecord(...))``."""
    _load_built_in()  # the built-in games first, in their order, whoever imports first
    if record.name in _RECORDS and _RECORDS[record.name] != record:
        raise ValueError(f"a game named {record.name!r} is registered already")
    _RECORDS[record.name] = record
    return record


def unregister(name: str) -> None:
    """Take a game out again (a test's own game, after the test)."""
    _RECORDS.pop(name, None)


PLUGINS_VARIABLE = "SE4X_GAMES"  # more game packages to load, comma-separated


def _load_built_in() -> None:
    """The built-in games, then any package named in ``SE4X_GAMES`` (a game of one's
    own, or the tests' game in a process they start)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        from se4x_core.games import BUILT_IN

        extra = [m.strip() for m in os.environ.get(PLUGINS_VARIABLE, "").split(",")]
        for module in (*BUILT_IN, *filter(None, extra)):
            importlib.import_module(module)


def records() -> list[GameRecord]:
    """Every registered game: the built-in ones first, in ``BUILT_IN``'s order (not the
    order they registered, which depends on which game's package a process imported
    first), then the others in the order they registered."""
    _load_built_in()
    from se4x_core.games import BUILT_IN

    built_in = [package.rpartition(".")[2] for package in BUILT_IN]  # named by game

    def built_in_rank(record: GameRecord) -> int:
        return built_in.index(record.name) if record.name in built_in else len(built_in)

    return sorted(_RECORDS.values(), key=built_in_rank)  # stable: others keep their order


def names() -> list[str]:
    return [r.name for r in records()]


def record(name: str) -> GameRecord:
    """The record of the game ``name``; ValueError naming the known games."""
    _load_built_in()
    if name not in _RECORDS:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(names())})")
    return _RECORDS[name]


def default() -> GameRecord:
    """The game the app and the commands play when none is named: the first built in."""
    return records()[0]


def load(path: str) -> Any:
    """The object ``"module:attribute"`` names (the module imported when first needed)."""
    module, _, attribute = path.partition(":")
    target: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        target = getattr(target, part)
    return target


def game_class(name: str) -> GameClass:
    """The facade class of the game ``name``."""
    return cast(GameClass, load(record(name).facade))


def action_class(name: str) -> ActionClass:
    return cast(ActionClass, load(record(name).actions))


def action_from_code(name: str, code: int) -> ActionValue:
    """The action of the game ``name`` that ``code`` encodes; ActionFormatError (a
    ValueError) if it encodes none."""
    return action_class(name).from_code(code)


def make_bot(name: str, spec: str, seed: int) -> BotLike:
    """A computer player of the game ``name``; ValueError naming its known bots."""
    factory: Callable[[str, int], BotLike] = load(record(name).bots + ":make_bot")
    return factory(spec, seed)


def bot_names(name: str) -> list[str]:
    names_of: Callable[[], list[str]] = load(record(name).bots + ":bot_names")
    return list(names_of())


def name_of(game: Facade) -> str:
    """The name of the game a facade instance plays (its class is a record's facade)."""
    for entry in records():
        if type(game) is load(entry.facade):
            return entry.name
    raise ValueError(f"{type(game).__name__} is no registered game's facade")


def name_of_save(text: str | bytes) -> str | None:
    """The game a save belongs to, by its ``format`` field; None when it names none of
    them (a caller then lets the default game's loader say what is wrong)."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    fmt = doc.get("format") if isinstance(doc, dict) else None
    return next((r.name for r in records() if r.save_format == fmt), None)


def load_save(text: str | bytes, verify: bool = True) -> Facade:
    """The game a save holds, whichever game it is of (SaveFormatError if none)."""
    name = name_of_save(text) or default().name
    return game_class(name).from_json(text, verify)


__all__ = ["ConfigOption", "GameRecord", "Level", "action_class", "action_from_code",
           "bot_names", "default", "game_class", "load", "load_save", "make_bot", "name_of",
           "name_of_save", "names", "record", "records", "register", "unregister"]
