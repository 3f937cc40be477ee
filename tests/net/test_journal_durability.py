"""The host's journal never lies: a refused write leaves nothing behind, a decision of
several codes is journaled and applied whole or not at all, and a journal on a disk
that fills and is freed again holds exactly the records that were acknowledged.

Why: the journal file was buffered; a record the full disk refused stayed in the
buffer and reached the file ahead of the next accepted one, so a restart replayed an
action every player was told was refused and then stopped short of the ones they were
told were accepted.  A planned path kept its first steps applied while its sender
heard that nothing changed.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from se4x_core.actions import Action
from se4x_core.ai.bot import ask
from se4x_core.ai.registry import make_bot
from se4x_core.net import store
from se4x_core.net.host import HostCore, Refusal, new_host
from se4x_core.net.protocol import PROTOCOL_VERSION, Error, Join, Ready, Walk, encode
from se4x_core.net.store import Journal, read_journal

pytestmark = pytest.mark.fast

CONFIG = {"players": 2, "board": "small", "seed": 5}


def record(n: int) -> dict:
    return {"t": "act", "n": n, "c": 1000 + n}


# -- the file ----------------------------------------------------------------------------
def test_a_refused_write_leaves_no_trace_and_the_next_record_follows_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    journal = Journal(tmp_path / "game.journal")
    journal.start("g1", 0)
    journal.append(record(0))
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:  # the disk fills mid-record
        real_write(fd, data[:5])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store.os, "write", half_then_full)
    with pytest.raises(OSError):
        journal.append(record(1))
    monkeypatch.setattr(store.os, "write", real_write)
    journal.append(record(2))  # the disk has room again
    journal.close()
    records = read_journal(tmp_path / "game.journal", repair=False)
    assert [r.get("n") for r in records] == [0, 0, 2]  # base, the accepted, the next


def test_a_cut_that_failed_is_made_before_the_next_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    journal = Journal(tmp_path / "game.journal")
    journal.start("g1", 0)
    real_write, real_truncate = os.write, os.ftruncate
    monkeypatch.setattr(store.os, "write", lambda fd, data: (real_write(fd, data[:3]),
                                                             _raise(errno.EIO))[1])
    monkeypatch.setattr(store.os, "ftruncate", lambda fd, size: _raise(errno.EIO))
    with pytest.raises(OSError):
        journal.append(record(0))
    monkeypatch.setattr(store.os, "write", real_write)
    monkeypatch.setattr(store.os, "ftruncate", real_truncate)
    journal.append(record(1))
    journal.close()
    assert [r.get("n") for r in read_journal(tmp_path / "game.journal", repair=False)] == [0, 1]


def _raise(code: int) -> int:
    raise OSError(code, os.strerror(code))


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 64 KiB filesystem of its own (tmpfs; needs root and mount), unmounted after."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small filesystem needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small filesystem here: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Fill the filesystem to the last byte; returns the filler to delete."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (4096, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError:
                    break
    finally:
        os.close(fd)
    return filler


def test_a_journal_on_a_disk_that_fills_and_is_freed_holds_what_was_accepted(
        small_disk: Path) -> None:
    path = small_disk / "game.journal"
    journal = Journal(path)
    journal.start("g1", 0)
    accepted = []
    for n in range(10):
        journal.append(record(n))
        accepted.append(n)
    filler = fill(small_disk)
    refused = 0
    for n in range(10, 1000):  # the journal's last page may still hold a few records
        try:
            journal.append(record(n))
            accepted.append(n)
        except OSError:
            refused += 1
            if refused == 5:
                break
    assert refused == 5, "the disk never filled"
    filler.unlink()
    for n in range(1000, 1008):
        journal.append(record(n))
        accepted.append(n)
    journal.close()  # as kill -9 would leave it: every append was fsynced
    assert [r["n"] for r in read_journal(path)[1:]] == accepted


# -- the host ----------------------------------------------------------------------------
def seated_core() -> HostCore:
    core = new_host(CONFIG)
    for conn, seat in ((1, 0), (2, 1)):
        core.handle(conn, encode(Join(PROTOCOL_VERSION, seat=seat, name=f"P{seat}")))
        core.handle(conn, encode(Ready(seat)))
    return core


def to_movement_with_two_units(core: HostCore) -> list[int]:
    """Play the heuristic bot to a movement turn where the player to move has two units
    that may each step; one legal first step of each (two codes of one decision)."""
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    for _ in range(2000):
        game = core.game
        assert not game.is_over
        if game.phase == "movement":
            steps = {}
            for code in game.legal_codes():
                action = Action.from_code(code)
                if action.kind == "move":
                    steps.setdefault(action.unit, code)
            if len(steps) >= 2:
                first, second = list(steps.values())[:2]
                trial = game.clone()
                trial.apply(first)
                if trial.explain(second) is None and trial.current_player == game.current_player:
                    return [first, second]
        core.apply(ask(bots[game.current_player], game, game.current_player))
    raise AssertionError("no movement turn with two units came up")


def test_a_decision_of_several_codes_is_journaled_and_applied_whole_or_not_at_all() -> None:
    """What a planned path (Walk) and a whole choice (Acts) go through."""
    core = seated_core()
    records: list[dict] = [{"t": "base", "game_id": core.game_id, "n": 0}]
    core.journal = records.append
    codes = to_movement_with_two_units(core)
    before = list(core.game.action_codes)

    def plan(game, step) -> None:
        for code in codes:
            step(code)

    def full(_record: dict) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    core.journal = full
    with pytest.raises(Refusal) as refused:
        core.apply_decision(plan)
    assert refused.value.code == "storage"
    assert core.game.action_codes == before  # not the first step either

    core.journal = records.append
    core.apply_decision(plan)
    assert core.game.action_codes == before + codes
    assert records[-1] == {"t": "acts", "n": len(before), "c": codes}

    again = new_host(CONFIG)  # a restart: the same game from its journal
    again.game_id = core.game_id
    assert again.replay_journal(records) == len(core.game.action_codes)
    assert again.game.to_json() == core.game.to_json()
    broken = records[:-1] + [{"t": "acts", "n": len(before), "c": [codes[0], 1 << 30]}]
    third = new_host(CONFIG)  # a decision whose second code does not follow: none of it
    third.game_id = core.game_id
    assert third.replay_journal(broken) == len(before)


def test_a_walk_refused_by_the_disk_changes_nothing() -> None:
    core = seated_core()
    core.journal = lambda _record: None
    codes = to_movement_with_two_units(core)
    unit, before = Action.from_code(codes[0]).unit, list(core.game.action_codes)
    direction = Action.from_code(codes[0]).dir

    def full(_record: dict) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    core.journal = full
    seat = core.game.current_player
    out = core.handle(1 + seat, encode(Walk(seat, len(before), unit, [direction])))
    assert isinstance(out[0][1], Error) and out[0][1].code == "storage"
    assert core.game.action_codes == before
