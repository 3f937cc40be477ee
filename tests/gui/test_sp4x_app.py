"""SP4X in the app: New Game, a whole game against the computer, clicks reaching the
engine, hidden hands in hot-seat play, saves that round-trip and damaged saves refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox

from se4x_core.gamekit import registry
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.game import Game
from se4x_qt.games.sp4x.window import PAGE_HANDOVER, PAGE_OVER, PAGE_PLAY, Sp4xWindow
from se4x_qt.session import saves, storage
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from tests.helpers.shell import make_window
from tests.helpers.sp4x_window import open_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def sp4x_window(qtbot, driver) -> Sp4xWindow:
    return open_window(qtbot, driver)  # the tests take the computer's turns themselves


def human_first_driver(seats, names, players=3):
    """A new game in which player 0 (a human) decides first."""
    for seed in range(200):
        driver = saves.new_driver("sp4x", {"players": players, "seed": seed}, seats, names)
        if driver.game.current_player == 0:
            return driver
    raise AssertionError("no seed lets player 0 start")


def play_computers(driver) -> None:
    while driver.computer_to_act():
        driver.step_computer()


def test_new_game_starts_sp4x_in_its_window(qtbot):
    window = make_window(qtbot)
    window.act_new.trigger()
    dialog = window.shell.new_game_dialog
    qtbot.waitUntil(dialog.isVisible)
    combo = dialog.findChild(QComboBox, "game_choice")
    assert "prototype rules" in combo.itemText(combo.findData("sp4x"))
    combo.setCurrentIndex(combo.findData("sp4x"))
    page = dialog.page("sp4x")
    assert page is dialog.page()
    assert page.isVisible() and not dialog.page("se4x").players.isVisible()
    players = page.findChild(QSpinBox, "sp4x_players")
    assert (players.minimum(), players.maximum()) == (3, 4)
    players.setValue(4)
    page.findChild(QLineEdit, "sp4x_name0").setText("Ann")
    for seat in (1, 2, 3):
        kind = page.findChild(QComboBox, f"sp4x_seat{seat}")
        kind.setCurrentIndex(1)
        assert kind.currentData() == Seat(COMPUTER, "easy")
    page.findChild(QLineEdit, "sp4x_seed").setText("11")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "sp4x" in window.shell.windows and
                    window.shell.windows["sp4x"].isVisible())
    sp4x = window.shell.windows["sp4x"]
    driver = sp4x.driver
    assert driver.game.config == {"players": 4, "seed": 11, "factions": ["vanilla"] * 4}
    assert driver.player_names[0] == "Ann"
    assert [seat.kind for seat in driver.seats] == [HUMAN, COMPUTER, COMPUTER, COMPUTER]
    assert sp4x.pages.currentIndex() == PAGE_PLAY  # one human: no handover
    assert not window.isVisible()  # the Space Empires shell steps aside
    assert "SP4X" in sp4x.windowTitle()
    sp4x.close()


def test_new_game_offers_every_level_with_what_it_does(qtbot):
    from se4x_core.games.sp4x.bots import RuleBot
    from se4x_core.games.sp4x.search import SearchBot
    from se4x_qt.games.sp4x.new_game import Sp4xNewGamePage

    page = Sp4xNewGamePage()
    qtbot.addWidget(page)
    kind = page.findChild(QComboBox, "sp4x_seat1")
    labels = [kind.itemText(i) for i in range(kind.count())]
    assert labels == ["Human", "Computer: Easy", "Computer: Normal", "Computer: Hard"]
    for index in range(1, kind.count()):
        assert "s a choice" in kind.itemData(index, Qt.ItemDataRole.ToolTipRole) or \
            "instant" in kind.itemData(index, Qt.ItemDataRole.ToolTipRole)
    assert [level.spec for level in registry.record("sp4x").levels] == ["easy", "normal",
                                                                        "hard"]
    assert isinstance(registry.make_bot("sp4x", "easy", 1), RuleBot)
    normal, hard = registry.make_bot("sp4x", "normal", 1), registry.make_bot("sp4x", "hard", 1)
    assert isinstance(normal, SearchBot) and isinstance(hard, SearchBot)
    assert hard.samples > normal.samples
    with pytest.raises(ValueError, match="unknown SP4X bot 'strongest'"):
        registry.make_bot("sp4x", "strongest", 1)
    for label in ("Easy", "Normal", "Hard"):
        assert f"{label}: " in page.level_note.text()


@pytest.mark.slow
def test_a_game_of_computer_seats_runs_to_game_over_in_the_window(qtbot):
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 5}, [Seat(COMPUTER, "easy")] * 3,
                              ["Ann", "Bo", "Cy"])
    window = Sp4xWindow(settings=storage.Settings(sound=False, computer_pace="fast"))
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    window.show_driver(driver)  # the driver plays on its own: computer decisions on a thread
    qtbot.waitUntil(lambda: driver.game.is_over, timeout=180_000)
    qtbot.waitUntil(lambda: window.pages.currentIndex() == PAGE_OVER)
    game = driver.game
    assert len(game.winners) >= 1
    winner_text = window.game_over_page.winner_label.text()
    for player in game.winners:
        assert driver.player_name(player).upper() in winner_text
    scores = {p: window.game_over_page.findChild(type(window.prompt), f"final_score_{p}")
              for p in range(3)}
    assert [int(scores[p].text()) for p in range(3)] == game.scores
    assert window.log_texts()[-1].startswith("Game over")


def test_drawing_and_showing_a_card_by_clicks_reach_the_engine(qtbot):
    seats = [Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")]
    driver = human_first_driver(seats, ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    assert driver.game.phase == "draw"
    panel = window.player_panels[1]
    before = driver.game.observation(0)["players"][1]["hand_size"]
    qtbot.mouseClick(panel.hand, Qt.MouseButton.LeftButton, pos=QPoint(12, 20))
    assert driver.game.actions[-1] == Action("draw", player=1)
    assert driver.game.observation(0)["players"][1]["hand_size"] == before - 1
    assert driver.game.phase == "main"
    # one line for the draw, naming the card to the one who drew it, in the log's voice
    draws = [text for text in window.log_texts() if " drew " in text]
    assert len(draws) == 1 and draws[0].startswith("Ann drew ") and draws[0].endswith(
        " from Bo") and "a card" not in draws[0]
    card = next(c for c, button in window.card_buttons.items() if button.usable and c != "ai")
    qtbot.mouseClick(window.card_buttons[card], Qt.MouseButton.LeftButton)
    assert window.selected_card == card
    def show_button():
        return next((b for b in window.findChildren(QPushButton)
                     if b.isVisible() and b.objectName().startswith("action_show_")), None)

    qtbot.waitUntil(lambda: show_button() is not None)
    qtbot.mouseClick(show_button(), Qt.MouseButton.LeftButton)
    assert Action("show", card=card) in driver.game.actions
    assert any("showed" in text or "Grand Plan" in text for text in window.log_texts())


def test_a_refused_click_is_explained_and_changes_nothing(qtbot):
    seats = [Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")]
    driver = human_first_driver(seats, ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    codes = driver.game.action_codes
    assert not window.act(Action("end_turn"))
    assert driver.game.action_codes == codes
    assert "not a choice now" in window.message.text()
    window.refresh()  # nothing moved: the refusal stays where the player reads it
    assert "not a choice now" in window.message.text()
    driver.apply(driver.legal_actions()[0])  # the game moves on (e.g. a late host answer)
    assert window.message.text() == ""  # the refusal is of a position gone


def _check_screen(window: Sp4xWindow, driver) -> None:
    """What is on screen is the viewer's, and only what the viewer may know."""
    if window.pages.currentIndex() != PAGE_PLAY:
        assert not window.board.isVisible()
        assert not window.card_buttons or not any(
            b.isVisible() for b in window.card_buttons.values())
        return
    viewer = driver.viewer
    assert driver.seats[viewer].is_human
    true_hands = driver.game.state.hands  # the test checks the screen against the truth
    shown = {card: button.count for card, button in window.card_buttons.items()}
    assert shown == driver.game.observation(viewer)["hand"]
    from se4x_core.games.sp4x.data import CARD_NAMES
    mine = {CARD_NAMES[k]: n for k, n in enumerate(true_hands[viewer]) if n}
    assert shown == mine
    # (a label taken off the screen loses its name at once: clear_layout)
    mine_shown = window.findChildren(QLabel, "sp4x_me")
    score_shown = window.findChildren(QLabel, "sp4x_my_score")
    assert [w.text() for w in mine_shown] == [driver.player_name(viewer)]
    points = driver.game.observation(viewer)["players"][viewer]["score"]
    assert [w.text().split()[0] for w in score_shown] == [str(points)]
    for player, panel in window.player_panels.items():
        assert player != viewer
        faces = [card for card in panel.hand.cards if card]
        for card in set(faces):
            assert faces.count(card) <= true_hands[player][CARD_NAMES.index(card)]
        assert len(panel.hand.cards) == sum(true_hands[player])


@pytest.mark.slow
def test_hot_seat_never_shows_another_players_cards(qtbot):
    seats = [Seat(HUMAN), Seat(HUMAN), Seat(COMPUTER, "easy")]
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 21}, seats, ["Ann", "Bo", "Cy"],
                              pins={1: "4321"})
    window = sp4x_window(qtbot, driver)
    rnd = random.Random(3)
    handovers = 0
    for _ in range(260):
        if driver.game.is_over:
            break
        _check_screen(window, driver)
        if window.pages.currentIndex() == PAGE_HANDOVER:
            handovers += 1
            player = window.handover.player
            assert driver.player_name(player) in window.handover.title.text()
            if driver.has_pin(player):
                window.handover.pin_edit.setText("0000")
                qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
                assert window.pages.currentIndex() == PAGE_HANDOVER  # a wrong PIN
                window.handover.pin_edit.setText("4321")
            qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
            assert driver.viewer == player
        elif driver.viewer_may_act():
            legal = window.legal()
            spend = [a for a in legal if a.kind == "end_turn"]
            assert window.act(spend[0] if spend and rnd.random() < 0.7 else rnd.choice(legal))
        else:
            assert driver.computer_to_act()
            driver.step_computer()
    assert handovers >= 4


@pytest.mark.slow
def test_an_sp4x_save_round_trips_through_open(qtbot, tmp_path):
    seats = [Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")]
    driver = human_first_driver(seats, ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    rnd = random.Random(5)
    for _ in range(60):
        if driver.viewer_may_act():
            window.act(rnd.choice(window.legal()))
        else:
            play_computers(driver)
    path = tmp_path / "game.se4x"
    assert window.save_to(path)
    log = window.log_texts()
    main = make_window(qtbot)
    assert main.open_path(path)
    loaded = main.shell.windows["sp4x"]
    assert loaded.driver.game == driver.game
    assert loaded.driver.game.action_codes == driver.game.action_codes
    assert loaded.driver.player_names == ["Ann", "Bo", "Cy"]
    assert loaded.driver.seats == seats
    assert loaded.log_texts() == log
    assert loaded.save_path == path
    loaded.close()


@pytest.mark.parametrize("damage", ["truncated", "wrong action", "bad seat"])
def test_a_damaged_sp4x_save_is_refused_and_nothing_is_lost(qtbot, tmp_path, damage):
    seats = [Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")]
    driver = human_first_driver(seats, ["Ann", "Bo", "Cy"])
    good = saves.driver_to_json(driver)
    doc = json.loads(good)
    if damage == "truncated":
        text = good[: len(good) // 2]
    elif damage == "wrong action":
        doc["actions"] = [12345] + doc["actions"]
        text = json.dumps(doc)
    else:
        doc["app"]["seats"][1] = {"kind": "computer", "bot": "grandmaster"}
        text = json.dumps(doc)
    path = tmp_path / "damaged.se4x"
    path.write_text(text)
    main = make_window(qtbot)
    main.act_new.trigger()  # a game in progress must survive the failed open
    playing = open_window(qtbot, driver, shell=main.shell)
    assert main.shell.windows["sp4x"] is playing
    codes = driver.game.action_codes
    assert not main.open_path(path)
    message = main.last_message.text()
    assert path.name in message and ("SP4X" in message or "damaged" in message)
    assert main.shell.windows["sp4x"] is playing and playing.driver is driver
    assert driver.game.action_codes == codes
    assert path.read_text() == text  # the file is left as it was
    with pytest.raises(storage.LoadError):
        saves.load_path(Path(path))


def test_the_engine_save_inside_is_the_engines(qtbot):
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 2}, [Seat(HUMAN)] * 3,
                              ["A", "B", "C"])
    text = saves.driver_to_json(driver)
    assert registry.name_of_save(text) == "sp4x"
    assert Game.from_json(text) == driver.game  # the engine reads the app's save


class _Recording(dict):
    """An observation that notes which of its entries are read."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.read: set[str] = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


def test_the_deck_panel_draws_only_what_it_names(qtbot):
    """The window draws the deck panel anew only when an entry of DeckPanel.SHOWS
    changed: the panel must read nothing else, or a change would not show."""
    from se4x_qt.games.sp4x.panels import DeckPanel

    driver = human_first_driver([Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")],
                                ["Ann", "Bo", "Cy"])
    obs = _Recording(driver.observation())
    qtbot.addWidget(DeckPanel(obs, driver.player_names))
    assert obs.read and obs.read <= set(DeckPanel.SHOWS)


def test_a_refresh_draws_anew_only_what_changed(qtbot):
    """A refresh makes anew the panels of the players whose view, turn or drawability
    changed, keeps the others, and keeps the panels in seat order after the viewer."""
    driver = human_first_driver([Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")],
                                ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    assert driver.observation()["viewer"] == 0
    panels, deck = dict(window.player_panels), window.deck_panel
    window.refresh()  # nothing moved
    assert window.player_panels == panels and window.deck_panel is deck

    def shown(player):  # what a panel is drawn from
        obs, drawable = driver.observation(), {a.player for a in window.legal()
                                               if a.kind == "draw"}
        return (obs["players"][player], player == obs["current_player"],
                player == obs["active_player"], player in drawable)

    before = {p: shown(p) for p in panels}
    for _ in range(20):  # until the computers have changed what a panel shows
        if not driver.computer_to_act():
            driver.apply(driver.legal_actions()[0])
        else:
            driver.step_computer()
        if any(shown(p) != before[p] for p in panels):
            break
    window.refresh()
    moved = {p for p in panels if shown(p) != before[p]}
    assert moved
    for player, panel in panels.items():
        assert (window.player_panels[player] is not panel) == (player in moved), player
    assert [window.players_box.itemAt(i).widget() for i in range(2)] == \
        [window.player_panels[1], window.player_panels[2]]


def test_a_panel_drawn_anew_never_shows_as_a_window_of_its_own(qtbot):
    """An opponent's panel replaced by a new one is gone from the screen for good: not
    shown again as a window of its own (at the screen's corner) once the events it left
    queued run, however many refreshes came before them."""
    from PySide6.QtWidgets import QApplication

    from se4x_qt.games.sp4x.panels import PlayerPanel

    driver = human_first_driver([Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")],
                                ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    first = dict(window.player_panels)
    for _ in range(30):  # refreshes with no event run between them, as in a busy turn
        if driver.is_over:
            break
        if driver.computer_to_act():
            driver.step_computer()
        else:
            driver.apply(driver.legal_actions()[0])
        window.refresh()
    assert any(window.player_panels[p] is not panel for p, panel in first.items())
    QApplication.processEvents()
    strays = [w for w in QApplication.topLevelWidgets()
              if isinstance(w, PlayerPanel) and w.isVisible()]
    assert strays == []
    assert all(panel.isVisible() for panel in window.player_panels.values())


def test_the_hand_and_the_action_buttons_are_kept_until_what_they_offer_changes(qtbot):
    """A refresh with nothing moved keeps the card buttons and the action buttons (they
    are the costliest widgets to make); selecting a card makes both anew: the card is
    drawn selected and the bar offers what it plays, and Cancel."""
    driver = human_first_driver([Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")],
                                ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    qtbot.mouseClick(window.player_panels[1].hand, Qt.MouseButton.LeftButton, pos=QPoint(12, 20))
    assert driver.game.phase == "main"

    def bar():
        return [window.button_row.itemAt(i).widget() for i in range(window.button_row.count())]

    cards, buttons = dict(window.card_buttons), bar()
    assert cards
    window.refresh()  # nothing moved
    assert window.card_buttons == cards and bar() == buttons
    card = next(c for c, button in cards.items() if button.usable and c != "ai")
    qtbot.mouseClick(cards[card], Qt.MouseButton.LeftButton)
    assert window.selected_card == card
    assert all(window.card_buttons[c] is not button for c, button in cards.items())
    assert window.card_buttons[card].selected
    names = [button.objectName() for button in bar()]
    assert names[-1] == "cancel_selection" and any(n.startswith("action_") for n in names)
    cards, buttons = dict(window.card_buttons), bar()
    window.refresh()  # nothing moved: the selection's bar is kept too
    assert window.card_buttons == cards and bar() == buttons
    # "Move & Explore" on a button reads so, not "Move _Explore" (an & marks a shortcut)
    assert window.card_buttons["move"].usable  # this seed's hand: Move & Explore twice
    qtbot.mouseClick(bar()[-1], Qt.MouseButton.LeftButton)  # Cancel
    assert window.selected_card is None
    qtbot.mouseClick(window.card_buttons["move"], Qt.MouseButton.LeftButton)
    labelled = [b for b in bar() if "Move && Explore" in b.text()]
    assert labelled and all(QKeySequence.mnemonic(b.text()).isEmpty() for b in labelled)


def test_a_handover_back_to_the_same_player_draws_every_section_again(qtbot):
    """The handover blanks the play page; taking it back (the same player, nothing
    moved) must draw every section again, not keep the blanks as already drawn."""
    seats = [Seat(HUMAN), Seat(HUMAN), Seat(COMPUTER, "easy")]
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 21}, seats, ["Ann", "Bo", "Cy"])
    window = sp4x_window(qtbot, driver)
    if window.pages.currentIndex() == PAGE_HANDOVER:
        qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentIndex() == PAGE_PLAY
    viewer = driver.viewer
    window.show_handover(viewer)
    qtbot.mouseClick(window.handover.take_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentIndex() == PAGE_PLAY
    assert [w.text() for w in window.findChildren(QLabel, "sp4x_me")] == \
        [driver.player_name(viewer)]
    assert window.deck_box.count() and window.track_box.count()
    assert len(window.player_panels) == 2
    _check_screen(window, driver)
