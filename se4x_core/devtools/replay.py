"""``se4x replay FILE``: replay a saved game and check it ends where it says.

A replay file is a save (:meth:`se4x_core.game.Game.to_json`): the config,
the action list and the final state.  Replaying the actions from the config
must give that state bit for bit; anything else means the file was damaged
or the engine changed its rules.  Exit status: 0 verified, 2 for a file that
is not a save or does not agree with its own actions (like every subcommand's
bad input).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from se4x_core.game import Game, SaveFormatError


def verify_file(path: Path) -> Game:
    """Load, replay and compare; raises SaveFormatError or OSError."""
    return Game.from_json(path.read_bytes(), verify=True)


def main(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        game = verify_file(path)
    except OSError as exc:
        print(f"se4x replay: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except SaveFormatError as exc:  # not a save, or one its own actions contradict
        print(f"se4x replay: {path}: {exc}", file=sys.stderr)
        return 2
    summary = {"file": str(path), "actions": len(game.actions),
               "round": game.observation(0)["round"], "phase": game.phase,
               "winner": game.winner, "verified": True}
    if args.json:
        print(json.dumps(summary))
    else:
        winner = "no winner yet" if game.winner is None else f"player {game.winner} won"
        print(f"{path}: {summary['actions']} actions replayed to round {summary['round']} "
              f"({game.phase}, {winner}); the final state matches the file")
    return 0
