"""Each player's own journal of the game: the event log and "since your last turn".

Why per player and not one log: in a hot-seat game the screen changes
hands, and what Blue may read (her income, what her cruiser peeked at) Red
must not.  So every action's events are filtered once per player, exactly
as ``Session.events`` filters them for the viewer, and written as
sentences with what *that* player knew (:mod:`se4x_qt.games.se4x.log_text`).  The log
dock shows the viewer's journal; when a player takes the screen, the
entries written while they were away become the "since your last turn"
summary.

An undone movement step takes its lines back out of every journal: the
other players never learn of a step that, as far as the game goes, never
happened.

Moves a reader cannot tell apart (one player's face-down groups, one after
another between the same two hexes) make one line with a count, "Bob's 3
face-down groups moved 0304 -> 0405", instead of a line per counter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from se4x_core import data
from se4x_core.events import Event, filter_for
from se4x_core.hexgrid import board_for
from se4x_qt.games.se4x import log_text
from se4x_qt.session.journal_entry import JournalEntry

if TYPE_CHECKING:
    from se4x_qt.games.se4x.session import Session


class Journal(QObject):
    """Per-player lists of log entries, fed by the session."""

    added = Signal(int, list)  # player, new entries
    reset = Signal()  # entries were removed (undo): views re-read everything
    last_changed = Signal(int, dict)  # player, their last entry (its count went up)

    def __init__(self, session: Session, saved: dict[int, list[JournalEntry]] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        players = session.table.players
        self.entries: dict[int, list[JournalEntry]] = {p: [] for p in range(players)}
        for player, items in (saved or {}).items():
            if player in self.entries:
                self.entries[player] = [item.copy() for item in items]
        self._names: dict[int, dict[int, str]] = {p: {} for p in range(players)}
        self._owners: dict[int, int] = {}  # unit -> owner, of the units some player names
        self._machines: dict[int, int] = {}  # Doomsday Machines (public): hex -> number
        # per action, per player: (entries added, entries whose count went up)
        self._batches: list[dict[int, tuple[int, int]]] = []
        self._board = board_for(session.observation()["board"])
        self._learn_names()
        session.recorded.connect(self._on_recorded)
        session.changed.connect(self._learn_names)
        session.undone.connect(self._on_undone)

    # -- reading -----------------------------------------------------------------------
    def for_player(self, player: int) -> list[JournalEntry]:
        return self.entries.get(player, [])

    def unseen(self, player: int) -> list[JournalEntry]:
        """Entries written while ``player`` did not have the screen."""
        return [e for e in self.for_player(player) if not e.get("seen", True)]

    def mark_seen(self, player: int) -> None:
        for entry in self.for_player(player):
            entry["seen"] = True

    def texts(self, player: int) -> list[str]:
        return [e["text"] for e in self.for_player(player)]

    def to_saved(self) -> dict[int, list[JournalEntry]]:
        return {p: list(items) for p, items in self.entries.items()}

    # -- writing -----------------------------------------------------------------------
    def _learn_names(self) -> None:
        """Per player, the names of the counters they can identify *now*.

        Replaced, never accumulated: an enemy group that flipped face down
        again at its colony must not keep its name in the log.
        """
        for player in self._names:
            self._names[player] = self._current_names(player)
        self._machines = self._current_machines()

    def _current_machines(self) -> dict[int, int]:
        """Where the Doomsday Machines stand now (public, so any player's view says)."""
        return {m["hex"]: m["number"] for m in self.session.observation().get("machines", [])}

    def _machine_at(self, hex_index: int) -> int | None:
        """The machine in a hex after the action, else before it (it may be gone now)."""
        return self._current_machines().get(hex_index, self._machines.get(hex_index))

    def _current_names(self, player: int) -> dict[int, str]:
        names: dict[int, str] = {}
        for unit in self.session.table.observation(player)["units"]:
            if unit.get("unit_type") and unit.get("number"):
                names[unit["unit"]] = f"{unit['unit_type']}{unit['number']}"
                self._owners[unit["unit"]] = unit["owner"]
        return names

    def _known_names(self, player: int) -> dict[int, str]:
        """Names known before the action, then (for counters it created) after it."""
        names = self._current_names(player)
        names.update(self._names[player])
        return names

    def context(self, player: int) -> log_text.LogContext:
        names = self._known_names(player)
        return log_text.LogContext(
            viewer=player,
            player_names=[self.session.player_name(p) for p in range(len(self.entries))],
            hex_label=self._label,
            unit_name=names.get,
            machine_at=self._machine_at,
            unit_owner=lambda unit: self._owners.get(unit) if unit in names else None,
        )

    def _label(self, hex_index: int) -> str:
        if 0 <= hex_index < self._board.size:
            return self._board.label(hex_index)
        return "?"

    def _on_recorded(self, events: list[Event]) -> None:
        game_round = self.session.observation()["round"]
        watched = self._watched_live()
        batch: dict[int, tuple[int, int]] = {}
        for player in self.entries:
            ctx = self.context(player)
            new: list[JournalEntry] = []
            repeated = 0
            for event in filter_for(events, player):
                text = log_text.describe(event, ctx)
                if not text:
                    continue
                if self._repeat(player, new, event, ctx):
                    repeated += 1
                    continue
                kind = event.get("type", "")
                entry: JournalEntry = {
                    "text": text,
                    "type": kind,
                    "player": _entry_player(event),
                    "hex": log_text.hex_of(event),
                    "heading": kind in log_text.HEADING_TYPES,
                    "alert": kind in log_text.ALERT_TYPES,
                    "private": event.get("visible_to") is not None,
                    "round": game_round,
                    "seen": player == self.session.viewer and watched,
                }
                key = log_text.repeat_key(event, ctx)
                if key is not None:  # a line later moves may count into
                    entry["repeat"], entry["event"] = key, _move_fields(event)
                new.append(entry)
            if new:
                self.entries[player].extend(new)
                self.added.emit(player, new)
            if new or repeated:
                batch[player] = (len(new), repeated)
        self._batches.append(batch)
        del self._batches[:-64]

    def _repeat(self, player: int, new: list[JournalEntry], event: Event,
                ctx: log_text.LogContext) -> bool:
        """Count ``event`` into the player's last line when it repeats it (see the module
        docstring); True when it did."""
        key = log_text.repeat_key(event, ctx)
        items = self.entries[player]
        if key is None or new or not items or items[-1].get("repeat") != key:
            return False
        last = items[-1]
        last["count"] = last.get("count", 1) + 1
        last["text"] = log_text.moved_groups_text(last["event"], ctx, last["count"])
        last["seen"] = last["seen"] and player == self.session.viewer and self._watched_live()
        self.last_changed.emit(player, last)
        return True

    def _watched_live(self) -> bool:
        """True when the viewer saw this action happen, so it needs no summary later.

        The viewer's own decisions and every battle decision (the combat window
        shows those as they come) are seen; a computer player's moves and
        purchases are not, so they wait in "since your last turn" until the
        decision comes back to the viewer.
        """
        session = self.session
        return not session.is_computer(session.acting_player) or session.in_battle

    def _on_undone(self) -> None:
        if not self._batches:
            return
        for player, (added, repeated) in self._batches.pop().items():
            if added:
                del self.entries[player][-added:]
            if repeated:
                last = self.entries[player][-1]
                last["count"] = last.get("count", 1) - repeated
                last["text"] = log_text.moved_groups_text(last["event"], self.context(player),
                                                          last["count"])
        self.reset.emit()


def _move_fields(event: Event) -> Event:
    """What a repeated move's line is written from again (its count changed): a moved
    event's fields but the counter's identity (only a face-down group's moves repeat)."""
    return {"type": event["type"], "player": event["player"], "origin": event["origin"],
            "hex": event["hex"], "unit": event["unit"]}


def _entry_player(event: Event) -> int | None:
    """The player an entry is about (its emblem in the log): a machine's move is the
    machine's (``data.MACHINE_SIDE``), a battle the attacker's."""
    if event.get("type") == "machine_moved":
        return data.MACHINE_SIDE
    return event.get("player", event.get("attacker"))
