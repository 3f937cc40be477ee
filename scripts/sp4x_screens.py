"""Render SP4X's screens to PNG for people to look at: New Game, the start, mid-game with
a selection on the board, a War or Star chain dialog, the hot-seat handover, game over.

Usage::

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/sp4x_screens.py out/sp4x
    xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python scripts/sp4x_screens.py \
        out/sp4x-laptop --screen

Offscreen, each window is painted at the size it gives itself for a
1366x768 laptop (``widget.grab()``); with ``--screen`` (on a real or virtual
display) the whole screen is grabbed, so a window too big for it shows cut
off exactly as a player would see it.  Prints each file written.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
os.environ.setdefault("SE4X_DATA_DIR", tempfile.mkdtemp(prefix="se4x-sp4x-screens-"))

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from se4x_core.games.sp4x.bots import RuleBot  # noqa: E402
from se4x_qt import app as app_module  # noqa: E402
from se4x_qt.games.sp4x.dialogs import DIALOG_PHASES  # noqa: E402
from se4x_qt.games.sp4x.window import Sp4xWindow  # noqa: E402
from se4x_qt.session import saves, storage  # noqa: E402
from se4x_qt.session.driver import GameDriver  # noqa: E402
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat  # noqa: E402
from se4x_qt.windows.main_window import MainWindow  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di"]


def settle(app: QApplication) -> None:
    for _ in range(8):
        app.processEvents()


def shoot(app: QApplication, widget: QWidget, out: Path, name: str, screen: bool) -> None:
    settle(app)
    path = out / f"sp4x_{name}.png"
    if screen:
        app.primaryScreen().grabWindow(0).save(str(path))
    else:
        widget.grab().save(str(path))
    print(path, flush=True)


def play_until(driver: GameDriver, window: Sp4xWindow, stop: object, limit: int = 4000,
               seed: int = 1) -> bool:
    """Play every seat by the rule bot (the human's choices through the window) until
    ``stop()`` is true; False if the game ended first."""
    bot = RuleBot(seed)
    for _ in range(limit):
        if stop():  # type: ignore[operator]
            return True
        if driver.game.is_over:
            return False
        if driver.computer_to_act():
            driver.step_computer()
            continue
        if driver.current_player != driver.viewer:
            driver.accept_handover(driver.current_player)
            window.pages.setCurrentIndex(0)
        obs = driver.observation()
        window.act(bot.step(obs, driver.legal_actions()))
    return bool(stop())  # type: ignore[operator]


def new_window(players: int, seed: int, humans: int = 1) -> tuple[Sp4xWindow, GameDriver]:
    seats = [Seat(HUMAN)] * humans + [Seat(COMPUTER, "easy")] * (players - humans)
    driver = saves.new_driver("sp4x", {"players": players, "seed": seed}, seats,
                              NAMES[:players])
    window = Sp4xWindow(settings=storage.Settings(sound=False, computer_pace="fast"))
    window.show()
    window.show_driver(driver)
    driver.stop()
    return window, driver


def main(argv: list[str]) -> int:
    screen = "--screen" in argv
    args = [a for a in argv if not a.startswith("--")]
    out = Path(args[0] if args else "out/sp4x")
    out.mkdir(parents=True, exist_ok=True)
    app = app_module.create_app(["sp4x-screens"])

    shell = MainWindow(storage.Settings(sound=False))
    dialog = shell.new_game()
    dialog.choose_game("sp4x")
    dialog.page("sp4x").players.setValue(4)
    shoot(app, dialog, out, "new_game", screen)
    dialog.hide()
    shell.hide()

    window, driver = new_window(4, 3)
    shoot(app, window, out, "start", screen)

    # mid-game: the human moving, a man selected with his destinations lit
    def moving() -> bool:
        legal = driver.legal_actions()
        return driver.observation()["turn"] > 6 and any(a.kind == "move" for a in legal)

    if play_until(driver, window, moving):
        window.refresh()
        source = next(a.cell for a in driver.legal_actions() if a.kind == "move")
        assert source is not None
        window.cell_clicked(*source)
    shoot(app, window, out, "mid_game", screen)
    window.close()

    # the decision dialogs (a War nomination, a War loss, a Star chain's order, a Grand
    # Plan's choice), each the first time the human must answer one
    wanted = set(DIALOG_PHASES)
    for seed in range(1, 120):
        if not wanted:
            break
        window, driver = new_window(4, seed)
        if play_until(driver, window, lambda d=driver: d.viewer_may_act() and
                      d.game.phase in wanted, seed=seed):
            wanted.discard(driver.game.phase)
            window.refresh()
            settle(app)
            if window.dialog is not None:
                shoot(app, window.dialog if not screen else window, out,
                      f"dialog_{driver.game.phase}", screen)
                if not screen:
                    composite = window.grab()
                    from PySide6.QtGui import QPainter
                    painter = QPainter(composite)
                    picture = window.dialog.grab()
                    painter.drawPixmap((composite.width() - picture.width()) // 2,
                                       (composite.height() - picture.height()) // 2, picture)
                    painter.end()
                    path = out / f"sp4x_dialog_{driver.game.phase}_over_board.png"
                    composite.save(str(path))
                    print(path, flush=True)
        window.close()

    # hot-seat: the handover page
    window, driver = new_window(3, 8, humans=3)
    play_until(driver, window, lambda: driver.current_player != driver.viewer)
    window.show_handover(driver.current_player)
    shoot(app, window, out, "handover", screen)
    window.close()

    # game over
    window, driver = new_window(3, 5)
    play_until(driver, window, lambda: driver.game.is_over, limit=20000)
    window._on_game_over()
    shoot(app, window, out, "game_over", screen)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
