"""SP4X's sentences: every log line, button and banner reads right whatever the players
are called, each draw is one line per viewer, and cells are named as the board labels
them, never by coordinates.

Why whole games: the events worth checking are the ones real play produces (a War, a
Star chain, a road lost), so the rule bot plays a few games and every event is rendered
for every seat, with names that end in "s", a long name, and "You".
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from se4x_core.games.sp4x.bots import RuleBot
from se4x_core.games.sp4x.game import Event, Game
from se4x_qt.games.sp4x import texts
from se4x_qt.games.sp4x.board import BoardView
from se4x_qt.games.sp4x.new_game import Sp4xNewGamePage
from se4x_qt.session import saves
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from se4x_qt.shell.seats_panel import MAX_NAME
from se4x_qt.widgets.log_view import LogLine
from tests.helpers.shell import make_window  # noqa: F401 - the shell's test helpers load Qt first
from tests.helpers.sp4x_window import open_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

LONG = "Esmeralda Fitzgerald"
assert len(LONG) == MAX_NAME
NAME_SETS = (["Ann", "Chris", "Bess", "Lois"], ["You", "Chris", LONG, "Jess"],
             [LONG, "Ann", "You", "Chris"])
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|-?\d+\s*,\s*-?\d+")


@cache
def played(players: int, seed: int) -> tuple[tuple[Event, texts.CellNames], ...]:
    """Every event of a rule-bot game, with the board's cell names when it happened."""
    game = Game.new_game({"players": players, "seed": seed})
    bot = RuleBot(seed)
    out: list[tuple[Event, texts.CellNames]] = []
    while not game.is_over:
        obs = game.observation(game.current_player)
        events = game.apply(bot.step(obs, game.legal_actions()))
        cells = texts.CellNames(game.observation(0))
        out.extend((event, cells) for event in events)
    return tuple(out)


def all_events() -> list[tuple[int, Event, texts.CellNames]]:
    """(players, event, cell names) of a few games of 3 and 4 players."""
    return [(players, event, cells) for players, seed in ((3, 1), (4, 2), (4, 5), (3, 9))
            for event, cells in played(players, seed)]


def final_cells(players: int, seed: int) -> texts.CellNames:
    return played(players, seed)[-1][1]


def misread(text: str, names: list[str]) -> list[str]:
    """What in ``text`` reads wrong for some name: a possessive after a name ("Chris's",
    "Chris'"), or a verb that agrees with "he" only ("Ann names", "You decides")."""
    wrong = []
    for name in names:
        for match in re.finditer(re.escape(name) + r"(['\u2019]s?|\s+([a-z]+))", text):
            word = match.group(2)
            if word is None or word.endswith("s"):
                wrong.append(match.group(0))
    return wrong


def test_every_event_reads_right_for_every_name() -> None:
    kinds = set()
    for players, event, cells in all_events():
        kinds.add(event["type"])
        for names in NAME_SETS:
            for viewer in range(players):
                text = texts.event_text(event, names, viewer, cells)
                if text is None:
                    continue
                assert not misread(text, names), (text, misread(text, names))
                assert not COORDINATES.search(text), text
                if "You" not in names:  # one voice: players by name, never "you"
                    assert not re.search(r"\byour?\b", text, re.IGNORECASE), text
    assert {"drew", "drew_card", "moved", "explored", "road_built", "base_built",
            "men_placed", "scored", "turn", "game_over"} <= kinds


def test_misread_finds_the_old_mistakes() -> None:
    assert misread("You's turn", ["You"]) == ["You's"]
    assert misread("War: You names Green", ["You"]) == ["You names"]
    assert misread("Chris' plan", ["Chris"]) == ["Chris'"]
    assert misread("Chris drew Exploit from You", ["Chris", "You"]) == []


def test_a_draw_is_one_line_for_each_viewer_with_what_they_may_know() -> None:
    game = Game.new_game({"players": 4, "seed": 3})
    draw = next(a for a in game.legal_actions() if a.kind == "draw")
    drawer, victim = game.current_player, draw.player
    events = game.apply(draw)
    card = texts.card_title(next(e["card"] for e in events if e["type"] == "drew_card"))
    names = ["Ann", "Chris", "Bess", LONG]
    cells = texts.CellNames(game.observation(0))
    for viewer in range(4):
        lines = [text for e in game.events_for(events, viewer)
                 if (text := texts.event_text(e, names, viewer, cells)) is not None]
        draws = [line for line in lines if " drew " in line]
        assert len(draws) == 1, (viewer, lines)
        told = viewer in (drawer, victim)
        assert draws[0] == (f"{names[drawer]} drew {card} from {names[victim]}" if told
                            else f"{names[drawer]} drew a card from {names[victim]}")


def test_cells_are_named_by_the_boards_labels() -> None:
    cells = final_cells(4, 2)
    labels = list(cells.labels.values())
    assert len(set(labels)) == len(labels), labels  # no two tiles share a name
    assert "Mothership" in labels
    assert any(re.fullmatch(r"(Plastic Steppe|Gly Hill|Mountain|Slime Sea|N-Swamp) [1-4]",
                            label) for label in labels)
    assert not any(label[-1].isdigit() for label in labels
                   if label.startswith(("Mothership", "Transmogrifier", "Telemorpher")))
    # an empty space is named by the tile beside it, in the board's compass
    spaces = {texts.neighbour(cell, d) for cell in cells.labels for d in range(6)}
    spaces -= set(cells.labels)
    by_label = {label: cell for cell, label in cells.labels.items()}
    assert spaces
    for space in spaces:
        found = re.fullmatch(r"the space ((?:north-|south-)?(?:east|west)) of (.+)",
                             cells(space))
        assert found, cells(space)
        beside = by_label[found.group(2)]
        assert texts.neighbour(beside, texts.DIR_NAMES.index(found.group(1))) == space


def test_a_cells_name_never_changes_once_placed() -> None:
    for players, seed in ((3, 1), (4, 2)):
        end = final_cells(players, seed)
        for _event, cells in played(players, seed):
            assert all(end.labels[cell] == label for cell, label in cells.labels.items())


def test_the_board_shows_the_names_the_log_uses(qtbot: QtBot) -> None:
    game = Game.new_game({"players": 4, "seed": 2})
    bot = RuleBot(2)
    for _ in range(400):  # a long way into the game, or to its end
        if game.is_over:
            break
        game.apply(bot.step(game.observation(game.current_player), game.legal_actions()))
    obs = game.observation(0)
    view = BoardView()
    qtbot.addWidget(view)
    view.show_board(obs)
    cells = texts.CellNames(obs)
    assert {cell: item.label for cell, item in view.tiles.items()} == cells.labels
    # the number a label carries is drawn on its tile ("Mountain 2": a badge with 2)
    assert {cell: item.number for cell, item in view.tiles.items()} == cells.numbers
    assert any(number is not None for number in cells.numbers.values())
    assert all(item.label in item.toolTip() for item in view.tiles.values())


def test_buttons_and_prompts_name_cells_as_the_board_does() -> None:
    for players, seed in ((3, 1), (4, 5)):
        game = Game.new_game({"players": players, "seed": seed})
        bot = RuleBot(seed)
        while not game.is_over:
            obs = game.observation(game.current_player)
            names = ["Ann", "Chris", LONG, "You"][:players]
            buttons = [texts.action_text(action, obs, names) for action in game.legal_actions()]
            # two tiles of a kind ("N-Swamp") must not make two choices read the same
            assert len(set(buttons)) == len(buttons), buttons
            for text in buttons:
                assert not COORDINATES.search(text), text
                assert not misread(text, names), text
            assert not COORDINATES.search(texts.prompt(obs, names, True))
            game.apply(bot.step(obs, game.legal_actions()))


def test_new_game_names_every_seat_by_its_colour(qtbot: QtBot) -> None:
    page = Sp4xNewGamePage()
    qtbot.addWidget(page)
    page.players.setValue(4)
    names = [edit.text() for p in range(4)
             if (edit := page.findChild(QLineEdit, f"sp4x_name{p}")) is not None]
    assert names == ["Blue", "Red", "Green", "Yellow"]
    result = page.choice()  # a ChoiceError if anything were refused
    solitaire = page.solitaire_choice()
    for chosen in (result.names, solitaire.names):
        assert "You" not in chosen and all(chosen)


@pytest.mark.slow
def test_the_top_bar_reads_right_for_any_name(qtbot: QtBot) -> None:
    names = ["Chris", "You", LONG]
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 4}, [Seat(HUMAN)] * 3, names)
    window = open_window(qtbot, driver)
    for _ in range(60):
        driver.accept_handover(driver.current_player)
        window.pages.setCurrentIndex(0)
        window.refresh()
        top = window.turn_label.text()
        plain = re.sub(r"<[^>]+>", "", top)
        active = names[driver.observation()["active_player"]]
        assert plain.startswith("Turn: ") and f"{active} \u00b7 " in plain, plain
        assert not misread(plain, names), plain
        driver.apply(driver.legal_actions()[0])


def test_no_log_line_is_cut_off(qtbot: QtBot) -> None:
    """Every line either fits the log's width or wraps onto the next row: none loses
    its last word ("... and Slime S"), whatever its length and the scroll bar."""
    seats = [Seat(HUMAN), Seat(COMPUTER, "easy"), Seat(COMPUTER, "easy")]
    driver = saves.new_driver("sp4x", {"players": 3, "seed": 4}, seats, [LONG, "Chris", "Bess"])
    window = open_window(qtbot, driver, (1280, 720))
    log = window.log
    text = "Chris built a road"
    while log.fontMetrics().horizontalAdvance(text + " and on") < log.viewport().width() - 40:
        text += " and on"
    text += " "
    added = []
    while log.fontMetrics().horizontalAdvance(text) < log.viewport().width() + 30:
        text += "i"  # each line a few pixels longer than the last, past the row's width
        log.append(LogLine(text))
        added.append(text)
        qtbot.wait(1)
    qtbot.wait(50)
    assert log.texts()[-len(added):] == added
    layout = log.document().documentLayout()
    room = log.viewport().width() - 2 * log.document().documentMargin()
    wrapped = 0
    block = log.document().firstBlock()
    while block.isValid():
        layout.blockBoundingRect(block)  # lays the block out, on screen or not
        rows = [block.layout().lineAt(i) for i in range(block.layout().lineCount())]
        assert rows and all(row.naturalTextWidth() <= room for row in rows), block.text()
        # the rows together hold the whole text: nothing cut off at a row's end
        assert sum(row.textLength() for row in rows) == len(block.text()), block.text()
        wrapped += len(rows) > 1
        block = block.next()
    assert wrapped  # the longest lines did wrap
