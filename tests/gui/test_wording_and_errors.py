"""The words players tripped over and the errors they met, each pinned: the Doomsday cards,
repeated face-down moves, the "Since your last turn" card, the handover's status line, the
CP chart's cap, window titles, the README; Open Autosave with an unusable data folder, no
display, the libraries install.sh installs; Settings, sounds."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QMessageBox

from se4x_core import data
from se4x_core.actions import Action
from se4x_qt import sound
from se4x_qt.app import apply_ui_scale, display_problem
from se4x_qt.games.se4x.journal import Journal
from se4x_qt.games.se4x.session import Session
from se4x_qt.session import storage
from se4x_qt.windows.combat.cards import machine_hit_text, threat_text
from se4x_qt.windows.game_over import CHARTS, series_from_history
from se4x_qt.windows.main_window import APP_TITLE, PAGE_HANDOVER
from tests.helpers.gui_scenario import CENTRE, E, add, neighbour, scenario
from tests.helpers.shell import accept_handover, make_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

ROOT = Path(__file__).resolve().parents[2]


# -- wording ---------------------------------------------------------------------------------
def test_the_doomsday_cards_say_whose_roll_is_whose():
    """Old: "⬢ hits it on 8" on a group's card beside "hit only on a 1" on the machine's."""
    assert threat_text(8) == "\u2b22 hits this on 1-8"
    assert threat_text(1) == "\u2b22 hits this on 1"
    assert machine_hit_text() == f"you hit it only on a {data.DOOMSDAY_HIT_ROLL}"


def test_face_down_groups_moving_together_make_one_line():
    """Old: "Bob's face-down group moved ..." once per counter."""
    game = scenario(turn=1, player=1)
    scouts = [add(game.state, 1, data.SC, CENTRE) for _ in range(3)]
    session = Session(game, names=["Ann", "Bob"])
    session.accept_handover(1)
    journal = Journal(session)
    target = neighbour(game.state, CENTRE, E)
    for scout in scouts:
        session.apply(Action("move", unit=scout, dir=E))
    label = game.state.board.label
    moves = [e for e in journal.for_player(0) if e["type"] == "moved"]
    assert [e["text"] for e in moves] == [
        f"Bob's 3 face-down groups moved {label(CENTRE)} \u2192 {label(target)}"]
    bob = [e["text"] for e in journal.for_player(1) if e["type"] == "moved"]
    assert len(bob) == 3  # Bob knows his groups apart: a line each
    session.undo()  # the last step taken back: one fewer in Ann's line
    moves = [e for e in journal.for_player(0) if e["type"] == "moved"]
    assert [e["text"] for e in moves] == [
        f"Bob's 2 face-down groups moved {label(CENTRE)} \u2192 {label(target)}"]


def test_since_your_last_turn_scrolls_within_the_map(qtbot):
    """Old: a long summary grew past the bottom of the map, "Got it" with it."""
    window = make_window(qtbot)
    window.set_session(Session(scenario(turn=1), names=["Ann", "Bob"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    window.resize(1200, 640)
    long = "Bob's cruiser fought a long battle in a far corner of the galaxy and won it " * 2
    entries = [{"text": f"{i}: {long}"} for i in range(30)]
    page = window.map_page
    page.summary.show_entries(entries)
    page.place_overlays()
    qtbot.waitUntil(page.summary.isVisible)
    card = page.summary.geometry()
    assert page.rect().contains(card)
    button = page.summary.close_button
    assert page.rect().contains(button.mapTo(page, button.rect().bottomRight()))
    assert page.summary.scroll_area.verticalScrollBar().maximum() > 0  # the rest scrolls


def test_the_status_line_at_a_handover_has_no_stray_marks(qtbot):
    """Old: "Round 1 · Turn 1 | Movement | ● Bob to act | " (an empty field, an emblem)."""
    game = scenario(turn=1)
    window = make_window(qtbot)
    window.set_session(Session(game, names=["Ann", "Bob"]))
    if window.pages.currentIndex() == PAGE_HANDOVER:
        accept_handover(qtbot, window)
    window.act_end_move.trigger()
    assert window.pages.currentIndex() == PAGE_HANDOVER
    assert window.status_text() == "Round 1 \u00b7 Turn 1 | Movement | Pass the screen to Bob"


def test_the_cp_chart_shows_what_carries_over():
    """Old: "CP banked" plotted 50, above the 30 CP that carry over."""
    history = [[{"cp": 50}, {"cp": 12}], [{"cp": 31}, {"cp": 30}]]
    assert series_from_history(history, "cp") == [(0, [30.0, 30.0]), (1, [12.0, 30.0])]
    title = dict((key, (name, note)) for key, name, note in CHARTS)["cp"]
    assert title == ("CP carried over", "CP kept for the next phase (at most 30; more is lost)")
    assert series_from_history(history, "income") == [(0, [0.0, 0.0]), (1, [0.0, 0.0])]


def test_every_window_title_names_the_app_once_at_its_end(qtbot, tmp_path):
    """Old: "Space Empires 4X — game" to which the desktop added " — Space Empires 4X"."""
    from se4x_qt.windows.combat import CombatWindow
    from se4x_qt.windows.game_over import GameOverScreen
    from se4x_qt.windows.production import ProductionSheet
    from tests.helpers.gui_positions import economic_phase, finished_game, fleet_battle

    window = make_window(qtbot)
    window.set_session(Session(scenario(turn=1), names=["Ann", "Bob"]))
    titles = [window.windowTitle()]
    assert window.save_to(tmp_path / "game.se4x")
    titles.append(window.windowTitle())
    for cls, game in ((CombatWindow, fleet_battle()[0]), (ProductionSheet, economic_phase()),
                      (GameOverScreen, finished_game(max_rounds=2))):
        widget = cls(Session(game))
        qtbot.addWidget(widget)
        titles.append(widget.windowTitle())
    assert titles[:2] == [f"Unsaved game \u2014 {APP_TITLE}", f"game.se4x \u2014 {APP_TITLE}"]
    for title in titles:  # Qt adds the app's name to a title that does not end with it
        assert title.endswith(APP_TITLE) and title.count(APP_TITLE) == 1, title


def test_the_readme_names_saves_as_they_are():
    """Old: "se4x SAVE.json opens a saved game" while saves are .se4x files."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "SAVE.json" not in text
    assert f"se4x GAME{storage.SAVE_SUFFIX}" in text


# -- errors ----------------------------------------------------------------------------------
def test_open_autosave_explains_an_unusable_data_folder(qtbot, tmp_path, monkeypatch):
    """Old: nothing happened and a traceback went to stderr (read-only home)."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(blocker / "se4x"))
    window = make_window(qtbot)
    window.findChild(type(window.act_new), "act_autosave").trigger()
    box = window.last_message
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.windowTitle() == "No autosaves"
    assert "cannot use its data folder" in box.text() and storage.ENV_DATA_DIR in box.text()


def test_no_display_is_said_in_words():
    """Old: Qt aborted with "xcb-cursor0 ... is needed to load the Qt xcb platform plugin"."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, "-m", "se4x_qt"], env=env, capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("se4x: no display to open a window on")
    assert "xcb" not in done.stderr
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({}, "win32") is None


def test_install_script_installs_the_libraries_the_app_and_the_deb_need():
    """Old: only the offscreen libraries, so a source install could not open a window.
    The .deb's Depends are read from the bundle at build time, so the build machine must
    hold every system library the bundle needs: the graphics stack and both display
    protocols' client libraries, and Weston for the Wayland run."""
    script = ROOT / "tools/install.sh"
    lines = script.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("APT_PACKAGES=("))
    end = next(i for i, line in enumerate(lines) if line.startswith("install_system_packages"))
    snippet = "\n".join(lines[start:end]) + '\nprintf "%s\\n" "${APT_PACKAGES[@]}"\n'
    done = subprocess.run(["bash", "-c", f"set -euo pipefail\n{snippet}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    listed = set(done.stdout.split())
    needed = {"xvfb", "weston", "libgl1", "libegl1", "libdrm2", "libxcb1", "libxcb-cursor0",
              "libxcb-icccm4", "libxkbcommon-x11-0", "libwayland-client0",
              "libwayland-cursor0", "libwayland-egl1"}
    assert needed <= listed, sorted(needed - listed)


# -- settings and sounds ---------------------------------------------------------------------
def test_the_settings_dialog_keeps_its_choices(qtbot):
    window = make_window(qtbot)
    window.act_settings.trigger()
    dialog = window.settings_dialog
    qtbot.waitUntil(dialog.isVisible)
    scales = dialog.findChild(QComboBox, "ui_scale")
    scales.setCurrentIndex(scales.findData(1.0))  # the tests' screen (800x600) offers 100 %
    dialog.findChild(QComboBox, "computer_pace").setCurrentIndex(
        dialog.findChild(QComboBox, "computer_pace").findData("fast"))
    for name, on in (("confirm_end_movement", False), ("confirm_unspent_cp", True),
                     ("sound", True), ("animations", False)):
        dialog.findChild(QCheckBox, name).setChecked(on)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    saved = storage.Settings.load()
    assert (saved.ui_scale, saved.computer_pace) == (1.0, "fast")
    assert (saved.confirm_end_movement, saved.confirm_unspent_cp) == (False, True)
    assert (saved.sound, saved.animations) == (True, False)
    assert window.pace_actions["fast"].isChecked()
    assert window.sounds.enabled and not window.view.animate
    env: dict[str, str] = {}
    assert apply_ui_scale(saved, env)
    assert env == {"QT_SCALE_FACTOR": "1"}
    user = {"QT_SCALE_FACTOR": "2"}
    assert not apply_ui_scale(saved, user) and user["QT_SCALE_FACTOR"] == "2"  # theirs wins


@pytest.mark.slow
def test_sound_cues_play_at_the_moments_and_fail_silently(qtbot, tmp_path, monkeypatch):
    for name in sound.CUES:  # the shipped cues are short WAV files
        with wave.open(str(sound.SOUNDS_DIR / f"{name}.wav")) as cue:
            assert cue.getnchannels() == 1 and 0.2 < cue.getnframes() / cue.getframerate() < 2
    started: list[list[str]] = []
    monkeypatch.setattr(sound, "player_command", lambda path: None)  # no player here
    cues = sound.Sounds()
    assert cues.play("turn") is False and cues.played == ["turn"]  # silence, no error
    monkeypatch.setattr(sound, "SOUNDS_DIR", tmp_path / "missing")  # no shipped files
    monkeypatch.setattr(sound, "player_command", lambda path: started.append([str(path)]) or
                        ["true", str(path)])
    assert cues.play("battle") is True and Path(started[-1][0]).is_file()  # made on demand
    cues.enabled = False
    assert cues.play("game_over") is False and cues.played == ["turn", "battle"]
    from tests.helpers.gui_positions import fleet_battle

    window = make_window(qtbot)
    window.sounds.enabled = True
    monkeypatch.setattr(sound, "_play_file", lambda path: True)
    window.set_session(Session(fleet_battle()[0], names=["Ann", "Bob"]))
    assert window.pages.currentIndex() == PAGE_HANDOVER
    assert window.sounds.played == ["turn"]  # the screen passes to Ann: her turn
    accept_handover(qtbot, window)
    window.session.apply(Action("end_movement"))  # the battle begins: its window opens
    assert window.sounds.played == ["turn", "battle"]
    window.session.resolve_battle_now()
    window.session.game_over.emit()
    assert window.sounds.played[-1] == "game_over"
