"""The solitaire coach on screen: a card after a strategic decision that the search found
clearly worse than its best option, and a review of the game's three biggest such moments
when it ends, each opening its position again.

Why only in solitaire, and off by default: the coach weighs the decisions of the one
human at the screen against the computer's search (:class:`se4x_core.ai.coach.Coach`,
which reads that player's observation and information set only); in hot-seat it would
coach one player in front of the other, and a player who did not ask for advice should
not get it.  Settings > *Coach* switches it on.  Each weighing costs about what a
Normal computer decision costs (``benchmarks/coach_time.py``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from se4x_core.actions import Action
from se4x_core.ai.coach import Coach, Moment, decision_kind
from se4x_core.game import Game
from se4x_core.phases import COMBAT_PHASES
from se4x_qt import style, widgets
from se4x_qt.session.app_game import app_game
from se4x_qt.widgets.tip_card import TipCard, host_window

if TYPE_CHECKING:
    from se4x_qt.session.driver import GameDriver
    from se4x_qt.shell.game_window import GameWindow

Event = dict[str, Any]
WATCH_NAME: Final = "coach_watch"
DECISION_ENDS: Final = ("movement_ended", "purchases_done")


def coached_player(driver: GameDriver) -> int:
    """The one human of a solitaire game held here (-1: not a game the coach takes)."""
    humans = [p for p, seat in enumerate(driver.seats) if seat.is_human]
    if driver.connection is not None or len(humans) != 1 or len(driver.seats) < 2:
        return -1
    return humans[0]


class CoachWatch(QObject):
    """Follows one solitaire game in its window and coaches its human player."""

    def __init__(self, window: GameWindow, driver: GameDriver, player: int) -> None:
        super().__init__(driver)
        self.setObjectName(WATCH_NAME)
        self.window = window
        self.driver = driver
        self.player = player
        self.coach = Coach(seed=int(driver.game.config.get("seed", 0)))
        self.card: TipCard | None = None
        self.review_dialog: CoachReview | None = None
        driver.changed.connect(self._changed)
        driver.recorded.connect(self._recorded)
        driver.game_over.connect(self._game_over)
        self._changed()

    @property
    def game(self) -> Game:
        game: Game = self.driver.game
        return game

    def _changed(self) -> None:
        """The human's strategic decision begins: weigh the options now (before any of
        its actions, so the options are those the player faced); or a battle decision
        that may be a retreat: keep what the player knew for when it is made."""
        game = self.game
        if game.is_over or game.current_player != self.player:
            return
        obs = game.observation(self.player)
        if not self.coach.waiting and decision_kind(obs):
            self.coach.begin(obs, game.legal_actions(), game.information_set(self.player),
                             len(game.action_codes))
        elif not self.coach.battle_waiting and game.phase in COMBAT_PHASES:
            self.coach.battle_begin(obs, game.legal_actions(),
                                    game.information_set(self.player), len(game.action_codes))

    def _recorded(self, events: list[Event]) -> None:
        """The human ended the turn or the purchases (weigh the position made), or took
        a battle decision that could have been a retreat (weigh it in the battle)."""
        game = self.game
        moment = None
        if self.coach.battle_waiting and self.driver.acting_player == self.player:
            moment = self.coach.battle_end(Action.from_code(game.action_codes[-1]))
        elif self.coach.waiting and any(
                e.get("type") in DECISION_ENDS and e.get("player") == self.player
                for e in events):
            moment = self.coach.end(game.observation(self.player),
                                    game.information_set(self.player))
        if moment is not None and moment.large and self.window.settings.coach:
            self.say(moment)

    def say(self, moment: Moment) -> TipCard:
        """The coach's card, in the window the player looks at."""
        if self.card is not None:
            self.card.dismiss()
        card = TipCard(host_window(self.window), kicker="COACH", off_text="Coach off",
                       off_tip="No more coaching (Edit > Settings turns it back on)")
        card.tips_off.connect(self._coach_off)
        card.destroyed.connect(lambda *_: setattr(self, "card", None))
        card.show_tip("A better option was there", moment.words())
        self.card = card
        return card

    def _coach_off(self) -> None:
        self.window.settings.coach = False
        self.window.settings.save()
        if self.card is not None:
            self.card.dismiss()

    def _game_over(self) -> None:
        if self.coach.review() and self.window.settings.coach:
            self.review_dialog = CoachReview(self, self.window)
            self.review_dialog.open()

    def open_position(self, moment: Moment) -> GameWindow:
        """The game replayed to the moment's decision, as a new game to play on."""
        config = dict(self.game.config)
        game = Game.replay(config, self.game.action_codes[:moment.position])
        driver = app_game("se4x").driver_class().local(
            "se4x", game, list(self.driver.seats), names=list(self.driver.player_names))
        return self.window.shell.show_driver(driver)


class CoachReview(QDialog):
    """After the game: its three biggest gaps, each with a button to play it again."""

    def __init__(self, watch: CoachWatch, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("coach_review")
        self.setWindowTitle("The coach's review")
        self.watch = watch
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        moments = watch.coach.review()
        layout.addWidget(widgets.heading("The moment that mattered most" if len(moments) == 1
                                         else f"The {len(moments)} moments that mattered most"))
        layout.addWidget(widgets.label(
            "Where the search's best option did clearly better than what you did, judged "
            "from what you knew then. Open a moment to play the game on from there.",
            "subtle", wrap=True))
        for index, moment in enumerate(moments):
            row = QHBoxLayout()
            words = widgets.label(moment.words(), f"coach_moment_{index}", wrap=True)
            row.addWidget(words, 1)
            row.addWidget(widgets.button("Open this position", f"coach_open_{index}",
                                         partial(self._open, moment)))
            layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        style.apply_theme(self)
        self.setMinimumWidth(620)
        widgets.fit_to_screen(self)

    def _open(self, moment: Moment) -> None:
        self.accept()
        self.watch.open_position(moment)


def watch(window: GameWindow, driver: GameDriver) -> CoachWatch | None:
    """Coach ``driver``'s game in ``window`` if it is a solitaire game held here (the
    window asks when the Settings switch is on; switched off, the messages stop)."""
    player = coached_player(driver)
    old = driver.findChild(CoachWatch, WATCH_NAME)
    if player < 0 or old is not None:
        return old
    return CoachWatch(window, driver, player)


__all__ = ["CoachReview", "CoachWatch", "coached_player", "watch"]
