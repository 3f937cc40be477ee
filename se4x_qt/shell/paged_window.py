"""A game window of three pages (play, "Pass to ..." and game over), and its game-over page.

Why a class of its own: a game that several people play at one screen needs the same
three pages whatever the game: the play page; the handover page, which covers it
whenever the next decision is another human's, with the play page emptied behind it;
and the game-over page.  The games drawn on a board of their own (SP4X, the SE4 board
game) share all of it: the page a game opens on, applying a click's action and showing
a refusal as the engine words it until the position moves on, the handover, the end,
the menus, the top bar's layout and its "Turn: ..." line.  A game's window fills in its
play page, what emptying it means (:meth:`PagedGameWindow._blank_play_page`) and its
own words (:meth:`PagedGameWindow.handover_detail`).  Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLayout,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from se4x_core.errors import IllegalActionError
from se4x_qt import style, widgets
from se4x_qt.session import saves, storage
from se4x_qt.session.driver import GameDriver
from se4x_qt.shell.game_window import GameWindow
from se4x_qt.shell.handover import HandoverScreen
from se4x_qt.style import Theme

if TYPE_CHECKING:
    from se4x_qt.shell.shell import AppShell

PAGE_PLAY, PAGE_HANDOVER, PAGE_OVER = range(3)
PREFERRED_SIZE: Final = QSize(1366, 768)  # a laptop's screen: the window fits it
Observation = dict[str, Any]
Position = tuple[int, int, int]
NOWHERE: Final[Position] = (-1, -1, -1)


class GameOverPage(QWidget):
    """The game-over page's frame: the game's result above, "Back to ..." and "New game"
    below.  A game's page adds its result to :attr:`root` and says it in
    :meth:`show_result`."""

    new_game_requested = Signal()
    close_requested = Signal()

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.root = QVBoxLayout(self)
        self.root.setContentsMargins(40, 24, 40, 20)
        self.root.setSpacing(16)

    def add_buttons(self, back_text: str, back_name: str, new_name: str) -> None:
        """The buttons under the result: back to the play page, and a new game."""
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(widgets.button(back_text, back_name, self.close_requested.emit))
        new = widgets.button("New game", new_name, self.new_game_requested.emit)
        new.setStyleSheet(style.primary_button_stylesheet("7px 22px"))
        buttons.addWidget(new)
        self.root.addLayout(buttons)

    def show_result(self, obs: Any, names: list[str]) -> None:
        """Show how the game in ``obs`` (the viewer's observation at the end) ended."""
        raise NotImplementedError


class PagedGameWindow(GameWindow):
    """A game's window of three pages (see the module docstring)."""

    ACTION: ClassVar[type] = object  # the game's action class: what the window applies
    RULES_SECTIONS: ClassVar[Mapping[str, str]] = {}  # F1: the rules' section per phase
    RULES_WITHOUT_GAME: ClassVar[str | None] = None  # F1 with no game shown

    game_over_page: GameOverPage
    turn_label: QLabel

    def __init__(self, settings: storage.Settings | None = None,
                 shell: AppShell | None = None) -> None:
        super().__init__(settings, shell)
        self._refused_at: Position = NOWHERE  # where the message line's refusal was said

    # -- building -----------------------------------------------------------------------
    def _build_window(self, name: str, left: QLayout, right: QWidget,
                      game_over: GameOverPage) -> None:
        """The play page (``name``: ``left`` beside the ``right`` column), the handover
        and ``game_over`` pages, the menus, and a size that fits the screen."""
        play = QWidget()
        play.setObjectName(name)
        root = QHBoxLayout(play)
        root.setContentsMargins(8, 6, 8, 8)
        root.setSpacing(8)
        root.addLayout(left, 1)
        root.addWidget(right)
        self.pages = QStackedWidget()
        self.setCentralWidget(self.pages)
        self.handover = HandoverScreen()
        self.handover.accepted.connect(self._handover_accepted)
        self.game_over_page = game_over
        game_over.new_game_requested.connect(self.new_game)
        game_over.close_requested.connect(lambda: self.pages.setCurrentIndex(PAGE_PLAY))
        for page in (play, self.handover, game_over):
            self.pages.addWidget(page)
        self._build_menus()
        widgets.fit_to_screen(self, PREFERRED_SIZE)

    def _fill_top_bar(self, row: QHBoxLayout, title: QLabel, tag: QWidget, info: QLabel,
                      turn_name: str) -> None:
        """The top bar's line in ``row``: the game's ``title`` and ``tag``, the ``info``
        (where the game stands) and, right-aligned, whose turn it is (``turn_name``)."""
        row.setSpacing(14)
        row.addWidget(title)
        row.addWidget(tag, 0, Qt.AlignmentFlag.AlignVCenter)  # a tag, whatever the height
        info.setStyleSheet(f"color:{Theme.MUTED}; font-weight:600;")
        row.addWidget(info)
        # whose turn and decision, right-aligned; a long one wraps rather than widen the
        # window past the screen (a guide's dock beside the board leaves the bar less room)
        self.turn_label = widgets.label("", turn_name, rich=True, wrap=True)
        self.turn_label.setStyleSheet("font-size:11pt; font-weight:600;")
        self.turn_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.turn_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row.addWidget(self.turn_label, 1)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.build_file_menu(bar)
        self.add_settings_action(bar.addMenu("&Edit"))
        self.build_pace_menu(bar.addMenu("&Game").addMenu("Computer &Pace"))
        self.build_help_menu(bar)

    # -- the game shown -------------------------------------------------------------------
    def set_driver(self, driver: GameDriver, journal: saves.Journal | None) -> None:
        """The play page takes the game (new, loaded or on a LAN host), starting with a
        handover if the first decision is another human's."""
        driver.changed.connect(self.refresh)
        driver.handover_needed.connect(self.show_handover)
        driver.viewer_changed.connect(lambda _p: self._viewer_changed())
        driver.game_over.connect(self._on_game_over)
        driver.computer_thinking.connect(lambda _p: self._update_top())
        for action in (self.act_save, self.act_save_as):
            action.setEnabled(driver.saves_locally)
        self._take_driver(driver)
        current = driver.current_player
        if driver.is_over:
            self._on_game_over()
        elif sum(driver.humans) > 1 and current >= 0 and driver.seats[current].is_human:
            self.show_handover(current)
        else:
            self.pages.setCurrentIndex(PAGE_PLAY)
            self.refresh()

    def _take_driver(self, driver: GameDriver) -> None:
        """Forget what the window showed of the last game (a new one is shown)."""

    def observation(self) -> Observation:
        """The viewer's observation of the game shown."""
        assert self.driver is not None
        obs: Observation = self.driver.observation()
        return obs

    def names(self) -> list[str]:
        return self.driver.player_names if self.driver is not None else []

    def legal(self) -> list[Any]:
        """The viewer's legal actions now (none while the play page is not shown)."""
        if self.driver is None or self.pages.currentIndex() != PAGE_PLAY:
            return []
        return [a for a in self.driver.legal_actions() if isinstance(a, self.ACTION)]

    # -- refreshing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the play page from the viewer's observation."""
        raise NotImplementedError

    def _update_top(self) -> None:
        """The top bar: where the game stands, and whose turn it is."""
        raise NotImplementedError

    def turn_text(self, active: int, current: int, phase: str, deciding: bool) -> str:
        """"Turn: Red · Movement: Blue to decide — thinking…": the turn's player, the
        phase, the player deciding when ``deciding`` (another than the turn's, or a
        decision outside anyone's turn), and whether a computer is thinking."""
        assert self.driver is not None
        names = self.names()
        # "Turn: Chris", not "Chris's turn": it reads right whatever the name
        text = f"Turn: {style.name_html(active, names, keep_together=True)} \u00b7 {phase}"
        if deciding:
            text += f": {style.name_html(current, names, keep_together=True)} to decide"
        if self.driver.is_computer(current):
            text += f' <span style="color:{Theme.MUTED}">\u2014 thinking\u2026</span>'
        return text

    def message_line(self) -> QLabel:
        """Where a refused action's reason is shown."""
        raise NotImplementedError

    # -- clicks ---------------------------------------------------------------------------
    def act(self, action: Any) -> bool:
        """Apply a human's action; a refusal is shown as the engine words it (until the
        position moves on: :meth:`clear_stale_refusal`)."""
        if self.driver is None:
            return False
        self._before_act()
        try:
            self.driver.apply(action)
        except IllegalActionError as exc:
            self.message_line().setText(str(exc))
            self._refused_at = self._position()
            self.refresh()
            return False
        self.message_line().setText("")
        return True

    def _before_act(self) -> None:
        """What a click's action ends (a selection, say) before it is applied."""

    def _position(self) -> Position:
        """Where the game stands for the viewer: (events seen, player to act, viewer)."""
        if self.driver is None:
            return NOWHERE
        viewer = self.driver.viewer
        return (self.driver.seen_total.get(viewer, 0), self.driver.current_player, viewer)

    def clear_stale_refusal(self) -> None:
        """A refusal says nothing of a position moved on since: the message line empties."""
        if self.message_line().text() and self._position() != self._refused_at:
            self.message_line().setText("")

    # -- hot-seat -------------------------------------------------------------------------
    def show_handover(self, player: int) -> None:
        """"Pass to ...": the play page emptied behind it (the last player's hand,
        choices, log and selection gone)."""
        if self.driver is None:
            return
        self._blank_play_page()
        detail = self.handover_detail(self.driver.observation_for(player))
        self.handover.show_for(player, self.driver.player_name(player), detail,
                               self.driver.has_pin(player), self.driver.check_pin)
        self.pages.setCurrentIndex(PAGE_HANDOVER)

    def handover_detail(self, obs: Observation) -> str:
        """The handover page's line under the name: where the game stands for them."""
        raise NotImplementedError

    def _blank_play_page(self) -> None:
        """Take the last viewer's hand, choices, log and selection off the play page."""
        raise NotImplementedError

    def _handover_accepted(self, player: int) -> None:
        if self.driver is None:
            return
        self.pages.setCurrentIndex(PAGE_PLAY)
        self.driver.accept_handover(player)

    def _viewer_changed(self) -> None:
        self.refresh()

    def _on_game_over(self) -> None:
        """The play page as it ended, then the game-over page over it, then an autosave."""
        if self.driver is None:
            return
        self._before_game_over()
        self.pages.setCurrentIndex(PAGE_PLAY)
        self.refresh()
        self.game_over_page.show_result(self.observation(), self.names())
        self.pages.setCurrentIndex(PAGE_OVER)
        self.autosave()

    def _before_game_over(self) -> None:
        """What the end closes (an open dialog, say)."""

    # -- help -----------------------------------------------------------------------------
    def rules_section(self) -> str | None:
        """F1: the rules of the decision the game waits for."""
        if self.driver is None:
            return self.RULES_WITHOUT_GAME
        return self.RULES_SECTIONS.get(str(self.observation().get("phase", "")))


__all__ = ["PAGE_HANDOVER", "PAGE_OVER", "PAGE_PLAY", "GameOverPage", "PagedGameWindow"]
