"""Open the SE4 board game's window on the screen Qt was started with and report what is
out of reach.

Run by ``tests/gui/test_se4_app.py`` in a fresh process (Qt's offscreen platform takes
its screen size from a config file at start-up), as ``python -m
tests.helpers.se4_fit_probe`` from the repository root.  The window is opened as the app
opens it (sized by the shell's screen fitting) on two positions that make it big: a
battle of two players (the battle panel shown, a long log) and a four-player game with
full sectors.  Prints one JSON object: the screen, and per position the problems found
(:func:`tests.helpers.screen_fit_probe.problems`: every button in reach, on each of the
map's and the sheets' tabs), the view the decision brought forward and the map's
visible size.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable

os.environ.setdefault("SE4X_DATA_DIR", tempfile.mkdtemp(prefix="se4x-fit-"))

from PySide6.QtWidgets import QApplication  # noqa: E402

from se4x_core.games.se4.game import Game  # noqa: E402
from se4x_core.games.se4.levels import make_bot  # noqa: E402
from se4x_qt.app import create_app  # noqa: E402
from se4x_qt.games.se4.session import Se4Driver  # noqa: E402
from se4x_qt.games.se4.window import PAGE_HANDOVER, Se4Window  # noqa: E402
from se4x_qt.session import storage  # noqa: E402
from se4x_qt.session.driver import GameDriver  # noqa: E402
from se4x_qt.session.seats import HUMAN, Seat  # noqa: E402
from tests.helpers.screen_fit_probe import problems, settle  # noqa: E402

NAMES = ["Esmeralda Fitzgerald", "Bartholomew", "Cleo", "Dev"]  # long names, wide labels


def played(config: dict[str, int], bot: str, until: Callable[[Game], bool]) -> GameDriver:
    """A driver of a game of human seats, its decisions taken by ``bot`` through it (so
    its log fills as a played game's does) until ``until(game)``."""
    game = Game.new_game(config)
    players = config["players"]
    driver = Se4Driver.local("se4", game, [Seat(HUMAN)] * players, names=NAMES[:players])
    bots = [make_bot(bot, seed) for seed in range(players)]
    for _ in range(5000):
        if game.is_over or until(game):
            break
        player = game.current_player
        if driver.viewer != player:
            driver.accept_handover(player)
        driver.apply(bots[player].step(game.observation(player), game.legal_actions()))
    return driver


def battle() -> GameDriver:
    """Two players in a battle's firing (random play: seed 0 fights in round 1)."""
    return played({"players": 2, "seed": 0}, "random",
                  lambda g: g.phase == "combat" and g.state.battle is not None
                  and g.state.battle["stage"] == "shoot")


def four_players() -> GameDriver:
    return played({"players": 4, "seed": 2}, "rule",
                  lambda g: g.state.round >= 4 and g.phase == "yards")


POSITIONS: dict[str, Callable[[], GameDriver]] = {"battle": battle, "four": four_players}


def shown(app: QApplication, driver: GameDriver,
          settings: storage.Settings | None = None) -> Se4Window:
    """The window as the app opens it, showing ``driver``'s game past any handover."""
    window = Se4Window(settings or storage.Settings(sound=False))
    window.show()
    window.show_driver(driver)
    driver.stop()
    settle(app)
    if window.pages.currentIndex() == PAGE_HANDOVER:
        window.handover.try_accept()
    settle(app)
    return window


def main(argv: list[str]) -> int:
    app = create_app()
    found: dict[str, dict[str, object]] = {}
    for name in argv[1:] or list(POSITIONS):
        driver = POSITIONS[name]()
        window = shown(app, driver)
        brought = window.views.currentWidget().objectName()  # the view the decision chose
        battle_shown = window.battle_sheet.isVisible()
        found_problems: list[object] = []
        for tab in range(window.views.count()):  # every view in reach, the map's size
            window.views.setCurrentIndex(tab)
            settle(app)
            found_problems += problems(window)
        window.views.setCurrentWidget(window.map)
        settle(app)
        view = window.map.viewport()
        found[name] = {"problems": found_problems,
                       "map": [view.width(), view.height()],
                       "map_visible": window.map.isVisible(),
                       "brought_forward": brought,
                       "battle_shown": battle_shown,
                       "phase": driver.phase}
        if os.environ.get("SE4X_FIT_SHOTS"):  # a folder: each position as a PNG too
            window.grab().save(os.path.join(os.environ["SE4X_FIT_SHOTS"], f"{name}.png"))
    screen = app.primaryScreen().availableGeometry()
    print(json.dumps({"screen": screen.getRect(), "positions": found}))
    sys.stdout.flush()
    os._exit(0)  # no teardown: the windows would be torn down one by one for nothing


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
