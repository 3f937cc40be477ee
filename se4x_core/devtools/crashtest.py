"""Crashing a dedicated host on purpose: the child process, the reference game, the player.

Why a module: the kill -9 test (``tests/net/test_kill.py``) and the long soak with a
disk that fills (``benchmarks/soak_kill.py``) kill the same host, play the same
client and hold it to the same reference; one copy keeps them agreeing.

The client plays both seats with :func:`pick`, a function of the position only, so
the reference game (:func:`reference`) is the game as it would have been without a
single crash.  An action counts as *accepted* when the host's update for it
arrives: the host may never forget it.  Every update is checked against the
reference, so a resume at a position the players never saw is caught at once.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from se4x_core.game import Game
from se4x_core.net.client import BlockingClient
from se4x_core.net.protocol import PROTOCOL_VERSION, Act, Error, Join, Ready, Rejoin, Update

CONFIG: dict[str, Any] = {"players": 2, "board": "small", "max_rounds": 8, "seed": 21}
HOST_ARGS = ["--players", "2", "--board", "small", "--max-rounds", "8", "--seed", "21"]


def pick(seq: int, legal: list[int]) -> int:
    """The client's decision: a function of the position only, so the reference agrees."""
    return legal[(seq * 7919 + 13) % len(legal)]


def reference(config: dict[str, Any] | None = None) -> list[Game]:
    """The game without crashes: the position after every action (index = seq)."""
    game = Game.new_game(dict(config or CONFIG))
    positions = [game.clone()]
    while not game.is_over:
        game.apply(pick(len(game.action_codes), game.legal_codes()))
        positions.append(game.clone())
    return positions


class KillableHost:
    """``se4x host`` in a child process; ``start`` returns the port it listens on."""

    def __init__(self, save: Path, new_game_args: list[str] | None = None) -> None:
        self.save = save
        self.new_game_args = new_game_args or HOST_ARGS
        self.proc: subprocess.Popen[str] | None = None

    def start(self, load: bool) -> int:
        argv = [sys.executable, "-m", "se4x_core.devtools.cli", "host", "--port", "0",
                "--bind", "127.0.0.1", "--no-advertise", "--autosave", str(self.save)]
        argv += ["--load", str(self.save)] if load else self.new_game_args
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert self.proc.stdout is not None and self.proc.stderr is not None
        line = self.proc.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not found:
            raise RuntimeError(f"the host did not start: {line!r} {self.proc.stderr.read()}")
        return int(found.group(1))

    def kill_after(self, delay: float) -> threading.Timer:
        """SIGKILL the host ``delay`` seconds from now (if it still runs)."""
        proc = self.proc
        assert proc is not None

        def kill() -> None:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)

        timer = threading.Timer(delay, kill)
        timer.start()
        return timer

    def wait_dead(self) -> None:
        assert self.proc is not None
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(30)


class WrongPosition(AssertionError):
    """The host showed a position the reference game never had, or forgot an action."""


@dataclass
class Player:
    """One client playing both seats against the reference (see the module docstring).

    ``refused(seq)`` is called when the host refuses an action for lack of storage
    (the action was not applied); the action is sent again when it returns (the soak
    frees the disk after a few refusals).
    """

    positions: list[Game]
    accepted: int = 0  # the last action the host answered
    tokens: dict[int, str] = field(default_factory=dict)
    storage_refusals: int = 0
    refused: Callable[[int], None] = lambda _seq: None

    def sit_down(self, client: BlockingClient) -> list[Update]:
        """Take (or take back) both seats; the first update of each; WrongPosition if the
        host is behind the last accepted action."""
        if not self.tokens:
            for seat in (0, 1):
                client.send(Join(PROTOCOL_VERSION, name=f"p{seat}", seat=seat))
                client.send(Ready(seat))
        else:
            for token in self.tokens.values():
                client.send(Rejoin(PROTOCOL_VERSION, token))
        seen: dict[int, Update] = {}
        while len(seen) < 2:
            message = client.recv()
            if isinstance(message, Error):
                raise WrongPosition(f"the host refused a seat: {message}")
            if isinstance(message, Update):
                seen[message.seat] = message
        self.tokens.update(client.tokens)
        if seen[0].seq != seen[1].seq or seen[0].seq < self.accepted:
            raise WrongPosition(f"the host lost actions: {self.accepted} accepted, "
                                f"resumed at {seen[0].seq}")
        return list(seen.values())

    def play(self, client: BlockingClient, pending: list[Update],
             triggers: list[tuple[int, Callable[[], object]]] | None = None) -> None:
        """Play until the game is over (ConnectionError when the host dies).  Each
        trigger ``(n, function)``: once ``n`` actions are accepted, it leaves the list
        and ``function`` is called (kill the host, fill the disk); a function may add
        triggers to the same list."""
        queue = list(pending)
        waiting = triggers if triggers is not None else []
        while True:
            for due in [t for t in waiting if self.accepted >= t[0]]:
                waiting.remove(due)
                due[1]()
            message = queue.pop(0) if queue else client.recv()
            if isinstance(message, Error) and message.code == "storage":
                self._retry_when_freed(client, message)
                continue
            if not isinstance(message, Update):
                continue
            self._check(message)
            if message.seq == len(self.positions) - 1:
                return
            if message.legal:
                client.send(Act(message.seat, message.seq, pick(message.seq, message.legal)))

    def _check(self, update: Update) -> None:
        reference = self.positions[update.seq]
        if update.observation != reference.observation(update.seat):
            raise WrongPosition(f"seat {update.seat} sees another game at action "
                                f"{update.seq}")
        if update.legal and update.legal != reference.legal_codes():
            raise WrongPosition(f"other legal actions at {update.seq}")
        self.accepted = max(self.accepted, update.seq)

    def _retry_when_freed(self, client: BlockingClient, error: Error) -> None:
        """The host could not journal the action: it was not applied; send it again."""
        self.storage_refusals += 1
        seq = self.accepted
        self.refused(seq)
        legal = self.positions[seq].legal_codes()
        client.send(Act(self.positions[seq].current_player, seq, pick(seq, legal)))
