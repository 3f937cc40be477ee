"""The session drives the game: computer seats decide, battles auto-resolve, autosaves happen.

Views only start, stop and watch; these tests drive a session without any
window, as the main window does.
"""

from __future__ import annotations

import pytest

from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_core.game import Game
from se4x_core.phases import COMBAT_PHASES
from se4x_qt.games.se4x.session import Session
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def _human_vs_computer(seed: int = 4) -> Session:
    game = Game.new_game({"players": 2, "seed": seed, "board": "small"})
    session = Session(game, seats=[Seat(HUMAN), Seat(COMPUTER, "rule")], names=["Ann", "Cy"])
    session.computer_step_ms = 0
    session.auto_step_ms = 0
    return session


def _play_human_turns(session: Session, qtbot, until_round: int) -> None:
    """The human ends every decision with the suggested action; the computer plays itself."""
    while session.observation()["round"] < until_round and not session.game.is_over:
        qtbot.waitUntil(lambda: session.viewer_may_act() or session.game.is_over, timeout=10000)
        if session.game.is_over:
            return
        session.apply(Action.from_code(session.observation()["suggested"]))


def test_a_computer_seat_plays_its_own_turns(qtbot) -> None:
    session = _human_vs_computer()
    thinking: list[int] = []
    session.computer_thinking.connect(thinking.append)
    handovers: list[int] = []
    session.handover_needed.connect(handovers.append)
    session.start()
    _play_human_turns(session, qtbot, until_round=3)
    assert session.viewer == 0  # the one human keeps the screen
    assert not handovers  # nobody to hand the screen to
    assert 1 in thinking and thinking[-1] in (-1, 1)
    computer_moves = [code for code in session.game.action_codes]
    assert len(computer_moves) > 10


def test_the_screen_may_not_act_for_a_computer(qtbot) -> None:
    session = _human_vs_computer()
    game = session.game
    while session.current_player != 1:  # until the computer must decide (homeworld placing)
        session.apply(game.legal_actions()[0])
    assert not session.viewer_may_act()
    assert session.legal_actions() == []
    with pytest.raises(IllegalActionError, match="not this screen's"):
        session.apply(game.legal_actions()[0])
    assert session.step_computer()
    assert len(game.action_codes) >= 1 and session.current_player != 1


def test_stop_halts_the_computer_and_loses_nothing(qtbot) -> None:
    session = _human_vs_computer()
    while session.current_player != 1:
        session.apply(session.game.legal_actions()[0])
    session.start()
    session.stop()
    before = list(session.game.action_codes)
    qtbot.wait(50)
    assert session.game.action_codes == before  # nobody decided while stopped
    session.start()
    qtbot.waitUntil(lambda: session.current_player != 1, timeout=5000)


def test_a_seeded_computer_plays_the_same_game_twice(qtbot) -> None:
    def play() -> list[int]:
        session = _human_vs_computer(seed=9)
        session.start()
        _play_human_turns(session, qtbot, until_round=2)
        session.stop()
        return session.game.action_codes
    assert play() == play()


def test_auto_resolve_fights_the_battle_at_the_session(qtbot) -> None:
    from se4x_core import data
    from tests.helpers.gui_positions import battle_setup

    game, _, _ = battle_setup([(data.CA, 2)], [(data.DD, 2)])
    session = Session(game)
    session.auto_step_ms = 0
    session.apply(Action("end_movement"))
    assert session.in_battle
    states: list[bool] = []
    session.auto_resolving.connect(states.append)
    session.auto_resolve()
    qtbot.waitUntil(lambda: session.game.phase not in COMBAT_PHASES, timeout=10000)
    assert states[0] is True and states[-1] is False
    assert not session.auto_running


def test_resolve_battle_now_ends_the_combat_phase() -> None:
    from se4x_core import data
    from tests.helpers.gui_positions import battle_setup

    game, _, _ = battle_setup([(data.BB, 1)], [(data.SC, 1)])
    session = Session(game)
    session.apply(Action("end_movement"))
    events = session.resolve_battle_now()
    assert session.game.phase not in COMBAT_PHASES
    assert any(e["type"] == "battle_ended" for e in events)


def test_the_session_asks_for_an_autosave_at_each_phase_change() -> None:
    session = Session(Game.new_game({"players": 2, "seed": 1}))
    saved: list[str] = []
    session.autosaver = lambda s: saved.append(s.game.phase)
    while session.game.phase == "place_homeworld":
        if not session.viewer_may_act():
            session.accept_handover(session.current_player)
        session.apply(session.game.legal_actions()[0])
    assert saved == ["movement"]


def test_seats_must_match_the_players() -> None:
    with pytest.raises(ValueError, match="2 players need 2 seats"):
        Session(Game.new_game({"players": 2, "seed": 1}), seats=[Seat(HUMAN)])


def test_a_search_level_computer_thinks_off_the_ui_thread(qtbot) -> None:
    """The computer's decision waits until the UI thread has run three times meanwhile.

    The bot blocks until the UI thread's timer has seen it thinking three times, so the
    test holds however fast the machine is; a decision taken on the UI thread would
    never be released and would time out.
    """
    import threading

    from PySide6.QtCore import QTimer

    from se4x_core.ai.mcts_bot import MctsBot

    game = Game.new_game({"players": 2, "seed": 5, "board": "small"})
    session = Session(game, seats=[Seat(HUMAN), Seat(COMPUTER, "normal")])
    session.computer_step_ms = 0
    search = MctsBot(1, iterations=200)  # a fixed budget, not the clock
    released = threading.Event()
    released_in_time: list[bool] = []

    class WaitingBot:
        needs_information_set = search.needs_information_set

        def inform(self, information_set) -> None:
            search.inform(information_set)

        def step(self, observation, legal):
            released_in_time.append(released.wait(timeout=20))
            return search.step(observation, legal)

    session._bots[1] = WaitingBot()
    while session.current_player != 1:
        session.apply(game.legal_actions()[0])
    ticks_while_thinking: list[bool] = []

    def tick() -> None:
        ticks_while_thinking.append(session.thinking())
        if sum(ticks_while_thinking) >= 3:
            released.set()

    ticker = QTimer()
    ticker.timeout.connect(tick)
    ticker.start(2)
    session.start()
    qtbot.waitUntil(lambda: session.current_player != 1 or game.is_over, timeout=30000)
    ticker.stop()
    assert not session.thinking()
    assert released_in_time and all(released_in_time)  # the UI thread ran meanwhile
    session.stop()


def test_an_answer_for_a_position_that_moved_on_is_dropped(qtbot) -> None:
    session = _human_vs_computer()
    while session.current_player != 1:
        session.apply(session.game.legal_actions()[0])
    before = list(session.game.action_codes)
    stale = (1, len(before) - 1, id(session.game))
    session.start()
    session.stop()
    session._decided(stale, session.game.legal_actions()[0])
    assert session.game.action_codes == before


def test_a_hint_names_a_move_for_the_player_at_the_screen(qtbot) -> None:
    session = Session(Game.new_game({"players": 2, "seed": 3}))
    lines: list[str] = []
    session.hint_ready.connect(lines.append)
    assert session.request_hint(seconds=0.05)
    qtbot.waitUntil(lambda: bool(lines), timeout=10000)
    assert lines[0].startswith("Place your homeworld at ")
