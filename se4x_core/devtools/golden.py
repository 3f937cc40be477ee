"""Golden playthroughs: a seeded game between bots, summarised as text.

After OpenSpiel's playthrough files: a whole game pinned down by a short
text (each Economic Phase's CP, income, fleet and technology per empire,
then the result and a digest of every action taken).  Any change in a rule,
a die roll or the bots' choices changes the text, so a golden file in the
tests catches unintended changes; an intended change regenerates it with
``python -m se4x_core.devtools.golden PLAYERS SEED > FILE``.
"""

from __future__ import annotations

import hashlib
import random
import sys

from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.game import Game


def playthrough(players: int, seed: int, max_rounds: int = 40) -> str:
    """The golden text of one seeded game (heuristic bot vs random players)."""
    game = Game.new_game({"players": players, "seed": seed, "max_rounds": max_rounds,
                          "board": "small" if players == 2 else "standard"})
    state = game.state
    rnd = random.Random(seed)
    digest = hashlib.sha256()
    lines = [f"players {players} seed {seed} board {state.board_name}"]
    actions = 0
    while not game.is_over:
        legal = game.legal_codes()
        seen = game.observation(game.current_player)
        if state.current_player == 0:
            code = choose_heuristic(seen, legal, rnd)
        else:
            code = choose_aggressive(seen, legal, rnd)
        digest.update(code.to_bytes(4, "little"))
        game.apply(code)
        actions += 1
    for phase, row in enumerate(game.history, start=1):
        cells = "  ".join(f"p{p}: cp {r['cp']:3d} inc {r['income']:3d} fleet {r['fleet']:2d} "
                          f"tech {r['tech']:2d}" for p, r in enumerate(row))
        lines.append(f"phase {phase:2d}  {cells}")
    lines.append(f"winner {state.winner} round {state.round}")
    lines.append(f"actions {actions} digest {digest.hexdigest()}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(playthrough(int(sys.argv[1]), int(sys.argv[2])))
