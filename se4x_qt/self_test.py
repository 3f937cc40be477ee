"""``se4x --self-test``: prove an installation works, then exit (0, or 1 with the reason).

Why the app tests itself: a bundle (PyInstaller) can lack what a source
checkout always has - a module imported only from compiled code, a Qt
plugin, the rules texts, the package metadata - and such a gap shows only
when the program runs.  So the installed program plays a short game the
way a player would: the main window and the New Game dialog, a game
against the computer (Easy), a homeworld, a few moves, turns ended until
the first Economic Phase is done on the production sheet, the Help
windows, a save and a load; and it insists that the engine runs compiled
(a silent fallback to the interpreted modules plays, only a hundred
times slower).  Settings and autosaves go to a temporary folder, so the
player's own are never touched.

Every step prints one line; the first failure prints ``se4x self-test
FAILED: <step>: <reason>`` on standard error.  ``window shown at <epoch>``
lets ``benchmarks/bench_startup.py`` time the start-up from outside.
"""

from __future__ import annotations

import os
import pkgutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QPushButton, QWidget

from se4x_core import _puremode
from se4x_core.actions import Action
from se4x_core.hot_modules import HOT_MODULES
from se4x_core.phases import ECONOMY_PHASES
from se4x_qt import help_book, resources
from se4x_qt.games.se4x.session import Session
from se4x_qt.session import storage
from se4x_qt.session.seats import COMPUTER, Seat
from se4x_qt.windows.main_window import MainWindow

WAIT_S = 30.0  # the longest wait for one step (the Easy computer decides in milliseconds)
MOVES = 3  # unit moves the human plays before ending the first movement
MAX_DECISIONS = 400  # a bound on the loop to the first Economic Phase (a few dozen suffice)
COMPUTER_LEVEL = "rule"  # Easy: fast, and needs no worker processes
# The parts of a game's app (se4x_qt.session.app_game.AppGame) the shell loads by name.
APP_PARTS = ("window", "new_game_page", "driver", "reference", "journal", "host_page",
             "autosave_detail", "tips")

_T = TypeVar("_T")


class SelfTestError(Exception):
    """A step of the self-test failed; the message says what was expected."""


def say(line: str) -> None:
    print(f"se4x self-test: {line}", flush=True)


def wait_until(condition: Callable[[], bool], what: str, timeout: float = WAIT_S) -> None:
    """Run the event loop until ``condition()``; fail naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SelfTestError(f"timed out after {timeout:.0f} s waiting for {what}")
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.002)


# -- the installation ------------------------------------------------------------------------
def check_engine() -> str:
    """Every hot module runs compiled (unless SE4X_PURE_PYTHON asks for the sources)."""
    interpreted = _puremode.interpreted_hot_modules()
    if _puremode.pure_python_requested():
        return f"engine interpreted ({_puremode.ENV_VAR} is set)"
    if interpreted:
        raise SelfTestError("the engine runs interpreted, not compiled: "
                            + ", ".join(interpreted))
    return f"engine compiled ({len(HOT_MODULES)} of {len(HOT_MODULES)} hot modules)"


def check_fonts() -> str:
    """Qt finds a font that draws the app's words.  Why: without one (a minimal system
    with no font package, or no fontconfig configuration) every label is a row of
    empty boxes, and nothing else in the self-test would notice."""
    from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics

    families = QFontDatabase.families()
    if not families:
        raise SelfTestError("Qt finds no font: install a font package (Debian: "
                            "fonts-dejavu-core) and fontconfig's configuration "
                            "(fontconfig-config)")
    metrics = QFontMetrics(QFont())
    missing = [c for c in "Space Empires 4X" if c != " " and not metrics.inFont(c)]
    if missing:
        raise SelfTestError(f"the default font {QFont().family()!r} cannot draw "
                            f"{''.join(missing)!r}")
    return f"{len(families)} font families, the default {QFont().family()!r}"


def check_files() -> str:
    """Every game's rules texts and reference chapters, the licence and every icon size
    are there and readable, and each game's own data files load (its record's
    ``self_test`` hook: Space Empires' learned evaluation is a data file too)."""
    from se4x_core.gamekit import registry
    from se4x_qt.session.app_game import app_games
    from se4x_qt.widgets.rules_viewer import help_source_files

    wanted = [resources.LICENSE_PATH, resources.RULES_NOTICE_PATH]
    wanted += [resources.icon_png(size) for size in resources.ICON_SIZES]
    found: list[str] = []
    for app in app_games():
        title = registry.record(app.name).title
        if app.reference:
            reference: help_book.Reference = app.load("reference")
            files = help_source_files(reference)
            wanted += files
            try:
                sections = help_book.reference_sections(reference)
            except (OSError, help_book.HelpError) as exc:
                raise SelfTestError(f"{title}'s rules reference cannot be read: {exc}") from None
            found.append(f"{title}: {len(reference.texts)} rules texts, "
                         f"{len(sections)} reference sections")
    missing = [str(path) for path in wanted if not path.is_file() or not path.stat().st_size]
    if missing:
        raise SelfTestError("missing files: " + ", ".join(missing))
    if resources.app_icon().isNull():
        raise SelfTestError("the app icon cannot be read")
    for record in registry.records():
        if record.self_test:
            try:
                found.append(f"{record.title}: {registry.load(record.self_test)()}")
            except (OSError, ValueError) as exc:
                raise SelfTestError(f"{record.title}'s data: {exc}") from None
    return "; ".join([*found, f"licence and {len(resources.ICON_SIZES)} icon sizes"])


def check_windows() -> str:
    """Every module of se4x_qt.windows is loaded once each game's app parts are: the app
    imports each one by name, and the shell loads a game's window, New Game page, driver,
    reference and host options through the game's record (so a bundle that lacked one
    would fail only when a player opened that screen)."""
    import se4x_qt.windows as windows
    from se4x_qt.session.app_game import app_games

    failed: list[str] = []
    apps = app_games()
    for app in apps:
        for part in APP_PARTS:
            if getattr(app, part):
                try:
                    app.load(part)
                except (ImportError, AttributeError) as exc:
                    failed.append(f"{app.name}'s {part} {getattr(app, part)} ({exc})")
    names = [info.name for info in pkgutil.walk_packages(windows.__path__, "se4x_qt.windows.")]
    absent = [name for name in names if name not in sys.modules]
    if failed or absent or len(names) < 5:
        raise SelfTestError(f"window modules not loaded: {failed or absent or names}")
    return f"{len(names)} window modules, the app parts of {len(apps)} games"


# -- playing -----------------------------------------------------------------------------------
def start_game(window: MainWindow) -> Session:
    """File > New Game: the player against the Easy computer, started by the dialog's button."""
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    wait_until(lambda: dialog is not None and dialog.isVisible(), "the New Game dialog")
    assert dialog is not None
    seat = dialog.findChild(QComboBox, "seat1")
    if seat is None:
        raise SelfTestError("the New Game dialog has no seat choice")
    wanted = Seat(COMPUTER, COMPUTER_LEVEL)
    index = next((i for i in range(seat.count()) if seat.itemData(i) == wanted), -1)
    if index < 0:
        raise SelfTestError("the New Game dialog offers no Easy computer player")
    seat.setCurrentIndex(index)
    dialog.ok_button.click()
    wait_until(lambda: window.session is not None, "the game to start")
    session = window.session
    assert session is not None
    session.computer_step_ms = 0  # no pause for the eye between computer decisions
    return session


def wait_for_player(session: Session, what: str) -> None:
    wait_until(lambda: session.viewer_may_act() or session.game.is_over, what)


def place_homeworld(session: Session) -> None:
    wait_until(lambda: session.game.phase != "place_homeworld" or session.viewer_may_act(),
               "the homeworld placement")
    if session.game.phase == "place_homeworld":
        session.apply(next(a for a in session.legal_actions() if a.kind == "place_homeworld"))
    wait_until(lambda: session.game.phase == "movement" and session.viewer_may_act(),
               "the player's first movement")


def play_moves(session: Session, count: int) -> int:
    """Up to ``count`` single steps of the player's units; returns how many were made."""
    made = 0
    for _ in range(count):
        wait_for_player(session, "the player's turn to move")
        moves = [a for a in session.legal_actions() if a.kind == "move"]
        if session.game.phase != "movement" or not moves:
            break
        session.apply(moves[made % len(moves)])
        made += 1
    return made


def play_to_economic_phase(window: MainWindow, session: Session) -> int:
    """End turns (the computer plays its own) until the Economic Phase; decisions taken."""
    for taken in range(MAX_DECISIONS):
        wait_for_player(session, "the player's turn")
        if session.game.phase in ECONOMY_PHASES or session.game.is_over:
            return taken
        if session.game.phase == "movement" and window.act_end_move.isEnabled():
            window.act_end_move.trigger()
        else:  # a battle or a prompt on the way: the suggested (default) answer
            code = session.observation()["suggested"]
            if code is None:
                raise SelfTestError(f"no suggested action for the player in {session.game.phase}")
            session.apply(Action.from_code(code))
    raise SelfTestError(f"no Economic Phase after {MAX_DECISIONS} decisions")


def play_economic_phase(window: MainWindow, session: Session) -> str:
    """The Economic Phase on the production sheet, by its buttons, until movement again."""
    from se4x_qt.windows.production import ProductionSheet

    for _ in range(60):
        wait_until(lambda: session.viewer_may_act() or session.game.phase == "movement",
                   "the production sheet")
        if session.game.phase not in ECONOMY_PHASES:
            return type(window.dialogs.widget).__name__ if window.dialogs.widget else "none"
        sheet = window.dialogs.widget
        if not isinstance(sheet, ProductionSheet):
            raise SelfTestError(f"the Economic Phase shows {type(sheet).__name__}, "
                                "not the production sheet")
        buttons = [sheet.findChild(QPushButton, name)
                   for name in ("bid_button", "order_0", "done_button")]
        button = next((b for b in buttons if b is not None and b.isEnabled()), None)
        if button is None:
            raise SelfTestError("the production sheet offers no button to go on")
        button.click()
    raise SelfTestError("the Economic Phase did not end")


def open_help(window: MainWindow) -> str:
    """Help > Rules (each text read), Shortcuts and About open and close."""
    viewer = window.show_rules()
    unread = [text.toPlainText()[:80] for text in viewer.texts
              if "could not be read" in text.toPlainText()[:200]]
    if unread:
        raise SelfTestError(f"the rules viewer could not read a text: {unread[0]}")
    if viewer.problem or not viewer.show_section("combat-retreat"):
        raise SelfTestError(viewer.problem or "the rules reference has no section on retreat")
    opened: list[QWidget] = [viewer, window.show_shortcuts(), window.show_about()]
    wait_until(lambda: all(w.isVisible() for w in opened), "the Help windows")
    if resources.version() not in window.show_about().text():
        raise SelfTestError("the About box does not show the version")
    for widget in opened:
        widget.close()
    return (f"rules viewer ({len(viewer.texts)} texts) with its reference "
            f"({len(viewer.book)} sections), shortcuts, about")


def save_and_load(window: MainWindow, folder: Path) -> str:
    session = window.session
    assert session is not None
    path = folder / "self-test.se4x"
    before = session.game.clone()
    if not window.save_to(path):
        raise SelfTestError(f"could not save to {path}")
    if not window.open_path(path):
        raise SelfTestError(f"could not load {path}")
    loaded = window.session
    assert loaded is not None
    if loaded is session or loaded.game != before or loaded.game.actions != before.actions:
        raise SelfTestError("the loaded game differs from the saved one")
    return f"{path.stat().st_size} bytes, {len(before.actions)} actions"


# -- the whole run -------------------------------------------------------------------------
@contextmanager
def private_data_dir() -> Iterator[Path]:
    """Settings and autosaves in a temporary folder for the run (then restored)."""
    old = os.environ.get(storage.ENV_DATA_DIR)
    with tempfile.TemporaryDirectory(prefix="se4x-self-test-") as folder:
        os.environ[storage.ENV_DATA_DIR] = folder
        try:
            yield Path(folder)
        finally:
            if old is None:
                os.environ.pop(storage.ENV_DATA_DIR, None)
            else:
                os.environ[storage.ENV_DATA_DIR] = old


def run(folder: Path) -> None:
    """Every step in order; the first failure raises SelfTestError naming its step."""
    from se4x_qt.app import create_app

    create_app()  # first: icons and widgets need the application
    say(f"se4x {resources.version()}")
    for name, check in (("engine", check_engine), ("fonts", check_fonts),
                        ("files", check_files), ("windows", check_windows)):
        say(_step(name, check))
    # a scripted player: no questions before ending a turn, no sounds
    window = MainWindow(storage.Settings(confirm_end_movement=False, confirm_unspent_cp=False,
                                       sound=False))
    window.show()
    _step("main window", lambda: wait_until(window.isVisible, "the main window"))
    QApplication.processEvents()
    say(f"window shown at {time.time():.3f} on Qt's {QApplication.platformName()} platform")
    try:
        play(window, folder)
    finally:
        if window.session is not None:
            window.session.stop()
        for child in window.findChildren(QDialog):
            child.close()
        window.close()
        window.deleteLater()
        QApplication.processEvents()


def play(window: MainWindow, folder: Path) -> None:
    """The game steps: start, homeworld, moves, a round, the Economic Phase, save, Help."""
    session = _step("new game", lambda: start_game(window))
    say("new game against the computer (Easy)")
    _step("homeworld", lambda: place_homeworld(session))
    say(f"homeworld placed, {_step('moves', lambda: play_moves(session, MOVES))} moves made")
    taken = _step("round", lambda: play_to_economic_phase(window, session))
    say(f"turns ended up to the Economic Phase ({taken} decisions)")
    _step("economic phase", lambda: play_economic_phase(window, session))
    say(f"Economic Phase done on the production sheet, now {session.game.phase}")
    say(f"saved and loaded ({_step('save and load', lambda: save_and_load(window, folder))})")
    say(f"opened {_step('help windows', lambda: open_help(window))}")


def _step(name: str, action: Callable[[], _T]) -> _T:
    """``action()``, any failure of it re-raised as SelfTestError naming the step."""
    try:
        return action()
    except SelfTestError as exc:
        raise SelfTestError(f"{name}: {exc}") from exc
    except Exception as exc:
        raise SelfTestError(f"{name}: {type(exc).__name__}: {exc}") from exc


def main() -> int:
    """The ``--self-test`` command: 0 when every step passed, 1 naming the first failure."""
    started = time.perf_counter()
    try:
        with private_data_dir() as folder:
            run(folder)
    except Exception as exc:  # every failure must become a message and status 1
        if not isinstance(exc, SelfTestError):
            traceback.print_exc()
            exc = SelfTestError(f"{type(exc).__name__}: {exc}")
        print(f"se4x self-test FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    say(f"passed in {time.perf_counter() - started:.1f} s")
    return 0
