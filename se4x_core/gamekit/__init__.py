"""The game-neutral floor: what every game and every table share, naming no game.

* :mod:`~se4x_core.gamekit.contract`: the typed contract a game's facade keeps;
* :mod:`~se4x_core.gamekit.actions`: actions as frozen values with lossless codes;
* :mod:`~se4x_core.gamekit.saves`: the save envelope and the replay that loads it;
* :mod:`~se4x_core.gamekit.bot`: the computer player's interface;
* :mod:`~se4x_core.gamekit.registry`: the games, each registered with one record.

Each game is a package of its own that registers a record
(:class:`~se4x_core.gamekit.registry.GameRecord`); the CLI, the arena, self-play, the
contract checker, the LAN host and the app read every table they need from it.
"""
