"""The SE4 log: each player's events in words, kept as they arrive, and the list that
shows the viewer's.

Why words kept per player, as the events come: the session driver keeps each player's
events (``driver.seen``, only what that player may see, the latest few hundred), and
the window hears of every action through the driver's ``changed`` signal.  Wording them
as they arrive, with a :class:`~se4x_qt.games.se4.texts.ShipBook` that has seen every
ship, names a ship destroyed long ago as it was ("Cruiser #3"), which wording the whole
list again at save time could not; the same lines are what a save keeps (the window's
``journal_data``), so a loaded game's log reads the same.  A loaded game's events come
back as lines of text, shown as they were.
"""

from __future__ import annotations

from typing import Any, Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from se4x_qt import style
from se4x_qt.games.se4 import texts
from se4x_qt.session.driver import GameDriver
from se4x_qt.session.journal_entry import JournalEntry
from se4x_qt.style import Theme
from se4x_qt.widgets.log_view import LogLine, LogView

KEEP: Final = 1500  # lines kept per player (the latest)
SHOWN: Final = 400  # lines in the list (the latest are the ones read)


class EventLog:
    """Every player's log lines (``lines``), worded as the driver's events arrive."""

    def __init__(self) -> None:
        self.lines: dict[int, list[JournalEntry]] = {}
        self.counted: dict[int, int] = {}  # per player: the driver's seen_total worded
        self.book = texts.ShipBook()

    def catch_up(self, driver: GameDriver) -> bool:
        """Word the events each player has seen since the last call; True if any."""
        obs: dict[str, Any] = driver.observation()
        self.book.learn(obs)
        words = texts.EventWords(obs, driver.player_names, self.book)
        fresh = False
        for player, events in driver.seen.items():
            total = driver.seen_total.get(player, 0)
            new = min(len(events), max(0, total - self.counted.get(player, 0)))
            self.counted[player] = total
            lines = self.lines.setdefault(player, [])
            for event in events[len(events) - new:]:
                entry = line_of(event, words, int(obs["round"]))
                if entry is not None:
                    lines.append(entry)
                    fresh = True
            del lines[:-KEEP]
        return fresh


def line_of(event: dict[str, Any], words: texts.EventWords, round_: int) -> JournalEntry | None:
    """One event as a log line (None: no line for it)."""
    words.book.learn_event(event)
    text = words.text(event)
    if text is None:
        return None
    kind = str(event.get("type", ""))
    entry: JournalEntry = {"text": text, "type": kind, "round": round_,
                           "heading": kind in texts.HEADINGS, "alert": kind in texts.ALERTS,
                           "private": event.get("visible_to") is not None}
    player = event.get("player", event.get("owner"))
    if isinstance(player, int):
        entry["player"] = player
    return entry


def journal(driver: GameDriver) -> dict[int, list[JournalEntry]]:
    """Each player's log as a save keeps it, worded from the driver's events alone (the
    app's ``journal`` when no window words it)."""
    log = EventLog()
    log.catch_up(driver)
    return {player: list(lines) for player, lines in log.lines.items()}


class JournalView(LogView):
    """The viewer's log lines, the newest at the bottom and in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(SHOWN, parent=parent)
        self.setObjectName("se4_log")
        self.setStyleSheet("QPlainTextEdit { background: transparent; border: none; "
                           "font-size: 9pt; }")
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.shown: tuple[int, int] = (-1, 0)  # (whose lines, how many of them shown)

    def show_lines(self, player: int, lines: list[JournalEntry]) -> None:
        """Add what is new of ``player``'s lines (all of them anew for another player)."""
        shown_for, shown = self.shown
        if shown_for != player or shown > len(lines):
            self.clear_lines()
            shown = max(0, len(lines) - SHOWN)
        for entry in lines[shown:]:
            self.append(log_line(entry))
        self.shown = (player, len(lines))

    def forget(self) -> None:
        """Empty (the handover: the next player must not read the last one's log)."""
        self.clear_lines()
        self.shown = (-1, 0)


def log_line(entry: JournalEntry) -> LogLine:
    """A heading in its player's colour and bold, an alert red, a private line in the
    accent colour."""
    if entry.get("heading"):
        player = entry.get("player")
        colour = (style.player_colour(player) if isinstance(player, int)
                  else QColor(Theme.HIGHLIGHT))
        return LogLine(entry["text"], colour, bold=True)
    if entry.get("alert"):
        return LogLine(entry["text"], QColor(Theme.BAD))
    if entry.get("private"):
        return LogLine(entry["text"], QColor(Theme.ACCENT), tooltip="Only you can see this")
    return LogLine(entry["text"])


__all__ = ["EventLog", "JournalView", "journal", "line_of", "log_line"]
