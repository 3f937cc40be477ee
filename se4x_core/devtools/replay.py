"""``se4x replay FILE``: replay a saved game and check it ends where it says.

A replay file is a save (:meth:`se4x_core.game.Game.to_json`, or with
``--game sp4x`` SP4X's :meth:`se4x_core.games.sp4x.game.Game.to_json`): the config,
the action list and the final state.  Replaying the actions from the config
must give that state bit for bit; anything else means the file was damaged
or the engine changed its rules.  Exit status: 0 verified, 2 for a file that
is not a save or does not agree with its own actions (like every subcommand's
bad input).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

from se4x_core.errors import SaveFormatError
from se4x_core.games import GAMES


def verify_file(path: Path, game: str = "se4x") -> Any:
    """Load, replay and compare with the facade of ``game`` (se4x_core.games.GAMES);
    raises SaveFormatError or OSError."""
    facade = importlib.import_module(GAMES[game]).Game
    return facade.from_json(path.read_bytes(), verify=True)


def _where(observation: Any) -> tuple[dict[str, Any], str]:
    """How far the game went, for the summary: the round (Space Empires) or the age and
    the turn (SP4X)."""
    if "round" in observation:
        return {"round": observation["round"]}, f"round {observation['round']}"
    return ({"age": observation["age"], "turn": observation["turn"]},
            f"age {observation['age']}, turn {observation['turn']}")


def main(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        game = verify_file(path, getattr(args, "game", None) or "se4x")
    except OSError as exc:
        print(f"se4x replay: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except SaveFormatError as exc:  # not a save, or one its own actions contradict
        print(f"se4x replay: {path}: {exc}", file=sys.stderr)
        return 2
    where, words = _where(game.observation(0))
    summary = {"file": str(path), "actions": len(game.actions), **where,
               "phase": game.phase, "winner": game.winner, "verified": True}
    if args.json:
        print(json.dumps(summary))
    else:
        winner = "no winner yet" if game.winner is None else f"player {game.winner} won"
        print(f"{path}: {summary['actions']} actions replayed to {words} "
              f"({game.phase}, {winner}); the final state matches the file")
    return 0
