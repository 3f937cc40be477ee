"""The solitaire coach in the app: a card when the human's strategic decision trailed the
search's best clearly, nothing in hot-seat or with the switch off, and after the game a
review of the biggest moments whose button opens the position again."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton

from se4x_core.ai.coach import Moment
from se4x_core.game import Game
from se4x_core.gamekit import registry
from se4x_qt.games.se4x.coach import CoachReview, CoachWatch, coached_player
from se4x_qt.games.se4x.session import Session
from se4x_qt.session import storage
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.shell import AppShell

pytestmark = [pytest.mark.slow, pytest.mark.gui]


def solitaire(qtbot, coach: bool = True, seats=None):
    shell = AppShell(storage.Settings(sound=False, coach=coach, tips=False,
                                      show_welcome=False))
    window = shell.first_window()
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    game = Game.new_game({"players": 2, "board": "small", "seed": 3})
    session = Session(game, seats=seats or [Seat(HUMAN), Seat(COMPUTER, "rule")],
                      names=["Ann", "Cy"])
    window.set_session(session)
    session.stop()  # the test plays both sides, one decision at a time
    return shell, window, session


def play(session: Session, until, limit: int = 3000) -> None:
    """The human's decisions by a random player (poor play, which the coach sees), the
    computer's by its own bot, until ``until()``."""
    human = registry.make_bot("se4x", "random", 4)
    for _ in range(limit):
        if until() or session.game.is_over:
            return
        if session.computer_to_act():
            session.step_computer()
            continue
        player = session.current_player
        session.apply(human.step(session.game.observation(player),
                                 session.game.legal_actions()))
    raise AssertionError("not reached")


def test_a_poor_decision_gets_the_coachs_card(qtbot):
    shell, window, session = solitaire(qtbot)
    watch = session.findChild(CoachWatch)
    assert watch is not None and watch.player == 0
    play(session, lambda: watch.card is not None)
    moment = watch.coach.moments[-1]
    assert moment.large and watch.card.title.text() == "A better option was there"
    assert watch.card.text.text() == moment.words()
    assert "% of the search's futures; what you did:" in moment.words()
    assert watch.card.findChild(QLabel, "tip_kicker").text() == "COACH"
    watch.card.findChild(QPushButton, "tip_off").click()  # "Coach off"
    assert shell.settings.coach is False


def test_no_coach_in_hot_seat_or_when_switched_off(qtbot):
    _, window, session = solitaire(qtbot, seats=[Seat(HUMAN), Seat(HUMAN)])
    assert coached_player(session) == -1 and session.findChild(CoachWatch) is None
    _, window, session = solitaire(qtbot, coach=False)
    assert session.findChild(CoachWatch) is None
    window.settings.coach = True  # Settings > Coach, mid-game
    window.settings_changed()
    assert session.findChild(CoachWatch) is not None


def test_the_review_opens_a_moment_again(qtbot):
    shell, window, session = solitaire(qtbot)
    watch = session.findChild(CoachWatch)
    play(session, lambda: session.game.observation(0)["round"] >= 2)
    codes = list(session.game.action_codes)
    watch.coach.moments[:] = [
        Moment(1, "plan", 40, "warships first", 0.6, 0.3, (("warships first", 0.6),)),
        Moment(1, "posture", 20, "holding the fleet at home", 0.5, 0.1,
               (("holding the fleet at home", 0.5),))]
    review = CoachReview(watch, window)
    qtbot.addWidget(review)
    review.show()
    first = review.findChild(QLabel, "coach_moment_0").text()
    assert first.startswith("Round 1, this turn's fleet posture: holding the fleet at home")
    review.findChild(QPushButton, "coach_open_0").click()
    opened = shell.windows["se4x"].driver
    assert opened is not session and opened.game.action_codes == codes[:20]
