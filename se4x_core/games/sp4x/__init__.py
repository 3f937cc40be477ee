"""SP4X: the colony ship's four factions compete with Old Maid cards and a hex board.

Built from the prototype rules in ``resources``' Danish text (and its English
summary): two ages of an Old Maid draw, showing single cards or playing pairs
whose actions move, build, exploit, breed, steal and fight on hex tiles
placed as they are explored.  What the text leaves open is data
(``resources/sp4x/rules.json``) and explained in the README's section "SP4X: how
the prototype rules are read".

Modules, one per concern: :mod:`data` (the interpretation data),
:mod:`cards` (hands and card tracking), :mod:`board` (hex cells, roads),
:mod:`state`, :mod:`actions`, :mod:`rules` (the turn flow), :mod:`perform`
(each card's action), :mod:`scoring`, :mod:`observation`, :mod:`game` (the
facade), :mod:`bots` (random and rule bots), :mod:`search` (the search level),
:mod:`levels` (bots by spec: the app's levels, the arena's names) and
:mod:`arena` (the hooks of ``se4x arena --game sp4x``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from se4x_core.gamekit.registry import GameRecord, Level, register

#: The rules are a prototype's: the app should say so.
PROTOTYPE = True

RECORD = register(GameRecord(
    name="sp4x",
    title="SP4X",
    about="an Old Maid card game driving a 4X board of hex tiles, 3-4 players",
    facade="se4x_core.games.sp4x.game:Game",
    actions="se4x_core.games.sp4x.actions:Action",
    save_format="sp4x-save",
    players=(3, 4),
    bots="se4x_core.games.sp4x.levels",
    default_bot="random",
    levels=(
        Level("easy", "Easy", "plays by the rules' strategy notes: tracks who holds what "
              "and saves its pairs", "instant"),
        Level("normal", "Normal", "deals the hands it cannot see several times and plays "
              "its best few choices a round ahead on each", "about 0.03 s a choice, at most "
              "0.25 s"),
        Level("hard", "Hard", "the same search over twice as many of its best choices, "
              "two rounds ahead", "about 0.12 s a choice, at most 1 s"),
    ),
    arena="se4x_core.games.sp4x.arena:Sp4xArena",
    selfplay="se4x_core.games.sp4x.selfplay:main",
    checks="se4x_core.games.sp4x.selfplay:own_checks",
    check_configs=({"players": 3, "seed": 1}, {"players": 4, "seed": 2}),
    app="se4x_qt.games.sp4x:APP",
    resources=("sp4x", "rules/sp4x", "help/sp4x"),
    prototype=PROTOTYPE,
))

if TYPE_CHECKING:  # mypy checks the facade and its actions against the game contract
    from se4x_core.gamekit.contract import GameClass
    from se4x_core.games.sp4x.game import Game

    _CONTRACT: GameClass = Game
