"""Golden playthroughs: a seeded game between bots, written out action by action.

After OpenSpiel's playthrough files: a whole game pinned down by a text.
Each action taken is one line (its number, the player, the action in
readable form and a short digest of the whole state after it), then each
Economic Phase's CP, income, fleet and technology per empire, the result,
and a digest of every action code taken.  Any change in a rule, a die roll
or the bots' choices changes the text; :func:`first_divergence` names the
first action where a game no longer follows its golden file (and what the
file expected there), so a failing test points at the rule that changed.

Golden files in the tests catch unintended changes; an intended change
regenerates them (``SE4X_REGEN_GOLDEN=1 python -m pytest tests/core/test_golden.py``
or ``python -m se4x_core.devtools.golden PLAYERS SEED > FILE``).

>>> lines = playthrough(2, 7, max_rounds=1).splitlines()
>>> lines[0], lines[1].split()[:3]
('players 2 seed 7 board 2p-small', ['1', 'p0', 'place_homeworld(hex=4)'])
"""

from __future__ import annotations

import hashlib
import random
import sys
from array import array
from typing import Any

from se4x_core.actions import Action
from se4x_core.ai.bot import ask
from se4x_core.ai.heuristic_bot import choose_heuristic
from se4x_core.ai.random_bot import choose_aggressive
from se4x_core.ai.registry import make_bot
from se4x_core.devtools.contract import advanced_actions
from se4x_core.game import Game
from se4x_core.rules.state import State

# How often the random players take an advanced rule set's action when one is legal
# (as in self-play), so that an advanced playthrough builds and uses the new units.
ADVANCED_SHARE = 0.4
DIGEST_CHARS = 12  # hex digits of a state's digest on each action line


def state_digest(state: State) -> str:
    """A short digest of the whole state (scalars and every field), the same on any
    machine: the fields' 16-bit values are hashed little-endian."""
    words = array("h", state.buffer_bytes())
    if sys.byteorder == "big":
        words.byteswap()
    digest = hashlib.sha256(repr(state.scalars()).encode())
    digest.update(words.tobytes())
    return digest.hexdigest()[:DIGEST_CHARS]


def golden_config(players: int, seed: int, max_rounds: int = 40,
                  advanced: list[str] | None = None,
                  aliens: dict[str, Any] | None = None) -> dict[str, Any]:
    """The config of a golden game: the small board with two players, else the standard."""
    config: dict[str, Any] = {"players": players, "seed": seed, "max_rounds": max_rounds,
                              "board": "small" if players == 2 else "standard"}
    if advanced:
        config["advanced"] = advanced
    if aliens is not None:
        config["aliens"] = aliens  # its players: 1 + the aliens (a mismatch is refused)
    return config


def playthrough(players: int, seed: int, max_rounds: int = 40,
                advanced: list[str] | None = None,
                aliens: dict[str, Any] | None = None, first: str = "heuristic") -> str:
    """The golden text of one seeded game: the bot ``first`` at seat 0 (the heuristic
    bot, or a registry name such as ``"rule"``), random players leaning toward the
    enemy at the others (the alien bot at an alien seat)."""
    config = golden_config(players, seed, max_rounds, advanced, aliens)
    game = Game.new_game(config)
    state = game.state
    rnd = random.Random(seed)
    aliens_bot = make_bot("alien", seed) if aliens is not None else None
    first_bot = make_bot(first, seed) if first != "heuristic" else None
    digest = hashlib.sha256()
    lines = [_header(game, seed, first)]
    actions = 0
    while not game.is_over:
        player = game.current_player
        legal = game.legal_codes()
        seen = game.observation(player)
        if aliens_bot is not None and player > 0:
            code = ask(aliens_bot, game, player).code
        elif player == 0 and first_bot is not None:
            code = ask(first_bot, game, player).code
        elif player == 0:  # the first golden files' heuristic player, drawing from rnd
            code = choose_heuristic(seen, legal, rnd)
        else:
            code = _random_player(game, seen, legal, rnd)
        digest.update(code.to_bytes(4, "little"))
        game.apply(code)
        actions += 1
        lines.append(f"{actions} p{player} {Action.from_code(code)} {state_digest(state)}")
    for phase, row in enumerate(game.history, start=1):
        cells = "  ".join(f"p{p}: cp {r['cp']:3d} inc {r['income']:3d} fleet {r['fleet']:2d} "
                          f"tech {r['tech']:2d}" for p, r in enumerate(row))
        lines.append(f"phase {phase:2d}  {cells}")
    lines.append(f"winner {state.winner} round {state.round}")
    lines.append(f"actions {actions} digest {digest.hexdigest()}")
    return "\n".join(lines) + "\n"


def _header(game: Game, seed: int, first: str) -> str:
    """The first line; the basic game's is what the first golden files said."""
    config = game.config
    line = f"players {config['players']} seed {seed} board {game.state.board_name}"
    if first != "heuristic":
        line += f" first {first}"
    if config["advanced"]:
        line += f" advanced {','.join(config['advanced'])}"
    if config["aliens"] is not None:
        line += f" aliens {config['aliens']['difficulty']}"
    return line


def _random_player(game: Game, seen: Any, legal: list[int], rnd: random.Random) -> int:
    """Self-play's random player; with advanced rule sets it often takes their actions
    (the basic game draws exactly what the first golden files drew)."""
    if game.config["advanced"]:
        wanted = advanced_actions(legal)
        if wanted and rnd.random() < ADVANCED_SHARE:
            return rnd.choice(wanted)
    return choose_aggressive(seen, legal, rnd)


def first_divergence(expected: str, actual: str) -> str | None:
    """Where ``actual`` stops following ``expected``, in a sentence; None if they agree.

    The first differing line, named by its action when it is an action line:
    the action and digest the golden file expected there and what the game did.
    """
    want, got = expected.splitlines(), actual.splitlines()
    for index, (w, g) in enumerate(zip(want, got, strict=False)):
        if w != g:
            return _difference(index, w, g, want)
    if len(want) != len(got):
        longer, which = (want, "expected") if len(want) > len(got) else (got, "got")
        return f"line {min(len(want), len(got)) + 1}: only the {which} text goes on: " \
               f"{longer[min(len(want), len(got))]!r}"
    return None


def _difference(index: int, want: str, got: str, lines: list[str]) -> str:
    """A sentence about the first differing line (``index``) of the golden ``lines``."""
    if not _is_action_line(want):
        return f"line {index + 1} differs: expected {want!r}, got {got!r}"
    number = want.split(" ", 1)[0]
    if want.rsplit(" ", 1)[0] == got.rsplit(" ", 1)[0]:
        what = "the same action left another state (a rule or a die roll changed)"
    else:
        what = "another action was taken"
    return (f"the game diverged at action {number}: {what}: expected {want!r}, got {got!r} "
            f"(the line before: {lines[index - 1]!r})")


def _is_action_line(line: str) -> bool:
    first = line.split(" ", 1)[0]
    return first.isdigit()


if __name__ == "__main__":
    sys.stdout.write(playthrough(int(sys.argv[1]), int(sys.argv[2])))
