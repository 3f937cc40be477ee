"""Every registered game keeps the contract, and a new game needs nothing but its package.

The contract checker plays every registered game's own configs (Space Empires, SP4X
and Countdown, the tests' game in tests/toygame, registered by importing it) and must
catch each of a set of facades broken on purpose.  Countdown then goes through the
tables that know no game by name: ``se4x arena``, ``se4x selfplay``, ``se4x replay``,
the LAN host with clients over real sockets, and ``se4x host`` in a process of its own
(found through ``SE4X_GAMES``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import tests.toygame  # the one registration line of the tests' game
from se4x_core.devtools import cli
from se4x_core.errors import IllegalActionError
from se4x_core.gamekit import registry
from se4x_core.gamekit.checker import ContractBroken, check_playthrough
from se4x_core.games import BUILT_IN
from se4x_core.net.host import new_host
from se4x_core.net.server import HostThread
from tests.helpers.netplay import play_over_sockets
from tests.toygame.game import Action, Game

pytestmark = pytest.mark.slow
TOY = tests.toygame.RECORD.name
REPO = Path(__file__).resolve().parents[2]


def test_the_tests_game_is_registered_after_the_built_in_ones() -> None:
    names = registry.names()
    assert names[-1] == TOY and registry.default().name == names[0] != TOY


# Cheaper for the long game: its deep checks every few actions, the save less often.
DEEP = {"se4x": 7, "sp4x": 10}


@pytest.mark.parametrize("name,config", [(record.name, config)
                                         for record in registry.records()
                                         for config in record.check_configs])
def test_every_registered_game_keeps_the_contract(name: str, config: dict[str, Any]) -> None:
    for seed in range(2):
        report = check_playthrough(name, config, seed, deep_every=DEEP.get(name, 1))
        assert report.actions > 5 and report.deep_checks > 0 and report.illegal_probes > 0
        assert report.json_round_trips >= 2


# -- the checker must be able to fail, whatever the game --------------------------------
class SharedClone(Game):
    def clone(self) -> Game:
        return self


class LyingExplain(Game):
    def explain(self, action: Any) -> str | None:
        return None


class SloppyRefusal(Game):
    def apply(self, action: Any) -> list[dict[str, Any]]:
        if self.explain(action) is not None:
            self.codes.append(0)  # the refused action is logged anyway
            raise IllegalActionError("no")
        return super().apply(action)


class QuietRefusal(Game):
    """A refusal that leaves the log and the legal actions alone but not the game: the
    next player's hidden reserve grows (only the save shows it)."""

    def apply(self, action: Any) -> list[dict[str, Any]]:
        if self.explain(action) is not None:
            self.reserves[(self.current + 1) % len(self.reserves)] += 1
            raise IllegalActionError("no")
        return super().apply(action)


class LossySave(Game):
    def to_json(self) -> str:
        doc = json.loads(super().to_json())
        doc["actions"] = doc["actions"][:-1]
        doc["state"] = json.loads(Game.replay(self.config, doc["actions"]).to_json())["state"]
        return json.dumps(doc)


class StrangerEvents(Game):
    @staticmethod
    def events_for(events: list[dict[str, Any]], player: int) -> list[dict[str, Any]]:
        return [*events, {"type": "invented", "visible_to": None}]


class LegalMismatch(Game):
    def legal_actions(self) -> list[Action]:
        return list(reversed(super().legal_actions()))


class NotJson(Game):
    def observation(self, player: int) -> dict[str, Any]:
        return {**super().observation(player), "when": object()}


class EndlessGame(Game):
    def legal_codes(self) -> list[int]:
        return [] if self.counter < 10 else super().legal_codes()


@pytest.mark.parametrize("broken,says", [
    (SharedClone, "clone"), (LyingExplain, "explain("), (SloppyRefusal, "changed the game"),
    (QuietRefusal, ") was refused but changed the game"),  # the probe named
    (LossySave, "save"), (StrangerEvents, "events_for"), (LegalMismatch, "legal_actions"),
    (NotJson, "not JSON"), (EndlessGame, "no legal action"),
])
def test_the_checker_catches_a_broken_facade(broken: type[Game], says: str) -> None:
    with pytest.raises(ContractBroken, match="countdown, seed 1, ") as caught:
        check_playthrough(TOY, {"players": 2}, 1, game_class=broken, deep_every=1)
    assert says in str(caught.value)


# -- the tables that know no game by name ------------------------------------------------
def test_the_tests_game_plays_in_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["arena", "greedy", "random", "--game", TOY, "--games", "20",
                     "--workers", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == TOY and report["games"] == 20
    assert report["overall"]["rate"] > 0.5  # the winning line beats random play


def test_the_tests_game_plays_in_selfplay(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "--game", TOY, "--games", "3", "--players", "3",
                     "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and sum(summary["wins"]) == 3
    assert cli.main(["selfplay", "--game", TOY, "--board", "small"]) == 2  # not its option
    assert "--board is a Space Empires 4X option" in capsys.readouterr().err


def test_a_save_of_the_tests_game_replays_and_loads_by_its_format(tmp_path: Path) -> None:
    game = Game.new_game({"players": 2, "seed": 3})
    game.apply(Action("take", count=2))
    path = tmp_path / "countdown.json"
    path.write_text(game.to_json())
    assert registry.name_of_save(path.read_text()) == TOY
    assert registry.load_save(path.read_text()) == game
    assert cli.main(["replay", str(path)]) == 0


def test_the_lan_host_holds_the_tests_game_and_clients_play_it() -> None:
    core = new_host({"players": 2, "seed": 5}, game=TOY, game_name="countdown night")
    host = HostThread(core, "127.0.0.1", 0)
    port = host.start()
    try:
        seen = play_over_sockets(TOY, "greedy", port, 2)
    finally:
        host.stop()
    assert core.game.is_over and core.game_kind == TOY
    assert [o["winners"] for o in seen] == [core.game.winners] * 2
    assert seen[0]["reserve"] != seen[1]["reserve"] or seen[0]["holding"] == seen[1]["holding"]


def test_se4x_host_runs_the_tests_game_in_a_process_of_its_own(tmp_path: Path) -> None:
    env = dict(os.environ, SE4X_GAMES="tests.toygame", PYTHONPATH=str(REPO))
    process = subprocess.Popen(
        [sys.executable, "-m", "se4x_core.devtools.cli", "host", "--game", TOY,
         "--players", "2", "--port", "0", "--bind", "127.0.0.1", "--no-advertise",
         "--autosave", str(tmp_path / "host.json")],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline() if process.stdout else ""
        assert "listening on" in line, process.stderr.read() if process.stderr else line
        port = int(line.split("listening on ")[1].split(";")[0].rsplit(":", 1)[1])
        seen = play_over_sockets(TOY, "greedy", port, 2)
        assert all(o["is_over"] for o in seen) and seen[0]["winners"] == seen[1]["winners"]
        deadline = time.monotonic() + 10
        while not (tmp_path / "host.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert registry.name_of_save((tmp_path / "host.json").read_text()) == TOY
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.parametrize("first", ["se4x_core.games.se4x", "se4x_core.games.sp4x",
                                   "se4x_core.games.se4",
                                   "se4x_core.gamekit.registry"])
def test_the_default_game_does_not_depend_on_which_package_loads_first(first: str) -> None:
    """Importing one game's package first registers the other inside it; the tables
    must still list the built-in games in their fixed order, and a host started with
    no game named must still be Space Empires 4X (a fuzz test once got SP4X)."""
    code = (f"import {first}\nfrom se4x_core.gamekit import registry\n"
            "print(','.join(registry.names()), registry.default().name)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])
    built_in = [package.rpartition(".")[2] for package in BUILT_IN]
    assert done.stdout.split() == [",".join(built_in), built_in[0]]
