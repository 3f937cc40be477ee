"""Render the combat window, the production sheet and the game-over screen to PNG.

Usage (no display needed)::

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/preview_dialogs.py [out/screens]

Each widget is built on a seeded position (see ``tests/helpers/gui_positions.py``)
and driven through its session exactly as a player would, so the pictures
show what a real game shows: a battle in its second round with the log
filled, an Economic Phase with several producing colonies, a finished game.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout, for tests.helpers

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from se4x_core.actions import Action  # noqa: E402
from se4x_qt.games.se4x.session import Session  # noqa: E402
from tests.helpers import gui_positions as positions  # noqa: E402


def settle(app: QApplication, widget: QWidget) -> None:
    """Let layouts and queued signals (the odds worker's result) arrive."""
    for _ in range(5):
        app.processEvents()
    wait = getattr(widget, "wait_for_odds", None)
    if wait is not None:
        wait()
    for _ in range(5):
        app.processEvents()


def render_combat(app: QApplication, out: Path) -> Path:
    from se4x_qt.windows.combat import CombatWindow

    game, _, _ = positions.fleet_battle()
    session = Session(game)
    window = CombatWindow(session)
    window.resize(1500, 900)
    window.show()
    session.apply(Action("end_movement"))
    while game.phase == "combat_screen":
        session.apply(Action("done_screening"))

    def battle() -> dict | None:
        return session.observation()["battle"]

    def damaged() -> bool:
        here = battle()["hex"]
        return any(u.get("damage") for u in session.observation()["units"] if u["hex"] == here)

    def blue_may_retreat() -> bool:
        return any(a.kind == "retreat" for a in game.legal_actions()) and \
            game.current_player == 0

    # Round two, a damaged lead ship on the board, a Blue group about to fire or retreat.
    while battle() is not None and not (
            battle()["round"] >= 2 and game.phase == "combat_fire" and damaged()
            and blue_may_retreat()):
        session.apply(Action.from_code(game.observation(game.current_player)["suggested"]))
    settle(app, window)
    path = out / "combat.png"
    window.grab().save(str(path))
    window.close()
    window.deleteLater()
    return path


def render_production(app: QApplication, out: Path) -> Path:
    from se4x_qt.windows.production import ProductionSheet

    game = positions.economic_phase()
    game.apply(Action("bid", amount=0))  # Red's sealed bid
    session = Session(game)  # Blue at the screen
    sheet = ProductionSheet(session)
    sheet.resize(1560, 1240)
    sheet.show()
    session.apply(Action("bid", amount=3))
    session.apply(Action("choose_order", order=0))  # Blue first
    session.apply(Action("research", tech=positions.data.T_SHIP_SIZE))
    session.apply(Action("buy", unit_type=positions.data.CA, hex=positions.HOME_0))
    settle(app, sheet)
    path = out / "production.png"
    sheet.grab().save(str(path))
    sheet.close()
    sheet.deleteLater()
    return path


def render_game_over(app: QApplication, out: Path) -> Path:
    from se4x_qt.windows.game_over import GameOverScreen

    session = Session(positions.finished_game())
    screen = GameOverScreen(session)
    screen.resize(1400, 1000)
    screen.show()
    settle(app, screen)
    path = out / "game_over.png"
    screen.grab().save(str(path))
    screen.close()
    screen.deleteLater()
    return path


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "out" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    targets = argv[2:] or ["combat", "production", "game_over"]
    renderers = {"combat": render_combat, "production": render_production,
                 "game_over": render_game_over}
    for name in targets:
        if name in renderers:
            print(renderers[name](app, out))
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
