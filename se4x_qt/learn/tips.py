"""Contextual tips: a short note the first time something happens in a real game.

Why tips and not only the rules reference: a rule read before it matters is soon
forgotten; the same rule said in two sentences when it first happens to the player
(their first battle, their first Economic Phase) sticks, and links to its section for
the rest.  Each tip is shown once per player profile (the ids shown are kept in the
settings, ``tips_seen``) and all of them can be switched off (``tips``).

Each game brings its own table (a tuple of :class:`Tip`, named in its app record's
``tips``); nothing here names a game.  A tip's test, ``when``, sees one event the
player at the screen saw and their observation after it, so it is a plain function a
test can call on a hand-made event.

The shell's :class:`TipsManager` follows every game shown (:meth:`TipsManager.watch`,
called by the window for each new, loaded or LAN game): after each action's events
it looks for the first tip of the game's table not shown yet whose test matches, and
shows it in the window's :class:`~se4x_qt.widgets.tip_card.TipCard` once the action
is over, only if the player at the screen is a human there, no hot-seat handover page
covers the window and no tutorial runs in it (a tutorial says all this itself).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QWidget

from se4x_qt.session import storage
from se4x_qt.session.app_game import app_game
from se4x_qt.widgets.tip_card import TipCard, host_window

if TYPE_CHECKING:
    from se4x_qt.session.driver import GameDriver
    from se4x_qt.shell.game_window import GameWindow

Event = dict[str, Any]
Observation = Mapping[str, Any]
When = Callable[[Event, Observation], bool]  # a tip's test: an event seen, the observation
WATCH_NAME = "tips_watch"
# Every game's hot-seat page (se4x_qt.shell.handover.HandoverScreen), found by its object
# name: the shell's floor, where the tips live, knows no game's window.
HANDOVER_NAME = "handover"


@dataclass(frozen=True)
class Tip:
    """One tip: shown the first time ``when`` is true of an event the player saw."""

    id: str  # "<game>.<what>", the game's name first: kept in the settings once shown
    title: str
    text: str  # plain or simple rich text
    when: When  # an event the viewer saw, and their observation after it
    section: str = ""  # the rules reference section "Read the rules" opens ("": none)

    def matches(self, event: Event, obs: Observation) -> bool:
        """``when``, with an event of a shape the test did not expect counted as no match
        (a tip is never worth a crash in a game)."""
        try:
            return bool(self.when(event, obs))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return False


def game_tips(game: str) -> tuple[Tip, ...]:
    """The tips of the game ``game`` (its record's ``tips``; none when it names none)."""
    app = app_game(game)
    if not app.tips:
        return ()
    tips: tuple[Tip, ...] = tuple(app.load("tips"))
    return tips


def first_match(tips: Sequence[Tip], events: Sequence[Event], obs: Observation) -> Tip | None:
    """The first tip of ``tips`` (in the table's order) that one of ``events`` matches."""
    return next((tip for tip in tips for event in events if tip.matches(event, obs)), None)


class TipsManager:
    """Watches each game shown and shows each game's tips once (see the module docstring)."""

    def __init__(self, settings: storage.Settings) -> None:
        self.settings = settings
        self._tables: dict[str, tuple[Tip, ...]] = {}

    def watch(self, window: GameWindow, driver: GameDriver) -> None:
        """Follow ``driver``'s events in ``window`` (the window's game shown last)."""
        watch = window.findChild(TipWatch, WATCH_NAME)
        if watch is None:
            watch = TipWatch(self, window)
        watch.follow(driver)

    # -- the tables and what was shown ---------------------------------------------------------
    def tips(self, game: str) -> tuple[Tip, ...]:
        if game not in self._tables:
            self._tables[game] = game_tips(game)
        return self._tables[game]

    def unseen(self, game: str) -> list[Tip]:
        """The game's tips not shown yet (none while tips are off)."""
        if not self.settings.tips:
            return []
        seen = set(self.settings.tips_seen)
        return [tip for tip in self.tips(game) if tip.id not in seen]

    def mark_seen(self, tip: Tip) -> None:
        if tip.id not in self.settings.tips_seen:
            self.settings.tips_seen.append(tip.id)
            self.settings.save()

    def turn_off(self) -> None:
        """"Don't show tips": off, and remembered (Edit > Settings turns them back on)."""
        self.settings.tips = False
        self.settings.save()


def may_show(window: GameWindow, driver: GameDriver) -> bool:
    """A tip may show in ``window`` now: the window is on screen, its player is a human at
    this screen (not a computer, nor a spectator), no handover page covers it and no
    tutorial runs in it."""
    from se4x_qt.learn.tutorial import active_runner  # the tutorial imports much: not first

    viewer = driver.viewer
    if not window.isVisible() or not 0 <= viewer < len(driver.seats):
        return False
    if not driver.seats[viewer].is_human or driver.is_computer(viewer):
        return False
    if any(page.isVisible() for page in window.findChildren(QWidget, HANDOVER_NAME)):
        return False
    return active_runner(window) is None


class TipWatch(QObject):
    """One window's follower of its game: its driver's events, its tip card."""

    READ_MS = 6000  # a tip on screen is not replaced by the next one sooner

    def __init__(self, manager: TipsManager, window: GameWindow) -> None:
        super().__init__(window)
        self.setObjectName(WATCH_NAME)
        self.manager = manager
        self.window = window
        self.driver: GameDriver | None = None
        self.card: TipCard | None = None  # the tip on screen
        self.pending: tuple[Tip, int] | None = None  # a tip due, for this viewer
        self._later = QTimer(self)  # once the action is over (a handover may follow it)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self._show_pending)

    def follow(self, driver: GameDriver) -> None:
        """Watch ``driver`` (the window's new game) instead of the one before."""
        if driver is self.driver:
            return
        self._leave()
        self.driver = driver
        driver.events.connect(self._events)
        driver.handover_needed.connect(self._screen_changes_hands)
        driver.viewer_changed.connect(self._screen_changes_hands)

    def _leave(self) -> None:
        old, self.driver = self.driver, None
        self.pending = None
        self.dismiss()
        if old is None or not shiboken6.isValid(old):
            return
        with contextlib.suppress(RuntimeError, TypeError):  # already gone with its game
            old.events.disconnect(self._events)
            old.handover_needed.disconnect(self._screen_changes_hands)
            old.viewer_changed.disconnect(self._screen_changes_hands)

    # -- the game's events ---------------------------------------------------------------------
    def _events(self, events: list[Event]) -> None:
        """An action's events the viewer saw: the first tip they call for, shown once the
        action is over."""
        driver = self.driver
        if driver is None or not events:
            return
        tips = self.manager.unseen(driver.game_name)
        if not tips or not driver.seats[driver.viewer].is_human:
            return
        tip = first_match(tips, events, driver.observation())
        if tip is not None:
            self.pending = (tip, driver.viewer)
            self._later.start()

    def _show_pending(self) -> None:
        pending, self.pending = self.pending, None
        driver = self.driver
        if pending is None or driver is None or not self.manager.settings.tips:
            return
        tip, viewer = pending
        if driver.viewer != viewer or not may_show(self.window, driver) or self._reading():
            return  # it shows the next time it happens
        self.manager.mark_seen(tip)
        self.show(tip)

    # -- the card --------------------------------------------------------------------------------
    def show(self, tip: Tip) -> TipCard:
        """``tip`` in a card of its own, in the window the player looks at (the one shown
        before goes)."""
        self.dismiss()
        card = TipCard(host_window(self.window))
        card.rules_requested.connect(lambda section: self.window.show_rules(section))
        card.tips_off.connect(self._tips_off)
        card.show_tip(tip.title, tip.text, tip.section)
        self.card = card
        return card

    def _reading(self) -> bool:
        """A tip shown a moment ago is still being read: the next one waits for its next
        time rather than push it away (an auto-resolved battle's events come fast)."""
        card = self.card
        return card is not None and shiboken6.isValid(card) and card.isVisible() and \
            card.shown_for() < self.READ_MS

    def dismiss(self) -> None:
        card, self.card = self.card, None
        if card is not None and shiboken6.isValid(card):
            card.dismiss()

    def _screen_changes_hands(self, _player: int) -> None:
        """A tip is its player's: it goes when the screen is handed to the next one."""
        self.pending = None
        self.dismiss()

    def _tips_off(self) -> None:
        self.manager.turn_off()
        self.dismiss()
        self.window.statusBar().showMessage(
            "Tips are off. Edit > Settings turns them back on.", 8000)


__all__ = ["HANDOVER_NAME", "Event", "Observation", "Tip", "TipWatch", "TipsManager", "When",
           "first_match", "game_tips", "may_show"]
