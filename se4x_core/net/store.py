"""The host's storage: a checkpoint and an append-only journal, so a crash loses nothing.

Why a journal (write-ahead, as a database logs): the checkpoint (an ordinary
se4x save, written with :func:`~se4x_core.files.write_atomic`) is ~100 KiB
and is rewritten only at phase changes and at most every few seconds; every
accepted action in between is appended to the journal and flushed to the
disk (``fsync``) *before* it is applied and its results sent.  So whatever a
player was told happened is on the disk, and a host killed at any moment
restarts at exactly the last acknowledged action, with the same dice next
(the dice are in the state the actions replay).

A record is a 4-byte big-endian length, the CRC-32 of the body, and the body
(UTF-8 JSON).  The journal's first record names the game and the number of
actions of the checkpoint it follows; records are ``{"t": "act", "n": seq,
"c": code}``, ``{"t": "acts", "n": seq, "c": [code, ...]}`` (a decision of several
codes, a planned path or a whole choice: one record, so it is replayed whole or not
at all), ``{"t": "seat", ...}`` (a seat taken or given up, so a
token handed out survives a crash too) and ``{"t": "start"}`` (the game
began: after a restart, a player back is a player ready).  A torn last record (a crash in
mid-write: short, or its CRC does not match) ends the journal; it is cut off
there and never read as something else.

A new journal (after a checkpoint) is written whole to a temporary file and
renamed over the old one, so a crash leaves the old journal or the new one.
Records the checkpoint already holds are checked against it and skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
import struct
import tempfile
import zlib
from pathlib import Path
from typing import Any, Final

from se4x_core.files import sync_folder

RECORD_HEADER: Final = struct.Struct(">II")  # body length, CRC-32 of the body
MAX_RECORD: Final = 1 << 16


def journal_path(checkpoint: Path) -> Path:
    """Where the journal of ``checkpoint`` lives: beside it, ``.journal`` appended."""
    return checkpoint.with_name(checkpoint.name + ".journal")


def encode_record(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, separators=(",", ":")).encode("utf-8")
    return RECORD_HEADER.pack(len(body), zlib.crc32(body)) + body


def read_records(data: bytes) -> tuple[list[dict[str, Any]], int]:
    """The whole records at the start of ``data`` and the length they take.

    Reading stops at the first record that is short, too long, fails its
    CRC or is not a JSON object: a torn tail, never misread.
    """
    records: list[dict[str, Any]] = []
    pos = 0
    while pos + RECORD_HEADER.size <= len(data):
        length, crc = RECORD_HEADER.unpack_from(data, pos)
        start = pos + RECORD_HEADER.size
        body = data[start:start + length]
        if length > MAX_RECORD or len(body) < length or zlib.crc32(body) != crc:
            break
        try:
            record = json.loads(body)
        except ValueError:
            break
        if not isinstance(record, dict):
            break
        records.append(record)
        pos = start + length
    return records, pos


def read_journal(path: Path, repair: bool = True) -> list[dict[str, Any]]:
    """The journal's whole records (none if there is no journal); a torn tail is cut off."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    records, good = read_records(data)
    if repair and good < len(data):
        with open(path, "r+b") as handle:
            handle.truncate(good)
            handle.flush()
            os.fsync(handle.fileno())
    return records


class Journal:
    """The append side: each record on the disk (``fsync``) before ``append`` returns.

    Written through the file descriptor, unbuffered: a write the disk refuses (full,
    quota, I/O error) must not linger in a buffer and reach the file ahead of the next
    record, so a failed append cuts the file back to the end of the last whole record
    before it raises (and, should even that fail, the next append cuts first).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._size = 0  # where the last whole record ends
        self._cut_pending = False

    def start(self, game_id: str, base: int) -> None:
        """A new journal following a checkpoint of ``base`` actions (atomic replace).

        If it cannot be written, OSError, and the old journal stays open and in use.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                   dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(encode_record({"t": "base", "game_id": game_id, "n": base}))
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        sync_folder(self.path.parent)
        self.close()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self._size = os.fstat(self._fd).st_size
        self._cut_pending = False

    def append(self, record: dict[str, Any]) -> None:
        """Write and fsync one record; OSError if the disk refuses (the caller refuses
        the action then: an action that is not on the disk is never acknowledged), and
        the file is as it was before."""
        if self._fd is None:
            raise OSError("the journal is not open")
        if self._cut_pending:
            self._cut_back()
        data = encode_record(record)
        try:
            written = 0
            while written < len(data):
                written += os.write(self._fd, data[written:])
            os.fsync(self._fd)
        except OSError:
            self._cut_pending = True
            with contextlib.suppress(OSError):
                self._cut_back()
            raise
        self._size += len(data)

    def _cut_back(self) -> None:
        """Truncate the file to the last whole record (a failed write's remains)."""
        assert self._fd is not None
        os.ftruncate(self._fd, self._size)
        os.fsync(self._fd)
        self._cut_pending = False

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
