"""``se4x replay FILE``: replay a saved game and check it ends where it says.

A replay file is a save of any registered game (its facade's ``to_json``; ``--game``
names the game, else the save's format does): the config, the action list and the final
state.  Replaying the actions from the config
must give that state bit for bit; anything else means the file was damaged
or the engine changed its rules.  Exit status: 0 verified, 2 for a file that
is not a save or does not agree with its own actions (like every subcommand's
bad input).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from se4x_core.errors import SaveFormatError
from se4x_core.gamekit import registry
from se4x_core.gamekit.contract import Facade

PROGRESS_KEYS = ("round", "age", "turn")  # how far a game went, where its observation says


def verify_file(path: Path, game: str | None = None) -> Facade:
    """Load, replay and compare with the facade of ``game`` (its record; None: the one the
    save's format names); raises SaveFormatError or OSError."""
    text = path.read_bytes()
    name = game or registry.name_of_save(text) or registry.default().name
    return registry.game_class(name).from_json(text, True)


def _where(observation: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """How far the game went, for the summary (its round, or its age and turn)."""
    where = {key: observation[key] for key in PROGRESS_KEYS if key in observation}
    return where, ", ".join(f"{key} {value}" for key, value in where.items()) or "its end"


def main(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        game = verify_file(path, getattr(args, "game", None))
    except OSError as exc:
        print(f"se4x replay: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except SaveFormatError as exc:  # not a save, or one its own actions contradict
        print(f"se4x replay: {path}: {exc}", file=sys.stderr)
        return 2
    where, words = _where(game.observation(0))
    summary = {"file": str(path), "actions": len(game.action_codes), **where,
               "phase": game.phase, "winner": game.winner, "verified": True}
    if args.json:
        print(json.dumps(summary))
    else:
        winner = "no winner yet" if game.winner is None else f"player {game.winner} won"
        print(f"{path}: {summary['actions']} actions replayed to {words} "
              f"({game.phase}, {winner}); the final state matches the file")
    return 0
