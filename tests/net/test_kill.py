"""kill -9: a host process killed at random moments loses no accepted action.

A dedicated host (``se4x host``, a real process) is killed with SIGKILL at a
random moment while one client plays both seats (after a random number of
further actions, then a random few milliseconds into whatever the host is
doing: journaling, applying, answering, writing a checkpoint), then restarted from its
checkpoint and journal (``--load``), again and again.  The client counts an
action as accepted when the host's update for it arrives.  After every
restart the host must be at least at the last accepted action, and each
seat's view must be the reference game's at that point (the same dice: none
was rolled again); at the end the host's game is the reference game, action
for action.  The reference plays the same picks in this process, so it is the
game as it would have been without a single crash.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from se4x_core.game import Game
from se4x_core.net.client import BlockingClient
from se4x_core.net.host import recover
from se4x_core.net.protocol import PROTOCOL_VERSION, Act, Error, Join, Ready, Rejoin, Update
from se4x_core.net.store import journal_path, read_journal

pytestmark = pytest.mark.slow

CONFIG: dict[str, Any] = {"players": 2, "board": "small", "max_rounds": 8, "seed": 21}
KILLS = 12
TIME_LIMIT = 240.0  # seconds for the whole test: it stops by itself


def pick(seq: int, legal: list[int]) -> int:
    """The client's decision: a function of the position only, so the reference agrees."""
    return legal[(seq * 7919 + 13) % len(legal)]


def reference() -> list[Game]:
    """The game without crashes: the position after every action (index = seq)."""
    game = Game.new_game(CONFIG)
    positions = [game.clone()]
    while not game.is_over:
        game.apply(pick(len(game.action_codes), game.legal_codes()))
        positions.append(game.clone())
    return positions


class Host:
    """``se4x host`` in a child process; ``start`` returns the port it listens on."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.proc: subprocess.Popen[str] | None = None

    def start(self, load: bool) -> int:
        argv = [sys.executable, "-m", "se4x_core.devtools.cli", "host", "--port", "0",
                "--bind", "127.0.0.1", "--no-advertise", "--autosave", str(self.save)]
        argv += ["--load", str(self.save)] if load else [
            "--players", "2", "--board", "small", "--max-rounds", "8", "--seed", "21"]
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert found, f"the host did not start: {line!r} {self.proc.stderr.read()}"
        return int(found.group(1))

    def kill_after(self, delay: float) -> threading.Timer:
        proc = self.proc
        assert proc is not None
        timer = threading.Timer(delay, lambda: proc.poll() is None and os.kill(proc.pid,
                                                                               signal.SIGKILL))
        timer.start()
        return timer

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(30)


def test_kill_9_at_random_moments_loses_no_accepted_action(tmp_path: Path) -> None:
    positions = reference()
    assert len(positions) > 300
    save = tmp_path / "host.se4x"
    host = Host(save)
    rnd = random.Random(7)
    deadline = time.monotonic() + TIME_LIMIT
    accepted = [0]  # actions whose update arrived: the host may never forget them
    at_kill: list[int] = []
    kills = restarts_checked = 0
    tokens: dict[int, str] = {}
    port = host.start(load=False)
    try:
        while time.monotonic() < deadline:
            client = BlockingClient("127.0.0.1", port)
            seq = _sit_down(client, tokens)
            assert seq >= accepted[0], f"the host lost actions: {accepted[0]} accepted, at {seq}"
            if kills:
                restarts_checked += 1
            kill: Any = None
            if kills < KILLS:
                kill = (accepted[0] + rnd.randint(5, 40),
                        lambda: host.kill_after(rnd.uniform(0.0, 0.004)))
            try:
                _play(client, positions, accepted, kill)
                break  # the game is over
            except (ConnectionError, OSError):
                kills += 1
                at_kill.append(accepted[0])
                host.proc.wait(10)  # type: ignore[union-attr]
                port = host.start(load=True)
            finally:
                client.close()
        else:
            raise AssertionError("the test ran out of time")
    finally:
        host.stop()
    final = recover(save.read_text(), read_journal(journal_path(save)))
    assert final.game.action_codes == positions[-1].action_codes  # the same dice throughout
    assert final.game == positions[-1]
    assert kills == KILLS and restarts_checked == KILLS
    assert len(set(at_kill)) == KILLS and 0 < at_kill[0]  # killed in play, never at one spot
    print(f"\nkill -9: {kills} kills (after {at_kill} accepted actions), "
          f"{len(positions) - 1} actions, lost 0")


def _sit_down(client: BlockingClient, tokens: dict[int, str]) -> int:
    """Take (or take back) both seats; returns the position the host is at."""
    if not tokens:
        for seat in (0, 1):
            client.send(Join(PROTOCOL_VERSION, name=f"p{seat}", seat=seat))
            client.send(Ready(seat))
    else:
        for token in tokens.values():
            client.send(Rejoin(PROTOCOL_VERSION, token))
    seen: dict[int, Update] = {}
    while len(seen) < 2:
        message = client.recv()
        assert not isinstance(message, Error), f"the host refused: {message}"
        if isinstance(message, Update):
            seen[message.seat] = message
    tokens.update(client.tokens)
    assert seen[0].seq == seen[1].seq
    client.pending = list(seen.values())  # type: ignore[attr-defined]
    return seen[0].seq


def _play(client: BlockingClient, positions: list[Game], accepted: list[int],
          kill: tuple[int, Any] | None) -> None:
    """Play until the game is over; every update is checked against the reference, and
    ``accepted[0]`` follows the last action the host answered.  ``kill``: once that many
    actions are accepted, call its function (it kills the host a moment later)."""
    queue: list[Update] = client.pending  # type: ignore[attr-defined]
    while True:
        if kill is not None and accepted[0] >= kill[0]:
            kill[1]()
            kill = None
        message = queue.pop(0) if queue else client.recv()
        if not isinstance(message, Update):
            continue
        reference = positions[message.seq]
        assert message.observation == reference.observation(message.seat), \
            f"seat {message.seat} sees another game at action {message.seq}"
        accepted[0] = max(accepted[0], message.seq)
        if message.seq == len(positions) - 1:
            return
        if message.legal:
            assert message.legal == reference.legal_codes()
            client.send(Act(message.seat, message.seq, pick(message.seq, message.legal)))
