"""Countdown: a test-only game, added to se4x by this package and one registration line
(``import tests.toygame``, or ``SE4X_GAMES=tests.toygame`` for another process).

Nothing else in the repository names it: the tests prove that the contract checker,
``se4x arena``, ``se4x selfplay``, the LAN host and client, New Game and Open in the
app's shell, and saves all take it as they take the built-in games.
"""

from __future__ import annotations

from se4x_core.gamekit.registry import GameRecord, Level, register

RECORD = register(GameRecord(
    name="countdown",
    title="Countdown",
    about="take 1-3 from 21, or play your hidden reserve; whoever reaches 0 wins",
    facade="tests.toygame.game:Game",
    actions="tests.toygame.game:Action",
    save_format="countdown-save",
    players=(2, 3),
    bots="tests.toygame.bots",
    default_bot="random",
    levels=(Level("greedy", "Easy", "leaves a multiple of four when it can", "instant"),),
    check_configs=({"players": 2}, {"players": 3}),
    app="tests.toygame.app:APP",
))
