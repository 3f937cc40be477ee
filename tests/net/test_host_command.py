"""``se4x host``: bad arguments exit 2 with a message; a real host serves and saves."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from se4x_core.devtools import cli
from se4x_core.net.client import BlockingClient
from se4x_core.net.protocol import PROTOCOL_VERSION, Join, Lobby, Welcome

pytestmark = pytest.mark.fast


@pytest.mark.parametrize(("argv", "says"), [
    (["host"], "--players is required"),
    (["host", "--players", "5"], "--players: must be 2, 3 or 4: 5"),
    (["host", "--players", "2", "--computer", "7=rule"], "seat must be 0-3"),
    (["host", "--players", "2", "--computer", "2=rule"], "seats are 0-1"),
    (["host", "--players", "2", "--computer", "1=nobody"], "unknown computer player"),
    (["host", "--players", "2", "--computer", "0=rule", "--computer", "1=rule"],
     "at least one seat"),
    (["host", "--players", "2", "--port", "99999"], "must be 0-65535"),
    (["host", "--load", "/nonexistent/game.se4x"], "cannot read"),
])
def test_bad_arguments_exit_2_naming_the_problem(argv, says, capsys) -> None:
    assert cli.main(argv) == 2
    assert says in capsys.readouterr().err


def test_a_damaged_save_is_refused(tmp_path, capsys) -> None:
    path = tmp_path / "bad.se4x"
    path.write_text('{"format": "se4x-save", "version": 2}')
    assert cli.main(["host", "--load", str(path)]) == 2
    assert "not a usable save" in capsys.readouterr().err


def test_a_damaged_host_key_is_refused_naming_the_file(tmp_path, capsys) -> None:
    key = tmp_path / "host-key.pem"
    key.write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    argv = ["host", "--players", "2", "--port", "0", "--bind", "127.0.0.1", "--no-advertise",
            "--key", str(key), "--autosave", str(tmp_path / "a.se4x")]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert f"the host key {key} is damaged" in err and "--key FILE" in err


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("stop_signal, sigint_ignored", [
    (signal.SIGINT, False),
    (signal.SIGTERM, False),
    # started in the background by a non-interactive shell: SIGINT arrives ignored
    (signal.SIGINT, True),
])
def test_the_dedicated_host_serves_and_saves_on_interrupt(tmp_path, stop_signal,
                                                          sigint_ignored) -> None:
    save = tmp_path / "auto.se4x"
    proc = subprocess.Popen(
        [sys.executable, "-m", "se4x_core.devtools.cli", "host", "--players", "2", "--port",
         "0", "--bind", "127.0.0.1", "--no-advertise", "--computer", "1=rule", "--seed", "3",
         "--autosave", str(save)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=_ignore_sigint if sigint_ignored else None)
    try:
        line = proc.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))
        client = BlockingClient("127.0.0.1", port)
        assert client.peer is not None and f"host key {client.peer.fingerprint}" in line
        client.send(Join(PROTOCOL_VERSION, name="Ann"))
        assert client.recv_until(Welcome).seat == 0
        lobby = client.recv_until(Lobby)
        assert [s.kind for s in lobby.seats] == ["human", "computer"]
        assert lobby.seats[0].name == "Ann"
        client.close()
        time.sleep(0.2)
    finally:
        proc.send_signal(stop_signal)
        proc.wait(30)
    assert proc.returncode == 0, proc.stderr.read()
    assert save.exists() and '"net"' in save.read_text()
