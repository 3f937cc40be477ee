"""The SE4 board game (Suicide Junkie's fan rules after the PC game Space Empires IV).

Built from the rules text's procedure (setup, the turn's phases, research, space yards,
movement, the combat procedure, the administration's thirteen steps); what the text
does not give (the component deck, the maps, the techs' effects, the victory rule) is
data in ``resources/se4/gaps.json``, and ``docs/se4.md`` lists every reading.

Modules, one per concern: :mod:`charts` (the text's numbers), :mod:`data` (the gaps),
:mod:`state`, :mod:`actions`, :mod:`ships` (a ship's numbers and slot fitting),
:mod:`damage` (the ladder), :mod:`combat` (battles and bombardment), :mod:`rules` (setup
and the turn), :mod:`explain` (refusals), :mod:`observation`, :mod:`game` (the facade),
:mod:`bots` (random and the rule bot) and :mod:`selfplay` (its own checks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from se4x_core.gamekit.registry import GameRecord, Level, register

RECORD = register(GameRecord(
    name="se4",
    title="SE4 board game",
    about="Suicide Junkie's board game after Space Empires IV: component cards, space "
          "yards and six-round battles, 2-4 players",
    facade="se4x_core.games.se4.game:Game",
    actions="se4x_core.games.se4.actions:Action",
    save_format="se4-save",
    players=(2, 3, 4),
    bots="se4x_core.games.se4.levels",
    default_bot="random",
    levels=(Level("rule", "Easy", "a fixed plan: a balanced fleet, transports carrying coins "
                  "to new colonies, attacks once it outnumbers the enemy", "instant"),
            Level("normal", "Normal", "each turn, deals the cards it cannot see three times "
                  "and plays four plans three rounds ahead on each, then keeps the best",
                  "about 0.25 s a turn")),
    checks="se4x_core.games.se4.selfplay:own_checks",
    check_configs=({"players": 2, "round_limit": 4}, {"players": 3, "round_limit": 3},
                   {"players": 4, "round_limit": 2}),
    resources=("se4", "help/se4"),
    self_test="se4x_core.games.se4.data:self_test",
    prototype=True,
    rules_note="fan rules, gaps filled",
    app="se4x_qt.games.se4:APP",
))

if TYPE_CHECKING:  # mypy checks the facade and its actions against the game contract
    from se4x_core.gamekit.contract import GameClass
    from se4x_core.games.se4.game import Game

    _CONTRACT: GameClass = Game
