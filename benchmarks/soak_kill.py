"""kill -9 with a disk that fills: the host's journal never lies, at length.

A dedicated host (``se4x host``) keeps its autosave and journal on a small
filesystem of its own (tmpfs, ``--size`` KiB; needs root to mount).  One client
plays both seats against the reference game (``se4x_core.devtools.crashtest``).
The host is killed with SIGKILL ``--kills`` times at random moments; in
``--disk-kills`` of those cycles the disk is first filled (a file takes every
free byte) until the host refuses actions with ``storage``, the action is sent
again a few times, the space is freed, play goes on, and only then the kill.
After every restart (``--load``) the host must stand at the last action it
answered (or one further: an action journaled whose answer the kill cut off),
every seat's view must be the reference's, and at the end the game, replayed
from checkpoint and journal, is the reference game action for action, the
journal's record numbers strictly increasing (no refused action written).

Usage (root; from the repo root)::

    .venv/bin/python benchmarks/soak_kill.py [--kills 20] [--disk-kills 10] [--seed 7]

Prints the kills, the refusals, where each restart resumed, and the verdict
(exit status 1 on any lost or invented action).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from se4x_core.devtools.crashtest import (
    CONFIG,
    HOST_ARGS,
    KillableHost,
    Player,
    WrongPosition,
    reference,
)
from se4x_core.net.client import BlockingClient
from se4x_core.net.host import recover
from se4x_core.net.store import journal_path, read_journal

REFUSALS_BEFORE_FREEING = 3


class SmallDisk:
    """A tmpfs of ``size_kib`` KiB at a temporary folder; ``fill`` takes every free byte
    with one file, ``free`` deletes it."""

    def __init__(self, size_kib: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="se4x-soak-disk-"))
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs",
                               str(self.folder)], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"soak_kill: cannot mount a small filesystem (root needed): "
                             f"{done.stderr.strip()}")
        self.filler = self.folder / "filler"
        self.full = False

    def fill(self) -> None:
        with contextlib.suppress(OSError), open(self.filler, "ab") as handle:
            chunk = b"\0" * 4096
            while True:
                handle.write(chunk)
                handle.flush()
        with contextlib.suppress(OSError), open(self.filler, "ab") as handle:
            while True:  # the last bytes of the last page
                handle.write(b"\0")
                handle.flush()
        self.full = True

    def free(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.filler.unlink()
        self.full = False

    def close(self) -> None:
        subprocess.run(["umount", "-l", str(self.folder)], check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--disk-kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", type=int, default=1024, help="the filesystem's KiB")
    parser.add_argument("--rounds", type=int, default=40,
                        help="the game's round cap (a long game: a filled disk refuses only "
                             "once the journal's last page is full)")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("soak_kill: mounting the small filesystem needs root", file=sys.stderr)
        return 2
    disk = SmallDisk(args.size)
    try:
        return soak(args, disk)
    finally:
        disk.close()


def soak(args: argparse.Namespace, disk: SmallDisk) -> int:
    """The cycles (see the module docstring); 0 if nothing was lost or invented."""
    config = {**CONFIG, "max_rounds": args.rounds}
    positions = reference(config)
    rnd = random.Random(args.seed)
    filled_cycles = set(rnd.sample(range(args.kills), args.disk_kills))
    refused_now = Counter[int]()
    triggers: list[tuple[int, Callable[[], object]]] = []

    def kill() -> None:
        host.kill_after(rnd.uniform(0.0, 0.004))

    def refused(seq: int) -> None:
        """The disk is full: after a few refusals of this action, free it; the kill
        comes after 8 more accepted actions."""
        refused_now[seq] += 1
        if refused_now[seq] >= REFUSALS_BEFORE_FREEING and disk.full:
            disk.free()
            triggers.append((player.accepted + 8, kill))
        time.sleep(0.01)

    player = Player(positions, refused=refused)
    host_args = [*HOST_ARGS]
    host_args[host_args.index("--max-rounds") + 1] = str(args.rounds)
    host = KillableHost(disk.folder / "host.se4x", host_args)
    resumes: list[int] = []  # restart position minus the last answered action
    kills, started = 0, time.monotonic()
    port = host.start(load=False)
    try:
        while True:
            client = BlockingClient("127.0.0.1", port)
            pending = player.sit_down(client)
            if kills:
                resumes.append(pending[0].seq - player.accepted)
            triggers.clear()
            if kills < args.kills:  # a filled cycle's kill waits for the refusals
                first = player.accepted + rnd.randint(5, 30)
                triggers.append((first, disk.fill if kills in filled_cycles else kill))
            try:
                player.play(client, pending, triggers)
                break
            except (ConnectionError, OSError):
                kills += 1
                host.wait_dead()
                disk.free()  # a cycle whose kill came before the refusals freed it
                port = host.start(load=True)
            finally:
                client.close()
    except WrongPosition as exc:
        print(f"soak_kill: FAILED after {kills} kills: {exc}")
        return 1
    finally:
        host.stop()
    return report(args, player, positions, host, kills, resumes, refused_now, started)


def report(args: argparse.Namespace, player: Player, positions: list, host: KillableHost,
           kills: int, resumes: list[int], refused_now: Counter[int], started: float) -> int:
    records = read_journal(journal_path(host.save))
    numbers = [r["n"] for r in records if r.get("t") in ("act", "acts")]
    final = recover(host.save.read_text(), records)
    same = final.game.action_codes == positions[-1].action_codes
    increasing = all(a < b for a, b in zip(numbers, numbers[1:], strict=False))
    filled = sum(1 for n in refused_now.values() if n >= REFUSALS_BEFORE_FREEING)
    print(f"{kills} kills ({filled} after the disk filled, refused and was freed), "
          f"{len(positions) - 1} actions, {time.monotonic() - started:.0f} s")
    print(f"storage refusals: {player.storage_refusals} over {len(refused_now)} actions; "
          f"each sent again and accepted once the disk had room")
    print(f"restarts resumed at the last answered action: {resumes.count(0)}; one further "
          f"(journaled, answer cut off by the kill): {resumes.count(1)}; other: "
          f"{len([r for r in resumes if r not in (0, 1)])}")
    print(f"final game is the reference game: {same}; journal numbers strictly increasing: "
          f"{increasing}; accepted actions lost: 0")
    return 0 if same and increasing and all(r in (0, 1) for r in resumes) else 1


if __name__ == "__main__":
    sys.exit(main())

