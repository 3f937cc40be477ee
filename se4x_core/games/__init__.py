"""Games: each game is a package behind the one engine contract.

A game brings its own rules, observations, events, bots and saves, and its
``game.Game`` facade offers the same methods as Space Empires'
:class:`se4x_core.game.Game` (``new_game``, ``current_player``, ``phase``,
``legal_actions``, ``apply``, ``explain``, ``observation``, ``clone``,
``to_json`` / ``from_json``, ``replay``, ``events_for``), so the app shell,
seats, arena, saves and the LAN host can stay generic over games
(DESIGN.md, "More than one game").

The games:

* ``se4x`` -- Space Empires 4X, the package ``se4x_core`` itself (its facade
  is :mod:`se4x_core.game`);
* ``sp4x`` -- SP4X, an Old Maid card game joined to a 4X area-control board,
  from a prototype's rules (:mod:`se4x_core.games.sp4x`).
"""

from __future__ import annotations

#: Game name -> the module holding its ``Game`` facade.
GAMES: dict[str, str] = {
    "se4x": "se4x_core.game",
    "sp4x": "se4x_core.games.sp4x.game",
}
