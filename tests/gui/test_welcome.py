"""The welcome screen: every game's solitaire and hot-seat, the guided games, LAN, open,
the recent saves and its own "Show this screen at start"; shown at the first launch and
from Help > Welcome.

Each button is pressed as a player would; what it opens is checked by what that screen
then holds (New Game's chosen game and seats, the game window's save), not by which
function was called, except where the target opens a network or file dialog of its own.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton

from se4x_core.gamekit import registry
from se4x_qt import app as app_module
from se4x_qt.session import storage
from se4x_qt.session.app_game import app_game, app_games
from se4x_qt.shell.seats_panel import HOTSEAT, SOLITAIRE, SeatsPanel
from se4x_qt.shell.shell import AppShell
from se4x_qt.shell.welcome import NO_TUTORIAL, WelcomeDialog

pytestmark = [pytest.mark.fast, pytest.mark.gui]

GAMES = [r.name for r in registry.records() if r.app]  # every game the app plays


def open_welcome(qtbot, settings: storage.Settings | None = None
                 ) -> tuple[AppShell, WelcomeDialog]:
    """A shell's first window on screen and its welcome screen (Help > Welcome)."""
    shell = AppShell(settings or storage.Settings(sound=False))
    window = shell.first_window()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.act_welcome.trigger()
    dialog = shell.welcome_dialog
    assert isinstance(dialog, WelcomeDialog)
    qtbot.waitUntil(dialog.isVisible)
    return shell, dialog


def button(dialog: WelcomeDialog, name: str) -> QPushButton:
    found = dialog.findChild(QPushButton, name)
    assert found is not None, f"no button {name}"
    return found


def press(qtbot, dialog: WelcomeDialog, name: str) -> None:
    qtbot.mouseClick(button(dialog, name), Qt.MouseButton.LeftButton)


def new_game_after(qtbot, shell: AppShell, dialog: WelcomeDialog, name: str):
    """Press ``name``; the welcome screen closes and New Game opens."""
    press(qtbot, dialog, name)
    assert not dialog.isVisible()
    new_game = shell.new_game_dialog
    assert new_game is not None
    qtbot.waitUntil(new_game.isVisible)
    return new_game


def test_help_welcome_lists_every_game_the_app_plays(qtbot) -> None:
    shell, dialog = open_welcome(qtbot)
    games = [r.name for r in registry.records() if r.app]  # a test's game too, if loaded
    assert [app.name for app in app_games()] == games and len(games) >= 3
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    for game in games:
        assert registry.record(game).title in texts
        assert button(dialog, f"welcome_solitaire_{game}").isEnabled()
        assert button(dialog, f"welcome_hotseat_{game}").isEnabled()
    for name in ("welcome_open", "welcome_join", "welcome_host"):
        assert button(dialog, name).isVisible()
    box = dialog.findChild(QCheckBox, "welcome_show_at_start")
    assert box is not None and box.isChecked()


@pytest.mark.parametrize("game", GAMES)
def test_solitaire_opens_new_game_with_you_against_the_computer(qtbot, game) -> None:
    shell, dialog = open_welcome(qtbot)
    new_game = new_game_after(qtbot, shell, dialog, f"welcome_solitaire_{game}")
    assert new_game.chosen_game() == game
    choice = new_game.validate()
    assert choice is not None and choice.game == game
    assert choice.seats[0].is_human
    assert len(choice.seats) >= 2 and all(seat.is_computer for seat in choice.seats[1:])
    levels = {level.spec for level in registry.record(game).levels}
    assert {seat.bot for seat in choice.seats[1:]} <= levels


@pytest.mark.parametrize("game", GAMES)
def test_hot_seat_opens_new_game_with_every_seat_human(qtbot, game) -> None:
    shell, dialog = open_welcome(qtbot)
    new_game = new_game_after(qtbot, shell, dialog, f"welcome_hotseat_{game}")
    assert new_game.chosen_game() == game
    choice = new_game.validate()
    assert choice is not None and len(choice.seats) >= 2
    assert all(seat.is_human for seat in choice.seats)


def test_a_hot_seat_game_started_and_saved_opens_from_the_recent_list(qtbot, tmp_path
                                                                      ) -> None:
    game = GAMES[0]
    shell, dialog = open_welcome(qtbot)
    new_game = new_game_after(qtbot, shell, dialog, f"welcome_hotseat_{game}")
    qtbot.mouseClick(new_game.ok_button, Qt.MouseButton.LeftButton)
    window = shell.windows[game]
    qtbot.waitUntil(lambda: window.driver is not None)
    path = tmp_path / "friday.se4x"
    assert window.save_to(path)
    assert shell.settings.recent_files[0] == str(path.resolve())
    # another start of the app, with this save among its recent games
    later, welcome = open_welcome(qtbot, storage.Settings(
        sound=False, recent_files=[str(path.resolve())]))
    recent = button(welcome, "welcome_recent_0")
    assert recent.isEnabled() and recent.text() == "friday.se4x"
    qtbot.mouseClick(recent, Qt.MouseButton.LeftButton)
    assert not welcome.isVisible()
    opened = later.windows[game]
    qtbot.waitUntil(lambda: opened.driver is not None)
    assert opened.save_path == path.resolve()
    assert opened.driver.game.action_codes == window.driver.game.action_codes


def test_a_missing_recent_save_is_shown_disabled(qtbot, tmp_path) -> None:
    kept = tmp_path / "kept.se4x"
    kept.write_text("{}")
    gone = tmp_path / "gone.se4x"
    _shell, dialog = open_welcome(qtbot, storage.Settings(
        sound=False, recent_files=[str(gone), str(kept)]))
    missing = button(dialog, "welcome_recent_0")
    assert not missing.isEnabled() and "gone.se4x" in missing.text()
    assert "missing" in missing.text()
    assert button(dialog, "welcome_recent_1").isEnabled()


def test_the_show_at_start_box_writes_the_setting(qtbot) -> None:
    shell, dialog = open_welcome(qtbot)
    box = dialog.findChild(QCheckBox, "welcome_show_at_start")
    assert box is not None
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert shell.settings.show_welcome is False
    assert storage.Settings.load().show_welcome is False  # saved at once
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert storage.Settings.load().show_welcome is True


def test_the_first_launch_shows_the_welcome_screen_not_new_game(qtbot) -> None:
    window = app_module.create_main_window()
    qtbot.addWidget(window)
    welcome = window.shell.welcome_dialog
    assert isinstance(welcome, WelcomeDialog)
    qtbot.waitUntil(welcome.isVisible)
    assert window.shell.new_game_dialog is None


def test_with_the_welcome_screen_turned_off_the_app_starts_at_new_game(qtbot) -> None:
    storage.Settings(show_welcome=False).save()
    window = app_module.create_main_window()
    qtbot.addWidget(window)
    new_game = window.shell.new_game_dialog
    assert new_game is not None
    qtbot.waitUntil(new_game.isVisible)
    assert window.shell.welcome_dialog is None


def fake_tutorial(tutorial_id: str, title: str) -> SimpleNamespace:
    """What the welcome screen reads of a tutorial (``learn.tutorial.Tutorial``)."""
    return SimpleNamespace(id=tutorial_id, game=GAMES[0], title=title,
                           summary=f"What {title} teaches")


def test_a_guided_game_starts_or_resumes_where_it_was_left(qtbot, monkeypatch) -> None:
    tutorials = [fake_tutorial("first", "First steps"), fake_tutorial("tour", "A tour")]
    monkeypatch.setattr(AppShell, "tutorials", lambda self: tutorials)
    started: list[tuple[str, object, bool]] = []
    monkeypatch.setattr(AppShell, "start_tutorial", lambda self, tid, parent, resume=True:
                        started.append((tid, parent, resume)))
    shell, dialog = open_welcome(qtbot, storage.Settings(sound=False,
                                                         tutorial_steps={"first": 3}))
    assert button(dialog, "welcome_learn_first").text() == "Resume First steps (step 4)"
    assert button(dialog, "welcome_learn_tour").text() == "A tour"
    assert dialog.findChild(QPushButton, "welcome_restart_tour") is None
    assert dialog.findChild(QLabel, "welcome_no_tutorial") is None
    press(qtbot, dialog, "welcome_learn_first")
    assert started == [("first", dialog.parentWidget(), True)] and not dialog.isVisible()
    dialog = shell.show_welcome(dialog.parentWidget())
    press(qtbot, dialog, "welcome_restart_first")
    assert started[-1] == ("first", dialog.parentWidget(), False)


def no_tutorials(_shell: AppShell) -> list[SimpleNamespace]:
    return []


def tutorial_being_written(_shell: AppShell) -> list[SimpleNamespace]:
    raise ImportError("cannot import name 'TUTORIAL'")


@pytest.mark.parametrize("tutorials", [no_tutorials, tutorial_being_written],
                         ids=["none", "cannot_load"])
def test_no_guided_game_yet_is_said(qtbot, monkeypatch, tutorials) -> None:
    monkeypatch.setattr(AppShell, "tutorials", tutorials)
    _shell, dialog = open_welcome(qtbot)
    note = dialog.findChild(QLabel, "welcome_no_tutorial")
    assert note is not None and note.text() == NO_TUTORIAL
    assert not [b for b in dialog.findChildren(QPushButton)
                if b.objectName().startswith("welcome_learn_")]


@pytest.mark.parametrize("name, method", [("welcome_join", "join_lan_game"),
                                          ("welcome_host", "host_lan_game"),
                                          ("welcome_open", "open_dialog")])
def test_lan_and_open_are_the_shells_own(qtbot, monkeypatch, name, method) -> None:
    """They open the shell's LAN and file dialogs (tested where those are), from the
    game window, once the welcome screen has closed."""
    calls: list[object] = []
    monkeypatch.setattr(AppShell, method, lambda self, window: calls.append(window))
    _shell, dialog = open_welcome(qtbot)
    window = dialog.parentWidget()
    press(qtbot, dialog, name)
    assert calls == [window] and not dialog.isVisible()


def test_recent_folder_is_shown_under_the_name(qtbot, tmp_path) -> None:
    save = tmp_path / "deep" / "game.se4x"
    save.parent.mkdir()
    save.write_text("{}")
    _shell, dialog = open_welcome(qtbot, storage.Settings(sound=False,
                                                          recent_files=[str(save)]))
    folders = [label for label in dialog.findChildren(QLabel)
               if label.toolTip() == str(Path(save).parent)]
    assert folders and folders[0].isVisible()


def test_a_new_game_page_without_presets_opens_as_it_is(qtbot, monkeypatch) -> None:
    """``preset`` is optional for a game's page: New Game then opens with its seats as
    they are."""
    game = GAMES[-1]
    monkeypatch.delattr(registry.load(app_game(game).new_game_page), "preset")
    shell, dialog = open_welcome(qtbot)
    new_game = new_game_after(qtbot, shell, dialog, f"welcome_hotseat_{game}")
    assert new_game.chosen_game() == game
    assert new_game.preset(HOTSEAT) is False
    assert new_game.validate() is not None


def test_an_unknown_kind_of_game_is_a_pages_mistake(qtbot) -> None:
    panel = SeatsPanel(registry.record(GAMES[0]))
    qtbot.addWidget(panel)
    with pytest.raises(ValueError, match="unknown kind of game"):
        panel.preset("tournament", registry.record(GAMES[0]).levels[0].spec)
    with pytest.raises(ValueError, match="no seat choice"):
        panel.preset(SOLITAIRE, "no such level")


def test_a_long_recent_path_is_elided_to_its_column_and_whole_in_its_tooltip(qtbot, tmp_path
                                                                            ) -> None:
    save = tmp_path / ("a folder with a very long name " * 3) / (
        "a saved game with a name far too long for the column " * 2 + ".se4x")
    save.parent.mkdir()
    save.write_text("{}")
    _shell, dialog = open_welcome(qtbot, storage.Settings(sound=False,
                                                          recent_files=[str(save)]))
    recent = button(dialog, "welcome_recent_0")
    assert recent.full_text == save.name and recent.toolTip() == str(save)
    assert "\u2026" in recent.text() and len(recent.text()) < len(save.name)
    panel = recent.parentWidget()
    assert recent.geometry().right() <= panel.width()  # within the list, not cut off
