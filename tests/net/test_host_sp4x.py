"""Hosting an SP4X game: the same host core, the game as a parameter.

Driven through :meth:`HostCore.handle`, the function the socket server calls
for every frame: joining (the game named in Hosting and Welcome), acting in
turn, illegal and out-of-turn actions refused with nothing changed, each seat
sent its own observation only (and nothing that depends on what it may not
know), computer seats played by SP4X's bots, and a host restarted from its
checkpoint and journal at exactly the last accepted action.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from se4x_core.devtools import cli
from se4x_core.gamekit.registry import name_of_save
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.bots import RuleBot
from se4x_core.games.sp4x.game import Game
from se4x_core.net import hostcmd
from se4x_core.net.client import Rebuilder
from se4x_core.net.host import HostCore, new_host, recover
from se4x_core.net.protocol import (
    PROTOCOL_VERSION,
    Act,
    Error,
    Explain,
    Explained,
    Hello,
    Hosting,
    Join,
    Ready,
    Rejoin,
    Update,
    Walk,
    Welcome,
    decode_host,
    encode,
)
from se4x_core.net.store import Journal, read_journal
from se4x_core.net.views import update_for

pytestmark = pytest.mark.fast

CONFIG: dict[str, Any] = {"players": 3, "seed": 5}


def send(core: HostCore, conn: int, message: Any) -> list[tuple[int, Any]]:
    """One message through the handler; every answer goes over the wire format too."""
    out = core.handle(conn, encode(message))
    return [(to, decode_host(encode(reply))) for to, reply in out]


def seated_host(computers: dict[int, str] | None = None) -> tuple[HostCore, dict[int, str]]:
    """An SP4X host whose human seats are taken (connection = seat + 1) and ready."""
    core = new_host(CONFIG, computers, game="sp4x")
    tokens = {}
    for seat in range(3):
        if seat in (computers or {}):
            continue
        out = send(core, seat + 1, Join(PROTOCOL_VERSION, name=f"P{seat}", seat=seat))
        welcome = out[0][1]
        assert isinstance(welcome, Welcome)
        tokens[seat] = welcome.token
        send(core, seat + 1, Ready(seat))
    assert core.started
    return core, tokens


def act(core: HostCore, code: int) -> list[tuple[int, Any]]:
    seat = core.game.current_player
    return send(core, seat + 1, Act(seat, len(core.game.action_codes), code))


def rule_code(core: HostCore, bot: RuleBot) -> int:
    seat = core.game.current_player
    return bot.step(core.game.observation(seat), core.game.legal_actions()).code


def test_the_host_names_its_game_and_keeps_the_seed_to_itself() -> None:
    core = new_host(CONFIG, game="sp4x", game_name="cards")
    assert isinstance(core.game, Game) and core.game_kind == "sp4x"
    (_, hosting), _ = send(core, 9, Hello(PROTOCOL_VERSION))
    assert isinstance(hosting, Hosting) and hosting.game == "sp4x" and hosting.players == 3
    out = send(core, 1, Join(PROTOCOL_VERSION, name="Ann"))
    welcome = out[0][1]
    assert isinstance(welcome, Welcome) and welcome.game == "sp4x"
    assert welcome.config == {"players": 3, "factions": core.game.config["factions"]}


def test_space_empires_messages_are_as_before() -> None:
    """The game is left out of the wire form for Space Empires (old clients decode it)."""
    core = new_host({"players": 2, "seed": 1})
    assert core.game_kind == "se4x"
    hosting = core.handle(1, encode(Hello(PROTOCOL_VERSION)))[0][1]
    assert b"game\xa4se4x" not in encode(hosting) and hosting.game == ""  # the default


def test_each_seat_is_sent_its_own_observation_and_only_the_one_to_act_its_choices() -> None:
    core = new_host(CONFIG, game="sp4x")
    clients = {conn: Rebuilder() for conn in (1, 2, 3)}  # what each client rebuilds

    def deliver(out: list[tuple[int, Any]]) -> dict[int, Update]:
        got = {}
        for to, message in out:
            message = clients[to].read(message)
            if isinstance(message, Update):
                got[to] = message
        return got

    for seat in range(3):
        deliver(send(core, seat + 1, Join(PROTOCOL_VERSION, seat=seat)))
        deliver(send(core, seat + 1, Ready(seat)))
    bot = RuleBot(2)
    for _ in range(40):
        got = deliver(act(core, rule_code(core, bot)))
        assert sorted(got) == [1, 2, 3]
        for to, update in got.items():
            seat = to - 1
            assert update.seat == seat and update.seq == len(core.game.action_codes)
            assert update.observation == core.game.observation(seat)
            assert update.observation["viewer"] == seat
            acting = seat == core.game.current_player
            assert update.legal == (core.game.legal_codes() if acting else [])


def test_an_update_does_not_depend_on_what_its_seat_cannot_know() -> None:
    core, _ = seated_host()
    bot = RuleBot(3)
    for _ in range(60):
        act(core, rule_code(core, bot))
    game = core.game
    for seat in range(3):
        seen = update_for(game, seat, [])
        for seed in (1, 2):
            other = game.determinize(seat, seed)
            assert update_for(other, seat, []) == seen
        assert seen.observation == game.observation(seat)


def test_only_the_drawing_pair_hear_which_card_was_drawn() -> None:
    core, _ = seated_host()
    game = core.game
    while game.phase != "draw" or not [a for a in game.legal_actions() if a.kind == "draw"]:
        act(core, rule_code(core, RuleBot(1)))
    drawer = game.current_player
    draw = next(a for a in game.legal_actions() if a.kind == "draw")
    out = act(core, draw.code)
    for to, update in out:
        if isinstance(update, Update):
            kinds = {e["type"] for e in update.events}
            assert ("drew_card" in kinds) == (to - 1 in (drawer, draw.player))
            assert "drew" in kinds


def test_illegal_out_of_turn_and_stale_actions_are_refused_and_change_nothing() -> None:
    core, _ = seated_host()
    game = core.game
    seat = game.current_player
    other = (seat + 1) % 3
    before = game.to_json()
    illegal = Action("show_ai").code
    assert illegal not in game.legal_codes()
    (to, error), = send(core, seat + 1, Act(seat, 0, illegal))
    assert to == seat + 1 and isinstance(error, Error) and error.code == "illegal"
    assert error.message == game.explain(illegal)
    (_, error), = send(core, other + 1, Act(other, 0, game.legal_codes()[0]))
    assert error.code == "not_your_turn"
    (_, error), = send(core, other + 1, Act(seat, 0, game.legal_codes()[0]))
    assert error.code == "not_your_seat"
    (_, error), = send(core, seat + 1, Act(seat, 7, game.legal_codes()[0]))
    assert error.code == "stale"
    (_, error), = send(core, seat + 1, Walk(seat, 0, 1, [0]))
    assert error.code == "illegal" and "no planned paths" in error.message
    (_, error), = core.handle(seat + 1, b"\x81\xa4kind\xa3act")
    assert error.code == "malformed"
    assert game.to_json() == before
    (_, explained), = send(core, seat + 1, Explain(seat, 0, illegal))
    assert isinstance(explained, Explained) and explained.text == game.explain(illegal)


@pytest.mark.slow
def test_computer_seats_play_sp4x_bots_to_the_end() -> None:
    core, _ = seated_host({1: "rule", 2: "normal"})
    human = RuleBot(9)
    for _ in range(5000):
        if core.game.is_over:
            break
        turn = core.computer_turn()
        if turn is None:
            act(core, rule_code(core, human))
        else:
            bot, observation, legal = turn
            core.apply(bot.step(observation, legal))
    assert core.game.is_over and core.game.winners
    assert Game.replay(core.game.config, core.game.action_codes) == core.game


def test_a_restarted_host_replays_its_journal_to_the_last_accepted_action(tmp_path) -> None:
    core, tokens = seated_host({2: "rule"})
    checkpoint = tmp_path / "host.sp4x"
    journal = Journal(tmp_path / "host.sp4x.journal")
    bot = RuleBot(4)

    def play(actions: int) -> None:
        for _ in range(actions):
            turn = core.computer_turn()
            if turn is None:
                act(core, rule_code(core, bot))
            else:
                bot_, observation, legal = turn
                core.apply(bot_.step(observation, legal))

    play(30)
    checkpoint.write_text(core.save_text())
    journal.start(core.game_id, len(core.game.action_codes))
    core.journal = journal.append
    play(25)
    journal.close()
    assert name_of_save(checkpoint.read_text()) == "sp4x"
    again = recover(checkpoint.read_text(), read_journal(tmp_path / "host.sp4x.journal"))
    assert again.game_kind == "sp4x" and again.game == core.game
    assert again.game.action_codes == core.game.action_codes
    assert again.game_id == core.game_id and again.seats[2].bot == "rule"
    out = send(again, 11, Rejoin(PROTOCOL_VERSION, tokens[0]))
    welcome = out[0][1]
    assert isinstance(welcome, Welcome) and welcome.seat == 0 and welcome.game == "sp4x"


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        new_host(CONFIG, game="chess")


@pytest.mark.parametrize(("argv", "says"), [
    (["host", "--game", "sp4x", "--players", "2"], "--players: SP4X seats 3 or 4 players"),
    (["host", "--game", "sp4x", "--players", "3", "--computer", "1=heuristic"],
     "unknown computer player 'heuristic'"),
    (["host", "--game", "sp4x", "--players", "3", "--board", "small"],
     "--board is a Space Empires 4X option; SP4X (--game sp4x) has no --board"),
    (["host", "--game", "chess", "--players", "3"], "invalid choice: 'chess'"),
])
def test_the_host_command_checks_sp4x_arguments(argv: list[str], says: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert says in capsys.readouterr().err


def test_the_host_command_builds_an_sp4x_host_and_reloads_it(tmp_path) -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["host", "--game", "sp4x", "--players", "4", "--seed", "3",
                              "--computer", "1=hard", "--computer", "2=easy"])
    core = hostcmd.build_core(args)
    assert core.game_kind == "sp4x" and core.game.config["players"] == 4
    assert [s.kind for s in core.seats] == ["human", "computer", "computer", "human"]
    save = tmp_path / "host.sp4x"
    save.write_text(core.save_text())
    again = hostcmd.build_core(parser.parse_args(["host", "--load", str(save)]))
    assert again.game_kind == "sp4x" and again.game == core.game


def test_a_read_only_autosave_folder_is_named_not_the_port(tmp_path: Path) -> None:
    """A host that cannot write its autosave says so (it used to say it could not listen).
    As root (which writes through a folder's permissions) the folder is a read-only
    filesystem of its own."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    if os.geteuid() == 0:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs",
                                  str(folder)], capture_output=True, text=True)
        if mounted.returncode != 0:
            pytest.skip(f"cannot mount a read-only filesystem: {mounted.stderr.strip()}")
    else:
        folder.chmod(0o555)
    try:
        env = dict(os.environ, SE4X_DATA_DIR=str(tmp_path / "data"))
        done = subprocess.run([sys.executable, "-m", "se4x_core.devtools.cli", "host",
                               "--players", "3", "--port", "0", "--bind", "127.0.0.1",
                               "--no-advertise", "--game", "sp4x",
                               "--autosave", str(folder / "game.se4x")],
                              capture_output=True, text=True, timeout=60, env=env)
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", "-l", str(folder)], check=False)
        else:
            folder.chmod(0o755)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "cannot write the autosave" in done.stderr and "--autosave" in done.stderr
    assert "cannot listen" not in done.stderr
