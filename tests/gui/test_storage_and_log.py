"""Saves on disk, settings, PIN hashes and the wording of the event log."""

from __future__ import annotations

import json
import os

import pytest

from se4x_core import files
from se4x_core.game import Game
from se4x_qt.games.se4x import log_text
from se4x_qt.games.se4x.session import Session
from se4x_qt.session import pins, saves, storage
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat

pytestmark = [pytest.mark.fast, pytest.mark.gui]


def test_data_dir_is_redirected_for_tests(tmp_path, monkeypatch):
    assert storage.data_dir() == storage.Path(os.environ["SE4X_DATA_DIR"])
    monkeypatch.setattr(storage, "DATA_DIR_OVERRIDE", tmp_path / "override")
    assert storage.data_dir() == tmp_path / "override"
    assert storage.settings_path().parent == tmp_path / "override"


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "game.se4x"
    session = Session(Game.new_game({"players": 2, "seed": 1}), names=["A", "B"])
    saves.save_driver(session, path)
    good = path.read_text()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken_replace)  # every save goes through it
    session.game.apply(session.game.legal_actions()[0])
    with pytest.raises(OSError):
        saves.save_driver(session, path)
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.se4x"]  # no temp file left behind


def test_load_round_trip_keeps_names_pins_and_journal(tmp_path):
    session = Session(Game.new_game({"players": 3, "seed": 2}), names=["A", "B", "C"])
    session.set_pin(1, "2468")
    path = saves.save_driver(session, tmp_path / "x.se4x",
                                {0: [{"text": "hello", "seen": True}]})
    doc = json.loads(path.read_text())
    # the PIN never as a value (its salted hash may contain the digits by chance)
    assert '"2468"' not in path.read_text() and doc["app"]["pin_hashes"]["1"] != "2468"
    loaded = saves.load_path(path)
    assert loaded.driver.game == session.game
    assert loaded.driver.player_names == ["A", "B", "C"]
    assert loaded.driver.check_pin(1, "2468") and not loaded.driver.check_pin(1, "1111")
    assert loaded.driver.check_pin(0, "")  # no PIN set
    assert loaded.journal == {0: [{"text": "hello", "seen": True}]}


@pytest.mark.parametrize("text, words", [
    ("", "not a usable Space Empires 4X save"),
    ("[1, 2, 3]", "not an se4x save file"),
    ('{"format": "se4x-save", "version": 99}', "version 99"),
])
def test_load_errors_are_sentences(tmp_path, text, words):
    path = tmp_path / "bad.se4x"
    path.write_text(text)
    with pytest.raises(storage.LoadError) as info:
        saves.load_path(path)
    assert words in str(info.value) and "bad.se4x" in str(info.value)


def test_a_damaged_app_section_is_refused(tmp_path):
    session = Session(Game.new_game({"players": 2, "seed": 1}))
    doc = json.loads(saves.driver_to_json(session))
    path = tmp_path / "app.se4x"
    for seats in ("yes", ["human"], ["human", "robot"], ["human", {"kind": "computer",
                                                                   "bot": "skynet"}]):
        doc["app"]["seats"] = seats
        path.write_text(json.dumps(doc))
        with pytest.raises(storage.LoadError, match="app section"):
            saves.load_path(path)


def test_seats_survive_a_save_and_older_saves_still_load(tmp_path):
    seats = [Seat(HUMAN), Seat(COMPUTER, "rule")]
    session = Session(Game.new_game({"players": 2, "seed": 1}), seats=seats)
    text = saves.driver_to_json(session)
    assert saves.load_driver(text).driver.seats == seats
    doc = json.loads(text)
    del doc["app"]["seats"]
    doc["app"]["humans"] = [True, False]  # the format before computer seats
    assert saves.load_driver(json.dumps(doc)).driver.seats == seats
    doc["app"]["humans"] = "yes"
    with pytest.raises(storage.LoadError, match="app section"):
        saves.load_driver(json.dumps(doc))


def test_autosaves_are_named_by_time_round_and_phase():
    session = Session(Game.new_game({"players": 2, "seed": 1}))
    for _ in range(storage.AUTOSAVE_KEEP + 3):
        saves.autosave(session)
    kept = storage.list_autosaves()
    assert len(kept) == storage.AUTOSAVE_KEEP
    assert kept == sorted(kept, reverse=True)
    assert kept[0].name.endswith("-r00-place_homeworld.se4x")


def test_settings_survive_a_restart_and_a_damaged_file():
    settings = storage.Settings(last_dir="/tmp")
    settings.add_recent(storage.Path("/tmp/a.se4x"))
    settings.save()
    again = storage.Settings.load()
    assert again.recent_files == [str(storage.Path("/tmp/a.se4x").resolve())]
    storage.settings_path().write_text("{broken")
    assert storage.Settings.load() == storage.Settings()


def test_pin_hashes_are_salted_and_slow():
    salt_a, salt_b = pins.new_salt(), pins.new_salt()
    assert pins.hash_pin("1234", salt_a) != pins.hash_pin("1234", salt_b)
    assert pins.check_pin("1234", salt_a, pins.hash_pin("1234", salt_a))
    assert not pins.check_pin("1234", "zz", pins.hash_pin("1234", salt_a))
    assert pins.ITERATIONS >= 100_000


CTX = log_text.LogContext(viewer=0, player_names=["Ann", "Bob"],
                          hex_label=lambda h: f"{h:04d}",
                          unit_name={3: "SC1", 70: "DD2", 71: "CA1"}.get)


@pytest.mark.parametrize("event, sentence", [
    ({"type": "moved", "unit": 70, "player": 1, "origin": 304, "hex": 405, "unit_type": "DD",
      "number": 2}, "Bob's DD2 moved 0304 \u2192 0405"),
    ({"type": "moved", "unit": 72, "player": 1, "origin": 304, "hex": 405, "unit_type": None},
     "Bob's face-down group moved 0304 \u2192 0405"),
    ({"type": "black_hole", "unit": 3, "player": 0, "hex": 506, "rolls": [3, 8], "lost": 1},
     "Black hole at 0506: rolls 3, 8 \u2014 1 ship lost"),
    ({"type": "explored", "hex": 12, "player": 0, "marker": "minerals", "value": 10},
     "Ann explored 0012: Minerals (10 CP)"),
    ({"type": "shot", "unit": 3, "player": 0, "target": 71, "roll": 2, "to_hit": 4,
      "hit": True}, "Ann's SC1 fired at CA1: rolled 2 (needs 4 or less) \u2014 hit"),
    ({"type": "battle_ended", "hex": 43, "winner": 1, "rounds": 2},
     "Battle at 0043 over after 2 rounds: Bob wins"),
    ({"type": "colony_destroyed", "hex": 85, "player": 1, "homeworld": True},
     "Bob's homeworld at 0085 has fallen!"),
    ({"type": "turn_started", "player": 1, "round": 2, "turn": 3},
     "Round 2, turn 3: Bob's movement"),
])
def test_events_read_as_sentences(event, sentence):
    assert log_text.describe(event, CTX) == sentence


def test_every_engine_event_type_has_words():
    """Every event kind the engine declares (``se4x_core.events.KINDS``) has a describer."""
    from se4x_core.events import KINDS

    kinds = {kind.name for kind in KINDS}
    assert kinds and kinds <= set(log_text.DESCRIBERS)


def test_the_owner_does_not_read_duplicates_of_private_lines():
    appeared = {"type": "counter_appeared", "unit": 5, "player": 0, "hex": 1,
                "unit_type": None}
    assert log_text.describe(appeared, CTX) is None
    assert "new Bob counter" in log_text.describe({**appeared, "player": 1}, CTX)
    unknown = {"type": "brand_new_event", "visible_to": None}
    assert log_text.describe(unknown, CTX) == "Brand new event"


def test_the_economic_statistics_never_reach_a_log():
    """The engine's "economy_summary" record is for the game-over charts, visible to nobody."""
    from se4x_core.actions import Action
    from se4x_qt.games.se4x.journal import Journal

    summary = {"type": "economy_summary", "visible_to": [], "rows": [{"income": 20}]}
    assert log_text.describe(summary, CTX) is None
    session = Session(Game.new_game({"players": 2, "seed": 3}), names=["Ann", "Bob"])
    journal = Journal(session)
    seen: list[dict] = []
    session.events.connect(seen.extend)
    summaries = 0
    while session.game.phase != "economic_bid":  # every player ends each turn unmoved
        if not session.viewer_may_act():
            session.accept_handover(session.current_player)
        game = session.game
        action = Action("end_movement") if game.phase == "movement" else game.default_action()
        summaries += sum(e["type"] == "economy_summary" for e in session.apply(action))
    while session.game.phase != "movement":
        if not session.viewer_may_act():
            session.accept_handover(session.current_player)
        events = session.apply(session.game.default_action())
        summaries += sum(e["type"] == "economy_summary" for e in events)
    assert summaries == 1 and len(session.game.history) == 1
    assert not [e for e in seen if e["type"] == "economy_summary"]
    for player in (0, 1):
        assert journal.texts(player)
        assert not [e for e in journal.for_player(player) if e["type"] == "economy_summary"]


def test_the_journal_never_names_a_face_down_enemy_group():
    """Hidden groups stay nameless in every other player's log, even after a reveal."""
    import random

    from se4x_core.actions import Action
    from se4x_core.ai.heuristic_bot import choose_heuristic
    from se4x_qt.games.se4x.journal import Journal

    session = Session(Game.new_game({"players": 2, "seed": 3}), names=["Ann", "Bob"])
    journal = Journal(session)
    rnd = random.Random(3)
    checked = 0
    seen_moves = {0: 0, 1: 0}  # moves each player may see so far

    def moves_logged(p: int) -> int:  # a line of repeated face-down moves counts each
        return sum(e.get("count", 1) for e in journal.for_player(p) if e["type"] == "moved")

    for _ in range(900):
        game = session.game
        if game.is_over:
            break
        if not session.viewer_may_act():
            session.accept_handover(session.current_player)
        before = {p: len(journal.for_player(p)) for p in (0, 1)}
        events = session.apply(Action.from_code(
            choose_heuristic(game.observation(game.current_player), game.legal_codes(), rnd)))
        for p in (0, 1):
            moved = [e for e in events if e["type"] == "moved"
                     and (e["visible_to"] is None or p in e["visible_to"])]
            seen_moves[p] += len(moved)
            assert moves_logged(p) == seen_moves[p]
            new = [e for e in journal.for_player(p)[before[p]:] if e["type"] == "moved"]
            last = journal.for_player(p)[-1:] if not new else []  # or counted into it
            for event in moved:
                if event["player"] != p and event.get("unit_type") is None:
                    lines = [e["text"] for e in new + last]
                    assert lines and all("face-down group" in t for t in lines), lines
                    checked += 1
    assert checked > 20


def test_save_as_adds_the_suffix_opens_in_the_last_folder_and_cancel_saves_nothing(
        qtbot, tmp_path, monkeypatch):
    """Both games' windows ask where to save through one dialog: a name typed without
    the suffix gets it, the dialog starts in the folder last used, cancel is None."""
    from PySide6.QtWidgets import QFileDialog, QWidget

    from se4x_qt.shell.save_dialog import ask_save_path

    asked: list[str] = []
    answers = iter([str(tmp_path / "campaign"), str(tmp_path / "b.se4x"), ""])

    def fake_dialog(_parent, _title, start, _filter):
        asked.append(start)
        return next(answers), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake_dialog)
    parent = QWidget()
    qtbot.addWidget(parent)
    assert ask_save_path(parent, str(tmp_path)) == tmp_path / f"campaign{storage.SAVE_SUFFIX}"
    assert ask_save_path(parent, None) == tmp_path / "b.se4x"
    assert ask_save_path(parent, str(tmp_path)) is None
    assert asked[0] == str(tmp_path) and asked[1] != ""


def test_each_game_keeps_its_own_ten_autosaves():
    """An evening of SP4X must not push out the Space Empires autosaves."""
    from se4x_core.games.sp4x.game import Game as Sp4xGame
    from se4x_qt.session.driver import GameDriver
    from se4x_qt.session.seats import HUMAN, Seat

    session = Session(Game.new_game({"players": 2, "seed": 1}))
    older = storage.autosave_dir() / "autosave-20200101-000000-000000-r01-movement.se4x"
    older.write_text("{}")  # named as before the pools: still a Space Empires one
    for _ in range(3):
        saves.autosave(session)
    driver = GameDriver.local("sp4x", Sp4xGame.new_game({"players": 3, "seed": 1}),
                              [Seat(HUMAN)] * 3, names=["Ann", "Bob", "Cy"])
    for _ in range(storage.AUTOSAVE_KEEP + 5):
        saves.autosave(driver)
    se4x = storage.list_autosaves("se4x")
    assert len(se4x) == 4 and se4x[-1] == older  # the oldest last, none pushed out
    assert len(storage.list_autosaves("sp4x")) == storage.AUTOSAVE_KEEP
    assert all("-sp4x-" in p.name for p in storage.list_autosaves("sp4x"))
    assert len(storage.list_autosaves()) == 4 + storage.AUTOSAVE_KEEP
