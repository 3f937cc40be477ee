"""Saves, autosaves and settings on disk.

Why this module insists on a few things:

* A save is written to a temporary file in the same folder and then moved
  over the old one with :func:`os.replace` (atomic on every platform we
  ship), so a crash or a full disk mid-write never leaves a half-written
  save in place of a good one.
* Every way a load can fail (the engine's ``SaveFormatError``, ``OSError``,
  bad JSON, a damaged app section) becomes one :class:`LoadError` whose
  message a player can read; callers show it and carry on.
* Files live in the platform's user data folder (``platformdirs``).  Tests
  and portable installs point it elsewhere with the ``SE4X_DATA_DIR``
  environment variable or :data:`DATA_DIR_OVERRIDE`, so a test run never
  writes into a real home directory.

A save file is the engine's save (the facade's ``to_json``: config, actions,
state) with one extra key, ``"app"``, holding what only the app knows: player
names, which seats are human, the PIN hashes and salt, and each player's event
journal (:func:`app_section`, read back by :func:`parse_app_section`; a game's
driver is saved and loaded by :mod:`se4x_qt.session.saves`).  The engine
ignores the extra key, so ``se4x replay`` still reads our saves.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import cast

from se4x_core.files import write_atomic
from se4x_core.gamekit import registry
from se4x_core.paths import ENV_DATA_DIR as ENV_DATA_DIR  # the variable players set
from se4x_core.paths import user_data_path
from se4x_qt.session.journal_entry import JournalEntry
from se4x_qt.session.seats import Seat, parse_seats, seats_from_humans

DATA_DIR_OVERRIDE: Path | None = None  # tests may set this instead of the variable
SAVE_SUFFIX = ".se4x"
AUTOSAVE_KEEP = 10
RECENT_KEEP = 8
UI_SCALE_MIN, UI_SCALE_MAX = 0.75, 3.0  # a saved scale outside this is ignored
JOURNAL_KEEP = 400  # journal entries kept per player in a save


class LoadError(Exception):
    """A save that cannot be opened; ``str()`` is a sentence for the player."""


# -- folders ----------------------------------------------------------------------------
def data_dir_path() -> Path:
    """Where the folder for autosaves and settings is (it may not exist yet)."""
    if DATA_DIR_OVERRIDE is not None:
        return Path(DATA_DIR_OVERRIDE)
    return user_data_path()


def data_dir() -> Path:
    """The folder for autosaves and settings (created on demand; OSError if it cannot
    be, e.g. in a read-only home: callers say so, see :func:`folder_problem`)."""
    base = data_dir_path()
    base.mkdir(parents=True, exist_ok=True)
    return base


def folder_problem(exc: OSError) -> str:
    """A sentence for the player when the data folder cannot be made or written."""
    where = exc.filename or data_dir_path()
    return (f"The app cannot use its data folder {where}: {exc.strerror or exc}. Autosaves "
            f"and settings are not kept. Set the {ENV_DATA_DIR} environment variable to a "
            "writable folder to keep them; games can still be saved with File > Save As.")


def autosave_dir() -> Path:
    folder = data_dir() / "autosaves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_path() -> Path:
    return data_dir() / "settings.json"


# -- writing ----------------------------------------------------------------------------
# -- saves ------------------------------------------------------------------------------
def app_section(names: list[str], seats: list[Seat], pin_salt: str,
                pin_hashes: dict[int, str],
                journal: dict[int, list[JournalEntry]] | None = None) -> dict[str, object]:
    """The ``"app"`` section of a save, for any game."""
    return {
        "names": list(names),
        "seats": [seat.to_json() for seat in seats],
        "pin_salt": pin_salt,
        "pin_hashes": {str(p): h for p, h in pin_hashes.items()},
        "journal": {str(p): entries[-JOURNAL_KEEP:] for p, entries in (journal or {}).items()},
    }


def save_text(engine_save: str, app: dict[str, object]) -> str:
    """A save file's text: the engine's save with the app section added."""
    doc = json.loads(engine_save)
    doc["app"] = app
    return json.dumps(doc)


def read_save(path: Path) -> bytes:
    """A save file's bytes; LoadError if it cannot be read."""
    path = Path(path)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise LoadError(f"Could not read {path.name}: {exc.strerror or exc}.") from None


@dataclass
class AppSection:
    """What a save's ``"app"`` section holds, checked."""

    names: list[str]
    seats: list[Seat]
    pin_hashes: dict[int, str]
    pin_salt: str | None
    journal: dict[int, list[JournalEntry]]


def parse_app_section(app: object, players: int, game: str) -> AppSection:
    """A save's app section, checked (the seats against ``game``'s computer players);
    ValueError, TypeError or AttributeError names what is wrong."""
    bots, default_bot = registry.bot_names(game), registry.record(game).default_bot
    if not isinstance(app, dict):
        raise ValueError("not an object")
    names = app.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("player names must be a list of strings")
    if "seats" in app:
        seats = parse_seats(app["seats"], players, bots, default_bot)
    else:  # saves written before seats could be computers: true/false per player
        humans = app.get("humans", [True] * players)
        if not isinstance(humans, list) or len(humans) != players or \
                not all(isinstance(h, bool) for h in humans):
            raise ValueError("seats must be a list with one true/false per player")
        seats = seats_from_humans(humans, default_bot)
    salt = app.get("pin_salt")
    hashes = app.get("pin_hashes", {})
    if not isinstance(hashes, dict):
        raise ValueError("PIN hashes must be an object")
    pin_hashes: dict[int, str] = {}
    for key, value in hashes.items():
        player = int(key)
        if not 0 <= player < players or not isinstance(value, str):
            raise ValueError(f"bad PIN entry for player {key}")
        pin_hashes[player] = value
    if pin_hashes:
        if not isinstance(salt, str):
            raise ValueError("PINs without a salt")
        bytes.fromhex(salt)
    journal_doc = app.get("journal", {})
    if not isinstance(journal_doc, dict):
        raise ValueError("the journal must be an object")
    journal: dict[int, list[JournalEntry]] = {}
    for key, entries in journal_doc.items():
        player = int(key)
        if not 0 <= player < players or not isinstance(entries, list) or \
                not all(isinstance(e, dict) and isinstance(e.get("text"), str) for e in entries):
            raise ValueError(f"bad journal for player {key}")
        # checked: objects with a text; the other keys are read with get
        journal[player] = cast(list[JournalEntry], entries)
    return AppSection(names=names[:players], seats=seats, pin_hashes=pin_hashes,
                       pin_salt=salt if isinstance(salt, str) else None, journal=journal)


# -- autosaves --------------------------------------------------------------------------
def autosave_name(game: str, detail: str, when: datetime | None = None) -> str:
    """E.g. ``autosave-se4x-20260101-120000-123456-r03-movement.se4x``: the game, then
    the time (so a game's autosaves sort by it), then what ``detail`` says."""
    when = when or datetime.now()
    return f"autosave-{game}-{when:%Y%m%d-%H%M%S-%f}-{detail}{SAVE_SUFFIX}"


def write_autosave(game: str, name: str, text: str, keep: int = AUTOSAVE_KEEP) -> Path:
    """Write the save ``text`` as autosave ``name`` of ``game`` and delete all but that
    game's newest ``keep`` autosaves; OSError if the folder cannot be written.

    Why a pool per game: with one pool, an evening of SP4X pushed out every Space
    Empires autosave (a player's way back after a crash or a slip)."""
    path = autosave_dir() / name
    write_atomic(path, text)
    for old in list_autosaves(game)[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


def _autosave_parts(path: Path) -> tuple[str, str]:
    """(game, the rest from the time on) of an autosave's name; older Space Empires
    autosaves had the time right after "autosave-"."""
    rest = path.name.removeprefix("autosave-")
    if rest[:1].isdigit():
        return registry.default().name, rest
    game, _, timed = rest.partition("-")
    return game, timed


def autosave_game(path: Path) -> str:
    """Which game an autosave is of, from its name."""
    return _autosave_parts(path)[0]


def list_autosaves(game: str | None = None) -> list[Path]:
    """Autosaves (of ``game``, or of every game), newest first."""
    found = [p for p in autosave_dir().glob(f"autosave-*{SAVE_SUFFIX}")
             if game is None or autosave_game(p) == game]
    return sorted(found, key=lambda p: _autosave_parts(p)[1], reverse=True)


# -- settings ---------------------------------------------------------------------------
@dataclass
class Settings:
    """What the app remembers between runs (a small JSON file)."""

    last_dir: str = ""
    geometry: str = ""  # QMainWindow.saveGeometry() as hex
    window_state: str = ""  # QMainWindow.saveState() as hex
    recent_files: list[str] = field(default_factory=list)
    computer_pace: str = "normal"  # Session.PACES: how fast computer players act
    ui_scale: float = 0.0  # the size of everything (QT_SCALE_FACTOR); 0: the system's
    # One question, one setting: "don't ask again" on one must not silence the other.
    confirm_end_movement: bool = True  # ask before movement ends with groups that can move
    confirm_unspent_cp: bool = True  # ask before purchases end with CP lost or unused
    sound: bool = True  # short cues: your turn, a battle, the game's end
    animations: bool = True  # a moved counter slides along its path
    bookkeeping: bool = True  # the computer takes routine administration (SE4: upkeep...)
    show_welcome: bool = True  # the welcome screen at start (its "Show at start" box)
    tips: bool = True  # a tip the first time something happens in a game
    coach: bool = False  # solitaire: the search's view of the human's strategic decisions
    tips_seen: list[str] = field(default_factory=list)  # ids of the tips already shown
    tutorial_steps: dict[str, int] = field(default_factory=dict)  # tutorial id -> step reached

    @classmethod
    def load(cls) -> Settings:
        """The saved settings, or defaults if the file is missing or damaged."""
        try:
            doc = json.loads(settings_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(doc, dict):
            return cls()
        settings = cls()
        for key in ("last_dir", "geometry", "window_state", "computer_pace"):
            if isinstance(doc.get(key), str):
                setattr(settings, key, doc[key])
        for key in ("confirm_end_movement", "confirm_unspent_cp", "sound", "animations",
                    "bookkeeping", "show_welcome", "tips", "coach"):
            if isinstance(doc.get(key), bool):
                setattr(settings, key, doc[key])
        if isinstance(doc.get("confirm_end_turn"), bool) and "confirm_end_movement" not in doc:
            # a file from before the two questions were apart: its one switch was most
            # likely turned off at the movement question, so it keeps that one only and
            # the costlier question (CP lost at the cap) is asked again
            settings.confirm_end_movement = doc["confirm_end_turn"]
        scale = doc.get("ui_scale")
        if isinstance(scale, int | float) and not isinstance(scale, bool) and \
                (scale == 0 or UI_SCALE_MIN <= scale <= UI_SCALE_MAX):
            settings.ui_scale = float(scale)
        recent = doc.get("recent_files")
        if isinstance(recent, list):
            settings.recent_files = [r for r in recent if isinstance(r, str)][:RECENT_KEEP]
        seen = doc.get("tips_seen")
        if isinstance(seen, list):
            settings.tips_seen = [t for t in seen if isinstance(t, str)]
        steps = doc.get("tutorial_steps")
        if isinstance(steps, dict):
            settings.tutorial_steps = {k: v for k, v in steps.items() if isinstance(k, str)
                                       and isinstance(v, int) and not isinstance(v, bool)
                                       and v >= 0}
        return settings

    def save(self) -> None:
        """Write the settings; a failure to write is not worth interrupting play for."""
        with contextlib.suppress(OSError):
            write_atomic(settings_path(), json.dumps(self.__dict__, indent=2))

    def add_recent(self, path: Path) -> None:
        text = str(Path(path).resolve())
        self.recent_files = [text] + [r for r in self.recent_files if r != text]
        self.recent_files = self.recent_files[:RECENT_KEEP]
        self.last_dir = str(Path(text).parent)
