"""Guided games and tours: a game played with a guide beside it, step by step.

Why steps that wait for the game rather than a scripted film: a rule is learnt by doing
it.  Each :class:`Step` is a short text beside the map, the widget to use highlighted
(:class:`Spotlight`), and a test on the game (``done``) that the guide waits for; the
player does it with the game's own widgets, or presses *Show me* and the step does it
for them (``show``, through the same path a click takes).  A step without ``done`` is
read and left with *Next*.  *Why?* opens the rules reference at the step's section.

The guide (:class:`TutorialRunner`) sits in a dock of the game's window; it keeps the
step reached in the settings and the game in a save of its own
(``<data dir>/tutorials/<id>.se4x``), so a player can leave and resume where they were.
Each game brings its tutorial through its app record (``AppGame.tutorial``): a function
returning a :class:`Tutorial` whose ``start`` opens its game.  Nothing here names a game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import shiboken6
from PySide6.QtCore import QObject, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from se4x_qt import style, widgets
from se4x_qt.session import saves, storage
from se4x_qt.style import Theme
from se4x_qt.widgets.tip_card import host_window

if TYPE_CHECKING:
    from se4x_qt.session.driver import GameDriver
    from se4x_qt.shell.game_window import GameWindow
    from se4x_qt.shell.shell import AppShell

Event = dict[str, Any]
CHECK_MS: Final = 250  # how often the guide looks again (widgets are rebuilt often)
PANEL_WIDTH: Final = 300
CALLOUT_WIDTH: Final = 340  # the step's words beside a widget in a phase window
DOCK_NAME: Final = "tutorial_dock"


# -- what a tutorial is -----------------------------------------------------------------------
@dataclass
class Context:
    """What a step's functions see: the window, its game, the events since the step began
    and a memory the tutorial's steps share (a unit chosen in one step, used in the next)."""

    window: GameWindow
    events: list[Event] = field(default_factory=list)
    memory: dict[str, Any] = field(default_factory=dict)

    @property
    def driver(self) -> GameDriver:
        driver = self.window.driver
        assert driver is not None
        return driver

    def observation(self) -> Any:
        return self.driver.observation()

    def my_turn(self) -> bool:
        """The player at the screen has the decision, or the game waits for them to read
        something first (a battle's end held on screen until they close it)."""
        return self.driver.viewer_may_act() or self.driver.held

    def find(self, name: str) -> QWidget | None:
        """The shown widget named ``name`` in the window or one of its own windows (a
        redrawn panel's old widgets linger until deleted: the visible one wins)."""
        found = [w for w in self.window.findChildren(QWidget, name) if w.isVisible()]
        return found[0] if found else None

    def saw(self, kind: str, **fields: Any) -> bool:
        """An event of ``kind`` (with these fields) happened since the step began."""
        return any(e.get("type") == kind and all(e.get(k) == v for k, v in fields.items())
                   for e in self.events)


Target = str | Callable[[Context], "QWidget | str | None"]


@dataclass(frozen=True)
class Step:
    """One step of a tutorial.

    ``text``: rich text (or a function of the game: a marker found, a hex to go to);
    ``target``: the widget to use, by objectName or found by a function (highlighted,
    and what a test following the tutorial acts on); ``done``: the test the guide waits
    for (None: read, then *Next*); ``show``: *Show me*, doing it for the player;
    ``section``: the rules reference section of *Why?*; ``applies``: whether the step
    is wanted at all when it comes (a battle without screening skips screening)."""

    id: str
    title: str
    text: str | Callable[[Context], str]
    target: Target = ""
    done: Callable[[Context], bool] | None = None
    show: Callable[[Context], None] | None = None
    section: str | Callable[[Context], str] = ""
    applies: Callable[[Context], bool] | None = None

    def wanted(self, context: Context) -> bool:
        """The step applies now (``applies`` unset: always)."""
        return self.applies is None or self.applies(context)

    def words(self, context: Context) -> str:
        return self.text(context) if callable(self.text) else self.text

    def section_id(self, context: Context) -> str:
        return self.section(context) if callable(self.section) else self.section

    def widget(self, context: Context) -> QWidget | None:
        if not self.target:
            return None
        found = self.target(context) if callable(self.target) else self.target
        return context.find(found) if isinstance(found, str) else found


@dataclass(frozen=True)
class Tutorial:
    """A game's guided game or tour: its steps, how its game starts, and its ending."""

    id: str
    game: str
    title: str
    summary: str  # a line for the welcome screen
    steps: tuple[Step, ...]
    start: Callable[[AppShell, QWidget | None], GameWindow]  # opens a new game for it
    finale: str  # what the player has learnt, and where to go next (rich text)
    reference: Any = None  # its game's rules reference (help_book.Reference) for Why?


def progress_path(tutorial_id: str) -> Path:
    """Where a tutorial's game is kept between sessions."""
    return storage.data_dir() / "tutorials" / f"{tutorial_id}{storage.SAVE_SUFFIX}"


def start(shell: AppShell, tutorial: Tutorial, parent: QWidget | None = None,
          resume: bool = True) -> GameWindow | None:
    """Open ``tutorial``: where the player left it (its saved game and step) when
    ``resume`` and there is one, else from the beginning."""
    step = shell.settings.tutorial_steps.get(tutorial.id, 0)
    path = progress_path(tutorial.id)
    window: GameWindow | None = None
    if resume and step and path.exists() and shell.open_path(path, parent):
        window = shell.windows.get(tutorial.game)
    if window is None or window.driver is None:
        step = 0
        window = tutorial.start(shell, parent)
    if window.driver is None:
        return None
    TutorialRunner(window, tutorial, step)
    return window


# -- the guide on screen ------------------------------------------------------------------------
class Spotlight(QWidget):
    """A glowing frame around the widget a step wants used; clicks go through it.  It
    moves into the window the widget is in (a battle's or a production sheet's own)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("tutorial_spotlight")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.target: QWidget | None = None
        self.hide()

    def follow(self, target: QWidget | None) -> None:
        """Frame ``target`` (in this overlay's window; another window's is not framed)."""
        self.target = target
        if target is None or not target.isVisible():
            self.hide()
            return
        top = target.window()  # the main window, or a phase window of its own
        if self.parentWidget() is not top:
            self.setParent(top)
        corner = target.mapTo(top, target.rect().topLeft())
        frame = QRect(corner, target.size()).adjusted(-5, -5, 5, 5)
        self.setGeometry(frame)
        self.show()
        self.raise_()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(Theme.HIGHLIGHT)
        pen = QPen(colour, 3)
        painter.setPen(pen)
        painter.drawRoundedRect(self.rect().adjusted(2, 2, -2, -2), 8, 8)
        painter.end()


class TutorialPanel(QFrame):
    """The guide's text beside the map: the step, its words, and its buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tutorial_panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(8)
        self.progress = widgets.label("", "tutorial_progress")
        self.progress.setStyleSheet(f"color:{Theme.MUTED}; font-weight:600;")
        layout.addWidget(self.progress)
        self.title = widgets.label("", "tutorial_title", wrap=True)
        self.title.setStyleSheet(f"color:{Theme.HIGHLIGHT}; font-size:12pt; font-weight:800;")
        layout.addWidget(self.title)
        self.text = widgets.label("", "tutorial_text", rich=True, wrap=True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        layout.addWidget(self.text)
        self.waiting = widgets.label("", "tutorial_waiting", wrap=True)
        self.waiting.setStyleSheet(f"color:{Theme.MUTED}; font-style:italic;")
        layout.addWidget(self.waiting)
        row = QHBoxLayout()
        self.show_button = QPushButton("Show me")
        self.show_button.setObjectName("tutorial_show")
        self.next_button = QPushButton("Next")
        self.next_button.setObjectName("tutorial_next")
        self.next_button.setStyleSheet(style.primary_button_stylesheet("4px 14px"))
        self.why_button = QPushButton("Why?")
        self.why_button.setObjectName("tutorial_why")
        for button in (self.show_button, self.why_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(self.next_button)
        layout.addLayout(row)
        layout.addStretch(1)
        self.leave_button = QPushButton("Leave the tutorial")
        self.leave_button.setObjectName("tutorial_leave")
        self.leave_button.setToolTip("Stop here; Help > Welcome resumes where you left it.")
        layout.addWidget(self.leave_button)


class TutorialRunner(QObject):
    """Runs a tutorial in a game's window: shows each step, waits for it, moves on."""

    def __init__(self, window: GameWindow, tutorial: Tutorial, step: int = 0) -> None:
        super().__init__(window)
        self.setObjectName("tutorial_runner")
        old = window.findChild(TutorialRunner, "tutorial_runner")
        if old is not None and old is not self:
            old.leave(keep=True)
        self.window = window
        self.tutorial = tutorial
        self.index = -1
        self.context = Context(window)
        self.finished = False
        self.visited: list[str] = []  # the ids of the steps shown, in order
        self.panel = TutorialPanel()
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.panel.next_button.clicked.connect(self.next)
        self.panel.show_button.clicked.connect(self.show_me)
        self.panel.why_button.clicked.connect(self.why)
        self.panel.leave_button.clicked.connect(lambda: self.leave(keep=True))
        self.dock = QDockWidget("Learn to play", window)
        self.dock.setObjectName(DOCK_NAME)
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        self.dock.show()
        self.spotlight = Spotlight(window)
        self.callout: TutorialPanel | None = None  # the step's words in a phase window
        driver = window.driver
        assert driver is not None
        self.driver = driver
        driver.events.connect(self._events)
        driver.changed.connect(self.check)
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_MS)
        self.timer.timeout.connect(self._place_spotlight)
        self.timer.start()
        self.go_to(step)

    # -- the steps -----------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        steps = self.tutorial.steps
        return steps[self.index] if 0 <= self.index < len(steps) else None

    def go_to(self, index: int) -> None:
        """Begin step ``index`` (skipping steps that do not apply now), or the finale."""
        steps = self.tutorial.steps
        while index < len(steps) and not steps[index].wanted(self.context):
            index += 1
        self.index = index
        self.context.events = []
        if index < len(steps):
            self.visited.append(steps[index].id)
        self._remember()
        if index >= len(steps):
            self._finale()
            return
        self._show_step()
        self.check()

    def next(self) -> None:
        """*Next*: leave a step that needs only reading (or end, after the finale)."""
        if self.finished:
            self.leave(keep=False)
            return
        step = self.step
        if step is not None and (step.done is None or step.done(self.context)):
            self.go_to(self.index + 1)

    def check(self) -> None:
        """The game changed: a step waiting for the player may be done."""
        step = self.step
        if self.finished or step is None:
            return
        if step.done is not None and step.done(self.context):
            self.go_to(self.index + 1)
            return
        self._update_waiting(step)
        self._place_spotlight()

    def show_me(self) -> None:
        """*Show me*: the step does what it asks, through the same path a click takes."""
        step = self.step
        if step is None or step.show is None:
            return
        step.show(self.context)
        self.check()

    def why(self) -> None:
        step = self.step
        if step is not None and step.section_id(self.context):
            self.window.show_rules(step.section_id(self.context))

    def leave(self, keep: bool = True) -> None:
        """Stop guiding (``keep``: the step reached is kept for a later resume)."""
        self.timer.stop()
        self._spotlight().deleteLater()
        if self._callout_alive():
            assert self.callout is not None
            self.callout.deleteLater()
            self.callout = None
        try:
            self.driver.events.disconnect(self._events)
            self.driver.changed.disconnect(self.check)
        except (RuntimeError, TypeError):  # already gone with its window's game
            pass
        if not keep:
            self.window.settings.tutorial_steps.pop(self.tutorial.id, None)
            self.window.settings.save()
        self.window.removeDockWidget(self.dock)
        self.dock.deleteLater()
        self.setObjectName("tutorial_runner_left")
        self.deleteLater()

    # -- drawing ----------------------------------------------------------------------------------
    def _panels(self) -> list[TutorialPanel]:
        callout = self.callout if self._callout_alive() else None
        return [self.panel] if callout is None else [self.panel, callout]

    def _callout_alive(self) -> bool:
        """The callout lives in a phase window, which is deleted when its phase ends."""
        if self.callout is not None and not shiboken6.isValid(self.callout):
            self.callout = None
        return self.callout is not None

    def _spotlight(self) -> Spotlight:
        """The spotlight (made again if the phase window it moved into was deleted)."""
        if not shiboken6.isValid(self.spotlight):
            self.spotlight = Spotlight(self.window)
        return self.spotlight

    def _show_step(self) -> None:
        for panel in self._panels():
            self._fill(panel)

    def _fill(self, panel: TutorialPanel) -> None:
        """Write the current step into ``panel`` (the dock's, or a phase window's callout)."""
        step = self.step
        if step is None:
            return
        skipped = self.index + 1 - len(self.visited)  # steps that did not apply
        total = len(self.tutorial.steps) - skipped
        panel.progress.setText(f"STEP {len(self.visited)} OF {total}")
        panel.title.setText(step.title)
        panel.text.setText(step.words(self.context))
        panel.show_button.setVisible(step.show is not None)
        panel.why_button.setVisible(bool(step.section_id(self.context)))
        panel.next_button.setText("Next")
        panel.next_button.setVisible(step.done is None)
        panel.leave_button.setVisible(panel is self.panel)
        self._update_waiting(step)

    def _update_waiting(self, step: Step) -> None:
        if step.done is None:
            text = ""
        elif self.context.my_turn():
            text = "Waiting for you to do it\u2026"
        else:
            text = "The other side is playing; your turn comes next\u2026"
        for panel in self._panels():
            panel.waiting.setText(text)

    def _finale(self) -> None:
        self.finished = True
        panel = self.panel
        panel.progress.setText("DONE")
        panel.title.setText("What you have learnt")
        panel.text.setText(self.tutorial.finale)
        panel.waiting.setText("")
        panel.show_button.hide()
        panel.why_button.hide()
        panel.next_button.setText("Close the guide")
        panel.next_button.show()
        panel.leave_button.hide()
        self._spotlight().hide()
        if self._callout_alive():
            assert self.callout is not None
            self.callout.hide()
        self.window.settings.tutorial_steps.pop(self.tutorial.id, None)
        self.window.settings.save()

    def _place_spotlight(self) -> None:
        step = self.step
        target = step.widget(self.context) if step is not None and not self.finished else None
        self._spotlight().follow(target)
        self._place_callout(target)

    def _place_callout(self, target: QWidget | None) -> None:
        """A phase window of its own (a battle, the production sheet) covers the dock: the
        step's words go there too, beside the highlighted widget (below it, or above it)
        when the widget is in that window, else in its lower right corner."""
        top = target.window() if target is not None and target.isVisible() else None
        cover = host_window(self.window)  # a phase window of the game's own over the map
        host = top if top is not None and top is not self.window else \
            (cover if cover is not self.window else None)
        if host is None or self.finished:
            if self._callout_alive():
                assert self.callout is not None
                self.callout.hide()
            return
        callout = self._callout_in(host)
        width = CALLOUT_WIDTH
        layout = callout.layout()
        height = layout.totalHeightForWidth(width) if layout is not None else 200
        if target is not None and top is host:
            rect = QRect(target.mapTo(host, target.rect().topLeft()), target.size())
            y = rect.bottom() + 14
            if y + height > host.height() - 8:
                y = max(8, rect.top() - height - 14)
            x = min(max(8, rect.left()), max(8, host.width() - width - 8))
        else:
            x, y = host.width() - width - 16, max(8, host.height() - height - 64)
        callout.setGeometry(x, y, width, height)
        callout.show()
        callout.raise_()

    def _callout_in(self, top: QWidget) -> TutorialPanel:
        if not self._callout_alive() or self.callout is None or \
                self.callout.parentWidget() is not top:
            if self.callout is not None:
                self.callout.deleteLater()
            callout = TutorialPanel(top)
            callout.setObjectName("tutorial_callout")
            callout.setStyleSheet(f"QFrame#tutorial_callout {{ background:{Theme.PANEL}; "
                                  f"border:2px solid {Theme.HIGHLIGHT}; border-radius:10px; }}")
            callout.next_button.clicked.connect(self.next)
            callout.show_button.clicked.connect(self.show_me)
            callout.why_button.clicked.connect(self.why)
            self.callout = callout
            self._fill(callout)
        return self.callout

    def _events(self, events: list[Event]) -> None:
        self.context.events.extend(events)

    def _remember(self) -> None:
        """The step reached and the game, kept for a resume."""
        settings = self.window.settings
        if self.index < len(self.tutorial.steps):
            settings.tutorial_steps[self.tutorial.id] = self.index
            settings.save()
            driver = self.window.driver
            if driver is not None and driver.saves_locally:
                with contextlib.suppress(OSError):  # a resume lost is not worth a message
                    path = progress_path(self.tutorial.id)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    saves.save_driver(driver, path, self.window.journal_data())


def active_runner(window: QWidget) -> TutorialRunner | None:
    """The tutorial running in ``window``, if any."""
    return window.findChild(TutorialRunner, "tutorial_runner")


__all__ = ["Context", "Spotlight", "Step", "Tutorial", "TutorialPanel", "TutorialRunner",
           "active_runner", "progress_path", "start"]
