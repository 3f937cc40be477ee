"""Render the app's main screens to PNG files, offscreen, for people to look at.

Usage (no display needed)::

    .venv/bin/python scripts/render_screens.py [OUT_DIR] [--actions N] [--seed S] [--size WxH]

OUT_DIR defaults to ``out/screens``; ``--size 1920x1080`` draws every window
at that size (the AppStream screenshots in ``resources/screenshots`` are
drawn so: ``--size 1920x1080 --only midgame,battle,production,rules``).

Every picture is the real main window (or the real phase window) driven
through the session the way a player drives it; the games are seeded, and
the mid-game positions come from the heuristic bot
(``se4x_core.ai.heuristic_bot.choose_heuristic``) playing N actions, so the
same command draws the same pictures.

Screens: the map at the start (after homeworld placement), a move in
progress (a scout selected, its reachable hexes and path lit), warp points
and their links (advanced rules), Doomsday Machines on the map and a battle
against one (advanced rules), the map in
mid-game, the 4-player board (fitted, so the level-of-detail drawing shows),
the handover screen, the battle cover, the New Game dialog, the combat
window, the production sheet, an advanced game with MS pipelines (the map's
chains, the sheet's trade line), the game-over screen and the rules reference.  Each
widget is drawn at the size given here; ``laptop_screens.py`` shows how the app sizes
its windows on a given screen.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QPushButton, QWidget  # noqa: E402

import se4x_qt  # noqa: E402,F401  (protects None before the first Qt call)
from se4x_core import data  # noqa: E402
from se4x_core.actions import Action  # noqa: E402
from se4x_core.ai.bot import ask  # noqa: E402
from se4x_core.ai.heuristic_bot import choose_heuristic  # noqa: E402
from se4x_core.game import Game  # noqa: E402
from se4x_core.phases import COMBAT_PHASES, ECONOMY_PHASES  # noqa: E402
from se4x_qt.app import create_app  # noqa: E402
from se4x_qt.games.se4x.session import Session  # noqa: E402
from se4x_qt.map import art  # noqa: E402
from se4x_qt.session import storage  # noqa: E402
from se4x_qt.shell.new_game import NewGameDialog  # noqa: E402
from se4x_qt.windows.main_window import PAGE_HANDOVER, MainWindow  # noqa: E402

NAMES = ["Ann", "Bob", "Cleo", "Dev"]
SIZE = (1600, 1000)
WINDOW_SIZE: tuple[int, int] | None = None  # --size: every window at this size


def size_for(default: tuple[int, int]) -> tuple[int, int]:
    """A window's size: its own, or the one --size asks for."""
    return WINDOW_SIZE or default


def settle(app: QApplication, rounds: int = 6) -> None:
    for _ in range(rounds):
        app.processEvents()


def bot_choice(game: Game, rnd: random.Random) -> int:
    """The heuristic bot's action code for the current player, from its observation."""
    return choose_heuristic(game.observation(game.current_player), game.legal_codes(), rnd)


def suggested(game: Game) -> Action:
    """The default policy's action for the current player (as auto-resolve takes it)."""
    code = game.observation(game.current_player)["suggested"]
    assert code is not None, "the current player always has a default action"
    return Action.from_code(code)


def bot_game(players: int, seed: int, actions: int,
             until: Callable[[Game], bool] | None = None) -> Game:
    """A seeded bot game after ``actions`` actions (then on until ``until`` holds)."""
    game = Game.new_game({"players": players, "seed": seed})
    rnd = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(bot_choice(game, rnd))
    while until is not None and not until(game) and not game.is_over:
        game.apply(bot_choice(game, rnd))
    return game


def window_for(app: QApplication, game: Game, names: list[str] | None = None) -> MainWindow:
    """The main window showing ``game`` to its current player, past the handover screen."""
    window = MainWindow(storage.Settings(animations=False, sound=False))  # still pictures
    window.resize(*size_for(SIZE))
    window.show()
    session = Session(game, names=(names or NAMES)[:game.config["players"]])
    window.set_session(session)
    settle(app)
    if window.pages.currentIndex() == PAGE_HANDOVER:
        window.handover.try_accept()
    window.map_page.summary.hide()
    settle(app)
    return window


def played_window(app: QApplication, players: int, seed: int, actions: int,
                  until: Callable[[Game], bool]) -> MainWindow:
    """A new game played by the bot *through the window*: every handover, every log line.

    The players take the screen in turn exactly as at a real table, so the
    log and the "since your last turn" summary hold what they would hold.
    """
    window = window_for(app, Game.new_game({"players": players, "seed": seed}))
    session = window.session
    rnd = random.Random(seed)
    done = 0
    while not session.game.is_over and (done < actions or not until(session.game)):
        if session.held:  # a battle's end on screen: read, then closed, as a player does
            window.dialogs.widget.close_button.click()
        if window.pages.currentIndex() == PAGE_HANDOVER:
            window.handover.try_accept()
            # windows closed with deleteLater go now, as they would in the event loop
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        session.apply(Action.from_code(bot_choice(session.game, rnd)))
        done += 1
    if window.pages.currentIndex() == PAGE_HANDOVER:
        window.handover.try_accept()
    settle(app)
    return window


def release(widget: QWidget) -> None:
    """Delete a closed top-level window through Qt's event queue.

    Letting Python's garbage collector delete a parentless dialog right after
    it was shown aborts the process at exit ("shared QObject was deleted
    directly"); Qt's own deferred deletion is safe.
    """
    widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()  # their Python wrappers go now, not in the middle of a later Qt call


def save(widget: QWidget, out: Path, name: str) -> Path:
    path = out / f"{name}.png"
    widget.grab().save(str(path))
    print(path)
    return path


def render_start(app: QApplication, out: Path, seed: int) -> None:
    window = played_window(app, 2, seed, 0, until=lambda g: g.phase == "movement")
    save(window, out, "map_start")  # the first mover, with the placements in the log
    # a move in progress: a scout selected, its destinations lit, the path under the mouse
    obs = window.session.observation()
    scout = next(u for u in obs["units"] if u["owner"] == obs["viewer"]
                 and u["unit_type"] == "SC")
    window.controller.select_unit(scout["unit"])
    target = max(window.controller.targets)
    window.controller.on_hovered(target)
    settle(app)
    save(window, out, "map_move")
    window.close()
    release(window)


def render_warp_points(app: QApplication, out: Path, seed: int) -> None:
    """Warp points (advanced rules): revealed ones with their numbers, dashed arcs between
    those of one number, and a move through a link lit.  The markers are turned face up
    by hand (a seeded game reveals two of one number only now and then)."""
    game = Game.new_game({"players": 2, "seed": seed, "advanced": ["warp_points"]})
    rnd = random.Random(seed)
    while game.phase != "movement":
        game.apply(bot_choice(game, rnd))
    state = game.state
    deep = state.board.deep_space_hexes
    for h, number in ((deep[1], 1), (deep[-3], 1), (deep[len(deep) // 2], 1), (deep[6], 2),
                      (deep[-8], 2)):
        state.h_marker[h], state.h_value[h], state.h_face_up[h] = data.M_WARP, number, 1
        state.h_origin[h] = data.M_WARP * 16 + number
    player = game.current_player
    scout = next(u for u in range(state.n_units)
                 if state.u_type[u] == data.SC and u // 64 == player)
    state.move_unit(scout, deep[1])
    window = window_for(app, game)
    window.controller.select_unit(scout)
    window.controller.on_hovered(deep[-3])
    window.controller.view.set_zoom(0.75)
    window.controller.view.center_on_hex(deep[len(deep) // 2])
    settle(app)
    save(window, out, "map_warp_points")
    window.close()
    release(window)


def doomsday_position(seed: int) -> tuple[Game, int, int]:
    """A Doomsday Machines game (advanced rules) at the first mover's movement: machine 1
    alone in Deep Space (one hit taken), machine 2 (one hit) in a hex the mover's warships
    entered this turn.  Placed by hand (a seeded game reveals machines only now and
    then).  Returns the game, the lone machine's hex and the shared one's."""
    from se4x_core.rules.units import new_unit

    game = Game.new_game({"players": 2, "seed": seed, "advanced": ["doomsday"]})
    rnd = random.Random(seed)
    while game.phase != "movement":
        game.apply(bot_choice(game, rnd))
    state = game.state
    player = game.current_player
    home = game.observation(player)["homeworlds"][player]
    deep = sorted(state.board.deep_space_hexes,
                  key=lambda h: (state.board.distance(h, home), h))
    shared, alone = deep[2], next(h for h in deep[6:] if state.board.distance(h, deep[2]) == 2)
    for h in (shared, alone):
        state.h_marker[h], state.h_value[h], state.h_face_up[h] = data.M_EMPTY, 0, 1
    for number, (h, hits) in enumerate(((alone, 1), (shared, 1)), start=1):
        state.dm_hex[number - 1], state.dm_hits[number - 1] = h + 1, hits
    for unit_type, count in ((data.CA, 2), (data.DD, 3), (data.BB, 1)):
        unit = new_unit(state, player, unit_type, shared, count)
        state.u_moved[unit] = 1  # they moved in this turn
    return game, alone, shared


def render_doomsday(app: QApplication, out: Path, seed: int) -> None:
    """Doomsday Machines (advanced rules): two machines on the map (one alone, one in a
    hex the mover's fleet shares, the side panel listing both), the battle against it in
    the combat window (a round fought by the default policy, the next shot to choose),
    and a machine reaching a fleet in the machines' step."""
    game, alone, shared = doomsday_position(seed)
    window = window_for(app, game)
    window.controller.select_hex(shared)
    window.view.set_zoom(1.6)
    window.view.center_on_hex(shared)
    settle(app)
    save(window, out, "map_doomsday")
    session = window.session
    session.apply(Action("end_movement"))
    while session.in_battle and not (session.game.phase == "combat_fire" and
                                     session.observation()["battle"]["round"] >= 2):
        session.apply(suggested(session.game))
    save_combat(app, window, out, "combat_doomsday")
    window.close()
    release(window)
    render_machine_step(app, out, seed)


def save_combat(app: QApplication, window: MainWindow, out: Path, name: str) -> None:
    """The main window's combat window, once its odds are in."""
    settle(app)
    combat = window.dialogs.widget
    if combat is not None:
        combat.resize(*size_for((1440, 900)))
        wait = getattr(combat, "wait_for_odds", None)
        if wait is not None:
            wait()
        settle(app)
        save(combat, out, name)


def render_machine_step(app: QApplication, out: Path, seed: int) -> None:
    """The machines' step: after the turn's last player, machine 1 moves two hexes onto
    the first mover's fleet, which must fight it at once (hot seat: at the screen of
    the player who ended the turn); then the whole board with what the next player
    reads "since your last turn"."""
    from se4x_core.rules.units import new_unit

    game, alone, shared = doomsday_position(seed)
    state = game.state
    state.dm_hex[1] = 0  # only machine 1, two hexes from the fleet
    for unit in range(state.n_units):
        if state.u_type[unit] >= 0 and state.u_hex[unit] == shared:
            state.move_unit(unit, alone)
    player = game.current_player
    fleet = next(h for h in state.board.deep_space_hexes
                 if state.board.distance(h, alone) == 2 and h != shared)
    for h in state.board.deep_space_hexes:  # the machine's way there is explored
        if state.board.distance(h, alone) <= 2:
            state.h_marker[h], state.h_value[h], state.h_face_up[h] = data.M_EMPTY, 0, 1
    for unit in range(state.n_units):
        if state.u_type[unit] >= 0 and state.u_hex[unit] == alone:
            state.move_unit(unit, fleet)
    new_unit(state, player, data.DN, fleet, 1)
    window = window_for(app, game)
    session = window.session
    for _ in range(50):
        if session.in_battle and session.observation().get("machine_step"):
            break
        if window.pages.currentIndex() == PAGE_HANDOVER:
            window.handover.try_accept()
        session.apply(Action("end_movement") if session.game.phase == "movement"
                      else suggested(session.game))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        window.handover.try_accept()
    save_combat(app, window, out, "combat_doomsday_step")
    while session.in_battle:  # fought out; the next player finds the summary
        session.apply(suggested(session.game))
    settle(app)
    if window.dialogs.holds_screen():  # the battle's end stays on screen until closed
        save_combat(app, window, out, "combat_doomsday_end")
        window.dialogs.widget.findChild(QPushButton, "close_battle").click()
        settle(app)
    if window.pages.currentIndex() == PAGE_HANDOVER:
        window.handover.try_accept()
    window.view.fit_board()
    settle(app)
    save(window, out, "map_doomsday_summary")
    window.close()
    release(window)


def render_midgame(app: QApplication, out: Path, seed: int, actions: int) -> None:
    window = played_window(app, 2, seed, actions, until=lambda g: g.phase == "movement")
    save(window, out, "map_midgame")  # with the "since your last turn" summary
    window.map_page.summary.hide()
    window.view.set_zoom(2.0)
    window.center_on_home()
    settle(app)
    save(window, out, "map_midgame_zoom200")
    window.close()
    release(window)


def render_four_players(app: QApplication, out: Path, seed: int, actions: int) -> None:
    window = played_window(app, 4, seed, actions, until=lambda g: g.phase == "movement")
    window.map_page.summary.hide()
    window.view.fit_board()
    settle(app)
    save(window, out, "map_4p")
    window.close()
    release(window)


def render_handover(app: QApplication, out: Path, seed: int) -> None:
    game = Game.new_game({"players": 3, "seed": seed})
    window = MainWindow(storage.Settings(animations=False, sound=False))  # still pictures
    window.resize(*SIZE)
    window.show()
    session = Session(game, names=NAMES[:3])
    session.set_pin(game.current_player, "1234")
    window.set_session(session)
    settle(app)
    save(window, out, "handover")
    window.close()
    release(window)


def render_new_game(app: QApplication, out: Path) -> None:
    dialog = NewGameDialog()
    dialog.page("se4x").players.setValue(3)
    dialog.show()
    settle(app)
    save(dialog, out, "new_game")
    dialog.close()
    release(dialog)


def render_battle(app: QApplication, out: Path, seed: int) -> None:
    """A battle from a bot game: the combat window, and the cover when the other side decides."""
    game = bot_game(2, seed, 0, until=lambda g: g.phase in COMBAT_PHASES)
    window = window_for(app, game)
    session = window.session
    for _ in range(400):  # on to a decision of the side that is not at the screen
        if session.current_player != session.viewer or not session.in_battle:
            break
        session.apply(suggested(session.game))
    settle(app)
    if session.in_battle and session.current_player != session.viewer:
        save(window, out, "battle_cover")
    save_combat(app, window, out, "combat")
    window.close()
    release(window)


def render_production(app: QApplication, out: Path, seed: int) -> None:
    game = bot_game(2, seed, 150, until=lambda g: g.phase in ECONOMY_PHASES)
    window = window_for(app, game)
    sheet = window.dialogs.widget
    if sheet is not None:
        sheet.resize(*size_for((1400, 900)))
        settle(app)
        save(sheet, out, "production")
    window.close()
    release(window)


def rule_bot_game(seed: int, config: dict[str, object], until: Callable[[Game], bool]) -> Game:
    """A seeded game of two rule bots, played until ``until`` holds (or the game ends)."""
    from se4x_core.ai.registry import make_bot

    game = Game.new_game({"players": 2, "seed": seed, **config})
    bots = [make_bot("rule", seed + p) for p in range(2)]
    while not game.is_over and not until(game):
        player = game.current_player
        game.apply(ask(bots[player], game, player))
    return game


def render_pipelines(app: QApplication, out: Path, seed: int) -> None:
    """MS Pipelines (advanced rules): the chains on the map, the trade on the sheet."""
    config = {"advanced": ["pipelines"]}
    game = rule_bot_game(seed, config, lambda g: g.state.round >= 9 and g.phase == "movement")
    window = window_for(app, game)
    home = game.observation(game.current_player)["homeworlds"][game.current_player]
    window.map_page.view.set_zoom(0.9)
    window.map_page.view.center_on_hex(home)
    settle(app)
    save(window, out, "map_pipelines")
    window.close()
    release(window)
    game = rule_bot_game(seed, config, lambda g: g.state.round >= 9
                         and g.phase == "economic_purchase")
    window = window_for(app, game)
    sheet = window.dialogs.widget
    if sheet is not None:
        sheet.resize(1400, 1300)  # tall enough for the MS row at the foot of the yards
        settle(app)
        save(sheet, out, "production_pipelines")
    window.close()
    release(window)


def render_game_over(app: QApplication, out: Path, seed: int) -> None:
    window = played_window(app, 2, seed, 0, until=lambda g: g.is_over)
    screen = window.dialogs.widget
    if screen is not None:
        screen.resize(*size_for((1300, 900)))
        settle(app)
        save(screen, out, "game_over")
    save(window, out, "map_game_over")
    window.close()
    release(window)


def render_rules(app: QApplication, out: Path) -> None:
    """The rules reference at the raiders, searched for "cloak"."""
    from se4x_qt.widgets.rules_viewer import show_reference

    viewer = show_reference("unit-r")
    viewer.resize(*size_for((1100, 800)))
    viewer.find_edit.setText("cloak")
    settle(app)
    save(viewer, out, "rules")
    viewer.close()
    release(viewer)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "out" / "screens"),
                        help="output folder (default out/screens)")
    parser.add_argument("--actions", type=int, default=420,
                        help="bot actions before the mid-game pictures (default 420)")
    parser.add_argument("--seed", type=int, default=3, help="game seed (default 3)")
    parser.add_argument("--only", default="", help="render only the screens whose name "
                                                   "contains one of these words, comma-"
                                                   "separated (e.g. doomsday,battle)")
    parser.add_argument("--size", default="", help="draw every window WxH pixels "
                                                   "(e.g. 1920x1080)")
    args = parser.parse_args(argv)
    global WINDOW_SIZE
    if args.size:
        width, _, height = args.size.partition("x")
        WINDOW_SIZE = (int(width), int(height))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # autosaves and settings of these throwaway windows stay out of the user's data folder
    os.environ.setdefault("SE4X_DATA_DIR", tempfile.mkdtemp(prefix="se4x-render-"))
    app = create_app()
    screens: list[tuple[str, Callable[[], None]]] = [
        ("start", lambda: render_start(app, out, args.seed)),
        ("warp_points", lambda: render_warp_points(app, out, args.seed)),
        ("doomsday", lambda: render_doomsday(app, out, args.seed)),
        ("midgame", lambda: render_midgame(app, out, args.seed, args.actions)),
        ("four_players", lambda: render_four_players(app, out, args.seed, args.actions)),
        ("handover", lambda: render_handover(app, out, args.seed)),
        ("new_game", lambda: render_new_game(app, out)),
        ("battle", lambda: render_battle(app, out, args.seed)),
        ("production", lambda: render_production(app, out, args.seed)),
        ("pipelines", lambda: render_pipelines(app, out, args.seed)),
        ("game_over", lambda: render_game_over(app, out, args.seed)),
        ("rules", lambda: render_rules(app, out)),
    ]
    wanted = args.only.split(",")
    for name, render in screens:
        if any(word in name for word in wanted):
            render()
    art.release_caches()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
