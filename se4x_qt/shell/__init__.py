"""The app shell: what every game's window shares and nothing that names a game.

A game brings its app side through its record's ``app`` part, an
:class:`~se4x_qt.session.app_game.AppGame`: its window, its New Game page, its session
driver, its rules reference, its log's wording.  The shell (New Game, Open and recent
files, LAN host and join, Settings, Help, the hot-seat handover) reads every game from
there.
"""
