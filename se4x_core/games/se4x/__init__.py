"""Space Empires 4X's record: what the tables need to know of the game.

The engine itself is the root of ``se4x_core`` (the facade :mod:`se4x_core.game`, the
rules, the simulator and the computer players); this package registers it and holds
what only Space Empires' tables need (its arena hooks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from se4x_core.gamekit.registry import ConfigOption, GameRecord, Level, register
from se4x_core.gamekit.table import PublicFacts

#: The advanced rule sets a config may name (se4x_core.data.ADVANCED_RULES; a test
#: keeps the two lists one).
ADVANCED = ("fighters", "scuttling", "raiders", "mines", "pipelines", "warp_points",
            "doomsday")

RECORD = register(GameRecord(
    name="se4x",
    title="Space Empires 4X",
    about="explore, expand, exploit and exterminate on a hex map, 2-4 empires",
    facade="se4x_core.game:Game",
    actions="se4x_core.actions:Action",
    save_format="se4x-save",
    players=(2, 3, 4),
    bots="se4x_core.ai.registry",
    default_bot="rule",
    levels=(
        Level("rule", "Easy", "plays by fixed rules of thumb: a set plan of research, "
              "purchases and attacks", "instant"),
        Level("normal", "Normal", "raids its rivals' colonies first; searches its fleet's "
              "posture each turn and its purchases each Economic Phase, playing every "
              "choice out over a few futures one round ahead, with each rival playing "
              "the style it has shown so far", "under 0.25 s"),
        Level("hard", "Hard", "the same search over twelve times as many futures, looking "
              "two rounds ahead, and a deeper search in battles", "about 1 s at most"),
        Level("strongest", "Strongest", "Hard's search over twice as many futures, with a "
              "sharper judgement: who is likely to win is learned from its own games "
              "too, and in battles it judges every choice on futures played the way the "
              "empires really play; beats Hard in about 6 games of 10; the status bar "
              "shows while it thinks", "under 2.5 s"),
    ),
    options=(
        ConfigOption("--board", "board", "board size for 2 players (default standard)",
                     choices=("small", "standard", "large")),
        ConfigOption("--max-rounds", "max_rounds", "stop a game after this many rounds"),
        ConfigOption("--advanced", "advanced", "an advanced rule set to play with "
                     "(repeatable)", choices=ADVANCED, repeat=True),
        ConfigOption("--teams", "teams", "team play, two teams of seats split by / "
                     "(0,3/1,2 with 4 players, 0,1/2 with 3)", seat_groups=True),
    ),
    arena="se4x_core.games.se4x.arena:Se4xArena",
    selfplay="se4x_core.devtools.selfplay:main",
    checks="se4x_core.devtools.contract:own_checks",
    commands=("se4x_core.games.se4x.commands:add_commands",),
    check_configs=(
        {"players": 2, "seed": 3, "max_rounds": 2},
        {"players": 3, "seed": 4, "max_rounds": 1},
        {"players": 2, "seed": 5, "max_rounds": 2, "advanced": list(ADVANCED)},
    ),
    facts="se4x_core.games.se4x:public_facts",
    app="se4x_qt.games.se4x:APP",
    resources=("eval", "help", "rules", "sounds"),
    self_test="se4x_core.games.se4x:self_test",
))



def public_facts(observation: Mapping[str, Any]) -> PublicFacts:
    """What every seat reads of a Space Empires game, from any player's observation."""
    over = observation["phase"] == "game_over"
    winners = observation.get("winners") or ([observation["winner"]]
                                             if observation.get("winner", -1) >= 0 else [])
    return PublicFacts(int(observation["current_player"]), str(observation["phase"]), over,
                       tuple(winners) if over else (), int(observation.get("players", 0)))


def self_test() -> str:
    """The installed game's data files load: the computer players' learned evaluations
    (their weights are data files; a missing one would surface only in the first game
    that needs it, the solitaire's in the first alien solitaire).  ValueError says what
    is wrong."""
    from se4x_core.sim import evaluation

    try:
        model = evaluation.load_model()
        solitaire = evaluation.load_model(evaluation.SOLITAIRE_MODEL_PATH)
    except evaluation.ModelError as exc:
        raise ValueError(str(exc)) from None
    return f"the learned evaluation ({model.kind}; the solitaire's: {solitaire.kind})"


if TYPE_CHECKING:  # mypy checks the facade and its actions against the game contract
    from se4x_core.game import Game
    from se4x_core.gamekit.contract import GameClass

    _CONTRACT: GameClass = Game
