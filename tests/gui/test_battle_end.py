"""A battle's end stays on screen: the killing shot and the result until the player closes
the window (Close, or Enter), the game held meanwhile (no computer decides, no handover
comes); an auto-resolved battle at the computer pace's speed; battles in a row each shown to
its end before the next; the colony attack says why the colony lies open."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from se4x_core import data
from se4x_core.actions import Action
from se4x_qt.games.se4x.session import Session
from se4x_qt.windows.combat import CombatWindow
from se4x_qt.windows.combat.cards import UnitCard
from se4x_qt.windows.main_window import PAGE_HANDOVER
from tests.helpers.combat_window import click, open_combat, open_window, start
from tests.helpers.doomsday import DOOMSDAY, MACHINE_2, put_machine
from tests.helpers.gui_positions import CENTRE, W, add, battle_setup, neighbour, set_colony
from tests.helpers.gui_scenario import force_dice, scenario
from tests.helpers.shell import accept_handover, battle_game, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def kill_the_scout(qtbot, humans=None, visible=True):
    """Blue's cruiser against Red's scout: Blue fires by hand, rolls a 1, and the battle is
    over (the cruiser fires first: class C before E)."""
    game, (ca,), (sc,) = battle_setup([(data.CA, 1)], [(data.SC, 1)])
    session, window = open_window(qtbot, game, humans)
    closed: list[bool] = []
    window.close_requested.connect(lambda: closed.append(True))
    start(session)
    if not visible:
        window.hide()
    force_dice(game.state, 1)
    target = window.findChild(QWidget, f"target_{sc}")
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
    assert game.state.u_type[sc] == -1 and not session.in_battle  # the engine moved on
    return game, session, window, closed, sc


def text_of(window: QWidget, name: str) -> str:
    found = window.findChild(QLabel, name)
    return found.text() if found is not None else ""


def test_the_killing_shot_and_the_result_stay_until_closed(qtbot):
    game, session, window, closed, scout = kill_the_scout(qtbot)
    qtbot.wait(100)
    assert window.isVisible() and not closed
    assert window.status_label.text() == "OVER"
    where = game.state.board.label(CENTRE)
    assert text_of(window, "result_label") == f"Blue wins the battle at {where}"
    assert text_of(window, "result_detail") == "1 of Red's ships destroyed; Blue lost no ships"
    last = text_of(window, "last_shot")
    assert "Blue CA1 fires at Red SC1: needs" in last and "rolled 1, HIT" in last
    assert "Red SC1 destroyed" in last
    card = window.findChild(UnitCard, f"card_{scout}")  # the scout's card stays, destroyed
    assert card is not None and card.info.fate == "destroyed"
    assert window.close_button.isVisible() and window.close_button.text() == "Close"
    qtbot.keyClick(window.close_button, Qt.Key.Key_Return)  # Enter closes it
    assert closed


def test_the_end_shows_no_odds_of_the_battle_gone(qtbot):
    """The odds estimate started with the battle arrives after its end: dropped."""
    _, _, window, _, _ = kill_the_scout(qtbot)
    assert window.wait_for_odds()
    qtbot.wait(100)  # the estimate's signal delivered
    assert window.odds_label.text() == "Battle over" and not window.odds_text()


def test_the_game_waits_until_the_end_is_closed(qtbot):
    """Against a computer: Red's movement comes after the battle, but Red does not move
    while the battle's end is on screen; closing it lets the game go on."""
    game, session, window, closed, _ = kill_the_scout(qtbot, humans=[True, False])
    session.computer_step_ms = 0
    session.start()
    assert session.current_player == 1 and game.phase == "movement"
    actions = len(game.action_codes)
    qtbot.wait(300)
    assert len(game.action_codes) == actions and not closed
    click(qtbot, window, "close_battle")
    assert closed
    qtbot.waitUntil(lambda: len(game.action_codes) > actions, timeout=5000)
    session.stop()


def test_the_handover_comes_after_the_end_is_closed(qtbot):
    """Hot seat: Red plays next, but the screen is handed over only once Blue, who fought
    the battle, has closed its end."""
    _, session, window, closed, _ = kill_the_scout(qtbot)
    handovers: list[int] = []
    session.handover_needed.connect(handovers.append)
    qtbot.wait(100)
    assert not handovers and session.held
    assert "Red plays next" in text_of(window, "end_note")
    click(qtbot, window, "close_battle")
    assert handovers == [1] and not session.held


def test_a_hidden_window_never_holds_the_game(qtbot):
    _, session, window, closed, _ = kill_the_scout(qtbot, visible=False)
    assert closed and not session.held  # nobody would see it: closed at once, as before
    _, session, window, closed, _ = kill_the_scout(qtbot)
    assert session.held
    window.hide()  # e.g. the app hides it: the game goes on
    qtbot.waitUntil(lambda: not session.held, timeout=2000)


def auto_resolve(qtbot, pace: str, step_ms: int | None = 0):
    """A dreadnought against a scout, auto-resolved at ``pace`` (``step_ms``: the window's
    pause between decisions; None: the pace's)."""
    game, _, _ = battle_setup([(data.DN, 1)], [(data.SC, 1)])
    session, window = open_window(qtbot, game)
    session.set_pace(pace)
    window.auto_step_ms = step_ms
    closed: list[bool] = []
    window.close_requested.connect(lambda: closed.append(True))
    start(session)
    click(qtbot, window, "auto_resolve")
    return game, session, window, closed


@pytest.mark.slow
def test_auto_resolve_at_normal_pace_shows_the_end_for_a_moment(qtbot):
    game, session, window, closed = auto_resolve(qtbot, "normal")
    qtbot.waitUntil(lambda: not session.in_battle, timeout=10_000)
    assert window.status_label.text() == "OVER" and "Blue wins the battle" in \
        text_of(window, "result_label")
    qtbot.wait(1000)  # still there a second later
    assert window.isVisible() and not closed and session.held
    assert "goes on by itself" in text_of(window, "end_note")
    qtbot.waitUntil(lambda: bool(closed), timeout=5000)  # ... and then it goes
    assert not session.held


def test_auto_resolve_at_fast_pace_does_not_block(qtbot):
    game, session, window, closed = auto_resolve(qtbot, "fast", step_ms=None)
    assert session.auto_step_ms == 0
    qtbot.waitUntil(lambda: bool(closed), timeout=5000)
    assert not session.in_battle and not session.held


def test_auto_resolve_at_step_by_step_pace_waits_for_the_player(qtbot):
    game, session, window, closed = auto_resolve(qtbot, "watch")
    qtbot.waitUntil(lambda: not session.in_battle, timeout=10_000)
    qtbot.wait(500)
    assert not closed and session.held
    assert "goes on by itself" not in text_of(window, "end_note")
    click(qtbot, window, "close_battle")
    assert closed and not session.held


def test_the_pace_sets_the_auto_resolve_speed(qtbot):
    game, _, _ = battle_setup([(data.DN, 1)], [(data.SC, 1)])
    session = Session(game)
    for pace, step, end in (("watch", 700, None), ("normal", 300, 3000), ("fast", 0, 0)):
        session.set_pace(pace)
        assert (session.auto_step_ms, session.battle_end_ms) == (step, end)
    session.set_pace("normal")
    window = CombatWindow(session)  # its own step unset: the pace's
    qtbot.addWidget(window)
    session.apply(Action("end_movement"))
    window.auto_resolve()
    assert session.auto_step_ms == 300  # readable: the dice can be followed
    session.stop()


def test_battles_in_a_row_each_end_is_seen_before_the_next(qtbot):
    game, (ca,), (sc,) = battle_setup([(data.CA, 1)], [(data.SC, 1)])
    state = game.state
    other = neighbour(state, neighbour(state, CENTRE, W), W)
    add(state, 0, data.DD, other, 1)
    other_scout = add(state, 1, data.SC, other, 1)
    session, window = open_window(qtbot, game)
    start(session)
    click(qtbot, window, f"battle_{CENTRE}")
    force_dice(state, 1)
    click(qtbot, window, f"target_{sc}")
    assert game.observation(0)["battle"]["hex"] == other  # the engine fights the next one
    here, there = state.board.label(CENTRE), state.board.label(other)
    assert window.title_label.text() == f"BATTLE AT {here}"
    assert text_of(window, "result_label") == f"Blue wins the battle at {here}"
    assert not [line for line in window.log_lines() if f"Battle at {there}" in line]
    assert window.close_button.text() == "Next battle"
    click(qtbot, window, "close_battle")
    assert window.title_label.text() == f"BATTLE AT {there}"
    assert [line for line in window.log_lines() if f"Battle at {there}" in line]
    assert window.findChild(QWidget, f"target_{other_scout}") is not None  # Blue fires on
    assert not session.held


def test_a_colony_no_ship_defends_is_not_said_to_have_lost_its_ships(qtbot):
    game, _, _ = battle_setup([(data.BB, 2)], [])
    set_colony(game.state, 1, CENTRE, 5)
    session, window = open_window(qtbot, game)
    start(session)
    prompt = text_of(window, "fire_prompt")
    assert prompt.startswith("No ships defend Red's colony (5 CP): it lies open.")
    assert "gone" not in prompt


def test_the_colony_attack_says_the_defenders_were_destroyed(qtbot):
    game, _, (sc,) = battle_setup([(data.BB, 1, {"att": 3})], [(data.SC, 1)])
    set_colony(game.state, 1, CENTRE, 3)
    session, window = open_window(qtbot, game)
    start(session)
    force_dice(game.state, 1)
    click(qtbot, window, f"target_{sc}")
    assert game.phase == "colony_attack"
    assert text_of(window, "fire_prompt").startswith(
        "Red's ships were destroyed. Red's colony (3 CP) lies open.")


def test_the_colony_attack_says_the_defenders_retreated(qtbot):
    game, (dd,), (red,) = battle_setup([(data.DD, 1)], [(data.DD, 1)])
    set_colony(game.state, 1, CENTRE, 3)
    session, window = open_window(qtbot, game)
    start(session)
    force_dice(game.state, 10, 10)
    click(qtbot, window, f"target_{dd}")
    click(qtbot, window, f"target_{red}")
    retreat = next(a for a in session.legal_actions() if a.kind == "retreat")
    click(qtbot, window, f"retreat_{retreat.dir}")
    assert game.phase == "colony_attack"
    assert text_of(window, "fire_prompt").startswith(
        "Red's ships retreated. Red's colony (3 CP) lies open.")


def test_colony_open_text_for_every_fate():
    from se4x_qt.windows.combat.ending import BattleRecord, colony_open_text

    who = ["Blue", "Red"].__getitem__
    colony = {"owner": 1, "cp": 3, "homeworld": False, "minerals_waiting": 0,
              "wrecks_waiting": 0}
    record = BattleRecord(hex=4, attacker=0, defender=1, destroyed={1: 2}, retreated={1: 1})
    assert colony_open_text(colony, 1, record, who) == \
        "Red's ships were destroyed or retreated. Red's colony (3 CP) lies open."
    assert colony_open_text({**colony, "homeworld": True, "cp": 20}, -1, None, who) == \
        "No ships defend Red's homeworld (20 CP): it lies open."
    assert colony_open_text(colony, 1, None, who) == \
        "Red's ships are gone. Red's colony (3 CP) lies open."


def hot_seat_battle(qtbot, ann: list[tuple[int, int]], bob: list[tuple[int, int]]):
    """Ann and Bob at one screen; Ann's groups end their movement on Bob's: the battle's
    window opens.  (window, session, combat window)"""
    window = make_window(qtbot)
    window.set_session(Session(battle_game(ann, bob), names=["Ann", "Bob"]))
    accept_handover(qtbot, window)
    session = window.session
    session.apply(Action("end_movement"))
    combat = window.dialogs.widget
    assert isinstance(combat, CombatWindow)
    return window, session, combat


def test_the_main_window_keeps_the_battle_end_before_the_handover(qtbot):
    """In the app: the phase has moved on to Bob's movement, but the combat window stays
    with the battle's end; the handover to Bob comes once it is closed."""
    window, session, combat = hot_seat_battle(qtbot, [(data.CA, 1)], [(data.SC, 1)])
    assert combat.isVisible()
    scout = next(u["unit"] for u in session.observation()["units"] if u["owner"] == 1)
    force_dice(session.game.state, 1)
    click(qtbot, combat, f"target_{scout}")
    assert not session.in_battle and session.current_player == 1
    qtbot.wait(100)
    assert window.dialogs.widget is combat and combat.isVisible()
    assert window.pages.currentIndex() != PAGE_HANDOVER
    assert "Ann wins the battle" in text_of(combat, "result_label")
    click(qtbot, combat, "close_battle")
    assert accept_handover(qtbot, window) == 1
    assert window.dialogs.widget is None


def test_the_end_in_the_games_terms():
    from se4x_qt.windows.combat.ending import BattleRecord, ColonyOutcome, Ending, ending_of

    who = {0: "Blue", 1: "Red", data.MACHINE_SIDE: "Doomsday Machine 1"}.__getitem__
    where = "{:04d}".format
    record = BattleRecord(hex=405, attacker=0, defender=1)
    for event in ({"type": "ship_destroyed", "player": 0, "unit": 1, "remaining": 1},
                  {"type": "unit_destroyed", "player": 0, "unit": 2, "count": 1,
                   "unit_type": "DD"},
                  {"type": "unit_destroyed", "player": 0, "unit": 3, "count": 1,
                   "unit_type": "Decoy"},  # a decoy revealed is no ship lost
                  {"type": "retreated", "player": 0, "unit": 4},
                  {"type": "battle_ended", "winner": 1, "rounds": 2}):
        record.note(event)
    assert ending_of(record, who, where) == Ending(
        "Red wins the battle at 0405", "2 of Blue's ships destroyed, 1 retreated; "
        "Red lost no ships", 1, [])
    machine = BattleRecord(hex=405, attacker=0, defender=data.MACHINE_SIDE)
    machine.note({"type": "unit_destroyed", "player": 0, "unit": 2, "count": 3,
                  "unit_type": "CA"})
    machine.note({"type": "battle_ended", "winner": data.MACHINE_SIDE, "rounds": 1})
    assert ending_of(machine, who, where) == Ending(
        "Doomsday Machine 1 wins the battle at 0405", "3 of Blue's ships destroyed",
        data.MACHINE_SIDE, [])
    colony = BattleRecord(hex=405, attacker=0, defender=-1,
                          colony=ColonyOutcome(owner=1, cp=20, homeworld=True))
    for event in ({"type": "colony_shot", "hit": True}, {"type": "colony_shot", "hit": False},
                  {"type": "colony_destroyed"}, {"type": "player_eliminated", "player": 1}):
        colony.note(event)
    assert ending_of(colony, who, where) == Ending(
        "Blue destroys Red's homeworld at 0405", "1 hit in 2 shots; Red is eliminated", 0, [])
    stood = BattleRecord(hex=405, attacker=0, defender=-1,
                         colony=ColonyOutcome(owner=1, cp=3, homeworld=False))
    stood.note({"type": "colony_shot", "hit": False})
    assert ending_of(stood, who, where).headline == "Red's colony at 0405 stands"



def test_the_game_over_screen_comes_after_the_last_battle_end(qtbot):
    """Blue's fleet takes Red's last step of homeworld: the game is over the moment the die
    is rolled, but the attack's end is read before the game-over screen opens."""
    from tests.helpers.gui_scenario import HOME_1

    game = scenario(turn=1)
    game.state.h_col_cp[HOME_1] = data.HOMEWORLD_STEP  # one hit to go
    add(game.state, 0, data.BB, HOME_1, 2)
    window = make_window(qtbot)
    window.set_session(Session(game, names=["Ann", "Bob"]))
    accept_handover(qtbot, window)
    session = window.session
    session.apply(Action("end_movement"))
    combat = window.dialogs.widget
    assert isinstance(combat, CombatWindow) and game.phase == "colony_attack"
    force_dice(game.state, 1)
    click(qtbot, combat, "fire_colony")
    assert game.is_over
    qtbot.wait(100)
    assert window.dialogs.widget is combat and combat.isVisible()
    assert combat.result_text() == (f"Ann destroys Bob's homeworld at "
                                    f"{game.state.board.label(HOME_1)}: 1 hit in 1 shot; "
                                    "Bob is eliminated")
    click(qtbot, combat, "close_battle")
    qtbot.waitUntil(lambda: window.dialogs.key == "game_over")


def test_a_machines_end_shows_it_destroyed(qtbot):
    """Ann's third hit destroys Doomsday Machine 2: its card stays, destroyed, and the end
    says so."""
    game = scenario(player=0, advanced=DOOMSDAY)
    put_machine(game, 2, CENTRE, hits=2)
    add(game.state, 0, data.DN, CENTRE)
    force_dice(game.state, 1, 3, 5)  # the third hit; the wreck rolls
    session, window = open_combat(qtbot, game)
    session.apply(Action("end_movement"))
    qtbot.mouseClick(window.findChild(UnitCard, f"card_{MACHINE_2}"), Qt.MouseButton.LeftButton)
    assert game.observation(0)["machines"] == []
    assert window.result_text() == (f"Ann wins the battle at {game.state.board.label(CENTRE)}: "
                                    "Doomsday Machine 2 destroyed; Ann lost no ships")
    card = window.findChild(UnitCard, f"card_{MACHINE_2}")
    assert card is not None and card.info.destroyed
    assert "destroyed" in window.header.sides_label.text()


@pytest.mark.parametrize("pace", ["watch", "fast"])
def test_a_battle_the_computers_fight_ends_as_the_pace_says(qtbot, pace):
    """Two computers fight while a human watches: at step by step the end waits for the
    player, at fast the game goes straight on."""
    game, _, _ = battle_setup([(data.DN, 1)], [(data.SC, 1)])
    game.apply(Action("end_movement"))  # the battle is on: the computers decide it
    session = Session(game, humans=[False, False])
    window = CombatWindow(session)
    qtbot.addWidget(window)
    window.show()
    closed: list[bool] = []
    window.close_requested.connect(lambda: closed.append(True))
    session.set_pace(pace)
    session.computer_step_ms = 0
    session.start()
    qtbot.waitUntil(lambda: not session.in_battle, timeout=10_000)
    if pace == "watch":
        qtbot.wait(300)
        assert session.held and not closed and "wins the battle" in window.result_text()
        click(qtbot, window, "close_battle")
    qtbot.waitUntil(lambda: bool(closed) and not session.held, timeout=5000)
    actions = len(game.action_codes)
    qtbot.waitUntil(lambda: len(game.action_codes) > actions, timeout=5000)  # Red moves on
    session.stop()


def test_the_map_stays_covered_while_the_other_side_reads_the_end_it_shot(qtbot):
    """Hot seat: Bob's cruiser destroys Ann's scout with the battle's last shot.  Bob is at
    the screen then, so Ann's map stays covered until the end is closed."""
    from se4x_qt.windows.main_window import PAGE_BATTLE

    window, session, combat = hot_seat_battle(qtbot, [(data.SC, 1)], [(data.CA, 1)])
    qtbot.waitUntil(lambda: session.current_player == 1 and session.in_battle)
    assert window.pages.currentIndex() == PAGE_BATTLE  # Bob decides: Ann's map covered
    scout = next(u["unit"] for u in session.observation()["units"] if u["owner"] == 0)
    force_dice(session.game.state, 1)
    click(qtbot, combat, f"target_{scout}")
    assert not session.in_battle and combat.isVisible()
    qtbot.wait(100)
    assert window.pages.currentIndex() == PAGE_BATTLE  # still Bob's moment
    assert not window.view.counters and not window.log_texts()
    click(qtbot, combat, "close_battle")
    qtbot.waitUntil(lambda: window.pages.currentIndex() != PAGE_BATTLE)
