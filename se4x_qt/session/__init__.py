"""The game behind the screen, for any game: the one session driver, seats, PINs, the
computer players' thread, saves and settings on disk, and the LAN connection.

Nothing here draws and nothing here names a game: each game's extras extend the driver
in the game's own package (Space Empires': :mod:`se4x_qt.games.se4x.session`).  The
windows depend on this package, never the other way round.
"""
