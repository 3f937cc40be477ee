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

import random
import time
from pathlib import Path
from typing import Any

import pytest

from se4x_core.devtools.crashtest import KillableHost, Player, reference
from se4x_core.net.client import BlockingClient
from se4x_core.net.host import recover
from se4x_core.net.store import journal_path, read_journal

pytestmark = pytest.mark.slow

KILLS = 12
TIME_LIMIT = 240.0  # seconds for the whole test: it stops by itself


def test_kill_9_at_random_moments_loses_no_accepted_action(tmp_path: Path) -> None:
    positions = reference()
    assert len(positions) > 300
    save = tmp_path / "host.se4x"
    host = KillableHost(save)
    player = Player(positions)
    rnd = random.Random(7)
    deadline = time.monotonic() + TIME_LIMIT
    at_kill: list[int] = []
    kills = restarts_checked = 0
    port = host.start(load=False)
    try:
        while time.monotonic() < deadline:
            client = BlockingClient("127.0.0.1", port)
            pending = player.sit_down(client)  # never behind the last accepted action
            if kills:
                restarts_checked += 1
            kill: Any = []
            if kills < KILLS:
                kill = [(player.accepted + rnd.randint(5, 40),
                         lambda: host.kill_after(rnd.uniform(0.0, 0.004)))]
            try:
                player.play(client, pending, kill)
                break  # the game is over
            except (ConnectionError, OSError):
                kills += 1
                at_kill.append(player.accepted)
                host.wait_dead()
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
