"""What several test files (and the scripts that draw the app's screens) share.

Imported by package name, ``from tests.helpers.shell import make_window``; nothing here
is collected as a test.  Pytest rewrites the asserts in these modules as in the tests
(``tests/conftest.py``), so a failing helper check explains itself.

Positions and games:

* ``scenario``: blank rules positions edited by hand, forced dice (the rules, search
  and bot tests);
* ``gui_scenario``: the few of those the GUI tests use, with their hexes, and ``gui_positions``:
  seeded positions for the dialog tests and ``scripts/preview_dialogs.py``;
* ``battle_odds``: battles fought to the end many times against exact odds;
* ``sp4x_scenario``: SP4X positions set by hand;
* ``netplay``: bot clients over real sockets, and the same game played locally.

The app:

* ``shell``: the main window driven like a player (dialogs, handovers, map clicks);
* ``combat_window``: the combat window opened on a position and clicked;
* ``doomsday``: Doomsday Machines placed on a GUI position;
* ``sp4x_window``: the SP4X window as the tests open it;
* ``lan_questions``: the "End/Leave the LAN game?" question, answered;
* ``screen_texts``: every text a person at the screen could read;
* ``tutorial``: a guided game or tour followed by its own instructions (``follow``);
* ``screen_fit_probe``: a program (``python -m tests.helpers.screen_fit_probe``) that
  opens every window on the screen Qt started with and lists what is out of reach.
"""
